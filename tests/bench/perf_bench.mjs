// perf_bench.mjs - a benchmark, not a test. Prints, measured side by side in
// one Node process, the ms per call (steady state, one thread) of each
// workload for dynawasm (torch.compile'd and eager), a hand-written
// `emcc -O3 -msimd128` kernel (hand_kernels.c), and the peers that are
// installed (optional dev dependencies of wasm/package.json):
// @tensorflow/tfjs-backend-wasm, @jax-js/jax (jit, wasm device) and
// onnxruntime-web (wasm, 1 thread; models built by onnx.mjs); then the
// first-call figures of the compiled kernels and the start-up figures of
// fresh processes (CLI print(1), the seed example, createCompiler(), the
// first graph compiled cold, the first 10 calls of the MLP).
//
//   node tests/bench/perf_bench.mjs [--rounds N] [--only chain,mlp] [--no-peers]
//                                   [--no-startup | --startup-only] [--json FILE]
//                                   [--base DIR] [--no-relaxed-simd]
//
// --base DIR: also the compiled column of another checkout (its wasm/ built),
// e.g. main, in the same rounds, with the ratio compiled / base: a change
// measured against its base side by side instead of in two runs.
//
// Kernels use relaxed SIMD's multiply-add where the engine has it (Node 20:
// V8's flag, set here as the CLI does); --no-relaxed-simd: never.
//
// --startup-only: only the fresh-process figures (CLI print(1), the seed
// example, createCompiler(), the first graph, the first calls of chain,
// softmax and the MLP in fresh CLI processes, and the MLP re-run 2 s after
// an empty-cache run, its optimiser possibly still at work), ~1-2 min.
//
// First run: the call after the one that compiled the kernel, over the
// steady state, and the call after it; printed with its baselines: two
// calls on fresh inputs (made as the setup made them) of the kernel
// compiled earlier, no compile, and the hand kernel's two calls on fresh
// inputs (with --base: the base's first run too). The compile call is the
// first pass over its inputs and the first run the second: on this shared
// machine the first two passes of a memory-bound kernel over data that was
// not touched for ~5-50 ms (compiling, idle, spinning, or being made by a
// slow generator) run up to ~2x and ~1.5x its back-to-back calls, the
// third at full speed, compiled, hand-written or native C alike; data
// rewritten just before runs at full speed (README, Performance).

// (after bash wasm/build.sh; the peers come with `npm ci` in wasm/). Every
// implementation of a workload runs back to back in each round; a figure is
// the median over the rounds of each round's median call, and the spread
// over the rounds (min-max) is printed with it: the machine is shared, so
// read ratios measured in the same run, not absolute times.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import * as onnx from './onnx.mjs';
import { MODEL_WORKLOADS } from './models.mjs';
import { loadHand } from './hand.mjs';
import { MICRO_WORKLOADS } from './workloads.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const pkgDir = path.join(root, 'wasm');
const requireFromPkg = createRequire(path.join(pkgDir, 'package.json'));

// ---- options ---------------------------------------------------------
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
};
const ROUNDS = Number(opt('--rounds', 3));
const ONLY = opt('--only', null)?.split(',');
const PEERS = !argv.includes('--no-peers');
const BASE = opt('--base', null);
const STARTUP_ONLY = argv.includes('--startup-only');
// the MLP's re-run figure: the second run starts this long after the first ended
const RERUN_MS = 2000;
const STARTUP = STARTUP_ONLY || !argv.includes('--no-startup');
const JSON_OUT = opt('--json', null);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const log = (...a) => console.error(...a);

// ---- the workloads -----------------------------------------------------
// py (workloads.mjs): setup (inputs) and the body of fn(args); hand/tfjs/
// jax/ort: the same computation in each implementation. flops: for GFLOPS.
const MLP_FLOPS = MICRO_WORKLOADS.find((w) => w.name === 'mlp').flops;
const ALL_WORKLOADS = [
  ...MICRO_WORKLOADS,
  // the models of tests/bench/models.mjs (no hand kernel, tfjs only among
  // the peers)
  ...MODEL_WORKLOADS.map((m) => ({ name: m.name, title: m.title, model: m,
    py: { setup: m.py.setup, args: m.py.args, body: `return ${m.py.call}` } })),
];
const WORKLOADS = STARTUP_ONLY ? [] : ALL_WORKLOADS.filter((w) => !ONLY || ONLY.includes(w.name));

// ---- dynawasm -------------------------------------------------------------
// The program times each call itself (time.perf_counter, so a compiled call
// includes re-tracing the frame and the guards, as a user sees it).
function pyProgram(w, compiled, { minCalls = 20, maxCalls = 400, budgetMs = 400 } = {}) {
  // the first run's baseline: fresh inputs, made as the setup made them,
  // and two calls of the kernel compiled above (same shapes: no compile).
  // The compile call is the first pass over its inputs, the first run the
  // second: these two calls are the same passes without a compile. (A
  // model's setup makes new modules, a recompile: no baseline there.)
  const fresh = !compiled || w.model ? '' : `    del r, e
${w.py.setup.split('\n').map((l) => `    ${l}`).join('\n')}
    ps = []
    for i in range(2):
        t0 = time.perf_counter()
        f(${w.py.args})
        ps.append((time.perf_counter() - t0) * 1000)
    print("FRESH %.4f %.4f" % (ps[0], ps[1]))`;
  return `import torch, time, math
import torch.nn.functional as F
torch.manual_seed(0)
${w.py.setup}
def fn(${w.py.args}):
    ${w.py.body}
f = torch.compile(fn) if ${compiled ? 'True' : 'False'} else fn
ts = []
spent = 0.0
while len(ts) < ${maxCalls} and (len(ts) < ${minCalls} or spent < ${budgetMs}):
    t0 = time.perf_counter()
    f(${w.py.args})
    dt = (time.perf_counter() - t0) * 1000
    ts.append(dt)
    if len(ts) > 1:
        spent += dt
if ${compiled ? 'True' : 'False'}:
    r = f(${w.py.args})
    e = fn(${w.py.args})
    if not torch.allclose(r, e, rtol=1e-4, atol=1e-4):
        print("MISMATCH", (r - e).abs().max().item())
${fresh}
print(" ".join(["%.4f" % t for t in ts]))
`;
}

function parseTimes(report, what) {
  if (!report.ok) throw new Error(`${what}: ${report.error?.text ?? 'failed'}`);
  const lines = report.stdout.trim().split('\n');
  if (lines.some((l) => l.startsWith('MISMATCH'))) throw new Error(`${what}: compiled != eager: ${report.stdout}`);
  const ts = lines.at(-1).split(/\s+/).map(Number);
  const fresh = lines.find((l) => l.startsWith('FRESH '));
  if (fresh) ts.fresh = fresh.split(/\s+/).slice(1).map(Number);
  return ts;
}

function stats(ts, { skipFirst = true } = {}) {
  const body = skipFirst ? ts.slice(1) : ts;
  const tail = body.slice(Math.floor(body.length / 2));
  // next: the call after the first run (the third pass over the inputs);
  // fresh: two calls on fresh inputs, no compile (see pyProgram)
  return { calls: ts.length, compile: ts[0], first: ts[1], next: ts[2], steady: median(tail), fastest: Math.min(...tail), fresh: ts.fresh ?? null };
}

// ---- the hand-written kernels -------------------------------------------
function randn(n, scale = 1) {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i += 2) {
    const u = Math.random() || 1e-9, v = Math.random();
    const r = Math.sqrt(-2 * Math.log(u)) * scale;
    a[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < n) a[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return a;
}

/** Inputs of each workload as Float32Arrays (shape, data). */
function inputsOf(name) {
  const t = (shape, scale = 1) => ({ shape, data: randn(shape.reduce((a, b) => a * b, 1), scale) });
  switch (name) {
    case 'chain': return { x: t([1048576]) };
    case 'softmax': case 'sum0': return { x: t([1024, 1024]) };
    case 'layer_norm': return { x: t([1024, 1024]), w: t([1024]), b: t([1024]) };
    case 'matmul': return { a: t([512, 512]), b: t([512, 512]) };
    case 'mlp': return { x: t([64, 784]), W1: t([512, 784], 0.05), b1: t([512], 0.1), W2: t([512, 512], 0.05), b2: t([512], 0.1), W3: t([10, 512], 0.05), b3: t([10], 0.1) };
    case 'attention': return { q: t([128, 64]), k: t([128, 64]), v: t([128, 64]) };
    default: throw new Error(name);
  }
}

function handRunner(inst, name) {
  const ex = inst.exports;
  const inp = inputsOf(name);
  const put = (arr) => {
    const p = ex.alloc(arr.byteLength);
    new Float32Array(ex.memory.buffer, p, arr.length).set(arr);
    return p;
  };
  const P = Object.fromEntries(Object.entries(inp).map(([k, v]) => [k, put(v.data)]));
  const out = ex.alloc(4 * 1048576);
  const pack = () => {
    ex.mlp_pack(0, P.W1, 512, 784);
    ex.mlp_pack(1, P.W2, 512, 512);
    ex.mlp_pack(2, P.W3, 10, 512);
  };
  let run;
  switch (name) {
    case 'chain': run = () => ex.chain(P.x, out, 1048576); break;
    case 'softmax': run = () => ex.softmax(P.x, out, 1024, 1024); break;
    case 'layer_norm': run = () => ex.layer_norm(P.x, P.w, P.b, out, 1024, 1024); break;
    case 'matmul': run = () => ex.matmul(P.a, P.b, out, 512, 512, 512); break;
    case 'mlp':
      pack();
      run = () => ex.mlp(P.x, P.b1, P.b2, P.b3, out, 64);
      break;
    case 'sum0': run = () => ex.sum0(P.x, out, 1024, 1024); break;
    case 'attention': run = () => ex.attention(P.q, P.k, P.v, out, 128, 64); break;
    default: throw new Error(name);
  }
  // fresh inputs in the same buffers, made as inputsOf makes them (the
  // MLP's weights packed again): the hand kernel's first-run baseline
  run.refresh = () => {
    for (const [k, v] of Object.entries(inputsOf(name))) new Float32Array(ex.memory.buffer, P[k], v.data.length).set(v.data);
    if (name === 'mlp') pack();
  };
  return run;
}

// ---- the peers --------------------------------------------------------------
async function tryImport(name) {
  try {
    return await import(pathToFileURL(requireFromPkg.resolve(name)).href);
  } catch {
    return null;
  }
}

async function loadPeers() {
  const peers = {};
  const version = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(pkgDir, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  const tf = await tryImport('@tensorflow/tfjs-core');
  if (tf && (await tryImport('@tensorflow/tfjs-backend-wasm'))) {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (await tf.setBackend('wasm')) {
      await tf.ready();
      peers.tfjs = { label: `tfjs-wasm ${version('@tensorflow/tfjs-backend-wasm')}`, make: (n) => tfjsRunner(tf, n) };
    }
  }
  const jax = await tryImport('@jax-js/jax');
  if (jax) {
    const devs = await jax.init('wasm');
    if (devs.includes('wasm')) {
      jax.defaultDevice('wasm');
      peers.jax = { label: `jax-js ${version('@jax-js/jax')}`, make: (n) => jaxRunner(jax, n) };
    }
  }
  const ort = await tryImport('onnxruntime-web');
  if (ort) {
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    peers.ort = { label: `ort-web ${version('onnxruntime-web')}`, make: (n) => ortRunner(ort, n) };
  }
  return peers;
}

function tfjsRunner(tf, name) {
  const model = ALL_WORKLOADS.find((w) => w.name === name)?.model;
  if (model) {
    const run = model.tfjs(tf, (n, s) => randn(n, s));
    return () => tf.tidy(run).dispose();
  }
  const inp = inputsOf(name);
  const T = Object.fromEntries(Object.entries(inp).map(([k, v]) => [k, tf.tensor(v.data, v.shape)]));
  let f;
  switch (name) {
    case 'chain':
      f = ({ x }) => tf.mul(tf.add(tf.abs(tf.sub(tf.mul(tf.relu(tf.add(tf.mul(x, 1.5), 0.25)), x), 0.5)), x), 0.75);
      break;
    case 'softmax': f = ({ x }) => tf.softmax(x, -1); break;
    case 'layer_norm':
      f = ({ x, w, b }) => {
        const { mean, variance } = tf.moments(x, -1, true);
        return tf.add(tf.mul(tf.mul(tf.sub(x, mean), tf.rsqrt(tf.add(variance, 1e-5))), w), b);
      };
      break;
    case 'matmul': f = ({ a, b }) => tf.matMul(a, b); break;
    case 'mlp':
      f = ({ x, W1, b1, W2, b2, W3, b3 }) => {
        const h1 = tf.fused.matMul({ a: x, b: W1, transposeB: true, bias: b1, activation: 'relu' });
        const h2 = tf.fused.matMul({ a: h1, b: W2, transposeB: true, bias: b2, activation: 'relu' });
        return tf.fused.matMul({ a: h2, b: W3, transposeB: true, bias: b3 });
      };
      break;
    case 'sum0': f = ({ x }) => tf.sum(x, 0); break;
    case 'attention':
      f = ({ q, k, v }) => tf.matMul(tf.softmax(tf.div(tf.matMul(q, k, false, true), 8), -1), v);
      break;
    default: throw new Error(name);
  }
  return () => tf.tidy(() => f(T)).dispose();
}

function jaxRunner(jax, name) {
  if (ALL_WORKLOADS.find((w) => w.name === name)?.model) throw new Error('not written for this model');
  const { numpy: np, nn } = jax;
  const inp = inputsOf(name);
  const A = Object.fromEntries(Object.entries(inp).map(([k, v]) => [k, np.array(v.data).reshape(v.shape)]));
  let f;
  let keys;
  switch (name) {
    case 'chain':
      keys = ['x'];
      f = (x) => {
        let y = nn.relu(x.ref.mul(1.5).add(0.25));
        y = np.abs(y.mul(x.ref).sub(0.5));
        return y.add(x).mul(0.75);
      };
      break;
    case 'softmax': keys = ['x']; f = (x) => nn.softmax(x, -1); break;
    case 'layer_norm': keys = ['x', 'w', 'b']; f = (x, w, b) => nn.standardize(x, -1, { epsilon: 1e-5 }).mul(w).add(b); break;
    case 'matmul': keys = ['a', 'b']; f = (a, b) => np.matmul(a, b); break;
    case 'mlp':
      keys = ['x', 'W1', 'b1', 'W2', 'b2', 'W3', 'b3'];
      f = (x, W1, b1, W2, b2, W3, b3) => {
        const h1 = nn.relu(np.matmul(x, W1.transpose()).add(b1));
        const h2 = nn.relu(np.matmul(h1, W2.transpose()).add(b2));
        return np.matmul(h2, W3.transpose()).add(b3);
      };
      break;
    case 'sum0': keys = ['x']; f = (x) => np.sum(x, 0); break;
    case 'attention':
      keys = ['q', 'k', 'v'];
      f = (q, k, v) => np.matmul(nn.softmax(np.matmul(q, k.transpose()).div(8), -1), v);
      break;
    default: throw new Error(name);
  }
  const jf = jax.jit(f);
  return async () => {
    const y = jf(...keys.map((k) => A[k].ref));
    await y.blockUntilReady();
    y.dispose();
  };
}

const HAD_WORKER = 'Worker' in globalThis;

async function ortRunner(ort, name) {
  if (ALL_WORKLOADS.find((w) => w.name === name)?.model) throw new Error('not written for this model');
  const inp = inputsOf(name);
  const I = (k) => [k, inp[k].shape];
  let m;
  const N = onnx.node;
  switch (name) {
    case 'chain':
      m = onnx.model({
        inputs: [I('x')], outputs: [['y', [1048576]]],
        consts: { c15: onnx.scalar(1.5), c025: onnx.scalar(0.25), c05: onnx.scalar(0.5), c075: onnx.scalar(0.75) },
        nodes: [N('Mul', ['x', 'c15'], ['t1']), N('Add', ['t1', 'c025'], ['t2']), N('Relu', ['t2'], ['t3']),
          N('Mul', ['t3', 'x'], ['t4']), N('Sub', ['t4', 'c05'], ['t5']), N('Abs', ['t5'], ['t6']),
          N('Add', ['t6', 'x'], ['t7']), N('Mul', ['t7', 'c075'], ['y'])],
      });
      break;
    case 'softmax':
      m = onnx.model({ inputs: [I('x')], outputs: [['y', [1024, 1024]]], nodes: [N('Softmax', ['x'], ['y'], { axis: -1 })] });
      break;
    case 'layer_norm':
      m = onnx.model({ inputs: [I('x'), I('w'), I('b')], outputs: [['y', [1024, 1024]]],
        nodes: [N('LayerNormalization', ['x', 'w', 'b'], ['y'], { axis: -1, epsilon: 1e-5 })] });
      break;
    case 'matmul':
      m = onnx.model({ inputs: [I('a'), I('b')], outputs: [['y', [512, 512]]], nodes: [N('MatMul', ['a', 'b'], ['y'])] });
      break;
    case 'mlp':
      m = onnx.model({
        inputs: ['x', 'W1', 'b1', 'W2', 'b2', 'W3', 'b3'].map(I), outputs: [['y', [64, 10]]],
        nodes: [N('Gemm', ['x', 'W1', 'b1'], ['g1'], { transB: 1 }), N('Relu', ['g1'], ['h1']),
          N('Gemm', ['h1', 'W2', 'b2'], ['g2'], { transB: 1 }), N('Relu', ['g2'], ['h2']),
          N('Gemm', ['h2', 'W3', 'b3'], ['y'], { transB: 1 })],
      });
      break;
    case 'sum0':
      m = onnx.model({ inputs: [I('x')], outputs: [['y', [1024]]], consts: { ax: onnx.int64s([0]) },
        nodes: [N('ReduceSum', ['x', 'ax'], ['y'], { keepdims: 0 })] });
      break;
    case 'attention':
      m = onnx.model({
        inputs: [I('q'), I('k'), I('v')], outputs: [['y', [128, 64]]], consts: { s: onnx.scalar(0.125) },
        nodes: [N('Transpose', ['k'], ['kt'], { perm: [1, 0] }), N('MatMul', ['q', 'kt'], ['qk']), N('Mul', ['qk', 's'], ['sc']),
          N('Softmax', ['sc'], ['p'], { axis: -1 }), N('MatMul', ['p', 'v'], ['y'])],
      });
      break;
    default: throw new Error(name);
  }
  const session = await ort.InferenceSession.create(m, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  // onnxruntime-web's loader defines a global Worker in Node, which makes
  // jax-js (whose backend was made without one) emit shared-memory kernels
  if (!HAD_WORKER) delete globalThis.Worker;
  const feeds = Object.fromEntries(Object.entries(inp).map(([k, v]) => [k, new ort.Tensor('float32', v.data, v.shape)]));
  return async () => {
    const out = await session.run(feeds);
    for (const t of Object.values(out)) t.dispose?.();
  };
}

async function timeJs(fn, { minCalls = 20, maxCalls = 400, budgetMs = 400 } = {}) {
  const ts = [];
  let spent = 0;
  while (ts.length < maxCalls && (ts.length < minCalls || spent < budgetMs)) {
    const t0 = performance.now();
    await fn();
    const dt = performance.now() - t0;
    ts.push(dt);
    if (ts.length > 1) spent += dt;
  }
  return ts;
}

// ---- fresh processes -------------------------------------------------------
const CLI = path.join(pkgDir, 'bin', 'dynawasm.js');

// GNU time gives the child's CPU time (user + sys) too: on a shared, loaded
// machine the wall time includes waiting for a core, the CPU time does not.
const GNU_TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function wall(args, env = {}) {
  const t0 = performance.now();
  const cmd = GNU_TIME ?? process.execPath;
  const argv = GNU_TIME ? ['-f', 'DWCPU %U %S', process.execPath, ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const m = /DWCPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  const cpuMs = m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN;
  return { ms, cpuMs, stdout: r.stdout, stderr: m ? r.stderr.slice(0, m.index) : r.stderr };
}

function startup(tmp) {
  const reps = 5;
  const res = {};
  const file = (name, text) => {
    const p = path.join(tmp, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const p1 = file('print1.py', 'print(1)\n');
  const seed = path.join(root, 'examples', '00_seed_example.py');
  // an empty kernel cache per cold run: a CLI run hands the kernels it
  // did not optimise to a detached optimiser that fills its cache after it
  // ends (so the next run of the same program starts warm); each cold run
  // waits for that to finish (untimed), so no measurement shares the cores
  // with it, and the last one's cache is the warm runs'
  let nCold = 0;
  let lastCold = null;
  const cold = () => {
    lastCold = path.join(tmp, `cache-${nCold++}`);
    return { DYNAWASM_CACHE_DIR: lastCold };
  };
  const settle = (dir) => {
    const spool = path.join(dir, 'spool');
    const t0 = Date.now();
    const busy = () => fs.existsSync(path.join(spool, 'optimizer.pid')) || (fs.existsSync(spool) && fs.readdirSync(spool).some((f) => f.endsWith('.json')));
    while (busy() && Date.now() - t0 < 120000) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  };
  const coldRun = (args) => {
    const env = cold();
    const r = wall(args, env);
    settle(env.DYNAWASM_CACHE_DIR);
    return r;
  };
  res.node = Array.from({ length: reps }, () => wall(['-e', '0'])); // node's own start-up
  res.print1 = Array.from({ length: reps }, () => coldRun([CLI, 'run', p1]));
  res.seedCold = Array.from({ length: reps }, () => coldRun([CLI, 'run', seed]));
  const seedCache = { DYNAWASM_CACHE_DIR: lastCold };
  res.seedWarm = Array.from({ length: reps }, () => wall([CLI, 'run', seed], seedCache));
  // createCompiler() alone and with the import of the package
  const cc = file('cc.mjs', `const t0 = performance.now();
const { createCompiler } = await import(${JSON.stringify(pathToFileURL(path.join(pkgDir, 'index.js')).href)});
const t1 = performance.now();
const c = await createCompiler();
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, createMs: t2 - t1 }));
`);
  res.createCompiler = Array.from({ length: reps }, () => JSON.parse(wall([cc]).stdout));
  // the first graph compiled cold: compile call minus a later call
  const small = file('first_graph.py', `import torch, time
@torch.compile
def f(x):
    return torch.relu(x * 2 + 1)
x = torch.ones(1000)
t0 = time.perf_counter(); f(x); t1 = time.perf_counter(); f(x); t2 = time.perf_counter()
print((t1 - t0) * 1000, (t2 - t1) * 1000)
`);
  res.firstGraph = Array.from({ length: reps }, () => {
    const [a, b] = coldRun([CLI, 'run', small]).stdout.trim().split(/\s+/).map(Number);
    return { compileCall: a, later: b };
  });
  // the MLP of the table, its first 11 calls in a fresh CLI process
  // the first calls of chain, softmax and the MLP in fresh CLI processes
  // (cache empty: the emitted tier runs first): call 1 (the first that
  // does not compile) over the median of calls 21-40
  res.firstCalls = {};
  for (const name of ['chain', 'softmax', 'mlp']) {
    const w = ALL_WORKLOADS.find((x) => x.name === name);
    const prog = file(`first_${name}.py`, pyProgram(w, true, { minCalls: 41, maxCalls: 41, budgetMs: 0 }));
    res.firstCalls[name] = Array.from({ length: 3 }, () => {
      const ts = coldRun([CLI, 'run', prog]).stdout.trim().split('\n').at(-1).split(/\s+/).map(Number);
      const steady = median(ts.slice(21));
      return { ts: ts.slice(0, 6), steady, ratio: ts[1] / steady };
    });
  }
  const mlpW = ALL_WORKLOADS.find((w) => w.name === 'mlp') ?? null;
  if (mlpW) {
    const mlp = file('mlp10.py', pyProgram(mlpW, true, { minCalls: 11, maxCalls: 11, budgetMs: 0 }));
    // --json: the report's timeline splits each call into its kernel (the
    // `run` events) and the rest (guards, trace, compile), and says which
    // calls replayed their cache entry
    const one = (env) => {
      const args = [CLI, 'run', mlp, '--json'];
      const r = env ? wall(args, env) : coldRun(args);
      const rep = JSON.parse(r.stdout);
      const ts = rep.stdout.trim().split('\n').at(-1).split(/\s+/).map(Number);
      const with0 = ts.slice(0, 10).reduce((a, b) => a + b, 0);
      const after = ts.slice(1, 11).reduce((a, b) => a + b, 0);
      const calls = rep.timeline.calls.slice(0, 11);
      const kernel = calls.map((c) => c.events.filter((e) => e.kind === 'run').reduce((a, e) => a + e.end - e.start, 0));
      const rest = calls.map((c, i) => c.end - c.start - kernel[i]);
      const replayed = calls.map((c) => (c.replayed ? 'R' : 'T')).join('');
      const tier = rep.graphs.map((g) => g.tier).join(',');
      return { ts, kernel, rest, replayed, tier, gflopsWithCompile: (10 * MLP_FLOPS) / with0 / 1e6, gflopsAfterCompile: (10 * MLP_FLOPS) / after / 1e6, wallMs: r.ms };
    };
    res.mlpCold = Array.from({ length: 3 }, () => one(null));
    const mlpCache = { DYNAWASM_CACHE_DIR: lastCold };
    res.mlpWarm = Array.from({ length: 3 }, () => one(mlpCache));
    // what a user re-running the program a few seconds later sees: the
    // second run starts RERUN_MS after the first ended, whether or not the
    // first one's detached optimiser is still at work (not settled)
    res.mlpRerun = Array.from({ length: 3 }, () => {
      const env = cold();
      const first = one(env);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RERUN_MS);
      const optimiserAtWork = fs.existsSync(path.join(env.DYNAWASM_CACHE_DIR, 'spool', 'optimizer.pid'));
      const again = one(env);
      settle(env.DYNAWASM_CACHE_DIR);
      return { first, again, optimiserAtWork };
    });
  }
  return res;
}

// ---- main ----------------------------------------------------------------------
// relaxed SIMD (f32x4.relaxed_madd in softmax's exp and matmul) as the CLI
// has it: V8's flag on Node 20, before any kernel is compiled;
// --no-relaxed-simd: kernels without it
const { enableRelaxedSimd } = await import(pathToFileURL(path.join(pkgDir, 'lib', 'node_host.js')).href);
const RELAXED = argv.includes('--no-relaxed-simd') ? false : enableRelaxedSimd();
const { createCompiler } = await import(pathToFileURL(path.join(pkgDir, 'index.js')).href);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-perf-'));
try {
  process.env.DYNAWASM_CACHE_DIR = path.join(tmp, 'inproc-cache');
  const t0 = performance.now();
  const dw = await createCompiler({ relaxedSimd: RELAXED });
  const createMs = performance.now() - t0;
  // the same kernels optimised by Binaryen before their first call (the
  // tier a long-lived compiler swaps in), for comparison
  const dwOpt = STARTUP_ONLY ? null : await createCompiler({ tier: 'optimized', relaxedSimd: RELAXED });
  log(`createCompiler() in this process: ${createMs.toFixed(1)} ms; kernels with relaxed SIMD: ${dw.relaxedSimd ? 'yes' : 'no'}`);
  let hand = null;
  if (!STARTUP_ONLY) try {
    hand = await loadHand();
  } catch (e) {
    log(`hand kernels unavailable (emcc): ${e.message.split('\n')[0]}`);
  }
  const peers = PEERS && !STARTUP_ONLY ? await loadPeers() : {};
  // --base: the other checkout's compiler (its first tier, as 'compiled')
  const dwBase = BASE && !STARTUP_ONLY
    ? await (await import(pathToFileURL(path.resolve(BASE, 'wasm', 'index.js')).href)).createCompiler()
    : null;
  const cols = ['compiled', ...(dwBase ? ['base'] : []), 'binaryen', 'eager', ...Object.keys(peers), ...(hand ? ['hand'] : [])];
  const label = { compiled: 'compiled', base: `compiled (base ${BASE})`, binaryen: 'compiled (Binaryen tier)', eager: 'eager', hand: 'hand', ...Object.fromEntries(Object.entries(peers).map(([k, p]) => [k, p.label])) };
  const results = {};
  const fastest = {};
  for (const w of WORKLOADS) {
    results[w.name] = Object.fromEntries(cols.map((c) => [c, []]));
    fastest[w.name] = Object.fromEntries(cols.map((c) => [c, []]));
  }
  const record = (w, col, st) => {
    results[w][col].push(st.steady);
    fastest[w][col].push(st.fastest);
  };
  const firstRuns = {};
  const baseFirstRuns = {};
  const handFresh = {};
  const tiers = new Set();
  for (let r = 0; r < ROUNDS; r++) {
    for (const w of WORKLOADS) {
      log(`round ${r + 1}/${ROUNDS}: ${w.name}`);
      dw.reset(); // a new kernel every round: compile and first run are measured afresh
      const rep = dw.run(pyProgram(w, true), { filename: `${w.name}.py` });
      const tc = parseTimes(rep, `${w.name} compiled`);
      // the fresh inputs' calls must not have compiled (see pyProgram)
      if (tc.fresh && rep.frames?.some((fr) => fr.function === 'fn' && fr.compiles !== 1)) {
        log(`  ${w.name}: the calls on fresh inputs recompiled; no baseline this round`);
        tc.fresh = null;
      }
      tiers.add(rep.graphs.map((g) => g.tier).join(','));
      const sc = stats(tc);
      record(w.name, 'compiled', sc);
      (firstRuns[w.name] ??= []).push(sc);
      if (dwBase) {
        dwBase.reset();
        const sb = stats(parseTimes(dwBase.run(pyProgram(w, true), { filename: `${w.name}.py` }), `${w.name} base`));
        record(w.name, 'base', sb);
        (baseFirstRuns[w.name] ??= []).push(sb);
      }
      dwOpt.reset();
      const to = parseTimes(dwOpt.run(pyProgram(w, true), { filename: `${w.name}.py` }), `${w.name} compiled (Binaryen)`);
      record(w.name, 'binaryen', stats(to));
      const te = parseTimes(dw.run(pyProgram(w, false), { filename: `${w.name}_eager.py` }), `${w.name} eager`);
      record(w.name, 'eager', stats(te));
      for (const [k, p] of Object.entries(peers)) {
        try {
          const run = await p.make(w.name);
          record(w.name, k, stats(await timeJs(run)));
        } catch (e) {
          log(`  ${k} ${w.name}: ${e.message.split('\n')[0]}`);
        }
      }
      if (hand && !w.model) {
        const run = handRunner(hand, w.name);
        const sh = stats(await timeJs(run));
        record(w.name, 'hand', sh);
        run.refresh();
        const tf = [];
        for (let i = 0; i < 2; i++) {
          const t0 = performance.now();
          run();
          tf.push(performance.now() - t0);
        }
        (handFresh[w.name] ??= []).push(tf.map((t) => t / sh.steady));
      }
    }
  }

  // ---- the table -----------------------------------------------------------
  const fmt = (xs) => {
    if (!xs.length) return 'n/a';
    const m = median(xs);
    const lo = Math.min(...xs), hi = Math.max(...xs);
    const d = m < 1 ? 3 : 2;
    return xs.length > 1 ? `${m.toFixed(d)} (${lo.toFixed(d)}-${hi.toFixed(d)})` : m.toFixed(d);
  };
  const out = [];
  const summary = {};
  if (!STARTUP_ONLY) {
    out.push(`dynawasm performance, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${ROUNDS} rounds`);
    out.push('steady state, ms per call: median of the rounds (min-max over the rounds)');
    out.push(`compiled: the kernel tier that runs first (tiers that ran: ${[...tiers].join(' ')}); compiled (Binaryen tier): tier 'optimized'; relaxed SIMD (f32x4.relaxed_madd): ${dw.relaxedSimd ? 'on' : 'off'}`);
    out.push('');
    out.push(`| workload | ${cols.map((c) => label[c]).join(' | ')} |`);
    out.push(`| --- | ${cols.map(() => '---').join(' | ')} |`);
    for (const w of WORKLOADS) out.push(`| ${w.title} | ${cols.map((c) => fmt(results[w.name][c])).join(' | ')} |`);
    out.push('');
    out.push('fastest call of the steady half, ms: median of the rounds (min-max); the least disturbed by other processes');
    out.push('');
    out.push(`| workload | ${cols.map((c) => label[c]).join(' | ')} |`);
    out.push(`| --- | ${cols.map(() => '---').join(' | ')} |`);
    for (const w of WORKLOADS) out.push(`| ${w.title} | ${cols.map((c) => fmt(fastest[w.name][c])).join(' | ')} |`);
    out.push('');
    out.push('ratios (median of the rounds): compiled / best peer, compiled / hand, first run / steady');
    for (const w of WORKLOADS) {
      const R = results[w.name];
      const m = (c) => (R[c]?.length ? median(R[c]) : NaN);
      const peerMeds = Object.keys(peers).map((k) => [k, m(k)]).filter(([, v]) => Number.isFinite(v));
      const best = peerMeds.reduce((b, x) => (x[1] < b[1] ? x : b), ['none', Infinity]);
      const fr = firstRuns[w.name];
      const firstRatio = median(fr.map((s) => s.first / s.steady));
      const nextRatio = median(fr.map((s) => s.next / s.steady));
      const bfr = baseFirstRuns[w.name] ?? [];
      // the same passes over fresh inputs without a compile (see pyProgram)
      const fresh = fr.filter((s) => s.fresh);
      const freshRatio = fresh.length ? median(fresh.map((s) => s.fresh[1] / s.steady)) : NaN;
      const freshRun = fresh.length ? median(fresh.map((s) => s.fresh[0] / s.steady)) : NaN;
      const hf = handFresh[w.name] ?? [];
      const s = {
        compiled: m('compiled'), eager: m('eager'), hand: m('hand'), bestPeer: best[0], bestPeerMs: best[1],
        vsBestPeer: m('compiled') / best[1], vsHand: m('compiled') / m('hand'), firstOverSteady: firstRatio, nextOverSteady: nextRatio,
        baseFirstOverSteady: bfr.length ? median(bfr.map((x) => x.first / x.steady)) : NaN,
        baseNextOverSteady: bfr.length ? median(bfr.map((x) => x.next / x.steady)) : NaN,
        freshSecondOverSteady: freshRatio, freshFirstOverSteady: freshRun,
        handFreshSecondOverSteady: hf.length ? median(hf.map((x) => x[1])) : NaN,
        handFreshFirstOverSteady: hf.length ? median(hf.map((x) => x[0])) : NaN,
        compileCallMs: median(fr.map((s) => s.compile)),
      };
      if (w.flops) {
        s.gflopsCompiled = w.flops / s.compiled / 1e6;
        s.gflopsHand = w.flops / s.hand / 1e6;
      }
      // the same ratios over the fastest calls
      const F = fastest[w.name];
      const f = (c) => (F[c]?.length ? median(F[c]) : NaN);
      const fBest = Object.keys(peers).map((k) => [k, f(k)]).filter(([, v]) => Number.isFinite(v))
        .reduce((b, x) => (x[1] < b[1] ? x : b), ['none', Infinity]);
      s.fastest = { vsBestPeer: f('compiled') / fBest[1], bestPeer: fBest[0], vsHand: f('compiled') / f('hand') };
      if (w.flops) {
        s.fastest.gflopsCompiled = w.flops / f('compiled') / 1e6;
        s.fastest.gflopsHand = w.flops / f('hand') / 1e6;
      }
      summary[w.name] = s;
      const gf = w.flops ? `; GFLOPS compiled ${s.gflopsCompiled.toFixed(1)}, hand ${s.gflopsHand.toFixed(1)}` : '';
      const gff = w.flops ? `, GFLOPS ${s.fastest.gflopsCompiled.toFixed(1)} vs hand ${s.fastest.gflopsHand.toFixed(1)}` : '';
      out.push(
        `  ${w.name.padEnd(11)} vs best peer (${label[best[0]] ?? 'none'}) ${s.vsBestPeer.toFixed(2)}x; vs hand ${s.vsHand.toFixed(2)}x; ` +
          `first run ${firstRatio.toFixed(2)}x steady (${fr.map((x) => (x.first / x.steady).toFixed(2)).join(', ')}), the call after it ${nextRatio.toFixed(2)}x; ` +
          `compile call ${s.compileCallMs.toFixed(1)} ms${gf}`,
      );
      if (bfr.length) out.push(
        `  ${''.padEnd(11)} base: first run ${s.baseFirstOverSteady.toFixed(2)}x its steady (${bfr.map((x) => (x.first / x.steady).toFixed(2)).join(', ')}), the call after it ${s.baseNextOverSteady.toFixed(2)}x`,
      );
      if (fresh.length || hf.length) out.push(
        `  ${''.padEnd(11)} fresh inputs, kernel compiled earlier (no compile): 2nd call ${freshRatio.toFixed(2)}x steady ` +
          `(${fresh.map((x) => (x.fresh[1] / x.steady).toFixed(2)).join(', ')}), 1st ${freshRun.toFixed(2)}x` +
          (hf.length ? `; hand kernel on fresh inputs: 2nd ${s.handFreshSecondOverSteady.toFixed(2)}x its steady, 1st ${s.handFreshFirstOverSteady.toFixed(2)}x` : ''),
      );
      out.push(
        `  ${''.padEnd(11)} fastest calls: vs best peer (${label[fBest[0]] ?? 'none'}) ${s.fastest.vsBestPeer.toFixed(2)}x; vs hand ${s.fastest.vsHand.toFixed(2)}x${gff}`,
      );
      if (dwBase) {
        s.vsBase = m('compiled') / m('base');
        s.fastest.vsBase = f('compiled') / f('base');
        out.push(`  ${''.padEnd(11)} vs base: ${s.vsBase.toFixed(2)}x median, ${s.fastest.vsBase.toFixed(2)}x fastest calls`);
      }
    }
  }
  let st = null;
  if (STARTUP) {
    log('fresh processes ...');
    st = startup(tmp);
    const md = (xs) => median(xs).toFixed(0);
    out.push('');
    out.push('fresh processes (median of the repetitions, [min-max])');
    const mm = (xs) => `${md(xs)} ms [${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}]`;
    const wc = (rs) => `wall ${mm(rs.map((r) => r.ms))}, CPU ${Number.isFinite(rs[0].cpuMs) ? mm(rs.map((r) => r.cpuMs)) : 'n/a'}`;
    out.push(`  load average (1, 5, 15 min): ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (${os.cpus().length} cores)`);
    out.push(`  node -e 0 (Node's own start-up)      ${wc(st.node)}`);
    out.push(`  CLI print(1)                         ${wc(st.print1)}`);
    out.push(`  CLI seed example, empty cache        ${wc(st.seedCold)}`);
    out.push(`  CLI seed example, warm cache         ${wc(st.seedWarm)}`);
    out.push(`  import of the package                ${mm(st.createCompiler.map((x) => x.importMs))}`);
    out.push(`  createCompiler(), no graph           ${mm(st.createCompiler.map((x) => x.createMs))}`);
    out.push(`  first graph compiled cold (its call minus a later call)  ${mm(st.firstGraph.map((x) => x.compileCall - x.later))}`);
    for (const [name, rs] of Object.entries(st.firstCalls)) {
      out.push(`  ${name.padEnd(8)} fresh CLI: first call after the compiling one / steady ${rs.map((r) => r.ratio.toFixed(2)).join(', ')} (steady ${rs.map((r) => r.steady.toFixed(2)).join(', ')} ms; calls 0-5 of the first: ${rs[0].ts.map((t) => t.toFixed(2)).join(' ')})`);
    }
    if (st.mlpCold) {
      const g = (rs, k) => rs.map((x) => x[k].toFixed(1)).join(', ');
      out.push(`  MLP, first 10 calls in a fresh CLI, empty cache: GFLOPS incl. the compiling call ${g(st.mlpCold, 'gflopsWithCompile')}; calls 2-11 ${g(st.mlpCold, 'gflopsAfterCompile')}`);
      out.push(`  MLP, first 10 calls in a fresh CLI, warm cache:  GFLOPS incl. the compiling call ${g(st.mlpWarm, 'gflopsWithCompile')}; calls 2-11 ${g(st.mlpWarm, 'gflopsAfterCompile')}`);
      const rr = st.mlpRerun ?? [];
      if (rr.length) {
        out.push(`  MLP, re-run ${RERUN_MS / 1000} s after an empty-cache run (not waiting for its optimiser): calls 2-11 ${rr.map((x) => `${x.first.gflopsAfterCompile.toFixed(1)} then ${x.again.gflopsAfterCompile.toFixed(1)}`).join('; ')} GFLOPS; its optimiser still at work when the re-run started: ${rr.filter((x) => x.optimiserAtWork).length} of ${rr.length}`);
      }
      out.push(`    per-call ms (empty cache, first process): ${st.mlpCold[0].ts.map((t) => t.toFixed(1)).join(' ')}`);
      out.push(`    per-call ms (warm cache, first process):  ${st.mlpWarm[0].ts.map((t) => t.toFixed(1)).join(' ')}`);
      for (const [what, x] of [['empty', st.mlpCold[0]], ['warm', st.mlpWarm[0]]]) {
        out.push(`    ${what} cache, first process, per call: kernel ms ${x.kernel.map((t) => t.toFixed(1)).join(' ')}; the rest ${x.rest.map((t) => t.toFixed(2)).join(' ')}; ${x.replayed} (R: replayed); tier ${x.tier}`);
      }
    }
  }
  console.log(out.join('\n'));
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ results, fastest, summary, firstRuns, startup: st, createMs }, null, 1));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(0); // peers may keep handles open
