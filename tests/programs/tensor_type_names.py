# Tensor.type(): with no dtype, the legacy type name, a string
# (THPVariable_type: options_to_string),
# a constant while tracing (Dynamo's TensorVariable.method_type), so a
# branch on it is decided at trace time and a new dtype recompiles. With a
# dtype or a legacy name it is x.to(that dtype); an unknown name is a
# ValueError, anything else a TypeError, as in PyTorch.
import torch

x = torch.ones(2)
print(x.type(), torch.ones(2, dtype=torch.int64).type(), torch.ones(1, dtype=torch.bool).type())
print(torch.ones(1, dtype=torch.float64).type(), torch.ones(1, dtype=torch.int32).type())
print(x.type(dtype=None))
print(x.type(torch.int64), x.type("torch.DoubleTensor").dtype, x.type(torch.float32) is x)
for bad in ["torch.Foo", 3]:
    try:
        x.type(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def f(x):
    if x.type() == "torch.FloatTensor":  # traced
        return x + 1  # traced
    return x - 1  # traced


print(f(x), f(x.long()), cnt.frame_count, cnt.op_count)

# expected output:
# torch.FloatTensor torch.LongTensor torch.BoolTensor
# torch.DoubleTensor torch.IntTensor
# torch.FloatTensor
# tensor([1, 1]) torch.float64 True
# ValueError invalid type: 'torch.Foo'
# TypeError dtype must be a type, str, or dtype object
# tensor([2., 2.]) tensor([0, 0]) 2 2
