# copy.deepcopy of nn.Modules and tensors, copy.copy of a tensor, as
# PyTorch does them (torch/_tensor.py Tensor.__deepcopy__ and
# __reduce_ex__, nn.Module copied through object.__reduce_ex__): the deep
# copy of a model has parameters and buffers of its own (same values,
# same classes, requires_grad kept), plain attributes and the training
# flag copied; a tensor met twice is copied once (the memo); a shallow
# copy of a tensor is a new tensor on the same storage. Expected values by
# hand from those rules.
import copy

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
m2 = copy.deepcopy(model)
x = torch.ones(1, 3)
print(torch.equal(model(x), m2(x)))
with torch.no_grad():
    m2[0].weight.add_(1.0)
print(torch.equal(model(x), m2(x)), model[0].weight is m2[0].weight)
print(type(m2).__name__, type(m2[0].weight).__name__, m2[0].weight.requires_grad, len(list(m2.parameters())))
print(m2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer("b", torch.zeros(2))
        self.scale = 2.0

    def forward(self, x):
        return self.fc(x) * self.scale + self.b


net = Net()
net2 = copy.deepcopy(net)
net2.b.add_(1)
net2.scale = 3.0
print(net.b, net2.b, net.scale, net2.scale, net2.training)
print(sorted(n for n, _ in net2.named_parameters()), list(net2.state_dict().keys()))
net.eval()
net3 = copy.deepcopy(net)
print(net3.training, net3.fc.training)

t = torch.tensor([1.0, 2.0])
t2 = copy.deepcopy(t)
t2[0] = 5
print(t, t2)
t3 = copy.copy(t)
t3[1] = 7
print(t, t3, t3 is t)
w = nn.Parameter(torch.ones(2))
w2 = copy.deepcopy(w)
print(type(w2).__name__, w2.requires_grad, w2, w2 is w)
d = {"a": t, "b": t}
dc = copy.deepcopy(d)
print(dc["a"] is dc["b"], dc["a"] is t)

# expected output:
# True
# False False
# Sequential Parameter True 4
# Sequential(
#   (0): Linear(in_features=3, out_features=2, bias=True)
#   (1): ReLU()
#   (2): Linear(in_features=2, out_features=1, bias=True)
# )
# tensor([0., 0.]) tensor([1., 1.]) 2.0 3.0 True
# ['fc.bias', 'fc.weight'] ['b', 'fc.weight', 'fc.bias']
# False False
# tensor([1., 2.]) tensor([5., 2.])
# tensor([1., 7.]) tensor([1., 7.]) False
# Parameter True Parameter containing:
# tensor([1., 1.], requires_grad=True) False
# True False
