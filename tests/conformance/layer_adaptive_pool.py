import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(30.).reshape(1, 1, 5, 6)
print(F.adaptive_avg_pool2d(x, (2, 3)))
print(nn.AdaptiveAvgPool2d(1)(x))
print(nn.AdaptiveAvgPool2d((3, None))(x).shape)

@torch.compile
def f(x):
    return F.adaptive_avg_pool2d(x, 2)

print(f(x))

# expected output:
# tensor([[[[ 6.5000,  8.5000, 10.5000],
#           [18.5000, 20.5000, 22.5000]]]])
# tensor([[[[14.5000]]]])
# torch.Size([1, 1, 3, 6])
# tensor([[[[ 7., 10.],
#           [19., 22.]]]])
