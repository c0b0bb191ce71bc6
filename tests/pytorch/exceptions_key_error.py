# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_key_error
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a KeyError from a dict lookup, caught inside the
# compiled function, is traced with fullgraph=True; result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def fn(x, d):
    try:
        a = d["b"]
    except KeyError:
        a = 2
    return x * a


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
d = {"a": 1}
ref = fn(x, d)
res = opt_fn(x, d)
assert torch._dynamo.testing.same(ref, res), "res == ref"
print("ok")

# expected output:
# ok
