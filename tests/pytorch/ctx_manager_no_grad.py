# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_no_grad
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch runs standard_test on four functions under torch.no_grad() and
# then under torch.enable_grad(), asserting expected_ops 3, 3, 5, 5 and then
# 5, 5, 3, 3: a grad-mode context that changes the mode adds two ops to the
# graph (entering and leaving: _set_grad_enabled calls), one that leaves the
# mode as it is is a "coalesced noop" (3 ops, the additions).
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


def fn1(a, b):
    x = a + 1
    # redundant no_grad should get ignored
    with torch.no_grad():
        x = x + b
    x = x + 2
    return x


def fn2(a, b):
    x = a + 1
    with torch.set_grad_enabled(False):
        x = x + b
    x = x + 2
    return x


def fn3(a, b):
    x = a + 1
    with torch.enable_grad():
        x = x + b
    x = x + 2
    return x


def fn4(a, b):
    x = a + 1
    with torch.set_grad_enabled(True):
        if torch.is_grad_enabled():
            x = x + b
    x = x + 2
    return x


with torch.no_grad():
    standard_test(fn1, nargs=2, expected_ops=3)  # coalesced noop
    standard_test(fn2, nargs=2, expected_ops=3)  # coalesced noop
    standard_test(fn3, nargs=2, expected_ops=5)
    standard_test(fn4, nargs=2, expected_ops=5)
with torch.enable_grad():
    standard_test(fn1, nargs=2, expected_ops=5)
    standard_test(fn2, nargs=2, expected_ops=5)
    standard_test(fn3, nargs=2, expected_ops=3)  # coalesced noop
    standard_test(fn4, nargs=2, expected_ops=3)  # coalesced noop

# expected output:
# frame_count 1 op_count 3
# frame_count 1 op_count 3
# frame_count 1 op_count 5
# frame_count 1 op_count 5
# frame_count 1 op_count 5
# frame_count 1 op_count 5
# frame_count 1 op_count 3
# frame_count 1 op_count 3
