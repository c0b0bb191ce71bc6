import torch

# rows of 300 with many ties and nans: eager (a merge sort) and compiled
# (a stable rank) give the same stable order; nan last ascending, first
# descending; topk and argsort along a middle dim
x = (torch.arange(900.0).reshape(3, 300) * 7 % 11) - 5
flat = torch.arange(900).reshape(3, 300)
for k in (17, 603, 850):
    x = torch.where(flat == k, float("nan"), x)

def everything(t):
    v, i = torch.sort(t)
    dv, di = torch.sort(t, dim=1, descending=True)
    tv, ti = torch.topk(t, 5, largest=False)
    return v, i, dv, di, tv, ti, torch.argsort(t.reshape(3, 3, 100), dim=1)

eager = everything(x)
compiled = torch.compile(everything)(x)
print([torch.equal(a, b) for a, b in zip(eager[1:], compiled[1:]) if a.dtype == torch.int64])
print(eager[1][0, :12])
print(eager[0][2, -4:], eager[1][2, -4:])
print(eager[3][2, :4], eager[2][2, :4])
print(eager[5])
print(eager[6][1, :, :6])

# expected output:
# [True, True, True, True]
# tensor([  0,  11,  22,  33,  44,  55,  66,  77,  88,  99, 110, 121])
# tensor([5., 5., nan, nan]) tensor([283, 294,   3, 250])
# tensor([  3, 250,   8,  19]) tensor([nan, nan, 5., 5.])
# tensor([[ 0, 11, 22, 33, 44],
#         [ 8, 19, 30, 41, 52],
#         [ 5, 16, 27, 38, 49]])
# tensor([[2, 1, 0, 2, 1, 0],
#         [1, 0, 2, 1, 0, 2],
#         [0, 2, 1, 0, 2, 1]])
