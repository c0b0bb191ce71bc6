// port_optimizer.js - Binaryen in another (Web) worker, for the browser:
// the compiler's thread posts each emitted kernel there and swaps the
// optimised module in when it comes back, so a run never waits for
// Binaryen (its loading included) on the compiler's thread.
//
//   PortOptimizer    the compiler's side (an Optimizer: optimizer.js);
//   serveOptimizer   the worker's side: loads Binaryen on its first job
//                    and optimises the kernels it is sent, in order.
//
// Protocol, over a Worker, a worker's global scope or a MessagePort
// (messages of other types are left to other listeners):
//   -> {type: 'optimize', id, bytes, text, optimizeLevel, shrinkLevel, relaxed}
//   <- {type: 'optimized', id, optimized, wat, optimizeMs, module}
//      (module: `optimized` compiled by that worker's engine, or null)
//   <- {type: 'optimized', id, error}   (Binaryen failed or did not load)

import { binaryenOptimize } from './kernels.js';

/** @implements {import('./optimizer.js').Optimizer} */
export class PortOptimizer {
  /**
   * @param {Worker|MessagePort|any} port anything with postMessage and
   *   addEventListener('message') whose other end runs serveOptimizer
   */
  constructor(port) {
    this.port = port;
    this.nextId = 1;
    /** @type {Map<number, Function>} */
    this.pending = new Map();
    this.closed = false;
    this.failed = false;
    this.onMessage = (ev) => this.#receive(ev.data);
    // a Worker that fails to load or dies: its jobs end without a result
    this.onError = () => this.#fail();
    port.addEventListener('message', this.onMessage);
    port.addEventListener('error', this.onError);
    port.start?.(); // a MessagePort delivers only once started
  }

  request(job, done) {
    if (this.closed || this.failed) return done(null);
    const id = this.nextId++;
    this.pending.set(id, done);
    try {
      this.port.postMessage({
        type: 'optimize', id, bytes: job.bytes, text: job.text ?? null,
        optimizeLevel: job.optimizeLevel, shrinkLevel: job.shrinkLevel, relaxed: job.relaxed === true,
      });
    } catch {
      this.pending.delete(id);
      done(null);
    }
  }

  #receive(m) {
    if (!m || m.type !== 'optimized') return;
    const done = this.pending.get(m.id);
    if (!done) return;
    this.pending.delete(m.id);
    if (this.closed) return;
    done(m.error != null ? null : { optimized: m.optimized, module: m.module ?? null, wat: m.wat ?? null, optimizeMs: m.optimizeMs });
  }

  #fail() {
    this.failed = true;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    if (!this.closed) for (const done of waiting) done(null);
  }

  /** Results are events of this thread: nothing to pick up synchronously. */
  poll() {}

  /** Whether results are still to come. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Drops the jobs in flight (the worker is its owner's to terminate). */
  close() {
    this.closed = true;
    this.pending.clear();
    this.port.removeEventListener('message', this.onMessage);
    this.port.removeEventListener('error', this.onError);
  }
}

/**
 * Serves PortOptimizer's jobs on `port` (in a worker: its global scope),
 * one at a time in the order they came. Binaryen is loaded by
 * `loadBinaryen()` on the first job (a rejection fails every job).
 * @param {any} port
 * @param {() => Promise<any>} loadBinaryen
 */
export function serveOptimizer(port, loadBinaryen) {
  let binaryen = null;
  let chain = Promise.resolve();
  const job = async (m) => {
    let reply;
    try {
      binaryen ??= loadBinaryen();
      const res = binaryenOptimize(await binaryen, m.bytes, m);
      let module = null;
      try {
        module = new WebAssembly.Module(res.optimized);
      } catch {
        module = null; // the compiler's thread compiles it and reports the error
      }
      reply = { type: 'optimized', id: m.id, optimized: res.optimized, wat: res.wat, optimizeMs: res.optimizeMs, module };
    } catch (e) {
      reply = { type: 'optimized', id: m.id, error: e instanceof Error ? e.message : String(e) };
    }
    try {
      port.postMessage(reply);
    } catch {
      // an engine that cannot post a compiled module to that thread
      port.postMessage({ ...reply, module: null });
    }
  };
  port.addEventListener('message', (ev) => {
    const m = ev.data;
    if (m && m.type === 'optimize') chain = chain.then(() => job(m));
  });
  port.start?.();
}
