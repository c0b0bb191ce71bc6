# The seed's advice: logging and preprocessing gain nothing from
# compilation and break graphs. Disable them; the model code around them
# stays compiled.
import torch

@torch.compiler.disable
def log_stats(name, t):  # disabled
    print(f"{name}: mean={t.mean().item():.4f} max={t.max().item():.4f}")  # not traced

@torch.compiler.disable(recursive=False)
def preprocess(x):  # disabled(recursive=False)
    x = x - x.mean()  # not traced
    return normalize(x)  # not traced

def normalize(x):
    return x / x.abs().max()  # traced

@torch.compile
def model(x):
    x = preprocess(x)  # traced, graph break: disabled_call
    y = torch.tanh(x * 3)  # traced
    log_stats("hidden", y)  # traced, graph break: disabled_call
    return y * y  # traced

print(model(torch.tensor([1.0, 2.0, 3.0, 6.0])))

# expected output:
# hidden: mean=-0.1826 max=0.9951
# tensor([0.9293, 0.5800, 0.0000, 0.9901])
# expected explain: graph_count=3 graph_break_count=2
