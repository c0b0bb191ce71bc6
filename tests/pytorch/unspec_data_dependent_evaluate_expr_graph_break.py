# pytorch: test/dynamo/test_unspec.py UnspecTests.test_data_dependent_evaluate_expr_graph_break
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts frame_count 2 and op_count 4: with capture_scalar_outputs
# x.item() is traced, and `if y > 2` inside the inlined helper `test` is
# a data-dependent graph break (assertExpectedInline values: 2 frames,
# 4 ops).
# Translation: the class-level config.patch(assume_static_by_default=False)
# and the test's config.patch(capture_scalar_outputs=True) decorate the
# test function; assertExpectedInline is an assert on the count.
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
@torch._dynamo.config.patch(capture_scalar_outputs=True)
def test_data_dependent_evaluate_expr_graph_break():
    cnts = torch._dynamo.testing.CompileCounter()

    # To ensure that the continuation frame is compiled,
    # have to write the test function in this funny way.
    # See https://github.com/pytorch/pytorch/issues/111918
    def test(y):
        if y > 2:
            return True
        else:
            return False

    @torch._dynamo.optimize(cnts)
    def fn(x):
        x = x + 1
        y = x.item()
        if test(y):
            return x * 2
        else:
            return x * 3

    x = torch.tensor([3.0])
    fn(x)

    print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
    assert cnts.frame_count == 2, "frame_count"
    assert cnts.op_count == 4, "op_count"


test_data_dependent_evaluate_expr_graph_break()

# expected output:
# frame_count 2 op_count 4
