# pytorch: test/dynamo/test_unspec.py UnspecTests.test_no_recompiles
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts x + y for four (tensor, int) pairs and frame_count 1,
# op_count 1: with dynamic=True the int argument is a symbolic input of the
# one graph, not a constant to recompile on.
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_no_recompiles():
    cnt = CompileCounter()

    @torch.compile(backend=cnt, fullgraph=True, dynamic=True)
    def fn(x, y):
        return x + y

    assert same(fn(torch.tensor([5]), 100), 105), "fn(5, 100)"
    assert same(fn(torch.tensor([4]), 200), 204), "fn(4, 200)"
    assert same(fn(torch.tensor([3]), 300), 303), "fn(3, 300)"
    assert same(fn(torch.tensor([2]), 400), 402), "fn(2, 400)"
    print("frame_count", cnt.frame_count, "op_count", cnt.op_count)
    assert cnt.frame_count == 1, "frame_count"
    assert cnt.op_count == 1, "op_count"


test_no_recompiles()

# expected output:
# frame_count 1 op_count 1
