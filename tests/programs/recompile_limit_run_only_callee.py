import torch

torch._dynamo.config.recompile_limit = 1
torch._dynamo.config.automatic_dynamic_shapes = False

def helper(x):
    if x.shape[0] > 2:  # traced, not traced
        torch._dynamo.graph_break()  # not traced
    return x - 1  # traced, not traced

@torch.compile
def outer(x, n):
    y = x * n  # traced, not traced
    return helper(y)  # traced, not traced

print(outer(torch.ones(2), 2))
print(outer(torch.ones(3), 3))
print(torch._dynamo.config.cache_size_limit)

# test_recompiles.py test_no_recursive_compile_after_cache_limit_hit:
# recompile_limit (alias cache_size_limit) is 1, so the second call of
# outer, which needs a second entry, runs eagerly (with PyTorch's warning
# on stderr), and so does what it calls (run-only mode): helper's graph
# break would make it a frame of its own, compiled, but nothing is compiled
# under a frame over the limit. 1 graph, no break counted.
# expected output:
# tensor([1., 1.])
# tensor([2., 2., 2.])
# 1
# expected explain: graph_count=1 graph_break_count=0
