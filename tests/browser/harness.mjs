// Shared set-up for the browser tests: a static server for web/dist on
// 127.0.0.1 and Debian's Chromium driven by playwright-core (installed as a
// devDependency of web/: `npm --prefix web ci`).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = path.join(root, 'web', 'dist');
export const outDir = path.join(root, 'tests', 'out');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export function loadPlaywright() {
  const require = createRequire(path.join(root, 'web', 'package.json'));
  try {
    return require('playwright-core');
  } catch {
    throw new Error('playwright-core is not installed: run `npm --prefix web ci` first');
  }
}

export function buildInfo() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('web/dist is not built: run `npm --prefix web run build` (or `npm --prefix web run build:dev` without the compiler)');
  }
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, 'build-info.json'), 'utf8'));
  } catch {
    return { compiler: false };
  }
}

/**
 * Starts the server (of web/dist, or of `dir`) and the browser (headless,
 * Playwright's fresh temporary profile). Returns {url, requests, newPage(opts),
 * close}; every page gets its own browser context, so storage never leaks
 * from one test to the next. `requests` lists the paths the server was
 * asked for, in order; `served` the same as {path, start, end (ms,
 * performance.now() of this process), encoding, type (the response's
 * content-encoding and content-type)}, each added once its response was
 * sent: the requests of a worker's own worker too, which the browser
 * does not report to the page.
 */
export async function start({ viewport = { width: 1280, height: 800 }, colorScheme = 'light', dir = distDir } = {}) {
  buildInfo();
  const { chromium } = loadPlaywright();
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`);
  const { serve } = await import(path.join(root, 'web', 'serve.mjs'));
  const { server, url } = await serve({ dir, port: 0, quiet: true });
  const requests = [];
  const served = [];
  server.on('request', (req, res) => {
    const p = new URL(req.url, url).pathname;
    requests.push(p);
    const r = { path: p, start: performance.now(), end: null, encoding: null, type: null };
    const writeHead = res.writeHead;
    res.writeHead = function (status, ...rest) { // (serve.mjs passes its headers here)
      const h = rest.find((x) => x && typeof x === 'object') || {};
      const get = (name) => Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1] ?? res.getHeader(name) ?? null;
      r.encoding = get('content-encoding');
      r.type = get('content-type');
      return writeHead.call(this, status, ...rest);
    };
    res.on('finish', () => { r.end = performance.now(); served.push(r); });
  });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    });
  } catch (e) {
    server.close();
    throw e;
  }
  return {
    url,
    requests,
    served,
    browser,
    /** A page in a fresh context; page.close() closes the context too. */
    async newPage(opts = {}) {
      const context = await browser.newContext({ viewport: opts.viewport || viewport, colorScheme: opts.colorScheme || colorScheme });
      // No network beyond our server.
      await context.route((u) => !u.href.startsWith(url) && !u.href.startsWith('data:') && !u.href.startsWith('blob:'), (r) => r.abort());
      const page = await context.newPage();
      const close = page.close.bind(page);
      page.close = async () => { await close().catch(() => {}); await context.close().catch(() => {}); };
      return page;
    },
    async close() {
      await browser.close().catch(() => {});
      server.closeAllConnections && server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Opens the playground; collects page errors (a test can assert none). */
export async function openPage(env, query = '', opts = {}) {
  const page = await env.newPage(opts);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e && e.stack || e)));
  page.on('dialog', (d) => { errors.push(`unexpected dialog: ${d.message()}`); d.dismiss().catch(() => {}); });
  await page.goto(env.url + query);
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  // Settled: the compiler loaded (or failed to): nothing moves any more.
  await page.waitForFunction(() => !document.body.classList.contains('loading'), null, { timeout: 60_000 });
  page.errors = errors;
  return page;
}

/**
 * [{line, marks}] of every editor line, in order. CodeMirror draws only the
 * lines in (and near) view: the editor is scrolled through to draw them
 * all, then back.
 */
export async function lineMarks(page) {
  return page.evaluate(async () => {
    const scroller = document.querySelector('.cm-scroller');
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const seen = new Map();
    const collect = () => {
      for (const e of document.querySelectorAll('.cm-content .cm-line')) seen.set(Number(e.dataset.line), e.dataset.marks);
    };
    const top = scroller.scrollTop;
    collect();
    for (let y = 0; y + scroller.clientHeight < scroller.scrollHeight && y < 1e6; ) {
      y += Math.max(1, scroller.clientHeight - 40);
      scroller.scrollTop = y;
      await frame();
      collect();
    }
    scroller.scrollTop = top;
    await frame();
    return [...seen].sort((a, b) => a[0] - b[0]).map(([line, marks]) => ({ line, marks }));
  });
}

export function readSource(rel) {
  return fs.readFileSync(path.join(root, rel), 'utf8');
}

export function loadFixture(name) {
  const f = JSON.parse(fs.readFileSync(path.join(root, 'tests', 'browser', 'fixtures', name), 'utf8'));
  f.source = f.source ?? readSource(f.source_file);
  return f;
}

export function screenshotPath(name) {
  fs.mkdirSync(outDir, { recursive: true });
  return path.join(outDir, name);
}

// A stand-in for the compiler's worker that answers like the real one:
// prints what `print("...")` lines say, and spins forever on `while True`.
export const FAKE_WORKER = `
postMessage({ type: 'progress', text: 'fake compiler loading' });
setTimeout(() => postMessage({ type: 'ready', ms: 1 }), 50);
onmessage = (ev) => {
  const m = ev.data;
  if (m.type !== 'run') return;
  if (/while True/.test(m.source)) for (;;) {}
  const stdout = [...m.source.matchAll(/print\\("(.*)"\\)/g)].map((x) => x[1] + '\\n').join('');
  postMessage({ type: 'result', id: m.id, ms: 0.1, report: { ok: true, stdout, stderr: '', error: null,
    marks: [{ line: 1, kind: 'not_traced' }], frames: [], graphs: [],
    explain: { graph_count: 0, graph_break_count: 0, op_count: 0, break_reasons: [] }, time_ms: { total: 0.1 } } });
};`;

/**
 * Opens the playground with FAKE_WORKER as its compiler. window.__workers
 * counts the workers started, window.__runsSent the runs posted to them.
 * Resolves once the (fake) compiler is ready, unless wait is false.
 */
export async function openFakePage(env, query = '?autorun=0', { wait = true, ...opts } = {}) {
  const page = await env.newPage(opts);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e && e.stack || e)));
  page.on('dialog', (d) => { page.errors.push(`unexpected dialog: ${d.message()}`); d.dismiss().catch(() => {}); });
  await useFakeWorker(page);
  await page.goto(env.url + query);
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  if (wait) await page.waitForFunction(() => window.dynawasm.ready);
  return page;
}

/** Makes every worker the page starts a FAKE_WORKER (call before goto). */
export async function useFakeWorker(page) {
  await page.addInitScript((code) => {
    const Orig = window.Worker;
    window.__workers = 0;
    window.__runsSent = 0;
    window.Worker = class extends Orig {
      constructor(url, o) {
        window.__workers++;
        super(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), o);
      }
      postMessage(m, ...rest) {
        if (m && m.type === 'run') window.__runsSent++;
        return super.postMessage(m, ...rest);
      }
    };
  }, FAKE_WORKER);
}

/**
 * Renders the fixture's report (and source) in `page`, or in a new page with
 * the simulated compiler: {page, f}.
 */
export async function renderFixture(env, fixture, page) {
  page = page || await openFakePage(env, '?autorun=0');
  const f = loadFixture(fixture);
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [f.report, f.source]);
  return { page, f };
}
