# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_block_stack_cleanup
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a try/except KeyError in every iteration of a for
# loop over a dict is traced with fullgraph=True; result equals eager.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch

params = {
    "a": 3,
    "b": 4,
    "c": 5,
}

dt = {
    "c": 5,
}


def fn(x):
    for name in params:
        try:
            x = x * dt[name]
        except KeyError:
            x = x * torch.sin(x)
    return x


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert torch._dynamo.testing.same(fn(x), opt_fn(x)), "fn(x) == opt_fn(x)"
print("ok")

# expected output:
# ok
