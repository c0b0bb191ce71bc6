# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_tensor_dict3
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager, frame_count 1 and op_count 5: the union
# of two dicts' keys iterated with in-place additions (fullgraph).
# Translation: asserts for self.assertEqual (on tensors:
# torch._dynamo.testing.same); the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(inputs_a, inputs_b):
    total = torch.zeros(1)
    input_keys = inputs_a.keys() | inputs_b.keys()
    for k in input_keys:
        if k in inputs_a:
            total += inputs_a[k]
        if k in inputs_b:
            total += inputs_b[k]
    return total


v1 = torch.Tensor([100])
v2 = torch.Tensor([200])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
assert same(
    opt_fn({"a": v1, "b": v2}, {"b": v1, "c": v2}),
    fn({"a": v1, "b": v2}, {"b": v1, "c": v2}),
), "compiled == eager"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 5, "op_count"

# expected output:
# frame_count 1 op_count 5
