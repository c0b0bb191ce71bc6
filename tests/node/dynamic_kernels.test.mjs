// dynamic_kernels.test.mjs - a graph with symbolic dims (dynamic shapes)
// compiles to one WebAssembly module that takes its sizes as arguments:
// later sizes reuse the compiled (and Binaryen-optimised) module.
//
// Each program runs through the npm API with the WebAssembly backend and
// with compile: false (plain Python on the eager kernels, the reference):
// the printed values must be identical (the kernels follow the eager
// kernels' accumulation order, dwmath.h), at sizes that are not multiples
// of the 4 or 8 lanes (remainder loops), at sizes crossing a float sum's
// cascade block (128 elements: other code, so a second module), and at the
// 0/1-specialised sizes (their own static graph, as in PyTorch). The
// report's graphs[i].modules counts the modules built for a graph, and
// the timeline's `instantiate` events every module the host compiled.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { requireWasm } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');

/** The timeline events of one kind, over every call. */
function events(report, kind) {
  let n = 0;
  for (const c of report.timeline.calls) for (const e of c.events) if (e.kind === kind) n++;
  return n;
}

/** Runs src compiled and plainly: same output, no error; the report. */
function same(compiler, src, opts = {}) {
  const r = compiler.run(src, { ...opts, filename: 'main.py' });
  const ref = compiler.run(src, { compile: false, filename: 'main.py' });
  assert.equal(r.error, null, r.error?.text);
  assert.equal(ref.error, null, ref.error?.text);
  assert.equal(r.stdout, ref.stdout);
  assert.ok(r.stdout.length > 0);
  return r;
}

const OPS = `
    a = (x * 2 + y).relu().sum(dim=1)   # reduce a static dim
    b = torch.softmax(x, dim=0)         # passes over the symbolic dim
    c = x.mean(dim=0)                   # a float sum over it (cascade order)
    d = x.t() @ y                       # matmul over it
    e = torch.where(x > 0, x, -y).amax(dim=-1)
    return a, b, c, d, e`;

const SHOW = `
def show(n, outs):
    for o in outs:
        print(n, list(o.shape), o.tolist())
`;

describe('sizes as arguments', () => {
  let compiler;
  before(async () => {
    compiler = await createCompiler();
  });

  test('automatic dynamic: the 4 sizes after the first share one module', () => {
    const src = `import torch

@torch.compile
def f(x, y):${OPS}
${SHOW}
for n in [11, 7, 9, 2, 33]:
    x = torch.arange(n * 5, dtype=torch.float32).reshape(n, 5) / 7 - 3
    y = torch.ones(n, 5) * 0.25
    show(n, f(x, y))
`;
    compiler.reset();
    const r = same(compiler, src);
    assert.equal(r.explain.graph_count, 2); // static at 11, then s0 (PyTorch's count)
    const [g0, g1] = r.graphs;
    assert.equal(g0.runs, 1);
    assert.equal(g0.modules, 1);
    assert.equal(g1.runs, 4);
    assert.equal(g1.modules, 1, 'a second size compiled a new module');
    assert.equal(events(r, 'instantiate'), 2);
    assert.match(r.frames[0].units[1].guards.join('\n'), /Float\[s\d+, 5\]/); // the symbolic guard
  });

  test('dynamic=True: remainders of every lane width, 0/1 specialised, a cascade block crossed', () => {
    const src = `import torch

@torch.compile(dynamic=True)
def f(x, y):${OPS}
${SHOW}
for n in [2, 3, 4, 5, 8, 9, 15, 16, 17, 1, 0, 130, 131, 250]:
    x = (torch.arange(n * 6, dtype=torch.float32).reshape(n, 6) % 7) / 3 - 1
    y = torch.ones(n, 6) * 0.5
    show(n, f(x, y))
`;
    compiler.reset();
    const r = same(compiler, src);
    const sym = r.graphs.filter((g) => g.runs > 1);
    assert.equal(sym.length, 1);
    // 2..17: one module; 130..250: the mean's sum has another cascade
    // level (blocks of 128), which is other code: one more module
    assert.equal(sym[0].runs, 12);
    assert.equal(sym[0].modules, 2);
    // sizes 1 and 0 are specialised: graphs of their own, one module each
    for (const g of r.graphs) if (g !== sym[0]) assert.equal(g.modules, 1);
    assert.equal(events(r, 'instantiate'), r.graphs.length + 1);
  });

  test('two symbols, a broadcast and a matmul: one module', () => {
    const src = `import torch

@torch.compile(dynamic=True)
def f(x, y):
    z = x * y                             # [s0, s1] * [s1]
    return z.sum(dim=0), z.amax(dim=1), x.t() @ z

for n, m in [(2, 3), (5, 7), (9, 2), (17, 13), (6, 6), (3, 12)]:
    x = torch.arange(n * m, dtype=torch.float32).reshape(n, m) / 3 - 4
    y = torch.arange(m, dtype=torch.float32) / 5 - 1
    for o in f(x, y):
        print(n, m, list(o.shape), o.tolist())
`;
    compiler.reset();
    const r = same(compiler, src);
    // (6, 6) passes the guards too (no guard that s0 != s1, as in PyTorch).
    // (Where the fusion plan itself changes with how the sizes compare,
    // e.g. (z - z.mean()).abs().sum() here, a size gets a module of its
    // own: README "Dynamic shapes".)
    assert.equal(r.graphs.length, 1);
    assert.equal(r.graphs[0].runs, 6);
    assert.equal(r.graphs[0].modules, 1);
    assert.equal(events(r, 'instantiate'), 1);
  });
});

test('a matmul whose rows cross 8 (B packed in panels from 8 rows, chosen at run time): one module', async () => {
  // B contiguous along n is packed when there are 8 rows or more, read in
  // place below: with the rows a size argument, the module carries both
  // and chooses per call; every size equals the eager result
  const c = await createCompiler();
  const src = `import torch

@torch.compile(dynamic=True)
def f(a, b):
    return (a @ b).relu()

for m in [3, 8, 5, 17, 7, 12, 9]:
    a = (torch.arange(m * 10, dtype=torch.float32).reshape(m, 10) % 5) / 4 - 0.5
    b = (torch.arange(10 * 13, dtype=torch.float32).reshape(10, 13) % 7) / 3 - 1
    print(m, (a @ b).relu().tolist() == f(a, b).tolist(), f(a, b).tolist())
`;
  const r = same(c, src);
  assert.ok(!r.stdout.includes('False'), r.stdout);
  const sym = r.graphs.filter((g) => g.runs > 1);
  assert.equal(sym.length, 1);
  assert.equal(sym[0].modules, 1, 'both arms in one module');
  c.dispose();
});

test('the optimised tier serves every size', async () => {
  const c = await createCompiler({ tier: 'optimized' });
  const src = `import torch

@torch.compile(dynamic=True)
def f(x):
    return torch.softmax(x * 3, dim=-1)

for n in [3, 6, 7, 12]:
    x = torch.arange(n * n, dtype=torch.float32).reshape(n, n) / 9
    print(f(x).tolist())
`;
  const r = same(c, src);
  assert.equal(r.graphs.length, 1);
  assert.equal(r.graphs[0].runs, 4);
  assert.equal(r.graphs[0].modules, 1);
  assert.equal(r.graphs[0].tier, 'optimized');
});
