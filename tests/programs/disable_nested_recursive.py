import torch

@torch.compiler.disable
def inner(x):  # disabled
    torch._dynamo.graph_break()  # not traced
    return x * 3  # not traced

@torch.compiler.disable
def outer(x):  # disabled
    y = inner(x + 1)  # not traced
    return y - 1  # not traced

@torch.compile
def f(x):
    x = x * 2  # traced
    x = outer(x)  # traced, graph break: disabled_call
    return x + 10  # traced

print(f(torch.ones(2)))

# A disabled function calling another disabled function: one break (in the
# traced frame f); the inner call happens in an eager frame, so it is no break.
# expected output:
# tensor([18., 18.])
# expected explain: graph_count=2 graph_break_count=1
