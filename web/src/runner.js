// Talks to the compiler worker: start, run, stop (terminate + restart).
export class StopError extends Error {
  constructor() { super('Run stopped'); this.name = 'StopError'; }
}

export class Runner {
  /** onState({state, text, ms}) with state in loading|ready|running|failed. */
  constructor(onState) {
    this.onState = onState;
    this.worker = null;
    this.nextId = 1;
    this.pending = null;      // {id, resolve, reject}
    this.chain = Promise.resolve();
    this.start();
  }

  start() {
    this.state = 'loading';
    let resolveReady, rejectReady;
    this.ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
    this.ready.catch(() => {});
    this._rejectReady = rejectReady;
    const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'dynawasm-compiler' });
    this.worker = w;
    this.emit('loading', 'Starting the compiler worker…');
    w.onmessage = (ev) => {
      if (w !== this.worker) return;
      const m = ev.data || {};
      if (m.type === 'progress') this.emit(this.state, m.text);
      else if (m.type === 'ready') { this.state = 'ready'; this.emit('ready', 'Compiler ready', m.ms); resolveReady(); }
      else if (m.type === 'fatal') { this.state = 'failed'; this.loadError = m.message; this.emit('failed', m.message); rejectReady(new Error(m.message)); }
      else if ((m.type === 'result' || m.type === 'failure') && this.pending && this.pending.id === m.id) {
        const p = this.pending;
        this.pending = null;
        if (m.type === 'result') p.resolve({ report: m.report, ms: m.ms });
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
  }

  emit(state, text, ms) { this.onState && this.onState({ state, text, ms }); }

  /** Runs one program; runs are serialised. Resolves {report, ms}. */
  run(source, options) {
    const job = this.chain.then(() => this._run(source, options));
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
      worker.postMessage({ type: 'run', id, source, options });
    }).finally(() => { if (worker === this.worker && this.state === 'ready') this.emit('ready', ''); });
  }

  get busy() { return !!this.pending; }

  /** Terminates the worker (and a runaway program in it), starts a new one. */
  stop() {
    const p = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.worker = null;
    this._rejectReady(new StopError());
    if (p) p.reject(new StopError());
    this.start();
  }
}
