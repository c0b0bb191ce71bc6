// format.js - text renderings of a run report shared by the CLI and the
// playground. explainText() must stay byte-identical to print_explain() in
// src/native/dwrun.c (tests/node/cli.test.mjs compares them).

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);
const str = (v) => (typeof v === 'string' ? v : '');

/**
 * The `dynawasm explain` summary, modelled on str(torch._dynamo.explain(f)(...)).
 * @param {import('../index.js').RunReport} report
 * @param {string} filename shown in the user stacks
 * @returns {string}
 */
export function explainText(report, filename) {
  const ex = report.explain ?? {};
  let out = '';
  out += `Graph Count: ${num(ex.graph_count)}\n`;
  out += `Graph Break Count: ${num(ex.graph_break_count)}\n`;
  out += `Op Count: ${num(ex.op_count)}\n`;
  out += 'Break Reasons:\n';
  (Array.isArray(ex.break_reasons) ? ex.break_reasons : []).forEach((r, i) => {
    const msg = str(r.message);
    const code = str(r.reason);
    out += `  Break Reason ${i + 1}:\n`;
    out += msg && code ? `    Reason: ${msg} (${code})\n` : `    Reason: ${msg || code}\n`;
    out += '    User Stack:\n';
    out += `      <FrameSummary file ${filename}, line ${num(r.line)} in ${str(r.function)}>\n`;
  });
  out += 'Graphs:\n';
  (Array.isArray(report.graphs) ? report.graphs : []).forEach((g, i) => {
    out += `  Graph ${i + 1}: ${str(g.function)}, ${num(g.op_count)} ops\n`;
    const code = str(g.code);
    if (code) {
      for (const line of code.replace(/\n$/, '').split('\n')) out += `    ${line}\n`;
    }
  });
  return out;
}

/**
 * The traceback to print for a failed run, or '' (none, or the core's
 * stderr already ends with it).
 * @param {import('../index.js').RunReport} report
 * @param {boolean} stderrShown whether report.stderr was printed
 */
export function tracebackText(report, stderrShown) {
  const err = report.error;
  if (!err) return '';
  let text = str(err.text);
  if (!text) return `${str(err.type)}: ${str(err.message)}\n`;
  if (stderrShown && str(report.stderr).endsWith(text)) return '';
  if (!text.endsWith('\n')) text += '\n';
  return text;
}
