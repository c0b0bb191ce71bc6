# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_return_nested_function
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts opt_fn_ret(1.5)[0] == -459, out[0] == 2100, frame_count ==
# 2 and op_count == 7: fn (two ops: c, d) returns a closure that is compiled
# in its turn (five ops).
# Translation: the test's local function is a function named like the test
# (for `nonlocal out`); asserts for self.assert*.
import torch
from torch._dynamo.testing import CompileCounter, same


def test_return_nested_function():
    out = None

    def fn(a, b):
        nonlocal out
        c = a + b
        d = a + 1.0

        def fn2(f: int = 7, g: float = 9.0):
            nonlocal out
            out = a + b * 10
            return c * f - d * g

        return fn2

    v1 = torch.Tensor([100])
    v2 = torch.Tensor([200])
    cnts = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnts)
    opt_fn_ret = torch.compile(opt_fn(v1, v2), backend=cnts)
    r = opt_fn_ret(1.5)[0]
    print("r", r.item(), "out[0]", out[0].item(), "frame_count", cnts.frame_count, "op_count", cnts.op_count)
    assert r == -459, "opt_fn_ret(1.5)[0]"
    assert out[0] == 2100, "out[0]"
    assert cnts.frame_count == 2, "frame_count"
    assert cnts.op_count == 7, "op_count"


test_return_nested_function()

# expected output:
# r -459.0 out[0] 2100.0 frame_count 2 op_count 7
