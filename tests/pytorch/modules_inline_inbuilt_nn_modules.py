# pytorch: test/dynamo/test_modules.py NNModuleTests.test_inline_inbuilt_nn_modules
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count == 1 with inline_inbuilt_nn_modules=True:
# four SubModule instances compiled one by one share one cache entry
# (TYPE_MATCH on the module, not ID_MATCH), so recompile_limit 1 and
# error_on_recompile are never reached.
# Translation: the @patch.object and unittest.mock.patch of config options
# are torch._dynamo.config.patch; requires_grad=True is dropped (no
# autograd); the count is also printed.
import torch


@torch._dynamo.config.patch(inline_inbuilt_nn_modules=True)
def test_inline_inbuilt_nn_modules():
    size = (10, 10)
    recompile_limit = 1
    num_submodules = 4
    cnts = torch._dynamo.testing.CompileCounterWithBackend("eager")

    class SubModule(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.linear = torch.nn.Linear(*size)

        def forward(self, x):
            a = torch.sin(torch.cos(x))
            return self.linear(a)

    class MockModule(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.mods = [SubModule() for _ in range(num_submodules)]
            self.mods = [torch.compile(mod, backend=cnts) for mod in self.mods]

        def forward(self, x):
            for mod in self.mods:
                x = mod(x)
            return x

    mod = MockModule()
    with torch._dynamo.config.patch(error_on_recompile=True, recompile_limit=recompile_limit):
        x = torch.randn(*size)
        mod(x)
        print("frame_count", cnts.frame_count)
        assert cnts.frame_count == 1, "frame_count"


test_inline_inbuilt_nn_modules()

# expected output:
# frame_count 1
