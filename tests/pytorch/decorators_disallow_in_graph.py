# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_disallow_in_graph
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts frame_count == 2 and op_count == 4: after
# torch._dynamo.disallow_in_graph(torch.sub) the call to torch.sub breaks
# the graph (two adds before, two adds after; sub runs eagerly).
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch

cnts = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnts)
def fn(a):
    x = torch.add(a, 1)
    x = torch.add(x, 1)
    x = torch.sub(x, 1)
    x = torch.add(x, 1)
    x = torch.add(x, 1)
    return x


torch._dynamo.disallow_in_graph(torch.sub)
fn(torch.randn(10))
torch._dynamo.allow_in_graph(torch.sub)

# check for graph break on sub
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 2, "frame_count"
assert cnts.op_count == 4, "op_count"

# expected output:
# frame_count 2 op_count 4
