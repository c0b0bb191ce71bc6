// What a user tripped over in the playground (session 6's walk through it,
// /work/notes/play.md has the findings): the result tabs wrapping to a second
// row at desktop width (a failed graph's count, the Output "!", the Running
// indicator), the graph-break site's URL as dead text in Explain and in the
// hover tooltip, no word of a run that goes on and on, and nothing in the
// Output pane after Stop. Injected reports and a simulated compiler: needs
// web/dist (build:dev is enough), not the core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, openFakePage, screenshotPath, renderFixture } from './harness.mjs';

let env;
before(async () => { env = await start({ viewport: { width: 1280, height: 800 } }); });
after(async () => { if (env) await env.close(); });

const rendered = (fixture, page) => renderFixture(env, fixture, page);
/** The tops of the result tabs (one row: all equal) and the tab bar's height. */
const tabRows = (page) => page.evaluate(() => ({
  tops: [...document.querySelectorAll('[role="tab"]')].map((t) => Math.round(t.getBoundingClientRect().top)),
  bar: Math.round(document.querySelector('.tabbar').getBoundingClientRect().height),
}));

test('the result tabs stay on one row at 1280 px with every count shown, and while a run goes on', async () => {
  const { page, f } = await rendered('relu_failed.json');
  assert.equal(f.report.ok, false, 'the fixture fails: Output shows "!"');
  assert.ok(await page.isVisible('#count-graphs') && await page.isVisible('#count-output') && await page.isVisible('#count-guards'));
  const idle = await tabRows(page);
  assert.equal(new Set(idle.tops).size, 1, `tabs on one row: tops ${idle.tops}`);
  await page.screenshot({ path: screenshotPath('usability-tabs-1280.png') });
  // The Running indicator must not push a tab to a second row.
  await page.evaluate(() => document.body.classList.add('running'));
  const running = await tabRows(page);
  assert.equal(await page.isVisible('.run-indicator'), true);
  assert.equal(new Set(running.tops).size, 1, `tabs on one row while running: tops ${running.tops}`);
  assert.equal(running.bar, idle.bar, 'the tab bar keeps its height while running');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the graph-break site\'s URL is a link in Explain and in the hover tooltip; the function is in the title', async () => {
  const { page, f } = await rendered('graph_tour.json');
  const url = /https:\/\/meta-pytorch\.github\.io\/compile-graph-break-site\/gb\/gb\d+\.html/.exec(JSON.stringify(f.report.explain.break_reasons))[0];
  await page.click('#tab-explain');
  const link = page.locator(`#panel-explain .reason-detail a[href="${url}"]`).first();
  assert.equal(await link.count(), 1, `Explain links ${url}`);
  assert.equal(await link.textContent(), url);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  // A script URL in a message stays text.
  const bad = structuredClone(f.report);
  bad.explain.break_reasons[0].message += '\n javascript:alert(1) and https://example.org/x).';
  await page.evaluate(([r]) => window.dynawasm.render(r), [bad]);
  await page.click('#tab-explain');
  assert.equal(await page.locator('#panel-explain a[href^="javascript:"]').count(), 0);
  assert.equal(await page.locator('#panel-explain a[href="https://example.org/x"]').count(), 1, 'closing punctuation is not part of a URL');
  // The tooltip of the line with the first break.
  const brk = f.report.marks.find((m) => m.kind === 'graph_break' && /https:/.test(m.message || ''));
  const line = page.locator(`.cm-line[data-line="${brk.line}"]`);
  const box = await line.boundingBox();
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  const tip = await page.waitForSelector('.cm-tooltip-hover .dw-tip', { timeout: 3000 });
  assert.ok(await tip.$('.dw-tip-body a[href^="https://meta-pytorch.github.io/"]'), 'the tooltip links the URL');
  const tipText = await tip.textContent();
  assert.match(tipText, new RegExp(`Graph break · ${brk.reason} in ${brk.function}`));
  assert.doesNotMatch(tipText, /\.html \(in /, 'the function is not glued to the URL');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a run that goes on says so after 3 s; Stop says in Output what happened', async () => {
  const page = await openFakePage(env);
  await page.evaluate(() => window.dynawasm.setSource('print("first")\n'));
  await page.evaluate(() => window.dynawasm.run());
  await page.evaluate(() => window.dynawasm.setSource('i = 0\nwhile True:\n    i += 1\n'));
  await page.click('#run');
  await page.waitForFunction(() => /Still running after \d+ s/.test(document.getElementById('status').textContent), null, { timeout: 6000 });
  assert.match(await page.textContent('#status'), /Stop ends it/);
  await page.click('#stop');
  await page.waitForFunction(() => !document.body.classList.contains('running'), null, { timeout: 3000 });
  assert.equal(await page.getAttribute('#tab-output', 'aria-selected'), 'true');
  const out = await page.textContent('#panel-output');
  assert.match(out, /Stopped after \d/);
  assert.match(out, /nothing this run printed is kept/);
  assert.match(out, /last run that finished/, 'says the other tabs are the earlier run\'s');
  assert.doesNotMatch(out, /first/, 'the earlier program\'s output is not shown as this run\'s');
  await page.screenshot({ path: screenshotPath('usability-stopped.png') });
  // The next run's report replaces the notice.
  await page.evaluate(() => window.dynawasm.setSource('print("next")\n'));
  await page.evaluate(() => window.dynawasm.run());
  assert.doesNotMatch(await page.textContent('#panel-output'), /Stopped after/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a diagram wider than the pane (an nn.Module\'s parameters) opens scrolled to its first op, not to a row of inputs', async () => {
  const { page, f } = await renderFixture(env, 'mlp_module.json');
  assert.ok(f.report.graphs[0].nodes.filter((n) => n.op === 'input').length >= 7);
  await page.click('#tab-graphs');
  await page.waitForFunction(() => document.querySelector('.gv-wrap') && document.querySelector('.gv-wrap').scrollLeft > 0, null, { timeout: 3000 })
    .catch(() => {});
  const at = await page.evaluate(() => {
    const wrap = document.querySelector('.gv-wrap');
    const w = wrap.getBoundingClientRect();
    const op = wrap.querySelector('.gv-node:not(.gv-input)').getBoundingClientRect();
    return { wide: wrap.scrollWidth > wrap.clientWidth, left: w.left, right: w.left + wrap.clientWidth, opLeft: op.left, opRight: op.right };
  });
  assert.ok(at.wide, 'the diagram is wider than the pane (else this test says nothing)');
  assert.ok(at.opLeft >= at.left && at.opRight <= at.right, `the first op is in view: ${JSON.stringify(at)}`);
  await page.screenshot({ path: screenshotPath('usability-wide-graph.png') });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a graph of more than 100 nodes shows its code first; its diagram is drawn when opened', async () => {
  const { page, f } = await renderFixture(env, 'mlp_module.json');
  // a 120-op chain (LeNet's im2col makes 208): the fixture's graph, made long
  const r = structuredClone(f.report);
  const g = r.graphs[0];
  const nodes = [{ id: 0, name: 'x', op: 'input', expr: null, meta: 'f32[8]', inputs: [], line: 14, nest: null }];
  const code = ['graph(x: f32[8]):'];
  for (let i = 1; i <= 120; i++) {
    nodes.push({ id: i, name: `add_${i}`, op: 'add', expr: `${i === 1 ? 'x' : `add_${i - 1}`} + 1`, meta: 'f32[8]', inputs: [i - 1], line: 14, nest: 0 });
    code.push(`  add_${i} = ${i === 1 ? 'x' : `add_${i - 1}`} + 1  # line 14`);
  }
  code.push('  return add_120');
  Object.assign(g, { nodes, outputs: [120], nests: [{ kind: 'pointwise', name: 'nest0_line_14' }], code: code.join('\n') });
  await page.evaluate(([rep]) => window.dynawasm.render(rep), [r]);
  await page.click('#tab-graphs');
  assert.equal(await page.$eval('#panel-graphs details.graph-code', (d) => d.open), true, 'the code is open');
  assert.equal(await page.isVisible('#panel-graphs details.graph-code pre'), true);
  assert.match(await page.textContent('#panel-graphs details.graph-diagram > summary'), /Diagram \(121 nodes/);
  assert.equal(await page.locator('#panel-graphs svg.gv').count(), 0, 'not drawn while closed');
  await page.click('#panel-graphs details.graph-diagram > summary');
  await page.waitForSelector('#panel-graphs svg.gv');
  assert.equal(await page.locator('#panel-graphs svg.gv .gv-node').count(), 121);
  // a graph of the fixture's own size shows its diagram at once, code folded
  await page.evaluate(([rep]) => window.dynawasm.render(rep), [f.report]);
  await page.click('#tab-graphs');
  assert.equal(await page.locator('#panel-graphs details.graph-diagram').count(), 0);
  assert.equal(await page.locator('#panel-graphs svg.gv').count(), 1);
  assert.equal(await page.$eval('#panel-graphs details.graph-code', (d) => d.open), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A compiler worker that is busy between runs (800 ms after each result,
// as the real one was while Binaryen ran on its thread) and says how long
// a run's message waited for its thread.
const BUSY_WORKER = `
postMessage({ type: 'ready', ms: 1 });
onmessage = (ev) => {
  const m = ev.data;
  if (m.type !== 'run') return;
  const waitedMs = Math.max(0, performance.timeOrigin + performance.now() - m.sentAt);
  postMessage({ type: 'result', id: m.id, ms: 0.1, waitedMs, report: { ok: true, stdout: 'ok\\n', stderr: '', error: null,
    marks: [{ line: 1, kind: 'not_traced' }], frames: [], graphs: [],
    explain: { graph_count: 0, graph_break_count: 0, op_count: 0, break_reasons: [] }, time_ms: { total: 0.1 } } });
  setTimeout(() => { const t = Date.now(); while (Date.now() - t < 800); }, 0);
};`;

test('a run that waited for the compiler\'s thread says so (status and Timing), a prompt one does not', async () => {
  const page = await env.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.addInitScript((code) => {
    window.Worker = class extends window.Worker {
      constructor(u, o) { super(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), o); }
    };
  }, BUSY_WORKER);
  await page.goto(env.url + '?autorun=0');
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.ready);
  await page.evaluate(() => window.dynawasm.setSource('print("ok")\n'));
  await page.evaluate(() => window.dynawasm.run()); // (the worker is then busy for 800 ms)
  await page.evaluate(() => window.dynawasm.run());
  const status = await page.textContent('#status');
  assert.match(status, /^Done in .* \(\d+(\.\d+)? ms of it waiting for the compiler's thread to be free\)$/, status);
  const waited = Number(/\((\d+(?:\.\d+)?) ms of it/.exec(status)[1]);
  assert.ok(waited >= 400 && waited < 5000, `waited ${waited} ms`);
  await page.click('#tab-timing');
  assert.match(await page.textContent('#panel-timing [data-row="waited"]'), /waiting for the compiler's thread/);
  // after the job: no wait, no note
  await page.waitForTimeout(1200);
  await page.evaluate(() => window.dynawasm.run());
  assert.doesNotMatch(await page.textContent('#status'), /waiting/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
