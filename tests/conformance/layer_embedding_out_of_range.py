import torch
import torch.nn.functional as F

w = torch.ones(4, 2)

@torch.compile
def f(i):
    return F.embedding(i, w)

print(f(torch.tensor([0, 3])))
print(f(torch.tensor([0, 4])))

# expected output:
# tensor([[1., 1.],
#         [1., 1.]])
# expected error: IndexError: index out of range in self
# expected error line: 8
