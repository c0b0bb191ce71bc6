# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_raise_custom_exception_with_args
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a user exception class raised with arguments and
# caught as `e` (its args read in the handler) is traced with
# fullgraph=True: fn(t) equals t.sin() + 1 + 2.0.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


class Exc(Exception):
    ...


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise Exc(1, 2.0)
    except Exc as e:
        return t.sin() + e.args[0] + e.args[1]
    except Exception:
        return t.cos()


t = torch.randn(2)
y = fn(t)
assert torch._dynamo.testing.same(y, t.sin() + 1 + 2.0), "y == t.sin() + 1 + 2.0"
print("ok")

# expected output:
# ok
