# torch._dynamo.explain reports graphs, breaks and ops without the logs.
import torch

def f(x):
    x = x * 2
    x = x.sin()
    torch._dynamo.graph_break()
    return x.cos() + 1

explanation = torch._dynamo.explain(f)(torch.ones(4))
print(explanation)
print(explanation.graph_count, explanation.graph_break_count)

# expected output:
# Graph Count: 2
# Graph Break Count: 1
# Op Count: 4
# Break Reasons:
#   Break Reason 1:
#     Reason: call to graph_break()
#     User Stack:
#       <FrameSummary file main.py, line 7 in f>
# Ops per Graph:
#   Ops 1:
#     <op> mul
#     <op> sin
#   Ops 2:
#     <op> cos
#     <op> add
#
# 2 1
