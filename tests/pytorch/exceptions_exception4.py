# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_exception4
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a try/except raising and catching in every iteration
# of a for loop (left by a return) is traced with fullgraph=True and the
# result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def fn(x):
    for i in range(10):
        if i == 5:
            return x
        try:
            x = torch.sin(x)
            raise NotImplementedError
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
