# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_nn_module_getattribute
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for an nn.Module whose __getattribute__
# returns a constant tensor for one name.
# Translation: assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.my_number = 42

    def __getattribute__(self, name):
        if name == "special_attr":
            return torch.tensor([[1, 2], [3, 4]])
        return super().__getattribute__(name)

    def forward(self, x):
        return self.my_number * x + self.special_attr * x


def fn(mod, x):
    return mod(x)


mod = MyMod()
x = torch.rand((2, 2))
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(mod, x), fn(mod, x)), "compiled == eager"
print("ok")

# expected output:
# ok
