import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.bn = nn.BatchNorm1d(3)
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(3, 1))
        self.register_buffer("scale", torch.tensor([2.0]))
        self.plain = torch.ones(1)

net = Net()
print([n for n, _ in net.named_parameters()])
print(len(net.parameters()) if False else len(list(net.parameters())))
print([n for n, _ in net.named_buffers()])
print(list(net.state_dict().keys()))
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_children()])
print(net.training, net.bn.training)
net.eval()
print(net.training, net.head[1].training)
net.train()
print(net.bn.training)

# expected output:
# ['fc.weight', 'fc.bias', 'bn.weight', 'bn.bias', 'head.1.weight', 'head.1.bias']
# 6
# ['scale', 'bn.running_mean', 'bn.running_var', 'bn.num_batches_tracked']
# ['scale', 'fc.weight', 'fc.bias', 'bn.weight', 'bn.bias', 'bn.running_mean', 'bn.running_var', 'bn.num_batches_tracked', 'head.1.weight', 'head.1.bias']
# ['', 'fc', 'bn', 'head', 'head.0', 'head.1']
# ['fc', 'bn', 'head']
# True True
# False False
# True
