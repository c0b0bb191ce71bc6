import torch

a = torch.arange(6.).reshape(2, 3)
b = torch.arange(12.).reshape(3, 4) / 2
q = torch.arange(24.).reshape(1, 2, 3, 4) / 10
k = torch.arange(24.).reshape(1, 2, 3, 4) / 20

@torch.compile
def f(a, b, q, k):
    return torch.einsum("ij,jk->ik", a, b), torch.einsum("bhqd,bhkd->bhqk", q, k)

x, y = f(a, b, q, k)
print(x)
print(y)
print(torch.einsum("bij,bjk->bik", torch.ones(2, 2, 3), torch.ones(2, 3, 1)))

# expected output:
# tensor([[10.0000, 11.5000, 13.0000, 14.5000],
#         [28.0000, 34.0000, 40.0000, 46.0000]])
# tensor([[[[0.0700, 0.1900, 0.3100],
#           [0.1900, 0.6300, 1.0700],
#           [0.3100, 1.0700, 1.8300]],
#
#          [[3.6700, 4.7500, 5.8300],
#           [4.7500, 6.1500, 7.5500],
#           [5.8300, 7.5500, 9.2700]]]])
# tensor([[[3.],
#          [3.]],
#
#         [[3.],
#          [3.]]])
