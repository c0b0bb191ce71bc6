import torch
b = torch.full((2,), False)
b.add_(1)
