import torch

x = torch.zeros(3)
print(x.masked_fill(torch.tensor([1, 0, 1]), 1.0))

# expected output:
# expected error: RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype long int
# expected error line: 4
