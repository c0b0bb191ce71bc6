# pytorch: test/dynamo/test_modules.py NNModuleTests.test_user_defined_nn_module_dynamic
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count == 3: three instances of one Conv2d subclass
# that differ only in their stride, each compiled with fullgraph=True and
# called once. The instances share SubModule.forward's cache (guarded by
# type), but the stride each forward reads is guarded by its value (an
# nn.Module attribute is static), so each instance compiles its own graph
# ("If not marked static there would be 2, because strides would be
# converted to symints").
# Translation: the count is also printed.
import torch


class Conv2d(torch.nn.Conv2d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def forward(self, x):
        x = torch.nn.functional.conv2d(
            x,
            self.weight,
            self.bias,
            self.stride,
            self.padding,
            self.dilation,
            self.groups,
        )
        return x


cnts = torch._dynamo.testing.CompileCounter()
mod1 = Conv2d(64, 64, kernel_size=(2, 2), stride=(1, 1))
mod2 = Conv2d(64, 64, kernel_size=(2, 2), stride=(2, 2))
mod3 = Conv2d(64, 64, kernel_size=(2, 2), stride=(3, 3))

opt_mod1 = torch.compile(mod1, backend=cnts, fullgraph=True)
opt_mod2 = torch.compile(mod2, backend=cnts, fullgraph=True)
opt_mod3 = torch.compile(mod3, backend=cnts, fullgraph=True)

x = torch.randn(1, 64, 64, 64)
opt_mod1(x)
opt_mod2(x)
opt_mod3(x)

# Must be 3 compilations. If not marked static there would be 2, because strides would be converted to symints.
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 3, "frame_count"

# expected output:
# frame_count 3
