import torch
import torch.nn as nn

bn = nn.BatchNorm2d(2)
x = torch.arange(16.).reshape(2, 2, 2, 2)
print(bn(x))
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()

@torch.compile
def f(x):
    return bn(x)

print(f(x))
print([n for n, _ in bn.named_buffers()])
bn1 = nn.BatchNorm1d(3).eval()
print(bn1(torch.tensor([[1., 2., 3.], [4., 5., 6.]])))

# expected output:
# tensor([[[[-1.3242, -1.0835],
#           [-0.8427, -0.6019]],
#
#          [[-1.3242, -1.0835],
#           [-0.8427, -0.6019]]],
#
#
#         [[[ 0.6019,  0.8427],
#           [ 1.0835,  1.3242]],
#
#          [[ 0.6019,  0.8427],
#           [ 1.0835,  1.3242]]]], grad_fn=<NativeBatchNormBackward0>)
# tensor([0.5500, 0.9500]) tensor([2.8714, 2.8714]) tensor(1)
# tensor([[[[-0.3246,  0.2656],
#           [ 0.8557,  1.4458]],
#
#          [[ 1.7999,  2.3900],
#           [ 2.9802,  3.5703]]],
#
#
#         [[[ 4.3965,  4.9866],
#           [ 5.5768,  6.1669]],
#
#          [[ 6.5210,  7.1111],
#           [ 7.7012,  8.2914]]]], grad_fn=<CompiledFunctionBackward>)
# ['running_mean', 'running_var', 'num_batches_tracked']
# tensor([[1.0000, 2.0000, 3.0000],
#         [4.0000, 5.0000, 6.0000]], grad_fn=<NativeBatchNormBackward0>)
