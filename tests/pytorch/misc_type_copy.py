# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_type_copy
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for type(seq)([...]) with a list and
# then a tuple argument, the result types list and tuple, frame_count 2 and
# op_count 6 (one graph per sequence type, three additions each).
# Translation: assertTrue(same(...)) is assert same(...),
# assertIs/assertIsInstance are asserts; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(seq):
    a, b = seq
    return type(seq)([a + 1, b + 2, a + b])


args1 = [torch.randn(10), torch.randn(10)]
args2 = (torch.randn(10), torch.randn(10))
correct1 = fn(args1)
correct2 = fn(args2)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(args1), correct1), "list"
assert same(opt_fn(args2), correct2), "tuple"
assert isinstance(opt_fn(args1), list), "list type"
assert isinstance(opt_fn(args2), tuple), "tuple type"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 2, "frame_count"
assert cnts.op_count == 6, "op_count"

# expected output:
# frame_count 2 op_count 6
