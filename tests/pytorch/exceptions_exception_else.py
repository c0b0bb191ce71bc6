# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_exception_else
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that try/except/else with nothing raised (an inlined call
# in the body) is traced with fullgraph=True and the result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def gn(x):
    return torch.cos(x)


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        x = gn(x)
    except Exception:
        x = torch.sigmoid(x)
    else:
        x = torch.cos(x)

    return x


x = torch.randn(4)
ref = fn(x)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
res = opt_fn(x)
assert torch._dynamo.testing.same(ref, res), "res == ref"
print("ok")

# expected output:
# ok
