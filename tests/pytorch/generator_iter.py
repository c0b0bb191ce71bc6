# pytorch: test/dynamo/test_generator.py GeneratorTests.test_iter
# commit: 00158b79066f76ab2262424de6504ca5f35a841c
# issue: 9
#
# PyTorch asserts fn(t) == t + sum(range(6)) under fullgraph=True: a for
# loop over an infinite generator made in the compiled function is traced
# lazily (the generator inlined item by item) until its `break`.
# Translation: the test body is module-level code; self.assertEqual on the
# tensor is torch.allclose; a CompileCounter's counts are added and printed.
import torch


def whoo():
    i = 0
    while True:
        yield i
        i += 1


cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(t):
    s = 0
    for i in whoo():
        if i > 5:
            break
        s += i
    return t + s


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t + sum(range(6))), "y == t + sum(range(6))"
print("frame_count", cnt.frame_count, "op_count", cnt.op_count)

# expected output:
# frame_count 1 op_count 1
