import torch

torch._dynamo.config.cache_size_limit = 2
torch._dynamo.config.automatic_dynamic_shapes = False

@torch.compile
def f(x):
    return x.sum() * 2  # traced, not traced

for n in [1, 2, 3, 4]:
    print(f(torch.ones(n)))
print(f(torch.ones(1)))
print(f(torch.ones(2)))

# Without automatic dynamic shapes every size is a variant: two compile;
# the 3rd and 4th sizes run eagerly (stderr gets a "hit
# config.recompile_limit" warning); the first two stay cached.
# expected output:
# tensor(2.)
# tensor(4.)
# tensor(6.)
# tensor(8.)
# tensor(2.)
# tensor(4.)
# expected explain: graph_count=2 graph_break_count=0
