import torch

@torch.compile
def inner(x):
    return x.cos() + 1  # traced

@torch.compile
def outer(x):
    y = x * 2  # traced
    return inner(y) - 1  # traced

print(outer(torch.zeros(3)))
print(inner(torch.zeros(3)))

# A compiled function called from a traced frame is inlined (one graph for
# outer); called directly it compiles on its own.
# expected output:
# tensor([1., 1., 1.])
# tensor([2., 2., 2.])
# expected explain: graph_count=2 graph_break_count=0
