# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_tensor_build_list_unpack
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager, frame_count 1 and op_count 2 for
# torch.cat([*x], dim=-1) ("seen in fastNLP_Bert"): unpacking a tensor along
# dim 0 and the cat.
# Translation: assertTrue(same(...)) is assert same(...); the counts are
# also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    # seen in fastNLP_Bert
    return torch.cat([*x], dim=-1)


val = torch.randn([1, 1, 473, 768])
correct = fn(val)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(val), correct), "compiled == eager"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 2, "op_count"

# expected output:
# frame_count 1 op_count 2
