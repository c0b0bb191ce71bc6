# pytorch: test/dynamo/test_modules.py OptimizedModuleTest.test_guard_on_torch_nn_modules
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count == 2 after twenty calls alternating c = 0
# and c = 1 (the int argument recompiles once), then 3 after
# mod.multiplier = 11: the value of a module attribute the frame reads is
# guarded (https://github.com/pytorch/pytorch/issues/110048).
# Translation: @patch.object(config, "guard_nn_modules", True) is
# torch._dynamo.config.patch; the counts are also printed.
import torch


@torch._dynamo.config.patch(guard_nn_modules=True)
def test_guard_on_torch_nn_modules():
    class MockModule(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.linear = torch.nn.Linear(10, 10)
            self.multiplier = 10

        def forward(self, x):
            return self.linear(x) * self.multiplier

    mod = MockModule()

    cnt = torch._dynamo.testing.CompileCounter()

    @torch.compile(backend=cnt)
    def generate(x, c):
        return mod(x) + c

    for _ in range(0, 10):
        generate(torch.randn(10, 10), 0)
        generate(torch.randn(10, 10), 1)
    print("frame_count", cnt.frame_count)
    assert cnt.frame_count == 2, "frame_count"

    # Ensure that modification in user module causes recompile
    mod.multiplier = 11
    generate(torch.randn(10, 10), 0)
    print("frame_count", cnt.frame_count)
    assert cnt.frame_count == 3, "frame_count after mod.multiplier = 11"


test_guard_on_torch_nn_modules()

# expected output:
# frame_count 2
# frame_count 3
