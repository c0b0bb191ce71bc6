# Tensor.item() under torch._dynamo.config.capture_scalar_outputs=True is
# traced into the graph: Dynamo's TensorVariable.call_method makes a
# call_method `item` node whose value is an unbacked SymFloat (zuf0) or
# SymInt (u0). Arithmetic on it is call_function nodes of `operator`
# (SymNodeVariable), a tensor op takes the item node as its argument, and
# a SymFloat the frame returns leaves the graph as
# torch.scalar_tensor(v, dtype=torch.float64), a Python float again after
# (codegen.py: as_tensor, then .item()); a SymInt is an output itself.
# Branching on one is a data-dependent graph break ("Data-dependent
# branching", "attempted to jump with SymNodeVariable()"), and only what is
# live after the jump leaves the graph (prune_dead_locals): the SymBool
# the jump tests. A new value is no recompile.
import torch

torch._dynamo.config.capture_scalar_outputs = True


def show(gm, example_inputs):
    print([n.name for n in gm.graph.nodes if n.op not in ("placeholder", "output")])
    return gm.forward


def scale(x):
    y = x.sum().item()  # traced
    z = y * 2 + 1  # traced
    return x * z, z  # traced


x = torch.tensor([1.0, 2.0, 3.0])
r, z = torch.compile(scale, backend=show)(x)
print(r, z, type(z).__name__)
cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(scale, backend=cnt)
for v in (x, x * 2, -x):
    r, z = opt(v)
    ez = v.sum().item() * 2 + 1  # the eager values
    print(torch.allclose(r, v * ez), z == ez)
print(cnt.frame_count, cnt.op_count)


def branch(x):
    y = x.sum().item()  # traced
    if y > 0:  # traced, graph break: data_dependent
        return x + 1  # traced
    return x - 1  # traced


cnt = torch._dynamo.testing.CompileCounter()
print(torch.compile(branch, backend=show)(x))
print(torch.compile(branch, backend=cnt)(-x), cnt.frame_count, cnt.op_count)
e = torch._dynamo.explain(branch)(x)
print(e.graph_count, e.graph_break_count, e.op_count)
print(e.break_reasons[0].reason.splitlines()[0])


def ints(x):
    n = x.max().item()  # traced
    return n // 2, n % 3, -n, n * 1.5  # traced


cnt = torch._dynamo.testing.CompileCounter()
print(torch.compile(ints, backend=cnt)(torch.tensor([4, 7, 2])))
print(cnt.frame_count, cnt.op_count)

# expected output:
# ['sum_1', 'item', 'mul', 'add', 'mul_1', 'scalar_tensor']
# tensor([13., 26., 39.]) 13.0 float
# True True
# True True
# True True
# 1 6
# ['sum_1', 'item', 'gt']
# ['add']
# tensor([2., 3., 4.])
# tensor([-2., -3., -4.]) 2 4
# 2 1 2
# Data-dependent branching
# (3, 1, -7, 10.5)
# 1 7
