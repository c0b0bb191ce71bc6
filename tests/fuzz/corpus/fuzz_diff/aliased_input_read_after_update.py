import torch
@torch.compile
def f(v, t):
    t -= 2
    return torch.floor(v)
a = torch.tensor([7, -7, 6])
print(f(a, a[0]))
