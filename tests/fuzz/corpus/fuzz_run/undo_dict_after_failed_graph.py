import torch
D = {}
@torch.compile(backend="eager")
def f(x):
    D["k"] = x + 1
    torch.arange(3) // torch.zeros(3, dtype=torch.int64)
    return x
for k in range(2):
    try:
        f(torch.ones(3))
    except RuntimeError as e:
        print(e)
D["k"] = 1
print(D)
