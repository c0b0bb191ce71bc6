import torch

# A SymInt used as a Python value (`if x.shape[0] == 3`, `if x.size(0) > 4`)
# specialises the branch and guards on it, as PyTorch documents
# (torch/_export/db/examples/dynamic_shape_if_guard.py: "`if` statement
# with backed dynamic shape predicate will be specialized into one
# particular branch and generate a guard"): each branch is a cache entry of
# its own, kept for the sizes its guard admits, so alternating sizes do not
# recompile. Results are checked against eager.


def if_guard(x):
    if x.shape[0] == 3:
        return x.cos()
    return x.sin()


def gt(x):
    if x.size(0) > 4:
        return x + x.shape[0]
    return x - 1


def both(x, y):
    n = x.shape[0]
    if n - 1 < y.size(0) // 2:
        return x[: n - 1] * 2
    return y[: y.size(0) // 2]


def check(fn, sizes):
    cnt = torch._dynamo.testing.CompileCounter()
    for opt in (torch.compile(fn, backend=cnt), torch.compile(fn)):
        for s in sizes:
            args = [torch.arange(float(n)) for n in (s if isinstance(s, tuple) else (s,))]
            assert torch.equal(opt(*args), fn(*args)), (fn.__name__, s)
    print(fn.__name__, cnt.frame_count)


# 3: static; 4: dynamic, guard s0 != 3; 5, 4, 6 reuse it, 3 the first entry
check(if_guard, [3, 4, 5, 3, 4, 6, 3])
# 2: static; 3: dynamic, guard s0 <= 4; 6: guard s0 > 4; the rest reuse
check(gt, [2, 3, 6, 3, 7, 4, 8])
check(both, [(3, 9), (4, 12), (5, 14), (9, 4), (10, 6), (6, 20), (11, 3)])

# expected output:
# if_guard 2
# gt 3
# both 3
