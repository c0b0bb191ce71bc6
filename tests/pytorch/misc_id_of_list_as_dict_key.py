# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_id_of_list_as_dict_key
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager when id() of a closed-over
# container is a dict key inside the compiled function.
# Translation: the test's local container is a local of a function named
# like the test, as in the test (a closure cell of fn); self.assertEqual on
# tensors is torch._dynamo.testing.same.
import torch
from torch._dynamo.testing import CompileCounter, same


def test_id_of_list_as_dict_key():
    MY_LIST = [1.0, 2.0]

    def fn(x):
        memo = {}
        memo[id(MY_LIST)] = True
        if id(MY_LIST) in memo:
            return x + 1.0
        return x + 2.0

    x = torch.randn(4)
    correct = fn(x)
    result = torch.compile(fn, fullgraph=True)(x)
    assert same(result, correct), "compiled == eager"
    print("ok")


test_id_of_list_as_dict_key()

# expected output:
# ok
