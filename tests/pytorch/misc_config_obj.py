# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_config_obj
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts v[0] == 7 and op_count == 8 after four calls with config
# objects whose attributes change (count 3, 3, 1, 1 additions: each
# attribute change recompiles, 3 + 3 + 1 + 1 = 8 ops).
# Translation: the test's @torch._dynamo.config.patch(specialize_float=True)
# decorates a test function; asserts for self.assertEqual.
import torch
from torch._dynamo.testing import CompileCounter, same


@torch._dynamo.config.patch(specialize_float=True)
def test_config_obj():
    class Cfg:
        def __init__(self) -> None:
            self.val = 0.5
            self.count = 3

    def fn(x, cfg):
        for i in range(cfg.count):
            x = x + cfg.val
        return x

    cfg1 = Cfg()
    cfg1.val = 1.0
    cfg2 = Cfg()
    v = torch.zeros(1)
    cnts = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnts)
    v = opt_fn(v, cfg1)  # 3
    v = opt_fn(v, cfg2)  # 4.5
    cfg2.count = 1
    v = opt_fn(v, cfg2)  # 5
    cfg2.val = 2.0
    v = opt_fn(v, cfg2)  # 7
    print("v[0]", v[0].item(), "op_count", cnts.op_count)
    assert v[0] == 7, "v[0]"
    assert cnts.op_count == 8, "op_count"


test_config_obj()

# expected output:
# v[0] 7.0 op_count 8
