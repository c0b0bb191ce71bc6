# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_zero_inference
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 2: with dynamic=True a size-2 input compiles
# a graph for sizes >= 2 (0/1 specialisation), and a size-0 input does not
# match it, so it compiles a second graph.
# Translation: self.assertEqual(opt_fn(..), fn(..)) compares tensors with
# torch._dynamo.testing.same.
import torch


def fn(a):
    if a.size(0) != 0:
        return a * 2
    else:
        return a + 1


torch._dynamo.reset()
cnt_dynamic = torch._dynamo.testing.CompileCounter()
opt_fn = torch._dynamo.optimize(cnt_dynamic, dynamic=True)(fn)
x = torch.randn(0)
y = torch.randn(2)
assert torch._dynamo.testing.same(opt_fn(y), fn(y)), "fn(y)"
assert torch._dynamo.testing.same(opt_fn(x), fn(x)), "fn(x)"
print("frame_count", cnt_dynamic.frame_count)
assert cnt_dynamic.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
