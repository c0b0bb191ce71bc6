# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_cell_output2
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts None is returned, out[0] == 1200 and op_count == 3:
# unsupported(a, b) is a graph break before `out = a + b * 10 + c`, whose
# three ops (mul, add, add) are the resumed graph.
# Translation: the test's local function is a function named like the test
# (for `nonlocal out`); `unsupported` is torch._dynamo.testing.unsupported
# as in _test_misc_common; asserts for self.assert*.
import torch
from torch._dynamo.testing import CompileCounter, same


from torch._dynamo.testing import unsupported


def test_cell_output2():
    out = None

    def fn(a, b):
        nonlocal out
        c = unsupported(a, b)
        out = a + b * 10 + c

    v = torch.Tensor([100])
    cnts = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnts)
    assert opt_fn(v, v) is None, "returns None"
    print("out[0]", out[0].item(), "op_count", cnts.op_count)
    assert out[0] == 1200, "out[0]"
    assert cnts.op_count == 3, "op_count"


test_cell_output2()

# expected output:
# out[0] 1200.0 op_count 3
