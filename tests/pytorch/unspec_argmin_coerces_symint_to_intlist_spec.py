# pytorch: test/dynamo/test_unspec.py UnspecTests.test_argmin_coerces_symint_to_intlist_spec
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts compiled == eager for torch.amin(x, dim=dim, keepdim=True)
# with dim an int argument (symbolic under dynamic=True) that the argument
# parser coerces to an int list (pytorch/pytorch#104812).
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; self.assertEqual on tensors is
# torch._dynamo.testing.same.
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_argmin_coerces_symint_to_intlist_spec():
    def fn(x, dim):
        # the python arg parser coerces dim into a vector<int>
        return torch.amin(x, dim=dim, keepdim=True)

    x = torch.randn(4, 4, 4)
    dim = 2
    compl_fn = torch.compile(fn, dynamic=True, backend="eager", fullgraph=True)
    assert torch._dynamo.testing.same(compl_fn(x, dim), fn(x, dim)), "compiled == eager"
    print("ok")


test_argmin_coerces_symint_to_intlist_spec()

# expected output:
# ok
