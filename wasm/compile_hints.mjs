// compile_hints.mjs - a build step (CMakeLists.txt, after linking
// dist/dynawasm.wasm; not part of the package): adds V8's
// "compilationHints" custom section to the core module, asking V8 to
// compile the functions every replayed call runs (a cache hit whose plan
// runs it: src/dynamo/replay.c) when the module is compiled instead of at
// their first call. V8 compiles the core lazily, a function at its first
// call; without the hints the first replayed call of a process compiled
// them (0.2-0.3 ms before the kernel, measured on the chain workload: see
// README, Performance). Node reads the section when V8's
// --experimental-wasm-compilation-hints is on (node_host.js turns it on);
// other engines ignore a custom section.
//
//   node wasm/compile_hints.mjs dist/dynawasm.wasm
//
// reads the linker's symbol map (dist/dynawasm.wasm.symbols, from
// --emit-symbol-map: "index:name" per function), rewrites the module in
// place and deletes the map. A listed name the map lacks (inlined by the
// compiler everywhere) is reported and needs no hint.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The functions of a replayed call (trace.c's cache lookup, replay.c,
 * compile.c's kernel lookup), as `node --trace-wasm-compilation-times`
 * showed them compiled in the first replayed call. */
export const REPLAY_PATH = ['guard_check', 'dwR_guard_value', 'dwRp_run', 'dwC_kernel_for', 'kernel_serves', 'ret_build'];

// V8's hint byte: strategy (bits 0-1; 2: eager), baseline tier (bits 2-3;
// 1: baseline, Liftoff), top tier (bits 4-5; 0: default, dynamic tiering)
const EAGER_BASELINE = 2 | (1 << 2);

const leb = (n) => {
  const out = [];
  do {
    let c = n & 0x7f;
    n >>>= 7;
    if (n) c |= 0x80;
    out.push(c);
  } while (n);
  return out;
};

/**
 * The module with a compilationHints section (before the code section):
 * one byte per declared function, EAGER_BASELINE for `eager` (function
 * indices, imports included), 0 (V8's default) for the others.
 * @param {Uint8Array} bytes @param {Set<number>} eager
 */
export function withHints(bytes, eager) {
  let p = 8;
  const u32 = () => {
    let r = 0, s = 0, c;
    do {
      c = bytes[p++];
      r |= (c & 0x7f) << s;
      s += 7;
    } while (c & 0x80);
    return r >>> 0;
  };
  const skipLimits = () => {
    const flags = bytes[p++];
    u32();
    if (flags & 1) u32();
  };
  let imported = 0, declared = -1, codeAt = -1;
  while (p < bytes.length && codeAt < 0) {
    const at = p, id = bytes[p++], size = u32(), end = p + size;
    if (id === 0) {
      const n = u32();
      if (new TextDecoder().decode(bytes.subarray(p, p + n)) === 'compilationHints') throw new Error('the module already has compilation hints');
    } else if (id === 2) {
      for (let i = 0, n = u32(); i < n; i++) {
        for (let k = 0; k < 2; k++) {
          const len = u32(); // module, then name
          p += len;
        }
        const kind = bytes[p++];
        if (kind === 0) u32(), imported++; // function: type index
        else if (kind === 1) p++, skipLimits(); // table: reftype, limits
        else if (kind === 2) skipLimits(); // memory
        else if (kind === 3) p += 2; // global: valtype, mutability
        else throw new Error(`import kind ${kind}`);
      }
    } else if (id === 3) {
      declared = u32();
    } else if (id === 10) {
      codeAt = at;
    }
    p = end;
  }
  if (declared < 0 || codeAt < 0) throw new Error('no function or code section');
  const hints = new Uint8Array(declared);
  for (const f of eager) {
    if (f < imported || f >= imported + declared) throw new Error(`function ${f} is not declared in the module`);
    hints[f - imported] = EAGER_BASELINE;
  }
  const name = new TextEncoder().encode('compilationHints');
  const payload = [...leb(name.length), ...name, ...leb(declared), ...hints];
  const section = Uint8Array.from([0, ...leb(payload.length), ...payload]);
  const out = new Uint8Array(bytes.length + section.length);
  out.set(bytes.subarray(0, codeAt), 0);
  out.set(section, codeAt);
  out.set(bytes.subarray(codeAt), codeAt + section.length);
  return out;
}

/** The hints of a module: {declared, eager} or null without the section. */
export function readHints(module) {
  const [sec] = WebAssembly.Module.customSections(module, 'compilationHints');
  if (!sec) return null;
  const b = new Uint8Array(sec);
  let p = 0, n = 0, s = 0, c;
  do {
    c = b[p++];
    n |= (c & 0x7f) << s;
    s += 7;
  } while (c & 0x80);
  const hints = b.subarray(p);
  return { declared: n >>> 0, count: hints.length, eager: hints.reduce((k, h) => k + (h === EAGER_BASELINE), 0) };
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const file = process.argv[2];
  const symFile = `${file}.symbols`;
  const index = new Map();
  for (const line of fs.readFileSync(symFile, 'utf8').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) (index.get(line.slice(i + 1)) ?? index.set(line.slice(i + 1), []).get(line.slice(i + 1))).push(Number(line.slice(0, i)));
  }
  const eager = new Set();
  for (const name of REPLAY_PATH) {
    const fns = index.get(name);
    if (fns) fns.forEach((f) => eager.add(f));
    else console.error(`compile_hints: ${name} is not a function of the module (inlined): no hint`);
  }
  fs.writeFileSync(file, withHints(fs.readFileSync(file), eager));
  fs.rmSync(symFile, { force: true });
  console.error(`compile_hints: ${eager.size} functions compiled eagerly (${file})`);
}
