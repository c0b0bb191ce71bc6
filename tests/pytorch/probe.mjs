#!/usr/bin/env node
// probe.mjs - measures what dynawasm does today for a port whose checks rely
// on APIs it may not have yet (CompileCounter, EagerAndRecordGraphs,
// torch._dynamo.optimize, config.patch, torch._dynamo.testing.unsupported).
// It is a diagnostic for the implementers, not a test: the runner
// (tests/node/pytorch.test.mjs) is the judge.
//
//   node tests/pytorch/probe.mjs [--backend eager|wasm] [substring...]
//
// For each selected port it rewrites the program (never the file) so that
// it runs on today's API:
//   - counters and recording backends become objects that print a marker to
//     stderr when created or cleared; every backend=<name> and
//     torch._dynamo.optimize(<name>, ...) becomes backend="eager" (nopython=
//     becomes fullgraph=, optimize_assert(<name>) fullgraph=True);
//   - torch._dynamo.testing.unsupported becomes a torch._dynamo.disable'd
//     function returning its second argument (PyTorch's is a C function that
//     Dynamo cannot trace: both break the graph at the call);
//   - torch._dynamo.testing.same is an allclose over tensors and sequences;
//   - torch._dynamo.config.patch(...) sets the options the config has and
//     reports the others as ignored;
//   - every assert/print/raise line that reads a counter (frame_count,
//     op_count, .graphs, count_op) becomes a marker.
// It then runs the program with the graph_code log and, for each marker,
// prints the graphs and ops compiled since the last counter was created or
// cleared, next to the line's original text (which holds PyTorch's expected
// value). Several counters alive at once are not told apart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAnnotations } from '../lib/annotations.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { createCompiler } = await import(path.join(HERE, '..', '..', 'wasm', 'index.js'));

const PRELUDE = `import sys as _probe_sys
import torch as _probe_torch


class _ProbeCounter:
    def __init__(self, *args):
        self.frame_count = -1
        self.op_count = -1
        self.graphs = []
        print("@@probe-counter", file=_probe_sys.stderr)

    def clear(self):
        print("@@probe-counter", file=_probe_sys.stderr)


def _probe_CompileCounter(*args):
    return _ProbeCounter()


@_probe_torch._dynamo.disable
def _probe_unsupported(a, b):
    return b


def _probe_same(a, b):
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_probe_same(u, v) for u, v in zip(a, b))
    if isinstance(a, _probe_torch.Tensor):
        if a.dtype == _probe_torch.bool:
            return _probe_torch.equal(a, b)
        return a.shape == b.shape and _probe_torch.allclose(a, b)
    return a == b


class _probe_patch:
    def __init__(self, *args, **kwargs):
        self.changes = dict(kwargs)
        if len(args) == 2:
            self.changes[args[0]] = args[1]
        self.saved = []

    def __enter__(self):
        for k, v in self.changes.items():
            if hasattr(_probe_torch._dynamo.config, k):
                self.saved.append((k, getattr(_probe_torch._dynamo.config, k)))
                setattr(_probe_torch._dynamo.config, k, v)
            else:
                print("@@probe-ignored-config " + k, file=_probe_sys.stderr)
        return self

    def __exit__(self, a, b, c):
        for k, v in self.saved:
            setattr(_probe_torch._dynamo.config, k, v)
        self.saved = []

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            with self:
                return fn(*args, **kwargs)

        return wrapper


`;

const READS_COUNTER = /\.frame_count|\.op_count|\.graphs\b|count_op\(|explain_output\./;

/** The rewritten program and a map from marker number to original line. */
export function rewrite(source) {
  const lines = source.split('\n');
  const markers = [];
  const out = lines.map((line, i) => {
    const indent = /^\s*/.exec(line)[0];
    const t = line.trim();
    if (/^from torch\._dynamo\.testing import /.test(t)) return `${indent}pass`;
    const isStmt = /^(assert |print\(|raise AssertionError)/.test(t);
    if (isStmt && READS_COUNTER.test(t)) {
      markers.push({ line: i + 1, text: t });
      return `${indent}print("@@probe-mark ${markers.length - 1}", file=_probe_sys.stderr)`;
    }
    if (/^\w+\.frame_count = 0$/.test(t)) return `${indent}print("@@probe-counter", file=_probe_sys.stderr)`;
    let l = line;
    l = l.replace(/torch\._dynamo\.testing\.(CompileCounter|CompileCounterWithBackend|EagerAndRecordGraphs)\b/g, '_probe_CompileCounter');
    l = l.replace(/\b(CompileCounter|CompileCounterWithBackend|EagerAndRecordGraphs)\(/g, '_probe_CompileCounter(');
    l = l.replace(/torch\._dynamo\.testing\.unsupported\b/g, '_probe_unsupported').replace(/(^|[^.\w])unsupported\(/g, '$1_probe_unsupported(');
    l = l.replace(/torch\._dynamo\.testing\.same\b/g, '_probe_same');
    l = l.replace(/torch\._dynamo\.optimize_assert\(\s*\w+\s*\)/g, 'torch.compile(backend="eager", fullgraph=True)');
    l = l.replace(/torch\._dynamo\.optimize\(\s*\w+\s*(,|\))/g, 'torch.compile(backend="eager"$1');
    l = l.replace(/\bnopython=/g, 'fullgraph=');
    l = l.replace(/\bbackend=([A-Za-z_]\w*)/g, 'backend="eager"');
    l = l.replace(/torch\._dynamo\.config\.patch\(/g, '_probe_patch(');
    return l;
  });
  return { program: PRELUDE + out.join('\n'), offset: PRELUDE.split('\n').length - 1, markers };
}

/** Runs one port through the probe; returns printable lines. */
export function probe(compiler, source, { backend = 'eager', filename = 'probe.py' } = {}) {
  const { program, offset, markers } = rewrite(source);
  const report = compiler.run(program, { backend, filename, logs: ['graph_code'] });
  const ops = new Map((report.graphs ?? []).map((g) => [g.id, g.op_count]));
  const lines = [];
  let graphs = 0;
  let opCount = 0;
  const ignored = new Set();
  for (const l of String(report.stderr ?? '').split('\n')) {
    let m;
    if (l.startsWith('@@probe-counter')) {
      graphs = 0;
      opCount = 0;
    } else if ((m = /^@@probe-ignored-config (\w+)/.exec(l))) {
      ignored.add(m[1]);
    } else if ((m = /^@@probe-mark (\d+)/.exec(l))) {
      const mk = markers[Number(m[1])];
      lines.push(`  line ${mk.line}: ours ${graphs} graph(s), ${opCount} op(s) | ${mk.text}`);
    } else if ((m = /===== __compiled_fn_(\d+) =====/.exec(l))) {
      graphs++;
      opCount += ops.get(Number(m[1])) ?? 0;
    }
  }
  if (ignored.size) lines.unshift(`  config options dynawasm lacks (ignored): ${[...ignored].join(', ')}`);
  if (report.error) {
    const line = report.error.line ? report.error.line - offset : '?';
    lines.push(`  error at line ${line}: ${report.error.type}: ${String(report.error.message).split('\n')[0]}`);
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  let backend = 'eager';
  const bi = args.indexOf('--backend');
  if (bi >= 0) {
    backend = args[bi + 1];
    args.splice(bi, 2);
  }
  const compiler = await createCompiler();
  const files = fs
    .readdirSync(HERE)
    .filter((f) => f.endsWith('.py') && (args.length === 0 || args.some((a) => f.includes(a))))
    .sort();
  for (const f of files) {
    const source = fs.readFileSync(path.join(HERE, f), 'utf8');
    console.log(f);
    const expected = parseAnnotations(source).expectedOutput;
    if (expected) console.log(`  PyTorch's expected output: ${expected.trim().split('\n').join(' / ')}`);
    for (const l of probe(compiler, source, { backend, filename: `tests/pytorch/${f}` })) console.log(l);
  }
}
