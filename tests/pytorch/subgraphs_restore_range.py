# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_restore_range
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 2 and op_count == 4 (the
# config.assume_static_by_default branch, the default): a range object
# created before a break is restored in the resume function and the loop over
# it is unrolled into the second graph (three adds).
# Translation: _common as in the test; the `if config.assume_static_by_default`
# branch taken is the default one.
import torch
from torch._dynamo.testing import unsupported


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
    x = a + b
    rng = range(3, 8, 2)
    x = unsupported(x, x)
    for i in rng:
        x = x + i
    return x


assert torch._dynamo.config.assume_static_by_default, "default config"
_common(fn, 2, 4)

# expected output:
# frame_count 2 op_count 4
