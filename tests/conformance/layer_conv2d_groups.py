import torch
import torch.nn.functional as F

x = torch.arange(32.).reshape(1, 2, 4, 4) / 8
w = torch.cat([torch.ones(1, 1, 2, 2), torch.full((1, 1, 2, 2), 2.0), torch.ones(1, 1, 2, 2),
               torch.full((1, 1, 2, 2), -1.0)])

@torch.compile
def f(x, w):
    return F.conv2d(x, w, groups=2, stride=2)

print(f(x, w))

# expected output:
# tensor([[[[  1.2500,   2.2500],
#           [  5.2500,   6.2500]],
#
#          [[  2.5000,   4.5000],
#           [ 10.5000,  12.5000]],
#
#          [[  9.2500,  10.2500],
#           [ 13.2500,  14.2500]],
#
#          [[ -9.2500, -10.2500],
#           [-13.2500, -14.2500]]]])
