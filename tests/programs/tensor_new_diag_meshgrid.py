# new_zeros / new_ones / new_full / new_tensor (the receiver's dtype
# unless dtype= is given), unbind, outer, diag (1-d -> matrix with an
# offset, 2-d -> its diagonal), diagonal (a view: writing through it
# writes the matrix), trace, meshgrid (indexing 'ij' and 'xy'); eagerly
# and traced in one graph. Expected values by hand from the definitions
# in PyTorch's docs (torch.diag, torch.meshgrid examples).
import torch

m = torch.tensor([[1.0, -2.0], [3.0, 4.0]])
i = torch.tensor([1, 2])

@torch.compile
def shapes(m, i):
    a = m.new_zeros(2, 3)  # traced
    b = m.new_full((2,), 7)  # traced
    c = i.new_ones((2,), dtype=torch.float64)  # traced
    d = m.new_tensor([1, 2])  # traced
    u0, u1 = m.unbind(1)  # traced
    o = torch.outer(i, torch.tensor([1, 2, 3]))  # traced
    return a, b, c, d, u0, u1, o

@torch.compile
def diags(m, i):
    return torch.diag(i), torch.diag(i, 1), torch.diag(i, -1), torch.diag(m), m.diagonal(offset=1), torch.trace(m)  # traced

@torch.compile
def grid(x, y):
    gx, gy = torch.meshgrid(x, y, indexing="ij")  # traced
    hx, hy = torch.meshgrid([x, y], indexing="xy")  # traced
    return gx, gy, hx, hy

for r in shapes(m, i):
    print(r)
for r in diags(m, i):
    print(r)
for r in grid(torch.tensor([1, 2, 3]), torch.tensor([4, 5])):
    print(r)
z = torch.zeros(3, 3)
z.diagonal().fill_(5.0)
print(z)
print(torch.diagonal(torch.arange(8).reshape(2, 2, 2), 0, 1, 2))
print(torch.trace(torch.arange(9).reshape(3, 3)))

# expected output:
# tensor([[0., 0., 0.],
#         [0., 0., 0.]])
# tensor([7., 7.])
# tensor([1., 1.], dtype=torch.float64)
# tensor([1., 2.])
# tensor([1., 3.])
# tensor([-2.,  4.])
# tensor([[1, 2, 3],
#         [2, 4, 6]])
# tensor([[1, 0],
#         [0, 2]])
# tensor([[0, 1, 0],
#         [0, 0, 2],
#         [0, 0, 0]])
# tensor([[0, 0, 0],
#         [1, 0, 0],
#         [0, 2, 0]])
# tensor([1., 4.])
# tensor([-2.])
# tensor(5.)
# tensor([[1, 1],
#         [2, 2],
#         [3, 3]])
# tensor([[4, 5],
#         [4, 5],
#         [4, 5]])
# tensor([[1, 2, 3],
#         [1, 2, 3]])
# tensor([[4, 4, 4],
#         [5, 5, 5]])
# tensor([[5., 0., 0.],
#         [0., 5., 0.],
#         [0., 0., 5.]])
# tensor([[0, 3],
#         [4, 7]])
# tensor(12)
# expected explain: graph_count=3 graph_break_count=0
