# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_set_stance_eager_on_recompile
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts out1 == out2 == inp + 2 and out3 == inp + 4: under
# set_stance("eager_on_recompile") a call that matches a cache entry still
# runs the compiled code, and a call that would recompile (n = 2) runs
# eagerly.
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same.
import torch


@torch.compile(backend="eager", dynamic=False)
def a(x, n):
    if torch._dynamo.is_compiling():
        return x + n + 1
    return x + n + 2


inp = torch.ones(3)
out1 = a(inp, 1)
with torch.compiler.set_stance("eager_on_recompile"):
    out2 = a(inp, 1)
    out3 = a(inp, 2)

assert torch._dynamo.testing.same(out1, inp + 2), "out1"
assert torch._dynamo.testing.same(out2, inp + 2), "out2"
assert torch._dynamo.testing.same(out3, inp + 4), "out3"
print("ok")

# expected output:
# ok
