// A tiny DOM builder. Strings always become text nodes: nothing a program
// prints or a report carries is ever parsed as HTML.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v == null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'text') el.textContent = v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function fmtMs(v) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '–';
  if (v >= 100) return `${v.toFixed(0)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  return `${v.toFixed(2)} ms`;
}

/**
 * A graph's number as the playground shows it: the report's graph ids are
 * indexes from 0 (docs/report.md); PyTorch's explain output, the report's
 * explain.text and the CLI's `explain` count graphs from 1 ("Graph 1").
 */
export const graphNo = (id) => Number(id) + 1;

export function plural(n, one, many = one + 's') {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Text with its http(s) URLs as links that open in a new tab (PyTorch's break
 * messages end with their graph-break site's page): strings and <a> elements
 * for h() or append(). Only http: and https: become links; a URL's closing
 * punctuation stays text.
 */
export function linkify(text) {
  const s = String(text);
  const out = [];
  let last = 0;
  for (const m of s.matchAll(/https?:\/\/[^\s<>"'`]+/g)) {
    const url = m[0].replace(/[.,;:!?)\]]+$/, '');
    out.push(s.slice(last, m.index), h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', class: 'ext-link' }, url));
    last = m.index + url.length;
  }
  out.push(s.slice(last));
  return out.filter((x) => x !== '');
}
