// annotations.test.mjs - the conformance annotation parser and checker
// (tests/lib/annotations.mjs) on synthetic programs and reports, so that a
// broken checker cannot pass every conformance program silently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLineMarks, checkReport, parseAnnotations, splitComments } from '../lib/annotations.mjs';

const SRC = `import torch

@torch.compiler.disable(recursive=False)
def outer(x):  # disabled(recursive=False)
    s = "a # not a comment"  # not traced
    return x  # traced, not traced

@torch.compile
def f(x):
    y = x + 1  # traced, graph break: unsupported_call
    t = '''# traced
still a string # traced'''
    return y  # just a remark
# traced
print(f(1))

# expected (hand)
# expected output:
# tensor([2.])
#
#   indented
# expected error: RuntimeError: bad thing: details
# expected error line: 14
# expected explain: graph_count=2 graph_break_count=1
`;

const report = (over = {}) => ({
  ok: false,
  stdout: 'tensor([2.])\n\n  indented\n',
  stderr: '',
  error: { type: 'RuntimeError', message: 'bad thing: details and more', line: 14, col: 0, traceback: [], text: '' },
  marks: [
    { line: 4, kind: 'disabled', recursive: false },
    { line: 5, kind: 'not_traced' },
    { line: 6, kind: 'traced' },
    { line: 6, kind: 'not_traced' },
    { line: 10, kind: 'traced' },
    { line: 10, kind: 'graph_break', reason: 'unsupported_call' },
  ],
  frames: [],
  graphs: [],
  explain: { graph_count: 2, graph_break_count: 1, op_count: 1, break_reasons: [] },
  time_ms: { total: 1 },
  ...over,
});

test('comments are found outside string literals only', () => {
  const lines = splitComments(SRC);
  assert.equal(lines[4].comment, ' not traced');
  assert.equal(lines[10].comment, null, 'inside a triple-quoted string');
  assert.equal(lines[11].comment, null, 'still inside it');
});

test('marks, reasons, recursive=False and the trailing block are parsed', () => {
  const a = parseAnnotations(SRC);
  assert.equal(a.subset, false);
  assert.deepEqual([...a.lines.keys()], [4, 5, 6, 10]);
  assert.deepEqual([...a.lines.get(4).kinds], ['disabled']);
  assert.equal(a.lines.get(4).recursive, false);
  assert.deepEqual([...a.lines.get(6).kinds].sort(), ['not_traced', 'traced']);
  assert.equal(a.lines.get(10).reasons.get('graph_break'), 'unsupported_call');
  assert.equal(a.expectedOutput, 'tensor([2.])\n\n  indented\n');
  assert.deepEqual(a.expectedError, { type: 'RuntimeError', messagePrefix: 'bad thing: details' });
  assert.equal(a.expectedErrorLine, 14);
  assert.deepEqual(a.expectedExplain, { graph_count: 2, graph_break_count: 1 });
  assert.equal(a.hand, true);
  assert.deepEqual(a.problems, []);
});

test('a matching report passes', () => {
  assert.deepEqual(checkReport(parseAnnotations(SRC), report()), []);
});

test('each kind of mismatch is reported with file:line', () => {
  const a = parseAnnotations(SRC);
  const cases = [
    [{ stdout: 'tensor([3.])\n' }, /x\.py: stdout differs; first difference at output line 1/],
    [{ error: null, ok: true }, /expected RuntimeError: bad thing: details\.\.\., but the program succeeded/],
    [{ error: { ...report().error, type: 'ValueError' } }, /x\.py:14: error ValueError/],
    [{ error: { ...report().error, message: 'other' } }, /expected RuntimeError with a message starting/],
    [{ error: { ...report().error, line: 13 } }, /x\.py:13: error at line 13, expected line 14/],
    [{ marks: report().marks.filter((m) => !(m.line === 6 && m.kind === 'not_traced')) }, /x\.py:6: marks \{traced\}, expected \{not_traced, traced\}/],
    [{ marks: [...report().marks, { line: 5, kind: 'traced' }] }, /x\.py:5: marks \{not_traced, traced\}, expected \{not_traced\}/],
    [{ marks: report().marks.map((m) => (m.kind === 'graph_break' ? { ...m, reason: 'data_dependent' } : m)) }, /x\.py:10: graph break reason "data_dependent", expected "unsupported_call"/],
    [{ marks: report().marks.map((m) => (m.kind === 'disabled' ? { ...m, recursive: true } : m)) }, /x\.py:4: disabled mark has recursive=true, expected false/],
    [{ marks: [...report().marks, { line: 5, kind: 'not_traced' }] }, /x\.py:5: the report has two "not_traced" marks/],
    [{ explain: { ...report().explain, graph_count: 3 } }, /x\.py: explain graph_count = 3, expected 2/],
    [{ ok: true }, /ok is true but error is set/],
    [{ internal: true, error: { ...report().error, type: 'InternalError', message: 'boom' } }, /the compiler crashed: boom/],
  ];
  for (const [over, re] of cases) {
    const problems = checkReport(a, report(over), { file: 'x.py' });
    assert.ok(problems.some((p) => re.test(p)), `${re} in:\n${problems.join('\n')}`);
  }
});

test('subset files require listed marks and forbid the other of traced/not traced', () => {
  const a = parseAnnotations('# marks: subset\nx = 1  # traced\ny = 2  # not traced\n# expected output:\n');
  assert.equal(a.subset, true);
  const base = { ok: true, error: null, stdout: '', explain: {} };
  const ok = { ...base, marks: [{ line: 2, kind: 'traced' }, { line: 2, kind: 'graph_break' }, { line: 3, kind: 'not_traced' }] };
  assert.deepEqual(checkReport(a, ok), []);
  const both = { ...base, marks: [...ok.marks, { line: 2, kind: 'not_traced' }] };
  assert.match(checkReport(a, both).join('\n'), /main\.py:2: .* include not_traced, expected only traced/);
  const missing = { ...base, marks: [{ line: 3, kind: 'not_traced' }] };
  assert.match(checkReport(a, missing).join('\n'), /main\.py:2: marks \{\} lack traced/);
});

test('malformed annotations are problems, ordinary comments are not', () => {
  const a = parseAnnotations('x = 1  # traced, graph-break\ny = 2  # the answer\nz = 3  # traced\n');
  assert.deepEqual([...a.lines.keys()], [3]);
  assert.equal(a.problems.length, 1);
  assert.match(a.problems[0], /line 1: malformed mark annotation .*graph-break/);
  assert.match(checkReport(a, { ok: true, error: null, stdout: '', marks: [{ line: 3, kind: 'traced' }] }).join(), /malformed/);
});

test('an empty expected output means no output at all', () => {
  const a = parseAnnotations('print(1)\n\n# expected output:\n# expected error: NameError: name\n');
  assert.equal(a.expectedOutput, '');
  assert.deepEqual(a.expectedError, { type: 'NameError', messagePrefix: 'name' });
});

test('checkLineMarks checks a set of kinds (the DOM data-marks)', () => {
  const a = parseAnnotations(SRC);
  assert.equal(checkLineMarks(a, 6, new Set(['traced', 'not_traced'])), null);
  assert.equal(checkLineMarks(a, 7, new Set(['traced'])), null, 'a line without annotation');
  assert.match(checkLineMarks(a, 10, new Set(['traced'])), /^line 10: marks \{traced\}, expected \{graph_break, traced\}/);
});

test('sidecars: an example keeps its expectations out of its text', () => {
  const prog = 'import torch\n\n@torch.compile\ndef f(x):\n    return x + 1  # the answer\nprint(f(torch.ones(1)))\n';
  const side = '# expectations of f.py\n# marks: subset\nline 5: traced\nline 6: not traced\n# expected output:\n# tensor([2.])\n# expected explain: graph_count=1\n';
  const a = parseAnnotations(prog, side);
  assert.deepEqual(a.problems, []);
  assert.equal(a.subset, true);
  assert.deepEqual([...a.lines.keys()], [5, 6]);
  assert.deepEqual([...a.lines.get(5).kinds], ['traced']);
  assert.equal(a.lines.get(5).subset, true);
  assert.equal(a.expectedOutput, 'tensor([2.])\n');
  assert.deepEqual(a.expectedExplain, { graph_count: 1 });
  const good = { ok: true, stdout: 'tensor([2.])\n', error: null, marks: [{ line: 5, kind: 'traced' }, { line: 6, kind: 'not_traced' }], explain: { graph_count: 1 } };
  assert.deepEqual(checkReport(a, good), []);
  assert.match(checkReport(a, { ...good, marks: [{ line: 6, kind: 'not_traced' }] }).join('\n'), /main\.py:5: marks \{\} lack traced/);
});

test('sidecars: annotations left in the program, lines that are not code and bad lines are problems', () => {
  const a = parseAnnotations('x = 1  # traced\n\ny = 2\n# expected output:\n# 1\n', 'line 2: traced\nline 3: traced, bogus\nline 9: traced\nwhatever\n');
  assert.equal(a.problems.length, 6, a.problems.join('\n'));
  assert.match(a.problems[0], /line 1: a mark annotation .* belongs in the sidecar/);
  assert.match(a.problems.join('\n'), /`# expected` block/);
  assert.match(a.problems.join('\n'), /line 2 of the program is not a line of code/);
  assert.match(a.problems.join('\n'), /malformed marks "traced, bogus"/);
  assert.match(a.problems.join('\n'), /line 9 of the program is not a line of code/);
  assert.match(a.problems.join('\n'), /sidecar line 4: not `line N: <marks>`/);
});
