// Rendering tests of the playground with injected reports
// (window.dynawasm.render): they need web/dist built (with or without the
// compiler: `npm --prefix web run build:dev` is enough), not the core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, openFakePage, useFakeWorker, lineMarks, loadFixture, screenshotPath, readSource } from './harness.mjs';
import { parseAnnotations, checkLineMarks } from '../lib/annotations.mjs';

let env;
before(async () => {
  // Tall enough that every line of the fixtures' programs is rendered.
  env = await start({ viewport: { width: 1280, height: 2000 } });
});
after(async () => { if (env) await env.close(); });

async function rendered(fixture, { page } = {}) {
  page = page || await openFakePage(env, '?autorun=0');
  const f = loadFixture(fixture);
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [f.report, f.source]);
  return { page, f };
}

function expectedKinds(report) {
  const m = new Map();
  for (const x of report.marks) {
    if (!m.has(x.line)) m.set(x.line, new Set());
    m.get(x.line).add(x.kind);
  }
  return m;
}

const CONFORMANCE_FIXTURES = ['seed_example.json', 'break_inside_helper.json', 'suppress_errors_on.json',
  'name_error_traceback.json', 'recompile_on_shape.json'];

for (const fx of CONFORMANCE_FIXTURES) {
  test(`data-marks of every line: ${fx}`, async () => {
    const { page, f } = await rendered(fx);
    const lines = await lineMarks(page);
    const nLines = f.source.split('\n').length;
    assert.equal(lines.length, nLines, 'every line is rendered and carries data-line');
    assert.deepEqual(lines.map((l) => l.line), Array.from({ length: nLines }, (_, i) => i + 1), 'data-line is 1-based and in order');
    // 1. exactly the report's kinds, sorted, on every line
    const want = expectedKinds(f.report);
    for (const { line, marks } of lines) {
      assert.equal(marks, [...(want.get(line) || [])].sort().join(' '), `line ${line}: data-marks`);
    }
    // 2. the program's own annotations (the conformance rule)
    const ann = parseAnnotations(f.source);
    assert.ok(ann.lines.size > 0 || fx === 'name_error_traceback.json', 'fixture program has annotations');
    const problems = [];
    for (const { line, marks } of lines) {
      const why = checkLineMarks(ann, line, new Set(marks ? marks.split(' ') : []));
      if (why) problems.push(why);
    }
    assert.deepEqual(problems, [], 'marks match the annotations');
    // reason codes, when annotated, are shown in the inline note
    for (const [line, exp] of ann.lines) {
      const reason = exp.reasons.get('graph_break');
      if (!reason) continue;
      const notes = await page.$$eval(`.cm-line[data-line="${line}"] .dw-note-graph_break`, (els) => els.map((e) => e.textContent));
      assert.ok(notes.some((t) => t.includes(reason)), `line ${line}: inline note names ${reason} (got ${JSON.stringify(notes)})`);
    }
    assert.deepEqual(ann.problems, []);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('seed example: gutter glyphs, badges, inline break notes, dimmed bodies, tooltips', async () => {
  const { page } = await rendered('seed_example.json');
  const gutter = async (n) => page.$eval(`.dw-gm[data-gutter-line="${n}"]`, (e) => ({ text: e.textContent, title: e.title })).catch(() => null);
  assert.equal((await gutter(17)).text, 'T');
  assert.equal((await gutter(5)).text, 'E');
  assert.equal((await gutter(16)).text, 'T◆');
  assert.equal((await gutter(9)).text, '⊘');
  assert.equal(await gutter(3), null, 'unmarked lines have no gutter marker');
  assert.match((await gutter(16)).title, /disabled_call/);
  assert.match((await gutter(16)).title, /Hint:/);

  const note = (n, kind) => page.$$eval(`.cm-line[data-line="${n}"] .dw-note-${kind}`, (els) => els.map((e) => ({ text: e.textContent, title: e.title })));
  assert.deepEqual((await note(9, 'disabled')).map((x) => x.text), ['⊘disabled']);
  assert.deepEqual((await note(26, 'disabled')).map((x) => x.text), ['⊘disabled(recursive=False)']);
  const b16 = await note(16, 'graph_break');
  assert.equal(b16.length, 1);
  assert.match(b16[0].text, /disabled_call: Skip calling `torch\.compiler\.disable\(\)`d function outer1/);
  assert.match(b16[0].title, /Hint: /);

  // bodies of disabled functions are dimmed, the def line and others not
  const dimmed = await page.$$eval('.cm-line.dw-l-dim', (els) => els.map((e) => Number(e.dataset.line)));
  assert.deepEqual(dimmed, [10, 11, 12, 27, 28, 29]);

  // backgrounds: traced / eager classes
  assert.ok(await page.$('.cm-line[data-line="17"].dw-l-traced'));
  assert.ok(await page.$('.cm-line[data-line="5"].dw-l-eager'));
  // lint diagnostics underline the breaking statements
  assert.equal(await page.$$eval('.cm-line[data-line="16"] .dw-break-range', (e) => e.length), 1);

  // hover tooltip with reason, message and hint
  await page.hover('.cm-line[data-line="16"] .cm-lintRange');
  const tip = await page.waitForSelector('.cm-tooltip-hover .dw-tip', { timeout: 3000 });
  const tipText = await tip.textContent();
  assert.match(tipText, /Line 16/);
  assert.match(tipText, /Graph break · disabled_call/);
  assert.match(tipText, /Hint: /);
  assert.match(tipText, /Traced/);
  // the cursor line's marks in words (status bar, aria-live)
  await page.click('.cm-line[data-line="33"]');
  assert.match(await page.textContent('#line-info'), /^Ln 33: traced · graph break \(disabled_call: Skip inlining/);
  // legend
  const legend = await page.$$eval('#legend .lg', (els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(legend, ['T traced', 'E eager (not traced)', '◆ graph break', '⊘ disabled', '✕ suppressed error']);
  await page.close();
});

test('a line with two marks shows both (traced and not traced)', async () => {
  const page = await openFakePage(env, '?autorun=0');
  const src = 'import torch\n\ndef h(x):\n    return x + 1\n\n@torch.compile\ndef f(x):\n    return h(x)\n\nprint(h(torch.ones(1)), f(torch.ones(1)))\n';
  const report = {
    ok: true, stdout: '', stderr: '', error: null,
    marks: [{ line: 4, kind: 'traced' }, { line: 4, kind: 'not_traced' }, { line: 8, kind: 'traced' }],
    frames: [], graphs: [], explain: { graph_count: 1, graph_break_count: 0, op_count: 1, break_reasons: [] }, time_ms: { total: 1 },
  };
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [report, src]);
  assert.equal(await page.$eval('.cm-line[data-line="4"]', (e) => e.dataset.marks), 'not_traced traced');
  assert.equal(await page.$eval('.dw-gm[data-gutter-line="4"]', (e) => e.textContent), 'TE');
  assert.ok(await page.$('.cm-line[data-line="4"].dw-l-both'));
  await page.close();
});

test('suppressed error: wavy underline, note and tooltip', async () => {
  const { page } = await rendered('suppress_errors_on.json');
  assert.equal(await page.$eval('.cm-line[data-line="8"]', (e) => e.dataset.marks), 'not_traced suppressed_error');
  const range = await page.$('.cm-line[data-line="8"] .cm-lintRange.dw-suppressed-range');
  assert.ok(range, 'underlined');
  const deco = await range.evaluate((e) => getComputedStyle(e).textDecorationStyle);
  assert.equal(deco, 'wavy');
  assert.match(await page.$eval('.cm-line[data-line="8"] .dw-note-suppressed_error', (e) => e.textContent), /BackendCompilerFailed/);
  await range.hover();
  const tip = await page.waitForSelector('.cm-tooltip-hover .dw-tip', { timeout: 3000 });
  assert.match(await tip.textContent(), /Suppressed compiler error/);
  await page.close();
});

test('marks survive edits: kept, dimmed, moved with their lines, until the next render', async () => {
  const { page, f } = await rendered('seed_example.json');
  const before = await lineMarks(page);
  const marked = before.filter((l) => l.marks).map((l) => [l.line, l.marks]);
  assert.equal(await page.$$eval('.cm-editor.dw-stale', (e) => e.length), 0, 'fresh marks are not dimmed');
  // a new line above everything: every mark moves down by one
  await page.click('.cm-line[data-line="3"]');
  await page.keyboard.press('Home');
  await page.keyboard.type('x = 1');
  await page.keyboard.press('Enter');
  const after = await lineMarks(page);
  assert.deepEqual(after.filter((l) => l.marks).map((l) => [l.line, l.marks]), marked.map(([n, m]) => [n >= 3 ? n + 1 : n, m]), 'marks moved with their lines');
  assert.equal(await page.$$eval('.cm-editor.dw-stale', (e) => e.length), 1, 'the editor shows them as stale');
  assert.equal(await page.$eval('.cm-line[data-line="17"] .dw-note-graph_break', (e) => getComputedStyle(e).opacity), '0.45', 'inline notes dimmed');
  assert.ok(await page.$$eval('.dw-gm', (e) => e.length) > 0, 'gutter markers kept');
  assert.ok(await page.$$eval('.cm-lintRange', (e) => e.length) > 0, 'diagnostics kept');
  assert.match(await page.textContent('#legend-note'), /dimmed.*run again/i);
  // deleting a marked line drops its marks only
  await page.evaluate(() => {
    const v = window.dynawasm.view;
    const l = v.state.doc.line(18); // `return x + 4  # traced` (was 17)
    v.dispatch({ changes: { from: l.from, to: l.to + 1 } });
  });
  const del = await lineMarks(page);
  assert.equal(del.find((l) => l.line === 18).marks, '', 'the next line (was 19) has no marks');
  assert.equal(del.find((l) => l.line === 17).marks, 'graph_break traced');
  // the next render brings fresh marks
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [f.report, f.source]);
  assert.equal(await page.$eval('.cm-line[data-line="16"]', (e) => e.dataset.marks), 'graph_break traced');
  assert.equal(await page.$$eval('.cm-editor.dw-stale', (e) => e.length), 0);
  await page.close();
});

test('program output is text, never HTML', async () => {
  const { page } = await rendered('xss.json');
  await page.click('#tab-output');
  assert.equal(await page.textContent('[data-stream="stdout"]'), '<img src=x onerror=alert(1)>\n<script>alert(2)</script>\n');
  assert.equal(await page.textContent('[data-stream="stderr"]'), '<b>not bold</b>\n');
  assert.match(await page.textContent('[data-stream="traceback"]'), /RuntimeError: <img src=y onerror=alert\(3\)>/);
  for (const tab of ['#tab-graphs', '#tab-wasm', '#tab-explain', '#tab-timing', '#tab-guards']) await page.click(tab);
  assert.equal(await page.$$eval('img:not([src="favicon.svg"]):not(.cm-widgetBuffer), .panel script, .panel b, .cm-editor b, .cm-editor i', (e) => e.length), 0, 'no element was created from report text');
  assert.match(await page.textContent('#panel-graphs'), /<b>f<\/b>/);
  assert.match(await page.textContent('#panel-explain'), /<img src=r onerror=alert\(7\)>/);
  assert.match(await page.$eval('.cm-line[data-line="2"] .dw-note-graph_break', (e) => e.textContent), /<img src=z onerror=alert\(4\)>/);
  await page.waitForTimeout(200);
  assert.deepEqual(page.errors, [], 'no dialog, no error');
  await page.close();
});

test('tabs: click and keyboard', async () => {
  const { page } = await rendered('seed_example.json');
  const visible = () => page.$$eval('[role="tabpanel"]', (els) => els.filter((e) => !e.hidden).map((e) => e.id));
  for (const [tab, panel] of [['tab-graphs', 'panel-graphs'], ['tab-wasm', 'panel-wasm'], ['tab-explain', 'panel-explain'],
    ['tab-timing', 'panel-timing'], ['tab-guards', 'panel-guards'], ['tab-output', 'panel-output']]) {
    await page.click(`#${tab}`);
    assert.deepEqual(await visible(), [panel]);
    assert.equal(await page.getAttribute(`#${tab}`, 'aria-selected'), 'true');
  }
  await page.focus('#tab-output');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await visible(), ['panel-graphs']);
  await page.keyboard.press('End');
  assert.deepEqual(await visible(), ['panel-guards']);
  await page.keyboard.press('Home');
  assert.deepEqual(await visible(), ['panel-output']);
  // content of the panes
  assert.match(await page.textContent('#panel-output'), /tensor\(\[8\., 8\., 8\.\]\)\ntensor\(\[8\., 8\., 8\.\]\)/);
  await page.click('#tab-explain');
  const explain = await page.textContent('#panel-explain');
  assert.match(explain, /3graphs/);
  assert.match(explain, /3graph breaks/);
  assert.equal(await page.$$eval('#panel-explain .reason [data-goto-line]', (e) => e.map((x) => x.dataset.gotoLine).join(',')), '16,22,33,9,26');
  await page.click('#tab-timing');
  assert.equal(await page.$$eval('#panel-timing table.timing tbody tr', (e) => e.length), 3);
  await page.click('#tab-guards');
  assert.equal(await page.$$eval('#panel-guards .frame', (e) => e.length), 6);
  await page.close();
});

test('graphs: clicking a graph highlights its lines; three-way linking', async () => {
  const { page } = await rendered('seed_example.json');
  await page.click('#tab-graphs');
  const toggle = '#panel-graphs .graph[data-graph-id="1"] .graph-toggle';
  await page.click(toggle);
  assert.equal(await page.getAttribute(toggle, 'aria-pressed'), 'true');
  assert.deepEqual(await page.$$eval('.cm-line.dw-l-graph', (els) => els.map((e) => Number(e.dataset.line))), [23]);
  await page.click(toggle);
  assert.equal(await page.$$eval('.cm-line.dw-l-graph', (e) => e.length), 0, 'second click clears');

  // graph code line -> source line
  await page.hover('#panel-graphs .cl[data-src-line="34"]');
  assert.deepEqual(await page.$$eval('.cm-line.dw-l-linked', (els) => els.map((e) => Number(e.dataset.line))), [34]);
  // source line (cursor) -> graph code line and wasm instructions
  await page.mouse.move(1270, 1990);
  await page.click('.cm-line[data-line="17"]');
  assert.deepEqual(await page.$$eval('#panel-graphs .cl.linked', (els) => els.map((e) => e.dataset.srcLine)), ['17']);
  const watLinked = await page.$$eval('#panel-wasm .cl.linked', (els) => els.length);
  assert.ok(watLinked >= 2, `wasm lines linked to line 17: ${watLinked}`);
  // wasm instruction -> source line
  await page.click('#tab-wasm');
  await page.hover('#panel-wasm .wat[data-graph-id="2"] .cl.wat-ann');
  assert.deepEqual(await page.$$eval('.cm-line.dw-l-linked', (els) => els.map((e) => Number(e.dataset.line))), [34]);
  await page.close();
});

test('traceback line links move the cursor', async () => {
  const { page } = await rendered('name_error_traceback.json');
  assert.equal(await page.getAttribute('#tab-output', 'aria-selected'), 'true', 'a failed run shows the output');
  const links = await page.$$eval('[data-stream="traceback"] [data-goto-line]', (e) => e.map((x) => x.dataset.gotoLine));
  assert.deepEqual(links, ['9', '7', '4']);
  assert.match(await page.$eval('.cm-line[data-line="4"] .dw-note-error', (e) => e.textContent), /NameError: name 'undefined_name' is not defined/);
  await page.click('[data-stream="traceback"] [data-goto-line="7"]');
  const cursorLine = await page.evaluate(() => {
    const v = window.dynawasm.view;
    return v.state.doc.lineAt(v.state.selection.main.head).number;
  });
  assert.equal(cursorLine, 7);
  await page.close();
});

test('DOM contract: buttons, page API, examples menu, seed loaded by default', async () => {
  const page = await openFakePage(env, '?autorun=0');
  assert.ok(await page.getByRole('button', { name: 'Run', exact: true }).isVisible());
  assert.ok(await page.getByRole('button', { name: 'Stop', exact: true }).count() === 1);
  assert.equal(await page.evaluate(() => typeof window.dynawasm.run), 'function');
  assert.equal(await page.evaluate(() => window.dynawasm.lastReport), null);
  const f = loadFixture('seed_example.json');
  assert.equal(await page.evaluate(() => window.dynawasm.getSource()), readSource('examples/00_seed_example.py'), 'the seed example is loaded by default');
  const options = await page.$$eval('#examples option:not([disabled])', (els) => els.map((e) => e.textContent));
  assert.ok(options.length >= 1);
  assert.equal(options[0], 'Seed example');
  assert.equal(await page.$eval('#examples', (e) => e.selectedOptions[0].textContent), 'Seed example');
  const files = await page.evaluate(() => window.dynawasm.examples.map((e) => e.file));
  assert.match(files[0], /^(\d+_)?seed_example\.py$/);
  await page.evaluate(([r]) => window.dynawasm.render(r), [f.report]);
  assert.equal(await page.evaluate(() => window.dynawasm.lastReport.explain.graph_count), 3);
  await page.close();
});

test('share link reopens the program; the last program survives a reload', async () => {
  const page = await openFakePage(env, '?autorun=0');
  const src = 'import torch\nprint("shared ✓ <b>", 1 + 2)\n';
  await page.evaluate((s) => window.dynawasm.setSource(s), src);
  await page.click('#share');
  await page.waitForFunction(() => location.hash.startsWith('#code='));
  const url = await page.evaluate(() => location.href);
  const page2 = await env.newPage();
  await useFakeWorker(page2);
  await page2.goto(url);
  await page2.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  assert.equal(await page2.evaluate(() => window.dynawasm.getSource()), src);
  // an edit drops the fragment (the URL no longer names the program)
  await page2.click('.cm-line[data-line="1"]');
  await page2.keyboard.type('#');
  assert.equal(await page2.evaluate(() => location.hash), '');
  await page2.close();
  // localStorage: a fresh load (no fragment) restores the last program
  await page.evaluate((s) => window.dynawasm.setSource(s + '# edited\n'), src);
  // the draft is saved 300 ms after the edit (and on pagehide): wait for
  // it rather than for a fixed time (500 ms was once too short, a
  // clean-clone CI run at load 5: the reload found the first example)
  await page.waitForFunction((s) => localStorage.getItem('dynawasm.playground.source') === s, src + '# edited\n');
  await page.goto(env.url + '?autorun=0');
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  assert.equal(await page.evaluate(() => window.dynawasm.getSource()), src + '# edited\n');
  await page.close();
});

test('no WebAssembly SIMD: a clear message and no Run', async () => {
  const page = await env.newPage();
  await useFakeWorker(page);
  await page.addInitScript(() => { WebAssembly.validate = () => false; });
  await page.goto(env.url + '?autorun=0');
  await page.waitForSelector('#support-banner:not([hidden])');
  assert.match(await page.textContent('#support-banner'), /SIMD/);
  assert.equal(await page.isDisabled('#run'), true);
  await page.close();
});

test('screenshots of the fixtures (tests/out/)', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await env.newPage({ colorScheme: scheme, viewport: { width: 1280, height: 800 } });
    await useFakeWorker(page);
    await page.goto(env.url + '?autorun=0');
    await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
    const f = loadFixture('seed_example.json');
    await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [f.report, f.source]);
    await page.click('#tab-explain');
    await page.screenshot({ path: screenshotPath(`fixture-seed-${scheme}.png`) });
    await page.close();
  }
  const page = await env.newPage({ viewport: { width: 390, height: 844 } });
  await useFakeWorker(page);
  await page.goto(env.url + '?autorun=0');
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.view);
  const f = loadFixture('seed_example.json');
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [f.report, f.source]);
  await page.screenshot({ path: screenshotPath('fixture-seed-narrow.png'), fullPage: true });
  await page.close();
});

test('Stop terminates a runaway run and restarts the worker (simulated compiler)', async () => {
  const page = await openFakePage(env);
  assert.equal(await page.isDisabled('#stop'), true, 'Stop is disabled when nothing runs');
  await page.evaluate(() => window.dynawasm.setSource('while True:\n    pass\n'));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.body.classList.contains('running')), true, 'running');
  assert.equal(await page.isDisabled('#stop'), false);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction(() => !document.body.classList.contains('running'), null, { timeout: 1000 });
  assert.ok(Date.now() - t0 < 1000);
  assert.match(await page.textContent('#status'), /Stopped/);
  assert.equal(await page.evaluate(() => window.__workers), 2, 'a new worker was started');
  await page.evaluate(() => window.dynawasm.setSource('print("after stop")\n'));
  const report = await page.evaluate(() => window.dynawasm.run());
  assert.equal(report.stdout, 'after stop\n');
  assert.equal(await page.textContent('[data-stream="stdout"]'), 'after stop\n');
  assert.equal(await page.$eval('.cm-line[data-line="1"]', (e) => e.dataset.marks), 'not_traced');
  // Ctrl+Enter runs too.
  await page.evaluate(() => { window.__before = window.dynawasm.lastReport; });
  await page.click('.cm-line[data-line="1"]');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => window.dynawasm.lastReport !== window.__before);
  // Timing: compare with eager runs the program again without torch.compile.
  await page.click('#tab-timing');
  await page.getByRole('button', { name: 'Compare with eager' }).click();
  await page.waitForSelector('#panel-timing .compare .ok');
  assert.match(await page.textContent('#panel-timing .compare'), /Plain eager \(no torch\.compile\).*Same output/s);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the page runs the program by default once the compiler is ready (simulated compiler)', async () => {
  const page = await openFakePage(env, '', { wait: false });
  await page.waitForFunction(() => window.dynawasm && window.dynawasm.lastReport, null, { timeout: 5000 }).catch(async (e) => {
    throw new Error(`${e.message}; status: ${await page.textContent('#status')}; ready: ${await page.evaluate(() => window.dynawasm.ready)}`);
  });
  assert.equal(await page.evaluate(() => window.__runsSent), 1);
  await page.close();
});
