import torch
import torch.nn.functional as F

W = torch.ones(5, 3)
print(F.embedding_bag(torch.tensor([[0, 1]]), W, torch.tensor([0])))

# expected output:
# expected error: ValueError: if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type Tensor
# expected error line: 5
