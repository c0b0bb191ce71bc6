import torch
import torch.nn as nn
import torch.nn.functional as F

w = torch.arange(15.).reshape(5, 3)
emb = nn.Embedding(5, 3)
print(emb.load_state_dict({"weight": w}))

@torch.compile
def f(i):
    return emb(i) * 2

print(f(torch.tensor([[0, 4], [2, 2]])))
print(F.embedding(torch.tensor([1, 3]), w))
print(emb(torch.tensor(3)).shape)

# expected output:
# <All keys matched successfully>
# tensor([[[ 0.,  2.,  4.],
#          [24., 26., 28.]],
#
#         [[12., 14., 16.],
#          [12., 14., 16.]]], grad_fn=<CompiledFunctionBackward>)
# tensor([[ 3.,  4.,  5.],
#         [ 9., 10., 11.]])
# torch.Size([3])
