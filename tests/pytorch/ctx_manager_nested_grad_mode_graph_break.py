# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_nested_grad_mode_graph_break
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts frame_count == 2 after ten calls: graph breaks inside
# nested set_grad_enabled blocks; the asserts on torch.is_grad_enabled()
# inside hold in every resumed piece.
# Translation: the assert is an assert; the count is also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    before = torch.is_grad_enabled()
    with torch.set_grad_enabled(False):
        torch._dynamo.graph_break()
        with torch.set_grad_enabled(True):
            x = torch.mul(x, 5)
            torch._dynamo.graph_break()
            x = torch.sqrt(x)
            assert torch.is_grad_enabled()
        assert not torch.is_grad_enabled()
    assert torch.is_grad_enabled() == before
    return x


a = torch.randn([3, 4])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)

for _ in range(10):
    opt_fn(a)
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
