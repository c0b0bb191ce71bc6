# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_run_mode_after_cache_limit_hit
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts the results below and frame_count == 2 with cache_size_limit
# 2: the calls with n = 0 and 1 compile (is_compiling() is True, +1 and +2);
# n = 2 and 3 hit the limit and run eagerly, including g (is_compiling() is
# False); later calls with n = 0 and 1 still use the compiled code.
# Translation: @patch.object becomes torch._dynamo.config.patch(...) as a
# decorator; self.assertEqual(tensor, tensor) compares with
# torch._dynamo.testing.same.
import torch


def f(x, n):
    x = x + n
    if torch._dynamo.is_compiling():
        x = x + 1
    return g(x, n)


def g(x, n):
    x = x + n
    if torch._dynamo.is_compiling():
        x = x + 2
    return x


@torch._dynamo.config.patch(cache_size_limit=2)
def test_run_mode_after_cache_limit_hit():
    same = torch._dynamo.testing.same
    counter = torch._dynamo.testing.CompileCounter()
    opt_f = torch.compile(f, backend=counter, dynamic=False)
    # compiles
    assert same(opt_f(torch.ones(3), 0), torch.ones(3) + 3), "n=0 compiled"
    assert same(opt_f(torch.ones(3), 1), torch.ones(3) + 5), "n=1 compiled"
    # cache limit hit
    assert same(opt_f(torch.ones(3), 2), torch.ones(3) + 4), "n=2 eager"
    assert same(opt_f(torch.ones(3), 3), torch.ones(3) + 6), "n=3 eager"
    # run mode
    assert same(opt_f(torch.ones(3), 0), torch.ones(3) + 3), "n=0 cached"
    assert same(opt_f(torch.ones(3), 1), torch.ones(3) + 5), "n=1 cached"
    print("frame_count", counter.frame_count)
    assert counter.frame_count == 2, "frame_count"


test_run_mode_after_cache_limit_hit()

# expected output:
# frame_count 2
