// kernels.test.mjs - runs the emitted WebAssembly kernels for real.
//
// The native helper tests/unit/test_wasm_emit.c (`--dump DIR`; the ctest
// executable build/test_wasm_emit, or compiled here from the core when no
// build exists) writes, for each case of tests/unit/kernel_cases.h, the
// module bytes, its inputs and the outputs of dwG_run_eager (the eager
// kernels). Here each module is instantiated against a WebAssembly.Memory
// (the Kernel ABI of src/dw.h: env.memory, kernel(args) -> status), run,
// and compared with the eager outputs:
//   - int64/int32/bool: exactly;
//   - float32: bit-identical or within 2 ulp (the same dwmath.h recipes and
//     accumulation orders run on both sides, so differences are rare), or
//     within the case's rtol/atol, nan matching nan; cases marked exact
//     (the long float sums and means, softmax, layer_norm: the cascade
//     order of dwmath.h on both sides) must be bit-identical;
//   - cases that must fail return their DW_KERR_* status.
// Then every module goes through Binaryen (wasm/node_modules/binaryen, as
// the host does: optimize level 3, shrink 1) twice: read from the bytes,
// and parsed from the annotated text of its "dynawasm.wat" section. Both
// must give the same module, the optimised text must keep `;;@ main.py:L:C`
// locations, and the optimised module must compute the same results. The
// Binaryen part is skipped with a message when the package is absent; the
// plain WebAssembly part always runs.
// Relaxed SIMD: the helper also writes each case emitted for an engine
// with relaxed SIMD (EMIT_RELAXED) where that module differs (exp,
// softmax's exp, the f32 matmul micro-kernel: f32x4.relaxed_madd/nmadd). This file
// turns on V8's flag for it (Node 20; DW_RELAXED_SIMD=0: not), runs those
// modules and compares them with eager within a tight tolerance
// (compareRelaxed: fused multiply-adds round once where eager rounds
// twice), and checks that Binaryen keeps their relaxed instructions. The
// modules above are the relaxed-off ones: bit-identical where marked exact.
import { relaxedSimdMode } from '../lib/relaxed.mjs';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  compare,
  compareRelaxed,
  features,
  kernelHelper,
  loadBinaryen,
  loadCase,
  moduleText,
  runKernel,
  stripLocations,
} from '../lib/kernels.mjs';
import { run } from '../lib/repo.mjs';

const RELAXED = relaxedSimdMode().on;

/** Whether this engine fuses f32x4.relaxed_madd: (1 + 2^-12)^2 - 1 keeps its 2^-24 only when fused. */
function fusesMadd() {
  const body = [0x00, 0x41, 0, 0x41, 0, 0xfd, 0, 4, 0, 0x41, 0, 0xfd, 0, 4, 0, 0x41, 16, 0xfd, 0, 4, 0,
    0xfd, 0x85, 0x02, 0xfd, 0x0b, 4, 0, 0x0b];
  const str = (t) => [t.length, ...new TextEncoder().encode(t)];
  const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 3, 2, 1, 0,
    5, 3, 1, 0, 1, 7, 9, 2, ...str('m'), 2, 0, ...str('f'), 0, 0,
    10, body.length + 2, 1, body.length, ...body]);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes));
  const f = new Float32Array(exports.m.buffer, 0, 8);
  f.fill(1 + 2 ** -12, 0, 4);
  f.fill(-1, 4, 8);
  exports.f(); // v128.store(0, relaxed_madd(load 0, load 0, load 16))
  return f[0] !== 2 ** -11;
}

describe('emitted kernels', async () => {
  let dir;
  let cases = [];
  let binaryen = null;
  const stats = { cases: 0, bitExact: 0, maxUlp: 0, optimized: 0, relaxed: 0, relaxedDiffer: 0, relaxedUlp: 0, fused: null };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-kernels-'));
    const helper = await kernelHelper(dir);
    const r = await run(helper, ['--dump', dir]);
    if (r.code !== 0) throw new Error(`${helper} --dump failed:\n${r.stderr}`);
    cases = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    binaryen = await loadBinaryen();
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    console.log(
      `kernels: ${stats.cases} cases run, ${stats.bitExact} bit-identical to eager, ` +
        `max ${stats.maxUlp} ulp otherwise; ${stats.optimized} also run after Binaryen; ` +
        `relaxed SIMD (${RELAXED ? `on, madd ${stats.fused ? 'fused' : 'unfused'}` : 'off'}): ${stats.relaxed} cases, ` +
        `${stats.relaxedDiffer} floats differing from eager, max ${stats.relaxedUlp} ulp`,
    );
  });

  test('the helper wrote the case table', () => {
    assert.ok(cases.length > 100, `only ${cases.length} cases`);
  });

  test('every kernel matches the eager kernels', () => {
    for (const raw of cases) {
      const c = loadCase(dir, raw);
      const module = new WebAssembly.Module(c.bytes);
      const { status, outputs } = runKernel(module, c);
      assert.equal(status, c.status, `${c.name}: status`);
      stats.cases++;
      if (c.status !== 0) continue;
      assert.ok(c.eager_ok, `${c.name}: eager run failed`);
      const { maxUlp } = compare(c, outputs, c.name);
      if (maxUlp === 0) stats.bitExact++;
      stats.maxUlp = Math.max(stats.maxUlp, maxUlp);
    }
  });

  test('relaxed SIMD modules: only where a multiply-add is relaxed, close to eager', (t) => {
    const withRelaxed = cases.filter((c) => c.relaxed);
    // softmax's exp (EXP_SOFTMAX), exp and what is made of it, the f32
    // matmuls (plain, linear, batched)
    for (const name of ['softmax_last_dim', 'log_softmax_rows_pipe_special', 'unary_exp_f32', 'unary_sigmoid_f32',
      'unary_gelu_f32', 'matmul_bias_relu_8x16x12', 'linear_packed_7x64x16', 'matmul_batched_broadcast']) {
      assert.ok(withRelaxed.some((c) => c.name === name), `${name}: no relaxed SIMD module`);
    }
    for (const c of withRelaxed) assert.ok(c.relaxed_ops > 0, c.name);
    if (!RELAXED) {
      t.skip('this engine does not run relaxed SIMD (or DW_RELAXED_SIMD=0)');
      return;
    }
    stats.fused = fusesMadd();
    for (const raw of withRelaxed) {
      const c = loadCase(dir, raw);
      const bytes = new Uint8Array(fs.readFileSync(path.join(dir, raw.relaxed)));
      const { status, outputs } = runKernel(new WebAssembly.Module(bytes), c);
      assert.equal(status, c.status, `${c.name} (relaxed): status`);
      if (c.status !== 0) continue;
      const { maxUlp, differ } = compareRelaxed(c, outputs, `${c.name} (relaxed)`);
      stats.relaxed++;
      stats.relaxedDiffer += differ;
      stats.relaxedUlp = Math.max(stats.relaxedUlp, maxUlp);
    }
    // unfused, relaxed_madd is the mul then the add: the same floats as eager
    if (stats.fused === false) assert.equal(stats.relaxedDiffer, 0, 'unfused relaxed kernels differ from eager');
  });

  test('Binaryen keeps relaxed SIMD instructions, results hold', (t) => {
    if (!binaryen || !RELAXED) {
      t.skip(!binaryen ? 'binaryen is not installed' : 'this engine does not run relaxed SIMD');
      return;
    }
    const b = binaryen;
    b.setOptimizeLevel(2);
    b.setShrinkLevel(1);
    for (const raw of cases.filter((c) => c.relaxed)) {
      const c = loadCase(dir, raw);
      const bytes = new Uint8Array(fs.readFileSync(path.join(dir, raw.relaxed)));
      const mod = b.parseText(moduleText(new WebAssembly.Module(bytes)));
      try {
        mod.setFeatures(features(b, true));
        assert.ok(mod.validate(), `${c.name}: Binaryen validates the relaxed module`);
        mod.optimize();
        const text = mod.emitText();
        const n = (text.match(/f32x4\.relaxed_n?madd/g) ?? []).length;
        assert.ok(n > 0, `${c.name}: relaxed instructions kept by optimize()`);
        const { status, outputs } = runKernel(new WebAssembly.Module(mod.emitBinary()), c);
        assert.equal(status, c.status, `${c.name} (relaxed, optimised): status`);
        if (c.status === 0) compareRelaxed(c, outputs, `${c.name} (relaxed, optimised)`);
      } finally {
        mod.dispose();
      }
    }
  });

  test('Binaryen: text == bytes, locations survive optimize, results hold', (t) => {
    if (!binaryen) {
      t.skip('binaryen is not installed (wasm/node_modules/binaryen): run `bash wasm/setup.sh`');
      return;
    }
    const b = binaryen;
    b.setOptimizeLevel(3);
    b.setShrinkLevel(1);
    b.setDebugInfo(true);
    for (const raw of cases) {
      const c = loadCase(dir, raw);
      const wat = moduleText(new WebAssembly.Module(c.bytes));
      assert.ok(wat, `${c.name}: no dynawasm.wat section`);
      const fromBytes = b.readBinary(c.bytes);
      const fromText = b.parseText(wat);
      try {
        fromBytes.setFeatures(features(b));
        fromText.setFeatures(features(b));
        assert.ok(fromBytes.validate(), `${c.name}: Binaryen validates the bytes`);
        assert.equal(
          stripLocations(fromText.emitText()),
          stripLocations(fromBytes.emitText()),
          `${c.name}: the text is the same module as the bytes`,
        );
        fromText.optimize();
        const optText = fromText.emitText();
        assert.match(optText, /;;@ main\.py:\d+:\d+/, `${c.name}: locations survive optimize()`);
        const optimized = fromText.emitBinary();
        const { status, outputs } = runKernel(new WebAssembly.Module(optimized), c);
        assert.equal(status, c.status, `${c.name}: optimised status`);
        if (c.status === 0) compare(c, outputs, `${c.name} (optimised)`);
        stats.optimized++;
      } finally {
        fromBytes.dispose();
        fromText.dispose();
      }
    }
  });
});
