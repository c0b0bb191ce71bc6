# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_dictcomp
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts results 101 and 201, frame_count 1 and op_count 2 for a
# dict comprehension (the second call reuses the graph).
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn1(inputs):
    return {k: v + 1 for k, v in inputs.items()}


v1 = torch.Tensor([100])
v2 = torch.Tensor([200])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn1 = torch.compile(fn1, backend=cnts)
assert opt_fn1({"a": v1, "b": v2})["a"] == 101, "a"
assert opt_fn1({"a": v1, "b": v2})["b"] == 201, "b"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 2, "op_count"

# expected output:
# frame_count 1 op_count 2
