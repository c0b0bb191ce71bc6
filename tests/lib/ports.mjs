// ports.mjs - the conventions of tests/pytorch (programs ported from
// PyTorch's test/dynamo suite, see tests/pytorch/README.md): their header,
// the XFAIL list and the `# stderr contains` expectations.
//
//   import { portFiles, checkPortHeader, parseXfail, checkStderr } from '../lib/ports.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo.mjs';

export const PORTS_DIR = path.join(ROOT, 'tests', 'pytorch');
export const ISSUES = Object.freeze([9, 10]);
const BACKENDS = Object.freeze(['wasm', 'eager']);

/** The ported programs (file names), sorted. */
export function portFiles() {
  return fs
    .readdirSync(PORTS_DIR)
    .filter((f) => f.endsWith('.py'))
    .sort();
}

/**
 * Reads the header every port starts with:
 *   # pytorch: <file in pytorch/pytorch (test/dynamo/, test/inductor/, torch/)> <TestClass.test_name, or the source read>
 *   # commit: <the pytorch/pytorch commit read>
 *   # issue: <9 or 10>
 * @returns {{issue: number|null, source: string|null, commit: string|null, problems: string[]}}
 */
export function checkPortHeader(source) {
  const lines = source.split(/\r?\n/);
  const problems = [];
  const field = (i, name) => {
    const m = new RegExp(`^# ${name}: (.+)$`).exec(lines[i] ?? '');
    if (!m) problems.push(`line ${i + 1} must be "# ${name}: ..."`);
    return m ? m[1].trim() : null;
  };
  const src = field(0, 'pytorch');
  const commit = field(1, 'commit');
  const issueText = field(2, 'issue');
  if (src !== null && !/^(test\/dynamo\/|test\/inductor\/|torch\/)\S+\.py /.test(src)) {
    problems.push(`"# pytorch:" must name a file of pytorch/pytorch (test/dynamo/..., test/inductor/... or torch/...) and what was read in it`);
  }
  if (commit !== null && !/^[0-9a-f]{40}$/.test(commit)) problems.push(`"# commit:" must be a 40-digit commit`);
  const issue = issueText === null ? null : Number(issueText);
  if (issueText !== null && !ISSUES.includes(issue)) problems.push(`"# issue:" must be one of ${ISSUES.join(', ')}`);
  return { issue, source: src, commit, problems };
}

/**
 * Parses tests/pytorch/XFAIL: one port a line, `name.py ISSUE reason...`,
 * where name.py may carry `[wasm]` or `[eager]` to limit the entry to one
 * backend; `#` starts a comment line.
 * @returns {{entries: Map<string, {issue: number, reason: string, backends: string[]|null, line: number}>, problems: string[]}}
 */
export function parseXfail(text) {
  const entries = new Map();
  const problems = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(\S+?\.py)(?:\[([a-z,]+)\])?\s+(\d+)\s+(\S.*)$/.exec(line);
    if (!m) {
      problems.push(`XFAIL line ${i + 1}: expected "name.py ISSUE reason", got "${line}"`);
      return;
    }
    const [, name, backendList, issueText, reason] = m;
    const backends = backendList ? backendList.split(',') : null;
    const issue = Number(issueText);
    if (backends && backends.some((b) => !BACKENDS.includes(b))) {
      problems.push(`XFAIL line ${i + 1}: unknown backend in [${backendList}]`);
    }
    if (!ISSUES.includes(issue)) problems.push(`XFAIL line ${i + 1}: issue must be one of ${ISSUES.join(', ')}`);
    if (entries.has(name)) problems.push(`XFAIL line ${i + 1}: ${name} is listed twice`);
    entries.set(name, { issue, reason, backends, line: i + 1 });
  });
  return { entries, problems };
}

/** Whether an XFAIL entry (or undefined) expects a failure with this backend. */
export const xfailApplies = (entry, backend) => Boolean(entry) && (entry.backends === null || entry.backends.includes(backend));

/**
 * The `# stderr contains: TEXT` (at least once) and `# stderr contains once:
 * TEXT` (exactly once) lines of a port; TEXT is everything after ": ",
 * leading spaces included. They stand before the `# expected output:` block.
 * @returns {{text: string, once: boolean, line: number}[]}
 */
export function stderrExpectations(source) {
  const out = [];
  source.split(/\r?\n/).forEach((l, i) => {
    const m = /^# stderr contains( once)?: (.*)$/.exec(l);
    if (m) out.push({ text: m[2], once: Boolean(m[1]), line: i + 1 });
  });
  return out;
}

const occurrences = (hay, needle) => {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
};

/** Checks a report's stderr against the port's expectations; [] = fine. */
export function checkStderr(source, report, file) {
  const stderr = String(report?.stderr ?? '');
  const problems = [];
  for (const e of stderrExpectations(source)) {
    const n = occurrences(stderr, e.text);
    if (e.once ? n !== 1 : n < 1) {
      problems.push(`${file}:${e.line}: stderr has ${JSON.stringify(e.text)} ${n} times, expected ${e.once ? 'exactly once' : 'at least once'}`);
    }
  }
  return problems;
}
