# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_is_tensor2
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for an argument that is a dict
# (torch.is_tensor False: torch.ones) and then a tensor (x + 1).
# Translation: self.assertEqual on a tensor is torch._dynamo.testing.same.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    if torch.is_tensor(x):
        return x + 1
    else:
        return torch.ones([2, 3])


x1 = {"input": torch.rand(2, 3)}
x2 = torch.rand(2, 3)
ref1 = fn(x1)
ref2 = fn(x2)
opt_fn = torch.compile(fn, backend="eager")
res1 = opt_fn(x1)
res2 = opt_fn(x2)
assert same(ref1, res1), "dict argument"
assert same(ref2, res2), "tensor argument"
print("ok")

# expected output:
# ok
