# Dynamo's graph keeps every traced call, dead ones too (`unused`), and
# names nodes with torch.fx's namespace: a node renamed after a local
# (`scale`, first created as `add`) leaves its old name taken, so the
# final `a + b` is `add_1`. PyTorch prints this graph for this code
# (torch.ones(3) is a call_function node; `x * scale` twice gives mul_1
# and mul_2).
import torch

graphs = []


def record(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


@torch.compile(backend=record)
def g(x):
    scale = torch.ones(3) * 2 + 1  # traced
    a = (x * scale).relu()  # traced
    b = (x * scale).relu()  # traced
    unused = x.sin()  # traced
    return a + b  # traced


print(g(torch.ones(3)))
print(len(graphs))
print(graphs[0].graph)
print(graphs[0].code.strip())

# expected output:
# tensor([6., 6., 6.])
# 1
# graph():
#     %l_x_ : torch.Tensor [num_users=3] = placeholder[target=L_x_]
#     %ones : [num_users=1] = call_function[target=torch.ones](args = (3,), kwargs = {})
#     %mul : [num_users=1] = call_function[target=operator.mul](args = (%ones, 2), kwargs = {})
#     %scale : [num_users=2] = call_function[target=operator.add](args = (%mul, 1), kwargs = {})
#     %mul_1 : [num_users=1] = call_function[target=operator.mul](args = (%l_x_, %scale), kwargs = {})
#     %a : [num_users=1] = call_method[target=relu](args = (%mul_1,), kwargs = {})
#     %mul_2 : [num_users=1] = call_function[target=operator.mul](args = (%l_x_, %scale), kwargs = {})
#     %b : [num_users=1] = call_method[target=relu](args = (%mul_2,), kwargs = {})
#     %unused : [num_users=0] = call_method[target=sin](args = (%l_x_,), kwargs = {})
#     %add_1 : [num_users=1] = call_function[target=operator.add](args = (%a, %b), kwargs = {})
#     return (add_1,)
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     ones = torch.ones(3)
#     mul = ones * 2;  ones = None
#     scale = mul + 1;  mul = None
#     mul_1 = l_x_ * scale
#     a = mul_1.relu();  mul_1 = None
#     mul_2 = l_x_ * scale;  scale = None
#     b = mul_2.relu();  mul_2 = None
#     unused = l_x_.sin();  l_x_ = unused = None
#     add_1 = a + b;  a = b = None
#     return (add_1,)
# expected explain: graph_count=1 graph_break_count=0
