# pytorch: test/dynamo/test_misc.py MiscTests.test_namedtuple3
# commit: 001077cbc0f328b8a743c7a2d1bf64f98c096377
# issue: 9
#
# PyTorch asserts that fn, branching on isinstance(packed, MyTuple) for a
# namedtuple of ints, gives the eager result compiled (x + 1).
# Translation: MyTuple is the test file's module-level namedtuple;
# assertTrue(same(...)) is an assert; the comparison is also printed.
import collections

import torch
from torch._dynamo.testing import same

MyTuple = collections.namedtuple("MyTuple", ["a", "b", "ab"])


def fn(x, packed):
    if isinstance(packed, MyTuple):
        return x + 1
    else:
        return x - 1


x = torch.rand([2, 3])
packed = MyTuple(1, 2, 3)
ref = fn(x, packed)
opt_fn = torch.compile(fn, backend="eager")
res = opt_fn(x, packed)
print("same", same(ref, res), same(res, x + 1))
assert same(ref, res), "same"

# expected output:
# same True True
