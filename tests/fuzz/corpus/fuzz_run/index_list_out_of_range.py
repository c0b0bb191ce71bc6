import torch
x = torch.arange(6).reshape(2, 3)
x[[5]]
