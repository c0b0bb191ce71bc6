// kernels.mjs - running emitted kernel modules in Node, shared by
// tests/node/kernels.test.mjs and tests/bench/kernels_bench.mjs.
//
// The native helper tests/unit/test_wasm_emit.c (`--dump DIR` / `--bench
// DIR`) writes a manifest.json and, per case, the module bytes, its inputs
// and the eager outputs (dwG_run_eager). runKernel() lays a case out in a
// fresh WebAssembly.Memory as the Kernel ABI of src/dw.h says (an i32 array
// of data pointers: inputs, outputs, then the scratch area when the module
// needs one) and calls `kernel`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, coreSources, run } from './repo.mjs';

const HELPER_CANDIDATES = [
  process.env.DW_TEST_WASM_EMIT,
  path.join(ROOT, 'build', 'test_wasm_emit'),
  path.join(ROOT, 'build-asan', 'test_wasm_emit'),
].filter(Boolean);

/** The native helper: a built one, or compiled now into dir. */
export async function kernelHelper(dir) {
  for (const p of HELPER_CANDIDATES) if (fs.existsSync(p)) return p;
  const exe = path.join(dir, 'test_wasm_emit');
  const srcs = coreSources();
  const cc = process.env.CC || 'cc';
  const r = await run(cc, ['-std=c11', '-O2', '-I', path.join(ROOT, 'src'), ...srcs,
    path.join(ROOT, 'tests', 'unit', 'test_wasm_emit.c'), '-lm', '-o', exe]);
  if (r.code !== 0) throw new Error(`building the kernel helper failed:\n${r.stderr}`);
  return exe;
}

const TYPED = {
  f32: Float32Array,
  i64: BigInt64Array,
  i32: Int32Array,
  b8: Uint8Array,
  f64: Float64Array,
};
const SIZE = { f32: 4, i64: 8, i32: 4, b8: 1, f64: 8 };
const numel = (shape) => shape.reduce((a, b) => a * b, 1);
const align16 = (n) => (n + 15) & ~15;

/** Loads a case's files: inputs (typed arrays) and eager outputs. */
export function loadCase(dir, c) {
  const read = (f, dtype, shape) => {
    const buf = fs.readFileSync(path.join(dir, f));
    const copy = new Uint8Array(buf.length);
    copy.set(buf);
    const arr = new TYPED[dtype](copy.buffer, 0, numel(shape));
    return arr;
  };
  return {
    ...c,
    bytes: new Uint8Array(fs.readFileSync(path.join(dir, c.wasm))),
    inputData: c.inputs.map((t) => read(t.file, t.dtype, t.shape)),
    expected: c.eager_ok ? c.outputs.map((t) => read(t.file, t.dtype, t.shape)) : null,
  };
}

/**
 * Instantiates a kernel module against a fresh memory laid out as the ABI
 * says (args array at 64, then inputs, outputs, scratch, 16-byte aligned)
 * and copies the inputs in. call() runs the kernel once and returns its
 * status; outputs() reads the results.
 */
export function prepareKernel(module, c) {
  const bufs = [
    ...c.inputs.map((t) => numel(t.shape) * SIZE[t.dtype]),
    ...c.outputs.map((t) => numel(t.shape) * SIZE[t.dtype]),
  ];
  if (c.scratch > 0) bufs.push(c.scratch);
  let at = align16(64 + 4 * bufs.length);
  const addr = bufs.map((n) => {
    const a = at;
    at = align16(at + Math.max(n, 1));
    return a;
  });
  const memory = new WebAssembly.Memory({ initial: Math.ceil((at + 64) / 65536) + 1 });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  const u8 = new Uint8Array(memory.buffer);
  const args = new Int32Array(memory.buffer, 64, bufs.length);
  addr.forEach((a, k) => (args[k] = a));
  c.inputData.forEach((arr, k) => u8.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), addr[k]));
  return {
    call: () => instance.exports.kernel(64),
    outputs: () =>
      c.outputs.map((t, j) => {
        const a = addr[c.inputs.length + j];
        return new TYPED[t.dtype](memory.buffer.slice(a, a + numel(t.shape) * SIZE[t.dtype]));
      }),
  };
}

/** Runs a kernel once on a fresh memory: {status, outputs}. */
export function runKernel(module, c) {
  const k = prepareKernel(module, c);
  const status = k.call();
  return { status, outputs: k.outputs() };
}

const f32bits = (x) => {
  const f = new Float32Array([x]);
  return new Int32Array(f.buffer)[0];
};
/** Distance in units in the last place between two float32 values. */
function ulps(a, b) {
  if (Object.is(a, b)) return 0;
  if (Number.isNaN(a) || Number.isNaN(b)) return Infinity;
  let ia = f32bits(a);
  let ib = f32bits(b);
  if (ia < 0) ia = -2147483648 - ia;
  if (ib < 0) ib = -2147483648 - ib;
  return Math.abs(ia - ib);
}

/**
 * Compares outputs with the eager ones; returns {maxUlp} or throws. Cases
 * marked exact (the long float sums: one summation order on both sides)
 * must be bit-identical.
 */
export function compare(c, got, label) {
  let maxUlp = 0;
  c.outputs.forEach((t, j) => {
    const want = c.expected[j];
    const have = got[j];
    assert.equal(have.length, want.length, `${label} output ${j} length`);
    for (let i = 0; i < want.length; i++) {
      const w = want[i];
      const h = have[i];
      if (t.dtype !== 'f32') {
        if (t.dtype === 'f64' && Number.isNaN(h) && Number.isNaN(w)) continue;
        if (h !== w || Object.is(h, -0) !== Object.is(w, -0)) assert.fail(`${label} output ${j}[${i}]: ${h} != eager ${w}`);
        continue;
      }
      if (Number.isNaN(w) && Number.isNaN(h)) continue;
      const u = ulps(h, w);
      if (c.exact && u !== 0) assert.fail(`${label} output ${j}[${i}]: ${h} != eager ${w} (${u} ulp; must be bit-identical)`);
      if (u <= 2) {
        maxUlp = Math.max(maxUlp, u);
        continue;
      }
      const tol = (c.atol || 0) + (c.rtol || 0) * Math.abs(w);
      if (tol > 0 && Math.abs(h - w) <= tol) {
        maxUlp = Math.max(maxUlp, u);
        continue;
      }
      assert.fail(`${label} output ${j}[${i}]: ${h} != eager ${w} (${u} ulp)`);
    }
  });
  return { maxUlp };
}

/**
 * Compares the outputs of a kernel emitted with relaxed SIMD (its
 * multiply-adds f32x4.relaxed_madd/nmadd, fused on hardware with FMA)
 * with the eager ones, which never fuse: float32 within 4 ulp (softmax's
 * exp is within 2 ulp of the correctly rounded expf fused or not:
 * tests/unit/test_expf_ulp.c) or within 2^-20 of the output's largest
 * magnitude (a matmul's partial sums rounded once instead of twice); nan
 * where eager has nan, other dtypes exactly. Returns {maxUlp, differ}.
 */
export function compareRelaxed(c, got, label) {
  let maxUlp = 0;
  let differ = 0;
  c.outputs.forEach((t, j) => {
    const want = c.expected[j];
    const have = got[j];
    assert.equal(have.length, want.length, `${label} output ${j} length`);
    let scale = 0;
    for (const w of want) if (Number.isFinite(w)) scale = Math.max(scale, Math.abs(w));
    for (let i = 0; i < want.length; i++) {
      const w = want[i];
      const h = have[i];
      if (t.dtype !== 'f32') {
        if (h !== w && !(Number.isNaN(h) && Number.isNaN(w))) assert.fail(`${label} output ${j}[${i}]: ${h} != eager ${w}`);
        continue;
      }
      if (Number.isNaN(w) && Number.isNaN(h)) continue;
      const u = ulps(h, w);
      differ += u !== 0;
      if (u <= 4 || Math.abs(h - w) <= scale * 2 ** -20) {
        maxUlp = Math.max(maxUlp, u);
        continue;
      }
      assert.fail(`${label} output ${j}[${i}]: ${h} != eager ${w} (${u} ulp; largest |output| ${scale})`);
    }
  });
  return { maxUlp, differ };
}

/** The annotated text of a module's "dynawasm.wat" custom section. */
export function moduleText(module) {
  const secs = WebAssembly.Module.customSections(module, 'dynawasm.wat');
  return secs.length ? new TextDecoder().decode(secs[0]) : null;
}

export async function loadBinaryen() {
  const p = path.join(ROOT, 'wasm', 'node_modules', 'binaryen', 'index.js');
  if (!fs.existsSync(p)) return null;
  return (await import(p)).default;
}

export function features(b, relaxed = false) {
  const F = b.Features;
  return F.MutableGlobals | F.NontrappingFPToInt | F.SIMD128 | F.BulkMemory | F.SignExt | (relaxed ? F.RelaxedSIMD : 0);
}

/** Text without locations and without the custom section readBinary keeps. */
export const stripLocations = (wat) =>
  wat
    .split('\n')
    .filter((l) => !l.trim().startsWith(';;@') && !l.trim().startsWith(';; custom section'))
    .join('\n');

