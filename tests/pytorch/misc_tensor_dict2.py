# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_tensor_dict2
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts 300 from each of three functions iterating a dict
# (items(), values(), keys()), frame_count 3 and op_count 9 (zeros and two
# in-place adds each).
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn1(inputs):
    total = torch.zeros(1)
    for k, v in inputs.items():
        total += v
    return total


def fn2(inputs):
    total = torch.zeros(1)
    for v in inputs.values():
        total += v
    return total


def fn3(inputs):
    total = torch.zeros(1)
    for k in inputs.keys():
        total += inputs[k]
    return total


v1 = torch.Tensor([100])
v2 = torch.Tensor([200])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn1 = torch.compile(fn1, backend=cnts, fullgraph=True)
opt_fn2 = torch.compile(fn2, backend=cnts, fullgraph=True)
opt_fn3 = torch.compile(fn3, backend=cnts, fullgraph=True)
assert opt_fn1({"a": v1, "b": v2})[0] == 300, "fn1"
assert opt_fn2({"a": v1, "b": v2})[0] == 300, "fn2"
assert opt_fn3({"a": v1, "b": v2})[0] == 300, "fn3"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 3, "frame_count"
assert cnts.op_count == 9, "op_count"

# expected output:
# frame_count 3 op_count 9
