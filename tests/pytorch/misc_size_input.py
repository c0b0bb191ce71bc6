# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_size_input
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts x + (a - b) == -10 for s a torch.Size, a tuple and a list,
# and frame_count == 3: "One recompile per differing input type".
# Translation: asserts for self.assertEqual; the count is also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(x, s):
    a, b = s
    return x + (a - b)


v = torch.zeros(10, 20)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert opt_fn(v, v.size())[0, 0] == -10, "torch.Size"
assert opt_fn(v, (10, 20))[0, 0] == -10, "tuple"
assert opt_fn(v, [10, 20])[0, 0] == -10, "list"
# One recompile per differing input type
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 3, "frame_count"

# expected output:
# frame_count 3
