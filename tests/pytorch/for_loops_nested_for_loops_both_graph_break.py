# pytorch: test/dynamo/test_for_loops.py ForLoopTests.test_nested_for_loops_both_graph_break
# commit: 6fd1dead532c2d859c93d57fc2a3e8586782f96e
# issue: 9
#
# PyTorch asserts len(backend.graphs) == 2: nested loops that both break (2
# graphs).
# Translation: the test body is module-level code; self.assertEqual on
# results is assert_equal below (PyTorch's TestCase comparison), on counts
# an assert; the graph count is also printed.
import torch


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
    total = 0
    for i in range(3):
        torch._dynamo.graph_break()
        for j in range(2):
            torch._dynamo.graph_break()
            total += i * j
    z = x + total
    return y, z


backend = torch._dynamo.testing.EagerAndRecordGraphs()
compiled = torch.compile(fn, backend=backend)
x = torch.randn(4)

assert_equal(compiled(x), fn(x), "compiled(x) == fn(x)")

print("graphs", len(backend.graphs))
assert len(backend.graphs) == 2, "len(backend.graphs)"

# expected output:
# graphs 2
