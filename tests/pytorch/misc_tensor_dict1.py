# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_tensor_dict1
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the result -200, frame_count 1 and op_count 2 for a dict
# of tensors as the argument (fullgraph).
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(inputs):
    return inputs["a"] - inputs["b"] * 1.5


v1 = torch.Tensor([100])
v2 = torch.Tensor([200])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
assert opt_fn({"a": v1, "b": v2})[0] == -200, "result"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 2, "op_count"

# expected output:
# frame_count 1 op_count 2
