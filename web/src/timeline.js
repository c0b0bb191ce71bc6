// The run timeline (report.timeline): one row per call of a compiled
// function, a horizontal bar of where its time went: tracing, compiling
// (codegen, Binaryen, instantiate), kernel runs, and the eager Python
// between graphs. Each row is scaled to its own call (first calls compile
// and take hundreds of times longer than later ones); the figures at the
// end of the row say what the bar shows.
import { h, fmtMs, plural, graphNo } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const svg = (tag, attrs, ...kids) => {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v != null) el.setAttribute(k, String(v));
  for (const c of kids) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
};

export const KIND_LABEL = {
  trace: 'trace', codegen: 'codegen', optimize: 'Binaryen', instantiate: 'instantiate', run: 'kernel run', eager: 'eager Python',
};
const ORDER = ['trace', 'codegen', 'optimize', 'instantiate', 'run', 'eager'];
const ROWS_SHOWN = 40;

function sums(call) {
  const t = Object.fromEntries(ORDER.map((k) => [k, 0]));
  for (const e of call.events) if (e.kind in t) t[e.kind] += e.end - e.start;
  return t;
}

function rowBar(call, ctx) {
  const dur = Math.max(call.end - call.start, 1e-6);
  const bar = svg('svg', { class: 'tl-bar', viewBox: '0 0 1000 18', preserveAspectRatio: 'none', role: 'img',
    'aria-label': `${call.function}: ${call.events.map((e) => `${KIND_LABEL[e.kind] || e.kind} ${fmtMs(e.end - e.start)}`).join(', ') || 'no events'}` });
  bar.append(svg('rect', { x: 0, y: 0, width: 1000, height: 18, class: 'tl-bg' }));
  for (const e of call.events) {
    const x = ((e.start - call.start) / dur) * 1000;
    const w = Math.max(1.5, ((e.end - e.start) / dur) * 1000);
    const seg = svg('rect', {
      x: Math.max(0, Math.min(x, 998.5)), y: 1, width: Math.min(w, 1000 - Math.max(0, x)), height: 16,
      class: `tl-seg tl-${e.kind}${e.abandoned ? ' tl-abandoned' : ''}`, 'data-kind': e.kind, 'data-graph': e.graph ?? null,
    }, svg('title', null, `${KIND_LABEL[e.kind] || e.kind}${e.graph != null ? ` · graph ${graphNo(e.graph)}` : ''}${e.abandoned ? ' (thrown away: the unit ran eagerly)' : ''} · ${fmtMs(e.end - e.start)}`));
    if (e.graph != null) seg.addEventListener('click', () => ctx.selectGraph(e.graph));
    bar.append(seg);
  }
  return bar;
}

/**
 * The timeline of a report, or null when it has none.
 * ctx: {gotoLine(n), selectGraph(id)}.
 */
export function renderTimeline(report, ctx) {
  const tl = report && report.timeline;
  const calls = tl && Array.isArray(tl.calls) ? tl.calls : null;
  if (!calls) return null;
  const wrap = h('section', { class: 'card pad timeline', 'aria-label': 'Run timeline' },
    h('h3', { class: 'section-title' }, 'Run timeline'));
  if (!calls.length) {
    wrap.append(h('p', { class: 'muted' }, 'No compiled function was called.'));
    return wrap;
  }
  wrap.append(h('p', { class: 'pane-intro' },
    `Each call of a compiled function, scaled to its own length: where its time went. `,
    tl.calls_total > calls.length ? `${plural(tl.calls_total, 'call')}; the first ${calls.length} are shown.` : plural(calls.length, 'call') + '.',
    (report.graphs || []).some((g) => g.tier && g.tier !== 'optimized')
      ? ' Kernels ran as emitted: Binaryen optimises them in the background, in a worker of its own, so its time is not in this run.' : ''));
  wrap.append(h('div', { class: 'tl-legend', 'aria-hidden': 'true' }, ORDER.map((k) => h('span', { class: 'tl-key' },
    h('span', { class: `tl-swatch tl-${k}` }), KIND_LABEL[k])),
  h('span', { class: 'tl-key' }, h('span', { class: 'tl-swatch tl-trace tl-abandoned' }), 'trace thrown away')));
  const list = h('ol', { class: 'tl-rows' });
  const addRows = (from, to) => {
    for (let i = from; i < to; i++) {
      const c = calls[i];
      const t = sums(c);
      const compile = t.codegen + t.optimize + t.instantiate;
      const facts = [`${fmtMs(c.end - c.start)}`];
      if (compile > 0) facts.push(`compile ${fmtMs(compile)}`);
      if (t.run > 0) facts.push(`kernels ${fmtMs(t.run)}`);
      if (t.eager > 0) facts.push(`eager ${fmtMs(t.eager)}`);
      if (c.replayed) facts.push('replayed (guards and kernels only)');
      list.append(h('li', { class: 'tl-row', 'data-call': i, style: `--depth:${c.depth || 0}` },
        h('div', { class: 'tl-head' },
          h('button', { type: 'button', class: 'tl-name linelink', title: `Call ${i + 1} of ${c.function} (line ${c.line}); at ${fmtMs(c.start)} into the run`, onclick: () => ctx.gotoLine(c.line) },
            `${c.function}`, h('span', { class: 'muted' }, ` #${i + 1}`)),
          h('span', { class: 'tl-facts' }, facts.join(' · '))),
        rowBar(c, ctx)));
    }
  };
  addRows(0, Math.min(calls.length, ROWS_SHOWN));
  wrap.append(list);
  if (calls.length > ROWS_SHOWN) {
    const more = h('button', { type: 'button', class: 'btn small' }, `Show all ${calls.length} calls`);
    more.addEventListener('click', () => { addRows(ROWS_SHOWN, calls.length); more.remove(); });
    wrap.append(more);
  }
  return wrap;
}
