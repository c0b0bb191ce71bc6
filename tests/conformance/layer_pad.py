import torch
import torch.nn.functional as F

x = torch.arange(6.).reshape(1, 2, 3)

@torch.compile
def f(x):
    return F.pad(x, (1, 2)), F.pad(x, (2, 1), mode="reflect"), F.pad(x, (1, 1, 1, 0), mode="replicate")

for t in f(x):
    print(t)
print(F.pad(x, (1, 1), mode="circular"))
print(F.pad(x, (0, 0, 1, 0), value=-1.0))
print(F.pad(x, (-1, 0)))

# expected output:
# tensor([[[0., 0., 1., 2., 0., 0.],
#          [0., 3., 4., 5., 0., 0.]]])
# tensor([[[2., 1., 0., 1., 2., 1.],
#          [5., 4., 3., 4., 5., 4.]]])
# tensor([[[0., 0., 1., 2., 2.],
#          [0., 0., 1., 2., 2.],
#          [3., 3., 4., 5., 5.]]])
# tensor([[[2., 0., 1., 2., 0.],
#          [5., 3., 4., 5., 3.]]])
# tensor([[[-1., -1., -1.],
#          [ 0.,  1.,  2.],
#          [ 3.,  4.,  5.]]])
# tensor([[[1., 2.],
#          [4., 5.]]])
