# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_structseq_repr
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that repr() of a torch.return_types.max result inside a
# fullgraph compile raises torch._dynamo.exc.Unsupported (repr of a
# structseq is a graph break), and that without fullgraph frame_count == 1.
# Translation: self.assertRaises is try/except; the count is also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


cnts = torch._dynamo.testing.CompileCounter()


def fn(x):
    result = torch.max(x, dim=0)
    s = repr(result)
    return result.values


x = torch.randn(3, 2)

# Verify that fullgraph=True fails (confirms graph break occurs)
try:
    torch.compile(fn, fullgraph=True, backend="eager")(x)
    raised = False
except torch._dynamo.exc.Unsupported:
    raised = True
print("fullgraph raised Unsupported", raised)
assert raised, "fullgraph raises Unsupported"

# Verify that it works without fullgraph
opt_fn = torch._dynamo.optimize(cnts)(fn)
result = opt_fn(x)
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 1, "frame_count"

# expected output:
# fullgraph raised Unsupported True
# frame_count 1
