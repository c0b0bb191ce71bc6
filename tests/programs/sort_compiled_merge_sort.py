import torch

# Sorting inside compiled graphs: one argsort op per sort (a stable merge
# sort in the kernel, O(n log n)), so long rows compile and run; nan sorts
# as the largest value; equal values keep their order.

@torch.compile
def f(x, y, n):
    v, i = torch.sort(x * 1.0)  # traced
    d = torch.sort(y + 0.0, descending=True, stable=True)  # traced
    s = torch.argsort(n * 1, stable=True)  # traced
    sd = torch.argsort(n * 1, descending=True, stable=True)  # traced
    t = torch.topk(n.int() * 3 + torch.arange(5, dtype=torch.int32), 2)  # traced
    c = torch.sort(x.reshape(2, 3) * 2, dim=0)  # traced
    return v, i, d, s, sd, t, c  # traced

x = torch.tensor([5., 3., 0., 4., 1., 2.])
y = torch.tensor([1., float('nan'), -2., 7., 7., 0., float('nan'), 3., -1.])
n = torch.tensor([2, 1, 2, 1, 2])
v, i, d, s, sd, t, c = f(x, y, n)
print(v, i)
print(d)
print(s, sd)
print(t)
print(c)

@torch.compile
def long_rows(p):
    v, i = (p + 0).sort()  # traced
    return v, i  # traced

p = (torch.arange(50000) * 7919) % 50000
v, i = long_rows(p)
print(torch.equal(v, torch.arange(50000)), torch.equal(p[i], v))
e = torch.ones(3, 0)
print(long_rows(e)[0].shape, long_rows(torch.tensor([4]))[1])

# expected output:
# tensor([0., 1., 2., 3., 4., 5.]) tensor([2, 4, 5, 1, 3, 0])
# torch.return_types.sort(
# values=tensor([nan, nan,  7.,  7.,  3.,  1.,  0., -1., -2.]),
# indices=tensor([1, 6, 3, 4, 7, 0, 5, 8, 2]))
# tensor([1, 3, 0, 2, 4]) tensor([0, 2, 4, 1, 3])
# torch.return_types.topk(
# values=tensor([10,  8], dtype=torch.int32),
# indices=tensor([4, 2]))
# torch.return_types.sort(
# values=tensor([[ 8.,  2.,  0.],
#         [10.,  6.,  4.]]),
# indices=tensor([[1, 1, 0],
#         [0, 0, 1]]))
# True True
# torch.Size([3, 0]) tensor([0])
