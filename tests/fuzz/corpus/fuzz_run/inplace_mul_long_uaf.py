import torch
torch.zeros(2, dtype=torch.int64).mul_(1.5)
