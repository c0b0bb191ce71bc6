# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_allow_in_graph
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts frame_count == 1 and op_count == 5: a user function passed
# to torch._dynamo.allow_in_graph is put into the graph as one call node
# instead of being traced through.
# Translation: asserts for self.assertEqual; the counts are also printed.
import torch


def my_custom_function(x):
    return x + 1


cnts = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnts)
def fn(a):
    x = torch.add(a, 1)
    x = torch.add(x, 1)
    x = my_custom_function(x)
    x = torch.add(x, 1)
    x = torch.add(x, 1)
    return x


torch._dynamo.allow_in_graph(my_custom_function)
fn(torch.randn(10))
torch._dynamo.disallow_in_graph(my_custom_function)

# check for no graph break
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 5, "op_count"

# expected output:
# frame_count 1 op_count 5
