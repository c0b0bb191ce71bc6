// kernels_bench.mjs - eager kernels (native, dwG_run_eager) vs the compiled
// WebAssembly kernels (Node), side by side, from one run. Not a test.
//
//   node tests/bench/kernels_bench.mjs
//
// The graphs are build_bench() of tests/unit/test_wasm_emit.c: add+relu over
// 1M floats, a 3-op fused chain over 1M floats, a softmax over 1024 rows of
// 1024, float32 sums and means in each loop shape (all of 1M, rows, columns,
// [65536, 16] over dim 0, two or three reduced dims), softmax over dim 0 and a
// layer_norm of 1024x1024, a 256x256x256 matmul + bias + relu. The helper (`--bench DIR`)
// writes the modules and data and times the native eager run (fastest of 5);
// here each module runs as emitted and after Binaryen -O3 (fastest of 15
// calls on one instance, after 5 warm-up calls; the fastest run is the
// least disturbed by other processes), and its results are checked against the eager ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, run } from '../lib/repo.mjs';
import { compare, features, kernelHelper, loadCase, moduleText, prepareKernel, runKernel } from '../lib/kernels.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-bench-'));
try {
  const helper = await kernelHelper(dir);
  const r = await run(helper, ['--bench', dir], { timeout: 600000 });
  if (r.code !== 0) throw new Error(`${helper} --bench failed:\n${r.stderr}`);
  const cases = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  let binaryen = null;
  const bp = path.join(ROOT, 'wasm', 'node_modules', 'binaryen', 'index.js');
  if (fs.existsSync(bp)) binaryen = (await import(bp)).default;

  const fastest = (xs) => Math.min(...xs);
  /* one instance and memory per module; warm-up calls let V8 tier up */
  const time = (module, c) => {
    const k = prepareKernel(module, c);
    for (let r = 0; r < 5; r++) k.call();
    const ts = [];
    for (let r = 0; r < 15; r++) {
      const t0 = performance.now();
      k.call();
      ts.push(performance.now() - t0);
    }
    return fastest(ts);
  };
  const rows = [];
  for (const raw of cases) {
    const c = loadCase(dir, raw);
    const plain = new WebAssembly.Module(c.bytes);
    compare(c, runKernel(plain, c).outputs, c.name);
    const tPlain = time(plain, c);
    let tOpt = NaN;
    if (binaryen) {
      binaryen.setOptimizeLevel(3);
      binaryen.setShrinkLevel(1);
      const m = binaryen.parseText(moduleText(plain));
      m.setFeatures(features(binaryen));
      m.optimize();
      const opt = new WebAssembly.Module(m.emitBinary());
      m.dispose();
      compare(c, runKernel(opt, c).outputs, `${c.name} (optimised)`);
      tOpt = time(opt, c);
    }
    rows.push([c.name, c.eager_ms, tPlain, tOpt, c.nloops, c.code_size]);
  }
  const pad = (s, n) => String(s).padStart(n);
  console.log(
    `${'graph'.padEnd(28)}${pad('eager ms', 10)}${pad('wasm ms', 10)}${pad('opt ms', 10)}` +
      `${pad('eager/wasm', 12)}${pad('eager/opt', 11)}${pad('nests', 7)}${pad('bytes', 8)}`,
  );
  for (const [name, e, w, o, n, sz] of rows)
    console.log(
      `${name.padEnd(28)}${pad(e.toFixed(3), 10)}${pad(w.toFixed(3), 10)}${pad(o.toFixed(3), 10)}` +
        `${pad((e / w).toFixed(2) + 'x', 12)}${pad((e / o).toFixed(2) + 'x', 11)}${pad(n, 7)}${pad(sz, 8)}`,
    );
  console.log('(eager: native C build of the eager kernels, fastest of 5 runs; wasm: Node ' +
    `${process.version}, as emitted / after Binaryen -O3, fastest of 15 calls on one instance after 5 warm-up calls)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
