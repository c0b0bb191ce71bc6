# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_config_getattr_default
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the six results (5, 5, 7, 7, 5, 5) and frame_count == 3:
# getattr(cfg, "just_add_7", False) is guarded, so setting the attribute to
# True and back to False each recompile once.
# Translation: asserts for self.assertEqual; the count is also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


class Cfg:
    def __init__(self) -> None:
        self.val = 0.5
        self.count = 10


def fn(x, cfg):
    if getattr(cfg, "just_add_7", False):
        return x + 7
    for i in range(cfg.count):
        x = x + cfg.val
    return x


cfg1 = Cfg()
v = torch.zeros(1)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert opt_fn(v, cfg1)[0] == 5, "1"
assert opt_fn(v, cfg1)[0] == 5, "2"
cfg1.just_add_7 = True
assert opt_fn(v, cfg1)[0] == 7, "3"
assert opt_fn(v, cfg1)[0] == 7, "4"
cfg1.just_add_7 = False
assert opt_fn(v, cfg1)[0] == 5, "5"
assert opt_fn(v, cfg1)[0] == 5, "6"
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 3, "frame_count"

# expected output:
# frame_count 3
