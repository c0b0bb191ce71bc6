# pytorch: test/dynamo/test_unspec.py UnspecTests.test_to_tensor
# commit: 00a1abb4ef74f047662e57678240bbe3dfe46ef0
# issue: 9
#
# PyTorch asserts that torch.tensor([a, b]) of one-element tensors made in
# the frame compiles with fullgraph=True (aot_eager) and equals eager
# (assertEqual: values and dtype): f2 (two [[[123]]]), f3 (two 0-d 123),
# f4 (a 0-d and a [[[456]]]). Dynamo traces torch._refs.tensor for data
# holding tensors, so no graph break.
# Translation: the class-level config.patch(assume_static_by_default=False)
# decorates the test function; f1 and f5 build their data with numpy
# (np.random.uniform, np.array), which the Python subset lacks, and are
# left out; assertEqual becomes assert_equal (torch.equal and the dtype).
import torch


def assert_equal(a, b, what):
    assert a.dtype == b.dtype and a.shape == b.shape and torch.equal(a, b), what


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_to_tensor():
    def f2():
        a = torch.tensor([[[123]]])
        return torch.tensor([a, a])

    def f3():
        a = torch.tensor(123)
        return torch.tensor([a, a])

    def f4():
        a = torch.tensor(123)
        b = torch.tensor([[[456]]])
        return torch.tensor([a, b])

    optimize = torch.compile(backend="aot_eager", fullgraph=True)

    assert_equal(f2(), optimize(f2)(), "f2")
    assert_equal(f3(), optimize(f3)(), "f3")
    assert_equal(f4(), optimize(f4)(), "f4")
    print("ok")


test_to_tensor()

# expected output:
# ok
