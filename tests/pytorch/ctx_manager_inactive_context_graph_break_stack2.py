# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_inactive_context_graph_break_stack2
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts equal results and frame_count == 2: a set_grad_enabled
# context is an argument of a call whose last argument breaks the graph;
# the call then runs gn, which enters the context.
# Translation: self.assertEqual on tensors is an assert of torch.allclose;
# requires_grad is compared as in the test (False on both sides); the
# count is also printed.
import torch


def gn(x, ctx, y, z, dummy):
    with ctx:
        return x * y * z


def fn(x):
    x = x + 1
    x = gn(x, torch.set_grad_enabled(True), 2, 3, torch._dynamo.graph_break())
    return x


x = torch.zeros(10, requires_grad=False)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert torch.allclose(fn(x), opt_fn(x)), "fn(x) == opt_fn(x)"
assert fn(x).requires_grad == opt_fn(x).requires_grad, "requires_grad"
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
