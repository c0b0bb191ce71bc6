# pytorch: test/dynamo/test_recompile_ux.py RecompileUxTests.test_recompile_child_run_only
# commit: 042f534521748b3a13167342290db110f8a2400b
# issue: 9
#
# PyTorch asserts res == inp + 3 with recompile_limit=1: the second call of f
# (new int n) hits the limit, so f runs eagerly; g was compiled earlier on its
# own and that compiled code still runs (+2); h is not compiled (+0); f's own
# `+1` is not taken (f is eager).
# Translation: @torch._dynamo.config.patch(recompile_limit=1) as in the test;
# self.assertEqual(tensor, tensor) compares with torch._dynamo.testing.same.
import torch


def f(x, n):
    if torch.compiler.is_compiling():
        x = x + 1
    x = g(x)
    return h(x) + n


def g(x):
    if torch.compiler.is_compiling():
        return x + 2
    return x


def h(x):
    if torch.compiler.is_compiling():
        return x + 4
    return x


@torch._dynamo.config.patch(recompile_limit=1)
def test_recompile_child_run_only():
    torch.compile(g, backend="eager")(torch.randn(3))
    inp = torch.randn(3)
    opt_f = torch.compile(f, backend="eager")
    opt_f(inp, 0)

    # expect f to run eager, g compiled (from previous invocatino), h eager
    res = opt_f(inp, 1)

    assert torch._dynamo.testing.same(res, inp + 3), "res == inp + 3"
    print("ok")


test_recompile_child_run_only()

# expected output:
# ok
