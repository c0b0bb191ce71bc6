import torch

@torch.compiler.disable
def eager_part(x):  # disabled
    print("in disabled:", torch.compiler.is_compiling())  # not traced
    return x

@torch.compile
def f(x):
    if torch.compiler.is_compiling():  # traced
        x = x + 1  # traced
    else:
        x = x - 1
    print("in compiled:", torch.compiler.is_compiling())  # traced, graph break: unsupported_call
    x = eager_part(x)  # traced, graph break: disabled_call
    return x * 2  # traced

print("at top level:", torch.compiler.is_compiling())
print(f(torch.zeros(2)))

# is_compiling() is True while tracing: the print's argument was evaluated by
# the tracer before the print broke the graph (as in PyTorch), False in eager
# code and in disabled functions.
# expected output:
# at top level: False
# in compiled: True
# in disabled: False
# tensor([2., 2.])
# expected explain: graph_count=2 graph_break_count=2
