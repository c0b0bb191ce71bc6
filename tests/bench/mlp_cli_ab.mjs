// mlp_cli_ab.mjs - a benchmark, not a test: the MLP of perf_bench (64x784-
// 512-512-10), its first 11 calls in fresh CLI processes of this checkout
// and of another one (--base DIR, its wasm/ built), interleaved A B A B ...
// so that both see the same machine. For each process: the sum of calls
// 2-11 (the first compiles) and of their kernel time (the report's `run`
// events), with an empty kernel cache (the emitted tier runs; each run's
// detached optimiser is waited for, untimed) and with the warm cache that
// run left (the optimised tier). Prints every pair, the medians and the
// ratio this / base, with the 1-minute load before and after.
//
//   node tests/bench/mlp_cli_ab.mjs --base /work/main [--pairs 5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MICRO_WORKLOADS } from './workloads.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const BASE = opt('--base', null);
const PAIRS = Number(opt('--pairs', 5));
if (!BASE) {
  console.error('usage: node tests/bench/mlp_cli_ab.mjs --base DIR [--pairs N]');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const w = MICRO_WORKLOADS.find((x) => x.name === 'mlp');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-mlp-ab-'));
const prog = path.join(tmp, 'mlp10.py');
fs.writeFileSync(prog, `import torch, time
import torch.nn.functional as F
torch.manual_seed(0)
${w.py.setup}
@torch.compile
def f(${w.py.args}):
    ${w.py.body}
ts = []
for i in range(11):
    t0 = time.perf_counter()
    f(${w.py.args})
    ts.append((time.perf_counter() - t0) * 1000)
print(" ".join(["%.4f" % t for t in ts]))
`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () => os.loadavg()[0].toFixed(2);
// waits for a cold run's detached optimiser (perf_bench.mjs's settle)
const settle = (dir) => {
  const spool = path.join(dir, 'spool');
  const t0 = Date.now();
  const busy = () => fs.existsSync(path.join(spool, 'optimizer.pid')) ||
    (fs.existsSync(spool) && fs.readdirSync(spool).some((f) => f.endsWith('.json')));
  while (busy() && Date.now() - t0 < 120000) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
};
let nCache = 0;
function run(dir, cache) {
  const r = spawnSync(process.execPath, [path.join(dir, 'wasm', 'bin', 'dynawasm.js'), 'run', prog, '--json'],
    { encoding: 'utf8', env: { ...process.env, DYNAWASM_CACHE_DIR: cache } });
  if (r.status !== 0) throw new Error(`${dir}: exit ${r.status}: ${r.stderr}`);
  const rep = JSON.parse(r.stdout);
  const ts = rep.stdout.trim().split('\n').at(-1).split(/\s+/).map(Number);
  const calls = rep.timeline.calls.slice(1, 11);
  const kernel = calls.map((c) => c.events.filter((e) => e.kind === 'run').reduce((a, e) => a + e.end - e.start, 0));
  return { calls: ts.slice(1, 11).reduce((a, b) => a + b, 0), kernel: kernel.reduce((a, b) => a + b, 0) };
}
const sides = [['this', root], ['base', path.resolve(BASE)]];
const res = { cold: { this: [], base: [] }, warm: { this: [], base: [] } };
console.log(`load before ${load()}; ${PAIRS} pairs, calls 2-11 of the MLP in fresh CLIs (ms: all calls / kernels)`);
for (let p = 0; p < PAIRS; p++) {
  const order = p % 2 ? [...sides].reverse() : sides;
  const line = [];
  for (const [name, dir] of order) {
    const cache = path.join(tmp, `cache-${nCache++}`);
    const cold = run(dir, cache);
    settle(cache);
    const warm = run(dir, cache);
    res.cold[name].push(cold);
    res.warm[name].push(warm);
    line.push(`${name} cold ${cold.calls.toFixed(1)}/${cold.kernel.toFixed(1)} warm ${warm.calls.toFixed(1)}/${warm.kernel.toFixed(1)}`);
  }
  console.log(`pair ${p + 1} (load ${load()}): ${line.join('  ')}`);
}
for (const mode of ['cold', 'warm']) {
  const m = (side, k) => median(res[mode][side].map((x) => x[k]));
  console.log(`${mode} cache: calls 2-11 median this ${m('this', 'calls').toFixed(1)} ms, base ${m('base', 'calls').toFixed(1)} ms, ratio ${(m('this', 'calls') / m('base', 'calls')).toFixed(3)}; ` +
    `kernels this ${m('this', 'kernel').toFixed(1)}, base ${m('base', 'kernel').toFixed(1)}, ratio ${(m('this', 'kernel') / m('base', 'kernel')).toFixed(3)}`);
}
console.log(`load after ${load()}`);
fs.rmSync(tmp, { recursive: true, force: true });
