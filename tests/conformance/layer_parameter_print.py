import torch
import torch.nn as nn

# Parameter.__repr__ is "Parameter containing:\n" + the tensor's repr,
# which ends in requires_grad=True while the parameter requires grad
p = nn.Parameter(torch.tensor([[1.5, -2.0, 0.25], [3.0, 4.0, -0.5]]))
print(p)
print([nn.Parameter(torch.zeros(2))])
print(repr(nn.Parameter(torch.tensor(7.0))))
print(nn.Parameter(torch.zeros(0)))
print(nn.Parameter(torch.arange(30.0) * 1000.5))
print(nn.Parameter(torch.ones(3), requires_grad=False))
print(nn.Parameter(torch.tensor([1, 2]), requires_grad=False))

lin = nn.Linear(3, 2)
lin.load_state_dict({"weight": torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), "bias": torch.tensor([0.5, -0.5])})
print(lin.bias)
for name, q in lin.named_parameters():
    print(name, q.requires_grad)
# state_dict() holds detached tensors; .data and .detach() are plain tensors
sd = lin.state_dict()
print(sd["bias"], sd["weight"].requires_grad)
print(lin.bias.data, lin.bias.detach(), lin.bias.detach().requires_grad)
# requires_grad_(False): the parameter stays a Parameter, without the suffix
lin.bias.requires_grad_(False)
print(lin.bias, lin.bias.requires_grad, lin.weight.requires_grad)
m = nn.Sequential(nn.Linear(1, 1))
print(m.requires_grad_(False) is m, [q.requires_grad for q in m.parameters()])
with torch.no_grad():
    print(m[0].weight.shape, lin.weight.sum())
print(isinstance(lin.weight, nn.Parameter), isinstance(lin.weight, torch.Tensor),
      isinstance(sd["weight"], nn.Parameter), isinstance(torch.ones(1), (nn.Parameter, int)))
nn.Parameter(torch.tensor([1, 2]))

# expected output:
# Parameter containing:
# tensor([[ 1.5000, -2.0000,  0.2500],
#         [ 3.0000,  4.0000, -0.5000]], requires_grad=True)
# [Parameter containing:
# tensor([0., 0.], requires_grad=True)]
# Parameter containing:
# tensor(7., requires_grad=True)
# Parameter containing:
# tensor([], requires_grad=True)
# Parameter containing:
# tensor([    0.0000,  1000.5000,  2001.0000,  3001.5000,  4002.0000,  5002.5000,
#          6003.0000,  7003.5000,  8004.0000,  9004.5000, 10005.0000, 11005.5000,
#         12006.0000, 13006.5000, 14007.0000, 15007.5000, 16008.0000, 17008.5000,
#         18009.0000, 19009.5000, 20010.0000, 21010.5000, 22011.0000, 23011.5000,
#         24012.0000, 25012.5000, 26013.0000, 27013.5000, 28014.0000, 29014.5000],
#        requires_grad=True)
# Parameter containing:
# tensor([1., 1., 1.])
# Parameter containing:
# tensor([1, 2])
# Parameter containing:
# tensor([ 0.5000, -0.5000], requires_grad=True)
# weight True
# bias True
# tensor([ 0.5000, -0.5000]) False
# tensor([ 0.5000, -0.5000]) tensor([ 0.5000, -0.5000]) False
# Parameter containing:
# tensor([ 0.5000, -0.5000]) False True
# True [False, False]
# torch.Size([1, 1]) tensor(21.)
# True True False False
# expected error: RuntimeError: Only Tensors of floating point and complex dtype can require gradients
# expected error line: 33
