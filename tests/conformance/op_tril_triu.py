import torch

@torch.compile
def f(x):
    return x.tril(), torch.triu(x, 1), torch.tril(x, -1)

x = torch.arange(1., 13.).reshape(3, 4)
for t in f(x):
    print(t)
print(torch.ones(2, 2, 3, dtype=torch.int64).triu())
print(torch.ones(3, 3, dtype=torch.bool).tril())

# expected output:
# tensor([[ 1.,  0.,  0.,  0.],
#         [ 5.,  6.,  0.,  0.],
#         [ 9., 10., 11.,  0.]])
# tensor([[ 0.,  2.,  3.,  4.],
#         [ 0.,  0.,  7.,  8.],
#         [ 0.,  0.,  0., 12.]])
# tensor([[ 0.,  0.,  0.,  0.],
#         [ 5.,  0.,  0.,  0.],
#         [ 9., 10.,  0.,  0.]])
# tensor([[[1, 1, 1],
#          [0, 1, 1]],
#
#         [[1, 1, 1],
#          [0, 1, 1]]])
# tensor([[ True, False, False],
#         [ True,  True, False],
#         [ True,  True,  True]])
