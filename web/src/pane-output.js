// The Output pane: stdout, stderr, the program's error with its traceback.
import { h, clear, fmtMs, graphNo } from './dom.js';
import { arr, lineLink, empty, copyTools } from './ui.js';

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

/** The text Copy/Download take: what the program printed, then its error. */
export function outputText(report) {
  const parts = [];
  if (report.stdout) parts.push(report.stdout);
  if (report.stderr) parts.push(report.stderr);
  if (report.error && report.error.text) parts.push(report.error.text);
  return parts.join(parts.every((p) => p.endsWith('\n')) ? '' : '\n');
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
  if (extra.stopped) {
    // You stopped a run: its output is gone with the compiler it ran in.
    el.append(h('section', { class: 'out-block out-stopped', role: 'status', 'aria-label': 'Stopped' },
      h('h3', { class: 'out-label' }, 'stopped'),
      h('p', { class: 'err-title' }, `Stopped after ${extra.stopped.ms >= 1000 ? `${(extra.stopped.ms / 1000).toFixed(1)} s` : fmtMs(extra.stopped.ms)}`),
      h('p', { class: 'muted' }, 'You stopped the run: the compiler was restarted, so nothing this run printed is kept.',
        ' A program that never ends (', h('code', null, 'while True:'), ' without a ', h('code', null, 'break'),
        ') runs until it is stopped.', report ? ' The marks and the other tabs still show the last run that finished.' : '')));
    return;
  }
  if (!report) { el.append(empty('Run the program to see its output.', 'Ctrl+Enter (⌘+Enter on a Mac) runs it.')); return; }
  const status = report.ok
    ? h('span', { class: 'pill ok' }, '✓ finished')
    : h('span', { class: 'pill bad' }, '✕ failed');
  const t = report.time_ms && typeof report.time_ms.total === 'number' ? h('span', { class: 'muted' }, `in ${fmtMs(report.time_ms.total)}`) : null;
  el.append(h('div', { class: 'out-head' }, status, t,
    copyTools({ label: 'the output', file: 'output.txt', text: () => outputText(report), ctx })));
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
    const failed = arr(report.graphs).filter((g) => g.error);
    el.append(h('section', { class: 'out-block out-error', role: 'alert', 'aria-label': 'Error' },
      h('h3', { class: 'out-label' }, 'error'),
      h('p', { class: 'err-title' }, title, err.line ? [' ', lineLink(ctx, err.line, `(line ${err.line})`)] : null),
      h('pre', { class: 'out-text', 'data-stream': 'traceback' }, tracebackNodes(ctx, text)),
      err.type === 'BackendCompilerFailed' ? h('div', { class: 'err-hint', 'data-hint': 'suppress_errors' },
        h('p', null, 'The backend failed to compile ',
          failed.length ? [`graph ${failed.map((g) => graphNo(g.id)).join(', ')}`, failed[0].error_line ? [' (', lineLink(ctx, failed[0].error_line), ')'] : null] : 'a graph',
          '. With ', h('code', null, 'torch._dynamo.config.suppress_errors = True'),
          ' the frame runs eagerly instead of failing, and the program goes on (PyTorch\'s fallback).'),
        h('button', { type: 'button', class: 'btn small', onclick: () => ctx.runWithSuppress() }, 'Run with suppress_errors')) : null));
  }
}
