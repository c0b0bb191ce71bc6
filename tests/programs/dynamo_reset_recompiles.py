import torch

@torch.compile
def f(x):
    return x * 3 - 1  # traced

print(f(torch.ones(2)))
print(f(torch.ones(2)))
torch._dynamo.reset()
print(f(torch.ones(2)))
print(f(torch.ones(2)))

# reset() forgets the compiled code: the third call compiles again.
# expected output:
# tensor([2., 2.])
# tensor([2., 2.])
# tensor([2., 2.])
# tensor([2., 2.])
# expected explain: graph_count=2 graph_break_count=0
