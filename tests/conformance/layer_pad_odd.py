import torch
import torch.nn.functional as F

print(F.pad(torch.ones(2, 2), (1, 1, 1)))

# expected output:
# expected error: RuntimeError: Padding length must be divisible by 2
# expected error line: 4
