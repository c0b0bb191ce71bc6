# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_nested_closure
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts tmp1() is reproducible, differs from tmp2() (other random
# closures), frame_count 2 and op_count 9: fn1 (random tensors and closure
# creation) and the returned fn4 each compile once.
# Translation: assertTrue(tmp1().shape, (10,)) only checks truth (kept as
# assert tmp1().shape); assertTrue(same)/assertFalse(same) are asserts; the
# counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


v0 = torch.randn(10)


def fn1():
    v1 = torch.randn(10)

    def fn2(*args, **kwargs):
        assert len(args) == 1  # noqa: S101
        assert len(kwargs) == 1  # noqa: S101
        v2 = torch.randn(10) + args[0] + kwargs["b"]

        def fn3(v3=torch.randn(10)):
            def fn4():
                return v0 + v1 + v2 + v3 + 1

            return fn4

        return fn3

    return fn2(1, b=2)()


cnts = torch._dynamo.testing.CompileCounter()
opt_fn1 = torch._dynamo.optimize_assert(cnts)(fn1)
tmp1 = torch._dynamo.optimize_assert(cnts)(opt_fn1())
tmp2 = torch._dynamo.optimize_assert(cnts)(opt_fn1())
assert tmp1().shape, "shape"
assert same(tmp1(), tmp1()), "tmp1 reproducible"
assert not same(tmp1(), tmp2()), "tmp1 != tmp2"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 2, "frame_count"
assert cnts.op_count == 9, "op_count"

# expected output:
# frame_count 2 op_count 9
