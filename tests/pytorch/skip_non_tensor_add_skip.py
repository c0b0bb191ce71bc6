# pytorch: test/dynamo/test_skip_non_tensor.py SkipNonTensorTests.test_add_skip
# commit: 021af1dcfbe4b21c9bc7636a89b48e3fb54df187
# issue: 10
#
# PyTorch asserts op_count == 0 when no argument is a tensor: the frame is
# skipped, not compiled (optimize_assert does not make this an error).
# Translation: the `if ...: raise AssertionError(...)` of the test is kept.
import torch
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    return a + b


counter = CompileCounter()
opt_fn = torch._dynamo.optimize_assert(counter)(fn)
x = 4
y = 5
opt_fn(x, y)

print("op_count", counter.op_count)
if counter.op_count != 0:
    raise AssertionError(f"Expected op_count 0, got {counter.op_count}")

# expected output:
# op_count 0
