# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_exception3
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that try/except/except/finally with a raise inside is traced
# with fullgraph=True and the result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError("Not implemented")
    except AssertionError:
        x = torch.sigmoid(x)
    except NotImplementedError:
        x = torch.cos(x)
    finally:
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
