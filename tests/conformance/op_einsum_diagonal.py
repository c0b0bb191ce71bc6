import torch

# a subscript repeated within one operand takes its diagonal
x = torch.arange(9.).reshape(3, 3)
z = torch.arange(27.).reshape(3, 3, 3)
print(torch.einsum("ii->i", x))
print(torch.einsum("ii", x), torch.einsum("ii->", x))
print(torch.einsum("iii->i", z))
print(torch.einsum("bii->bi", torch.arange(18.).reshape(2, 3, 3)))
print(torch.einsum("ii,i->i", x, torch.tensor([1., 2., 3.])))
print(torch.einsum("iij->j", z))
print(torch.einsum("jii->ij", z))
print(torch.einsum("ii->i", torch.ones(0, 0)).shape)


@torch.compile
def trace_of_twice(a):
    return torch.einsum("ii", a * 2) + torch.einsum("ii->i", a).sum()  # traced


print(trace_of_twice(x))
try:
    torch.einsum("ii", torch.zeros(3, 4))
except RuntimeError as e:
    print(e)

# expected output:
# tensor([0., 4., 8.])
# tensor(12.) tensor(12.)
# tensor([ 0., 13., 26.])
# tensor([[ 0.,  4.,  8.],
#         [ 9., 13., 17.]])
# tensor([ 0.,  8., 24.])
# tensor([36., 39., 42.])
# tensor([[ 0.,  9., 18.],
#         [ 4., 13., 22.],
#         [ 8., 17., 26.]])
# torch.Size([0])
# tensor(36.)
# einsum(): subscript i is repeated for operand 0 but the sizes don't match, 4 != 3
