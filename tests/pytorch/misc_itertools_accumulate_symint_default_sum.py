# pytorch: test/dynamo/_test_misc_part6.py MiscTestsPart6.test_itertools_accumulate_symint_default_sum
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that itertools.accumulate over two sizes of x (ints from
# x.size()) multiplies x as eager does, compiled with fullgraph=True (no
# graph break).
# Translation: assertEqual(list(eager), list(compiled)) compares the rows
# with torch.equal; the graph-break count is covered by fullgraph=True.
import itertools

import torch


def fn(x):
    r = itertools.accumulate([x.size(0), x.size(1)])
    for i in r:
        x *= i
    return x


x = torch.randn(2, 3)
eager = fn(x.clone())
compiled_fn = torch.compile(fn, backend="eager", fullgraph=True)
compiled = compiled_fn(x.clone())
same = all(torch.equal(a, b) for a, b in zip(list(eager), list(compiled)))
print("same", same)
assert same, "list(eager) == list(compiled)"

# expected output:
# same True
