# pytorch: test/dynamo/test_unspec.py UnspecTests.test_sym_int_conversion
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch's test passes when the fullgraph compile of x * int(y == 0), y a
# size, runs without a graph break (int() of a symbolic bool is traced).
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; the test asserts nothing more, so the
# program prints the result's shape and "ok".
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_sym_int_conversion():
    def f(x):
        y = x.size(0)
        return x * int(y == 0)

    opt_fn = torch.compile(f, backend="eager", fullgraph=True)
    x = torch.randn(2, 3)
    r = opt_fn(x)
    print(r.shape)
    print("ok")


test_sym_int_conversion()

# expected output:
# torch.Size([2, 3])
# ok
