import torch

x = torch.tensor([[1, 2], [3, 4]])

@torch.compile
def f(x):
    return x.repeat(2, 3), x.roll(1, 1), torch.roll(x, 1), x.flip(0), torch.flip(x, [0, 1])

for t in f(x):
    print(t)
print(torch.tensor([1., 2.]).repeat(2, 1, 2))
print(x.roll((1, 1), (0, 1)))

# expected output:
# tensor([[1, 2, 1, 2, 1, 2],
#         [3, 4, 3, 4, 3, 4],
#         [1, 2, 1, 2, 1, 2],
#         [3, 4, 3, 4, 3, 4]])
# tensor([[2, 1],
#         [4, 3]])
# tensor([[4, 1],
#         [2, 3]])
# tensor([[3, 4],
#         [1, 2]])
# tensor([[4, 3],
#         [2, 1]])
# tensor([[[1., 2., 1., 2.]],
#
#         [[1., 2., 1., 2.]]])
# tensor([[4, 3],
#         [2, 1]])
