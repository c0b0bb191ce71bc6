#!/usr/bin/env node
// Builds the playground into web/dist/:
//   index.html, main-HASH.js + main-HASH.css (page), worker-HASH.js (the
//   compiler's worker, + chunks: the compiler loader), optimizer-HASH.js
//   (Binaryen's worker, started by the compiler's, + chunks: Binaryen's JS
//   glue),
//   dynawasm-HASH.wasm (the core, copied from wasm/), binaryen-HASH.wasm
//   (Binaryen's module, taken out of its script: split-binaryen.mjs), the
//   examples from ../examples bundled into the page, and FILE.br / FILE.gz
//   next to every compressible file (precompress.mjs), and sw.js (the
//   service worker, src/sw.js, listing the page's files). Every name but
//   index.html's and sw.js's carries a content hash (index.html is
//   rewritten to name them), so servers may cache them for good and a
//   second visit loads the page without a request but index.html's; the
//   worker also keeps the .wasm modules in the Cache API, the service
//   worker the page's script and style in Cache Storage. (--watch keeps
//   plain names and builds no service worker.)
//
//   node build.mjs                         production build; fails if the
//                                          compiler (wasm/browser.js and its
//                                          dynawasm.wasm) is missing
//   node build.mjs --allow-missing-compiler   development build: without the
//                                          compiler the worker reports "not
//                                          built" and only injected reports
//                                          (window.dynawasm.render) work
//   node build.mjs --watch                 rebuild on change (implies --allow-missing-compiler)
//
// The compiler's wasm is looked up in $DYNAWASM_WASM, then wasm/dist/,
// wasm/, build-wasm/, build/wasm/ (first hit wins).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { splitBinaryen } from './split-binaryen.mjs';
import { precompress } from './precompress.mjs';
import { lazySegmenterPlugin } from './lazy-segmenter.mjs';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(webDir, '..');
const dist = path.join(webDir, 'dist');
const args = new Set(process.argv.slice(2));
const watch = args.has('--watch');
const allowMissing = watch || args.has('--allow-missing-compiler') ||
  process.env.DYNAWASM_ALLOW_MISSING_COMPILER === '1';

function fail(msg) {
  console.error(`\nweb build: ERROR: ${msg}\n`);
  process.exit(1);
}

// ---- the compiler: wasm/browser.js and dynawasm.wasm ---------------------
const browserEntry = path.join(root, 'wasm', 'browser.js');
const wasmCandidates = [
  process.env.DYNAWASM_WASM,
  path.join(root, 'wasm', 'dist', 'dynawasm.wasm'),
  path.join(root, 'wasm', 'dynawasm.wasm'),
  path.join(root, 'build-wasm', 'dynawasm.wasm'),
  path.join(root, 'build-wasm', 'wasm', 'dynawasm.wasm'),
  path.join(root, 'build', 'wasm', 'dynawasm.wasm'),
].filter(Boolean);
const wasmFile = wasmCandidates.find((p) => fs.existsSync(p));
const haveEntry = fs.existsSync(browserEntry);
const haveCompiler = haveEntry && !!wasmFile;
if (!haveCompiler) {
  const missing = [];
  if (!haveEntry) missing.push(`the browser loader ${path.relative(root, browserEntry)}`);
  if (!wasmFile) missing.push(`the compiler wasm (looked for: ${wasmCandidates.map((p) => path.relative(root, p)).join(', ')})`);
  const msg = `missing ${missing.join(' and ')}.\n` +
    `  Build the compiler first (see the README: the Emscripten build writes wasm/dist/dynawasm.wasm),\n` +
    `  or set DYNAWASM_WASM=/path/to/dynawasm.wasm.\n` +
    `  For a page without the compiler (only injected reports work): npm run build:dev`;
  if (!allowMissing) fail(msg);
  console.warn(`web build: WARNING: ${msg}\n  Building with a stub compiler.`);
}

// ---- examples -------------------------------------------------------------
// Every examples/*.py, ordered by examples/manifest.json (a list of file
// names) when present, else: the seed example (seed_example.py, or with a
// numeric prefix) first, then by numeric prefix ("01_foo.py"), then by name.
// Files with the same content are listed once.
function loadExamples() {
  const dir = path.join(root, 'examples');
  if (!fs.existsSync(dir)) fail(`no examples/ folder at ${dir}`);
  let files = fs.readdirSync(dir).filter((f) => f.endsWith('.py'));
  const manifestPath = path.join(dir, 'manifest.json');
  let order = null;
  if (fs.existsSync(manifestPath)) {
    try {
      const m = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
      const list = Array.isArray(m) ? m : (m.examples || []);
      order = list.map((e) => (typeof e === 'string' ? e : e.file));
    } catch (e) {
      fail(`examples/manifest.json: ${e.message}`);
    }
  }
  const isSeed = (f) => /^(\d+[-_ ])?seed_example\.py$/.test(f);
  const prefix = (f) => { const m = /^(\d+)[-_ ]/.exec(f); return m ? Number(m[1]) : Infinity; };
  files.sort((a, b) => {
    if (order) {
      const ia = order.indexOf(a), ib = order.indexOf(b);
      if (ia !== ib) return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib);
    }
    if (isSeed(a) !== isSeed(b)) return isSeed(a) ? -1 : 1;
    const pa = prefix(a), pb = prefix(b);
    if (pa !== pb) return pa - pb;
    return a.localeCompare(b);
  });
  if (!files.some(isSeed)) fail('examples/seed_example.py is missing (copy it from the conformance programs)');
  const seen = new Set();
  return files.map((file) => ({ file, source: fs.readFileSync(path.join(dir, file), 'utf8') })).filter(({ source }) => {
    // The same program under two names (seed_example.py, 00_seed_example.py) is listed once.
    if (seen.has(source)) return false;
    seen.add(source);
    return true;
  }).map(({ file, source }) => {
    const stem = file.replace(/\.py$/, '').replace(/^\d+[-_ ]/, '');
    // An optional first-line comment "# title: ..." names the example.
    const t = /^#\s*title:\s*(.+)$/m.exec(source.split('\n').slice(0, 3).join('\n'));
    const words = stem.split('_').map((w) => (/^[^aeiouy]+$/i.test(w) ? w.toUpperCase() : w)); // mlp -> MLP
    const title = t ? t[1].trim() : words.join(' ').replace(/^./, (c) => c.toUpperCase());
    // The leading comment block (minus `# marks:`/`# title:`) describes it.
    const description = [];
    for (const line of source.split('\n')) {
      const m = /^#\s?(.*)$/.exec(line);
      if (!m) break;
      if (/^(marks|title):/.test(m[1])) continue;
      description.push(m[1].trim());
    }
    return { file, title, description: description.join(' ').trim(), source };
  });
}

const examplesPlugin = {
  name: 'examples',
  setup(build) {
    build.onResolve({ filter: /^virtual:examples$/ }, () => ({ path: 'examples', namespace: 'virtual' }));
    build.onLoad({ filter: /.*/, namespace: 'virtual' }, () => {
      const ex = loadExamples();
      return {
        contents: `export default ${JSON.stringify(ex)};`,
        loader: 'js',
        watchFiles: ex.map((e) => path.join(root, 'examples', e.file)),
        watchDirs: [path.join(root, 'examples')],
      };
    });
  },
};

// ---- the compiler's files, named by content -------------------------------
const hash8 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);

/** Binaryen's script without its module, and the module: or null (see split-binaryen.mjs). */
function loadBinaryenSplit() {
  if (!haveCompiler) return null;
  let file;
  try {
    file = createRequire(path.join(webDir, 'package.json')).resolve('binaryen');
  } catch {
    fail('the binaryen package is not installed: npm --prefix web ci');
  }
  const r = splitBinaryen(fs.readFileSync(file, 'utf8'));
  if (r.error) {
    console.warn(`web build: WARNING: Binaryen stays one ${(fs.statSync(file).size / 1e6).toFixed(1)} MB script (${r.error}); the playground starts slower.`);
    return null;
  }
  return { file, ...r };
}
const binaryenSplit = loadBinaryenSplit();

/** What the worker fetches: {core, binaryen} as {url, bytes} (relative to the worker). */
function assetList() {
  const a = { core: null, binaryen: null };
  if (wasmFile) {
    const bytes = fs.readFileSync(wasmFile);
    a.core = { url: `dynawasm-${hash8(bytes)}.wasm`, bytes: bytes.length };
  }
  if (binaryenSplit) a.binaryen = { url: `binaryen-${hash8(binaryenSplit.wasm)}.wasm`, bytes: binaryenSplit.wasm.length };
  return a;
}
const assets = assetList();

// The compiler's worker imports 'dynawasm-browser': the real loader, or a
// stub; never Binaryen ('binaryen' is the stub there: loading it is the
// job of Binaryen's worker alone).
const stubFile = path.join(webDir, 'src', 'compiler-stub.js');
const compilerPlugin = {
  name: 'compiler',
  setup(build) {
    build.onResolve({ filter: /^dynawasm-browser$/ }, () => ({ path: haveCompiler ? browserEntry : stubFile }));
    build.onResolve({ filter: /^binaryen$/ }, () => ({ path: stubFile }));
  },
};
// Binaryen's worker imports 'dynawasm-optimizer' (the package's
// serveOptimizer) and 'binaryen': the split script when it could be split.
const optimizerPlugin = {
  name: 'optimizer',
  setup(build) {
    build.onResolve({ filter: /^dynawasm-optimizer$/ }, () => ({ path: path.join(root, 'wasm', 'lib', 'port_optimizer.js') }));
    if (binaryenSplit) {
      build.onResolve({ filter: /^binaryen$/ }, () => ({ path: 'binaryen', namespace: 'binaryen-split' }));
      build.onLoad({ filter: /.*/, namespace: 'binaryen-split' }, () => ({ contents: binaryenSplit.js, loader: 'js' }));
    }
  },
};

const common = {
  bundle: true,
  format: 'esm',
  target: ['chrome100', 'firefox100', 'safari16'],
  sourcemap: true,
  minify: !watch,
  logLevel: 'warning',
  legalComments: 'none',
  // Binaryen (ESM) only touches node:* under a Node check; keep them out.
  external: ['node:*'],
  // wasm/browser.js imports 'binaryen': resolve it from web/node_modules
  // when wasm/ has no node_modules of its own.
  nodePaths: [path.join(webDir, 'node_modules')],
  define: { 'process.env.NODE_ENV': '"production"' },
};

// Content-hashed names (not while watching: index.html names the files).
const entryNames = watch ? '[name]' : '[name]-[hash]';

const pageOpts = {
  ...common,
  // A classic (deferred) script, not a module: Chromium makes a V8 code
  // cache for a classic script when the service worker stores it
  // (src/sw.js), which a module script does not get.
  format: 'iife',
  // (dw:main-start: when the script started, for the start-up benchmark)
  banner: { js: '"use strict";performance.mark("dw:main-start");' },
  entryPoints: { main: path.join(webDir, 'src', 'main.js') },
  entryNames,
  metafile: true,
  outdir: dist,
  platform: 'browser',
  plugins: [examplesPlugin, lazySegmenterPlugin],
  loader: { '.css': 'css' },
};
const workerOpts = {
  ...common,
  entryPoints: { worker: path.join(webDir, 'src', 'worker.js') },
  entryNames,
  metafile: true,
  outdir: dist,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: watch,
  platform: 'browser',
  plugins: [compilerPlugin],
  define: { ...common.define, __DW_ASSETS__: JSON.stringify(assets), __DW_OPTIMIZER_URL__: 'null' },
};
// Binaryen's worker (only with the compiler): started by the compiler's.
const optimizerOpts = {
  ...workerOpts,
  entryPoints: { optimizer: path.join(webDir, 'src', 'optimizer-worker.js') },
  // Binaryen's own map alone would be 33 MB.
  sourcemap: false,
  plugins: [optimizerPlugin],
  define: { ...common.define, __DW_ASSETS__: JSON.stringify(assets) },
};

/** The output file (relative to dist) of an entry point, and its CSS bundle. */
function outputOf(result, entry) {
  for (const [file, o] of Object.entries(result.metafile.outputs)) {
    if (o.entryPoint && path.resolve(o.entryPoint) === entry) {
      const rel = (f) => path.relative(dist, path.resolve(f)).split(path.sep).join('/');
      return { js: rel(file), css: o.cssBundle ? rel(o.cssBundle) : null };
    }
  }
  return fail(`esbuild wrote no output for ${entry}`);
}

/** The .js and .css files a build wrote (relative to dist, no maps). */
function scriptsOf(result) {
  return Object.keys(result.metafile.outputs).filter((f) => /\.(js|css)$/.test(f))
    .map((f) => path.relative(dist, path.resolve(f)).split(path.sep).join('/'));
}

/** sw.js (src/sw.js): the service worker that keeps `files` in Cache
 * Storage; its version is a hash of the list (the names are content-hashed). */
async function buildServiceWorker(files) {
  files = [...new Set(files)].sort();
  await esbuild.build({
    ...common,
    format: 'iife',
    sourcemap: false,
    entryPoints: [path.join(webDir, 'src', 'sw.js')],
    outfile: path.join(dist, 'sw.js'),
    platform: 'browser',
    define: { ...common.define, __DW_PRECACHE__: JSON.stringify(files), __DW_CACHE__: JSON.stringify(`dynawasm-page-${hash8(files.join('\n'))}`) },
  });
}

/** index.html naming the built files (main.js, main.css, worker.js in the
 * source), with the seed example for the worker's prerun. */
function writeIndex(names) {
  let html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!html.includes('/*DW_SEED*/null')) fail('index.html has no /*DW_SEED*/null to fill');
  // a JS string that cannot end the <script> (no '<')
  html = html.replace('/*DW_SEED*/null', () => JSON.stringify(loadExamples()[0].source).replace(/</g, '\\u003c'));
  for (const [pattern, name] of [[/href="main\.css"/g, `href="${names.css}"`], [/href="main\.js"/g, `href="${names.main}"`],
    [/'worker\.js'/g, `'${names.worker}'`]]) {
    if ((html.match(pattern) || []).length !== 1) fail(`index.html must name ${pattern.source.replace(/\\/g, '')} exactly once`);
    html = html.replace(pattern, name);
  }
  fs.writeFileSync(path.join(dist, 'index.html'), html);
}

function copyStatic() {
  fs.mkdirSync(dist, { recursive: true });
  fs.copyFileSync(path.join(webDir, 'src', 'favicon.svg'), path.join(dist, 'favicon.svg'));
  if (assets.core) fs.copyFileSync(wasmFile, path.join(dist, assets.core.url));
  if (assets.binaryen) fs.writeFileSync(path.join(dist, assets.binaryen.url), binaryenSplit.wasm);
  fs.writeFileSync(path.join(dist, 'build-info.json'), JSON.stringify({
    built: new Date().toISOString(),
    compiler: haveCompiler,
    wasm: wasmFile ? path.relative(root, wasmFile) : null,
    assets,
    binaryenSplit: !!binaryenSplit,
  }, null, 2));
}

fs.rmSync(dist, { recursive: true, force: true });
copyStatic();
if (watch) {
  writeIndex({ main: 'main.js', css: 'main.css', worker: 'worker.js' });
  // (no service worker: plain names would be served stale from its cache)
  const a = await esbuild.context({ ...pageOpts, define: { ...pageOpts.define, __DW_WORKER_URL__: '"worker.js"', __DW_SW__: 'null' } });
  const b = await esbuild.context(haveCompiler ? { ...workerOpts, define: { ...workerOpts.define, __DW_OPTIMIZER_URL__: '"optimizer.js"' } } : workerOpts);
  const c = haveCompiler ? [await esbuild.context(optimizerOpts)] : [];
  await Promise.all([a.watch(), b.watch(), ...c.map((x) => x.watch())]);
  console.log('web build: watching for changes (Ctrl+C to stop)');
} else {
  try {
    // Binaryen's worker first (the compiler's worker names its file), then
    // the compiler's (the page names its file: Stop starts a new one)
    let optimizerUrl = null;
    if (haveCompiler) {
      const or = await esbuild.build(optimizerOpts);
      optimizerUrl = outputOf(or, path.join(webDir, 'src', 'optimizer-worker.js')).js;
    }
    const wr = await esbuild.build({ ...workerOpts, define: { ...workerOpts.define, __DW_OPTIMIZER_URL__: JSON.stringify(optimizerUrl) } });
    const w = outputOf(wr, path.join(webDir, 'src', 'worker.js'));
    const pr = await esbuild.build({ ...pageOpts, define: { ...pageOpts.define, __DW_WORKER_URL__: JSON.stringify(w.js), __DW_SW__: '"sw.js"' } });
    const page = outputOf(pr, path.join(webDir, 'src', 'main.js'));
    if (!page.css) fail('esbuild wrote no CSS for the page');
    writeIndex({ main: page.js, css: page.css, worker: w.js });
    // (the page's script and style: the worker's are modules, which get no
    // code cache from it, and the worker's URL carries the prerun in a
    // fragment that a response from the service worker would drop)
    await buildServiceWorker(scriptsOf(pr));
  } catch (e) {
    fail(`esbuild failed: ${e.message}`);
  }
  const packed = precompress(dist, { cacheDir: path.join(webDir, 'node_modules', '.cache', 'dynawasm-precompress') });
  const sum = (k) => packed.reduce((n, f) => n + f[k], 0);
  const ex = loadExamples();
  console.log(`web build: precompressed ${packed.length} files: ${(sum('bytes') / 1e6).toFixed(1)} MB -> ` +
    `${(sum('br') / 1e6).toFixed(1)} MB brotli, ${(sum('gz') / 1e6).toFixed(1)} MB gzip`);
  console.log(`web build: wrote ${path.relative(process.cwd(), dist) || dist} ` +
    `(${ex.length} example${ex.length === 1 ? '' : 's'}; compiler: ${haveCompiler ? path.relative(root, wasmFile) : 'STUB (not built)'})`);
}
