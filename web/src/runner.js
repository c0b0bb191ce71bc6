// Talks to the compiler worker: start, run, stop (terminate + restart).
//
// Runs are serialised. Stop ends the running program (the worker is
// terminated and a new one started) and cancels every run queued behind it;
// a new run of a kind ('main', 'compare') replaces a queued, not yet
// started run of the same kind (run-on-change, repeated Ctrl+Enter).
/* global __DW_WORKER_URL__ */
// The worker's file (content-hashed by the build: web/build.mjs).
const WORKER_URL = typeof __DW_WORKER_URL__ === 'string' ? __DW_WORKER_URL__ : './worker.js';

export class StopError extends Error {
  /** @param {'stopped'|'superseded'} why */
  constructor(why = 'stopped') {
    super(why === 'superseded' ? 'Run replaced by a newer one' : 'Run stopped');
    this.name = 'StopError';
    this.why = why;
  }
}

export class Runner {
  /** onState({state, text, ms, loaded?, total?, cached?, phases?}) with state in loading|ready|running|failed|binaryen|phases. */
  constructor(onState) {
    this.onState = onState;
    this.worker = null;
    this.nextId = 1;
    this.pending = null;      // the run in the worker: {id, resolve, reject}
    this.queued = [];         // runs waiting for their turn: {kind, epoch, cancel}
    this.chain = Promise.resolve();
    this.epoch = 0;           // bumped by stop(): older queued runs are cancelled
    this.start();
  }

  start() {
    this.state = 'loading';
    let resolveReady, rejectReady;
    this.ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
    this.ready.catch(() => {});
    this._rejectReady = rejectReady;
    // The first worker may have been started by index.html already.
    const pre = !this.worker && globalThis.__dynawasmWorker;
    if (pre) globalThis.__dynawasmWorker = null;
    const w = pre ? pre.worker : new Worker(new URL(WORKER_URL, document.baseURI), { type: 'module', name: 'dynawasm-compiler' });
    this.worker = w;
    this.emit('loading', 'Starting the compiler worker…');
    w.onmessage = (ev) => {
      if (w !== this.worker) return;
      const m = ev.data || {};
      if (m.type === 'progress') this.emit(this.state, m.text, undefined, { loaded: m.loaded, total: m.total });
      else if (m.type === 'ready') { this.state = 'ready'; this.emit('ready', 'Compiler ready', m.ms, { cached: m.cached, phases: m.phases }); resolveReady(); }
      else if (m.type === 'binaryen') this.emit('binaryen', m.state, m.ms);
      else if (m.type === 'fatal') { this.state = 'failed'; this.loadError = m.message; this.emit('failed', m.message); rejectReady(new Error(m.message)); }
      else if ((m.type === 'result' || m.type === 'failure') && this.pending && this.pending.id === m.id) {
        const p = this.pending;
        this.pending = null;
        if (m.type === 'result') {
          if (m.phases) this.emit('phases', '', undefined, { phases: m.phases }); // (with the prerun's steps)
          p.resolve({ report: m.report, ms: m.ms, prerun: !!m.prerun, waitedMs: typeof m.waitedMs === 'number' ? m.waitedMs : null });
        }
        else p.reject(Object.assign(new Error(m.message), { internal: true }));
      }
    };
    w.onerror = (ev) => {
      if (w !== this.worker) return;
      ev.preventDefault && ev.preventDefault();
      const msg = `The compiler worker failed: ${ev.message || 'script error'}`;
      if (this.state === 'loading') { this.state = 'failed'; this.loadError = msg; this.emit('failed', msg); rejectReady(new Error(msg)); }
      if (this.pending) { const p = this.pending; this.pending = null; p.reject(Object.assign(new Error(msg), { internal: true })); }
    };
    // (after the constructor returned: the page's handlers may use this Runner)
    if (pre) queueMicrotask(() => { for (const ev of pre.early) (ev.type === 'message' ? w.onmessage : w.onerror)(ev); });
  }

  emit(state, text, ms, extra) { this.onState && this.onState({ state, text, ms, ...extra }); }

  /**
   * Runs one program after the runs before it. Resolves {report, ms};
   * rejects with StopError if stopped or replaced before or while it runs.
   */
  run(source, options, kind = 'main') {
    for (const q of this.queued) if (q.kind === kind) q.cancel('superseded');
    const epoch = this.epoch;
    let cancelled = null;
    const entry = { kind, cancel: (why) => { cancelled = why; } };
    this.queued.push(entry);
    const job = this.chain.then(() => {
      this.queued = this.queued.filter((q) => q !== entry);
      if (cancelled) throw new StopError(cancelled);
      if (epoch !== this.epoch) throw new StopError('stopped');
      return this._run(source, options);
    });
    this.chain = job.catch(() => {});
    return job;
  }

  async _run(source, options) {
    const worker = this.worker;
    await this.ready;
    if (worker !== this.worker) throw new StopError();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, resolve, reject };
      this.emit('running', 'Running…');
      // sentAt: the worker measures how long the message waited for its thread
      // (whatever it does between runs delays the run)
      worker.postMessage({ type: 'run', id, source, options, sentAt: performance.timeOrigin + performance.now() });
    }).finally(() => { if (worker === this.worker && this.state === 'ready') this.emit('ready', ''); });
  }

  get busy() { return !!this.pending; }

  /** Terminates the worker (and a runaway program in it), cancels the queued runs, starts a new worker. */
  stop() {
    this.epoch++;
    for (const q of this.queued) q.cancel('stopped');
    const p = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.worker = null;
    this._rejectReady(new StopError());
    if (p) p.reject(new StopError());
    this.start();
  }
}
