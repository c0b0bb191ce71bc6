# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_exception_raised_from_child
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that an exception raised in an inlined callee and caught in
# the compiled caller is traced with fullgraph=True; result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def gn():
    raise NotImplementedError("foo")


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        gn()
        x = torch.sin(x)
    except Exception:
        x = torch.sigmoid(x)

    return x


x = torch.randn(4)
ref = fn(x)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
res = opt_fn(x)
assert torch._dynamo.testing.same(ref, res), "res == ref"
print("ok")

# expected output:
# ok
