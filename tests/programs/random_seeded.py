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
# tensor([[3.0820, 0.0000, 0.0000],
#         [1.1369, 0.0000, 0.0000]])
# expected explain: graph_count=1 graph_break_count=0 op_count=2
