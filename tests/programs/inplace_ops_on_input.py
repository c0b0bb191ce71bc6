import torch

@torch.compile
def f(x, y):
    x.add_(1)  # traced
    y += 2  # traced
    return x * y  # traced

a = torch.ones(2)
b = torch.ones(2)
out = f(a, b)
print(out)
print(a, b)
out = f(a, b)
print(out)
print(a, b)

# In-place ops on inputs mutate the caller's tensors, on every call.
# expected output:
# tensor([6., 6.])
# tensor([2., 2.]) tensor([3., 3.])
# tensor([15., 15.])
# tensor([3., 3.]) tensor([5., 5.])
# expected explain: graph_count=1 graph_break_count=0
