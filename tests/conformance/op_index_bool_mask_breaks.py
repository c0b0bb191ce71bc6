# marks: subset
import torch

@torch.compile
def f(x):
    y = x * 2
    z = y[y > 4]  # graph break: data_dependent
    return z + 1

print(f(torch.arange(6.)))

# expected output:
# tensor([ 7.,  9., 11.])
