import torch

def leaf(x):
    torch._dynamo.graph_break()  # not traced
    return x + 1  # not traced

@torch.compiler.disable
def mid(x):  # disabled
    return leaf(x) * 2  # not traced

@torch.compiler.disable(recursive=False)
def top(x):  # disabled(recursive=False)
    y = mid(x)  # not traced
    return y + 100  # not traced

@torch.compile
def f(x):
    x = x - 1  # traced
    return top(x)  # traced, graph break: disabled_call

print(f(torch.ones(2)))

# top skips only its own frame; mid is a frame inside the compile context but
# is itself recursively disabled, so mid and leaf run eagerly (no break: top's
# frame is not traced).
# expected output:
# tensor([102., 102.])
# expected explain: graph_count=1 graph_break_count=1
