# Item assignment of ModuleList and Sequential children (torch/nn/modules/
# container.py __setitem__): the index as _get_abs_string_index reads it
# (IndexError "index 2 is out of range"), the child set with setattr, so a
# value that is no Module is Module.__setattr__'s TypeError. A compiled
# model whose layer was replaced computes with the new layer.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x):
        for layer in self.layers:  # traced, not traced
            x = layer(x)  # traced, not traced
        return x  # traced, not traced


st = Stack()
cst = torch.compile(st)
x = torch.ones(2, 4)
print(torch.allclose(cst(x), st(x)))
st.layers[1] = nn.Linear(4, 4)
print(torch.allclose(cst(x), st(x)))
st.layers[-1] = nn.Identity()
print(torch.allclose(cst(x), st.layers[0](x)), len(st.layers))
try:
    st.layers[2] = nn.ReLU()
except IndexError as e:
    print("IndexError:", e)
try:
    st.layers[0] = 3
except TypeError as e:
    print("TypeError:", e)
seq = nn.Sequential(nn.ReLU(), nn.Tanh())
seq[0] = nn.Sigmoid()
print(seq(torch.zeros(1)))

# expected output:
# True
# True
# True 2
# IndexError: index 2 is out of range
# TypeError: cannot assign 'int' as child module '0' (torch.nn.Module or None expected)
# tensor([0.4621])
