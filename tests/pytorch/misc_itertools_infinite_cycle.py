# pytorch: test/dynamo/_test_misc_part6.py MiscTestsPart6.test_itertools_infinite_cycle
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that fn, which cycles over an empty iterator, a list, a
# finite itertools.repeat and an infinite itertools.count (breaking after
# 11 items), gives eager's result compiled with fullgraph=True (so with no
# graph break: len(counters["graph_break"]) == 0).
# Translation: assertEqual(list(eager), list(compiled)) compares the rows
# with torch.equal; `counters` is covered by fullgraph=True (a graph break is
# an error); the checks are also printed.
import itertools

import torch


def fn(x):
    for iterator in (
        iter([]),
        iter([10, 11.0]),
        itertools.repeat(-1, 3),
        itertools.count(10),
    ):
        r = itertools.cycle(iterator)
        idx = 0
        x += 1
        for i in r:
            x += i
            idx += 1
            if idx > 10:
                break
    return x


x = torch.randn([2, 5])
eager = fn(x.clone())
compiled_fn = torch.compile(fn, backend="eager", fullgraph=True)
compiled = compiled_fn(x.clone())
same = all(torch.equal(a, b) for a, b in zip(list(eager), list(compiled)))
print("same", same)
assert same, "list(eager) == list(compiled)"

# expected output:
# same True
