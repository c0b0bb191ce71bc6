import torch

def f(x, y):
    return (x + y).relu() * 2  # traced

e = torch._dynamo.explain(f)(torch.ones(2), torch.ones(2))
# str(e) as backends/debugging.py ExplainOutput.__str__ writes it; the
# guards and compile times after "Out Guards:" are left out (times vary).
# op_count counts call_function nodes (_explain_graph_detail): x + y and
# * 2 are operator calls, .relu() is a call_method node.
text = str(e)
print(text[:text.index("Out Guards:")])
print(e.graph_count, e.graph_break_count, e.op_count, e.break_reasons)
print(len(e.graphs), e.ops_per_graph, len(e.out_guards))

# expected output:
# Graph Count: 1
# Graph Break Count: 0
# Op Count: 2
# Break Reasons:
# Ops per Graph:
#   Ops 1:
#     <built-in function add>
#     <built-in function mul>
#
# 1 0 2 []
# 1 [[<built-in function add>, <built-in function mul>]] 2
# expected explain: graph_count=1 graph_break_count=0
