// inproc_ab.mjs - a benchmark, not a test: this checkout's compiler and
// another checkout's (--base DIR, its wasm/ built) in one Node process,
// running the same workload program of workloads.mjs alternately (A B B A
// ...), each run 5 warm-up calls then 60 timed calls (matmul: 20). Prints,
// per workload, the fastest call, the 10th percentile and the median of
// all timed calls of each side and their ratios this / base: on a shared
// machine the fastest calls are the least disturbed, and a ratio that holds
// over several runs is the figure to read. The 1-minute load is printed.
//
//   node tests/bench/inproc_ab.mjs --base /work/main [--rounds 20]
//        [--tier optimized|emitted] [--only mlp,matmul]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MICRO_WORKLOADS } from './workloads.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const BASE = opt('--base', null);
const ROUNDS = Number(opt('--rounds', 20));
const TIER = opt('--tier', 'optimized');
const ONLY = opt('--only', 'mlp,matmul').split(',');
if (!BASE) {
  console.error('usage: node tests/bench/inproc_ab.mjs --base DIR [--rounds N] [--tier optimized|emitted] [--only a,b]');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const imp = (dir, rel) => import(pathToFileURL(path.join(path.resolve(dir), rel)).href);
(await imp(root, 'wasm/lib/node_host.js')).enableRelaxedSimd();
const prog = (w) => `import torch, time
import torch.nn.functional as F
torch.manual_seed(0)
${w.py.setup}
@torch.compile
def f(${w.py.args}):
    ${w.py.body}
for i in range(5):
    f(${w.py.args})
ts = []
for i in range(${w.name === 'matmul' ? 20 : 60}):
    t0 = time.perf_counter()
    f(${w.py.args})
    ts.append((time.perf_counter() - t0) * 1000)
print(" ".join(["%.4f" % t for t in ts]))
`;
const mk = async (dir) => (await imp(dir, 'wasm/index.js')).createCompiler({ cache: false, tier: TIER, relaxedSimd: true });
const sides = { this: await mk(root), base: await mk(BASE) };
const q = (a, p) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(p * (s.length - 1))];
};
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log(`load ${load()}; ${ROUNDS} rounds, tier ${TIER}`);
for (const name of ONLY) {
  const w = MICRO_WORKLOADS.find((x) => x.name === name);
  if (!w) throw new Error(`no workload ${name}`);
  const src = prog(w);
  const ts = { this: [], base: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const k of r % 2 ? ['base', 'this'] : ['this', 'base']) {
      const rep = sides[k].run(src);
      if (!rep.ok) throw new Error(`${k}: ${rep.error && rep.error.text}`);
      ts[k].push(...rep.stdout.trim().split('\n').at(-1).split(/\s+/).map(Number));
    }
  }
  const row = (p) => `${q(ts.this, p).toFixed(3)} vs ${q(ts.base, p).toFixed(3)} (${(q(ts.this, p) / q(ts.base, p)).toFixed(3)}x)`;
  console.log(`${w.title}, ${ts.this.length} calls each (load ${load()}): fastest ${row(0)}; p10 ${row(0.1)}; median ${row(0.5)}`);
}
