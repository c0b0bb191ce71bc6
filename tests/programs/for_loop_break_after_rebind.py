import torch

@torch.compile
def f(x):
    x = x + 1  # traced
    for i in range(2):  # not traced
        x = x * 2  # not traced
        print("inside")  # not traced, graph break: unsupported_call
    return x + 3  # traced

print(f(torch.ones(2)))

# test_for_loops.py: the loop body rebinds x, already rebound earlier in the
# same unit; the loop is taken back to its first iteration (x as it was
# there, the x + 1 of the first graph), then runs eagerly: 2 graphs.
# expected output:
# inside
# inside
# tensor([11., 11.])
# expected explain: graph_count=2 graph_break_count=1
