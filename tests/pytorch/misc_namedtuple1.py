# pytorch: test/dynamo/test_misc.py MiscTests.test_namedtuple1
# commit: 001077cbc0f328b8a743c7a2d1bf64f98c096377
# issue: 9
#
# PyTorch asserts that fn, building a collections.namedtuple from its
# inputs and another from the first one's fields (by name and by index),
# compiles to one frame with two ops (a + b, tmp.ab + b), and that the
# result's field ab is 50.
# Translation: MyTuple is the test file's module-level namedtuple;
# assertEqual(tensor, 50) is an assert on the tensor compared with 50; the
# counts are also printed.
import collections

import torch

MyTuple = collections.namedtuple("MyTuple", ["a", "b", "ab"])


def fn(a, b):
    tmp = MyTuple(a, b, a + b)
    return MyTuple(tmp.a, tmp[1], tmp.ab + b)


v1 = torch.Tensor([10])
v2 = torch.Tensor([20])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
r = opt_fn(v1, v2)
assert bool(r.ab == 50), "ab"
print(type(r).__name__, r.ab)
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 2, "op_count"

# expected output:
# MyTuple tensor([50.])
# frame_count 1 op_count 2
