# pytorch: torch/_dynamo/convert_frame.py _compile; torch/_dynamo/cache_size.py (source, no test)
# commit: 0a3e2fe5e427f2a05c343acb01df8899e2f503a3
# issue: 9
#
# Bad input: a negative cache limit. Setting it is not an error (config
# values are not range-checked). Every compile then exceeds the limit
# (exceeds_recompile_limit: `num_cache_entries_in_bucket >= limit`, 0 >= -1),
# so PyTorch logs "torch._dynamo hit config.recompile_limit (-1)" and runs the
# function eagerly: no frame is compiled, results are unchanged.
import torch

torch._dynamo.config.cache_size_limit = -1

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def f(x):
    return x * 2


print(f(torch.ones(2)))
print(f(torch.ones(3)))
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 0, "frame_count"

# stderr contains: torch._dynamo hit config.recompile_limit (-1)
# expected output:
# tensor([2., 2.])
# tensor([2., 2., 2.])
# frame_count 0
