// hand.mjs - the hand-written kernels of tests/bench/hand_kernels.c, built
// with `emcc -O3 -msimd128` and instantiated (perf_bench.mjs, first_run.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds hand_kernels.c and returns its instance (throws without emcc). */
export async function loadHand() {
  const out = path.join(os.tmpdir(), `dw-hand-${process.pid}.wasm`);
  execFileSync(
    'emcc',
    ['-O3', '-msimd128', '-sSTANDALONE_WASM', '--no-entry', '-sALLOW_MEMORY_GROWTH=1', '-sINITIAL_MEMORY=67108864',
      path.join(here, 'hand_kernels.c'), '-o', out],
    { env: { ...process.env, NODE_PATH: '/usr/share/nodejs' }, stdio: 'pipe' },
  );
  const bytes = fs.readFileSync(out);
  fs.rmSync(out, { force: true });
  const stub = new Proxy({}, { get: () => () => 0 });
  const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: stub, env: stub });
  instance.exports._initialize?.();
  return instance;
}
