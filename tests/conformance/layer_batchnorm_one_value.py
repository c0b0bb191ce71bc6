import torch
import torch.nn as nn

bn = nn.BatchNorm1d(4)
print(bn(torch.ones(1, 4)))

# expected output:
# expected error: ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 4])
# expected error line: 5
