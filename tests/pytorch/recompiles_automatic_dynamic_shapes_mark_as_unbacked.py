# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_automatic_dynamic_shapes_mark_as_unbacked
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts frame_count == 2 ("not three or four!"): with
# automatic_dynamic_shapes_mark_as="unbacked" the size that changed becomes
# an unbacked symbol, which is not specialised at 1 or 0, so sizes 2, 1 and
# 0 all reuse the second graph.
# Translation: the decorator is kept on a test function; assert for
# self.assertEqual.
import torch


@torch._dynamo.config.patch(automatic_dynamic_shapes_mark_as="unbacked")
def test_automatic_dynamic_shapes_mark_as_unbacked():
    counter = torch._dynamo.testing.CompileCounter()

    @torch.compile(backend=counter)
    def f(x):
        return x * x

    f(torch.randn(3))
    f(torch.randn(2))
    f(torch.randn(1))
    f(torch.randn(0))

    print("frame_count", counter.frame_count)
    assert counter.frame_count == 2, "not three or four!"


test_automatic_dynamic_shapes_mark_as_unbacked()

# expected output:
# frame_count 2
