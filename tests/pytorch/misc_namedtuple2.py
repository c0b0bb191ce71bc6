# pytorch: test/dynamo/test_misc.py MiscTests.test_namedtuple2
# commit: 001077cbc0f328b8a743c7a2d1bf64f98c096377
# issue: 9
#
# PyTorch asserts that fn, unpacking a namedtuple input, reading a field
# found by hasattr, an item by index and len(packed._fields), compiles to
# one frame with four ops and returns 10 (1 + 3 + 3 + 3).
# Translation: MyTuple is the test file's module-level namedtuple;
# assertEqual(tensor, 10) is an assert on the tensor compared with 10; the
# counts are also printed.
import collections

import torch

MyTuple = collections.namedtuple("MyTuple", ["a", "b", "ab"])


def fn(packed):
    a, b, c = packed
    if hasattr(packed, "b"):
        b = packed.b + 1
    c = packed[2]
    d = len(packed._fields)
    return a + b + c + d


v1 = torch.Tensor([1])
v2 = torch.Tensor([2])
v3 = torch.Tensor([3])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
r = opt_fn(MyTuple(v1, v2, v3))[0]
assert bool(r == 10), "result"
print(r)
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 4, "op_count"

# expected output:
# tensor(10.)
# frame_count 1 op_count 4
