import torch
import torch.nn as nn

# A seeded program draws the numbers PyTorch draws: torch's CPU generator
# (mt19937) and its distributions, so these are the values every PyTorch
# user has seen after torch.manual_seed(0).
torch.manual_seed(0)
print(torch.initial_seed())
print(torch.rand(3))
torch.manual_seed(0)
print(torch.randn(2, 3))
torch.manual_seed(0)
print(torch.randn(4, 4))
torch.manual_seed(0)
print(torch.randint(0, 10, (5,)))
torch.manual_seed(0)
lin = nn.Linear(2, 1)
print(lin.weight.data, lin.bias.data)

# torch.randperm (randperm_cpu's swaps), the in-place fills, torch.normal,
# torch.bernoulli and torch.nn.init draw from the same generator.
torch.manual_seed(0)
print(torch.randperm(5))
torch.manual_seed(0)
print(torch.empty(3).uniform_(-1, 1))
torch.manual_seed(0)
print(torch.empty(3).normal_(), torch.normal(0.0, 1.0, size=(1,)))
torch.manual_seed(0)
print(torch.bernoulli(torch.full((4,), 0.5)))
torch.manual_seed(0)
w = torch.empty(2, 3)
print(nn.init.kaiming_uniform_(w, a=5 ** 0.5) is w, w)
print(nn.init.calculate_gain("relu"), nn.init.calculate_gain("leaky_relu", 0.2))
print(nn.init.zeros_(torch.ones(2)), nn.init.constant_(torch.zeros(2), 3))


@torch.compile
def f(x):
    return torch.relu(x) * 2  # traced


torch.manual_seed(0)
print(f(torch.randn(2, 3)))

# expected output:
# 0
# tensor([0.4963, 0.7682, 0.0885])
# tensor([[ 1.5410, -0.2934, -2.1788],
#         [ 0.5684, -1.0845, -1.3986]])
# tensor([[-1.1258, -1.1524, -0.2506, -0.4339],
#         [ 0.8487,  0.6920, -0.3160, -2.1152],
#         [ 0.3223, -1.2633,  0.3500,  0.3081],
#         [ 0.1198,  1.2377,  1.1168, -0.2473]])
# tensor([4, 9, 3, 0, 3])
# tensor([[-0.0053,  0.3793]]) tensor([-0.5820])
# tensor([4, 0, 1, 3, 2])
# tensor([-0.0075,  0.5364, -0.8230])
# tensor([ 1.5410, -0.2934, -2.1788]) tensor([0.5684])
# tensor([1., 0., 1., 1.])
# True tensor([[-0.0043,  0.3097, -0.4752],
#         [-0.4249, -0.2224,  0.1548]])
# 1.4142135623730951 1.3867504905630728
# tensor([0., 0.]) tensor([3., 3.])
# tensor([[3.0820, 0.0000, 0.0000],
#         [1.1369, 0.0000, 0.0000]])
# expected explain: graph_count=1 graph_break_count=0 op_count=2
