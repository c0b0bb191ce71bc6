// node_host.js - what the Node entry (index.js) adds to the compiler:
//
//   compileKernel   kernels compiled by V8's optimising compiler at once
//                   (V8 first runs a module in its baseline tier and tiers
//                   a function up only between calls of it, so a kernel
//                   would run its first calls several times slower);
//   NodeStore       the kernel cache on disk (cache.js);
//   WorkerOptimizer Binaryen in a worker thread (optimize_worker.js), so the
//                   main thread never waits for it: results are picked up
//                   synchronously (receiveMessageOnPort) whenever the host
//                   gets control, and the worker writes them to the store
//                   itself, so a short-lived CLI process that exits before
//                   they arrive still leaves them for the next one. The
//                   worker also compiles Binaryen's module (compileKernel)
//                   and posts the compiled module: swapping it in costs the
//                   main thread an instantiation (~0.2 ms), not a TurboFan
//                   compile inside a kernel call (15 ms CPU for the MLP's).
//                   With a start delay (the CLI's), the worker starts only
//                   once a kernel has waited that long (and is not in the
//                   store by then: the detached optimiser of an earlier
//                   run may have put it there), so a short program
//                   never shares the cores with Binaryen's start-up; what
//                   is still waiting when it ends goes to a detached
//                   process (handOff, optimize_later.js) that writes it to
//                   the store for the next process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { MessageChannel, Worker, isMainThread, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { decodeEntry, encodeEntry, entryName } from './cache.js';
import { relaxedSimdSupported } from './kernels.js';

let eagerTier = true;

/* V8 reads the core's compilationHints section (wasm/compile_hints.mjs:
 * the functions of a replayed call compiled with the module, not at the
 * first replayed call) only with this flag; modules without the section
 * are compiled as before. Set before the core is compiled (index.js
 * imports this file first). */
try {
  v8.setFlagsFromString('--experimental-wasm-compilation-hints');
} catch {
  /* an engine without it: the first replayed call compiles them */
}

/* V8's flags are per process, and the optimiser's workers compile
 * Binaryen's modules the same way as the main thread compiles the emitted
 * ones. Each thread counts its compiles inside the window with Liftoff off
 * in its own slot (the thread that loads this file: 1; its workers: 2 ..
 * FLAG_SLOTS - 1, one each; -1 once retired) under the short lock [0]: the
 * first to enter switches Liftoff off, the last to leave switches it back
 * on, and no thread waits for another's compile. Workers are never
 * terminated (that could leave their window open): close() raises the
 * worker's stop flag ([FLAG_SLOTS + slot]) and the worker exits between
 * jobs; a worker that dies anyway is retired by this thread, which then
 * switches Liftoff back on if no one else is compiling. */
const FLAG_SLOTS = 66;
const inWorker = !isMainThread && workerData?.dwFlagState instanceof Int32Array;
const flagState = inWorker ? workerData.dwFlagState : new Int32Array(new SharedArrayBuffer(8 * FLAG_SLOTS));
const flagSlot = inWorker ? workerData.dwFlagSlot : 1;
let nextFlagSlot = 2; // the next worker's (workers of this thread)

function setEagerFlags(on) {
  v8.setFlagsFromString(on ? '--no-liftoff' : '--liftoff');
  v8.setFlagsFromString(on ? '--no-wasm-lazy-compilation' : '--wasm-lazy-compilation');
}

/** fn(compiles in the window) under the lock; undefined if the lock stays
 * taken for 2 s (a thread died holding it: then nobody switches flags). */
function flagLocked(fn) {
  const t0 = Date.now();
  while (Atomics.compareExchange(flagState, 0, 0, 1) !== 0) {
    if (Date.now() - t0 > 2000) return undefined;
    Atomics.wait(flagState, 0, 1, 1);
  }
  try {
    let open = 0;
    for (let i = 1; i < FLAG_SLOTS; i++) if (flagState[i] > 0) open += flagState[i];
    return fn(open);
  } finally {
    Atomics.store(flagState, 0, 0);
    Atomics.notify(flagState, 0);
  }
}

/** Enters (true) or leaves (false) the window; whether it entered. */
function eagerWindow(enter) {
  if (flagSlot < 1) return false;
  return flagLocked((open) => {
    if (enter) {
      if (flagState[flagSlot] < 0) return false; // retired
      if (open === 0) setEagerFlags(true);
      flagState[flagSlot]++;
    } else if (flagState[flagSlot] > 0) {
      flagState[flagSlot]--;
      if (open === 1) setEagerFlags(false);
    }
    return true;
  }) === true;
}

/** A worker of this thread is gone: its slot no longer counts. */
function retireFlagSlot(slot) {
  if (slot < 2) return;
  flagLocked((open) => {
    if (flagState[slot] > 0 && open === flagState[slot]) setEagerFlags(false);
    flagState[slot] = -1;
  });
}

/**
 * For this project's own processes only (the CLI, tests, benchmarks; the
 * package never calls it, so a user's process keeps its V8 flags): turns
 * on V8's relaxed SIMD where it is behind a flag (Node 20), before any
 * kernel is compiled. Returns whether the engine now runs relaxed SIMD.
 */
export function enableRelaxedSimd() {
  if (relaxedSimdSupported()) return true;
  try {
    v8.setFlagsFromString('--experimental-wasm-relaxed-simd');
  } catch {
    return false;
  }
  return relaxedSimdSupported();
}

/** In an optimiser worker: whether its WorkerOptimizer was closed. */
export function optimizerStopped() {
  return inWorker && flagSlot >= 2 && Atomics.load(flagState, FLAG_SLOTS + flagSlot) === 1;
}

/**
 * Compiles a kernel module with TurboFan directly (no Liftoff, no lazy
 * compilation): a few ms for a kernel, and its first call runs optimised
 * code. Falls back to a plain compile if V8 refuses the flags.
 * @param {Uint8Array} bytes
 */
export function compileKernel(bytes) {
  if (!eagerTier) return new WebAssembly.Module(bytes);
  try {
    if (!eagerWindow(true)) return new WebAssembly.Module(bytes);
  } catch {
    eagerTier = false;
    return new WebAssembly.Module(bytes);
  }
  try {
    return new WebAssembly.Module(bytes);
  } finally {
    eagerWindow(false);
  }
}

/**
 * Puts every thread of this process at the lowest scheduling priority (nice
 * 19), for the detached optimiser (optimize_later.js), which fills the
 * cache for later runs and must not compete with the user's next run. On
 * Linux a nice value is per thread: os.setPriority(n) alone would lower
 * only the calling thread and leave the threads V8 started before it (they
 * compile Binaryen's module while it loads) at normal priority; threads
 * started later inherit the value. Elsewhere the process is lowered as a
 * whole. Where it is refused nothing changes. Returns how many threads
 * were lowered.
 *
 * Not for a process that runs a program: V8's background threads hold
 * locks its main thread waits for (session 5 measured the CLI's compile
 * call 1.6x longer with them lowered on a busy machine).
 */
export function lowestPriority() {
  const NICE = 19;
  const lower = (id) => {
    try {
      if (os.getPriority(id) >= NICE) return 0;
      os.setPriority(id, NICE);
      return 1;
    } catch {
      return 0;
    }
  };
  if (process.platform !== 'linux') return lower(0);
  let tids;
  try {
    tids = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    return lower(0);
  }
  let n = 0;
  for (const tid of tids) n += lower(tid);
  return n;
}

/** The default cache directory: $DYNAWASM_CACHE_DIR, else $XDG_CACHE_HOME/dynawasm, else ~/.cache/dynawasm. */
export function defaultCacheDir() {
  if (process.env.DYNAWASM_CACHE_DIR !== undefined) return process.env.DYNAWASM_CACHE_DIR || null;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'dynawasm', 'kernels');
}

/** Optimised kernels as files in a directory (created on first write). */
export class NodeStore {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
  }

  #file(recipe, input) {
    return path.join(this.dir, `${entryName(recipe, input)}.kernel`);
  }

  getSync(recipe, input) {
    let bytes;
    try {
      bytes = fs.readFileSync(this.#file(recipe, input));
    } catch {
      return null;
    }
    return decodeEntry(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), input);
  }

  put(recipe, input, res) {
    writeEntry(this.dir, this.#file(recipe, input), encodeEntry(input, res));
  }
}

/** Writes a file atomically (temporary name, then rename); failures only cost speed. */
export function writeEntry(dir, file, bytes) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
  } catch {
    /* a read-only or full disk: the kernel is simply not cached */
  }
}

/** The spool of a store: jobs handed over to a detached optimiser. */
export function spoolDir(storeDir) {
  return path.join(storeDir, 'spool');
}

/** The lock of the detached optimiser of a store (its pid; refreshed per job). */
export function spoolLock(storeDir) {
  return path.join(spoolDir(storeDir), 'optimizer.pid');
}

/** A detached optimiser works on this store now (its lock is fresh and its process alive). */
function optimizerRunning(storeDir) {
  try {
    const lock = spoolLock(storeDir);
    if (Date.now() - fs.statSync(lock).mtimeMs > 30000) return false;
    process.kill(Number(fs.readFileSync(lock, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes jobs ({file, bytes, text, optimizeLevel, shrinkLevel, relaxed}) to the
 * store's spool and starts a detached optimiser (optimize_later.js) unless
 * one is at work on it; false if the jobs could not be written.
 */
export function spoolJobs(storeDir, jobs) {
  const dir = spoolDir(storeDir);
  const name = path.join(dir, `${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const text = JSON.stringify(jobs.map((j) => ({ ...j, bytes: Buffer.from(j.bytes).toString('base64') })));
  writeEntry(dir, name, text);
  if (!fs.existsSync(name)) return false;
  if (!optimizerRunning(storeDir)) {
    try {
      // --liftoff-only: V8 runs Binaryen's wasm in its baseline tier and
      // never compiles it with TurboFan. The optimised kernels are the same
      // bytes; the optimiser of one MLP run takes 0.8-1.0 s CPU instead of
      // 2.2-2.8 s (most of it TurboFan on Binaryen's module, on threads
      // the user's next run competes with).
      const child = spawn(process.execPath, ['--liftoff-only', fileURLToPath(new URL('./optimize_later.js', import.meta.url)), storeDir], {
        detached: true,
        stdio: 'ignore',
      });
      child.on('error', () => {}); // no process: the jobs wait for the next one
      child.unref();
    } catch {
      /* the jobs stay in the spool for the next detached optimiser */
    }
  }
  return true;
}

/** @implements {import('./optimizer.js').Optimizer} */
export class WorkerOptimizer {
  /** @param {{storeDir: string|null, delayMs?: number}} o (delayMs: the
   * worker starts once the oldest job has waited that long; 0: at once) */
  constructor(o) {
    this.storeDir = o.storeDir;
    this.delayMs = o.delayMs ?? 0;
    this.worker = null;
    this.port = null;
    this.nextId = 1;
    /** @type {Map<number, {done: Function, msg: object}>} */
    this.pending = new Map();
    this.queued = []; // messages held back by the delay
    this.firstQueued = 0;
    this.failed = false;
    this.closed = false;
  }

  #start() {
    const { port1, port2 } = new MessageChannel();
    // a slot in the flag window (none left: the worker posts modules
    // uncompiled and this thread compiles them)
    this.flagSlot = nextFlagSlot < FLAG_SLOTS ? nextFlagSlot++ : -1;
    this.worker = new Worker(new URL('./optimize_worker.js', import.meta.url), {
      workerData: { port: port2, dwFlagState: flagState, dwFlagSlot: this.flagSlot },
      transferList: [port2],
    });
    this.worker.unref(); // never keeps the process alive
    const gone = () => {
      retireFlagSlot(this.flagSlot);
      this.#fail();
    };
    this.worker.on('error', gone);
    this.worker.on('exit', gone);
    this.port = port1;
    this.port.on('message', (m) => this.#done(m));
    this.port.unref();
  }

  #fail() {
    this.failed = true;
    for (const p of this.pending.values()) p.done(null);
    this.pending.clear();
    this.queued = [];
  }

  #done(m) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    p.done(m.error ? null : { optimized: m.optimized, module: m.module ?? null, wat: m.wat, optimizeMs: m.optimizeMs, stored: m.stored, fromStore: m.fromStore ?? false });
  }

  #post(msg) {
    if (!this.worker) this.#start();
    this.port.postMessage(msg);
  }

  /** Posts the held-back jobs once the oldest has waited delayMs. */
  #release() {
    if (!this.queued.length || Date.now() - this.firstQueued < this.delayMs) return;
    const q = this.queued;
    this.queued = [];
    // while they waited another process (the detached optimiser of an
    // earlier run) may have stored them: those need no Binaryen here
    for (const msg of q) if (!this.#fromStore(msg)) this.#post(msg);
  }

  /** Completes a held-back job from the store if its entry is there now. */
  #fromStore(msg) {
    if (!msg.file) return false;
    let res;
    try {
      const bytes = fs.readFileSync(msg.file);
      res = decodeEntry(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), msg.bytes);
    } catch {
      return false;
    }
    if (!res) return false;
    this.#done({ id: msg.id, optimized: res.optimized, wat: res.wat, optimizeMs: 0, stored: true, fromStore: true });
    return true;
  }

  request(job, done) {
    if (this.failed || this.closed) return done(null);
    const id = this.nextId++;
    const file = this.storeDir ? path.join(this.storeDir, `${entryName(job.recipe, job.bytes)}.kernel`) : null;
    const msg = { id, bytes: job.bytes, text: job.text, optimizeLevel: job.optimizeLevel, shrinkLevel: job.shrinkLevel, relaxed: job.relaxed, dir: this.storeDir, file };
    this.pending.set(id, { done, msg });
    if (this.worker || this.delayMs <= 0) return this.#post(msg);
    if (!this.queued.length) this.firstQueued = Date.now();
    this.queued.push(msg);
    this.#release();
  }

  /** Applies every result that has arrived, synchronously (and starts
   * the worker when the delay is over). */
  poll() {
    this.#release();
    if (!this.port || !this.pending.size) return;
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) this.#done(m.message);
  }

  /** Whether results are still to come. */
  get busy() {
    return this.pending.size > 0;
  }

  /**
   * Closes the optimiser and hands the jobs it has not finished to a
   * detached process that writes their results to the store (none: they
   * are dropped). Returns how many were handed over.
   */
  handOff() {
    const jobs = [...this.pending.values()].map(({ msg }) => msg).filter((m) => m.file);
    this.close();
    if (!jobs.length || !this.storeDir) return 0;
    const out = jobs.map(({ bytes, text, optimizeLevel, shrinkLevel, relaxed, file }) => ({ bytes, text, optimizeLevel, shrinkLevel, relaxed, file }));
    return spoolJobs(this.storeDir, out) ? out.length : 0;
  }

  close() {
    this.closed = true;
    this.pending.clear();
    this.queued = [];
    // the worker exits after the job it is on (optimize_worker.js), never
    // inside a compile; it is unref'd, so it never keeps the process alive
    if (this.worker && this.flagSlot >= 2) Atomics.store(flagState, FLAG_SLOTS + this.flagSlot, 1);
    else this.worker?.terminate();
    this.worker = null;
    this.port?.close();
    this.port = null;
  }
}
