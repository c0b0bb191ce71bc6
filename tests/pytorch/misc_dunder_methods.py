# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_dunder_methods
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch's standard_test with expected_ops=4: user __add__, __mul__,
# __truediv__ and __sub__ on wrapper objects are inlined, leaving four
# tensor ops.
# Translation: standard_test (torch/_dynamo/testing.py) is copied as a
# module-level function with the same steps (optimize_assert with a
# CompileCounter, two input sets, results compared with `same`, frame_count
# 1 and expected_ops); the counts are also printed.
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


class Foo:
    def __init__(self, val):
        super().__init__()
        self.val = val

    def __add__(self, other):
        return Foo(self.val + other.val)

    def __mul__(self, other):
        return Foo(self.val * other.val)

    def __truediv__(self, other):
        return Foo(self.val / other.val)

    def __sub__(self, other):
        return Foo(self.val - other.val)


def fn(a, b, c):
    return Foo(a) + Foo(b) * Foo(c) / Foo(a) - Foo(b)


standard_test(fn, nargs=3, expected_ops=4)

# expected output:
# frame_count 1 op_count 4
