import torch

@torch.compile
def f(x, n):
    return x * n + n  # traced

print(f(torch.ones(2), 2))
print(f(torch.ones(2), 3))
print(f(torch.ones(2), 2))
print(f(torch.ones(2), 4))
print(f(torch.ones(2), 3))

# SEMANTICS.md: a compiled frame is specialised on the Python ints it read,
# so 2, 3 and 4 each compile once (no automatic dynamic shapes here).
# expected output:
# tensor([4., 4.])
# tensor([6., 6.])
# tensor([4., 4.])
# tensor([8., 8.])
# tensor([6., 6.])
# expected explain: graph_count=3 graph_break_count=0
