# A custom backend receives the torch.fx.GraphModule of each graph. The
# text PyTorch prints for the same graph is the one below: Graph.__str__
# (torch/fx/graph.py, node.py format_node) and the generated code
# (graph.py _gen_python_code): placeholders named after their source
# (L['x'] -> L_x_, node l_x_), call_method for `x.sin()`, call_function
# torch.cos / operator.mul / operator.add, nodes renamed after the local
# they were stored in (a, b: Dynamo's name hints), values freed after their
# last use, the outputs as a tuple.
import torch


def show(gm, example_inputs):
    print(gm.graph)
    code = gm.code
    print(repr(code[:4]), repr(code[-7:]))
    print(code.strip())
    print([n.op for n in gm.graph.nodes])
    print(len(example_inputs), example_inputs[0].shape)
    return gm.forward


@torch.compile(backend=show)
def f(x, y):
    a = x.sin()  # traced
    b = torch.cos(y) * 2  # traced
    return a + b  # traced


x = torch.ones(3)
y = torch.zeros(3)
print(f(x, y))

# expected output:
# graph():
#     %l_x_ : torch.Tensor [num_users=1] = placeholder[target=L_x_]
#     %l_y_ : torch.Tensor [num_users=1] = placeholder[target=L_y_]
#     %a : [num_users=1] = call_method[target=sin](args = (%l_x_,), kwargs = {})
#     %cos : [num_users=1] = call_function[target=torch.cos](args = (%l_y_,), kwargs = {})
#     %b : [num_users=1] = call_function[target=operator.mul](args = (%cos, 2), kwargs = {})
#     %add : [num_users=1] = call_function[target=operator.add](args = (%a, %b), kwargs = {})
#     return (add,)
# '\n\n\nd' ',)\n    '
# def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):
#     l_x_ = L_x_
#     l_y_ = L_y_
#     a = l_x_.sin();  l_x_ = None
#     cos = torch.cos(l_y_);  l_y_ = None
#     b = cos * 2;  cos = None
#     add = a + b;  a = b = None
#     return (add,)
# ['placeholder', 'placeholder', 'call_method', 'call_function', 'call_function', 'call_function', 'output']
# 2 torch.Size([3])
# tensor([2.8415, 2.8415, 2.8415])
# expected explain: graph_count=1 graph_break_count=0
