import torch

def f(x):
    y = x * 2  # traced
    y = y.sin()  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    return y + 1  # traced

out = torch._dynamo.explain(f)(torch.ones(2))
text = str(out)
print(text[:text.index("Out Guards:")])
print(out.graph_count, out.graph_break_count, out.op_count, len(out.break_reasons))
r = out.break_reasons[0]
print(r.graph_break, len(r.user_stack), r.user_stack[0].lineno, r.user_stack[0].name)
print(out.graphs[1].compile_subgraph_reason.reason, out.graphs[1].compile_subgraph_reason.graph_break)

# str() as PyTorch's ExplainOutput.__str__ (backends/debugging.py): the
# break reason is the graph break's message (GB0025), its user stack the
# FrameSummary of each frame; ops per graph are the targets of the
# call_function nodes (y.sin() is a call_method node, so Op Count is 2).
# The second graph was compiled at the return: "return_value", not a break.
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
#       <FrameSummary file tests/programs/explain_print_graph_break.py, line 6 in f>
# Ops per Graph:
#   Ops 1:
#     <built-in function mul>
#   Ops 2:
#     <built-in function add>
#
# 2 1 2 1
# True 1 6 f
# return_value False
# expected explain: graph_count=2 graph_break_count=1
