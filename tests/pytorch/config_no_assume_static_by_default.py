# pytorch: test/dynamo/test_config.py ConfigTests.test_no_assume_static_by_default
# commit: 04340f104120dd01470a34633b0aabea9e696aa9
# issue: 9
#
# PyTorch asserts frame_count == 1 ("one graph now, as we didn't wait for
# recompile"): with assume_static_by_default=False the first compile is
# already dynamic in dimension 0.
# Translation: @disable_cache_limit() is torch._dynamo.config.patch(...) of
# recompile_limit and accumulated_recompile_limit to sys.maxsize.
import sys

import torch


@torch._dynamo.config.patch(recompile_limit=sys.maxsize, accumulated_recompile_limit=sys.maxsize)
def test_no_assume_static_by_default():
    def fn(a, b):
        return a - b * 10

    torch._dynamo.reset()
    cnt_dynamic = torch._dynamo.testing.CompileCounter()
    with torch._dynamo.config.patch(
        automatic_dynamic_shapes=True, assume_static_by_default=False
    ):
        opt_fn = torch._dynamo.optimize(cnt_dynamic)(fn)
        # NB: must not do 0, 1 as they specialized
        for i in range(2, 12):
            opt_fn(torch.randn(i), torch.randn(i))
    # one graph now, as we didn't wait for recompile
    print("frame_count", cnt_dynamic.frame_count)
    assert cnt_dynamic.frame_count == 1, "frame_count"


test_no_assume_static_by_default()

# expected output:
# frame_count 1
