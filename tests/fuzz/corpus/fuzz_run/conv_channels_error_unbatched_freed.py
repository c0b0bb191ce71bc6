import torch
import torch.nn as nn

conv = nn.Conv1d(1, 2, 3)
print(conv(torch.ones(5, 5)))

# expected output:
# expected error: RuntimeError: Expected 3D (unbatched= nn.Conv2d(1, 2, 3)
print(conv(torch.ones(5, 5)))

# expected output:
# expected error: RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]
# expected error lin) or 4D (batched) input to conv2d, but got input of size: [5, 5]
# expected error line: 5
