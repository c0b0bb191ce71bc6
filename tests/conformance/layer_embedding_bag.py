import torch
import torch.nn as nn
import torch.nn.functional as F

W = torch.arange(15.).reshape(5, 3)
i = torch.tensor([0, 1, 2, 4])
print(F.embedding_bag(i, W, torch.tensor([0, 2]), mode="sum"))
print(F.embedding_bag(i, W, torch.tensor([0, 2, 2]), mode="mean"))
print(F.embedding_bag(i, W, torch.tensor([0, 3]), mode="max"))
print(F.embedding_bag(torch.tensor([[0, 1], [2, 4]]), W, mode="sum",
                      per_sample_weights=torch.tensor([[1., 2.], [0.5, 0.]])))
bag = nn.EmbeddingBag(5, 3, mode="sum")
bag.load_state_dict({"weight": W})

@torch.compile
def f(i, o):
    return bag(i, o) + 1

print(f(i, torch.tensor([0, 1, 3])))

# expected output:
# tensor([[ 3.,  5.,  7.],
#         [18., 20., 22.]])
# tensor([[ 1.5000,  2.5000,  3.5000],
#         [ 0.0000,  0.0000,  0.0000],
#         [ 9.0000, 10.0000, 11.0000]])
# tensor([[ 6.,  7.,  8.],
#         [12., 13., 14.]])
# tensor([[ 6.0000,  9.0000, 12.0000],
#         [ 3.0000,  3.5000,  4.0000]])
# tensor([[ 1.,  2.,  3.],
#         [10., 12., 14.],
#         [13., 14., 15.]], grad_fn=<CompiledFunctionBackward>)
