# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_inactive_context_graph_break_local
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts equal results and frame_count == 2: a set_grad_enabled
# context made before a graph break and entered after it; the graphs before
# and after the break compile once each.
# Translation: self.assertEqual on tensors is an assert of torch.allclose;
# requires_grad is compared as in the test (False on both sides); the
# count is also printed.
import torch


def fn(x):
    x = x + 1
    ctx = torch.set_grad_enabled(True)
    torch._dynamo.graph_break()
    with ctx:
        x = x + 1
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
