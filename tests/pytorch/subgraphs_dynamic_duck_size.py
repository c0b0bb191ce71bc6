# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_duck_size
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 2: with dynamic=True, two inputs of the same
# size share one symbol (duck sizing), so `a.size(0) == b.size(0)` is a guard
# that a second call with different sizes fails, compiling a second graph.
# Translation: the @patch of assume_static_by_default=False becomes
# torch._dynamo.config.patch(...) as a decorator; assertEqual(opt_fn(..),
# fn(..)) compares tensors with torch._dynamo.testing.same.
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_dynamic_duck_size():
    def fn(a, b):
        if a.size(0) == b.size(0):
            return a + b
        else:
            return a.sum() + b.sum()

    torch._dynamo.reset()
    cnt_dynamic = torch._dynamo.testing.CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt_dynamic, dynamic=True)(fn)
    x = torch.randn(2)
    y = torch.randn(3)
    assert torch._dynamo.testing.same(opt_fn(x, x), fn(x, x)), "fn(x, x)"
    assert torch._dynamo.testing.same(opt_fn(x, y), fn(x, y)), "fn(x, y)"
    print("frame_count", cnt_dynamic.frame_count)
    assert cnt_dynamic.frame_count == 2, "frame_count"


test_dynamic_duck_size()

# expected output:
# frame_count 2
