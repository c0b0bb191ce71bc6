# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_automatic_dynamic_tensor_scalar_change
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts (5, 5) without automatic dynamic shapes and (3, 3) with it,
# when the second argument alternates between a tensor and an int.
# Translation: the @patch.object decorators become
# @torch._dynamo.config.patch(...); asserts for self.assertEqual.
import torch


def foo(x, y):
    return x * y


def run_foo_6_times_and_count_recompiles_swap_types():
    cnt = torch._dynamo.testing.CompileCounter()

    x = torch.randn([2])
    y = torch.randn([2])
    opt = torch._dynamo.optimize(cnt)(foo)
    opt(x, y)
    x = torch.randn([3])
    y = 3
    opt(x, y)
    x = torch.randn([4])
    y = torch.randn([4])
    opt(x, y)
    opt(x, y)
    x = torch.randn([5])
    y = 4
    opt(x, y)
    opt(x, y)
    x = torch.randn([6])
    y = torch.randn([6])
    opt(x, y)

    return cnt


@torch._dynamo.config.patch(automatic_dynamic_shapes=False, assume_static_by_default=True)
def run_without_automatic():
    return run_foo_6_times_and_count_recompiles_swap_types()


@torch._dynamo.config.patch(automatic_dynamic_shapes=True, assume_static_by_default=True)
def run_with_automatic():
    return run_foo_6_times_and_count_recompiles_swap_types()


without = run_without_automatic()
print("without automatic", without.frame_count, without.op_count)
assert without.frame_count == 5, "without automatic: frame_count"
assert without.op_count == 5, "without automatic: op_count"
torch._dynamo.reset()
with_automatic = run_with_automatic()
print("with automatic", with_automatic.frame_count, with_automatic.op_count)
assert with_automatic.frame_count == 3, "with automatic: frame_count"
assert with_automatic.op_count == 3, "with automatic: op_count"

# expected output:
# without automatic 5 5
# with automatic 3 3
