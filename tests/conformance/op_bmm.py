import torch

@torch.compile
def f(a, b):
    return torch.bmm(a, b), a.bmm(b).sum()

a = torch.arange(12.).reshape(2, 2, 3)
b = torch.arange(12.).reshape(2, 3, 2) - 5
r, s = f(a, b)
print(r)
print(s)
print(torch.bmm(torch.ones(1, 2, 2, dtype=torch.int64), torch.ones(1, 2, 1, dtype=torch.int64)))

# expected output:
# tensor([[[ -5.,  -2.],
#          [-32., -20.]],
#
#         [[ 67.,  88.],
#          [ 94., 124.]]])
# tensor(314.)
# tensor([[[2],
#          [2]]])
