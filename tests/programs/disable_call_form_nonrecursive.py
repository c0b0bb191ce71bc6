import torch

def leaf(x):
    x = x + 1  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return x * 2  # traced

def wrapper(x):  # disabled(recursive=False)
    x = x - 1  # not traced
    return leaf(x)  # not traced

wrapper_nr = torch.compiler.disable(wrapper, recursive=False)

@torch.compile
def f(x):
    x = x * 3  # traced
    return wrapper_nr(x)  # traced, graph break: disabled_call

print(f(torch.ones(2)))

# The call form with recursive=False: only wrapper's frame is skipped, leaf is
# compiled as its own frame (two graphs around its break).
# expected output:
# tensor([6., 6.])
# expected explain: graph_count=3 graph_break_count=2
