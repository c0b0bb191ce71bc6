// recursion.test.mjs - deep recursion is a RecursionError, never a crash.
// In WebAssembly the C frames live on the engine's stack (V8: 984 KB),
// which the core counts (src/api.c __cyg_profile_func_enter,
// DW_HOST_FRAMES_MAX); each shape (tests/lib/recursion_shapes.mjs) recurses without a Python-level
// limit (sys.setrecursionlimit(100000), except one) through a different
// path of the interpreter and must end in RecursionError with a traceback,
// with the compiler still usable afterwards. Run through the API inside
// node --test, whose own frames sit below the core's.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { requireWasm } from '../lib/repo.mjs';
import { SHAPES } from '../lib/recursion_shapes.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');

describe('deep recursion under WebAssembly', () => {
  let compiler;
  before(async () => {
    compiler = await createCompiler();
  });

  for (const [name, source] of SHAPES) {
    for (const backend of ['wasm', 'eager']) {
      test(`${name} [${backend}]`, () => {
        const r = compiler.run(source, { backend });
        assert.ok(r.error, `no error; stdout: ${r.stdout}`);
        assert.equal(r.error.type, 'RecursionError', r.error.text);
        assert.equal(r.error.message, 'maximum recursion depth exceeded');
        assert.ok(r.error.traceback.length > 10, 'the traceback lists the frames');
        const again = compiler.run('print(sum(range(10)))\n');
        assert.equal(again.stdout, '45\n');
        assert.equal(again.error, null);
      });
    }
  }

  test('plain recursion 900 deep runs, 100000 deep is a RecursionError at its line', () => {
    const src = (n) => `import sys\nsys.setrecursionlimit(200000)\ndef c(n):\n    if n == 0:\n        return 0\n    return 1 + c(n - 1)\nprint(c(${n}))\n`;
    assert.equal(compiler.run(src(900)).stdout, '900\n');
    const r = compiler.run(src(100000));
    assert.equal(r.error?.type, 'RecursionError');
    assert.equal(r.error.line, 6);
  });

  test('the default limit is 1000 Python frames, as in CPython', () => {
    const r = compiler.run('import sys\nprint(sys.getrecursionlimit())\ndef f(n):\n    return f(n + 1)\nf(0)\n');
    assert.equal(r.stdout, '1000\n');
    assert.equal(r.error?.type, 'RecursionError');
    assert.equal(r.error.line, 4);
    // CPython folds the repeated entries of the printed traceback (each
    // with its carets under the call)
    assert.match(r.error.text, /^  File "main.py", line 4, in f\n    return f\(n \+ 1\)\n           \^{8}\n  \[Previous line repeated \d+ more times\]\nRecursionError/m);
  });
});

test('stackSizeMb scales the frame limit: a smaller stack stops recursion earlier; bad values are a TypeError', async () => {
  const src = 'def f(n):\n    return 0 if n == 0 else f(n - 1)\ndef probe():\n    ok, fails = 10, 1000\n    while fails - ok > 1:\n        m = (ok + fails) // 2\n        try:\n            f(m)\n            ok = m\n        except RecursionError:\n            fails = m\n    return fails\nprint(probe())\n';
  const depth = async (opts) => {
    const c = await createCompiler({ binaryen: false, ...opts });
    const r = c.run(src);
    assert.equal(r.error, null, r.error?.text);
    return Number(r.stdout);
  };
  // at the default limit (1000) on Node's main thread: CPython's 998
  assert.equal(await depth({}), 998);
  // a quarter of V8's 984 KB: 1400 counted frames, 3 a level
  const quarter = await depth({ stackSizeMb: 0.24 });
  assert.ok(quarter > 300 && quarter < 500, String(quarter));
  for (const bad of [0, -1, 2000, '4', NaN]) {
    await assert.rejects(createCompiler({ binaryen: false, stackSizeMb: bad }), TypeError, String(bad));
  }
});
