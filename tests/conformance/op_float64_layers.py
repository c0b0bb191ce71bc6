import torch
import torch.nn as nn
import torch.nn.functional as F

m = nn.Linear(2, 1)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[0.5, -0.25]]))
    m.bias.fill_(0.1)
m.double()
print(m.weight.dtype, m.bias.dtype, m.bias.item())
x = torch.tensor([[1.0, 2.0], [3.0, -4.0]], dtype=torch.float64)
y = m(x)
print(y.dtype, y.flatten().tolist())

@torch.compile
def f(m, x):
    return torch.relu(m(x)) * 2 + x.sum(dim=1, keepdim=True)  # traced

print(f(m, x).flatten().tolist())
print(F.softmax(x, dim=1))
print(F.mse_loss(x, x * 0.5).item(), F.layer_norm(x, (2,)).dtype)
m.float()
print(m.weight.dtype, m(x.float()).dtype)
m.to(torch.float64)
m(x.float())

# expected (hand)
# expected output:
# torch.float64 torch.float64 0.10000000149011612
# torch.float64 [0.10000000149011612, 2.600000001490116]
# [3.2000000029802322, 4.200000002980232]
# tensor([[2.6894e-01, 7.3106e-01],
#         [9.9909e-01, 9.1105e-04]], dtype=torch.float64)
# 1.875 torch.float64
# torch.float32 torch.float32
# expected error: RuntimeError: mat1 and mat2 must have the same dtype, but got Float and Double
# expected error line: 25
