# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_listcomp
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the result 302, frame_count 1 and op_count 4 (two adds,
# cat, sum) for a list comprehension in a cat.
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn2(inputs):
    return torch.sum(torch.cat([v + 1 for k, v in inputs.items()], 0))


v1 = torch.Tensor([100])
v2 = torch.Tensor([200])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn2 = torch.compile(fn2, backend=cnts)
assert opt_fn2({"a": v1, "b": v2}) == 302, "result"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 4, "op_count"

# expected output:
# frame_count 1 op_count 4
