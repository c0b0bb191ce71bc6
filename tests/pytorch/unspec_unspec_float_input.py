# pytorch: test/dynamo/test_unspec.py UnspecTests.test_unspec_float_input
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts compiled == eager and frame_count 1 after y = 3.0 and 4.0
# (with specialize_float=False a float argument is a graph input, no
# recompile), 2 after y = 5.0 (the `y == 5.0` guard fails) and 3 after nan
# ("nan always recompiles").
# Translation: the test's @torch._dynamo.config.patch(specialize_float=False,
# assume_static_by_default=True) decorates the test function (the
# class-level patch is overridden by it for assume_static_by_default);
# assertExpectedInline(cnts.frame_count, "1") is an assert on the count;
# self.assertEqual on tensors is torch._dynamo.testing.same (equal_nan for
# the nan call, as assertEqual compares nan equal).
import math

import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
@torch._dynamo.config.patch(specialize_float=False, assume_static_by_default=True)
def test_unspec_float_input():
    cnts = torch._dynamo.testing.CompileCounter()

    def f(x, y):
        if y == 5.0:
            return x + 2
        else:
            return x + y

    cf = torch.compile(backend=cnts, fullgraph=True)(f)

    x = torch.randn(3)
    same = torch._dynamo.testing.same
    assert same(f(x, 3.0), cf(x, 3.0)), "y=3.0"
    assert same(f(x, 4.0), cf(x, 4.0)), "y=4.0"
    print("frame_count", cnts.frame_count)
    assert cnts.frame_count == 1, "no recompile"
    assert same(f(x, 5.0), cf(x, 5.0)), "y=5.0"
    print("frame_count", cnts.frame_count)
    assert cnts.frame_count == 2, "guard worked"
    assert same(f(x, math.nan), cf(x, math.nan), equal_nan=True), "y=nan"
    print("frame_count", cnts.frame_count)
    assert cnts.frame_count == 3, "nan always recompiles"


test_unspec_float_input()

# expected output:
# frame_count 1
# frame_count 2
# frame_count 3
