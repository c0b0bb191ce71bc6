// The report's marks, organised per line. Pure functions (no DOM), shared
// by the editor decorations, the tooltips, and the panes.

export const KINDS = ['traced', 'not_traced', 'graph_break', 'disabled', 'suppressed_error'];

// Glyphs: marks are never told by colour alone.
export const GLYPH = {
  traced: 'T',
  not_traced: 'E',
  graph_break: '◆',
  disabled: '⊘',
  suppressed_error: '✕',
};

export const LABEL = {
  traced: 'traced',
  not_traced: 'not traced (eager)',
  graph_break: 'graph break',
  disabled: 'disabled function',
  suppressed_error: 'suppressed error',
};

export const DESCRIPTION = {
  traced: 'Traced: recorded into a graph that was compiled to WebAssembly.',
  not_traced: 'Not traced: ran eagerly, op by op, in the Python interpreter.',
  graph_break: 'Graph break: the tracer stopped here; the graph so far was compiled, this statement ran eagerly, and tracing resumed after it.',
  disabled: 'Disabled by torch.compiler.disable: calls to it from compiled code run eagerly.',
  suppressed_error: 'Suppressed compiler error (suppress_errors=True): the frame ran eagerly instead.',
};

// Reason codes (docs/report.md) in words, for people meeting them first.
export const REASON_TEXT = {
  graph_break_call: 'explicit torch._dynamo.graph_break()',
  disabled_call: 'call to a torch.compiler.disable()d function',
  unsupported_call: 'call the tracer does not model (print, input, …)',
  data_dependent: 'Python value needed from tensor data',
  unsupported_syntax: 'statement the tracer cannot handle',
};

// Default hints for reports that carry none (docs/report.md says breaks
// carry `hint`; older or hand-written reports may not).
export const DEFAULT_HINT = {
  graph_break_call: 'Remove the torch._dynamo.graph_break() call to keep one graph.',
  disabled_call: 'Remove torch.compiler.disable from the function if it can be traced, or move the call out of the compiled function.',
  unsupported_call: 'Move the call (print, input, …) out of the compiled function, or decorate the helper that makes it with torch.compiler.disable.',
  data_dependent: 'Avoid Python control flow on tensor values: use torch.where instead of a data-dependent if, and keep .item()/bool()/int() out of compiled code.',
  unsupported_syntax: 'Move the statement (raise with no handler, with over a user context manager, …) out of the compiled function, or catch the exception inside it.',
};

function emptyEntry(line) {
  return { line, kinds: new Set(), breaks: [], disabled: [], suppressed: [], functions: new Set() };
}

/** Map<line, entry> from report.marks. Unknown kinds are kept too. */
export function marksByLine(report) {
  const byLine = new Map();
  const marks = (report && Array.isArray(report.marks)) ? report.marks : [];
  for (const m of marks) {
    if (!m || !Number.isInteger(m.line) || m.line < 1 || typeof m.kind !== 'string') continue;
    let e = byLine.get(m.line);
    if (!e) byLine.set(m.line, (e = emptyEntry(m.line)));
    e.kinds.add(m.kind);
    if (m.function) e.functions.add(String(m.function));
    if (m.kind === 'graph_break') {
      const key = `${m.reason}\u0000${m.message}`;
      if (!e.breaks.some((b) => b.key === key)) {
        e.breaks.push({
          key,
          reason: m.reason ? String(m.reason) : 'graph_break',
          message: m.message ? String(m.message) : '',
          title: m.title ? String(m.title) : '',
          hint: m.hint ? String(m.hint) : (DEFAULT_HINT[m.reason] || ''),
          function: m.function ? String(m.function) : '',
        });
      }
    } else if (m.kind === 'disabled') {
      if (!e.disabled.length) {
        e.disabled.push({
          recursive: m.recursive !== false,
          function: m.function ? String(m.function) : '',
          reason: m.reason ? String(m.reason) : '',
        });
      }
    } else if (m.kind === 'suppressed_error') {
      const msg = m.message ? String(m.message) : '';
      if (!e.suppressed.some((s) => s.message === msg)) {
        e.suppressed.push({ message: msg, function: m.function ? String(m.function) : '' });
      }
    }
  }
  return byLine;
}

/** The data-marks value: kinds sorted, space-separated. */
export function marksAttr(entry) {
  return entry ? [...entry.kinds].sort().join(' ') : '';
}

export function badgeText(d) {
  return d.recursive ? 'disabled' : 'disabled(recursive=False)';
}

function indentOf(text) {
  const m = /^[ \t]*/.exec(text);
  return m[0].replace(/\t/g, '        ').length;
}

/**
 * Lines of the body of the function whose `def` is on line defLine
 * (1-based): every following line indented deeper than the def, blank and
 * comment lines inside included, trailing blank/comment lines excluded.
 */
export function functionBody(lines, defLine) {
  const def = lines[defLine - 1];
  if (def === undefined) return [];
  const base = indentOf(def);
  const body = [];
  let lastCode = defLine;
  for (let i = defLine; i < lines.length; i++) {
    const text = lines[i];
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (indentOf(text) <= base) break;
    lastCode = i + 1;
  }
  for (let n = defLine + 1; n <= lastCode; n++) body.push(n);
  return body;
}

/** Set of lines to dim: bodies of disabled functions. */
export function dimmedLines(byLine, source) {
  const lines = source.split('\n');
  const dim = new Set();
  for (const e of byLine.values()) {
    if (e.kinds.has('disabled')) for (const n of functionBody(lines, e.line)) dim.add(n);
  }
  return dim;
}

/** Lines named by a graph's code (`# line N` comments) per code line. */
export function codeLineRefs(code) {
  return String(code || '').split('\n').map((text) => {
    const m = /#\s*line\s+(\d+)\s*$/.exec(text);
    return { text, line: m ? Number(m[1]) : null };
  });
}

/**
 * WebAssembly text lines with their source line: Binaryen prints
 * `;;@ main.py:6:11` before an instruction; the location holds for the
 * following lines until the next annotation or the next function.
 */
export function watLineRefs(wat) {
  let current = null;
  return String(wat || '').split('\n').map((text) => {
    const m = /;;@\s*([^:\s]+):(\d+):(\d+)/.exec(text);
    if (m) {
      current = Number(m[2]);
      return { text, line: current, annotation: true };
    }
    if (/^\s*\(func\b/.test(text)) current = null;
    return { text, line: current, annotation: false };
  });
}

/** One-line summary used in tooltips, the Explain pane and titles. */
export function breakText(b) {
  // one line: the break's title (a structured message's first line); the
  // whole message is in the tooltips
  const msg = b.title || (b.message || '').split('\n')[0];
  return `${b.reason}${msg ? ': ' + msg : ''}`;
}

/** A break's hint to show next to its message: none when the message is
 * PyTorch's structured text, which carries its own `Hint:` lines. */
export function extraHint(message, hint) {
  return /\n\s*Hint: /.test(message || '') ? '' : (hint || '');
}

/** Plain-text description of all marks of a line (for title attributes). */
export function describeEntry(entry) {
  if (!entry) return '';
  const out = [];
  for (const k of [...entry.kinds].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b))) {
    if (k === 'graph_break') {
      for (const b of entry.breaks) {
        out.push(`${GLYPH.graph_break} Graph break — ${breakText(b)}${b.function ? ` (in ${b.function})` : ''}`);
        if (b.hint) out.push(`  Hint: ${b.hint}`);
      }
    } else if (k === 'disabled') {
      for (const d of entry.disabled) out.push(`${GLYPH.disabled} ${badgeText(d)}${d.function ? `: ${d.function}` : ''}${d.reason ? ` — ${d.reason}` : ''}`);
    } else if (k === 'suppressed_error') {
      for (const s of entry.suppressed) out.push(`${GLYPH.suppressed_error} Suppressed error — ${s.message}`);
    } else {
      out.push(`${GLYPH[k] || '•'} ${DESCRIPTION[k] || k}`);
    }
  }
  return out.join('\n');
}
