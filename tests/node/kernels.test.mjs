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
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  compare,
  features,
  kernelHelper,
  loadBinaryen,
  loadCase,
  moduleText,
  runKernel,
  stripLocations,
} from '../lib/kernels.mjs';
import { run } from '../lib/repo.mjs';

describe('emitted kernels', async () => {
  let dir;
  let cases = [];
  let binaryen = null;
  const stats = { cases: 0, bitExact: 0, maxUlp: 0, optimized: 0 };

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
        `max ${stats.maxUlp} ulp otherwise; ${stats.optimized} also run after Binaryen`,
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
