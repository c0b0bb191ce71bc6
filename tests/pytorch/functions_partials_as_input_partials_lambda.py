# pytorch: test/dynamo/test_functions.py FunctionTests.test_partials_as_input_partials_lambda
# commit: 0014f2167fd77588eec64d39ef4428e95c614e46
# issue: 9
#
# PyTorch asserts that a function given two functools.partial objects of a
# lambda (y=3, y=2) compiles into one frame with fullgraph=True (Dynamo
# traces the partials: no graph break) and cnts.frame_count == 1.
# Translation: the count is also printed, and the result is compared with
# the eager call (the test only runs it).
import functools

import torch


def fn(f0, f1, x):
    return f0(x) * f1(x)


multiply = lambda x, y: x * y
lambda0 = functools.partial(multiply, y=3)
lambda1 = functools.partial(multiply, y=2)

cnts = torch._dynamo.testing.CompileCounter()
x = torch.randn(2, 2)
out = torch.compile(fn, backend=cnts, fullgraph=True)(lambda0, lambda1, x)
print("frame_count", cnts.frame_count, torch.allclose(out, fn(lambda0, lambda1, x)))
assert cnts.frame_count == 1, "frame_count"

# expected output:
# frame_count 1 True
