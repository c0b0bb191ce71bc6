// traceback.test.mjs - tracebacks as CPython 3.11 prints them, carets and
// all: each program of tests/python/tracebacks runs through the API (as
// main.py, both backends) and through the native CLI, and its printed
// traceback (report.error.text; dwrun's stderr) must be the one CPython
// printed for it, recorded in tests/python/tracebacks.json by
// `python3 tests/python/regen_tracebacks.py` (expected values come from
// CPython, never from dynawasm).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, nativeCli, requireDwrun, requireWasm, tempDir } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');
const DIR = path.join(ROOT, 'tests', 'python', 'tracebacks');
const EXPECTED = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'python', 'tracebacks.json'), 'utf8'));
const names = fs.readdirSync(DIR).filter((n) => n.endsWith('.py')).sort();

test('every program has CPython\'s traceback recorded', () => {
  assert.ok(names.length >= 30, `found ${names.length}`);
  assert.deepEqual(names, Object.keys(EXPECTED).sort(), 'run python3 tests/python/regen_tracebacks.py');
});

describe('through the API', () => {
  let compiler;
  before(async () => {
    compiler = await createCompiler();
  });
  for (const name of names) {
    for (const backend of ['wasm', 'eager']) {
      test(`${name} [${backend}]`, () => {
        const r = compiler.run(fs.readFileSync(path.join(DIR, name), 'utf8'), { backend, filename: 'main.py' });
        assert.equal(r.stdout, EXPECTED[name].stdout);
        assert.equal(r.error?.text, EXPECTED[name].traceback);
      });
    }
  }
});

describe('through the native CLI', () => {
  const tmp = tempDir('dynawasm-tb-');
  before(() => requireDwrun());
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  for (const name of names) {
    test(name, async () => {
      const cwd = path.join(tmp, name.slice(0, -3));
      fs.mkdirSync(cwd);
      fs.copyFileSync(path.join(DIR, name), path.join(cwd, 'main.py'));
      const r = await nativeCli(['run', 'main.py'], { cwd });
      assert.equal(r.code, 1);
      assert.equal(r.stderr.split(`${fs.realpathSync(cwd)}${path.sep}`).join(''), EXPECTED[name].traceback);
    });
  }
});
