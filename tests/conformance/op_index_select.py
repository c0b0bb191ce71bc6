import torch

@torch.compile
def f(x, i):
    return x.index_select(0, i), torch.index_select(x, 1, i)

x = torch.arange(9.).reshape(3, 3)
a, b = f(x, torch.tensor([2, 0]))
print(a)
print(b)
print(x.index_select(1, torch.tensor([1, 1, 1], dtype=torch.int32)))

# expected output:
# tensor([[6., 7., 8.],
#         [0., 1., 2.]])
# tensor([[2., 0.],
#         [5., 3.],
#         [8., 6.]])
# tensor([[1., 1., 1.],
#         [4., 4., 4.],
#         [7., 7., 7.]])
