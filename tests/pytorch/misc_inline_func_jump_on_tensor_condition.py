# pytorch: test/dynamo/_test_misc_part4.py MiscTestsPart4.test_inline_func_jump_on_tensor_condition
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts res1 == 3 and res2 == 1: the argument tensor used as an
# `if` condition (`input == 0`) inside an inlined helper is a data-dependent
# break, and each call takes the branch its value selects (no specialisation
# that would reuse the first call's branch).
# Translation: self.assertEqual(tensor, number) compares the one-element
# tensor's value; results are also printed.
import torch


def f1(input):
    if input == 0:
        return input + 1
    else:
        return input + 2


def f2(input):
    return f1(input)


cnts = torch._dynamo.testing.CompileCounter()
opt_f2 = torch.compile(f2, backend=cnts)
res1 = opt_f2(torch.tensor([1.0]))
res2 = opt_f2(torch.tensor([0.0]))

print(res1, res2)
assert res1.item() == 3, "res1 == 3"
assert res2.item() == 1, "res2 == 1"

# expected output:
# tensor([3.]) tensor([1.])
