import torch

# Sizes computed in Python from a symbolic size are SymInts (Dynamo traces
# `x.shape[0] - 2` as s0 - 2): passed to a slice, an index, a view or a
# factory they are part of the graph, not baked into it, so with automatic
# dynamic shapes five sizes compile two frames (the first static, then one
# dynamic graph: test_recompiles.py test_automatic_dynamic_reduce_recompiles).
# The patterns are those of PyTorch's ExportDB (torch/_export/db/examples:
# dynamic_shape_slicing "Slices with dynamic shape arguments should be
# captured into the graph rather than being baked in", dynamic_shape_view,
# dynamic_shape_constructor) and test_subgraphs.py test_dynamic_getitem.
# Every result is checked against eager.


def slicing(x):
    return x[: x.shape[0] - 2, x.shape[1] - 1 :: 2]


def slicing_cols(x):
    return x[: x.shape[0] - 2, x.shape[1] - 1 :: 2]


def view(x):
    new_x_shape = x.size()[:-1] + (2, 5)
    x = x.view(*new_x_shape)
    return x.permute(0, 2, 1)


def constructor(x):
    return torch.zeros(x.shape[0] * 2) + torch.ones(2 * x.size(0))


def arith(x):
    n = x.shape[0]
    half = x.view(n // 2, -1).sum(0)
    return x[n - 1] * n, half, torch.arange(n) * 2 + x.sum() / n, x[-(n // 2) :] + x[: n // 2]


def same(got, want):
    if isinstance(want, tuple):
        return all(torch.equal(a, b) for a, b in zip(got, want))
    return torch.equal(got, want)


def check(fn, shapes):
    # the counted compiles first, then the default backend on the same
    # sizes (its graphs run as WebAssembly)
    cnt = torch._dynamo.testing.CompileCounter()
    for opt in (torch.compile(fn, backend=cnt), torch.compile(fn)):
        for s in shapes:
            x = torch.arange(float(s[0] * s[1])).reshape(s)
            want = fn(x)
            assert same(opt(x), want), (fn.__name__, s)
    print(fn.__name__, cnt.frame_count, want.shape if not isinstance(want, tuple) else [w.shape for w in want])


check(slicing, [(4, 6), (5, 6), (6, 6), (7, 6), (8, 6)])
check(slicing_cols, [(4, 4), (4, 6), (4, 8), (4, 10), (4, 12)])
check(view, [(2, 10), (3, 10), (4, 10), (5, 10), (6, 10)])
check(constructor, [(2, 3), (3, 3), (4, 3), (5, 3), (6, 3)])
check(arith, [(4, 2), (6, 2), (8, 2), (10, 2), (12, 2)])

# one graph at every size from the second compile on
print(torch._dynamo.explain(arith)(torch.ones(14, 2)).graph_count)

# expected output:
# slicing 2 torch.Size([6, 1])
# slicing_cols 2 torch.Size([2, 1])
# view 2 torch.Size([6, 5, 2])
# constructor 2 torch.Size([12])
# arith 2 [torch.Size([2]), torch.Size([4]), torch.Size([12]), torch.Size([6, 2])]
# 1
