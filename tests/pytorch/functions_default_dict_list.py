# pytorch: test/dynamo/test_functions.py FunctionTests.test_default_dict_list
# commit: 0014f2167fd77588eec64d39ef4428e95c614e46
# issue: 9
#
# FunctionTests._test_default_dict_helper(list): a global
# collections.defaultdict(factory) written by fn (a str key, an
# nn.Parameter key, another str key) and read at a missing key, which
# calls the factory; fn compiled with torch._dynamo.optimize_assert("eager")
# (fullgraph: a graph break is an error) gives the eager results (`same`)
# for the missing key's value and the three stored values.
# Translation: the helper is a module-level function; asserts for
# self.assertTrue; the comparisons are also printed.
import collections

import torch
from torch._dynamo.testing import same


def _test_default_dict_helper(factory):
    dd = collections.defaultdict(factory)
    param = torch.nn.Parameter(torch.ones([2, 2]))

    def fn(x):
        dd["a"] = x + 1
        dd[param] = 123
        dd["c"] = x * 2
        return dd["b"], dd

    x = torch.randn(10, 10)
    ref = fn(x)
    opt_fn = torch._dynamo.optimize_assert("eager")(fn)
    res = opt_fn(x)

    checks = [
        same(ref[0], res[0]),
        same(ref[1]["a"], res[1]["a"]),
        same(ref[1]["c"], res[1]["c"]),
        same(ref[1][param], res[1][param]),
    ]
    print("same", checks, res[0])
    assert all(checks), "same"


_test_default_dict_helper(list)

# expected output:
# same [True, True, True, True] []
