// The playground's service worker: it keeps the page's own scripts and
// stylesheet (main-HASH.js, main-HASH.css, worker-HASH.js and esbuild's
// chunks/NAME-HASH.js, all content-hashed) in Cache Storage, so that a
// second visit starts like a third:
//
// - Chromium makes a V8 code cache for a script when a service worker
//   stores it in Cache Storage during its install event (compiled at once,
//   not after the script has been run twice as for the HTTP cache), and
//   uses it when the script is next served from that cache;
// - static routes (InstallEvent.addRoutes) serve those files from the cache
//   without starting this worker, and leave every other request (index.html,
//   the compiler's .wasm, which the compiler's worker keeps in its own cache:
//   src/assets.js) to the network as if there were no service worker. There
//   is no fetch handler: a navigation never waits for this worker to start.
//
// Staleness: the build writes the list of files and a version (a hash of
// the list) into this script, so a new build is a new service worker with a
// new cache; index.html, always from the network, names the new build's
// files, which the old cache does not have: they come from the network
// until the new worker has installed. Caches of other versions are deleted
// when a new version activates. A route only ever names a file by its
// hashed path, and a cache miss goes to the network.
//
// A browser without static routes gets nothing from this worker (it would
// need a fetch handler, which every request would wait for): it caches
// nothing, and with no fetch handler the browser never starts it for a
// request. A cached file that is gone (evicted) comes from the network: a
// route's cache miss falls back to it.
/* global __DW_PRECACHE__, __DW_CACHE__ */
const PREFIX = 'dynawasm-page-';
const CACHE = __DW_CACHE__; // PREFIX + the build's version
if (!CACHE.startsWith(PREFIX)) throw new Error(`sw.js: cache name ${CACHE} does not start with ${PREFIX}`);
const FILES = __DW_PRECACHE__; // paths relative to this script
const routed = typeof InstallEvent === 'function' && 'addRoutes' in InstallEvent.prototype;

self.addEventListener('install', (ev) => {
  if (!routed) return;
  ev.waitUntil((async () => {
    const urls = FILES.map((f) => new URL(f, self.location.href));
    const cache = await caches.open(CACHE);
    await cache.addAll(urls.map((u) => u.href));
    await ev.addRoutes(urls.map((u) => ({ condition: { urlPattern: new URLPattern({ pathname: u.pathname }) }, source: 'cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  })());
});
