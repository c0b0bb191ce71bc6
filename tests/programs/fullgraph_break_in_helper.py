import torch

def helper(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y

@torch.compile(fullgraph=True)
def f(x):
    return helper(x * 2) + 1

print(f(torch.ones(2)))

# The break is raised at the line of the break, inside the inlined helper.
# expected output:
# expected error: Unsupported: Call to `torch._dynamo.graph_break()`
# expected error line: 5
