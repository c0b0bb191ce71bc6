# pytorch: test/dynamo/test_config.py ConfigTests.test_nested_fn_does_not_inherit_outer_config
# commit: 04340f104120dd01470a34633b0aabea9e696aa9
# issue: 9
#
# PyTorch asserts frame_count == 4 for f compiled with dynamic=False and two
# sizes ("2 compiles * 2 graphs": the graph break splits f), and then
# frame_count == 1 for g2 compiled with dynamic=True over the sizes 2..11
# (g2's own compile is not affected by the dynamic=False of the earlier one).
# Translation: @disable_cache_limit() is torch._dynamo.config.patch(...) of
# recompile_limit and accumulated_recompile_limit to sys.maxsize.
import sys

import torch


@torch._dynamo.config.patch(recompile_limit=sys.maxsize, accumulated_recompile_limit=sys.maxsize)
def test_nested_fn_does_not_inherit_outer_config():
    def g1(x):
        return x + 1

    def g2(x):
        return x * 2

    def f(x):
        x = g1(x)
        torch._dynamo.graph_break()
        return g2(x)

    torch._dynamo.reset()

    cnt_dynamic = torch._dynamo.testing.CompileCounter()
    cnt_dynamic_1 = torch._dynamo.testing.CompileCounter()

    opt_fn_static_shape = torch._dynamo.optimize(cnt_dynamic, dynamic=False)(f)
    opt_fn_static_shape(torch.randn(2))
    opt_fn_static_shape(torch.randn(3))
    print("frame_count", cnt_dynamic.frame_count)
    assert cnt_dynamic.frame_count == 4, "frame_count (2 compiles * 2 graphs)"

    opt_fn_dynamic = torch._dynamo.optimize(cnt_dynamic_1, dynamic=True)(g2)

    for i in range(2, 12):
        opt_fn_dynamic(
            torch.randn(i),
        )  # will be recompiled under new config

    print("frame_count", cnt_dynamic_1.frame_count)
    assert cnt_dynamic_1.frame_count == 1, "frame_count of g2"


test_nested_fn_does_not_inherit_outer_config()

# expected output:
# frame_count 4
# frame_count 1
