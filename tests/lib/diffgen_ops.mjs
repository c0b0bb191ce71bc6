// diffgen_ops.mjs - the makers of tests/lib/diffgen.mjs for the layers and
// ops of issue 12: indexed loads (gather, index_select, x[index], flip,
// embedding, one_hot), bmm and einsum, tril/triu, masked_fill, cumsum,
// sort/topk, repeat/roll/narrow/chunk, scatter/scatter_/scatter_add, conv2d and pooling,
// and float64 (inputs and chains of float64 ops, promotion with float32).
// Same contract as the makers there: make(g, shape, kind, depth, det)
// returns a node of exactly `shape` whose dtype fits `kind`, with its value
// interval and error bound, or null. Index tensors are literals written in
// the compiled function (valid by construction: the harness compares
// values; the out-of-range errors are conformance programs).
//
//   opMakers(h) -> [maker, ...]   (h: the helpers of diffgen.mjs)

export function opMakers(h) {
  const { EPS, FMAX, amax, errOf, isF, numel, kindOk, pyFloat } = h;
  const lit = (shape, vals) => {
    // a Python nested list literal of ints
    if (shape.length === 0) return String(vals[0]);
    let i = 0;
    const rec = (d) => {
      const parts = [];
      for (let k = 0; k < shape[d]; k++) parts.push(d === shape.length - 1 ? String(vals[i++]) : rec(d + 1));
      return `[${parts.join(', ')}]`;
    };
    return rec(0);
  };
  const ints = (g, n, lo, hi) => Array.from({ length: n }, () => g.r.int(lo, hi));
  // scatter / scatter_add: [N, J] self and K rows of index (and src)
  const scatterBase = (g, shape, kind, depth, det) => {
    const [N, J] = shape;
    const K = g.r.int(1, 5);
    if (K * J > 48 || N === 0) return null;
    const x = g.gen(shape, kind === 'any' || kind === 'num' ? 'num' : kind, depth, det);
    return x.dt === 'bool' || x.dt === 'i32' ? null : { N, J, K, x };
  };
  const scatterMaker = (name, emit) => ({
    name,
    w: 2,
    ok: (g, s, kind) => s.length === 2 && kind !== 'bool' && kind !== 'i32',
    make(g, shape, kind, depth, det) {
      const base = scatterBase(g, shape, kind, depth, det);
      return base && emit(g, base, shape, depth, det);
    },
  });
  const sliceMeta = (x, shape) => ({ shape, dt: x.dt, lo: x.lo, hi: x.hi, det: x.det, err: errOf(x), contig: true, special: x.special });

  // float64: a value of the requested shape made in float64 (a float64
  // input, or a float32 node widened by .double() / .to(torch.float64)),
  // put through 1..4 float64 ops (with Python floats, float64 inputs,
  // float32 tensors that promote to float64, unary ops, a keepdim
  // reduction broadcast back, a matmul for 2-d shapes), then back to
  // float32. Every step is a node of dtype 'f64' (a possible extra output);
  // only this maker asks for kind 'f64'.
  const F64_EPS = 2.3e-16;
  const f64Step = (g, v, shape, depth) => {
    const m = amax(v);
    const e = errOf(v);
    const op = g.r.int(0, 8);
    const meta = (lo, hi, err) => ({ shape, dt: 'f64', lo, hi, det: false, err, contig: true });
    if (op === 0) {
      const c = g.r.pick([0.1, -1.5, 2.25, 0.3333333333333333, 1e-3]);
      const o = g.r.pick(['+', '-', '*']);
      const iv = o === '*' ? [v.lo * c, v.hi * c] : o === '+' ? [v.lo + c, v.hi + c] : [v.lo - c, v.hi - c];
      return g.emit(`${v.name} ${o} ${pyFloat(c)}`, meta(Math.min(...iv), Math.max(...iv), (o === '*' ? Math.abs(c) : 1) * e + F64_EPS * (m + 1)));
    }
    if (op === 1 || op === 2) {
      // another float64 input, or a float32 tensor (promotes to float64)
      const w = op === 1 ? g.newParam(shape, 'f64') : g.gen(shape, 'f32', depth);
      const o = g.r.pick(['+', '-', '*', 'max']);
      if (o === 'max') {
        return g.emit(`torch.maximum(${v.name}, ${w.name})`, meta(Math.max(v.lo, w.lo), Math.max(v.hi, w.hi), Math.max(e, errOf(w))));
      }
      const c = o === '*' ? [v.lo * w.lo, v.lo * w.hi, v.hi * w.lo, v.hi * w.hi] : o === '+' ? [v.lo + w.lo, v.hi + w.hi] : [v.lo - w.hi, v.hi - w.lo];
      const err = o === '*' ? e * amax(w) + errOf(w) * m : e + errOf(w);
      const l = g.r.chance(0.5);
      return g.emit(l ? `${v.name} ${o} ${w.name}` : `${w.name} ${o} ${v.name}`, meta(Math.min(...c), Math.max(...c), err + F64_EPS * (amax(w) + 1) * (m + 1)));
    }
    if (op === 3) {
      const f = g.r.pick(['tanh', 'sigmoid', 'sin', 'abs', 'relu', 'neg']);
      const t = { tanh: Math.tanh, sigmoid: (x) => 1 / (1 + Math.exp(-x)), sin: null, abs: null, relu: (x) => Math.max(x, 0), neg: null }[f];
      let lo;
      let hi;
      if (f === 'sin') [lo, hi] = [-1, 1];
      else if (f === 'abs') [lo, hi] = [v.lo <= 0 && v.hi >= 0 ? 0 : Math.min(Math.abs(v.lo), Math.abs(v.hi)), m];
      else if (f === 'neg') [lo, hi] = [-v.hi, -v.lo];
      else [lo, hi] = [t(v.lo), t(v.hi)];
      const text = f === 'neg' ? `-${v.name}` : g.r.chance(0.5) ? `torch.${f}(${v.name})` : `${v.name}.${f}()`;
      return g.emit(text, meta(lo, hi, e + 1e-15));
    }
    if (op === 4) {
      // exp of a bounded value, or sqrt of a positive one
      if (g.r.chance(0.5) && m <= 20) {
        return g.emit(`torch.exp(${v.name})`, meta(Math.exp(v.lo), Math.exp(v.hi), Math.exp(v.hi) * (e + 1e-15)));
      }
      return g.emit(`torch.sqrt(${v.name}.abs() + 0.25)`, meta(0.5, Math.sqrt(m + 0.25), e + 1e-15));
    }
    if (op === 5 && shape.length >= 1) {
      // v + v.sum/mean/amax(dim, keepdim=True): a reduction broadcast back
      const d = g.r.int(0, shape.length - 1);
      const n = shape[d];
      const f = g.r.pick(['sum', 'mean', 'amax']);
      const k = f === 'sum' ? n : 1;
      return g.emit(`${v.name} + ${v.name}.${f}(dim=${d}, keepdim=True)`, meta(v.lo + k * Math.min(v.lo, 0) + (f === 'sum' ? 0 : Math.min(v.lo, 0)), v.hi + k * Math.max(v.hi, 0) + (f === 'sum' ? 0 : Math.max(v.hi, 0)), (k + 1) * e + F64_EPS * (n + 1) * (m + 1)));
    }
    if (op === 6 && shape.length === 2) {
      const [M, N] = shape;
      const K = g.r.int(1, 9);
      const a = g.newParam([M, K], 'f64');
      const b = g.gen([K, N], 'f32', depth);
      if (!g.fits([K, N])) return null;
      const mm = K * amax(a) * amax(b);
      return g.emit(`${v.name} + ${a.name} @ ${b.name}.double()`, meta(v.lo - mm, v.hi + mm, e + K * errOf(b) * amax(a) + F64_EPS * (mm + m + 1) * (K + 2)));
    }
    if (op === 7) {
      return g.emit(`torch.where(${v.name} > 0, ${v.name}, ${v.name} * 0.5)`, meta(Math.min(v.lo * 0.5, v.lo), v.hi, e));
    }
    return g.emit(`${v.name}.clamp(-2.0, 3.5)`, meta(Math.max(Math.min(v.lo, 3.5), -2), Math.min(Math.max(v.hi, -2), 3.5), e));
  };
  const float64Maker = {
    name: 'float64',
    w: 8,
    ok: (g, s, kind, det) => !det && (kind === 'f32' || kind === 'any' || kind === 'num') && numel(s) > 0,
    make(g, shape, kind, depth) {
      let v;
      if (g.r.chance(0.5)) v = g.newParam(shape, 'f64');
      else {
        const x = g.gen(shape, 'f32', depth);
        const w = g.r.pick(['double()', 'to(torch.float64)', 'to(torch.double)']);
        v = g.emit(`${x.name}.${w}`, { shape, dt: 'f64', lo: x.lo, hi: x.hi, det: false, err: errOf(x), contig: true });
      }
      const n = g.r.int(1, 4);
      for (let k = 0; k < n && v; k++) {
        const next = f64Step(g, v, shape, depth - 1);
        if (!next || amax(next) > FMAX || !(next.lo <= next.hi)) break;
        v = next;
      }
      g.fam('float64');
      const back = g.r.pick(['float()', 'to(torch.float32)']);
      return g.emit(`${v.name}.${back}`, { shape, dt: 'f32', lo: v.lo, hi: v.hi, det: false, err: errOf(v) + EPS * amax(v), contig: true });
    },
  };

  return [
    float64Maker,
    {
      // index_select / gather / take_along_dim / x[index] / flip: one
      // indexed load each (OP_GATHER)
      name: 'gather',
      w: 5,
      ok: (g, s) => s.length >= 1 && numel(s) > 0,
      make(g, shape, kind, depth, det) {
        const nd = shape.length;
        const d = g.r.int(0, nd - 1);
        const v = g.r.int(0, 4);
        const xk = kind === 'int' ? 'int' : kind;
        if (v === 0) {
          // index_select(x, d, idx): x has n rows along d
          const n = g.r.int(1, 9);
          const xs = shape.slice();
          xs[d] = n;
          if (!g.fits(xs)) return null;
          const x = g.gen(xs, xk, depth, det);
          const idx = `torch.tensor(${lit([shape[d]], ints(g, shape[d], 0, n - 1))})`;
          g.fam('index_select');
          return g.emit(g.r.chance(0.5) ? `${x.name}.index_select(${d}, ${idx})` : `torch.index_select(${x.name}, ${d}, ${idx})`, sliceMeta(x, shape));
        }
        if (v === 1) {
          if (numel(shape) > 48) return null;
          const n = g.r.int(1, 9);
          const xs = shape.slice();
          xs[d] = n;
          if (!g.fits(xs)) return null;
          const x = g.gen(xs, xk, depth, det);
          const idx = `torch.tensor(${lit(shape, ints(g, numel(shape), 0, n - 1))})`;
          g.fam('gather');
          return g.emit(g.r.chance(0.5) ? `${x.name}.gather(${d}, ${idx})` : `torch.gather(${x.name}, ${d}, ${idx})`, sliceMeta(x, shape));
        }
        if (v === 2) {
          // x[idx] along dim 0, negative indices too
          const n = g.r.int(1, 8);
          const xs = [n, ...shape.slice(1)];
          if (!g.fits(xs)) return null;
          const x = g.gen(xs, xk, depth, det);
          const idx = ints(g, shape[0], -n, n - 1);
          const form = g.r.chance(0.5) ? `[${idx.join(', ')}]` : `torch.tensor([${idx.join(', ')}])`;
          g.fam('index_tensor');
          return g.emit(`${x.name}[${form}]`, sliceMeta(x, shape));
        }
        const x = g.gen(shape, xk, depth, det);
        const dims = [...new Set([d, ...(g.r.chance(0.3) ? [g.r.int(0, nd - 1)] : [])])];
        g.fam('flip');
        return g.emit(g.r.chance(0.5) ? `${x.name}.flip(${dims.join(', ')})` : `torch.flip(${x.name}, [${dims.join(', ')}])`, sliceMeta(x, shape));
      },
    },
    {
      name: 'embedding',
      w: 2,
      ok: (g, s, kind) => s.length >= 1 && (kind === 'f32' || kind === 'any' || kind === 'num'),
      make(g, shape, kind, depth, det) {
        const D = shape[shape.length - 1];
        const V = g.r.int(1, 10);
        if (!g.fits([V, D]) || numel(shape.slice(0, -1)) > 64) return null;
        const w = g.gen([V, D], 'f32', depth, det);
        const is = shape.slice(0, -1);
        const idx = `torch.tensor(${lit(is, ints(g, numel(is), 0, V - 1))})`;
        g.fam('embedding');
        return g.emit(`F.embedding(${idx}, ${w.name})`, sliceMeta(w, shape));
      },
    },
    {
      name: 'one_hot',
      w: 1,
      ok: (g, s, kind) => s.length >= 1 && (kind === 'int' || kind === 'i64' || kind === 'any' || kind === 'num'),
      make(g, shape) {
        const C = shape[shape.length - 1];
        const is = shape.slice(0, -1);
        if (C === 0 || numel(is) > 64) return null;
        g.fam('one_hot');
        const idx = `torch.tensor(${lit(is, ints(g, numel(is), 0, C - 1))})`;
        return g.emit(`F.one_hot(${idx}, ${C})`, { shape, dt: 'i64', lo: 0, hi: 1, det: true, contig: true });
      },
    },
    {
      name: 'bmm',
      w: 3,
      ok: (g, s, kind, det) => !det && (kind === 'f32' || kind === 'any' || kind === 'num') && (s.length === 3 || s.length === 2),
      make(g, shape, kind, depth) {
        const k = g.sizeDim();
        let a;
        let b;
        let expr;
        if (shape.length === 3) {
          const [B, M, N] = shape;
          if (!g.fits([B, M, k]) || !g.fits([B, k, N])) return null;
          a = g.gen([B, M, k], 'f32', depth);
          b = g.gen([B, k, N], 'f32', depth);
          expr = g.r.pick([`torch.bmm(${a.name}, ${b.name})`, `${a.name}.bmm(${b.name})`, `torch.einsum("bij,bjk->bik", ${a.name}, ${b.name})`]);
        } else {
          const [M, N] = shape;
          const tr = g.r.chance(0.5);
          a = g.gen(tr ? [k, M] : [M, k], 'f32', depth);
          b = g.gen([k, N], 'f32', depth);
          expr = tr ? `torch.einsum("ki,kj->ij", ${a.name}, ${b.name})` : `torch.einsum("ik,kj", ${a.name}, ${b.name})`;
        }
        const m = k * amax(a) * amax(b);
        if (m > FMAX) return null;
        const err = k * (errOf(a) * amax(b) + errOf(b) * amax(a)) + EPS * m * (4 + 2 * Math.sqrt(k));
        g.fam(expr.includes('einsum') ? 'einsum' : 'bmm');
        return g.emit(expr, { shape, dt: 'f32', lo: -m, hi: m, det: false, err, contig: true });
      },
    },
    {
      name: 'tri',
      w: 2,
      ok: (g, s) => s.length >= 2,
      make(g, shape, kind, depth, det) {
        const x = g.gen(shape, kind, depth, det);
        const fn = g.r.pick(['tril', 'triu']);
        const k = g.r.int(-2, 2);
        const arg = k || g.r.chance(0.3) ? (g.r.chance(0.5) ? `${k}` : `diagonal=${k}`) : '';
        g.fam('tril');
        const z = x.dt === 'bool' ? 0 : 0;
        return g.emit(g.r.chance(0.5) ? `${x.name}.${fn}(${arg})` : `torch.${fn}(${x.name}${arg ? ', ' + arg : ''})`, { ...sliceMeta(x, shape), lo: Math.min(x.lo, z), hi: Math.max(x.hi, z) });
      },
    },
    {
      name: 'masked_fill',
      w: 3,
      ok: (g, s, kind) => kind !== 'bool',
      make(g, shape, kind, depth, det) {
        const x = g.gen(shape, kind === 'any' ? 'num' : kind, depth, det);
        if (x.dt === 'bool') return null;
        const ms = g.bcastShapes(shape, 2)[g.r.int(0, 1)];
        if (!ms.every((d, i) => d === 1 || d === shape[shape.length - ms.length + i]) || ms.length > shape.length) return null;
        const m = g.gen(ms, 'bool', depth, true);
        const v = isF(x.dt) ? g.r.pick([0, -1.5, 2.25, -1e4]) : g.r.int(-5, 5);
        g.fam('masked_fill');
        const vt = isF(x.dt) ? pyFloat(v) : String(v);
        return g.emit(g.r.chance(0.6) ? `${x.name}.masked_fill(${m.name}, ${vt})` : `torch.masked_fill(${x.name}, ${m.name}, ${vt})`, { ...sliceMeta(x, shape), lo: Math.min(x.lo, v), hi: Math.max(x.hi, v) });
      },
    },
    {
      name: 'cumsum',
      w: 2,
      ok: (g, s, kind) => s.length >= 1 && kind !== 'bool' && kind !== 'i32',
      make(g, shape, kind, depth, det) {
        const d = g.r.int(0, shape.length - 1);
        const n = shape[d];
        const x = g.gen(shape, kind === 'f32' ? 'f32' : kind === 'any' || kind === 'num' ? 'any' : 'int', depth, det);
        const dt = isF(x.dt) ? 'f32' : 'i64';
        if (!kindOk(dt, kind)) return null;
        const lo = Math.min(x.lo, n * x.lo);
        const hi = Math.max(x.hi, n * x.hi);
        const isDet = !isF(dt) ? x.det : x.det && n <= 1;
        const err = isF(dt) ? n * errOf(x) + EPS * n * amax(x) * (2 + Math.log2(n + 1)) : 0;
        if (det && !isDet) return null;
        g.fam('cumsum');
        return g.emit(g.r.chance(0.5) ? `${x.name}.cumsum(${d})` : `torch.cumsum(${x.name}, dim=${d})`, { shape, dt, lo, hi, det: isDet, err, contig: true, special: x.special });
      },
    },
    {
      name: 'sort',
      w: 2,
      ok: (g, s, kind) => s.length >= 1 && kind !== 'bool',
      make(g, shape, kind, depth, det) {
        const d = g.r.int(0, shape.length - 1);
        const idx = (kind === 'int' || kind === 'i64') && g.r.chance(0.5);
        const topk = g.r.chance(0.4);
        let xs = shape;
        if (topk) {
          xs = shape.slice();
          xs[d] = shape[d] + g.r.int(0, 3);
          if (!g.fits(xs)) return null;
        }
        if (xs[d] > 300) return null; // rows long enough for several merge passes
        const x = g.gen(xs, idx ? 'num' : kind === 'any' ? 'num' : kind, depth, true);
        if (x.dt === 'bool' || !x.det) return null;
        const desc = g.r.chance(0.5);
        let expr;
        if (topk) expr = `torch.topk(${x.name}, ${shape[d]}, dim=${d}${desc ? '' : ', largest=False'})`;
        else expr = g.r.chance(0.5) ? `${x.name}.sort(dim=${d}${desc ? ', descending=True' : ''})` : `torch.sort(${x.name}, ${d}, ${desc ? 'True' : 'False'})`;
        g.fam(topk ? 'topk' : 'sort');
        if (idx) {
          if (!topk && g.r.chance(0.5)) return g.emit(`torch.argsort(${x.name}, dim=${d}${desc ? ', descending=True' : ''})`, { shape, dt: 'i64', lo: 0, hi: xs[d] - 1, det: true, contig: true });
          return g.emit(`${expr}.indices`, { shape, dt: 'i64', lo: 0, hi: xs[d] - 1, det: true, contig: true });
        }
        if (!kindOk(x.dt, kind)) return null;
        return g.emit(`${expr}${g.r.chance(0.5) ? '.values' : '[0]'}`, sliceMeta(x, shape));
      },
    },
    {
      name: 'shapeops',
      w: 4,
      ok: (g, s) => s.length >= 1,
      make(g, shape, kind, depth, det) {
        const nd = shape.length;
        const d = g.r.int(0, nd - 1);
        const v = g.r.int(0, 3);
        if (v === 0) {
          // repeat: shape = x.shape * reps
          const reps = shape.map((s) => (s > 1 && s % 2 === 0 && g.r.chance(0.5) ? 2 : 1));
          const xs = shape.map((s, i) => s / reps[i]);
          const x = g.gen(xs, kind, depth, det);
          g.fam('repeat');
          return g.emit(`${x.name}.repeat(${reps.join(', ')})`, sliceMeta(x, shape));
        }
        if (v === 1) {
          const x = g.gen(shape, kind, depth, det);
          const s = g.r.int(-3, 3);
          g.fam('roll');
          return g.emit(g.r.chance(0.3) ? `torch.roll(${x.name}, ${s})` : `${x.name}.roll(${s}, ${d})`, sliceMeta(x, shape));
        }
        // narrow / chunk / split: a piece of a larger x
        const extra = g.r.int(1, 4);
        const xs = shape.slice();
        xs[d] += extra;
        if (!g.fits(xs)) return null;
        const x = g.gen(xs, kind, depth, det);
        if (v === 2) {
          const st = g.r.int(0, extra);
          g.fam('narrow');
          return g.emit(`${x.name}.narrow(${d}, ${st}, ${shape[d]})`, sliceMeta(x, shape));
        }
        g.fam('split');
        return g.emit(`torch.split(${x.name}, [${shape[d]}, ${extra}], dim=${d})[0]`, sliceMeta(x, shape));
      },
    },
    scatterMaker('scatter_add', (g, { N, J, K, x }, shape, depth, det) => {
      const src = g.gen([K, J], x.dt, depth, det);
      const idx = `torch.tensor(${lit([K, J], ints(g, K * J, 0, N - 1))})`;
      const lo = x.lo + Math.min(0, K * src.lo);
      const hi = x.hi + Math.max(0, K * src.hi);
      const isDet = x.det && src.det && !isF(x.dt);
      const err = isF(x.dt) ? errOf(x) + K * errOf(src) + EPS * (amax(x) + K * amax(src)) * (K + 2) : 0;
      if (det && !isDet) return null;
      g.fam('scatter_add');
      return g.emit(g.r.chance(0.5) ? `${x.name}.scatter_add(0, ${idx}, ${src.name})` : `torch.scatter_add(${x.name}, 0, ${idx}, ${src.name})`, { shape, dt: x.dt, lo, hi, det: isDet, err, contig: true });
    }),
    // scatter / scatter_ (the last write of a repeated target wins), src or a value
    scatterMaker('scatter', (g, { N, J, K, x }, shape, depth, det) => {
      const idx = `torch.tensor(${lit([K, J], ints(g, K * J, 0, N - 1))})`;
      g.fam('scatter');
      if (det && !x.det) return null;
      if (g.r.chance(0.3)) { /* a value: 1.5 (float) or 2 (int), cast to x's dtype */
        const v = isF(x.dt) ? 1.5 : 2;
        return g.emit(`${x.name}.scatter(0, ${idx}, ${isF(x.dt) ? '1.5' : '2'})`, { shape, dt: x.dt, lo: Math.min(x.lo, v), hi: Math.max(x.hi, v), det: x.det, err: errOf(x), contig: true });
      }
      const src = g.gen([K, J], x.dt, depth, det);
      if (det && !src.det) return null;
      const call = g.r.chance(0.5) ? `${x.name}.clone().scatter_(0, ${idx}, ${src.name})` : `torch.scatter(${x.name}, 0, ${idx}, ${src.name})`;
      return g.emit(call, { shape, dt: x.dt, lo: Math.min(x.lo, src.lo), hi: Math.max(x.hi, src.hi), det: x.det && src.det, err: Math.max(errOf(x), errOf(src)), contig: true });
    }),
    {
      // conv2d (im2col + matmul) and pooling on [N, C, H, W]
      name: 'conv_pool',
      w: 3,
      ok: (g, s, kind) => s.length === 4 && (kind === 'f32' || kind === 'any' || kind === 'num'),
      make(g, shape, kind, depth, det) {
        const [N, OC, OH, OW] = shape;
        const v = g.r.int(0, 2);
        if (v === 0) {
          if (det) return null;
          const k = g.r.int(1, 3);
          const p = g.r.int(0, k - 1);
          const C = g.r.int(1, 3);
          const H = OH + k - 1 - 2 * p;
          const W = OW + k - 1 - 2 * p;
          if (H < 1 || W < 1 || !g.fits([N, C, H, W]) || !g.fits([OC, C, k, k])) return null;
          const x = g.gen([N, C, H, W], 'f32', depth);
          const w = g.gen([OC, C, k, k], 'f32', depth);
          const b = g.r.chance(0.5) ? g.gen([OC], 'f32', depth) : null;
          const K = C * k * k;
          const m = K * amax(x) * amax(w) + (b ? amax(b) : 0);
          if (m > FMAX) return null;
          const err = K * (errOf(x) * amax(w) + errOf(w) * amax(x)) + (b ? errOf(b) : 0) + EPS * m * (4 + 2 * Math.sqrt(K));
          g.fam('conv2d');
          return g.emit(`F.conv2d(${x.name}, ${w.name}${b ? ', ' + b.name : ''}${p ? `, padding=${p}` : ''})`, { shape, dt: 'f32', lo: -m, hi: m, det: false, err, contig: true });
        }
        const k = g.r.int(2, 3);
        const xs = [N, OC, OH * k, OW * k];
        if (!g.fits(xs)) return null;
        if (v === 1) {
          const x = g.gen(xs, 'f32', depth, det);
          g.fam('max_pool2d');
          return g.emit(`F.max_pool2d(${x.name}, ${k})`, sliceMeta(x, shape));
        }
        if (det) return null;
        const x = g.gen(xs, 'f32', depth);
        g.fam('avg_pool2d');
        return g.emit(`F.avg_pool2d(${x.name}, ${k})`, { ...sliceMeta(x, shape), det: false, err: errOf(x) + EPS * amax(x) * (k * k + 2) });
      },
    },
  ].map((m) => ({ ...m, ok: (g, s, kind, det) => !g.exclude.has(m.name) && m.ok(g, s, kind, det) }));
}
