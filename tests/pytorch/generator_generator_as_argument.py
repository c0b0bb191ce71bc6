# pytorch: test/dynamo/test_generator.py GeneratorTests.test_generator_as_argument
# commit: 00158b79066f76ab2262424de6504ca5f35a841c
# issue: 9
#
# PyTorch asserts that fn(t, ctx) raises Unsupported under fullgraph=True:
# the generator was made (and advanced) outside the compiled function, so
# Dynamo cannot inline it (a method call on a user generator object is a
# graph break).
# Translation: the test body is module-level code; self.assertRaises is
# try/except; the generator is checked untouched by the failed compile.
import torch
from torch._dynamo.exc import Unsupported


def whoo():
    yield 1
    yield 2
    yield 3


eager = torch._dynamo.testing.EagerAndRecordGraphs()


@torch.compile(backend=eager, fullgraph=True)
def fn(t, ctx):
    return t + next(ctx)


t = torch.randn(2)
ctx = whoo()
next(ctx)
try:
    fn(t, ctx)
    raised = False
except Unsupported:
    raised = True
assert raised, "fn(t, ctx) raises Unsupported"
print("raised", raised, "next", next(ctx))

# expected output:
# raised True next 2
