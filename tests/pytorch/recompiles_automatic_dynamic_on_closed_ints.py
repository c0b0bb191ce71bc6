# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_automatic_dynamic_on_closed_ints
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts frame_count == 2 for ten calls with closures over the ints
# 0..9: the first call specialises on the closed-over int, the second call's
# change makes it dynamic (automatic dynamic), and one graph serves the rest.
# Translation: assert for self.assertEqual; the count is also printed.
import torch


def f(x):
    def g(y):
        return y + x

    return g


counter = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=counter)
def h(x, g):
    return g(x)


for i in range(10):
    h(torch.randn(5), f(i))
print("frame_count", counter.frame_count)
assert counter.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
