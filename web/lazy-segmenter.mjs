// @codemirror/commands makes an Intl.Segmenter (ICU's word breaker, with its
// dictionaries) when its module loads: 20-40 ms of the page's start in
// Chromium, measured (marks between the bundle's modules), for the subword
// cursor motions' handling of CJK text alone, which the playground's keymap
// does not even bind. The build (build.mjs) rewrites that one declaration so
// the segmenter is made on its first use; the rest of the package is left
// as it is. If a new version of the package words it differently, the build
// warns and leaves it eager (tests/node/web_serve.test.mjs fails, so the
// rewrite is looked at again).
import fs from 'node:fs';

export const SEGMENTER_EAGER = 'const segmenter = typeof Intl != "undefined" && Intl.Segmenter ?\n' +
  '    /*@__PURE__*/new (Intl.Segmenter)(undefined, { granularity: "word" }) : null;';
// (the same name and the one method the package calls on it)
export const SEGMENTER_LAZY = 'let segmenterInstance = null;\n' +
  'const segmenter = typeof Intl != "undefined" && Intl.Segmenter ? { segment: (text) => ' +
  '(segmenterInstance || (segmenterInstance = new Intl.Segmenter(undefined, { granularity: "word" }))).segment(text) } : null;';

/** @codemirror/commands' source with its segmenter made on first use: {contents, changed}. */
export function lazySegmenter(src) {
  return src.includes(SEGMENTER_EAGER)
    ? { contents: src.replace(SEGMENTER_EAGER, SEGMENTER_LAZY), changed: true }
    : { contents: src, changed: false };
}

/** The esbuild plugin. */
export const lazySegmenterPlugin = {
  name: 'lazy-segmenter',
  setup(build) {
    build.onLoad({ filter: /[\\/]@codemirror[\\/]commands[\\/]dist[\\/]index\.js$/ }, (args) => {
      const { contents, changed } = lazySegmenter(fs.readFileSync(args.path, 'utf8'));
      if (!changed) console.warn('web build: WARNING: @codemirror/commands no longer makes its Intl.Segmenter as web/lazy-segmenter.mjs expects: left eager');
      return { contents, loader: 'js' };
    });
  },
};
