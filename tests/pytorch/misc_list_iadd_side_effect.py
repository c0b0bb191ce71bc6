# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_list_iadd_side_effect
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled == eager for `a += [b]` on an argument list
# followed by a graph break: the in-place list extension is a side effect
# replayed before the break, so the returned list holds b.
# Translation: self.assertEqual on lists of ints and a tensor is a small
# assert_equal (item by item, tensors with torch._dynamo.testing.same), as
# TestCase.assertEqual compares sequences.
import torch
from torch._dynamo.testing import CompileCounter, same


def assert_equal(x, y, what):
    assert len(x) == len(y), what
    for p, q in zip(x, y):
        if isinstance(p, torch.Tensor):
            assert same(p, q), what
        else:
            assert p == q, what


def fn(a, b):
    a += [b]
    torch._dynamo.graph_break()
    return a


a = [1, 2, 3]
b = torch.ones(2, 2)

opt_fn = torch.compile(fn, backend="eager")

exp = fn(a, b)

a = [1, 2, 3]
b = torch.ones(2, 2)
act = opt_fn(a, b)

assert_equal(exp, act, "compiled == eager")
print(len(act))

# expected output:
# 4
