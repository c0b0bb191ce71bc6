import torch

@torch.compile
def f(x):
    return x * 2 + 1  # traced

print(f(torch.tensor([1.0, 2.0])))
print(f(torch.tensor([1, 2])))
print(f(torch.tensor([3.0, 4.0])))
print(f(torch.tensor([1, 2], dtype=torch.int32)))
print(f(torch.tensor([5, 6])))

# Guards on dtype: float32, int64, int32 each compile once; same-dtype
# same-shape calls hit the cache.
# expected output:
# tensor([3., 5.])
# tensor([3, 5])
# tensor([7., 9.])
# tensor([3, 5], dtype=torch.int32)
# tensor([11, 13])
# expected explain: graph_count=3 graph_break_count=0
