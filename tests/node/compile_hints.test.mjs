// The core's compilationHints section (wasm/compile_hints.mjs, added after
// linking): the functions of a replayed call compiled with the module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createCompiler, wasmPath } from '../../wasm/index.js';
import { REPLAY_PATH, readHints, withHints } from '../../wasm/compile_hints.mjs';

const str = (t) => [t.length, ...new TextEncoder().encode(t)];
const section = (id, content) => [id, content.length, ...content];
/** imports env.f (function 0) and env.memory; declares functions 1-3
 * returning 1, 2, 3; exports them as a, b, c */
function tinyModule() {
  const body = (k) => [4, 0, 0x41, k, 0x0b];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 0, 1, 0x7f]),
    ...section(2, [2, ...str('env'), ...str('f'), 0, 0, ...str('env'), ...str('memory'), 2, 0, 1]),
    ...section(3, [3, 0, 0, 0]),
    ...section(7, [3, ...str('a'), 0, 1, ...str('b'), 0, 2, ...str('c'), 0, 3]),
    ...section(10, [3, ...body(1), ...body(2), ...body(3)]),
  ]);
}

test('withHints adds one hint per declared function, before the code section', () => {
  const bytes = tinyModule();
  const hinted = withHints(bytes, new Set([2]));
  assert.ok(WebAssembly.validate(hinted));
  const m = new WebAssembly.Module(hinted);
  assert.deepEqual(readHints(m), { declared: 3, count: 3, eager: 1 });
  assert.equal(readHints(new WebAssembly.Module(bytes)), null);
  // the module runs as before (index.js turned V8's hints flag on)
  const inst = new WebAssembly.Instance(m, { env: { f: () => 0, memory: new WebAssembly.Memory({ initial: 1 }) } });
  assert.deepEqual([inst.exports.a(), inst.exports.b(), inst.exports.c()], [1, 2, 3]);
  // the section sits before the code section (the last 18 bytes, unchanged)
  const name = Buffer.from(hinted).indexOf(Buffer.from('compilationHints'));
  assert.ok(name > 0 && name < hinted.length - 18);
  assert.deepEqual(hinted.subarray(-18), bytes.subarray(-18));
  assert.throws(() => withHints(hinted, new Set([1])), /already has compilation hints/);
  assert.throws(() => withHints(bytes, new Set([0])), /not declared/); // an import
  assert.throws(() => withHints(bytes, new Set([4])), /not declared/);
});

test('V8 reads the section once the package is imported (node_host.js sets the flag)', () => {
  const hinted = withHints(tinyModule(), new Set([1]));
  const at = Buffer.from(hinted).indexOf(Buffer.from('compilationHints')) + 'compilationHints'.length;
  // hint count 3 (one byte), then function 1's hint: a top tier below its
  // baseline tier, which V8 rejects when it reads hints
  const bad = Uint8Array.from(hinted);
  bad[at + 1] = 2 | (2 << 2) | (1 << 4);
  assert.throws(() => new WebAssembly.Module(bad), /compilation hint/);
});

test('the built core hints the replay path, and runs replayed calls', async () => {
  const h = readHints(new WebAssembly.Module(fs.readFileSync(wasmPath)));
  assert.ok(h, 'dist/dynawasm.wasm has no compilationHints section: built without wasm/compile_hints.mjs');
  assert.equal(h.count, h.declared);
  assert.ok(h.eager >= 1 && h.eager <= 2 * REPLAY_PATH.length, `eager ${h.eager}`);
  const dw = await createCompiler({ tier: 'emitted' });
  const rep = dw.run('import torch\n@torch.compile\ndef f(x):\n    return x * 2 + 1\nx = torch.ones(8)\nfor i in range(3):\n    print(f(x).sum().item())\n', { filename: 'h.py' });
  assert.equal(rep.stdout, '24.0\n24.0\n24.0\n');
  assert.deepEqual(rep.timeline.calls.map((c) => c.replayed), [false, true, true]);
});
