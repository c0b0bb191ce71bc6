import torch

@torch.compile
def f(x, m):
    return x.masked_fill(m, -1.0), torch.masked_fill(x, x > 2, 0.0)

x = torch.arange(6.).reshape(2, 3)
m = torch.tensor([[True, False, False], [False, False, True]])
a, b = f(x, m)
print(a)
print(b)
i = torch.tensor([1, 2, 3])
print(i.masked_fill(i == 2, 2.7))
print(x.masked_fill(torch.tensor([True, False, True]), 9.5))

# expected output:
# tensor([[-1.,  1.,  2.],
#         [ 3.,  4., -1.]])
# tensor([[0., 1., 2.],
#         [0., 0., 0.]])
# tensor([1, 2, 3])
# tensor([[9.5000, 1.0000, 9.5000],
#         [9.5000, 4.0000, 9.5000]])
