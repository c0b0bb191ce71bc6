# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_range___iter__
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for x + next(range(3).__iter__()) under
# fullgraph.
# Translation: assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


def func(x):
    it = range(3).__iter__()
    return x + next(it)


opt_func = torch.compile(func, backend="eager", fullgraph=True)
x = torch.randn(3)
assert same(func(x), opt_func(x)), "compiled == eager"
print("ok")

# expected output:
# ok
