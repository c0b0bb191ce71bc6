# pytorch: test/dynamo/test_backends.py TestExplainWithBackend.test_explain_with_backend
# commit: 00f9d1153eedee35f98f72136f14a32cf3d33e6e
# issue: 10
#
# PyTorch asserts graph_count == 8, graph_break_count == 7 and op_count == 8
# and that str() of the ExplainOutput contains "Graph Count", "Graph Break
# Count", "Op Count" and "Break Reasons". The graph break in fn3, three calls
# deep, splits every frame on the way (without nested graph breaks each
# caller breaks at the call and the callee runs as its own frame): 8 graphs
# of one op each; graph_break_count is graph_count - 1.
# Translation: ExplainWithBackend is imported from
# torch._dynamo.backends.debugging as in the test; asserts for self.assert*;
# the counts are also printed.
import torch
from torch._dynamo.backends.debugging import ExplainWithBackend


def fn3(x):
    x = torch.sin(x)
    torch._dynamo.graph_break()
    x = torch.sin(x)
    return x


def fn2(x):
    x = torch.cos(x)
    x = fn3(x)
    x = torch.cos(x)
    return x


def fn1(x):
    x = torch.tan(x)
    x = fn2(x)
    x = torch.tan(x)
    return x


def fn(x):
    x = torch.sigmoid(x)
    x = fn1(x)
    x = torch.sigmoid(x)
    return x


# Wrap TorchInductor with explain backend
eb = ExplainWithBackend("inductor")
optimized_fn = torch.compile(fn, backend=eb)
input_tensor = torch.randn(5)
result = optimized_fn(input_tensor)

# Check that fn still produces the same output when wrapped by ExplainWithBackend
assert torch.allclose(result, fn(input_tensor)), "result"

# Verify ExplainOutput object contents, output might change but make sure these fields are present
explain_output = eb.output()
explain_str = str(explain_output)
assert "Graph Count" in explain_str, "Graph Count"
assert "Graph Break Count" in explain_str, "Graph Break Count"
assert "Op Count" in explain_str, "Op Count"
assert "Break Reasons" in explain_str, "Break Reasons"

# Verify that for the given functions above, we report the correct number of graphs, graph breaks, and ops
print(explain_output.graph_count, explain_output.graph_break_count, explain_output.op_count)
assert 8 == explain_output.graph_count, "graph_count"
assert 7 == explain_output.graph_break_count, "graph_break_count"
assert 8 == explain_output.op_count, "op_count"

# expected output:
# 8 7 8
