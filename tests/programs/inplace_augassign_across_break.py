import torch

@torch.compile
def f(x):
    x += 1  # traced
    print("mid")  # traced, graph break: unsupported_call
    x *= 3  # traced
    return x.sum()  # traced

a = torch.tensor([1.0, 2.0])
print(f(a))
print(a)

# expected output:
# mid
# tensor(15.)
# tensor([6., 9.])
# expected explain: graph_count=2 graph_break_count=1
