import torch

torch._dynamo.config.cache_size_limit = 1

@torch.compile
def f(x):
    return x.sum() + 1  # traced, not traced

print(f(torch.ones(1)))
print(f(torch.ones(2)))
torch._dynamo.reset()
print(f(torch.ones(2)))
print(f(torch.ones(2)))

# The second shape exceeds the limit and runs eagerly; reset() forgets the
# cache entries, so the same shape then compiles.
# expected output:
# tensor(2.)
# tensor(3.)
# tensor(3.)
# tensor(3.)
# expected explain: graph_count=2 graph_break_count=0
