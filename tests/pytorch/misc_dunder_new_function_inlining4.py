# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_dunder_new_function_inlining4
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for `class Mock(object)`
# whose __new__(cls, *args) calls object.__new__(cls).
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class Mock(object):
    def __new__(cls, *args):
        return object.__new__(cls)

    def __init__(self):
        self.a = 5

    def run(self, x):
        return torch.sin(x) * self.a


def fn(x):
    mock = Mock()
    return mock.run(x)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
ref = fn(x)
res = opt_fn(x)
assert same(ref, res), "compiled == eager"
print("ok")

# expected output:
# ok
