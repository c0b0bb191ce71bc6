# pytorch: test/dynamo/test_generator.py GeneratorTests.test_graph_break_in_generator
# commit: 00158b79066f76ab2262424de6504ca5f35a841c
# issue: 9
#
# PyTorch asserts fn(t) == t + 3 and len(eager.graphs) == 0: a graph break
# inside a generator's next() skips the whole frame
# (LocalGeneratorObjectVariable.tp_iternext_impl sets skip_frame and adds
# "Skipping frame due to graph break in a generator's next() call."), so
# nothing of fn compiles.
# Translation: the test body is module-level code; self.assertEqual on the
# tensor is torch.allclose, on the count an assert; the count is printed.
import torch


def whoo():
    yield 1
    torch._dynamo.graph_break()
    yield 2


eager = torch._dynamo.testing.EagerAndRecordGraphs()


@torch.compile(backend=eager, fullgraph=False)
def fn(t):
    gen = whoo()
    s = next(gen)
    s += next(gen)
    return t + s


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t + 3), "y == t + 3"
print("graphs", len(eager.graphs))
assert len(eager.graphs) == 0, "len(eager.graphs)"

# expected output:
# graphs 0
