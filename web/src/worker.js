// The compiler's home: a module Web Worker, so a runaway program never
// freezes the page (the page terminates this worker to stop it).
//
// Start-up: the core (dynawasm-HASH.wasm) and Binaryen (binaryen-HASH.wasm
// plus its small script) load in parallel, each compiled while it
// downloads and kept in the Cache API (assets.js); progress is reported in
// bytes.
//
// Protocol (page -> worker): {type:'run', id, source, options}, {type:'reset'}
// (worker -> page): {type:'progress', text, loaded?, total?},
//   {type:'ready', ms, cached}, {type:'fatal', message},
//   {type:'result', id, report, ms},
//   {type:'failure', id, message} (the host API threw: a compiler bug).
import { loadModule, pruneCache } from './assets.js';

/* global __DW_ASSETS__ */
const ASSETS = typeof __DW_ASSETS__ === 'object' ? __DW_ASSETS__ : { core: null, binaryen: null };
const post = (m) => self.postMessage(m);
const t0 = performance.now();
let compiler = null;

const phases = {};
const phase = (name) => { phases[name] = Math.round(performance.now()); }; // since the worker was created
phase("started");
const MB = (n) => (n / 1e6).toFixed(1);

const ready = (async () => {
  const url = (a) => new URL(a.url, import.meta.url).href;
  const files = [ASSETS.core, ASSETS.binaryen].filter(Boolean);
  const total = files.reduce((n, a) => n + a.bytes, 0);
  let loaded = 0;
  let last = 0;
  const onBytes = (n) => {
    loaded += n;
    const now = performance.now();
    if (now - last > 50 || loaded >= total) {
      last = now;
      post({ type: 'progress', text: `Loading the compiler: ${MB(Math.min(loaded, total))} of ${MB(total)} MB`, loaded: Math.min(loaded, total), total });
    }
  };
  post({ type: 'progress', text: 'Loading the compiler…', loaded: 0, total });
  let cached = true;
  let binaryenFailed;
  const binaryenError = new Promise((_, reject) => { binaryenFailed = reject; });
  // Binaryen: its script instantiates the module we hand it (the split
  // build; see web/split-binaryen.mjs), or decodes its own (the fallback).
  const binaryenModule = ASSETS.binaryen ? loadModule(url(ASSETS.binaryen), onBytes, ASSETS.binaryen.bytes) : null;
  if (binaryenModule) {
    self.__dynawasmBinaryenOptions = {
      instantiateWasm(imports, done) {
        binaryenModule.then(({ module, cached: c }) => { phase('binaryen_compiled'); cached &&= c; return WebAssembly.instantiate(module, imports); })
          .then((instance) => { phase('binaryen_instantiated'); done(instance); }, (e) => binaryenFailed(e));
        return {};
      },
    };
  }
  const [{ createCompiler }, core, binaryen] = await Promise.all([
    import('dynawasm-browser'),
    ASSETS.core ? loadModule(url(ASSETS.core), onBytes, ASSETS.core.bytes).then((r) => { phase('core_compiled'); return r; }) : { module: null, cached: true },
    // without the split, createCompiler imports Binaryen itself
    binaryenModule ? Promise.race([import('binaryen').then((m) => m.default ?? m), binaryenError]) : undefined,
  ]);
  cached &&= core.cached;
  compiler = await createCompiler(core.module ? { wasmModule: core.module, binaryen } : { binaryen });
  phase('ready');
  post({ type: 'ready', ms: performance.now() - t0, cached, phases });
  pruneCache(files.map(url)).catch(() => {});
  return true;
})().catch((e) => {
  post({ type: 'fatal', message: String((e && e.message) || e) });
  return false;
});

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (!(await ready)) {
    if (msg.type === 'run') post({ type: 'failure', id: msg.id, message: 'The compiler failed to load.' });
    return;
  }
  if (msg.type === 'reset') {
    compiler.reset();
    return;
  }
  if (msg.type !== 'run') return;
  const start = performance.now();
  try {
    let report = compiler.run(msg.source, msg.options || {});
    if (typeof report === 'string') report = JSON.parse(report);
    post({ type: 'result', id: msg.id, report, ms: performance.now() - start });
  } catch (e) {
    post({ type: 'failure', id: msg.id, message: String((e && e.stack) || e) });
  }
};
