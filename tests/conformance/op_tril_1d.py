import torch

print(torch.tril(torch.ones(4)))

# expected output:
# expected error: RuntimeError: tril: input tensor must have at least 2 dimensions
# expected error line: 3
