import torch

@torch.compile(fullgraph=True)
def f(x):
    y = x - 1
    if y.sum() > 0:
        return y
    return -y

print(f(torch.ones(2)))

# expected output:
# expected error: Unsupported: Data-dependent branching
# expected error line: 6
