// layers.test.mjs - the include rule of docs/architecture.md ("Layers and
// the include rule"): every file of src/ in its layer, includes and upward
// calls only as allowed (tests/lib/layers.mjs), on the repository and on
// copies of src/ with a violation planted (the check must catch each).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { MAX_LINES, checkLayers } from '../lib/layers.mjs';
import { ROOT } from '../lib/repo.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dw-layers-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('src/ keeps its layers', () => {
  const r = checkLayers(ROOT);
  assert.deepEqual(r.violations, []);
  assert.ok(r.files > 40, `${r.files} files read`);
  assert.ok(r.interface > 50, `${r.interface} names in the interface section`);
});

/** A copy of src/ with `edit(file text) -> text` applied to one file. */
function planted(name, file, edit) {
  const root = path.join(tmp, name);
  fs.cpSync(path.join(ROOT, 'src'), path.join(root, 'src'), { recursive: true });
  const p = path.join(root, 'src', file);
  fs.writeFileSync(p, edit(fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : ''));
  return checkLayers(root).violations;
}

test('an object below the evaluator calling up into it is caught', () => {
  const v = planted('value-up', 'runtime/value.c', (s) =>
    s.replace('#include "dw.h"', '#include "dw.h"\n#include "runtime/interp.h"') +
    '\nstatic void up(Interp *I) { dwI_raise(I, EXC_TypeError, "x"); }\n');
  assert.ok(v.some((x) => /^src\/runtime\/value\.c:\d+: includes "runtime\/interp\.h"/.test(x)), v.join('\n'));
  assert.ok(v.some((x) => /value\.c:\d+: uses dwI_raise .*nothing below the evaluator calls up/.test(x)), v.join('\n'));
});

test('a backend file reaching the tracer is caught', () => {
  const v = planted('backend-up', 'backend/graph.c', (s) => s + '\nint dwG_probe(void) { return dwR_tracing(0); }\n');
  assert.ok(v.some((x) => /graph\.c:\d+: uses dwR_tracing \(src\/dynamo\/trace\.c, dynamo\)/.test(x)), v.join('\n'));
});

test('an upward call of the evaluator outside the interface section is caught', () => {
  // dwL_add_defs is the library's own (registering tables), not part of the loop
  const v = planted('eval-up', 'runtime/object.c', (s) =>
    s + '\nbool dwOb_probe(Interp *I) { return dwL_add_defs(I, NULL, NULL); }\n');
  assert.ok(v.some((x) => /object\.c:\d+: uses dwL_add_defs .*not declared in the named interface section/.test(x)), v.join('\n'));
});

test('the library including the tracer\'s header is caught', () => {
  const v = planted('lib-inc', 'runtime/methods.c', (s) => s.replace('#include "builtins.h"', '#include "builtins.h"\n#include "dynamo/dynamo.h"'));
  assert.ok(v.some((x) => /methods\.c:\d+: includes "dynamo\/dynamo\.h" \(dynamo\) from library/.test(x)), v.join('\n'));
});

test('a new file without a layer is caught', () => {
  const v = planted('new-file', 'runtime/newthing.c', () => '#include "interp.h"\n');
  assert.ok(v.some((x) => x.startsWith('src/runtime/newthing.c: has no layer')), v.join('\n'));
});

test('a source file over the line limit is caught', () => {
  const v = planted('too-long', 'backend/graph.c', (s) => s + '/* filler */\n'.repeat(MAX_LINES));
  assert.ok(v.some((x) => /^src\/backend\/graph\.c: \d+ lines, over 3000$/.test(x)), v.join('\n'));
});
