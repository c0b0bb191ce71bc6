// layers.mjs - the layers of src/ and the include rule (docs/architecture.md
// "Layers and the include rule"), checked on the sources as text.
//
//   node tests/lib/layers.mjs [ROOT]    # lists the violations; exit 1 if any
//   import { checkLayers } from '../lib/layers.mjs';
//   checkLayers(root) -> { violations: string[], files: number, interface: number }
//
// Every file of src/ has a layer (LAYERS below; a new file must be added).
// A file may include headers of its own layer or of lower ones only. A
// file may use (call, or read) a function or table defined in a higher
// layer only when it is the evaluator or the library (layers 2 and 3) and
// the name is declared in the named interface section of
// src/runtime/interp.h, between the lines starting `/* INTERFACE_BEGIN` and
// `/* INTERFACE_END`: the runtime <-> library <-> tracer loop Dynamo needs.
// Nothing below the evaluator (layer 1) uses anything above it. No file
// of src/ is longer than MAX_LINES lines (a file that grows past it holds
// more than one concern: split it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYER_NAMES = ['', 'below the evaluator', 'evaluator', 'library', 'dynamo', 'api'];

// Paths relative to src/; a folder entry (ending in /) covers the files
// in it that are not listed themselves.
export const LAYERS = {
  // below the evaluator: the base (dw.h declares what every file of this
  // layer defines), the front end, objects, eager tensors, the backend
  'dw.h': 1, 'dynawasm.h': 1, 'ops.def': 1, 'arena.c': 1,
  'front/': 1,
  'runtime/value.c': 1,
  'tensor/tensor.c': 1, 'tensor/tensor_kernels.c': 1, 'tensor/tensor_print.c': 1, 'tensor/random.c': 1,
  'tensor/tensor_impl.h': 1, 'tensor/dwmath.h': 1,
  'tensor/autograd.h': 1, 'tensor/autograd.c': 1, 'tensor/derivatives.c': 1,
  'backend/': 1,
  // the evaluator
  'runtime/interp.h': 2, 'runtime/resolve.c': 2, 'runtime/object.c': 2, 'runtime/interp.c': 2,
  'runtime/frame.c': 2,
  'runtime/traceback.c': 2, 'runtime/gen.c': 2,
  // the library
  'runtime/builtins.h': 3, 'runtime/builtins.c': 3, 'runtime/format.c': 3,
  'runtime/methods.c': 3, 'runtime/mathlib.c': 3, 'runtime/operator.c': 3,
  'runtime/stdmod.h': 3, 'runtime/stdmod.c': 3, 'runtime/mod_typing.c': 3, 'runtime/mod_itertools.c': 3,
  'runtime/mod_functools.c': 3,
  'runtime/mod_collections.c': 3,
  'runtime/mod_types.c': 3,
  'runtime/mod_copy.c': 3,
  'tensor/torchlib.h': 3, 'tensor/torchlib.c': 3, 'tensor/torchops.c': 3, 'tensor/torchmore.c': 3, 'tensor/nnmore.c': 3, 'tensor/randlib.c': 3, 'tensor/version.c': 3,
  'tensor/nn.c': 3, 'tensor/nn_module.c': 3, 'tensor/device.c': 3,
  'tensor/autograd_py.c': 3, 'tensor/optim.c': 3,
  // the tracer and compiler
  'dynamo/': 4, 'dynamo/modguard.c': 4,
  // sessions and runs
  'api.c': 5,
};
// The native CLI is a user of the public API, nothing else.
export const PUBLIC_ONLY = { 'native/dwrun.c': ['dynawasm.h'] };

export const MAX_LINES = 3000;

export const INTERFACE_FILE = 'runtime/interp.h';
export const INTERFACE_BEGIN = 'INTERFACE_BEGIN';
export const INTERFACE_END = 'INTERFACE_END';

export function layerOf(rel) {
  if (rel in LAYERS) return LAYERS[rel];
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/') + 1) : null;
  if (dir && dir in LAYERS) return LAYERS[dir];
  return 0;
}

/** The text without comments and with string and char literals emptied
 * (line breaks kept, so line numbers stay). */
export function stripC(src) {
  let out = '';
  for (let i = 0; i < src.length; ) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '*') {
      const e = src.indexOf('*/', i + 2);
      const end = e < 0 ? src.length : e + 2;
      out += src.slice(i, end).replace(/[^\n]/g, ' ');
      i = end;
    } else if (c === '/' && src[i + 1] === '/') {
      let e = src.indexOf('\n', i);
      if (e < 0) e = src.length;
      out += ' '.repeat(e - i);
      i = e;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += c + ' '.repeat(Math.max(0, j - i - 1)) + c;
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function walk(dir, base, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, base, out);
    else if (/\.(c|h|def)$/.test(e.name)) out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out;
}

const NAME = 'dw[A-Za-z]+_[A-Za-z0-9_]+';

/** Names a file defines: functions, tables and variables with external or
 * file scope, and macros. */
export function definedNames(code) {
  const names = new Set();
  // a function definition: the name at the start of a declarator whose
  // parameter list is followed by a body
  const fn = new RegExp(`^[A-Za-z_][^;{}()=]*?\\b(${NAME})\\s*\\(([^;{}]|\\n)*?\\)\\s*(__attribute__\\s*\\(\\(.*?\\)\\)\\s*)?\\{`, 'gm');
  for (const m of code.matchAll(fn)) names.add(m[1]);
  const data = new RegExp(`^[A-Za-z_][^;{}()=]*?\\b(${NAME})\\s*(\\[[^\\]]*\\]\\s*)*=`, 'gm');
  for (const m of code.matchAll(data)) names.add(m[1]);
  const mac = new RegExp(`^\\s*#\\s*define\\s+(${NAME})`, 'gm');
  for (const m of code.matchAll(mac)) names.add(m[1]);
  return names;
}

/** A header's text with its top-level declarations (prototypes, extern
 * objects) blanked, line breaks kept. */
export function withoutDeclarations(code) {
  const blank = (m) => m.replace(/[^\n]/g, ' ');
  return code
    .replace(new RegExp(`^[A-Za-z_][^;{}#=]*?\\b${NAME}\\s*\\(([^;{}]|\\n)*?\\)\\s*(__attribute__\\s*\\(\\(([^;{}]|\\n)*?\\)\\)\\s*)?;`, 'gm'), blank)
    .replace(new RegExp(`^\\s*extern\\b[^;{}]*;`, 'gm'), blank);
}

/**
 * @param {string} root the repository (src/ below it)
 */
export function checkLayers(root) {
  const src = path.join(root, 'src');
  const files = walk(src, src, []).sort();
  const violations = [];
  const code = new Map();
  for (const f of files) code.set(f, stripC(fs.readFileSync(path.join(src, f), 'utf8')));

  // the named interface section
  const iface = new Set();
  const raw = fs.existsSync(path.join(src, INTERFACE_FILE)) ? fs.readFileSync(path.join(src, INTERFACE_FILE), 'utf8') : '';
  const lines = raw.split('\n');
  const marker = (name) => (l) => l.startsWith(`/* ${name}`);
  const b = lines.findIndex(marker(INTERFACE_BEGIN));
  const e = lines.findIndex(marker(INTERFACE_END));
  if (b < 0 || e < b || lines.filter(marker(INTERFACE_BEGIN)).length !== 1) {
    violations.push(`src/${INTERFACE_FILE}: no single named interface section (${INTERFACE_BEGIN} ... ${INTERFACE_END})`);
  } else {
    const body = stripC(lines.slice(b + 1, e).join('\n'));
    for (const m of body.matchAll(new RegExp(`\\b(${NAME})\\s*\\(`, 'g'))) iface.add(m[1]);
    for (const m of body.matchAll(new RegExp(`#\\s*define\\s+(${NAME})`, 'g'))) iface.add(m[1]);
    for (const m of body.matchAll(new RegExp(`\\bextern\\b[^;]*?\\b(${NAME})\\s*[\\[;]`, 'g'))) iface.add(m[1]);
  }

  // where each name is defined (its lowest layer when defined twice)
  const home = new Map();
  for (const f of files) {
    const L = layerOf(f);
    for (const n of definedNames(code.get(f))) {
      const h = home.get(n);
      if (!h || L < h.layer) home.set(n, { layer: L, file: f });
    }
  }

  for (const f of files) {
    const text = code.get(f);
    const inc = fs.readFileSync(path.join(src, f), 'utf8');
    const at = (idx) => text.slice(0, idx).split('\n').length;
    if (f in PUBLIC_ONLY) {
      for (const m of inc.matchAll(/^\s*#\s*include\s*"([^"]+)"/gm)) {
        if (!PUBLIC_ONLY[f].includes(path.basename(m[1])))
          violations.push(`src/${f}:${at(m.index)}: includes "${m[1]}"; it may use ${PUBLIC_ONLY[f].join(', ')} only`);
      }
      continue;
    }
    const nlines = inc.split('\n').length - (inc.endsWith('\n') ? 1 : 0);
    if (nlines > MAX_LINES) violations.push(`src/${f}: ${nlines} lines, over ${MAX_LINES}`);
    const L = layerOf(f);
    if (!L) {
      violations.push(`src/${f}: has no layer (add it to LAYERS in tests/lib/layers.mjs)`);
      continue;
    }
    for (const m of inc.matchAll(/^\s*#\s*include\s*"([^"]+)"/gm)) {
      const near = path.posix.normalize(path.posix.join(path.posix.dirname(f), m[1]));
      const target = files.includes(near) ? near : files.includes(m[1]) ? m[1] : null;
      if (!target) continue;
      const T = layerOf(target);
      if (T > L)
        violations.push(`src/${f}:${at(m.index)}: includes "${m[1]}" (${LAYER_NAMES[T]}) from ${LAYER_NAMES[L]}`);
    }
    if (f === INTERFACE_FILE) continue; // it declares the loop
    // a header's declarations are not uses (dw.h declares the functions of
    // every file below the evaluator); its macros and inline bodies are
    const body = f.endsWith('.h') ? withoutDeclarations(text) : text;
    const seen = new Set();
    for (const m of body.matchAll(new RegExp(`\\b(${NAME})\\b`, 'g'))) {
      const n = m[1];
      const h = home.get(n);
      if (!h || h.layer <= L || seen.has(n)) continue;
      seen.add(n);
      const where = `src/${f}:${at(m.index)}: uses ${n} (src/${h.file}, ${LAYER_NAMES[h.layer]}) from ${LAYER_NAMES[L]}`;
      if (L <= 1) violations.push(`${where}: nothing below the evaluator calls up`);
      else if (!iface.has(n)) violations.push(`${where}: not declared in the named interface section of src/${INTERFACE_FILE}`);
    }
  }
  return { violations, files: files.length, interface: iface.size };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const r = checkLayers(root);
  for (const v of r.violations) console.log(v);
  console.log(`${r.files} files, ${r.interface} names in the interface section, ${r.violations.length} violation(s)`);
  process.exit(r.violations.length ? 1 : 0);
}
