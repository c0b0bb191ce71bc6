import torch

@torch.compiler.disable(reason="logging only, not worth compiling")
def log_values(x):  # disabled
    print("values:", x.tolist())  # not traced
    return x

@torch.compile
def f(x):
    y = x * 2  # traced
    y = log_values(y)  # traced, graph break: disabled_call
    return y + 1  # traced

print(f(torch.tensor([1.0, 2.0])))

# The break's message should carry the reason (checked by hand in the report).
# expected output:
# values: [2.0, 4.0]
# tensor([3., 5.])
# expected explain: graph_count=2 graph_break_count=1
