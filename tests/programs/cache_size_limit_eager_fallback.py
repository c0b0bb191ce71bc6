import torch

torch._dynamo.config.cache_size_limit = 2

@torch.compile
def f(x):
    return x.sum() * 2  # traced, not traced

for n in [1, 2, 3, 4]:
    print(f(torch.ones(n)))
print(f(torch.ones(1)))
print(f(torch.ones(2)))

# Two variants compile; the 3rd and 4th shapes run eagerly (stderr gets a
# "hit config.cache_size_limit" warning); the first two stay cached.
# expected output:
# tensor(2.)
# tensor(4.)
# tensor(6.)
# tensor(8.)
# tensor(2.)
# tensor(4.)
# expected explain: graph_count=2 graph_break_count=0
