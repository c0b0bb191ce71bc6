import torch

@torch.compile
def f(x, idx):
    y = x + 1
    return torch.gather(y, 1, idx)

x = torch.zeros(2, 3)
print(f(x, torch.tensor([[0], [2]])))
print(f(x, torch.tensor([[0], [3]])))

# expected output:
# tensor([[1.],
#         [1.]])
# expected error: RuntimeError: index 3 is out of bounds for dimension 1 with size 3
# expected error line: 6
