# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_cell_output1
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the compiled function returns None, the nonlocal `out` it
# wrote holds 1100, and op_count == 2 (mul, add).
# Translation: the test's local function is a function named like the test,
# so `nonlocal out` works as in the test; asserts for self.assert*.
import torch
from torch._dynamo.testing import CompileCounter, same


def test_cell_output1():
    out = None

    def fn(a, b):
        nonlocal out
        out = a + b * 10

    v = torch.Tensor([100])
    cnts = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnts)
    assert opt_fn(v, v) is None, "returns None"
    print("out[0]", out[0].item(), "op_count", cnts.op_count)
    assert out[0] == 1100, "out[0]"
    assert cnts.op_count == 2, "op_count"


test_cell_output1()

# expected output:
# out[0] 1100.0 op_count 2
