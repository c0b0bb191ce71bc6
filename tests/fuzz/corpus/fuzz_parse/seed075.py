import torch.nn.functional as F, math
