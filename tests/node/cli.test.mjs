// cli.test.mjs - the command lines (docs/cli.md): the Node CLI
// wasm/bin/dynawasm.js and the native build/dwrun ($DWRUN) take the same
// arguments, print the same stdout and exit with the same codes:
// 0 success (always with --json), 1 the program failed, 2 unusable
// arguments or unreadable file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { parseAnnotations } from '../lib/annotations.mjs';
import { ROOT, nativeCli, nodeCli, requireDwrun, requireWasm, tempDir } from '../lib/repo.mjs';

requireWasm();
requireDwrun();

const dir = tempDir('dynawasm-cli-');
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name, text) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

const OK = file('ok.py', 'print("hello")\nprint(1 + 1)\n');
const FAILS = file(
  'fails.py',
  'def g(x):\n    return x + undefined_name\n\nprint("before")\nprint(g(1))\nprint("after")\n',
);
const COMPILED = file(
  'compiled.py',
  'import torch\n\n@torch.compile\ndef f(x):\n    y = x + 1\n    print("between graphs")\n    return y * 2\n\nprint(f(torch.ones(2)))\n',
);

const CLIS = [
  ['node', nodeCli],
  ['native', nativeCli],
];

for (const [name, cli] of CLIS) {
  describe(`${name} CLI: arguments`, () => {
    test('--help and -h print the usage on stdout, exit 0', async () => {
      for (const arg of ['--help', '-h']) {
        const r = await cli([arg]);
        assert.equal(r.code, 0);
        assert.match(r.stdout, /^usage: \S+ run FILE\.py \[--json\] \[--backend wasm\|eager\] \[--suppress-errors\]/);
        assert.match(r.stdout, /explain FILE\.py/);
        assert.equal(r.stderr, '');
      }
    });

    test('--version, exit 0', async () => {
      const r = await cli(['--version']);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /\d+\.\d+\.\d+/);
    });

    const bad = [
      [[], /missing command/],
      [['compile', OK], /unknown command 'compile'/],
      [['run'], /missing FILE\.py/],
      [['run', OK, 'extra.py'], /unexpected argument 'extra\.py'/],
      [['run', OK, '--bogus'], /unknown option '--bogus'/],
      [['run', OK, '-x'], /unknown option '-x'/],
      [['run', OK, '--backend', 'cuda'], /--backend must be wasm or eager/],
      [['run', OK, '--backend=cuda'], /--backend must be wasm or eager/],
      [['run', OK, '--backend'], /needs a value/],
      [['run', OK, '--logs', 'graph_breaks,nope'], /unknown log channel 'nope'/],
      [['run', OK, '--json=yes'], /takes no value/],
      [['run', OK, '--max-steps', 'ten'], /--max-steps needs a number/],
    ];
    for (const [args, re] of bad) {
      test(`unusable arguments exit 2: ${JSON.stringify(args.map((a) => path.basename(a)))}`, async () => {
        const r = await cli(args);
        assert.equal(r.code, 2, `exit code (stderr: ${r.stderr})`);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, re);
      });
    }

    test('an unreadable file exits 2, also with --json', async () => {
      for (const args of [['run', path.join(dir, 'missing.py')], ['run', '--json', path.join(dir, 'missing.py')], ['explain', dir]]) {
        const r = await cli(args);
        assert.equal(r.code, 2, JSON.stringify(args));
        assert.equal(r.stdout, '');
        assert.match(r.stderr, /cannot read/);
      }
    });

    test('options before the command and after -- are handled', async () => {
      const r = await cli(['--backend', 'eager', 'run', '--', OK]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, 'hello\n2\n');
    });
  });

  describe(`${name} CLI: running`, () => {
    test('a program that succeeds: its stdout, exit 0', async () => {
      const r = await cli(['run', OK]);
      assert.equal(r.stderr, '');
      assert.equal(r.stdout, 'hello\n2\n');
      assert.equal(r.code, 0);
    });

    test('a program that fails: stdout so far, the traceback on stderr, exit 1', async () => {
      const r = await cli(['run', FAILS]);
      assert.equal(r.code, 1);
      assert.equal(r.stdout, 'before\n');
      assert.match(r.stderr, /^Traceback \(most recent call last\):\n/m);
      assert.ok(r.stderr.includes(`File "${FAILS}", line 2, in g`), r.stderr);
      assert.ok(r.stderr.endsWith("NameError: name 'undefined_name' is not defined\n"), r.stderr);
      assert.equal(r.stderr.split('Traceback').length, 2, 'the traceback is printed once');
    });

    test("a SyntaxError shows CPython's caret line under the offending column or range", async () => {
      // each text as CPython 3.11 prints it for the same file (python3 FILE)
      const cases = [
        ['y = x +* 2\n', '    y = x +* 2\n           ^\nSyntaxError: invalid syntax\n'],
        ['def f(:\n    pass\n', '    def f(:\n          ^\nSyntaxError: invalid syntax\n'],
        ['x = (1,\ny = 2\n', "    x = (1,\n        ^\nSyntaxError: '(' was never closed\n"],
        ['f() = 1\n', "    f() = 1\n    ^^^\nSyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?\n"],
        ['print "hi"\n', "    print \"hi\"\n    ^^^^^^^^^^\nSyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?\n"],
        ['def f():\nreturn 1\n', '    return 1\n    ^\nIndentationError: expected an indented block after function definition on line 1\n'],
        ['x = 1\n  y = 2\n', '    y = 2\nIndentationError: unexpected indent\n'],
      ];
      for (const [src, tail] of cases) {
        const f = file('syntax_caret.py', src);
        const r = await cli(['run', f]);
        assert.equal(r.code, 1);
        assert.ok(r.stderr.endsWith(tail), `${JSON.stringify(src)}:\n${r.stderr}`);
      }
    });

    test('--json prints the report, exit 0 even when the program failed', async () => {
      const r = await cli(['run', '--json', FAILS]);
      assert.equal(r.code, 0);
      const rep = JSON.parse(r.stdout);
      assert.equal(rep.ok, false);
      assert.equal(rep.error.type, 'NameError');
      assert.equal(rep.stdout, 'before\n');
      const ok = JSON.parse((await cli(['run', OK, '--json'])).stdout);
      assert.equal(ok.ok, true);
      assert.equal(ok.stdout, 'hello\n2\n');
    });

    test('- reads the program from stdin', async () => {
      const r = await cli(['run', '-'], { input: 'print("from stdin")\n' });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, 'from stdin\n');
    });

    test('--backend eager and --backend wasm print the same', async () => {
      const a = await cli(['run', COMPILED, '--backend', 'eager']);
      const b = await cli(['run', COMPILED, '--backend=wasm']);
      assert.equal(a.stdout, 'between graphs\ntensor([4., 4.])\n');
      assert.equal(b.stdout, a.stdout);
      assert.equal(a.code, 0);
      assert.equal(b.code, 0);
    });

    test('--logs graph_breaks prints the break with file, line and reason to stderr', async () => {
      const r = await cli(['run', COMPILED, '--logs', 'graph_breaks']);
      assert.equal(r.code, 0);
      assert.equal(r.stdout, 'between graphs\ntensor([4., 4.])\n');
      assert.match(r.stderr, /Graph Break Reason: Failed to trace builtin operator/); // PyTorch's GB0059 text
      assert.ok(r.stderr.includes(COMPILED), r.stderr);
      assert.match(r.stderr, /\b6\b/);
    });

    test('--max-steps stops a runaway program (exit 1)', async () => {
      const loop = file('loop.py', 'n = 0\nwhile True:\n    n += 1\n');
      const r = await cli(['run', loop, '--max-steps', '5000'], { timeout: 20_000 });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /Error/);
    });

    test('explain prints the counts and break reasons', async () => {
      const r = await cli(['explain', COMPILED]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Graph Count: 2\nGraph Break Count: 1\nOp Count: 2\nBreak Reasons:\n  Break Reason 1:\n/);
      assert.ok(r.stdout.includes(`<FrameSummary file ${COMPILED}, line 6 in f>`), r.stdout);
      assert.ok(!r.stdout.includes('between graphs'), 'not the program output');
    });
  });
}

describe('the two CLIs agree', () => {
  const programs = ['tests/conformance/seed_example.py', 'tests/conformance/break_inside_helper.py',
    'tests/conformance/name_error_traceback.py', 'tests/conformance/suppress_errors_on.py'];
  for (const rel of programs) {
    test(`run and explain: ${rel}`, async () => {
      const ann = parseAnnotations(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
      for (const cmd of ['run', 'explain']) {
        const [a, b] = await Promise.all([nodeCli([cmd, rel]), nativeCli([cmd, rel])]);
        assert.equal(a.stdout, b.stdout, `${cmd} ${rel}: stdout node vs native`);
        assert.equal(a.code, b.code, `${cmd} ${rel}: exit code node vs native`);
        assert.equal(a.code, ann.expectedError ? 1 : 0, `${cmd} ${rel}: exit code (stderr: ${a.stderr})`);
      }
    });
  }
});

test("node CLI: a short run's kernels are optimised after it ends, into the cache the next run starts from", async () => {
  // the run ends before Binaryen's worker would start (optimizeDelayMs):
  // its kernels go to a detached optimiser that fills the cache
  const cache = path.join(dir, 'kernel-cache');
  const env = { DYNAWASM_CACHE_DIR: cache };
  const first = await nodeCli(['run', COMPILED, '--json'], { env });
  assert.equal(first.code, 0, first.stderr);
  const r1 = JSON.parse(first.stdout);
  assert.ok(r1.ok && r1.graphs.length === 2, first.stdout);
  assert.deepEqual(r1.graphs.map((g) => g.tier), ['emitted', 'emitted']);
  const t0 = Date.now();
  const kernels = () => (fs.existsSync(cache) ? fs.readdirSync(cache).filter((f) => f.endsWith('.kernel')) : []);
  while (kernels().length < 2) {
    assert.ok(Date.now() - t0 < 120_000, `the cache has ${kernels().length} of 2 kernels after 120 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const spool = path.join(cache, 'spool');
  while (fs.existsSync(path.join(spool, 'optimizer.pid'))) {
    assert.ok(Date.now() - t0 < 120_000, 'the detached optimiser ends');
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(fs.readdirSync(spool), [], 'the spool is empty');
  const second = await nodeCli(['run', COMPILED, '--json'], { env });
  const r2 = JSON.parse(second.stdout);
  assert.equal(r2.stdout, r1.stdout);
  assert.deepEqual(r2.graphs.map((g) => g.tier), ['optimized', 'optimized'], 'from the cache at once');
  // every kernel came from the cache: nothing handed over, no optimiser
  assert.deepEqual(fs.readdirSync(spool), [], 'a run whose kernels all hit the cache spools nothing and starts no optimiser');
});

test('node CLI: kernels use relaxed SIMD (V8 flag set in its own process); DYNAWASM_RELAXED_SIMD=0: not', async () => {
  const prog = file('relaxed.py', [
    'import torch',
    '',
    '@torch.compile',
    'def f(x, w):',
    '    return torch.softmax(x @ w, -1)',
    '',
    'y = f(torch.randn(8, 16), torch.randn(16, 12))',
    'print(y.shape, (y.sum(-1) - 1).abs().max().item() < 1e-5)',
    '',
  ].join('\n'));
  const runWith = async (extra) => {
    const r = await nodeCli(['run', prog, '--json'], { env: { DYNAWASM_CACHE_DIR: '', ...extra } });
    assert.equal(r.code, 0, r.stderr);
    const rep = JSON.parse(r.stdout);
    assert.equal(rep.stdout, 'torch.Size([8, 12]) True\n', rep.stderr);
    return rep.graphs.map((g) => g.relaxed_simd);
  };
  // Node 20 runs relaxed SIMD behind V8's flag, which the CLI sets for itself
  assert.deepEqual(await runWith({}), [true]);
  assert.deepEqual(await runWith({ DYNAWASM_RELAXED_SIMD: '0' }), [false]);
  const help = await nodeCli(['--help']);
  assert.match(help.stdout, /DYNAWASM_RELAXED_SIMD=0/);
});

test('node CLI: a program the engine\'s stack stopped runs again on a 64 MB stack, so recursion stops at the program\'s own limit as in CPython', async () => {
  // CPython 3.11 prints 2998 and 3998 for these (python3 on the file)
  const prog = file('deep.py', [
    'import sys',
    'def f(n):',
    '    return 0 if n == 0 else 1 + f(n - 1)',
    'def nested(n):',
    '    if n:',
    '        for _ in range(1):',
    '            while True:',
    '                return nested(n - 1) + 1',
    '    return 0',
    'def probe(fn):',
    '    ok, fails = 10, 100000',
    '    while fails - ok > 1:',
    '        m = (ok + fails) // 2',
    '        try:',
    '            fn(m)',
    '            ok = m',
    '        except RecursionError:',
    '            fails = m',
    '    return fails',
    'sys.setrecursionlimit(3000)',
    'print(probe(f))',
    'sys.setrecursionlimit(4000)',
    'print(probe(nested))',
    '',
  ].join('\n'));
  const r = await nodeCli(['run', prog], { env: { DYNAWASM_CACHE_DIR: '' } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '2998\n3998\n');
  // on the main thread (984 KB) the engine's stack ends it earlier, still
  // as a RecursionError
  const main = await nodeCli(['run', prog], { env: { DYNAWASM_CACHE_DIR: '', DYNAWASM_NO_THREAD: '1' } });
  assert.equal(main.code, 0, main.stderr);
  const [a, b] = main.stdout.trim().split('\n').map(Number);
  assert.ok(a > 1000 && a < 2998 && b > 300 && b < 3998, main.stdout);
  const help = await nodeCli(['--help']);
  assert.match(help.stdout, /DYNAWASM_NO_THREAD=1/);
  // the report says which stack ended it: the engine's (caught, here) ...
  const json = await nodeCli(['run', '--json', prog], { env: { DYNAWASM_CACHE_DIR: '', DYNAWASM_NO_THREAD: '1' } });
  assert.equal(JSON.parse(json.stdout).stack_limited, true);
  // ... or the program's own limit, or none: no second run
  const limit = file('limit.py', 'import sys\nsys.setrecursionlimit(50)\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError:\n    print("limit")\n');
  for (const [p, out] of [[limit, 'limit\n'], [file('one.py', 'print(1)\n'), '1\n']]) {
    const r = JSON.parse((await nodeCli(['run', '--json', p], { env: { DYNAWASM_CACHE_DIR: '' } })).stdout);
    assert.equal(r.stdout, out);
    assert.equal(r.stack_limited, false);
  }
});
