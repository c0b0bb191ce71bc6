import torch

@torch.compile
def f(x):
    s = x.sum()  # traced
    n = int(s)  # traced, graph break: data_dependent
    y = x * n  # traced
    m = float(y.mean())  # traced, graph break: data_dependent
    flag = bool(y.max() > 10)  # traced, graph break: data_dependent
    return y + m, n, m, flag  # traced

print(f(torch.tensor([1.5, 2.0])))

# int(), float() and bool() of traced tensors each break the graph.
# expected output:
# (tensor([ 9.7500, 11.2500]), 3, 5.25, False)
# expected explain: graph_count=4 graph_break_count=3
