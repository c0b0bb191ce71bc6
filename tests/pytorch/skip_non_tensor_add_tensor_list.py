# pytorch: test/dynamo/test_skip_non_tensor.py SkipNonTensorTests.test_add_tensor_list
# commit: 021af1dcfbe4b21c9bc7636a89b48e3fb54df187
# issue: 10
#
# PyTorch asserts op_count == 1 when the tensor and the int come in a list.
# Translation: the `if ...: raise AssertionError(...)` of the test is kept.
import torch
from torch._dynamo.testing import CompileCounter


def fn(lst):
    return lst[0] + lst[1]


counter = CompileCounter()
x = torch.randn(4)
y = 5
opt_fn = torch._dynamo.optimize_assert(counter)(fn)
opt_fn([x, y])

print("op_count", counter.op_count)
if counter.op_count != 1:
    raise AssertionError(f"Expected op_count 1, got {counter.op_count}")

# expected output:
# op_count 1
