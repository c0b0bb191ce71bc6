import torch

def f(x):
    return x * 2 + 1  # traced, not traced

cf = torch.compile(f)
print(cf(torch.ones(2)))
print(f(torch.ones(2)))

# cf = torch.compile(f) compiles calls through cf; f itself stays eager.
# expected output:
# tensor([3., 3.])
# tensor([3., 3.])
# expected explain: graph_count=1 graph_break_count=0
