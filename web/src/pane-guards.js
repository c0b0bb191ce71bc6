// The Guards pane: per compiled frame, its compile units as the report
// lists them (frames[i].units): where each starts (the frame's start, or a
// resume point after a graph break), what became of it, its guards, and
// for a recompile the guard that failed.
import { h, clear, plural, graphNo } from './dom.js';
import { arr, lineLink, empty } from './ui.js';

function guardText(g) {
  if (typeof g === 'string') return g;
  if (g && typeof g === 'object') return g.text || g.expr || g.guard || g.description || JSON.stringify(g);
  return String(g);
}

const STATUS = {
  compiled: (u) => (u.graph != null ? `compiled: graph ${graphNo(u.graph)}` : 'compiled'),
  empty: () => 'no tensor ops: nothing to compile',
  skipped: () => 'ran eagerly (a graph break in a while loop)',
  failed: (u) => `the backend failed${u.graph != null ? ` on graph ${graphNo(u.graph)}` : ''}`,
};

function unitItem(ctx, u, n) {
  const status = (STATUS[u.status] || (() => u.status))(u);
  return h('li', { class: `unit unit-${u.status}`, 'data-status': u.status, 'data-resume': String(!!u.resume) },
    h('div', { class: 'unit-head' },
      h('span', { class: `chip unit-status unit-status-${u.status}` }, status),
      u.recompile_reason ? h('span', { class: 'chip recompile-chip' }, `recompile ${n}`) : null),
    u.recompile_reason ? h('p', { class: 'unit-why' }, 'No earlier entry matched: ', h('code', null, u.recompile_reason)) : null,
    arr(u.guards).length
      ? h('ul', { class: 'guards' }, arr(u.guards).map((g) => h('li', null, h('code', null, guardText(g)))))
      : h('p', { class: 'muted unit-noguards' }, 'No guards.'));
}

export function renderGuards(el, report, ctx) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const frames = arr(report.frames);
  if (!frames.length) {
    el.append(empty('No compiled frames.', 'Frames of @torch.compile functions show their compile units, cache hits and guards here.'));
    return;
  }
  el.append(h('p', { class: 'pane-intro' },
    'A compiled frame is cut into units by graph breaks: one starts where the frame starts, one after each break (Dynamo compiles those as resume functions). ',
    'Each unit is specialised on what it reads (shapes, dtypes, Python values); a call whose guards match no entry recompiles it.'));
  for (const f of frames) {
    const units = arr(f.units);
    const recompiles = units.length ? units.filter((u) => u.recompile_reason).length : arr(f.recompiles).length;
    const card = h('article', { class: 'card frame', 'data-function': f.function || '' },
      h('header', null, h('code', { class: 'graph-name' }, f.function || '?'),
        f.line ? lineLink(ctx, f.line) : null,
        units.length ? h('span', { class: 'chip' }, plural(units.length, 'compile unit')) : h('span', { class: 'chip' }, plural(f.compiles ?? 0, 'compile')),
        h('span', { class: `chip${recompiles ? ' recompile-chip' : ''}` }, plural(recompiles, 'recompile')),
        h('span', { class: 'chip' }, plural(f.cache_hits ?? 0, 'cache hit')),
        f.replays ? h('span', { class: 'chip', title: 'cache hits run by the entry\'s plan: guards, the kernel and the return value, without evaluating the Python of the frame' }, `${f.replays} replayed`) : null,
        f.eager_runs ? h('span', { class: 'chip', title: 'calls or units that ran eagerly (a break in a loop or a failed compile remembered, or the cache limit)' }, plural(f.eager_runs, 'eager run')) : null));
    if (units.length) {
      // group by where the unit starts (a line, and a column when it
      // resumes in the middle of a statement), in order of first appearance
      const starts = [];
      for (const u of units) {
        const mid = u.start_kind === 'after_expression' || u.start_kind === 'before_expression';
        const key = mid ? `${u.start_line}:${u.start_col}:${u.start_kind}` : String(u.start_line);
        let s = starts.find((x) => x.key === key);
        if (!s) starts.push((s = { key, line: u.start_line, col: u.start_col, mid, kind: u.start_kind, resume: u.resume, units: [] }));
        s.units.push(u);
      }
      const list = h('ol', { class: 'starts' });
      for (const s of starts) {
        let n = 0;
        const where = s.mid
          ? ['Resumes mid-statement at ', lineLink(ctx, s.line), h('span', { class: 'muted' }, `, column ${s.col + 1}, ${s.kind === 'after_expression' ? 'after the call that broke' : 'before the rest of the expression'}`)]
          : [s.resume ? 'Resumes after a graph break at ' : 'Frame start at ', lineLink(ctx, s.line)];
        list.append(h('li', { class: 'start', 'data-start-line': s.line, 'data-start-kind': s.kind || 'statement' },
          h('h4', null, ...where,
            s.units.length > 1 ? h('span', { class: 'muted' }, ` · ${s.units.length} entries`) : null),
          h('ol', { class: 'units' }, s.units.map((u) => unitItem(ctx, u, u.recompile_reason ? ++n : n)))));
      }
      card.append(list);
    } else {
      // a report without units: what the frame record has
      const guards = arr(f.guards);
      if (guards.length) card.append(h('h4', null, 'Guards (latest entry)'), h('ul', { class: 'guards' }, guards.map((g) => h('li', null, h('code', null, guardText(g))))));
      const rec = arr(f.recompiles);
      if (rec.length) card.append(h('h4', null, 'Recompiles'), h('ol', { class: 'guards' }, rec.map((r) => h('li', null, typeof r === 'string' ? r : (r.reason || guardText(r))))));
    }
    el.append(card);
  }
}
