import torch

def leaf(x):
    torch._dynamo.graph_break()  # not traced
    return x * 5  # not traced

@torch.compiler.disable(recursive=False)
def mid(x):  # disabled(recursive=False)
    return leaf(x) + 1  # not traced

@torch.compiler.disable
def top(x):  # disabled
    return mid(x) * 2  # not traced

@torch.compile
def f(x):
    y = x + 1  # traced
    z = top(y)  # traced, graph break: disabled_call
    return z - y  # traced

print(f(torch.ones(2)))

# top is recursive: everything below it runs eagerly, even below a
# recursive=False function (mid) that would otherwise let leaf compile.
# expected output:
# tensor([20., 20.])
# expected explain: graph_count=2 graph_break_count=1
