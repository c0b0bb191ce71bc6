// pack.test.mjs - the npm package as users get it: `npm pack` wasm/,
// install the tarball into an empty project (a normal install: binaryen
// comes from the registry or npm's cache), run its CLI with npx and import
// its API by name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { WASM_DIR, requireWasm, run, tempDir } from '../lib/repo.mjs';

requireWasm();
const NPM = 'npm';
const dir = tempDir('dynawasm-pack-');
let tarball;
let files;

before(async () => {
  const r = await run(NPM, ['pack', '--json', '--pack-destination', dir], { cwd: WASM_DIR, timeout: 120_000 });
  assert.equal(r.code, 0, `npm pack failed:\n${r.stderr}`);
  const info = JSON.parse(r.stdout)[0];
  tarball = path.join(dir, info.filename);
  files = info.files.map((f) => f.path).sort();
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the tarball holds the package and nothing else', () => {
  for (const f of ['package.json', 'README.md', 'index.js', 'browser.js', 'index.d.ts', 'bin/dynawasm.js',
    'lib/core.js', 'lib/kernels.js', 'lib/imports.js', 'lib/options.js', 'lib/format.js', 'dist/dynawasm.wasm']) {
    assert.ok(files.includes(f), `${f} is packed (files: ${files.join(', ')})`);
  }
  const stray = files.filter((f) => /\.(c|h|sh)$|node_modules|package-lock/.test(f));
  assert.deepEqual(stray, [], 'no sources, scripts or dependencies');
  const pkg = JSON.parse(fs.readFileSync(path.join(WASM_DIR, 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'dynawasm');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.bin.dynawasm, 'bin/dynawasm.js');
  assert.equal(pkg.exports['.'].node, './index.js');
  assert.equal(pkg.exports['.'].browser, './browser.js');
  assert.equal(pkg.exports['.'].types, './index.d.ts');
  assert.ok(pkg.dependencies.binaryen);
});

test('installed from the tarball: npx dynawasm and import "dynawasm" work', { timeout: 600_000 }, async () => {
  const proj = path.join(dir, 'project');
  fs.mkdirSync(proj);
  fs.writeFileSync(path.join(proj, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module' }));
  const inst = await run(NPM, ['install', '--no-audit', '--no-fund', tarball], { cwd: proj, timeout: 540_000 });
  assert.equal(inst.code, 0, `npm install of the tarball failed:\n${inst.stderr}`);

  const ver = await run('npx', ['--no-install', 'dynawasm', '--version'], { cwd: proj });
  assert.equal(ver.code, 0, ver.stderr);
  assert.match(ver.stdout, /^dynawasm \d+\.\d+\.\d+ \(core .+\)\n$/);

  fs.writeFileSync(path.join(proj, 'prog.py'), 'import torch\n\n@torch.compile\ndef f(x):\n    return x * 2 + 1\n\nprint(f(torch.ones(3)))\n');
  const cli = await run('npx', ['--no-install', 'dynawasm', 'run', 'prog.py'], { cwd: proj });
  assert.equal(cli.stdout, 'tensor([3., 3., 3.])\n', cli.stderr);
  assert.equal(cli.code, 0);
  const bad = await run('npx', ['--no-install', 'dynawasm', 'run'], { cwd: proj });
  assert.equal(bad.code, 2);

  fs.writeFileSync(
    path.join(proj, 'use.js'),
    `import { createCompiler } from 'dynawasm';
const c = await createCompiler();
const st = c.selfTest();
const r = c.run('print(6 * 7)');
console.log(JSON.stringify({ selfTest: st.ok, stdout: r.stdout, ok: r.ok }));
`,
  );
  const api = await run(process.execPath, ['use.js'], { cwd: proj });
  assert.equal(api.code, 0, api.stderr);
  assert.deepEqual(JSON.parse(api.stdout), { selfTest: true, stdout: '42\n', ok: true });
});
