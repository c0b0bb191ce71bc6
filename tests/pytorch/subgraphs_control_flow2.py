# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_control_flow2
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 1 and op_count == 3: `if a.sum() >
# b.sum():` breaks the graph at the branch; one graph of three ops (sum,
# sum, gt), the branches return Python ints.
# Translation: SubGraphTests._common is a module-level function with the
# same body; self.assertTrue/assertEqual are asserts; the counts are also
# printed so a difference shows in the output diff.
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
    if a.sum() > b.sum():
        return 1
    else:
        return 2


_common(fn, 1, 3)

# expected output:
# frame_count 1 op_count 3
