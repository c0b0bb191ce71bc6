// annotations.mjs - the expectations written in conformance programs
// (docs/conformance.md), and checks of a run report against
// them. Plain ES module without Node APIs: the browser tests import it too.
//
//   import { parseAnnotations, checkReport } from '../lib/annotations.mjs';
//   const ann = parseAnnotations(source);
//   const problems = checkReport(ann, report, { file: 'x.py' }); // [] = pass
//   checkLineMarks(ann, line, new Set(['traced'])) // null = pass (DOM marks)
//
// parseAnnotations(source) returns
//   {
//     subset: boolean,            // first line is `# marks: subset`
//     lines: Map<number, {        // 1-based line -> its trailing mark comment
//       kinds: Set<MarkKind>,     // 'traced' 'not_traced' 'graph_break'
//                                 // 'disabled' 'suppressed_error'
//       reasons: Map<MarkKind, string>, // 'graph_break' -> reason code, when given
//       recursive: boolean|undefined,   // for 'disabled': false for
//                                       // `disabled(recursive=False)`
//       subset: boolean,          // same as the file's
//       text: string,             // the comment as written
//     }>,
//     expectedOutput: string|null,   // stdout ('' for an empty block), or
//                                    // null without `# expected output:`
//     expectedError: {type, messagePrefix}|null,
//     expectedErrorLine: number|null,
//     expectedExplain: Record<string, number>|null, // graph_count=.. etc.
//     hand: boolean,              // `# expected (hand)` (ignored otherwise)
//     problems: string[],         // malformed annotations ("line 7: ...")
//   }
//
// A trailing comment is an annotation when every comma-separated item is a
// mark: `traced`, `not traced`, `graph break`, `graph break: <code>`,
// `disabled`, `disabled(recursive=False)`, `suppressed error`. A comment
// mixing marks and other words is reported in `problems` (a typo would
// otherwise silently leave the line unchecked); one without any mark is an
// ordinary comment.
//
// Sidecars: the programs of examples/ are shown to users as they are, so
// their expectations live next to them in NAME.expect, not in the program:
//   parseAnnotations(source, sidecarText)
// The sidecar holds `line N: <marks>` lines (the trailing mark comment of
// line N, which must be a line of code), optionally `# marks: subset`, and
// the same trailing block (`# expected output:` ...); other `#` lines are
// comments. The program itself must then carry no annotations.

/** @typedef {'traced'|'not_traced'|'graph_break'|'disabled'|'suppressed_error'} MarkKind */

export const MARK_KINDS = Object.freeze(['traced', 'not_traced', 'graph_break', 'disabled', 'suppressed_error']);

/**
 * One item of a mark comment, or null.
 * @returns {{kind: MarkKind, reason?: string, recursive?: boolean}|null}
 */
function parseItem(item) {
  const s = item.trim().replace(/\s+/g, ' ');
  if (s === 'traced') return { kind: 'traced' };
  if (s === 'not traced') return { kind: 'not_traced' };
  if (s === 'graph break') return { kind: 'graph_break' };
  let m = /^graph break: ?([A-Za-z_][A-Za-z0-9_]*)$/.exec(s);
  if (m) return { kind: 'graph_break', reason: m[1] };
  if (s === 'disabled') return { kind: 'disabled', recursive: true };
  m = /^disabled\(recursive ?= ?(True|False)\)$/.exec(s);
  if (m) return { kind: 'disabled', recursive: m[1] === 'True' };
  if (s === 'suppressed error') return { kind: 'suppressed_error' };
  return null;
}

/**
 * Splits source lines into code and trailing comment, following Python's
 * string literals (quotes, triple quotes across lines, escapes, prefixes).
 * @returns {{code: string, comment: string|null}[]} one per line
 */
export function splitComments(source) {
  const lines = source.split(/\r?\n/);
  const out = [];
  let triple = null; // the open triple quote, across lines
  for (const line of lines) {
    let i = 0;
    let comment = null;
    let quote = triple;
    while (i < line.length) {
      const ch = line[i];
      if (quote) {
        if (ch === '\\') {
          i += 2;
          continue;
        }
        if (line.startsWith(quote, i)) {
          i += quote.length;
          quote = null;
          continue;
        }
        i++;
        continue;
      }
      if (ch === '#') {
        comment = line.slice(i + 1);
        break;
      }
      if (ch === '"' || ch === "'") {
        const q3 = ch.repeat(3);
        quote = line.startsWith(q3, i) ? q3 : ch;
        i += quote.length;
        continue;
      }
      i++;
    }
    // A single-quoted string cannot continue past the line (except with a
    // trailing backslash, which our subset does not use for strings).
    triple = quote && quote.length === 3 ? quote : null;
    out.push({ code: comment === null ? line : line.slice(0, line.length - comment.length - 1), comment });
  }
  return out;
}

/** Lines that end an `# expected output:` block. */
const DIRECTIVE = /^# expected (output:|error:|error line:|explain:|\(hand\))/;

/**
 * A mark comment (without its `#`): null when it names no mark (an
 * ordinary comment), {bad} when it mixes marks and other words, else the
 * line's annotation.
 */
function markComment(comment, subset) {
  const items = comment.split(',');
  const parsed = items.map(parseItem);
  const good = parsed.filter(Boolean);
  if (good.length === 0) return null;
  if (good.length !== parsed.length) return { bad: items.filter((_, k) => !parsed[k]).map((s) => s.trim()) };
  const ann = { kinds: new Set(), reasons: new Map(), recursive: undefined, subset, text: comment.trim() };
  for (const p of good) {
    ann.kinds.add(p.kind);
    if (p.reason) ann.reasons.set(p.kind, p.reason);
    if (p.kind === 'disabled') ann.recursive = p.recursive;
  }
  return ann;
}

/** Parses the expectations of a conformance program (see the top), or of
 * an example with its sidecar. */
export function parseAnnotations(source, sidecar = null) {
  const split = splitComments(source);
  const raw = (sidecar ?? source).split(/\r?\n/);
  const subset = sidecar != null ? raw.some((l) => l.trim() === '# marks: subset') : (raw[0] ?? '').trim() === '# marks: subset';
  const res = {
    subset,
    lines: new Map(),
    expectedOutput: null,
    expectedError: null,
    expectedErrorLine: null,
    expectedExplain: null,
    hand: false,
    problems: [],
  };

  // Trailing mark comments.
  split.forEach(({ code, comment }, idx) => {
    if (comment === null || code.trim() === '') return;
    const ann = markComment(comment, subset);
    if (!ann) return; // an ordinary comment
    const lineNo = idx + 1;
    if (sidecar != null) res.problems.push(`line ${lineNo}: a mark annotation "#${comment}" in a program with a sidecar (it belongs in the sidecar)`);
    else if (ann.bad) res.problems.push(`line ${lineNo}: malformed mark annotation "#${comment}" (not a mark: ${ann.bad.join(', ')})`);
    else res.lines.set(lineNo, ann);
  });
  if (sidecar != null) {
    if (source.split(/\r?\n/).some((l) => DIRECTIVE.test(l.trim()))) res.problems.push('the program has an `# expected` block although it has a sidecar');
    raw.forEach((l, i) => {
      const m = /^line (\d+): *(.*)$/.exec(l.trim());
      if (!m) {
        if (l.trim() && !l.trim().startsWith('#')) res.problems.push(`sidecar line ${i + 1}: not \`line N: <marks>\`, a \`#\` line or blank: "${l}"`);
        return;
      }
      const n = Number(m[1]);
      const ann = markComment(m[2], subset);
      const at = split[n - 1];
      if (!at || at.code.trim() === '') res.problems.push(`sidecar line ${i + 1}: line ${n} of the program is not a line of code`);
      else if (!ann || ann.bad) res.problems.push(`sidecar line ${i + 1}: malformed marks "${m[2]}"`);
      else res.lines.set(n, ann);
    });
  }

  // The trailing block.
  let output = null;
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i].trim();
    let m;
    if (t === '# expected output:') {
      output = [];
      for (i++; i < raw.length; i++) {
        const l = raw[i].replace(/\s+$/, '');
        if (!l.startsWith('#') || DIRECTIVE.test(l)) break;
        output.push(l === '#' ? '' : l.startsWith('# ') ? l.slice(2) : l.slice(1));
      }
      i--; // re-read the line that ended the block
    } else if (t === '# expected (hand)') {
      res.hand = true;
    } else if ((m = /^# expected error line: *(\d+)$/.exec(t))) {
      res.expectedErrorLine = Number(m[1]);
    } else if ((m = /^# expected error: *([A-Za-z_][A-Za-z0-9_.]*):(.*)$/.exec(t))) {
      res.expectedError = { type: m[1], messagePrefix: m[2].replace(/^ /, '') };
    } else if ((m = /^# expected explain: *(.*)$/.exec(t))) {
      const explain = {};
      for (const kv of m[1].trim().split(/\s+/)) {
        const p = /^([a-z_]+)=(\d+)$/.exec(kv);
        if (p) explain[p[1]] = Number(p[2]);
        else res.problems.push(`line ${i + 1}: malformed "# expected explain:" item "${kv}"`);
      }
      res.expectedExplain = explain;
    } else if (t.startsWith('# expected')) {
      res.problems.push(`line ${i + 1}: unknown expectation "${t}"`);
    }
  }
  if (output !== null) res.expectedOutput = output.length ? `${output.join('\n')}\n` : '';
  return res;
}

/** Kinds of the report's marks on one line. */
export function markKinds(report, line) {
  return new Set((report.marks ?? []).filter((m) => m.line === line).map((m) => m.kind));
}

const fmtSet = (s) => `{${[...s].sort().join(', ')}}`;

/** Why a line's mark kinds do not satisfy its annotation, or null. */
function kindsProblem(exp, got) {
  if (!exp.subset) {
    const same = got.size === exp.kinds.size && [...got].every((k) => exp.kinds.has(k));
    return same ? null : `marks ${fmtSet(got)}, expected ${fmtSet(exp.kinds)}`;
  }
  const missing = [...exp.kinds].filter((k) => !got.has(k));
  if (missing.length) return `marks ${fmtSet(got)} lack ${missing.join(', ')} (subset)`;
  for (const [a, b] of [['traced', 'not_traced'], ['not_traced', 'traced']]) {
    if (exp.kinds.has(a) && !exp.kinds.has(b) && got.has(b)) {
      return `marks ${fmtSet(got)} include ${b}, expected only ${a} of the two`;
    }
  }
  return null;
}

/**
 * For the browser tests (DOM `data-marks`): whether a line's set of mark
 * kinds satisfies its annotation. Returns null (fine, or not annotated) or
 * the problem as "line N: ...". Reasons and recursive= are not visible in
 * a set of kinds; checkMarks() checks them on reports.
 * @param {ReturnType<typeof parseAnnotations>} ann
 * @param {number} line
 * @param {Set<string>} kinds
 */
export function checkLineMarks(ann, line, kinds) {
  const exp = ann.lines.get(line);
  if (!exp) return null;
  const why = kindsProblem(exp, kinds);
  return why ? `line ${line}: ${why} (annotation "# ${exp.text}")` : null;
}

/**
 * Compares a report's marks with the annotations.
 * @returns {string[]} problems, each starting with `file:line`
 */
export function checkMarks(ann, report, file = 'main.py') {
  const problems = [];
  const marks = Array.isArray(report.marks) ? report.marks : [];
  const seen = new Set();
  for (const m of marks) {
    const key = `${m.line}/${m.kind}`;
    if (seen.has(key)) problems.push(`${file}:${m.line}: the report has two "${m.kind}" marks for this line`);
    seen.add(key);
    if (!MARK_KINDS.includes(m.kind)) problems.push(`${file}:${m.line}: unknown mark kind "${m.kind}"`);
  }
  for (const [line, exp] of [...ann.lines].sort((a, b) => a[0] - b[0])) {
    const got = markKinds(report, line);
    const where = `${file}:${line}`;
    const note = ` (annotation "# ${exp.text}")`;
    const why = kindsProblem(exp, got);
    if (why) problems.push(`${where}: ${why}${note}`);
    const reason = exp.reasons.get('graph_break');
    if (reason && got.has('graph_break')) {
      for (const m of marks.filter((x) => x.line === line && x.kind === 'graph_break')) {
        if (m.reason !== reason) {
          problems.push(`${where}: graph break reason ${JSON.stringify(m.reason)}, expected "${reason}"${note}`);
        }
      }
    }
    if (exp.kinds.has('disabled') && got.has('disabled')) {
      for (const m of marks.filter((x) => x.line === line && x.kind === 'disabled')) {
        if (m.recursive !== exp.recursive) {
          problems.push(`${where}: disabled mark has recursive=${JSON.stringify(m.recursive)}, expected ${exp.recursive}${note}`);
        }
      }
    }
  }
  return problems;
}

/** Shows where two texts first differ. */
export function diffText(got, want) {
  const g = got.split('\n');
  const w = want.split('\n');
  for (let i = 0; i < Math.max(g.length, w.length); i++) {
    if (g[i] !== w[i]) {
      return `first difference at output line ${i + 1}:\n    got:      ${JSON.stringify(g[i] ?? '<end>')}\n    expected: ${JSON.stringify(w[i] ?? '<end>')}`;
    }
  }
  return 'texts are equal';
}

/**
 * Checks a whole report against the annotations: stdout, error (type,
 * message prefix, line), marks, explain counts.
 * @param {ReturnType<typeof parseAnnotations>} ann
 * @param {any} report
 * @param {{file?: string, marks?: boolean}} [opts] marks:false skips marks
 * @returns {string[]} problems (empty: pass)
 */
export function checkReport(ann, report, opts = {}) {
  const file = opts.file ?? 'main.py';
  const problems = ann.problems.map((p) => `${file}: ${p}`);
  if (report?.internal || report?.error?.type === 'InternalError') {
    problems.push(`${file}: the compiler crashed: ${report.error?.message}`);
    return problems;
  }
  if (ann.expectedOutput !== null && report.stdout !== ann.expectedOutput) {
    problems.push(`${file}: stdout differs; ${diffText(report.stdout ?? '', ann.expectedOutput)}`);
  }
  const err = report.error;
  if (ann.expectedError) {
    const { type, messagePrefix } = ann.expectedError;
    if (!err) {
      problems.push(`${file}: expected ${type}: ${messagePrefix}..., but the program succeeded`);
    } else {
      if (err.type !== type || !String(err.message ?? '').startsWith(messagePrefix)) {
        problems.push(
          `${file}:${err.line}: error ${err.type}: ${JSON.stringify(err.message)}, expected ${type} with a message starting ${JSON.stringify(messagePrefix)}`,
        );
      }
      if (ann.expectedErrorLine !== null && err.line !== ann.expectedErrorLine) {
        problems.push(`${file}:${err.line}: error at line ${err.line}, expected line ${ann.expectedErrorLine}`);
      }
    }
  } else if (err) {
    problems.push(`${file}:${err.line}: unexpected error ${err.type}: ${err.message}`);
  }
  if (report.ok !== !err) problems.push(`${file}: ok is ${report.ok} but error is ${err ? 'set' : 'null'}`);
  if (opts.marks !== false) problems.push(...checkMarks(ann, report, file));
  if (ann.expectedExplain) {
    for (const [k, v] of Object.entries(ann.expectedExplain)) {
      const got = report.explain?.[k];
      if (got !== v) problems.push(`${file}: explain ${k} = ${got}, expected ${v}`);
    }
  }
  return problems;
}
