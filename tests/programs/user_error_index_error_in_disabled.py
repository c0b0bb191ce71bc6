import torch

torch._dynamo.config.suppress_errors = True

@torch.compiler.disable
def pick(items, i):
    return items[i]

@torch.compile
def f(x, items):
    y = x * 2
    k = pick(items, 3)
    return y + k

print(f(torch.ones(2), [1, 2, 3]))

# An IndexError raised while running (in the eager disabled call) is raised.
# expected output:
# expected error: IndexError: list index out of range
# expected error line: 7
