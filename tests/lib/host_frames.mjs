// host_frames.mjs - how many counted frames (src/api.c dw_host_frames)
// the engine's stack of this thread holds, per recursion shape
// (tests/lib/recursion_shapes.mjs), and the bytes of stack a plain Python
// call level takes: the measurement behind src/api.c DW_HOST_FRAMES_MAX
// (docs/architecture.md "Recursion"). Not a test: a tool to rerun when the
// evaluator's call path changes.
//
//   node tests/lib/host_frames.mjs [--shape SUBSTRING] [--wasm PATH]
//
// For each shape and backend it finds the largest frame limit at which
// the run still ends in RecursionError (above it the engine's stack
// overflows first: the run reports the compiler crashed). The limit in
// api.c must stay well below the smallest of these (it is about 4/5 of
// it, leaving room for the embedder's frames and uncounted leaf code).
import fs from 'node:fs';
import { wasmPath } from '../../wasm/index.js';
import { SHAPES } from './recursion_shapes.mjs';

const { createCompiler } = await import('../../wasm/index.js');
const arg = (name) => (process.argv.indexOf(name) > 0 ? process.argv[process.argv.indexOf(name) + 1] : null);
const mod = await WebAssembly.compile(fs.readFileSync(arg('--wasm') ?? wasmPath));
const only = arg('--shape');

// core.js framesForStack: the limit is 5600 frames per 984 KB
const mbFor = (frames) => (frames * 984) / 5600 / 1024;
const compilers = new Map();
async function outcome(frames, src, backend) {
  let c = compilers.get(frames);
  if (!c) compilers.set(frames, (c = await createCompiler({ wasmModule: mod, stackSizeMb: mbFor(frames), cache: false })));
  const r = c.run(src, { backend });
  if (r.internal) return 'overflow';
  return r.error?.type ?? 'ok';
}

async function plainDepth() {
  // the depth plain recursion reaches before the stack overflows (no limit)
  const c = await createCompiler({ wasmModule: mod, stackSizeMb: 1024, cache: false });
  const src = (n) => `import sys\nsys.setrecursionlimit(1000000)\ndef f(n):\n    return 0 if n == 0 else f(n - 1)\nprint(f(${n}))\n`;
  let lo = 10, hi = 100000;
  while (hi - lo > 1) {
    const m = (lo + hi) >> 1;
    if (c.run(src(m)).ok) lo = m;
    else hi = m;
  }
  return lo;
}

const plain = await plainDepth();
console.log(`plain recursion (return 0 if n == 0 else f(n - 1)) overflows after ${plain} levels: ` +
  `about ${Math.round((984 * 1024) / plain)} bytes of V8 stack per level (984 KB)`);
let least = Infinity;
for (const [name, src] of SHAPES) {
  if (only && !name.includes(only)) continue;
  for (const backend of ['eager', 'wasm']) {
    let lo = 500, hi = 60000;
    if ((await outcome(lo, src, backend)) !== 'RecursionError') {
      console.log(`${name} [${backend}]: overflows even at ${lo} frames`);
      least = 0;
      continue;
    }
    while (hi - lo > 25) {
      const m = (lo + hi) >> 1;
      if ((await outcome(m, src, backend)) === 'RecursionError') lo = m;
      else hi = m;
    }
    least = Math.min(least, lo);
    console.log(`${name} [${backend}]: RecursionError up to ${lo} frames, overflow above`);
  }
}
console.log(`smallest: ${least} frames (api.c DW_HOST_FRAMES_MAX is 5600)`);
