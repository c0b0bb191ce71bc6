# torch.unique (sorted values, return_inverse, return_counts), bincount
# (weights, minlength) and histc: output sizes that depend on the data
# are a graph break when compiled (as nonzero), the ops run eagerly and
# tracing resumes after them. Expected values by hand (torch.unique's and
# torch.bincount's docs examples).
import torch

@torch.compile
def f(x):
    y = x * 2  # traced
    u, inv, cnt = torch.unique(y, return_inverse=True, return_counts=True)  # traced, graph break: data_dependent
    return u + 1, inv, cnt  # traced

for r in f(torch.tensor([1, 3, 2, 3])):
    print(r)
print(torch.unique(torch.tensor([2.0, float("nan"), 1.0, 2.0])))
print(torch.bincount(torch.tensor([4, 3, 6, 3, 4])))
print(torch.tensor([0, 1, 1]).bincount(weights=torch.tensor([0.5, 1.0, 0.25]), minlength=4))
print(torch.bincount(torch.tensor([1, 1]), weights=torch.tensor([1, 2])))
print(torch.histc(torch.tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3))
print(torch.histc(torch.tensor([0.0, 1.0, 4.0]), bins=2))
try:
    torch.bincount(torch.tensor([1, -1]))
except RuntimeError as e:
    print(e)

# expected output:
# tensor([3, 5, 7])
# tensor([0, 2, 1, 2])
# tensor([1, 1, 2])
# tensor([1., 2., nan])
# tensor([0, 0, 0, 2, 2, 0, 1])
# tensor([0.5000, 1.2500, 0.0000, 0.0000])
# tensor([0., 3.], dtype=torch.float64)
# tensor([0., 2., 1., 0.])
# tensor([2., 1.])
# bincount only supports 1-d non-negative integral inputs.
# expected explain: graph_count=2 graph_break_count=1
