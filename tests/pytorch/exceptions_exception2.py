# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_exception2
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a raise caught by an except clause naming a tuple of
# types is traced with fullgraph=True and the result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError
    except (NotImplementedError, AttributeError):
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
