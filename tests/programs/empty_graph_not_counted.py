import torch

@torch.compile
def f(x, n):
    k = x.shape[0] * n  # traced
    return k + 1  # traced

print(f(torch.ones(3), 2))
print(f(torch.ones(3), 2))

# No tensor op: the graph is empty, so nothing is compiled or counted.
# expected output:
# 7
# 7
# expected explain: graph_count=0 graph_break_count=0
