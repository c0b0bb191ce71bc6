// cache.js - the persistent, content-addressed cache of optimised kernels.
//
// An entry maps the bytes the core emitted for a graph (and the Binaryen
// recipe) to Binaryen's output and its text. The key is a hash of the
// emitted bytes; the entry holds those bytes too and is used only when
// they are identical, so a hash collision can never give a wrong kernel.
// A stored module is checked like any other (kernels.js) before use.
//
// Stores: NodeStore (node_host.js: files in a directory, synchronous
// reads) and CacheApiStore (below: the browser's Cache API, asynchronous).

import { hashBytes, sameBytes } from './kernels.js';

const MAGIC = 0x314b5744; // "DWK1"
const enc = new TextEncoder();
const dec = new TextDecoder();

/** The name of an entry: recipe, hash and length of the emitted bytes. */
export function entryName(recipe, input) {
  return `${recipe}-${hashBytes(input).toString(16)}-${input.length}`;
}

/** Serialises an entry: magic, emitted bytes, optimised bytes, text. */
export function encodeEntry(input, res) {
  const wat = enc.encode(res.wat ?? '');
  const out = new Uint8Array(12 + input.length + res.optimized.length + wat.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, input.length, true);
  out.set(input, 8);
  dv.setUint32(8 + input.length, res.optimized.length, true);
  out.set(res.optimized, 12 + input.length);
  out.set(wat, 12 + input.length + res.optimized.length);
  return out;
}

/** The {optimized, wat} of a serialised entry if it is for `input`, else null. */
export function decodeEntry(bytes, input) {
  if (!bytes || bytes.length < 12) return null;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) return null;
  const n = dv.getUint32(4, true);
  if (n !== input.length || 12 + n > bytes.length) return null;
  if (!sameBytes(bytes.subarray(8, 8 + n), input)) return null;
  const m = dv.getUint32(8 + n, true);
  if (12 + n + m > bytes.length) return null;
  const optimized = bytes.slice(12 + n, 12 + n + m);
  const wat = dec.decode(bytes.subarray(12 + n + m));
  return { optimized, wat: wat || null, optimizeMs: 0 };
}

/** The browser's Cache API (window or worker). Reads are asynchronous. */
export class CacheApiStore {
  /** @param {string} [name] the cache's name */
  constructor(name = 'dynawasm-kernels') {
    this.name = name;
    this.cache = null;
  }

  /** Whether this environment has the Cache API. */
  static available() {
    return typeof globalThis.caches?.open === 'function';
  }

  #open() {
    this.cache ??= globalThis.caches.open(this.name);
    return this.cache;
  }

  #url(recipe, input) {
    return `https://dynawasm.invalid/kernels/${entryName(recipe, input)}`;
  }

  getSync() {
    return null;
  }

  async getAsync(recipe, input) {
    const c = await this.#open();
    const res = await c.match(this.#url(recipe, input));
    if (!res) return null;
    return decodeEntry(new Uint8Array(await res.arrayBuffer()), input);
  }

  put(recipe, input, res) {
    this.#open()
      .then((c) => c.put(this.#url(recipe, input), new Response(encodeEntry(input, res), { headers: { 'content-type': 'application/octet-stream' } })))
      .catch(() => {}); // a full or unavailable cache only costs speed
  }
}
