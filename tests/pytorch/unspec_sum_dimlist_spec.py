# pytorch: test/dynamo/test_unspec.py UnspecTests.test_sum_dimlist_spec
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts compiled == eager for torch.sum(inputs, dim) with dim a
# tuple of four dims (negative and unordered), dynamic=True, fullgraph.
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; self.assertEqual on tensors is
# torch._dynamo.testing.same.
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_sum_dimlist_spec():
    def fn(inputs, dim):
        return torch.sum(inputs, dim)

    inputs = torch.randn(128, 5, 24, 24)
    dim = (-1, 1, 0, 2)
    compl_fn = torch.compile(fn, dynamic=True, backend="eager", fullgraph=True)
    assert torch._dynamo.testing.same(compl_fn(inputs, dim), fn(inputs, dim)), "compiled == eager"
    print("ok")


test_sum_dimlist_spec()

# expected output:
# ok
