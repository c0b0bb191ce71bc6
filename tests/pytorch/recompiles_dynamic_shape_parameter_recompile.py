# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_dynamic_shape_parameter_recompile
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts frame_count/op_count 4/4, 4/4, 4/4 and 2/2: x @ w with x
# an nn.Parameter of 1, 10, 11, 15, 15 rows. Parameters keep static shapes
# while force_parameter_static_shapes is True (4 compiles: sizes 1, 10, 11,
# 15), and without automatic dynamic (4); with both off, automatic dynamic
# makes the row count symbolic after its first change (size 1 is
# specialised, then 10 -> dynamic: 2 compiles).
# Translation: the @patch.object decorators become
# @torch._dynamo.config.patch(...); asserts for self.assertEqual.
import torch

w = torch.nn.Parameter(torch.randn(3, 2))


def foo(x):
    return x @ w


def run_foo_6_times_and_count_recompiles():
    cnt = torch._dynamo.testing.CompileCounter()

    opt = torch._dynamo.optimize(cnt, nopython=True)(foo)

    x = torch.nn.Parameter(torch.randn(1, 3))
    opt(x)
    x = torch.nn.Parameter(torch.randn(10, 3))
    opt(x)
    x = torch.nn.Parameter(torch.randn(11, 3))
    opt(x)
    x = torch.nn.Parameter(torch.randn(15, 3))
    opt(x)
    x = torch.nn.Parameter(torch.randn(15, 3))
    opt(x)

    return cnt


@torch._dynamo.config.patch(force_parameter_static_shapes=True, automatic_dynamic_shapes=False, assume_static_by_default=True)
def run_static_comp_default_param():
    return run_foo_6_times_and_count_recompiles()


@torch._dynamo.config.patch(force_parameter_static_shapes=True, automatic_dynamic_shapes=True, assume_static_by_default=True)
def run_dynamic_comp_default_param():
    return run_foo_6_times_and_count_recompiles()


@torch._dynamo.config.patch(force_parameter_static_shapes=False, automatic_dynamic_shapes=False, assume_static_by_default=True)
def run_static_comp_dynamic_param():
    return run_foo_6_times_and_count_recompiles()


@torch._dynamo.config.patch(force_parameter_static_shapes=False, automatic_dynamic_shapes=True, assume_static_by_default=True)
def run_dynamic_comp_dynamic_param():
    return run_foo_6_times_and_count_recompiles()


torch._dynamo.reset()
c = run_static_comp_default_param()
print("static_comp_default_param", c.frame_count, c.op_count)
assert c.frame_count == 4 and c.op_count == 4, "static_comp_default_param"

torch._dynamo.reset()
c = run_dynamic_comp_default_param()
print("dynamic_comp_default_param", c.frame_count, c.op_count)
assert c.frame_count == 4 and c.op_count == 4, "dynamic_comp_default_param"

torch._dynamo.reset()
c = run_static_comp_dynamic_param()
print("static_comp_dynamic_param", c.frame_count, c.op_count)
assert c.frame_count == 4 and c.op_count == 4, "static_comp_dynamic_param"

torch._dynamo.reset()
c = run_dynamic_comp_dynamic_param()
print("dynamic_comp_dynamic_param", c.frame_count, c.op_count)
assert c.frame_count == 2 and c.op_count == 2, "dynamic_comp_dynamic_param"

# expected output:
# static_comp_default_param 4 4
# dynamic_comp_default_param 4 4
# static_comp_dynamic_param 4 4
# dynamic_comp_dynamic_param 2 2
