# pytorch: test/dynamo/test_repros.py ReproTests.test_issue111918
# commit: fd69e1f884d73bbfd20d349bdc24645e2cf53a4b
# issue: 9
#
# PyTorch asserts frame_count 2 and op_count 4 with capture_scalar_outputs:
# x.item() is traced, `if y > 2` on the unbacked SymFloat is a
# data-dependent graph break (graph 1: add, item, gt; graph 2: mul), and
# with fullgraph=True the same branch raises torch._dynamo.exc.UserError
# (SymNodeVariable.evaluate_expr's GuardOnDataDependentSymNode).
# Translation: the test's config.patch decorates a test function; asserts
# for self.assertEqual; assertRaises as try/except.
import torch
from torch._dynamo.testing import CompileCounter


@torch._dynamo.config.patch(capture_scalar_outputs=True)
def test_issue111918():
    cnt = CompileCounter()

    @torch.compile(backend=cnt, dynamic=True)
    def fn(x):
        x = x + 1
        y = x.item()
        if y > 2:
            return x * 2
        else:
            return x * 3

    x = torch.tensor([3.0])
    fn(x)
    print("frame_count", cnt.frame_count, "op_count", cnt.op_count)
    assert cnt.frame_count == 2, "frame_count"
    assert cnt.op_count == 4, "op_count"

    torch._dynamo.reset()
    fn = torch.compile(fn, fullgraph=True, backend="eager")
    try:
        fn(x)
        raised = False
    except torch._dynamo.exc.UserError:
        raised = True
    print("UserError", raised)
    assert raised, "UserError"


test_issue111918()

# expected output:
# frame_count 2 op_count 4
# UserError True
