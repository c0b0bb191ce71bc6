# torch._dynamo.config.automatic_dynamic_shapes_mark_as = "unbacked": a
# dim that automatic dynamic shapes makes dynamic is an unbacked symbol
# (builder.py: DimDynamic.SIZE_LIKE_UNBACKED), which is not specialised
# at 0 or 1, so after the second compile sizes 1 and 0 reuse its graph
# (test_recompiles.py test_automatic_dynamic_shapes_mark_as_unbacked: 2
# frames, "not three or four!"); with the default "dynamic", sizes 0 and 1
# are specialised: two more compiles.
import torch

torch._dynamo.config.automatic_dynamic_shapes_mark_as = "unbacked"
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def f(x):
    return x * x + x.sum()  # traced


for n in (3, 2, 1, 0, 5, 1):
    x = torch.arange(float(n))
    r = f(x)
    print(n, torch.equal(r, x * x + x.sum()), tuple(r.shape), cnt.frame_count)

torch._dynamo.config.automatic_dynamic_shapes_mark_as = "dynamic"
cnt = torch._dynamo.testing.CompileCounter()
g = torch.compile(lambda x: x * x, backend=cnt)
for n in (3, 2, 1, 0):
    g(torch.ones(n))
print(cnt.frame_count)

# expected output:
# 3 True (3,) 1
# 2 True (2,) 2
# 1 True (1,) 2
# 0 True (0,) 2
# 5 True (5,) 2
# 1 True (1,) 2
# 4
