# torch.set_printoptions: precision, threshold, edgeitems, linewidth,
# sci_mode and the profiles ('default' restores PyTorch's defaults,
# 'short' is precision 2 / edgeitems 2, 'full' never summarises). Every
# call sets sci_mode (None unless given), as torch/_tensor_str.py does.
# Expected output: the examples of set_printoptions' docstring, the rest
# by _Formatter's rules: widths are chosen before sci_mode overrides (so
# sci_mode=False pads 0.0000 to the 10 characters of 1.0000e-05), and
# (linewidth - len("tensor(")) // (width + 2) = (20 - 7) // 3 = 4 elements
# per line.
import torch

torch.set_printoptions(precision=2)
print(torch.tensor([1.12345]))
torch.set_printoptions(threshold=5)
print(torch.arange(10))
torch.set_printoptions(profile="default")
print(torch.tensor([1.12345]))
print(torch.arange(10))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.5, 20.0]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-5, 1.0]))
torch.set_printoptions(precision=4)
print(torch.tensor([1e-5, 1.0]))
torch.set_printoptions(profile="short")
print(torch.arange(2000.0) / 3)
torch.set_printoptions(edgeitems=1, threshold=3)
print(torch.arange(12).reshape(3, 4))
torch.set_printoptions(profile="default", linewidth=20)
print(torch.arange(10))
torch.set_printoptions(profile="full")
print(torch.arange(1002)[-1], torch.arange(1002).sum())
torch.set_printoptions(profile="default")

@torch.compile
def f(x):
    return x / 3  # traced

print(f(torch.ones(2)))

# expected output:
# tensor([1.12])
# tensor([0, 1, 2,  ..., 7, 8, 9])
# tensor([1.1235])
# tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
# tensor([1.5000e+00, 2.0000e+01])
# tensor([    0.0000,     1.0000])
# tensor([1.0000e-05, 1.0000e+00])
# tensor([0.00e+00, 3.33e-01,  ..., 6.66e+02, 6.66e+02])
# tensor([[ 0,  ...,  3],
#         ...,
#         [ 8,  ..., 11]])
# tensor([0, 1, 2, 3,
#         4, 5, 6, 7,
#         8, 9])
# tensor(1001) tensor(501501)
# tensor([0.3333, 0.3333])
