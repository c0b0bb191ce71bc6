# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_aliasing_guard_failures
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts compiled == eager and frame_count 1 after the first call,
# still 1 when the three arguments are other distinct tensors (aliasing
# preserved), and 2 once the first and third argument are the same tensor
# (an aliasing guard fails: a.add_(b) must be seen by c + 1).
# Translation: self.assertEqual on tensors is assert_equal (values compared
# with torch.allclose); the counts are also printed.
import torch


def assert_equal(a, b, what):
    assert torch.allclose(a, b), what


def foo(a, b, c):
    a.add_(b)
    return c + 1


cnt = torch._dynamo.testing.CompileCounter()
compiled_foo = torch._dynamo.optimize(cnt, nopython=True)(foo)

x = torch.randn([3])
y = torch.randn([3])
z = torch.randn([3])
cmp_result = compiled_foo(x.clone().detach(), y.clone().detach(), z.clone().detach())
eager_result = foo(x.clone().detach(), y.clone().detach(), z.clone().detach())
assert_equal(cmp_result, eager_result, "first call")
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 1, "frame_count after first call"

cmp_result = compiled_foo(z.clone().detach(), y.clone().detach(), x.clone().detach())
eager_result = foo(z.clone().detach(), y.clone().detach(), x.clone().detach())
assert_equal(cmp_result, eager_result, "second call")
# No recompile, alias preserved
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 1, "frame_count after second call"

x_clone = x.clone().detach()
cmp_result = compiled_foo(x_clone, y.clone().detach(), x_clone)
x_clone = x.clone().detach()
eager_result = compiled_foo(x_clone, y.clone().detach(), x_clone)
assert_equal(cmp_result, eager_result, "aliased call")
# Recompile, alias changed
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 2, "frame_count after aliased call"

# expected output:
# frame_count 1
# frame_count 1
# frame_count 2
