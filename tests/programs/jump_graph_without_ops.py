import torch

@torch.compile
def f(a, b, check):
    if check:  # traced, graph break: data_dependent
        return a + b + 10  # traced
    else:
        return a + b - 10  # traced

print(f(torch.ones(2), torch.ones(2), torch.ones(1, dtype=torch.int32)))
print(f(torch.ones(2), torch.ones(2), torch.zeros(1, dtype=torch.int32)))

# test_subgraphs.py test_start4: `if check:` on a tensor argument breaks the
# graph before any op. Dynamo still compiles that graph (no ops, it returns
# `check`): every value it keeps is a tensor (OutputGraph.compile_subgraph's
# "all stack values are tensors" path). Then one graph per branch: 3 graphs,
# 4 ops.
# expected output:
# tensor([12., 12.])
# tensor([-8., -8.])
# expected explain: graph_count=3 graph_break_count=1 op_count=4
