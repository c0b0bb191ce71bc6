import torch

f = torch.tensor([1.0, 2.0])
d = torch.tensor([0.5, 0.25], dtype=torch.float64)
i = torch.tensor([1, 2])
b = torch.tensor([True, False])
print((f + d).dtype, (d * f).dtype, (i + d).dtype, (b * d).dtype)
print((f + 0.1).dtype, (d + 0.1).dtype, (i + 0.5).dtype, (i / 2).dtype)
print((f + torch.tensor(2.0, dtype=torch.float64)).dtype)
print((i + torch.tensor(2.0, dtype=torch.float64)).dtype)
print((torch.tensor(1.0) + torch.tensor(2.0, dtype=torch.float64)).dtype)
print(torch.get_default_dtype(), torch.float64 == torch.double, torch.float64.is_floating_point)
print(torch.where(d > 0.3, d, f).dtype, torch.maximum(f, d).dtype)
print((d + 0.1)[0].item(), (f + 0.1)[0].item())
print(d.sum().dtype, i.sum().dtype, d.mean().dtype, torch.sqrt(i).dtype, torch.sqrt(d).dtype)
x = d.clone()
x += f
print(x)
g = f.clone()
g += d
print(g)
k = i.clone()
k += d


# expected (hand)
# expected output:
# torch.float64 torch.float64 torch.float64 torch.float64
# torch.float32 torch.float64 torch.float32 torch.float32
# torch.float32
# torch.float64
# torch.float64
# torch.float32 True True
# torch.float64 torch.float64
# 0.6 1.100000023841858
# torch.float64 torch.int64 torch.float64 torch.float32 torch.float64
# tensor([1.5000, 2.2500], dtype=torch.float64)
# tensor([1.5000, 2.2500])
# expected error: RuntimeError: result type Double can't be cast to the desired output type Long
# expected error line: 23
