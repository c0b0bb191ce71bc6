// The playground page: editor + runner + panes, glued together.
import './style.css';
import examples from 'virtual:examples';
import { createEditor } from './editor.js';
import { Runner, StopError } from './runner.js';
import { marksByLine, dimmedLines, codeLineRefs } from './marks.js';
import { renderOutput, renderGraphs, renderWasm, renderExplain, renderTiming, renderGuards } from './panes.js';
import { encodeFragment, decodeFragment } from './share.js';
import { h, fmtMs, plural } from './dom.js';

const $ = (id) => document.getElementById(id);
const STORE_SRC = 'dynawasm.playground.source';
const STORE_OPTS = 'dynawasm.playground.options';
const params = new URLSearchParams(location.search);

// ---- WebAssembly SIMD check ----------------------------------------------------
// (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
function checkSupport() {
  if (typeof WebAssembly !== 'object') return 'This browser has no WebAssembly support.';
  try {
    if (!WebAssembly.validate(SIMD_PROBE)) return 'This browser does not support WebAssembly SIMD (128-bit), which the dynawasm compiler and its kernels need. Use a current Chrome, Edge, Firefox (89+) or Safari (16.4+).';
  } catch { return 'WebAssembly SIMD support could not be checked.'; }
  if (typeof Worker !== 'function') return 'This browser has no Web Workers.';
  return null;
}

// ---- state ---------------------------------------------------------------------
const state = {
  report: null,          // last report rendered
  reportSource: null,    // the source it was computed for
  roundTrip: null,
  compare: null,
  failure: null,         // {message, internal} when a run could not happen
  activeGraph: null,     // {id, card}
  running: false,
  ready: false,
  supportError: null,
};

// ---- options ---------------------------------------------------------------------
function loadOptions() {
  try { return JSON.parse(localStorage.getItem(STORE_OPTS)) || {}; } catch { return {}; }
}
function options() {
  return { backend: $('backend').value, suppressErrors: $('suppress').checked };
}
/**
 * The UI options as run options. "wasm" leaves the backend to the program
 * (a torch.compile(backend=...) it names, else wasm); "eager" forces the
 * eager backend. suppress_errors unchecked leaves it to the program
 * (default False); checked starts the run with it True.
 */
function runOptions(o = options()) {
  const r = {};
  if (o.backend === 'eager') r.backend = 'eager';
  if (o.suppressErrors) r.suppressErrors = true;
  return r;
}
function saveOptions() {
  try { localStorage.setItem(STORE_OPTS, JSON.stringify(options())); } catch { /* private mode */ }
}

// ---- status line -------------------------------------------------------------------
function setStatus(text, kind = '') {
  const el = $('status');
  el.textContent = text;
  el.dataset.kind = kind;
}

// ---- editor ------------------------------------------------------------------------
let saveTimer = null;
let loadingSource = false; // true while the page (not the user) sets the source
const editor = createEditor($('editor'), {
  doc: '',
  onRun: () => runProgram().catch(() => {}),
  onChange: (src) => {
    // A shared link describes the program as it was shared: once edited,
    // the URL no longer names it (a reload then restores the draft).
    if (!loadingSource && /^#(code|src)=/.test(location.hash)) history.replaceState(null, '', location.pathname + location.search);
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => { try { localStorage.setItem(STORE_SRC, src); } catch { /* ignore */ } }, 300);
    if (state.report) markStale(src !== state.reportSource);
    // The editor drops its own highlights on edits; forget the selection.
    if (state.activeGraph) {
      state.activeGraph.card.classList.remove('selected');
      state.activeGraph.card.querySelector('.graph-toggle').setAttribute('aria-pressed', 'false');
      state.activeGraph = null;
    }
  },
  onCursorLine: (n) => { cursorLine = n; updateLinks(true); queueMicrotask(() => showLineInfo(n)); },
  onHoverLine: (n) => { hoverLine = n; updateLinks(false); },
});

// The cursor line's marks in words (status bar, announced politely): the
// keyboard and screen-reader route to what the tooltips say.
function showLineInfo(n) {
  const el = $('line-info');
  const e = n ? editor.entryAt(n) : null;
  if (!e || !e.kinds.size) { el.textContent = n ? `Ln ${n}` : ''; return; }
  const parts = [];
  if (e.kinds.has('traced')) parts.push('traced');
  if (e.kinds.has('not_traced')) parts.push('not traced');
  for (const b of e.breaks) parts.push(`graph break (${b.reason}${b.message ? ': ' + b.message : ''})`);
  for (const d of e.disabled) parts.push(d.recursive ? 'disabled' : 'disabled(recursive=False)');
  for (const x of e.suppressed) parts.push(`suppressed error: ${x.message}`);
  el.textContent = `Ln ${n}: ${parts.join(' · ')}`;
}

function markStale(stale) {
  document.body.classList.toggle('edited', stale);
  $('legend-note').textContent = stale ? 'Source edited: run again to see marks.' : (state.report ? '' : 'Run the program to see its marks.');
}

// ---- three-way linking -----------------------------------------------------------
let cursorLine = null, hoverLine = null, paneHoverLine = null, paneHoverKey = null;
let linked = [];
function updateLinks(fromCursor) {
  const n = hoverLine ?? paneHoverLine ?? cursorLine;
  for (const el of linked) el.classList.remove('linked');
  linked = n ? [...document.querySelectorAll(`.panel [data-src-line="${n}"], .panel [data-src-lines~="${n}"]`)] : [];
  for (const el of linked) el.classList.add('linked');
  if (fromCursor && hoverLine == null && linked.length) {
    const panel = document.querySelector('.panel:not([hidden])');
    const first = linked.find((el) => panel && panel.contains(el));
    if (first) first.scrollIntoView({ block: 'nearest' });
  }
}
for (const id of ['panel-graphs', 'panel-wasm']) {
  const panel = $(id);
  panel.addEventListener('mouseover', (ev) => {
    const el = ev.target.closest('[data-src-line]');
    let key = el ? el.dataset.srcLine : null;
    let lines = key ? [Number(key)] : null;
    if (!el) {
      // a module without source locations: its graph's lines as a whole
      const card = ev.target.closest('.wat[data-src-lines]');
      key = card && card.dataset.srcLines ? `m${card.dataset.graphId}` : null;
      lines = key ? card.dataset.srcLines.split(' ').map(Number) : null;
    }
    if (key === paneHoverKey) return;
    paneHoverKey = key;
    paneHoverLine = lines && lines.length === 1 ? lines[0] : null;
    editor.linkLine(lines, true);
    updateLinks(false);
  });
  panel.addEventListener('mouseleave', () => {
    paneHoverLine = null;
    paneHoverKey = null;
    editor.linkLine(null);
    updateLinks(false);
  });
}

// ---- tabs ------------------------------------------------------------------------------
const tabs = [...document.querySelectorAll('[role="tab"]')];
function selectTab(tab, focus) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !on;
  }
  if (focus) tab.focus();
  try { sessionStorage.setItem('dynawasm.tab', tab.id); } catch { /* ignore */ }
  updateLinks(false);
}
for (const t of tabs) {
  t.addEventListener('click', () => selectTab(t));
  t.addEventListener('keydown', (ev) => {
    const i = tabs.indexOf(t);
    let j = null;
    if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') j = (i + 1) % tabs.length;
    else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') j = (i - 1 + tabs.length) % tabs.length;
    else if (ev.key === 'Home') j = 0;
    else if (ev.key === 'End') j = tabs.length - 1;
    if (j != null) { ev.preventDefault(); selectTab(tabs[j], true); }
  });
}

function setCount(id, n, alert) {
  const el = $(id);
  el.textContent = n == null ? '' : String(n);
  el.hidden = n == null;
  el.classList.toggle('alert', !!alert);
}

// ---- rendering a report ------------------------------------------------------------
function setActiveGraph(g, card) {
  if (state.activeGraph) {
    state.activeGraph.card.classList.remove('selected');
    state.activeGraph.card.querySelector('.graph-toggle').setAttribute('aria-pressed', 'false');
  }
  if (!g || (state.activeGraph && state.activeGraph.id === g.id)) {
    state.activeGraph = null;
    editor.highlightGraph(null);
    return;
  }
  state.activeGraph = { id: g.id, card };
  card.classList.add('selected');
  card.querySelector('.graph-toggle').setAttribute('aria-pressed', 'true');
  // The graph's lines: its `lines` field, else its code's `# line N`.
  let lines = Array.isArray(g.lines) && g.lines.length ? g.lines : codeLineRefs(g.code).map((l) => l.line).filter(Boolean);
  editor.highlightGraph(lines);
}

const ctx = {
  gotoLine: (n) => editor.gotoLine(n),
  toggleGraph: (g, card) => setActiveGraph(g, card),
  compareEager: () => compareEager(),
};

function renderPanes() {
  const r = state.report;
  const byLine = r ? marksByLine(r) : null;
  renderOutput($('panel-output'), r, ctx, { failure: state.failure });
  renderGraphs($('panel-graphs'), r, ctx);
  renderWasm($('panel-wasm'), r, ctx);
  renderExplain($('panel-explain'), r, ctx, byLine);
  renderTiming($('panel-timing'), r, ctx, { roundTrip: state.roundTrip, compare: state.compare });
  renderGuards($('panel-guards'), r, ctx);
  state.activeGraph = null;
  const graphs = r && Array.isArray(r.graphs) ? r.graphs.length : null;
  const breaks = r ? (r.explain && typeof r.explain.graph_break_count === 'number' ? r.explain.graph_break_count : (r.marks || []).filter((m) => m.kind === 'graph_break').length) : null;
  setCount('count-graphs', graphs || null);
  setCount('count-explain', breaks || null, breaks > 0);
  setCount('count-output', r && !r.ok ? '!' : null, true);
  setCount('count-guards', r && Array.isArray(r.frames) && r.frames.length ? r.frames.length : null);
  updateLinks(false);
}

function showReport(report, source, extra = {}) {
  state.report = report;
  state.reportSource = source;
  state.failure = null;
  state.compare = null;
  state.roundTrip = extra.roundTrip ?? null;
  window.dynawasm.lastReport = report;
  const byLine = marksByLine(report);
  // Which graphs each line went into (for tooltips).
  const graphLines = new Map();
  for (const g of (Array.isArray(report.graphs) ? report.graphs : [])) {
    for (const n of (Array.isArray(g.lines) ? g.lines : [])) {
      if (!graphLines.has(n)) graphLines.set(n, []);
      if (!graphLines.get(n).includes(g.id)) graphLines.get(n).push(g.id);
    }
  }
  if (editor.getSource() === source) {
    const err = report.error && Number.isInteger(report.error.line) && report.error.line > 0 ? report.error : null;
    editor.showMarks({ byLine, dimmed: dimmedLines(byLine, source), graphLines, error: err });
    markStale(false);
  } else {
    markStale(true);
  }
  renderPanes();
  showLineInfo(cursorLine);
  const ex = report.explain || {};
  const bits = [];
  if (typeof ex.graph_count === 'number') bits.push(plural(ex.graph_count, 'graph'));
  if (typeof ex.graph_break_count === 'number') bits.push(plural(ex.graph_break_count, 'graph break'));
  if (report.time_ms && typeof report.time_ms.total === 'number') bits.push(fmtMs(report.time_ms.total));
  $('summary').textContent = bits.join(' · ');
  if (!report.ok && report.error) setStatus(`${report.error.type || 'Error'}${report.error.line ? ` at line ${report.error.line}` : ''}`, 'error');
  if (!report.ok) selectTab($('tab-output'));
}

// ---- running -------------------------------------------------------------------------
let worker = null; // the Runner

let inflight = 0; // runs queued or going (runs are serialised by the Runner)
function setRunning(on) {
  inflight = Math.max(0, inflight + (on ? 1 : -1));
  state.running = inflight > 0;
  document.body.classList.toggle('running', state.running);
  $('stop').disabled = !state.running;
  $('run').setAttribute('aria-busy', String(state.running));
}

async function runProgram() {
  if (state.supportError) throw new Error(state.supportError);
  const source = editor.getSource();
  const opts = { ...runOptions(), wat: true, filename: 'main.py' };
  setRunning(true);
  state.stopped = false;
  setStatus(state.ready ? 'Running…' : 'Waiting for the compiler to load…', 'busy');
  const t0 = performance.now();
  try {
    const { report } = await worker.run(source, opts);
    const roundTrip = performance.now() - t0;
    showReport(report, source, { roundTrip });
    if (report.ok) setStatus(`Done in ${fmtMs(roundTrip)}`, 'ok');
    return report;
  } catch (e) {
    if (e instanceof StopError) {
      state.stopped = true;
      setStatus('Stopped. Restarting the compiler…', 'warn');
    } else {
      state.failure = { message: String(e.message || e), internal: !!e.internal };
      renderOutput($('panel-output'), null, ctx, { failure: state.failure });
      selectTab($('tab-output'));
      setStatus(e.internal ? 'Internal compiler error' : String(e.message || e), 'error');
    }
    throw e;
  } finally {
    setRunning(false);
  }
}

async function compareEager() {
  if (!state.report || !worker) return;
  const source = state.reportSource;
  const backend = options().backend;
  state.compare = { running: true };
  renderTiming($('panel-timing'), state.report, ctx, { roundTrip: state.roundTrip, compare: state.compare });
  setRunning(true);
  try {
    const { report } = await worker.run(source, { ...runOptions(), compile: false, wat: false, filename: 'main.py' });
    state.compare = { eager: report, backend };
  } catch (e) {
    state.compare = { error: e instanceof StopError ? 'Stopped.' : `The eager run failed: ${e.message || e}` };
  } finally {
    setRunning(false);
  }
  renderTiming($('panel-timing'), state.report, ctx, { roundTrip: state.roundTrip, compare: state.compare });
}

function stopProgram() {
  if (!worker) return;
  worker.stop();
}

// ---- examples, sharing, persistence --------------------------------------------------
function fillExamples() {
  const sel = $('examples');
  sel.append(h('option', { value: '', disabled: true }, 'Examples…'));
  examples.forEach((ex, i) => sel.append(h('option', { value: String(i), title: ex.description || null }, ex.title)));
  sel.addEventListener('change', () => {
    const ex = examples[Number(sel.value)];
    if (!ex) return;
    loadSource(ex.source);
    history.replaceState(null, '', location.pathname + location.search);
    if (state.ready) runProgram().catch(() => {});
  });
}

function loadSource(src) {
  loadingSource = true;
  try { editor.setSource(src); } finally { loadingSource = false; }
  const i = examples.findIndex((e) => e.source === src);
  $('examples').value = i >= 0 ? String(i) : '';
}

async function share() {
  const frag = await encodeFragment(editor.getSource(), options());
  const url = `${location.origin}${location.pathname}${location.search}#${frag}`;
  history.replaceState(null, '', url);
  let copied = false;
  try { await navigator.clipboard.writeText(url); copied = true; } catch { /* not allowed */ }
  const note = $('share-note');
  note.textContent = copied ? 'Link copied' : 'Link in the address bar';
  note.hidden = false;
  clearTimeout(share.t);
  share.t = setTimeout(() => { note.hidden = true; }, 2500);
}

// ---- the page API (tests, assistive tech, the console) -------------------------------
window.dynawasm = {
  lastReport: null,
  /** Runs the editor's program; resolves with the report. */
  run: () => runProgram(),
  /** Stops a running program (terminates and restarts the worker). */
  stop: () => stopProgram(),
  /** Renders a report without running (development and tests). */
  render(report, source) {
    if (typeof source === 'string' && source !== editor.getSource()) loadSource(source);
    showReport(report, editor.getSource());
    return report;
  },
  getSource: () => editor.getSource(),
  setSource: (src) => loadSource(src),
  examples: examples.map((e) => ({ file: e.file, title: e.title, description: e.description })),
  get ready() { return state.ready; },
  get view() { return editor.view; },
};

// ---- start-up -----------------------------------------------------------------------
async function init() {
  fillExamples();
  const saved = loadOptions();
  const shared = await decodeFragment(location.hash);
  if (shared && shared.backend) saved.backend = shared.backend;
  if (shared && shared.suppressErrors != null) saved.suppressErrors = shared.suppressErrors;
  if (saved.backend === 'eager' || saved.backend === 'wasm') $('backend').value = saved.backend;
  $('suppress').checked = !!saved.suppressErrors;
  $('backend').addEventListener('change', saveOptions);
  $('suppress').addEventListener('change', saveOptions);

  let src = shared && shared.source;
  let restored = false;
  if (src == null) { try { src = localStorage.getItem(STORE_SRC); restored = src != null && src !== ''; } catch { src = null; } }
  if (src == null || src === '') src = examples[0].source;
  loadSource(src);
  // Run on load: the examples and shared links, not a restored draft (it
  // might be the runaway loop the user was fixing).
  const autorunOnLoad = params.get('autorun') !== '0' && (!restored || examples.some((e) => e.source === src));
  window.addEventListener('pagehide', () => {
    clearTimeout(saveTimer);
    try { localStorage.setItem(STORE_SRC, editor.getSource()); } catch { /* ignore */ }
  });
  markStale(false);
  renderPanes();
  try { const t = sessionStorage.getItem('dynawasm.tab'); if (t && $(t)) selectTab($(t)); } catch { /* ignore */ }

  $('run').addEventListener('click', () => runProgram().catch(() => {}));
  $('stop').addEventListener('click', stopProgram);
  $('share').addEventListener('click', () => share().catch((e) => setStatus(`Share failed: ${e.message}`, 'error')));
  document.addEventListener('keydown', (ev) => {
    if ((ev.ctrlKey || ev.metaKey) && ev.key === 'Enter' && !ev.defaultPrevented) {
      ev.preventDefault();
      runProgram().catch(() => {});
    }
  });
  window.addEventListener('hashchange', async () => {
    const s = await decodeFragment(location.hash);
    if (s && s.source !== editor.getSource()) loadSource(s.source);
  });

  state.supportError = checkSupport();
  if (state.supportError) {
    const b = $('support-banner');
    b.textContent = state.supportError;
    b.hidden = false;
    document.body.classList.remove('loading');
    $('progress').hidden = true;
    $('run').disabled = true;
    setStatus('Unsupported browser', 'error');
    return;
  }

  const autorun = autorunOnLoad;
  let first = true;
  worker = new Runner(({ state: st, text, ms }) => {
    const progress = $('progress');
    if (st === 'loading') {
      state.ready = false;
      document.body.classList.add('loading');
      progress.hidden = false;
      progress.textContent = text;
      if (!state.stopped) setStatus(text, 'busy');
    } else if (st === 'ready') {
      document.body.classList.remove('loading');
      progress.hidden = true;
      if (!state.ready) {
        state.ready = true;
        if (state.stopped) setStatus('Stopped. The compiler was restarted.', 'warn');
        else if (ms != null) setStatus(`Compiler ready (loaded in ${fmtMs(ms)})`, 'ok');
        if (first && autorun && !state.running && !state.report) runProgram().catch(() => {});
        first = false;
      }
    } else if (st === 'failed') {
      state.ready = false;
      document.body.classList.remove('loading');
      progress.hidden = false;
      progress.textContent = `The compiler failed to load: ${text}`;
      progress.dataset.kind = 'error';
      setStatus('Compiler unavailable', 'error');
    }
  });
}

init();
