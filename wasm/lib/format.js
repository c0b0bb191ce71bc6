// format.js - what the CLI and the playground print of a run report. The
// core writes every text (the explain summary, the traceback); these only
// pick them out of the report.

const str = (v) => (typeof v === 'string' ? v : '');

/**
 * The `dynawasm explain` summary, modelled on str(torch._dynamo.explain(f)(...)):
 * the core's report.explain.text ('' for a report without one, such as
 * the report of an internal error).
 * @param {import('../index.js').RunReport} report
 * @param {string} [_filename] unused: the text names the run's own file
 * @returns {string}
 */
export function explainText(report, _filename) {
  return str(report.explain?.text);
}

/**
 * The traceback to print for a failed run, or '' (none, or the program's
 * stderr already ends with it).
 * @param {import('../index.js').RunReport} report
 * @param {boolean} stderrShown whether report.stderr was printed
 */
export function tracebackText(report, stderrShown) {
  let text = str(report.error?.text);
  if (!text) return '';
  if (stderrShown && str(report.stderr).endsWith(text)) return '';
  if (!text.endsWith('\n')) text += '\n';
  return text;
}
