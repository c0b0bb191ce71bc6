// conformance.test.mjs - every program of tests/conformance, tests/programs
// and examples against the expectations in its comments (examples: in
// their sidecar files, NAME.expect)
// (docs/conformance.md, parsed by tests/lib/annotations.mjs):
// stdout exactly, the error (type, message prefix, line), every annotated
// line's marks, the explain counts; with the "wasm" and the "eager" backend,
// through the npm API and through the native CLI (build/dwrun or $DWRUN).
// The filename a program sees (in tracebacks and explain() output) is its
// path from the repository root (`dwrun run tests/programs/x.py` run there
// shows the working directory joined to it, as CPython does; the test takes
// the directory off), except for examples/, which run as "main.py", as in
// the playground.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkReport, diffText } from '../lib/annotations.mjs';
import { relaxedSimdMode } from '../lib/relaxed.mjs';
import { ROOT, conformanceFiles, nativeCli, readProgram, requireDwrun, requireWasm, tempDir } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');
// kernels with relaxed SIMD where the engine has it (DW_RELAXED_SIMD=0:
// without; tests/lib/relaxed.mjs)
const RELAXED = relaxedSimdMode();
const BACKENDS = ['wasm', 'eager'];
const files = conformanceFiles();

test('there are conformance programs', () => {
  assert.ok(files.length >= 20, `found ${files.length}`);
});

const fail = (problems) => assert.fail(`\n  ${problems.join('\n  ')}`);
const filenameOf = (rel) => (rel.startsWith('examples/') ? 'main.py' : rel);

describe('through the API', () => {
  let compiler;
  before(async () => {
    compiler = await createCompiler(RELAXED.opts);
    assert.equal(compiler.relaxedSimd, RELAXED.on, RELAXED.label);
  });
  for (const rel of files) {
    const { source, ann } = readProgram(rel);
    for (const backend of BACKENDS) {
      test(`${rel} [${backend}]`, () => {
        const report = compiler.run(source, { backend, filename: filenameOf(rel) });
        const problems = checkReport(ann, report, { file: rel });
        if (problems.length) fail(problems);
      });
    }
  }
});

describe('through the native CLI', () => {
  const tmp = tempDir('dynawasm-conf-');
  before(() => requireDwrun());
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  files.forEach((rel, i) => {
    const { source, ann } = readProgram(rel);
    // run from the repository root, or as main.py in a folder of its own
    let cwd = ROOT;
    const file = filenameOf(rel);
    if (file !== rel) {
      cwd = path.join(tmp, String(i));
      fs.mkdirSync(cwd);
      fs.writeFileSync(path.join(cwd, file), source);
    }
    for (const backend of BACKENDS) {
      test(`${rel} [${backend}]`, async () => {
        const [plain, json] = await Promise.all([
          nativeCli(['run', file, '--backend', backend], { cwd }),
          nativeCli(['run', '--json', file, '--backend', backend], { cwd }),
        ]);
        assert.equal(json.code, 0, `dwrun --json exited ${json.code} (${json.signal ?? ''}): ${json.stderr}`);
        // dwrun shows a script's path as CPython does (the working
        // directory joined to it); the expectations hold it as typed
        const typed = (text) => text.split(`${fs.realpathSync(cwd)}${path.sep}`).join('');
        plain.stdout = typed(plain.stdout);
        let report;
        try {
          report = JSON.parse(typed(json.stdout));
        } catch (e) {
          assert.fail(`${rel}: dwrun --json printed no valid JSON (${e.message}): ${json.stdout.slice(0, 200)}`);
        }
        const problems = checkReport(ann, report, { file: rel });
        if (ann.expectedOutput !== null && plain.stdout !== ann.expectedOutput) {
          problems.push(`${rel}: dwrun stdout differs; ${diffText(plain.stdout, ann.expectedOutput)}`);
        }
        const code = ann.expectedError ? 1 : 0;
        if (plain.code !== code) {
          problems.push(`${rel}: dwrun exited ${plain.code}, expected ${code} (stderr: ${plain.stderr.slice(-300)})`);
        }
        if (problems.length) fail(problems);
      });
    }
  });
});
