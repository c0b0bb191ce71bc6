// The playground's service worker (web/src/sw.js): after a first visit it
// keeps the page's script and style in Cache Storage and a second visit
// takes them from there (static routes); a new build's files are fetched
// (never the old build's from the cache), then cached, and the old cache is
// deleted; a cached file that is gone comes from the network.
//
// Served from a copy of web/dist that the test turns into "a new build"
// (a changed main-HASH.js under a new name, index.html naming it, sw.js
// listing it under a new cache name), as the build would. The compiler is
// the harness's fake worker: this is about the page's own files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, distDir, useFakeWorker } from './harness.mjs';

let env;
let dir;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-sw-'));
  fs.cpSync(distDir, dir, { recursive: true });
  env = await start({ dir });
});
after(async () => {
  if (env) await env.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
/** The page script index.html names (main-HASH.js). */
const mainName = () => /href="(main-[A-Z0-9]{8}\.js)"/.exec(read('index.html'))[1];
const cssName = () => /href="(main-[A-Z0-9]{8}\.css)"/.exec(read('index.html'))[1];
const served = (name) => env.requests.filter((p) => p.endsWith(`/${name}`)).length;

/**
 * One visit in `context`: the page loads, runs its program (the fake
 * compiler) and registers the service worker. Resolves with what the visit
 * saw: the service worker's URL, where the page's script and style came
 * from ('cache': the service worker's; 'network': the server or the HTTP
 * cache), the playground's caches and their files.
 */
async function visit(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e && e.stack || e)));
  await useFakeWorker(page);
  await page.goto(env.url);
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.serviceWorker, null, { timeout: 30_000 });
  const seen = await page.evaluate(async () => ({
    sw: await window.dynawasm.serviceWorker,
    from: Object.fromEntries(performance.getEntriesByType('resource')
      .filter((r) => /\/main-[A-Z0-9]{8}\.(js|css)$/.test(r.name))
      .map((r) => [r.name.split('/').pop(), r.workerFinalSourceType || 'network'])),
    build: window.__dwTestBuild || 'first',
    ready: !!window.dynawasm.view && !!window.dynawasm.lastReport,
  }));
  return { page, errors, ...seen, caches: await cachesOf(page) };
}

/** {cache name: [file names]} of the service worker's caches. */
function cachesOf(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith('dynawasm-page-')) continue;
      out[name] = (await (await caches.open(name)).keys()).map((r) => r.url.split('/').pop()).sort();
    }
    return out;
  });
}

test('service worker: the second visit takes main.js and main.css from its cache; a new build is fetched, then cached, and the old cache deleted; an evicted file comes from the network', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const main = mainName();
    const css = cssName();
    const cacheName = /"(dynawasm-page-[0-9a-f]{8})"/.exec(read('sw.js'))[1];

    // First visit: from the server; the service worker installs and caches both.
    const v1 = await visit(context);
    assert.ok(v1.ready, 'the page ran its program');
    assert.match(v1.sw || '', /\/sw\.js$/, 'the service worker is active');
    assert.deepEqual(v1.from, { [main]: 'network', [css]: 'network' });
    assert.deepEqual(v1.caches, { [cacheName]: [css, main].sort() });
    assert.deepEqual(v1.errors, []);
    await v1.page.close();

    // Second visit: both from the service worker's cache, no request for
    // them; index.html from the server as always.
    const before = { main: served(main), css: served(css), index: served('') };
    const v2 = await visit(context);
    assert.ok(v2.ready, 'the page ran its program');
    assert.deepEqual(v2.from, { [main]: 'cache', [css]: 'cache' });
    assert.equal(served(main), before.main, 'main.js was not requested');
    assert.equal(served(css), before.css, 'main.css was not requested');
    assert.equal(served(''), before.index + 1, 'index.html was requested');
    assert.deepEqual(v2.errors, []);

    // Evicted (the browser may drop a cache): the route falls back to the network.
    await v2.page.evaluate((name) => caches.delete(name), cacheName);
    await v2.page.close();
    const v3 = await visit(context);
    assert.ok(v3.ready, 'the page ran its program without its cached files');
    assert.deepEqual(v3.from, { [main]: 'network', [css]: 'network' });
    assert.deepEqual(v3.errors, []);
    // (the first build's cache put back: the new build's worker must delete it)
    await v3.page.evaluate(async ([name, files]) => (await caches.open(name)).addAll(files), [cacheName, [main, css]]);
    await v3.page.close();

    // A new build: main.js changed (so its name), index.html names it,
    // sw.js lists it under a new cache name.
    const main2 = 'main-TESTNEW2.js';
    const cache2 = 'dynawasm-page-00000002';
    fs.writeFileSync(path.join(dir, main2), `${read(main)}\nwindow.__dwTestBuild = 'new';\n`);
    fs.writeFileSync(path.join(dir, 'index.html'), read('index.html').replace(main, main2));
    fs.writeFileSync(path.join(dir, 'sw.js'), read('sw.js').replace(main, main2).replace(cacheName, cache2));
    for (const f of ['index.html', 'sw.js']) for (const z of ['.br', '.gz']) fs.rmSync(path.join(dir, f + z), { force: true });

    // The next visit runs the new build's script (from the network, or from
    // the new worker's cache if it was installed first: never the old one).
    const v4 = await visit(context);
    assert.equal(v4.build, 'new', "the new build's script ran, not the cached one");
    assert.ok(main2 in v4.from && !(main in v4.from), JSON.stringify(v4.from));
    assert.deepEqual(v4.errors, []);
    // the new service worker installs, caches the new files and deletes the old cache
    let now = null;
    for (const t0 = Date.now(); Date.now() - t0 < 30_000; await new Promise((r) => setTimeout(r, 100))) {
      now = await cachesOf(v4.page);
      if (!(cacheName in now) && (now[cache2] || []).length === 2) break;
    }
    assert.deepEqual(now, { [cache2]: [css, main2].sort() });
    await v4.page.close();

    const requested = served(main2);
    const v5 = await visit(context);
    assert.equal(v5.build, 'new');
    assert.deepEqual(v5.from, { [main2]: 'cache', [css]: 'cache' });
    assert.equal(served(main2), requested, 'the new main.js was not requested');
    assert.deepEqual(v5.errors, []);
    await v5.page.close();
  } finally {
    await context.close();
  }
});
