import torch

@torch.compile
def f(x):
    return torch.topk(x, 2), x.topk(1, dim=0, largest=False)

x = torch.tensor([[1., 5., 3.], [4., 2., 6.]])
a, b = f(x)
print(a)
print(b.values, b.indices)
print(torch.topk(x, 4))

# expected output:
# torch.return_types.topk(
# values=tensor([[5., 3.],
#         [6., 4.]]),
# indices=tensor([[1, 2],
#         [2, 0]]))
# tensor([[1., 2., 3.]]) tensor([[0, 1, 0]])
# expected error: RuntimeError: selected index k out of range
# expected error line: 11
