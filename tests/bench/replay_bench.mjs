// replay_bench.mjs - a benchmark, not a test. The per-call time of compiled
// nn.Modules after their first call (what `torch.compile(model)` users and
// the playground see on every later call): a cache hit either replays its
// entry's plan (src/dynamo/replay.c: guards, the checks below the module,
// the kernel) or evaluates the frame's Python again over fake tensors. Each
// workload runs in this build and, with --base FILE, in another build of
// dynawasm.wasm (e.g. main's) in the same rounds, alternating which goes
// first; a figure is the median over the rounds of each round's median
// batch (a batch: `--calls` calls timed together by the program itself,
// time.perf_counter, so the loop's own statements count alike in both).
//
//   node tests/bench/replay_bench.mjs [--base path/to/dynawasm.wasm] [--rounds 7]
//                                     [--calls 200] [--only mlp_small,lenet]
//
// Workloads: small MLP modules (where the per-call overhead shows), the
// MLP of the performance table as a module, and the whole-frame models of
// models.mjs (LeNet, the GPT block; the recommender has a graph break).
//
// Also prints each round's replay count (frames[].replays), so a figure of a
// build that did not replay is visible as such, and the eager module's time
// (the same calls with compile off) as the floor's neighbour.
import fs from 'node:fs';
import os from 'node:os';
import { createCompiler } from '../../wasm/index.js';
import { MODEL_WORKLOADS } from './models.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
};
const ROUNDS = Number(opt('--rounds', 7));
const CALLS = Number(opt('--calls', 200));
const BASE = opt('--base', null);
const ONLY = opt('--only', null)?.split(',');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// The module of each workload: `setup` makes `model` and its inputs `args`.
const WORKLOADS = [
  {
    name: 'mlp_small',
    title: 'nn.Module MLP 8x16-32-4 (relu)',
    setup: `class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 4)
    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))
model = MLP()
x = torch.randn(8, 16)`,
  },
  {
    name: 'mlp_seq',
    title: 'nn.Module holding an nn.Sequential 8x16-32-32-4 (ReLU, eval)',
    setup: `class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4))
    def forward(self, x):
        return self.body(x)
model = Net().eval()
x = torch.randn(8, 16)`,
  },
  {
    name: 'mlp_issue',
    title: 'nn.Module MLP 64x784-512-512-10',
    setup: `class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(784, 512)
        self.fc2 = nn.Linear(512, 512)
        self.fc3 = nn.Linear(512, 10)
    def forward(self, x):
        return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))
model = MLP()
x = torch.randn(64, 784)`,
  },
  ...MODEL_WORKLOADS.filter((m) => m.name !== 'recommender')
    .map((m) => ({ name: m.name, title: m.title, setup: m.py.setup, args: m.py.args })),
].filter((w) => !ONLY || ONLY.includes(w.name));

// The program: `batches` batches of CALLS calls of the compiled module (or
// of the module itself), each batch's ms per call printed.
const program = (w, compiled, batches) => `import torch
import torch.nn as nn
import time
torch.manual_seed(0)
${w.setup}
f = torch.compile(model) if ${compiled ? 'True' : 'False'} else model
with torch.no_grad():
    for i in range(20):
        f(${w.args ?? 'x'})
    for b in range(${batches}):
        t0 = time.perf_counter()
        for i in range(${CALLS}):
            f(${w.args ?? 'x'})
        print((time.perf_counter() - t0) * 1000 / ${CALLS})
`;

const measure = (c, w, compiled) => {
  c.reset();
  const r = c.run(program(w, compiled, 5), { filename: `${w.name}.py` });
  if (!r.ok) throw new Error(`${w.name}: ${r.error?.text}`);
  const ms = r.stdout.trim().split('\n').map(Number);
  const replays = (r.frames ?? []).reduce((s, f) => s + (f.replays ?? 0), 0);
  return { ms: median(ms), replays };
};

const cur = await createCompiler();
const base = BASE ? await createCompiler({ wasmBytes: fs.readFileSync(BASE) }) : null;
const load = () => os.loadavg()[0].toFixed(2);
console.log(`replay_bench: ${ROUNDS} rounds, ${CALLS} calls a batch, median of 5 batches a round; load ${load()}`);
for (const w of WORKLOADS) {
  const res = { compiled: [], base: [], eager: [] };
  const reps = { compiled: [], base: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? ['base', 'compiled'] : ['compiled', 'base'];
    for (const col of order) {
      if (col === 'base' && !base) continue;
      const m = measure(col === 'base' ? base : cur, w, true);
      res[col].push(m.ms);
      reps[col].push(m.replays);
    }
    res.eager.push(measure(cur, w, false).ms);
  }
  const fmt = (xs) => `${median(xs).toFixed(4)} ms (${Math.min(...xs).toFixed(4)}-${Math.max(...xs).toFixed(4)})`;
  console.log(`${w.title}  [load ${load()}]`);
  console.log(`  compiled (this build): ${fmt(res.compiled)}, replays per run ${median(reps.compiled)}`);
  if (base) {
    console.log(`  compiled (base):       ${fmt(res.base)}, replays per run ${median(reps.base)}`);
    const ratios = res.compiled.map((v, i) => v / res.base[i]);
    console.log(`  this / base: ${median(ratios).toFixed(3)}x median of the rounds' ratios (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`);
  }
  console.log(`  eager module:          ${fmt(res.eager)}`);
}
