# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_aliasing_guard_failures_with_globals
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts frame_count 1 after the first call and 2 once the
# argument is the global g1 that foo also reads (an aliasing guard between
# the input and the global fails), with compiled == eager.
# Translation: the test's locals g1, g2 are module globals here (foo reads
# them as globals; in the test they are closure cells that the test rebinds,
# which is the same for the guards: the alias between the argument and g1);
# self.assertEqual on tensors is assert_equal (torch.allclose).
import torch


def assert_equal(a, b, what):
    assert torch.allclose(a, b), what


g1 = torch.randn([3])
g2 = torch.randn([3])


def foo(a):
    a.add_(g1)
    return g2 + 1


cnt = torch._dynamo.testing.CompileCounter()
compiled_foo = torch._dynamo.optimize(cnt, nopython=True)(foo)

z = torch.randn([3])
cmp_result = compiled_foo(z.clone().detach())
eager_result = foo(z.clone().detach())
assert_equal(cmp_result, eager_result, "first call")
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 1, "frame_count after first call"

g1 = g1.clone().detach()
cmp_result = compiled_foo(g1)
g1 = g1.clone().detach()
eager_result = compiled_foo(g1)
assert_equal(cmp_result, eager_result, "aliased call")
# Recompile, alias changed
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 2, "frame_count after aliased call"

# expected output:
# frame_count 1
# frame_count 2
