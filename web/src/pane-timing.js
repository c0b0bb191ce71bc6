// The Timing pane: the run timeline (timeline.js), the run's totals, the
// per-graph compile and run times, and a comparison with plain eager.
import { h, clear, fmtMs, graphNo } from './dom.js';
import { arr, empty } from './ui.js';
import { renderTimeline } from './timeline.js';

const fmtRatio = (r) => `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}×`;
const PHASES = [['trace', 'trace'], ['codegen', 'codegen'], ['optimize', 'Binaryen'], ['instantiate', 'instantiate'], ['run', 'run']];

export function renderTiming(el, report, ctx, extra = {}) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const tl = renderTimeline(report, ctx);
  if (tl) el.append(tl);
  const tm = report.time_ms || {};
  const rows = [h('div', { class: 'kv' }, h('span', null, 'Total (reported by the compiler)'), h('strong', null, fmtMs(tm.total)))];
  for (const [k, v] of Object.entries(tm)) {
    if (k === 'total') continue;
    rows.push(h('div', { class: 'kv' }, h('span', null, k), h('span', null, fmtMs(v))));
  }
  if (typeof extra.roundTrip === 'number') rows.push(h('div', { class: 'kv muted' }, h('span', null, 'Round trip (page → worker → page)'), h('span', null, fmtMs(extra.roundTrip))));
  if (typeof extra.waited === 'number') {
    rows.push(h('div', { class: 'kv muted', 'data-row': 'waited' },
      h('span', { title: 'How long the run\'s message waited for the compiler\'s thread. Binaryen optimises the kernels in a worker of its own; the compiler\'s thread only swaps the optimised kernels in between runs.' },
        'of which waiting for the compiler\'s thread'), h('span', null, fmtMs(extra.waited))));
  }
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
    h('caption', null, 'Per graph (ms, all calls)'),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'graph'), h('th', { scope: 'col' }, 'function'),
      cols.map(([, label]) => h('th', { scope: 'col', class: 'num' }, label)), h('th', { scope: 'col', class: 'num' }, 'wasm'))),
    h('tbody', null, graphs.map((g) => h('tr', null,
      h('th', { scope: 'row' }, String(graphNo(g.id))), h('td', { class: 'fn' }, g.function || ''),
      cols.map(([k]) => h('td', { class: 'num' }, num(g.time_ms && g.time_ms[k]))),
      h('td', { class: 'num' }, typeof g.wasm_size === 'number' ? `${g.wasm_size} B` : '–')))),
    graphs.length > 1 ? h('tfoot', null, h('tr', null, h('th', { scope: 'row', colspan: 2 }, 'all graphs'),
      cols.map(([k]) => h('td', { class: 'num' }, num(sum(k)))),
      h('td', { class: 'num' }, `${graphs.reduce((a, g) => a + (g.wasm_size || 0), 0)} B`))) : null);
  el.append(h('section', { class: 'card pad table-wrap' }, table));
}
