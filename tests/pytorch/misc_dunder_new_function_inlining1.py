# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_dunder_new_function_inlining1
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for a class whose __new__
# calls super().__new__(cls).
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class Mock:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        self.c = 5

    def run(self, x):
        return x * self.c


def fn(x):
    mock = Mock()
    return mock.run(x)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)

assert same(fn(x), opt_fn(x)), "compiled == eager"
print("ok")

# expected output:
# ok
