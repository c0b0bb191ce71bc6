# pytorch: test/dynamo/test_unspec.py UnspecTests.test_mark_01_dynamic
# commit: 5dd480677d7e41439f96155cc876186544e59346
# issue: 9
#
# PyTorch asserts that marking a size-1 dimension dynamic is not an error:
# "mark dynamic will try its best but 0/1 specialization is allowed".
# Translation: the class-level @torch._dynamo.config.patch(
# assume_static_by_default=False) is applied to the test function; the test
# asserts nothing beyond running, so the program prints "ok".
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_mark_01_dynamic():
    def fn(x):
        return x * 2

    x = torch.randn(1)
    torch._dynamo.mark_dynamic(x, 0)
    opt_fn = torch.compile(fn, backend="eager")
    # This will fail to compile a generic kernel, but we should not
    # complain about it (mark dynamic will try its best but 0/1
    # specialization is allowed)
    opt_fn(x)
    print("ok")


test_mark_01_dynamic()

# expected output:
# ok
