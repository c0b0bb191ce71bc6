import torch

@torch.compiler.disable
def side(x):  # disabled
    return x * 100  # not traced

def f(x):
    a = x + 1  # traced
    b = side(a)  # traced, graph break: disabled_call
    c = b * 2  # traced
    print("mid")  # traced, graph break: unsupported_call
    return a + c  # traced

e = torch._dynamo.explain(f)(torch.ones(2))
print(e.graph_count)
print(e.graph_break_count)
print(e.op_count)
print(len(e.break_reasons))

# expected output:
# mid
# 3
# 2
# 3
# 2
# expected explain: graph_count=3 graph_break_count=2
