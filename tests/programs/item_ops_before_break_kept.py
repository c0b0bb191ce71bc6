import torch

@torch.compile
def f(x):
    s = (x * 2).sum().item()  # traced, graph break: data_dependent
    return x + s  # traced

print(f(torch.ones(2)))

# The ops recorded before the tracer reaches .item() (mul, sum) are compiled
# into the first graph, as in Dynamo; only .item() runs eagerly.
# expected output:
# tensor([5., 5.])
# expected explain: graph_count=2 graph_break_count=1
