import torch

@torch.compile
def countdown(x):
    x = x.abs()  # traced
    steps = 0  # traced
    while x.sum() > 0:  # traced, graph break: data_dependent
        x = x - 1  # not traced
        steps += 1  # not traced
    return x * 2, steps  # traced

x, n = countdown(torch.tensor([3.0, -1.0]))
print(x, n)

# `while t:` on a tensor is a data-dependent break at the while statement
# (not inside the loop body): the statement, i.e. the whole loop, runs
# eagerly and tracing resumes after it.
# expected output:
# tensor([ 2., -2.]) 2
# expected explain: graph_count=2 graph_break_count=1
