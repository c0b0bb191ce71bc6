# The FX graph Dynamo gives a custom backend for item assignment and
# in-place methods (torch/_dynamo/variables/builtin.py call_setitem,
# tensor.py call_method): `y[0] = v` is a call_function node of
# operator.setitem, `y.add_(1)` a call_method node add_ (also on a graph
# input), all in one graph; torch._dynamo.explain counts the
# call_function nodes (mul, setitem, getitem).
import torch


def show(gm, example_inputs):
    print([(n.op, str(n.target)) for n in gm.graph.nodes if n.op != "output"])
    return gm.forward


def f(x):
    y = x * 2  # traced
    y[0] = 5.0  # traced
    y.add_(1)  # traced
    z = y[1:]  # traced
    z.mul_(3)  # traced
    x.add_(1)  # traced
    return y  # traced


x = torch.ones(4)
print(torch.compile(f, backend=show)(x), x)
e = torch._dynamo.explain(f)(torch.ones(4))
print(e.graph_count, e.graph_break_count, e.op_count)
print(e.ops_per_graph)

# expected output:
# [('placeholder', 'L_x_'), ('call_function', '<built-in function mul>'), ('call_function', '<built-in function setitem>'), ('call_method', 'add_'), ('call_function', '<built-in function getitem>'), ('call_method', 'mul_'), ('call_method', 'add_')]
# tensor([6., 9., 9., 9.]) tensor([2., 2., 2., 2.])
# 1 0 3
# [[<built-in function mul>, <built-in function setitem>, <built-in function getitem>]]
