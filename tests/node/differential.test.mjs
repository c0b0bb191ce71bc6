// differential.test.mjs - random programs, run three ways, must agree.
//
// tests/lib/diffgen.mjs generates deterministic random programs: a
// @torch.compile'd function over a few input tensors (0-d to 4-d, sizes
// 1..37 and a few larger reductions, broadcasting pairs, float32 / int64 /
// int32 / bool, strided / transposed / expanded / aliased arguments), its
// body a random expression DAG of the ops of docs/language.md "torch",
// sometimes with a graph break, a Python loop, Python numbers from shapes
// or from .item(), nan/inf/-0.0 inputs, dims of size 0, or a final
// statement that must raise. tests/lib/diffcheck.mjs runs each program
// through the npm API three ways (default backend: WebAssembly kernels;
// backend "eager"; compile: false, the reference) and compares every
// printed output: dtype and shape exactly, ints and bools exactly, floats
// within max(1e-5, 1e-4*|ref|, 4*err) where err is the generator's error
// bound for that output (0 when float32 IEEE arithmetic fixes the value),
// print(o) identical when the values are bit-identical, and the same error
// type and message when a program raises.
//
//   node --test tests/node/differential.test.mjs
//   DW_DIFF_SEED=1234 DW_DIFF_COUNT=5000 node --test tests/node/differential.test.mjs
//
// Program i of a run has seed DW_DIFF_SEED + i (default seed 1, count
// 300), so a failing program is rerun alone with DW_DIFF_SEED=<its seed>
// DW_DIFF_COUNT=1. DW_DIFF_SPECIAL=1 / DW_DIFF_ZERO=1 / DW_DIFF_DYN=1 / DW_DIFF_GRAD=1
// force the nan/inf, the size-0, the dynamic-shape and the grad-mode
// modes in every program. A mismatch prints the program,
// the three outputs and its seed (and writes them to tests/out/differential/);
// `node tests/lib/diffshrink.mjs tests/out/differential/seed-N.txt` shrinks
// it. Mismatches explained by an open bug of KNOWN_BUGS are listed but do
// not fail the run (DW_DIFF_STRICT=1: they do). Kernels use relaxed SIMD
// (f32x4.relaxed_madd) where the engine has it, V8's flag set here on Node
// 20; DW_RELAXED_SIMD=0 runs them without it (tests/lib/relaxed.mjs).
// REGRESSIONS holds the
// minimal program of each bug found, as todo tests until it is fixed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compareRuns, describeMismatch, runThree } from '../lib/diffcheck.mjs';
import { generateProgram } from '../lib/diffgen.mjs';
import { relaxedSimdMode } from '../lib/relaxed.mjs';
import { ROOT, requireWasm } from '../lib/repo.mjs';

const RELAXED = relaxedSimdMode();
const SEED = Number(process.env.DW_DIFF_SEED ?? 1);
const COUNT = Number(process.env.DW_DIFF_COUNT ?? 300);
const STRICT = process.env.DW_DIFF_STRICT === '1';

/**
 * Open bugs the random programs hit (each has a minimal program in
 * REGRESSIONS below). A mismatch all of whose problems match `problem`
 * counts as known: listed, not failing, unless DW_DIFF_STRICT=1. A known
 * bug with a `feature` instead keeps that feature out of the generated
 * programs (DW_DIFF_STRICT=1 puts it back). Delete an entry with its fix.
 */
const KNOWN_BUGS = [];

const GEN_OPTS = {
  special: process.env.DW_DIFF_SPECIAL === '1' ? true : undefined,
  zero: process.env.DW_DIFF_ZERO === '1' ? true : undefined,
  grad: process.env.DW_DIFF_GRAD === '1' ? true : undefined,
  dyn: process.env.DW_DIFF_DYN === '1' ? true : undefined,
  exclude: STRICT ? [] : KNOWN_BUGS.filter((b) => b.feature).map((b) => b.feature),
};

/** The id of the known bug that explains every problem, or null. */
function knownBug(problems) {
  if (STRICT) return null;
  for (const b of KNOWN_BUGS) if (b.problem && problems.every((p) => b.problem.test(p))) return b.id;
  return null;
}
const OUT_DIR = path.join(ROOT, 'tests', 'out', 'differential');

/**
 * Minimal programs of the bugs found with this suite's generator. Some are
 * wrong alike in all three runs (pow, sin/cos, softmax of an empty dim,
 * column sums: found by running the generated programs on PyTorch too),
 * the others are differential (the runs disagree). Each must print
 * `expect` (or raise `expectError`), what PyTorch does, all three ways.
 * Marked todo while the bug is open: remove `todo` with the fix.
 */
const REGRESSIONS = [
  {
    name: 'a long chain cut into nests below a where placed in an earlier nest (fuse: "cannot materialise")',
    source: `import torch


@torch.compile
def f(x0, x1, x2, x4):
    v0 = x0[[-2, -3, -3]]
    v1 = v0[2:3:3]
    v2 = x1[0:17]
    v3 = torch.cos(v2)
    v4 = torch.abs(x2)
    v5 = x2
    for i in range(5):
        v5 = torch.maximum(v5, x4 - i)
    v6 = v4
    for i in range(96):
        v6 = v6 * 0.25 + v5
    v7 = torch.where(v1, v3, v6)
    torch._dynamo.graph_break()
    v8 = v7.clamp(min=-2.25)
    return (v8,)


x0_0 = torch.tensor([[False], [True], [False], [False]], dtype=torch.bool)
x1_0 = torch.tensor([[4.0, 3.0, -1.0, -5.0, -1.0, -5.0, -1.0, 2.0], [3.0, 5.0, 4.0, -5.0, -1.0, 5.0, -3.0, 2.0], [2.0, 0.0, -4.0, -4.0, 0.0, -5.0, 4.0, -2.0], [4.0, 5.0, 1.0, 4.0, 3.0, -2.0, -3.0, 0.0], [-1.0, -2.0, -1.0, 4.0, 2.0, 1.0, -2.0, 5.0], [-5.0, -2.0, -5.0, 0.0, 2.0, -3.0, 5.0, 5.0], [-3.0, 2.0, 5.0, 5.0, -5.0, 5.0, 3.0, 2.0], [-5.0, 0.0, -4.0, -3.0, 5.0, 5.0, 2.0, -5.0], [-5.0, 0.0, 4.0, 5.0, -4.0, 1.0, 1.0, -2.0], [0.0, -2.0, 1.0, 4.0, 1.0, -1.0, 2.0, -1.0], [-5.0, -5.0, -2.0, -5.0, 1.0, 2.0, 0.0, -1.0], [1.0, -4.0, 0.0, 1.0, 1.0, 2.0, -2.0, 3.0], [3.0, 4.0, -2.0, 3.0, 1.0, 3.0, 4.0, 5.0], [4.0, 0.0, 3.0, -3.0, -3.0, -1.0, -1.0, -5.0], [-4.0, 2.0, -3.0, 1.0, -1.0, -2.0, -5.0, 5.0], [1.0, 3.0, -4.0, -2.0, -5.0, -1.0, -4.0, -3.0], [-1.0, 4.0, -5.0, -2.0, 4.0, -5.0, -2.0, 2.0], [-5.0, -3.0, -3.0, 1.0, -3.0, 1.0, -1.0, -4.0]])
x2_0 = torch.tensor(2.902)
x4_0 = torch.tensor(0.4775)
out = f(x0_0, x1_0, x2_0, x4_0)[0]
print(out.shape, torch.equal(out, torch.cos(x1_0[0:17]).clamp(min=-2.25)))
`,
    expect: 'torch.Size([17, 8]) True\n',
    /* fixed: a node materialised to cut a chain, by a later nest, makes
     * its consumer go to a nest after it (src/backend/fuse.c build) */
  },
  {
    name: 'pow of -1.0 to an odd integer power is -1 (dw_powf |x| == 1 shortcut)',
    source: `import torch

@torch.compile
def f(x):
    return x ** 3, torch.pow(x, 1), x ** -1.0

for o in f(torch.tensor([-1.0, -2.0])):
    print(o.tolist())
`,
    expect: '[-1.0, -8.0]\n[-1.0, -2.0]\n[-1.0, -0.5]\n',
  },
  {
    name: 'sin/cos of large finite arguments stay in [-1, 1]',
    source: `import torch

@torch.compile
def f(x):
    return x.sin().abs() <= 1, x.cos().abs() <= 1

for o in f(torch.tensor([7.77e16, 1e20, 1e30, 3.4e38])):
    print(o.tolist())
`,
    expect: '[True, True, True, True]\n[True, True, True, True]\n',
    /* fixed: an exact reduction for |x| >= 2^20 (src/tensor/dwmath.h
     * dwm_rem_pio2_big, the emitter's $sincosf_big); was sin(1e20) = -2.3e23 */
  },
  {
    name: 'softmax over a dim of size 0 is an empty tensor',
    source: `import torch

@torch.compile
def f(x):
    return x.softmax(dim=1), x.log_softmax(dim=1)

for o in f(torch.zeros((2, 0))):
    print(list(o.shape))
`,
    expect: '[2, 0]\n[2, 0]\n',
  },
  {
    name: 'a chain of 46 pointwise ops over a view of a reduction compiles (wasm backend)',
    source: `import torch

@torch.compile
def f(x):
    v = x.sum(0).reshape(2, 4)
    for i in range(46):
        v = v + 1.0
    return v

print(f(torch.ones(2, 8)))
`,
    expect: 'tensor([[48., 48., 48., 48.],\n        [48., 48., 48., 48.]])\n',
  },
  {
    name: '.contiguous() then .view() of a transposed value (eager backend)',
    source: `import torch

@torch.compile
def f(x):
    return x.t().contiguous().view(6)

print(f(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
`,
    expect: 'tensor([1., 4., 2., 5., 3., 6.])\n',
  },
  {
    name: '.view() of a transposed value raises in compiled code too (wasm backend)',
    source: `import torch

@torch.compile
def f(x):
    return x.t().view(6)

print(f(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
`,
    expectError:
      "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
  },
  {
    name: 'a long chain over a cat, then a slice (wasm backend)',
    source: `import torch

@torch.compile
def f(x, y):
    v = torch.cat((x, y), 0)
    for i in range(46):
        v = v + 1.0
    return v[1:] * 2

print(f(torch.zeros(3), torch.zeros(1)))
`,
    expect: 'tensor([92., 92., 92.])\n',
  },
  {
    name: 'sums of a million elements are as accurate as PyTorch\'s',
    source: `import torch

@torch.compile
def f(x):
    y = x.reshape(-1, 16)
    return (x.sum(), y.sum(0)[0], x.mean() * 1e6, y.t().sum(1)[15],
            y.sum((0, 1), keepdim=True)[0], torch.softmax(y, 0)[0, 0] * 65536,
            torch.nn.functional.layer_norm(x.reshape(16, -1) + torch.arange(65536.0) * 1e-6, (65536,))[0, 1])

for o in f(torch.full((1048576,), 0.1)):
    print(o)
`,
    expect: 'tensor(104857.6172)\ntensor(6553.6011)\ntensor(100000.0156)\ntensor(6553.6011)\n' +
      'tensor([104857.6172])\ntensor(1.)\ntensor(-1.7083)\n',
    /* fixed: every float32 sum / mean takes the cascade order of
     * src/tensor/dwmath.h (DW_SUM_*), eager and compiled (was: x.sum() 104748.9531
     * compiled, sum(0) 6557.6465 both ways) */
  },
  {
    name: 'in-place updates through a view change its base, and views see updates of their base',
    source: `import torch

@torch.compile
def f(x):
    v = x[0]
    v += 1
    y = x * 1
    y[1].mul_(5)
    return y

a = torch.ones(2, 2)
print(f(a))
print(a)

@torch.compile
def g(x):
    v = x[0]
    x.sub_(2)
    return v

print(g(torch.tensor([3, 5, 7])))
`,
    expect: 'tensor([[2., 2.],\n        [5., 5.]])\ntensor([[2., 2.],\n        [1., 1.]])\ntensor(1)\n',
  },
  {
    name: 'graph outputs that are views of an input or of another output stay views',
    source: `import torch

@torch.compile
def k(x):
    y = x.t()
    return y, y[0], x.view(-1)

b = torch.ones(4, 2)
y, y0, flat = k(b)
y0.fill_(7)
print(b, flat)
`,
    expect: 'tensor([[7., 1.],\n        [7., 1.],\n        [7., 1.],\n        [7., 1.]]) tensor([7., 1., 7., 1., 7., 1., 7., 1.])\n',
    /* fixed: the WebAssembly backend returned copies (src/dynamo/trace.c
     * alias_outputs now replays the view ops on the real base) */
  },
  {
    name: 'a graph input read after an input sharing its memory was updated in place sees the update',
    source: `import torch

@torch.compile
def f(x0, x4):
    v4 = x4.clone()
    t4 = v4[0]
    t4 -= x0.amin().item()
    return torch.floor(v4)

print(f(torch.tensor([2], dtype=torch.int32), torch.tensor([7, -7, 6])))

@torch.compile
def g(v, t):
    t -= 2
    return torch.floor(v)

a = torch.tensor([7, -7, 6])
print(g(a, a[1:]))
`,
    expect: 'tensor([ 5, -7,  6])\ntensor([ 7, -9,  4])\n',
    /* fixed: seeds 140589, 141071, 141645 and 142771 of the 10,000-program
     * run of seed 140000 (issue 14), as seed 170 (dwR_inplace_ok: the
     * update of a tensor whose storage is shared runs eagerly) */
  },
  {
    name: 'in-place updates and item assignment through views stay in the graph (functionalised)',
    source: `import torch

@torch.compile
def f(x, m):
    y = x * 2
    y[0] = 5.0
    y.add_(1)
    z = y[1:]
    z.mul_(3)
    t = y.view(2, 2).t()
    t[1] = -1
    y[m] = 0.5
    x.add_(1)
    x[::2].clamp_(max=1.5)
    return y, z, t

a = torch.ones(4)
y, z, t = f(a, torch.tensor([False, False, False, True]))
print(y, z, t, a)
`,
    expect:
      'tensor([ 6.0000, -1.0000,  9.0000,  0.5000]) tensor([-1.0000,  9.0000,  0.5000]) ' +
      'tensor([[ 6.0000,  9.0000],\n        [-1.0000,  0.5000]]) tensor([1.5000, 2.0000, 1.5000, 2.0000])\n',
  },
  {
    name: 'updates of views in a loop with a graph break (the unit taken back to the loop), and in a while loop',
    source: `import torch

@torch.compile
def f(x):
    y = x * 1
    v = y[1:]
    for i in range(3):
        w = y[:2]
        w.add_(i)
        v.mul_(2)
        if i == 1:
            print("break", i)
    return y, v, w

@torch.compile
def h(x, n):
    y = x.clone()
    v = y[::2]
    i = 0
    while i < n:
        v += 1
        y[1] = y[0] * 10
        i += 1
    return y, v

print(f(torch.ones(4)))
print(h(torch.ones(4), 3))
`,
    expect:
      'break 1\n(tensor([ 4., 16.,  8.,  8.]), tensor([16.,  8.,  8.]), tensor([ 4., 16.]))\n' +
      '(tensor([ 4., 40.,  4.,  1.]), tensor([4., 4.]))\n',
  },
];

describe('differential: WebAssembly backend vs eager backend vs plain Python', () => {
  let compiler;
  const failures = [];
  const unsupported = new Map();
  const knownHits = new Map();
  const stats = { programs: 0, graphs: 0, breaks: 0, errors: 0, ms: { wasm: 0, eager: 0, plain: 0 } };

  before(async () => {
    requireWasm();
    const { createCompiler } = await import('../../wasm/index.js');
    compiler = await createCompiler(RELAXED.opts);
    assert.equal(compiler.relaxedSimd, RELAXED.on, RELAXED.label);
  });

  after(() => {
    const ms = Object.entries(stats.ms)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}s`)
      .join(', ');
    console.log(
      `differential: ${stats.programs} programs (seeds ${SEED}..${SEED + COUNT - 1}), ` +
        `${stats.graphs} graphs compiled, ${stats.breaks} graph breaks, ${stats.errors} raise; ` +
        `${failures.length} mismatches; ${ms}; ${RELAXED.label}`,
    );
    for (const [id, seeds] of knownHits) console.log(`  known bug ${id}: seeds ${seeds.join(', ')} (DW_DIFF_STRICT=1 fails on them)`);
    for (const [msg, seeds] of unsupported) console.log(`  unsupported (${seeds.length}x, e.g. seed ${seeds[0]}): ${msg}`);
  });

  test(`${COUNT} random programs agree (seed ${SEED})`, () => {
    for (let i = 0; i < COUNT; i++) {
      const seed = SEED + i;
      const prog = generateProgram(seed, GEN_OPTS);
      const res = runThree(compiler, prog.source);
      stats.programs++;
      for (const k of Object.keys(stats.ms)) stats.ms[k] += res[k].ms;
      stats.graphs += res.wasm.report.graphs.length;
      stats.breaks += res.wasm.report.explain.graph_break_count;
      if (res.plain.report.error) stats.errors++;
      const { problems, unsupported: un } = compareRuns(res, prog.outputs);
      if (un) {
        if (!unsupported.has(un)) unsupported.set(un, []);
        unsupported.get(un).push(seed);
      }
      const known = problems.length ? knownBug(problems) : null;
      if (known) {
        if (!knownHits.has(known)) knownHits.set(known, []);
        knownHits.get(known).push(seed);
      } else if (problems.length) {
        const text = describeMismatch(
          prog.source,
          res,
          problems,
          `MISMATCH seed ${seed} (rerun: DW_DIFF_SEED=${seed} DW_DIFF_COUNT=1 node --test tests/node/differential.test.mjs)`,
        );
        failures.push({ seed, text });
        fs.mkdirSync(OUT_DIR, { recursive: true });
        fs.writeFileSync(path.join(OUT_DIR, `seed-${seed}.txt`), text + '\n');
      }
    }
    if (failures.length) {
      const shown = failures.slice(0, 5).map((f) => f.text);
      assert.fail(
        `${failures.length} of ${COUNT} programs differ (seeds ${failures.map((f) => f.seed).join(', ')}); ` +
          `all written to ${path.relative(ROOT, OUT_DIR)}/\n\n${shown.join('\n\n')}`,
      );
    }
  });

  test('the generator is deterministic', () => {
    const a = generateProgram(SEED, GEN_OPTS);
    const b = generateProgram(SEED, GEN_OPTS);
    assert.equal(a.source, b.source);
  });

  for (const r of REGRESSIONS) {
    test(`found bug: ${r.name}`, { todo: r.todo }, () => {
      const res = runThree(compiler, r.source);
      for (const [mode, run] of Object.entries(res)) {
        const e = run.report.error;
        if (r.expectError) {
          assert.equal(e ? `${e.type}: ${e.message}` : `no error; printed ${run.report.stdout}`, r.expectError, mode);
          continue;
        }
        assert.equal(e, null, `${mode}: ${e?.text}`);
        assert.equal(run.report.stdout, r.expect, `${mode} (PyTorch prints the expected text)`);
      }
    });
  }
});
