# pytorch: test/dynamo/test_config.py ConfigTests.test_multiple_compile_recompiles
# commit: 04340f104120dd01470a34633b0aabea9e696aa9
# issue: 9
#
# PyTorch asserts frame_count 1 for dynamic=True over sizes 2..11, then 10
# for dynamic=False (every size recompiles, the dynamic graph is not reused
# under the other config), then 0 for dynamic=True again (the first, dynamic
# compile product is reused).
# Translation: @disable_cache_limit() is torch._dynamo.config.patch(...) of
# recompile_limit and accumulated_recompile_limit to sys.maxsize;
# self.assertEqual inside f is an assert; the counts are also printed.
import sys

import torch


@torch._dynamo.config.patch(recompile_limit=sys.maxsize, accumulated_recompile_limit=sys.maxsize)
def test_multiple_compile_recompiles():
    cnt_dynamic = torch._dynamo.testing.CompileCounter()

    def f(dynamic, compile_count):
        @torch._dynamo.optimize(cnt_dynamic, dynamic=dynamic)
        def g(x):
            return x + 1

        for i in range(2, 12):
            g(torch.randn(i))  # will be recompiled under new config
        print("dynamic", dynamic, "frame_count", cnt_dynamic.frame_count)
        assert cnt_dynamic.frame_count == compile_count, "frame_count"
        cnt_dynamic.clear()

    f(dynamic=True, compile_count=1)  # first compile
    f(dynamic=False, compile_count=10)  # recompile
    f(dynamic=True, compile_count=0)  # reuse first compile product


test_multiple_compile_recompiles()

# expected output:
# dynamic True frame_count 1
# dynamic False frame_count 10
# dynamic True frame_count 0
