# pytorch: test/dynamo/test_generator.py GeneratorTests.test_subgenerator
# commit: 00158b79066f76ab2262424de6504ca5f35a841c
# issue: 9
#
# PyTorch asserts fn(t) == [t + 1, t + 2, t + 3] under fullgraph=True:
# list() of a generator that delegates with `yield from` to another, both
# inlined into the graph.
# Translation: the test body is module-level code; self.assertEqual on the
# list of tensors compares them element by element with torch.allclose.
import torch


def subgen(t):
    yield t + 1
    yield t + 2


def main_gen(t):
    yield from subgen(t)
    yield t + 3


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    gen = main_gen(t)
    return list(gen)


t = torch.randn(2)
y = fn(t)
assert len(y) == 3, "len(y)"
for a, b in zip(y, [t + 1, t + 2, t + 3]):
    assert torch.allclose(a, b), "y == [t + 1, t + 2, t + 3]"
print("ok")

# expected output:
# ok
