# torch._dynamo.testing as PyTorch's own tests use it: CompileCounter counts
# frames and the call nodes of their graphs (testing.py), EagerAndRecordGraphs
# keeps the graphs, torch._dynamo.optimize / optimize_assert take any
# backend, config.patch works as decorator and context manager.
import operator

import torch
from torch._dynamo.testing import CompileCounter, EagerAndRecordGraphs, same


def fn(a, b):
    x = a + b
    x = x.sin()
    torch._dynamo.graph_break()
    return torch.cos(x) * 2


cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
a, b = torch.ones(4), torch.arange(4.0)
print(same(opt_fn(a, b), fn(a, b)))
print(cnt.frame_count, cnt.op_count)
opt_fn(a, b)
print(cnt.frame_count, cnt.op_count)
cnt.clear()
print(cnt.frame_count, cnt.op_count)

backend = EagerAndRecordGraphs()
torch.compile(fn, backend=backend)(a, b)
print(len(backend.graphs))
print([n.target == operator.add for n in backend.graphs[0].graph.nodes])
print([n.name for n in backend.graphs[1].graph.nodes])


def no_break(x):
    return x * 2 + 1  # traced


counter = CompileCounter()
print(torch._dynamo.optimize_assert(counter)(no_break)(a))
print(counter.frame_count, counter.op_count)
try:
    torch._dynamo.optimize_assert(CompileCounter())(fn)(a, b)
except torch._dynamo.exc.Unsupported as e:
    print("Unsupported", type(e).__name__, isinstance(e, RuntimeError))

print(torch._dynamo.config.suppress_errors)


@torch._dynamo.config.patch(suppress_errors=True)
def patched():
    return torch._dynamo.config.suppress_errors


print(patched(), torch._dynamo.config.suppress_errors)
with torch._dynamo.config.patch("recompile_limit", 3):
    print(torch._dynamo.config.cache_size_limit, torch._dynamo.config.recompile_limit)
print(torch._dynamo.config.cache_size_limit)
with torch._dynamo.config.patch({"verbose": True}):
    print(torch._dynamo.config.verbose)
print(torch._dynamo.config.verbose)

# expected output:
# True
# 2 4
# 2 4
# 0 0
# 2
# [False, False, True, False, False]
# ['l_x_', 'cos', 'mul', 'output']
# tensor([3., 3., 3., 3.])
# 1 2
# Unsupported Unsupported True
# False
# True False
# 3 3
# 8
# True
# False
