import torch

@torch.compile
def f(z, idx, src):
    return z.scatter(0, idx, src), torch.scatter_add(z, 0, idx, src)

z = torch.zeros(3, 4)
idx = torch.tensor([[0, 1, 2, 0], [2, 0, 0, 1]])
src = torch.arange(1., 9.).reshape(2, 4)
a, b = f(z, idx, src)
print(a)
print(b)
print(torch.zeros(2, 3).scatter(1, torch.tensor([[2], [0]]), 7.0))
print(torch.ones(5, dtype=torch.int64).scatter_add(0, torch.tensor([4, 4, 0]), torch.tensor([1, 2, 3])))

# expected output:
# tensor([[1., 6., 7., 4.],
#         [0., 2., 0., 8.],
#         [5., 0., 3., 0.]])
# tensor([[1., 6., 7., 4.],
#         [0., 2., 0., 8.],
#         [5., 0., 3., 0.]])
# tensor([[0., 0., 7.],
#         [7., 0., 0.]])
# tensor([4, 1, 1, 1, 4])
