import torch

@torch.compile
def f(x):
    y = x * 3  # traced
    vals = y.tolist()  # traced, graph break: data_dependent
    total = sum(vals)  # traced
    return y - total, vals  # traced

print(f(torch.tensor([1, 2])))

# expected output:
# (tensor([-6, -3]), [3, 6])
# expected explain: graph_count=2 graph_break_count=1
