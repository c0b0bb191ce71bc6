import torch

@torch.compile
def f(x):
    y = x + 1  # traced
    total = 0  # traced
    for i in range(3):  # not traced
        for j in range(2):  # not traced
            torch._dynamo.graph_break()  # not traced, graph break: graph_break_call
            total += i * j  # not traced
    z = x + total  # traced
    return y, z  # traced

print(f(torch.zeros(2)))

# test_for_loops.py test_nested_for_loops_both_graph_break: the outermost
# loop of the frame runs eagerly as a whole; 2 graphs.
# expected output:
# (tensor([1., 1.]), tensor([3., 3.]))
# expected explain: graph_count=2 graph_break_count=1
