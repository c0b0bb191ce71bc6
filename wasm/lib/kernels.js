// kernels.js - the host side of kernel compilation.
//
// The core emits one WebAssembly module per graph (ABI: dw.h "Kernel ABI":
// it imports env.memory and exports `kernel: (i32) -> i32`). Here it is
// optimised by Binaryen, compiled by the engine, and cached by content, so
// that an identical graph is never optimised twice until reset(). Linking
// (instantiating against one core instance's memory and placing the kernel
// in its function table) is per core instance: see `Linker`.

/** Features the emitted kernels may use and Binaryen may use in its output
 * (all supported by Node 18+ and current browsers). */
export function kernelFeatures(binaryen) {
  const F = binaryen.Features;
  return (
    F.MutableGlobals |
    F.NontrappingFPToInt |
    F.SIMD128 |
    F.BulkMemory |
    (F.BulkMemoryOpt ?? 0) |
    F.SignExt |
    F.Multivalue
  );
}

/** 53-bit content hash (cyrb53) of bytes. */
function hashBytes(bytes) {
  let h1 = 0xdeadbeef ^ bytes.length;
  let h2 = 0x41c6ce57 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Reason a module cannot be compiled by the engine, or null. */
function engineError(bytes) {
  try {
    new WebAssembly.Module(bytes);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const now = () => globalThis.performance.now();

/**
 * @typedef {object} KernelEntry
 * @property {Uint8Array} input      the bytes the core emitted
 * @property {Uint8Array} optimized  Binaryen's output
 * @property {WebAssembly.Module} module
 * @property {string|null} wat       optimised text (computed on demand)
 * @property {number} optimizeMs   validation + Binaryen (read, optimise, emit)
 * @property {number} compileMs    the engine compiling the optimised bytes
 * @property {number} id             sequence number, for debugging
 */

/** Optimises and caches kernel modules. One per compiler. */
export class KernelCache {
  /**
   * @param {any} binaryen the `binaryen` npm module (already loaded)
   * @param {{optimizeLevel?: number, shrinkLevel?: number}} [opts] (defaults 2 and 1:
   *   -O3 takes about twice as long for little gain on these small kernels)
   */
  constructor(binaryen, opts = {}) {
    this.binaryen = binaryen;
    this.optimizeLevel = opts.optimizeLevel ?? 2;
    this.shrinkLevel = opts.shrinkLevel ?? 1;
    this.features = kernelFeatures(binaryen);
    /** @type {Map<number, KernelEntry[]>} */
    this.byHash = new Map();
    this.size = 0;
    this.stats = { compiled: 0, cacheHits: 0, failures: 0, optimizeMs: 0 };
    this.nextId = 0;
  }

  /** Forgets every cached kernel. */
  clear() {
    this.byHash.clear();
    this.size = 0;
  }

  /**
   * Returns the cached entry for these bytes, or optimises them.
   * Throws an Error with a readable message when the module is unusable.
   * @param {Uint8Array} bytes (not retained: copied when cached)
   * @param {boolean} wantText
   * @returns {{entry: KernelEntry, hit: boolean}}
   */
  get(bytes, wantText) {
    const h = hashBytes(bytes);
    const bucket = this.byHash.get(h);
    const found = bucket?.find((e) => sameBytes(e.input, bytes));
    if (found) {
      this.stats.cacheHits++;
      if (wantText) this.text(found);
      return { entry: found, hit: true };
    }
    const entry = this.optimize(bytes, wantText);
    if (bucket) bucket.push(entry);
    else this.byHash.set(h, [entry]);
    this.size++;
    return { entry, hit: false };
  }

  /** @returns {KernelEntry} */
  optimize(bytes, wantText) {
    const b = this.binaryen;
    const input = bytes.slice();
    const t0 = now();
    const bad = engineError(input);
    if (bad) {
      this.stats.failures++;
      throw new Error(`invalid kernel module: ${bad}`);
    }
    let mod = null;
    let optimized;
    let wat = null;
    try {
      mod = this.read(input);
      checkKernelExport(b, mod);
      b.setOptimizeLevel(this.optimizeLevel);
      b.setShrinkLevel(this.shrinkLevel);
      b.setDebugInfo(true); // keep names and `;;@ file:line:col` locations
      mod.optimize();
      optimized = mod.emitBinary();
      // The text is made now, from the module that still carries source
      // locations (the optimised binary has none to read back).
      wat = mod.emitText();
    } catch (e) {
      this.stats.failures++;
      throw e instanceof Error ? e : new Error(`Binaryen failed: ${String(e)}`);
    } finally {
      mod?.dispose();
    }
    const t1 = now();
    const module = new WebAssembly.Module(optimized);
    const extra = WebAssembly.Module.imports(module).filter((i) => !(i.module === 'env' && i.name === 'memory'));
    if (extra.length) {
      this.stats.failures++;
      throw new Error(
        `kernel module may import only env.memory, not ${extra.map((i) => `${i.module}.${i.name}`).join(', ')}`,
      );
    }
    const optimizeMs = t1 - t0;
    const compileMs = now() - t1;
    this.stats.compiled++;
    this.stats.optimizeMs += optimizeMs;
    return { input, optimized, module, wat, optimizeMs, compileMs, id: this.nextId++ };
  }

  /**
   * Reads a module. The emitter embeds the module's text with `;;@` source
   * locations in the custom section "dynawasm.wat": parsing that text keeps
   * the locations through optimize() (binaryen.js cannot apply a source map
   * to a binary). Without the section the binary is read as it is
   * (binaryen.js 132 has no readBinaryWithFeatures: features are set after).
   */
  read(bytes) {
    const b = this.binaryen;
    let mod = null;
    const secs = WebAssembly.Module.customSections(new WebAssembly.Module(bytes), 'dynawasm.wat');
    if (secs.length) {
      try {
        mod = b.parseText(new TextDecoder().decode(secs[0]));
      } catch {
        mod = null; // fall back to the binary
      }
    }
    if (!mod) mod = b.readBinary(bytes);
    mod.setFeatures(this.features);
    return mod;
  }

  /** The optimised text of an entry (made when it was optimised). */
  text(entry) {
    return entry.wat;
  }
}

/** Throws unless `mod` exports a function "kernel" of type (i32) -> i32. */
function checkKernelExport(b, mod) {
  const exp = mod.getExport('kernel');
  if (!exp) throw new Error('kernel module has no export "kernel"');
  const info = b.getExportInfo(exp);
  if (info.kind !== b.ExternalFunction) throw new Error('export "kernel" is not a function');
  const fn = b.getFunctionInfo(mod.getFunction(info.value));
  const params = b.expandType(fn.params);
  const results = b.expandType(fn.results);
  if (params.length !== 1 || params[0] !== b.i32 || results.length !== 1 || results[0] !== b.i32) {
    throw new Error('export "kernel" must have type (i32) -> i32 (dw.h "Kernel ABI")');
  }
}

/**
 * Places kernels in one core instance: instantiates them against its memory
 * and appends them to its function table. Reuses the slot of a kernel
 * already linked; slots freed by reset() are reused.
 */
export class Linker {
  /**
   * @param {WebAssembly.Memory} memory
   * @param {WebAssembly.Table} table
   */
  constructor(memory, table) {
    this.memory = memory;
    this.table = table;
    /** @type {Map<KernelEntry, number>} */
    this.slotOf = new Map();
    /** @type {Map<number, KernelEntry>} */
    this.entryAt = new Map();
    /** @type {number[]} */
    this.free = [];
  }

  /** @returns {{slot: number, instantiateMs: number}} */
  link(entry) {
    const known = this.slotOf.get(entry);
    if (known !== undefined) return { slot: known, instantiateMs: 0 };
    const t0 = now();
    const instance = new WebAssembly.Instance(entry.module, { env: { memory: this.memory } });
    const kernel = instance.exports.kernel;
    if (typeof kernel !== 'function') throw new Error('kernel module exports no function "kernel"');
    const slot = this.free.length ? this.free.pop() : this.table.grow(1);
    this.table.set(slot, kernel);
    this.slotOf.set(entry, slot);
    this.entryAt.set(slot, entry);
    return { slot, instantiateMs: now() - t0 };
  }

  /** Empties every slot this linker filled (after the core's dw_reset). */
  clear() {
    for (const slot of this.entryAt.keys()) {
      this.table.set(slot, null);
      this.free.push(slot);
    }
    this.slotOf.clear();
    this.entryAt.clear();
  }
}
