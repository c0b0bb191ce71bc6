#!/usr/bin/env node
// playground_rerun.mjs - a benchmark, not a test: the round trip of a
// re-run in the playground (Run pressed again) right after a run, and 5 s
// after it, each in a fresh page (its own browser context: nothing cached,
// so Binaryen is fetched, compiled and instantiated on that visit, as on a
// first visit). Right after a run, Binaryen is busy optimising its kernels
// (and, the first time, loading): a re-run that waits for it shows here.
// Prints the medians of each kind and, with --baseline, the same for
// another build (e.g. main's web/dist, built elsewhere), its pages
// interleaved with this build's under the same load (which goes first
// alternates, and so does the order of the two kinds).
//
//   npm --prefix web run build && node tests/bench/playground_rerun.mjs
//     [--pairs 5]          rounds (each: every build, both kinds)
//     [--baseline DIR]     also time another build's web/dist
//     [--example NAME]     the example to run (a part of its file name;
//                          default: the seed example)
//     [--later MS]         the wait before the later re-run (default 5000)
//     [--json]             machine-readable output
//
// Per re-run: the round trip (page -> worker -> page, as the status line
// says it), how long its message waited for the compiler's thread, the
// core's run time and the tier its kernels ran in. Served by web/serve.mjs,
// driven by Debian's Chromium (headless, playwright-core). Shared machine:
// read the medians, with the load printed beside them.
import os from 'node:os';
import path from 'node:path';
import { start, buildInfo, distDir } from '../browser/harness.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const PAIRS = Number(opt('pairs', 5));
const BASELINE = opt('baseline', null);
const EXAMPLE = opt('example', null);
const LATER = Number(opt('later', 5000));
const JSON_OUT = argv.includes('--json');

if (!buildInfo().compiler) {
  console.error('web/dist was built without the compiler: build the core, then `npm --prefix web run build`');
  process.exit(2);
}
const builds = [{ name: 'this build', dir: distDir }];
if (BASELINE) builds.push({ name: 'baseline', dir: path.resolve(BASELINE) });
for (const b of builds) b.env = await start({ dir: b.dir });

/** "12.3 ms" / "1.36 s" (the page's fmtMs) -> ms. */
const parseMs = (t) => {
  const m = /([\d.]+)\s*(ms|s)\b/.exec(t || '');
  return m ? Number(m[1]) * (m[2] === 's' ? 1000 : 1) : null;
};

async function visit(env, kind) {
  const page = await env.newPage();
  try {
    await page.goto(env.url + '?autorun=0');
    await page.waitForFunction(() => window.dynawasm && window.dynawasm.ready, null, { timeout: 120_000 });
    if (EXAMPLE) {
      const idx = await page.evaluate((x) => window.dynawasm.examples.findIndex((e) => e.file.includes(x)), EXAMPLE);
      if (idx < 0) throw new Error(`no example matches ${EXAMPLE}`);
      await page.selectOption('#examples', String(idx));
      await page.waitForFunction(() => window.dynawasm.lastReport, null, { timeout: 120_000 });
    } else {
      await page.evaluate(() => window.dynawasm.run());
    }
    if (kind === 'later') await page.waitForTimeout(LATER);
    const r = await page.evaluate(async () => {
      const t = performance.now();
      const rep = await window.dynawasm.run();
      return { roundTrip: performance.now() - t, core: rep.time_ms.total, tiers: [...new Set(rep.graphs.map((g) => g.tier))].join(',') };
    });
    await page.click('#tab-timing');
    const waitedText = await page.locator('#panel-timing [data-row="waited"]').textContent({ timeout: 5000 }).catch(() => null);
    return { ...r, waited: parseMs(waitedText) };
  } finally {
    await page.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};
const results = Object.fromEntries(builds.map((b) => [b.name, { now: [], later: [] }]));
const loads = [os.loadavg()[0]];
try {
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 ? [...builds].reverse() : builds;
    for (const b of order) {
      for (const kind of i % 2 ? ['later', 'now'] : ['now', 'later']) {
        results[b.name][kind].push(await visit(b.env, kind));
      }
    }
    loads.push(os.loadavg()[0]);
    if (!JSON_OUT) process.stderr.write(`pair ${i + 1}/${PAIRS} done (load ${os.loadavg()[0].toFixed(2)})\n`);
  }
} finally {
  for (const b of builds) await b.env.close();
}

const summary = {};
for (const b of builds) {
  summary[b.name] = {};
  for (const kind of ['now', 'later']) {
    const xs = results[b.name][kind];
    summary[b.name][kind] = {
      roundTrip: median(xs.map((x) => x.roundTrip)),
      waited: median(xs.map((x) => x.waited)),
      core: median(xs.map((x) => x.core)),
      runs: xs.map((x) => `${x.roundTrip.toFixed(0)}/${x.waited == null ? '-' : x.waited.toFixed(0)}/${x.core.toFixed(1)}/${x.tiers}`),
    };
  }
}
if (JSON_OUT) {
  console.log(JSON.stringify({ pairs: PAIRS, example: EXAMPLE, later: LATER, loads, summary }, null, 2));
} else {
  console.log(`re-run round trip, fresh page each, ${PAIRS} interleaved rounds, example ${EXAMPLE || 'seed'}; 1-min load ${loads.map((l) => l.toFixed(1)).join(' -> ')}`);
  console.log('medians in ms (each run: round trip/waited/core/tier)');
  for (const b of builds) {
    for (const kind of ['now', 'later']) {
      const s = summary[b.name][kind];
      const label = kind === 'now' ? 'right after' : `${LATER / 1000} s later`;
      console.log(`${b.name.padEnd(10)} ${label.padEnd(11)} round trip ${s.roundTrip.toFixed(0).padStart(5)}  waited ${s.waited == null ? '    -' : s.waited.toFixed(0).padStart(5)}  core ${s.core.toFixed(1).padStart(6)}   ${s.runs.join('  ')}`);
    }
  }
  if (BASELINE) {
    const a = summary['this build'].now.roundTrip;
    const b = summary.baseline.now.roundTrip;
    console.log(`re-run right after: this build / baseline = ${(a / b).toFixed(2)}; this build right after / 5 s later = ${(a / summary['this build'].later.roundTrip).toFixed(2)}`);
  }
}
