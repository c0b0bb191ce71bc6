# pytorch: test/dynamo/test_generator.py TestGeneratorSend.test_send
# commit: 00158b79066f76ab2262424de6504ca5f35a841c
# issue: 9
#
# PyTorch asserts fn(t) == t * 2 under fullgraph=True: send() into a
# generator made in the compiled function resumes its inlined body with the
# value sent.
# Translation: the test body is module-level code; self.assertEqual on the
# tensor is torch.allclose; a CompileCounter's counts are added and printed.
import torch


def double():
    x = yield
    yield x * 2


cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(t):
    gen = double()
    next(gen)
    return gen.send(t)


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t * 2), "y == t * 2"
print("frame_count", cnt.frame_count, "op_count", cnt.op_count)

# expected output:
# frame_count 1 op_count 1
