import torch

def f(x):
    y = x * 2  # traced
    y = y.sin()  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return y + 1  # traced

out = torch._dynamo.explain(f)(torch.ones(2))
print(out)
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))

# str() as in SEMANTICS.md "explain"; like PyTorch's ExplainOutput.__str__
# every line of it ends with a newline, so print() leaves an empty line.
# expected output:
# Graph Count: 2
# Graph Break Count: 1
# Op Count: 3
# Break Reasons:
#   Break Reason 1:
#     Reason: call to graph_break()
#     User Stack:
#       <FrameSummary file tests/programs/explain_print_graph_break.py, line 6 in f>
# Ops per Graph:
#   Ops 1:
#     <op> mul
#     <op> sin
#   Ops 2:
#     <op> add
#
# 2 1 3 1
# expected explain: graph_count=2 graph_break_count=1
