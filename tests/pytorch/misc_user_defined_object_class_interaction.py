# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_user_defined_object_class_interaction
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for a classmethod reading a
# class variable that is an instance of another class.
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class Foo:
    x = 5


class Mock:
    # This is a class variable
    class_variable = Foo()

    @classmethod
    def get_class_variable(cls):
        # Accessing the class variable using the cls parameter
        return cls.class_variable.x

    def run(self, x):
        return self.get_class_variable() * x


def fn(x):
    mock = Mock()
    return mock.run(x)


x = torch.randn(4)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
assert same(fn(x), opt_fn(x)), "compiled == eager"
print("ok")

# expected output:
# ok
