# relu is clamp_min(x, 0) in PyTorch (aten/src/ATen/native/cpu/
# TensorCompareKernel.cpp: std::max(a, 0) and vec::clamp_min): nan stays
# nan and -0.0 stays -0.0, eagerly, in a compiled kernel (scalar and
# 4-lane code) and in a matmul epilogue.
import torch
import torch.nn.functional as F

x = torch.tensor([float("nan"), -0.0, -1.5, 2.0, 0.0, float("-inf"), float("inf")])

@torch.compile
def f(x):
    return torch.relu(x)  # traced

@torch.compile
def g(a, b):
    return F.relu(a @ b)  # traced

print(torch.relu(x))
print(f(x))
print(f(x[:3]))
print(f(torch.cat([x, x])))
a = torch.tensor([[1.0, 0.0], [float("nan"), 1.0], [-1.0, 0.0], [1.0, 1.0]])
b = torch.tensor([[-2.0, 1.0, 2.0, -3.0], [0.5, -1.0, 0.0, 4.0]])
print(g(a, b))
print(F.relu(a @ b))

# expected output:
# tensor([nan, -0., 0., 2., 0., 0., inf])
# tensor([nan, -0., 0., 2., 0., 0., inf])
# tensor([nan, -0., 0.])
# tensor([nan, -0., 0., 2., 0., 0., inf, nan, -0., 0., 2., 0., 0., inf])
# tensor([[0., 1., 2., 0.],
#         [nan, nan, nan, nan],
#         [2., 0., 0., 3.],
#         [0., 0., 2., 1.]])
# tensor([[0., 1., 2., 0.],
#         [nan, nan, nan, nan],
#         [2., 0., 0., 3.],
#         [0., 0., 2., 1.]])
