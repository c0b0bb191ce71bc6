# A tour of the four usual reasons a graph breaks. Hover a break in the
# playground to see the reason and what to do about it.
import torch

@torch.compile
def step(x):
    y = x * 2 + 1
    print("y computed")
    s = y.sum().item()
    if y.mean() > 4:
        y = y - s
    torch._dynamo.graph_break()
    return y.relu()

print(step(torch.arange(4.0)))
print(step(torch.arange(4.0) + 2))
