# torch.compile of a module PyTorch provides (nn.Linear, nn.Sequential,
# nn.MultiheadAttention), not wrapped in a module of the program's own:
# Dynamo traces the class's forward (torch/nn/modules/*.py) like any
# other, so nn.Sequential(Linear, ReLU, Linear) is one frame `forward` and
# one graph of three ops, its input guarded as L['input']; each class's
# forward is its own code (two Linears share Linear.forward's cache: with
# PyTorch's default inline_inbuilt_nn_modules, L['self'] is guarded by its
# type and what it holds, not its identity, so a second instance with
# parameters of the same shapes is a cache hit, as a second instance of a
# module class of the program's own is). The
# forward's lines are not the program's: they get no mark, and an error
# inside it shows the program's line only, as eagerly.
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
cnt = torch._dynamo.testing.CompileCounter()
cm = torch.compile(m, backend=cnt)
x = torch.randn(3, 4)
print(torch.allclose(cm(x), m(x)), cm(x).shape)
print("Sequential", cnt.frame_count, cnt.op_count)
e = torch._dynamo.explain(m)(x)
print(e.graph_count, e.graph_break_count, e.op_count)

cnt = torch._dynamo.testing.CompileCounter()
lin = nn.Linear(4, 2)
clin = torch.compile(lin, backend=cnt)
print(torch.allclose(clin(x), lin(x)))
clin(torch.randn(5, 4))  # another size: automatic dynamic recompiles once
clin(torch.randn(6, 4))
print("Linear", cnt.frame_count, cnt.op_count)
torch.compile(nn.Linear(4, 2), backend=cnt)(x)  # another instance: a cache hit
print("two Linears", cnt.frame_count)

mha = nn.MultiheadAttention(8, 2, batch_first=True)
q = torch.randn(1, 3, 8)
out, w = torch.compile(mha)(q, q, q, need_weights=True)
ref, rw = mha(q, q, q)
print(torch.allclose(out, ref), torch.allclose(w, rw))
try:
    torch.compile(nn.Linear(4, 2))(torch.randn(2, 3))
except RuntimeError as err:
    print("RuntimeError:", err)

# expected output:
# True torch.Size([3, 2])
# Sequential 1 3
# 1 0 3
# True
# Linear 2 2
# two Linears 2
# True True
# RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x2)
