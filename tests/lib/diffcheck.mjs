// diffcheck.mjs - runs one program three ways and compares the results;
// shared by tests/node/differential.test.mjs and tests/lib/diffshrink.mjs.
//
// The three ways (wasm/README.md, `c.run(source, options)`):
//   wasm   {}                   the default backend: WebAssembly kernels
//   eager  {backend: 'eager'}   traced, each graph run op by op on the eager kernels
//   plain  {compile: false}     torch.compile'd functions run as plain Python
// `plain` is the reference. The programs print `OUT <call> <k> <dtype>
// <shape> <tolist()>` and then `print(o)` for each output (diffgen.mjs).
//
// Tolerances: int64/int32/bool exactly; float32 and float64 within
// max(ATOL, RTOL * |ref|, 4 * err), err being the generator's bound for
// that output (0 for outputs that IEEE float32 fixes bit for bit, so those
// get RTOL/ATOL only); nan equals nan, infinities exactly. When all values
// of an output are bit-identical its print(o) text must be identical too.
// When a run raises, the others must raise the same error type with the
// same message, after printing the same outputs.

export const RTOL = 1e-4;
export const ATOL = 1e-5;

export const MODES = [
  ['wasm', {}],
  ['eager', { backend: 'eager' }],
  ['plain', { compile: false }],
];

/** Parses a Python literal of nested lists/tuples of numbers and bools. */
export function parsePyValue(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const val = () => {
    ws();
    const c = text[i];
    if (c === '[' || c === '(') {
      const close = c === '[' ? ']' : ')';
      i++;
      const out = [];
      ws();
      if (text[i] === close) {
        i++;
        return out;
      }
      for (;;) {
        out.push(val());
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === close) {
            i++;
            return out;
          }
          continue;
        }
        if (text[i] === close) {
          i++;
          return out;
        }
        throw new Error(`bad list at ${i}: ${text.slice(i, i + 20)}`);
      }
    }
    const m = /^(True|False|-?inf|nan|-?[0-9][0-9.e+-]*)/.exec(text.slice(i));
    if (!m) throw new Error(`bad value at ${i}: ${text.slice(i, i + 20)}`);
    i += m[0].length;
    const t = m[0];
    if (t === 'True') return true;
    if (t === 'False') return false;
    if (t === 'inf') return Infinity;
    if (t === '-inf') return -Infinity;
    if (t === 'nan') return NaN;
    return Number(t);
  };
  const v = val();
  ws();
  if (i !== text.length) throw new Error(`trailing text: ${text.slice(i, i + 20)}`);
  return v;
}

/** The outputs a run printed: [{key, dtype, shape, values (flat), text}]. */
export function parseOutputs(stdout) {
  const outs = [];
  let cur = null;
  const other = [];
  for (const line of stdout.split('\n')) {
    const m = /^OUT (\d+) (\d+) (\S+) (\[[\d, ]*\]) (.*)$/.exec(line);
    if (m) {
      cur = { key: `${m[1]}.${m[2]}`, call: +m[1], k: +m[2], dtype: m[3], shape: JSON.parse(m[4]), raw: m[5], text: [] };
      try {
        const v = parsePyValue(m[5]);
        cur.values = Array.isArray(v) ? v.flat(Infinity) : [v];
      } catch (e) {
        cur.parseError = e.message;
      }
      outs.push(cur);
    } else if (cur) cur.text.push(line);
    else if (line) other.push(line);
  }
  for (const o of outs) {
    while (o.text.length && o.text[o.text.length - 1] === '') o.text.pop();
    o.text = o.text.join('\n');
  }
  return { outs, other };
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function bits(x) {
  f32[0] = x;
  return u32[0];
}

/**
 * Compares one output of a run with the reference's. meta: {dt, err} from
 * the generator (or undefined: RTOL/ATOL only). Returns a list of problems.
 */
export function compareOutput(got, ref, meta) {
  const p = [];
  if (got.dtype !== ref.dtype) p.push(`dtype ${got.dtype}, expected ${ref.dtype}`);
  if (JSON.stringify(got.shape) !== JSON.stringify(ref.shape)) p.push(`shape ${JSON.stringify(got.shape)}, expected ${JSON.stringify(ref.shape)}`);
  if (got.parseError || ref.parseError) {
    if (got.raw !== ref.raw) p.push(`tolist() differs: ${got.parseError ?? ref.parseError}`);
    return p;
  }
  if (got.values.length !== ref.values.length) {
    p.push(`${got.values.length} values, expected ${ref.values.length}`);
    return p;
  }
  const isFloat = ref.dtype === 'torch.float32' || ref.dtype === 'torch.float64';
  const err = meta?.err ?? 0;
  let bad = 0;
  let first = -1;
  let worst = 0;
  let identical = true;
  for (let i = 0; i < ref.values.length; i++) {
    const a = got.values[i];
    const b = ref.values[i];
    if (isFloat) {
      if (Number.isNaN(a) && Number.isNaN(b)) continue;
      if (bits(a) !== bits(b)) identical = false;
      const tol = Math.max(ATOL, RTOL * Math.abs(b), 4 * err);
      const d = Math.abs(a - b);
      if (!(d <= tol) && a !== b) {
        bad++;
        if (first < 0) first = i;
        worst = Math.max(worst, d);
      }
    } else if (a !== b) {
      identical = false;
      bad++;
      if (first < 0) first = i;
    }
  }
  if (bad) {
    const tolNote = isFloat ? ` (max abs diff ${worst.toPrecision(3)}, tolerance max(${ATOL}, ${RTOL}*|ref|, 4*${err.toPrecision(3)}))` : '';
    p.push(`${bad} of ${ref.values.length} values differ${tolNote}; first at flat index ${first}: ${got.values[first]} vs ${ref.values[first]}`);
  } else if (identical && got.text !== ref.text) p.push(`same values but print(o) differs:\n${got.text}\n--- expected:\n${ref.text}`);
  return p;
}

/** Runs source the three ways. */
export function runThree(compiler, source) {
  const res = {};
  for (const [name, opts] of MODES) {
    const t0 = performance.now();
    const r = compiler.run(source, { ...opts, filename: 'main.py' });
    res[name] = { report: r, ms: performance.now() - t0, ...parseOutputs(r.stdout) };
  }
  return res;
}

const errText = (e) => (e ? `${e.type}: ${e.message}` : 'no error');

/**
 * Compares the runs of runThree with the reference (plain). meta: the
 * generator's outputs ([{dt, err}], by position k) or undefined. Returns
 * {problems: [..], unsupported: string|null}.
 */
export function compareRuns(res, meta) {
  const ref = res.plain;
  const problems = [];
  const refErr = ref.report.error;
  if (refErr && refErr.type === 'NotImplementedError') return { problems, unsupported: refErr.message };
  for (const name of ['wasm', 'eager']) {
    const r = res[name];
    const e = r.report.error;
    if (r.report.internal || e?.type === 'InternalError') problems.push(`${name}: the compiler crashed: ${errText(e)}`);
    if (!!e !== !!refErr || (e && refErr && (e.type !== refErr.type || e.message !== refErr.message))) {
      problems.push(`${name}: raised ${errText(e)}; plain raised ${errText(refErr)}`);
    }
    const byKey = new Map(r.outs.map((o) => [o.key, o]));
    for (const o of ref.outs) {
      const g = byKey.get(o.key);
      if (!g) {
        if (!e) problems.push(`${name}: output ${o.key} missing`);
        continue;
      }
      for (const msg of compareOutput(g, o, meta?.[o.k])) problems.push(`${name}: output ${o.key}: ${msg}`);
    }
    if (r.outs.length > ref.outs.length) problems.push(`${name}: ${r.outs.length} outputs, plain printed ${ref.outs.length}`);
    if (r.other.join('\n') !== ref.other.join('\n')) problems.push(`${name}: other stdout differs`);
  }
  return { problems, unsupported: null };
}

/** The report of a mismatch: program, the three outputs, how to reproduce. */
export function describeMismatch(source, res, problems, header) {
  const parts = [header, 'problems:', ...problems.map((p) => `  - ${p}`), '--- program:', source];
  for (const [name] of MODES) {
    const r = res[name].report;
    parts.push(`--- ${name} stdout:`, r.stdout.trimEnd());
    if (r.error) parts.push(`--- ${name} error:`, r.error.text ?? errText(r.error));
    if (r.stderr) parts.push(`--- ${name} stderr:`, r.stderr.trimEnd());
  }
  return parts.join('\n');
}
