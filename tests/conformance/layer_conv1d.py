import torch
import torch.nn.functional as F

x = torch.tensor([[[1., 2., 3., 4., 5.], [0., 1., 0., -1., 0.]]])
w = torch.tensor([[[1., 1.], [0., 2.]], [[1., -1.], [1., 0.]], [[0.5, 0.5], [0.5, 0.5]]])

@torch.compile
def f(x, w):
    return F.conv1d(x, w), F.conv1d(x, w, torch.tensor([1., 2., 3.]), padding=1, stride=2)

a, b = f(x, w)
print(a)
print(b)

# expected output:
# tensor([[[ 5.,  5.,  5.,  9.],
#          [-1.,  0., -1., -2.],
#          [ 2.,  3.,  3.,  4.]]])
# tensor([[[ 2.0000,  6.0000, 10.0000],
#          [ 1.0000,  2.0000,  0.0000],
#          [ 3.5000,  6.0000,  7.0000]]])
