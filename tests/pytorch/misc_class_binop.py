# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_class_binop
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts (a + b).x == 2 * x + 1 with frame_count 1 and op_count 1
# for a user class whose __add__ adds tensors, and that `a - b` (no __sub__)
# under fullgraph=True raises torch._dynamo.exc.Unsupported.
# Translation: self.assertRaises is try/except; asserts for self.assertEqual
# (on the tensor: same).
import torch
from torch._dynamo.testing import CompileCounter, same


class Foo:
    def __init__(self, x):
        self.x = x

    def __add__(self, other):
        return Foo(self.x + other.x)


def fn(a, b):
    return a + b


x = torch.randn(2)
a, b = Foo(x), Foo(x + 1)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(a, b).x, 2 * x + 1), "result"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 1, "op_count"


def fn(a, b):
    return a - b


opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
try:
    opt_fn(a, b)
    raised = False
except torch._dynamo.exc.Unsupported:
    raised = True
print("a - b raised Unsupported", raised)
assert raised, "a - b raises Unsupported"

# expected output:
# frame_count 1 op_count 1
# a - b raised Unsupported True
