import torch

@torch.compile
def f(x):
    return torch.cumsum(x, 0), x.cumsum(1), x.long().cumsum(-1)

x = torch.tensor([[1., 2., 3., 4.], [0.5, -1., 2., 0.25]])
for t in f(x):
    print(t)
print(torch.tensor([True, True, False]).cumsum(0))
print(torch.arange(6, dtype=torch.int32).cumsum(0).dtype)

# expected output:
# tensor([[1.0000, 2.0000, 3.0000, 4.0000],
#         [1.5000, 1.0000, 5.0000, 4.2500]])
# tensor([[ 1.0000,  3.0000,  6.0000, 10.0000],
#         [ 0.5000, -0.5000,  1.5000,  1.7500]])
# tensor([[ 1,  3,  6, 10],
#         [ 0, -1,  1,  1]])
# tensor([1, 2, 2])
# torch.int64
