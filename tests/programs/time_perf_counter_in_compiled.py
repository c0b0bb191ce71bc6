import time
import torch

@torch.compile
def f(x):
    t0 = time.perf_counter()  # traced, graph break: unsupported_call
    y = x * 2  # traced
    t1 = time.perf_counter()  # traced, graph break: unsupported_call
    return y, t1 >= t0  # traced

print(f(torch.ones(2)))

# Graphs: the one before the first break is empty (not counted); y = x * 2;
# the last resume unit has no tensor op.
# expected output:
# (tensor([2., 2.]), True)
# expected explain: graph_count=1 graph_break_count=2
