import torch

@torch.compile
def f(x, c1, c2):
    x = x + 1  # traced
    if c1:  # traced, graph break: data_dependent
        x = x + 2  # traced
    x = x + 3  # traced
    if c2:  # traced, graph break: data_dependent
        x = x + 4  # traced
    return x + 5  # traced

t = torch.tensor([True])
u = torch.tensor([False])
for a in (t, u):
    for b in (t, u):
        print(f(torch.zeros(1), a, b))

# test_subgraphs.py test_resume_paths_join: a tensor argument used as a
# Python bool is a data-dependent break, not a value to specialise on. Each
# branch resumes in a unit of its own, and the code after an `if` is one
# resume unit whichever path reached it: 1 + 2 + 2 graphs for 4 calls, not
# one graph per combination.
# expected output:
# tensor([15.])
# tensor([11.])
# tensor([13.])
# tensor([9.])
# expected explain: graph_count=5 graph_break_count=3 op_count=7
