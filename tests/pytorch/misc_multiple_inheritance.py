# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_multiple_inheritance
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for diamond-free multiple
# inheritance whose __init__ chain through super() must follow the MRO
# (Base1 checks that Base2.__init__ already ran).
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class Base1:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        if not hasattr(self, "base2"):
            raise ValueError("Wrong MRO tracing")
        self.base1 = 3


class Base2:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        self.base2 = 5


class Derived(Base1, Base2):
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        self.derived = 7

    def run(self, x):
        return self.base1 * self.base2 * self.derived * x


def fn(x):
    o = Derived()
    return o.run(x)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert same(fn(x), opt_fn(x)), "compiled == eager"
print("ok")

# expected output:
# ok
