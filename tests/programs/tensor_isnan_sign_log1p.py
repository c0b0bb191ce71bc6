# isnan / isinf / isfinite / isposinf / isneginf give bool tensors (ints:
# never nan or inf), sign / sgn give -1, 0, 1 in the input's dtype (nan
# gives 0: PyTorch's kernel is (0 < x) - (x < 0)), log1p / expm1 keep the
# digits of a tiny x that log(1 + x) / exp(x) - 1 lose; eagerly and
# traced into one graph. Expected values by hand: log1p(1e-5) =
# 9.99995e-06 (float32 1e-5 is 9.99999975e-06: 9.9999e-06 at 4 digits),
# expm1(1e-5) = 1.000005e-05, log1p(1) = ln 2 = 0.69315, expm1(1) =
# e - 1 = 1.71828; sci mode since the smallest |value| is below 1e-4.
import torch

x = torch.tensor([1.0, float("nan"), float("inf"), float("-inf"), -2.0, 0.0])
i = torch.tensor([3, -1, 0])

@torch.compile
def preds(x):
    return torch.isnan(x), x.isinf(), torch.isfinite(x), torch.isposinf(x), x.isneginf()  # traced

@torch.compile
def signs(x, i):
    return torch.sign(x), x.sgn(), i.sign(), torch.isnan(i), i.isfinite()  # traced

@torch.compile
def logs(x):
    return torch.log1p(x), x.expm1()  # traced

for r in preds(x):
    print(r)
for r in signs(x, i):
    print(r)
small = torch.tensor([0.0, 1e-5, 1.0])
for r in logs(small):
    print(r)
print(torch.log1p(torch.tensor([-1.0, float("inf")])), torch.expm1(torch.tensor([float("-inf"), float("inf")])))
print(torch.log1p(torch.tensor([1, 0])))
y = torch.tensor([-3.0, 0.5])
y.sign_()
print(y)
print(torch.isnan(x).dtype, torch.sign(i).dtype)

# expected output:
# tensor([False,  True, False, False, False, False])
# tensor([False, False,  True,  True, False, False])
# tensor([ True, False, False, False,  True,  True])
# tensor([False, False,  True, False, False, False])
# tensor([False, False, False,  True, False, False])
# tensor([ 1.,  0.,  1., -1., -1.,  0.])
# tensor([ 1.,  0.,  1., -1., -1.,  0.])
# tensor([ 1, -1,  0])
# tensor([False, False, False])
# tensor([True, True, True])
# tensor([0.0000e+00, 9.9999e-06, 6.9315e-01])
# tensor([0.0000e+00, 1.0000e-05, 1.7183e+00])
# tensor([-inf, inf]) tensor([-1., inf])
# tensor([0.6931, 0.0000])
# tensor([-1.,  1.])
# torch.bool torch.int64
# expected explain: graph_count=3 graph_break_count=0
