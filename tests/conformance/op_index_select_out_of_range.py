import torch

x = torch.arange(9.).reshape(3, 3)
print(x.index_select(0, torch.tensor([0, 3])))

# expected output:
# expected error: IndexError: index out of range in self
# expected error line: 4
