# copy.deepcopy inside a compiled function, as Dynamo does it (pytorch/
# pytorch#177484: the copy module is inlined; constant containers are
# copied while tracing, a tensor's __deepcopy__ is a graph break): the
# dict and list are copied in the trace, the tensor's copy breaks the
# graph and runs eagerly, then tracing resumes. Expected values by hand.
import copy

import torch


def f(x, cfg):
    c = copy.deepcopy(cfg)  # traced
    c["n"].append(3)  # traced
    y = x * len(c["n"])  # traced
    z = copy.deepcopy(y)  # traced, graph break: unsupported_call
    return z + 1, c  # traced


cf = torch.compile(f, backend="eager")
cfg = {"n": [1, 2]}
print(cf(torch.ones(2), cfg), cfg)

# expected output:
# (tensor([4., 4.]), {'n': [1, 2, 3]}) {'n': [1, 2]}
# expected explain: graph_count=2 graph_break_count=1
