// optimizer.js - produces the optimised tier of kernels in the background
// on the calling thread: jobs run one per task (setTimeout), so only while
// the thread is idle between runs, with Binaryen imported on first need.
// The browser entry uses it (the playground runs the compiler in a worker,
// so this is off the page's thread); Node uses a worker thread instead
// (node_host.js).

/**
 * @typedef {object} OptimizeJob
 * @property {Uint8Array} bytes    the emitted module
 * @property {string|null} text    its annotated text (custom section)
 * @property {number} optimizeLevel
 * @property {number} shrinkLevel
 * @property {boolean} relaxed     the module may hold relaxed SIMD
 * @property {string} recipe       the levels as the cache's key has them
 *
 * @typedef {object} Optimizer
 * @property {(job: OptimizeJob, done: (res: {optimized: Uint8Array, wat: string|null,
 *   optimizeMs: number, stored?: boolean, module?: WebAssembly.Module|null,
 *   fromStore?: boolean}|null) => void) => void} request
 *   (module: `optimized` already compiled by the engine, as the host's
 *   compileKernel would; fromStore: found in the persistent cache, written
 *   there by another process while the job waited, not optimised here)
 * @property {() => void} poll    applies finished jobs now (where possible)
 * @property {() => void} close
 * @property {() => number} [handOff]  closes it and has the unfinished
 *   jobs completed into the persistent cache by another process (Node)
 */

import { binaryenOptimize } from './kernels.js';

/** @implements {Optimizer} */
export class IdleOptimizer {
  /** @param {() => Promise<any>} loadBinaryen */
  constructor(loadBinaryen) {
    this.loadBinaryen = loadBinaryen;
    this.binaryen = null;
    this.queue = [];
    this.scheduled = false;
    this.closed = false;
  }

  request(job, done) {
    this.queue.push({ job, done });
    this.#schedule();
  }

  #schedule() {
    if (this.scheduled || this.closed || !this.queue.length) return;
    this.scheduled = true;
    const t = setTimeout(() => this.#step(), 0);
    t?.unref?.(); // never keeps a Node process alive
  }

  async #step() {
    this.scheduled = false;
    if (this.closed) return;
    const item = this.queue.shift();
    if (!item) return;
    let res = null;
    try {
      this.binaryen ??= await this.loadBinaryen();
      if (this.binaryen) res = binaryenOptimize(this.binaryen, item.job.bytes, item.job);
    } catch {
      res = null; // the emitted tier stays
    }
    if (!this.closed) item.done(res);
    this.#schedule();
  }

  poll() {}

  close() {
    this.closed = true;
    this.queue = [];
  }
}
