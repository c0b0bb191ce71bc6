// The compiler's home: a module Web Worker, so a runaway program never
// freezes the page (the page terminates this worker to stop it).
//
// Start-up: the compiler is ready as soon as its core (dynawasm-HASH.wasm)
// is compiled: the package's kernel tiers run each graph's kernel as the
// core emitted it and have Binaryen optimise it in the background, in a
// worker of this worker's own (optimizer-worker.js, optimizer-HASH.js; the
// package's PortOptimizer, wasm/lib/port_optimizer.js), swapping the
// optimised kernel in between runs; optimised kernels are kept in the Cache
// API for the next visit (`cache: true`). That worker is started at once,
// so it fetches and compiles Binaryen (binaryen-HASH.wasm plus its small
// script, web/split-binaryen.mjs) in parallel with the core; this thread
// never loads or runs Binaryen, so no run waits for it. The core is
// compiled while it downloads and kept in the Cache API (assets.js);
// progress is reported in bytes.
//
// Protocol (page -> worker): {type:'run', id, source, options, sentAt}, {type:'reset'}.
// Prerun: index.html starts this worker as `worker-HASH.js#prerun=` + the
//   URI-encoded JSON {source, options} of the program the page is expected
//   to run first; it runs as soon as the compiler is ready, and its result
//   is the answer to the first 'run' of exactly that source and those
//   options; any other first message discards it.
// (worker -> page): {type:'progress', text, loaded?, total?},
//   {type:'ready', ms, cached, phases}, {type:'binaryen', state: 'compiled'|'ready'|'failed', ms},
//   {type:'fatal', message}, {type:'result', id, report, ms, waitedMs, prerun, phases?}
//   (phases: the start-up steps again, with the prerun's, on the answer to
//   the first message; waitedMs: how long the run's message waited for
//   this thread),
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
// answered, Binaryen's worker is not told to start, so on 2 cores its
// start-up (instantiating Binaryen, its first jobs) does not compete with
// the first result.
let prerunClaimed = null; // resolves when the pending prerun was answered or dropped
let claimPrerun = () => {};
const afterPrerun = () => prerunClaimed || Promise.resolve();

// Binaryen's worker (optimizer-HASH.js, named by the build), started now:
// it fetches and compiles Binaryen's module while this thread loads the core.
/* global __DW_OPTIMIZER_URL__ */
const OPTIMIZER_URL = typeof __DW_OPTIMIZER_URL__ === 'string' ? __DW_OPTIMIZER_URL__ : null;
const binaryenFailed = (message) => post({ type: 'binaryen', state: 'failed', message, ms: performance.now() - t0 });
let optimizer = null;
if (OPTIMIZER_URL) {
  try {
    optimizer = new Worker(new URL(OPTIMIZER_URL, import.meta.url), { type: 'module', name: 'dynawasm-binaryen' });
  } catch (e) {
    binaryenFailed(`cannot start Binaryen's worker: ${(e && e.message) || e}`); // kernels stay as emitted
  }
}
if (optimizer) {
  optimizer.addEventListener('message', (ev) => {
    const m = ev.data || {};
    if (m.type !== 'binaryen') return;
    const name = { compiled: 'binaryen_compiled', ready: 'binaryen_ready' }[m.state];
    if (name) phases[name] = m.at;
    // (ms: since this worker started, on its clock, as for the other steps)
    post({ type: 'binaryen', state: m.state, ms: m.at - performance.timeOrigin - t0, ...(m.message ? { message: m.message } : {}) });
  });
  optimizer.addEventListener('error', (ev) => { ev.preventDefault(); binaryenFailed(`Binaryen's worker failed: ${ev.message || 'script error'}`); });
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
  compiler = await createCompiler({ ...(core.module ? { wasmModule: core.module } : {}), cache: true, ...(optimizer ? { optimizerWorker: optimizer } : {}) });
  phase('ready');
  post({ type: 'ready', ms: performance.now() - t0, cached: core.cached, phases });
  pruneCache([ASSETS.core, ASSETS.binaryen].filter(Boolean).map(url)).catch(() => {});
  afterPrerun().then(() => optimizer && optimizer.postMessage({ type: 'start' }));
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
  // How long the run waited for this thread (epoch ms on both sides): what
  // this thread did meanwhile (swapping optimised kernels in, storing them
  // in the Cache API) runs to its end.
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
