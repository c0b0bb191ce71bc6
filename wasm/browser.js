// browser.js - the browser (and Web Worker) entry of the dynawasm package.
//
//   import { createCompiler } from 'dynawasm';
//   const c = await createCompiler();            // fetches dist/dynawasm.wasm
//   const c = await createCompiler({ wasmUrl }); // or from elsewhere
//
// The literal `new URL('./dist/dynawasm.wasm', import.meta.url)` lets
// bundlers (Vite, webpack, esbuild) copy the wasm file next to the bundle.
//
// Binaryen in a worker of its own (runs then never wait for it):
//   // optimizer.js, started as new Worker(url, {type: 'module'})
//   import { serveOptimizer } from 'dynawasm';
//   serveOptimizer(self, async () => (await import('binaryen')).default);
//   // the compiler's thread
//   const c = await createCompiler({ optimizerWorker: worker });
import { Compiler } from './lib/core.js';
import { CacheApiStore } from './lib/cache.js';
import { PortOptimizer } from './lib/port_optimizer.js';

export { Compiler } from './lib/core.js';
export { serveOptimizer } from './lib/port_optimizer.js';
export { LOG_CHANNELS, parseLogs } from './lib/options.js';
export { explainText } from './lib/format.js';

/** Default location of the core module (a URL next to this file). */
export const wasmUrl = new URL('./dist/dynawasm.wasm', import.meta.url);
/** Node entry only. */
export const wasmPath = undefined;

async function fetchModule(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`dynawasm: cannot fetch ${url}: HTTP ${res.status}`);
  const type = res.headers.get('content-type') ?? '';
  if (WebAssembly.compileStreaming && type.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
}

/**
 * The browser's host: the kernel cache in the Cache API (`cache: true` or a
 * cache name); Binaryen in the worker `optimizerWorker` if given (a Worker
 * or MessagePort whose other end runs serveOptimizer), else on this thread
 * while it is idle between runs (optimizer.js).
 */
const browserHost = {
  makeStore(opts) {
    if (!opts.cache || !CacheApiStore.available()) return null;
    return new CacheApiStore(typeof opts.cache === 'string' ? opts.cache : undefined);
  },
  makeOptimizer(opts) {
    const w = opts.optimizerWorker;
    if (w == null) return null;
    if (typeof w.postMessage !== 'function' || typeof w.addEventListener !== 'function') {
      throw new TypeError('optimizerWorker must be a Worker or a MessagePort');
    }
    return new PortOptimizer(w);
  },
};

/**
 * Loads the compiler (the core module; Binaryen only when a kernel is to
 * be optimised, unless `tier: 'optimized'` or `warmup`).
 * @param {import('./index.js').CompilerOptions} [opts]
 * @returns {Promise<Compiler>}
 */
export async function createCompiler(opts = {}) {
  const wasm = opts.wasmModule ?? opts.wasmBytes ?? (await fetchModule(opts.wasmUrl ?? wasmUrl));
  return Compiler.create(wasm, opts, browserHost);
}
