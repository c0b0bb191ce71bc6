// The playground's pictures and layout (issue 13): the graph view (an SVG
// DAG with fused loop nests boxed, nodes linked to source lines and
// WebAssembly), the run timeline, copy/download, collapsible modules,
// run-on-change, the splitter, the theme toggle, the narrow layout,
// contrast and the page heading; screenshots in tests/out/. Injected
// reports (fixtures/*.json) and a simulated compiler: needs web/dist
// (build:dev is enough), not the core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { start, openFakePage, loadFixture, screenshotPath } from './harness.mjs';

let env;
before(async () => { env = await start({ viewport: { width: 1280, height: 900 } }); });
after(async () => { if (env) await env.close(); });

async function rendered(fixture, opts) {
  const page = await openFakePage(env, '?autorun=0', opts);
  const f = loadFixture(fixture);
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [f.report, f.source]);
  return { page, f };
}
const cursorLine = (page) => page.evaluate(() => {
  const v = window.dynawasm.view;
  return v.state.doc.lineAt(v.state.selection.main.head).number;
});

test('graph view: the DAG renders with its fused loop nests boxed; a node selects its line and lights its WebAssembly', async () => {
  const { page, f } = await rendered('attention.json');
  const g = f.report.graphs[0];
  await page.click('#tab-graphs');
  const svg = '#panel-graphs .graph[data-graph-id="0"] svg.gv';
  await page.waitForSelector(svg);
  const drawn = g.nodes.filter((n) => n.op !== 'const');
  assert.equal(await page.$$eval(`${svg} .gv-node`, (e) => e.length), drawn.length, 'one box per node (constants folded into labels)');
  assert.equal(await page.$$eval(`${svg} .gv-input`, (e) => e.length), g.nodes.filter((n) => n.op === 'input').length);
  assert.equal(await page.$$eval(`${svg} .gv-box`, (e) => e.length), g.nests.length, 'one box per fused loop nest');
  assert.deepEqual(await page.$$eval(`${svg} .gv-box`, (els) => els.map((e) => e.classList[1])), g.nests.map((n) => `gv-box-${n.kind}`));
  const edges = drawn.reduce((n, x) => n + x.inputs.filter((i) => g.nodes[i].op !== 'const').length, 0);
  assert.equal(await page.$$eval(`${svg} .gv-edge`, (e) => e.length), edges);
  assert.equal(await page.$$eval(`${svg} .gv-output`, (e) => e.length), g.outputs.length);
  // every node of a nest lies inside its box
  const inside = await page.$$eval(`${svg} .gv-node`, (nodes, nodesJson) => {
    const byId = new Map(JSON.parse(nodesJson).map((n) => [n.id, n]));
    return nodes.every((el) => {
      const n = byId.get(Number(el.dataset.nodeId));
      if (n.nest == null) return true;
      const box = el.ownerSVGElement.querySelector(`.gv-box[data-nest="${n.nest}"] rect`).getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    });
  }, JSON.stringify(g.nodes));
  assert.ok(inside, 'nest members inside their box');
  // boxes do not overlap
  const overlap = await page.$$eval(`${svg} .gv-box rect`, (rs) => {
    const b = rs.map((r) => r.getBoundingClientRect());
    return b.some((x, i) => b.some((y, j) => j > i && x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom));
  });
  assert.equal(overlap, false);
  // click a node: its line is selected in the editor
  const softmax = g.nodes.find((n) => n.op === 'exp');
  await page.click(`${svg} .gv-node[data-node-id="${softmax.id}"]`);
  assert.equal(await cursorLine(page), softmax.line);
  // hover a node: the source line and the WebAssembly of that line light up
  await page.hover(`${svg} .gv-node[data-node-id="${g.nodes.find((n) => n.op === 'matmul').id}"]`);
  assert.deepEqual(await page.$$eval('.cm-line.dw-l-linked', (els) => els.map((e) => Number(e.dataset.line))), [10]);
  assert.ok(await page.$$eval('#panel-wasm .cl.linked', (e) => e.length) > 0, 'wasm instructions of line 10 linked');
  // keyboard: a node is a button
  await page.focus(`${svg} .gv-node[data-node-id="${g.nodes.find((n) => n.name === 'add').id}"]`);
  await page.keyboard.press('Enter');
  assert.equal(await cursorLine(page), 12);
  await page.$eval(svg, (e) => e.scrollIntoView());
  await page.screenshot({ path: screenshotPath('fixture-graph-view.png') });
  // a box's wasm link shows its function in the WebAssembly pane
  await page.locator(`${svg} .gv-box-link`).nth(2).click();
  assert.equal(await page.getAttribute('#tab-wasm', 'aria-selected'), 'true');
  assert.equal(await page.$$eval('#panel-wasm .func-target', (e) => e.length), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('run timeline: one row per call, segments per phase; a row selects its function', async () => {
  const { page, f } = await rendered('graph_tour.json');
  await page.click('#tab-timing');
  const calls = f.report.timeline.calls;
  assert.equal(await page.$$eval('#panel-timing .tl-row', (e) => e.length), calls.length);
  for (let i = 0; i < calls.length; i++) {
    const kinds = await page.$$eval(`#panel-timing .tl-row[data-call="${i}"] .tl-seg`, (els) => els.map((e) => e.dataset.kind));
    assert.deepEqual(kinds, calls[i].events.map((e) => e.kind), `call ${i + 1}: a segment per event, in order`);
  }
  // the first call compiles (codegen and Binaryen), the second only traces and runs
  const first = await page.$$eval('#panel-timing .tl-row[data-call="0"] .tl-seg', (els) => [...new Set(els.map((e) => e.dataset.kind))].sort());
  assert.deepEqual(first, ['codegen', 'eager', 'instantiate', 'optimize', 'run', 'trace']);
  assert.match(await page.textContent('#panel-timing .tl-row[data-call="0"] .tl-facts'), /compile .* · kernels .* · eager /);
  // segment widths follow their durations
  const w = await page.$$eval('#panel-timing .tl-row[data-call="0"] .tl-seg', (els) => els.map((e) => Number(e.getAttribute('width'))));
  const c0 = calls[0];
  const longest = c0.events.reduce((a, e, i) => (e.end - e.start > c0.events[a].end - c0.events[a].start ? i : a), 0);
  assert.equal(w.indexOf(Math.max(...w)), longest, 'the longest event is the widest segment');
  await page.click('#panel-timing .tl-row[data-call="1"] .tl-name');
  assert.equal(await cursorLine(page), calls[1].line);
  // the per-graph table (eight columns: Binaryen's among them) fits its card at this width: no column cut off
  const [scrollW, clientW] = await page.$eval('#panel-timing table.timing', (t) => [t.parentElement.scrollWidth, t.parentElement.clientWidth]);
  assert.ok(scrollW <= clientW, `the per-graph table is ${scrollW} px wide in ${clientW} px`);
  await page.$eval('#panel-timing .timeline', (e) => e.scrollIntoView());
  await page.screenshot({ path: screenshotPath('fixture-timeline.png') });
  await page.close();
});

test('copy and download: output, graphs and WebAssembly text; collapsible modules open to a linked line', async () => {
  const { page, f } = await rendered('attention.json');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('#tab-output');
  await page.click('#panel-output .tools button:has-text("Copy")');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), f.report.stdout);
  await page.click('#tab-wasm');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#panel-wasm .wat[data-graph-id="0"] .tools button:has-text("Download")')]);
  assert.equal(dl.suggestedFilename(), 'graph-1.wat'); // graphs count from 1, as in PyTorch's explain
  assert.equal(fs.readFileSync(await dl.path(), 'utf8'), f.report.graphs[0].wat);
  await page.click('#tab-graphs');
  const [dg] = await Promise.all([page.waitForEvent('download'), page.click('#panel-graphs .pane-head .tools button:has-text("Download")')]);
  assert.equal(dg.suggestedFilename(), 'graphs.py');
  assert.ok(fs.readFileSync(await dg.path(), 'utf8').includes(f.report.graphs[0].code));
  // collapse, then put the cursor on a line: the module opens at the instruction
  await page.click('#tab-wasm');
  await page.click('#panel-wasm button:has-text("Collapse all")');
  assert.equal(await page.$eval('#panel-wasm details.wat', (d) => d.open), false);
  assert.equal(await page.isVisible('#panel-wasm details.wat pre'), false);
  await page.click('.cm-line[data-line="11"]');
  assert.equal(await page.$eval('#panel-wasm details.wat', (d) => d.open), true, 'opened to show the linked instruction');
  const vis = await page.$eval('#panel-wasm .cl.linked', (e) => {
    const r = e.getBoundingClientRect(), p = document.getElementById('panel-wasm').getBoundingClientRect();
    return r.top >= p.top - 1 && r.bottom <= p.bottom + 1;
  });
  assert.ok(vis, 'scrolled to the linked instruction');
  await page.close();
});

test('run on change: off by default; on, an edit runs the program after a pause', async () => {
  const page = await openFakePage(env);
  assert.equal(await page.isChecked('#run-on-change'), false);
  await page.evaluate(() => window.dynawasm.setSource('print("one")\n'));
  await page.click('.cm-line[data-line="1"]');
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await page.waitForTimeout(1000);
  await page.keyboard.press('Backspace');
  assert.equal(await page.evaluate(() => window.__runsSent), 0, 'no run while off');
  await page.check('#run-on-change');
  await page.click('.cm-line[data-line="1"]');
  await page.keyboard.press('End');
  await page.keyboard.type('\nprint("two")');
  assert.equal(await page.evaluate(() => window.__runsSent), 0, 'not while typing');
  await page.waitForFunction(() => window.dynawasm.lastReport, null, { timeout: 3000 });
  assert.equal(await page.evaluate(() => window.dynawasm.lastReport.stdout), 'one\ntwo\n');
  assert.equal(await page.evaluate(() => window.__runsSent), 1, 'one run for the burst of typing');
  await page.reload();
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  assert.equal(await page.isChecked('#run-on-change'), true, 'the choice is remembered');
  await page.close();
});

test('the splitter resizes the panes (keyboard and mouse) and remembers', async () => {
  const page = await openFakePage(env, '?autorun=0');
  const widths = () => page.evaluate(() => [document.querySelector('.editor-pane').getBoundingClientRect().width, document.querySelector('.side').getBoundingClientRect().width]);
  const [e0] = await widths();
  await page.focus('#splitter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#splitter', 'aria-valuenow'), '65');
  const [e1] = await widths();
  assert.ok(e1 > e0 + 80, `wider editor: ${e0} -> ${e1}`);
  const box = await page.$eval('#splitter', (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  await page.mouse.move(box.x, box.y);
  await page.mouse.down();
  await page.mouse.move(box.x - 400, box.y, { steps: 5 });
  await page.mouse.up();
  const [e2, s2] = await widths();
  assert.ok(e2 < e1 - 300 && s2 > e2, `dragged: editor ${e2}, results ${s2}`);
  await page.reload();
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  const [e3] = await widths();
  assert.ok(Math.abs(e3 - e2) < 3, 'remembered');
  await page.close();
});

test('theme toggle: system, light, dark, independent of the OS; the editor follows', async () => {
  const page = await openFakePage(env, '?autorun=0', { colorScheme: 'dark' });
  const theme = () => page.evaluate(() => [document.documentElement.dataset.themeChoice, document.documentElement.dataset.theme,
    getComputedStyle(document.querySelector('.cm-editor')).backgroundColor]);
  assert.deepEqual(await theme(), ['system', 'dark', 'rgb(15, 20, 26)']);
  await page.click('#theme');
  assert.deepEqual(await theme(), ['light', 'light', 'rgb(255, 255, 255)'], 'light although the OS is dark');
  await page.click('#theme');
  assert.deepEqual(await theme(), ['dark', 'dark', 'rgb(15, 20, 26)']);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal((await theme())[1], 'dark', 'a chosen theme ignores the OS');
  await page.reload();
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  assert.deepEqual((await theme()).slice(0, 2), ['dark', 'dark'], 'remembered');
  assert.match(await page.getAttribute('#theme', 'aria-label'), /Theme: dark/);
  await page.close();
});

test('contrast of the line numbers >= 4.5:1 in both themes, and the page has one heading', async () => {
  const ratio = (page) => page.evaluate(() => {
    const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
      .reduce((a, c, i) => a + c * [0.2126, 0.7152, 0.0722][i], 0);
    const fg = lum(rgb(getComputedStyle(document.querySelector('.cm-lineNumbers .cm-gutterElement:not(.cm-activeLineGutter)')).color));
    const bg = lum(rgb(getComputedStyle(document.querySelector('.cm-gutters')).backgroundColor));
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
  for (const colorScheme of ['light', 'dark']) {
    const page = await openFakePage(env, '?autorun=0', { colorScheme });
    const r = await ratio(page);
    assert.ok(r >= 4.5, `${colorScheme}: line numbers ${r.toFixed(2)}:1`);
    assert.deepEqual(await page.$$eval('h1', (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim())), ['dynawasm playground']);
    await page.close();
  }
});

test('narrow screens: every tab is reachable, the panes stack; screenshots', async () => {
  const { page } = await rendered('graph_tour.json', { viewport: { width: 390, height: 844 } });
  const tabs = await page.$$eval('[role="tab"]', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { id: e.id, left: r.left, right: r.right, w: r.width }; }));
  for (const t of tabs) assert.ok(t.left >= 0 && t.right <= 390 && t.w > 0, `${t.id} within the screen: ${JSON.stringify(t)}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no sideways scrolling');
  for (const t of tabs) {
    await page.click(`#${t.id}`);
    assert.equal(await page.$eval(`#${t.id}`, (e) => document.getElementById(e.getAttribute('aria-controls')).hidden), false);
  }
  assert.equal(await page.isVisible('#splitter'), false);
  await page.click('#tab-graphs');
  await page.screenshot({ path: screenshotPath('fixture-narrow-graphs.png'), fullPage: true });
  await page.close();
  // dark screenshots of the pictures
  const { page: dark } = await rendered('attention.json', { colorScheme: 'dark' });
  await dark.click('#tab-graphs');
  await dark.screenshot({ path: screenshotPath('fixture-graph-view-dark.png') });
  await dark.click('#tab-timing');
  await dark.screenshot({ path: screenshotPath('fixture-timeline-dark.png') });
  await dark.close();
});
