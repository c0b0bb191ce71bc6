# The seed's advice: logging and preprocessing gain nothing from
# compilation and break graphs. Disable them; the model code around them
# stays compiled.
import torch

@torch.compiler.disable
def log_stats(name, t):
    print(f"{name}: mean={t.mean().item():.4f} max={t.max().item():.4f}")

@torch.compiler.disable(recursive=False)
def preprocess(x):
    x = x - x.mean()
    return normalize(x)

def normalize(x):
    return x / x.abs().max()

@torch.compile
def model(x):
    x = preprocess(x)
    y = torch.tanh(x * 3)
    log_stats("hidden", y)
    return y * y

print(model(torch.tensor([1.0, 2.0, 3.0, 6.0])))
