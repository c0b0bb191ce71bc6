import torch

bias = torch.ones(2)

@torch.compile
def f(x):
    return x + bias  # traced

print(f(torch.zeros(2)))
bias = torch.full((2,), 5.0)
print(f(torch.zeros(2)))
bias.add_(1)
print(f(torch.zeros(2)))

# A global tensor is a graph input, not a constant: rebinding it to another
# tensor of the same shape/dtype, or changing it in place, needs no recompile
# and the compiled code sees the current values.
# expected output:
# tensor([1., 1.])
# tensor([5., 5.])
# tensor([6., 6.])
# expected explain: graph_count=1 graph_break_count=0
