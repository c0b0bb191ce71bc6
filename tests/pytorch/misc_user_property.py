# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_user_property
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts 2 * x + 5, frame_count 1 and op_count 2: a user @property
# is read while tracing.
# Translation: assertTrue(same(...)) is assert same(...); the counts are
# also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


class MyConfig:
    @property
    def prop5(self):
        return 5


def fn(cfg, x, y):
    return x + y + cfg.prop5


x = torch.randn(10)
cfg = MyConfig()
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(cfg, x, x), 2 * x + 5), "result"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 2, "op_count"

# expected output:
# frame_count 1 op_count 2
