# pytorch: test/dynamo/test_config.py ConfigTests.test_no_automatic_dynamic
# commit: 04340f104120dd01470a34633b0aabea9e696aa9
# issue: 9
#
# PyTorch asserts frame_count == 10: with automatic_dynamic_shapes=False and
# assume_static_by_default=True, every one of the sizes 2..11 recompiles.
# Translation: @disable_cache_limit() (torch._dynamo.utils) sets
# recompile_limit and accumulated_recompile_limit to sys.maxsize for the test;
# here that is torch._dynamo.config.patch(...) of the same two options.
import sys

import torch


@torch._dynamo.config.patch(recompile_limit=sys.maxsize, accumulated_recompile_limit=sys.maxsize)
def test_no_automatic_dynamic():
    def fn(a, b):
        return a - b * 10

    torch._dynamo.reset()
    cnt_static = torch._dynamo.testing.CompileCounter()
    with torch._dynamo.config.patch(
        automatic_dynamic_shapes=False, assume_static_by_default=True
    ):
        opt_fn = torch._dynamo.optimize(cnt_static)(fn)
        for i in range(2, 12):
            opt_fn(torch.randn(i), torch.randn(i))
    print("frame_count", cnt_static.frame_count)
    assert cnt_static.frame_count == 10, "frame_count"


test_no_automatic_dynamic()

# expected output:
# frame_count 10
