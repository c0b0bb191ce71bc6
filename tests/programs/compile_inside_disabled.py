import torch

@torch.compile
def g(x):
    return x.abs() + 1  # traced

@torch.compiler.disable
def helper(x):  # disabled
    return g(x) * 10  # not traced

@torch.compile
def f(x):
    y = x - 2  # traced
    return helper(y)  # traced, graph break: disabled_call

print(f(torch.tensor([1.0, 3.0])))
print(helper(torch.tensor([-4.0])))

# A @torch.compile'd function still compiles when called from a recursively
# disabled function, inside a compile context or outside one.
# expected output:
# tensor([20., 20.])
# tensor([50.])
# expected explain: graph_count=3 graph_break_count=1
