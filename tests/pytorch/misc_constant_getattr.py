# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_constant_getattr
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts getattr(None, "arg", 3) returns 3 in a compiled function
# (pytorch/pytorch#97480).
# Translation: assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


def fn():
    return getattr(None, "arg", 3)


cnt = torch._dynamo.testing.CompileCounter()
optimized_fn = torch.compile(fn, backend=cnt)
res = optimized_fn()
assert same(res, 3), "result"
print(res)

# expected output:
# 3
