import torch

# A sort in a graph that automatic dynamic shapes make symbolic (the size
# changes after the first call): every size must sort its own rows.

@torch.compile
def f(x):
    v, i = torch.sort(x * -1.0)  # traced
    return v, i  # traced

for n in [4, 5, 8, 13, 2]:
    x = (torch.arange(n) * 3 % n).float()
    v, i = f(x)
    print(n, v.tolist(), i.tolist())

# expected output:
# 4 [-3.0, -2.0, -1.0, -0.0] [1, 2, 3, 0]
# 5 [-4.0, -3.0, -2.0, -1.0, -0.0] [3, 1, 4, 2, 0]
# 8 [-7.0, -6.0, -5.0, -4.0, -3.0, -2.0, -1.0, -0.0] [5, 2, 7, 4, 1, 6, 3, 0]
# 13 [-12.0, -11.0, -10.0, -9.0, -8.0, -7.0, -6.0, -5.0, -4.0, -3.0, -2.0, -1.0, -0.0] [4, 8, 12, 3, 7, 11, 2, 6, 10, 1, 5, 9, 0]
# 2 [-1.0, -0.0] [1, 0]
