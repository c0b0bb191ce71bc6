# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_setattr_mutation3
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the three attribute values equal eager's, frame_count 1
# and op_count 9, for an object that does not escape (its __init__ calls
# super().__init__()).
# Translation: assertTrue(same(...)) is assert same(...),
# assertIs/assertIsInstance are asserts; the counts are also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


# TODO(jansel): dead code eliminate the object creation
class MyObj:
    def __init__(self, x):
        super().__init__()
        self.a = x + 1
        self.b = x + 2


def fn(x):
    x = x / 3.0
    obj = MyObj(x)
    obj.c = obj.a * obj.b + 1
    obj.b = obj.a * obj.c + 2
    obj.a = obj.b * obj.c + 3
    return obj.a, obj.b, obj.c


x1 = torch.randn(10)
obj2 = fn(x1)

cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
obj1 = opt_fn(x1)
assert same(obj1, obj2), "compiled == eager"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 1, "frame_count"
assert cnts.op_count == 9, "op_count"

# expected output:
# frame_count 1 op_count 9
