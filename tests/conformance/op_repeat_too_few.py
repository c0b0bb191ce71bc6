import torch

x = torch.ones(2, 3)
print(x.repeat(2))

# expected output:
# expected error: RuntimeError: Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor
# expected error line: 4
