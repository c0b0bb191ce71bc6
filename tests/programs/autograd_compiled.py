# Autograd through torch.compile, as AOTAutograd shows it: a compiled
# call whose inputs require grad returns outputs with
# grad_fn=<CompiledFunctionBackward>; backward() through it gives eager's
# gradients (dynawasm re-runs the graph op by op to differentiate it).
# Expected values by hand:
# - d/dx sin(2x) = 2 cos(2x): at x = 1, 2 cos 2 = -0.8323;
# - nn.Linear(2, 1), w = [1, 2], b = 0.5, x = [[1, 1], [2, 0]], y = [0, 1]:
#   outputs 3.5 and 2.5, residuals r = [3.5, 1.5], MSE 7.25; dL/dout = r
#   (2r / 2), so grad w = 3.5 [1, 1] + 1.5 [2, 0] = [6.5, 3.5], grad b = 5;
#   one SGD step at lr 0.1: w = [0.35, 1.65], b = 0.
# - dropout: the backward reuses the forward's mask: x.grad is 2 where the
#   output kept x, 0 where it dropped it.
import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.compile
def f(x, y):
    return (x * 2).sin(), y + 1  # traced


x = torch.ones(3, requires_grad=True)
a, b = f(x, torch.zeros(2))
print(a)
print(b, b.requires_grad)
a.sum().backward()
print(x.grad)
try:
    a.sum().backward()
except RuntimeError as e:
    print(str(e).split(".")[0])
with torch.no_grad():
    print(f(x, torch.zeros(2))[0])

model = nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[1.0, 2.0]]))
    model.bias.fill_(0.5)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
cmodel = torch.compile(model)
inp = torch.tensor([[1.0, 1.0], [2.0, 0.0]])
target = torch.tensor([[0.0], [1.0]])
out = cmodel(inp)
print(out)
loss = F.mse_loss(out, target)
print(loss)
loss.backward()
print(model.weight.grad, model.bias.grad)
opt.step()
print(model.weight, model.bias)


@torch.compile
def drop(x):
    return F.dropout(x, 0.5, training=True)  # traced


torch.manual_seed(0)
x = torch.ones(64, requires_grad=True)
y = drop(x)
y.sum().backward()
print(torch.equal(x.grad, (y != 0).float() * 2), 0 < int((y == 0).sum()) < 64)

x = torch.ones(3, requires_grad=True)
z = f(x, torch.zeros(2))[0]
with torch.no_grad():
    x.mul_(2)
try:
    z.sum().backward()
except RuntimeError as e:
    print(str(e).split(":")[0])

# an input's requires_grad is guarded (TENSOR_MATCH): f compiled for x
# requiring grad (and again under no_grad: the grad mode is guarded too)
# compiles a third time for an x that does not
print(f(torch.ones(3), torch.zeros(2))[0])

# expected output:
# tensor([0.9093, 0.9093, 0.9093], grad_fn=<CompiledFunctionBackward>)
# tensor([1., 1.]) False
# tensor([-0.8323, -0.8323, -0.8323])
# Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed)
# tensor([0.9093, 0.9093, 0.9093])
# tensor([[3.5000],
#         [2.5000]], grad_fn=<CompiledFunctionBackward>)
# tensor(7.2500, grad_fn=<MseLossBackward0>)
# tensor([[6.5000, 3.5000]]) tensor([5.])
# Parameter containing:
# tensor([[0.3500, 1.6500]], requires_grad=True) Parameter containing:
# tensor([0.], requires_grad=True)
# True True
# one of the variables needed for gradient computation has been modified by an inplace operation
# tensor([0.9093, 0.9093, 0.9093])
# expected explain: graph_count=5 graph_break_count=0
