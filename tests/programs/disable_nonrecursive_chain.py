import torch

def leaf(x):
    y = x * 3  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return y + 1  # traced

@torch.compiler.disable(recursive=False)
def mid(x):  # disabled(recursive=False)
    return leaf(x) - 1  # not traced

@torch.compiler.disable(recursive=False)
def top(x):  # disabled(recursive=False)
    return mid(x) * 2  # not traced

@torch.compile
def f(x):
    x = x + 1  # traced
    return top(x)  # traced, graph break: disabled_call

print(f(torch.ones(2)))

# Two recursive=False functions in a chain: both frames are skipped (mid is
# called from top's eager frame, so it is no break), leaf is compiled as its
# own frame with its own break.
# expected output:
# tensor([12., 12.])
# expected explain: graph_count=3 graph_break_count=2
