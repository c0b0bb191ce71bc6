// Binaryen's home: a module Web Worker started by the compiler's worker
// (worker.js), which hands it each kernel the core emitted and swaps the
// optimised module in when it comes back (wasm/lib/port_optimizer.js). So
// a run never waits for Binaryen, and loading Binaryen is this worker's
// job, never the compiler's.
//
// Binaryen's module (binaryen-HASH.wasm, 9.9 MB: web/split-binaryen.mjs) is
// fetched and compiled while it downloads, as soon as this worker starts
// (in parallel with the core's); its small script instantiates the module
// handed to it here (the split build), or decodes its own (the fallback,
// ASSETS.binaryen null). From the Cache API (a later visit) the module is
// compiled only once the compiler's worker says 'start' (the compiler is
// ready and the page's first run answered), and Binaryen is instantiated
// only then in any case: on 2 cores, neither competes with the first result.
//
// Protocol (compiler's worker -> here): {type: 'start'}, and the optimiser's
//   jobs (port_optimizer.js: {type: 'optimize', ...}).
// (here -> compiler's worker): {type: 'binaryen', state: 'compiled'|'ready'|'failed',
//   at (ms since the epoch), message?}, and the jobs' results.
import { serveOptimizer } from 'dynawasm-optimizer';
import { loadModule } from './assets.js';

/* global __DW_ASSETS__ */
const ASSETS = typeof __DW_ASSETS__ === 'object' ? __DW_ASSETS__ : { core: null, binaryen: null };
const at = () => performance.timeOrigin + performance.now();
const status = (state, message) => self.postMessage({ type: 'binaryen', state, at: at(), ...(message ? { message } : {}) });
const failed = (e) => status('failed', String((e && e.message) || e));

let start = () => {};
const started = new Promise((resolve) => { start = resolve; });
self.addEventListener('message', (ev) => { if (ev.data && ev.data.type === 'start') start(); });

if (ASSETS.binaryen) {
  const url = new URL(ASSETS.binaryen.url, import.meta.url).href;
  const binaryenModule = loadModule(url, () => {}, ASSETS.binaryen.bytes, { whenCached: () => started });
  binaryenModule.then(() => status('compiled'), failed);
  self.__dynawasmBinaryenOptions = {
    instantiateWasm(imports, done) {
      Promise.all([binaryenModule, started]).then(([{ module }]) => WebAssembly.instantiate(module, imports)).then((instance) => {
        status('ready');
        done(instance);
      }, failed);
      return {};
    },
  };
}

serveOptimizer(self, async () => {
  await started;
  const mod = await import('binaryen');
  const binaryen = mod.default ?? mod;
  if (!binaryen) throw new Error('Binaryen is not part of this build');
  // (the split script's module was instantiated by the hook above)
  if (!ASSETS.binaryen) status('ready');
  return binaryen;
});
