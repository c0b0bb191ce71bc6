import torch

@torch.compile
def f(x):
    x = x + 1  # traced
    try:  # not traced
        x = x * 2  # not traced
        print("inside")  # not traced, graph break: unsupported_call
        x = x - 1  # not traced
    except KeyError:
        x = x * 100
    return x + 3  # not traced

print(f(torch.ones(2)))

# Dynamo makes no resume point inside a try block: a graph break in one
# compiles the graph before the try (the last speculation point) and the
# rest of the frame runs eagerly (symbolic_convert.py step_graph_break).
# expected output:
# inside
# tensor([6., 6.])
# expected explain: graph_count=1 graph_break_count=1
