import torch

@torch.compile
def countdown(x):
    x = x.abs()  # traced
    steps = 0  # traced
    while x.sum() > 0:  # traced, graph break: data_dependent
        x = x - 1  # not traced
        steps += 1  # not traced
    return x * 2, steps  # not traced

x, n = countdown(torch.tensor([3.0, -1.0]))
print(x, n)

# `while t:` on a tensor is a data-dependent break at the loop's first test:
# the graph before it compiles (abs, sum, gt). Tracing would resume in the
# body, inside the loop, where the next test jumps back: Dynamo skips that
# resume function (a graph break with a back edge), so the loop and the
# rest of the frame run eagerly. (Had the loop not been entered, tracing
# would resume after it.)
# expected output:
# tensor([ 2., -2.]) 2
# expected explain: graph_count=1 graph_break_count=1
