// The result panes: Output, Graphs, WebAssembly, Explain, Timing, Guards.
// Each renderer takes its panel element, the report, and a context of
// callbacks into the page: {gotoLine(n), toggleGraph(graph), compareEager()}.
import { h, clear, fmtMs, plural } from './dom.js';
import { codeLineRefs, watLineRefs, REASON_TEXT, DEFAULT_HINT, badgeText } from './marks.js';

const lineLink = (ctx, n, label) => h('button', {
  type: 'button', class: 'linelink', 'data-goto-line': n,
  title: `Go to line ${n}`, onclick: () => ctx.gotoLine(n),
}, label || `line ${n}`);

function empty(text, sub) {
  return h('div', { class: 'empty' }, h('p', null, text), sub ? h('p', { class: 'muted' }, sub) : null);
}

function arr(x) { return Array.isArray(x) ? x : []; }

// ---- Output ----------------------------------------------------------------
/** Turns a traceback's `File "main.py", line N` into a link to line N. */
function tracebackNodes(ctx, text) {
  const out = [];
  for (const [i, line] of String(text).split('\n').entries()) {
    if (i) out.push('\n');
    const m = /^(\s*File\s+"[^"]*",\s*)line (\d+)(.*)$/.exec(line);
    if (m) out.push(m[1], lineLink(ctx, Number(m[2])), m[3]);
    else out.push(line);
  }
  return out;
}

export function renderOutput(el, report, ctx, extra = {}) {
  clear(el);
  if (extra.failure) {
    const f = extra.failure;
    el.append(h('section', { class: 'out-block out-internal', role: 'alert' },
      h('h3', { class: 'out-label' }, f.internal ? 'Internal error' : 'Compiler unavailable'),
      h('p', { class: 'muted' }, f.internal
        ? 'The compiler itself failed (a bug in dynawasm, not in your program).'
        : 'The program could not be run.'),
      h('pre', { class: 'out-text' }, f.message)));
    return;
  }
  if (!report) { el.append(empty('Run the program to see its output.', 'Ctrl+Enter (⌘+Enter on a Mac) runs it.')); return; }
  const status = report.ok
    ? h('span', { class: 'pill ok' }, '✓ finished')
    : h('span', { class: 'pill bad' }, '✕ failed');
  const t = report.time_ms && typeof report.time_ms.total === 'number' ? h('span', { class: 'muted' }, `in ${fmtMs(report.time_ms.total)}`) : null;
  el.append(h('div', { class: 'out-head' }, status, t));
  const stdout = String(report.stdout || '');
  el.append(h('section', { class: 'out-block out-stdout', 'aria-label': 'Standard output' },
    h('h3', { class: 'out-label' }, 'stdout'),
    stdout ? h('pre', { class: 'out-text', 'data-stream': 'stdout' }, stdout) : h('p', { class: 'muted out-none' }, '(no output)')));
  if (report.stderr) {
    el.append(h('section', { class: 'out-block out-stderr', 'aria-label': 'Standard error' },
      h('h3', { class: 'out-label' }, 'stderr'),
      h('pre', { class: 'out-text', 'data-stream': 'stderr' }, String(report.stderr))));
  }
  const err = report.error;
  if (err) {
    const title = `${err.type || 'Error'}${err.message ? ': ' + err.message : ''}`;
    let text = err.text;
    if (!text) {
      const tb = arr(err.traceback).map((f) => `  File "main.py", line ${f.line}, in ${f.function}`);
      text = ['Traceback (most recent call last):', ...tb, title].join('\n');
    }
    el.append(h('section', { class: 'out-block out-error', role: 'alert', 'aria-label': 'Error' },
      h('h3', { class: 'out-label' }, 'error'),
      h('p', { class: 'err-title' }, title, err.line ? [' ', lineLink(ctx, err.line, `(line ${err.line})`)] : null),
      h('pre', { class: 'out-text', 'data-stream': 'traceback' }, tracebackNodes(ctx, text))));
  }
}

// ---- Graphs ----------------------------------------------------------------
function codeBlock(lines, kind) {
  return h('pre', { class: `code code-${kind}` }, lines.map((l) => h('span', {
    class: 'cl' + (l.line ? ' has-src' : '') + (l.annotation ? ' wat-ann' : '') + (/^\s*;;/.test(l.text) && !l.annotation ? ' wat-comment' : ''),
    'data-src-line': l.line || null,
  }, kind === 'graph' ? graphLineNodes(l.text) : kind === 'wat' ? watLineNodes(l.text) : (l.text || ' '))));
}

// A light WebAssembly text highlighter: comments, strings, $ids, the
// instruction after "(", numbers. Text nodes only.
const WAT_TOKEN = /(;;.*$)|("(?:[^"\\]|\\.)*")|(\$[\w.$]+)|(\()([a-z][a-z0-9_.]*)|(-?\b\d[\w.+-]*)/g;
function watLineNodes(text) {
  if (!text) return ' ';
  const out = [];
  let last = 0;
  for (const m of text.matchAll(WAT_TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1]) out.push(h('span', { class: 'w-com' }, m[1]));
    else if (m[2]) out.push(h('span', { class: 'w-str' }, m[2]));
    else if (m[3]) out.push(h('span', { class: 'w-id' }, m[3]));
    else if (m[4]) out.push('(', h('span', { class: 'w-kw' }, m[5]));
    else if (m[6]) out.push(h('span', { class: 'w-num' }, m[6]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function graphLineNodes(text) {
  const i = text.indexOf('#');
  if (i < 0) return text || ' ';
  return [text.slice(0, i), h('span', { class: 'c-comment' }, text.slice(i))];
}

export function renderGraphs(el, report, ctx) {
  clear(el);
  const graphs = arr(report && report.graphs);
  if (!report) { el.append(empty('No run yet.')); return; }
  if (!graphs.length) {
    el.append(empty('No graphs were compiled.', 'Decorate a function with @torch.compile and call it: its tensor operations are traced into graphs.'));
    return;
  }
  el.append(h('p', { class: 'pane-intro' },
    `${plural(graphs.length, 'graph')}. Select one to highlight its source lines; hover a line of code to find where it came from.`));
  for (const g of graphs) {
    const lines = arr(g.lines);
    const meta = [
      g.function ? h('span', { class: 'chip fn' }, g.function) : null,
      typeof g.op_count === 'number' ? h('span', { class: 'chip' }, plural(g.op_count, 'op')) : null,
      g.backend ? h('span', { class: 'chip' }, g.backend) : null,
      typeof g.wasm_size === 'number' && g.wasm_size > 0 ? h('span', { class: 'chip' }, `${g.wasm_size} B wasm`) : null,
      typeof g.loops === 'number' && g.loops > 0 ? h('span', { class: 'chip', title: 'fused loop nests' }, plural(g.loops, 'loop')) : null,
      typeof g.runs === 'number' ? h('span', { class: 'chip', title: 'times this graph ran' }, `ran ${g.runs}×`) : null,
    ];
    const toggle = h('button', {
      type: 'button', class: 'graph-toggle', 'aria-pressed': 'false',
      title: lines.length ? `Highlight line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} in the editor` : 'Highlight in the editor',
    }, h('span', { class: 'graph-name' }, `Graph ${g.id}`), meta,
    lines.length ? h('span', { class: 'graph-lines muted' }, `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`) : null);
    const card = h('article', { class: 'graph card', 'data-graph-id': g.id, 'data-src-lines': lines.join(' ') }, h('header', null, toggle),
      g.error ? h('p', { class: 'graph-error bad' }, `✕ ${g.error}`) : null,
      codeBlock(codeLineRefs(g.code), 'graph'));
    toggle.addEventListener('click', () => ctx.toggleGraph(g, card));
    el.append(card);
  }
}

// ---- WebAssembly -------------------------------------------------------------
export function renderWasm(el, report) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const graphs = arr(report.graphs);
  const withWat = graphs.filter((g) => typeof g.wat === 'string' && g.wat);
  if (!withWat.length) {
    el.append(empty(graphs.length ? 'No WebAssembly text in this report.' : 'No compiled regions.',
      graphs.length ? 'Graphs run with the "eager" backend are not lowered to WebAssembly; choose the wasm backend.' : 'Compiled @torch.compile regions show their Binaryen-optimised module here.'));
    return;
  }
  el.append(h('p', { class: 'pane-intro' }, 'Binaryen-optimised module text of each compiled region. ',
    h('code', null, ';;@ main.py:N:C'), ' annotations link instructions to source lines.'));
  for (const g of withWat) {
    const refs = watLineRefs(g.wat);
    const annotated = refs.some((r) => r.annotation);
    // Without `;;@` locations, link the module as a whole to its graph's lines.
    el.append(h('article', { class: 'wat card', 'data-graph-id': g.id, 'data-src-lines': annotated ? null : arr(g.lines).join(' ') },
      h('header', null, h('span', { class: 'graph-name' }, `Graph ${g.id}`),
        g.function ? h('span', { class: 'chip fn' }, g.function) : null,
        typeof g.wasm_size === 'number' ? h('span', { class: 'chip' }, `${g.wasm_size} B`) : null),
      annotated ? null : h('p', { class: 'wat-note muted' }, `No source locations in this module: it is linked to line${arr(g.lines).length > 1 ? 's' : ''} ${arr(g.lines).join(', ')} as a whole.`),
      codeBlock(refs, 'wat')));
  }
}

// ---- Explain -------------------------------------------------------------------
export function renderExplain(el, report, ctx, byLine) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const ex = report.explain || {};
  const graphs = arr(report.graphs);
  const reasons = arr(ex.break_reasons);
  const gc = ex.graph_count ?? graphs.length;
  const bc = ex.graph_break_count ?? reasons.length;
  const oc = ex.op_count ?? graphs.reduce((s, g) => s + (g.op_count || 0), 0);
  const stat = (n, label, cls) => h('div', { class: `stat ${cls || ''}` }, h('div', { class: 'stat-n' }, String(n)), h('div', { class: 'stat-l' }, label));
  el.append(h('div', { class: 'stats' },
    stat(gc, gc === 1 ? 'graph' : 'graphs', 'stat-graphs'),
    stat(bc, bc === 1 ? 'graph break' : 'graph breaks', bc ? 'stat-breaks' : ''),
    stat(oc, oc === 1 ? 'op' : 'ops'),
    stat(arr(report.frames).length, arr(report.frames).length === 1 ? 'compiled frame' : 'compiled frames')));

  let summary;
  if (!gc && !bc) summary = 'Nothing was compiled: every line ran eagerly. Decorate a function with @torch.compile to trace it.';
  else if (!bc) summary = `No graph breaks: each compiled function became ${gc === 1 ? 'one graph' : 'whole graphs'}.`;
  else summary = `The compiled code was split into ${plural(gc, 'graph')} by ${plural(bc, 'graph break')}. Each break ends a graph, runs one statement eagerly, then tracing resumes.`;
  el.append(h('p', { class: 'explain-summary' }, summary));

  if (reasons.length) {
    el.append(h('h3', { class: 'section-title' }, 'Break reasons'));
    const list = h('ol', { class: 'reasons' });
    for (const r of reasons) {
      // Prefer the mark's hint (marks carry it; break_reasons may not).
      let hint = r.hint;
      if (!hint && byLine && byLine.get(r.line)) {
        const b = byLine.get(r.line).breaks.find((x) => x.reason === r.reason);
        hint = b && b.hint;
      }
      hint = hint || DEFAULT_HINT[r.reason];
      list.append(h('li', { class: 'reason' },
        h('div', { class: 'reason-head' },
          h('span', { class: 'glyph g-break', 'aria-hidden': 'true' }, '◆'),
          r.line ? lineLink(ctx, r.line) : null,
          r.function ? h('span', { class: 'muted' }, ` in ${r.function}`) : null,
          h('span', { class: 'chip reason-code', title: REASON_TEXT[r.reason] || '' }, r.reason || 'graph break')),
        r.message ? h('div', { class: 'reason-msg' }, r.message) : null,
        hint ? h('div', { class: 'reason-hint' }, h('strong', null, 'Hint: '), hint) : null));
    }
    el.append(list);
  }
  const disabled = [], suppressed = [];
  if (byLine) {
    for (const e of [...byLine.values()].sort((a, b) => a.line - b.line)) {
      for (const d of e.disabled) disabled.push({ line: e.line, ...d });
      for (const s of e.suppressed) suppressed.push({ line: e.line, ...s });
    }
  }
  if (disabled.length) {
    el.append(h('h3', { class: 'section-title' }, 'Disabled functions'));
    el.append(h('ul', { class: 'reasons' }, disabled.map((d) => h('li', { class: 'reason' },
      h('div', { class: 'reason-head' }, h('span', { class: 'glyph g-disabled', 'aria-hidden': 'true' }, '⊘'),
        lineLink(ctx, d.line), d.function ? h('code', null, ` ${d.function}`) : null, h('span', { class: 'chip' }, badgeText(d))),
      h('div', { class: 'reason-msg' }, d.recursive
        ? 'It and everything it calls run eagerly when called from compiled code.'
        : 'Only its own frame runs eagerly; the functions it calls are traced and compiled.')))));
  }
  if (suppressed.length) {
    el.append(h('h3', { class: 'section-title' }, 'Suppressed compiler errors'));
    el.append(h('ul', { class: 'reasons' }, suppressed.map((s) => h('li', { class: 'reason' },
      h('div', { class: 'reason-head' }, h('span', { class: 'glyph g-suppressed', 'aria-hidden': 'true' }, '✕'), lineLink(ctx, s.line),
        s.function ? h('span', { class: 'muted' }, ` in ${s.function}`) : null),
      h('div', { class: 'reason-msg' }, s.message)))));
  }
}

const fmtRatio = (r) => `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}×`;

// ---- Timing ----------------------------------------------------------------------
const PHASES = [['trace', 'trace'], ['codegen', 'codegen'], ['optimize', 'Binaryen'], ['instantiate', 'instantiate'], ['run', 'run']];

export function renderTiming(el, report, ctx, extra = {}) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const tm = report.time_ms || {};
  const rows = [h('div', { class: 'kv' }, h('span', null, 'Total (reported by the compiler)'), h('strong', null, fmtMs(tm.total)))];
  for (const [k, v] of Object.entries(tm)) {
    if (k === 'total') continue;
    rows.push(h('div', { class: 'kv' }, h('span', null, k), h('span', null, fmtMs(v))));
  }
  if (typeof extra.roundTrip === 'number') rows.push(h('div', { class: 'kv muted' }, h('span', null, 'Round trip (page → worker → page)'), h('span', null, fmtMs(extra.roundTrip))));
  el.append(h('section', { class: 'card pad' }, h('h3', { class: 'section-title' }, 'This run'), rows));

  // Compare with eager.
  const cmp = h('section', { class: 'card pad compare' }, h('h3', { class: 'section-title' }, 'Compiled vs eager'));
  const c = extra.compare;
  if (c && c.running) cmp.append(h('p', { class: 'muted' }, 'Running the same program without torch.compile…'));
  else if (c && c.error) cmp.append(h('p', { class: 'bad' }, c.error));
  else if (c && c.eager) {
    const a = tm.total, b = c.eager.time_ms && c.eager.time_ms.total;
    const same = (c.eager.stdout || '') === (report.stdout || '');
    const ratio = (typeof a === 'number' && typeof b === 'number' && a > 0) ? b / a : null;
    cmp.append(
      h('div', { class: 'kv' }, h('span', null, `This run (${c.backend || 'wasm'})`), h('strong', null, fmtMs(a))),
      h('div', { class: 'kv' }, h('span', null, 'Plain eager (no torch.compile)'), h('strong', null, fmtMs(b))),
      ratio ? h('p', { class: 'muted' }, ratio >= 1
        ? `Eager took ${fmtRatio(ratio)} as long (compile time included).`
        : `The compiled run took ${fmtRatio(1 / ratio)} as long: it includes tracing, code generation and Binaryen, which small programs rarely pay back.`) : null,
      h('p', { class: same ? 'ok' : 'bad' }, same ? '✓ Same output.' : '✕ The outputs differ.'));
  } else {
    cmp.append(h('p', { class: 'muted' }, 'Run the same program with torch.compile turned off (every function eager, op by op) and compare.'));
  }
  cmp.append(h('button', { type: 'button', class: 'btn small', onclick: () => ctx.compareEager(), disabled: c && c.running ? true : null }, 'Compare with eager'));
  el.append(cmp);

  const graphs = arr(report.graphs);
  if (!graphs.length) return;
  const extraKeys = [...new Set(graphs.flatMap((g) => Object.keys(g.time_ms || {})))].filter((k) => !PHASES.some(([p]) => p === k));
  const cols = [...PHASES.filter(([k]) => graphs.some((g) => g.time_ms && k in g.time_ms)), ...extraKeys.map((k) => [k, k])];
  const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) : '–');
  const sum = (k) => graphs.reduce((a, g) => a + ((g.time_ms && typeof g.time_ms[k] === 'number') ? g.time_ms[k] : 0), 0);
  const table = h('table', { class: 'timing' },
    h('caption', null, 'Per graph (ms)'),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'graph'), h('th', { scope: 'col' }, 'function'),
      cols.map(([, label]) => h('th', { scope: 'col', class: 'num' }, label)), h('th', { scope: 'col', class: 'num' }, 'wasm'))),
    h('tbody', null, graphs.map((g) => h('tr', null,
      h('th', { scope: 'row' }, String(g.id)), h('td', { class: 'fn' }, g.function || ''),
      cols.map(([k]) => h('td', { class: 'num' }, num(g.time_ms && g.time_ms[k]))),
      h('td', { class: 'num' }, typeof g.wasm_size === 'number' ? `${g.wasm_size} B` : '–')))),
    graphs.length > 1 ? h('tfoot', null, h('tr', null, h('th', { scope: 'row', colspan: 2 }, 'all graphs'),
      cols.map(([k]) => h('td', { class: 'num' }, num(sum(k)))),
      h('td', { class: 'num' }, `${graphs.reduce((a, g) => a + (g.wasm_size || 0), 0)} B`))) : null);
  el.append(h('section', { class: 'card pad table-wrap' }, table));
}

// ---- Guards ---------------------------------------------------------------------
function guardText(g) {
  if (typeof g === 'string') return g;
  if (g && typeof g === 'object') return g.text || g.expr || g.guard || g.description || JSON.stringify(g);
  return String(g);
}

export function renderGuards(el, report, ctx) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const frames = arr(report.frames);
  if (!frames.length) {
    el.append(empty('No compiled frames.', 'Frames of @torch.compile functions (and resume functions after graph breaks) show their compiles, cache hits and guards here.'));
    return;
  }
  el.append(h('p', { class: 'pane-intro' }, 'A compiled frame is specialised on its inputs (shapes, dtypes, Python values). A call whose guards fail recompiles.'));
  const known = new Set(['function', 'line', 'compiles', 'cache_hits', 'eager_runs', 'graphs', 'guards', 'recompiles', 'recompile_reasons']);
  for (const f of frames) {
    const graphs = arr(f.graphs);
    const card = h('article', { class: 'card frame' },
      h('header', null, h('code', { class: 'graph-name' }, f.function || '?'),
        f.line ? lineLink(ctx, f.line) : null,
        h('span', { class: 'chip' }, plural(f.compiles ?? 0, 'compile')),
        h('span', { class: 'chip' }, plural(f.cache_hits ?? 0, 'cache hit')),
        f.eager_runs ? h('span', { class: 'chip', title: 'calls that ran eagerly (a failed compile remembered, or the cache limit)' }, plural(f.eager_runs, 'eager run')) : null,
        graphs.length ? h('span', { class: 'chip' }, `graph${graphs.length > 1 ? 's' : ''} ${graphs.join(', ')}`) : null));
    const guards = arr(f.guards);
    if (guards.length) {
      card.append(h('h4', null, 'Guards'), h('ul', { class: 'guards' }, guards.map((g) => h('li', null, h('code', null, guardText(g))))));
    }
    const rec = arr(f.recompiles).length ? arr(f.recompiles) : arr(f.recompile_reasons);
    if (rec.length) {
      card.append(h('h4', null, 'Recompiles'), h('ol', { class: 'guards' }, rec.map((r) => h('li', null,
        typeof r === 'string' ? r : [r.reason || r.message || guardText(r.guard || r),
          r.guard && (r.reason || r.message) ? [' — failed guard: ', h('code', null, guardText(r.guard))] : null]))));
    } else if ((f.compiles ?? 0) > 1) {
      card.append(h('p', { class: 'muted' }, `Recompiled ${f.compiles - 1}×; this report does not say why.`));
    }
    for (const [k, v] of Object.entries(f)) {
      if (known.has(k)) continue;
      card.append(h('div', { class: 'kv' }, h('span', null, k), h('code', null, typeof v === 'string' ? v : JSON.stringify(v))));
    }
    el.append(card);
  }
}
