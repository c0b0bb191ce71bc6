import torch

# torch.tensor(...) of Python constants and the factory functions inside a
# compiled frame are call_function nodes of Dynamo's graph (torch/_dynamo/
# variables/torch.py: TorchInGraphFunctionVariable), never lifted inputs:
# a frame whose only op is torch.tensor still compiles a graph
# (test_functions.py test_range1: frame_count 1), and CompileCounter counts
# them as ops. The node takes the name of the local it is stored in (the
# STORE_FAST name hint), as Dynamo does.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def f(x):
    c = torch.tensor([1.0, 2.0, 3.0])
    return x + c, torch.ones(3), torch.zeros(2, dtype=torch.int64), torch.arange(4)


def only_ctor(x):
    return torch.tensor([[1, 2], [3, 4]])


print(torch.compile(f, backend=show)(torch.ones(3)))
cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(f, backend=cnt)
for _ in range(3):
    r = opt(torch.ones(3))
print(r[0], cnt.frame_count, cnt.op_count)
cnt = torch._dynamo.testing.CompileCounter()
print(torch.compile(only_ctor, backend=cnt)(torch.ones(1)), cnt.frame_count, cnt.op_count)
print(torch.compile(only_ctor)(torch.ones(1)))

# expected output:
# def forward(self, L_x_ : torch.Tensor):
#     l_x_ = L_x_
#     c = torch.tensor([1.0, 2.0, 3.0])
#     add = l_x_ + c;  l_x_ = c = None
#     ones = torch.ones(3)
#     zeros = torch.zeros(2, dtype = torch.int64)
#     arange = torch.arange(4)
#     return (add, ones, zeros, arange)
# (tensor([2., 3., 4.]), tensor([1., 1., 1.]), tensor([0, 0]), tensor([0, 1, 2, 3]))
# tensor([2., 3., 4.]) 1 5
# tensor([[1, 2],
#         [3, 4]]) 1 1
# tensor([[1, 2],
#         [3, 4]])
# expected explain: graph_count=4 graph_break_count=0
