import torch

acc = []

@torch.compile
def f(x):
    acc.append(x * 2)  # traced
    torch._dynamo.graph_break()  # traced, graph break: graph_break_call
    acc.append(x + 1)  # traced
    return len(acc)

print(f(torch.ones(2)))
print(f(torch.zeros(2)))
print(acc)

# Tensors computed in a graph and stored into a global list are real tensors
# afterwards, and the appends are replayed on the cached call.
# expected output:
# 2
# 4
# [tensor([2., 2.]), tensor([2., 2.]), tensor([0., 0.]), tensor([1., 1.])]
