# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_recompiles_true_false_flop
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts (5, 5) without automatic dynamic shapes and (3, 3) with it:
# a bool argument is specialised (True and False each compile), and with
# automatic dynamic the tensor size becomes symbolic after its first change.
# Translation: the test's class-level and nested @patch.object decorators
# become @torch._dynamo.config.patch(...); asserts for self.assertEqual.
import torch


def foo(x, y):
    if x:
        return y * 2
    else:
        return y * y


def run_foo_6_times_and_count_recompiles():
    cnt = torch._dynamo.testing.CompileCounter()

    opt = torch._dynamo.optimize(cnt, nopython=True)(foo)

    x = True
    y = torch.randn([2])
    opt(x, y)
    x = False
    y = torch.randn([2])
    opt(x, y)
    x = True
    y = torch.randn([3])
    opt(x, y)
    x = True
    y = torch.randn([4])
    opt(x, y)
    x = True
    y = torch.randn([5])
    opt(x, y)

    return cnt


@torch._dynamo.config.patch(automatic_dynamic_shapes=False, assume_static_by_default=True)
def run_without_automatic():
    return run_foo_6_times_and_count_recompiles()


@torch._dynamo.config.patch(automatic_dynamic_shapes=True, assume_static_by_default=True)
def run_with_automatic():
    return run_foo_6_times_and_count_recompiles()


@torch._dynamo.config.patch(assume_static_by_default=True)
def test_recompiles_true_false_flop():
    without = run_without_automatic()
    print("without automatic", without.frame_count, without.op_count)
    assert without.frame_count == 5, "without automatic: frame_count"
    assert without.op_count == 5, "without automatic: op_count"
    torch._dynamo.reset()
    with_automatic = run_with_automatic()
    print("with automatic", with_automatic.frame_count, with_automatic.op_count)
    assert with_automatic.frame_count == 3, "with automatic: frame_count"
    assert with_automatic.op_count == 3, "with automatic: op_count"


test_recompiles_true_false_flop()

# expected output:
# without automatic 5 5
# with automatic 3 3
