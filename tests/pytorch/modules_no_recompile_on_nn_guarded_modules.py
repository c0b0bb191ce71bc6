# pytorch: test/dynamo/test_modules.py OptimizedModuleTest.test_no_recompile_on_nn_guarded_modules
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count == 1 under its default config
# (inline_inbuilt_nn_modules=True; num_submodules otherwise): four
# instances of one SubModule class, each compiled on its own and called in
# turn, share one cache entry of SubModule.forward, since a module is
# guarded by its type and what it holds (UnspecializedNNModuleVariable),
# not its identity; with recompile_limit 1 and error_on_recompile, a
# recompile would fail the test.
# Translation: unittest.mock.patch of the two options is
# torch._dynamo.config.patch; torch.randn(*size, requires_grad=True) drops
# requires_grad (no autograd here: it plays no part in the count); the
# if/else on the config is the branch of the default config; the count is
# also printed.
import torch

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
# Each submod is compiled separately and has a different nn module
# guard. Ensure that recompilation logic is handle correctly.
with torch._dynamo.config.patch(error_on_recompile=True, recompile_limit=recompile_limit):
    x = torch.randn(*size)
    mod(x)
    print("frame_count", cnts.frame_count)
    assert cnts.frame_count == 1, "frame_count"

# expected output:
# frame_count 1
