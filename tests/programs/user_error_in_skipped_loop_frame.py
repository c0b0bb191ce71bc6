import torch

torch._dynamo.config.suppress_errors = True

@torch.compile
def f(x, items):
    for i in range(4):  # not traced
        print("item", items[i])  # not traced, graph break: unsupported_call
        x = x + items[i]  # not traced
    return x

print(f(torch.zeros(1), [1, 2, 3]))

# The loop break makes the frame run eagerly; the IndexError happens while
# running (not while tracing) and is raised.
# expected output:
# item 1
# item 2
# item 3
# expected error: IndexError: list index out of range
# expected error line: 8
