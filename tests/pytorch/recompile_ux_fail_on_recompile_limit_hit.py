# pytorch: test/dynamo/test_recompile_ux.py RecompileUxTests.test_fail_on_recompile_limit_hit
# commit: 042f534521748b3a13167342290db110f8a2400b
# issue: 9
#
# PyTorch asserts that with recompile_limit=1 and
# fail_on_recompile_limit_hit=True, the recompile caused by a different bool
# argument raises torch._dynamo.exc.FailOnRecompileLimitHit.
# Translation: @torch._dynamo.config.patch(...) as in the test;
# self.assertRaises is try/except; the outcome is printed.
import torch


@torch._dynamo.config.patch(recompile_limit=1, fail_on_recompile_limit_hit=True)
def test_fail_on_recompile_limit_hit():
    @torch.compile(backend="eager")
    def func(b, a):
        if a:
            return b * 2
        else:
            return b + 1

    func(torch.randn(5), True)
    try:
        func(torch.randn(5), False)
    except torch._dynamo.exc.FailOnRecompileLimitHit:
        print("raised FailOnRecompileLimitHit")
    else:
        assert False, "FailOnRecompileLimitHit not raised"


test_fail_on_recompile_limit_hit()

# expected output:
# raised FailOnRecompileLimitHit
