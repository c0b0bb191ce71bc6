import torch

z = torch.zeros(3)
print(z.scatter_add(0, torch.tensor([1, 3]), torch.ones(2)))

# expected output:
# expected error: RuntimeError: index 3 is out of bounds for dimension 0 with size 3
# expected error line: 4
