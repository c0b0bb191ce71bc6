# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_resume_paths_join
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 7 and op_count == 10 ("checking here we
# don't create 2^n graphs"): three tensor arguments used as `if` conditions
# break the graph three times; the code after each `if` is a resume function
# shared by both paths, so the 8 combinations give 7 graphs, not 2^3.
# Translation: self.assertEqual are asserts; the counts are also printed.
import torch


def fn(x, c1, c2, c3):
    x = x + 1
    if c1:
        x = x + 2
    x = x + 3
    if c2:
        x = x + 4
    x = x + 5
    if c3:
        x = x + 6
    return x + 7


v1 = torch.randn(10)
t = torch.Tensor([True])
f = torch.Tensor([False])
cnt = torch._dynamo.testing.CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
for a in (t, f):
    for b in (t, f):
        for c in (t, f):
            opt_fn(v1, a, b, c)

print("frame_count", cnt.frame_count, "op_count", cnt.op_count)
assert cnt.frame_count == 7, "frame_count"
assert cnt.op_count == 10, "op_count"

# expected output:
# frame_count 7 op_count 10
