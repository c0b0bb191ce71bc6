# pytorch: test/dynamo/test_modules.py NNModuleTests.test_recompile_limit_on_freed_module
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count == 2 ("fn compiles twice") with
# inline_inbuilt_nn_modules=False and accumulated_recompile_limit 2: a new
# Mod instance per call fails the module's ID_MATCH guard and recompiles
# fn until the accumulated limit stops it (the rest of the calls run
# eagerly). With PyTorch's default config the instances would share one
# entry (modules_no_recompile_on_nn_guarded_modules.py).
# Translation: the @patch.object decorators are torch._dynamo.config.patch;
# the count is also printed.
import torch


@torch._dynamo.config.patch(accumulated_recompile_limit=2)
@torch._dynamo.config.patch(inline_inbuilt_nn_modules=False)
def test_recompile_limit_on_freed_module():
    class Mod(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.lin = torch.nn.Linear(5, 5)

        def forward(self, x):
            return self.lin(x)

    def fn(x, mod):
        return mod(x)

    cnts = torch._dynamo.testing.CompileCounterWithBackend("eager")
    opt_mod = torch.compile(fn, backend=cnts)
    for i in range(8):
        mod = Mod()
        opt_mod(torch.randn(5, 5), mod)

    # fn compiles twice
    print("frame_count", cnts.frame_count)
    assert cnts.frame_count == 2, "frame_count"


test_recompile_limit_on_freed_module()

# expected output:
# frame_count 2
