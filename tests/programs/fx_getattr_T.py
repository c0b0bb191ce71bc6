import torch

# x.T and x.mT in a traced frame are Dynamo's call_function getattr(x, 'T')
# (TensorVariable attributes it has no rule for become getattr nodes),
# which torch.fx prints as `x.T` in gm.code and as builtins.getattr in the
# graph. Names as Dynamo gives them: a node is created as getattr_1 (getattr
# is a builtin's name) and renamed to the local it is stored in (a), the
# name getattr_1 stays taken, so the next ones are getattr_2, getattr_3.


def show(gm, example_inputs):
    print(gm.code.strip())
    print(gm.graph)
    return gm.forward


def f(x):
    a = x.T
    return a @ x.mT + x.T


torch.compile(f, backend=show)(torch.ones(2, 2))

# expected output:
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     a = l_x_.T
#     getattr_2 = l_x_.mT
#     matmul = a @ getattr_2;  a = getattr_2 = None
#     getattr_3 = l_x_.T;  l_x_ = None
#     add = matmul + getattr_3;  matmul = getattr_3 = None
#     return (add,)
# graph():
#     %l_x_ : torch.Tensor [num_users=3] = placeholder[target=L_x_]
#     %a : [num_users=1] = call_function[target=builtins.getattr](args = (%l_x_, T), kwargs = {})
#     %getattr_2 : [num_users=1] = call_function[target=builtins.getattr](args = (%l_x_, mT), kwargs = {})
#     %matmul : [num_users=1] = call_function[target=operator.matmul](args = (%a, %getattr_2), kwargs = {})
#     %getattr_3 : [num_users=1] = call_function[target=builtins.getattr](args = (%l_x_, T), kwargs = {})
#     %add : [num_users=1] = call_function[target=operator.add](args = (%matmul, %getattr_3), kwargs = {})
#     return (add,)
