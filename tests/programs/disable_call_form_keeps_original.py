import torch

def scale(x):  # disabled
    return x * 10  # traced, not traced

scale_off = torch.compiler.disable(scale)

@torch.compile
def f(x):
    a = scale(x)  # traced
    b = scale_off(x)  # traced, graph break: disabled_call
    return a + b  # traced

print(f(torch.ones(2)))

# disable(fn) returns a new callable; the original function is still inlined.
# expected output:
# tensor([20., 20.])
# expected explain: graph_count=2 graph_break_count=1
