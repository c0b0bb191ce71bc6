# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_user_getattribute
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for a method reading attributes through
# a user __getattribute__ that looks in a dict first.
# Translation: assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class MyObject:
    def __init__(self) -> None:
        self.custom_dict = {"a": torch.rand((2, 2))}
        self.my_number = 42

    def __getattribute__(self, name):
        custom_dict = super().__getattribute__("custom_dict")
        if name in custom_dict:
            return custom_dict[name]
        return super().__getattribute__(name)

    def run(self, x):
        return self.my_number * x + self.a * x


def fn(obj, x):
    return obj.run(x)


obj = MyObject()
x = torch.rand((2, 2))
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(obj, x), fn(obj, x)), "compiled == eager"
print("ok")

# expected output:
# ok
