import torch

def f(x, y):
    return (x + y).relu() * 2  # traced

e = torch._dynamo.explain(f)(torch.ones(2), torch.ones(2))
print(e)
print(e.graph_count, e.graph_break_count, e.op_count, e.break_reasons)

# expected output:
# Graph Count: 1
# Graph Break Count: 0
# Op Count: 3
# Break Reasons:
# Ops per Graph:
#   Ops 1:
#     <op> add
#     <op> relu
#     <op> mul
#
# 1 0 3 []
# expected explain: graph_count=1 graph_break_count=0
