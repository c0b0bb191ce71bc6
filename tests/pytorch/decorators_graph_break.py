# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_graph_break
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts frame_count == 3 and op_count == 6: two explicit graph
# breaks split six cos calls into three graphs of two ops.
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch

cnts = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnts)
def fn(x):
    x = torch.cos(x)
    x = torch.cos(x)
    torch._dynamo.graph_break()
    x = torch.cos(x)
    x = torch.cos(x)
    torch._dynamo.graph_break()
    x = torch.cos(x)
    x = torch.cos(x)
    return x


fn(torch.randn(4, 5))
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 3, "frame_count"
assert cnts.op_count == 6, "op_count"

# expected output:
# frame_count 3 op_count 6
