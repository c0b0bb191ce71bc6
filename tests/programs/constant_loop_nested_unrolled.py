import torch

@torch.compile
def f(x, weights):
    out = torch.zeros(2)  # traced
    for i, w in enumerate(weights):  # traced
        for j in range(i + 1):  # traced
            out = out + x * w  # traced
    return out  # traced

print(f(torch.ones(2), [0.5, 1.0, 2.0]))

# Nested loops over a Python list and range are unrolled into one graph.
# expected output:
# tensor([8.5000, 8.5000])
# expected explain: graph_count=1 graph_break_count=0
