import torch


def batches(x, n):
    for i in range(0, x.shape[0], n):  # traced, not traced
        yield x[i:i + n]  # traced, not traced


@torch.compile
def total(x):
    s = 0  # traced
    for b in batches(x, 2):  # traced
        s = s + b.sum()  # traced
    return s  # traced


def noisy(x):
    yield x + 1
    print("inside")  # not traced, graph break: unsupported_call
    yield x + 2


@torch.compile
def both(x):
    return list(noisy(x))  # not traced


x = torch.arange(6.0)
print(total(x))
print(both(x))
g = batches(x, 3)


@torch.compile
def take(g, x):
    return next(g) * x[:3]  # traced, graph break: unsupported_call


print(take(g, x))
print(list(g))

# Generators under torch.compile, as Dynamo (PyTorch 2.12) treats them: a
# generator made by the compiled frame is inlined, each item traced into
# the one graph (total: 1 graph, no break); a graph break inside a
# generator's next() skips the frame, which runs eagerly (both: no graph);
# a generator made outside the frame is not inlined, its next() breaks the
# graph (take: 1 graph after the break).
# expected output:
# tensor(15.)
# inside
# [tensor([1., 2., 3., 4., 5., 6.]), tensor([2., 3., 4., 5., 6., 7.])]
# tensor([0., 1., 4.])
# [tensor([3., 4., 5.])]
# expected explain: graph_count=2 graph_break_count=2
