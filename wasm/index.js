// index.js - the Node entry of the dynawasm package.
//
//   import { createCompiler } from 'dynawasm';
//   const c = await createCompiler();
//   const report = c.run(source, { backend: 'wasm' });
//
// Reads dynawasm.wasm from the package (dist/) unless wasmBytes or
// wasmPath is given. See index.d.ts for the API and the run report.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Compiler } from './lib/core.js';
import { NodeStore, WorkerOptimizer, compileKernel, defaultCacheDir } from './lib/node_host.js';

export { Compiler } from './lib/core.js';
export { LOG_CHANNELS, parseLogs } from './lib/options.js';
export { explainText } from './lib/format.js';
export { serveOptimizer } from './lib/port_optimizer.js';

/** Location of the core module in this package. */
export const wasmUrl = new URL('./dist/dynawasm.wasm', import.meta.url);
export const wasmPath = fileURLToPath(wasmUrl);

/** Node's host (lib/node_host.js): V8's optimising tier at once, the cache on disk, Binaryen in a worker thread. */
const nodeHost = {
  compileKernel,
  makeStore(opts) {
    const dir = opts.cache === true ? defaultCacheDir() : typeof opts.cache === 'string' ? opts.cache : null;
    return dir ? new NodeStore(dir) : null;
  },
  makeOptimizer(opts, store) {
    const delayMs = opts.optimizeDelayMs ?? 0;
    if (typeof delayMs !== 'number' || !(delayMs >= 0)) {
      throw new TypeError(`optimizeDelayMs must be a number >= 0, not ${JSON.stringify(delayMs)}`);
    }
    return new WorkerOptimizer({ storeDir: store?.dir ?? null, delayMs });
  },
};

/**
 * Loads the compiler (the core module; Binaryen only when a kernel is to
 * be optimised, unless `tier: 'optimized'` or `warmup`).
 * @param {import('./index.js').CompilerOptions} [opts]
 * @returns {Promise<Compiler>}
 */
export async function createCompiler(opts = {}) {
  let wasm = opts.wasmModule ?? opts.wasmBytes;
  if (!wasm) {
    const path = opts.wasmPath ?? wasmPath;
    try {
      wasm = await readFile(path);
    } catch (e) {
      throw new Error(
        `dynawasm: cannot read ${path} (${e.code ?? e.message}); ` +
          'in a checkout, build it with: bash wasm/build.sh',
      );
    }
  }
  return Compiler.create(wasm, opts, nodeHost);
}
