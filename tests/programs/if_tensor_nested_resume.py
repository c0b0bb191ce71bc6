import torch

@torch.compile
def f(x, mode):
    y = x * 2  # traced
    if mode == "scale":  # traced
        if y.max() > 3:  # traced, graph break: data_dependent
            y = y / 2  # traced
        else:
            y = y * 10  # traced
        y = y + 1  # traced
    return y  # traced

print(f(torch.tensor([1.0, 2.0]), "scale"))
print(f(torch.tensor([0.5, 1.0]), "scale"))
print(f(torch.tensor([0.5, 1.0]), "none"))

# The break is inside an outer `if` on a Python string; tracing resumes inside
# the taken inner branch. Graphs: f (mul, max, gt), resume into the true branch,
# resume into the else branch (second call, cache hit on f), and f recompiled
# for mode="none" (no break).
# expected output:
# tensor([2., 3.])
# tensor([11., 21.])
# tensor([1., 2.])
# expected explain: graph_count=4 graph_break_count=1
