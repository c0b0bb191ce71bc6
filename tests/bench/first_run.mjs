// first_run.mjs - a benchmark, not a test: where the first run of a
// compiled kernel (the call after the one that compiled it) spends its
// time, and the same kernel and the hand kernel after a pause without any
// compile. perf_bench.mjs prints the first-run ratio; this says why.
//
//   node tests/bench/first_run.mjs [--only chain,layer_norm] [--reps N]
//                                  [--pauses 0,5,20,50]
//
// 1. Split of the calls (the run report's timeline, kernel tier 'emitted'):
//    before the kernel's run event (guards, replay or trace), the run event
//    (arguments, output allocation, the kernel), after it, for the compile
//    call, the first run, the call after it and the steady calls.
// 2. The kernel compiled earlier (a cache hit, no compile), steady calls,
//    then a pause (a Python loop spinning, touching no tensor), then three
//    calls; the hand kernel (hand_kernels.c) the same, in the same process,
//    interleaved: calls 1-3 after the pause over the steady calls. If ours
//    and the hand kernel slow down alike after a pause, the first run's
//    excess is the memory system's, not the compiler's: the compile call
//    is such a pause followed by the first pass over the inputs.
// 3. The hand kernel after its input was rewritten (TypedArray.set), and
//    after 256 MB of other memory was written: calls 1-3 over steady.
//
// Every figure is a median over the repetitions (the hand kernel's calls
// during which the thread was switched out left out); the 1-minute load
// is printed with them (the machine is shared: read ratios, not times).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadHand } from './hand.mjs';
import { MICRO_WORKLOADS } from './workloads.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
};
const ONLY = opt('--only', 'chain,layer_norm,sum0,softmax').split(',');
const REPS = Number(opt('--reps', 7));
const PAUSES = opt('--pauses', '0,5,20,50').split(',').map(Number);
const log = (...a) => console.error(...a);
const load = () => os.loadavg()[0].toFixed(1);
const median = (xs) => {
  const s = xs.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// the workloads of perf_bench.mjs with a hand kernel of 1M floats
const N = 1048576;
const HAND = {
  chain: (ex, p) => ex.chain(p.x, p.out, N),
  softmax: (ex, p) => ex.softmax(p.x, p.out, 1024, 1024),
  layer_norm: (ex, p) => ex.layer_norm(p.x, p.w, p.b, p.out, 1024, 1024),
  sum0: (ex, p) => ex.sum0(p.x, p.out, 1024, 1024),
};
/** the workload's program: its setup, fn compiled, then `tail` */
const program = (w, tail) => `import torch, time
import torch.nn.functional as F
${w.py.setup}
def fn(${w.py.args}):
    ${w.py.body}
f = torch.compile(fn)
${tail}`;

process.env.DYNAWASM_CACHE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-first-'));
const { createCompiler } = await import(pathToFileURL(path.join(here, '../../wasm/index.js')).href);
// tier 'emitted': no Binaryen worker shares the machine with the calls
const dw = await createCompiler({ tier: 'emitted' });
let hand = null;
try {
  hand = await loadHand();
} catch (e) {
  log(`hand kernels unavailable (emcc): ${e.message.split('\n')[0]}`);
}

let schedFd = null;
try {
  schedFd = fs.openSync('/proc/thread-self/schedstat', 'r');
} catch {
  /* not Linux: no filter */
}
const schedBuf = Buffer.alloc(256);
const switches = () => {
  if (schedFd === null) return 0;
  const n = fs.readSync(schedFd, schedBuf, 0, 256, 0);
  return Number(schedBuf.toString('latin1', 0, n).split(' ')[2]);
};

/** kernel run time (the timeline's run event) of each call of fn */
function runTimes(rep) {
  return rep.timeline.calls.filter((c) => c.function === 'fn').map((c) => {
    const r = c.events.find((e) => e.kind === 'run');
    return { total: c.end - c.start, before: r.start - c.start, run: r.end - r.start, after: c.end - r.end };
  });
}

const out = [];
const pad = (s, n) => String(s).padEnd(n);
for (const name of ONLY) {
  const w = MICRO_WORKLOADS.find((x) => x.name === name);
  if (!w || !HAND[name]) throw new Error(`unknown workload ${name} (one of ${Object.keys(HAND).join(', ')})`);
  log(`${name}: split`);
  // 1. the split: a new kernel each repetition
  const prog1 = program(w, `for i in range(40):
    f(${w.py.args})
`);
  const rows = [];
  for (let r = 0; r < REPS; r++) {
    dw.reset();
    const rep = dw.run(prog1, { filename: `${name}.py` });
    if (!rep.ok) throw new Error(`${name}: ${rep.error?.text}`);
    const ts = runTimes(rep);
    rows.push({ ts });
  }
  const steadyOf = (ts) => ({ before: median(ts.slice(20).map((t) => t.before)), run: median(ts.slice(20).map((t) => t.run)), after: median(ts.slice(20).map((t) => t.after)) });
  const part = (k, f) => median(rows.map((r) => f(r.ts[k], steadyOf(r.ts))));
  out.push(`${name} (load ${load()}): ms per call, median of ${REPS} new kernels (tier 'emitted')`);
  out.push(`  ${pad('', 26)} before run   run (kernel)   after run`);
  const line = (label, k) => out.push(`  ${pad(label, 26)} ${part(k, (t) => t.before).toFixed(3).padStart(10)} ${part(k, (t) => t.run).toFixed(3).padStart(14)} ${part(k, (t) => t.after).toFixed(3).padStart(11)}` +
    (k > 0 ? `   run ${part(k, (t, s) => t.run / s.run).toFixed(2)}x steady` : ''));
  line('compile call', 0);
  line('first run', 1);
  line('the call after it', 2);
  line('call 3', 3);
  out.push(`  ${pad('steady (calls 20-39)', 26)} ${median(rows.map((r) => steadyOf(r.ts).before)).toFixed(3).padStart(10)} ${median(rows.map((r) => steadyOf(r.ts).run)).toFixed(3).padStart(14)} ${median(rows.map((r) => steadyOf(r.ts).after)).toFixed(3).padStart(11)}`);

  // 2. after a pause, no compile: ours and the hand kernel, interleaved
  let P = null, run = null;
  if (hand) {
    const ex = hand.exports;
    P = { x: ex.alloc(4 * N), out: ex.alloc(4 * N), w: ex.alloc(4096), b: ex.alloc(4096) };
    const x = new Float32Array(ex.memory.buffer, P.x, N);
    for (let i = 0; i < N; i++) x[i] = Math.random() * 2 - 1;
    new Float32Array(ex.memory.buffer, P.w, 1024).fill(1);
    new Float32Array(ex.memory.buffer, P.b, 1024).fill(0);
    run = () => HAND[name](ex, P);
  }
  // a call during which the thread was switched out counts as missing
  // (Linux: /proc/thread-self/schedstat's third field counts the switches)
  const timeHand = () => {
    const s0 = switches();
    const t0 = performance.now();
    run();
    const t = performance.now() - t0;
    return switches() === s0 ? t : NaN;
  };
  const spin = (ms) => {
    const t0 = performance.now();
    while (performance.now() - t0 < ms);
  };
  for (const pause of PAUSES) {
    log(`${name}: pause ${pause} ms`);
    const prog2 = program(w, `for i in range(30):
    f(${w.py.args})
t0 = time.perf_counter()
while (time.perf_counter() - t0) * 1000 < ${pause}:
    pass
for i in range(3):
    f(${w.py.args})
`);
    const ours = [], hnd = [];
    for (let r = 0; r <= REPS; r++) {
      const rep = dw.run(prog2, { filename: `${name}_pause.py` });
      if (!rep.ok) throw new Error(`${name}: ${rep.error?.text}`);
      const ts = runTimes(rep).map((t) => t.run);
      const st = median(ts.slice(15, 30));
      if (r > 0) ours.push(ts.slice(30, 33).map((t) => t / st)); // the first program run compiles
      if (run) {
        for (let i = 0; i < 15; i++) run();
        const hs = Array.from({ length: 15 }, timeHand);
        const hst = median(hs);
        spin(pause);
        const h3 = [timeHand(), timeHand(), timeHand()];
        if (r > 0) hnd.push(h3.map((t) => t / hst));
      }
    }
    const show = (rs) => (rs.length ? [0, 1, 2].map((j) => median(rs.map((x) => x[j])).toFixed(2)).join(' / ') : 'n/a');
    out.push(`  after a ${String(pause).padStart(2)} ms pause, no compile, calls 1/2/3 over steady: ours ${show(ours)}; hand ${show(hnd)} (load ${load()})`);
  }

  // 3. the hand kernel after its input was rewritten, or after other memory was written
  if (run) {
    const ex = hand.exports;
    const src = new Float32Array(new Float32Array(ex.memory.buffer, P.x, N));
    const big = new Uint8Array(256 << 20);
    const states = {
      'input rewritten (set)': () => new Float32Array(ex.memory.buffer, P.x, N).set(src),
      '256 MB of other memory written': () => big.fill(1 + (big[0] & 1)),
    };
    for (const [label, f] of Object.entries(states)) {
      const rs = [];
      for (let r = 0; r < REPS; r++) {
        for (let i = 0; i < 15; i++) run();
        const hst = median(Array.from({ length: 15 }, timeHand));
        f();
        rs.push([timeHand(), timeHand(), timeHand()].map((t) => t / hst));
      }
      out.push(`  hand kernel, ${label}: calls 1/2/3 over steady ${[0, 1, 2].map((j) => median(rs.map((x) => x[j])).toFixed(2)).join(' / ')} (load ${load()})`);
    }
  }
  out.push('');
}
console.log(out.join('\n'));
fs.rmSync(process.env.DYNAWASM_CACHE_DIR, { recursive: true, force: true });
