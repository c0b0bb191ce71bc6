# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_nested_closure_mutation
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts the compiled counter closure gives the same four results
# as eager (same seed), frame_count 2 and op_count 11: fn1 (two randn, two
# calls of fn3 mutating the cells through nonlocal) and fn3 compile once
# each.
# Translation: assertTrue(same(...)) is assert same(...); the counts are
# also printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def fn1():
    v1 = torch.randn(10)

    def fn2():
        v2 = torch.randn(10)

        def fn3():
            nonlocal v1, v2
            v1 += 1
            v2 += 2
            return v1 + v2

        return fn3

    rv = fn2()
    rv()
    rv()
    return rv


torch.manual_seed(9000)
counter1 = fn1()
result1 = [counter1(), counter1(), counter1()]

torch.manual_seed(9000)
cnts = torch._dynamo.testing.CompileCounter()
opt_fn1 = torch._dynamo.optimize_assert(cnts)(fn1)
counter2 = torch._dynamo.optimize_assert(cnts)(opt_fn1())
result2 = [counter2(), counter2(), counter2()]
result1.append(counter1())
result2.append(counter2())

assert same(result1, result2), "compiled == eager"
print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
assert cnts.frame_count == 2, "frame_count"
assert cnts.op_count == 11, "op_count"

# expected output:
# frame_count 2 op_count 11
