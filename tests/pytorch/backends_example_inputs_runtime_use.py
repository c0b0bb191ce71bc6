# pytorch: test/dynamo/test_backends.py TestOptimizations.test_example_inputs_runtime_use
# commit: 00f9d1153eedee35f98f72136f14a32cf3d33e6e
# issue: 10
#
# PyTorch asserts that a custom backend can return its own callable that calls
# graph.forward(*args) at run time, and that its first output equals the eager
# result (same()).
# Translation: the test body is a function (for `nonlocal r1`); asserts for
# self.assert*.
import torch


def test_example_inputs_runtime_use():
    def fn(a, bc, d):
        b, c = bc
        return a / d - b / c

    def compiler_fn(graph, example_inputs):
        def fwd(*args):
            nonlocal r1
            r = graph.forward(*args)
            r1 = r[0]
            return r

        return fwd

    a = torch.empty(2).fill_(1)
    b = torch.empty(2).fill_(2)
    c = torch.empty(2).fill_(3)
    d = 4
    r1 = None
    r2 = fn(a, (b, c), d)
    opt_fn = torch._dynamo.optimize_assert(compiler_fn)(fn)
    r3 = opt_fn(a, (b, c), d)

    assert r1 is not None, "r1 is not None"
    assert torch._dynamo.testing.same(r1, r2), "same(r1, r2)"
    assert torch._dynamo.testing.same(r1, r3), "same(r1, r3)"
    print("ok")


test_example_inputs_runtime_use()

# expected output:
# ok
