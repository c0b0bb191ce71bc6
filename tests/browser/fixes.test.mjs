// The playground's fixes (issue 13): Stop cancels queued runs, Explain and
// Guards render what the report says (a break in a loop, resume units vs
// recompiles), graph counts agree and a failed graph is marked, share links
// are capped and checked, keyboard and focus, the Example menu after edits.
// Injected reports and a simulated compiler: needs web/dist (build:dev is
// enough), not the core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { start, openFakePage, loadFixture, readSource, renderFixture } from './harness.mjs';

let env;
before(async () => { env = await start({ viewport: { width: 1280, height: 1400 } }); });
after(async () => { if (env) await env.close(); });

const rendered = (fixture, page) => renderFixture(env, fixture, page);
/** The text of an element, its pieces separated by spaces (chips and links are separate elements). */
const text = (page, sel) => page.$eval(sel, (e) => {
  const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  const parts = [];
  while (w.nextNode()) parts.push(w.currentNode.data.replace(/\s+/g, ' ').trim());
  return parts.filter(Boolean).join(' ');
});
const b64url = (buf) => buf.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

test('Stop cancels a queued run: Ctrl+Enter twice on `while True: pass`, then one Stop', async () => {
  const page = await openFakePage(env);
  await page.evaluate(() => window.dynawasm.setSource('while True:\n    pass\n'));
  await page.click('.cm-line[data-line="1"]');
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Control+Enter');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__runsSent), 1, 'the first run is going, the second queued');
  assert.equal(await page.isDisabled('#stop'), false);
  await page.click('#stop');
  await page.waitForFunction(() => window.dynawasm.ready && !document.body.classList.contains('running'), null, { timeout: 3000 });
  await page.waitForTimeout(400);
  assert.equal(await page.evaluate(() => window.__runsSent), 1, 'the queued run did not start on the new worker');
  assert.equal(await page.evaluate(() => document.body.classList.contains('running')), false);
  assert.equal(await page.isDisabled('#stop'), true, 'nothing left to stop');
  assert.match(await page.textContent('#status'), /Stopped/);
  // the next run works at once, without a second Stop
  await page.evaluate(() => window.dynawasm.setSource('print("next")\n'));
  const r = await page.evaluate(() => window.dynawasm.run());
  assert.equal(r.stdout, 'next\n');
  assert.equal(await page.evaluate(() => window.__workers), 2);
  // a newer run replaces a queued one (it never runs)
  await page.evaluate(() => window.dynawasm.setSource('while True:\n    pass\n'));
  await page.keyboard.press('Control+Enter');
  await page.waitForTimeout(150);
  await page.evaluate(() => window.dynawasm.setSource('print("a")\n'));
  const p1 = page.evaluate(() => window.dynawasm.run().then((x) => x.stdout, (e) => e.name));
  await page.evaluate(() => window.dynawasm.setSource('print("b")\n'));
  const p2 = page.evaluate(() => window.dynawasm.run().then((x) => x.stdout, (e) => e.name));
  await page.waitForTimeout(150);
  await page.click('#stop');
  assert.deepEqual([await p1, await p2], ['StopError', 'StopError']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Explain: a print in a while loop of a compiled function runs its frame eagerly (0 graphs, no resume)', async () => {
  const { page, f } = await rendered('loop_break.json');
  assert.equal(f.report.explain.break_reasons[0].action, 'skip_frame');
  await page.click('#tab-explain');
  const stats = await page.$$eval('#panel-explain .stat', (els) => els.map((e) => [...e.children].map((c) => c.textContent).join(' ')));
  assert.deepEqual(stats, ['0 graphs', '1 graph break', '0 ops', '0 frames compiled', '1 frame ran eagerly']);
  const summary = await text(page, '#panel-explain');
  assert.match(summary, /A graph break inside a while loop \(line 8\) made step run eagerly: Dynamo skips the frame/);
  assert.doesNotMatch(summary, /tracing resume/i, 'nothing resumed');
  assert.doesNotMatch(summary, /split/);
  assert.equal(await page.getAttribute('#panel-explain .reason', 'data-action'), 'skip_frame');
  assert.match(await text(page, '#panel-explain .reason-effect'), /step ran eagerly from lines 5 – 11 \(Dynamo skips the whole frame; no graph\)/);
  // PyTorch's structured message: its title, then its own Explanation and Hint lines, no second hint
  assert.equal(await text(page, '#panel-explain .reason-msg'), 'Failed to trace builtin operator');
  assert.match(await text(page, '#panel-explain .reason-detail'), /^Explanation: Dynamo does not know how to trace builtin operator `print`.*Hint: /);
  assert.equal(await page.$$eval('#panel-explain .reason .reason-hint', (e) => e.length), 0);
  await page.click('#tab-guards');
  assert.match(await text(page, '#panel-guards .frame'), /1 compile unit.*0 recompiles.*2 eager runs.*Frame start at line 5.*ran eagerly \(a graph break in a while loop\)/);
  await page.close();
});

test('Explain: a print in a for loop runs the loop eagerly between two graphs (eager_loop)', async () => {
  const { page, f } = await rendered('loop_for.json');
  assert.equal(f.report.explain.break_reasons[0].action, 'eager_loop');
  await page.click('#tab-explain');
  const stats = await page.$$eval('#panel-explain .stat', (els) => els.map((e) => [...e.children].map((c) => c.textContent).join(' ')));
  assert.deepEqual(stats, ['2 graphs', '1 graph break', `${f.report.explain.op_count} ops`, '1 frame compiled']);
  const summary = await text(page, '#panel-explain');
  assert.match(summary, /A graph break inside a for loop or comprehension \(line 7\) made it run eagerly, as a whole, between two graphs/);
  assert.doesNotMatch(summary, /skips the frame/);
  assert.match(await text(page, '#panel-explain .reason-effect'), /The loop, lines 6 – 8 , ran eagerly between two graphs; tracing resumed at line 9/);
  await page.close();
});

test('Explain: a print in a try block ends the graph before the try; the try and the rest of the frame run eagerly (eager_block)', async () => {
  const { page, f } = await rendered('try_break.json');
  const [b] = f.report.explain.break_reasons;
  assert.deepEqual([b.line, b.action, b.eager_lines, b.resume_line], [8, 'eager_block', [6, 11], null]);
  await page.click('#tab-explain');
  const stats = await page.$$eval('#panel-explain .stat', (els) => els.map((e) => [...e.children].map((c) => c.textContent).join(' ')));
  assert.deepEqual(stats, ['1 graph', '1 graph break', '1 op', '1 frame compiled']);
  const summary = await text(page, '#panel-explain');
  assert.match(summary, /A graph break inside a try block \(line 8\) ended the graph before the try statement: the try statement and the rest of f ran eagerly\./);
  assert.doesNotMatch(summary, /for loop|while loop|skips the frame|split compiled code|tracing resumed/);
  assert.equal(await page.getAttribute('#panel-explain .reason', 'data-action'), 'eager_block');
  assert.equal(await text(page, '#panel-explain .reason-effect'),
    'A break inside a try block: the graph ended before the try statement; lines 6 – 11 and the rest of f ran eagerly (Dynamo makes no resume point inside a try block).');
  // the marks: traced before the try, not traced inside it and after it, the break on line 8
  const marks = await page.$$eval('.cm-line[data-line]', (els) => Object.fromEntries(els.map((e) => [e.dataset.line, e.dataset.marks])));
  assert.equal(marks[5], 'traced');
  for (const line of [6, 7, 9, 12]) assert.equal(marks[line], 'not_traced', `line ${line}`);
  assert.equal(marks[8], 'graph_break not_traced');
  assert.equal(marks[11], '', 'the except branch did not run');
  assert.equal(await page.textContent('.dw-gm[data-gutter-line="12"]'), 'E');
  await page.click('#tab-guards');
  assert.match(await text(page, '#panel-guards .frame'), /1 compile unit.*0 recompiles/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Explain: a break in a comprehension: it ran eagerly between two graphs and tracing resumed right after it, mid-line', async () => {
  // the report of `z = [print(i) for i in range(2)]` on line 6 (dwrun run --json)
  const page = await openFakePage(env, '?autorun=0');
  const src = 'import torch\n\n@torch.compile\ndef f(x):\n    y = x + 1\n    z = [print(i) for i in range(2)]\n    return y * 2\n\nprint(f(torch.ones(2)))\n';
  const report = {
    ok: true, stdout: '0\n1\ntensor([4., 4.])\n', stderr: '', error: null, graphs: [], time_ms: { total: 1 },
    marks: [{ line: 5, kind: 'traced' }, { line: 6, kind: 'not_traced' }, { line: 6, kind: 'graph_break', reason: 'unsupported_call', message: 'Failed to trace builtin operator' }, { line: 7, kind: 'traced' }],
    explain: { graph_count: 2, graph_break_count: 1, op_count: 2, break_reasons: [
      { line: 6, function: 'f', reason: 'unsupported_call', message: 'Failed to trace builtin operator', action: 'eager_loop', eager_lines: [6, 6], resume_line: 6 }] },
    frames: [],
  };
  await page.evaluate(([r, s]) => window.dynawasm.render(r, s), [report, src]);
  await page.click('#tab-explain');
  assert.equal(await text(page, '#panel-explain .reason-effect'),
    'The comprehension, line 6 , ran eagerly between two graphs; tracing resumed right after it, in the middle of line 6 .');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Guards: the units after breaks are resume points, not recompiles; every unit lists its guards', async () => {
  const { page, f } = await rendered('graph_tour.json');
  await page.click('#tab-guards');
  const card = await text(page, '#panel-guards .frame');
  assert.match(card, /step line 6 6 compile units 0 recompiles 4 cache hits/);
  assert.doesNotMatch(card, /Recompiled/);
  assert.doesNotMatch(card, /recompile 1/);
  // six resume points: two on line 9 (before the statement, after the print
  // of line 8; in its middle, after .item())
  assert.equal(await page.$$eval('#panel-guards .start', (e) => e.length), 6);
  assert.deepEqual(await page.$$eval('#panel-guards .start', (els) => els.map((e) => [e.dataset.startLine, e.dataset.startKind])),
    [['7', 'statement'], ['9', 'statement'], ['9', 'after_expression'], ['12', 'statement'], ['13', 'statement'], ['11', 'statement']]);
  assert.match(await text(page, '#panel-guards .start[data-start-kind="after_expression"] h4'), /Resumes mid-statement at line 9 , column 23, after the call that broke/);
  assert.deepEqual(await page.$$eval('#panel-guards .unit', (els) => els.map((e) => e.dataset.resume)), ['false', 'true', 'true', 'true', 'true', 'true']);
  // the guards of every unit, not only the last one's
  const guards = await page.$$eval('#panel-guards .unit .guards li', (els) => els.map((e) => e.textContent));
  for (const u of f.report.frames[0].units) for (const g of u.guards) assert.ok(guards.includes(g), g);
  assert.ok(guards.includes("TENSOR_MATCH: L['x'] Float[4]") && guards.includes("EQUALS_MATCH: L['s'] == 32.0"));
  await page.close();
});

test('Guards: a recompile names the guard that failed', async () => {
  const page = await openFakePage(env, '?autorun=0');
  const report = {
    ok: true, stdout: '', stderr: '', error: null, marks: [{ line: 4, kind: 'traced' }], graphs: [], time_ms: { total: 1 },
    explain: { graph_count: 2, graph_break_count: 0, op_count: 2, break_reasons: [] },
    frames: [{ function: 'f', line: 3, compiles: 2, cache_hits: 0, eager_runs: 0, graphs: [0, 1], guards: [], recompiles: [], units: [
      { start_line: 4, resume: false, status: 'compiled', graph: 0, guards: ["TENSOR_MATCH: L['x'] Float[2]"], recompile_reason: null },
      { start_line: 4, resume: false, status: 'compiled', graph: 1, guards: ["TENSOR_MATCH: L['x'] Float[3]"], recompile_reason: "0: tensor 'L['x']' size mismatch at index 0. expected 2, actual 3" }] }],
  };
  await page.evaluate(([r]) => window.dynawasm.render(r, 'import torch\n@torch.compile\ndef f(x):\n    return x + 1\nf(torch.ones(2))\nf(torch.ones(3))\n'), [report]);
  await page.click('#tab-guards');
  const card = await text(page, '#panel-guards .frame');
  assert.match(card, /2 compile units 1 recompile/);
  assert.match(card, /Frame start at line 4 · 2 entries/);
  assert.match(card, /recompile 1 No earlier entry matched: 0: tensor 'L\['x'\]' size mismatch at index 0\. expected 2, actual 3/);
  await page.close();
});

test('Explain: the same break reached twice is listed once, with its count', async () => {
  const { page, f } = await rendered('graph_tour.json');
  assert.equal(f.report.explain.break_reasons.length, 5);
  await page.click('#tab-explain');
  assert.equal(await page.$$eval('#panel-explain .reason[data-action]', (e) => e.length), 4);
  assert.deepEqual(await page.$$eval('#panel-explain .reason[data-action]', (els) => els.map((e) => Number(e.dataset.count))), [1, 1, 1, 2]);
  assert.equal(await text(page, '#panel-explain .count-chip'), '×2');
  assert.match(await text(page, '#panel-explain .reason[data-count="2"]'), /line 12 in step graph_break_call ×2.*The graph ended here; line 12 ran eagerly; tracing resumed at line 13/);
  assert.match(await text(page, '#panel-explain'), /5 graph breaks split compiled code/);
  // .item() on line 9 broke mid-statement: tracing resumed in that line, right after it
  const effects = await page.$$eval('#panel-explain .reason-effect', (els) => els.map((e) => e.textContent));
  assert.equal(effects[1], 'The graph ended here; the code that broke ran eagerly; tracing resumed right after it, in the middle of line 9.');
  assert.equal(effects[0], 'The graph ended here; line 8 ran eagerly; tracing resumed at line 9.');
  await page.close();
});

test('graph counts agree; a failed graph is marked at its lines and the error points to suppress_errors', async () => {
  const { page, f } = await rendered('relu_failed.json');
  // not suppressed: no compiled graph, one failed
  assert.equal(await text(page, '#summary'), '0 graphs · 1 failed compile · 0 graph breaks · ' + (await text(page, '#summary')).split(' · ').pop());
  assert.equal(await text(page, '#count-graphs'), '0 + 1✕');
  await page.click('#tab-explain');
  assert.deepEqual(await page.$$eval('#panel-explain .stat-failed .stat-n, #panel-explain .stat-graphs .stat-n', (els) => els.map((e) => e.textContent)), ['0', '1']);
  await page.click('#tab-graphs');
  assert.match(await text(page, '#panel-graphs .pane-intro'), /^0 graphs compiled, 1 failed to compile/);
  assert.equal(await page.$$eval('#panel-graphs .graph.failed', (e) => e.length), 1);
  // the failed graph's lines in the editor, with a note where it failed
  const g = f.report.graphs[0];
  assert.deepEqual(await page.$$eval('.cm-line.dw-l-failed', (els) => els.map((e) => Number(e.dataset.line))), g.lines);
  assert.match(await text(page, `.cm-line[data-line="${g.error_line}"] .dw-note-failed`), /graph 1 failed to compile: ReluCompileError/);
  // the error says what suppress_errors would do, and offers it
  await page.click('#tab-output');
  assert.match(await text(page, '[data-hint="suppress_errors"]'), /torch\._dynamo\.config\.suppress_errors = True the frame runs eagerly/);
  assert.equal(await page.isChecked('#suppress'), false);
  await page.click('[data-hint="suppress_errors"] button.btn');
  assert.equal(await page.isChecked('#suppress'), true);
  // the suppress-errors example: 1 compiled, 1 failed, everywhere
  const s = loadFixture('suppress_example.json');
  await page.evaluate(([r, src]) => window.dynawasm.render(r, src), [s.report, s.source]);
  assert.match(await text(page, '#summary'), /^1 graph · 1 failed compile · 0 graph breaks/);
  assert.equal(await text(page, '#count-graphs'), '1 + 1✕');
  await page.click('#tab-graphs');
  assert.match(await text(page, '#panel-graphs .pane-intro'), /^1 graph compiled, 1 failed to compile/);
  assert.ok((await page.$$eval('.cm-line.dw-l-failed', (e) => e.length)) > 0);
  await page.close();
});

test('share links: a huge crafted link is refused, a broken one says so, an unsigned one asks first', async () => {
  // 20 MB of program in a ~20 KB link
  const huge = b64url(zlib.deflateRawSync(Buffer.from('x = 1\n'.repeat(3_500_000)), { level: 9 }));
  assert.ok(huge.length < 96 * 1024, `the crafted link is ${huge.length} characters`);
  let page = await openFakePage(env, `#code=${huge}`);
  await page.waitForSelector('#link-banner:not([hidden])');
  assert.match(await text(page, '#link-banner'), /could not be opened: the program is larger than 64 KB/);
  assert.equal(await page.evaluate(() => window.dynawasm.getSource()), readSource('examples/00_seed_example.py'), 'the editor keeps a sane program');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__runsSent), 0, 'nothing ran');
  await page.close();

  page = await openFakePage(env, '?autorun=0#code=@@not-base64@@');
  await page.waitForSelector('#link-banner:not([hidden])');
  assert.match(await text(page, '#link-banner'), /This link's program could not be opened: the program in it cannot be decoded .* The editor shows the first example instead/);
  await page.close();

  // not made by Share (no checksum): loaded, not run, until asked
  const small = b64url(zlib.deflateRawSync(Buffer.from('print("from a link")\n')));
  page = await openFakePage(env, `#code=${small}`);
  await page.waitForSelector('#link-banner[data-kind="ask"]:not([hidden])');
  assert.equal(await page.evaluate(() => window.dynawasm.getSource()), 'print("from a link")\n');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__runsSent), 0, 'not run on load');
  assert.match(await text(page, '#link-banner'), /was not made by Share/);
  await page.click('#link-banner button:has-text("Run it")');
  await page.waitForFunction(() => window.dynawasm.lastReport);
  assert.equal(await page.evaluate(() => window.dynawasm.lastReport.stdout), 'from a link\n');
  // a link made by Share runs on load
  await page.click('#share');
  await page.waitForFunction(() => /&c=[0-9a-f]{8}/.test(location.hash));
  const url = (await page.evaluate(() => location.href)).replace('?autorun=0', '');
  await page.close();
  page = await openFakePage(env, url.slice(env.url.length));
  await page.waitForFunction(() => window.dynawasm.lastReport);
  assert.equal(await page.evaluate(() => window.__runsSent), 1);
  assert.equal(await page.$eval('#link-banner', (e) => e.hidden), true);
  // a changed link (checksum mismatch) asks
  const tampered = url.replace(/&c=[0-9a-f]{8}/, '&c=00000000');
  await page.close();
  page = await openFakePage(env, tampered.slice(env.url.length));
  await page.waitForSelector('#link-banner[data-kind="ask"]:not([hidden])');
  assert.match(await text(page, '#link-banner'), /checksum does not match/);
  assert.equal(await page.evaluate(() => window.__runsSent), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('keyboard: the skip link focuses the editor; Tab reaches it and Esc then Tab leaves it; a focus ring shows', async () => {
  const page = await openFakePage(env, '?autorun=0');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-editor', 'the first Tab stop is the skip link');
  assert.ok(await page.$eval('#skip-editor', (e) => e.getBoundingClientRect().left >= 0), 'it shows when focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('cm-content')), true, 'the skip link lands in the editor');
  // the focused editor has a visible ring and says how to leave
  assert.equal(await page.$eval('.cm-editor', (e) => getComputedStyle(e).outlineStyle), 'solid');
  assert.equal(await page.isVisible('#editor-keys'), true);
  assert.match(await text(page, '#editor-keys'), /Esc then Tab/);
  assert.match(await page.$eval('.cm-content', (e) => e.getAttribute('aria-describedby')), /editor-keys/);
  // Tab indents in the editor...
  const before = await page.evaluate(() => window.dynawasm.getSource());
  await page.keyboard.press('Tab');
  assert.notEqual(await page.evaluate(() => window.dynawasm.getSource()), before, 'Tab indented');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('cm-content')), true);
  // ...Esc then Tab moves on
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'splitter', 'focus left the editor');
  // from the toolbar, Tab goes into the editor
  await page.focus('#theme');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('cm-content')), true);
  await page.close();
});

test('the Example menu stops naming an example once it is edited; choosing it again reloads it', async () => {
  const page = await openFakePage(env, '?autorun=0');
  await page.selectOption('#examples', '1');
  const ex = await page.evaluate(() => window.dynawasm.getSource());
  assert.equal(await page.$eval('#examples', (e) => e.value), '1');
  await page.click('.cm-line[data-line="1"]');
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('# my change\n');
  assert.equal(await page.$eval('#examples', (e) => e.value), '', 'edited: no example named');
  assert.equal(await page.$eval('#examples', (e) => e.selectedOptions[0].textContent), 'Examples…');
  await page.selectOption('#examples', '1');
  assert.equal(await page.evaluate(() => window.dynawasm.getSource()), ex, 'reloaded');
  assert.equal(await page.$eval('#examples', (e) => e.value), '1');
  // undo brings the edit back (loading an example is one undoable change)
  await page.click('.cm-line[data-line="2"]');
  await page.keyboard.press('Control+z');
  assert.match(await page.evaluate(() => window.dynawasm.getSource()), /^# my change/);
  await page.close();
});
