import torch

calls = []

@torch.compile
def f(x):
    calls.append(len(calls))  # traced
    return x + 1  # traced

print(f(torch.zeros(2)))
print(f(torch.zeros(2)))
print(f(torch.zeros(2)))
print(calls)

# The append is a side effect of every call, not only of the tracing one.
# expected output:
# tensor([1., 1.])
# tensor([1., 1.])
# tensor([1., 1.])
# [0, 1, 2]
