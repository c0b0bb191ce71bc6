import torch

# Item assignment and in-place updates stay in the graph, as in Dynamo
# (operator.setitem and call_method add_ nodes): the update of a view
# reaches its base, every alias sees it, and the update of a graph input
# is written back to the caller's tensor.


@torch.compile
def f(x):
    y = x * 3  # traced
    y[1] = 4.0  # traced
    y.sub_(1)  # traced
    z = y[:3]  # traced
    z.div_(2)  # traced
    x.mul_(2)  # traced
    return y  # traced


@torch.compile
def g(a):
    y = a.clone()  # traced
    y[:, 1] = torch.tensor([7.0, 8.0, 9.0])  # traced
    y[0, :] = 0  # traced
    y[1:3, ::2] = -1  # traced
    y[..., 0] += 100  # traced
    return y  # traced


@torch.compile
def h(x):
    t = x.t()  # traced
    r = t[1]  # traced
    x.mul_(2)  # traced
    r.add_(10)  # traced
    return t, r  # traced


@torch.compile
def k(x, m):
    y = x + 0  # traced
    y[m] = 0.5  # traced
    y[y > 3] = -1  # traced
    return y  # traced


@torch.compile
def v(x):
    y = x.clone()  # traced
    w = y.view(2, 3)  # traced
    w[1, 1:] = 42  # traced
    u = y.unsqueeze(0)  # traced
    u.clamp_(max=10)  # traced
    y.relu_()  # traced
    return y, w, u  # traced


@torch.compile
def n(x):
    y = torch.zeros(3, 3, dtype=torch.int64)  # traced
    y[1] = x  # traced
    y[2, 2] = 3.7  # traced
    y.zero_()[0].fill_(4)  # traced
    return y  # traced


@torch.compile
def s(x):
    x[1] = 9  # traced
    x[::2].sub_(1)  # traced
    return x.sum()  # traced


@torch.compile
def r(x):
    w = x[0:2]  # traced
    x.add_(1)  # traced
    return w  # traced


x = torch.ones(4)
print(f(x), x)
w = r(x)
w.mul_(10)  # the view returned shares the input's memory
print(w, x)
print(g(torch.arange(12.0).reshape(3, 4)))
a = torch.arange(6.0).reshape(2, 3)
print(h(a))
print(a)
print(k(torch.arange(6.0), torch.tensor([True, False, True, False, False, False])))
print(v(torch.arange(6.0) - 2))
print(n(torch.tensor([1, 2, 3])))
b = torch.ones(5)
print(s(b), b)

# expected output:
# tensor([1.0000, 1.5000, 1.0000, 2.0000]) tensor([2., 2., 2., 2.])
# tensor([30., 30.]) tensor([30., 30.,  3.,  3.])
# tensor([[100.,   0.,   0.,   0.],
#         [ 99.,   8.,  -1.,   7.],
#         [ 99.,   9.,  -1.,  11.]])
# (tensor([[ 0.,  6.],
#         [12., 18.],
#         [ 4., 10.]]), tensor([12., 18.]))
# tensor([[ 0., 12.,  4.],
#         [ 6., 18., 10.]])
# tensor([ 0.5000,  1.0000,  0.5000,  3.0000, -1.0000, -1.0000])
# (tensor([ 0.,  0.,  0.,  1., 10., 10.]), tensor([[ 0.,  0.,  0.],
#         [ 1., 10., 10.]]), tensor([[ 0.,  0.,  0.,  1., 10., 10.]]))
# tensor([[4, 4, 4],
#         [0, 0, 0],
#         [0, 0, 0]])
# tensor(10.) tensor([0., 9., 0., 1., 0.])
# expected explain: graph_count=8 graph_break_count=0
