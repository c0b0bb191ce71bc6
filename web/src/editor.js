// The CodeMirror 6 editor with the report's marks: line backgrounds, a
// gutter of glyphs, inline graph-break notes, `disabled` badges, dimmed
// bodies, lint diagnostics (wavy underlines, the lint panel), hover
// tooltips, and the DOM contract (data-line / data-marks on every .cm-line).
import { EditorState, StateField, StateEffect, RangeSetBuilder, Compartment, Prec } from '@codemirror/state';
import {
  EditorView, Decoration, ViewPlugin, WidgetType, GutterMarker, gutter, lineNumbers,
  highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, drawSelection,
  dropCursor, rectangularSelection, crosshairCursor, keymap, hoverTooltip,
} from '@codemirror/view';
import {
  defaultKeymap, history, historyKeymap, indentWithTab,
} from '@codemirror/commands';
import {
  indentOnInput, bracketMatching, foldGutter, foldKeymap, syntaxHighlighting, HighlightStyle,
} from '@codemirror/language';
import { closeBrackets, closeBracketsKeymap, autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { linter, setDiagnostics, lintKeymap } from '@codemirror/lint';
import { python } from '@codemirror/lang-python';
import { tags as t } from '@lezer/highlight';
import {
  KINDS, GLYPH, DESCRIPTION, marksAttr, badgeText, breakText, describeEntry, REASON_TEXT, extraHint,
} from './marks.js';
import { graphNo, append, linkify } from './dom.js';

// ---- state: marks, graph highlight, linked line ---------------------------
// byLine: Map<line, entry> (marks.js); dimmed: Set<line> (disabled bodies);
// graphLines: Map<line, graph ids>; error: the program error {line, ...};
// failed: Map<line, [{graph, error, here}]> (graphs that failed to compile);
// stale: the source was edited since the run (marks dimmed, lines mapped).
const EMPTY = { byLine: new Map(), dimmed: new Set(), graphLines: new Map(), error: null, failed: new Map(), stale: false };

/** Where line n of the old document is after the changes, or null (deleted). */
function mapLine(tr, n) {
  const old = tr.startState.doc;
  if (n < 1 || n > old.lines) return null;
  const line = old.line(n);
  // A line whose text and line break were deleted loses its marks.
  const a = n < old.lines ? line.from : Math.max(0, line.from - 1);
  const b = n < old.lines ? line.to + 1 : line.to;
  let deleted = false;
  tr.changes.iterChangedRanges((fromA, toA) => { if (fromA <= a && toA >= b && b > a) deleted = true; });
  if (deleted) return null;
  return tr.state.doc.lineAt(tr.changes.mapPos(line.from, 1)).number;
}

function mapKeys(map, tr, fix = (v) => v) {
  const out = new Map();
  for (const [n, v] of map) {
    const m = mapLine(tr, n);
    if (m != null && !out.has(m)) out.set(m, fix(v, m));
  }
  return out;
}

/** The last run's marks carried through an edit: kept, dimmed, lines moved with the text. */
function mapMarks(value, tr) {
  if (value === EMPTY) return value;
  const err = value.error ? mapLine(tr, value.error.line) : null;
  return {
    byLine: mapKeys(value.byLine, tr, (e, line) => ({ ...e, line })),
    dimmed: new Set([...value.dimmed].map((n) => mapLine(tr, n)).filter((n) => n != null)),
    graphLines: mapKeys(value.graphLines, tr),
    error: err != null ? { ...value.error, line: err } : null,
    failed: mapKeys(value.failed, tr),
    stale: true,
  };
}

export const setMarks = StateEffect.define();
export const marksField = StateField.define({
  create: () => EMPTY,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setMarks)) return e.value;
    // Marks belong to the source they were computed for: an edit keeps
    // them, dimmed and moved with their lines, until the next run.
    return tr.docChanged ? mapMarks(value, tr) : value;
  },
  provide: (f) => EditorView.editorAttributes.from(f, (v) => (v.stale ? { class: 'dw-stale' } : {})),
});

export const setGraphHighlight = StateEffect.define(); // Set<line> | null
const graphHighlightField = StateField.define({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setGraphHighlight)) return e.value;
    return tr.docChanged ? null : value;
  },
});

export const setLinkedLine = StateEffect.define(); // Set<line> | null
const linkedLineField = StateField.define({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setLinkedLine)) return e.value;
    return tr.docChanged ? null : value;
  },
});

// ---- line decorations over the viewport (the DOM contract) ---------------
function lineClasses(entry, lineNo, dimmed, graphHl, linked, errorLine, failed) {
  const cls = [];
  if (failed && failed.has(lineNo)) cls.push('dw-l-failed');
  if (entry) {
    const k = entry.kinds;
    if (k.has('traced') && k.has('not_traced')) cls.push('dw-l-both');
    else if (k.has('traced')) cls.push('dw-l-traced');
    else if (k.has('not_traced')) cls.push('dw-l-eager');
    if (k.has('graph_break')) cls.push('dw-l-break');
    if (k.has('suppressed_error')) cls.push('dw-l-suppressed');
    if (k.has('disabled')) cls.push('dw-l-disabled');
  }
  if (dimmed.has(lineNo)) cls.push('dw-l-dim');
  if (errorLine === lineNo) cls.push('dw-l-error');
  if (graphHl && graphHl.has(lineNo)) cls.push('dw-l-graph');
  if (linked && linked.has(lineNo)) cls.push('dw-l-linked');
  return cls.join(' ');
}

const lineAttrPlugin = ViewPlugin.fromClass(class {
  constructor(view) { this.decorations = this.build(view); }
  update(u) {
    if (u.docChanged || u.viewportChanged ||
        u.startState.field(marksField) !== u.state.field(marksField) ||
        u.startState.field(graphHighlightField) !== u.state.field(graphHighlightField) ||
        u.startState.field(linkedLineField) !== u.state.field(linkedLineField)) {
      this.decorations = this.build(u.view);
    }
  }
  build(view) {
    const { byLine, dimmed, error, failed } = view.state.field(marksField);
    const errorLine = error ? error.line : null;
    const graphHl = view.state.field(graphHighlightField);
    const linked = view.state.field(linkedLineField);
    const builder = new RangeSetBuilder();
    const doc = view.state.doc;
    const { from, to } = view.viewport;
    let pos = from;
    while (pos <= to) {
      const line = doc.lineAt(pos);
      const entry = byLine.get(line.number);
      const attributes = { 'data-line': String(line.number), 'data-marks': marksAttr(entry) };
      const cls = lineClasses(entry, line.number, dimmed, graphHl, linked, errorLine, failed);
      if (cls) attributes.class = cls;
      builder.add(line.from, line.from, Decoration.line({ attributes }));
      if (line.to >= to) break;
      pos = line.to + 1;
    }
    return builder.finish();
  }
}, { decorations: (v) => v.decorations });

// ---- widgets: inline break notes, disabled badges, suppressed notes -------
class NoteWidget extends WidgetType {
  constructor(kind, text, title) { super(); this.kind = kind; this.text = text; this.title = title; }
  eq(o) { return o.kind === this.kind && o.text === this.text && o.title === this.title; }
  toDOM() {
    const el = document.createElement('span');
    el.className = `dw-note dw-note-${this.kind}`;
    el.setAttribute('data-note', this.kind);
    el.title = this.title;
    const g = document.createElement('span');
    g.className = 'dw-note-glyph';
    g.setAttribute('aria-hidden', 'true');
    g.textContent = GLYPH[this.kind] || (this.kind === 'failed' ? '✕' : '!');
    const txt = document.createElement('span');
    txt.className = 'dw-note-text';
    txt.textContent = this.text;
    el.append(g, txt);
    return el;
  }
  ignoreEvent() { return false; }
}

function widgetDecorations(state) {
  const { byLine, error, failed } = state.field(marksField);
  const doc = state.doc;
  const items = [];
  for (const [n, list] of failed) {
    if (n > doc.lines) continue;
    for (const f of list.filter((x) => x.here)) {
      const text = `graph ${graphNo(f.graph)} failed to compile: ${f.error}`;
      items.push({ pos: doc.line(n).to, deco: Decoration.widget({ side: 90, widget: new NoteWidget('failed', text, `The backend could not compile graph ${graphNo(f.graph)} (lines ${f.lines.join(', ')}): ${f.error}`) }) });
    }
  }
  if (error && error.line >= 1 && error.line <= doc.lines) {
    const text = `${error.type || 'Error'}${error.message ? ': ' + error.message : ''}`;
    items.push({ pos: doc.line(error.line).to, deco: Decoration.widget({ side: 100, widget: new NoteWidget('error', text, `The program failed here: ${text}`) }) });
  }
  for (const entry of byLine.values()) {
    if (entry.line > doc.lines) continue;
    const line = doc.line(entry.line);
    let side = 1;
    for (const d of entry.disabled) {
      items.push({ pos: line.to, deco: Decoration.widget({ side: side++, widget: new NoteWidget('disabled', badgeText(d), describeEntry(entry)) }) });
    }
    for (const b of entry.breaks) {
      const title = `Graph break — ${breakText(b)}${b.function ? ` (in ${b.function})` : ''}${b.hint ? `\nHint: ${b.hint}` : ''}`;
      items.push({ pos: line.to, deco: Decoration.widget({ side: side++, widget: new NoteWidget('graph_break', breakText(b), title) }) });
    }
    for (const s of entry.suppressed) {
      items.push({ pos: line.to, deco: Decoration.widget({ side: side++, widget: new NoteWidget('suppressed_error', `suppressed: ${s.message}`, `Suppressed compiler error — ${s.message}`) }) });
    }
  }
  items.sort((a, b) => a.pos - b.pos);
  return Decoration.set(items.map((i) => i.deco.range(i.pos)), true);
}

const widgetField = StateField.define({
  create: (state) => widgetDecorations(state),
  update(value, tr) {
    if (tr.startState.field(marksField) !== tr.state.field(marksField)) return widgetDecorations(tr.state);
    return value.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---- gutter of glyphs -------------------------------------------------------
class MarkGutterMarker extends GutterMarker {
  constructor(entry) { super(); this.entry = entry; this.key = marksAttr(entry); }
  eq(o) { return o.key === this.key && o.entry === this.entry; }
  toDOM() {
    const el = document.createElement('span');
    el.className = 'dw-gm';
    el.dataset.gutterLine = String(this.entry.line);
    el.title = describeEntry(this.entry);
    const order = KINDS.filter((k) => this.entry.kinds.has(k));
    for (const k of order) {
      const g = document.createElement('span');
      g.className = `dw-gm-g dw-gm-${k}`;
      g.textContent = GLYPH[k];
      el.append(g);
    }
    return el;
  }
}

const markGutter = gutter({
  class: 'dw-mark-gutter',
  lineMarker(view, line) {
    const n = view.state.doc.lineAt(line.from).number;
    const entry = view.state.field(marksField).byLine.get(n);
    return entry && entry.kinds.size ? new MarkGutterMarker(entry) : null;
  },
  lineMarkerChange: (u) => u.startState.field(marksField) !== u.state.field(marksField),
  initialSpacer: () => null,
});

// ---- hover tooltip: all marks of the hovered line -------------------------
function tooltipDOM(entry, graphIds, stale) {
  const dom = document.createElement('div');
  dom.className = 'dw-tip';
  const head = document.createElement('div');
  head.className = 'dw-tip-head';
  head.textContent = stale ? `Line ${entry.line} · from the last run, before your edits` : `Line ${entry.line}`;
  dom.append(head);
  const order = [...entry.kinds].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
  for (const k of order) {
    const rows = [];
    if (k === 'graph_break') {
      for (const b of entry.breaks) {
        rows.push({
          title: `Graph break · ${b.reason}${b.function ? ` in ${b.function}` : ''}`,
          body: b.message || REASON_TEXT[b.reason] || '',
          hint: extraHint(b.message, b.hint),
        });
      }
    } else if (k === 'disabled') {
      for (const d of entry.disabled) {
        rows.push({
          title: badgeText(d),
          body: d.recursive
            ? `${d.function || 'This function'} and everything it calls run eagerly when called from compiled code.`
            : `Only ${d.function || 'this function'}'s own frame is skipped; functions it calls are still compiled.`,
          hint: d.reason,
        });
      }
    } else if (k === 'suppressed_error') {
      for (const s of entry.suppressed) rows.push({ title: 'Suppressed compiler error', body: s.message, hint: 'suppress_errors=True: the frame ran eagerly instead of failing.' });
    } else if (k === 'traced') {
      rows.push({ title: 'Traced', body: `Recorded into ${graphIds.length ? `graph${graphIds.length > 1 ? 's' : ''} ${graphIds.map(graphNo).join(', ')}` : 'a graph'}, compiled to WebAssembly.` });
    } else if (k === 'not_traced') {
      rows.push({ title: 'Not traced (eager)', body: 'Ran eagerly, op by op, in the interpreter.' });
    } else {
      rows.push({ title: k, body: DESCRIPTION[k] || '' });
    }
    for (const r of rows) {
      const row = document.createElement('div');
      row.className = `dw-tip-row dw-tip-${k}`;
      const g = document.createElement('span');
      g.className = `dw-tip-glyph dw-gm-${k}`;
      g.textContent = GLYPH[k] || '•';
      g.setAttribute('aria-hidden', 'true');
      const txt = document.createElement('div');
      const ti = document.createElement('div');
      ti.className = 'dw-tip-title';
      ti.textContent = r.title;
      txt.append(ti);
      if (r.body) {
        const bo = document.createElement('div');
        bo.className = 'dw-tip-body';
        append(bo, linkify(r.body));
        txt.append(bo);
      }
      if (r.hint) {
        const hi = document.createElement('div');
        hi.className = 'dw-tip-hint';
        hi.textContent = `Hint: ${r.hint}`;
        txt.append(hi);
      }
      row.append(g, txt);
      dom.append(row);
    }
  }
  return dom;
}

const markTooltip = hoverTooltip((view, pos) => {
  const line = view.state.doc.lineAt(pos);
  const { byLine, graphLines, stale } = view.state.field(marksField);
  const entry = byLine.get(line.number);
  if (!entry || !entry.kinds.size) return null;
  return {
    pos: line.from,
    end: line.to,
    above: true,
    create: () => ({ dom: tooltipDOM(entry, graphLines.get(line.number) || [], stale) }),
  };
}, { hoverTime: 250 });

// ---- themes ----------------------------------------------------------------
const lightHighlight = HighlightStyle.define([
  { tag: t.keyword, color: '#7c3aad', fontWeight: '500' },
  { tag: [t.definitionKeyword, t.controlKeyword, t.moduleKeyword], color: '#7c3aad', fontWeight: '500' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#005f99' },
  { tag: t.definition(t.variableName), color: '#1a1a1a' },
  { tag: [t.string, t.special(t.string)], color: '#2e7d32' },
  { tag: [t.number, t.bool, t.null], color: '#b3541e' },
  { tag: t.comment, color: '#6a737d', fontStyle: 'italic' },
  { tag: [t.operator, t.punctuation], color: '#4b5563' },
  { tag: t.meta, color: '#a0620a' },
  { tag: t.className, color: '#8a5300' },
  { tag: t.propertyName, color: '#1f4e79' },
  { tag: t.self, color: '#7c3aad' },
]);
const darkHighlight = HighlightStyle.define([
  { tag: t.keyword, color: '#c792ea', fontWeight: '500' },
  { tag: [t.definitionKeyword, t.controlKeyword, t.moduleKeyword], color: '#c792ea', fontWeight: '500' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#82aaff' },
  { tag: t.definition(t.variableName), color: '#e6edf3' },
  { tag: [t.string, t.special(t.string)], color: '#a5d6a7' },
  { tag: [t.number, t.bool, t.null], color: '#f78c6c' },
  { tag: t.comment, color: '#8b949e', fontStyle: 'italic' },
  { tag: [t.operator, t.punctuation], color: '#a9b1ba' },
  { tag: t.meta, color: '#ffcb6b' },
  { tag: t.className, color: '#ffcb6b' },
  { tag: t.propertyName, color: '#b2ccd6' },
  { tag: t.self, color: '#c792ea' },
]);
// Colours live in style.css (CSS variables switched by prefers-color-scheme);
// the `dark` flag tells CodeMirror's base theme which defaults to use.
const lightTheme = [EditorView.theme({}, { dark: false }), syntaxHighlighting(lightHighlight)];
const darkTheme = [EditorView.theme({}, { dark: true }), syntaxHighlighting(darkHighlight)];

// ---- the editor ---------------------------------------------------------------
/**
 * createEditor(parent, {doc, onRun, onChange, onHoverLine, onCursorLine})
 * returns {view, setSource, getSource, showMarks, clearMarks, highlightGraph,
 *          linkLine, gotoLine}
 */
export function createEditor(parent, opts) {
  const themeCompartment = new Compartment();
  // opts.dark(): whether the page is dark (the theme toggle, or the OS)
  const themeFor = () => (opts.dark() ? darkTheme : lightTheme);

  const runKeys = Prec.highest(keymap.of([
    { key: 'Mod-Enter', run: () => { opts.onRun && opts.onRun(); return true; } },
  ]));

  let hoverLine = null;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.doc || '',
      extensions: [
        runKeys,
        lineNumbers(),
        markGutter,
        foldGutter(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        dropCursor(),
        EditorState.allowMultipleSelections.of(true),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        autocompletion({ activateOnTyping: false }),
        rectangularSelection(),
        crosshairCursor(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        keymap.of([
          ...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap,
          ...foldKeymap, ...completionKeymap, ...lintKeymap, indentWithTab,
        ]),
        python(),
        themeCompartment.of(themeFor()),
        EditorState.tabSize.of(4),
        EditorView.lineWrapping,
        marksField, graphHighlightField, linkedLineField, widgetField, lineAttrPlugin,
        // The report's diagnostics map through edits with the marks (dimmed by .dw-stale).
        // Diagnostics come from the report, not from a lint source; their
        // hover text is in our own tooltip (one tooltip per line).
        linter(null, { tooltipFilter: () => [] }),
        markTooltip,
        EditorView.contentAttributes.of({ 'aria-label': 'Python program', 'aria-describedby': 'editor-keys legend' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && opts.onChange) opts.onChange(u.state.doc.toString());
          if ((u.selectionSet || u.docChanged) && opts.onCursorLine) {
            opts.onCursorLine(u.state.doc.lineAt(u.state.selection.main.head).number);
          }
        }),
        EditorView.domEventHandlers({
          mousemove(ev, v) {
            const pos = v.posAtCoords({ x: ev.clientX, y: ev.clientY }, false);
            const n = pos == null ? null : v.state.doc.lineAt(pos).number;
            if (n !== hoverLine) { hoverLine = n; opts.onHoverLine && opts.onHoverLine(n); }
          },
          mouseleave() {
            if (hoverLine !== null) { hoverLine = null; opts.onHoverLine && opts.onHoverLine(null); }
          },
        }),
      ],
    }),
  });

  function diagnosticsFor(state, value) {
    const byLine = value.byLine;
    const diags = [];
    const doc = state.doc;
    for (const e of byLine.values()) {
      if (e.line > doc.lines) continue;
      const line = doc.line(e.line);
      const lead = /^\s*/.exec(line.text)[0].length;
      const from = Math.min(line.from + lead, line.to);
      // Underline the statement, not a trailing comment.
      const code = line.text.replace(/\s*#.*$/, '');
      const to = Math.max(from, line.from + code.length);
      for (const b of e.breaks) {
        diags.push({
          from, to, severity: 'warning', source: 'graph break', markClass: 'dw-break-range',
          message: `Graph break (${b.reason})${b.message ? ': ' + b.message : ''}${b.hint ? `\nHint: ${b.hint}` : ''}`,
        });
      }
      for (const s of e.suppressed) {
        diags.push({
          from, to, severity: 'error', source: 'suppressed error', markClass: 'dw-suppressed-range',
          message: `Suppressed compiler error: ${s.message}`,
        });
      }
    }
    const err = value.error;
    if (err && err.line >= 1 && err.line <= doc.lines) {
      const line = doc.line(err.line);
      const lead = /^\s*/.exec(line.text)[0].length;
      const code = line.text.replace(/\s*#.*$/, '');
      diags.push({
        from: Math.min(line.from + lead, line.to), to: Math.max(line.from + lead, line.from + code.length),
        severity: 'error', source: 'error', markClass: 'dw-error-range',
        message: `${err.type || 'Error'}${err.message ? ': ' + err.message : ''}`,
      });
    }
    return diags;
  }

  return {
    view,
    /** Re-reads opts.dark() (the page's theme changed). */
    updateTheme() {
      // (a reconfiguration recomputes the whole configuration: not when nothing changed, as at the start)
      const theme = themeFor();
      if (themeCompartment.get(view.state) !== theme) view.dispatch({ effects: themeCompartment.reconfigure(theme) });
    },
    getSource: () => view.state.doc.toString(),
    setSource(src) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: src }, selection: { anchor: 0 } });
      view.scrollDOM.scrollTop = 0;
    },
    /** value: {byLine, dimmed, graphLines, error, failed}. */
    showMarks(value) {
      value = { ...EMPTY, ...value, stale: false };
      const tr = setDiagnostics(view.state, diagnosticsFor(view.state, value));
      view.dispatch({ effects: [setMarks.of(value), ...tr.effects] });
    },
    /** Whether the marks shown are from before the latest edits. */
    get marksStale() { return view.state.field(marksField).stale; },
    clearMarks() {
      const tr = setDiagnostics(view.state, []);
      view.dispatch({ effects: [setMarks.of(EMPTY), setGraphHighlight.of(null), setLinkedLine.of(null), ...tr.effects] });
    },
    hasMarks: () => view.state.field(marksField).byLine.size > 0,
    /** The marks entry of a line (see marks.js), or undefined. */
    entryAt: (n) => view.state.field(marksField).byLine.get(n),
    highlightGraph(lines) {
      const set = lines && lines.length ? new Set(lines) : null;
      const effects = [setGraphHighlight.of(set)];
      if (set) {
        const first = Math.min(...set);
        if (first <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(first).from, { y: 'nearest', yMargin: 40 }));
      }
      view.dispatch({ effects });
    },
    /** Highlights line n (or the lines of an array) as linked; null clears. */
    linkLine(n, scroll) {
      const lines = n == null ? [] : (Array.isArray(n) ? n : [n]).filter((x) => x >= 1 && x <= view.state.doc.lines);
      const effects = [setLinkedLine.of(lines.length ? new Set(lines) : null)];
      if (lines.length && scroll) effects.push(EditorView.scrollIntoView(view.state.doc.line(Math.min(...lines)).from, { y: 'nearest', yMargin: 40 }));
      view.dispatch({ effects });
    },
    gotoLine(n, col = 0) {
      if (!n || n > view.state.doc.lines) return;
      const line = view.state.doc.line(n);
      const pos = Math.min(line.from + Math.max(0, col), line.to);
      const mark = new Set([n]);
      view.dispatch({ selection: { anchor: pos }, effects: [EditorView.scrollIntoView(pos, { y: 'center' }), setLinkedLine.of(mark)] });
      // A brief "you are here" flash.
      setTimeout(() => { if (view.state.field(linkedLineField) === mark) view.dispatch({ effects: setLinkedLine.of(null) }); }, 1500);
      view.focus();
    },
  };
}
