# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_nn_module_getattr
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a user __getattr__ that raises AttributeError, caught
# by a subclass's __getattr__ (try/except around super().__getattr__), is
# traced with fullgraph=True: x * obj.a * obj.b * obj.c equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same; the test's print(ref) is dropped.
import torch


class A:
    def __init__(self) -> None:
        self._b = 20

    def __getattr__(self, name):
        fixed_name = "_" + name
        if fixed_name in self.__dict__:
            return self.__dict__[fixed_name]
        raise AttributeError(f"{name} absent")


class B(A):
    def __init__(self) -> None:
        self.a = 10

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return 30


obj = B()


def fn(x):
    return x * obj.a * obj.b * obj.c


x = torch.ones(4)
ref = fn(x)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
res = opt_fn(x)
assert torch._dynamo.testing.same(ref, res), "res == ref"
print("ok")

# expected output:
# ok
