# Found by the CI fuzz smoke (fuzz_diff, UBSan): a compiled amax/amin of a
# float64 tensor starts its 2-lane accumulator at -inf/+inf, and the
# emitter converted that double to int64 before taking its bits (undefined
# behaviour; the bits were right only by accident).
import torch

@torch.compile
def f(x):
    return x.amax(), x.amin(), (x * 2).amax(dim=0)  # traced

x = torch.tensor([[0.5, -1.0, 3.0], [2.0, 0.25, -7.5]], dtype=torch.float64)
a, b, c = f(x)
print(a.item(), b.item(), c)
# 37 elements: the 2-lane vector loops (the accumulator a v128 constant)
y = torch.arange(37, dtype=torch.float64) * 0.5 - 4.0
print(f(y.reshape(1, 37))[0].item(), f(y.reshape(1, 37))[1].item())

# expected output:
# 3.0 -7.5 tensor([4.0000, 0.5000, 6.0000], dtype=torch.float64)
# 14.0 -4.0
