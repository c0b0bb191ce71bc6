# pytorch: test/dynamo/_test_misc_part2.py MiscTestsPart2.test_data_access_in_inference_mode
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that x.data returned from a fullgraph compile inside
# torch.inference_mode() equals x.
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same.
import torch
from torch._dynamo.testing import CompileCounter, same


@torch.compile(fullgraph=True, backend="eager")
def f(x):
    y = x.data
    return y


with torch.inference_mode():
    x = torch.randn(3)
    y = f(x)
assert same(y, x), "y == x"
print("ok")

# expected output:
# ok
