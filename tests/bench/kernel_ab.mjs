// kernel_ab.mjs - one kernel, A/B at kernel level: the modules this checkout
// emits (relaxed SIMD off and on) and, with --base DIR, the module another
// checkout emits (its wasm/ built, e.g. main), plus tfjs-wasm's op, all in one
// Node process, interleaved. A benchmark, not a test.
//
//   node tests/bench/kernel_ab.mjs [--op softmax|log_softmax|matmul]
//                                  [--base DIR] [--rounds N] [--no-peers]
//
// Each module is captured as the core emitted it (tier 'emitted', through
// createCompiler's onKernel) for the op over 1024x1024 (matmul: 512x512 @
// 512x512), laid out as the Kernel ABI says (tests/lib/kernels.mjs) and
// called on the same inputs. A round makes a fresh instance of each
// variant and calls it 6 times back to back (the first not counted);
// rounds alternate the order of the variants. Printed: wall p10 and median and
// CPU q25 (process.cpuUsage: less disturbed by other processes on a shared
// machine) per variant, each over the base (or the relaxed-off module), and
// how the outputs of the variants agree. tfjs-wasm's op allocates its
// output and reads it back (dataSync) each call, as a user's would.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareKernel } from '../lib/kernels.mjs';
import { ROOT } from '../lib/repo.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
};
const OP = opt('--op', 'softmax');
const BASE = opt('--base', null);
const ROUNDS = Number(opt('--rounds', 30));
const CALLS = 5;
if (!['softmax', 'log_softmax', 'matmul'].includes(OP)) throw new Error(`--op: softmax, log_softmax or matmul, not ${OP}`);

const { enableRelaxedSimd } = await import(pathToFileURL(path.join(ROOT, 'wasm', 'lib', 'node_host.js')).href);
const relaxed = enableRelaxedSimd();

const MM = OP === 'matmul';
const SRC = MM
  ? 'import torch\n@torch.compile\ndef f(a, b):\n    return a @ b\ny = f(torch.randn(512, 512), torch.randn(512, 512))\n'
  : `import torch\nimport torch.nn.functional as F\n@torch.compile\ndef f(x):\n    return ${OP === 'softmax' ? 'torch.softmax' : 'F.log_softmax'}(x, dim=-1)\ny = f(torch.randn(1024, 1024))\n`;

/** The kernel module a checkout's compiler emits for SRC. */
async function capture(dir, opts) {
  const { createCompiler } = await import(pathToFileURL(path.join(dir, 'wasm', 'index.js')).href);
  let bytes = null;
  const c = await createCompiler({ ...opts, tier: 'emitted', cache: false, onKernel: (b) => void (bytes = b.slice()) });
  const r = c.run(SRC);
  if (r.error) throw new Error(`${dir}: ${r.error.text}`);
  c.dispose();
  if (!bytes) throw new Error(`${dir}: no kernel was emitted`);
  return bytes;
}

// inputs: uniform in [-4, 4) from a fixed LCG
const n = MM ? 2 * 512 * 512 : 1024 * 1024;
const x = new Float32Array(n);
let s = 1;
for (let i = 0; i < n; i++) {
  s = (Math.imul(s, 1103515245) + 12345) >>> 0;
  x[i] = (s / 2 ** 32) * 8 - 4;
}
const ins = MM ? [x.subarray(0, 512 * 512), x.subarray(512 * 512)] : [x];
const layout = {
  inputs: ins.map(() => ({ dtype: 'f32', shape: MM ? [512, 512] : [1024, 1024] })),
  outputs: [{ dtype: 'f32', shape: MM ? [512, 512] : [1024, 1024] }],
  scratch: 1 << 20, // more than any of these kernels asks for
  inputData: ins,
};

const modules = {};
if (BASE) modules.base = await capture(path.resolve(BASE), {});
modules.off = await capture(ROOT, { relaxedSimd: false });
if (relaxed) modules.on = await capture(ROOT, {});
// Each round runs a fresh instance (a fresh memory) of each module: how
// fast one instance runs depends on where its memory landed (the same
// module's instances differ by up to ~2x here, stable within an
// instance), so every variant gets as many placements as rounds.
const runners = {};
const outputs = {};
for (const [k, bytes] of Object.entries(modules)) {
  const module = new WebAssembly.Module(bytes);
  const kernel = prepareKernel(module, layout);
  if (kernel.call() !== 0) throw new Error(`${k}: the kernel failed`);
  outputs[k] = kernel.outputs()[0];
  runners[k] = { fresh: () => prepareKernel(module, layout).call };
}
if (!argv.includes('--no-peers')) {
  try {
    const req = createRequire(path.join(ROOT, 'wasm', 'package.json'));
    const tf = await import(pathToFileURL(req.resolve('@tensorflow/tfjs-core')).href);
    await import(pathToFileURL(req.resolve('@tensorflow/tfjs-backend-wasm')).href);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (await tf.setBackend('wasm')) {
      await tf.ready();
      const T = ins.map((a) => tf.tensor(a, layout.inputs[0].shape));
      const op = MM ? () => tf.matMul(T[0], T[1]) : () => (OP === 'softmax' ? tf.softmax(T[0], -1) : tf.logSoftmax(T[0], -1));
      const call = () => {
        const y = op();
        y.dataSync();
        y.dispose();
      };
      runners.tfjs = { fresh: () => call };
    }
  } catch (e) {
    console.error(`tfjs-wasm unavailable: ${e.message.split('\n')[0]}`);
  }
}

const same = (a, b) => a.every((v, i) => Object.is(v, b[i]));
const ref = outputs.off;
let differ = 0;
let maxRel = 0;
let scale = 0;
for (const v of ref) if (Number.isFinite(v)) scale = Math.max(scale, Math.abs(v));
if (outputs.on) {
  for (let i = 0; i < ref.length; i++) {
    if (Object.is(ref[i], outputs.on[i])) continue;
    differ++;
    maxRel = Math.max(maxRel, Math.abs(ref[i] - outputs.on[i]) / scale);
  }
}

const wall = Object.fromEntries(Object.keys(runners).map((k) => [k, []]));
const cpu = Object.fromEntries(Object.keys(runners).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  const order = Object.keys(runners);
  if (r % 2) order.reverse();
  for (const k of order) {
    const call = runners[k].fresh();
    call(); // its first call (memory not yet touched by the kernel): not counted
    for (let j = 0; j < CALLS; j++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      call();
      const t1 = performance.now();
      const c1 = process.cpuUsage(c0);
      wall[k].push(t1 - t0);
      cpu[k].push((c1.user + c1.system) / 1000);
    }
  }
}
const q = (a, p) => [...a].sort((u, v) => u - v)[Math.floor(p * (a.length - 1))];
const ref0 = BASE ? 'base' : 'off';
console.log(`${OP}${MM ? ' 512' : ' 1024x1024'}: ${ROUNDS} rounds x ${CALLS} calls, interleaved; relaxed SIMD ${relaxed ? 'on (this engine)' : 'not available'}`);
if (BASE) console.log(`base (${BASE}) == relaxed off, bit for bit: ${same(outputs.base, ref)}`);
if (outputs.on) console.log(`relaxed on vs off: ${differ} of ${ref.length} outputs differ, by at most ${maxRel.toExponential(2)} of the largest |output|`);
console.log('| variant | wall p10 ms | wall median | CPU q25 ms | p10 / ' + ref0 + ' | CPU / ' + ref0 + ' |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const k of Object.keys(runners)) {
  const f = (v) => v.toFixed(3);
  console.log(`| ${k} | ${f(q(wall[k], 0.1))} | ${f(q(wall[k], 0.5))} | ${f(q(cpu[k], 0.25))} | ${(q(wall[k], 0.1) / q(wall[ref0], 0.1)).toFixed(3)} | ${(q(cpu[k], 0.25) / q(cpu[ref0], 0.25)).toFixed(3)} |`);
}
