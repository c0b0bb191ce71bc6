// web_serve.test.mjs - the playground's delivery: precompressed files
// (web/precompress.mjs), the static server (web/serve.mjs: content
// negotiation, ETags, caching of content-hashed names, no path escapes),
// and Binaryen split into its script and its module (web/split-binaryen.mjs)
// still working when the module is handed over through instantiateWasm;
// CodeMirror's Intl.Segmenter made on first use (web/lazy-segmenter.mjs).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { ROOT, tempDir } from '../lib/repo.mjs';

const { precompress } = await import(path.join(ROOT, 'web', 'precompress.mjs'));
const { serve, pickEncoding } = await import(path.join(ROOT, 'web', 'serve.mjs'));
const { splitBinaryen } = await import(path.join(ROOT, 'web', 'split-binaryen.mjs'));
const { lazySegmenter, SEGMENTER_LAZY } = await import(path.join(ROOT, 'web', 'lazy-segmenter.mjs'));

let dir, srv, base;
const big = 'console.log("hello");\n'.repeat(500);
before(async () => {
  dir = tempDir('dynawasm-serve-');
  fs.mkdirSync(path.join(dir, 'chunks'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>t</title>${'<p>x</p>'.repeat(300)}`);
  fs.writeFileSync(path.join(dir, 'main.js'), big);
  fs.writeFileSync(path.join(dir, 'chunks', 'lib-ABCD1234.js'), big);
  fs.writeFileSync(path.join(dir, 'core-0123abcd.wasm'), Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4000)]));
  fs.writeFileSync(path.join(dir, 'tiny.js'), 'x');
  // the build's page and worker names (esbuild's [name]-[hash])
  for (const f of ['main-QEVX2RZ7.js', 'main-JM6U4J6W.css', 'worker-MYSR6VLC.js', 'main-QEVX2RZ7.js.map', 'sw.js']) fs.writeFileSync(path.join(dir, f), 'x');
  const done = precompress(dir, { quality: 5 });
  assert.deepEqual(done.map((f) => f.file).sort(), ['chunks/lib-ABCD1234.js', 'core-0123abcd.wasm', 'index.html', 'main.js'], 'small files are left alone');
  ({ server: srv, url: base } = await serve({ dir, port: 0, quiet: true }));
});
after(() => {
  srv.closeAllConnections?.();
  srv.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(p, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(new URL(p, base), { headers }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

test('precompressed files decode to the originals', () => {
  for (const f of ['main.js', 'index.html', 'core-0123abcd.wasm']) {
    const raw = fs.readFileSync(path.join(dir, f));
    assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${f}.br`))), raw);
    assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${f}.gz`))), raw);
  }
});

test('the server picks brotli, then gzip, then the plain file', async () => {
  const br = await get('/main.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(zlib.brotliDecompressSync(br.body).toString(), big);
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.match(br.headers['content-type'], /javascript/);
  const gz = await get('/main.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gz.body).toString(), big);
  const plain = await get('/main.js', { 'accept-encoding': 'identity' });
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), big);
  const refused = await get('/main.js', { 'accept-encoding': 'br;q=0, gzip' });
  assert.equal(refused.headers['content-encoding'], 'gzip');
  const wasm = await get('/core-0123abcd.wasm', { 'accept-encoding': 'br' });
  assert.equal(wasm.headers['content-type'], 'application/wasm');
  assert.equal(wasm.headers['content-encoding'], 'br');
  const tiny = await get('/tiny.js', { 'accept-encoding': 'br' });
  assert.equal(tiny.headers['content-encoding'], undefined);
  assert.equal(tiny.body.toString(), 'x');
  assert.equal(pickEncoding('*', { br: true, gzip: true }), 'br');
  assert.equal(pickEncoding('', { br: true, gzip: true }), null);
});

test('caching: hashed names for good, the rest revalidated with ETags', async () => {
  assert.equal((await get('/chunks/lib-ABCD1234.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await get('/core-0123abcd.wasm')).headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const f of ['main-QEVX2RZ7.js', 'main-JM6U4J6W.css', 'worker-MYSR6VLC.js']) {
    assert.equal((await get(`/${f}`)).headers['cache-control'], 'public, max-age=31536000, immutable', f);
  }
  // (sw.js, the service worker, keeps its name across builds: revalidated)
  for (const f of ['main.js', 'main-QEVX2RZ7.js.map', 'tiny.js', 'sw.js']) assert.equal((await get(`/${f}`)).headers['cache-control'], 'no-cache', f);
  const first = await get('/index.html', { 'accept-encoding': 'br' });
  assert.equal(first.headers['cache-control'], 'no-cache');
  assert.ok(first.headers.etag);
  const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const otherEnc = await get('/index.html', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag });
  assert.equal(otherEnc.status, 200, 'an ETag names one encoding');
});

test('no path leaves the folder', async () => {
  fs.writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'the secret');
  for (const p of ['/../' + path.basename(dir) + '-secret.txt', '/%2e%2e/' + path.basename(dir) + '-secret.txt',
    '/..%2f' + path.basename(dir) + '-secret.txt']) {
    const r = await get(p);
    assert.ok(r.status === 404 || r.status === 403, `${p}: ${r.status}`);
    assert.doesNotMatch(r.body.toString(), /the secret/);
  }
  fs.rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`));
  assert.equal((await get('/nope.js')).status, 404);
});

test('Binaryen split in two still optimises, with its module handed over by instantiateWasm', async () => {
  const require = createRequire(path.join(ROOT, 'web', 'package.json'));
  const file = require.resolve('binaryen');
  const r = splitBinaryen(fs.readFileSync(file, 'utf8'));
  assert.equal(r.error, undefined, r.error);
  assert.ok(r.js.length < 1e6, `script: ${r.js.length} characters`);
  assert.ok(r.wasm.length > 5e6, `module: ${r.wasm.length} bytes`);
  assert.deepEqual([...r.wasm.subarray(0, 4)], [0, 0x61, 0x73, 0x6d], 'a WebAssembly module');
  const tmp = tempDir('dynawasm-binaryen-');
  const js = path.join(tmp, 'binaryen.mjs');
  fs.writeFileSync(js, r.js);
  let handed = 0;
  globalThis.__dynawasmBinaryenOptions = {
    instantiateWasm(imports, done) {
      handed++;
      WebAssembly.instantiate(r.wasm, imports).then(({ instance }) => done(instance));
      return {};
    },
  };
  try {
    const { default: binaryen } = await import(js);
    assert.equal(handed, 1);
    const mod = binaryen.parseText('(module (func $f (export "f") (result i32) (i32.add (i32.const 1) (i32.const 2))))');
    mod.optimize();
    assert.match(mod.emitText(), /i32\.const 3/);
    mod.dispose();
  } finally {
    delete globalThis.__dynawasmBinaryenOptions;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('splitBinaryen says why when a script has another shape', () => {
  assert.match(splitBinaryen('export default 1;').error, /literal was not found/);
});

test('the installed @codemirror/commands gets its Intl.Segmenter on first use, and it segments as the eager one did', () => {
  // (the ES module the bundler takes, next to the CommonJS one require finds)
  const file = path.join(path.dirname(createRequire(path.join(ROOT, 'web', 'package.json')).resolve('@codemirror/commands')), 'index.js');
  const src = fs.readFileSync(file, 'utf8');
  const { contents, changed } = lazySegmenter(src);
  assert.ok(changed, `${file}: the declaration web/lazy-segmenter.mjs rewrites is not there (a new version?)`);
  assert.doesNotMatch(contents, /^const segmenter = .*\n.*new \(Intl\.Segmenter\)/m, 'no eager segmenter is left');
  assert.equal((contents.match(/\bsegmenter\b/g) || []).length, (src.match(/\bsegmenter\b/g) || []).length, 'every use still names it');
  // the rewritten declaration, run: nothing made until the first segment()
  let made = 0;
  const Intl_ = { Segmenter: class extends Intl.Segmenter { constructor(...a) { super(...a); made++; } } };
  const segmenter = new Function('Intl', `${SEGMENTER_LAZY}\nreturn segmenter;`)(Intl_);
  assert.equal(made, 0);
  const text = '你好世界 hello';
  const words = (it) => Array.from(it, (s) => [s.segment, s.index]);
  assert.deepEqual(words(segmenter.segment(text)), words(new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)));
  segmenter.segment('x');
  assert.equal(made, 1, 'one segmenter, made once');
});
