# title: GPT block
# A GPT-style transformer block: LayerNorm, causal self-attention with a
# tril mask and masked_fill, a GELU MLP and two residuals, compiled into
# one graph.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

class Block(nn.Module):
    def __init__(self, C, heads, T):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(C)
        self.qkv = nn.Linear(C, 3 * C)
        self.proj = nn.Linear(C, C)
        self.ln2 = nn.LayerNorm(C)
        self.fc = nn.Linear(C, 4 * C)
        self.out = nn.Linear(4 * C, C)
        self.register_buffer("mask", torch.tril(torch.ones(T, T)).bool())

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)  # traced, not traced
        q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)  # traced, not traced
        k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)  # traced, not traced
        v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)  # traced, not traced
        att = q @ k.transpose(-2, -1) / math.sqrt(C // self.heads)  # traced, not traced
        att = att.masked_fill(~self.mask[:T, :T], float("-inf"))  # traced, not traced
        y = F.softmax(att, dim=-1) @ v  # traced, not traced
        x = x + self.proj(y.transpose(1, 2).reshape(B, T, C))  # traced, not traced
        return x + self.out(F.gelu(self.fc(self.ln2(x))))  # traced, not traced

block = Block(16, 2, 8).eval()
with torch.no_grad():
    for name, p in block.named_parameters():
        if p.dim() == 2:
            p.copy_(((torch.arange(p.numel()) % 9 - 4) * 0.05).reshape(p.shape))
        elif name.endswith("bias"):
            p.zero_()
x = ((torch.arange(2 * 6 * 16) % 17 - 8) / 8).reshape(2, 6, 16)
compiled = torch.compile(block)
with torch.no_grad():
    y = compiled(x)
    print(y.shape)
    print(y[0, :, :4])
    print(torch.allclose(y, block(x), atol=1e-5))

# expected output:
# torch.Size([2, 6, 16])
# tensor([[-1.3167, -1.6474, -0.6671,  0.5252],
#         [ 0.9227, -0.9605, -0.2234,  0.5824],
#         [ 0.1710,  0.7875, -0.8013, -0.6881],
#         [ 0.9340,  1.8542,  2.0820, -2.1352],
#         [ 0.5720,  1.4387,  0.6612,  0.5385],
#         [ 1.7101,  2.0783, -0.7923, -0.1866]])
# True
# expected explain: graph_count=1 graph_break_count=0
