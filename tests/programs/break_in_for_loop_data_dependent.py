import torch

@torch.compile
def f(x):
    for i in range(5):  # not traced
        x = x * 2  # not traced
        if x.sum() > 20:  # not traced, graph break: data_dependent
            break  # not traced
    return x, i  # traced

print(f(torch.ones(2)))

# expected output:
# (tensor([16., 16.]), 3)
# expected explain: graph_count=0 graph_break_count=1
