#!/usr/bin/env node
// playground_start.mjs - a benchmark, not a test: how long the playground
// takes from navigation to the seed example's first result, on a first
// visit (a fresh browser profile: nothing cached) and on a second visit
// (the same profile, browser restarted: HTTP cache, Cache API and V8's code
// caches as a returning user has them). Prints the median of N runs of each
// and the phases of the median run.
//
//   npm --prefix web run build && node tests/bench/playground_start.mjs
//     [--runs 3] [--net MBIT]   (--net: throttle the network to MBIT Mbit/s
//                                down with 20 ms latency, as DevTools does)
//     [--json]                  machine-readable output
//     [--baseline DIR]          also time another build (e.g. main's
//                               web/dist, built elsewhere), its visits
//                               interleaved with this one's under the
//                               same load (which goes first alternates),
//                               and print the ratios
//     [--settle MS]             wait MS (default 3000) after the browser's
//                               launch before navigating; 0: navigate at once
//
// Every visit launches the browser anew (so only what a returning user has
// on disk is cached). Chromium 156 spends its first ~1.5 s after a launch
// in its own start-up, most of it a renderer for the omnibox popup
// (chrome://omnibox-popup.top-chrome: 1.5-2.4 s of CPU, measured in a
// trace), which on 2 cores competes with the page for the first second. A
// returning user's browser is usually running already: --settle lets the
// launch finish before the visit starts (both builds alike). --settle 0
// measures a visit that starts with the browser (the figures of session 4
// and before).
//
// Served by web/serve.mjs on 127.0.0.1 (precompressed files as a real
// deployment would serve them), driven by Debian's Chromium (headless,
// playwright-core from web/node_modules). Shared machine: read the figures
// as the median they are, not as a precise time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInfo, loadPlaywright, CHROMIUM, distDir, root } from '../browser/harness.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const RUNS = Number(opt('runs', 3));
const NET = opt('net', null);
const JSON_OUT = argv.includes('--json');
const BASELINE = opt('baseline', null);
const SETTLE = Number(opt('settle', 3000));

const info = buildInfo();
if (!info.compiler) {
  console.error('web/dist was built without the compiler: build the core, then `npm --prefix web run build`');
  process.exit(2);
}
const { chromium } = loadPlaywright();
const { serve } = await import(path.join(root, 'web', 'serve.mjs'));
const builds = [{ name: 'this build', dir: distDir }];
if (BASELINE) builds.push({ name: 'baseline', dir: path.resolve(BASELINE) });
for (const b of builds) {
  if (!fs.existsSync(path.join(b.dir, 'index.html'))) {
    console.error(`${b.dir}: no index.html (build it first)`);
    process.exit(2);
  }
  Object.assign(b, await serve({ dir: b.dir, port: 0, quiet: true }), { cold: [], warm: [] });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

/** One visit in the profile at dir: ms from navigation to each phase. */
async function visit(dir, url) {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const page = context.pages()[0] || await context.newPage();
    if (NET) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const bps = (Number(NET) * 1e6) / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false, latency: 20, downloadThroughput: bps, uploadThroughput: bps,
      });
    }
    const bytes = { transferred: 0 };
    page.on('requestfinished', async (req) => {
      try { const s = await req.sizes(); bytes.transferred += s.responseBodySize + s.responseHeadersSize; } catch { /* gone */ }
    });
    // Waits through CDP with a small expression, not page.waitForFunction:
    // that injects Playwright's own script (60-90 ms of compile on the page's
    // main thread) in the middle of the start-up being measured.
    const cdp = await context.newCDPSession(page);
    if (SETTLE > 0) await page.waitForTimeout(SETTLE);
    await page.goto(url, { waitUntil: 'commit' });
    const waited = await cdp.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => {
        const done = () => performance.getEntriesByName('dw:first-result').length > 0;
        if (done()) return resolve(true);
        new PerformanceObserver((list, obs) => { if (done()) { obs.disconnect(); resolve(true); } }).observe({ type: 'mark', buffered: true });
        setTimeout(() => resolve(false), 120000);
      })`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (!waited.result || waited.result.value !== true) throw new Error('no first result within 120 s');
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const mark = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
      return {
        // (the page's script ends its set-up with dw:page-ready; before it did, DOMContentLoaded)
        page: mark('dw:page-ready') ?? (nav ? nav.domContentLoadedEventEnd : null),
        // the page's script: started, editor created (builds before session 5: none)
        script: mark('dw:main-start'),
        editor: mark('dw:editor-created'),
        compiler: mark('dw:compiler-ready'),
        binaryen: mark('dw:binaryen-ready'),
        first: mark('dw:first-result'),
        prerun: !!(performance.getEntriesByName('dw:first-result')[0].detail || {}).prerun,
        report: window.dynawasm.lastReport && window.dynawasm.lastReport.ok,
        run: window.dynawasm.lastReport && window.dynawasm.lastReport.time_ms.total,
        phases: window.dynawasm.startPhases,
        // files the service worker's static routes served from its cache
        swCache: performance.getEntriesByType('resource').filter((r) => r.workerFinalSourceType === 'cache').length,
      };
    });
    if (!t.report) throw new Error('the seed example did not run cleanly');
    // the visit ends when the page has settled: caches written, the
    // service worker (if any) installed, as a returning user would have them
    t.sw = await page.evaluate(() => Promise.race([window.dynawasm.serviceWorker || null,
      new Promise((resolve) => setTimeout(() => resolve('not active after 10 s'), 10_000))]));
    await page.waitForTimeout(300);
    return { ...t, kb: Math.round(bytes.transferred / 1024) };
  } finally {
    await context.close();
  }
}

try {
  for (let i = 0; i < RUNS; i++) {
    // (which build goes first alternates: the first visits of a round were
    // measured 10-30% slower for whichever build went first, with the same
    // build on both sides)
    for (const b of i % 2 ? [...builds].reverse() : builds) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-start-'));
      try {
        b.cold.push(await visit(dir, b.url));
        b.warm.push(await visit(dir, b.url));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
} finally {
  for (const b of builds) {
    b.server.closeAllConnections && b.server.closeAllConnections();
    b.server.close();
  }
}

const summary = (runs) => {
  const m = median(runs.map((r) => r.first));
  const at = runs.find((r) => r.first === m);
  return { first_result_ms: Math.round(m), runs_ms: runs.map((r) => Math.round(r.first)), median_run: at };
};
const load = os.loadavg()[0].toFixed(1);
const out = { runs: RUNS, net: NET ? `${NET} Mbit/s, 20 ms` : 'unthrottled (localhost)', settle_ms: SETTLE, load_at_end: Number(load),
  builds: builds.map((b) => ({ name: b.name, dir: b.dir, cold: summary(b.cold), warm: summary(b.warm) })) };
if (JSON_OUT) {
  console.log(JSON.stringify(out, null, 2));
} else {
  const f = (v) => (v == null ? '–' : `${Math.round(v)} ms`);
  console.log(`playground start, seed example, median of ${RUNS} (network: ${out.net}; ${SETTLE > 0 ? `browser idle ${SETTLE} ms before each visit` : 'each visit right after the browser launch'}; load average ${load} on ${os.cpus().length} cores at the end)`);
  for (const b of out.builds) {
    if (out.builds.length > 1) console.log(`${b.name} (${path.relative(process.cwd(), b.dir) || b.dir}):`);
    for (const k of ['cold', 'warm']) {
      const s = b[k];
      const r = s.median_run;
      console.log(`  ${k === 'cold' ? 'first visit ' : 'second visit'}: first result ${f(s.first_result_ms)}  (runs: ${s.runs_ms.join(', ')} ms)`);
      if (r.script != null) console.log(`      page script started ${f(r.script)} · editor created ${f(r.editor)}`);
      console.log(`      page ready ${f(r.page)} · compiler ready ${f(r.compiler)} · first run ${f(r.run)}${r.prerun ? ' (the prerun)' : ''} · ${r.kb} KB transferred${r.swCache ? ` · ${r.swCache} files from the service worker's cache` : ''}`);
      // (builds before the worker's `created` step counted from the worker's own start)
      if (r.phases) console.log(`      worker (ms since ${'created' in r.phases ? 'navigation' : 'it started'}): ${Object.entries(r.phases).map(([k, v]) => `${k} ${v}`).join(' · ')}`);
    }
  }
  if (out.builds.length > 1) {
    const [a, b] = out.builds;
    const ratio = (k) => (a[k].first_result_ms / b[k].first_result_ms).toFixed(2);
    console.log(`this build / baseline, first result: first visit ${ratio('cold')}, second visit ${ratio('warm')}`);
  }
}
