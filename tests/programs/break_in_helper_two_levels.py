import torch

def h2(x):
    x = x + 1  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return x * 2  # traced

def h1(x):
    x = x - 1  # traced
    x = h2(x)  # traced, graph break: graph_break_call
    return x * 3  # traced

@torch.compile
def f(x):
    x = x * 10  # traced
    x = h1(x)  # traced, graph break: graph_break_call
    return x + 5  # traced

print(f(torch.ones(2)))

# The break two levels down: f breaks at its call of h1, h1 runs as its own
# frame and breaks at its call of h2, h2 runs as its own frame and breaks at
# graph_break(). Graphs: f before/after, h1 before/after, h2 before/after.
# expected output:
# tensor([65., 65.])
# expected explain: graph_count=6 graph_break_count=3
