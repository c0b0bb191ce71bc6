# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_raise_custom_exception
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a raised user exception class is caught by its own
# except clause before a broader one, with fullgraph=True: fn(t) equals
# t.sin().
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


class Exc(Exception):
    ...


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise Exc
    except Exc:
        return t.sin()
    except Exception:
        return t.cos()


t = torch.randn(2)
y = fn(t)
assert torch._dynamo.testing.same(y, t.sin()), "y == t.sin()"
print("ok")

# expected output:
# ok
