# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_nn_module_getattr
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for an nn.Module whose __getattr__
# serves names from a dict before falling back to Module.__getattr__ (its
# assertTrue(cnts.frame_count, 1) and assertTrue(cnts.op_count, 2) only
# check truth: at least one frame and one op).
# Translation: assertTrue(x, msg) is assert x (the test's second argument is
# assertTrue's message, so the counts are only checked to be non-zero, as in
# PyTorch).
import torch
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.custom_dict = {"queue": [torch.rand((2, 2)) for _ in range(3)]}
        self.other_attr = torch.rand((2, 2))

    def __getattr__(self, name):
        custom_dict = self.custom_dict
        if name in custom_dict:
            return custom_dict[name]
        return super().__getattr__(name)

    def forward(self, x):
        return x @ self.other_attr + self.queue[-1]


x = torch.rand((2, 2))
mod = MyMod()
cnts = torch._dynamo.testing.CompileCounter()
opt_mod = torch.compile(mod, backend=cnts)
assert same(opt_mod(x), mod(x)), "compiled == eager"
assert cnts.frame_count, "frame_count"
assert cnts.op_count, "op_count"
print("ok")

# expected output:
# ok
