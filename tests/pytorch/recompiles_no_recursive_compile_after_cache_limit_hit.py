# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_no_recursive_compile_after_cache_limit_hit
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts frame_count == 2 after ten calls with ten different ints
# and cache_size_limit 2: two variants compile (g and h are inlined); once f
# hits the limit it runs eagerly and nothing it calls (g, h) is compiled on
# those calls.
# Translation: @patch.object(torch._dynamo.config, "cache_size_limit", 2)
# becomes torch._dynamo.config.patch(cache_size_limit=2) as a decorator of
# the test function; the assert is an assert. The runner also checks that
# stderr has PyTorch's warning (convert_frame.py: "torch._dynamo hit
# config.recompile_limit (2)"; cache_size_limit is an alias of recompile_limit).
import torch


def f(x, n):
    x = x + n
    return g(x, n)


def g(x, n):
    x = x + n
    return h(x, n)


def h(x, n):
    return x + n


@torch._dynamo.config.patch(cache_size_limit=2)
def test_no_recursive_compile_after_cache_limit_hit():
    counter = torch._dynamo.testing.CompileCounter()
    opt_f = torch.compile(f, backend=counter, dynamic=False)
    for i in range(10):
        opt_f(torch.ones(3), i)
    print("frame_count", counter.frame_count)
    assert counter.frame_count == 2, "frame_count"


test_no_recursive_compile_after_cache_limit_hit()

# stderr contains: torch._dynamo hit config.recompile_limit (2)
# expected output:
# frame_count 2
