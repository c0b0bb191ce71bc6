# Calls that return their tensor argument unchanged (x.contiguous() of a
# contiguous x, x.float() of a float32 x, x.to(its dtype), x.to('cpu'),
# x.cpu(), x.detach(), x.type(its dtype)) are still calls to Dynamo: each
# is a call_method node of the graph (TensorVariable.call_method makes a
# proxy for it), counted by CompileCounter (count_calls counts every
# call_* node); torch._dynamo.explain counts only call_function nodes.
# So a frame that only returns x.contiguous() compiles one graph of one
# op. Eagerly they return the tensor itself; compiled, a tensor sharing
# its storage: writes through it reach x.
import torch


def show(gm, example_inputs):
    print([(n.op, str(n.target)) for n in gm.graph.nodes if n.op != "output"])
    return gm.forward


def only_contiguous(x):
    return x.contiguous()  # traced


cnt = torch._dynamo.testing.CompileCounter()
x = torch.arange(4.0)
y = torch.compile(only_contiguous, backend=cnt)(x)
print(cnt.frame_count, cnt.op_count, y)
y.add_(1)  # the result shares x's storage, as eagerly
print(x)


def casts(x, n):
    a = x.float()  # traced
    b = a.to(torch.float32)  # traced
    c = b.cpu().detach()  # traced
    d = n.long().to("cpu")  # traced
    return c + 1, d * 2  # traced


cnt = torch._dynamo.testing.CompileCounter()
r = torch.compile(casts, backend=cnt)(torch.ones(3), torch.arange(3))
print(cnt.frame_count, cnt.op_count, r)
torch.compile(casts, backend=show)(torch.ones(3), torch.arange(3))
e = torch._dynamo.explain(only_contiguous)(torch.ones(2))
print(e.graph_count, e.graph_break_count, e.op_count)


@torch.compile
def write_through(x):
    y = x.contiguous()  # traced
    y.mul_(10)  # traced
    return x.detach() + 1  # traced


x = torch.ones(3)
print(write_through(x), x)
print(x.contiguous() is x, x.float() is x, x.to(torch.float32) is x, x.cpu() is x)

# expected output:
# 1 1 tensor([0., 1., 2., 3.])
# tensor([1., 2., 3., 4.])
# 1 8 (tensor([2., 2., 2.]), tensor([0, 2, 4]))
# [('placeholder', 'L_x_'), ('placeholder', 'L_n_'), ('call_method', 'float'), ('call_method', 'to'), ('call_method', 'cpu'), ('call_method', 'detach'), ('call_method', 'long'), ('call_method', 'to'), ('call_function', '<built-in function add>'), ('call_function', '<built-in function mul>')]
# 1 0 0
# tensor([11., 11., 11.]) tensor([10., 10., 10.])
# True True True True
