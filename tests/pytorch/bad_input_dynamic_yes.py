# pytorch: torch/__init__.py compile; torch/_dynamo/eval_frame.py enable_dynamic (source, no test)
# commit: 0066f3405f290ab6ef379abea6945058f8eb7ce5
# issue: 9
#
# Bad input: dynamic="yes". torch.compile does not validate `dynamic`; it is
# passed on to optimize, whose enable_dynamic() tests it for truth
# (`elif enable:` -> config.patch(assume_static_by_default=False)), so a
# non-empty string behaves as dynamic=True: one graph serves the sizes
# 2..11, as in SubGraphTests.test_dynamic_kwarg.
import torch


def fn(a, b):
    return a - b * 10


cnt = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnt, dynamic="yes")
for i in range(2, 12):
    opt_fn(torch.randn(i), torch.randn(i))
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 1, "frame_count"

# expected output:
# frame_count 1
