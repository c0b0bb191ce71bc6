# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_nested_disable_decorator
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts frame_count == 2 and op_count == 4 for fn2 (the disabled
# fn1 breaks the graph between two pairs of adds), and that fn3, compiled
# with fullgraph=True and calling fn2, raises Unsupported matching
# "Skip calling `torch.compiler.disable()`d function" (with
# suppress_errors=True: fullgraph errors are never suppressed).
# Translation: @patch.object(torch._dynamo.config, "suppress_errors", True)
# becomes torch._dynamo.config.patch(...) as a decorator;
# self.assertRaisesRegex is try/except with an `in` check.
import torch


@torch._dynamo.config.patch(suppress_errors=True)
def test_nested_disable_decorator():
    cnts = torch._dynamo.testing.CompileCounter()

    @torch._dynamo.disable()
    def fn1(x):
        return torch.sin(x) * 10

    @torch.compile(backend=cnts)
    def fn2(x):
        x = x + 1
        x = x + 1
        x = fn1(x)  # graph break here
        x = x + 1
        x = x + 1
        return x

    @torch.compile(backend=cnts, fullgraph=True)
    def fn3(x):
        return fn2(x)

    fn2(torch.randn(4, 5))
    print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
    assert cnts.frame_count == 2, "frame_count"
    assert cnts.op_count == 4, "op_count"

    try:
        fn3(torch.randn(4, 5))
    except torch._dynamo.exc.Unsupported as e:
        assert "Skip calling `torch.compiler.disable()`d function" in str(e), str(e)
        print("Unsupported raised")
    else:
        assert False, "no Unsupported"


test_nested_disable_decorator()

# expected output:
# frame_count 2 op_count 4
# Unsupported raised
