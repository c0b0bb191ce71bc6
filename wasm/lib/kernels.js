// kernels.js - the host side of kernel compilation, in two tiers.
//
// The core emits one WebAssembly module per graph (ABI: dw.h "Kernel ABI":
// it imports env.memory and exports `kernel: (i32) -> i32`).
//
//   emitted    the module as the core emitted it, compiled by the engine
//              at once (no Binaryen: the first call runs within a few ms of
//              the graph being traced);
//   optimized  the same module after Binaryen's optimiser. It is produced
//              in the background (optimizer.js: between runs, or by a
//              worker thread in Node) and swapped into the same function
//              table slot, or it comes from the kernel cache on disk / in
//              the browser's Cache API (cache.js) at once.
//
// With `tier: 'optimized'` every kernel is optimised before its first call
// (Binaryen loaded by createCompiler), as one may want for reproducible
// timings or to read Binaryen's text; `tier: 'emitted'` never optimises.
//
// Kernels are cached by content, so an identical graph is never compiled
// twice until reset(). Linking (instantiating against one core instance's
// memory and placing the kernel in its function table) is per core
// instance: see `Linker`.

/** Features the emitted kernels may use and Binaryen may use in its output
 * (all supported by Node 18+ and current browsers); `relaxed`: also relaxed
 * SIMD, for the kernels of a compiler whose engine has it (the emitter then
 * writes f32x4.relaxed_madd/nmadd, which Binaryen keeps as they are). */
export function kernelFeatures(binaryen, relaxed = false) {
  const F = binaryen.Features;
  return (
    F.MutableGlobals |
    F.NontrappingFPToInt |
    F.SIMD128 |
    F.BulkMemory |
    (F.BulkMemoryOpt ?? 0) |
    F.SignExt |
    F.Multivalue |
    (relaxed ? F.RelaxedSIMD : 0)
  );
}

/** (func (param v128 v128 v128) (result v128) f32x4.relaxed_madd): opcode 0xfd 0x85 0x02. */
const RELAXED_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  1, 8, 1, 0x60, 3, 0x7b, 0x7b, 0x7b, 1, 0x7b, // type: (v128 v128 v128) -> v128
  3, 2, 1, 0, // one function of type 0
  10, 13, 1, 11, 0, 0x20, 0, 0x20, 1, 0x20, 2, 0xfd, 0x85, 0x02, 0x0b, // body
]);

/**
 * Whether this engine runs relaxed SIMD (f32x4.relaxed_madd): Chrome/Edge
 * 114+, Node 22+; Node 20 with `--experimental-wasm-relaxed-simd` (the
 * package never sets V8 flags in a user's process; the CLI does in its own).
 * Asked again each time: a V8 flag set at run time changes the answer.
 */
export function relaxedSimdSupported() {
  try {
    return WebAssembly.validate(RELAXED_PROBE);
  } catch {
    return false;
  }
}

/** 53-bit content hash (cyrb53) of bytes. */
export function hashBytes(bytes) {
  let h1 = (0xdeadbeef ^ bytes.length) | 0;
  let h2 = 0x41c6ce57 ^ bytes.length;
  const w = words(bytes);
  for (let i = 0; i < w.length; i++) {
    const b = w[i];
    h1 = Math.imul(h1 ^ b, -1640531535); // 2654435761
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  for (let i = w.length << 2; i < bytes.length; i++) {
    const b = bytes[i];
    h1 = Math.imul(h1 ^ b, -1640531535);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), -2048144789) ^ Math.imul(h2 ^ (h2 >>> 13), -1028477387); // 2246822507, 3266489909
  h2 = Math.imul(h2 ^ (h2 >>> 16), -2048144789) ^ Math.imul(h1 ^ (h1 >>> 13), -1028477387);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  let i = 0;
  if (!(a.byteOffset & 3) && !(b.byteOffset & 3)) {
    const wa = words(a);
    const wb = words(b);
    for (; i < wa.length; i++) if (wa[i] !== wb[i]) return false;
    i <<= 2;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/* hashBytes and sameBytes run once per kernel on its bytes (~100 KB for
 * the MLP, most of it the text section) in a process whose JavaScript is
 * still cold: they read 32-bit words (a quarter of the iterations) where
 * the bytes are aligned, and their constants are int32 (V8 keeps them
 * unboxed). A fresh process hashed the MLP's kernel in 6-17 ms byte by
 * byte, 2-5 ms by words (the words in the host's byte order: a cache is
 * local to its machine); cyrb53 over the words, then the last bytes. */

/** The bytes as 32-bit words (the whole words; a copy if unaligned). */
function words(bytes) {
  const src = bytes.byteOffset & 3 ? bytes.slice() : bytes;
  return new Int32Array(src.buffer, src.byteOffset, bytes.length >>> 2);
}

const now = () => globalThis.performance.now();
const decoder = new TextDecoder();

// ---- checking a module without Binaryen --------------------------------

/** Reads an unsigned LEB128 at r.pos. */
function uleb(bytes, r) {
  let v = 0;
  let shift = 0;
  for (;;) {
    if (r.pos >= bytes.length) throw new Error('truncated');
    const b = bytes[r.pos++];
    v += (b & 0x7f) * 2 ** shift;
    if (!(b & 0x80)) return v;
    shift += 7;
  }
}

/**
 * The type of the function exported as "kernel" ({params, results} as
 * value-type bytes), read from the binary's type, import, function and
 * export sections; null if there is no such function export.
 */
export function kernelExportType(bytes) {
  const types = [];
  const funcTypes = [];
  let exported = -1;
  const r = { pos: 8 };
  while (r.pos < bytes.length) {
    const id = bytes[r.pos++];
    const size = uleb(bytes, r);
    const end = r.pos + size;
    if (id === 1) {
      for (let n = uleb(bytes, r); n > 0; n--) {
        if (bytes[r.pos++] !== 0x60) throw new Error('bad type');
        const np = uleb(bytes, r);
        const params = Array.from(bytes.subarray(r.pos, r.pos + np));
        r.pos += np;
        const nr = uleb(bytes, r);
        const results = Array.from(bytes.subarray(r.pos, r.pos + nr));
        r.pos += nr;
        types.push({ params, results });
      }
    } else if (id === 2) {
      for (let n = uleb(bytes, r); n > 0; n--) {
        for (let s = 0; s < 2; s++) {
          const len = uleb(bytes, r); // module and field names
          r.pos += len;
        }
        const kind = bytes[r.pos++];
        if (kind === 0) {
          funcTypes.push(uleb(bytes, r));
        } else if (kind === 1 || kind === 2) {
          if (kind === 1) r.pos++; // table: reference type
          const flags = uleb(bytes, r); // limits
          uleb(bytes, r);
          if (flags & 1) uleb(bytes, r);
        } else if (kind === 3) {
          r.pos += 2; // global: value type, mutability
        } else {
          throw new Error('bad import');
        }
      }
    } else if (id === 3) {
      for (let n = uleb(bytes, r); n > 0; n--) funcTypes.push(uleb(bytes, r));
    } else if (id === 7) {
      for (let n = uleb(bytes, r); n > 0; n--) {
        const len = uleb(bytes, r);
        const name = decoder.decode(bytes.subarray(r.pos, r.pos + len));
        r.pos += len;
        const kind = bytes[r.pos++];
        const index = uleb(bytes, r);
        if (name === 'kernel' && kind === 0) exported = index;
      }
    }
    r.pos = end;
  }
  if (exported < 0) return null;
  return types[funcTypes[exported]] ?? null;
}

/**
 * Compiles and checks a kernel module (either tier): valid for the engine,
 * imports only env.memory, exports `kernel: (i32) -> i32`. Throws an Error
 * with a readable message otherwise.
 * @param {Uint8Array} bytes
 * @param {(bytes: Uint8Array) => WebAssembly.Module} compile
 * @param {WebAssembly.Module|null} [compiled] the bytes already compiled
 *   (by Node's optimiser worker): checked, not compiled again
 */
export function checkedModule(bytes, compile, compiled = null) {
  let module;
  try {
    module = compiled ?? compile(bytes);
  } catch (e) {
    throw new Error(`invalid kernel module: ${e instanceof Error ? e.message : String(e)}`);
  }
  const extra = WebAssembly.Module.imports(module).filter((i) => !(i.module === 'env' && i.name === 'memory'));
  if (extra.length) {
    throw new Error(`kernel module may import only env.memory, not ${extra.map((i) => `${i.module}.${i.name}`).join(', ')}`);
  }
  let type;
  try {
    type = kernelExportType(bytes);
  } catch {
    type = undefined;
  }
  if (type === null) throw new Error('kernel module has no export "kernel" (a function)');
  const I32 = 0x7f;
  if (!type || type.params.length !== 1 || type.params[0] !== I32 || type.results.length !== 1 || type.results[0] !== I32) {
    throw new Error('export "kernel" must have type (i32) -> i32 (dw.h "Kernel ABI")');
  }
  return module;
}

/** The payload of the first custom section `name` of a module's bytes, or
 * null (also for bytes that are not a readable module). */
export function customSection(bytes, name) {
  try {
    const r = { pos: 8 };
    while (r.pos < bytes.length) {
      const id = bytes[r.pos++];
      const size = uleb(bytes, r);
      const end = r.pos + size;
      if (end > bytes.length) return null;
      if (id === 0) {
        const len = uleb(bytes, r);
        if (r.pos + len <= end && decoder.decode(bytes.subarray(r.pos, r.pos + len)) === name) {
          return bytes.subarray(r.pos + len, end);
        }
      }
      r.pos = end;
    }
  } catch {
    /* truncated */
  }
  return null;
}

/** The annotated text the emitter embeds in a module's bytes (custom
 * section "dynawasm.wat"), or null. */
export function emittedText(bytes) {
  const sec = customSection(bytes, 'dynawasm.wat');
  return sec ? decoder.decode(sec) : null;
}

// ---- Binaryen ------------------------------------------------------------

/**
 * Optimises one kernel with Binaryen: returns {optimized, wat, optimizeMs}.
 * The emitter embeds the module's text with `;;@` source locations in the
 * custom section "dynawasm.wat": parsing that text keeps the locations
 * through optimize() (binaryen.js cannot apply a source map to a binary).
 * Without the section the binary is read as it is.
 * @param {any} binaryen
 * @param {Uint8Array} bytes
 * @param {{optimizeLevel: number, shrinkLevel: number, text?: string|null, relaxed?: boolean}} o
 *   (relaxed: the module may hold relaxed SIMD instructions)
 */
export function binaryenOptimize(binaryen, bytes, o) {
  const t0 = now();
  let mod = null;
  try {
    if (o.text) {
      try {
        mod = binaryen.parseText(o.text);
      } catch {
        mod = null; // fall back to the binary
      }
    }
    if (!mod) mod = binaryen.readBinary(bytes);
    mod.setFeatures(kernelFeatures(binaryen, Boolean(o.relaxed)));
    binaryen.setOptimizeLevel(o.optimizeLevel);
    binaryen.setShrinkLevel(o.shrinkLevel);
    binaryen.setDebugInfo(true); // keep names and `;;@ file:line:col` locations
    mod.optimize();
    const optimized = mod.emitBinary();
    // the text is made now, from the module that still carries source
    // locations (the optimised binary has none to read back)
    const wat = mod.emitText();
    return { optimized, wat, optimizeMs: now() - t0 };
  } catch (e) {
    throw e instanceof Error ? e : new Error(`Binaryen failed: ${String(e)}`);
  } finally {
    mod?.dispose();
  }
}

/**
 * @typedef {object} KernelEntry
 * @property {Uint8Array} input      the bytes the core emitted
 * @property {number} hash           hashBytes(input)
 * @property {'emitted'|'optimized'} tier  the tier of `module`
 * @property {'compiled'|'binaryen'|'cache'} source  where `module` came from
 * @property {WebAssembly.Module} module
 * @property {Uint8Array|null} optimized  Binaryen's output, once known
 * @property {string|null} wat       text of the current tier (emitted:
 *                                   the emitter's annotated text)
 * @property {number} optimizeMs   Binaryen's time (0 for the emitted tier
 *                                  and for cache hits)
 * @property {number} compileMs    the engine compiling the module
 * @property {number} id             sequence number, for debugging
 * @property {boolean} pending     an optimised module has been asked for
 */

/** Compiles, caches and upgrades kernel modules. One per compiler. */
export class KernelCache {
  /**
   * @param {object} o
   * @param {'auto'|'optimized'|'emitted'} o.tier
   * @param {any} o.binaryen      loaded Binaryen (tier 'optimized'), or null
   * @param {(bytes: Uint8Array) => WebAssembly.Module} o.compile  the engine
   * @param {import('./optimizer.js').Optimizer|null} o.optimizer  background Binaryen
   * @param {import('./cache.js').KernelStore|null} o.store  persistent cache
   * @param {number} o.optimizeLevel
   * @param {number} o.shrinkLevel
   * @param {boolean} o.relaxed   the core emits relaxed SIMD (the engine has it)
   * @param {(entry: KernelEntry) => void} o.onUpgrade  called when an entry
   *   changes tier (its module is new): relink it
   */
  constructor(o) {
    this.tier = o.tier;
    this.binaryen = o.binaryen;
    this.compile = o.compile;
    this.optimizer = o.optimizer;
    this.store = o.store;
    this.optimizeLevel = o.optimizeLevel;
    this.shrinkLevel = o.shrinkLevel;
    this.relaxed = Boolean(o.relaxed);
    this.onUpgrade = o.onUpgrade;
    /** @type {Map<number, KernelEntry[]>} */
    this.byHash = new Map();
    this.size = 0;
    this.generation = 0; // bumped by clear(): late results of older ones are dropped
    this.stats = { compiled: 0, cacheHits: 0, failures: 0, optimizeMs: 0, optimized: 0, storeHits: 0 };
    this.nextId = 0;
  }

  /** Forgets every cached kernel. */
  clear() {
    this.byHash.clear();
    this.size = 0;
    this.generation++;
  }

  /** The recipe of the optimised tier: part of the persistent cache's key
   * (`r`: relaxed SIMD, so a kernel made for an engine with it is never
   * loaded where the engine lacks it). */
  get recipe() {
    return `O${this.optimizeLevel}s${this.shrinkLevel}${this.relaxed ? 'r' : ''}`;
  }

  /** What binaryenOptimize needs besides the bytes. */
  #job(entry) {
    return { optimizeLevel: this.optimizeLevel, shrinkLevel: this.shrinkLevel, text: entry.text, relaxed: this.relaxed };
  }

  /**
   * Returns the cached entry for these bytes, or compiles them.
   * Throws an Error with a readable message when the module is unusable.
   * @param {Uint8Array} bytes (not retained: copied when cached)
   * @returns {{entry: KernelEntry, hit: boolean}}
   */
  get(bytes) {
    const h = hashBytes(bytes);
    const bucket = this.byHash.get(h);
    const found = bucket?.find((e) => sameBytes(e.input, bytes));
    if (found) {
      this.stats.cacheHits++;
      return { entry: found, hit: true };
    }
    const entry = this.#make(bytes.slice(), h);
    if (bucket) bucket.push(entry);
    else this.byHash.set(h, [entry]);
    this.size++;
    return { entry, hit: false };
  }

  /** @returns {KernelEntry} */
  #make(input, hash) {
    const entry = {
      input, hash, tier: 'emitted', source: 'compiled', module: null, optimized: null,
      wat: null, optimizeMs: 0, compileMs: 0, id: this.nextId++, pending: false,
      text: emittedText(input),
    };
    this.stats.compiled++;
    // the persistent cache first (synchronous where the store is: Node): a
    // hit compiles only the optimised module, never the emitted one
    const stored = this.tier === 'emitted' ? null : (this.store?.getSync(this.recipe, input) ?? null);
    if (stored) {
      try {
        this.#upgrade(entry, stored, 'cache');
        return entry;
      } catch {
        /* a broken stored module: the emitted tier, as on a miss */
      }
    }
    const t0 = now();
    try {
      entry.module = checkedModule(input, this.compile);
    } catch (e) {
      this.stats.failures++;
      throw e;
    }
    entry.compileMs = now() - t0;
    if (this.tier === 'emitted') return entry;
    if (this.tier === 'optimized' && this.binaryen) {
      let res;
      try {
        res = binaryenOptimize(this.binaryen, input, this.#job(entry));
      } catch (e) {
        this.stats.failures++;
        throw e;
      }
      this.#upgrade(entry, res, 'binaryen');
      this.store?.put(this.recipe, input, res);
      return entry;
    }
    this.#request(entry);
    return entry;
  }

  /** Asks the store (asynchronous ones) and the optimizer for the optimised tier. */
  #request(entry) {
    if (entry.pending || entry.tier === 'optimized') return;
    entry.pending = true;
    const gen = this.generation;
    const apply = (res, source) => {
      if (gen !== this.generation || entry.tier === 'optimized' || !res) return false;
      try {
        this.#upgrade(entry, res, source);
      } catch {
        return false; // a broken stored module: keep the emitted tier
      }
      this.onUpgrade(entry);
      return true;
    };
    const optimize = () => {
      if (!this.optimizer || gen !== this.generation) return;
      this.optimizer.request(
        { bytes: entry.input, ...this.#job(entry), recipe: this.recipe },
        (res) => {
          if (res && apply(res, res.fromStore ? 'cache' : 'binaryen') && !res.stored) this.store?.put(this.recipe, entry.input, res);
        },
      );
    };
    if (this.store?.getAsync) {
      this.store.getAsync(this.recipe, entry.input).then(
        (res) => (res && apply(res, 'cache') ? undefined : optimize()),
        () => optimize(),
      );
    } else {
      optimize();
    }
  }

  /** Switches an entry to its optimised module. */
  #upgrade(entry, res, source) {
    const t0 = now();
    const module = checkedModule(res.optimized, this.compile, res.module ?? null);
    entry.module = module;
    entry.optimized = res.optimized;
    entry.wat = res.wat ?? null;
    entry.tier = 'optimized';
    entry.source = source;
    entry.optimizeMs = source === 'binaryen' ? res.optimizeMs : 0;
    entry.compileMs = now() - t0;
    if (source === 'cache') this.stats.storeHits++;
    else {
      this.stats.optimized++;
      this.stats.optimizeMs += res.optimizeMs;
    }
  }

  /** The text of an entry's current tier (optimised: Binaryen's; emitted: the emitter's). */
  text(entry) {
    return entry.tier === 'optimized' && entry.wat ? entry.wat : entry.text;
  }
}

/**
 * Places kernels in one core instance: instantiates them against its memory
 * and puts them in its function table. Reuses the slot of a kernel already
 * linked; slots freed by reset() are reused. relink() swaps a kernel's new
 * tier into the slot it already has.
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
    /** @type {Map<number, Set<string>>} tiers each slot held in the current run */
    this.ran = new Map();
    /** @type {number[]} */
    this.free = [];
  }

  #instantiate(entry) {
    const instance = new WebAssembly.Instance(entry.module, { env: { memory: this.memory } });
    const kernel = instance.exports.kernel;
    if (typeof kernel !== 'function') throw new Error('kernel module exports no function "kernel"');
    return kernel;
  }

  /** @returns {{slot: number, instantiateMs: number}} */
  link(entry) {
    const known = this.slotOf.get(entry);
    if (known !== undefined) {
      this.#note(known, entry.tier);
      return { slot: known, instantiateMs: 0 };
    }
    const t0 = now();
    const kernel = this.#instantiate(entry);
    const slot = this.free.length ? this.free.pop() : this.table.grow(1);
    this.table.set(slot, kernel);
    this.slotOf.set(entry, slot);
    this.entryAt.set(slot, entry);
    this.#note(slot, entry.tier);
    return { slot, instantiateMs: now() - t0 };
  }

  /** Puts the entry's current module in the slot it has (if linked here). */
  relink(entry) {
    const slot = this.slotOf.get(entry);
    if (slot === undefined) return;
    this.table.set(slot, this.#instantiate(entry));
    this.#note(slot, entry.tier);
  }

  /** A new run starts: every linked slot holds its entry's tier. */
  beginRun() {
    this.ran.clear();
    for (const [slot, entry] of this.entryAt) this.#note(slot, entry.tier);
  }

  #note(slot, tier) {
    let s = this.ran.get(slot);
    if (!s) this.ran.set(slot, (s = new Set()));
    s.add(tier);
  }

  /** The tiers a slot held during the current run: 'emitted', 'optimized' or 'emitted+optimized'. */
  tierOf(slot) {
    const s = this.ran.get(slot);
    if (!s) return undefined;
    return ['emitted', 'optimized'].filter((t) => s.has(t)).join('+');
  }

  /** Empties every slot this linker filled (after the core's dw_reset). */
  clear() {
    for (const slot of this.entryAt.keys()) {
      this.table.set(slot, null);
      this.free.push(slot);
    }
    this.slotOf.clear();
    this.entryAt.clear();
    this.ran.clear();
  }
}
