import torch
import torch.nn.functional as F

logits = torch.zeros(2, 3)
print(F.cross_entropy(logits, torch.tensor([0, 3])))

# expected output:
# expected error: IndexError: Target 3 is out of bounds.
# expected error line: 5
