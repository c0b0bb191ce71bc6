import torch

@torch.compile
def f(x, ws):
    for w in ws:  # traced
        x = x * w  # traced
    return x  # traced

first = [2, 3]
print(f(torch.ones(2), first))
print(f(torch.ones(2), [2, 4]))
print(f(torch.ones(2), [2, 3, 1]))
again = [2, 3]
print(f(torch.ones(2), again))

# The Python list's length and values are guarded, not its identity: new
# values or a new length recompile; another list equal to the first (a
# different object, `first` is still alive) hits the first cache entry.
# expected output:
# tensor([6., 6.])
# tensor([8., 8.])
# tensor([6., 6.])
# tensor([6., 6.])
# expected explain: graph_count=3 graph_break_count=0
