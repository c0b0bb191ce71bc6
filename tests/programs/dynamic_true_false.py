import torch

def g(x):
    return x + 1  # traced

dyn = torch.compile(g, dynamic=True)
for n in range(2, 6):
    dyn(torch.zeros(n))
static = torch.compile(g, dynamic=False)
for n in range(2, 6):
    static(torch.zeros(n))
again = torch.compile(g, dynamic=True)
for n in range(2, 6):
    again(torch.zeros(n))
print(dyn(torch.zeros(1)), static(torch.zeros(3)))

# test_config.py test_multiple_compile_recompiles: dynamic=True makes every
# size >= 2 symbolic from the first call (1 graph); dynamic=False compiles
# every size (4 graphs, the dynamic graph is not reused under that config);
# dynamic=True again reuses the first graph. Size 1 is specialised (0/1
# specialisation): one more graph. Total 6.
# expected output:
# tensor([1.]) tensor([1., 1., 1.])
# expected explain: graph_count=6 graph_break_count=0
