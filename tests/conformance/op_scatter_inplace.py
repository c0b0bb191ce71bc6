import torch

# scatter_ / scatter_add_ write into self (eagerly and in a compiled
# function, where the input is updated when the graph has run); repeated
# targets: scatter keeps the last write, scatter_add sums in index order
@torch.compile
def onehot_(z, labels):
    return z.scatter_(1, labels.unsqueeze(1), 1.0)

z = torch.zeros(4, 5)
r = onehot_(z, torch.tensor([3, 0, 4, 3]))
print(r)
print(z)

counts = torch.zeros(6, dtype=torch.int64)
counts.scatter_add_(0, torch.tensor([1, 5, 1, 1, 0, 5]), torch.ones(6, dtype=torch.int64))
print(counts)

acc = torch.full((2, 3), 0.5)
out = acc.scatter_add_(1, torch.tensor([[0, 0, 2], [1, 1, 1]]), torch.tensor([[1.0, 2.0, 3.0], [0.25, 0.25, 0.5]]))
print(out is acc, acc)

last = torch.zeros(3).scatter_(0, torch.tensor([2, 2, 0]), torch.tensor([7.0, 8.0, 9.0]))
print(last)

@torch.compile
def both(a, i, s):
    return a.clone().scatter_(0, i, s), a.clone().scatter_add_(0, i, s)

print(both(torch.arange(4.0), torch.tensor([3, 1, 3]), torch.tensor([10.0, 20.0, 30.0])))
torch.zeros(3).scatter_(0, torch.tensor([3]), 1.0)

# expected output:
# tensor([[0., 0., 0., 1., 0.],
#         [1., 0., 0., 0., 0.],
#         [0., 0., 0., 0., 1.],
#         [0., 0., 0., 1., 0.]])
# tensor([[0., 0., 0., 1., 0.],
#         [1., 0., 0., 0., 0.],
#         [0., 0., 0., 0., 1.],
#         [0., 0., 0., 1., 0.]])
# tensor([1, 3, 0, 0, 0, 2])
# True tensor([[3.5000, 0.5000, 3.5000],
#         [0.5000, 1.5000, 0.5000]])
# tensor([9., 0., 8.])
# (tensor([ 0., 20.,  2., 30.]), tensor([ 0., 21.,  2., 43.]))
# expected error: RuntimeError: index 3 is out of bounds for dimension 0 with size 3
# expected error line: 31
