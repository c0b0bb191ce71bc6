# pytorch: test/dynamo/_test_misc_part4.py MiscTestsPart4.test_tensor_ctor_list_of_tensor
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that torch.tensor([x], dtype=torch.int64) of a 0-d input
# tensor, compiled under capture_scalar_outputs=True, equals eager and
# compiles one frame (frame_count 1): the constructor is traced, no graph
# break.
# Translation: @patch.object(config, "capture_scalar_outputs", True)
# becomes torch._dynamo.config.patch on the test function; assertEqual of
# tensors becomes an assert on dtype and torch.equal; the count is also
# printed.
import torch


@torch._dynamo.config.patch(capture_scalar_outputs=True)
def test_tensor_ctor_list_of_tensor():
    def fn(x):
        return torch.tensor([x], dtype=torch.int64)

    x = torch.tensor(20)
    res = fn(x)
    cnts = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnts)
    res2 = opt_fn(x)
    assert res.dtype == res2.dtype and torch.equal(res, res2), "res"
    print("frame_count", cnts.frame_count)
    assert cnts.frame_count == 1, "frame_count"


test_tensor_ctor_list_of_tensor()

# expected output:
# frame_count 1
