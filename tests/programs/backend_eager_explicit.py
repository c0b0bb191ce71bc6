import torch

@torch.compile(backend="eager")
def f(x):
    a = x.abs() * 3  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return a - 1  # traced

print(f(torch.tensor([-1.0, 2.0])))
print(f(torch.tensor([-1.0, 2.0])))

# expected output:
# tensor([2., 5.])
# tensor([2., 5.])
# expected explain: graph_count=2 graph_break_count=1
