import torch
import torch.nn as nn
import torch.nn.functional as F

# Calls that return their own argument (x.contiguous() of a contiguous
# tensor, .float() of a float tensor, dropout with training=False) are
# still nodes of Dynamo's FX graph, named after the local they are stored
# in, and counted by CompileCounter; nn.Dropout records
# F.dropout(input, p, self.training, inplace) with the module's mode, as
# Dynamo inlines Dropout.forward (graphs Dynamo prints show
# `x.contiguous()` and `torch.nn.functional.dropout(t, 0.0, False, False)`).


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def f(x):
    y = x.contiguous()
    z = y.float()
    w = F.dropout(z, 0.5, False)
    return w + 1


torch.compile(f, backend=show)(torch.ones(2))
cnt = torch._dynamo.testing.CompileCounter()
torch.compile(f, backend=cnt)(torch.ones(2))
print("op_count", cnt.op_count)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(0.25)

    def forward(self, x):
        return self.drop(x.sin())


m = M()
m.eval()
torch.compile(m, backend=show)(torch.ones(3))

# expected output:
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     y = l_x_.contiguous();  l_x_ = None
#     z = y.float();  y = None
#     w = torch.nn.functional.dropout(z, 0.5, False);  z = None
#     add = w + 1;  w = None
#     return (add,)
# op_count 4
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     sin = l_x_.sin();  l_x_ = None
#     dropout = torch.nn.functional.dropout(sin, 0.25, False, False);  sin = None
#     return (dropout,)
