# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_assert
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that `assert x.shape != x.shape` in a compiled function
# raises AssertionError, and that fn2 (`assert x.shape == x.shape`, then
# x.abs()) passes standard_test with expected_ops=1: an assert on shapes is
# decided while tracing, no graph op and no break.
# Translation: the assertRaises block is try/except AssertionError;
# standard_test (torch/_dynamo/testing.py) is copied as a module-level
# function with the same steps (optimize_assert with a CompileCounter, two
# input sets, results compared with `same`, frame_count 1 and expected_ops);
# asserts for self.assert*; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def standard_test(fn, nargs, expected_ops=None, expected_frame_count=1):
    actual = CompileCounter()
    args1 = [torch.randn(10, 10) for _ in range(nargs)]
    args2 = [torch.randn(10, 10) for _ in range(nargs)]
    correct1 = fn(*args1)
    correct2 = fn(*args2)
    torch._dynamo.reset()
    opt_fn = torch._dynamo.optimize_assert(actual)(fn)
    val1a = opt_fn(*args1)
    val2a = opt_fn(*args2)
    val1b = opt_fn(*args1)
    val2b = opt_fn(*args2)
    torch._dynamo.reset()
    assert same(val1a, correct1), "val1a"
    assert same(val1b, correct1), "val1b"
    assert same(val2a, correct2), "val2a"
    assert same(val2b, correct2), "val2b"
    print("frame_count", actual.frame_count, "op_count", actual.op_count)
    assert actual.frame_count == expected_frame_count, "frame_count"
    if expected_ops is not None:
        assert actual.op_count == expected_ops, "op_count"


@torch.compile(backend="eager")
def fn1(x):
    assert x.shape != x.shape  # noqa: S101


try:
    a = torch.randn(10)
    fn1(a)
    raised = False
except AssertionError:
    raised = True
print("fn1 raised AssertionError", raised)
assert raised, "fn1 raises AssertionError"


def fn2(x):
    assert x.shape == x.shape  # noqa: S101
    return x.abs()


standard_test(fn2, nargs=1, expected_ops=1)

# expected output:
# fn1 raised AssertionError True
# frame_count 1 op_count 1
