// The playground page: editor + runner + panes, glued together.
import './style.css';
import examples from 'virtual:examples';
import { createEditor } from './editor.js';
import { Runner, StopError } from './runner.js';
import { marksByLine, dimmedLines, codeLineRefs } from './marks.js';
import { renderOutput } from './pane-output.js';
import { renderGraphs, renderWasm, graphCounts } from './pane-graphs.js';
import { renderExplain } from './pane-explain.js';
import { renderTiming } from './pane-timing.js';
import { renderGuards } from './pane-guards.js';
import { encodeFragment, decodeFragment } from './share.js';
import { initTheme, initSplitter, initTabs, isDark } from './layout.js';
import { h, clear, fmtMs, plural, graphNo } from './dom.js';

const $ = (id) => document.getElementById(id);
const STORE_SRC = 'dynawasm.playground.source';
const STORE_OPTS = 'dynawasm.playground.options';
// What index.html has the worker run before this script loads (see savePrerun).
const STORE_PRERUN = 'dynawasm.playground.prerun';
const RUN_ON_CHANGE_MS = 700;
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
  waited: null,          // ms the last run waited for the worker's thread (Binaryen's background job)
  compare: null,
  failure: null,         // {message, internal} when a run could not happen
  stoppedRun: null,      // {ms} when the user stopped the last run (Output says so)
  activeGraph: null,     // {id, card}
  running: false,
  ready: false,
  binaryen: null,        // Binaryen in the worker: null, 'compiled', 'ready', 'failed'
  stopped: false,
  supportError: null,
};

// ---- options ---------------------------------------------------------------------
function loadOptions() {
  try { return JSON.parse(localStorage.getItem(STORE_OPTS)) || {}; } catch { return {}; }
}
function options() {
  return { backend: $('backend').value, suppressErrors: $('suppress').checked, runOnChange: $('run-on-change').checked };
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
/** The options of a run of the editor's program (Run, Ctrl+Enter, the run on load). */
function mainRunOptions() {
  return { ...runOptions(), wat: true, filename: 'main.py' };
}
function saveOptions() {
  try { localStorage.setItem(STORE_OPTS, JSON.stringify(options())); } catch { /* private mode */ }
  savePrerun(editor.getSource());
}
/**
 * Keeps what the next visit will run on load, for index.html to start in
 * the worker before this script loads: an example's source (a draft is not
 * run on load) with the options of that run. The worker uses the result
 * only if the page then asks for exactly that run.
 */
function savePrerun(src) {
  try {
    if (examples.some((e) => e.source === src)) localStorage.setItem(STORE_PRERUN, JSON.stringify({ source: src, options: mainRunOptions() }));
    else localStorage.removeItem(STORE_PRERUN);
  } catch { /* private mode */ }
}

// ---- status line -------------------------------------------------------------------
function setStatus(text, kind = '') {
  const el = $('status');
  el.textContent = text;
  el.dataset.kind = kind;
}
/** Says something to screen readers (and nothing visible). */
function announce(text) {
  const el = $('announce');
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

// ---- editor ------------------------------------------------------------------------
let saveTimer = null;
let changeTimer = null;
let loadingSource = false; // true while the page (not the user) sets the source
// The draft of the last visit, or null. The editor opens with it (or the
// first example) rather than having it set afterwards: one editor update
// less on the way to the first result (a shared link replaces it in init).
// CodeMirror reads the document's selection again on every update while
// the document has none (it remembers a selection only once it has seen
// one), which forces a layout in the middle of the update: 40-90 ms of the
// first result's marks, measured. A collapsed selection at the start of
// the page (invisible, focus unchanged) gives it one to remember.
try { if (!getSelection().rangeCount) getSelection().collapse(document.body, 0); } catch { /* no selection API */ }
const storedSource = (() => {
  try { const s = localStorage.getItem(STORE_SRC); return s == null || s === '' ? null : s; } catch { return null; }
})();
const editor = createEditor($('editor'), {
  doc: storedSource ?? examples[0].source,
  dark: isDark,
  onRun: () => runProgram().catch(() => {}),
  onChange: (src) => {
    // A shared link describes the program as it was shared: once edited,
    // the URL no longer names it (a reload then restores the draft).
    if (!loadingSource && /(^#|&)(code|src)=/.test(location.hash)) history.replaceState(null, '', location.pathname + location.search);
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      try { localStorage.setItem(STORE_SRC, src); } catch { /* ignore */ }
      savePrerun(src);
    }, 300);
    if (state.report) markStale(src !== state.reportSource);
    syncExampleMenu(src);
    // The editor drops its own highlights on edits; forget the selection.
    if (state.activeGraph) {
      state.activeGraph.card.classList.remove('selected');
      state.activeGraph.card.querySelector('.graph-toggle').setAttribute('aria-pressed', 'false');
      state.activeGraph = null;
    }
    if (!loadingSource && $('run-on-change').checked && state.ready) {
      clearTimeout(changeTimer);
      changeTimer = setTimeout(() => runProgram().catch(() => {}), RUN_ON_CHANGE_MS);
    }
  },
  onCursorLine: (n) => { cursorLine = n; updateLinks(true); queueMicrotask(() => showLineInfo(n)); },
  onHoverLine: (n) => { hoverLine = n; updateLinks(false); },
});
performance.mark('dw:editor-created'); // (the start-up benchmark's phases)

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
  el.textContent = `Ln ${n}: ${parts.join(' · ')}${editor.marksStale ? ' (last run, before your edits)' : ''}`;
}

function markStale(stale) {
  document.body.classList.toggle('edited', stale);
  $('legend-note').textContent = stale
    ? 'Edited since the run: its marks are dimmed and move with your lines until you run again.'
    : (state.report ? '' : 'Run the program to see its marks.');
}

// ---- three-way linking -----------------------------------------------------------
let cursorLine = null, hoverLine = null, paneHoverLine = null, paneHoverKey = null;
let linked = [];
function updateLinks(fromCursor) {
  const n = hoverLine ?? paneHoverLine ?? cursorLine;
  for (const el of linked) el.classList.remove('linked');
  linked = n ? [...document.querySelectorAll(`.panel [data-src-line="${n}"], .panel [data-src-lines~="${n}"]`)] : [];
  for (const el of linked) el.classList.add('linked');
  if (fromCursor && (hoverLine == null || hoverLine === cursorLine) && linked.length) {
    const panel = document.querySelector('.panel:not([hidden])');
    const first = linked.find((el) => panel && panel.contains(el));
    if (first) {
      // a collapsed module opens to show its linked instruction
      const det = first.closest('details');
      if (det && !det.open) det.open = true;
      first.scrollIntoView({ block: 'nearest' });
    }
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
// Panes not drawn since the last report (a run draws the one on screen at
// once and the hidden ones after the next paint, or when their tab opens).
const stalePanes = new Set();
const selectTab = initTabs(tabs, (tab) => {
  const id = tab.getAttribute('aria-controls');
  if (stalePanes.has(id)) renderPane(id);
  updateLinks(false);
});

function setCount(id, n, alert) {
  const el = $(id);
  el.textContent = n == null ? '' : String(n);
  el.hidden = n == null;
  el.classList.toggle('alert', !!alert);
}

// ---- rendering a report ------------------------------------------------------------
function graphLinesOf(g) {
  return Array.isArray(g.lines) && g.lines.length ? g.lines : codeLineRefs(g.code).map((l) => l.line).filter(Boolean);
}

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
  editor.highlightGraph(graphLinesOf(g));
}

const ctx = {
  gotoLine: (n) => editor.gotoLine(n),
  /** A graph node or timeline row: its line selected in the editor. */
  selectLine: (n) => { editor.gotoLine(n); announce(`Line ${n} selected`); },
  toggleGraph: (g, card) => setActiveGraph(g, card),
  selectGraph: (id) => {
    const g = state.report && (state.report.graphs || []).find((x) => x.id === id);
    if (g) editor.highlightGraph(graphLinesOf(g));
  },
  showWasmFunction: (graphId, name) => {
    selectTab($('tab-wasm'));
    const card = document.querySelector(`#panel-wasm .wat[data-graph-id="${graphId}"]`);
    if (!card) return;
    card.open = true;
    const line = card.querySelector(`[data-func="${CSS.escape(name)}"]`) || card;
    for (const el of document.querySelectorAll('#panel-wasm .func-target')) el.classList.remove('func-target');
    line.classList.add('func-target');
    line.scrollIntoView({ block: 'start' });
    if (line === card) announce(`${name} was inlined by Binaryen: graph ${graphNo(graphId)}'s module is shown`);
  },
  compareEager: () => compareEager(),
  runWithSuppress: () => { $('suppress').checked = true; saveOptions(); runProgram().catch(() => {}); },
  announce,
};

// Each result pane (by its panel's id), drawn from the state.
const PANES = {
  'panel-output': (el) => renderOutput(el, state.report, ctx, { failure: state.failure, stopped: state.stoppedRun }),
  'panel-graphs': (el) => renderGraphs(el, state.report, ctx),
  'panel-wasm': (el) => renderWasm(el, state.report, ctx),
  'panel-explain': (el) => renderExplain(el, state.report, ctx, state.report ? marksByLine(state.report) : null),
  'panel-timing': (el) => renderTiming(el, state.report, ctx, { roundTrip: state.roundTrip, waited: state.waited, compare: state.compare }),
  'panel-guards': (el) => renderGuards(el, state.report, ctx),
};
function renderPane(id) {
  stalePanes.delete(id);
  PANES[id]($(id));
}
/** Draws the panes a lazy renderPanes left for later. */
function flushPanes() {
  if (!stalePanes.size) return;
  for (const id of [...stalePanes]) renderPane(id);
  updateLinks(false);
}
/**
 * Draws the panes from state.report. lazy: only the pane on screen now,
 * the hidden ones after the next paint (so a run's first result shows
 * without waiting for the graphs, WebAssembly text and the rest) or when
 * their tab is opened first.
 */
function renderPanes({ lazy = false } = {}) {
  const r = state.report;
  for (const id of Object.keys(PANES)) {
    if (lazy && $(id).hidden) stalePanes.add(id);
    else renderPane(id);
  }
  if (stalePanes.size) {
    requestAnimationFrame(() => setTimeout(flushPanes, 0));
    setTimeout(flushPanes, 250); // no frames (a background tab)
  }
  state.activeGraph = null;
  const counts = r ? graphCounts(r) : null;
  const breaks = r ? (r.explain && typeof r.explain.graph_break_count === 'number' ? r.explain.graph_break_count : (r.marks || []).filter((m) => m.kind === 'graph_break').length) : null;
  // the tab counts what the summary counts: compiled graphs (failed ones flagged)
  setCount('count-graphs', counts && (counts.compiled || counts.failed) ? `${counts.compiled}${counts.failed ? ` + ${counts.failed}✕` : ''}` : null, counts && counts.failed > 0);
  setCount('count-explain', breaks || null, breaks > 0);
  setCount('count-output', r && !r.ok ? '!' : null, true);
  setCount('count-guards', r && Array.isArray(r.frames) && r.frames.length ? r.frames.length : null);
  updateLinks(false);
}

/** Lines of graphs that failed to compile: Map<line, [{graph, error, lines, here}]>. */
function failedLines(report) {
  const out = new Map();
  for (const g of (Array.isArray(report.graphs) ? report.graphs : [])) {
    if (!g.error) continue;
    const lines = graphLinesOf(g);
    const at = g.error_line || lines[0];
    for (const n of new Set([...lines, at])) {
      if (!out.has(n)) out.set(n, []);
      out.get(n).push({ graph: g.id, error: g.error, lines, here: n === at });
    }
  }
  return out;
}

function showReport(report, source, extra = {}) {
  state.report = report;
  state.reportSource = source;
  state.failure = null;
  state.stoppedRun = null;
  state.compare = null;
  state.roundTrip = extra.roundTrip ?? null;
  state.waited = extra.waited ?? null;
  window.dynawasm.lastReport = report;
  const byLine = marksByLine(report);
  // Which graphs each line went into (for tooltips).
  const graphLines = new Map();
  for (const g of (Array.isArray(report.graphs) ? report.graphs : [])) {
    if (g.error) continue;
    for (const n of (Array.isArray(g.lines) ? g.lines : [])) {
      if (!graphLines.has(n)) graphLines.set(n, []);
      if (!graphLines.get(n).includes(g.id)) graphLines.get(n).push(g.id);
    }
  }
  if (editor.getSource() === source) {
    const err = report.error && Number.isInteger(report.error.line) && report.error.line > 0 ? report.error : null;
    editor.showMarks({ byLine, dimmed: dimmedLines(byLine, source), graphLines, error: err, failed: failedLines(report) });
    markStale(false);
  } else {
    markStale(true);
  }
  renderPanes({ lazy: !!extra.lazy });
  showLineInfo(cursorLine);
  const ex = report.explain || {};
  const { compiled, failed } = graphCounts(report);
  const bits = [plural(compiled, 'graph')];
  if (failed) bits.push(`${failed} failed compile${failed > 1 ? 's' : ''}`);
  if (typeof ex.graph_break_count === 'number') bits.push(plural(ex.graph_break_count, 'graph break'));
  if (report.time_ms && typeof report.time_ms.total === 'number') bits.push(fmtMs(report.time_ms.total));
  $('summary').textContent = bits.join(' · ');
  if (!report.ok && report.error) setStatus(`${report.error.type || 'Error'}${report.error.line ? ` at line ${report.error.line}` : ''}`, 'error');
  if (!report.ok) selectTab($('tab-output'));
}

// ---- running -------------------------------------------------------------------------
let worker = null; // the Runner

/** What a run's wait for the worker's thread was (said when it is noticeable). */
const WAIT_NOTE_MS = 200;
// (Binaryen works in a worker of its own: the compiler's thread only swaps
// its kernels in between runs, so a run should hardly ever wait)
const waitNote = (ms) => (ms != null && ms >= WAIT_NOTE_MS ? ` (${fmtMs(ms)} of it waiting for the compiler's thread to be free)` : '');
const LONG_RUN_S = 3; // seconds before the status line says a run is still going
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
  clearTimeout(changeTimer);
  hideAsk();
  const source = editor.getSource();
  const opts = mainRunOptions();
  setRunning(true);
  state.stopped = false;
  setStatus(state.ready ? 'Running…' : 'Waiting for the compiler to load…', 'busy');
  const t0 = performance.now();
  // A run that goes on says so, and how to end it (a `while True:` loop runs
  // until stopped: the compiler cannot be interrupted, only restarted).
  const slow = setInterval(() => {
    const s = Math.floor((performance.now() - t0) / 1000);
    if (state.ready && s >= LONG_RUN_S) setStatus(`Still running after ${s} s… Stop ends it (a loop that never ends runs until stopped).`, 'busy');
  }, 1000);
  try {
    const { report, prerun, waitedMs } = await worker.run(source, opts, 'main');
    const roundTrip = performance.now() - t0;
    // (a prerun ran while the page loaded: its round trip says nothing)
    const waited = prerun || waitedMs == null ? null : waitedMs;
    showReport(report, source, { roundTrip: prerun ? null : roundTrip, waited, lazy: true });
    if (!performance.getEntriesByName('dw:first-result').length) {
      performance.mark('dw:first-result', { detail: { prerun: !!prerun } });
      registerServiceWorker();
    }
    if (report.ok) setStatus(prerun ? 'Done (it ran while the page loaded)' : `Done in ${fmtMs(roundTrip)}${waitNote(waited)}`, 'ok');
    return report;
  } catch (e) {
    if (e instanceof StopError) {
      if (e.why === 'stopped') {
        state.stopped = true;
        setStatus(state.ready ? 'Stopped. Restarting the compiler…' : 'Stopped.', 'warn');
        state.stoppedRun = { ms: performance.now() - t0 };
        renderPane('panel-output');
        selectTab($('tab-output'));
      }
    } else {
      state.failure = { message: String(e.message || e), internal: !!e.internal };
      renderOutput($('panel-output'), null, ctx, { failure: state.failure });
      selectTab($('tab-output'));
      setStatus(e.internal ? 'Internal compiler error' : String(e.message || e), 'error');
    }
    throw e;
  } finally {
    clearInterval(slow);
    setRunning(false);
  }
}

async function compareEager() {
  if (!state.report || !worker) return;
  const source = state.reportSource;
  const backend = options().backend;
  state.compare = { running: true };
  renderTiming($('panel-timing'), state.report, ctx, { roundTrip: state.roundTrip, waited: state.waited, compare: state.compare });
  setRunning(true);
  try {
    const { report } = await worker.run(source, { ...runOptions(), compile: false, wat: false, filename: 'main.py' }, 'compare');
    state.compare = { eager: report, backend };
  } catch (e) {
    state.compare = { error: e instanceof StopError ? 'Stopped.' : `The eager run failed: ${e.message || e}` };
  } finally {
    setRunning(false);
  }
  renderTiming($('panel-timing'), state.report, ctx, { roundTrip: state.roundTrip, waited: state.waited, compare: state.compare });
}

function stopProgram() {
  if (!worker) return;
  clearTimeout(changeTimer);
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

/** The menu names an example only while the editor holds it unchanged
 * (so choosing it again after edits reloads it). */
function syncExampleMenu(src) {
  const i = examples.findIndex((e) => e.source === src);
  $('examples').value = i >= 0 ? String(i) : '';
}

function loadSource(src) {
  loadingSource = true;
  try { editor.setSource(src); } finally { loadingSource = false; }
  syncExampleMenu(src);
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

/** A banner about the shared link: a problem, or a question with buttons. */
function linkBanner(kind, text, buttons = []) {
  const b = $('link-banner');
  clear(b);
  b.dataset.kind = kind;
  b.append(h('span', { class: 'link-banner-text' }, text), ...buttons,
    h('button', { type: 'button', class: 'btn tiny ghost', onclick: () => { b.hidden = true; } }, 'Dismiss'));
  b.hidden = false;
}
function hideAsk() {
  const b = $('link-banner');
  if (b.dataset.kind === 'ask') b.hidden = true;
}

/** Opens a shared program: loads it, and runs it only when Share made it and it is small; else asks. */
function openShared(shared, { autorun, instead = 'your program' }) {
  if (shared.error) {
    linkBanner('broken', `This link's program could not be opened: ${shared.error}. The editor shows ${instead} instead.`);
    return false;
  }
  loadSource(shared.source);
  if (shared.trusted) return autorun;
  const size = new TextEncoder().encode(shared.source).length;
  const why = shared.warning ? `was not made by Share: ${shared.warning}`
    : size > 16 * 1024 ? `is large (${(size / 1024).toFixed(0)} KB)` : 'was not made by Share';
  linkBanner('ask', `This program came from a link and ${why}. Read it before you run it.`, [
    h('button', { type: 'button', class: 'btn tiny primary', onclick: () => { $('link-banner').hidden = true; runProgram().catch(() => {}); } }, 'Run it'),
  ]);
  return false;
}

// ---- the page API (tests, assistive tech, the console) -------------------------------
window.dynawasm = {
  lastReport: null,
  /** Runs the editor's program; resolves with the report. */
  run: () => runProgram().then((r) => { flushPanes(); return r; }),
  /** Stops a running program (terminates and restarts the worker) and cancels queued runs. */
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
  /** Binaryen in its worker: null (loading), 'compiled', 'ready' (in use) or 'failed'. */
  get binaryen() { return state.binaryen; },
  get view() { return editor.view; },
  /** Set after the first result: resolves with the service worker's URL once active, or null. */
  serviceWorker: null,
};

// ---- start-up -----------------------------------------------------------------------
/* global __DW_SW__ */
/**
 * Registers sw.js (src/sw.js: keeps this build's scripts in Cache Storage
 * with a V8 code cache for the next visit), after the first result so it
 * never competes with it. `window.dynawasm.serviceWorker` resolves with
 * the active worker's script URL, or null (not supported, not built,
 * refused).
 */
function registerServiceWorker() {
  const sw = typeof __DW_SW__ === 'string' ? __DW_SW__ : null;
  if (!sw || !('serviceWorker' in navigator) || !window.isSecureContext) {
    window.dynawasm.serviceWorker = Promise.resolve(null);
    return;
  }
  window.dynawasm.serviceWorker = navigator.serviceWorker.register(sw).then(() => navigator.serviceWorker.ready)
    .then((reg) => (reg.active ? reg.active.scriptURL : null), () => null);
}

function showProgress(text, loaded, total) {
  const p = $('progress');
  p.hidden = false;
  $('progress-text').textContent = text;
  const bar = $('progress-bar');
  if (typeof total === 'number' && total > 0) {
    bar.max = total;
    bar.value = Math.min(loaded || 0, total);
    bar.hidden = false;
  } else {
    bar.removeAttribute('value'); // indeterminate
  }
}

async function init() {
  fillExamples();
  initTheme($('theme'), () => editor.updateTheme());
  initSplitter($('splitter'), $('layout'));
  const saved = loadOptions();
  const shared = await decodeFragment(location.hash);
  if (shared && shared.backend) saved.backend = shared.backend;
  if (shared && shared.suppressErrors != null) saved.suppressErrors = shared.suppressErrors;
  if (saved.backend === 'eager' || saved.backend === 'wasm') $('backend').value = saved.backend;
  $('suppress').checked = !!saved.suppressErrors;
  $('run-on-change').checked = !!saved.runOnChange;
  for (const id of ['backend', 'suppress', 'run-on-change']) $(id).addEventListener('change', saveOptions);

  // (the editor opened with it)
  const restored = storedSource != null;
  const src = restored ? storedSource : examples[0].source;
  syncExampleMenu(src);
  // Run on load: the examples and trusted shared links, not a restored
  // draft (it might be the runaway loop the user was fixing).
  let autorunOnLoad = params.get('autorun') !== '0' && (!restored || examples.some((e) => e.source === src));
  if (shared) autorunOnLoad = openShared(shared, { autorun: params.get('autorun') !== '0', instead: restored ? 'your last program' : 'the first example' });
  window.addEventListener('pagehide', () => {
    clearTimeout(saveTimer);
    try { localStorage.setItem(STORE_SRC, editor.getSource()); } catch { /* ignore */ }
    savePrerun(editor.getSource());
  });
  markStale(false);
  renderPanes();

  $('run').addEventListener('click', () => runProgram().catch(() => {}));
  $('stop').addEventListener('click', stopProgram);
  $('share').addEventListener('click', () => share().catch((e) => setStatus(`Share failed: ${e.message}`, 'error')));
  $('skip-editor').addEventListener('click', (ev) => { ev.preventDefault(); editor.view.focus(); });
  document.addEventListener('keydown', (ev) => {
    if ((ev.ctrlKey || ev.metaKey) && ev.key === 'Enter' && !ev.defaultPrevented) {
      ev.preventDefault();
      runProgram().catch(() => {});
    }
  });
  window.addEventListener('hashchange', async () => {
    const s = await decodeFragment(location.hash);
    if (s && (s.error || s.source !== editor.getSource())) openShared(s, { autorun: false });
  });

  state.supportError = checkSupport();
  if (state.supportError) {
    if (window.__dynawasmWorker) { window.__dynawasmWorker.worker.terminate(); window.__dynawasmWorker = null; }
    const b = $('support-banner');
    b.textContent = state.supportError;
    b.hidden = false;
    document.body.classList.remove('loading');
    $('progress').hidden = true;
    $('run').disabled = true;
    setStatus('Unsupported browser', 'error');
    return;
  }

  performance.mark('dw:page-ready'); // the editor and the toolbar work
  let first = true;
  worker = new Runner(({ state: st, text, ms, loaded, total, phases }) => {
    // the worker's steps, in ms since this page's navigation
    if (phases) window.dynawasm.startPhases = Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v - performance.timeOrigin)]));
    const progress = $('progress');
    if (st === 'binaryen') {
      // Binaryen optimises kernels in the background; runs never wait for it
      state.binaryen = text;
      if (text === 'ready' && !performance.getEntriesByName('dw:binaryen-ready').length) performance.mark('dw:binaryen-ready');
      return;
    }
    if (st === 'loading') {
      state.ready = false;
      document.body.classList.add('loading');
      showProgress(text, loaded, total);
      if (!state.stopped) setStatus(text, 'busy');
    } else if (st === 'ready') {
      if (!performance.getEntriesByName('dw:compiler-ready').length) performance.mark('dw:compiler-ready');
      document.body.classList.remove('loading');
      progress.hidden = true;
      if (!state.ready) {
        state.ready = true;
        if (state.stopped) setStatus('Stopped. The compiler was restarted.', 'warn');
        else if (ms != null) setStatus(`Compiler ready (loaded in ${fmtMs(ms)})`, 'ok');
        if (first && autorunOnLoad && !state.running && !state.report) runProgram().catch(() => {});
        first = false;
      }
    } else if (st === 'failed') {
      state.ready = false;
      document.body.classList.remove('loading');
      showProgress(`The compiler failed to load: ${text}`);
      $('progress-bar').hidden = true;
      progress.dataset.kind = 'error';
      setStatus('Compiler unavailable', 'error');
    }
  });
}

init();
