import torch

counter = 0

@torch.compile
def f(x):
    global counter
    y = x * 2  # traced
    counter += 1  # traced, graph break: unsupported_syntax
    return y + 1  # traced

print(f(torch.ones(2)))
print(f(torch.ones(2)))
print(counter)

# A global write breaks the graph; it happens exactly once per call. The
# tracer read `counter` (0, then 1), so the second call recompiles f, as
# Dynamo does for a global int it loaded; the resume unit is a cache hit.
# expected output:
# tensor([3., 3.])
# tensor([3., 3.])
# 2
# expected explain: graph_count=3 graph_break_count=2
