import torch

@torch.compile
def f(x, idx):
    return torch.gather(x, 1, idx) * 10, x.gather(0, idx[:2])

x = torch.arange(12.).reshape(3, 4)
idx = torch.tensor([[0, 3], [1, 1], [2, 0]])
a, b = f(x, idx)
print(a)
print(b)
print(torch.take_along_dim(x, torch.tensor([[3], [2], [1]]), dim=1))

# expected output:
# expected error: RuntimeError: index 3 is out of bounds for dimension 0 with size 3
# expected error line: 5
