import torch

@torch.compile
def f(x, i):
    return x[i] * 2  # traced

x = torch.arange(12.).reshape(4, 3)
print(f(x, torch.tensor([3, -1, 0])))
print(f(x, torch.tensor([[1, 2], [0, 0]])))
print(x[[0, 2]])

# expected output:
# tensor([[18., 20., 22.],
#         [18., 20., 22.],
#         [ 0.,  2.,  4.]])
# tensor([[[ 6.,  8., 10.],
#          [12., 14., 16.]],
#
#         [[ 0.,  2.,  4.],
#          [ 0.,  2.,  4.]]])
# tensor([[0., 1., 2.],
#         [6., 7., 8.]])
