import torch
import torch.nn as nn

bn = nn.BatchNorm2d(3)
print(bn(torch.ones(2, 3, 4)))

# expected output:
# expected error: ValueError: expected 4D input (got 3D input)
# expected error line: 5
