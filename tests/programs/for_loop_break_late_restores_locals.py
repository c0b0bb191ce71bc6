import torch

@torch.compile
def f(x):
    y = x * 2  # traced
    total = 0  # traced
    seen = []  # traced
    for i in range(5):  # not traced
        total += i  # not traced
        seen.append(i)  # not traced
        if i == 3:  # not traced
            torch._dynamo.graph_break()  # not traced, graph break: graph_break_call
    return x + total, y, seen  # traced

print(f(torch.ones(2)))

# test_for_loops.py: the break comes on the fourth iteration, after the
# loop changed an outer int and list while it was traced; those changes
# are taken back, the whole loop runs eagerly once, tracing resumes after
# it (2 graphs). total is 0+1+2+3+4, not more.
# expected output:
# (tensor([11., 11.]), tensor([2., 2.]), [0, 1, 2, 3, 4])
# expected explain: graph_count=2 graph_break_count=1
