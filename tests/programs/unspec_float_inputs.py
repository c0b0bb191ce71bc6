# torch._dynamo.config.specialize_float = False (PyTorch's default is
# True): a float argument is a graph input, not a constant
# (variables/builder.py wrap_symfloat: a float64 tensor input and its
# item(), a backed SymFloat), guarded by its type only, so a new value is
# no recompile. A comparison of it with a constant that decides a branch
# is guarded (the other outcome compiles again, as test_unspec.py
# test_unspec_float_input asserts); nan and inf are specialised
# (wrap_symfloat), and a nan is never equal to itself: it always
# recompiles.
import math

import torch

torch._dynamo.config.specialize_float = False


def show(gm, example_inputs):
    print([n.name for n in gm.graph.nodes if n.op not in ("placeholder", "output")])
    return gm.forward


def scale(x, s):
    return x * s + s * 2  # traced


x = torch.arange(3.0)
torch.compile(scale, backend=show)(x, 0.5)
cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(scale, backend=cnt)
for s in (0.5, 2.0, -3.25):
    print(opt(x, s), torch.equal(opt(x, s), x * s + s * 2))
print(cnt.frame_count, cnt.op_count)
opt(x, math.inf)
opt(x, math.inf)
print(cnt.frame_count)
opt(x, math.nan)
opt(x, math.nan)
print(cnt.frame_count)
opt(x, 1.5)
print(cnt.frame_count)


def pick(x, y):
    if y == 5.0:  # traced
        return x + 2  # traced
    return x + y  # traced


cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(pick, backend=cnt, fullgraph=True)
print(opt(x, 3.0), opt(x, 4.0), cnt.frame_count)
print(opt(x, 5.0), cnt.frame_count)
print(opt(x, 6.0), opt(x, 5.0), cnt.frame_count)

torch._dynamo.config.specialize_float = True
cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(scale, backend=cnt)
opt(x, 0.5)
opt(x, 2.0)
print(cnt.frame_count)

# expected output:
# ['item', 'mul', 'mul_1', 'add']
# tensor([1.0000, 1.5000, 2.0000]) True
# tensor([4., 6., 8.]) True
# tensor([ -6.5000,  -9.7500, -13.0000]) True
# 1 4
# 2
# 4
# 4
# tensor([3., 4., 5.]) tensor([4., 5., 6.]) 1
# tensor([2., 3., 4.]) 2
# tensor([6., 7., 8.]) tensor([2., 3., 4.]) 2
# 2
