# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_set_stance_force_eager
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts the results below: torch.compiler.set_stance("force_eager")
# as a decorator, as a context manager and as a plain call makes compiled
# functions run eagerly (is_compiling() is False, so +2 instead of +1), and
# set_stance("default") restores compilation; decorating b has no effect
# outside b.
# Translation: self.assertEqual on tensors and tuples is assert_equal below.
import torch


def assert_equal(a, b, what):
    # unittest's assertEqual as PyTorch's TestCase applies it
    if isinstance(a, (tuple, list)):
        assert isinstance(b, (tuple, list)) and len(a) == len(b), what
        for u, v in zip(a, b):
            assert_equal(u, v, what)
    else:
        assert torch.allclose(a, b), what


@torch.compile(backend="eager")
def a(x):
    if torch._dynamo.is_compiling():
        return x + 1
    return x + 2


@torch.compiler.set_stance("force_eager")
def b(x):
    return a(x)


def c(x):
    out0 = a(x)
    with torch.compiler.set_stance("force_eager"):
        out1 = a(x)
    return out0, out1, a(x)


inp = torch.ones(3)
# test that decorating b has no overall side effect
assert_equal(a(inp), inp + 1, "a(inp)")

assert_equal(b(inp), inp + 2, "b(inp)")
assert_equal(c(inp), (inp + 1, inp + 2, inp + 1), "c(inp)")

torch.compiler.set_stance("force_eager")
assert_equal(a(inp), inp + 2, "a(inp) under force_eager")
torch.compiler.set_stance("default")
assert_equal(a(inp), inp + 1, "a(inp) after default")
print("ok")

# expected output:
# ok
