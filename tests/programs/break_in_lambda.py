import torch

@torch.compiler.disable
def side(t):  # disabled
    return t * 100  # not traced

apply = lambda t: side(t) + 1  # not traced, traced, graph break: disabled_call

@torch.compile
def f(x):
    y = x - 1  # traced
    z = apply(y)  # traced, graph break: disabled_call
    return z + y  # traced

print(f(torch.full((2,), 3.0)))

# The inlined lambda calls a disabled function: f breaks at the call of the
# lambda, and the lambda runs as its own frame with its own break. (Its line
# is also a module-level statement, which ran eagerly.) Tracing resumes at
# the next bytecode: the `+ 1` after side(t) is traced into a third graph.
# expected output:
# tensor([203., 203.])
# expected explain: graph_count=3 graph_break_count=2
