# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_start4
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 3 and op_count == 4: a tensor *argument*
# (`check`, an int32 tensor of one element) used as an `if` condition is a
# data-dependent graph break, not a value to specialise on. Each branch
# resumes in its own graph of two ops (a + b, then +/- 10); the third frame is
# the graph compiled at the jump itself, which has no call ops (it only
# returns `check`; see OutputGraph.compile_subgraph's "all stack values are
# tensors" path, which calls the backend even without ops).
# Translation: self.assert* are asserts; the counts are also printed.
import torch


def fn(a, b, check):
    if check:
        return a + b + 10
    else:
        return a + b - 10


v1 = torch.randn(10)
v2 = torch.randn(10)
f = torch.zeros(1, dtype=torch.int32)
t = torch.ones(1, dtype=torch.int32)
correct1 = fn(v1, v2, t)
correct2 = fn(v1, v2, f)
cnt = torch._dynamo.testing.CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
r1 = opt_fn(v1, v2, t)
r2 = opt_fn(v1, v2, f)
assert torch._dynamo.testing.same(r1, correct1), "r1"
assert torch._dynamo.testing.same(r2, correct2), "r2"
print("frame_count", cnt.frame_count, "op_count", cnt.op_count)
assert cnt.frame_count == 3, "frame_count"
assert cnt.op_count == 4, "op_count"

# expected output:
# frame_count 3 op_count 4
