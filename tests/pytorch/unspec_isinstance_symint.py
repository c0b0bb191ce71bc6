# pytorch: test/dynamo/test_unspec.py UnspecTests.test_isinstance_symint
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch's test passes when both calls run: inside the compiled frame
# x.size(0) is an int for isinstance (a SymInt is an int to Dynamo), also
# for a dimension marked dynamic (the assert in fn would raise otherwise).
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; the test asserts nothing more, so the program
# prints "ok".
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_isinstance_symint():
    def fn(x):
        assert isinstance(x.size(0), int)
        return x * 2

    x = torch.randn(20)
    opt_fn = torch._dynamo.optimize("eager")(fn)
    opt_fn(x)
    y = torch.randn(30)
    torch._dynamo.mark_dynamic(y, 0)
    opt_fn(y)
    print("ok")


test_isinstance_symint()

# expected output:
# ok
