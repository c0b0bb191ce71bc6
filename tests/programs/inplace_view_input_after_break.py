import torch

@torch.compile
def f(x0, x2):
    v9 = x0 * 2  # traced
    v10 = v9.clone()  # traced
    t10 = v10[0]  # traced
    t10.mul_(x2.amax().item())  # traced, graph break: data_dependent
    v11 = torch.clamp(v10, max=502.75)  # traced
    return (v11,)  # traced

print(f(torch.ones(2, 3), torch.tensor([3, 1], dtype=torch.int32)))

# After the break at .item(), t10 and v10 enter the next graph as two
# inputs sharing memory (t10 is row 0 of v10). An in-place update of a
# tensor whose storage is shared runs eagerly, so that clamp(v10) sees the
# update through the view, as in PyTorch (found by the differential test,
# seed 170). PyTorch keeps the update in the graph (2 graphs); dynawasm
# breaks there (3 graphs).
# expected output:
# (tensor([[6., 6., 6.],
#         [2., 2., 2.]]),)
