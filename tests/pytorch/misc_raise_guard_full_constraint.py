# pytorch: test/dynamo/_test_misc_part5.py MiscTestsPart5.test_raise_guard_full_constraint
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts ConstraintViolationError: dimension 0 of y is marked dynamic
# with torch._dynamo.mark_dynamic, but the function specialises it
# (`if x.shape[0] == 3:`), which contradicts the mark.
# Translation: self.assertRaises is try/except; ConstraintViolationError is
# imported from torch.fx.experimental.symbolic_shapes as the test file does.
import torch
from torch.fx.experimental.symbolic_shapes import ConstraintViolationError

y = torch.randn([3, 3, 3])


def my_dyn_fn(x):
    if x.shape[0] == 3:
        return x.sin()
    return x.cos()


torch._dynamo.mark_dynamic(y, 0)
try:
    torch.compile(my_dyn_fn, backend="eager")(y)
except ConstraintViolationError:
    print("ConstraintViolationError raised")
else:
    assert False, "no ConstraintViolationError"

# expected output:
# ConstraintViolationError raised
