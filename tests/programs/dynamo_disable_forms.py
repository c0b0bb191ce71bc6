import torch

def helper(x):
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return x + 1  # traced

@torch._dynamo.disable
def a(x):  # disabled
    return x * 2  # not traced

@torch._dynamo.disable(recursive=False)
def b(x):  # disabled(recursive=False)
    return helper(x)  # not traced

@torch.compile
def f(x):
    x = a(x)  # traced, graph break: disabled_call
    x = b(x)  # traced, graph break: disabled_call
    return x - 1  # traced

print(f(torch.ones(2)))

# torch._dynamo.disable, bare and with recursive=False. Empty graphs (before
# a, between a and b, before helper's break) are not counted.
# expected output:
# tensor([2., 2.])
# expected explain: graph_count=2 graph_break_count=3
