# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_user_getattr2
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the result x + 1 - 2 + 3, frame_count 1 and op_count 3: a
# class attribute, an instance attribute and a __getattr__ fallback are all
# read while tracing.
# Translation: assertTrue(same(...)) is assert same(...); the counts are
# also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


class MyConfig:
    defined_on_class = 1

    def __init__(self) -> None:
        self.defined_on_object = 2

    def __getattr__(self, name):
        return 3


def fn(cfg, x):
    return x + cfg.defined_on_class - cfg.defined_on_object + cfg.not_defined


x = torch.randn(10)
cfg = MyConfig()
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(cfg, x), x + 1 - 2 + 3), "result"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 3, "op_count"

# expected output:
# frame_count 1 op_count 3
