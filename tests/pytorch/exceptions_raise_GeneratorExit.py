# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_raise_GeneratorExit
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that GeneratorExit, which does not inherit from
# Exception, skips `except Exception` and is caught by `except
# BaseException`, with fullgraph=True: fn(t) equals t.cos().
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise GeneratorExit
    except Exception:
        return t.sin()
    except BaseException:
        return t.cos()


t = torch.randn(2)
y = fn(t)
assert torch._dynamo.testing.same(y, t.cos()), "y == t.cos()"
print("ok")

# expected output:
# ok
