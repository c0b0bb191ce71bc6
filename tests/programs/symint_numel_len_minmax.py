# With dynamic shapes, x.numel(), len(x) and max()/min() of a symbolic size
# are SymInts too (TensorVariable.method_numel, BuiltinVariable's len and
# _call_min_max, which makes torch.sym_max / torch.sym_min nodes instead of
# guarding on which operand is larger): a graph using them serves every
# size, so dynamic=True compiles once for sizes 3 to 6, and automatic
# dynamic twice (the first size is static, the recompile makes it
# symbolic).
import torch


def f(x):
    n = x.numel()  # traced
    m = len(x)  # traced
    k = max(x.shape[0], 2)  # traced
    j = min(x.shape[0], 4)  # traced
    return x * n + m + k + x.size(0) // 2, x[:1] + j  # traced


cnt = torch._dynamo.testing.CompileCounter()
g = torch.compile(f, backend=cnt, dynamic=True)
for s in [3, 4, 5, 6]:
    print(g(torch.ones(s)))
print("dynamic=True frame_count", cnt.frame_count)

cnt = torch._dynamo.testing.CompileCounter()
h = torch.compile(f, backend=cnt)
for s in [3, 4, 5, 6]:
    h(torch.ones(s, 2))
print("automatic dynamic frame_count", cnt.frame_count)


@torch.compile(dynamic=True)
def clamp_rows(x):
    return x[: max(x.shape[0] - 3, 1)].sum()  # traced


print([clamp_rows(torch.arange(float(s))).item() for s in [2, 3, 4, 6]])

# expected output:
# (tensor([10., 10., 10.]), tensor([4.]))
# (tensor([14., 14., 14., 14.]), tensor([5.]))
# (tensor([17., 17., 17., 17., 17.]), tensor([5.]))
# (tensor([21., 21., 21., 21., 21., 21.]), tensor([5.]))
# dynamic=True frame_count 1
# automatic dynamic frame_count 2
# [0.0, 0.0, 0.0, 3.0]
