// pytorch.test.mjs - the programs of tests/pytorch, ported from PyTorch's own
// test/dynamo suite (tests/pytorch/README.md), run through the npm API with
// the "wasm" and the "eager" backend. A program passes when it finishes
// without error and its stdout, `# stderr contains` lines and annotations
// match (tests/lib/annotations.mjs, tests/lib/ports.mjs).
//
// tests/pytorch/XFAIL lists the programs that do not pass yet. The list is
// strict: a listed program that passes fails the run ("remove it from
// XFAIL"), so it always tells the truth.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { checkReport, parseAnnotations } from '../lib/annotations.mjs';
import { PORTS_DIR, checkPortHeader, checkStderr, parseXfail, portFiles, xfailApplies } from '../lib/ports.mjs';
import { ROOT, requireWasm } from '../lib/repo.mjs';

requireWasm();
const { createCompiler } = await import('../../wasm/index.js');
const BACKENDS = ['wasm', 'eager'];
const files = portFiles();
const xfailText = fs.readFileSync(path.join(PORTS_DIR, 'XFAIL'), 'utf8');
const xfail = parseXfail(xfailText);
const sources = new Map(files.map((f) => [f, fs.readFileSync(path.join(PORTS_DIR, f), 'utf8')]));

const fail = (problems) => assert.fail(`\n  ${problems.join('\n  ')}`);

describe('the ports and their XFAIL list', () => {
  test('there are ports for both issues', () => {
    const byIssue = { 9: 0, 10: 0 };
    for (const src of sources.values()) {
      const { issue } = checkPortHeader(src);
      if (issue in byIssue) byIssue[issue]++;
    }
    assert.ok(byIssue[9] >= 45, `issue 9 ports: ${byIssue[9]}`);
    assert.ok(byIssue[10] >= 25, `issue 10 ports: ${byIssue[10]}`);
  });

  test('every port names its PyTorch source, commit and issue', () => {
    const problems = [];
    for (const [f, src] of sources) {
      for (const p of checkPortHeader(src).problems) problems.push(`${f}: ${p}`);
    }
    if (problems.length) fail(problems);
  });

  test('XFAIL is well formed and lists existing ports with their issue', () => {
    const problems = [...xfail.problems];
    for (const [name, entry] of xfail.entries) {
      const src = sources.get(name);
      if (src === undefined) {
        problems.push(`XFAIL line ${entry.line}: ${name} is not a port in tests/pytorch`);
        continue;
      }
      const { issue } = checkPortHeader(src);
      if (issue !== entry.issue) {
        problems.push(`XFAIL line ${entry.line}: ${name} is listed under issue ${entry.issue}, its header says ${issue}`);
      }
    }
    if (problems.length) fail(problems);
  });
});

describe('through the API', () => {
  let compiler;
  before(async () => {
    compiler = await createCompiler();
  });
  for (const f of files) {
    const rel = path.relative(ROOT, path.join(PORTS_DIR, f));
    const source = sources.get(f);
    const ann = parseAnnotations(source);
    for (const backend of BACKENDS) {
      const entry = xfail.entries.get(f);
      const expectFail = xfailApplies(entry, backend);
      test(`${rel} [${backend}]${expectFail ? ' (XFAIL)' : ''}`, (t) => {
        const report = compiler.run(source, { backend, filename: rel });
        const problems = [...checkReport(ann, report, { file: rel }), ...checkStderr(source, report, rel)];
        if (!expectFail) {
          if (problems.length) fail(problems);
          return;
        }
        if (report?.internal || report?.error?.type === 'InternalError') {
          fail([`${rel}: the compiler crashed (an XFAIL port must fail cleanly): ${report.error?.message}`]);
        }
        if (problems.length === 0) {
          fail([`${rel} passes with the ${backend} backend but is listed in tests/pytorch/XFAIL (line ${entry.line}): remove it from XFAIL`]);
        }
        t.diagnostic(`expected failure (issue ${entry.issue}: ${entry.reason}); first problem: ${problems[0]}`);
      });
    }
  }
});
