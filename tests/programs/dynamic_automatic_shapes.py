import torch

def fn(a, b):
    return a - b * 10  # traced

auto = torch.compile(fn)
for n in range(2, 8):
    print(auto(torch.ones(n), torch.ones(n)).sum().item())

# Automatic dynamic shapes (the default, test_config.py
# test_automatic_dynamic): the first call compiles for size 2; the second
# call's new size makes dimension 0 symbolic, and that graph serves every
# size >= 2: 2 graphs, not 6. The two inputs have equal sizes: one symbol.
# expected output:
# -18.0
# -27.0
# -36.0
# -45.0
# -54.0
# -63.0
# expected explain: graph_count=2 graph_break_count=0
