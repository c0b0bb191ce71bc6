# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_graph_break_on_item
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 2 and op_count == 5 with
# capture_scalar_outputs=False: `x.item()` needs the tensor's value, so it
# breaks the graph (a Python value derived from the arguments); the ops before
# (add, sub, sum) and after (add, div) form two graphs.
# Translation: the two @patch.object decorators become
# torch._dynamo.config.patch(...) as a context manager; the `dynamic_shapes`
# flag of the test's era no longer exists in PyTorch (dynamic shapes are always
# available), so only capture_scalar_outputs is patched.
import torch


def _common(fn, frame_count, op_count):
    torch._dynamo.reset()
    v1 = torch.ones(10)
    v2 = torch.ones(10) * -2.0
    correct1 = fn(v1, v2)
    correct2 = fn(v2, v1)
    cnt = torch._dynamo.testing.CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt)(fn)
    r1 = opt_fn(v1, v2)
    r2 = opt_fn(v2, v1)
    assert torch._dynamo.testing.same(r1, correct1), "r1 == fn(v1, v2)"
    assert torch._dynamo.testing.same(r2, correct2), "r2 == fn(v2, v1)"
    print("frame_count", cnt.frame_count, "op_count", cnt.op_count)
    assert cnt.frame_count == frame_count, f"actual {cnt.frame_count} != expected {frame_count}"
    assert cnt.op_count == op_count, f"op_count {cnt.op_count} != expected {op_count}"


def fn(a, b):
    x = a + b - 1.5
    x = x.sum()
    x.item()
    x = x / (a + b)
    return x


with torch._dynamo.config.patch(capture_scalar_outputs=False):
    _common(fn, 2, 5)

# expected output:
# frame_count 2 op_count 5
