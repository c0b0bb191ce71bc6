import torch

class Affine(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.tensor([1.0, 2.0])
        self.b = torch.tensor([0.0, 0.0])

    def forward(self, x):
        return x * self.w + self.b  # traced

m = Affine()
cm = torch.compile(m)
print(cm(torch.ones(2)))
m.b = torch.tensor([10.0, 20.0])
print(cm(torch.ones(2)))
m.w.mul_(3)
print(cm(torch.ones(2)))

# Tensor attributes of a module are graph inputs: new values (same shape and
# dtype) are used without recompiling.
# expected output:
# tensor([1., 2.])
# tensor([11., 22.])
# tensor([13., 26.])
# expected explain: graph_count=1 graph_break_count=0
