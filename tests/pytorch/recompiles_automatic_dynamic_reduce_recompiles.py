# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_automatic_dynamic_reduce_recompiles
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts (frame_count, op_count) for seven calls with sizes
# 2, 3, 4, 4, 5, 5, 6: (5, 5) without automatic dynamic shapes, (5, 5) with
# dynamic=False, (2, 2) with automatic dynamic shapes (the size change on the
# second call makes dimension 0 symbolic, one graph serves 3..6), (2, 2) with
# dynamic=None (the default), and (1, 1) with dynamic=True.
# Translation: the @patch.object(torch._dynamo.config, ...) decorators become
# @torch._dynamo.config.patch(...); self.assertEqual are asserts; the counts
# are also printed.
import torch


def foo(x, y):
    return x * y


def run_foo_6_times_and_count_recompiles(dynamic=None):
    cnt = torch._dynamo.testing.CompileCounter()

    x = torch.randn([2])
    y = torch.randn([2])
    opt = torch._dynamo.optimize(cnt, dynamic=dynamic)(foo)
    opt(x, y)
    x = torch.randn([3])
    y = torch.randn([3])
    opt(x, y)
    x = torch.randn([4])
    y = torch.randn([4])
    opt(x, y)
    opt(x, y)
    x = torch.randn([5])
    y = torch.randn([5])
    opt(x, y)
    opt(x, y)
    x = torch.randn([6])
    y = torch.randn([6])
    opt(x, y)

    return cnt


@torch._dynamo.config.patch(automatic_dynamic_shapes=False, assume_static_by_default=True)
def run_without_automatic():
    return run_foo_6_times_and_count_recompiles()


@torch._dynamo.config.patch(automatic_dynamic_shapes=True, assume_static_by_default=True)
def run_with_automatic():
    return run_foo_6_times_and_count_recompiles()


without = run_without_automatic()
print("without automatic", without.frame_count, without.op_count)
assert without.frame_count == 5, "without automatic: frame_count"
assert without.op_count == 5, "without automatic: op_count"
torch._dynamo.reset()
without = run_foo_6_times_and_count_recompiles(dynamic=False)
print("dynamic=False", without.frame_count, without.op_count)
assert without.frame_count == 5, "dynamic=False: frame_count"
assert without.op_count == 5, "dynamic=False: op_count"
torch._dynamo.reset()
with_automatic = run_with_automatic()
print("with automatic", with_automatic.frame_count, with_automatic.op_count)
assert with_automatic.frame_count == 2, "with automatic: frame_count"
assert with_automatic.op_count == 2, "with automatic: op_count"
torch._dynamo.reset()
with_automatic = run_foo_6_times_and_count_recompiles(dynamic=None)
print("dynamic=None", with_automatic.frame_count, with_automatic.op_count)
assert with_automatic.frame_count == 2, "dynamic=None: frame_count"
assert with_automatic.op_count == 2, "dynamic=None: op_count"
torch._dynamo.reset()
with_dynamic = run_foo_6_times_and_count_recompiles(dynamic=True)
print("dynamic=True", with_dynamic.frame_count, with_dynamic.op_count)
assert with_dynamic.frame_count == 1, "dynamic=True: frame_count"
assert with_dynamic.op_count == 1, "dynamic=True: op_count"

# expected output:
# without automatic 5 5
# dynamic=False 5 5
# with automatic 2 2
# dynamic=None 2 2
# dynamic=True 1 1
