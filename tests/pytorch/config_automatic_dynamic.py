# pytorch: test/dynamo/test_config.py ConfigTests.test_automatic_dynamic
# commit: 04340f104120dd01470a34633b0aabea9e696aa9
# issue: 9
#
# PyTorch asserts frame_count == 2 ("two graphs now rather than 10"): with
# automatic_dynamic_shapes=True the size change on the second call makes
# dimension 0 symbolic, and that graph serves the sizes 3..11.
# Translation: @disable_cache_limit() is torch._dynamo.config.patch(...) of
# recompile_limit and accumulated_recompile_limit to sys.maxsize.
import sys

import torch


@torch._dynamo.config.patch(recompile_limit=sys.maxsize, accumulated_recompile_limit=sys.maxsize)
def test_automatic_dynamic():
    def fn(a, b):
        return a - b * 10

    torch._dynamo.reset()
    cnt_dynamic = torch._dynamo.testing.CompileCounter()
    with torch._dynamo.config.patch(
        automatic_dynamic_shapes=True, assume_static_by_default=True
    ):
        opt_fn = torch._dynamo.optimize(cnt_dynamic)(fn)
        # NB: must not do 0, 1 as they specialized
        for i in range(2, 12):
            opt_fn(torch.randn(i), torch.randn(i))
    # two graphs now rather than 10
    print("frame_count", cnt_dynamic.frame_count)
    assert cnt_dynamic.frame_count == 2, "frame_count"


test_automatic_dynamic()

# expected output:
# frame_count 2
