// The compiler's two WebAssembly modules (the core and Binaryen), fetched
// in parallel, counted byte by byte for the progress bar, compiled while
// they download (compileStreaming), and kept in the Cache API across visits.
// Their names carry a content hash (the build's), so a cached copy is never
// stale; copies of older builds are deleted.

export const CACHE_NAME = 'dynawasm-playground-v1';

async function openCache() {
  try {
    return typeof caches === 'object' && caches ? await caches.open(CACHE_NAME) : null;
  } catch {
    return null; // opaque origins, storage disabled
  }
}

/** Deletes cached files that are not in `keep` (absolute URLs). */
export async function pruneCache(keep) {
  const cache = await openCache();
  if (!cache) return;
  for (const req of await cache.keys()) if (!keep.includes(req.url)) await cache.delete(req);
}

/** A Response whose body reports its bytes to onBytes(n) as they arrive. */
function counted(res, onBytes) {
  if (!res.body) return res;
  const counter = new TransformStream({
    transform(chunk, ctl) { onBytes(chunk.byteLength); ctl.enqueue(chunk); },
  });
  return new Response(res.body.pipeThrough(counter), { status: res.status, headers: res.headers });
}

/**
 * Fetches and compiles one module. onBytes(n) is called as bytes arrive
 * (all at once from the cache). Resolves {module, cached}.
 * @param {string} url absolute URL
 * @param {(n: number) => void} onBytes
 * @param {number} size expected size (the build's), for the cache-hit count
 * @param {{whenCached?: () => Promise<unknown>}} [opt] whenCached: what a
 *   cached copy waits for before it is compiled. (A cached module's compile
 *   is V8 reading its code cache, tens of ms on the calling thread, which a
 *   download's streaming compile spreads over the download.)
 */
export async function loadModule(url, onBytes, size, { whenCached } = {}) {
  const cache = await openCache();
  let res = cache ? await cache.match(url).catch(() => null) : null;
  if (res) {
    onBytes(size);
    if (whenCached) await whenCached();
    return { module: await compile(res), cached: true };
  }
  res = await fetch(url);
  if (!res.ok) throw new Error(`cannot fetch ${url}: HTTP ${res.status}`);
  let forCache = null;
  if (cache && res.body) {
    const [a, b] = res.body.tee();
    forCache = new Response(b, { headers: { 'Content-Type': 'application/wasm' } });
    res = new Response(a, { status: res.status, headers: res.headers });
  }
  const stored = forCache ? cache.put(url, forCache).catch(() => {}) : null;
  const module = await compile(counted(res, onBytes));
  await stored;
  return { module, cached: false };
}

async function compile(res) {
  const type = res.headers.get('content-type') || '';
  if (WebAssembly.compileStreaming && type.startsWith('application/wasm')) return WebAssembly.compileStreaming(res);
  return WebAssembly.compile(await res.arrayBuffer());
}
