import torch

@torch.compile
def f(x):
    total = torch.zeros(2)  # traced
    for row in x:  # traced
        total = total + row  # traced
    return total  # traced

print(f(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))

# Iterating a tensor of known (static) length unrolls like a Python loop.
# expected output:
# tensor([ 9., 12.])
# expected explain: graph_count=1 graph_break_count=0
