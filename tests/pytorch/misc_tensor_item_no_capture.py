# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_tensor_item_no_capture
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager, frame_count 1 and op_count 2 without
# capture_scalar_outputs: item() is a graph break, the graph holds add and
# sum.
# Translation: @patch.object(torch._dynamo.config, "capture_scalar_outputs",
# False) becomes torch._dynamo.config.patch(capture_scalar_outputs=False) on
# a test function; asserts for self.assertEqual.
import torch
from torch._dynamo.testing import CompileCounter, same


@torch._dynamo.config.patch(capture_scalar_outputs=False)
def test_tensor_item_no_capture():
    def fn(a, b):
        return (a + b).sum().item()

    v1 = torch.randn((10, 10))
    v2 = torch.randn((10, 10))
    correct = fn(v1, v2)
    cnts = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnts)
    assert abs(opt_fn(v1, v2) - correct) <= 1e-5, "result"
    print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
    assert cnts.frame_count == 1, "frame_count"
    assert cnts.op_count == 2, "op_count"


test_tensor_item_no_capture()

# expected output:
# frame_count 1 op_count 2
