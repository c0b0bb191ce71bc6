# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_dunder_new_function_inlining
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for a module whose forward
# builds ModelB(), whose __new__ returns a ModelA instance
# (pytorch/pytorch#107460).
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class ModelA(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()

    def forward(self, x):
        return torch.tanh(x + 1)


class ModelB(torch.nn.Module):
    def __new__(cls):
        return ModelA()


class Model(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layer = torch.nn.Linear(2, 2)

    def forward(self, x):
        other = ModelB()
        return self.layer(x) + other(x)


x = torch.rand(2, 2)
m = Model()

opt_m = torch.compile(backend="eager", fullgraph=True)(m)
ref = m(x)
res = opt_m(x)
assert same(ref, res), "compiled == eager"
print("ok")

# expected output:
# ok
