# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_class_duner_mro
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for `ModuleA in
# type(mod).__mro__`.
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class ModuleA(torch.nn.Module):
    pass


class ModuleB(ModuleA):
    pass


def fn(x, mod):
    if ModuleA in type(mod).__mro__:
        return x + 1
    else:
        return x - 1


x = torch.rand(2, 3)
mod = ModuleB()
opt_fn = torch.compile(backend="eager", fullgraph=True)(fn)
ref = fn(x, mod)
res = opt_fn(x, mod)
assert same(ref, res), "compiled == eager"
print("ok")

# expected output:
# ok
