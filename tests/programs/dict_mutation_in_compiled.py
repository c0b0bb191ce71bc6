import torch

registry = {}

@torch.compile
def f(x, name):
    y = x + 1  # traced
    registry[name] = y.shape[0]  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    registry["last"] = name  # traced
    return y * 2  # traced

print(f(torch.ones(3), "a"))
print(f(torch.ones(2), "b"))
print(f(torch.ones(3), "a"))
print(registry)

# expected output:
# tensor([4., 4., 4.])
# tensor([4., 4.])
# tensor([4., 4., 4.])
# {'a': 3, 'last': 'a', 'b': 2}
