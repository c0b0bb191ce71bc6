// core.js - the compiler object shared by the Node and browser entries.
//
// A Compiler owns one instance of dynawasm.wasm (the C core) and one
// dw_session in it, plus the kernel cache (kernels.js). The core calls back
// into env.dw_host_compile (below) while it runs a program; that import
// compiles the kernel (its emitted tier at once, or its optimised tier from
// the kernel cache), instantiates it against the core's memory and puts it
// in the core's function table. Binaryen is loaded only when a kernel is to
// be optimised: in the background (kernels.js), unless `tier: 'optimized'`.
//
// If the core traps (a bug), the instance is thrown away and a new one is
// made from the same compiled module: run() then returns a report with an
// InternalError instead of throwing, and later runs work.

import { makeImports } from './imports.js';
import { KernelCache, Linker, binaryenOptimize, relaxedSimdSupported } from './kernels.js';
import { IdleOptimizer } from './optimizer.js';
import { LOG_CHANNELS, normalizeRunOptions } from './options.js';

const ABI = 4; // DW_WASM_ABI of wasm/dw_wasm.c
const REQUIRED_EXPORTS = [
  'memory',
  '__indirect_function_table',
  '_initialize',
  'dw_wasm_abi',
  'dw_wasm_alloc',
  'dw_wasm_free',
  'dw_wasm_set_host_frames_max',
  'dw_wasm_version',
  'dw_wasm_session_new',
  'dw_wasm_session_free',
  'dw_wasm_run',
  'dw_wasm_reset',
  'dw_wasm_selftest',
];
const ERRCAP = 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const now = () => globalThis.performance.now();

/**
 * The core's frames live on this thread's engine stack, which differs
 * between embedders (Node's main thread: 984 KB; Chromium's workers about
 * half). src/api.c's limit of 5600 counted C frames was measured on Node's
 * main thread; elsewhere it is scaled by how deep JS recursion goes here
 * compared with there, at most 1.5 times.
 *
 * The probe recurses through a pool of fresh functions, each called a few
 * dozen times at most, so every frame is an interpreter frame: a single
 * recursive function gets optimised while it recurses (V8 compiles it
 * concurrently), and its smaller frames then made the probe reach up to
 * 1.9 times deeper, at random, in a Chromium worker: the limit came out
 * too high and deep recursion crashed the core instead of raising
 * RecursionError. This probe reaches 8351 frames on Node 20's main thread
 * and 3986 in a Chromium 156 worker, every time. Without `new Function`
 * (a CSP without unsafe-eval) a single function is the fallback.
 */
function hostFramesMax() {
  const K = 256;
  let depth;
  try {
    const pool = [];
    for (let i = 0; i < K; i++) {
      // a distinct source per function: no shared compiled code
      pool.push(new Function('pool', 'n', `/* ${i} */ try { return pool[(n + 1) % ${K}](pool, n + 1); } catch { return n; }`));
    }
    depth = pool[0](pool, 0) / 8351;
  } catch {
    const probe = (n) => {
      try {
        return probe(n + 1);
      } catch {
        return n;
      }
    };
    depth = probe(0) / 10450;
  }
  return Math.max(500, Math.floor(HOST_FRAMES * Math.min(1.5, depth)));
}

/** src/api.c's frame limit (DW_HOST_FRAMES_MAX) for V8's default stack of
 * 984 KB (Node's main thread), where it was measured. */
const HOST_FRAMES = 5600;
const V8_STACK_KB = 984;

/** The frame limit for a thread whose engine stack is `kb` KB, when the
 * embedder knows it (CompilerOptions.stackSizeMb: a Node Worker's
 * resourceLimits.stackSizeMb, `node --stack-size`). */
function framesForStack(kb) {
  return Math.max(500, Math.floor((HOST_FRAMES * kb) / V8_STACK_KB));
}

/**
 * The kernel of selfTest(): out[i] = in[i] * factor + 1 over 8 floats, SIMD,
 * assembled here (no Binaryen needed):
 *   (func (export "kernel") (param $args i32) (result i32) (local $in $out $i i32)
 *     in = args[0]; out = args[1]
 *     loop: v128.store(out + i, f32x4.add(f32x4.mul(v128.load(in + i), splat(factor)), splat(1)))
 *           i += 16; br_if loop (i < 32)
 *     i32.const 0)
 */
function selftestModule(factor = 2) {
  const f32 = (v) => [...new Uint8Array(new Float32Array([v]).buffer)];
  const str = (t) => [t.length, ...new TextEncoder().encode(t)];
  const section = (id, content) => [id, content.length, ...content];
  const body = [
    1, 3, 0x7f, // locals: 3 x i32
    0x20, 0, 0x28, 2, 0, 0x21, 1, // in = i32.load(args)
    0x20, 0, 0x28, 2, 4, 0x21, 2, // out = i32.load offset=4 (args)
    0x03, 0x40, // loop
    0x20, 2, 0x20, 3, 0x6a, // out + i
    0x20, 1, 0x20, 3, 0x6a, 0xfd, 0x00, 4, 0, // v128.load(in + i)
    0x43, ...f32(factor), 0xfd, 0x13, 0xfd, 0xe6, 0x01, // f32x4.mul(., splat(factor))
    0x43, ...f32(1), 0xfd, 0x13, 0xfd, 0xe4, 0x01, // f32x4.add(., splat(1))
    0xfd, 0x0b, 4, 0, // v128.store
    0x20, 3, 0x41, 16, 0x6a, 0x21, 3, // i += 16
    0x20, 3, 0x41, 32, 0x49, 0x0d, 0, // br_if loop (i < 32)
    0x0b, 0x41, 0, 0x0b, // end loop; i32.const 0; end
  ];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 1, 0x7f, 1, 0x7f]),
    ...section(2, [1, ...str('env'), ...str('memory'), 2, 0, 1]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...str('kernel'), 0, 0]),
    ...section(10, [1, body.length, ...body]),
  ]);
}

/**
 * Loads the `binaryen` package unless one is given. `false`: none (graphs
 * of the wasm backend then run on the eager kernels, as natively).
 */
export async function loadBinaryen(given) {
  if (given === false) return null;
  if (given) return given;
  const mod = await import('binaryen');
  return mod.default ?? mod;
}

const TIERS = ['auto', 'optimized', 'emitted'];

/**
 * What an entry (index.js, browser.js) provides: how kernels are compiled
 * by the engine, the persistent kernel store and the background optimiser.
 * @typedef {object} Host
 * @property {(bytes: Uint8Array) => WebAssembly.Module} [compileKernel]
 * @property {(opts: object) => any} [makeStore]
 * @property {(opts: object, store: any) => any} [makeOptimizer]
 */

/** A report for a run that the core could not finish (docs/report.md). */
export function internalErrorReport(message, totalMs, extra = {}) {
  return {
    ok: false,
    stdout: '',
    stderr: extra.stderr ?? '',
    error: {
      type: 'InternalError',
      message,
      line: 0,
      col: 0,
      traceback: [],
      text: `InternalError: ${message}\n`,
    },
    marks: [],
    frames: [],
    graphs: [],
    explain: { graph_count: 0, graph_break_count: 0, op_count: 0, break_reasons: [], text: '' },
    time_ms: { total: totalMs },
    internal: true,
  };
}

function describe(e) {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

export class Compiler {
  /** @type {WebAssembly.Module} */ #module;
  #binaryen;
  /** @type {KernelCache|null} */ #kernels;
  /** @type {any} the live core instance (see #instantiate) */ #core = null;
  #hooks;
  #restarts = 0;
  #diag = '';
  #selftestBytes = null;
  #missing = [];
  /** the core's frame limit for this thread (hostFramesMax) */
  #framesMax = null;
  /** kernels may use relaxed SIMD (the engine has it, not switched off) */
  #relaxed = false;

  /**
   * Use createCompiler() of the package entry instead.
   * @param {WebAssembly.Module} module compiled dynawasm.wasm
   * @param {any} binaryen the binaryen module if loaded, null if not (yet),
   *   false for no kernel compiler
   * @param {import('../index.js').CompilerOptions} opts
   * @param {Host} [host]
   */
  constructor(module, binaryen, opts = {}, host = {}) {
    this.#module = module;
    this.#binaryen = binaryen || null;
    const tier = opts.tier ?? 'auto';
    if (!TIERS.includes(tier)) throw new TypeError(`tier must be one of ${TIERS.join(', ')}, not ${JSON.stringify(tier)}`);
    const rs = opts.relaxedSimd;
    if (rs != null && typeof rs !== 'boolean') throw new TypeError(`relaxedSimd must be a boolean, not ${JSON.stringify(rs)}`);
    if (rs === true && !relaxedSimdSupported()) {
      throw new Error('relaxedSimd: this engine does not run relaxed SIMD (Node 22+, Chrome 114+; Node 20: node --experimental-wasm-relaxed-simd)');
    }
    this.#relaxed = binaryen !== false && rs !== false && relaxedSimdSupported();
    const mb = opts.stackSizeMb;
    if (mb != null && !(typeof mb === 'number' && mb > 0 && mb <= 1024)) {
      throw new TypeError(`stackSizeMb must be a number of megabytes above 0, at most 1024, not ${JSON.stringify(mb)}`);
    }
    if (mb != null) this.#framesMax = framesForStack(mb * 1024);
    if (binaryen === false) {
      this.#kernels = null;
    } else {
      const store = opts.cache === false || !host.makeStore ? null : host.makeStore(opts);
      let optimizer = null;
      if (tier === 'auto') {
        // (the host's, if it has one for these options: Node's worker
        // thread, a browser's optimiser worker; else on this thread)
        optimizer = (!binaryen && host.makeOptimizer?.(opts, store)) ||
          new IdleOptimizer(() => loadBinaryen(binaryen || undefined));
      }
      this.#kernels = new KernelCache({
        tier,
        binaryen: this.#binaryen,
        compile: host.compileKernel ?? ((b) => new WebAssembly.Module(b)),
        optimizer,
        store,
        optimizeLevel: opts.optimizeLevel ?? 2,
        shrinkLevel: opts.shrinkLevel ?? 1,
        relaxed: this.#relaxed,
        onUpgrade: (entry) => {
          try {
            this.#core?.linker.relink(entry);
          } catch {
            /* the emitted tier stays in the slot */
          }
        },
      });
    }
    this.#hooks = { onKernel: opts.onKernel ?? null };
    this.#instantiate();
  }

  /**
   * @param {BufferSource|WebAssembly.Module} wasm the core module or its bytes
   * @param {import('../index.js').CompilerOptions} [opts]
   * @param {Host} [host]
   */
  static async create(wasm, opts = {}, host = {}) {
    // Binaryen is needed now only to optimise before first calls or to warm
    // it up; otherwise it is imported when the first kernel is optimised
    const eager = opts.binaryen === false ? false
      : opts.binaryen || opts.tier === 'optimized' || opts.warmup ? loadBinaryen(opts.binaryen) : null;
    const [module, binaryen] = await Promise.all([
      wasm instanceof WebAssembly.Module ? wasm : WebAssembly.compile(wasm),
      eager,
    ]);
    const c = new Compiler(module, binaryen, opts, host);
    if (opts.warmup && binaryen) c.#warmup(opts.warmup === true ? 1 : Number(opts.warmup));
    return c;
  }

  /** Version of the core (dw_version()). */
  get version() {
    const c = this.#live();
    return this.#cstring(c, c.exports.dw_wasm_version() >>> 0);
  }

  /** Imports of dynawasm.wasm that nothing implements (should be empty). */
  get missingImports() {
    return [...this.#missing];
  }

  /** Whether graphs of the wasm backend are compiled to WebAssembly kernels. */
  get hasKernelCompiler() {
    return this.#kernels !== null;
  }

  /**
   * Whether kernels may use relaxed SIMD (f32x4.relaxed_madd in exp,
   * softmax's exp and the matmul micro-kernel): the engine has it (feature-detected
   * when the compiler was made) and `relaxedSimd: false` was not given.
   * Which kernels did is graphs[].relaxed_simd of a run's report.
   */
  get relaxedSimd() {
    return this.#relaxed;
  }

  /** The kernel tier policy: 'auto', 'optimized' or 'emitted' (null: no kernel compiler). */
  get tier() {
    return this.#kernels?.tier ?? null;
  }

  /** Counters, for tests and the playground's timing pane. */
  get stats() {
    const k = this.#kernels?.stats ?? { compiled: 0, cacheHits: 0, failures: 0, optimizeMs: 0, optimized: 0, storeHits: 0 };
    return {
      kernelsCompiled: k.compiled,
      kernelCacheHits: k.cacheHits,
      kernelFailures: k.failures,
      kernelsOptimized: k.optimized,
      kernelStoreHits: k.storeHits,
      optimizeMs: k.optimizeMs,
      cachedKernels: this.#kernels?.size ?? 0,
      restarts: this.#restarts,
      tableSize: this.#core ? this.#core.table.length : 0,
      memoryBytes: this.#core ? this.#core.memory.buffer.byteLength : 0,
    };
  }

  /**
   * Runs a program and returns its report (docs/report.md). A program error
   * is a report with ok:false, never an exception; bad options are a
   * TypeError.
   * @param {string|Uint8Array} source
   * @param {import('../index.js').RunOptions} [options]
   */
  run(source, options) {
    const o = normalizeRunOptions(options);
    let src;
    if (typeof source === 'string') src = encoder.encode(source);
    else if (source instanceof Uint8Array) src = source;
    else throw new TypeError('source must be a string or a Uint8Array');
    const t0 = now();
    let c;
    let json;
    this.#diag = '';
    try {
      c = this.#live();
      this.#kernels?.optimizer?.poll();
      c.linker.beginRun();
      const srcPtr = this.#alloc(c, src.length);
      new Uint8Array(c.memory.buffer).set(src, srcPtr);
      const namePtr = this.#allocString(c, o.filename);
      const ptr =
        c.exports.dw_wasm_run(
          c.session, srcPtr, src.length, o.backend, o.suppressErrors, o.wat ? 1 : 0,
          o.maxSteps, o.tensorCap, o.logs, namePtr, o.compile ? 0 : 1,
        ) >>> 0;
      json = this.#cstring(c, ptr);
      c.exports.dw_wasm_free(srcPtr);
      c.exports.dw_wasm_free(namePtr);
    } catch (e) {
      const restarted = this.#crashed();
      return internalErrorReport(
        `the compiler crashed (${describe(e)})${restarted ? '; it has been restarted' : ''}`,
        now() - t0,
        { stderr: this.#diag },
      );
    }
    let report;
    try {
      report = JSON.parse(json);
    } catch (e) {
      // A garbled report means a corrupted heap: start afresh.
      const restarted = this.#crashed();
      return internalErrorReport(
        `the run report is not valid JSON (${describe(e)})${restarted ? '; the compiler has been restarted' : ''}`,
        now() - t0,
      );
    }
    if (this.#diag) report.stderr = (report.stderr ?? '') + this.#diag;
    this.#decorate(report, o, c);
    return report;
  }

  /**
   * Applies the optimised kernels that are ready now (they are otherwise
   * swapped in whenever the compiler gets control: at the start of a run,
   * when a kernel is compiled, or between runs).
   */
  poll() {
    this.#kernels?.optimizer?.poll();
  }

  /** Forgets every compiled artefact (the core's and the kernel cache). */
  reset() {
    try {
      const c = this.#live();
      c.exports.dw_wasm_reset(c.session);
      c.linker.clear();
    } catch {
      this.#crashed();
    }
    this.#kernels?.clear();
  }

  /**
   * Checks the kernel path end to end: compiles a module through the same
   * host import the core uses (Binaryen, instantiate against the core's
   * memory, table), then calls it from C through a function pointer with
   * buffers in the core's memory. Without arguments a built-in SIMD kernel
   * computes out = in * 2 + 1 over 8 floats and the result is checked.
   * @param {{wasm?: Uint8Array, input?: Float32Array, outputLength?: number}} [opts]
   * @returns {import('../index.js').SelfTestResult}
   */
  selfTest(opts = {}) {
    if (!this.#kernels) return { ok: false, error: 'no kernel compiler (binaryen: false)' };
    const builtin = !opts.wasm;
    const bytes = opts.wasm ?? this.#selftestKernel();
    const input = opts.input ?? Float32Array.from({ length: 8 }, (_, i) => i - 3);
    const outLen = opts.outputLength ?? input.length;
    let c;
    const ptrs = [];
    try {
      c = this.#live();
      const alloc = (n) => {
        const p = this.#alloc(c, n);
        ptrs.push(p);
        return p;
      };
      const wasmPtr = alloc(bytes.length);
      const inPtr = alloc(input.byteLength);
      const outPtr = alloc(outLen * 4);
      const argsPtr = alloc(8);
      const resPtr = alloc(4);
      const timesPtr = alloc(16);
      const errPtr = alloc(ERRCAP);
      let mem = new Uint8Array(c.memory.buffer);
      mem.set(bytes, wasmPtr);
      mem.set(new Uint8Array(input.buffer, input.byteOffset, input.byteLength), inPtr);
      mem.fill(0, outPtr, outPtr + outLen * 4);
      const dv = new DataView(c.memory.buffer);
      dv.setUint32(argsPtr, inPtr, true);
      dv.setUint32(argsPtr + 4, outPtr, true);
      c.linker.beginRun();
      const slot = c.exports.dw_wasm_selftest(wasmPtr, bytes.length, argsPtr, resPtr, timesPtr, errPtr, ERRCAP);
      if (slot < 0) return { ok: false, error: this.#cstring(c, errPtr) };
      const view = new DataView(c.memory.buffer);
      const result = view.getInt32(resPtr, true);
      mem = new Uint8Array(c.memory.buffer);
      const output = new Float32Array(mem.slice(outPtr, outPtr + outLen * 4).buffer);
      const optimizeMs = view.getFloat64(timesPtr, true);
      const instantiateMs = view.getFloat64(timesPtr + 8, true);
      const expectedOk = !builtin || output.every((v, i) => v === input[i] * 2 + 1);
      return {
        ok: result === 0 && expectedOk,
        slot,
        result,
        output,
        optimizeMs,
        instantiateMs,
        tier: c.linker.tierOf(slot),
        ...(expectedOk ? {} : { error: 'the built-in kernel computed wrong values' }),
      };
    } catch (e) {
      const restarted = this.#crashed();
      c = null;
      return { ok: false, trapped: true, restarted, error: describe(e) };
    } finally {
      if (c) for (const p of ptrs) c.exports.dw_wasm_free(p);
    }
  }

  /**
   * Node: the kernels still waiting for Binaryen are handed to a detached
   * process that writes them to the persistent cache (if there is one), for
   * the next process; this compiler keeps their emitted tier. For a process
   * about to end (the CLI). Returns how many were handed over.
   */
  optimizeLater() {
    return this.#kernels?.optimizer?.handOff?.() ?? 0;
  }

  /** Releases the core instance. The compiler cannot be used afterwards. */
  dispose() {
    if (this.#core) {
      try {
        this.#core.exports.dw_wasm_session_free(this.#core.session);
      } catch {
        /* a broken instance is dropped anyway */
      }
    }
    this.#core = null;
    this.#kernels?.clear();
    this.#kernels?.optimizer?.close();
    this.#module = null;
  }

  // ---- internals -------------------------------------------------------

  #live() {
    if (!this.#core) {
      if (!this.#module) throw new Error('this compiler has been disposed');
      this.#instantiate();
    }
    return this.#core;
  }

  /** Makes a fresh core instance and session. */
  #instantiate() {
    const c = { exports: null, memory: null, table: null, session: 0, linker: null };
    const { imports, missing } = makeImports(this.#module, {
      memory: () => c.memory,
      env: {
        dw_host_compile: (ptr, len, wantText, timesPtr, errPtr, errCap) =>
          this.#hostCompile(c, ptr >>> 0, len >>> 0, wantText, timesPtr >>> 0, errPtr >>> 0, errCap >>> 0),
        dw_host_now: () => now(),
        dw_host_poll: () => this.#hostPoll(),
      },
      onWrite: (_fd, text) => {
        this.#diag += text;
      },
    });
    this.#missing = missing;
    const instance = new WebAssembly.Instance(this.#module, imports);
    const ex = instance.exports;
    const absent = REQUIRED_EXPORTS.filter((n) => !(n in ex));
    if (absent.length) throw new Error(`dynawasm.wasm lacks the exports ${absent.join(', ')}`);
    if (ex.dw_wasm_abi() !== ABI) {
      throw new Error(`dynawasm.wasm has ABI ${ex.dw_wasm_abi()}, this loader expects ${ABI}: rebuild it`);
    }
    c.exports = ex;
    c.memory = ex.memory;
    c.table = ex.__indirect_function_table;
    ex._initialize();
    this.#framesMax ??= hostFramesMax();
    ex.dw_wasm_set_host_frames_max(this.#framesMax);
    const DW_HOST_RELAXED_SIMD = 1; // dynawasm.h
    c.session = ex.dw_wasm_session_new(this.#kernels ? 1 : 0, this.#relaxed ? DW_HOST_RELAXED_SIMD : 0) >>> 0;
    if (!c.session) throw new Error('dw_session_new failed (out of memory)');
    c.linker = new Linker(c.memory, c.table);
    this.#core = c;
  }

  /** After a trap: drop the instance and make a new one. */
  #crashed() {
    this.#core = null;
    this.#restarts++;
    try {
      this.#instantiate();
      return true;
    } catch {
      return false; // tried again on next use
    }
  }

  /** env.dw_host_poll (dw_host.h): before each kernel call, the optimised
   * kernels that are ready go into their slots. Never throws into the core. */
  #hostPoll() {
    try {
      this.#kernels?.optimizer?.poll();
    } catch {
      /* the emitted tier stays */
    }
  }

  /** env.dw_host_compile (dw_host.h). Never throws into the core. */
  #hostCompile(c, ptr, len, wantText, timesPtr, errPtr, errCap) {
    try {
      if (!this.#kernels) throw new Error('no kernel compiler');
      this.#kernels.optimizer?.poll();
      let bytes = new Uint8Array(c.memory.buffer, ptr, len).slice();
      if (this.#hooks.onKernel) {
        const replaced = this.#hooks.onKernel(bytes);
        if (replaced instanceof Uint8Array) bytes = replaced;
      }
      const { entry, hit } = this.#kernels.get(bytes);
      const { slot, instantiateMs } = c.linker.link(entry);
      if (timesPtr) {
        const dv = new DataView(c.memory.buffer);
        dv.setFloat64(timesPtr, hit ? 0 : entry.optimizeMs, true);
        dv.setFloat64(timesPtr + 8, (hit ? 0 : entry.compileMs) + instantiateMs, true);
      }
      return slot;
    } catch (e) {
      if (errPtr && errCap > 0) {
        const msg = e instanceof Error ? e.message : String(e);
        const dst = new Uint8Array(c.memory.buffer, errPtr, errCap);
        const { written } = encoder.encodeInto(msg, dst.subarray(0, errCap - 1));
        dst[written] = 0;
      }
      return -1;
    }
  }

  /**
   * Adds graphs[].tier (the kernel tiers that ran: 'emitted', 'optimized' or
   * 'emitted+optimized' when the optimised one was swapped in during the
   * run), graphs[].wat and the output_code log to a report.
   */
  #decorate(report, o, c) {
    if (!this.#kernels || !Array.isArray(report.graphs)) return;
    const outputCode = (o.logs & LOG_CHANNELS.output_code) !== 0;
    let log = '';
    for (const g of report.graphs) {
      const slot = g.slot ?? g.kernel;
      const entry = Number.isInteger(slot) ? c.linker.entryAt.get(slot) : undefined;
      if (!entry) continue;
      g.tier = c.linker.tierOf(slot) ?? entry.tier;
      if (!(o.wat || outputCode)) continue;
      const wat = this.#kernels.text(entry);
      if (o.wat) g.wat = wat;
      if (outputCode) {
        const lines = Array.isArray(g.lines) && g.lines.length ? `, lines ${g.lines.join(', ')}` : '';
        const how = entry.tier === 'optimized' ? 'optimised by Binaryen' : 'as emitted (not yet optimised by Binaryen)';
        log += `[output_code] graph ${g.id} (${g.function}${lines}), ${how}:\n${wat}\n`;
      }
    }
    if (log) report.stderr = (report.stderr ?? '') + log;
  }

  /**
   * The first Binaryen optimisation is ~10x slower than later ones, and
   * it takes a few dozen before the engine has fully optimised Binaryen's
   * own code: pay (some of) that while loading, not in run().
   */
  #warmup(n) {
    const k = this.#kernels;
    for (let i = 0; i < n; i++) {
      const bytes = i === 0 ? this.#selftestKernel() : this.#selftestKernel(i + 2);
      const res = binaryenOptimize(this.#binaryen, bytes, { optimizeLevel: k.optimizeLevel, shrinkLevel: k.shrinkLevel });
      k.stats.optimized++;
      k.stats.optimizeMs += res.optimizeMs;
    }
  }

  /** The built-in kernel (out = in * 2 + 1), or with another factor. */
  #selftestKernel(factor = 2) {
    if (factor === 2 && this.#selftestBytes) return this.#selftestBytes;
    const bytes = selftestModule(factor);
    if (factor === 2) this.#selftestBytes = bytes;
    return bytes;
  }

  #alloc(c, n) {
    const p = c.exports.dw_wasm_alloc(n) >>> 0;
    if (!p) throw new Error(`the core could not allocate ${n} bytes`);
    return p;
  }

  #allocString(c, s) {
    const bytes = encoder.encode(s);
    const p = this.#alloc(c, bytes.length + 1);
    const mem = new Uint8Array(c.memory.buffer);
    mem.set(bytes, p);
    mem[p + bytes.length] = 0;
    return p;
  }

  #cstring(c, ptr) {
    const mem = new Uint8Array(c.memory.buffer);
    let end = mem.indexOf(0, ptr);
    if (end < 0) end = mem.length;
    return decoder.decode(mem.subarray(ptr, end));
  }
}
