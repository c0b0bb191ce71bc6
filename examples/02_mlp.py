# A small model compiled whole: one graph, fused into WebAssembly kernels.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        h = F.gelu(self.fc1(x))
        return F.softmax(self.fc2(h), dim=-1)

model = MLP(8, 32, 4)
print(model)
compiled = torch.compile(model)
x = torch.randn(3, 8)
probs = compiled(x)
print(probs.shape)
print((probs.sum(dim=-1) - 1).abs().max() < 1e-6)
print(torch.allclose(probs, model(x), atol=1e-6))
