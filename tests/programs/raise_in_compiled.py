import torch

@torch.compile
def f(x, check):
    y = x * 2  # traced
    if check:  # traced
        raise ValueError("negative input")  # traced, graph break: unsupported_syntax
    return y  # traced

print(f(torch.ones(2), False))
print(f(torch.ones(2), True))
print("never printed")

# `raise` breaks the graph (unsupported_syntax); the statement then runs
# eagerly and the user's exception propagates. check=True is a new guard.
# expected output:
# tensor([2., 2.])
# expected error: ValueError: negative input
# expected error line: 7
# expected explain: graph_count=2 graph_break_count=1
