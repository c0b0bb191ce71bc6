import torch

@torch.compile
def f(a, b):
    tmp1 = a.sum() > b.sum() and a.sum() > 0  # traced, graph break: data_dependent
    tmp2 = a.sum() < b.sum() or b.sum() > 0  # traced, graph break: data_dependent
    if tmp1 and tmp2:  # traced, graph break: data_dependent
        return 1, tmp1, tmp2
    else:
        return 2, tmp1, tmp2  # traced

print(f(torch.ones(3), torch.full((3,), -2.0)))
print(f(torch.full((3,), -2.0), torch.ones(3)))

# test_subgraphs.py test_control_flow5: `and` and `or` jump on each tensor
# operand; each jump breaks the graph and tracing resumes at the jump's
# target (the next operand, the value of the whole expression, or the
# branch the `if` takes). Two of the six graphs have no op: jumps in an
# `if` test where every value kept is a tensor. (6 graphs, 13 ops.)
# expected output:
# (2, tensor(True), tensor(False))
# (2, tensor(False), tensor(True))
# expected explain: graph_count=6 graph_break_count=6 op_count=13
