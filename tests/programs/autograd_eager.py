# Eager autograd as PyTorch 2.x prints and raises it. Values by hand:
# z = sum(x * x) at x = [1, 2]: z = 5, dz/dx = 2x = [2, 4]; a second
# backward (retain_graph) accumulates: [4, 8]. w = 3 * y with y = x + 1:
# dw.sum()/dy = [3, 3] (retained), dx = [3, 3].
import torch
import torch.nn as nn

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x.grad, x.is_leaf, x.grad_fn)
y = x * x
print(y)
z = y.sum()
print(z)
print(z.grad_fn.name(), y.is_leaf, z.requires_grad)
z.backward(retain_graph=True)
print(x.grad)
z.backward()
print(x.grad)
try:
    z.backward()
except RuntimeError as e:
    print(str(e)[:60])
x.grad.zero_()
print(x.grad)

# retain_grad, a gradient argument, a Python scalar
y = x + 1
y.retain_grad()
w = 3 * y
w.backward(torch.ones(2))
print(y.grad, x.grad)
print(w.grad_fn.name())

# torch.autograd.grad does not touch .grad
a = torch.tensor(3.0, requires_grad=True)
(g,) = torch.autograd.grad(a ** 2, a)
print(g, a.grad)
print(torch.autograd.grad((a * 2, a * 3), [a]))

# no_grad, detach, set_grad_enabled
with torch.no_grad():
    n = x * 2
print(n, n.requires_grad)
d = (x * 2).detach()
print(d, d.requires_grad, d.is_leaf)
with torch.set_grad_enabled(False):
    print((x + 1).requires_grad)
print((x + 1).requires_grad)

# factories and requires_grad_
o = torch.ones(2, 2, requires_grad=True)
print(o)
r = torch.zeros(3).requires_grad_()
print(r.requires_grad)
p = nn.Parameter(torch.tensor([0.5]))
print(p)
print(repr((p * 2).grad_fn).startswith("<MulBackward0 object at 0x"))
print(p.grad is None)

# errors
try:
    torch.tensor([1, 2]).requires_grad_()
except RuntimeError as e:
    print(e)
try:
    x.add_(1)
except RuntimeError as e:
    print(e)
try:
    torch.tensor([1.0]).sum().backward()
except RuntimeError as e:
    print(e)
try:
    (x * 2).backward()
except RuntimeError as e:
    print(e)
try:
    torch.autograd.grad((x * 2).sum(), [torch.ones(1, requires_grad=True)])
except RuntimeError as e:
    print(e)
try:
    (x * 2).sum().backward(torch.ones(3))
except RuntimeError as e:
    print(e)
v = x.exp()
v.mul_(2)
try:
    v.sum().backward()
except RuntimeError as e:
    print(str(e).split(", which")[0])

# expected output:
# tensor([1., 2.], requires_grad=True)
# None True None
# tensor([1., 4.], grad_fn=<MulBackward0>)
# tensor(5., grad_fn=<SumBackward0>)
# SumBackward0 False True
# tensor([2., 4.])
# tensor([4., 8.])
# Trying to backward through the graph a second time (or direc
# tensor([0., 0.])
# tensor([3., 3.]) tensor([3., 3.])
# MulBackward0
# tensor(6.) None
# (tensor(5.),)
# tensor([2., 4.]) False
# tensor([2., 4.]) False True
# False
# True
# tensor([[1., 1.],
#         [1., 1.]], requires_grad=True)
# True
# Parameter containing:
# tensor([0.5000], requires_grad=True)
# True
# True
# only Tensors of floating point and complex dtype can require gradients
# a leaf Variable that requires grad is being used in an in-place operation.
# element 0 of tensors does not require grad and does not have a grad_fn
# grad can be implicitly created only for scalar outputs
# One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.
# Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a shape of torch.Size([]).
# one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]]
