// version.test.mjs - tensor writes between compiled calls (Tensor._version,
// docs/architecture.md "Version counters"). Each program calls a compiled
// matmul / nn.Linear / MLP function, writes its weight in place between
// calls in every way Python can (in-place methods, augmented assignment,
// item assignment, x.data, a view, the random fills, a compiled graph that
// updates it, another tensor in the same argument), and checks after each
// write that the compiled result equals the same Python run eagerly
// (allclose: relaxed SIMD FMA may change the last bits) and that the
// weight's version is the eager run's. The compiled kernels keep B's packed
// panels between calls and skip packing while B is unchanged (dynamo/
// compile.c keep_check: storage, address, writes): a write they miss is a
// wrong result here. Every program runs three ways
// (WebAssembly kernels, backend "eager", compile: false) and must print the
// same text in all three: the versions are exact.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { requireWasm } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');
let c;
before(async () => { c = await createCompiler(); });

const MODES = [['wasm', {}], ['eager', { backend: 'eager' }], ['plain', { compile: false }]];
/** Runs src three ways; returns the common stdout (asserting they agree). */
let lastWasm = null; // the wasm run's report of the last runAll
function runAll(src) {
  let first = null;
  for (const [mode, opts] of MODES) {
    const r = c.run(src, { ...opts, filename: 'main.py' });
    assert.equal(r.ok, true, `${mode}: ${r.error && r.error.text}`);
    if (first === null) {
      first = r.stdout;
      lastWasm = r;
    } else assert.equal(r.stdout, first, `${mode} prints what wasm prints`);
  }
  return first;
}

// the writes, each a statement on `w` (2-d float32, 64 x 48) and the
// version it leaves w at (PyTorch: one step per in-place call)
const WRITES = [
  ['w.add_(0.5)', 1], ['w.mul_(-1.5)', 1], ['w.copy_(torch.randn(64, 48))', 1], ['w.fill_(0.25)', 1],
  ['w.zero_()', 1], ['w.clamp_(-0.5, 0.5)', 1], ['w.relu_()', 1], ['w += 1', 1], ['w -= torch.ones(48)', 1],
  ['w[0] = 3.0', 1], ['w[w > 0.5] = -2.0', 1], ['w[:, 1].fill_(7.0)', 1], ['w.T.add_(1)', 1],
  ['w[2:5, 3:9] = torch.randn(3, 6)', 1], ['w.uniform_(-1, 1)', 1], ['w.normal_()', 1],
  ['torch.nn.init.kaiming_uniform_(w)', 1], ['w.data.mul_(2)', 0], ['w.add_(1).mul_(0.5)', 2],
];

test('every in-place write of a matmul operand between compiled calls is seen, at eager\'s version', () => {
  const lines = WRITES.map(([stmt], k) => `    ${k === 0 ? 'if' : 'elif'} k == ${k}:\n        ${stmt}`).join('\n');
  const src = `import torch
torch.manual_seed(0)

def f(x, w):
    return torch.relu(x @ w)

opt = torch.compile(f)
x = torch.randn(32, 64)
w = torch.randn(64, 48)
for k in range(${WRITES.length}):
    ref = f(x, w)
    got = opt(x, w)
    v0 = w._version
${lines}
    print(k, w._version - v0, torch.allclose(opt(x, w), f(x, w), rtol=1e-4, atol=1e-4), torch.allclose(got, ref, rtol=1e-4, atol=1e-4))
`;
  const out = runAll(src).trim().split('\n');
  assert.equal(out.length, WRITES.length);
  WRITES.forEach(([stmt, dv], k) => assert.equal(out[k], `${k} ${dv} True True`, stmt));
  // the calls after the first are replayed (replay.c): the kept panels'
  // check is on that path too (dwC_run)
  const fr = lastWasm.frames.find((f) => f.function === 'f');
  assert.ok(fr.replays >= WRITES.length, `replays ${fr.replays}`);
});

test('nn.Linear weights written between calls of a compiled MLP (module, .data, a graph that updates them)', () => {
  const out = runAll(`import torch
torch.manual_seed(1)
mlp = torch.nn.Sequential(torch.nn.Linear(64, 96), torch.nn.ReLU(), torch.nn.Linear(96, 10))
opt = torch.compile(mlp)
x = torch.randn(16, 64)

@torch.compile
def sgd_like(w, g):
    with torch.no_grad():
        w.sub_(g * 0.1)         # an update in the graph: written back, one step
        w.mul_(0.99)            # and a second one

def check(tag):
    print(tag, mlp[0].weight._version, mlp[2].weight._version, torch.allclose(opt(x), mlp(x), rtol=1e-4, atol=1e-4))

check("init")
with torch.no_grad():
    mlp[0].weight.add_(0.1)
check("add_")
mlp[2].weight.data.mul_(1.5)
check("data")
with torch.no_grad():
    mlp[0].weight[3] = 0.0
check("setitem")
for i in range(3):
    sgd_like(mlp[0].weight, torch.randn(96, 64))
    check("graph")
mlp[2].weight = torch.nn.Parameter(torch.randn(10, 96))
check("new param")
`);
  assert.equal(out, ['init 1 1 True', 'add_ 2 1 True', 'data 2 1 True', 'setitem 3 1 True',
    'graph 5 1 True', 'graph 7 1 True', 'graph 9 1 True', 'new param 9 0 True', ''].join('\n'));
});

test('another tensor in the same argument, and the same tensor in two arguments', () => {
  const out = runAll(`import torch
torch.manual_seed(2)

def f(x, w):
    return x @ w.T + 1.0

opt = torch.compile(f)
x = torch.randn(24, 40)
ws = [torch.randn(56, 40) for i in range(3)]
for i in range(6):
    w = ws[i % 3]
    print(i, torch.allclose(opt(x, w), f(x, w), rtol=1e-4, atol=1e-4))
    ws[(i + 1) % 3].mul_(-1)
sq = torch.randn(40, 40)
print(torch.allclose(opt(sq, sq), f(sq, sq), rtol=1e-4, atol=1e-4))
sq.add_(1)
print(torch.allclose(opt(sq, sq), f(sq, sq), rtol=1e-4, atol=1e-4), sq._version)
`);
  assert.equal(out, '0 True\n1 True\n2 True\n3 True\n4 True\n5 True\nTrue\nTrue 1\n');
});

test('x._version in a compiled function: the value at that point, on every call (no guard on it)', () => {
  const r = c.run(`import torch

@torch.compile(fullgraph=True)
def f(x):
    v = x._version
    x.add_(1)
    return x * 2, v, x._version

x = torch.zeros(3)
for i in range(4):
    y, a, b = f(x)
    print(a, b, x._version, y.tolist())
    x.mul_(1)
`, { filename: 'main.py' });
  assert.equal(r.ok, true, r.error && r.error.text);
  assert.equal(r.stdout, '0 1 1 [2.0, 2.0, 2.0]\n2 3 3 [4.0, 4.0, 4.0]\n4 5 5 [6.0, 6.0, 6.0]\n6 7 7 [8.0, 8.0, 8.0]\n');
  const fr = r.frames.find((f) => f.function === 'f');
  assert.equal(fr.compiles, 1, 'one compile: no guard on the version');
  assert.equal(r.explain.graph_break_count, 0);
});
