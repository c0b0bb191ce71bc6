import torch

x = torch.zeros(2, 3)
print(torch.gather(x, 1, torch.tensor([[0], [1]], dtype=torch.int32)))

# expected output:
# expected error: RuntimeError: gather(): Expected dtype int64 for index
# expected error line: 4
