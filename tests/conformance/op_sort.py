import torch

x = torch.tensor([[3., 1., 2., 1.], [float('nan'), -1., 5., 0.]])

@torch.compile
def f(x):
    return x.sort(dim=1).values, torch.argsort(x, dim=1, descending=True)

v, i = f(x)
print(v)
print(i)
print(torch.sort(x, descending=True))
print(torch.tensor([3, 1, 2]).sort())
print(torch.argsort(torch.tensor([[1, 0], [0, 1]]), dim=0))

# expected output:
# tensor([[ 1.,  1.,  2.,  3.],
#         [-1.,  0.,  5., nan]])
# tensor([[0, 2, 1, 3],
#         [0, 2, 3, 1]])
# torch.return_types.sort(
# values=tensor([[ 3.,  2.,  1.,  1.],
#         [nan,  5.,  0., -1.]]),
# indices=tensor([[0, 2, 1, 3],
#         [0, 2, 3, 1]]))
# torch.return_types.sort(
# values=tensor([1, 2, 3]),
# indices=tensor([1, 2, 0]))
# tensor([[1, 0],
#         [0, 1]])
