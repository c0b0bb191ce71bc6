import torch

scale = 2.0

@torch.compile
def f(x):
    return x * scale  # traced

print(f(torch.ones(2)))
scale = 5.0
print(f(torch.ones(2)))
scale = 2.0
print(f(torch.ones(2)))

# The global read by the traced frame is guarded: changing it recompiles,
# changing it back hits the first cache entry.
# expected output:
# tensor([2., 2.])
# tensor([5., 5.])
# tensor([2., 2.])
# expected explain: graph_count=2 graph_break_count=0
