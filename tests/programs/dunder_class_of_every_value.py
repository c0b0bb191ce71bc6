# v.__class__ is type(v) for every value, as in CPython (object.__class__):
# ints, floats, strings, containers, None, tensors, ranges, builtins and
# classes (whose __class__ is type); torch.Tensor and torch.nn.Parameter
# are the classes type() gives and print as such. Inside a compiled function it is a
# constant, as type(x) is for Dynamo: no graph break, one graph.
import torch


class A:
    pass


for v in [1, 1.5, "s", [1], (1,), {1: 2}, {1}, None, True, A(), torch.ones(1), range(3), len, A]:
    print(v.__class__.__name__, v.__class__ is type(v))

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def f(x, xs):
    if x.__class__ is torch.Tensor and xs.__class__ is list:  # traced
        return x + len(xs)  # traced
    return x


print(f(torch.zeros(2), [1, 2]), cnt.frame_count, cnt.op_count)
# torch.Tensor and torch.nn.Parameter are the classes type() gives
p = torch.nn.Parameter(torch.ones(1))
print(type(torch.ones(1)), type(p), torch.Tensor, torch.nn.Parameter)
print(type(torch.ones(1)) is torch.Tensor, type(p) is torch.nn.Parameter, type(p).__name__)
print(isinstance(p, torch.Tensor), isinstance(torch.ones(1), torch.nn.Parameter), isinstance(torch.Tensor, type))

# expected output:
# int True
# float True
# str True
# list True
# tuple True
# dict True
# set True
# NoneType True
# bool True
# A True
# Tensor True
# range True
# builtin_function_or_method True
# type True
# tensor([2., 2.]) 1 1
# <class 'torch.Tensor'> <class 'torch.nn.parameter.Parameter'> <class 'torch.Tensor'> <class 'torch.nn.parameter.Parameter'>
# True True Parameter
# True False True
