# torch._dynamo.explain reports graphs, breaks and ops without the logs.
import torch

def f(x):
    x = x * 2
    x = x.sin()
    torch._dynamo.graph_break()
    return x.cos() + 1

explanation = torch._dynamo.explain(f)(torch.ones(4))
# str() also lists the guards and the compile times (which vary): up to
# "Out Guards:" here
text = str(explanation)
print(text[:text.index("Out Guards:")])
print(explanation.graph_count, explanation.graph_break_count, explanation.op_count)

# As in PyTorch, Op Count counts call_function nodes: x * 2 and + 1; the
# method calls x.sin() and x.cos() are call_method nodes.
# expected output:
# Graph Count: 2
# Graph Break Count: 1
# Op Count: 2
# Break Reasons:
#   Break Reason 1:
#     Reason: Call to `torch._dynamo.graph_break()`
#   Explanation: User-inserted graph break. Message: None
#   Hint: Remove the `torch._dynamo.graph_break()` call.
#
#   Developer debug context: Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`
#
#  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0025.html
#     User Stack:
#       <FrameSummary file main.py, line 7 in f>
# Ops per Graph:
#   Ops 1:
#     <built-in function mul>
#   Ops 2:
#     <built-in function add>
#
# 2 1 2
