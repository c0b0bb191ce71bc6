import torch
import torch.nn as nn

pool = nn.MaxPool2d(2, padding=2)
print(pool(torch.ones(1, 1, 4, 4)))

# expected output:
# expected error: RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1
# expected error line: 5
