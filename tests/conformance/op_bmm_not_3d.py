import torch

a = torch.ones(2, 3)
b = torch.ones(2, 3, 4)
print(torch.bmm(a, b))

# expected output:
# expected error: RuntimeError: batch1 must be a 3D tensor
# expected error line: 5
