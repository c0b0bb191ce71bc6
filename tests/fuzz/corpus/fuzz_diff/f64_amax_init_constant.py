import torch

@torch.compile
def f(x, y):
    z = x * 2.5 + y  # traced
    return z.sum(), torch.relu(z - 1.0), z.amax(), z.float()  # traced

x = torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64)
y = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64)
s, r, m, zf = f(x, y)
print(s.item(), s.dtype, r, m.item(), zf.dtype)
print(f(x.float(), y)[0].dtype, f(x.float(), y.float())[0].dtype)

@torch.compile
def g(a, b):
    return torch.tanh(a @ b) + a.mean(dim=1, keepdim=True)  # traced

a = torch.tensor([[0.5, -1.0], [2.0, 0.25]], dtype=torch.float64)
out = g(a, a)
print(out, out[0, 0].item())

@torch.compile
def h(a):
    return (a.double() / 3).sum(dim=0), a.double().exp()  # traced

p, q = h(torch.tensor([[1, 2], [4, 5]]))
print(p, p[0].item(), q.dtype)


# expected (hand)
# expected output:
# 3.5 torch.float64 tensor([0.2500, 0.0000, 2.7500], dtype=torch.float64) 3.75 torch.float32
# torch.float64 torch.float32
# tensor([[-1.1914, -0.8851],
#         [ 2.0301,  0.1657]], dtype=torch.float64) -1.1913755384972875
# tensor([1.6667, 2.3333], dtype=torch.float64) 1.6666666666666665 torch.float64
