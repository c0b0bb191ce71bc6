// api.test.mjs - the npm API (wasm/index.js, wasm/browser.js): loading,
// the run report (docs/report.md), errors as values, reset, the kernel path
// (Binaryen -> instantiate -> table -> call from C), the kernel tiers
// (emitted at once, optimised in the background and swapped into the same
// slot, the kernel cache on disk), trap recovery, types.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { ROOT, WASM_DIR, WASM_FILE, requireWasm, run as runCmd, tempDir } from '../lib/repo.mjs';

requireWasm();
const { default: binaryen } = await import('../../wasm/node_modules/binaryen/index.js');
const { Compiler, createCompiler, LOG_CHANNELS, parseLogs } = await import('../../wasm/index.js');
const { PortOptimizer } = await import('../../wasm/lib/port_optimizer.js');
const { relaxedSimdSupported } = await import('../../wasm/lib/kernels.js');
const { enableRelaxedSimd } = await import('../../wasm/lib/node_host.js');

const COMPILED = `import torch

@torch.compile
def f(x):
    return x * 2 + 1

print(f(torch.ones(3)))
`;
const COMPILED_OUT = 'tensor([3., 3., 3.])\n';

const PRINT_BREAK = `import torch

@torch.compile
def f(x):
    a = x + 1
    print("between graphs")
    return a * a

print(f(torch.tensor([1.0, 2.0, 3.0])))
`;

/** A kernel module from text (Kernel ABI: env.memory, kernel: (i32) -> i32). */
function kernel(body, sig = '(param i32) (result i32)', extra = '') {
  const m = binaryen.parseText(
    `(module (import "env" "memory" (memory 1)) ${extra} (func (export "kernel") ${sig} ${body}))`,
  );
  try {
    const F = binaryen.Features;
    m.setFeatures(F.MutableGlobals | F.SignExt | F.NontrappingFPToInt | F.SIMD128 | F.BulkMemory);
    return m.emitBinary();
  } finally {
    m.dispose();
  }
}

/** Asserts the shape of a run report (docs/report.md). */
function assertReportShape(r) {
  assert.equal(typeof r.ok, 'boolean');
  assert.equal(typeof r.stdout, 'string');
  assert.equal(typeof r.stderr, 'string');
  assert.equal(r.ok, r.error === null, 'ok is false exactly when error is set');
  for (const k of ['marks', 'frames', 'graphs']) assert.ok(Array.isArray(r[k]), `${k} is an array`);
  for (const m of r.marks) {
    assert.ok(Number.isInteger(m.line) && m.line >= 1, `mark line ${m.line}`);
    assert.ok(['traced', 'not_traced', 'graph_break', 'disabled', 'suppressed_error'].includes(m.kind), m.kind);
  }
  for (const g of r.graphs) {
    assert.ok(Number.isInteger(g.id));
    assert.equal(typeof g.function, 'string');
    assert.ok(Array.isArray(g.lines));
    assert.ok(Number.isInteger(g.op_count));
    assert.equal(typeof g.code, 'string');
    assert.equal(typeof g.backend, 'string');
  }
  for (const f of r.frames) {
    assert.equal(typeof f.function, 'string');
    assert.ok(Number.isInteger(f.line) && Number.isInteger(f.compiles) && Array.isArray(f.graphs));
  }
  assert.equal(typeof r.explain, 'object');
  for (const k of ['graph_count', 'graph_break_count', 'op_count']) assert.ok(Number.isInteger(r.explain[k]), k);
  assert.ok(Array.isArray(r.explain.break_reasons));
  assert.equal(typeof r.time_ms.total, 'number');
  if (r.error) {
    for (const k of ['type', 'message', 'text']) assert.equal(typeof r.error[k], 'string', `error.${k}`);
    assert.ok(Number.isInteger(r.error.line) && Number.isInteger(r.error.col));
    assert.ok(Array.isArray(r.error.traceback));
  }
}

describe('loading', () => {
  test('createCompiler loads the core and reports its version', async () => {
    const c = await createCompiler();
    assert.match(c.version, /^\d+\.\d+\.\d+/);
    assert.equal(c.hasKernelCompiler, true);
  });

  test('dynawasm.wasm imports only what the loader implements', async () => {
    const mod = new WebAssembly.Module(fs.readFileSync(WASM_FILE));
    const allowed = new Set([
      'env.dw_host_compile',
      'env.dw_host_now',
      'env.dw_host_poll',
      'env.emscripten_notify_memory_growth',
      ...[
        'clock_time_get', 'clock_res_get', 'fd_write', 'fd_close', 'fd_seek', 'fd_fdstat_get',
        'environ_sizes_get', 'environ_get', 'args_sizes_get', 'args_get', 'random_get', 'proc_exit',
      ].map((n) => `wasi_snapshot_preview1.${n}`),
    ]);
    const unexpected = WebAssembly.Module.imports(mod)
      .map((i) => `${i.module}.${i.name}`)
      .filter((n) => !allowed.has(n));
    assert.deepEqual(unexpected, [], `undefined C symbols or unhandled imports: ${unexpected.join(', ')}`);
    const c = await createCompiler({ binaryen: false });
    assert.deepEqual(c.missingImports, []);
    const exports = WebAssembly.Module.exports(mod).map((e) => e.name);
    for (const n of ['memory', '__indirect_function_table', '_initialize', 'dw_wasm_run', 'dw_wasm_selftest']) {
      assert.ok(exports.includes(n), `exports ${n}`);
    }
  });

  test('warmup optimises one kernel while loading and leaves no cache behind', async () => {
    const c = await createCompiler({ warmup: true });
    assert.equal(c.stats.kernelsOptimized, 1);
    assert.equal(c.stats.cachedKernels, 0);
    assert.equal(c.selfTest().ok, true);
    const c3 = await createCompiler({ warmup: 3 });
    assert.equal(c3.stats.kernelsOptimized, 3);
    assert.equal(c3.stats.cachedKernels, 0);
  });

  test('a missing wasm file is a clear error', async () => {
    await assert.rejects(createCompiler({ wasmPath: path.join(ROOT, 'no-such.wasm') }), /cannot read .*no-such\.wasm/);
  });

  test('the browser entry loads from bytes and over HTTP (application/wasm)', async () => {
    const browser = await import('../../wasm/browser.js');
    assert.ok(browser.wasmUrl.href.endsWith('/dist/dynawasm.wasm'));
    const c1 = await browser.createCompiler({ wasmBytes: fs.readFileSync(WASM_FILE), binaryen: false });
    assert.equal(typeof c1.version, 'string');
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/wasm' });
      fs.createReadStream(WASM_FILE).pipe(res);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${server.address().port}/dynawasm.wasm`;
      const c2 = await browser.createCompiler({ wasmUrl: url });
      assert.equal(c2.version, c1.version);
      assert.equal(c2.selfTest().ok, true);
    } finally {
      server.close();
    }
  });
});

describe('the kernel path (selfTest)', () => {
  let c;
  before(async () => {
    c = await createCompiler({ tier: 'optimized' });
  });

  test('a SIMD kernel is optimised, instantiated on the core memory and called from C', () => {
    const r = c.selfTest();
    assert.equal(r.error, undefined);
    assert.equal(r.ok, true);
    assert.equal(r.result, 0);
    assert.deepEqual([...r.output], [-5, -3, -1, 1, 3, 5, 7, 9]);
    assert.ok(r.slot >= 1, 'a table slot');
    assert.ok(r.optimizeMs > 0 && r.instantiateMs > 0);
    assert.equal(r.tier, 'optimized');
  });

  test('identical kernels come from the cache (same slot, no optimisation)', () => {
    const first = c.selfTest();
    const before = c.stats;
    const again = c.selfTest();
    assert.equal(again.ok, true);
    assert.equal(again.slot, first.slot);
    assert.equal(again.optimizeMs, 0);
    assert.equal(c.stats.kernelsCompiled, before.kernelsCompiled);
    assert.equal(c.stats.kernelCacheHits, before.kernelCacheHits + 1);
  });

  test("a kernel's return value reaches C", () => {
    const r = c.selfTest({ wasm: kernel('(i32.const 7)') });
    assert.equal(r.result, 7);
    assert.equal(r.ok, false);
  });

  test('a kernel writes the C heap in place through the args array', () => {
    const body = `(f32.store (i32.load offset=4 (local.get 0))
                    (f32.add (f32.load (i32.load (local.get 0))) (f32.const 0.5))) (i32.const 0)`;
    const r = c.selfTest({ wasm: kernel(body), input: new Float32Array([41.5]), outputLength: 1 });
    assert.equal(r.ok, true);
    assert.deepEqual([...r.output], [42]);
  });

  test('unusable modules are errors, not crashes', () => {
    const restarts = c.stats.restarts;
    const cases = [
      [new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]), /invalid kernel module/],
      [kernel('(drop (local.get 0))', '(param i32)'), /must have type \(i32\) -> i32/],
      [kernel('(call $f) (i32.const 0)', '(param i32) (result i32)', '(import "env" "f" (func $f))'), /import only env\.memory/],
    ];
    for (const [bytes, re] of cases) {
      const r = c.selfTest({ wasm: bytes });
      assert.equal(r.ok, false);
      assert.match(r.error, re);
    }
    assert.equal(c.stats.restarts, restarts, 'no restart for a compile failure');
  });

  test('a trapping kernel restarts the core, which then works', () => {
    const restarts = c.stats.restarts;
    const r = c.selfTest({ wasm: kernel('(unreachable)') });
    assert.equal(r.ok, false);
    assert.equal(r.trapped, true);
    assert.equal(r.restarted, true);
    assert.match(r.error, /unreachable/);
    assert.equal(c.stats.restarts, restarts + 1);
    assert.equal(c.selfTest().ok, true);
    const rep = c.run('print(1)');
    assertReportShape(rep);
  });

  test('a stack overflow in a kernel is recovered too', () => {
    const r = c.selfTest({ wasm: kernel('(call 0 (i32.add (local.get 0) (i32.const 1)))') });
    assert.equal(r.trapped, true);
    assert.equal(c.selfTest().ok, true);
  });

  test('reset() forgets compiled kernels', () => {
    c.selfTest();
    assert.ok(c.stats.cachedKernels > 0);
    c.reset();
    assert.equal(c.stats.cachedKernels, 0);
    const compiled = c.stats.kernelsCompiled;
    const r = c.selfTest();
    assert.equal(r.ok, true);
    assert.ok(r.optimizeMs > 0);
    assert.equal(c.stats.kernelsCompiled, compiled + 1);
  });
});

/** Polls until the compiler has swapped in an optimised kernel (the worker thread's Binaryen takes ~1 s to load). */
async function settled(c, n, ms = 60000) {
  const t0 = Date.now();
  while (c.stats.kernelsOptimized + c.stats.kernelStoreHits < n) {
    if (Date.now() - t0 > ms) throw new Error(`no optimised kernel after ${ms} ms: ${JSON.stringify(c.stats)}`);
    await new Promise((r) => setTimeout(r, 20));
    c.poll();
  }
}

describe('kernel tiers', () => {
  test('createCompiler() loads no Binaryen; the emitted kernel runs at once', async () => {
    const c = await createCompiler();
    assert.equal(c.tier, 'auto');
    const r = c.selfTest();
    assert.equal(r.ok, true, r.error);
    assert.equal(r.tier, 'emitted');
    assert.equal(r.optimizeMs, 0);
    assert.equal(c.stats.kernelsOptimized, 0);
    c.dispose();
  });

  test('the optimised tier is swapped into the same slot; the report says which tier ran', async () => {
    const c = await createCompiler();
    const r1 = c.run(COMPILED, { backend: 'wasm', wat: true });
    assert.equal(r1.stdout, COMPILED_OUT);
    assert.equal(r1.graphs[0].tier, 'emitted');
    assert.match(r1.graphs[0].wat, /^\(module/, 'the emitted text');
    await settled(c, 1);
    const r2 = c.run(COMPILED, { backend: 'wasm', wat: true, logs: ['output_code'] });
    assert.equal(r2.stdout, COMPILED_OUT);
    assert.equal(r2.graphs[0].slot, r1.graphs[0].slot, 'the same table slot');
    assert.equal(r2.graphs[0].tier, 'optimized');
    assert.match(r2.stderr, /optimised by Binaryen/);
    assert.equal(c.stats.kernelsCompiled, 1);
    c.dispose();
  });

  test('a run gets the optimised tier at its next kernel call, not at its end', async () => {
    // an optimizer whose results arrive when the host polls it (as Node's
    // worker's do): the emitted bytes stand for the optimised ones
    const held = [];
    const host = {
      makeOptimizer: () => ({
        request: (job, done) => held.push({ job, done }),
        poll: () => {
          for (const h of held.splice(0)) h.done({ optimized: h.job.bytes, wat: null, optimizeMs: 1 });
        },
        close() {},
      }),
    };
    const c = await Compiler.create(fs.readFileSync(WASM_FILE), {}, host);
    const src = `${COMPILED}print(f(torch.ones(3)))\n`;
    const r = c.run(src, { backend: 'wasm' });
    assert.equal(r.stdout, COMPILED_OUT + COMPILED_OUT);
    assert.equal(c.stats.kernelsOptimized, 1);
    assert.equal(r.graphs[0].tier, 'emitted+optimized', 'swapped in during the run');
    const r2 = c.run(src, { backend: 'wasm' });
    assert.equal(r2.graphs[0].tier, 'optimized');
    assert.equal(r2.graphs[0].slot, r.graphs[0].slot, 'the same table slot');
    c.dispose();
  });

  test('an optimised module that arrives compiled is swapped in without compiling it again', async () => {
    // Node's worker posts Binaryen's module compiled (node_host.js): the
    // kernel call that swaps it in only instantiates it
    const held = [];
    let compiles = 0;
    const host = {
      compileKernel: (b) => {
        compiles++;
        return new WebAssembly.Module(b);
      },
      makeOptimizer: () => ({
        request: (job, done) => held.push({ job, done }),
        poll: () => {
          for (const h of held.splice(0)) {
            h.done({ optimized: h.job.bytes, module: new WebAssembly.Module(h.job.bytes), wat: null, optimizeMs: 1 });
          }
        },
        close() {},
      }),
    };
    const c = await Compiler.create(fs.readFileSync(WASM_FILE), {}, host);
    const r = c.run(`${COMPILED}print(f(torch.ones(3)))\n`, { backend: 'wasm' });
    assert.equal(r.stdout, COMPILED_OUT + COMPILED_OUT);
    assert.equal(r.graphs[0].tier, 'emitted+optimized');
    assert.equal(compiles, 1, 'only the emitted module was compiled by the host');
    c.dispose();
  });

  test("Node's optimiser worker posts Binaryen's module compiled, ready to instantiate", async () => {
    const { WorkerOptimizer } = await import('../../wasm/lib/node_host.js');
    const opt = new WorkerOptimizer({ storeDir: null });
    try {
      // out[0] = in[0] * 3 (args: in, out)
      const bytes = kernel(
        '(f32.store (i32.load offset=4 (local.get 0)) (f32.mul (f32.load (i32.load (local.get 0))) (f32.const 3))) (i32.const 0)',
      );
      let res;
      opt.request({ bytes, text: null, optimizeLevel: 2, shrinkLevel: 1, recipe: 'test' }, (r) => (res = r));
      const t0 = Date.now();
      while (res === undefined && Date.now() - t0 < 60000) {
        await new Promise((r) => setTimeout(r, 20)); // the worker is unref'd: keep the loop alive
        opt.poll();
      }
      assert.ok(res, 'the worker optimised the kernel');
      assert.ok(res.module instanceof WebAssembly.Module, 'a compiled module came back');
      const memory = new WebAssembly.Memory({ initial: 1 });
      const { kernel: k } = new WebAssembly.Instance(res.module, { env: { memory } }).exports;
      const i32 = new Int32Array(memory.buffer), f32 = new Float32Array(memory.buffer);
      i32[0] = 16;
      i32[1] = 32;
      f32[4] = 2.5;
      assert.equal(k(0), 0);
      assert.equal(f32[8], 7.5);
      // close() stops the worker between jobs (never terminated inside a
      // compile, where V8's flags are switched): it exits by itself
      const w = opt.worker;
      const exited = new Promise((resolve) => w.once('exit', resolve));
      opt.close();
      const timer = setTimeout(() => {}, 60000); // keep the loop alive meanwhile
      await exited;
      clearTimeout(timer);
    } finally {
      opt.close();
    }
  });

  test("the browser entry's optimiser worker (optimizerWorker, serveOptimizer): Binaryen loads and runs at the other end, its kernels are swapped in between runs", async () => {
    // the protocol of wasm/lib/port_optimizer.js over a MessageChannel, as
    // between the playground's compiler worker and Binaryen's worker
    const browser = await import('../../wasm/browser.js');
    const { port1, port2 } = new MessageChannel();
    let loads = 0;
    browser.serveOptimizer(port2, async () => {
      loads++;
      return binaryen;
    });
    try {
      const c = await browser.createCompiler({ wasmBytes: fs.readFileSync(WASM_FILE), optimizerWorker: port1 });
      const r1 = c.run(COMPILED, { backend: 'wasm' });
      assert.equal(r1.stdout, COMPILED_OUT);
      assert.equal(r1.graphs[0].tier, 'emitted', 'the kernel ran as emitted');
      await settled(c, 1);
      assert.equal(loads, 1, "Binaryen was loaded on the other end's first job");
      const r2 = c.run(COMPILED, { backend: 'wasm', wat: true });
      assert.equal(r2.stdout, COMPILED_OUT);
      assert.equal(r2.graphs[0].tier, 'optimized', "Binaryen's kernel, swapped in between runs");
      assert.equal(r2.graphs[0].slot, r1.graphs[0].slot);
      assert.match(r2.graphs[0].wat, /;;@ main\.py:\d+:\d+/, "Binaryen's text with the source locations");
      c.dispose();
      // a job the other end cannot do leaves the kernel as emitted
      const { port1: a, port2: b } = new MessageChannel();
      browser.serveOptimizer(b, async () => { throw new Error('no Binaryen here'); });
      const opt = new PortOptimizer(a);
      const res = await new Promise((resolve) => opt.request({ bytes: kernel('(i32.const 0)'), text: null, optimizeLevel: 2, shrinkLevel: 1 }, resolve));
      assert.equal(res, null);
      opt.close();
      a.close();
      await assert.rejects(browser.createCompiler({ wasmBytes: fs.readFileSync(WASM_FILE), optimizerWorker: {} }), /optimizerWorker must be a Worker or a MessagePort/);
    } finally {
      port1.close();
    }
  });

  test("a PortOptimizer's jobs end without a result when its worker fails", async () => {
    const target = new EventTarget();
    target.postMessage = () => {}; // a worker that never answers ...
    const opt = new PortOptimizer(target);
    const got = [];
    opt.request({ bytes: new Uint8Array(8), text: null, optimizeLevel: 2, shrinkLevel: 1 }, (r) => got.push(r));
    assert.equal(opt.busy, true);
    target.dispatchEvent(new Event('error')); // ... and dies
    assert.deepEqual(got, [null]);
    opt.request({ bytes: new Uint8Array(8), text: null, optimizeLevel: 2, shrinkLevel: 1 }, (r) => got.push(r));
    assert.deepEqual(got, [null, null], 'later jobs end at once');
  });

  test("tier 'emitted' never optimises; unusable modules are errors without Binaryen too", async () => {
    const c = await createCompiler({ tier: 'emitted' });
    const r = c.run(COMPILED, { backend: 'wasm', logs: ['output_code'] });
    assert.equal(r.stdout, COMPILED_OUT);
    assert.equal(r.graphs[0].tier, 'emitted');
    assert.match(r.stderr, /as emitted/);
    for (const [bytes, re] of [
      [kernel('(drop (local.get 0))', '(param i32)'), /must have type \(i32\) -> i32/],
      [kernel('(call $f) (i32.const 0)', '(param i32) (result i32)', '(import "env" "f" (func $f))'), /import only env\.memory/],
    ]) assert.match(c.selfTest({ wasm: bytes }).error, re);
    await assert.rejects(createCompiler({ tier: 'fast' }), TypeError);
  });

  test('the kernel cache on disk gives the optimised tier at once to the next compiler', async () => {
    const dir = tempDir('dynawasm-cache-');
    const a = await createCompiler({ cache: dir });
    assert.equal(a.selfTest().tier, 'emitted');
    await settled(a, 1);
    assert.equal(a.selfTest().tier, 'optimized');
    a.dispose();
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.kernel'));
    assert.equal(files.length, 1, `one entry: ${files}`);
    const b = await createCompiler({ cache: dir });
    const r = b.selfTest();
    assert.equal(r.ok, true);
    assert.equal(r.tier, 'optimized');
    assert.equal(b.stats.kernelStoreHits, 1);
    assert.equal(b.stats.kernelsOptimized, 0);
    // an entry for other bytes under the same name is not used
    const f = path.join(dir, files[0]);
    const bytes = fs.readFileSync(f);
    bytes[20] ^= 1;
    fs.writeFileSync(f, bytes);
    const d = await createCompiler({ cache: dir, tier: 'emitted' });
    assert.equal(d.selfTest().tier, 'emitted');
    const e = await createCompiler({ cache: dir });
    assert.equal(e.selfTest().tier, 'emitted', 'a damaged entry is ignored');
    e.dispose();
  });

  test('the content hash and comparison of kernel bytes: by words where aligned, any offset and length alike', async () => {
    const { hashBytes, sameBytes } = await import('../../wasm/lib/kernels.js');
    const buf = new Uint8Array(4099 + 3);
    for (let i = 0; i < buf.length; i++) buf[i] = (i * 131 + 7) & 255;
    const seen = new Set();
    for (const len of [0, 1, 3, 4, 5, 8, 4099]) {
      const aligned = buf.slice(0, len);
      const h = hashBytes(aligned);
      assert.ok(Number.isSafeInteger(h) && h >= 0, `53-bit hash: ${h}`);
      seen.add(h);
      for (const off of [1, 2, 3]) {
        const unaligned = new Uint8Array(buf.buffer, off, len);
        unaligned.set(aligned); // the same bytes at an unaligned offset
        assert.equal(hashBytes(unaligned), h, `length ${len} at offset ${off}: the same hash`);
        assert.ok(sameBytes(aligned, unaligned) && sameBytes(unaligned, aligned));
      }
      const copy = aligned.slice();
      assert.ok(sameBytes(aligned, copy));
      for (const at of [0, len >> 1, len - 1]) {
        if (at < 0 || at >= len) continue;
        copy[at] ^= 1; // a difference in a word or in the last bytes
        assert.equal(sameBytes(aligned, copy), false, `length ${len}: byte ${at} differs`);
        assert.notEqual(hashBytes(copy), h, `length ${len}: byte ${at} changes the hash`);
        copy[at] ^= 1;
      }
      assert.equal(sameBytes(aligned, buf.slice(0, len + 1)), false, 'lengths differ');
    }
    assert.equal(seen.size, 7, 'each length its own hash');
  });

  test('a kernel-cache hit compiles only the optimised module; a broken stored module falls back to the emitted tier', async () => {
    const { KernelCache, customSection, emittedText } = await import('../../wasm/lib/kernels.js');
    const { NodeStore } = await import('../../wasm/lib/node_host.js');
    const dir = tempDir('dynawasm-hit-');
    // a real graph's kernel, optimised into the store
    let emitted = null;
    const a = await createCompiler({ cache: dir, tier: 'optimized', onKernel: (b) => void (emitted ??= b.slice()) });
    assert.equal(a.run(COMPILED).stdout, COMPILED_OUT);
    a.dispose();
    assert.ok(emitted, 'the kernel bytes');
    assert.match(emittedText(emitted), /^\(module/, "the emitter's text, read from the bytes");
    assert.equal(customSection(emitted, 'no such section'), null);
    assert.equal(customSection(emitted.subarray(0, 20), 'dynawasm.wat'), null, 'truncated bytes: no section');
    const compiled = [];
    const make = () =>
      new KernelCache({
        tier: 'auto', binaryen: null, optimizer: null, store: new NodeStore(dir), optimizeLevel: 2, shrinkLevel: 1,
        compile: (b) => (compiled.push(b), new WebAssembly.Module(b)), onUpgrade: () => {},
      });
    const { entry } = make().get(emitted);
    assert.equal(entry.tier, 'optimized');
    assert.equal(entry.source, 'cache');
    assert.equal(compiled.length, 1, 'one module compiled: the stored one');
    assert.notEqual(compiled[0].length, emitted.length, 'not the emitted bytes');
    assert.equal(entry.text, emittedText(emitted), "the emitter's text kept for output_code");
    // the stored entry's optimised module damaged (its emitted bytes still
    // match): the emitted module is compiled and used
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.kernel'));
    const bytes = fs.readFileSync(path.join(dir, file));
    bytes[12 + emitted.length] ^= 0xff; // the optimised module's magic number
    fs.writeFileSync(path.join(dir, file), bytes);
    compiled.length = 0;
    const kc = make();
    const broken = kc.get(emitted).entry;
    assert.equal(broken.tier, 'emitted');
    assert.deepEqual(compiled.at(-1), emitted, 'the emitted module compiled');
    assert.equal(kc.stats.storeHits, 0);
  });

  test('optimizeDelayMs holds Binaryen back until a kernel has waited that long', async () => {
    await assert.rejects(createCompiler({ optimizeDelayMs: -1 }), TypeError);
    await assert.rejects(createCompiler({ optimizeDelayMs: 'soon' }), TypeError);
    const c = await createCompiler({ cache: false, optimizeDelayMs: 300 });
    assert.equal(c.selfTest().tier, 'emitted');
    const t0 = Date.now();
    await settled(c, 1);
    assert.ok(Date.now() - t0 >= 250, `optimised after ${Date.now() - t0} ms, not before the delay`);
    assert.equal(c.selfTest().tier, 'optimized');
    c.dispose();
  });

  test('a held-back job whose kernel another process stored meanwhile comes from the store, not from Binaryen', async () => {
    const dir = tempDir('dynawasm-held-');
    const a = await createCompiler({ cache: dir, optimizeDelayMs: 400 });
    assert.equal(a.selfTest().tier, 'emitted', 'its job held back by the delay');
    // another process (here another compiler: tier 'optimized' writes the
    // store at once) stores the same kernel while the job waits
    const b = await createCompiler({ cache: dir, tier: 'optimized' });
    assert.equal(b.selfTest().tier, 'optimized');
    b.dispose();
    await new Promise((r) => setTimeout(r, 500));
    a.poll(); // the delay is over: the job is released
    assert.equal(a.selfTest().tier, 'optimized', 'taken from the store at its release');
    assert.equal(a.stats.kernelsOptimized, 0, 'no Binaryen in this compiler');
    assert.equal(a.stats.kernelStoreHits, 1);
    a.dispose();
  });

  test("lowestPriority() (the detached optimiser's) puts every thread of its process at nice 19", { skip: process.platform !== 'linux' || os.getPriority() >= 19 }, async () => {
    const hostUrl = new URL('../../wasm/lib/node_host.js', import.meta.url).href;
    const child = `import fs from 'node:fs';
const nices = () => fs.readdirSync('/proc/self/task').map((t) => { const st = fs.readFileSync('/proc/self/task/' + t + '/stat', 'utf8'); return Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[16]); });
const before = nices();
const { lowestPriority } = await import(${JSON.stringify(hostUrl)});
const n = lowestPriority();
console.log(JSON.stringify({ before, n, after: nices(), again: lowestPriority() }));`;
    const r = await runCmd(process.execPath, ['--input-type=module', '-e', child]);
    assert.equal(r.code, 0, r.stderr);
    const { before, n, after, again } = JSON.parse(r.stdout);
    assert.ok(before.length > 1, `V8 runs threads besides the main one: ${before}`);
    assert.ok(before.some((x) => x < 19), `some thread starts below 19: ${before}`);
    assert.ok(n >= before.filter((x) => x < 19).length && n <= after.length, `${n} threads lowered (${before.length} before the import)`);
    assert.deepEqual(after, after.map(() => 19), `every thread at 19: ${after}`);
    assert.equal(again, 0, 'nothing left to lower');
  });

  test('optimizeLater(): a detached process writes what still waits to the cache for the next process', async () => {
    const dir = tempDir('dynawasm-later-');
    const a = await createCompiler({ cache: dir, optimizeDelayMs: 1e9 });
    assert.equal(a.selfTest().tier, 'emitted');
    await new Promise((r) => setTimeout(r, 100));
    a.poll();
    assert.equal(a.stats.kernelsOptimized, 0, 'held back by the delay: no worker');
    assert.equal(a.optimizeLater(), 1, 'one kernel handed over');
    assert.equal(a.optimizeLater(), 0, 'nothing waits any more');
    assert.equal(a.selfTest().tier, 'emitted', 'this compiler keeps the emitted tier');
    a.dispose();
    const t0 = Date.now();
    const kernels = () => fs.readdirSync(dir).filter((f) => f.endsWith('.kernel'));
    while (!kernels().length) {
      if (Date.now() - t0 > 120000) throw new Error(`no entry after 120 s: ${fs.readdirSync(dir)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const b = await createCompiler({ cache: dir });
    assert.equal(b.selfTest().tier, 'optimized', 'the next compiler starts with the optimised tier');
    assert.equal(b.stats.kernelStoreHits, 1);
    b.dispose();
    // the spool is left empty and the detached optimiser's lock released
    while (fs.existsSync(path.join(dir, 'spool', 'optimizer.pid'))) {
      if (Date.now() - t0 > 120000) throw new Error('the detached optimiser did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(fs.readdirSync(path.join(dir, 'spool')), []);
    const c = await createCompiler({ cache: false, optimizeDelayMs: 1e9 });
    c.selfTest();
    assert.equal(c.optimizeLater(), 0, 'without a cache nothing is handed over');
    c.dispose();
  });
});

describe('relaxed SIMD (f32x4.relaxed_madd)', () => {
  // softmax's exp and a matmul: the kernels with relaxed multiply-adds
  const SOFTMAX_MM = `import torch

@torch.compile
def f(x, w):
    return torch.softmax(x @ w, -1)

@torch.compile
def g(x):
    return x * 2 + 1

torch.manual_seed(0)
x = torch.randn(8, 16)
w = torch.randn(16, 12)
y = f(x, w)
print(y.shape, (y.sum(-1) - 1).abs().max().item() < 1e-5, (y - torch.softmax(x @ w, -1)).abs().max().item() < 1e-6)
print(g(torch.ones(3)))
`;
  const OUT = 'torch.Size([8, 12]) True True\ntensor([3., 3., 3.])\n';

  test('feature-detected; relaxedSimd: false turns it off; graphs[].relaxed_simd says which kernels use it', async () => {
    await assert.rejects(createCompiler({ relaxedSimd: 'yes' }), TypeError);
    if (!relaxedSimdSupported()) { // Node 20 before V8's flag
      await assert.rejects(createCompiler({ relaxedSimd: true }), /does not run relaxed SIMD/);
      const c = await createCompiler();
      assert.equal(c.relaxedSimd, false, 'not where the engine lacks it');
      const r = c.run(SOFTMAX_MM);
      assert.equal(r.stdout, OUT);
      assert.deepEqual(r.graphs.map((g) => g.relaxed_simd), [false, false]);
      c.dispose();
    }
    assert.ok(enableRelaxedSimd(), 'V8 runs relaxed SIMD (Node 20: with its flag)');
    const on = await createCompiler();
    const off = await createCompiler({ relaxedSimd: false });
    assert.equal(on.relaxedSimd, true, 'feature-detected');
    assert.equal(off.relaxedSimd, false);
    assert.equal((await createCompiler({ binaryen: false })).relaxedSimd, false, 'no kernel compiler');
    const ron = on.run(SOFTMAX_MM, { wat: true });
    const roff = off.run(SOFTMAX_MM, { wat: true });
    assert.equal(ron.stdout, OUT, ron.stderr);
    assert.equal(roff.stdout, OUT, roff.stderr);
    // f: matmul + softmax, relaxed; g: no multiply-add, the same module
    assert.deepEqual(ron.graphs.map((g) => g.relaxed_simd), [true, false]);
    assert.deepEqual(roff.graphs.map((g) => g.relaxed_simd), [false, false]);
    assert.match(ron.graphs[0].wat, /f32x4\.relaxed_madd/);
    assert.doesNotMatch(roff.graphs[0].wat, /relaxed/);
    assert.equal(ron.graphs[1].wat, roff.graphs[1].wat);
    on.dispose();
    off.dispose();
  });

  test("the browser entry's optimiser worker optimises kernels with relaxed SIMD (Binaryen there is told the feature)", async () => {
    assert.ok(enableRelaxedSimd());
    const browser = await import('../../wasm/browser.js');
    const { port1, port2 } = new MessageChannel();
    browser.serveOptimizer(port2, async () => binaryen);
    try {
      const c = await browser.createCompiler({ wasmBytes: fs.readFileSync(WASM_FILE), optimizerWorker: port1 });
      assert.equal(c.relaxedSimd, true);
      assert.equal(c.run(SOFTMAX_MM).stdout, OUT);
      await settled(c, 2);
      const r = c.run(SOFTMAX_MM, { wat: true });
      assert.equal(r.stdout, OUT);
      assert.deepEqual(r.graphs.map((g) => [g.tier, g.relaxed_simd]), [['optimized', true], ['optimized', false]]);
      assert.match(r.graphs[0].wat, /f32x4\.relaxed_madd/);
      c.dispose();
    } finally {
      port1.close();
    }
  });

  test('the kernel cache keys kernels with relaxed SIMD apart', async () => {
    enableRelaxedSimd();
    const dir = tempDir('dynawasm-relaxed-');
    const kernels = () => fs.readdirSync(dir).filter((f) => f.endsWith('.kernel')).sort();
    const a = await createCompiler({ cache: dir, tier: 'optimized' });
    assert.equal(a.run(SOFTMAX_MM).stdout, OUT);
    const withRelaxed = kernels();
    assert.equal(withRelaxed.length, 2);
    assert.ok(withRelaxed.every((f) => f.startsWith('O2s1r-')), `recipe with r: ${withRelaxed}`);
    const b = await createCompiler({ cache: dir, tier: 'optimized', relaxedSimd: false });
    assert.equal(b.run(SOFTMAX_MM).stdout, OUT);
    assert.equal(b.stats.kernelStoreHits, 0, 'nothing of the relaxed compiler is read');
    const without = kernels().filter((f) => !withRelaxed.includes(f));
    assert.equal(without.length, 2);
    assert.ok(without.every((f) => f.startsWith('O2s1-')), `recipe without r: ${without}`);
    const c = await createCompiler({ cache: dir });
    const r = c.run(SOFTMAX_MM);
    assert.equal(r.stdout, OUT);
    assert.equal(c.stats.kernelStoreHits, 2, 'the relaxed entries serve a relaxed compiler');
    assert.deepEqual(r.graphs.map((g) => [g.tier, g.relaxed_simd]), [['optimized', true], ['optimized', false]]);
    for (const x of [a, b, c]) x.dispose();
  });
});

test('browser entry: the Cache API store gives the next compiler the optimised tier', async () => {
  // a Cache API over a Map (Node has none): the browser path end to end,
  // Binaryen in idle time on this thread, entries written and read back
  const entries = new Map();
  const fake = {
    open: async () => ({
      match: async (url) => (entries.has(url) ? new Response(entries.get(url)) : undefined),
      put: async (url, res) => void entries.set(url, new Uint8Array(await res.arrayBuffer())),
    }),
  };
  const had = Object.getOwnPropertyDescriptor(globalThis, 'caches');
  Object.defineProperty(globalThis, 'caches', { value: fake, configurable: true, writable: true });
  try {
    const browser = await import('../../wasm/browser.js');
    const wasmBytes = fs.readFileSync(WASM_FILE);
    const a = await browser.createCompiler({ wasmBytes, cache: true });
    assert.equal(a.selfTest().tier, 'emitted');
    await settled(a, 1);
    assert.equal(a.selfTest().tier, 'optimized', 'swapped in between calls');
    for (let i = 0; i < 100 && entries.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(entries.size, 1, 'one entry in the Cache API');
    const b = await browser.createCompiler({ wasmBytes, cache: true });
    assert.equal(b.selfTest().tier, 'emitted', 'the lookup is asynchronous');
    await settled(b, 1);
    assert.equal(b.stats.kernelStoreHits, 1);
    assert.equal(b.stats.kernelsOptimized, 0, 'taken from the cache, not optimised again');
    assert.equal(b.selfTest().tier, 'optimized');
    a.dispose();
    b.dispose();
  } finally {
    if (had) Object.defineProperty(globalThis, 'caches', had);
    else delete globalThis.caches;
  }
});

describe('options', () => {
  let c;
  before(async () => {
    c = await createCompiler({ binaryen: false });
  });

  test('bad options are TypeErrors (API misuse), not reports', () => {
    assert.throws(() => c.run('print(1)', { backend: 'cuda' }), TypeError);
    assert.throws(() => c.run('print(1)', { logs: 'graph_breaks,bogus' }), /unknown log channel 'bogus'/);
    assert.throws(() => c.run('print(1)', { suppressErrors: 'yes' }), TypeError);
    assert.throws(() => c.run('print(1)', { maxSteps: -1 }), TypeError);
    assert.throws(() => c.run(42), TypeError);
  });

  test('log channels', () => {
    assert.equal(parseLogs('graph_breaks,recompiles'), LOG_CHANNELS.graph_breaks | LOG_CHANNELS.recompiles);
    assert.equal(parseLogs(['output_code']), 4);
    assert.equal(parseLogs('all'), 31);
    assert.equal(parseLogs(undefined), 0);
  });
});

describe('running programs', () => {
  let c;
  before(async () => {
    c = await createCompiler();
  });

  test('a program that prints: the report fields', () => {
    const r = c.run('x = 1 + 2\nprint("x =", x)\n');
    assertReportShape(r);
    assert.equal(r.error, null);
    assert.equal(r.ok, true);
    assert.equal(r.stdout, 'x = 3\n');
    assert.equal(r.stderr, '');
    assert.ok(r.marks.some((m) => m.line === 2 && m.kind === 'not_traced'), 'line 2 ran eagerly');
    assert.equal(r.explain.graph_count, 0);
  });

  test('source may be bytes; UTF-8 passes through', () => {
    const r = c.run(new TextEncoder().encode('print("héllo ✓")\n'));
    assert.equal(r.stdout, 'héllo ✓\n');
  });

  test('a program error is a report, never an exception', () => {
    const src = 'def g(x):\n    return x + undefined_name\n\nprint("before")\ng(1)\n';
    const r = c.run(src, { filename: 'prog.py' });
    assertReportShape(r);
    assert.equal(r.ok, false);
    assert.equal(r.stdout, 'before\n');
    assert.equal(r.error.type, 'NameError');
    assert.equal(r.error.message, "name 'undefined_name' is not defined");
    assert.equal(r.error.line, 2);
    assert.deepEqual(
      r.error.traceback.map((t) => t.line),
      [5, 2],
      'outermost first',
    );
    assert.match(r.error.text, /^Traceback \(most recent call last\):\n/);
    assert.match(r.error.text, /File "prog\.py", line 2, in g\n/);
    assert.ok(r.error.text.endsWith("NameError: name 'undefined_name' is not defined\n"), r.error.text);
  });

  test('a syntax error is a report', () => {
    const r = c.run('def f(x)\n    return x\n');
    assert.equal(r.ok, false);
    assert.equal(r.error.type, 'SyntaxError');
    assert.equal(r.error.line, 1);
  });

  test('maxSteps stops a runaway program with an error', () => {
    const t0 = performance.now();
    const r = c.run('n = 0\nwhile True:\n    n += 1\n', { maxSteps: 10000 });
    assert.equal(r.ok, false);
    assert.notEqual(r.error.type, 'InternalError');
    assert.ok(performance.now() - t0 < 5000);
  });

  test('a compiled function: graph, kernel, optimised text on request', () => {
    const compiled = c.stats.kernelsCompiled + c.stats.kernelCacheHits;
    const r = c.run(COMPILED, { backend: 'wasm', wat: true });
    assertReportShape(r);
    assert.equal(r.stdout, COMPILED_OUT);
    assert.equal(r.graphs.length, 1);
    const g = r.graphs[0];
    assert.equal(g.backend, 'wasm');
    assert.ok(g.wasm_size > 0);
    assert.ok(Number.isInteger(g.slot) && g.slot > 0, 'graphs[].slot: the kernel table index');
    assert.match(g.wat, /^\(module/);
    const simd = c.run(COMPILED.replace('torch.ones(3)', 'torch.ones(64)'), { backend: 'wasm', wat: true });
    assert.match(simd.graphs[0].wat, /f32x4|v128/, '64 floats: SIMD code');
    assert.equal(typeof g.time_ms.optimize, 'number');
    assert.ok(c.stats.kernelsCompiled + c.stats.kernelCacheHits > compiled, 'the host compiled a kernel');
    const plain = c.run(COMPILED, { backend: 'wasm' });
    assert.equal(plain.graphs[0].wat, undefined, 'wat only when asked');
  });

  test('float64 graphs: f64x2 kernels; float64 transcendentals run on the eager kernels', () => {
    const src = fs.readFileSync(path.join(ROOT, 'tests', 'conformance', 'op_float64_compiled.py'), 'utf8');
    const r = c.run(src, { backend: 'wasm', wat: true });
    const e = c.run(src, { backend: 'eager' });
    assert.equal(r.ok, true, JSON.stringify(r.error));
    assert.equal(r.stdout, e.stdout, 'compiled == eager');
    const wasm = r.graphs.filter((g) => g.wasm_size > 0);
    const eager = r.graphs.filter((g) => g.wasm_size === 0);
    // f (float64 + - * sum relu amax, float32 versions of it) compiles;
    // g (tanh) and h (exp) are left to the eager kernels (fuse.c dwF_eager_reason)
    assert.ok(wasm.length >= 1 && wasm.some((g) => /f64x2\./.test(g.wat)), 'a float64 kernel with f64x2 code');
    assert.equal(eager.length, 2, 'g and h run eagerly');
  });

  test('identical graphs are not optimised again across runs, until reset()', () => {
    c.run(COMPILED, { backend: 'wasm' });
    const n = c.stats.kernelsCompiled;
    const r = c.run(COMPILED, { backend: 'wasm' });
    assert.equal(r.stdout, COMPILED_OUT);
    assert.equal(c.stats.kernelsCompiled, n);
    c.reset();
    const r2 = c.run(COMPILED, { backend: 'wasm' });
    assert.equal(r2.stdout, COMPILED_OUT);
    assert.equal(c.stats.kernelsCompiled, n + 1);
  });

  test('the eager backend compiles no kernel and prints the same', () => {
    const n = c.stats.kernelsCompiled + c.stats.kernelCacheHits;
    const r = c.run(COMPILED, { backend: 'eager' });
    assert.equal(r.stdout, COMPILED_OUT);
    assert.equal(r.graphs.length, 1);
    assert.equal(r.graphs[0].backend, 'eager');
    assert.equal(c.stats.kernelsCompiled + c.stats.kernelCacheHits, n);
  });

  test('without Binaryen, wasm-backend graphs run on the eager kernels', async () => {
    const nb = await createCompiler({ binaryen: false });
    const r = nb.run(COMPILED, { backend: 'wasm' });
    assert.equal(r.stdout, COMPILED_OUT);
    assert.equal(nb.stats.kernelsCompiled, 0);
  });

  test('suppressErrors sets the initial torch._dynamo.config.suppress_errors', () => {
    const src = fs.readFileSync(path.join(ROOT, 'tests/conformance/suppress_errors_off.py'), 'utf8');
    const off = c.run(src);
    assert.equal(off.error?.type, 'BackendCompilerFailed');
    const on = c.run(src, { suppressErrors: true });
    assert.equal(on.ok, true, on.error?.text);
    assert.equal(on.stdout, 'before\ntensor([0., 0., 2., 4.])\nnever printed\n');
  });

  test('logs: graph breaks and output code go to stderr', () => {
    const r = c.run(PRINT_BREAK, { logs: ['graph_breaks', 'output_code'], filename: 'brk.py' });
    assert.equal(r.stdout, 'between graphs\ntensor([ 4.,  9., 16.])\n');
    assert.match(r.stderr, /Graph Break Reason: Failed to trace builtin operator/); // PyTorch's GB0059 text
    assert.match(r.stderr, /brk\.py/);
    assert.match(r.stderr, /\(module/);
    const quiet = c.run(PRINT_BREAK);
    assert.equal(quiet.stderr, '');
  });

  test('logs: guards show shape symbols named as PyTorch names them', () => {
    // automatic dynamic shapes: the second size makes dim 0 symbolic; the
    // symbol's number is sha256("L['a'].size()[0]") % 100 = 97, as in
    // symbolic_shapes.py _generate_unique_id; b has the same size: the same
    // symbol (duck sizing)
    const src = 'import torch\n\n@torch.compile\ndef f(a, b):\n    return a - b * 10\n\n' +
      'f(torch.ones(2), torch.ones(2))\nf(torch.ones(3), torch.ones(3))\nprint(f(torch.ones(4), torch.ones(4)))\n';
    for (const backend of ['wasm', 'eager']) {
      const r = c.run(src, { backend, logs: ['guards', 'recompiles'] });
      assert.equal(r.stdout, 'tensor([-9., -9., -9., -9.])\n');
      assert.equal(r.explain.graph_count, 2);
      assert.match(r.stderr, /TENSOR_MATCH: L\['a'\] Float\[2\]\n/);
      assert.match(r.stderr, /TENSOR_MATCH: L\['a'\] Float\[s97\]\nSHAPE_ENV: 2 <= L\['a'\]\.size\(\)\[0\]  # s97\n/);
      assert.match(r.stderr, /TENSOR_MATCH: L\['b'\] Float\[s97\]\nSHAPE_ENV: L\['b'\]\.size\(\)\[0\] == s97\n/);
      assert.match(r.stderr, /size mismatch at index 0\. expected 2, actual 3/);
    }
  });

  test('a trap inside a run is an InternalError report; the next run works', async () => {
    let sabotage = false;
    const t = await createCompiler({ onKernel: () => (sabotage ? kernel('(unreachable)') : undefined) });
    sabotage = true;
    const r = t.run(COMPILED, { backend: 'wasm' });
    assertReportShape(r);
    assert.equal(r.ok, false);
    assert.equal(r.error.type, 'InternalError');
    assert.match(r.error.message, /crashed.*unreachable.*restarted/);
    assert.equal(t.stats.restarts, 1);
    sabotage = false;
    const again = t.run(COMPILED, { backend: 'wasm' });
    assert.equal(again.ok, true, again.error?.text);
    assert.equal(again.stdout, COMPILED_OUT);
  });
});

test('index.d.ts type-checks a typical use (tsc --strict)', async () => {
  const tsc = path.join(WASM_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
  assert.ok(fs.existsSync(tsc), 'typescript is a devDependency of wasm/ (npm ci in wasm/)');
  const dir = tempDir('dynawasm-types-');
  fs.writeFileSync(
    path.join(dir, 'use.ts'),
    `import { createCompiler, type RunReport, type Mark, LOG_CHANNELS, explainText } from 'dynawasm';
async function main(): Promise<void> {
  const c = await createCompiler({ binaryen: false, onKernel: (b: Uint8Array) => b });
  const r: RunReport = c.run('print(1)', { backend: 'eager', wat: true, logs: ['graph_breaks'], filename: 'x.py' });
  const marks: Mark[] = r.marks;
  const n: number = r.explain.graph_count + LOG_CHANNELS.guards + marks.length + c.stats.restarts;
  if (r.error) console.log(r.error.traceback.map((e) => e.function + e.line).join() + r.error.text + n);
  for (const g of r.graphs) console.log(g.wat ?? g.code, g.time_ms?.optimize, g.slot);
  console.log(explainText(r, 'x.py'), c.selfTest().ok, c.version);
  c.reset();
  // @ts-expect-error: not a backend
  c.run('x', { backend: 'cuda' });
  // @ts-expect-error: not a log channel
  c.run('x', { logs: ['bogus'] });
}
void main();
`,
  );
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler',
        lib: ['es2022', 'dom'], types: [], paths: { dynawasm: [path.join(WASM_DIR, 'index.d.ts')] },
      },
      files: ['use.ts'],
    }),
  );
  const r = await runCmd(process.execPath, [tsc, '-p', dir], { cwd: dir, timeout: 120_000 });
  assert.equal(r.code, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
  fs.rmSync(dir, { recursive: true, force: true });
});
