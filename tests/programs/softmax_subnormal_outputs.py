# softmax's smallest outputs, compiled and eager: e^(x - max) down to the
# subnormal floats, -inf and x - max < -104 give +0, each row sums to 1.
# Expected values: e^x correctly rounded to float32 and divided by the
# row's sum, as PyTorch computes them (exp stored, then times 1 / sum;
# rows chosen so that the subnormal outputs round the same whether the
# exp is rounded before the product or not), printed as PyTorch prints.
import torch


@torch.compile
def f(x):
    return torch.softmax(x, dim=-1)  # traced


x = torch.tensor([[0.0, -20.0, -90.0, -100.0, -103.0, -200.0, float("-inf")],
                  [0.0, 0.0, -87.0, -87.2, -101.0, -103.3, -150.0]])
y = f(x)
print(y)
print(torch.softmax(x, dim=-1))
print(y.sum(dim=-1))
print(y[0, 2:5].tolist())

# expected output:
# tensor([[1.0000e+00, 2.0612e-09, 8.1940e-40, 3.7835e-44, 1.4013e-45, 0.0000e+00,
#          0.0000e+00],
#         [5.0000e-01, 5.0000e-01, 8.2291e-39, 6.7374e-39, 7.0065e-45, 0.0000e+00,
#          0.0000e+00]])
# tensor([[1.0000e+00, 2.0612e-09, 8.1940e-40, 3.7835e-44, 1.4013e-45, 0.0000e+00,
#          0.0000e+00],
#         [5.0000e-01, 5.0000e-01, 8.2291e-39, 6.7374e-39, 7.0065e-45, 0.0000e+00,
#          0.0000e+00]])
# tensor([1., 1.])
# [8.194008692231508e-40, 3.783505853677006e-44, 1.401298464324817e-45]
