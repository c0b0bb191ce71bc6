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
