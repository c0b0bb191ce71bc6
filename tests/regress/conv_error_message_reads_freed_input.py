import torch
import torch.nn as nn

# An unbatched input is unsqueezed into a temporary; the channel-mismatch
# error printed that temporary's shape after freeing it (heap-use-after-free
# under ASan, found by the CI fuzz smoke run of fuzz_run).
conv = nn.Conv1d(1, 2, 3)
print(conv(torch.ones(5, 5)))

# expected output:
# expected error: RuntimeError: Given groups=1, weight of size [2, 1, 3], expected input[1, 5, 5] to have 1 channels, but got 5 channels instead
# expected error line: 8
