// diffgen.mjs - random programs for the differential test
// (tests/node/differential.test.mjs).
//
// generateProgram(seed) builds one deterministic program: a
// @torch.compile'd function `f` over a few input tensors, its body a random
// expression DAG of the ops of docs/language.md ("torch"), and a main
// part that calls it (once, or twice with other data of the same shapes:
// the cached kernel must not have baked the first inputs in) and prints
// every output as
//     OUT <call> <k> <dtype> <shape> <o.tolist()>
//     <print(o)>
// so that the harness can compare the runs value by value.
//
// The DAG is built top-down: gen(shape, kind) returns a node of exactly
// that shape, made by an op picked at random among those that can produce
// it, whose operands are generated recursively with the shapes that op
// needs (broadcasting pairs, reductions with dim/keepdim, matmul with
// batch broadcasting and 1-d operands, every view op, cat/stack, ...).
// Nodes are reused (DAG, several consumers) and some intermediates (or
// views of them, or inputs) are returned as extra outputs.
//
// Also, at random: arguments that are views of a literal (transposed,
// strided, offset, expanded: stride 0) or the same tensor twice; a
// torch._dynamo.graph_break() between two statements; Python loops
// unrolled into chains of 2..100 ops; Python numbers from shapes
// (x.shape[d], len(x), x.dim()) or from data (.item(): a graph break);
// in-place updates (+= -= *=, add_/sub_/mul_) of a fresh copy, or of a
// view of it; tensors created in the graph (full/ones/zeros/arange); a
// final statement that must raise (broadcast, matmul, cat, reshape, index
// or dim out of range, mean of ints, - on bools). Program modes: 10% with
// nan/inf/-0.0 in float inputs, 5% with dims of size 0, a third leaning on
// what the scheduler fuses (reductions, matmul, softmax, layer_norm,
// views of their results, long chains), 12% dynamic shapes: f is called
// three times, every dim of size DYN_DIM (11, a size sizeDim never picks
// otherwise) having another size on each call (11, then 2..8, then 2..8),
// so automatic dynamic shapes make it symbolic on the second call (a third
// of these programs use torch.compile(dynamic=True)); their ops are the
// ones that keep a program valid at every size (elementwise, broadcasts,
// reductions, softmax, loops, in-place updates, unsqueeze/squeeze/select
// of a static dim: no literal shapes). Grad mode (a fifth of the
// programs, DW_DIFF_GRAD=1: all; drawn from a generator of its own, so
// the other programs stay as they were): a run of f's statements in a
// `with` over no_grad / enable_grad / set_grad_enabled / inference_mode,
// sometimes printing torch.is_grad_enabled() inside it (a graph break in
// the block), calls of f made under no_grad / enable_grad (the grad-mode
// guard: a recompile), and the mode printed after each call.
// Python loops sometimes break the graph on one iteration (the loop runs
// eagerly as a whole), and a value may be picked by a tensor condition
// (`if v.amax() > c:` or a conditional expression: a data-dependent
// jump).
//
// Every node carries, next to its shape and dtype (PyTorch's type
// promotion, 0-d tensors and Python scalars included), an interval
// [lo, hi] holding all its (finite) values, and an error bound `err`: how
// far two correct float32 implementations may drift apart (0 for a `det`
// node, whose value is fixed bit for bit by IEEE float32: + - * / sqrt,
// views, casts, comparisons, max/min, where over det operands; > 0 after
// transcendentals, sums (order), matmul, softmax, layer_norm, ...). The
// intervals keep the programs in defined territory: no int overflow, no
// float overflow or division by zero (outside the nan/inf mode), log /
// sqrt / rsqrt / pow only on positive inputs (operands are wrapped, e.g.
// `x.abs() + 0.5`, when needed), and ops whose result depends on exact
// float values (comparisons, argmax, float->int casts, // and %) only get
// det operands. The harness compares floats within max(ATOL, RTOL*|x|,
// 4*err). `.view()` is only used on values PyTorch keeps contiguous.
//
// Left out on purpose (unsupported, or undefined / an error in PyTorch):
// advanced indexing (a graph break by design), `~` on int tensors
// (NotImplementedError), Tensor.where(cond, other) (AttributeError: the
// method form is missing), -/abs/arithmetic on bool tensors, negative
// slice steps, int ** negative int, float->int casts of nan/inf, in-place
// updates of inputs, softmax/mean/int casts on ints where PyTorch raises.
// opts.exclude lists features to leave out while a known bug is open.

/** Counts of maker outcomes (`name:ok|bad|null`), for tuning the weights. */
export let STATS = null;
export function collectStats(on) {
  STATS = on ? {} : null;
  return STATS;
}
import { opMakers } from './diffgen_ops.mjs';

const EPS = 1.2e-7; // float32 unit roundoff (2^-23), one rounding
const ULP_T = 1e-6; // relative error budget of one transcendental (~8 ulp)
const FMAX = 1e5; // |float values| stay below this
const IMAX = 4e15; // |int64 values| stay below this (exact in a JS number)
const NUMEL_CAP = 1200; // elements of any tensor in a program

export function makeRng(seed) {
  let s = seed >>> 0;
  const next = () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    int: (a, b) => a + Math.floor(next() * (b - a + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    /** pairs: [[weight, value], ...] */
    weighted(pairs) {
      let tot = 0;
      for (const [w] of pairs) tot += w;
      let x = next() * tot;
      for (const [w, v] of pairs) {
        if ((x -= w) < 0) return v;
      }
      return pairs[pairs.length - 1][1];
    },
    shuffle(arr) {
      const a = arr.slice();
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [a[i], a[j]] = [a[j], a[i]];
      }
      return a;
    },
  };
  return r;
}

// ---------------------------------------------------------------- dtypes

// f64 (torch.float64) nodes are made only by the 'float64' maker of
// diffgen_ops.mjs (inputs, chains of float64 ops, back to float32): no
// kind but 'f64' accepts them, so no other maker sees one
const TORCH_DT = { f32: 'torch.float32', i64: 'torch.int64', i32: 'torch.int32', bool: 'torch.bool', f64: 'torch.float64' };
const isF = (dt) => dt === 'f32';
const isI = (dt) => dt === 'i64' || dt === 'i32';
const cat = (dt) => (dt === 'bool' ? 0 : isI(dt) ? 1 : 2);
const RANK = { bool: 0, i32: 1, i64: 2, f32: 3, f64: 4 };
const promoteTypes = (a, b) => (a === undefined ? b : b === undefined ? a : RANK[a] >= RANK[b] ? a : b);

/**
 * PyTorch's result_type: operands are {dt, cls}, cls 'dim' (a tensor with
 * dimensions), 'zero' (a 0-d tensor) or 'wrapped' (a Python scalar; a
 * float scalar counts as the default dtype float32, an int as int64).
 */
export function resultType(ops) {
  const st = { dim: undefined, zero: undefined, wrapped: undefined };
  for (const o of ops) st[o.cls] = promoteTypes(st[o.cls], o.dt);
  const combine = (higher, lower) => {
    if (higher !== undefined && isF(higher)) return higher;
    if (higher === 'bool' || (lower !== undefined && isF(lower))) return promoteTypes(higher, lower);
    if (higher !== undefined) return higher;
    return lower;
  };
  return combine(st.dim, combine(st.zero, st.wrapped));
}

const tcls = (n) => (n.shape.length ? 'dim' : 'zero');

// ---------------------------------------------------------------- shapes

const numel = (s) => s.reduce((a, b) => a * b, 1);
const pyShape = (s) => (s.length === 1 ? `(${s[0]},)` : `(${s.join(', ')})`);
const pyList = (s) => `[${s.join(', ')}]`;
const sameShape = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Python float literal of a JS number (keeps a '.'). */
export function pyFloat(v) {
  if (Number.isNaN(v)) return "float('nan')";
  if (v === Infinity) return "float('inf')";
  if (v === -Infinity) return "-float('inf')";
  if (Object.is(v, -0)) return '-0.0';
  if (Number.isInteger(v)) return `${v}.0`;
  return String(v);
}

// ---------------------------------------------------------------- generator

class Gen {
  constructor(seed, opts = {}) {
    this.r = makeRng(seed);
    this.seed = seed;
    this.params = []; // {name, shape, dt, data: [call0, call1]}
    this.lines = [];
    this.nodes = [];
    this.nv = 0;
    this.budget = opts.maxNodes ?? this.r.int(5, 24);
    this.calls = this.r.chance(0.35) ? 2 : 1;
    this.ops = new Set(); // op families used (statistics)
    this.debug = !!opts.debug;
    this.exclude = new Set(opts.exclude ?? []); // features left out (known bugs)
    // program modes: inputs with nan/inf/-0.0, and dims of size 0
    // grad mode: its own generator (the other choices stay as they were)
    this.gr = makeRng((seed ^ 0x5bd1e995) >>> 0);
    this.grad = !this.exclude.has('grad') && (opts.grad ?? this.gr.chance(0.2));
    this.special = opts.special ?? this.r.chance(0.1);
    this.zero = opts.zero ?? this.r.chance(0.05);
    // a third of the programs lean on what the scheduler fuses: reductions,
    // matmuls, softmax/layer_norm, views of their results, long chains
    this.profile = (opts.fusion ?? this.r.chance(0.33)) ? FUSION_PROFILE : {};
    // dynamic shapes: the sizes DYN_DIM takes on each call
    this.dyn = !this.special && !this.zero && !this.exclude.has('dynamic') && (opts.dyn ?? this.r.chance(0.12));
    if (this.dyn) {
      this.calls = 3;
      this.dynSizes = [DYN_DIM, this.r.int(2, 8), this.r.int(2, 8)];
      this.dynTrue = this.r.chance(0.33);
    }
  }

  /** The shape a tensor of generated shape s has on call c. */
  callShape(s, c) {
    return this.dyn ? s.map((d) => (d === DYN_DIM ? this.dynSizes[c] : d)) : s;
  }

  // ------------------------------------------------------------ helpers
  sizeDim() {
    if (this.zero && this.r.chance(0.15)) return 0;
    const d = this.r.weighted([
      [14, 1],
      [30, this.r.int(2, 4)],
      [25, this.r.int(5, 8)],
      [20, this.r.int(9, 17)],
      [11, this.r.int(18, 37)],
    ]);
    return d === DYN_DIM ? d + 1 : d;
  }

  randShape(nd, cap = 600) {
    for (let tries = 0; ; tries++) {
      const s = [];
      for (let i = 0; i < nd; i++) s.push(this.sizeDim());
      if (numel(s) <= cap || tries > 20) {
        while (numel(s) > cap) s[s.indexOf(Math.max(...s))] = Math.max(1, Math.floor(Math.max(...s) / 2));
        return s;
      }
    }
  }

  fits(shape) {
    return shape.length <= 4 && numel(shape) <= NUMEL_CAP && (numel(shape) > 0 || this.zero);
  }

  emit(expr, meta) {
    const name = `v${this.nv++}`;
    this.lines.push(`    ${name} = ${expr}${this.debug ? `  # ${JSON.stringify(meta.shape)} ${meta.dt}` : ''}`);
    const n = { name, ...meta };
    if (n.det) n.err = 0;
    // PyTorch gives the result of an op the memory layout of its inputs
    // (TensorIterator), so a result counts as contiguous (for .view()) only
    // when every tensor it reads is
    if (n.special === undefined) {
      n.special = false;
      if (isF(n.dt)) for (const ref of expr.match(/\b[vx]\d+\b/g) ?? []) if (this.nodes.find((k) => k.name === ref)?.special) n.special = true;
    }
    if (n.contig && !/\.contiguous\(\)$/.test(expr)) {
      for (const ref of expr.match(/\b[vx]\d+\b/g) ?? []) {
        const m = this.nodes.find((k) => k.name === ref);
        if (m && !m.contig) n.contig = false;
      }
    }
    this.nodes.push(n);
    this.budget--;
    return n;
  }

  fam(f) {
    this.ops.add(f);
  }

  /** A new input tensor (a parameter of f) of this shape and dtype. */
  newParam(shape, dt) {
    const name = `x${this.params.length}`;
    // the same tensor passed for two parameters
    const twin = this.params.find((p) => sameShape(p.shape, shape) && p.dt === dt && !p.alias);
    if (twin && this.r.chance(0.08)) {
      const p = { name, shape, dt, alias: twin.name, data: twin.data, litShape: twin.litShape, view: twin.view };
      this.params.push(p);
      const t = this.nodes.find((n) => n.name === twin.name);
      const node = { ...t, name, param: true };
      this.nodes.push(node);
      return node;
    }
    // the argument may be a view of a literal of another shape: strided,
    // transposed, offset or expanded (stride 0) inputs
    let litShape = shape;
    let view = null;
    let contig = true;
    const nd = shape.length;
    const form = nd >= 1 && !this.dyn && this.r.chance(0.3) ? this.r.int(0, 4) : -1;
    if (form === 0 && nd >= 2) {
      const i = this.r.int(0, nd - 1);
      let j = this.r.int(0, nd - 1);
      if (i === j) j = (i + 1) % nd;
      litShape = shape.slice();
      [litShape[i], litShape[j]] = [litShape[j], litShape[i]];
      view = nd === 2 && this.r.chance(0.5) ? '.t()' : `.transpose(${i}, ${j})`;
      contig = false;
    } else if (form === 1 || (form === 0 && nd < 2)) {
      const d = this.r.int(0, nd - 1);
      const step = this.r.int(2, 3);
      const start = this.r.int(0, 2);
      litShape = shape.slice();
      litShape[d] = start + (shape[d] - 1) * step + 1 + this.r.int(0, 1);
      const idx = [];
      for (let k = 0; k < d; k++) idx.push(':');
      idx.push(`${start || ''}::${step}`);
      view = `[${idx.join(', ')}]`;
      contig = false;
    } else if (form === 2) {
      litShape = shape.map((d) => (this.r.chance(0.5) ? 1 : d));
      if (sameShape(litShape, shape)) litShape[this.r.int(0, nd - 1)] = 1;
      if (sameShape(litShape, shape)) litShape = shape;
      else {
        view = `.expand(${shape.join(', ')})`;
        contig = false;
      }
    } else if (form === 3) {
      const d = this.r.int(0, nd - 1);
      const off = this.r.int(1, 3);
      litShape = shape.slice();
      litShape[d] += off + this.r.int(0, 2);
      const idx = [];
      for (let k = 0; k < d; k++) idx.push(':');
      idx.push(`${off}:${off + shape[d]}`);
      view = `[${idx.join(', ')}]`;
      contig = d === 0;
    } else if (form === 4 && nd >= 2) {
      const perm = this.r.shuffle([...Array(nd).keys()]);
      litShape = new Array(nd);
      for (let i = 0; i < nd; i++) litShape[perm[i]] = shape[i];
      view = `.permute(${perm.join(', ')})`;
      contig = perm.every((v, i) => v === i);
    }
    if (numel(litShape) > 2 * NUMEL_CAP) {
      litShape = shape;
      view = null;
      contig = true;
    }
    const style = this.r.int(0, 5);
    const specialInput = this.special && dt === 'f32' && this.r.chance(0.6);
    const data = [];
    let lo = Infinity;
    let hi = -Infinity;
    for (let c = 0; c < this.calls; c++) {
      const vals = [];
      const n = numel(this.callShape(litShape, c));
      for (let i = 0; i < n; i++) {
        let v;
        if (dt === 'bool') v = this.r.chance(style === 0 ? 0.1 : 0.5);
        else if (isI(dt)) {
          v = [
            () => this.r.int(-9, 9),
            () => this.r.int(0, 5),
            () => this.r.int(-100, 100),
            () => this.r.int(1, 20),
            () => this.r.int(-3, 3),
            // beyond 32 bits (int64) / near the int32 range
            () => (dt === 'i64' ? (this.r.chance(0.5) ? -1 : 1) * this.r.int(2 ** 31, 2 ** 40) : this.r.int(-2e6, 2e6)),
          ][style]();
        } else {
          v = [
            () => Math.round((this.r.next() * 6 - 3) * 100) / 100,
            () => this.r.int(-5, 5),
            () => Math.round((0.1 + this.r.next() * 3.9) * 1000) / 1000,
            () => Math.round((this.r.next() * 100 - 50) * 10) / 10,
            () => Math.round((this.r.next() * 2 - 1) * 10000) / 10000,
            () => this.r.pick([0.0, -0.0, 1.0, 0.5, -2.0, 1e-3, -7.25]),
          ][style]();
          if (specialInput && this.r.chance(0.3)) v = this.r.pick([NaN, Infinity, -Infinity, -0.0]);
        }
        vals.push(v);
        const num = dt === 'bool' ? +v : v;
        if (!Number.isFinite(num)) continue;
        lo = Math.min(lo, num);
        hi = Math.max(hi, num);
      }
      data.push(vals);
    }
    if (lo > hi) lo = hi = 0; // empty, or no finite values
    const p = { name, shape, dt, data, litShape, view };
    this.params.push(p);
    const node = { name, shape, dt, lo, hi, det: true, err: 0, contig, param: true, special: specialInput };
    this.nodes.push(node);
    return node;
  }

  /** Picks an existing node of this shape/kind (DAG sharing) or null. */
  reuse(shape, kind) {
    const c = this.nodes.filter((n) => sameShape(n.shape, shape) && kindOk(n.dt, kind));
    return c.length ? this.r.pick(c) : null;
  }

  // ------------------------------------------------------------ gen
  /**
   * A node of exactly this shape whose dtype fits kind: 'f32', 'int'
   * (i64/i32), 'i64', 'i32', 'bool', 'num' (f32/int), 'any'; det: the
   * node must be det (bit-exact).
   */
  gen(shape, kind, depth, det = false) {
    if (!this.fits(shape)) throw new Error(`bad shape ${shape}`);
    if (depth <= 0 || this.budget <= 0) return this.leaf(shape, kind, det);
    if (this.r.chance(0.2)) {
      const n = this.reuse(shape, kind);
      if (n && (!det || n.det)) return n;
    }
    for (let tries = 0; tries < 12; tries++) {
      const maker = this.r.weighted(
        MAKERS.filter((m) => m.ok(this, shape, kind, det) && (!this.dyn || DYN_MAKERS.has(m.name))).map((m) => [m.w * (this.profile[m.name] ?? 1), m]),
      );
      if (!maker) break;
      let n = null;
      try {
        n = maker.make(this, shape, kind, depth - 1, det);
      } catch (e) {
        if (!String(e.message).startsWith('bad shape')) throw e;
      }
      const good = n && kindOk(n.dt, kind) && sameShape(n.shape, shape) && (!det || n.det) && inRange(n);
      if (STATS) STATS[`${maker.name}:${good ? 'ok' : n ? 'bad' : 'null'}`] = (STATS[`${maker.name}:${good ? 'ok' : n ? 'bad' : 'null'}`] ?? 0) + 1;
      if (good) return n;
    }
    return this.leaf(shape, kind, det);
  }

  leaf(shape, kind, det) {
    const dt = this.pickDt(kind);
    if (this.r.chance(0.3)) {
      const c = this.nodes.filter((n) => n.param && sameShape(n.shape, shape) && n.dt === dt);
      if (c.length) return this.r.pick(c);
    }
    if (this.r.chance(0.08) && this.budget > 0 && !this.dyn) {
      // a tensor created inside the graph
      const v = dt === 'bool' ? this.r.pick(['True', 'False']) : isI(dt) ? String(this.r.int(-4, 6)) : pyFloat(this.r.pick([0.5, 1.5, -2.25, 3.0]));
      const num = v === 'True' ? 1 : v === 'False' ? 0 : Number(v);
      if (shape.length === 1 && dt !== 'bool' && this.r.chance(0.5)) {
        this.fam('arange');
        return this.emit(`torch.arange(${shape[0]}, dtype=${TORCH_DT[dt]})`, { shape, dt, lo: 0, hi: shape[0] - 1, det: true, contig: true });
      }
      this.fam('full');
      if (num === 1 && this.r.chance(0.5)) return this.emit(`torch.ones(${pyShape(shape)}, dtype=${TORCH_DT[dt]})`, { shape, dt, lo: 1, hi: 1, det: true, contig: true });
      if (num === 0 && this.r.chance(0.5)) return this.emit(`torch.zeros(${pyShape(shape)}, dtype=${TORCH_DT[dt]})`, { shape, dt, lo: 0, hi: 0, det: true, contig: true });
      return this.emit(`torch.full(${pyShape(shape)}, ${v}, dtype=${TORCH_DT[dt]})`, { shape, dt, lo: num, hi: num, det: true, contig: true });
    }
    return this.newParam(shape, dt);
  }

  pickDt(kind) {
    switch (kind) {
      case 'f32':
      case 'i64':
      case 'i32':
      case 'bool':
        return kind;
      case 'int':
        return this.r.chance(0.6) ? 'i64' : 'i32';
      case 'num':
        return this.r.weighted([[60, 'f32'], [25, 'i64'], [15, 'i32']]);
      default:
        return this.r.weighted([[55, 'f32'], [20, 'i64'], [12, 'i32'], [13, 'bool']]);
    }
  }

  /** Operand kind for an op whose result must fit kind. */
  operandKind(kind) {
    if (kind === 'f32') return this.r.chance(0.8) ? 'f32' : 'num';
    return kind;
  }

  /** Wraps x so that every value is >= m > 0: `(x.abs() + m)`. */
  positive(x, m) {
    if (x.lo >= m) return x;
    const e = isF(x.dt) ? `(${x.name}.abs() + ${pyFloat(m)})` : `(torch.abs(${x.name}) + ${Math.ceil(m)})`;
    const mm = isF(x.dt) ? m : Math.ceil(m);
    const hiAbs = Math.max(Math.abs(x.lo), Math.abs(x.hi));
    const loAbs = x.lo <= 0 && x.hi >= 0 ? 0 : Math.min(Math.abs(x.lo), Math.abs(x.hi));
    const dt = x.dt === 'bool' ? 'i64' : x.dt;
    return this.emit(e, { shape: x.shape, dt, lo: loAbs + mm, hi: hiAbs + mm, det: x.det, err: x.err + EPS * (hiAbs + mm), contig: true });
  }

  /** Operand shapes that broadcast to shape (drop leading dims, set 1s). */
  bcastShapes(shape, n) {
    const nd = shape.length;
    if (this.r.chance(0.35)) return new Array(n).fill(0).map(() => shape.slice());
    // ranks: operand 0 keeps all dims, the others may drop leading ones
    const ranks = [nd];
    for (let k = 1; k < n; k++) ranks.push(this.r.chance(0.3) ? this.r.int(0, nd) : nd);
    const out = ranks.map((r) => new Array(r).fill(1));
    for (let d = 0; d < nd; d++) {
      const covering = [];
      for (let k = 0; k < n; k++) if (ranks[k] >= nd - d) covering.push(k);
      // a random non-empty subset of the covering operands has the full size
      const full = covering.filter(() => this.r.chance(0.6));
      if (!full.length) full.push(this.r.pick(covering));
      for (const k of covering) out[k][ranks[k] - (nd - d)] = full.includes(k) || shape[d] === 1 ? shape[d] : 1;
    }
    return this.r.shuffle(out);
  }

  // ------------------------------------------------------------ program
  build() {
    const nd = this.r.weighted([[10, 0], [25, 1], [32, 2], [20, 3], [13, 4]]);
    const shape = this.randShape(this.dyn ? Math.max(nd, 1) : nd, this.dyn ? 600 / DYN_DIM : 600);
    if (this.dyn) shape[0] = DYN_DIM;
    const kind = this.r.weighted([[62, 'f32'], [14, 'int'], [10, 'bool'], [14, 'any']]);
    const depth = this.r.int(2, 7);
    const root = this.gen(shape, kind, depth);
    const outs = [root];
    const inner = this.nodes.filter((n) => !n.param && n !== root);
    const extra = this.r.weighted([[55, 0], [30, 1], [15, 2]]);
    for (let k = 0; k < extra && inner.length; k++) {
      const n = this.r.pick(inner);
      if (!outs.includes(n) && !n.name.startsWith('x')) outs.push(n);
    }
    if (this.r.chance(0.2)) {
      // an output that is a view of a computed value
      const k = this.r.int(0, outs.length - 1);
      const n = outs[k];
      if (!n.param && n.shape.length >= 1) {
        const nd = n.shape.length;
        const v = this.r.int(0, 3);
        let expr;
        let shape;
        if (v === 0 && nd >= 2) {
          expr = `${n.name}.transpose(0, ${nd - 1})`;
          shape = n.shape.slice();
          [shape[0], shape[nd - 1]] = [shape[nd - 1], shape[0]];
        } else if (v === 1 && n.shape[nd - 1] >= 2) {
          expr = `${n.name}[..., ::2]`;
          shape = n.shape.slice();
          shape[nd - 1] = Math.ceil(shape[nd - 1] / 2);
        } else if (v === 2 && nd < 4) {
          expr = `${n.name}.unsqueeze(0).expand(2, ${n.shape.join(', ')})`;
          shape = [2, ...n.shape];
        } else {
          expr = `${n.name}[${n.shape[0] - 1}]`;
          shape = n.shape.slice(1);
        }
        outs.splice(k + 1, 0, this.emit(expr, { ...pick(n), shape, contig: false }));
      }
    }
    if (this.r.chance(0.08)) outs.push(this.r.pick(outs));
    if (this.r.chance(0.06)) {
      const e = this.errorTail();
      if (e) outs.push(e);
    }
    if (this.r.chance(0.1) && this.params.length) outs.push(this.r.pick(this.params.map((p) => this.nodes.find((n) => n.name === p.name))));
    if (this.params.length === 0) {
      // f takes at least one input
      this.newParam([this.r.int(1, 5)], 'f32');
    }
    this.outs = outs;
    if (!this.r.chance(0.1)) this.prune();
    return this.render();
  }

  /**
   * A statement that must raise (PyTorch's error type and message): every
   * way of running the program must raise the same.
   */
  errorTail() {
    const nodes = this.nodes.filter((n) => numel(n.shape) > 0);
    if (!nodes.length) return null;
    const n = this.r.pick(nodes);
    const nd = n.shape.length;
    const meta = { shape: [], dt: n.dt, lo: 0, hi: 0, det: true, contig: true };
    const kinds = ['reshape', 'dimrange', 'softmaxdim'];
    if (nd >= 1) kinds.push('bcast', 'index', 'cat');
    if (nd === 2 && isF(n.dt)) kinds.push('matmul');
    if (nd === 2 && n.dt === 'f64') kinds.push('matmul_dtype');
    if (isI(n.dt)) kinds.push('meanint');
    if (n.dt === 'bool') kinds.push('negbool', 'subbool');
    const k = this.r.pick(kinds);
    this.fam(`error_${k}`);
    switch (k) {
      case 'reshape':
        return this.emit(`${n.name}.reshape(${numel(n.shape) + 1})`, meta);
      case 'dimrange':
        return this.emit(`${n.name}.${this.r.pick(['sum', 'amax'])}(dim=${this.r.chance(0.5) ? Math.max(nd, 1) : -Math.max(nd, 1) - 1})`, meta);
      case 'softmaxdim':
        if (!isF(n.dt)) return null;
        return this.emit(`${n.name}.softmax(dim=${Math.max(nd, 1) + 1})`, meta);
      case 'bcast': {
        const d = this.r.int(0, nd - 1);
        const s = n.shape.slice();
        s[d] = s[d] === 1 ? 2 : s[d] + 1;
        if (n.shape[d] >= 2 && this.r.chance(0.5)) s[d] = n.shape[d] - 1 || 3;
        if (s[d] === 1) s[d] = n.shape[d] + 1;
        const x = this.newParam(s, n.dt === 'bool' ? 'i64' : n.dt);
        return this.emit(this.r.chance(0.5) ? `${n.name} * ${x.name}` : `${x.name} + ${n.name}`, meta);
      }
      case 'index':
        return this.emit(`${n.name}[${this.r.chance(0.5) ? n.shape[0] : -n.shape[0] - 1}]`, meta);
      case 'cat': {
        if (nd < 2) {
          const x = this.newParam([2, ...n.shape], n.dt);
          return this.emit(`torch.cat([${n.name}, ${x.name}])`, meta);
        }
        const s = n.shape.slice();
        s[1] += 1;
        const x = this.newParam(s, n.dt);
        return this.emit(`torch.cat([${n.name}, ${x.name}], dim=0)`, meta);
      }
      case 'matmul': {
        const x = this.newParam([n.shape[1] + 1, 3], 'f32');
        return this.emit(`${n.name} @ ${x.name}`, meta);
      }
      case 'matmul_dtype': {
        // "expected m1 and m2 to have the same dtype, but got: double != float"
        const x = this.newParam([n.shape[1], 3], 'f32');
        return this.emit(`${n.name} @ ${x.name}`, meta);
      }
      case 'meanint':
        return this.emit(`${n.name}.mean()`, meta);
      case 'negbool':
        return this.emit(`-${n.name}`, meta);
      case 'subbool':
        return this.emit(`${n.name} - ${n.name}`, meta);
    }
    return null;
  }

  /** Drops the lines and inputs that no output depends on (failed attempts). */
  prune() {
    const live = new Set(this.outs.map((n) => n.name));
    const kept = [];
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const m = /^    (v\d+) = (.*)$/s.exec(this.lines[i]);
      if (!live.has(m[1])) continue;
      kept.push(this.lines[i]);
      for (const ref of m[2].match(/\b[vx]\d+\b/g) ?? []) live.add(ref);
    }
    this.lines = kept.reverse();
    const params = this.params.filter((p) => live.has(p.name));
    this.params = params.length ? params : this.params.slice(0, 1);
  }

  render() {
    const args = this.params.map((p) => p.name).join(', ');
    const lines = this.lines.slice();
    // a graph break: graph outputs become the next graph's inputs
    if (lines.length >= 2 && this.r.chance(0.15)) lines.splice(this.r.int(1, lines.length - 1), 0, '    torch._dynamo.graph_break()');
    const gr = this.gr;
    const ctxs = ['torch.no_grad()', 'torch.enable_grad()', 'torch.set_grad_enabled(False)', 'torch.set_grad_enabled(True)', 'torch.inference_mode()'];
    if (this.grad && lines.length) {
      // a run of statements [a, b) in a grad-mode block
      const a = gr.int(0, lines.length - 1);
      const b = gr.int(a + 1, lines.length);
      const inner = lines.slice(a, b).map((l) => '    ' + l);
      if (gr.chance(0.4)) inner.splice(gr.int(0, inner.length), 0, '        print("GRAD in f", torch.is_grad_enabled())');
      lines.splice(a, b - a, `    with ${ctxs[gr.int(0, ctxs.length - 1)]}:`, ...inner);
    }
    const body = lines.length ? lines.join('\n') + '\n' : '';
    const ret = this.outs.map((n) => n.name).join(', ');
    const src = [
      'import torch',
      'import torch.nn.functional as F',
      '',
      '',
      this.dyn && this.dynTrue ? '@torch.compile(dynamic=True)' : '@torch.compile',
      `def f(${args}):`,
      body + `    return (${ret},)`,
      '',
      '',
      'def show(c, outs):',
      '    for k, o in enumerate(outs):',
      '        print("OUT", c, k, o.dtype, list(o.shape), o.tolist())',
      '        print(o)',
      '',
      '',
    ];
    for (let c = 0; c < this.calls; c++) {
      const names = [];
      for (const p of this.params) {
        if (p.alias) {
          names.push(`${p.alias}_${c}`);
          continue;
        }
        const nm = `${p.name}_${c}`;
        names.push(nm);
        src.push(`${nm} = ${tensorLiteral(this.callShape(p.litShape ?? p.shape, c), p.dt, p.data[c])}${p.view ?? ''}`);
      }
      if (this.grad && gr.chance(0.4)) {
        // a call under another grad mode: the guard on the mode at f's entry
        src.push(`with ${ctxs[gr.int(0, 1)]}:`, `    show(${c}, f(${names.join(', ')}))`);
      } else {
        src.push(`show(${c}, f(${names.join(', ')}))`);
      }
      if (this.grad) src.push('print("GRAD", torch.is_grad_enabled())');
    }
    return src.join('\n') + '\n';
  }
}

function kindOk(dt, kind) {
  switch (kind) {
    case 'any':
      return dt !== 'f64';
    case 'num':
      return dt !== 'bool' && dt !== 'f64';
    case 'int':
      return isI(dt);
    default:
      return dt === kind;
  }
}

function inRange(n) {
  const m = Math.max(Math.abs(n.lo), Math.abs(n.hi));
  if (!Number.isFinite(m)) return false;
  if (isF(n.dt)) return m <= FMAX && n.err <= 0.05 * Math.max(1, m);
  if (n.dt === 'i32') return m <= 2e9;
  return m <= IMAX;
}

function nest(shape, flat, fmt) {
  if (shape.length === 0) return fmt(flat[0]);
  let i = 0;
  const rec = (d) => {
    const parts = [];
    for (let k = 0; k < shape[d]; k++) parts.push(d === shape.length - 1 ? fmt(flat[i++]) : rec(d + 1));
    return `[${parts.join(', ')}]`;
  };
  return rec(0);
}

function tensorLiteral(shape, dt, vals) {
  if (numel(shape) === 0) return `torch.zeros(${pyShape(shape)}, dtype=${TORCH_DT[dt]})`;
  const fmt = dt === 'bool' ? (v) => (v ? 'True' : 'False') : isI(dt) ? (v) => String(v) : pyFloat;
  const body = nest(shape, vals, fmt);
  const suffix = dt === 'f32' ? '' : `, dtype=${TORCH_DT[dt]}`;
  return `torch.tensor(${body}${suffix})`;
}

// ---------------------------------------------------------------- interval helpers

const amax = (n) => Math.max(Math.abs(n.lo), Math.abs(n.hi));
const amin = (n) => (n.lo <= 0 && n.hi >= 0 ? 0 : Math.min(Math.abs(n.lo), Math.abs(n.hi)));
const span = (vals) => ({ lo: Math.min(...vals), hi: Math.max(...vals) });
const ndet = (...xs) => xs.every((x) => x.det);
const errOf = (x) => (x.det ? 0 : x.err);
/** The value facts of a tensor joined from parts (cat, stack). */
const joined = (parts, shape, dt) => ({
  shape,
  dt,
  lo: Math.min(...parts.map((p) => p.lo)),
  hi: Math.max(...parts.map((p) => p.hi)),
  det: parts.every((p) => p.det),
  err: Math.max(...parts.map(errOf)),
  contig: true,
});

/** Scalar operand: a Python number compatible with dt. */
function scalarFor(g, dt) {
  const r = g.r.next();
  if (r < 0.08) {
    // a Python int from a shape: x.shape[d], x.size(d), len(x), x.dim()
    const c = g.nodes.filter((n) => n.shape.length >= 1);
    if (c.length) {
      const n = g.r.pick(c);
      const d = g.r.int(0, n.shape.length - 1);
      const v = g.r.int(0, 3);
      const text = v === 0 ? `${n.name}.shape[${d}]` : v === 1 ? `${n.name}.size(${d})` : v === 2 ? `len(${n.name})` : `${n.name}.dim()`;
      const val = v === 2 ? n.shape[0] : v === 3 ? n.shape.length : n.shape[d];
      return { text, lo: val, hi: val, dt: 'i64', det: true, err: 0 };
    }
  } else if (r < 0.13) {
    // a Python number from tensor data (a graph break: .item())
    const c = g.nodes.filter((n) => n.dt !== 'bool' && numel(n.shape) > 0 && !n.special);
    if (c.length) {
      const n = g.r.pick(c);
      const f = g.r.pick(['amax', 'amin']);
      return { text: `${n.name}.${f}().item()`, lo: n.lo, hi: n.hi, dt: isF(n.dt) || n.dt === 'f64' ? 'f32' : 'i64', det: n.det, err: errOf(n) };
    }
  }
  if (isF(dt) || g.r.chance(0.3)) {
    const v = g.r.pick([0.5, 1.5, 2.0, -0.25, 3.0, 0.1, -1.75, 10.0, 0.001]);
    return { text: pyFloat(v), lo: v, hi: v, dt: 'f32', det: true, err: 0 };
  }
  const v = g.r.pick([1, 2, 3, -1, -4, 7, 0]);
  return { text: String(v), lo: v, hi: v, dt: 'i64', det: true, err: 0 };
}

// interval of a op b over boxes
function ivBin(op, a, b) {
  const c = [];
  for (const x of [a.lo, a.hi]) for (const y of [b.lo, b.hi]) c.push(op(x, y));
  return span(c);
}

// ---------------------------------------------------------------- makers
// Each maker: {name, w, ok(g, shape, kind, det), make(g, shape, kind, depth, det)}.

const UNARY = [
  // name, expr forms, accepts, out dtype fn, domain check, interval fn, det-preserving, err fn
  {
    name: 'neg',
    forms: ['-{x}', '{x}.neg()', 'torch.neg({x})'],
    in: 'num',
    out: (dt) => dt,
    iv: (x) => ({ lo: -x.hi, hi: -x.lo }),
    det: true,
  },
  {
    name: 'abs',
    forms: ['{x}.abs()', 'torch.abs({x})', 'abs({x})'],
    in: 'num',
    out: (dt) => dt,
    iv: (x) => ({ lo: amin(x), hi: amax(x) }),
    det: true,
  },
  {
    name: 'relu',
    forms: ['{x}.relu()', 'torch.relu({x})', 'F.relu({x})'],
    in: 'num',
    out: (dt) => dt,
    iv: (x) => ({ lo: Math.max(0, x.lo), hi: Math.max(0, x.hi) }),
    det: true,
  },
  {
    name: 'exp',
    forms: ['{x}.exp()', 'torch.exp({x})'],
    in: 'num',
    out: () => 'f32',
    dom: (x) => x.hi <= 11,
    iv: (x) => ({ lo: Math.exp(x.lo), hi: Math.exp(x.hi) }),
    err: (x) => Math.exp(x.hi) * (1.01 * errOf(x) + ULP_T),
  },
  {
    name: 'log',
    forms: ['{x}.log()', 'torch.log({x})'],
    in: 'num',
    out: () => 'f32',
    pos: 0.05,
    iv: (x) => ({ lo: Math.log(x.lo), hi: Math.log(x.hi) }),
    err: (x) => errOf(x) / x.lo + ULP_T * Math.max(1, Math.abs(Math.log(x.lo)), Math.abs(Math.log(x.hi))),
  },
  {
    name: 'sqrt',
    forms: ['{x}.sqrt()', 'torch.sqrt({x})'],
    in: 'num',
    out: () => 'f32',
    pos: 0,
    iv: (x) => ({ lo: Math.sqrt(x.lo), hi: Math.sqrt(x.hi) }),
    det: true,
    err: (x) => (x.lo > 0 ? errOf(x) / (2 * Math.sqrt(x.lo)) : Math.sqrt(errOf(x))) + EPS * Math.sqrt(x.hi),
  },
  {
    name: 'rsqrt',
    forms: ['{x}.rsqrt()', 'torch.rsqrt({x})'],
    in: 'num',
    out: () => 'f32',
    pos: 0.05,
    iv: (x) => ({ lo: 1 / Math.sqrt(x.hi), hi: 1 / Math.sqrt(x.lo) }),
    err: (x) => 0.5 * Math.pow(x.lo, -1.5) * errOf(x) + ULP_T / Math.sqrt(x.lo),
  },
  {
    name: 'sin',
    forms: ['{x}.sin()', 'torch.sin({x})'],
    in: 'num',
    out: () => 'f32',
    dom: (x) => amax(x) <= 50,
    iv: () => ({ lo: -1, hi: 1 }),
    err: (x) => errOf(x) + ULP_T,
  },
  {
    name: 'cos',
    forms: ['{x}.cos()', 'torch.cos({x})'],
    in: 'num',
    out: () => 'f32',
    dom: (x) => amax(x) <= 50,
    iv: () => ({ lo: -1, hi: 1 }),
    err: (x) => errOf(x) + ULP_T,
  },
  {
    name: 'tanh',
    forms: ['{x}.tanh()', 'torch.tanh({x})', 'F.tanh({x})'],
    in: 'num',
    out: () => 'f32',
    iv: (x) => ({ lo: Math.tanh(x.lo), hi: Math.tanh(x.hi) }),
    err: (x) => errOf(x) + ULP_T,
  },
  {
    name: 'sigmoid',
    forms: ['{x}.sigmoid()', 'torch.sigmoid({x})', 'F.sigmoid({x})'],
    in: 'num',
    out: () => 'f32',
    iv: (x) => ({ lo: 1 / (1 + Math.exp(-x.lo)), hi: 1 / (1 + Math.exp(-x.hi)) }),
    err: (x) => errOf(x) / 4 + ULP_T,
  },
  {
    name: 'gelu',
    forms: ['F.gelu({x})', "F.gelu({x}, approximate='tanh')"],
    in: 'f32',
    out: () => 'f32',
    iv: (x) => ({ lo: Math.min(-0.17, x.lo), hi: Math.max(0, x.hi) }),
    err: (x) => 1.13 * errOf(x) + ULP_T * Math.max(1, amax(x)),
  },
  {
    name: 'tan',
    forms: ['{x}.tan()', 'torch.tan({x})'],
    in: 'num',
    out: () => 'f32',
    dom: (x) => amax(x) <= 1.2,
    iv: (x) => ({ lo: Math.tan(x.lo), hi: Math.tan(x.hi) }),
    err: (x) => 7.7 * errOf(x) + 3 * ULP_T,
  },
  {
    name: 'erf',
    forms: ['{x}.erf()', 'torch.erf({x})'],
    in: 'num',
    out: () => 'f32',
    iv: () => ({ lo: -1, hi: 1 }),
    err: (x) => 1.13 * errOf(x) + ULP_T,
  },
  {
    name: 'floor',
    forms: ['{x}.floor()', 'torch.floor({x})', '{x}.ceil()', 'torch.ceil({x})', '{x}.round()', 'torch.round({x})'],
    in: 'num',
    out: (dt) => dt,
    iv: (x) => ({ lo: Math.floor(x.lo), hi: Math.ceil(x.hi) }),
    det: true,
    err: (x) => 1 + errOf(x),
  },
  {
    name: 'log1p',
    forms: ['{x}.log1p()', 'torch.log1p({x})'],
    in: 'num',
    out: () => 'f32',
    pos: 0,
    iv: (x) => ({ lo: Math.log1p(x.lo), hi: Math.log1p(x.hi) }),
    err: (x) => errOf(x) / (1 + x.lo) + ULP_T * Math.max(1, Math.abs(Math.log1p(x.hi))),
  },
  {
    name: 'expm1',
    forms: ['{x}.expm1()', 'torch.expm1({x})'],
    in: 'num',
    out: () => 'f32',
    dom: (x) => x.hi <= 11,
    iv: (x) => ({ lo: Math.expm1(x.lo), hi: Math.expm1(x.hi) }),
    err: (x) => Math.exp(x.hi) * (1.01 * errOf(x) + ULP_T),
  },
  {
    // -1, 0, 1 in the input's dtype: exact on exact inputs; an inexact
    // input near 0 may land on either side (error 2)
    name: 'sign',
    forms: ['{x}.sign()', 'torch.sign({x})', 'torch.sgn({x})'],
    in: 'num',
    out: (dt) => dt,
    iv: () => ({ lo: -1, hi: 1 }),
    det: true,
    err: () => 2,
  },
  {
    name: 'silu',
    forms: ['F.silu({x})'],
    in: 'f32',
    out: () => 'f32',
    iv: (x) => ({ lo: Math.min(-0.28, x.lo), hi: Math.max(0, x.hi) }),
    err: (x) => 1.1 * errOf(x) + ULP_T * Math.max(1, amax(x)),
  },
];

function form(g, forms, map) {
  let f = g.r.pick(forms);
  for (const [k, v] of Object.entries(map)) f = f.split(`{${k}}`).join(v);
  return f;
}

const MAKERS = [
  {
    name: 'unary',
    w: 14,
    ok: (g, s, kind) => kind !== 'bool',
    make(g, shape, kind, depth, det) {
      const cands = UNARY.filter((u) => (kind === 'int' || kind === 'i64' || kind === 'i32' ? u.det && u.name !== 'sqrt' : true) && (!det || u.det));
      const u = g.r.pick(cands);
      const ik = kind === 'f32' ? (u.in === 'f32' ? 'f32' : g.operandKind('f32')) : kind === 'any' ? 'num' : kind;
      let x = g.gen(shape, ik, depth, det);
      if (u.out(x.dt) !== x.dt && !kindOk(u.out(x.dt), kind)) return null;
      if (u.dom && !u.dom(x)) return null;
      if (u.pos !== undefined) x = g.positive(x, Math.max(u.pos, isI(x.dt) ? 1 : 0.5));
      if (u.in === 'f32' && !isF(x.dt)) return null;
      const iv = u.iv(x);
      const dt = u.out(x.dt);
      const isDet = u.det && x.det && (u.name !== 'sqrt' || true);
      const err = isDet ? 0 : u.err ? u.err(x) : errOf(x);
      g.fam(u.name);
      return g.emit(form(g, u.forms, { x: x.name }), { shape, dt, ...iv, det: isDet, err, contig: true });
    },
  },
  {
    name: 'binary',
    w: 18,
    ok: (g, s, kind) => kind !== 'bool' || true,
    make(g, shape, kind, depth, det) {
      if (kind === 'bool') return MAKERS_BY.compare.make(g, shape, kind, depth, det);
      const op = g.r.weighted([
        [20, '+'],
        [14, '-'],
        [18, '*'],
        [12, '/'],
        [6, '//'],
        [6, '%'],
        [10, 'max'],
        [8, 'pow'],
      ]);
      if (op === '/' && kind !== 'f32' && kind !== 'any' && kind !== 'num') return null;
      const [sa, sb] = g.bcastShapes(shape, 2);
      const scalarB = g.r.chance(0.3);
      const ka = kind === 'any' ? 'num' : g.operandKind(kind === 'i64' || kind === 'i32' ? kind : kind);
      const needDet = det || op === '//' || op === '%';
      let a = g.gen(scalarB ? shape : sa, ka, depth, needDet);
      let b;
      if (scalarB) {
        const sc = scalarFor(g, a.dt);
        if (needDet && !sc.det) return null;
        b = { name: sc.text, scalar: true, dt: sc.dt, cls: 'wrapped', lo: sc.lo, hi: sc.hi, det: sc.det, err: sc.err, shape: [] };
      } else {
        b = g.gen(sb, ka === 'num' || ka === 'f32' ? g.operandKind(kind === 'f32' ? 'f32' : 'num') : ka, depth, needDet);
      }
      const cl = (n) => (n.scalar ? 'wrapped' : tcls(n));
      let dt = resultType([
        { dt: a.dt, cls: cl(a) },
        { dt: b.dt, cls: cl(b) },
      ]);
      if (a.dt === 'bool' && b.dt === 'bool') return null;
      const M = Math.max(amax(a), amax(b));
      let iv;
      let err;
      let expr;
      let isDet = a.det && b.det;
      const swap = b.scalar && g.r.chance(0.3) && op !== 'max' && op !== 'pow';
      const A = () => (swap ? b.name : a.name);
      const B = () => (swap ? a.name : b.name);
      const left = swap ? b : a;
      const right = swap ? a : b;
      switch (op) {
        case '+':
        case '-':
        case '*': {
          if (op === '-' && (a.dt === 'bool' || b.dt === 'bool')) return null;
          const fn = op === '+' ? (x, y) => x + y : op === '-' ? (x, y) => x - y : (x, y) => x * y;
          iv = ivBin(fn, left, right);
          const m = Math.max(Math.abs(iv.lo), Math.abs(iv.hi));
          err = op === '*' ? errOf(a) * amax(b) + errOf(b) * amax(a) + errOf(a) * errOf(b) : errOf(a) + errOf(b);
          err += isDet ? 0 : EPS * m;
          const fnName = { '+': 'add', '-': 'sub', '*': 'mul' }[op];
          expr = g.r.chance(0.75) || b.scalar ? `${A()} ${op} ${B()}` : g.r.chance(0.5) ? `torch.${fnName}(${a.name}, ${b.name})` : `${a.name}.${fnName}(${b.name})`;
          if (swap && op === '-') iv = ivBin((x, y) => x - y, left, right);
          g.fam(fnName);
          break;
        }
        case '/': {
          dt = 'f32';
          // divisor away from 0
          let den = right;
          if (amin(den) < 0.25 || (isI(den.dt) && amin(den) < 1)) {
            if (den.scalar) return null;
            den = g.positive(den, isI(den.dt) || den.dt === 'bool' ? 1 : 0.5);
          }
          const num = left;
          const dm = amin(den);
          iv = ivBin((x, y) => x / y, num, den);
          isDet = num.det && den.det;
          const m = Math.max(Math.abs(iv.lo), Math.abs(iv.hi));
          err = isDet ? 0 : errOf(num) / dm + (amax(num) * errOf(den)) / (dm * dm) + EPS * m;
          expr = g.r.chance(0.8) || num.scalar ? `${num.name} / ${den.name}` : g.r.chance(0.5) ? `torch.div(${num.name}, ${den.name})` : `${num.name}.div(${den.name})`;
          g.fam('div');
          break;
        }
        case '//':
        case '%': {
          if (!a.det || !b.det) return null;
          if (a.special || b.special) return null;
          if (a.dt === 'bool' || b.dt === 'bool') return null;
          let den = right;
          if (amin(den) < 0.5 || (isI(den.dt) && amin(den) < 1)) {
            if (den.scalar) return null;
            den = g.positive(den, isI(den.dt) ? 1 : 0.5);
          }
          if (!den.scalar && g.r.chance(0.35)) {
            // a negative divisor (Python's sign rules)
            den = g.emit(`-${den.name}`, { ...pick(den), shape: den.shape, lo: -den.hi, hi: -den.lo, contig: true });
          }
          const num = left;
          if (isF(dt)) {
            // quotients must stay far from float precision limits
            if (amax(num) / amin(den) > 1e4) return null;
          }
          if (op === '//') {
            iv = ivBin((x, y) => Math.floor(x / y), num, den);
            iv = { lo: iv.lo - 1, hi: iv.hi + 1 };
          } else {
            const dmx = amax(den);
            iv = { lo: -dmx, hi: dmx };
          }
          err = 0;
          isDet = true;
          const fnName = op === '//' ? 'floor_divide' : 'remainder';
          expr = g.r.chance(0.8) || num.scalar ? `${num.name} ${op} ${den.name}` : `torch.${fnName}(${num.name}, ${den.name})`;
          g.fam(fnName + (isF(dt) ? '_f' : '_i'));
          break;
        }
        case 'max': {
          if (b.scalar) return null;
          if (a.dt === 'bool' || b.dt === 'bool') return null;
          const mx = g.r.chance(0.5);
          iv = mx ? { lo: Math.max(a.lo, b.lo), hi: Math.max(a.hi, b.hi) } : { lo: Math.min(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
          err = Math.max(errOf(a), errOf(b));
          const fn = mx ? 'maximum' : 'minimum';
          expr = g.r.chance(0.6) ? `torch.${fn}(${a.name}, ${b.name})` : g.r.chance(0.5) ? `${a.name}.${fn}(${b.name})` : `torch.${mx ? 'max' : 'min'}(${a.name}, ${b.name})`;
          g.fam(fn);
          break;
        }
        case 'pow': {
          if (a.dt === 'bool' || a.special || b.special) return null;
          if (b.scalar || g.r.chance(0.6)) {
            // x ** scalar
            if (!sameShape(a.shape, shape)) return null;
            const intExp = isI(a.dt) || g.r.chance(0.5);
            let base = a;
            let p;
            if (intExp) p = g.r.pick([2, 3, 0, 1]);
            else {
              p = g.r.pick([0.5, 1.5, -1.0, -0.5, 2.0, 2.5]);
              base = g.positive(a, 0.25);
            }
            const pt = intExp ? String(p) : pyFloat(p);
            dt = resultType([
              { dt: base.dt, cls: tcls(base) },
              { dt: intExp ? 'i64' : 'f32', cls: 'wrapped' },
            ]);
            const vals = [base.lo, base.hi].map((x) => Math.pow(x, p));
            if (intExp && p === 2 && base.lo < 0 && base.hi > 0) vals.push(0);
            iv = span(vals);
            if (!Number.isFinite(iv.hi)) return null;
            const m = amax(base);
            isDet = base.det && isI(dt);
            err = isDet ? 0 : Math.abs(p) * Math.pow(Math.max(m, 1e-3), Math.max(p - 1, 0)) * errOf(base) * (p < 1 ? Math.pow(amin(base) || 1, p - 1) : 1) + ULP_T * Math.max(Math.abs(iv.lo), Math.abs(iv.hi));
            expr = g.r.chance(0.7) ? `${base.name} ** ${pt}` : g.r.chance(0.5) ? `torch.pow(${base.name}, ${pt})` : `${base.name}.pow(${pt})`;
            g.fam('pow_scalar');
          } else {
            // tensor ** tensor, positive base, small exponent
            if (!isF(a.dt) && !isF(b.dt)) return null;
            const base = g.positive(a, 0.5);
            if (amax(base) > 8) return null;
            if (amax(b) > 3) return null;
            dt = 'f32';
            const c = [];
            for (const x of [base.lo, base.hi]) for (const y of [b.lo, b.hi, 0]) if (y >= b.lo && y <= b.hi) c.push(Math.pow(x, y));
            iv = span(c);
            const m = Math.max(Math.abs(iv.lo), Math.abs(iv.hi));
            isDet = false;
            err = m * (amax(b) / base.lo * errOf(base) + Math.abs(Math.log(amax(base))) * errOf(b) + Math.abs(Math.log(base.lo)) * errOf(b)) + ULP_T * m * Math.max(1, amax(b) * Math.abs(Math.log(amax(base))));
            expr = g.r.chance(0.5) ? `${base.name} ** ${b.name}` : `torch.pow(${base.name}, ${b.name})`;
            g.fam('pow_tensor');
          }
          break;
        }
      }
      if (!kindOk(dt, kind)) return null;
      if (det && !isDet) return null;
      return g.emit(expr, { shape, dt, ...iv, det: isDet, err, contig: true });
    },
  },
  {
    name: 'compare',
    w: 6,
    ok: (g, s, kind) => kind === 'bool' || kind === 'any',
    make(g, shape, kind, depth) {
      const op = g.r.pick(['<', '<=', '>', '>=', '==', '!=', '&', '|', 'not']);
      if (op === 'not') {
        const x = g.gen(shape, 'bool', depth, true);
        g.fam('logical_not');
        return g.emit(g.r.pick([`~${x.name}`, `${x.name}.logical_not()`, `torch.logical_not(${x.name})`]), { shape, dt: 'bool', lo: 0, hi: 1, det: true, contig: true });
      }
      const [sa, sb] = g.bcastShapes(shape, 2);
      if (op === '&' || op === '|') {
        const a = g.gen(sa, 'bool', depth, true);
        const b = g.gen(sb, 'bool', depth, true);
        const fn = op === '&' ? 'logical_and' : 'logical_or';
        g.fam(fn);
        return g.emit(g.r.chance(0.7) ? `${a.name} ${op} ${b.name}` : `torch.${fn}(${a.name}, ${b.name})`, { shape, dt: 'bool', lo: 0, hi: 1, det: true, contig: true });
      }
      const a = g.gen(sa, g.r.chance(0.85) ? 'num' : 'any', depth, true);
      let bn;
      if (g.r.chance(0.4)) {
        // a scalar inside a's range (ties happen on integer data)
        const v = a.dt === 'bool' ? g.r.pick([0, 1]) : isI(a.dt) ? g.r.int(Math.ceil(a.lo), Math.floor(a.hi)) : Math.round((a.lo + (a.hi - a.lo) * g.r.next()) * 4) / 4;
        bn = isF(a.dt) && g.r.chance(0.5) ? pyFloat(v) : String(Math.round(v));
        if (!Number.isFinite(Number(bn))) bn = '0';
      } else {
        const b = g.gen(sb, a.dt === 'bool' ? 'any' : 'num', depth, true);
        bn = b.name;
      }
      g.fam('compare');
      const fn = { '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', '==': 'eq', '!=': 'ne' }[op];
      const expr = g.r.chance(0.8) ? `${a.name} ${op} ${bn}` : `torch.${fn}(${a.name}, ${bn})`;
      return g.emit(expr, { shape, dt: 'bool', lo: 0, hi: 1, det: true, contig: true });
    },
  },
  {
    name: 'where',
    w: 5,
    ok: () => true,
    make(g, shape, kind, depth, det) {
      const [sc, sa, sb] = g.bcastShapes(shape, 3);
      const c = g.gen(sc, 'bool', depth, true);
      const k = kind === 'any' ? g.pickDt('any') : kind === 'num' ? 'num' : kind;
      const a = g.gen(sa, k, depth, det);
      let b;
      let bcls;
      if (a.dt !== 'bool' && g.r.chance(0.3)) {
        const s = scalarFor(g, a.dt);
        b = { name: s.text, dt: s.dt, lo: s.lo, hi: s.hi, det: s.det, err: s.err };
        bcls = 'wrapped';
      } else {
        b = g.gen(sb, a.dt === 'bool' ? 'bool' : k, depth, det);
        bcls = tcls(b);
      }
      const dt = resultType([
        { dt: a.dt, cls: tcls(a) },
        { dt: b.dt, cls: bcls },
      ]);
      g.fam('where');
      // (Tensor.where(cond, other), the method form, is missing: AttributeError)
      const expr = `torch.where(${c.name}, ${a.name}, ${b.name})`;
      return g.emit(expr, { shape, dt, lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi), det: a.det && b.det, err: Math.max(errOf(a), errOf(b)), contig: true });
    },
  },
  {
    name: 'clamp',
    w: 4,
    ok: (g, s, kind) => kind !== 'bool',
    make(g, shape, kind, depth, det) {
      const x = g.gen(shape, kind === 'any' ? 'num' : kind, depth, det);
      if (x.dt === 'bool') return null;
      const fl = isF(x.dt);
      const q = (v) => (fl ? Math.round(v * 4) / 4 : Math.round(v));
      const a = q(x.lo + (x.hi - x.lo) * g.r.next() * 0.5);
      const b = q(a + (x.hi - a) * g.r.next());
      const f = (v) => (fl ? pyFloat(v) : String(v));
      const which = g.r.int(0, 2);
      let expr;
      const args = which === 0 ? `min=${f(a)}` : which === 1 ? `max=${f(b)}` : g.r.chance(0.5) ? `${f(a)}, ${f(b)}` : `min=${f(a)}, max=${f(b)}`;
      expr = g.r.chance(0.6) ? `${x.name}.clamp(${args})` : `torch.clamp(${x.name}, ${args})`;
      if (which < 2 && g.r.chance(0.35)) {
        expr = which === 0 ? `${x.name}.clamp_min(${f(a)})` : `torch.clamp_max(${x.name}, ${f(b)})`;
        g.fam(which === 0 ? 'clamp_min' : 'clamp_max');
      }
      const lo = which === 1 ? Math.min(x.lo, b) : Math.max(x.lo, a);
      const hi = which === 0 ? Math.max(x.hi, a) : Math.min(x.hi, b);
      g.fam('clamp');
      return g.emit(expr, { shape, dt: x.dt, lo: Math.min(lo, hi), hi: Math.max(lo, hi), det: x.det, err: errOf(x), contig: true });
    },
  },
  {
    name: 'cast',
    w: 5,
    ok: () => true,
    make(g, shape, kind, depth, det) {
      const to = kind === 'any' ? g.pickDt('any') : kind === 'num' || kind === 'int' ? g.pickDt(kind) : kind;
      const from = g.r.pick(['f32', 'i64', 'i32', 'bool'].filter((d) => d !== to));
      const x = g.gen(shape, from, depth, !isF(to) || det);
      if (!isF(to) && !x.det) return null;
      if (isI(to) && x.special) return null; // float -> int of nan/inf is undefined
      let lo = x.lo;
      let hi = x.hi;
      if (to === 'bool') {
        lo = 0;
        hi = 1;
      } else if (isI(to)) {
        lo = Math.trunc(lo);
        hi = Math.trunc(hi);
      }
      const meth = { f32: ['float()', 'to(torch.float32)', 'to(torch.float)'], i64: ['long()', 'to(torch.int64)', 'to(torch.long)'], i32: ['int()', 'to(torch.int32)'], bool: ['bool()', 'to(torch.bool)'] }[to];
      g.fam(`cast_${x.dt}_${to}`);
      return g.emit(`${x.name}.${g.r.pick(meth)}`, { shape, dt: to, lo, hi, det: x.det, err: errOf(x), contig: true });
    },
  },
  {
    name: 'reduce',
    w: 13,
    ok: (g, s, kind) => kind !== 'bool',
    make(g, shape, kind, depth, det) {
      const ones = shape.map((d, i) => (d === 1 ? i : -1)).filter((i) => i >= 0);
      const canKeep = ones.length > 0;
      const canDrop = shape.length < 4;
      const full = shape.length === 0 && g.r.chance(0.7);
      if (!full && !canKeep && !canDrop) return null;
      const f = kind === 'f32';
      const i = kind === 'int' || kind === 'i64';
      const an = kind === 'any' || kind === 'num';
      const op = g.r.weighted([
        [f || i || an ? 28 : 0, 'sum'],
        [f || an ? 16 : 0, 'mean'],
        [kind !== 'i32' ? 5 : 0, 'prod'],
        [14, 'amax'],
        [10, 'maxdim'],
        [i || an ? 10 : 0, 'argmax'],
        [full ? 8 : 0, 'maxall'],
      ]);
      const oneDim = op === 'maxdim' || op === 'argmax' || op === 'prod';
      const keep = canKeep && (!canDrop || g.r.chance(0.4));
      const rsize = () => (op === 'prod' ? g.r.int(1, 6) : g.r.chance(0.15) ? g.r.int(38, 150) : g.sizeDim());
      // input shape
      let inShape;
      let dims = null; // reduced dims (in input)
      if (full) {
        inShape = op === 'prod' ? [g.r.int(1, 6)] : g.randShape(g.r.int(1, 4), g.r.chance(0.3) ? NUMEL_CAP : 300);
      } else {
        if (keep) {
          dims = g.r.shuffle(ones).slice(0, oneDim ? 1 : g.r.int(1, Math.min(ones.length, 3)));
          inShape = shape.map((d, i) => (dims.includes(i) ? rsize() : d));
        } else {
          const nr = !oneDim && shape.length <= 2 && g.r.chance(0.3) ? 2 : 1;
          inShape = shape.slice();
          dims = [];
          for (let k = 0; k < nr && inShape.length < 4; k++) {
            const pos = g.r.int(0, inShape.length);
            inShape.splice(pos, 0, rsize());
            dims = dims.map((d) => (d >= pos ? d + 1 : d));
            dims.push(pos);
          }
        }
        dims.sort((x, y) => x - y);
        if (numel(inShape) > NUMEL_CAP) return null;
      }
      const n = full ? numel(inShape) : dims.reduce((a, d) => a * inShape[d], 1);
      if (n === 0 && op !== 'sum' && op !== 'prod' && op !== 'mean') return null;
      const nd = inShape.length;
      const dimText = () => {
        const ds = dims.map((d) => (g.r.chance(0.3) ? d - nd : d));
        return ds.length === 1 && g.r.chance(0.7) ? String(ds[0]) : `(${ds.join(', ')}${ds.length === 1 ? ',' : ''})`;
      };
      let x;
      let expr;
      let dt;
      let iv;
      let err = 0;
      let isDet;
      switch (op) {
        case 'sum':
        case 'mean': {
          const k = op === 'mean' ? 'f32' : kind === 'f32' ? 'f32' : kind === 'any' ? 'any' : kind === 'int' || kind === 'i64' ? 'any' : 'none';
          if (k === 'none') return null;
          x = g.gen(inShape, k === 'any' ? (g.r.chance(0.5) ? 'any' : 'f32') : k, depth, det);
          dt = isF(x.dt) ? 'f32' : 'i64';
          if (!kindOk(dt, kind)) return null;
          iv = op === 'sum' ? { lo: Math.min(n * x.lo, x.lo), hi: Math.max(n * x.hi, x.hi) } : { lo: x.lo, hi: x.hi };
          isDet = x.det && (!isF(dt) || n === 1);
          if (isF(dt)) {
            const m = amax(x);
            err = n * errOf(x) + EPS * n * m * (4 + 2 * Math.sqrt(n));
            if (op === 'mean') err = n ? err / n + EPS * m : 0;
          }
          const fn = op;
          if (full) expr = g.r.chance(0.6) ? `${x.name}.${fn}()` : `torch.${fn}(${x.name})`;
          else {
            const kd = keep ? ', keepdim=True' : g.r.chance(0.2) ? ', keepdim=False' : '';
            expr = g.r.chance(0.6) ? `${x.name}.${fn}(${g.r.chance(0.5) ? 'dim=' : ''}${dimText()}${kd})` : `torch.${fn}(${x.name}, ${g.r.chance(0.5) ? 'dim=' : ''}${dimText()}${kd})`;
          }
          g.fam(op + (full ? '_all' : ''));
          break;
        }
        case 'prod': {
          if (kind === 'bool') return null;
          if (n > 8) return null;
          if (!full && dims.length !== 1) return null;
          x = g.gen(inShape, kind === 'f32' ? 'f32' : kind === 'any' || kind === 'num' ? 'num' : 'int', depth, det);
          if (x.dt === 'bool') return null;
          dt = isF(x.dt) ? 'f32' : 'i64';
          if (!kindOk(dt, kind)) return null;
          const m = amax(x);
          const pm = Math.pow(Math.max(m, 1), n);
          if (pm > (isF(dt) ? FMAX : 1e15)) return null;
          iv = { lo: -pm, hi: pm };
          if (x.lo >= 0) iv.lo = Math.pow(x.lo, n) * 0;
          isDet = x.det && (!isF(dt) || n === 1);
          err = isF(dt) ? n * Math.pow(Math.max(m, 1), n - 1) * errOf(x) + 2 * n * EPS * pm : 0;
          expr = full ? `${x.name}.prod()` : `${x.name}.prod(${g.r.chance(0.3) ? dims[0] - nd : dims[0]}${keep ? ', keepdim=True' : ''})`;
          if (!full && dims.length !== 1) return null;
          g.fam('prod');
          break;
        }
        case 'amax':
        case 'maxall': {
          if (kind === 'bool') return null;
          x = g.gen(inShape, kind === 'any' ? 'num' : kind, depth, det);
          if (x.dt === 'bool') return null;
          dt = x.dt;
          iv = { lo: x.lo, hi: x.hi };
          isDet = x.det;
          err = errOf(x);
          const mn = g.r.chance(0.5) ? 'amin' : 'amax';
          if (op === 'maxall') {
            const f2 = mn === 'amin' ? 'min' : 'max';
            expr = g.r.chance(0.5) ? `${x.name}.${f2}()` : `torch.${f2}(${x.name})`;
            g.fam('max_all');
          } else if (full) {
            expr = g.r.chance(0.5) ? `${x.name}.${mn}()` : `torch.${mn}(${x.name})`;
            g.fam('amax_all');
          } else {
            const kd = keep ? ', keepdim=True' : '';
            expr = g.r.chance(0.5) ? `${x.name}.${mn}(${g.r.chance(0.5) ? 'dim=' : ''}${dimText()}${kd})` : `torch.${mn}(${x.name}, ${dimText()}${kd})`;
            g.fam('amax');
          }
          break;
        }
        case 'maxdim': {
          if (full) return null;
          const wantIdx = kind === 'int' || kind === 'i64' || (kind === 'any' && g.r.chance(0.5));
          if (kind === 'bool' || kind === 'i32') return null;
          x = g.gen(inShape, wantIdx ? 'num' : kind === 'any' ? 'num' : kind, depth, wantIdx || det);
          if (x.dt === 'bool') return null;
          if (wantIdx && !x.det) return null;
          const f2 = g.r.chance(0.5) ? 'max' : 'min';
          const d = g.r.chance(0.3) ? dims[0] - nd : dims[0];
          const call = g.r.chance(0.5) ? `${x.name}.${f2}(${g.r.chance(0.5) ? 'dim=' : ''}${d}${keep ? ', keepdim=True' : ''})` : `torch.${f2}(${x.name}, ${d}${keep ? ', keepdim=True' : ''})`;
          if (wantIdx) {
            dt = 'i64';
            iv = { lo: 0, hi: inShape[dims[0]] - 1 };
            isDet = true;
            expr = g.r.pick([`${call}.indices`, `${call}[1]`]);
          } else {
            dt = x.dt;
            iv = { lo: x.lo, hi: x.hi };
            isDet = x.det;
            err = errOf(x);
            expr = g.r.pick([`${call}.values`, `${call}[0]`]);
          }
          g.fam('max_dim');
          break;
        }
        case 'argmax': {
          if (!(kind === 'int' || kind === 'i64' || kind === 'any' || kind === 'num')) return null;
          x = g.gen(inShape, 'num', depth, true);
          if (!x.det || x.dt === 'bool') return null;
          dt = 'i64';
          const fn = g.r.chance(0.5) ? 'argmax' : 'argmin';
          if (full) {
            expr = g.r.chance(0.5) ? `${x.name}.${fn}()` : `torch.${fn}(${x.name})`;
            iv = { lo: 0, hi: numel(inShape) - 1 };
          } else {
            const d = g.r.chance(0.3) ? dims[0] - nd : dims[0];
            expr = g.r.chance(0.5) ? `${x.name}.${fn}(${g.r.chance(0.5) ? 'dim=' : ''}${d}${keep ? ', keepdim=True' : ''})` : `torch.${fn}(${x.name}, dim=${d}${keep ? ', keepdim=True' : ''})`;
            iv = { lo: 0, hi: inShape[dims[0]] - 1 };
          }
          isDet = true;
          g.fam('argmax');
          break;
        }
      }
      if (!kindOk(dt, kind)) return null;
      if (det && !isDet) return null;
      const special = isF(dt) && (x.special || (op === 'mean' && n === 0));
      return g.emit(expr, { shape, dt, ...iv, det: isDet, err, contig: true, special });
    },
  },
  {
    name: 'matmul',
    w: 7,
    ok: (g, s, kind, det) => !det && (kind === 'f32' || kind === 'any' || kind === 'num') && s.length <= 4,
    make(g, shape, kind, depth) {
      const k = g.sizeDim();
      let sa;
      let sb;
      const nd = shape.length;
      if (nd === 0) {
        sa = [k];
        sb = [k];
      } else if (nd === 1) {
        if (g.r.chance(0.5)) {
          sa = [shape[0], k];
          sb = [k];
        } else {
          sa = [k];
          sb = [k, shape[0]];
        }
      } else {
        const batch = shape.slice(0, nd - 2);
        const [m, n] = shape.slice(nd - 2);
        const v = g.r.int(0, 5);
        if (v === 0 && nd <= 3) {
          // 1-d on one side: [k] @ [..., k, n] -> [..., n] with shape = [...,m?]
          sa = [k];
          sb = [...shape.slice(0, nd - 1), k, shape[nd - 1]];
        } else if (v === 1 && nd <= 3) {
          sa = [...shape, k];
          sb = [k];
        } else {
          const ba = batch.map((d) => (g.r.chance(0.25) ? 1 : d));
          const bb = batch.map((d, i) => (ba[i] === 1 ? d : g.r.chance(0.25) ? 1 : d));
          let A = ba;
          let B = bb;
          if (batch.length && g.r.chance(0.25)) {
            // drop leading batch dims on one side
            if (g.r.chance(0.5)) A = ba.slice(g.r.int(1, ba.length));
            else B = bb.slice(g.r.int(1, bb.length));
          }
          sa = [...A, m, k];
          sb = [...B, k, n];
          // a broadcast batch dim of 1 on both sides must still give the output size
          for (let i = 0; i < batch.length; i++) {
            const ia = A.length - batch.length + i;
            const ib = B.length - batch.length + i;
            const da = ia >= 0 ? A[ia] : 1;
            const db = ib >= 0 ? B[ib] : 1;
            if (Math.max(da, db) !== batch[i]) return null;
          }
        }
      }
      if (!g.fits(sa) || !g.fits(sb)) return null;
      if (sa.length > 4 || sb.length > 4) return null;
      const a = g.gen(sa, 'f32', depth);
      const b = g.gen(sb, 'f32', depth);
      const kk = sa[sa.length - 1];
      const Ma = amax(a);
      const Mb = amax(b);
      const m = kk * Ma * Mb;
      if (m > FMAX) return null;
      const err = kk * (errOf(a) * Mb + errOf(b) * Ma) + EPS * kk * Ma * Mb * (4 + 2 * Math.sqrt(kk));
      let expr = g.r.chance(0.6) ? `${a.name} @ ${b.name}` : g.r.chance(0.5) ? `torch.matmul(${a.name}, ${b.name})` : `${a.name}.matmul(${b.name})`;
      if (sa.length === 2 && sb.length === 2 && g.r.chance(0.3)) expr = g.r.chance(0.5) ? `${a.name}.mm(${b.name})` : `torch.mm(${a.name}, ${b.name})`;
      if (sa.length === 3 && sb.length === 3 && sa[0] === sb[0] && g.r.chance(0.3)) expr = `torch.bmm(${a.name}, ${b.name})`;
      g.fam(`matmul_${sa.length}x${sb.length}`);
      return g.emit(expr, { shape, dt: 'f32', lo: -m, hi: m, det: kk === 1 && a.det && b.det, err, contig: true });
    },
  },
  {
    name: 'linear',
    w: 3,
    ok: (g, s, kind, det) => !det && (kind === 'f32' || kind === 'any' || kind === 'num') && s.length >= 1,
    make(g, shape, kind, depth) {
      const inF = g.sizeDim();
      const outF = shape[shape.length - 1];
      const sx = [...shape.slice(0, -1), inF];
      if (!g.fits(sx) || !g.fits([outF, inF])) return null;
      const x = g.gen(sx, 'f32', depth);
      const w = g.gen([outF, inF], 'f32', depth - 1);
      const hasB = g.r.chance(0.6);
      const b = hasB ? g.gen([outF], 'f32', depth - 1) : null;
      const m = inF * amax(x) * amax(w) + (b ? amax(b) : 0);
      if (m > FMAX) return null;
      const err = inF * (errOf(x) * amax(w) + errOf(w) * amax(x)) + (b ? errOf(b) : 0) + EPS * m * (4 + 2 * Math.sqrt(inF));
      g.fam('linear');
      const expr = b ? (g.r.chance(0.5) ? `F.linear(${x.name}, ${w.name}, ${b.name})` : `F.linear(${x.name}, ${w.name}, bias=${b.name})`) : `F.linear(${x.name}, ${w.name})`;
      return g.emit(expr, { shape, dt: 'f32', lo: -m, hi: m, det: false, err, contig: true });
    },
  },
  {
    name: 'softmax',
    w: 4,
    ok: (g, s, kind, det) => !det && (kind === 'f32' || kind === 'any' || kind === 'num') && s.length >= 1,
    make(g, shape, kind, depth) {
      const x = g.gen(shape, 'f32', depth);
      const d = g.r.int(0, shape.length - 1);
      const dt = g.r.chance(0.3) ? d - shape.length : d;
      const log = g.r.chance(0.35);
      const fn = log ? 'log_softmax' : 'softmax';
      const expr = g.r.pick([`${x.name}.${fn}(dim=${dt})`, `F.${fn}(${x.name}, dim=${dt})`, `torch.${fn}(${x.name}, ${dt})`, `${x.name}.${fn}(${dt})`]);
      const n = shape[d];
      let iv;
      let err;
      if (log) {
        const r = x.hi - x.lo;
        iv = { lo: -(r + Math.log(n)) - 1e-3, hi: 0 };
        err = 2 * errOf(x) + ULP_T * (r + Math.log(n) + 1) + EPS * amax(x) * 4;
      } else {
        iv = { lo: 0, hi: 1 };
        err = 2 * errOf(x) + 4 * ULP_T + n * EPS;
      }
      g.fam(fn);
      return g.emit(expr, { shape, dt: 'f32', ...iv, det: false, err, contig: true });
    },
  },
  {
    name: 'layer_norm',
    w: 3,
    ok: (g, s, kind, det) => !det && (kind === 'f32' || kind === 'any' || kind === 'num') && s.length >= 1,
    make(g, shape, kind, depth) {
      const k = g.r.int(1, Math.min(2, shape.length));
      const ns = shape.slice(shape.length - k);
      const n = numel(ns);
      const x = g.gen(shape, 'f32', depth);
      const eps = g.r.pick([1e-5, 1e-5, 0.001, 0.1]);
      const aff = g.r.int(0, 2); // 0 none, 1 weight, 2 weight+bias
      const w = aff ? g.gen(ns, 'f32', depth - 1) : null;
      const b = aff === 2 ? g.gen(ns, 'f32', depth - 1) : null;
      const nsText = ns.length === 1 && g.r.chance(0.5) ? `[${ns[0]}]` : pyShape(ns);
      const kw = g.r.chance(0.5);
      const args = [x.name, nsText];
      if (w) args.push(kw ? `weight=${w.name}` : w.name);
      if (b) args.push(kw ? `bias=${b.name}` : b.name);
      if (eps !== 1e-5 || g.r.chance(0.5)) args.push(`eps=${eps}`);
      const expr = `F.layer_norm(${args.join(', ')})`;
      const z = Math.sqrt(Math.max(n - 1, 0)); // |(x - mean) / std| <= sqrt(n - 1)
      const W = w ? amax(w) : 1;
      const B = b ? amax(b) : 0;
      const m = z * W + B;
      const inv = 1 / Math.sqrt(eps);
      const err = ((2 * errOf(x) + 8 * EPS * amax(x) * Math.sqrt(n)) * inv + ULP_T * z) * W + z * (w ? errOf(w) : 0) + (b ? errOf(b) : 0);
      g.fam('layer_norm');
      return g.emit(expr, { shape, dt: 'f32', lo: -m, hi: m, det: false, err, contig: true });
    },
  },
  // ------------------------------------------------------------ views
  {
    name: 'reshape',
    w: 6,
    ok: () => true,
    make(g, shape, kind, depth, det) {
      const n = numel(shape);
      if (n === 0) return null;
      // a random shape with the same number of elements
      const f = factors(n);
      let ts = [];
      const nd = g.r.int(0, 4);
      let rest = n;
      for (let i = 0; i < nd - 1; i++) {
        const ds = f.filter((d) => rest % d === 0);
        const d = g.r.pick(ds);
        ts.push(d);
        rest /= d;
      }
      if (nd > 0) ts.push(rest);
      else if (rest !== 1) ts = [rest];
      ts = g.r.shuffle(ts);
      const x = g.gen(ts, kind, depth, det);
      let target = shape.slice();
      if (target.length && g.r.chance(0.3)) target[g.r.int(0, target.length - 1)] = -1;
      const asView = x.contig && g.r.chance(0.4);
      const fn = asView ? 'view' : 'reshape';
      let expr;
      if (target.length === 0) expr = `${x.name}.${fn}(())`;
      else if (g.r.chance(0.4)) expr = `${x.name}.${fn}(${target.join(', ')})`;
      else if (!asView && g.r.chance(0.3)) expr = `torch.reshape(${x.name}, ${pyShape(target)})`;
      else expr = `${x.name}.${fn}(${pyShape(target)})`;
      g.fam(fn);
      return g.emit(expr, { ...pick(x), shape, contig: x.contig });
    },
  },
  {
    name: 'flatten',
    w: 3,
    ok: (g, s) => s.length >= 1,
    make(g, shape, kind, depth, det) {
      const d = g.r.int(0, shape.length - 1);
      const nsplit = g.r.int(1, 3);
      if (shape[d] === 0) return null;
      if (shape.length - 1 + nsplit > 4) return null;
      const f = factors(shape[d]);
      const parts = [];
      let rest = shape[d];
      for (let i = 0; i < nsplit - 1; i++) {
        const p = g.r.pick(f.filter((x) => rest % x === 0));
        parts.push(p);
        rest /= p;
      }
      parts.push(rest);
      const ts = [...shape.slice(0, d), ...g.r.shuffle(parts), ...shape.slice(d + 1)];
      const x = g.gen(ts, kind, depth, det);
      const s0 = d;
      const e0 = d + nsplit - 1;
      const sd = g.r.chance(0.3) ? s0 - ts.length : s0;
      const ed = g.r.chance(0.3) ? e0 - ts.length : e0;
      let expr;
      if (s0 === 0 && e0 === ts.length - 1 && g.r.chance(0.5)) expr = `${x.name}.flatten()`;
      else if (e0 === ts.length - 1 && g.r.chance(0.4)) expr = `${x.name}.flatten(${sd})`;
      else expr = g.r.chance(0.5) ? `${x.name}.flatten(${sd}, ${ed})` : `torch.flatten(${x.name}, ${sd}, ${ed})`;
      g.fam('flatten');
      return g.emit(expr, { ...pick(x), shape, contig: x.contig });
    },
  },
  {
    name: 'permute',
    w: 5,
    ok: (g, s) => s.length >= 2,
    make(g, shape, kind, depth, det) {
      const nd = shape.length;
      const p = g.r.shuffle([...Array(nd).keys()]);
      // out[i] = in[p[i]]
      const ts = new Array(nd);
      for (let i = 0; i < nd; i++) ts[p[i]] = shape[i];
      const x = g.gen(ts, kind, depth, det);
      const pt = p.map((d) => (g.r.chance(0.2) ? d - nd : d));
      const expr = g.r.chance(0.5) ? `${x.name}.permute(${pt.join(', ')})` : g.r.chance(0.5) ? `${x.name}.permute(${pyShape(pt)})` : `torch.permute(${x.name}, ${pyShape(pt)})`;
      g.fam('permute');
      return g.emit(expr, { ...pick(x), shape, contig: false });
    },
  },
  {
    name: 'transpose',
    w: 5,
    ok: (g, s) => s.length >= 1,
    make(g, shape, kind, depth, det) {
      const nd = shape.length;
      if (nd <= 2 && g.r.chance(0.35)) {
        const ts = shape.slice().reverse();
        const x = g.gen(ts, kind, depth, det);
        g.fam('t');
        return g.emit(g.r.chance(0.6) ? `${x.name}.t()` : `torch.t(${x.name})`, { ...pick(x), shape, contig: nd < 2 && x.contig });
      }
      const i = g.r.int(0, nd - 1);
      const j = g.r.int(0, nd - 1);
      const ts = shape.slice();
      [ts[i], ts[j]] = [ts[j], ts[i]];
      const x = g.gen(ts, kind, depth, det);
      const it = g.r.chance(0.3) ? i - nd : i;
      const jt = g.r.chance(0.3) ? j - nd : j;
      g.fam('transpose');
      return g.emit(g.r.chance(0.6) ? `${x.name}.transpose(${it}, ${jt})` : `torch.transpose(${x.name}, ${it}, ${jt})`, { ...pick(x), shape, contig: i === j && x.contig });
    },
  },
  {
    name: 'expand',
    w: 4,
    ok: (g, s) => s.length >= 1,
    make(g, shape, kind, depth, det) {
      let ts = shape.map((d) => (g.r.chance(0.5) ? 1 : d));
      if (g.r.chance(0.3)) ts = ts.slice(g.r.int(1, ts.length));
      const x = g.gen(ts, kind, depth, det);
      const off = shape.length - ts.length;
      const target = shape.map((d, i) => (i >= off && ts[i - off] === d && g.r.chance(0.4) ? -1 : d));
      const expr = g.r.chance(0.5) ? `${x.name}.expand(${target.join(', ')})` : `${x.name}.expand(${pyShape(target)})`;
      g.fam('expand');
      return g.emit(expr, { ...pick(x), shape, contig: false });
    },
  },
  {
    name: 'unsqueeze',
    w: 4,
    ok: (g, s) => s.includes(1),
    make(g, shape, kind, depth, det) {
      const ones = shape.map((d, i) => (d === 1 ? i : -1)).filter((i) => i >= 0);
      const d = g.r.pick(ones);
      const ts = shape.slice();
      ts.splice(d, 1);
      const x = g.gen(ts, kind, depth, det);
      const nd = shape.length;
      const dt = g.r.chance(0.3) ? d - nd : d;
      const idx = [];
      for (let i = 0; i < d; i++) idx.push(':');
      const variant = g.r.int(0, 3);
      let expr;
      if (variant === 0) expr = `${x.name}.unsqueeze(${dt})`;
      else if (variant === 1) expr = `torch.unsqueeze(${x.name}, ${dt})`;
      else if (variant === 2 || d !== nd - 1) expr = `${x.name}[${[...idx, 'None'].join(', ')}]`;
      else expr = `${x.name}[..., None]`;
      g.fam(expr.includes('None') ? 'index_none' : 'unsqueeze');
      return g.emit(expr, { ...pick(x), shape, contig: x.contig });
    },
  },
  {
    name: 'squeeze',
    w: 3,
    ok: (g, s) => s.length < 4,
    make(g, shape, kind, depth, det) {
      const d = g.r.int(0, shape.length);
      const ts = shape.slice();
      ts.splice(d, 0, 1);
      const x = g.gen(ts, kind, depth, det);
      const nd = ts.length;
      let expr;
      if (!shape.includes(1) && g.r.chance(0.3)) expr = g.r.chance(0.5) ? `${x.name}.squeeze()` : `torch.squeeze(${x.name})`;
      else {
        const dt = g.r.chance(0.3) ? d - nd : d;
        expr = g.r.chance(0.7) ? `${x.name}.squeeze(${dt})` : `torch.squeeze(${x.name}, ${dt})`;
      }
      g.fam('squeeze');
      return g.emit(expr, { ...pick(x), shape, contig: x.contig });
    },
  },
  {
    name: 'squeeze_noop',
    w: 1,
    ok: (g, s) => s.some((d) => d > 1),
    make(g, shape, kind, depth, det) {
      // squeeze(d) on a dim that is not 1 is a no-op
      const ds = shape.map((d, i) => (d > 1 ? i : -1)).filter((i) => i >= 0);
      const d = g.r.pick(ds);
      const x = g.gen(shape, kind, depth, det);
      g.fam('squeeze_noop');
      return g.emit(`${x.name}.squeeze(${d})`, { ...pick(x), shape, contig: x.contig });
    },
  },
  {
    name: 'slice',
    w: 7,
    ok: (g, s) => s.length >= 1,
    make(g, shape, kind, depth, det) {
      const nd = shape.length;
      const ts = shape.slice();
      const idx = shape.map(() => ':');
      const nsl = g.r.chance(0.3) && nd >= 2 ? 2 : 1;
      const dims = g.r.shuffle([...Array(nd).keys()]).slice(0, nsl);
      for (const d of dims) {
        const n = shape[d];
        if (n === 0) return null;
        const step = n <= 12 && g.r.chance(0.35) ? g.r.int(2, 3) : 1;
        const start = g.r.int(0, 4);
        const tail = g.r.int(0, 3);
        const L = start + (n - 1) * step + 1 + tail;
        ts[d] = L;
        const stop0 = start + (n - 1) * step + 1; // minimal stop
        let stop = stop0 + g.r.int(0, Math.min(step - 1, L - stop0));
        let st = start === 0 && g.r.chance(0.5) ? '' : g.r.chance(0.3) && start > 0 ? String(start - L) : String(start);
        let sp = stop === L && g.r.chance(0.5) ? '' : g.r.chance(0.3) && stop < L ? String(stop - L) : String(stop);
        if (stop > L) sp = String(stop); // clamped by Python rules
        idx[d] = `${st}:${sp}${step > 1 ? `:${step}` : ''}`;
      }
      if (!g.fits(ts)) return null;
      const x = g.gen(ts, kind, depth, det);
      // trailing ':' may be dropped; a leading run of ':' may become '...'
      let parts = idx.slice();
      while (parts.length > 1 && parts[parts.length - 1] === ':' && g.r.chance(0.7)) parts.pop();
      if (parts.length >= 2 && parts[0] === ':' && parts[1] === ':' && g.r.chance(0.4)) {
        let k = 0;
        while (k < parts.length - 1 && parts[k] === ':') k++;
        if (parts.length === nd) parts = ['...', ...parts.slice(k)];
      }
      g.fam(idx.some((p) => p.split(':').length === 3) ? 'slice_step' : 'slice');
      return g.emit(`${x.name}[${parts.join(', ')}]`, { ...pick(x), shape, contig: false });
    },
  },
  {
    name: 'select',
    w: 5,
    ok: (g, s) => s.length < 4,
    make(g, shape, kind, depth, det) {
      const d = g.r.int(0, shape.length);
      const L = Math.max(1, g.sizeDim());
      const ts = shape.slice();
      ts.splice(d, 0, L);
      if (!g.fits(ts)) return null;
      const x = g.gen(ts, kind, depth, det);
      let i = g.r.int(0, L - 1);
      if (g.r.chance(0.3)) i -= L;
      let expr;
      if (d === ts.length - 1 && d > 0 && g.r.chance(0.4)) expr = `${x.name}[..., ${i}]`;
      else {
        const idx = [];
        for (let k = 0; k < d; k++) idx.push(':');
        idx.push(String(i));
        expr = `${x.name}[${idx.join(', ')}]`;
      }
      g.fam('select');
      return g.emit(expr, { ...pick(x), shape, contig: d === 0 && x.contig });
    },
  },
  {
    // dynamic shapes: sizes computed in Python from the varying size (SymInts:
    // the graph takes them from each call's sizes, docs/semantics.md)
    name: 'sym_slice',
    w: 4,
    ok: (g, s) => g.dyn && s.length >= 1 && s[0] === DYN_DIM,
    make(g, shape, kind, depth, det) {
      const x = g.gen(shape, kind, depth, det);
      const n = g.r.chance(0.5) ? `${x.name}.shape[0]` : `${x.name}.size(0)`;
      const k = g.r.int(1, 2);
      const expr = g.r.chance(0.5)
        ? `torch.cat([${x.name}[: ${n} - ${k}], ${x.name}[${n} - ${k} :]])`
        : `torch.cat([${x.name}[-(${n} // 2) :], ${x.name}[: ${n} - ${n} // 2]])`;
      g.fam('sym_slice');
      return g.emit(expr, { ...pick(x), shape, contig: true });
    },
  },
  {
    name: 'sym_index',
    w: 3,
    ok: (g, s) => g.dyn && s.length < 3,
    make(g, shape, kind, depth, det) {
      const ts = [DYN_DIM, ...shape];
      if (!g.fits(ts)) return null;
      const x = g.gen(ts, kind, depth, det);
      const i = g.r.chance(0.5) ? `${x.name}.shape[0] - ${g.r.int(1, 2)}` : `${x.name}.size(0) // 2`;
      g.fam('sym_index');
      return g.emit(`${x.name}[${i}]`, { ...pick(x), shape, contig: true });
    },
  },
  {
    name: 'cat',
    w: 5,
    ok: (g, s) => s.length >= 1,
    make(g, shape, kind, depth, det) {
      const ds = shape.map((d, i) => i);
      const d = g.r.pick(ds);
      const n = shape[d];
      const k = n >= 2 ? g.r.int(1, Math.min(3, n)) : 1;
      if (n === 0) return null;
      // split n into k positive parts
      const cuts = g.r.shuffle([...Array(n - 1).keys()].map((x) => x + 1)).slice(0, k - 1).sort((a, b) => a - b);
      const sizes = [];
      let prev = 0;
      for (const c of [...cuts, n]) {
        sizes.push(c - prev);
        prev = c;
      }
      const dt0 = kind === 'any' || kind === 'num' || kind === 'int' ? g.pickDt(kind) : kind;
      const parts = sizes.map((sz) => {
        const s = shape.slice();
        s[d] = sz;
        return g.gen(s, dt0, depth, det);
      });
      const dd = g.r.chance(0.3) ? d - shape.length : d;
      const list = parts.map((p) => p.name).join(', ');
      const tup = parts.length === 1 ? `(${list},)` : `(${list})`;
      const expr = g.r.chance(0.6) ? `torch.cat([${list}], dim=${dd})` : g.r.chance(0.5) ? `torch.cat(${tup}, ${dd})` : `torch.cat([${list}], ${dd})`;
      g.fam('cat');
      return g.emit(expr, joined(parts, shape, dt0));
    },
  },
  {
    name: 'stack',
    w: 3,
    ok: (g, s) => s.length >= 1 && s.some((d) => d <= 4),
    make(g, shape, kind, depth, det) {
      const ds = shape.map((d, i) => (d <= 4 && d > 0 ? i : -1)).filter((i) => i >= 0);
      if (!ds.length) return null;
      const d = g.r.pick(ds);
      const ps = shape.slice();
      ps.splice(d, 1);
      const dt0 = kind === 'any' || kind === 'num' || kind === 'int' ? g.pickDt(kind) : kind;
      const parts = [];
      for (let k = 0; k < shape[d]; k++) parts.push(g.gen(ps, dt0, depth, det));
      const dd = g.r.chance(0.3) ? d - shape.length : d;
      const list = parts.map((p) => p.name).join(', ');
      const tup = parts.length === 1 ? `(${list},)` : `(${list})`;
      g.fam('stack');
      return g.emit(g.r.chance(0.6) ? `torch.stack([${list}], dim=${dd})` : `torch.stack(${tup}, ${dd})`, joined(parts, shape, dt0));
    },
  },
  {
    name: 'loop',
    w: 2,
    ok: (g, s, kind) => kind === 'f32' || kind === 'any' || kind === 'num',
    make(g, shape, kind, depth, det) {
      // a Python loop, unrolled by the tracer into a long chain
      const x = g.gen(shape, 'f32', depth, det);
      const [, sb] = g.bcastShapes(shape, 2);
      const b = g.gen(sb, g.r.chance(0.8) ? 'f32' : 'num', depth, det);
      const k = g.r.weighted([[6, g.r.int(2, 6)], [3, g.r.int(7, 20)], [2, g.r.int(21, 60)], [1, g.r.int(61, 100)]]);
      const v = g.r.int(0, 2);
      const name = `v${g.nv}`;
      let body;
      let lo;
      let hi;
      let err;
      if (v === 0) {
        const c = g.r.pick([0.5, -0.5, 0.25]);
        body = `${name} = ${name} * ${c} + ${b.name}`;
        const B = amax(x) + amax(b) / (1 - Math.abs(c));
        lo = -B;
        hi = B;
        err = errOf(x) + 2 * (errOf(b) + EPS * B);
      } else if (v === 1) {
        body = `${name} = torch.maximum(${name}, ${b.name} - i)`;
        lo = Math.min(x.lo, b.lo - k + 1);
        hi = Math.max(x.hi, b.hi);
        err = Math.max(errOf(x), errOf(b) + EPS * (amax(b) + k));
        if (!isF(b.dt) && !isF(x.dt)) return null;
      } else {
        body = `${name} = (${name} + ${b.name} * i).relu() * 0.5`;
        const B = amax(x) + amax(b) * k;
        lo = 0;
        hi = B;
        err = errOf(x) + errOf(b) * k + EPS * B * 2;
      }
      g.fam('loop');
      // a graph break on one iteration: the loop runs eagerly as a whole
      // (test_for_loops.py), what it did while traced is taken back
      const brk = g.r.chance(0.2) ? `\n        if i == ${g.r.int(0, k - 1)}:\n            torch._dynamo.graph_break()` : '';
      if (brk) g.fam('loop_break');
      const expr = `${x.name}${g.r.chance(0.5) ? '.clone()' : ''}\n    for i in range(${k}):\n        ${body}${brk}`;
      return g.emit(expr, { shape, dt: 'f32', lo: Math.min(lo, x.lo), hi: Math.max(hi, x.hi), det: x.det && b.det, err, contig: true });
    },
  },
  {
    name: 'tcond',
    w: 1,
    ok: () => true,
    make(g, shape, kind, depth, det) {
      // a value picked by a tensor condition: a data-dependent jump (the
      // graph breaks, the branch taken resumes in a graph of its own)
      const a = g.gen(shape, kind, depth, det);
      const b = g.gen(shape, a.dt, depth, det);
      if (a.dt !== b.dt || a.special || b.special) return null;
      const cs = g.nodes.filter((n) => n.det && n.dt !== 'bool' && !n.special && numel(n.shape) > 0);
      if (!cs.length) return null;
      const c = g.r.pick(cs);
      const t = isF(c.dt) ? pyFloat(Math.round(((c.lo + c.hi) / 2) * 4) / 4) : String(Math.round((c.lo + c.hi) / 2));
      const f = g.r.pick(['amax', 'amin']);
      const name = `v${g.nv}`;
      g.fam('tensor_cond');
      const expr = g.r.chance(0.5)
        ? `${a.name} if ${c.name}.${f}() > ${t} else ${b.name}`
        : `${a.name}\n    if ${c.name}.${f}() > ${t}:\n        ${name} = ${b.name}`;
      return g.emit(expr, {
        shape,
        dt: a.dt,
        lo: Math.min(a.lo, b.lo),
        hi: Math.max(a.hi, b.hi),
        det: a.det && b.det,
        err: Math.max(errOf(a), errOf(b)),
        contig: a.contig && b.contig,
      });
    },
  },
  {
    name: 'inplace',
    w: 2,
    ok: (g, s, kind) => kind !== 'bool',
    make(g, shape, kind, depth, det) {
      // in-place update of a fresh copy: `v = x.clone(); v += b` (augmented
      // assignment and add_/sub_/mul_), sometimes through a view of it
      const x = g.gen(shape, kind === 'any' ? 'num' : kind, depth, det);
      if (x.dt === 'bool' || x.special) return null;
      const viewed = !g.exclude.has('inplace_view') && shape.length >= 1 && shape[0] >= 1 && g.r.chance(0.25);
      let b;
      let bn;
      if (viewed || g.r.chance(0.4)) {
        const s = scalarFor(g, x.dt);
        if (isI(x.dt) && s.dt !== 'i64') return null;
        b = { ...s, shape: [] };
        bn = s.text;
      } else {
        const [, sb] = g.bcastShapes(shape, 2);
        b = g.gen(sb, isF(x.dt) ? 'num' : x.dt, depth, det);
        if (b.dt === 'bool') return null;
        bn = b.name;
      }
      if (isI(x.dt) && isF(b.dt)) return null; // the result must keep x's dtype
      const op = g.r.pick(['+', '-', '*']);
      const fn = { '+': 'add_', '-': 'sub_', '*': 'mul_' }[op];
      const iv = ivBin(op === '+' ? (p, q) => p + q : op === '-' ? (p, q) => p - q : (p, q) => p * q, x, b);
      const lo = Math.min(iv.lo, x.lo);
      const hi = Math.max(iv.hi, x.hi);
      const m = Math.max(Math.abs(lo), Math.abs(hi));
      const err = op === '*' ? errOf(x) * amax(b) + errOf(b) * amax(x) : errOf(x) + errOf(b);
      const name = `v${g.nv}`; // the name emit() gives (after b's statements)
      const stmt = (t) => (g.r.chance(0.6) ? `${t} ${op}= ${bn}` : `${t}.${fn}(${bn})`);
      let expr;
      if (viewed) {
        const t = `t${g.nv}`;
        const view = g.r.pick([`${name}[0]`, `${name}[-1]`, shape.length >= 2 ? `${name}.t()` : `${name}[0:1]`, `${name}[..., ::2]`]);
        expr = `${x.name}.clone()\n    ${t} = ${view}\n    ${stmt(t)}`;
        g.fam('inplace_view');
      } else {
        expr = `${x.name}.clone()\n    ${stmt(name)}`;
        g.fam('inplace');
      }
      return g.emit(expr, { shape, dt: x.dt, lo, hi, det: x.det && b.det, err: err + (x.det && b.det ? 0 : EPS * m), contig: x.contig });
    },
  },
  {
    name: 'clone',
    w: 1,
    ok: () => true,
    make(g, shape, kind, depth, det) {
      const x = g.gen(shape, kind, depth, det);
      g.fam('clone');
      return g.emit(g.r.pick([`${x.name}.clone()`, `${x.name}.contiguous()`, `torch.clone(${x.name})`]), { ...pick(x), shape, contig: true });
    },
  },
];

MAKERS.push(...opMakers({ EPS, FMAX, amax, errOf, isF, isI, numel, kindOk, pyFloat, sameShape }));

const FUSION_PROFILE = { conv_pool: 2, bmm: 1.5, gather: 1.5, reduce: 2.5, matmul: 2.5, softmax: 2.5, layer_norm: 2, linear: 2, loop: 4, transpose: 1.5, select: 1.5, unsqueeze: 1.5, expand: 1.5, where: 0.5, cast: 0.5, compare: 0.5, clamp: 0.5 };
const MAKERS_BY = Object.fromEntries(MAKERS.map((m) => [m.name, m]));
// dynamic-shape programs: the size that varies, and the makers whose
// programs stay valid at every size of it (no literal shapes or indices)
const DYN_DIM = 11;
const DYN_MAKERS = new Set([
  'neg', 'abs', 'relu', 'exp', 'log', 'sqrt', 'rsqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'gelu', 'tan', 'erf', 'floor', 'silu',
  'log1p', 'expm1', 'sign',
  'unary', 'binary', 'compare', 'where', 'clamp', 'cast', 'reduce', 'softmax', 'loop', 'inplace', 'clone', 'tcond',
  // views whose sizes follow from their input (the graph is the same at
  // every size: docs/semantics.md): a static dim inserted, dropped or
  // indexed (from the end too)
  'unsqueeze', 'squeeze', 'select',
  // sizes computed in Python from the varying size (SymInts)
  'sym_slice', 'sym_index',
]);

function pick(x) {
  return { dt: x.dt, lo: x.lo, hi: x.hi, det: x.det, err: x.err };
}

function factors(n) {
  const f = [];
  for (let d = 1; d <= n; d++) if (n % d === 0) f.push(d);
  return f;
}

/**
 * One program: {seed, source, outputs: [{name, dt, shape, err}], calls,
 * ops: [op families]}.
 */
export function generateProgram(seed, opts = {}) {
  const g = new Gen(seed, opts);
  const source = g.build();
  return {
    seed,
    source,
    calls: g.calls,
    outputs: g.outs.map((n) => ({ name: n.name, dt: n.dt, shape: n.shape, err: n.det ? 0 : n.err, det: n.det })),
    ops: [...g.ops].sort(),
  };
}
