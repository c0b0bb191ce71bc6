# pytorch: test/dynamo/_test_misc_part4.py MiscTestsPart4.test_cond
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 10
#
# PyTorch asserts that cond(pred, true_fn, false_fn, [x]) with a tensor
# predicate returns cos(x) for False and sin(x) for True under torch.compile:
# torch.cond is the documented way to branch on tensor data without a graph
# break.
# Translation: `from functorch.experimental.control_flow import cond` is
# torch.cond (the same higher-order op, exported as torch.cond); asserts for
# self.assertTrue.
import torch

cond = torch.cond


def true_fn(x):
    return x.sin()


def false_fn(x):
    return x.cos()


def f(pred, x):
    return cond(pred, true_fn, false_fn, [x])


same = torch._dynamo.testing.same
opt_fn = torch.compile(f, backend="eager")
a = opt_fn(torch.tensor(False), torch.tensor([0.25, 0.25]))
assert same(torch.cos(torch.tensor([0.25, 0.25])), a), "cond False -> cos"
b = opt_fn(torch.tensor(True), torch.tensor([0.25, 0.25]))
assert same(torch.sin(torch.tensor([0.25, 0.25])), b), "cond True -> sin"
print("ok")

# expected output:
# ok
