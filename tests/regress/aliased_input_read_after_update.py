# Two graph inputs that share memory, the one updated in place before the
# other is read (issue 14: four of 10,000 random programs of the
# differential run, DW_DIFF_SEED=140000; e.g. seed 141071 after its graph
# break at .item(): v = x.clone(); t = v[0]; t -= x0.amin().item();
# torch.floor(v)). The update is functional in the graph until the graph
# has run, so the read saw the old values: compiled f(a, a[0]) returned
# floor of the unchanged a. Fixed by 0a0abee (an in-place update of a real
# tensor whose storage is shared runs eagerly; the same bug as differential
# seed 170 and tests/programs/inplace_view_input_after_break.py). Values:
# what PyTorch computes eagerly (t is a view of a: t -= 2 writes into a).
import torch

@torch.compile
def f(v, t):
    t -= 2
    return torch.floor(v)

a = torch.tensor([7, -7, 6])
print(f(a, a[0]), a)
b = torch.tensor([7, -7, 6])
print(f(b, b[1:]), b)

@torch.compile
def g(x0, x4):
    v4 = x4.clone()
    t4 = v4[0]
    t4 -= x0.amin().item()
    v5 = torch.floor(v4)
    return v5[:4]

print(g(torch.tensor([2], dtype=torch.int32), torch.tensor([7, -7, -8, 6, 6, -2])))

@torch.compile
def h(v, t):
    w = v * 2
    t -= 2
    return v + w, w

c = torch.tensor([7.0, -7.0, 6.0])
print(h(c, c[0]), c)

# expected output:
# tensor([ 5, -7,  6]) tensor([ 5, -7,  6])
# tensor([ 7, -9,  4]) tensor([ 7, -9,  4])
# tensor([ 5, -7, -8,  6])
# (tensor([ 19., -21.,  18.]), tensor([ 14., -14.,  12.])) tensor([ 5., -7.,  6.])
