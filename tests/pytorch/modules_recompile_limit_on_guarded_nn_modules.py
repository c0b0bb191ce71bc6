# pytorch: test/dynamo/test_modules.py NNModuleTests.test_recompile_limit_on_guarded_nn_modules
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count == 2 under its default config
# (inline_inbuilt_nn_modules=True; 2 * num_submodules otherwise): four
# SubModule instances, each compiled on its own, share SubModule.forward's
# cache, so the inputs of rank 1 and 2 compile it twice and rank 3 hits
# recompile_limit 2 and runs eagerly, for every instance.
# Translation: unittest.mock.patch of recompile_limit is
# torch._dynamo.config.patch; the if/else on the config is the branch of
# the default config; the count is also printed.
import torch

recompile_limit = 2
num_submodules = 4
cnts = torch._dynamo.testing.CompileCounterWithBackend("eager")


class SubModule(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        a = torch.sin(torch.cos(x))
        return self.relu(a)


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
# For the third iteration, we would reach the cache size limit, and
# therefore the total number of expected frame count is 2 *
# num_submodules.
with torch._dynamo.config.patch(recompile_limit=recompile_limit):
    for size in [
        (4,),
        (4, 4),
        (4, 4, 4),
    ]:
        x = torch.randn(size)
        mod(x)
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
