import torch

def helper(x):
    print("helper")  # traced, graph break: unsupported_call
    return x + 1  # traced

@torch.compile
def f(x):
    y = x * 2  # traced
    return torch.cat([y, helper(y) * 3, y - 1])  # traced, graph break: unsupported_call

print(f(torch.ones(2)))

# The helper breaks inside a call argument: the call of the helper is taken
# back and breaks f's graph there (graph 1: the mul), the helper runs as a
# compiled frame of its own (no graph before its print, x + 1 after it:
# graph 2), and tracing resumes in the middle of f's expression: `* 3`,
# `y - 1` and the cat are graph 3.
# expected output:
# helper
# tensor([2., 2., 9., 9., 1., 1.])
# expected explain: graph_count=3 graph_break_count=2 op_count=5
