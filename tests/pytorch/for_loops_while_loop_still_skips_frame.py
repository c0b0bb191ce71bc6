# pytorch: test/dynamo/test_for_loops.py ForLoopTests.test_while_loop_still_skips_frame
# commit: 6fd1dead532c2d859c93d57fc2a3e8586782f96e
# issue: 9
#
# PyTorch asserts len(backend.graphs) == 0: a graph break inside a *while*
# loop still skips the whole frame (0 graphs): the new loop handling applies
# to for loops only.
# Translation: the test body is module-level code; self.assertEqual on
# results is assert_equal below (PyTorch's TestCase comparison), on counts
# an assert; the graph count is also printed.
# Note: dynawasm's docs/semantics.md states the new rule for for *and* while
# loops; PyTorch's test asserts the old rule (frame skipped) for while.
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
    i = 0
    while i < 3:
        torch._dynamo.graph_break()
        i += 1
    z = x + 2
    return y, z


backend = torch._dynamo.testing.EagerAndRecordGraphs()
compiled = torch.compile(fn, backend=backend)
x = torch.randn(4)

assert_equal(compiled(x), fn(x), "compiled(x) == fn(x)")

print("graphs", len(backend.graphs))
assert len(backend.graphs) == 0, "len(backend.graphs)"

# expected output:
# graphs 0
