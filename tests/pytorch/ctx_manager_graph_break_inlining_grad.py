# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_graph_break_inlining_grad
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts frame_count == 2: gn, inlined, breaks the graph inside
# torch.no_grad(); the graph before the call and gn's resumed part compile.
# Translation: x and y are made without requires_grad=True and the
# .sum().backward() after the call is left out: dynawasm has no autograd
# (both are NotImplementedError); the count is also printed.
import torch


def gn(z):
    with torch.no_grad():
        torch._dynamo.graph_break()
        return torch.sin(z)


def fn(x, y, z):
    a = torch.mm(x, y)
    z = gn(z)
    return a


torch._dynamo.reset()
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=False)
x = torch.randn(4, 4)
y = torch.randn(4, 4)
z = torch.randn(4)
opt_fn(x, y, z).sum()
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
