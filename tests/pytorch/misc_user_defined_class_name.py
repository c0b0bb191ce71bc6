# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_user_defined_class_name
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch's standard_test (frame_count 1, no expected_ops):
# `tmp.__class__.__name__ == "MyClassFoo"` is decided while tracing.
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
    print("frame_count", actual.frame_count)
    assert actual.frame_count == expected_frame_count, "frame_count"
    if expected_ops is not None:
        assert actual.op_count == expected_ops, "op_count"


class MyClassFoo:
    pass


def fn1(a, b, c):
    tmp = MyClassFoo()
    if tmp.__class__.__name__ == "MyClassFoo":
        return a - b / c


standard_test(fn1, nargs=3)

# expected output:
# frame_count 1
