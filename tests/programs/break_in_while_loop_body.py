import torch

def helper(x):
    return x + 1  # traced

@torch.compile
def f(x):
    i = 0  # not traced
    while i < 3:  # not traced
        x = helper(x)  # not traced
        torch._dynamo.graph_break()  # not traced, graph break: graph_break_call
        i += 1  # not traced
    return x  # not traced

print(f(torch.zeros(2)))

# A while loop with a Python condition and an explicit break in its body:
# the frame runs eagerly, helper is compiled once as its own frame.
# expected output:
# tensor([3., 3.])
# expected explain: graph_count=1 graph_break_count=1
