import torch

@torch.compile
def f(a, b):
    return torch.bmm(a, b)

print(f(torch.ones(2, 3, 4), torch.ones(2, 4, 5)).shape)
print(f(torch.ones(1, 3, 4), torch.ones(2, 4, 5)))

# expected output:
# torch.Size([2, 3, 5])
# expected error: RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [1, 4] but got: [2, 4].
# expected error line: 5
