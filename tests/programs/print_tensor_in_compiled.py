import torch

@torch.compile
def f(x):
    y = x.sum(dim=0)  # traced
    print("y =", y)  # traced, graph break: unsupported_call
    return y * 2  # traced

print(f(torch.tensor([[1.0, 2.0], [3.0, 4.0]])))

# expected output:
# y = tensor([4., 6.])
# tensor([ 8., 12.])
# expected explain: graph_count=2 graph_break_count=1
