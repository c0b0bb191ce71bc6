# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_exception_with_another_exception
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a try/except nested in an except handler, both
# raising and catching, is traced with fullgraph=True and the result (None:
# fn returns nothing) equals eager.
# Translation: self.assertEqual(ref, res) on None is `==`.
import torch


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError("Not implemented")
    except NotImplementedError:
        x = torch.sigmoid(x)
        try:
            x = torch.cos(x)
            raise AssertionError
        except AssertionError:
            x = torch.cos(x)


x = torch.randn(4)
ref = fn(x)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
res = opt_fn(x)
assert ref == res, "res == ref"
print("ok")

# expected output:
# ok
