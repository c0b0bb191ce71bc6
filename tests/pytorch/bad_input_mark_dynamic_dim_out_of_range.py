# pytorch: torch/_dynamo/decorators.py mark_dynamic; torch/_dynamo/variables/builder.py (source, no test)
# commit: 00abea08947ffb6337f6bc67165f85f97d4cbb3b
# issue: 9
#
# Bad input: a dimension index past the tensor's rank. PyTorch does not raise:
# mark_dynamic stores the index without a bounds check ("TODO(voz): Should we
# bounds check?") and the builder only looks at `for i in range(e.dim())`, so
# the mark is ignored and the function compiles as usual (one frame).
import torch


def fn(x):
    return x * 2


x = torch.ones(3)
torch._dynamo.mark_dynamic(x, 5)
cnt = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnt)
print(opt_fn(x))
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 1, "frame_count"

# expected output:
# tensor([2., 2., 2.])
# frame_count 1
