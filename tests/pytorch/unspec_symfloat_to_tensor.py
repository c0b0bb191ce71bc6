# pytorch: test/dynamo/test_unspec.py UnspecTests.test_symfloat_to_tensor
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts eager == compiled for torch.tensor of a list, a nested
# list and a scalar holding v.item() (an unbacked SymFloat under
# capture_scalar_outputs), fullgraph with the aot_eager backend: no graph
# break.
# Translation: the test's config.patch decorates a test function;
# self.assertEqual on tensors is torch.equal plus the dtype; a second
# random input checks the compiled functions again.
import torch


@torch._dynamo.config.patch(capture_scalar_outputs=True)
def test_symfloat_to_tensor():
    def f1(v):
        return torch.tensor([v.item()])

    def f2(v):
        return torch.tensor([[v.item()], [2.0]])

    def f3(v):
        return torch.tensor(v.item())

    optimize = torch.compile(backend="aot_eager", fullgraph=True)

    for _ in range(2):
        r = torch.randn(1)
        for f in (f1, f2, f3):
            a, b = f(r), optimize(f)(r)
            assert torch.equal(a, b) and a.dtype == b.dtype, f.__name__
    print("ok")


test_symfloat_to_tensor()

# expected output:
# ok
