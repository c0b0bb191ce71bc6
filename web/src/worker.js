// The compiler's home: a module Web Worker, so a runaway program never
// freezes the page (the page terminates this worker to stop it).
//
// Start-up: the compiler is ready as soon as its core (dynawasm-HASH.wasm)
// is compiled: the package's kernel tiers run each graph's kernel as the
// core emitted it and have Binaryen optimise it in the background, between
// runs (wasm/lib/optimizer.js), swapping the optimised kernel in; optimised
// kernels are kept in the Cache API for the next visit (`cache: true`).
// Binaryen (binaryen-HASH.wasm plus its small script, web/split-binaryen.mjs)
// is fetched and compiled meanwhile, in parallel with the core, so it is
// there when the optimiser first asks for it. Both modules are compiled
// while they download and kept in the Cache API (assets.js); progress is
// reported in bytes.
//
// Protocol (page -> worker): {type:'run', id, source, options}, {type:'reset'}.
// Prerun: index.html starts this worker as `worker-HASH.js#prerun=` + the
//   URI-encoded JSON {source, options} of the program the page is expected
//   to run first; it runs as soon as the compiler is ready, and its result
//   is the answer to the first 'run' of exactly that source and those
//   options; any other first message discards it.
// (worker -> page): {type:'progress', text, loaded?, total?},
//   {type:'ready', ms, cached, phases}, {type:'binaryen', state: 'compiled'|'ready'|'failed', ms},
//   {type:'fatal', message}, {type:'result', id, report, ms, prerun, phases?}
//   (phases: the start-up steps again, with the prerun's, on the answer to
//   the first message),
//   {type:'failure', id, message} (the host API threw: a compiler bug).
import { loadModule, pruneCache } from './assets.js';

/* global __DW_ASSETS__ */
const ASSETS = typeof __DW_ASSETS__ === 'object' ? __DW_ASSETS__ : { core: null, binaryen: null };
const post = (m) => self.postMessage(m);
const t0 = performance.now();
let compiler = null;

// When each step finished, as a time stamp (ms since the epoch: the page
// converts them to its own clock; the start-up benchmark reads them).
const phases = { created: performance.timeOrigin }; // this worker's global scope
const phase = (name) => { phases[name] = performance.timeOrigin + performance.now(); };
phase('started');
const MB = (n) => (n / 1e6).toFixed(1);
const url = (a) => new URL(a.url, import.meta.url).href;

// A prerun's result waits for the page's first run: until that run is
// answered, Binaryen is not handed over, so the background optimiser
// (whose first job waits for Binaryen) does not take the thread the page's
// run needs (a job takes tens to hundreds of ms).
let prerunClaimed = null; // resolves when the pending prerun was answered or dropped
let claimPrerun = () => {};
const afterPrerun = () => prerunClaimed || Promise.resolve();

// Binaryen: its script instantiates the module handed to it here (the
// split build), or decodes its own (the fallback, ASSETS.binaryen null).
// From the Cache API (a later visit) it is compiled only once the compiler
// is ready and the prerun answered: reading its 9.9 MB module's code cache
// takes this thread for 40-100 ms, which the first result must not wait for.
if (ASSETS.binaryen) {
  const binaryenModule = loadModule(url(ASSETS.binaryen), () => {}, ASSETS.binaryen.bytes,
    { whenCached: () => ready.then(afterPrerun) });
  binaryenModule.then(() => { phase('binaryen_compiled'); post({ type: 'binaryen', state: 'compiled', ms: performance.now() - t0 }); },
    (e) => post({ type: 'binaryen', state: 'failed', message: String(e && e.message || e) }));
  self.__dynawasmBinaryenOptions = {
    instantiateWasm(imports, done) {
      Promise.all([binaryenModule, afterPrerun()]).then(([{ module }]) => WebAssembly.instantiate(module, imports)).then((instance) => {
        phase('binaryen_ready');
        post({ type: 'binaryen', state: 'ready', ms: performance.now() - t0 });
        done(instance);
      }, (e) => post({ type: 'binaryen', state: 'failed', message: String(e && e.message || e) }));
      return {};
    },
  };
}

const ready = (async () => {
  const total = ASSETS.core ? ASSETS.core.bytes : 0;
  let loaded = 0;
  let last = 0;
  const onBytes = (n) => {
    loaded = Math.min(total, loaded + n);
    const now = performance.now();
    if (now - last > 50 || loaded >= total) {
      last = now;
      post({ type: 'progress', text: `Loading the compiler: ${MB(loaded)} of ${MB(total)} MB`, loaded, total });
    }
  };
  post({ type: 'progress', text: 'Loading the compiler…', loaded: 0, total });
  const [{ createCompiler }, core] = await Promise.all([
    import('dynawasm-browser'),
    ASSETS.core ? loadModule(url(ASSETS.core), onBytes, ASSETS.core.bytes) : { module: null, cached: true },
  ]);
  phase('core_compiled');
  compiler = await createCompiler(core.module ? { wasmModule: core.module, cache: true } : { cache: true });
  phase('ready');
  post({ type: 'ready', ms: performance.now() - t0, cached: core.cached, phases });
  pruneCache([ASSETS.core, ASSETS.binaryen].filter(Boolean).map(url)).catch(() => {});
  return true;
})().catch((e) => {
  post({ type: 'fatal', message: String((e && e.message) || e) });
  return false;
});

/** One run: {report, ms} or {error} (the host API threw: a compiler bug). */
function runOnce(source, options) {
  const start = performance.now();
  try {
    let report = compiler.run(source, options || {});
    if (typeof report === 'string') report = JSON.parse(report);
    return { report, ms: performance.now() - start };
  } catch (e) {
    return { error: String((e && e.stack) || e) };
  }
}

/** A run's identity: its source and its options, keys sorted. */
const runKey = (source, options) => JSON.stringify([source, Object.keys(options || {}).sort().map((k) => [k, options[k]])]);

let prerun = null; // {key, result} of the prerun, until the first message

/**
 * The prerun index.html asked for in this worker's URL
 * (`#prerun=` + URI-encoded JSON {source, options}), or null. Not a message:
 * Chromium holds the messages posted to a worker before its script has run
 * and hands them over from the page's main thread, which is busy loading
 * the page (main.js) just then, so a posted prerun started 100-250 ms late.
 */
function prerunRequest() {
  try {
    const m = /(?:^#|&)prerun=([^&]*)/.exec(self.location.hash);
    const p = m ? JSON.parse(decodeURIComponent(m[1])) : null;
    return p && typeof p.source === 'string' ? { source: p.source, options: p.options || {} } : null;
  } catch {
    return null;
  }
}
const prerunReq = prerunRequest();
if (prerunReq) {
  prerunClaimed = new Promise((resolve) => { claimPrerun = resolve; });
  // (registered before any message's wait for `ready`: it runs first)
  ready.then((ok) => {
    if (!ok) return;
    phase('prerun_started');
    prerun = { key: runKey(prerunReq.source, prerunReq.options), result: runOnce(prerunReq.source, prerunReq.options) };
    phase('prerun_done');
  });
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  // How long the run waited for this thread (epoch ms on both sides): the
  // background optimiser's job (Binaryen, one kernel per task) runs to its end.
  const waitedMs = typeof msg.sentAt === 'number' ? Math.max(0, performance.timeOrigin + performance.now() - msg.sentAt) : null;
  if (!(await ready)) {
    if (msg.type === 'run') post({ type: 'failure', id: msg.id, message: 'The compiler failed to load.' });
    return;
  }
  const pre = prerun;
  prerun = null;
  // (after this message is handled, the optimiser may have the thread)
  if (pre) queueMicrotask(claimPrerun);
  if (msg.type === 'reset') {
    compiler.reset();
    return;
  }
  if (msg.type !== 'run') return;
  const r = pre && pre.key === runKey(msg.source, msg.options) ? pre.result : runOnce(msg.source, msg.options);
  if (r.error != null) post({ type: 'failure', id: msg.id, message: r.error });
  else post({ type: 'result', id: msg.id, report: r.report, ms: r.ms, waitedMs, prerun: !!pre && r === pre.result, ...(pre ? { phases } : {}) });
};
