# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_grad_mode_guard
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts frame_count == 2 after ten calls: a.tolist() is a graph
# break, the graphs before and after it compile once (the grad mode set
# inside the function is guarded and restored correctly, so later calls
# reuse them).
# Translation: the assert is an assert; the count is also printed. The
# test's comment "# graph break" on a.tolist() is a mark annotation to the
# runner, so it says all the line's marks: "# traced, graph break".
import torch
from torch._dynamo.testing import CompileCounter, same


def fn(a, b):
    prev_grad = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    a = a + 1
    a.tolist()  # traced, graph break
    ret = a + b
    torch.set_grad_enabled(prev_grad)
    return ret


a = torch.randn([3, 4])
b = torch.randn([3, 4])
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
for _ in range(10):
    opt_fn(a, b)
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
