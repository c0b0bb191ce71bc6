# marks: subset
# Compiled nn.Modules, objects and lists of tensors called again after
# what their forward reads below the guarded value changed: a cache hit
# may be replayed (src/dynamo/replay.c walks everything below the guarded
# module and checks it) only when that is the same as evaluating the
# frame. Every line compares the compiled module with the same module run
# eagerly (torch.compile keeps eager semantics): a parameter written in
# place, replaced by another of the same shape, tied to another one, its
# requires_grad changed; .eval()/.train(); a plain attribute, a submodule
# replaced, an attribute five modules deep, a list attribute mutated, a
# class attribute's list mutated (read through a property too), a closure
# cell of a function attribute rebound; a ModuleList's layers' weight
# written and bias replaced, a layer appended; a list, a tuple and a dict
# of tensors as arguments; an object's attributes; the frame's arguments
# read only by a comprehension; a global closure rebound. close() allows
# the last-bit differences of fused multiply-adds (relaxed SIMD) near 0,
# which allclose's default atol=1e-8 does not; a stale value differs by
# far more.
import torch
import torch.nn as nn
torch.manual_seed(0)
def close(a, b):
    return torch.allclose(a, b, atol=1e-6)
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 16)
        self.scale = 2.0
    def forward(self, x):
        h = torch.relu(self.fc1(x))
        if self.training:
            h = h * self.scale
        return self.fc2(h)
m = MLP()
mc = torch.compile(m)
x = torch.randn(4, 16)
def same():
    return close(mc(x), m(x))
print(same(), same(), same())
with torch.no_grad():
    m.fc1.weight.fill_(0.25)          # in place: a graph input read each call
print(same(), same())
m.fc1.weight = nn.Parameter(torch.randn(32, 16))   # replaced, same shape
print(same(), same())
m.fc2.weight = nn.Parameter(m.fc1.weight.t())      # a transposed view: other strides
print(same(), same())
m.fc2 = nn.Linear(32, 16)             # a submodule replaced
print(same(), same())
m.scale = 3.0                         # a plain attribute
print(same(), same())
m.eval()                              # the training flag
print(same(), same())
m.train()
print(same(), same())
m.fc1.bias.requires_grad_(False)
print(same(), same())
class Sq(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)
        self.fc2 = nn.Linear(16, 16)
    def forward(self, x):
        return self.fc2(self.fc(x))
t = Sq()
tc = torch.compile(t)
print(close(tc(x), t(x)), close(tc(x), t(x)))
t.fc2.weight = t.fc.weight            # tied: one tensor for both
print(close(tc(x), t(x)), close(tc(x), t(x)))
class Leaf(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 2.0
    def forward(self, x):
        return x * self.k
class Wrap(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
    def forward(self, x):
        return self.inner(x) + 1
deep = Wrap(Wrap(Wrap(Wrap(Leaf()))))
dc = torch.compile(deep)
print(close(dc(x), deep(x)), close(dc(x), deep(x)))
deep.inner.inner.inner.inner.k = 5.0  # five modules down
print(close(dc(x), deep(x)), close(dc(x), deep(x)))
class Lst(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [2.0, 3.0]
    def forward(self, x):
        return x * self.scales[0] + self.scales[1]
ls = Lst()
lc = torch.compile(ls)
print(close(lc(x), ls(x)), close(lc(x), ls(x)))
ls.scales[0] = 7.0                    # a list attribute mutated in place
print(close(lc(x), ls(x)), close(lc(x), ls(x)))
class ClsList(nn.Module):
    scales = [2.0]
    @property
    def shift(self):
        return self.scales[0] + 1
    def forward(self, x):
        return x * self.scales[0] + self.shift
cl = ClsList()
cc = torch.compile(cl)
print(close(cc(x), cl(x)), close(cc(x), cl(x)))
ClsList.scales[0] = 6.0               # a class attribute's list written in place
print(close(cc(x), cl(x)), close(cc(x), cl(x)))
def make_act():
    k = 2.0
    def act(t):
        return t * k
    def setk(v):
        nonlocal k
        k = v
    return act, setk
act, setk = make_act()
class Act(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = act
    def forward(self, x):
        return self.act(x) + 1
a = Act()
ac = torch.compile(a)
print(close(ac(x), a(x)), close(ac(x), a(x)))
setk(4.0)                             # a closure cell of a function attribute
print(close(ac(x), a(x)), close(ac(x), a(x)))
def fl(xs):
    return xs[0] * 2 + xs[1]
flc = torch.compile(fl)
xs = [torch.randn(4), torch.randn(4)]
print(close(flc(xs), fl(xs)), close(flc(xs), fl(xs)))
xs[0] = torch.randn(4)                # an item replaced
print(close(flc(xs), fl(xs)), close(flc(xs), fl(xs)))
ys = [torch.randn(4), torch.randn(4)] # another list of the same structure
print(close(flc(ys), fl(ys)), close(flc(ys), fl(ys)))
def fd(d):
    return d["a"] * 2 + d["b"]
fdc = torch.compile(fd)
d = {"a": torch.randn(4), "b": torch.randn(4)}
print(close(fdc(d), fd(d)), close(fdc(d), fd(d)))
d["a"] = torch.randn(4)               # an item replaced
print(close(fdc(d), fd(d)), close(fdc(d), fd(d)))
class Cfg:
    pass
cfg = Cfg()
cfg.s = 2.0
cfg.w = torch.randn(4)
def fo(x):
    return x * cfg.s + cfg.w
foc = torch.compile(fo)
y = torch.randn(4)
print(close(foc(y), fo(y)), close(foc(y), fo(y)))
cfg.w = torch.randn(4)                # an object's tensor attribute rebound
print(close(foc(y), fo(y)), close(foc(y), fo(y)))
cfg.s = 5.0                           # an object's float attribute
print(close(foc(y), fo(y)), close(foc(y), fo(y)))
class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(16, 16) for _ in range(3)])
        self.seq = nn.Sequential(nn.Linear(16, 16), nn.ReLU())
    def forward(self, x):
        for l in self.layers:
            x = torch.relu(l(x))
        return self.seq(x)
st = Stack()
sc = torch.compile(st)
print(close(sc(x), st(x)), close(sc(x), st(x)))
with torch.no_grad():
    st.layers[1].weight.mul_(2)
print(close(sc(x), st(x)), close(sc(x), st(x)))
st.layers[2].bias = nn.Parameter(torch.randn(16))
print(close(sc(x), st(x)), close(sc(x), st(x)))
st.layers.append(nn.Linear(16, 16))
print(close(sc(x), st(x)), close(sc(x), st(x)))
def ft(ts):
    a, b = ts
    return a * b
ftc = torch.compile(ft)
t1 = (torch.randn(3), torch.randn(3))
print(close(ftc(t1), ft(t1)), close(ftc(t1), ft(t1)))
t2 = (torch.randn(3), t1[1])
print(close(ftc(t2), ft(t2)), close(ftc(t2), ft(t2)))
class MH(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(16, 4) for _ in range(3)])
    def forward(self, x):
        return torch.cat([h(x) for h in self.heads], dim=-1)
mh = MH()
mhc = torch.compile(mh)
print(close(mhc(x), mh(x)), close(mhc(x), mh(x)))
x2 = torch.randn(4, 16)                # x read only by the comprehension
print(close(mhc(x2), mh(x2)), close(mhc(x2), mh(x2)))
def fn(x, n):
    return torch.stack([x * n for _ in range(2)])
fnc = torch.compile(fn)
print(close(fnc(x, 2), fn(x, 2)), close(fnc(x, 2), fn(x, 2)))
print(close(fnc(x, 3), fn(x, 3)), close(fnc(x, 3), fn(x, 3)))
def make_scaler(k):
    def scale(t):
        return t * k
    return scale
triple = make_scaler(3.0)
def fsc(x):
    return triple(x) + 1
fscc = torch.compile(fsc)
print(close(fscc(x), fsc(x)), close(fscc(x), fsc(x)))
triple = make_scaler(4.0)             # another closure of the same code
print(close(fscc(x), fsc(x)), close(fscc(x), fsc(x)))

# expected output:
# True True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
# True True
