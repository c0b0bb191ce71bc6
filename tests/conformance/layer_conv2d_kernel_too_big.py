import torch
import torch.nn.functional as F

print(F.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 5, 5)))

# expected output:
# expected error: RuntimeError: Calculated padded input size per channel: (4 x 4). Kernel size: (5 x 5). Kernel size can't be greater than actual input size
# expected error line: 4
