import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([[3., 4.], [0., 0.], [1., -1.]])
print(F.normalize(x))
print(F.normalize(x, p=1.0, dim=0))
print(F.dropout(x, 0.5, training=False))
d = nn.Dropout(0.3)
d.eval()
print(d(x))
print(d.training)

# expected output:
# tensor([[ 0.6000,  0.8000],
#         [ 0.0000,  0.0000],
#         [ 0.7071, -0.7071]])
# tensor([[ 0.7500,  0.8000],
#         [ 0.0000,  0.0000],
#         [ 0.2500, -0.2000]])
# tensor([[ 3.,  4.],
#         [ 0.,  0.],
#         [ 1., -1.]])
# tensor([[ 3.,  4.],
#         [ 0.,  0.],
#         [ 1., -1.]])
# False
