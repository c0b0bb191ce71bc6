# pytorch: test/dynamo/test_functions.py FunctionTests.test_call_dict4
# commit: 0014f2167fd77588eec64d39ef4428e95c614e46
# issue: 9
#
# A @make_test test: torch._dynamo.testing.standard_test runs fn on two sets
# of 1 random 10x10 tensors eagerly, then compiled with
# torch._dynamo.optimize_assert(CompileCounter()) (fullgraph: any graph break
# is an error) twice per set, and asserts every result equals eager (`same`)
# and frame_count == 1 (expected_frame_count; no expected_ops given).
# Covered: collections.OrderedDict of a tuple of pairs.
# Translation: make_test/standard_test (torch/_dynamo/testing.py) is copied
# as a module-level function with the same steps; the test body is `fn`;
# asserts for self.assertTrue/assertEqual; the count is also printed.
import collections

import torch
from torch._dynamo.testing import same


def standard_test(fn, nargs, expected_frame_count=1):
    actual = torch._dynamo.testing.CompileCounter()
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


def fn(x):
    my_list = (("a", x), ("b", x + 1), ("c", x + 2))
    d1 = dict(my_list)
    d1["a"] = x + 10
    d2 = collections.OrderedDict(my_list)
    d2["c"] = x + 20
    return d1["a"] + d2["c"] + 1


standard_test(fn, nargs=1)

# expected output:
# frame_count 1
