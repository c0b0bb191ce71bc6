# pytorch: test/dynamo/test_functions.py FunctionTests.test_default_dict_constr
# commit: 0014f2167fd77588eec64d39ef4428e95c614e46
# issue: 9
#
# PyTorch asserts that fn, making a collections.defaultdict(lambda: dict())
# inside the frame, writing a str key, an nn.Parameter key and another str
# key, then update() with a dict, a list of pairs and a zip, compiled with
# torch._dynamo.optimize_assert("eager") (fullgraph: a graph break is an
# error) gives the eager values (`same`) at every key.
# Translation: asserts for self.assertTrue; the comparisons are also printed.
import collections

import torch
from torch._dynamo.testing import same

param = torch.nn.Parameter(torch.ones([2, 2]))


def fn(x):
    dd = collections.defaultdict(lambda: dict())  # noqa: C408
    dd["a"] = x + 1
    dd[param] = 123
    dd["c"] = x * 2
    dd.update({"b": x * 3})
    dd.update([["d", x - 2], ("e", x + 2)])
    dd.update(zip("ab", [x + 3, x + 4]))
    return dd["b"], dd


x = torch.randn(10, 10)
ref = fn(x)
opt_fn = torch._dynamo.optimize_assert("eager")(fn)
res = opt_fn(x)

checks = [same(ref[0], res[0])] + [same(ref[1][k], res[1][k]) for k in ["a", "b", "c", "d", "e", param]]
print("same", checks, type(res[1]).__name__, len(res[1]))
assert all(checks), "same"

# expected output:
# same [True, True, True, True, True, True, True] defaultdict 6
