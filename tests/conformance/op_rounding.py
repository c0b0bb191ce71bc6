import torch

x = torch.tensor([[0.5, -1.5, 2.5, -0.2], [1.25, 3.75, -2.05, 0.0]])

@torch.compile
def f(x):
    return torch.floor(x), torch.ceil(x), torch.round(x), x.round(decimals=1)

for t in f(x):
    print(t)
print(torch.floor(x) + torch.ceil(x))
print(x.clamp_min(0.0), torch.clamp_max(x, 1.0))
print(torch.tan(torch.tensor([0.0, 0.5, -1.0, 1.5])))
print(torch.erf(torch.tensor([0.0, 0.5, -1.0, 2.0])))
print(torch.tan(torch.tensor([1, 2])).dtype, torch.erf(torch.tensor([True])).dtype)

# expected output:
# tensor([[ 0., -2.,  2., -1.],
#         [ 1.,  3., -3.,  0.]])
# tensor([[ 1., -1.,  3., -0.],
#         [ 2.,  4., -2.,  0.]])
# tensor([[ 0., -2.,  2., -0.],
#         [ 1.,  4., -2.,  0.]])
# tensor([[ 0.5000, -1.5000,  2.5000, -0.2000],
#         [ 1.2000,  3.8000, -2.0000,  0.0000]])
# tensor([[ 1., -3.,  5., -1.],
#         [ 3.,  7., -5.,  0.]])
# tensor([[0.5000, 0.0000, 2.5000, 0.0000],
#         [1.2500, 3.7500, 0.0000, 0.0000]]) tensor([[ 0.5000, -1.5000,  1.0000, -0.2000],
#         [ 1.0000,  1.0000, -2.0500,  0.0000]])
# tensor([ 0.0000,  0.5463, -1.5574, 14.1014])
# tensor([ 0.0000,  0.5205, -0.8427,  0.9953])
# torch.float32 torch.float32
