#!/usr/bin/env node
// diffshrink.mjs - shrinks a program on which the three runs of
// diffcheck.mjs disagree, to a small one that still disagrees the same way
// (greedy delta debugging over the lines of the compiled function `f`).
//
//   node tests/lib/diffshrink.mjs PROGRAM.py [--root DIR] > small.py
//   node tests/lib/diffshrink.mjs --seed N [--root DIR]    (a generated program)
//
// PROGRAM.py may also be a tests/out/differential/seed-N.txt report (the
// program is read from it). --root: the dynawasm tree whose
// wasm/index.js to load (default: this repository). The kind of the
// first problem (e.g. "values differ", "raised BackendCompilerFailed")
// must stay the same. Steps, repeated until none applies:
//   - drop an output of `return`; drop a statement of f (a line, or a loop
//     with its body); replace a statement's right-hand side by one of the
//     names it reads; shorten range(N) loops;
//   - replace the numbers of an input literal by 1 or by small integers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRuns, runThree } from './diffcheck.mjs';
import { generateProgram } from './diffgen.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The kind of a problem line: what must stay the same while shrinking. */
export function problemKind(p) {
  const m = /^(\w+): (?:output \S+: )?(.*)$/.exec(p);
  if (!m) return p;
  const rest = m[2];
  if (/^raised (\w+)/.test(rest)) return `${m[1]}: raised ${/^raised (\w+)/.exec(rest)[1]}`;
  if (/values differ/.test(rest)) return `${m[1]}: values differ`;
  if (/^dtype/.test(rest)) return `${m[1]}: dtype`;
  if (/^shape/.test(rest)) return `${m[1]}: shape`;
  if (/print\(o\) differs/.test(rest)) return `${m[1]}: print`;
  return `${m[1]}: ${rest.slice(0, 40)}`;
}

export function interesting(compiler, source, kind) {
  let res;
  try {
    res = runThree(compiler, source);
  } catch {
    return false;
  }
  const { problems } = compareRuns(res, undefined);
  return problems.some((p) => problemKind(p) === kind);
}

/** Candidate smaller programs of source (each a full source text). */
function* candidates(source) {
  const lines = source.split('\n');
  const def = lines.findIndex((l) => /^def f\(/.test(l));
  let ret = def + 1;
  while (ret < lines.length && !/^ {4}return\b/.test(lines[ret])) ret++;
  if (def < 0 || ret >= lines.length) return;
  const join = (ls) => ls.join('\n');
  // 1. drop an output
  const rm = /^( {4}return )\((.*?),?\)$/.exec(lines[ret]) ?? /^( {4}return )(.*)$/.exec(lines[ret]);
  if (rm) {
    const outs = rm[2].split(',').map((s) => s.trim()).filter(Boolean);
    if (outs.length > 1) {
      for (let k = 0; k < outs.length; k++) {
        const o = outs.filter((_, j) => j !== k);
        yield join([...lines.slice(0, ret), `${rm[1]}(${o.join(', ')},)`, ...lines.slice(ret + 1)]);
      }
    }
  }
  // statements of f: [start, end) line ranges
  const stmts = [];
  for (let i = def + 1; i < ret; ) {
    let j = i + 1;
    if (/^ {4}(for|while|if)\b/.test(lines[i])) while (j < ret && /^ {8}/.test(lines[j])) j++;
    stmts.push([i, j]);
    i = j;
  }
  // 2. inline a copy `vK = vJ`; drop a statement (last ones first: they are often dead)
  for (let i = def + 1; i < ret; i++) {
    const m = /^ {4}(\w+) = (\w+)$/.exec(lines[i]);
    if (!m) continue;
    const re = new RegExp(`\\b${m[1]}\\b`, 'g');
    yield join([...lines.slice(0, i), ...lines.slice(i + 1).map((l, k) => (i + 1 + k <= ret ? l.replace(re, m[2]) : l))]);
  }
  for (const [i, j] of stmts.slice().reverse()) yield join([...lines.slice(0, i), ...lines.slice(j)]);
  // 3. a right-hand side replaced by a name it reads, or a loop body line dropped
  for (let i = def + 1; i < ret; i++) {
    const m = /^( +)(\w+) = (.*)$/.exec(lines[i]);
    if (!m) continue;
    const names = [...new Set(m[3].match(/\b[vx]\d+\b|\b(?:x|w|s|a|b)\b/g) ?? [])].filter((n) => n !== m[2]);
    for (const n of names) yield join([...lines.slice(0, i), `${m[1]}${m[2]} = ${n}`, ...lines.slice(i + 1)]);
    if (m[1].length === 8) yield join([...lines.slice(0, i), ...lines.slice(i + 1)]);
  }
  // 4. shorter loops
  for (let i = def + 1; i < ret; i++) {
    const m = /range\((\d+)\)/.exec(lines[i]);
    if (!m) continue;
    const n = Number(m[1]);
    for (const k of [1, 2, Math.floor(n / 2), n - 1]) {
      if (k >= 1 && k < n) yield join([...lines.slice(0, i), lines[i].replace(m[0], `range(${k})`), ...lines.slice(i + 1)]);
    }
  }
  // 5. simpler input data
  for (let i = ret + 1; i < lines.length; i++) {
    if (!/= torch\.tensor\(/.test(lines[i])) continue;
    const isFloat = !/dtype=torch\.(int|bool)/.test(lines[i]) && /\d\.\d|float\(/.test(lines[i]);
    const numRe = /float\('[a-z]+'\)|-?\d+(\.\d+)?(e-?\d+)?/g;
    const body = (l) => {
      const a = l.indexOf('torch.tensor(') + 'torch.tensor('.length;
      return [l.slice(0, a), l.slice(a)];
    };
    const [head, tail] = body(lines[i]);
    // the data: up to the last ']' (or the first ',' / ')' of a 0-d literal)
    const cut = tail.startsWith('[') ? tail.lastIndexOf(']') + 1 : tail.search(/[,)]/);
    const data = tail.slice(0, cut);
    const rest = tail.slice(cut);
    const ones = data.replace(numRe, isFloat ? '1.0' : '1');
    if (ones !== data) yield join([...lines.slice(0, i), head + ones + rest, ...lines.slice(i + 1)]);
    let k = 0;
    const small = data.replace(numRe, () => (isFloat ? `${(k++ % 5) - 2}.0` : String((k++ % 5) - 2)));
    if (small !== data && small !== ones) yield join([...lines.slice(0, i), head + small + rest, ...lines.slice(i + 1)]);
  }
}

/** Size of a program: lines, then distinct numbers, then characters. */
function cost(src) {
  const nums = new Set(src.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []);
  return [src.split('\n').length, nums.size, src.length];
}
const smaller = (a, b) => {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k];
  return false;
};

/** Greedy shrinking: the smallest interesting program found. */
export function shrink(compiler, source, kind, log = () => {}) {
  let cur = source;
  for (let round = 0; round < 500; round++) {
    let progressed = false;
    for (const cand of candidates(cur)) {
      if (!smaller(cost(cand), cost(cur))) continue;
      if (interesting(compiler, cand, kind)) {
        cur = cand;
        progressed = true;
        log(`  -> ${cur.split('\n').length} lines, ${cur.length} chars`);
        break;
      }
    }
    if (!progressed) break;
  }
  return cur;
}

async function main() {
  const args = process.argv.slice(2);
  let root = path.resolve(HERE, '..', '..');
  const ri = args.indexOf('--root');
  if (ri >= 0) {
    root = path.resolve(args[ri + 1]);
    args.splice(ri, 2);
  }
  let source;
  const si = args.indexOf('--seed');
  if (si >= 0) source = generateProgram(Number(args[si + 1])).source;
  else {
    source = fs.readFileSync(args[0], 'utf8');
    const m = /--- program:\n([\s\S]*?)\n--- wasm stdout:/.exec(source);
    if (m) source = m[1] + '\n';
  }
  const { createCompiler } = await import(path.join(root, 'wasm', 'index.js'));
  const compiler = await createCompiler();
  const { problems } = compareRuns(runThree(compiler, source), undefined);
  if (!problems.length) {
    console.error('the runs agree: nothing to shrink');
    process.exit(1);
  }
  const kind = problemKind(problems[0]);
  console.error(`shrinking for "${kind}" (${source.split('\n').length} lines)`);
  const small = shrink(compiler, source, kind, (m) => console.error(m));
  process.stdout.write(small);
  const res = runThree(compiler, small);
  for (const p of compareRuns(res, undefined).problems) console.error(`# ${p}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
