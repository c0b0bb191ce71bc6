import torch
import torch.nn.functional as F

print(F.embedding(torch.tensor([0.0, 1.0]), torch.ones(4, 2)))

# expected output:
# expected error: RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)
# expected error line: 4
