# pytorch: test/dynamo/test_unspec.py UnspecTests.test_use_and_specialize
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts the four results (6, 7, 9, 8) and frame_count == 2: with
# dynamic=True the int y is a symbol used in the graph (x + y); `y == 2`
# then specialises it, so y=2 and y=3 each compile once and the second call
# of each reuses its graph.
# Translation: the class-level @torch._dynamo.config.patch(
# assume_static_by_default=False) decorates the test function;
# self.assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_use_and_specialize():
    cnt = CompileCounter()

    @torch.compile(backend=cnt, fullgraph=True, dynamic=True)
    def fn(x, y):
        x = x + y
        if y == 2:
            return x - 1
        else:
            return x + 1

    assert same(fn(torch.tensor([5]), 2), 6), "fn(5, 2)"
    assert same(fn(torch.tensor([6]), 2), 7), "fn(6, 2)"
    assert same(fn(torch.tensor([5]), 3), 9), "fn(5, 3)"
    assert same(fn(torch.tensor([4]), 3), 8), "fn(4, 3)"
    print("frame_count", cnt.frame_count)
    assert cnt.frame_count == 2, "frame_count"


test_use_and_specialize()

# expected output:
# frame_count 2
