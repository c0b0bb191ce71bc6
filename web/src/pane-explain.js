// The Explain pane: what the report says happened: the counts, each break
// (once, with how many times it happened) and what it made run eagerly,
// the frames that ran eagerly, failed compiles, disabled functions and
// suppressed errors. Nothing here is inferred from the source.
import { h, clear, plural, graphNo, linkify } from './dom.js';
import { arr, lineLink, linesLink, empty } from './ui.js';
import { REASON_TEXT, DEFAULT_HINT, badgeText, extraHint } from './marks.js';
import { graphCounts } from './pane-graphs.js';

/** Break reasons, identical ones merged with a count (a break on a path taken by several calls). */
export function groupBreaks(reasons) {
  const groups = new Map();
  for (const r of reasons) {
    const key = JSON.stringify([r.line, r.function, r.reason, r.message, r.action, r.eager_lines, r.resume_line]);
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { ...r, count: 1 });
  }
  return [...groups.values()];
}

/** What a break did, in words, from its action fields. */
function breakEffect(ctx, r) {
  const el = Array.isArray(r.eager_lines) ? r.eager_lines : null;
  if (r.action === 'skip_frame') {
    return ['A break inside a while loop: ', h('code', null, r.function || 'the frame'), ' ran eagerly from ',
      el ? linesLink(ctx, el[0], el[1]) : 'its start', ' (Dynamo skips the whole frame; no graph).'];
  }
  if (r.action === 'eager_loop' && el && r.resume_line && r.resume_line === el[1]) {
    // resumed on its own last line: a comprehension (tracing resumes right after it, mid-statement)
    return ['The comprehension, ', linesLink(ctx, el[0], el[1]), ', ran eagerly between two graphs; tracing resumed right after it, in the middle of ',
      lineLink(ctx, r.resume_line), '.'];
  }
  if (r.action === 'eager_loop') {
    return ['The loop, ', el ? linesLink(ctx, el[0], el[1]) : 'as a whole', ', ran eagerly between two graphs; ',
      r.resume_line ? ['tracing resumed at ', lineLink(ctx, r.resume_line), '.'] : 'the frame ended eagerly.'];
  }
  if (r.action === 'eager_block') {
    // Dynamo makes no resume point inside (or after) a try block: the graph
    // before the try statement compiled, the rest of the frame ran eagerly
    return ['A break inside a try block: the graph ended before the try statement; ', el ? linesLink(ctx, el[0], el[1]) : 'the try statement',
      r.resume_line ? [' ran eagerly; tracing resumed at ', lineLink(ctx, r.resume_line), '.']
        : [' and the rest of ', h('code', null, r.function || 'the frame'), ' ran eagerly (Dynamo makes no resume point inside a try block).']];
  }
  if (r.action === 'resume' && el && r.resume_line && r.resume_line === el[1]) {
    // resumed on the line that broke: mid-statement, right after the call (Dynamo resumes at the next instruction)
    return ['The graph ended here; the code that broke ran eagerly; tracing resumed right after it, in the middle of ', lineLink(ctx, r.resume_line), '.'];
  }
  if (r.action === 'resume') {
    return ['The graph ended here; ', el ? linesLink(ctx, el[0], el[1]) : 'the statement', ' ran eagerly; ',
      r.resume_line ? ['tracing resumed at ', lineLink(ctx, r.resume_line), '.'] : 'the frame ended eagerly.'];
  }
  if (r.action) {
    return [`${r.action.replace(/_/g, ' ')}: `, el ? linesLink(ctx, el[0], el[1]) : null, el ? ' ran eagerly' : '',
      r.resume_line ? ['; tracing resumed at ', lineLink(ctx, r.resume_line)] : '', '.'];
  }
  return null;
}

export function renderExplain(el, report, ctx, byLine) {
  clear(el);
  if (!report) { el.append(empty('No run yet.')); return; }
  const ex = report.explain || {};
  const reasons = arr(ex.break_reasons);
  const frames = arr(report.frames);
  const { compiled, failed } = graphCounts(report);
  const bc = ex.graph_break_count ?? reasons.length;
  const oc = ex.op_count ?? 0;
  const compiledFrames = frames.filter((f) => (f.compiles ?? 0) > 0);
  const eagerFrames = frames.filter((f) => (f.eager_runs ?? 0) > 0);
  const stat = (n, one, many, cls) => h('div', { class: `stat ${cls || ''}` }, h('div', { class: 'stat-n' }, String(n)), h('div', { class: 'stat-l' }, n === 1 ? one : many));
  el.append(h('div', { class: 'stats' },
    stat(compiled, 'graph', 'graphs', 'stat-graphs'),
    failed ? stat(failed, 'failed compile', 'failed compiles', 'stat-failed') : null,
    stat(bc, 'graph break', 'graph breaks', bc ? 'stat-breaks' : ''),
    stat(oc, 'op', 'ops'),
    stat(compiledFrames.length, 'frame compiled', 'frames compiled'),
    eagerFrames.length ? stat(eagerFrames.length, 'frame ran eagerly', 'frames ran eagerly', 'stat-eager') : null));

  const groups = groupBreaks(reasons);
  const skipped = groups.filter((r) => r.action === 'skip_frame');
  const resumed = groups.filter((r) => r.action === 'resume');
  const loops = groups.filter((r) => r.action === 'eager_loop');
  const blocks = groups.filter((r) => r.action === 'eager_block');
  const summary = [];
  if (!frames.length) summary.push('Nothing was compiled: every line ran eagerly. Decorate a function with @torch.compile to trace it.');
  else if (!bc && !failed) summary.push(compiled ? `No graph breaks: ${compiled === 1 ? 'the compiled function became one graph' : 'each compile of a function (and each recompile) became one whole graph'}.` : 'No graph breaks, and no tensor operations to compile.');
  if (resumed.length) summary.push(`${plural(resumed.reduce((n, r) => n + r.count, 0), 'graph break')} split compiled code: each ended a graph, ran the code that broke eagerly, and tracing resumed right after it.`);
  for (const r of loops) summary.push(`A graph break inside a for loop or comprehension (line ${r.line}) made it run eagerly, as a whole, between two graphs.`);
  for (const r of blocks) {
    summary.push(`A graph break inside a try block (line ${r.line}) ended the graph before the try statement: ${r.resume_line
      ? `the try statement ran eagerly and tracing resumed at line ${r.resume_line}.` : `the try statement and the rest of ${r.function || 'its frame'} ran eagerly.`}`);
  }
  for (const r of skipped) summary.push(`A graph break inside a while loop (line ${r.line}) made ${r.function || 'its frame'} run eagerly: Dynamo skips the frame.`);
  if (failed) summary.push(`${plural(failed, 'graph')} failed to compile${report.ok ? ' and ran eagerly (suppress_errors)' : ''}.`);
  for (const t of summary) el.append(h('p', { class: 'explain-summary' }, t));

  if (groups.length) {
    el.append(h('h3', { class: 'section-title' }, 'Graph breaks'));
    const list = h('ol', { class: 'reasons' });
    for (const r of groups) {
      // The mark's hint, else a default per reason.
      let hint = r.hint;
      if (!hint && byLine && byLine.get(r.line)) {
        const b = byLine.get(r.line).breaks.find((x) => x.reason === r.reason);
        hint = b && b.hint;
      }
      hint = extraHint(r.message, hint || DEFAULT_HINT[r.reason]);
      const effect = breakEffect(ctx, r);
      list.append(h('li', { class: 'reason', 'data-action': r.action || null, 'data-count': r.count },
        h('div', { class: 'reason-head' },
          h('span', { class: 'glyph g-break', 'aria-hidden': 'true' }, '◆'),
          r.line ? lineLink(ctx, r.line) : null,
          r.function ? h('span', { class: 'muted' }, ` in ${r.function}`) : null,
          h('span', { class: 'chip reason-code', title: REASON_TEXT[r.reason] || '' }, r.reason || 'graph break'),
          r.count > 1 ? h('span', { class: 'chip count-chip', title: `This break happened ${r.count} times (on ${r.count} compiles of this point)` }, `×${r.count}`) : null),
        r.message ? h('div', { class: 'reason-msg' }, r.message.split('\n')[0]) : null,
        r.message && r.message.includes('\n') ? h('div', { class: 'reason-detail' }, linkify(r.message.slice(r.message.indexOf('\n') + 1).replace(/^\n+|\n+$/g, ''))) : null,
        effect ? h('div', { class: 'reason-effect' }, effect) : null,
        hint ? h('div', { class: 'reason-hint' }, h('strong', null, 'Hint: '), hint) : null));
    }
    el.append(list);
  }
  const failedGraphs = arr(report.graphs).filter((g) => g.error);
  if (failedGraphs.length) {
    el.append(h('h3', { class: 'section-title' }, 'Failed compiles'));
    el.append(h('ul', { class: 'reasons' }, failedGraphs.map((g) => h('li', { class: 'reason' },
      h('div', { class: 'reason-head' }, h('span', { class: 'glyph g-suppressed', 'aria-hidden': 'true' }, '✕'),
        h('span', null, `Graph ${graphNo(g.id)}`), g.function ? h('span', { class: 'muted' }, ` in ${g.function}`) : null,
        g.error_line ? lineLink(ctx, g.error_line) : null, g.backend ? h('span', { class: 'chip' }, g.backend) : null),
      h('div', { class: 'reason-msg' }, g.error),
      h('div', { class: 'reason-hint' }, report.ok
        ? 'suppress_errors was on: the frame ran eagerly instead.'
        : ['The error stopped the program. ', h('code', null, 'torch._dynamo.config.suppress_errors = True'), ' (or the suppress_errors box) runs the frame eagerly instead.'])))));
  }
  const disabled = [], suppressed = [];
  if (byLine) {
    for (const e of [...byLine.values()].sort((a, b) => a.line - b.line)) {
      for (const d of e.disabled) disabled.push({ line: e.line, ...d });
      for (const s of e.suppressed) suppressed.push({ line: e.line, ...s });
    }
  }
  if (disabled.length) {
    el.append(h('h3', { class: 'section-title' }, 'Disabled functions'));
    el.append(h('ul', { class: 'reasons' }, disabled.map((d) => h('li', { class: 'reason' },
      h('div', { class: 'reason-head' }, h('span', { class: 'glyph g-disabled', 'aria-hidden': 'true' }, '⊘'),
        lineLink(ctx, d.line), d.function ? h('code', null, ` ${d.function}`) : null, h('span', { class: 'chip' }, badgeText(d))),
      h('div', { class: 'reason-msg' }, d.recursive
        ? 'It and everything it calls run eagerly when called from compiled code.'
        : 'Only its own frame runs eagerly; the functions it calls are traced and compiled.')))));
  }
  if (suppressed.length) {
    el.append(h('h3', { class: 'section-title' }, 'Suppressed compiler errors'));
    el.append(h('ul', { class: 'reasons' }, suppressed.map((s) => h('li', { class: 'reason' },
      h('div', { class: 'reason-head' }, h('span', { class: 'glyph g-suppressed', 'aria-hidden': 'true' }, '✕'), lineLink(ctx, s.line),
        s.function ? h('span', { class: 'muted' }, ` in ${s.function}`) : null),
      h('div', { class: 'reason-msg' }, s.message)))));
  }
}
