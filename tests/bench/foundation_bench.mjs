// foundation_bench.mjs - a benchmark, not a test: prints, side by side in
// one run, (1) dynawasm's eager tensor ops vs a hand-written emcc SIMD loop
// for relu(a + b) over 1M floats, and (2) a pure-Python scalar loop of 1M
// iterations in dynawasm (WebAssembly and native) vs CPython (python3).
//
//   node tests/bench/foundation_bench.mjs        (after bash wasm/build.sh)
//
// Each figure is the median of several repetitions measured in the same
// process run; the machine is shared, so read the ratios, not the absolute
// times.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompiler } from '../../wasm/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const N = 1 << 20;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x) => `${x.toFixed(3)} ms`;

// --- (1a) the hand-written SIMD loop, built with emcc --------------------
function buildAddRelu() {
  const out = path.join(os.tmpdir(), `dw-addrelu-${process.pid}.wasm`);
  execFileSync('emcc', ['-O3', '-msimd128', '-sSTANDALONE_WASM', '--no-entry',
    '-sINITIAL_MEMORY=33554432', path.join(here, 'addrelu.c'), '-o', out],
  { env: { ...process.env, NODE_PATH: '/usr/share/nodejs' }, stdio: 'pipe' });
  const bytes = fs.readFileSync(out);
  fs.rmSync(out, { force: true });
  return bytes;
}

const wasi = { fd_write: () => 0, proc_exit: () => {}, fd_close: () => 0, fd_seek: () => 0,
  environ_sizes_get: () => 0, environ_get: () => 0, clock_time_get: () => 0 };
const { instance } = await WebAssembly.instantiate(buildAddRelu(), { wasi_snapshot_preview1: wasi, env: {} });
instance.exports._initialize?.();
const ex = instance.exports;
const a = ex.alloc(N), b = ex.alloc(N), o = ex.alloc(N);
const mem = () => new Float32Array(ex.memory.buffer);
for (let i = 0; i < N; i++) { mem()[a / 4 + i] = Math.random() - 0.5; mem()[b / 4 + i] = Math.random() - 0.5; }
const handTimes = [];
for (let r = 0; r < 30; r++) {
  const t0 = performance.now();
  ex.addrelu(a, b, o, N);
  handTimes.push(performance.now() - t0);
}
const hand = median(handTimes.slice(5));

// --- (1b) dynawasm: eager ops and a compiled graph, timed by the program --
const c = await createCompiler();
const opsProgram = `
import torch, time
torch.manual_seed(0)
a = torch.rand(${N}) - 0.5
b = torch.rand(${N}) - 0.5
f = torch.compile(lambda x, y: torch.relu(x + y))
def bench(fn):
    ts = []
    for _ in range(25):
        t0 = time.perf_counter()
        fn(a, b)
        ts.append(time.perf_counter() - t0)
    ts = sorted(ts[5:])
    return ts[len(ts) // 2] * 1000
print(bench(lambda x, y: torch.relu(x + y)), bench(f))
`;
const rep = c.run(opsProgram, { filename: 'bench_ops.py' });
if (!rep.ok) throw new Error(rep.error.text);
const [eagerOps, compiled] = rep.stdout.trim().split(/\s+/).map(Number);

// --- (2) the scalar loop ------------------------------------------------
const loop = `
import time
t0 = time.perf_counter()
total = 0
i = 0
while i < 1000000:
    total += i * 2 % 7
    i += 1
print(total, (time.perf_counter() - t0) * 1000)
`;
const runs = (fn) => median(Array.from({ length: 5 }, fn));
const inWasm = runs(() => {
  const r = c.run(loop, { filename: 'loop.py' });
  if (!r.ok) throw new Error(r.error.text);
  return Number(r.stdout.trim().split(' ')[1]);
});
const loopFile = path.join(os.tmpdir(), `dw-loop-${process.pid}.py`);
fs.writeFileSync(loopFile, loop);
const timeOf = (cmd, args) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return Number(r.stdout.trim().split(' ')[1]);
};
const dwrun = [path.join(root, 'build', 'dwrun'), path.join(root, 'build-rel', 'dwrun')].find((p) => fs.existsSync(p));
const native = dwrun ? runs(() => timeOf(dwrun, ['run', loopFile])) : null;
const hasPython = spawnSync('python3', ['--version']).status === 0;
const cpython = hasPython ? runs(() => timeOf('python3', [loopFile])) : null;
fs.rmSync(loopFile, { force: true });

console.log(`relu(a + b) over ${N} float32 (median per call)`);
console.log(`  hand-written emcc SIMD loop       ${ms(hand)}`);
console.log(`  dynawasm eager ops (add, relu)    ${ms(eagerOps)}   ${(eagerOps / hand).toFixed(2)}x the hand loop`);
console.log(`  dynawasm torch.compile'd (fused)  ${ms(compiled)}   ${(compiled / hand).toFixed(2)}x the hand loop (includes re-tracing the frame)`);
console.log('scalar Python loop, 1M iterations (median of 5, timed inside the program)');
console.log(`  dynawasm (WebAssembly, Node)      ${ms(inWasm)}`);
if (native != null) console.log(`  dynawasm (native ${path.relative(root, dwrun)})   ${ms(native)}`);
if (cpython != null) console.log(`  CPython (python3)                 ${ms(cpython)}   dynawasm/CPython ${(inWasm / cpython).toFixed(2)}x`);
else console.log('  CPython: python3 not found');
