# title: Preprocessing and logging
# A pipeline as people write it around a model: normalisation and clipping
# compile; logging helpers (print, .item()) and a data-dependent filter
# (boolean-mask indexing) break the graph; a helper under
# torch.compiler.disable runs eagerly. Each piece in between is a graph.
import torch
import torch.nn as nn
import torch.nn.functional as F

@torch.compiler.disable
def log_stats(name, t):
    print(f"{name}: mean={t.mean().item():.4f} max={t.max().item():.4f}")

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3)).eval()
with torch.no_grad():
    for name, p in model.named_parameters():
        p.copy_(((torch.arange(p.numel()) % 5 - 2) * 0.25).reshape(p.shape))

@torch.compile
def pipeline(raw):
    x = (raw - raw.mean(0)) / (raw.std(0) + 1e-5)
    x = x.clamp(-1.5, 1.5)
    log_stats("normalised", x)
    keep = x.abs().sum(1) < 4.0
    print("kept", keep.sum().item(), "of", raw.shape[0])
    x = x[keep]
    probs = F.softmax(model(x), dim=-1)
    return probs.argmax(1), probs.amax(1)

base = (torch.arange(24.) % 7 * 1.5 - torch.arange(24.) % 3).reshape(6, 4)
raw = torch.cat([base[:4], torch.tensor([[9.0, -9.0, 9.0, -9.0]]), base[5:]])
with torch.no_grad():
    labels, confidence = pipeline(raw)
print(labels)
print(confidence)
