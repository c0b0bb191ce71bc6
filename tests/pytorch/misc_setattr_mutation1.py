# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_setattr_mutation1
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the compiled function returns the same object, its
# attributes equal eager's, frame_count 1 and op_count 12: six attribute
# writes of mul-add expressions on an argument object are side effects
# replayed after one graph.
# Translation: assertTrue(same(...)) is assert same(...),
# assertIs/assertIsInstance are asserts; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


class MyObj:  # noqa: B903
    def __init__(self, a, b):
        self.a = a
        self.b = b


def fn(obj):
    obj.c = obj.a * obj.b + 1
    obj.b = obj.a * obj.c + 2
    obj.a = obj.b * obj.c + 3
    obj.c = obj.a * obj.b + 4
    obj.b = obj.a * obj.c + 5
    obj.a = obj.b * obj.c + 6
    return obj


x1 = torch.randn(10)
x2 = torch.randn(10)
obj1 = MyObj(x1, x2)
obj2 = MyObj(x1, x2)
fn(obj2)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert opt_fn(obj1) is obj1, "returns obj1"
assert same(obj1.a, obj2.a), "a"
assert same(obj1.b, obj2.b), "b"
assert same(obj1.c, obj2.c), "c"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 12, "op_count"

# expected output:
# frame_count 1 op_count 12
