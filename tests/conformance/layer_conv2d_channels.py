import torch
import torch.nn.functional as F

x = torch.ones(2, 3, 8, 8)
w = torch.ones(6, 1, 5, 5)
print(F.conv2d(x, w))

# expected output:
# expected error: RuntimeError: Given groups=1, weight of size [6, 1, 5, 5], expected input[2, 3, 8, 8] to have 1 channels, but got 3 channels instead
# expected error line: 6
