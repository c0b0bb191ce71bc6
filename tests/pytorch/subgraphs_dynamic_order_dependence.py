# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_order_dependence
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 2 after (x, y) then (x, x) under the default
# assume_static_by_default=True (the test's first branch), and, after a reset,
# frame_count == 2 for (x, x) then (x, y): "this overspecializes!" (duck
# sizing makes the first graph require equal sizes).
# Translation: self.assertEqual(opt_fn(..), fn(..)) compares tensors with
# torch._dynamo.testing.same; the other asserts are asserts.
import torch


def fn(a, b):
    return a.sum() + b.sum()


torch._dynamo.reset()
cnt_dynamic = torch._dynamo.testing.CompileCounter()
opt_fn = torch._dynamo.optimize(cnt_dynamic, dynamic=True)(fn)
x = torch.randn(2)
y = torch.randn(3)
assert torch._dynamo.testing.same(opt_fn(x, y), fn(x, y)), "fn(x, y)"
assert torch._dynamo.testing.same(opt_fn(x, x), fn(x, x)), "fn(x, x)"
# NB: This COULD validly be 2, but we don't test disjointness in the
# guards for when x and y didn't duck size together, so we end up
# with a generic graph that also works when x and y happen to duck
# size together.
print("frame_count", cnt_dynamic.frame_count)
if torch._dynamo.config.assume_static_by_default:
    assert cnt_dynamic.frame_count == 2, "frame_count (x, y) then (x, x)"
else:
    assert cnt_dynamic.frame_count == 1, "frame_count (x, y) then (x, x)"

torch._dynamo.reset()
cnt_dynamic.frame_count = 0
assert torch._dynamo.testing.same(opt_fn(x, x), fn(x, x)), "fn(x, x)"  # this overspecializes!
assert torch._dynamo.testing.same(opt_fn(x, y), fn(x, y)), "fn(x, y)"
print("frame_count", cnt_dynamic.frame_count)
assert cnt_dynamic.frame_count == 2, "frame_count (x, x) then (x, y)"

# expected output:
# frame_count 2
# frame_count 2
