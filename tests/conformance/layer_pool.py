import torch
import torch.nn.functional as F

x = torch.tensor([[[[1., 2., 3., 4., 5.], [6., 7., 8., 9., 10.], [11., 12., 13., 14., 15.],
                    [16., 17., 18., 19., 20.], [21., 22., 23., 24., 25.]]]])

@torch.compile
def f(x):
    return F.max_pool2d(x, 2), F.avg_pool2d(x, 2), F.max_pool2d(x, 3, stride=2, padding=1)

for t in f(x):
    print(t)
print(F.max_pool2d(x, 2, ceil_mode=True))
print(F.avg_pool2d(x, 3, stride=2, padding=1))
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False))
print(F.max_pool2d(-x[0], (2, 3), stride=(1, 2)))

# expected output:
# tensor([[[[ 7.,  9.],
#           [17., 19.]]]])
# tensor([[[[ 4.,  6.],
#           [14., 16.]]]])
# tensor([[[[ 7.,  9., 10.],
#           [17., 19., 20.],
#           [22., 24., 25.]]]])
# tensor([[[[ 7.,  9., 10.],
#           [17., 19., 20.],
#           [22., 24., 25.]]]])
# tensor([[[[ 1.7778,  3.6667,  3.1111],
#           [ 7.6667, 13.0000,  9.6667],
#           [ 8.4444, 13.6667,  9.7778]]]])
# tensor([[[[ 4.0000,  5.5000,  7.0000],
#           [11.5000, 13.0000, 14.5000],
#           [19.0000, 20.5000, 22.0000]]]])
# tensor([[[ -1.,  -3.],
#          [ -6.,  -8.],
#          [-11., -13.],
#          [-16., -18.]]])
