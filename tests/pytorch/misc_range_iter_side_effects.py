# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_range_iter_side_effects
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that next(it) on a range iterator argument inside a
# fullgraph compile returns 1 (result ones(1)) and advances the caller's
# iterator: next(it) afterwards is 2.
# Translation: assertTrue/assertEqual are asserts.
import torch
from torch._dynamo.testing import CompileCounter, same


@torch.compile(backend="eager", fullgraph=True)
def run(x, it):
    n = next(it)
    return x + n


it = iter(range(1, 3))
res = run(torch.zeros(1), it)
assert same(res, torch.ones(1)), "result"
n = next(it)
print("next(it)", n)
assert n == 2, "next(it)"

# expected output:
# next(it) 2
