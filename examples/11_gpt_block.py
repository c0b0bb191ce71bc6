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
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        att = q @ k.transpose(-2, -1) / math.sqrt(C // self.heads)
        att = att.masked_fill(~self.mask[:T, :T], float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        x = x + self.proj(y.transpose(1, 2).reshape(B, T, C))
        return x + self.out(F.gelu(self.fc(self.ln2(x))))

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
