import torch
import torch.nn as nn

mha = nn.MultiheadAttention(4, 2, batch_first=True)
sd = {
    "in_proj_weight": torch.arange(48.).reshape(12, 4) / 50 - 0.4,
    "in_proj_bias": torch.arange(12.) / 10,
    "out_proj.weight": torch.arange(16.).reshape(4, 4) / 20 - 0.3,
    "out_proj.bias": torch.tensor([0.1, -0.1, 0.2, 0.0]),
}
print(mha.load_state_dict(sd))
print([n for n, _ in mha.named_parameters()])
x = torch.arange(24.).reshape(2, 3, 4) / 10

@torch.compile
def f(x):
    return mha(x, x, x)

out, w = f(x)
print(out)
print(w)

# expected output:
# <All keys matched successfully>
# ['in_proj_weight', 'in_proj_bias', 'out_proj.weight', 'out_proj.bias']
# tensor([[[-1.4794, -0.2116,  1.5562,  2.8240],
#          [-1.4676, -0.2148,  1.5380,  2.7908],
#          [-1.4558, -0.2180,  1.5198,  2.7577]],
#
#         [[-3.0330, -0.3124,  2.9083,  5.6289],
#          [-3.0216, -0.3155,  2.8906,  5.5968],
#          [-3.0106, -0.3186,  2.8735,  5.5655]]],
#        grad_fn=<CompiledFunctionBackward>)
# tensor([[[0.3218, 0.3331, 0.3451],
#          [0.3331, 0.3333, 0.3336],
#          [0.3449, 0.3325, 0.3225]],
#
#         [[0.3570, 0.3309, 0.3120],
#          [0.3693, 0.3285, 0.3022],
#          [0.3816, 0.3254, 0.2931]]], grad_fn=<CompiledFunctionBackward>)
