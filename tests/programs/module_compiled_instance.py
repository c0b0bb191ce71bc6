import torch

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.tensor([[1.0, 2.0], [3.0, 4.0]])  # not traced
        self.b = torch.tensor([0.5, -0.5])  # not traced

    def forward(self, x):
        h = x @ self.w  # traced, not traced
        return torch.relu(h + self.b)  # traced, not traced

net = Net()
cnet = torch.compile(net)
x = torch.tensor([[1.0, -1.0], [0.5, 0.5]])
print(cnet(x))
print(cnet(x))
print(net(x))

# torch.compile(module) compiles forward; the module itself stays eager.
# expected output:
# tensor([[0.0000, 0.0000],
#         [2.5000, 2.5000]])
# tensor([[0.0000, 0.0000],
#         [2.5000, 2.5000]])
# tensor([[0.0000, 0.0000],
#         [2.5000, 2.5000]])
# expected explain: graph_count=1 graph_break_count=0
