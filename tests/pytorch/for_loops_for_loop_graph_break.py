# pytorch: test/dynamo/test_for_loops.py ForLoopTests.test_for_loop_graph_break
# commit: 6fd1dead532c2d859c93d57fc2a3e8586782f96e
# issue: 9
#
# PyTorch asserts len(backend.graphs) == 2: `y = x + 1; for ...:
# graph_break(); z = x + 2` gives two graphs: the code before the loop and
# the code after it, one add each; the loop runs eagerly as one piece.
# Translation: the test body is module-level code; self.assertEqual on
# results is assert_equal below (PyTorch's TestCase comparison), on counts
# an assert; the graph count is also printed.
# count_op is the helper defined at the top of test_for_loops.py.
import operator

import torch


def count_op(graph, op):
    """Count occurrences of a specific operation in the graph."""
    return sum(1 for node in graph.graph.nodes if node.target == op)


def assert_equal(a, b, what):
    # unittest's assertEqual as PyTorch's TestCase applies it: tensors are
    # compared by value (allclose), tuples and lists element by element.
    if isinstance(a, (tuple, list)):
        assert isinstance(b, (tuple, list)) and len(a) == len(b), what
        for u, v in zip(a, b):
            assert_equal(u, v, what)
    elif isinstance(a, torch.Tensor):
        assert isinstance(b, torch.Tensor) and torch.allclose(a, b), what
    else:
        assert a == b, what


def fn(x):
    y = x + 1
    for i in range(3):
        torch._dynamo.graph_break()
    z = x + 2
    return y, z


backend = torch._dynamo.testing.EagerAndRecordGraphs()
compiled = torch.compile(fn, backend=backend)
x = torch.randn(4)

assert_equal(compiled(x), fn(x), "compiled(x) == fn(x)")

print("graphs", len(backend.graphs))
assert len(backend.graphs) == 2, "len(backend.graphs)"
print("adds", count_op(backend.graphs[0], operator.add), count_op(backend.graphs[1], operator.add))
assert count_op(backend.graphs[0], operator.add) == 1, "adds in graph 0"
assert count_op(backend.graphs[1], operator.add) == 1, "adds in graph 1"

# expected output:
# graphs 2
# adds 1 1
