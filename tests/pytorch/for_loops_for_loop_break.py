# pytorch: test/dynamo/test_for_loops.py ForLoopTests.test_for_loop_break
# commit: 6fd1dead532c2d859c93d57fc2a3e8586782f96e
# issue: 9
#
# PyTorch asserts len(backend.graphs) == 2: `break` inside a loop body that
# graph-breaks: the loop still runs eagerly as one piece (2 graphs) and
# result[1] == x + 3.
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
    result = 0
    for i in range(5):
        torch._dynamo.graph_break()
        if i == 3:
            break
        result += i
    z = x + result
    return y, z


backend = torch._dynamo.testing.EagerAndRecordGraphs()
compiled = torch.compile(fn, backend=backend)
x = torch.randn(4)

result = compiled(x)
expected = fn(x)
assert_equal(result, expected, "compiled(x) == fn(x)")
# result should be 0+1+2 = 3
assert_equal(result[1], x + 3, "result[1] == x + 3")

print("graphs", len(backend.graphs))
assert len(backend.graphs) == 2, "len(backend.graphs)"

# expected output:
# graphs 2
