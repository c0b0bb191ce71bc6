# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_nn_module_getattribute_simple_delegation
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for an nn.Module whose __getattribute__
# maps one name to another attribute ("compiles without graph break").
# Translation: assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.scale = 3.0

    def __getattribute__(self, name):
        if name == "my_scale":
            return super().__getattribute__("scale")
        return super().__getattribute__(name)

    def forward(self, x):
        return x * self.my_scale


mod = MyMod()
x = torch.randn(2, 4)
expected = mod(x)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(mod, backend=cnts)
result = opt_fn(x)
assert same(result, expected), "compiled == eager"
print("ok")

# expected output:
# ok
