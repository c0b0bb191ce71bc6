// The Graphs pane: each graph as a diagram (graphview.js) and as code,
// failed graphs with their error; and the WebAssembly pane: each graph's
// optimised module text, collapsible, linked to source lines.
import { h, clear, plural, graphNo } from './dom.js';
import { arr, empty, codeBlock, copyTools, lineLink } from './ui.js';
import { codeLineRefs, watLineRefs } from './marks.js';
import { renderGraphView } from './graphview.js';

// graphs[].tier: the kernel tiers that ran (wasm/lib/kernels.js)
const TIER_LABEL = { emitted: 'kernel as emitted', optimized: 'Binaryen kernel', 'emitted+optimized': 'emitted → Binaryen' };
const TIER_TITLE = {
  emitted: 'The kernel ran as the compiler emitted it; Binaryen optimises it in the background, and later runs use its version.',
  optimized: 'The kernel ran as Binaryen optimised it.',
  'emitted+optimized': 'The kernel ran as emitted, then as Binaryen optimised it (swapped in during the run).',
};
const graphsText = (graphs) => graphs.map((g) => `# graph ${graphNo(g.id)}${g.function ? ` (${g.function})` : ''}${g.error ? ` — failed: ${g.error}` : ''}\n${g.code || ''}\n`).join('\n');

/** Which graphs compiled and which failed (the report's own counts). */
export function graphCounts(report) {
  const graphs = arr(report && report.graphs);
  const failed = graphs.filter((g) => g.error).length;
  const compiled = report && report.explain && typeof report.explain.graph_count === 'number' ? report.explain.graph_count : graphs.length - failed;
  return { compiled, failed, all: graphs.length };
}

/**
 * The diagram in its scroller. A diagram wider than the pane (a module's
 * parameters make a wide row of inputs) starts scrolled to its first op,
 * not to its left edge where only inputs are: once the wrap has a size (its
 * pane may be hidden until its tab opens).
 */
function graphWrap(svg) {
  const wrap = h('div', { class: 'gv-wrap' }, svg);
  if (typeof ResizeObserver !== 'function') return wrap;
  const ro = new ResizeObserver(() => {
    if (!wrap.clientWidth) return;
    ro.disconnect();
    const op = svg.querySelector('.gv-node:not(.gv-input)');
    if (!op || wrap.scrollWidth <= wrap.clientWidth) return;
    const box = op.getBoundingClientRect(), at = wrap.getBoundingClientRect();
    wrap.scrollLeft += box.left + box.width / 2 - (at.left + wrap.clientWidth / 2);
  });
  ro.observe(wrap);
  return wrap;
}

// A graph with more nodes than this (LeNet's im2col: 208 ops) is a wall of
// boxes as a diagram: its code shows first, the diagram is drawn when opened.
const BIG_GRAPH = 100;
const drawnCount = (nodes) => nodes.filter((n) => n.op !== 'const').length;
const isBig = (nodes) => drawnCount(nodes) > BIG_GRAPH;

/** The graph's diagram; a big one collapsed, drawn the first time it opens. */
function diagram(g, nodes, ctx) {
  if (!nodes.length) return null;
  if (!isBig(nodes)) return graphWrap(renderGraphView(g, ctx));
  const d = h('details', { class: 'graph-diagram' },
    h('summary', null, `Diagram (${drawnCount(nodes)} nodes: the code below reads better)`));
  d.addEventListener('toggle', () => {
    if (d.open && !d.querySelector('svg.gv')) d.append(graphWrap(renderGraphView(g, ctx)));
  });
  return d;
}

export function renderGraphs(el, report, ctx) {
  clear(el);
  const graphs = arr(report && report.graphs);
  if (!report) { el.append(empty('No run yet.')); return; }
  if (!graphs.length) {
    el.append(empty('No graphs were compiled.', 'Decorate a function with @torch.compile and call it: its tensor operations are traced into graphs.'));
    return;
  }
  const { compiled, failed } = graphCounts(report);
  el.append(h('div', { class: 'pane-head' },
    h('p', { class: 'pane-intro' }, `${plural(compiled, 'graph')} compiled${failed ? `, ${failed} failed to compile` : ''}. `,
      'Click a node to select its line; hover one to find its WebAssembly. The boxes are the fused loops of the kernel.'),
    copyTools({ label: 'the graphs', file: 'graphs.py', text: () => graphsText(graphs), ctx })));
  for (const g of graphs) {
    const lines = arr(g.lines);
    const meta = [
      g.function ? h('span', { class: 'chip fn' }, g.function) : null,
      typeof g.op_count === 'number' ? h('span', { class: 'chip' }, plural(g.op_count, 'op')) : null,
      g.backend ? h('span', { class: 'chip' }, g.backend) : null,
      typeof g.wasm_size === 'number' && g.wasm_size > 0 ? h('span', { class: 'chip' }, `${g.wasm_size} B wasm`) : null,
      typeof g.loops === 'number' && g.loops > 0 ? h('span', { class: 'chip', title: 'fused loop nests' }, plural(g.loops, 'loop')) : null,
      typeof g.runs === 'number' ? h('span', { class: 'chip', title: 'times this graph ran' }, `ran ${g.runs}×`) : null,
      g.tier ? h('span', { class: 'chip', title: TIER_TITLE[g.tier] || '' }, TIER_LABEL[g.tier] || g.tier) : null,
      g.error ? h('span', { class: 'chip bad-chip' }, '✕ failed') : null,
    ];
    const toggle = h('button', {
      type: 'button', class: 'graph-toggle', 'aria-pressed': 'false',
      title: lines.length ? `Highlight line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} in the editor` : 'Highlight in the editor',
    }, h('span', { class: 'graph-name' }, `Graph ${graphNo(g.id)}`), meta,
    lines.length ? h('span', { class: 'graph-lines muted' }, `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`) : null);
    const nodes = arr(g.nodes);
    const card = h('article', { class: `graph card${g.error ? ' failed' : ''}`, 'data-graph-id': g.id, 'data-src-lines': lines.join(' ') },
      h('header', null, toggle),
      g.error ? h('p', { class: 'graph-error bad' }, `✕ The backend failed to compile this graph: ${g.error}`,
        g.error_line ? [' (', lineLink(ctx, g.error_line), ')'] : null) : null,
      diagram(g, nodes, ctx),
      h('details', { class: 'graph-code', open: nodes.length && !isBig(nodes) ? null : true },
        h('summary', null, 'Code'),
        codeBlock(codeLineRefs(g.code), 'graph')));
    toggle.addEventListener('click', () => ctx.toggleGraph(g, card));
    el.append(card);
  }
}

export function renderWasm(el, report, ctx) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const graphs = arr(report.graphs);
  const withWat = graphs.filter((g) => typeof g.wat === 'string' && g.wat);
  if (!withWat.length) {
    el.append(empty(graphs.length ? 'No WebAssembly text in this report.' : 'No compiled regions.',
      graphs.length ? 'Graphs run with the "eager" backend are not lowered to WebAssembly; choose the wasm backend.' : 'Compiled @torch.compile regions show their Binaryen-optimised module here.'));
    return;
  }
  const all = () => withWat.map((g) => `;; graph ${graphNo(g.id)}${g.function ? ` (${g.function})` : ''}\n${g.wat}`).join('\n');
  const emitted = withWat.some((g) => g.tier && g.tier !== 'optimized');
  el.append(h('div', { class: 'pane-head' },
    h('p', { class: 'pane-intro' }, 'The module text of each compiled graph\'s kernel. ',
      h('code', null, ';;@ main.py:N:C'), ' annotations link instructions to source lines.',
      emitted ? ' A kernel marked "as emitted" is the compiler\'s own module: Binaryen optimises it in the background, and the next run runs and shows Binaryen\'s.' : ''),
    h('span', { class: 'tools' },
      h('button', { type: 'button', class: 'btn tiny', onclick: () => { for (const d of el.querySelectorAll('details.wat')) d.open = false; } }, 'Collapse all'),
      h('button', { type: 'button', class: 'btn tiny', onclick: () => { for (const d of el.querySelectorAll('details.wat')) d.open = true; } }, 'Expand all')),
    copyTools({ label: 'all modules', file: 'graphs.wat', text: all, ctx })));
  for (const g of withWat) {
    const refs = watLineRefs(g.wat);
    const annotated = refs.some((r) => r.annotation);
    // Without `;;@` locations, link the module as a whole to its graph's lines.
    el.append(h('details', { class: 'wat card', open: true, 'data-graph-id': g.id, 'data-src-lines': annotated ? null : arr(g.lines).join(' ') },
      h('summary', null, h('span', { class: 'graph-name' }, `Graph ${graphNo(g.id)}`),
        g.function ? h('span', { class: 'chip fn' }, g.function) : null,
        typeof g.wasm_size === 'number' ? h('span', { class: 'chip' }, `${g.wasm_size} B`) : null,
        g.tier ? h('span', { class: 'chip', 'data-tier': g.tier, title: TIER_TITLE[g.tier] || '' }, g.tier === 'optimized' ? 'optimised by Binaryen' : 'as emitted') : null,
        h('span', { class: 'muted wat-lines' }, plural(refs.length, 'line')),
        copyTools({ label: `graph ${graphNo(g.id)}'s module`, file: `graph-${graphNo(g.id)}.wat`, text: () => g.wat, ctx })),
      annotated ? null : h('p', { class: 'wat-note muted' }, `No source locations in this module: it is linked to line${arr(g.lines).length > 1 ? 's' : ''} ${arr(g.lines).join(', ')} as a whole.`),
      codeBlock(refs, 'wat')));
  }
}
