# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_raise_from_None
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that `raise KeyError(key) from None` in a user mapping's
# __getitem__, caught by an inlined helper, is traced with fullgraph=True:
# both results equal eager (the second is None).
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same; on None with `==`.
import torch


class MyMapping:
    def __init__(self, d):
        self._d = d

    def __getitem__(self, key):
        try:
            value = self._d[key]
        except KeyError:
            raise KeyError(key) from None
        return value


d = MyMapping({"a": 10, "b": 20})


def mapping_get(obj, key, value=None):
    try:
        return obj.__getitem__(key)
    except KeyError:
        return value


def fn(x, d, key):
    x = torch.sin(x + 1)
    return x, mapping_get(d, key)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)

x = torch.rand(2, 3)
ref = fn(x, d, "m")
res = opt_fn(x, d, "m")
assert torch._dynamo.testing.same(ref[0], res[0]), "ref[0] == res[0]"
assert ref[1] == res[1], "ref[1] == res[1]"
print("ok")

# expected output:
# ok
