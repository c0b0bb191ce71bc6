import torch

@torch.compile
def f(x, alpha=0.5):
    return x * alpha  # traced

print(f(torch.ones(2)))
print(f(torch.ones(2), 1.5))
print(f(torch.ones(2), alpha=0.5))
print(f(torch.ones(2), 0.25))

# A float argument (default or passed) is a guarded constant: 0.5, 1.5, 0.25.
# expected output:
# tensor([0.5000, 0.5000])
# tensor([1.5000, 1.5000])
# tensor([0.5000, 0.5000])
# tensor([0.2500, 0.2500])
# expected explain: graph_count=3 graph_break_count=0
