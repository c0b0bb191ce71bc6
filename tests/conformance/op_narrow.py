import torch

x = torch.arange(12).reshape(3, 4)
print(x.narrow(0, 1, 2))
print(torch.narrow(x, 1, -2, 2))
print(x.narrow(1, 3, 2))

# expected output:
# tensor([[ 4,  5,  6,  7],
#         [ 8,  9, 10, 11]])
# tensor([[ 2,  3],
#         [ 6,  7],
#         [10, 11]])
# expected error: RuntimeError: start (3) + length (2) exceeds dimension size (4).
# expected error line: 6
