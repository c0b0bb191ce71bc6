# pytorch: test/dynamo/test_backends.py TestOptimizations.test_example_inputs
# commit: 00f9d1153eedee35f98f72136f14a32cf3d33e6e
# issue: 10
#
# PyTorch asserts that a custom backend passed to optimize_assert receives the
# GraphModule and example inputs, that calling graph(*example_inputs) works
# inside the backend, and that its first output has the size, stride and
# dtype of the eager result.
# Translation: `nonlocal r1` in the test's compiler_fn (a closure of the test
# method) is kept by making the test body a function; asserts for
# self.assert*.
import torch


def test_example_inputs():
    def fn(a, bc, d):
        b, c = bc
        return a / d - b / c

    def compiler_fn(graph, example_inputs):
        nonlocal r1
        r1 = graph(*example_inputs)[0]
        return graph.forward

    a = torch.empty(2).fill_(1)
    b = torch.empty(2).fill_(2)
    c = torch.empty(2).fill_(3)
    d = 4
    r1 = None
    r2 = fn(a, (b, c), d)
    opt_fn = torch._dynamo.optimize_assert(compiler_fn)(fn)
    r3 = opt_fn(a, (b, c), d)

    assert r1 is not None, "r1 is not None"
    assert r1.size() == r2.size(), "size"
    assert r1.stride() == r2.stride(), "stride"
    assert r1.dtype == r2.dtype, "dtype"

    assert r1.size() == r3.size(), "size"
    assert r1.stride() == r3.stride(), "stride"
    assert r1.dtype == r3.dtype, "dtype"
    print("ok")


test_example_inputs()

# expected output:
# ok
