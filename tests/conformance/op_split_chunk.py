import torch

x = torch.arange(10)
print(x.split(4))
print(torch.split(x, [3, 7]))
print(x.chunk(3))
print(torch.arange(12.).reshape(3, 4).chunk(2, dim=1))

@torch.compile
def f(x):
    a, b = x.split(2, dim=1)
    return a * 10 + b

print(f(torch.arange(8.).reshape(2, 4)))
print(torch.split(x, [3, 8]))

# expected output:
# (tensor([0, 1, 2, 3]), tensor([4, 5, 6, 7]), tensor([8, 9]))
# (tensor([0, 1, 2]), tensor([3, 4, 5, 6, 7, 8, 9]))
# (tensor([0, 1, 2, 3]), tensor([4, 5, 6, 7]), tensor([8, 9]))
# (tensor([[0., 1.],
#         [4., 5.],
#         [8., 9.]]), tensor([[ 2.,  3.],
#         [ 6.,  7.],
#         [10., 11.]]))
# tensor([[ 2., 13.],
#         [46., 57.]])
# expected error: RuntimeError: split_with_sizes expects split_sizes to sum exactly to 10 (input tensor's size at dimension 0), but got split_sizes=[3, 8]
# expected error line: 15
