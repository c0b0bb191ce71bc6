import torch

@torch.compile
def f(x, cfg):
    return x * cfg["scale"] + cfg["shift"]  # traced

base = {"scale": 2, "shift": 1}
print(f(torch.ones(2), base))
same = {"scale": 2, "shift": 1}
print(f(torch.ones(2), same))
print(f(torch.ones(2), {"scale": 3, "shift": 1}))
base["shift"] = 5
print(f(torch.ones(2), base))

# A config dict argument is guarded on the values read, not on its identity:
# an equal dict hits the cache; changed values (even by mutating the same
# dict) recompile.
# expected output:
# tensor([3., 3.])
# tensor([3., 3.])
# tensor([4., 4.])
# tensor([7., 7.])
# expected explain: graph_count=3 graph_break_count=0
