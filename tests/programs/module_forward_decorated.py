import torch

class Scale(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k  # not traced

    @torch.compile
    def forward(self, x):
        return x * self.k + 1  # traced

m2 = Scale(2.0)
m3 = Scale(3.0)
print(m2(torch.ones(2)))
print(m3(torch.ones(2)))
print(m2(torch.ones(2)))

# @torch.compile on forward: the float attribute self.k is a guarded
# constant, so the second instance recompiles and the third call hits.
# expected output:
# tensor([3., 3.])
# tensor([4., 4.])
# tensor([3., 3.])
# expected explain: graph_count=2 graph_break_count=0
