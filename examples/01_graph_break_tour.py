# A tour of the four usual reasons a graph breaks. Hover a break in the
# playground to see the reason and what to do about it.
import torch

@torch.compile
def step(x):
    y = x * 2 + 1  # traced
    print("y computed")  # traced, graph break: unsupported_call
    s = y.sum().item()  # traced, graph break: data_dependent
    if y.mean() > 4:  # traced, graph break: data_dependent
        y = y - s  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return y.relu()  # traced

print(step(torch.arange(4.0)))
print(step(torch.arange(4.0) + 2))

# expected output:
# y computed
# tensor([1., 3., 5., 7.])
# y computed
# tensor([0., 0., 0., 0.])
# expected explain: graph_count=5 graph_break_count=5
