import torch

counter = 0

@torch.compile
def f(x):
    global counter
    y = x * 2  # traced
    counter += 1  # traced
    return y + 1  # traced

print(f(torch.ones(2)))
print(f(torch.ones(2)))
print(counter)

# A global write is a side effect Dynamo replays after the graph
# (side_effects.py store_global), not a graph break; it happens exactly once
# per call. The tracer read `counter` (0, then 1), so the second call
# recompiles f, as Dynamo does for a global int it loaded.
# expected output:
# tensor([3., 3.])
# tensor([3., 3.])
# 2
# expected explain: graph_count=2 graph_break_count=0
