# pytorch: test/dynamo/_test_misc_part1.py MiscTestsPart1.test_boolarg
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the four results equal eager and frame_count == 3: a
# Python flag argument is specialised, so True, False and None each compile
# once and the second True call reuses its graph.
# Translation: CompileCounter and same come from torch._dynamo.testing as in
# _test_misc_common; assertTrue/assertEqual are asserts.
import torch
from torch._dynamo.testing import CompileCounter, same


def boolarg(aa, bb, flag):
    if flag:
        return aa - bb
    else:
        return bb - aa


a = torch.randn(10, 10)
b = torch.randn(10, 10)
correct1 = boolarg(a, b, True)
correct2 = boolarg(a, b, False)
correct3 = boolarg(a, b, None)
counter = CompileCounter()
opt_boolarg = torch._dynamo.optimize_assert(counter)(boolarg)
val1 = opt_boolarg(a, b, True)
val2 = opt_boolarg(a, b, False)
val3 = opt_boolarg(a, b, None)
val4 = opt_boolarg(a, b, True)
assert same(val1, correct1), "val1"
assert same(val2, correct2), "val2"
assert same(val3, correct3), "val3"
assert same(val4, correct1), "val4"
print("frame_count", counter.frame_count)
assert counter.frame_count == 3, "frame_count"

# expected output:
# frame_count 3
