// recursion.test.mjs - deep recursion is a RecursionError, never a crash.
// In WebAssembly the C frames live on the engine's stack (V8: 984 KB),
// which the core counts (src/api.c __cyg_profile_func_enter,
// DW_HOST_FRAMES_MAX); each shape below recurses without a Python-level
// limit (sys.setrecursionlimit(100000), except one) through a different
// path of the interpreter and must end in RecursionError with a traceback,
// with the compiler still usable afterwards. Run through the API inside
// node --test, whose own frames sit below the core's.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { requireWasm } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');

const SHAPES = [
  ['method recursion', `import sys
sys.setrecursionlimit(100000)
class A:
    def m(self, n):
        return 0 if n == 0 else self.m(n - 1) + 1
print(A().m(100000))
`],
  ['through a sorted() key callback', `import sys
sys.setrecursionlimit(100000)
def f(n):
    return 0 if n == 0 else sorted([n], key=lambda x: f(x - 1))[0]
print(f(100000))
`],
  ['through a list comprehension', `import sys
sys.setrecursionlimit(100000)
def f(n):
    return 0 if n == 0 else [f(n - 1) for _ in range(1)][0]
print(f(100000))
`],
  ['through __eq__', `import sys
sys.setrecursionlimit(100000)
class N:
    def __init__(self, n): self.n = n
    def __repr__(self): return "N" if self.n == 0 else repr(N(self.n - 1))
    def __eq__(self, o): return True if self.n == 0 else N(self.n - 1) == o
print(N(100000) == 1)
`],
  ['through __repr__', `import sys
sys.setrecursionlimit(100000)
class N:
    def __init__(self, n): self.n = n
    def __repr__(self): return "N" if self.n == 0 else repr(N(self.n - 1))
print(repr(N(100000)))
`],
  ['through map() with a lambda', `import sys
sys.setrecursionlimit(100000)
def f(n):
    return 0 if n == 0 else list(map(lambda x: f(x - 1), [n]))[0]
print(f(100000))
`],
  ['inside a compiled function (the tracer inlines the calls)', `import torch, sys
sys.setrecursionlimit(100000)
def f(x, n):
    return x if n == 0 else f(x + 1, n - 1)
@torch.compile
def g(x):
    return f(x, 100000)
print(g(torch.zeros(2)))
`],
  ['inside a compiled function at the default limit', `import torch
def f(x, n):
    return x if n == 0 else f(x + 1, n - 1)
@torch.compile
def g(x):
    return f(x, 5000)
print(g(torch.zeros(2)))
`],
  ['through a property', `import sys
sys.setrecursionlimit(100000)
class P:
    def __init__(self, n): self.n = n
    @property
    def v(self): return 0 if self.n == 0 else P(self.n - 1).v + 1
print(P(100000).v)
`],
  ['through try/finally', `import sys
sys.setrecursionlimit(100000)
def f(n):
    try:
        if n == 0:
            raise ValueError("x")
        return f(n - 1)
    finally:
        pass
print(f(100000))
`],
  ['nested loops and a comprehension', `import sys
sys.setrecursionlimit(100000)
def f(n):
    for i in range(1):
        while True:
            if n > 0:
                with_ = [x for x in [f(n - 1)]]
                return with_[0]
            return 0
print(f(100000))
`],
];

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
