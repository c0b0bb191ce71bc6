import torch

@torch.compile
def f(x, n):
    return x * n + n  # traced

print(f(torch.ones(2), 2))
print(f(torch.ones(2), 3))
print(f(torch.ones(2), 2))
print(f(torch.ones(2), 4))
print(f(torch.ones(2), 3))

# A compiled frame is specialised on the Python ints it reads (n == 2);
# when n changes, automatic dynamic shapes make it a dynamic int (a SymInt
# input of the graph, test_recompiles.py): one more graph serves 3 and 4,
# and n == 2 still hits the first.
# expected output:
# tensor([4., 4.])
# tensor([6., 6.])
# tensor([4., 4.])
# tensor([8., 8.])
# tensor([6., 6.])
# expected explain: graph_count=2 graph_break_count=0
