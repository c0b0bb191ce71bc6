// Pieces the panes share: line links, empty states, copy/download tools,
// and code blocks whose lines link to source lines. Text nodes only.
import { h } from './dom.js';

export const arr = (x) => (Array.isArray(x) ? x : []);

/** A button that moves the editor's cursor to line n; line 0 is none of
 * the program's (library code: the forward torch.compile traces for
 * nn.Linear, nn.Sequential...). */
export const lineLink = (ctx, n, label) => (!n
  ? h('span', { class: 'muted' }, "the module's forward (library code)")
  : h('button', {
    type: 'button', class: 'linelink', 'data-goto-line': n,
    title: `Go to line ${n}`, onclick: () => ctx.gotoLine(n),
  }, label || `line ${n}`));

/** "line 5" or "lines 5–9", as links. */
export function linesLink(ctx, from, to) {
  if (!from) return null;
  if (!to || to === from) return lineLink(ctx, from);
  return [lineLink(ctx, from, `lines ${from}`), '–', lineLink(ctx, to, String(to))];
}

export function empty(text, sub) {
  return h('div', { class: 'empty' }, h('p', null, text), sub ? h('p', { class: 'muted' }, sub) : null);
}

/** Copies text to the clipboard; resolves true when it worked. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no permission (or no secure context): the old way
    const ta = h('textarea', { 'aria-hidden': 'true', style: 'position:fixed;left:-9999px;top:0' });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch { ok = false; }
    ta.remove();
    return ok;
  }
}

/** Saves text as a file. */
export function download(name, text, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Copy and Download buttons for text made on demand.
 * @param {{label: string, file: string, text: () => string, ctx: any}} o
 */
export function copyTools({ label, file, text, ctx, type }) {
  const copy = h('button', { type: 'button', class: 'btn tiny', title: `Copy ${label} to the clipboard` }, 'Copy');
  copy.addEventListener('click', async () => {
    const ok = await copyText(text());
    ctx.announce(ok ? `Copied ${label}` : `Could not copy ${label}: use Download`);
    copy.textContent = ok ? 'Copied' : 'Copy failed';
    setTimeout(() => { copy.textContent = 'Copy'; }, 1500);
  });
  const save = h('button', { type: 'button', class: 'btn tiny', title: `Download ${label} as ${file}` }, 'Download');
  save.addEventListener('click', () => download(file, text(), type));
  // inside a <summary>, a click must not also open or close its <details>
  return h('span', { class: 'tools', role: 'group', 'aria-label': label, onclick: (ev) => ev.preventDefault() }, copy, save);
}

// A light WebAssembly text highlighter: comments, strings, $ids, the
// instruction after "(", numbers.
const WAT_TOKEN = /(;;.*$)|("(?:[^"\\]|\\.)*")|(\$[\w.$]+)|(\()([a-z][a-z0-9_.]*)|(-?\b\d[\w.+-]*)/g;
function watLineNodes(text) {
  if (!text) return ' ';
  const out = [];
  let last = 0;
  for (const m of text.matchAll(WAT_TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1]) out.push(h('span', { class: 'w-com' }, m[1]));
    else if (m[2]) out.push(h('span', { class: 'w-str' }, m[2]));
    else if (m[3]) out.push(h('span', { class: 'w-id' }, m[3]));
    else if (m[4]) out.push('(', h('span', { class: 'w-kw' }, m[5]));
    else if (m[6]) out.push(h('span', { class: 'w-num' }, m[6]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function graphLineNodes(text) {
  const i = text.indexOf('#');
  if (i < 0) return text || ' ';
  return [text.slice(0, i), h('span', { class: 'c-comment' }, text.slice(i))];
}

/** A <pre> of lines [{text, line, annotation?}] (codeLineRefs/watLineRefs). */
export function codeBlock(lines, kind) {
  return h('pre', { class: `code code-${kind}` }, lines.map((l) => {
    const fn = kind === 'wat' ? /^\s*\(func \$([\w.$]+)/.exec(l.text) : null;
    return h('span', {
      class: 'cl' + (l.line ? ' has-src' : '') + (l.annotation ? ' wat-ann' : '') + (/^\s*;;/.test(l.text) && !l.annotation ? ' wat-comment' : ''),
      'data-src-line': l.line || null,
      'data-func': fn ? fn[1] : null,
    }, kind === 'graph' ? graphLineNodes(l.text) : kind === 'wat' ? watLineNodes(l.text) : (l.text || ' '));
  }));
}
