# pytorch: test/dynamo/test_generator.py GeneratorTests.test_generator_simple
# commit: 00158b79066f76ab2262424de6504ca5f35a841c
# issue: 9
#
# PyTorch asserts fn(t) == t + 6 under fullgraph=True: the generator made
# inside the compiled function is inlined (Dynamo's
# LocalGeneratorObjectVariable, enable_faithful_generator_behavior=True by
# default), each next() traced into the one graph.
# Translation: the test body is module-level code; self.assertEqual on the
# tensor is torch.allclose; the graph count of a CompileCounter is added
# (one graph: fullgraph=True compiles one or raises).
import torch


def whoo():
    yield 1
    yield 2
    yield 3


cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(t):
    gen = whoo()
    t = t + next(gen)
    t = t + next(gen)
    t = t + next(gen)
    return t


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t + 6), "y == t + 6"
print("frame_count", cnt.frame_count, "op_count", cnt.op_count)

# expected output:
# frame_count 1 op_count 3
