// A graph as a picture: an SVG DAG of its nodes (graphs[i].nodes), inputs
// at the top, data flowing down, and the fused loop nests of its
// WebAssembly kernel (graphs[i].nests) boxed as the kernel functions that
// run them, in the order they run. Constants are folded into the labels of
// the nodes that use them (node.expr spells them out).
//
// Nodes carry data-src-line, so hovering one lights its source line and the
// WebAssembly instructions of that line (the page's linking), and clicking
// one (or Enter) selects its line in the editor.
import { graphNo } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element; strings become text nodes. */
function s(tag, attrs, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v != null && v !== false) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c != null && c !== false) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

const CHAR = 7.1;     // px per character of the 12px monospace labels
const NODE_H = 38;
const ROW_GAP = 26;
const COL_GAP = 18;
const BOX_PAD = 12;
const BOX_HEAD = 22;
const MAX_W = 280;
const BOX_MIN_W = 250; // room for the box's label and its wasm link

function clip(text, px) {
  const n = Math.max(4, Math.floor((px - 18) / CHAR));
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

/**
 * Positions the nodes. Returns {nodes, edges, boxes, width, height}; nodes
 * {id, node, x, y, w, h, band}; boxes {nest, x, y, w, h}.
 */
export function layoutGraph(graph) {
  // twice: the second pass orders the inputs by where their users ended up
  const first = layoutPass(graph, null);
  const userX = new Map();
  for (const e of first.edges) {
    if (!userX.has(e.from)) userX.set(e.from, []);
    userX.get(e.from).push(e.x2);
  }
  const mean = (xs) => (xs && xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return layoutPass(graph, (id) => mean(userX.get(id)));
}

const subLabel = (n) => (n.op === 'input' ? `input · ${n.meta}` : `${n.op} · ${n.meta}${n.line ? ` · line ${n.line}` : ''}`);

function layoutPass(graph, inputOrder) {
  const all = Array.isArray(graph.nodes) ? graph.nodes : [];
  const drawn = all.filter((n) => n.op !== 'const');
  const byId = new Map(drawn.map((n) => [n.id, n]));
  const ins = (n) => n.inputs.filter((i) => byId.has(i));
  const users = new Map(drawn.map((n) => [n.id, []]));
  for (const n of drawn) for (const i of ins(n)) users.get(i).push(n.id);
  const nests = Array.isArray(graph.nests) ? graph.nests : [];

  // Bands, top to bottom: inputs, then each nest in the order the kernel
  // runs them; an op outside every nest (a view folded into indexing) goes
  // just before its first user's band, or into it when it also reads
  // that band.
  const bandOf = new Map();
  // where a producer sits: -1 for the inputs, its nest, or (free) after which nest
  const pos = (b) => (b === 'in' || b == null ? -1 : typeof b === 'object' ? b.after : b);
  for (const n of drawn) {
    if (n.op === 'input') bandOf.set(n.id, 'in');
    else if (n.nest != null) bandOf.set(n.id, n.nest);
  }
  const free = drawn.filter((n) => !bandOf.has(n.id));
  // producers first (nodes are in topological order)
  for (const n of free) {
    const p = Math.max(-1, ...ins(n).map((i) => pos(bandOf.get(i))));
    bandOf.set(n.id, { after: p });
  }
  for (const n of [...free].reverse()) {
    const u = users.get(n.id).map((i) => bandOf.get(i)).filter((b) => typeof b === 'number');
    const c = u.length ? Math.min(...u) : Infinity;
    const p = bandOf.get(n.id).after;
    bandOf.set(n.id, c === Infinity ? `free:${p + 0.5}` : p >= c ? c : `free:${c - 0.5}`);
  }
  const bandKey = (b) => (b === 'in' ? -1 : typeof b === 'number' ? b : Number(b.slice(5)));
  const bands = [...new Set(drawn.map((n) => bandOf.get(n.id)))].sort((a, b) => bandKey(a) - bandKey(b));

  const placed = new Map();
  const width = (n) => {
    const a = n.op === 'input' ? n.name : `${n.name} = ${n.expr ?? n.op}`;
    return Math.min(MAX_W, Math.max(70, Math.max(a.length, subLabel(n).length) * CHAR + 20));
  };
  const out = [];
  const boxes = [];
  let y = 0;
  for (const band of bands) {
    const members = drawn.filter((n) => bandOf.get(n.id) === band);
    const boxed = typeof band === 'number';
    if (boxed) y += BOX_HEAD;
    // rows: longest path within the band
    const row = new Map();
    for (const n of members) {
      const r = Math.max(-1, ...ins(n).filter((i) => bandOf.get(i) === band).map((i) => row.get(i) ?? 0));
      row.set(n.id, r + 1);
    }
    const nrows = Math.max(0, ...row.values()) + 1;
    const top = y - (boxed ? BOX_HEAD : 0);
    for (let r = 0; r < nrows; r++) {
      const inRow = members.filter((n) => row.get(n.id) === r);
      // order by the mean x of the inputs already placed (barycentre)
      const bary = (n) => {
        if (band === 'in' && inputOrder) return inputOrder(n.id);
        const xs = ins(n).map((i) => placed.get(i)).filter(Boolean).map((p) => p.x + p.w / 2);
        return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
      };
      inRow.sort((a, b) => bary(a) - bary(b) || a.id - b.id);
      const ws = inRow.map(width);
      const total = ws.reduce((a, b) => a + b, 0) + COL_GAP * Math.max(0, inRow.length - 1);
      let x = -total / 2;
      inRow.forEach((n, i) => {
        const p = { id: n.id, node: n, x, y, w: ws[i], h: NODE_H, band };
        placed.set(n.id, p);
        out.push(p);
        x += ws[i] + COL_GAP;
      });
      y += NODE_H + ROW_GAP;
    }
    if (boxed) {
      const ps = members.map((n) => placed.get(n.id));
      let x0 = Math.min(...ps.map((p) => p.x)) - BOX_PAD;
      let x1 = Math.max(...ps.map((p) => p.x + p.w)) + BOX_PAD;
      if (x1 - x0 < BOX_MIN_W) { const c = (x0 + x1) / 2; x0 = c - BOX_MIN_W / 2; x1 = c + BOX_MIN_W / 2; }
      boxes.push({ nest: band, x: x0, y: top, w: x1 - x0, h: y - ROW_GAP + BOX_PAD + 6 - top });
      y += BOX_PAD + 14;
    }
  }
  // shift to positive coordinates
  const minX = Math.min(0, ...out.map((p) => p.x), ...boxes.map((b) => b.x)) - 10;
  const maxX = Math.max(0, ...out.map((p) => p.x + p.w), ...boxes.map((b) => b.x + b.w)) + 10;
  for (const p of [...out, ...boxes]) { p.x -= minX; p.y += 10; }
  const edges = [];
  for (const n of drawn) {
    for (const i of ins(n)) {
      const a = placed.get(i), b = placed.get(n.id);
      edges.push({ from: i, to: n.id, x1: a.x + a.w / 2, y1: a.y + a.h, x2: b.x + b.w / 2, y2: b.y });
    }
  }
  return { nodes: out, edges, boxes, width: maxX - minX, height: Math.max(0, y - ROW_GAP) + 20 };
}

/**
 * The diagram of one graph. ctx.selectLine(n) selects a source line;
 * ctx.showWasmFunction(graphId, name) shows a nest's function.
 */
export function renderGraphView(graph, ctx) {
  const L = layoutGraph(graph);
  const nests = Array.isArray(graph.nests) ? graph.nests : [];
  const outputs = new Set(Array.isArray(graph.outputs) ? graph.outputs : []);
  const svg = s('svg', {
    class: 'gv', width: Math.ceil(L.width), height: Math.ceil(L.height),
    viewBox: `0 0 ${Math.ceil(L.width)} ${Math.ceil(L.height)}`, role: 'group',
    'aria-label': `Graph ${graphNo(graph.id)} as a diagram: ${L.nodes.length} nodes${nests.length ? `, ${nests.length} fused loop nest${nests.length > 1 ? 's' : ''}` : ''}`,
    'data-graph-id': graph.id,
  });
  const markerId = `gv-arrow-${graph.id}`;
  svg.append(s('defs', null, s('marker', { id: markerId, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
    s('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'gv-arrowhead' }))));
  const labels = [];
  for (const b of L.boxes) {
    const nest = nests[b.nest] || {};
    const label = `kernel loop ${b.nest + 1} · ${nest.kind || 'nest'}`;
    const g = s('g', { class: `gv-box gv-box-${nest.kind || 'nest'}`, 'data-nest': b.nest },
      s('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8 }),
      s('title', null, `Fused loop nest ${b.nest + 1} (${nest.kind || '?'}): one WebAssembly function, ${nest.name || ''}, computes the nodes in this box in one pass over memory.`));
    // the label sits on the box's top edge, over the edges that cross it
    const lg = s('g', { class: 'gv-box-head' },
      s('rect', { x: b.x + 6, y: b.y + 3, width: label.length * 6.8 + 10, height: 16, rx: 4, class: 'gv-box-label-bg' }),
      s('text', { x: b.x + 11, y: b.y + 15, class: 'gv-box-label' }, label));
    labels.push(lg);
    if (nest.name && ctx.showWasmFunction) {
      const link = s('text', { x: b.x + b.w - 8, y: b.y + 15, class: 'gv-box-link', 'text-anchor': 'end', role: 'link', tabindex: 0,
        'aria-label': `Show ${nest.name} in the WebAssembly pane` }, 'wasm ↗');
      const go = () => ctx.showWasmFunction(graph.id, nest.name);
      link.addEventListener('click', go);
      link.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); go(); } });
      lg.append(link);
    }
    svg.append(g);
  }
  for (const e of L.edges) {
    const dy = Math.max(14, (e.y2 - e.y1) / 2);
    svg.append(s('path', {
      // an edge that skips rows passes other nodes: drawn fainter
      class: `gv-edge${e.y2 - e.y1 > NODE_H + ROW_GAP + BOX_HEAD + 2 * BOX_PAD ? ' gv-edge-long' : ''}`,
      'marker-end': `url(#${markerId})`, 'data-from': e.from, 'data-to': e.to,
      d: `M ${e.x1} ${e.y1} C ${e.x1} ${e.y1 + dy}, ${e.x2} ${e.y2 - dy}, ${e.x2} ${e.y2 - 1}`,
    }));
  }
  svg.append(...labels);
  for (const p of L.nodes) {
    const n = p.node;
    const isIn = n.op === 'input';
    const top = isIn ? n.name : `${n.name} = ${n.expr ?? n.op}`;
    const sub = subLabel(n);
    const out = outputs.has(n.id);
    const g = s('g', {
      class: `gv-node${isIn ? ' gv-input' : ''}${out ? ' gv-output' : ''}${n.nest == null && !isIn ? ' gv-free' : ''}`,
      transform: `translate(${p.x} ${p.y})`, 'data-node-id': n.id, 'data-src-line': n.line || null,
      tabindex: n.line ? 0 : null, role: n.line ? 'button' : null,
      'aria-label': `${top}, ${sub}${out ? ', graph output' : ''}`,
    },
    s('title', null, `${top}\n${sub}${out ? '\ngraph output' : ''}${n.nest != null ? `\nkernel loop ${n.nest + 1}` : ''}`),
    s('rect', { width: p.w, height: p.h, rx: isIn ? p.h / 2 : 6 }),
    s('text', { x: p.w / 2, y: 16, 'text-anchor': 'middle', class: 'gv-label' }, clip(top, p.w)),
    s('text', { x: p.w / 2, y: 30, 'text-anchor': 'middle', class: 'gv-sub' }, clip(sub, p.w)));
    if (out) g.append(s('text', { x: p.w - 4, y: p.h + 12, 'text-anchor': 'end', class: 'gv-out-tag' }, 'graph output'));
    if (n.line) {
      const select = () => ctx.selectLine(n.line);
      g.addEventListener('click', select);
      g.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); select(); } });
    }
    svg.append(g);
  }
  return svg;
}
