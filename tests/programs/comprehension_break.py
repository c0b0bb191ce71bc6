import torch

@torch.compiler.disable
def log(v):  # disabled
    return v  # not traced

@torch.compile
def f(x):
    y = x * 2  # traced
    vals = [log(i) * 2 for i in range(3)]  # traced, graph break: disabled_call
    return y + sum(vals)  # traced

print(f(torch.ones(2)))

# A graph break inside a comprehension of the compiled frame: the graph
# before it compiles, the comprehension runs eagerly as a whole (Dynamo
# extracts it, as a for loop), and tracing resumes right after it, in the
# middle of the assignment: 2 graphs.
# expected output:
# tensor([8., 8.])
# expected explain: graph_count=2 graph_break_count=1
