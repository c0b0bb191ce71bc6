# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_atrribute_error
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that an AttributeError of a missing attribute on a user
# object, caught in the compiled function, gives the eager result.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


class Mock:
    def __init__(self):
        self.a = 1


mock = Mock()


def fn(x):
    try:
        c = 2
        mock.b
    except AttributeError:
        c = 3
    return torch.sin(x) * c


opt_fn = torch.compile(fn, backend="eager")
x = torch.randn(4)
ref = fn(x)
res = opt_fn(x)
assert torch._dynamo.testing.same(ref, res), "res == ref"
print("ok")

# expected output:
# ok
