# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_list_mul
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the result [None] * 4 and, with assume_static_by_default
# (the default), frame_count 0 and op_count 0: an int argument and
# list/tuple arithmetic leave no tensor op, so no graph is compiled.
# Translation: assertEqual/assertExpectedInline are asserts (the static
# branch of the test's `if`, since config.assume_static_by_default is True
# by default); the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(count):
    head_mask = count * [None] * count
    return head_mask


cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert opt_fn(2) == [None] * 4, "result"
assert torch._dynamo.config.assume_static_by_default, "static by default"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 0, "frame_count"
assert cnts.op_count == 0, "op_count"

# expected output:
# frame_count 0 op_count 0
