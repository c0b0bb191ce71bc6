// sweep.mjs - the generated bad-call sweep: every torch function, Tensor
// method, torch.nn.functional function, nn class and nn.Module method of
// the registry (each table dwL_torch_init in src/tensor/torchlib.c
// registers, wherever it is defined: torchlib.c, torchops.c, nn.c,
// nn_module.c, device.c), and through them every op of ops.def, called
// with wrong dtypes (bool/int/float combinations, in place and not), wrong
// shapes, out-of-range dims, wrong argument counts, types and keywords,
// and a few good calls; each eagerly and inside a torch.compile'd
// function, in the native CLI (the ASan/UBSan build in tests/run.sh).
// Every case must give PyTorch's outcome (tests/sweep/spec.mjs: the
// exception type, and its message where PyTorch's text is known; the
// result's dtype and shape for good calls), the same eagerly and compiled,
// and no sanitizer report.
//
//   DWRUN=build-asan/dwrun node tests/sweep/sweep.mjs     # what run.sh does
//   node tests/sweep/sweep.mjs --grep 'add_'              # cases whose code matches
//   node tests/sweep/sweep.mjs --type-only                # list the cases whose message is not checked
//   node tests/sweep/sweep.mjs --names                    # the registry's names and the coverage check only
//   node tests/sweep/sweep.mjs --seeds DIR                # write the cases as fuzz seeds (tests/fuzz/fuzz.sh)
//
// The sweep also checks that it covers everything: each registry name is
// called by some case, each op of ops.def is reached (OP_REACH below), and
// tests/fuzz/python.dict has a token for each name. Exit status 0 when all
// is well; the failures (and the programs, in tests/out/sweep/) otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, run } from '../lib/repo.mjs';
import { PRELUDE_TENSORS, allCases } from './spec.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : undefined;
};
const DWRUN = process.env.DWRUN
  ? path.resolve(process.env.DWRUN)
  : fs.existsSync(path.join(ROOT, 'build-asan', 'dwrun'))
    ? path.join(ROOT, 'build-asan', 'dwrun')
    : path.join(ROOT, 'build', 'dwrun');
const OUT = path.join(ROOT, 'tests', 'out', 'sweep');
const CHUNK = 200;
const SEED_CASES = 6;

/** The first file named `name` under src/ (the layout may move it). */
function findSource(name, dir = path.join(ROOT, 'src')) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) {
      const r = findSource(name, p);
      if (r) return r;
    } else if (ent.name === name) return p;
  }
  return null;
}

/** Every .c file under src/ (the layout may move them). */
function cSources(dir = path.join(ROOT, 'src'), out = []) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) cSources(p, out);
    else if (ent.name.endsWith('.c')) out.push(p);
  }
  return out;
}

/**
 * Names of the registry: every table that dwL_torch_init (torchlib.c)
 * registers, wherever the table is defined -- the torch.* tables it adds
 * to torch's attributes, the torch.nn.functional tables, the Tensor method
 * tables (method_tables), the Module method tables, the nn class tables
 * (nn_classes and more[]) and torch.nn's other names (add_def), and the
 * device submodules of dwDv_init (device.c: torch.cuda.*, torch.optim.*,
 * ...). A table added to dwL_torch_init is read without a change here.
 */
function registry() {
  const libPath = findSource('torchlib.c');
  const lib = fs.readFileSync(libPath, 'utf8');
  // torchlib.c first: its static tables win over same-named ones elsewhere
  const srcs = [lib, ...cSources().filter((f) => f !== libPath).map((f) => fs.readFileSync(f, 'utf8'))];
  const bodyOf = (src, fn) => {
    const k = src.indexOf(`bool ${fn}(`);
    if (k < 0) throw new Error(`sweep: no function ${fn} in src/`);
    return src.slice(k, src.indexOf('\n}\n', k));
  };
  const init = bodyOf(lib, 'dwL_torch_init');
  /** the entries of table `name` ({...} up to the closing `};`), from `skip` on */
  const table = (name, skip = 0) => {
    for (const src of srcs) {
      const m = new RegExp(`(?:BuiltinDef|NNClass|DwNClass) ${name}\\[\\] = \\{`).exec(src);
      if (!m) continue;
      const t = src.slice(m.index + m[0].length, src.indexOf('};', m.index));
      // one entry per line start or macro: split at each entry's opening
      const entries = [...t.matchAll(/(?:\b(?:UN|BIN|RED|M|MU|MB|MR)\(|\{)"([\w.]+)"/g)].map((x) => x[1]);
      return entries.slice(skip);
    }
    throw new Error(`sweep: no table ${name} in src/ (named by dwL_torch_init)`);
  };
  const last = (n) => n.slice(n.lastIndexOf('.') + 1);
  const uniq = (a) => [...new Set(a)].sort();
  const listed = (re) => [...init.matchAll(re)].map((m) => m[1]);
  const initList = (name) => {
    const m = new RegExp(`${name}(?:\\[\\w*\\])? = \\{([^}]*)\\}`).exec(lib);
    if (!m) throw new Error(`sweep: no ${name} in torchlib.c`);
    return m[1].split(',').map((s) => s.trim()).filter(Boolean);
  };
  const classes = (t) => {
    for (const src of srcs) {
      const m = new RegExp(`(?:NNClass|DwNClass) ${t}\\[\\] = \\{`).exec(src);
      if (m) return [...src.slice(m.index, src.indexOf('};', m.index)).matchAll(/\{"(\w+)", \{"\w+\.__init__"/g)].map((x) => x[1]);
    }
    throw new Error(`sweep: no class table ${t} in src/`);
  };
  const torch = listed(/dwL_add_defs\(I, torch->attrs, (\w+)\)/g).flatMap((t) => table(t)).map((n) => n.replace(/^torch\./, ""));
  // the device submodules: torch.device and dwDv_init's submodule(..., table [+ skip])
  const dv = bodyOf(srcs.find((s) => s.includes('bool dwDv_init(')), 'dwDv_init');
  for (const m of dv.matchAll(/submodule\(I, \w+, "\w+", "[\w.]+", (\w+)(?: \+ (\d+))?/g))
    torch.push(...table(m[1], Number(m[2] ?? 0)).map((n) => n.slice(6)));
  for (const m of dv.matchAll(/BuiltinDef \w+ = \{"torch\.(\w+)"/g)) torch.push(m[1]);
  return {
    torch: uniq(torch),
    methods: uniq(initList('method_tables').flatMap((t) => table(t)).map(last)),
    functional: uniq(listed(/dwL_add_defs\(I, F->attrs, (\w+)\)/g).flatMap((t) => table(t)).map(last)),
    module: uniq(listed(/dwL_add_defs\(I, module->ns, (\w+)\)/g).flatMap((t) => table(t)).map(last).filter((n) => !n.startsWith('__'))),
    nn: uniq([
      ...classes('nn_classes'),
      ...initList('more').flatMap(classes),
      ...listed(/add_def\(I, nn->attrs, "(\w+)"/g),
    ]),
  };
}

/** The ops of ops.def: [{id, name}]. */
function opsDef() {
  const src = fs.readFileSync(findSource('ops.def'), 'utf8');
  return [...src.matchAll(/^OP\((\w+),\s*"(\w+)"/gm)].map((m) => ({ id: m[1], name: m[2] }));
}

// How a case reaches each op of ops.def (by what its code calls). A new op
// without an entry fails the sweep until its bad calls are added.
const OP_REACH = {
  INPUT: /./, // every compiled case passes its tensors as graph inputs
  CONST: /[+\-*/] \d|\(\w, \d/, // Python numbers in tensor expressions
  NEG: /\bneg\(|^-\w/, ABS: /\babs\(/, EXP: /\bexp_?\(/, LOG: /\blog\(/, SQRT: /\bsqrt\(/,
  RSQRT: /\brsqrt\(/, SIN: /\bsin\(/, COS: /\bcos\(/, TANH: /\btanh\(/, SIGMOID: /\bsigmoid\(/,
  RELU: /\brelu_?\(/, GELU: /\bgelu\(/, SILU: /\bsilu\(/, CLAMP: /\bclamp\(/,
  CAST: /\.(float|long|int|bool|to|type)\(/, NOT: /logical_not|~/,
  ADD: /\badd_?\(| \+ /, SUB: /\bsub_?\(| - /, MUL: /\bmul_?\(| \* /, DIV: /\bdiv_?\(| \/ /,
  FLOORDIV: /floor_divide|\/\//, MOD: /remainder| % /, POW: /\bpow_?\(|\*\*/,
  MAXIMUM: /\bmaximum\(/, MINIMUM: /\bminimum\(/, EQ: /\beq\(|==/, NE: /\bne\(|!=/,
  LT: /\blt\(| < /, LE: /\ble\(|<=/, GT: /\bgt\(| > /, GE: /\bge\(|>=/,
  AND: /bitwise_and|logical_and| & /, OR: /bitwise_or|logical_or| \| /, WHERE: /\bwhere\(/,
  SUM: /\bsum\(/, MEAN: /\bmean\(/, PROD: /\bprod\(/, AMAX: /\bamax\(|\bmax\(/, AMIN: /\bamin\(|\bmin\(/,
  ARGMAX: /\bargmax\(/, ARGMIN: /\bargmin\(/, MATMUL: /matmul|\bmm\(|bmm|@|linear/,
  RESHAPE: /reshape|view|flatten|squeeze/, PERMUTE: /permute|transpose|\.t\(|\.T/,
  EXPAND: /expand/, SLICE: /\[:|\[::|:\]/, SELECT: /\w\[-?\d/, ALIAS: /contiguous\(\)|\.float\(\)|\.cpu\(\)|\.detach\(\)/, CLONE: /clone|contiguous/,
  TAN: /\btan\(/, ERF: /\berf\(/, FLOOR: /\bfloor\(/, CEIL: /\bceil\(/, ROUND: /\bround\(/,
  GATHER: /\bgather\(|\bindex_select\(|\w\[\[/,
  ARGSORT: /\bsort\(|\bargsort\(|\btopk\(/,
  CAT: /\bcat\(|concat|stack/, FULL: /\b(ones|zeros|empty|full)(_like)?\(/, ARANGE: /\barange\(/,
  RAND: /\b(rand|randn|randint)(_like)?\(/, TENSOR: /\btensor\(\[/,
};

function checkCoverage(cases, names, ops) {
  const problems = [];
  const codes = cases.map((c) => c.code);
  const called = (re) => codes.some((c) => re.test(c));
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const n of names.torch) if (!called(new RegExp(`torch\\.${esc(n)}\\(`))) problems.push(`no case calls torch.${n}`);
  for (const n of names.methods) if (!called(new RegExp(`\\.${esc(n)}\\(`))) problems.push(`no case calls Tensor.${n}`);
  for (const n of names.functional) if (!called(new RegExp(`F\\.${esc(n)}\\(`))) problems.push(`no case calls F.${n}`);
  for (const n of names.nn) if (!called(new RegExp(`torch\\.nn\\.${esc(n)}\\(`))) problems.push(`no case builds torch.nn.${n}`);
  for (const n of names.module) if (!called(new RegExp(`\\.${esc(n)}\\(`))) problems.push(`no case calls Module.${n}`);
  for (const o of ops) {
    const re = OP_REACH[o.id];
    if (!re) problems.push(`ops.def op ${o.id} ("${o.name}") has no entry in OP_REACH (tests/sweep/sweep.mjs)`);
    else if (!called(re)) problems.push(`no case reaches op ${o.id} ("${o.name}")`);
  }
  const dict = fs.readFileSync(path.join(ROOT, 'tests', 'fuzz', 'python.dict'), 'utf8');
  const need = [
    ...names.torch.map((n) => `"torch.${n}("`), ...names.methods.map((n) => `".${n}("`),
    ...names.functional.map((n) => `"F.${n}("`), ...names.nn.map((n) => `"torch.nn.${n}("`),
    ...names.module.map((n) => `".${n}("`),
  ];
  for (const t of need) if (!dict.includes(t)) problems.push(`tests/fuzz/python.dict lacks ${t}`);
  return problems;
}

/** The Python of one case as a function body. */
function body(code) {
  if (!code.startsWith('do:')) return [`    return ${code}`];
  const stmts = code.slice(3).trim().split(/; |\n    /);
  const lines = stmts.map((s) => `    ${s}`);
  if (!stmts.some((s) => s.startsWith('r = '))) lines.push('    r = None');
  lines.push('    return r');
  return lines;
}

function program(chunk) {
  const names = Object.keys(PRELUDE_TENSORS);
  const params = names.join(', ');
  const out = [
    'import torch',
    'import torch.nn.functional as F',
    '',
    'def fresh():',
    `    return (${Object.values(PRELUDE_TENSORS).join(', ')})`,
    '',
    'def report(tag, fn):',
    '    try:',
    '        r = fn(*fresh())',
    '    except Exception as ex:',
    '        print("@@", tag, "ERR", type(ex).__name__, str(ex).replace("\\n", "\\\\n"))',
    '        return',
    '    if isinstance(r, torch.Tensor):',
    '        print("@@", tag, "ok", str(r.dtype)[6:], list(r.shape))',
    '    else:',
    '        print("@@", tag, "ok")',
    '',
  ];
  for (const c of chunk) {
    const b = body(c.code);
    out.push(`def e${c.id}(${params}):`, ...b, `report("e${c.id}", e${c.id})`);
    out.push('@torch.compile', `def c${c.id}(${params}):`, ...b, `report("c${c.id}", c${c.id})`);
  }
  return out.join('\n') + '\n';
}

/** "@@ tag ok dtype [shape]" / "@@ tag ERR Type message" -> {tag: outcome} */
function parseReport(stdout) {
  const got = {};
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('@@ ')) continue;
    const m = /^@@ (\S+) (ok|ERR)(?: (.*))?$/.exec(line);
    if (!m) continue;
    if (m[2] === 'ok') {
      const t = /^(\w+) \[(.*)\]$/.exec(m[3] ?? '');
      got[m[1]] = { kind: 'ok', dtype: t?.[1], shape: t ? (t[2] ? t[2].split(', ').map(Number) : []) : undefined };
    } else {
      const sp = m[3].indexOf(' ');
      const type = sp < 0 ? m[3] : m[3].slice(0, sp);
      const msg = sp < 0 ? '' : m[3].slice(sp + 1).replace(/\\n/g, '\n');
      got[m[1]] = { kind: 'err', type, msg };
    }
  }
  return got;
}

const show = (o) =>
  !o ? 'nothing (the program stopped before this case)'
  : o.kind === 'ok' ? `ok${o.dtype ? ` ${o.dtype} [${o.shape.join(', ')}]` : ''}`
  : `${o.type}: ${o.msg}`;

/** Problems of one outcome against the expectation ([] = pass). */
function judge(exp, got) {
  if (!got) return ['no outcome'];
  if (exp.kind === 'unknown') return [];
  if (exp.kind === 'ok') {
    if (got.kind !== 'ok') return [`expected success, got ${show(got)}`];
    const p = [];
    if (exp.dtype && got.dtype !== exp.dtype) p.push(`dtype ${got.dtype}, expected ${exp.dtype}`);
    if (exp.shape && (got.shape ?? []).join() !== exp.shape.join()) p.push(`shape [${got.shape}], expected [${exp.shape}]`);
    return p;
  }
  if (got.kind !== 'err') return [`expected ${exp.type}, got ${show(got)}`];
  if (got.type !== exp.type) return [`expected ${exp.type}, got ${show(got)}`];
  if (exp.kind === 'err' && got.msg !== exp.msg) return [`message differs:\n      got:      ${got.msg}\n      expected: ${exp.msg}`];
  return [];
}

async function main() {
  const names = registry();
  const ops = opsDef();
  let cases = allCases(names).map((c, id) => ({ ...c, id }));
  const problems = checkCoverage(cases, names, ops);
  if (args.includes('--names')) {
    for (const [k, v] of Object.entries(names)) console.log(`${k} (${v.length}): ${v.join(' ')}`);
    for (const p of problems) console.log(`FAIL ${p}`);
    console.log(`${cases.length} cases; ${problems.length} coverage problems`);
    return problems.length ? 1 : 0;
  }
  const grep = opt('--grep');
  if (grep) cases = cases.filter((c) => new RegExp(grep).test(c.code));
  if (args.includes('--type-only')) {
    const by = new Map();
    for (const c of cases.filter((x) => x.expect.kind === 'type' || x.expect.kind === 'unknown')) {
      if (!by.has(c.expect.why)) by.set(c.expect.why, []);
      by.get(c.expect.why).push(c.code);
    }
    for (const [why, codes] of by) console.log(`${codes.length} case(s): ${why}\n    ${codes.slice(0, 8).join('\n    ')}${codes.length > 8 ? '\n    ...' : ''}`);
    return 0;
  }
  const seeds = opt('--seeds');
  if (seeds) {
    // fuzz seeds (tests/fuzz/fuzz.sh): the cases as small programs, a few
    // per file, each well under the fuzzers' -max_len
    fs.rmSync(seeds, { recursive: true, force: true });
    fs.mkdirSync(seeds, { recursive: true });
    for (let k = 0; k < cases.length; k += SEED_CASES)
      fs.writeFileSync(path.join(seeds, `sweep-${String(k / SEED_CASES).padStart(4, '0')}.py`), program(cases.slice(k, k + SEED_CASES)));
    console.log(`sweep: ${cases.length} cases as ${Math.ceil(cases.length / SEED_CASES)} fuzz seeds in ${seeds}`);
    return 0;
  }
  if (!fs.existsSync(DWRUN)) {
    console.error(`sweep: no native CLI at ${DWRUN} (build it, or set DWRUN)`);
    return 2;
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const chunks = [];
  for (let k = 0; k < cases.length; k += CHUNK) chunks.push(cases.slice(k, k + CHUNK));
  const env = {
    ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? 'detect_leaks=1:exitcode=86:strict_string_checks=1',
    UBSAN_OPTIONS: process.env.UBSAN_OPTIONS ?? 'print_stacktrace=1:halt_on_error=1',
  };
  const got = {};
  let sanitizer = 0;
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const k = next++;
      const file = path.join(OUT, `sweep-${String(k).padStart(3, '0')}.py`);
      fs.writeFileSync(file, program(chunks[k]));
      const r = await run(DWRUN, ['run', file], { env, timeout: 600_000 });
      Object.assign(got, parseReport(r.stdout));
      if (/Sanitizer|runtime error:/.test(r.stderr) || r.code !== 0) {
        sanitizer += /Sanitizer|runtime error:/.test(r.stderr) ? 1 : 0;
        const at = r.stderr.search(/ERROR: |runtime error:/);
        problems.push(`${path.relative(ROOT, file)} exited ${r.code}${r.signal ? ` (${r.signal})` : ''}:\n${(at >= 0 ? r.stderr.slice(at) : r.stderr).split('\n').slice(0, 30).join('\n')}`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  let exact = 0;
  let typeOnly = 0;
  let unknownN = 0;
  let results = 0;
  let failed = 0;
  for (const c of cases) {
    const bad = [];
    for (const mode of ['e', 'c']) {
      const p = judge(c.expect, got[`${mode}${c.id}`]);
      if (p.length) bad.push(`  ${mode === 'e' ? 'eager' : 'compiled'}: ${p.join('; ')}`);
    }
    if (!bad.length && show(got[`e${c.id}`]) !== show(got[`c${c.id}`]))
      bad.push(`  eager and compiled differ: ${show(got[`e${c.id}`])} / ${show(got[`c${c.id}`])}`);
    if (bad.length) {
      failed++;
      problems.push(`${c.code}\n${bad.join('\n')}${c.expect.src ? `\n  (PyTorch: ${c.expect.src})` : ''}`);
    } else if (c.expect.kind === 'err') exact++;
    else if (c.expect.kind === 'type') typeOnly++;
    else if (c.expect.kind === 'unknown') unknownN++;
    else if (c.expect.dtype) results++;
  }
  // the dictionary's missing tokens last (they are many); sort is stable
  const dictLast = (p) => (p.includes('python.dict lacks') ? 1 : 0);
  problems.sort((a, b) => dictLast(a) - dictLast(b));
  const shown = Number(process.env.DW_SWEEP_SHOW || 200);
  for (const p of problems.slice(0, shown)) console.log(`FAIL ${p}`);
  if (problems.length > shown) console.log(`... and ${problems.length - shown} more`);
  console.log(
    `bad-call sweep: ${cases.length} cases, each eager and compiled, in ${chunks.length} programs (${path.relative(ROOT, DWRUN)}): ` +
      `${exact} with PyTorch's exact message, ${typeOnly} checked for the exception type only and ${unknownN} for safety only (--type-only lists both), ` +
      `${results} results checked for dtype and shape; ${failed} cases failed, ${sanitizer} sanitizer reports`,
  );
  return problems.length ? 1 : 0;
}

process.exitCode = await main();
