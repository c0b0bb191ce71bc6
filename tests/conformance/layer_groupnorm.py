import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(24.).reshape(2, 4, 3)
gn = nn.GroupNorm(2, 4)

@torch.compile
def f(x):
    return gn(x)

print(f(x))
print(F.group_norm(x, 1, torch.tensor([1., 2., 3., 4.]), torch.tensor([0., 0., 1., 1.])))
print(F.group_norm(x, 3))

# expected output:
# tensor([[[-1.4638, -0.8783, -0.2928],
#          [ 0.2928,  0.8783,  1.4638],
#          [-1.4638, -0.8783, -0.2928],
#          [ 0.2928,  0.8783,  1.4638]],
#
#         [[-1.4638, -0.8783, -0.2928],
#          [ 0.2928,  0.8783,  1.4638],
#          [-1.4638, -0.8783, -0.2928],
#          [ 0.2928,  0.8783,  1.4638]]], grad_fn=<CompiledFunctionBackward>)
# tensor([[[-1.5933, -1.3036, -1.0139],
#          [-1.4484, -0.8690, -0.2897],
#          [ 1.4345,  2.3036,  3.1726],
#          [ 5.0556,  6.2143,  7.3730]],
#
#         [[-1.5933, -1.3036, -1.0139],
#          [-1.4484, -0.8690, -0.2897],
#          [ 1.4345,  2.3036,  3.1726],
#          [ 5.0556,  6.2143,  7.3730]]])
# expected error: RuntimeError: Expected number of channels in input to be divisible by num_groups, but got input of shape [2, 4, 3] and num_groups=3
# expected error line: 14
