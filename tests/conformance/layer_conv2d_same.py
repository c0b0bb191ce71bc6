import torch
import torch.nn.functional as F

x = torch.arange(16.).reshape(1, 1, 4, 4)
w = torch.ones(1, 1, 2, 2)
print(F.conv2d(x, w, padding="same"))
print(F.conv2d(x, w, padding="valid").shape)
print(F.conv2d(x, torch.ones(1, 1, 3, 3), padding="same"))

# expected output:
# tensor([[[[10., 14., 18., 10.],
#           [26., 30., 34., 18.],
#           [42., 46., 50., 26.],
#           [25., 27., 29., 15.]]]])
# torch.Size([1, 1, 3, 3])
# tensor([[[[10., 18., 24., 18.],
#           [27., 45., 54., 39.],
#           [51., 81., 90., 63.],
#           [42., 66., 72., 50.]]]])
