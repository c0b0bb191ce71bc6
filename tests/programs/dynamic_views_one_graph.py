import torch

# Automatic dynamic shapes (test_recompiles.py
# test_automatic_dynamic_reduce_recompiles: sizes 2..6 compile 2 frames):
# after the size changes once, the graph takes the size as a symbol, and
# views whose sizes follow from it (x[:-1], x[1:], x[-1], x[:, -2:],
# unsqueeze, None indexing, flatten, view(-1, 2)) keep the graph the same
# at every later size: 2 compiles, as Dynamo counts.

def views(x):
    a = x[:-1] * 2 + x[1:]
    b = x.unsqueeze(0) + x[:, None]
    return a, x[-1] + 1, b.sum(), x.flatten().view(-1, 2)[:, 0]

cnt = torch._dynamo.testing.CompileCounter()
opt = torch.compile(views, backend=cnt)
for n in (2, 4, 6, 8, 10):
    x = torch.arange(float(n))
    a, last, s, ev = opt(x)
    print(n, a.tolist(), last.item(), s.item(), ev.tolist())
print("frame_count", cnt.frame_count)


def rows(x):
    return x[:, -2:].sum(dim=1), x[1:].mean()

opt_rows = torch.compile(rows)
for n in (3, 4, 5):
    r, m = opt_rows(torch.arange(float(2 * n)).reshape(2, n))
    print(n, r.tolist(), m.item())
print(torch._dynamo.explain(rows)(torch.ones(2, 7)).graph_count)


# outputs that are views of the input are made again from it at each size
@torch.compile
def view_out(x):
    return x.flatten().view(-1, 2)[:, 0], x[:, -1:]  # traced

for n in (2, 3, 4, 5):
    a, b = view_out(torch.arange(float(2 * n)).reshape(2, n))
    print(n, a.tolist(), b.tolist())

# expected output:
# 2 [1.0] 2.0 4.0 [0.0]
# 4 [1.0, 4.0, 7.0] 4.0 48.0 [0.0, 2.0]
# 6 [1.0, 4.0, 7.0, 10.0, 13.0] 6.0 180.0 [0.0, 2.0, 4.0]
# 8 [1.0, 4.0, 7.0, 10.0, 13.0, 16.0, 19.0] 8.0 448.0 [0.0, 2.0, 4.0, 6.0]
# 10 [1.0, 4.0, 7.0, 10.0, 13.0, 16.0, 19.0, 22.0, 25.0] 10.0 900.0 [0.0, 2.0, 4.0, 6.0, 8.0]
# frame_count 2
# 3 [3.0, 9.0] 4.0
# 4 [5.0, 13.0] 5.5
# 5 [7.0, 17.0] 7.0
# 1
# 2 [0.0, 2.0] [[1.0], [3.0]]
# 3 [0.0, 2.0, 4.0] [[2.0], [5.0]]
# 4 [0.0, 2.0, 4.0, 6.0] [[3.0], [7.0]]
# 5 [0.0, 2.0, 4.0, 6.0, 8.0] [[4.0], [9.0]]
