# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_inactive_context_graph_break_stack
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts equal results: a set_grad_enabled context passed through
# a function that breaks the graph, entered after the call.
# Translation: self.assertEqual on tensors is an assert of torch.allclose;
# requires_grad is compared as in the test (False on both sides); the grad
# mode after the calls is printed.
import torch


def gn(ctx):
    torch._dynamo.graph_break()
    return ctx


def fn(x):
    x = x + 1
    ctx = gn(torch.set_grad_enabled(True))
    # we expect a graph break on next line as well
    with ctx:
        x = x + 1
    return x


x = torch.zeros(10, requires_grad=False)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert torch.allclose(fn(x), opt_fn(x)), "fn(x) == opt_fn(x)"
assert fn(x).requires_grad == opt_fn(x).requires_grad, "requires_grad"
print(torch.is_grad_enabled())

# expected output:
# True
