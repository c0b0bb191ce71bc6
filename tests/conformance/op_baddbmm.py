import torch

inp = torch.full((2, 2, 2), 1.5)
b1 = torch.arange(8.).reshape(2, 2, 2)
b2 = torch.ones(2, 2, 2)
print(torch.baddbmm(inp, b1, b2))
print(torch.baddbmm(inp, b1, b2, beta=0.5, alpha=2))
print(torch.baddbmm(inp, b1, b2, beta=0))

# expected output:
# tensor([[[ 2.5000,  2.5000],
#          [ 6.5000,  6.5000]],
#
#         [[10.5000, 10.5000],
#          [14.5000, 14.5000]]])
# tensor([[[ 2.7500,  2.7500],
#          [10.7500, 10.7500]],
#
#         [[18.7500, 18.7500],
#          [26.7500, 26.7500]]])
# tensor([[[ 1.,  1.],
#          [ 5.,  5.]],
#
#         [[ 9.,  9.],
#          [13., 13.]]])
