import torch

a = torch.arange(6.).reshape(2, 3)
u = torch.tensor([1., 2., 3.])
v = torch.tensor([4., 5.])
print(torch.einsum("ij->ji", a))
print(torch.einsum("i,i->", u, u))
print(torch.einsum("i,j->ij", u, v))
print(torch.einsum("ij->j", a), torch.einsum("ij->", a))
print(torch.einsum("ij,j->i", a, u))
print(torch.einsum("ij,kj", a, a))

# expected output:
# tensor([[0., 3.],
#         [1., 4.],
#         [2., 5.]])
# tensor(14.)
# tensor([[ 4.,  5.],
#         [ 8., 10.],
#         [12., 15.]])
# tensor([3., 5., 7.]) tensor(15.)
# tensor([ 8., 26.])
# tensor([[ 5., 14.],
#         [14., 50.]])
