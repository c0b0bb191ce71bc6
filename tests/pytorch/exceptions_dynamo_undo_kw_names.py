# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_dynamo_undo_kw_names
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that an exception raised in an inlined callee called with
# a keyword argument, caught by the compiled caller whose handler loops over
# a dict of tensors, is traced with fullgraph=True; result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


def g(x, k=None):
    if k:
        raise TypeError("error")
    return x.sin()


def fn(x):
    d = {"a": x}
    try:
        g(x, k=True)
    except Exception:
        y = 0
        for _, b in d.items():  # noqa: PERF102
            y += b.sum()
    return y


x = torch.randn(2, 3)
expected = fn(x)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
got = opt_fn(x)
assert torch._dynamo.testing.same(expected, got), "expected == got"
print("ok")

# expected output:
# ok
