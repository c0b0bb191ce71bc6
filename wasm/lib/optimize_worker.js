// optimize_worker.js - the Node worker thread of WorkerOptimizer
// (node_host.js): imports Binaryen once, optimises the kernels it is sent,
// writes each result to the kernel cache on disk (when there is one),
// compiles it as the main thread would (compileKernel: V8's optimising tier)
// and posts both back: the main thread only instantiates the module.
import { workerData } from 'node:worker_threads';
import { binaryenOptimize } from './kernels.js';
import { encodeEntry } from './cache.js';
import { compileKernel, optimizerStopped, writeEntry } from './node_host.js';

const port = workerData.port;
let binaryen = null;

port.on('message', async (m) => {
  if (optimizerStopped()) {
    port.close(); // the compiler was disposed: nothing is left to do
    return;
  }
  try {
    if (!binaryen) {
      const mod = await import('binaryen');
      binaryen = mod.default ?? mod;
    }
    const res = binaryenOptimize(binaryen, m.bytes, m);
    let stored = false;
    if (m.dir && m.file) {
      writeEntry(m.dir, m.file, encodeEntry(m.bytes, res));
      stored = true;
    }
    let module = null;
    try {
      module = compileKernel(res.optimized);
    } catch {
      module = null; // the main thread compiles it and reports the error
    }
    port.postMessage({ id: m.id, optimized: res.optimized, module, wat: res.wat, optimizeMs: res.optimizeMs, stored });
  } catch (e) {
    port.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
});
