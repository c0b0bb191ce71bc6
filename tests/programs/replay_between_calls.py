# marks: subset
# Calls of compiled functions between which what the frame reads changes:
# a cache hit may be replayed (src/dynamo/replay.c: the guards, the graph
# inputs read from their sources, the kernel, without evaluating the
# frame) only when that is the same as evaluating it. Every line compares
# the compiled function with the same function run eagerly (torch.compile
# keeps eager semantics): a rebound global, a closure cell rebound through
# nonlocal, a function's and a module's attribute written, a list argument
# mutated, aliased arguments (`a is b`), a transposed (non-contiguous)
# input, an input updated in place, grad mode, returned inputs/tuples/
# lists/None/ints, new sizes (recompile, automatic dynamic), reset(), a
# redefined function, random numbers.
import torch
import torch.nn.functional as F
W = torch.ones(3, 3)
def fn(x):
    return x @ W
f = torch.compile(fn)
x = torch.randn(2, 3)
print(torch.allclose(f(x), fn(x)))
print(torch.allclose(f(x), fn(x)))
W = torch.full((3, 3), 2.0)       # global rebound, same shape
print(torch.allclose(f(x), fn(x)))
scale = 2
def g(x):
    return x * scale
gc = torch.compile(g)
print(gc(x).sum().item() == g(x).sum().item())
print(gc(x).sum().item() == g(x).sum().item())
scale = 3
print(gc(x).sum().item() == g(x).sum().item())
def mk():
    w = torch.ones(3)
    def inner(x):
        return x * w
    def setw(v):
        nonlocal w
        w = v
    return inner, setw
inner, setw = mk()
ic = torch.compile(inner)
print(torch.allclose(ic(x), inner(x)))
print(torch.allclose(ic(x), inner(x)))
setw(torch.full((3,), 5.0))
print(torch.allclose(ic(x), inner(x)))
def h(): pass
h.k = 2.0
def fa(x):
    return x * h.k
fac = torch.compile(fa)
print(torch.allclose(fac(x), fa(x)), torch.allclose(fac(x), fa(x)))
h.k = 7.0
print(torch.allclose(fac(x), fa(x)))
torch.my_k = 2.0
def fm(x):
    return x * torch.my_k
fmc = torch.compile(fm)
print(torch.allclose(fmc(x), fm(x)), torch.allclose(fmc(x), fm(x)))
torch.my_k = 4.0
print(torch.allclose(fmc(x), fm(x)))
def fl(x, lst):
    return x * lst[0]
flc = torch.compile(fl)
lst = [torch.ones(3)]
print(torch.allclose(flc(x, lst), fl(x, lst)), torch.allclose(flc(x, lst), fl(x, lst)))
lst[0] = torch.full((3,), 9.0)
print(torch.allclose(flc(x, lst), fl(x, lst)))
def fal(a, b):
    if a is b:
        return a * 2
    return a + b
falc = torch.compile(fal)
y = torch.randn(2, 3)
print(torch.allclose(falc(x, y), fal(x, y)), torch.allclose(falc(x, y), fal(x, y)))
print(torch.allclose(falc(x, x), fal(x, x)), torch.allclose(falc(x, x), fal(x, x)))
print(torch.allclose(falc(x, y), fal(x, y)))
def fs(a):
    return a * 2 + 1
fsc = torch.compile(fs)
a = torch.randn(3, 3)
print(torch.allclose(fsc(a), fs(a)), torch.allclose(fsc(a), fs(a)))
print(torch.allclose(fsc(a.t()), fs(a.t())))
def fin(a):
    a.add_(1)
    return a * 2
finc = torch.compile(fin)
a1 = torch.zeros(3); a2 = torch.zeros(3)
for i in range(3):
    print(torch.equal(finc(a1), fin(a2)), torch.equal(a1, a2))
def fg(a):
    return a * 2
fgc = torch.compile(fg)
with torch.no_grad():
    print(torch.equal(fgc(a), fg(a)), torch.equal(fgc(a), fg(a)))
print(torch.equal(fgc(a), fg(a)), torch.equal(fgc(a), fg(a)))
def fr(a):
    return a, (a + 1, [a * 2, None]), 5, a.shape[0]
frc = torch.compile(fr)
for i in range(2):
    r = frc(a)
    print(r[0] is a, type(r[1]).__name__, type(r[1][1]).__name__, r[1][1][1], r[2], r[3])
def fn(x):
    return x.sin() + 1
f = torch.compile(fn)
for n in [4, 4, 5, 5, 6, 6, 7]:
    x = torch.randn(n)
    print(n, torch.allclose(f(x), fn(x)))
torch._dynamo.reset()
x = torch.randn(4)
print(torch.allclose(f(x), fn(x)), torch.allclose(f(x), fn(x)))
def fn(x):
    return x.cos() + 1
f = torch.compile(fn)
print(torch.allclose(f(x), fn(x)), torch.allclose(f(x), fn(x)))
def rnd(x):
    return x + torch.rand(4)
rc = torch.compile(rnd)
torch.manual_seed(0); a = rc(x); b = rc(x)
torch.manual_seed(0); c = rnd(x); d = rnd(x)
print(torch.allclose(a, c), torch.allclose(b, d))
cfg = {"s": 2.0}
get = cfg.get
def fb(x):
    return torch.relu(x) * get("s")
fbc = torch.compile(fb)
print(torch.equal(fbc(x), fb(x)), torch.equal(fbc(x), fb(x)))
cfg["s"] = 5.0
print(torch.equal(fbc(x), fb(x)), torch.equal(fbc(x), fb(x)))
def fid(x):
    return x + 1, id(x)
fidc = torch.compile(fid)
y = torch.randn(4)
print(fidc(x)[1] == id(x), fidc(y)[1] == id(y))

# expected output:
# True
# True
# True
# True
# True
# True
# True
# True
# True
# True True
# True
# True True
# True
# True True
# True
# True True
# True True
# True
# True True
# True
# True True
# True True
# True True
# True True
# True True
# True tuple list None 5 3
# True tuple list None 5 3
# 4 True
# 4 True
# 5 True
# 5 True
# 6 True
# 6 True
# 7 True
# True True
# True True
# True True
# True True
# True True
# True True
