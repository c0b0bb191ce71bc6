# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_dunder_new_function_inlining3
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager when Bar.__new__ returns
# object.__new__(Foo) with an attribute set (Bar.__init__ is then not
# called: sin(x) * 7).
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class Foo:
    def __new__(cls):
        instance = object.__new__(cls)
        instance.a = 3
        return instance

    def __init__(self):
        self.a = 5

    def run(self, x):
        return torch.sin(x) * self.a


class Bar:
    def __new__(cls):
        instance = object.__new__(Foo)  # not returning a new instance of Bar
        instance.a = 7
        return instance

    def __init__(self):
        self.a = 11  # not called in Bar()

    def run(self, x):
        return torch.sin(x) * self.a


def fn(x):
    bar = Bar()
    return bar.run(x)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
ref = fn(x)
res = opt_fn(x)
assert same(ref, res), "compiled == eager"
print("ok")

# expected output:
# ok
