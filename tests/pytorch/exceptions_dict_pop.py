# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_dict_pop
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that the KeyError of dict.pop of a missing key, caught in
# the compiled function (else branch when it is there), is traced with
# fullgraph=True and both results equal eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def fn(dt, x):
    try:
        dt.pop("b")
    except KeyError:
        return torch.sin(x)
    else:
        return torch.cos(x)


d = {"a": 1}
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)

x = torch.randn(4)
assert torch._dynamo.testing.same(fn(d, x), opt_fn(d, x)), "missing key"
assert torch._dynamo.testing.same(fn({"a": 1, "b": 2}, x), opt_fn({"a": 1, "b": 2}, x)), "key present"
print("ok")

# expected output:
# ok
