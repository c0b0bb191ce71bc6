import torch

@torch.compile
def f(x):
    a = x + 1  # traced
    return {"plus": a, "pair": (a * 2, x.shape[0])}  # traced

out = f(torch.tensor([1.0, 2.0]))
print(out)
print(out["pair"][0].sum())

# expected output:
# {'plus': tensor([2., 3.]), 'pair': (tensor([4., 6.]), 2)}
# tensor(10.)
# expected explain: graph_count=1 graph_break_count=0
