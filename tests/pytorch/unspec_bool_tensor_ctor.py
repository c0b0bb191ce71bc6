# pytorch: test/dynamo/test_unspec.py UnspecTests.test_bool_tensor_ctor
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts f(empty(8)) is True and f(empty(13)) is False:
# torch.tensor(y.numel() == 0) of an empty tensor whose size
# (x.size(0) // 13) * 13 is computed from a symbolic size (dynamic=True,
# fullgraph).
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; assertTrue/assertFalse are asserts.
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_bool_tensor_ctor():
    cnts = torch._dynamo.testing.CompileCounter()

    @torch.compile(backend=cnts, dynamic=True, fullgraph=True)
    def f(x):
        y = torch.empty((x.size(0) // 13) * 13)
        return torch.tensor(y.numel() == 0)

    assert f(torch.empty(8)).item(), "f(empty(8))"
    assert not f(torch.empty(13)).item(), "f(empty(13))"
    print("ok")


test_bool_tensor_ctor()

# expected output:
# ok
