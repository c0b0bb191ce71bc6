# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_set_stance_fail_on_recompile
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts that under set_stance("fail_on_recompile") a cached call
# works and a call that would recompile raises RuntimeError matching
# "fail_on_recompile"; out1 == out2 == inp + 2.
# Translation: self.assertRaisesRegex is try/except with an `in` check;
# self.assertEqual on tensors compares with torch._dynamo.testing.same.
import torch


@torch.compile(backend="eager", dynamic=False)
def a(x, n):
    if torch._dynamo.is_compiling():
        return x + n + 1
    return x + n + 2


inp = torch.ones(3)
out1 = a(inp, 1)
with torch.compiler.set_stance("fail_on_recompile"):
    out2 = a(inp, 1)
    try:
        a(inp, 2)
    except RuntimeError as e:
        assert "fail_on_recompile" in str(e), str(e)
        print("RuntimeError raised")
    else:
        assert False, "no RuntimeError"

assert torch._dynamo.testing.same(out1, inp + 2), "out1"
assert torch._dynamo.testing.same(out2, inp + 2), "out2"

# expected output:
# RuntimeError raised
