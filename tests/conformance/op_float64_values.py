import torch

x = torch.tensor([1.5, 2.25, -0.5], dtype=torch.float64)
print(x.dtype, x.sum(), x.mean(), x.prod(), x.amax(), x.argmin())
print(x.sum().item(), x.mean().item(), x.tolist())
print(torch.tensor(0.1, dtype=torch.float64).item(), torch.tensor(0.1).item())
y = torch.tensor([1, 2, 3]).double()
print(y / 3, (y / 3)[0].item())
print(torch.zeros(2, dtype=torch.double), torch.full((2,), 2.5, dtype=torch.float64))
print(torch.ones(1, dtype=torch.float64).dtype, torch.empty(0, dtype=torch.float64).dtype)
print(torch.arange(4, dtype=torch.float64).sqrt())
print(torch.exp(torch.tensor([1.0], dtype=torch.float64)).item())
print(torch.sqrt(torch.tensor([2.0], dtype=torch.float64)).item())
big = torch.tensor([16777217.0], dtype=torch.float64)
print(big.item(), (big + 1).item(), big.float().item())
print(torch.tensor(1e300, dtype=torch.float64) * 10, torch.tensor(1e300, dtype=torch.float64).float())
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)
print(m @ m, (m @ m).dtype)
print(torch.softmax(torch.tensor([0.0, 1.0], dtype=torch.float64), 0).dtype)

# expected (hand)
# expected output:
# torch.float64 tensor(3.2500, dtype=torch.float64) tensor(1.0833, dtype=torch.float64) tensor(-1.6875, dtype=torch.float64) tensor(2.2500, dtype=torch.float64) tensor(2)
# 3.25 1.0833333333333333 [1.5, 2.25, -0.5]
# 0.1 0.10000000149011612
# tensor([0.3333, 0.6667, 1.0000], dtype=torch.float64) 0.3333333333333333
# tensor([0., 0.], dtype=torch.float64) tensor([2.5000, 2.5000], dtype=torch.float64)
# torch.float64 torch.float64
# tensor([0.0000, 1.0000, 1.4142, 1.7321], dtype=torch.float64)
# 2.718281828459045
# 1.4142135623730951
# 16777217.0 16777218.0 16777216.0
# tensor(1.0000e+301, dtype=torch.float64) tensor(inf)
# tensor([[ 7., 10.],
#         [15., 22.]], dtype=torch.float64) torch.float64
# torch.float64
