# marks: subset
# Tensor._version, PyTorch's version counter (c10::VariableVersion): one
# counter shared by a tensor, its views and x.detach(), starting at 0 and
# advanced by one by every in-place write (in-place methods, augmented
# assignment, item assignment whatever it selects, the random fills);
# x.data is x's memory with a counter of its own (variable_data() makes a
# new VariableVersion), and `param.data = new` (Module.double()) keeps
# param's. A layer's parameters start at 1: reset_parameters writes them
# in place (nn.init.kaiming_uniform_, ones_, zeros_, ...). A compiled
# function gives its inputs and results the versions the eager run gives
# (Dynamo's eager backends run the graph's in-place ops: one step each),
# and reading x._version inside it reads the version at that point.
import torch

x = torch.randn(1, 2)
print(x._version)
x.add_(1).add_(1)
print(x._version)
xz = x[:]
xz.add_(1)
print(x._version, xz._version)
d = x.detach()
d.mul_(2)
print(x._version, d._version)
dd = x.data
print(dd._version)
dd.add_(1)
print(x._version, dd._version)
x += 1
x[0] = 3.0
x[x > 100] = 1.0  # selects nothing: still one index_put_
print(x._version)
x.fill_(0)
x.zero_()
x.copy_(torch.ones(1, 2))
x.clamp_(0, 1)
x.relu_()
x.uniform_()
print(x._version, (x + 1)._version, x.clone()._version)
w = torch.randn(16).fill_(0).fill_(1)  # PyTorch's test_unsafe_preserve_version_counter1
print(w._version)
p = torch.nn.Parameter(torch.randn(3))
p.data.add_(1)
print(p._version)
lin = torch.nn.Linear(3, 3)
print(lin.weight._version, lin.bias._version)
lin.double()
print(lin.weight._version)


def update(x, y):
    x.add_(1)
    x.mul_(2)
    y[0] = 5.0
    z = x * 3
    z.add_(1)
    z[1:].mul_(2)
    return z, x._version


cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(update, backend=cnt)
for i in range(3):
    xe, ye = torch.ones(4) + i, torch.zeros(4)
    ze, ve = update(xe, ye)
    xc, yc = torch.ones(4) + i, torch.zeros(4)
    zc, vc = opt(xc, yc)
    print(xe._version, xc._version, ye._version, yc._version, ze._version, zc._version, ve, vc)
    print(torch.allclose(ze, zc), torch.allclose(xe, xc), torch.allclose(ye, yc))
print(cnt.frame_count)


def read_version(w, x):
    v = w._version  # traced
    w.copy_(x.sin() + 1)
    return w._version - v


opt2 = torch.compile(read_version, backend=cnt)
w = torch.zeros(4)
for i in range(3):
    print(opt2(w, torch.ones(4)), w._version)
    w.add_(1)  # a write between calls: the next call reads the new value
print(cnt.frame_count)

# expected output:
# 0
# 2
# 3 3
# 4 4
# 0
# 4 1
# 7
# 13 0 0
# 2
# 0
# 1 1
# 1
# 2 2 1 1 2 2 2 2
# True True True
# 2 2 1 1 2 2 2 2
# True True True
# 2 2 1 1 2 2 2 2
# True True True
# 1
# 1 1
# 1 3
# 1 5
# 2
