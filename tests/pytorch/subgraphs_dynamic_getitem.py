# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_getitem
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 1: under dynamic_shapes=True and
# assume_static_by_default=False, `b.size(0) - 1` is a SymInt (s0 - 1; a
# and b share s0 by duck sizing) and the index it gives is part of the one
# graph that serves the sizes 3..11.
# Translation: the two @patch decorators become one
# torch._dynamo.config.patch(...) decorator of the test function;
# self.assertEqual is an assert. The count is also printed, and the
# results are checked against eager (the test only runs them).
import torch


@torch._dynamo.config.patch(dynamic_shapes=True, assume_static_by_default=False)
def test_dynamic_getitem():
    def fn(a, b):
        return a[b.size(0) - 1]

    cnt = torch._dynamo.testing.CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt)(fn)
    for i in range(3, 12):
        a, b = torch.randn(i), torch.randn(i)
        assert torch.equal(opt_fn(a, b), fn(a, b)), "compiled == eager"
    # just one graph
    print("frame_count", cnt.frame_count)
    assert cnt.frame_count == 1, "frame_count"


test_dynamic_getitem()

# expected output:
# frame_count 1
