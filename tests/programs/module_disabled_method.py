import torch

class Encoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.p = torch.tensor([0.25, 0.25])

    @torch.compiler.disable
    def helper_disabled(self, x, y):  # disabled
        return x.sin() * y.cos()  # not traced

    def helper(self, x, y):
        return x * y  # traced

    def forward(self, a):
        x = a + a  # traced
        return self.helper(x, self.p) + self.helper_disabled(x, self.p)  # traced, graph break: disabled_call

enc = Encoder()
print(torch.compile(enc)(torch.tensor([0.5, 0.5])))

# PyTorch test_decorators (..._partially_disable): a disabled method of the
# module breaks the graph in the middle of forward's return statement. The
# statement then runs eagerly; helper, called from it inside the compile
# context, compiles as its own frame (PyTorch also counts 2 graphs).
# expected output:
# tensor([1.0653, 1.0653])
# expected explain: graph_count=2 graph_break_count=1
