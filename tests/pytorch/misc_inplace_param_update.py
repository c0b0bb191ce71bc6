# pytorch: test/dynamo/test_misc.py MiscTests.test_inplace_param_update
# commit: 79a74b23dd86dcedc231caddb3ad937c80bba8f1
# issue: 9
#
# PyTorch asserts frame_count 1 and op_count 3 for a Parameter updated in
# place (param.add_(y)) with grad mode switched off around it, compiled
# with fullgraph=True: the graph is _set_grad_enabled(False), add_,
# _set_grad_enabled(True) (the False/True pair before add_ is cleaned up).
# Translation: try/finally kept; the counts are also printed; the values
# are checked against eager (param updated by y twice: once by the eager
# call of the test, once by the compiled one).
import torch


def fn(param, y):
    prev_grad = torch.is_grad_enabled()
    try:
        torch.set_grad_enabled(False)
        torch.set_grad_enabled(True)
        torch.set_grad_enabled(False)
        param.add_(y)
    finally:
        torch.set_grad_enabled(prev_grad)


y = torch.randn(4)
x = torch.nn.Parameter(torch.randn(4))
x0 = x.detach().clone()
fn(x, y)

cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
opt_fn(x, y)
print("frame_count", cnts.frame_count)
print("op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 3, "op_count"
assert torch.allclose(x.detach(), x0 + y + y), "param updated twice"
assert torch.is_grad_enabled(), "grad mode restored"

# expected output:
# frame_count 1
# op_count 3
