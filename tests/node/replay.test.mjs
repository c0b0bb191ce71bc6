// replay.test.mjs - a cache hit run by its entry's plan (src/dynamo/replay.c,
// docs/architecture.md "Replaying a cache hit"): the guards, the graph
// inputs read from their sources, the kernel and the return value rebuilt,
// without evaluating the frame's Python. Each program compares the
// compiled function with the same Python run eagerly (compiled == eager,
// the semantics PyTorch documents for torch.compile) across calls between
// which what the frame reads changes; the report says which calls were
// replayed (frames[].replays, timeline.calls[].replayed), so that a
// regression to evaluating every call is caught here, not only by a
// benchmark.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, test } from 'node:test';
import { requireWasm } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');
let c;
before(async () => { c = await createCompiler(); });
const run = (src) => {
  const r = c.run(src, { filename: 'main.py' });
  assert.equal(r.ok, true, r.error && r.error.text);
  return r;
};
const frame = (r, name) => r.frames.filter((f) => f.function === name);
// every printed line is "True" (or several, space-separated)
const allTrue = (r, lines) => {
  const out = r.stdout.trim().split('\n');
  assert.equal(out.length, lines, r.stdout);
  for (const l of out) assert.ok(l.split(' ').every((w) => w === 'True'), r.stdout);
};

test('an MLP of plain arguments: every hit after the compiling call is replayed, its timeline only the run', () => {
  const r = run(`import torch
import torch.nn.functional as F
x = torch.randn(8, 16)
W1 = torch.randn(32, 16); b1 = torch.randn(32)
W2 = torch.randn(4, 32); b2 = torch.randn(4)
def mlp(x, W1, b1, W2, b2):
    h = torch.relu(F.linear(x, W1, b1))
    return F.linear(h, W2, b2)
f = torch.compile(mlp)
for i in range(5):
    print(torch.allclose(f(x, W1, b1, W2, b2), mlp(x, W1, b1, W2, b2)))
`);
  allTrue(r, 5);
  const [f] = frame(r, 'mlp');
  assert.deepEqual([f.compiles, f.cache_hits, f.replays], [1, 4, 4]);
  const calls = r.timeline.calls;
  assert.deepEqual(calls.map((x) => x.replayed), [false, true, true, true, true]);
  for (const call of calls.slice(1)) assert.deepEqual(call.events.map((e) => e.kind), ['run']);
});

test('a global rebound between calls: the replay reads the new tensor; a new int recompiles (dynamic: evaluated)', () => {
  const r = run(`import torch
W = torch.ones(3, 3)
def fn(x):
    return x @ W
f = torch.compile(fn)
x = torch.randn(2, 3)
print(torch.allclose(f(x), fn(x)), torch.allclose(f(x), fn(x)))
W = torch.full((3, 3), 2.0)
print(torch.allclose(f(x), fn(x)))
scale = 2
def g(x):
    return x * scale
gc = torch.compile(g)
print(torch.equal(gc(x), g(x)), torch.equal(gc(x), g(x)))
scale = 3
print(torch.equal(gc(x), g(x)), torch.equal(gc(x), g(x)))
`);
  allTrue(r, 4);
  const [fn] = frame(r, 'fn');
  assert.deepEqual([fn.compiles, fn.cache_hits, fn.replays], [1, 2, 2]);
  const [g] = frame(r, 'g');
  // the int changed: automatic dynamic shapes make it a SymInt, whose
  // entry is evaluated on every call
  assert.deepEqual([g.compiles, g.cache_hits, g.replays], [2, 2, 1]);
  assert.equal(g.recompiles[0].reason, "1/0: G['scale'] == 2");
  assert.deepEqual(g.guards, ["TENSOR_MATCH: L['x'] Float[2, 3]", "TYPE_MATCH: G['scale'] int (dynamic)"]);
});

test('a closure cell rebound, a function attribute and a module attribute changed between calls', () => {
  const r = run(`import torch
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
x = torch.randn(2, 3)
print(torch.equal(ic(x), inner(x)), torch.equal(ic(x), inner(x)))
setw(torch.full((3,), 5.0))
print(torch.equal(ic(x), inner(x)))
def h():
    pass
h.k = 2.0
def fa(x):
    return x * h.k
fac = torch.compile(fa)
print(torch.equal(fac(x), fa(x)), torch.equal(fac(x), fa(x)))
h.k = 7.0
print(torch.equal(fac(x), fa(x)), torch.equal(fac(x), fa(x)))
torch.my_k = 2.0
def fm(x):
    return x * torch.my_k
fmc = torch.compile(fm)
print(torch.equal(fmc(x), fm(x)), torch.equal(fmc(x), fm(x)))
torch.my_k = 4.0
print(torch.equal(fmc(x), fm(x)))
`);
  allTrue(r, 6);
  const [inner] = frame(r, 'inner');
  assert.deepEqual([inner.compiles, inner.replays], [1, 2]);
  // an attribute written on a function or module: the plan does not hold,
  // the frame is evaluated (its graph differs: recompiled in place) and
  // the next call is replayed again
  const [fa] = frame(r, 'fa');
  assert.deepEqual([fa.compiles, fa.cache_hits, fa.replays], [2, 2, 2]);
  const [fm] = frame(r, 'fm');
  assert.deepEqual([fm.compiles, fm.cache_hits, fm.replays], [2, 1, 1]);
});

// The calls of function `name` (defined at `line`, if given) that were not
// called by another compiled frame: '.' evaluated (or compiled), 'R'
// replayed.
const calls = (r, name, line) => r.timeline.calls
  .filter((c) => c.function === name && !c.depth && (line === undefined || c.line === line))
  .map((c) => (c.replayed ? 'R' : '.')).join('');

test('objects, nn.Modules and lists are walked below their guards: a change there is seen, a bound method keeps the frame evaluated', () => {
  const r = run(`import torch
import torch.nn as nn
class Cfg:
    pass
cfg = Cfg()
cfg.s = 2.0
def fo(x):
    return x * cfg.s
foc = torch.compile(fo)
x = torch.randn(2, 3)
print(torch.equal(foc(x), fo(x)), torch.equal(foc(x), fo(x)))
cfg.s = 5.0
print(torch.equal(foc(x), fo(x)))
m = nn.Linear(3, 2)
def fm(x):
    return m(x)
mc = torch.compile(fm)
print(torch.allclose(mc(x), m(x)), torch.allclose(mc(x), m(x)))
with torch.no_grad():
    m.weight.fill_(0.5)
m.bias = nn.Parameter(torch.ones(2))
print(torch.allclose(mc(x), m(x)))
def fl(x, lst):
    return x * lst[0]
flc = torch.compile(fl)
lst = [torch.ones(3)]
print(torch.equal(flc(x, lst), fl(x, lst)), torch.equal(flc(x, lst), fl(x, lst)))
lst[0] = torch.full((3,), 9.0)
print(torch.equal(flc(x, lst), fl(x, lst)))
d = {"s": 2.0}
get = d.get
def fb(x):
    return x * get("s")
fbc = torch.compile(fb)
print(torch.equal(fbc(x), fb(x)), torch.equal(fbc(x), fb(x)))
d["s"] = 5.0
print(torch.equal(fbc(x), fb(x)))
`);
  allTrue(r, 8);
  // cfg.s changed: G['cfg']'s guard fails (a recompile), as before
  assert.equal(calls(r, 'fo'), '.R.');
  assert.equal(frame(r, 'fo')[0].recompiles.length, 1);
  // the Linear's weight written in place and its bias replaced by another
  // parameter of its shape: graph inputs read where they are now
  assert.equal(calls(r, 'fm'), '.RR');
  // the list's item replaced: read from L['lst'][0]
  assert.equal(calls(r, 'fl'), '.RR');
  // `get = d.get` reads a dict no guard looks into
  assert.equal(calls(r, 'fb'), '...');
});

// tests/programs/replay_modules.py (conformance checks its output): which
// of its calls replayed. The line of `def forward` of class `cls` in src.
const forwardLine = (src, cls) => {
  const lines = src.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`class ${cls}(`));
  return at + 1 + lines.slice(at).findIndex((l) => l.includes('def forward'));
};

test('tests/programs/replay_modules.py: what changes below a compiled module is seen, each change with the calls it replays', () => {
  const src = fs.readFileSync(new URL('../programs/replay_modules.py', import.meta.url), 'utf8');
  const r = run(src);
  assert.ok(r.stdout.split(/\s+/).filter(Boolean).every((w) => w === 'True'), r.stdout);
  assert.equal(calls(r, 'forward', forwardLine(src, 'MLP')), [
    '.RR', // compiled, then replayed
    'RR', // fc1.weight written in place: a graph input, read each call
    'RR', // fc1.weight replaced (same shape): the plan reads the new one
    '.R', // fc2.weight another tensor's transpose: other strides, evaluated, then a new plan
    '.R', // fc2 another Linear of the same shapes: a cache hit (L['self'] is
          // guarded by its type and what it holds, not its identity, as
          // Dynamo's inline_inbuilt_nn_modules does), evaluated once (an
          // attribute was written) and planned again
    '.R', // scale: the same
    '.R', // eval(): the training flag, the same
    'RR', // train(): the entry of the calls before eval() again
    '.R', // fc1.bias.requires_grad: part of its tensor guard, a recompile
  ].join(''));
  const mlp = frame(r, 'forward').find((f) => f.line === forwardLine(src, 'MLP'));
  assert.deepEqual([mlp.compiles, mlp.cache_hits, mlp.replays], [4, 15, 13]);
  // the first place below L['self'] that differs, in Dynamo's words (of
  // the newest entry: Dynamo lists the entries' failures newest first)
  assert.deepEqual(mlp.recompiles.map((x) => x.reason), [
    "0/0: L['self'].scale == 2.0",
    "0/1: L['self'].training == True",
    "0/2: L['self'].training == False",
  ]);
  // tied: the two weights one tensor now (`a is b`): evaluated, a new plan
  assert.equal(calls(r, 'forward', forwardLine(src, 'Sq')), '.R.R');
  // five modules down: L['self']'s guard covers the whole module tree, as
  // Dynamo's guards on what is read below it do: a recompile naming it
  assert.equal(calls(r, 'forward', forwardLine(src, 'Wrap')), '.R.R');
  assert.deepEqual(frame(r, 'forward').find((f) => f.line === forwardLine(src, 'Wrap')).recompiles.map((x) => x.reason),
    ["2/0: L['self']._modules['inner']._modules['inner']._modules['inner']._modules['inner'].k == 2.0"]);
  // a list attribute written in place
  assert.equal(calls(r, 'forward', forwardLine(src, 'Lst')), '.R.R');
  // a list in the class's namespace written in place (read directly and
  // by a property): the plan walks a class statement's namespace too
  assert.equal(calls(r, 'forward', forwardLine(src, 'ClsList')), '.R.R');
  // a function with a closure cell, called: the cell is read by a frame
  // the unit called, which no guard covers: evaluated on every call
  assert.equal(calls(r, 'forward', forwardLine(src, 'Act')), '....');
  // a ModuleList layer's weight written in place, its bias replaced: read
  // from L['self'].layers...; a layer appended: L['self']'s guard fails
  assert.equal(calls(r, 'forward', forwardLine(src, 'Stack')), '.RRRRR.R');
  // a tuple argument, then another tuple of that structure
  assert.equal(calls(r, 'ft'), '.RRR');
  // the frame's argument read only by a comprehension: guarded as
  // L['x'] (a cell of the frame, Dynamo's LocalSource), replayed; a new
  // int for an argument only a comprehension reads: L['n']'s guard fails
  // (a recompile, automatic dynamic), as Dynamo reports it
  assert.equal(calls(r, 'forward', forwardLine(src, 'MH')), '.RRR');
  const mh = frame(r, 'forward').find((f) => f.line === forwardLine(src, 'MH'));
  assert.ok(mh.guards.includes("TENSOR_MATCH: L['x'] Float[4, 16]"), mh.guards.join('; '));
  assert.equal(calls(r, 'fn'), '.R..');
  assert.deepEqual(frame(r, 'fn')[0].recompiles.map((x) => x.reason.replace(/^\d+\//, '')), ["0: L['n'] == 2"]);
  // a global closure: its cell has its own guard, so reading it from the
  // called function does not keep the frame evaluated; another closure of
  // that code: G['triple'].__closure__[0]'s guard fails
  assert.equal(calls(r, 'fsc'), '.R.R');
  // a list argument: an item replaced, then another list of that structure
  assert.equal(calls(r, 'fl'), '.RRRRR');
  // a dict argument's item replaced
  assert.equal(calls(r, 'fd'), '.RRR');
  // an object's tensor attribute rebound (read there), then its float
  // attribute (G['cfg']'s guard fails: recompiled)
  assert.equal(calls(r, 'fo'), '.RRR.R');
});

test('aliasing, strides and in-place updates: checked by the plan, or not replayed', () => {
  const r = run(`import torch
def fal(a, b):
    if a is b:
        return a * 2
    return a + b
falc = torch.compile(fal)
x = torch.randn(2, 3)
y = torch.randn(2, 3)
print(torch.equal(falc(x, y), fal(x, y)), torch.equal(falc(x, y), fal(x, y)))
print(torch.equal(falc(x, x), fal(x, x)), torch.equal(falc(x, x), fal(x, x)))
def fadd(a, b):
    return a + b
fc = torch.compile(fadd)
print(torch.equal(fc(x, x), fadd(x, x)), torch.equal(fc(x, x), fadd(x, x)))
print(torch.equal(fc(x, y), fadd(x, y)))
def fs(a):
    return a.contiguous().view(-1) * 2
fsc = torch.compile(fs)
a = torch.randn(3, 4)[:, :3]
print(torch.equal(fsc(a), fs(a)), torch.equal(fsc(a), fs(a)))
b = torch.randn(3, 3)
print(torch.equal(fsc(b), fs(b)), torch.equal(fsc(b.t()), fs(b.t())))
def fin(a):
    a.add_(1)
    return a * 2
finc = torch.compile(fin)
a1 = torch.zeros(3)
a2 = torch.zeros(3)
for i in range(3):
    print(torch.equal(finc(a1), fin(a2)), torch.equal(a1, a2))
`);
  allTrue(r, 9);
  const [fal] = frame(r, 'fal');
  assert.equal(fal.replays, 2, 'the calls whose aliasing matched the plan');
  const [fadd] = frame(r, 'fadd');
  assert.equal(fadd.replays, 1, 'fadd(x, x) replayed, fadd(x, y) evaluated (x is y no more)');
  const [fs] = frame(r, 'fs');
  assert.ok(fs.replays >= 1 && fs.replays <= 2, String(fs.replays));
  assert.equal(frame(r, 'fin')[0].replays, 0, 'an input updated in place is not replayed');
});

test('shapes: a recompile, automatic dynamic shapes (not replayed) and reset', () => {
  const r = run(`import torch
def fn(x):
    return x.sin() + 1
f = torch.compile(fn)
for n in [4, 4, 5, 5, 6, 4]:
    x = torch.randn(n)
    print(torch.allclose(f(x), fn(x)))
torch._dynamo.reset()
x = torch.randn(4)
print(torch.allclose(f(x), fn(x)), torch.allclose(f(x), fn(x)))
`);
  allTrue(r, 7);
  const fs = frame(r, 'fn');
  const total = fs.reduce((s, f) => s + f.replays, 0);
  // 4 then 4 (replayed), 5 (recompiles, dynamic), 5 6 (the dynamic
  // entry: evaluated), 4 (the first, static entry: replayed); after reset:
  // compiled, then replayed
  assert.equal(total, 3);
  assert.equal(fs.reduce((s, f) => s + f.compiles, 0), 3);
  assert.equal(fs[0].recompiles[0].reason, "0/0: tensor 'x' size mismatch at index 0. expected 4, actual 5");
});

test('grad mode toggled: GLOBAL_STATE recompiles once, both entries are replayed', () => {
  const r = run(`import torch
def fg(a):
    return a * 2
fgc = torch.compile(fg)
a = torch.randn(3)
with torch.no_grad():
    print(torch.equal(fgc(a), fg(a)), torch.equal(fgc(a), fg(a)))
print(torch.equal(fgc(a), fg(a)), torch.equal(fgc(a), fg(a)))
with torch.no_grad():
    print(torch.equal(fgc(a), fg(a)))
`);
  allTrue(r, 3);
  const [f] = frame(r, 'fg');
  assert.deepEqual([f.compiles, f.cache_hits, f.replays], [2, 3, 3]);
  assert.match(f.recompiles[0].reason, /GLOBAL_STATE changed: grad_mode/);
});

test('return values rebuilt: inputs by identity, tuples, lists, None, ints and torch.Size', () => {
  const r = run(`import torch
def fr(a):
    b = a + 1
    return a, (b, [a * 2, None, b]), 5, a.shape[0], a.shape
frc = torch.compile(fr)
a = torch.randn(3)
for i in range(3):
    r = frc(a)
    e = fr(a)
    print(r[0] is a, type(r[1]) is tuple, type(r[1][1]) is list, r[1][1][1] is None, r[1][0] is r[1][1][2], r[2] == 5, r[3] == 3, torch.equal(r[1][0], e[1][0]), torch.equal(r[1][1][0], e[1][1][0]), r[4] == e[4], isinstance(r[4], torch.Size), str(r[4]) == 'torch.Size([3])')
`);
  allTrue(r, 3);
  assert.equal(frame(r, 'fr')[0].replays, 2);
});

test('effects keep the frame evaluated: print, random numbers, an id() read, a list appended to', () => {
  const r = run(`import torch
def pr(x):
    print("in pr")
    return x + 1
pc = torch.compile(pr)
x = torch.randn(4)
pc(x); pc(x)
def rnd(x):
    return x + torch.rand(4)
rc = torch.compile(rnd)
torch.manual_seed(0); a = rc(x); b = rc(x)
torch.manual_seed(0); c = rnd(x); d = rnd(x)
print(torch.equal(a, c), torch.equal(b, d))
def fid(x):
    return x + 1, id(x)
fidc = torch.compile(fid)
y = torch.randn(4)
print(fidc(x)[1] == id(x), fidc(y)[1] == id(y))
log = []
def ap(x):
    log.append(1)
    return x * 2
apc = torch.compile(ap)
apc(x); apc(x); apc(x)
print(len(log))
`);
  assert.equal(r.stdout, 'in pr\nin pr\nTrue True\nTrue True\n3\n');
  for (const f of r.frames) assert.equal(f.replays, 0, f.function);
});

// A program calling a compiled function n times: one call and several
// leave the same report but for the counts.
const sameReport = (src, guards) => {
  const one = run(src(1));
  const many = run(src(4));
  assert.deepEqual(many.marks, one.marks);
  const [a] = one.frames;
  const [b] = many.frames;
  assert.deepEqual(b.units, a.units);
  assert.deepEqual(b.guards, a.guards);
  assert.deepEqual(b.guards, guards);
  assert.equal(b.replays, 3);
  assert.equal(many.graphs[0].runs, 4);
};

test('a replayed call leaves the report as an evaluated hit does: marks, guards, units', () => {
  sameReport((n) => `import torch
def fn(x, w):
    y = x @ w
    return y.relu()
f = torch.compile(fn)
x = torch.randn(2, 3)
w = torch.randn(3, 4)
for i in range(${n}):
    f(x, w)
`, ["TENSOR_MATCH: L['x'] Float[2, 3]", "TENSOR_MATCH: L['w'] Float[3, 4]"]);
});

test('a replayed nn.Module call leaves the report as an evaluated hit does: its guards are the module\'s, not the plan\'s checks below it', () => {
  sameReport((n) => `import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 2)
    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))
m = torch.compile(M())
x = torch.randn(2, 3)
for i in range(${n}):
    m(x)
`, ["TYPE_MATCH: L['self'] (M, contents)", "ID_MATCH: G['torch'] (module, contents)", "TENSOR_MATCH: L['x'] Float[2, 3]"]);
});

test('instances of one nn.Module class share an entry (guarded by type, not identity) and every call of either is replayed with its own parameters', () => {
  const r = run(`import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 2)
        self.seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
    def forward(self, x):
        return self.seq(self.l(x))
m1, m2 = M(), M()
c1, c2 = torch.compile(m1), torch.compile(m2)
x = torch.randn(4, 3)
print(torch.allclose(c1(x), m1(x), atol=1e-6), torch.allclose(c2(x), m2(x), atol=1e-6))
for i in range(3):
    print(torch.allclose(c1(x), m1(x), atol=1e-6), torch.allclose(c2(x), m2(x), atol=1e-6))
print(torch.allclose(m1(x), m2(x)))
`);
  const out = r.stdout.trim().split('\n');
  assert.deepEqual(out, ['True True', 'True True', 'True True', 'True True', 'False'], r.stdout);
  const f = frame(r, 'forward');
  assert.equal(f.length, 1);
  // one compile for both instances; every later call of either replayed
  assert.deepEqual([f[0].compiles, f[0].cache_hits, f[0].replays], [1, 7, 7]);
  assert.equal(calls(r, 'forward'), '.RRRRRRR');
});
