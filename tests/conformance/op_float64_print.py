import torch

print(torch.tensor([1.5, 2.0], dtype=torch.float64))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
print(torch.tensor(3.25, dtype=torch.float64))
print(torch.tensor([1e-5, 1.0], dtype=torch.float64))
print(torch.tensor([], dtype=torch.float64))
print(torch.zeros(2, 0, dtype=torch.float64))
print(torch.tensor([[1.25, -2.5], [float("nan"), float("inf")]], dtype=torch.float64))
print(torch.ones(2, 3, dtype=torch.float64))
print(repr(torch.float64), str(torch.double), [torch.float64])
print(f"{torch.tensor(2.5, dtype=torch.float64).item():.3f}", torch.tensor(0.1, dtype=torch.float64).item() + 0.2)
print(torch.tensor([0.1, 0.2], dtype=torch.float64) + torch.tensor([0.2, 0.1], dtype=torch.float64) == 0.3)

# expected (hand)
# expected output:
# tensor([1.5000, 2.0000], dtype=torch.float64)
# tensor([1., 2.], dtype=torch.float64)
# tensor(3.2500, dtype=torch.float64)
# tensor([1.0000e-05, 1.0000e+00], dtype=torch.float64)
# tensor([], dtype=torch.float64)
# tensor([], size=(2, 0), dtype=torch.float64)
# tensor([[ 1.2500, -2.5000],
#         [    nan,     inf]], dtype=torch.float64)
# tensor([[1., 1., 1.],
#         [1., 1., 1.]], dtype=torch.float64)
# torch.float64 torch.float64 [torch.float64]
# 2.500 0.30000000000000004
# tensor([False, False])
