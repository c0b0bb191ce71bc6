import torch

@torch.compile
def f(x, flag):
    y = x + 1  # traced
    if flag:  # traced
        torch._dynamo.graph_break()  # traced, graph break: graph_break_call
        y = y * 3  # traced
    return y * 2  # traced

print(f(torch.ones(2), True))
print(f(torch.ones(2), False))

# A break nested in the body of an `if` on a Python value: tracing resumes
# inside the branch. (Run it under ASan as well: see the bug report.)
# expected output:
# tensor([12., 12.])
# tensor([4., 4.])
# expected explain: graph_count=3 graph_break_count=1
