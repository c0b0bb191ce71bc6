/* wasm_emit.c - loop nests (fuse.c) -> a WebAssembly module with SIMD.
 *
 * Layers, bottom up (the first and the last in files of their own):
 *   encoder   wasm.h: the instruction table (WASM_OPS), LEB128, one
 *             function body at a time written twice: binary and text (flat
 *             instructions, each preceded by `;;@ file:line:col` of the
 *             graph node it belongs to, so binaryen.parseText keeps the
 *             locations through optimize() into emitText()).
 *   values    a value of the loop body is 1 lane (a scalar local) or 4 lanes
 *             (a v128 local; int64 and float64 take two); bools are 0/1 as
 *             scalars and 0/-1 lane masks as vectors.
 *   ops       every op of ops.def on every dtype as scalar code; SIMD code
 *             for the common cases; anything else runs lane by lane through
 *             the scalar code. Transcendentals follow dwmath.h step by step
 *             (wasm_math.c: its 4-lane recipes; a scalar is evaluated as
 *             lane 0 of a splat, which dwmath.h's scalar and vector versions
 *             agree on).
 *   nests     loops with a 4-lane body and a scalar tail, passes, reductions,
 *             the register-tiled matmul micro-kernel with its epilogue;
 *             addresses of the innermost loops from row bases computed in
 *             front of them; big nests called in chunks of rows (engines
 *             tier a function up between calls, never inside one).
 *   module    wasm_module.c: one function per nest (named after its source
 *             lines), a "kernel" export calling them in order, the name
 *             section, a source map over the binary offsets
 *             (WasmModule.srcmap), and the annotated text as the custom
 *             section "dynawasm.wat".
 *
 * Locations: Binaryen's JS API cannot read a source map with a binary
 * (readBinary has no such parameter), but binaryen.parseText keeps
 * `;;@ file:line:col` annotations through optimize() into emitText() when
 * every instruction carries one, so the host should parse the text of the
 * "dynawasm.wat" section (tests/node/kernels.test.mjs checks both routes
 * give the same module).
 */
#include "tensor/dwmath.h"
#include "wasm.h"
#include "wasm_values.h"

/* ------------------------------------------------------------------ */
/* Ops on values                                                       */
/* ------------------------------------------------------------------ */

static bool is_cmp(Op op) {
  return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE ||
         op == OP_GT || op == OP_GE;
}

/* The scalar instruction of a binary op per compute dtype (or W_COUNT
 * when it needs more than one). Bool: add is or, mul is and. */
static WOp scalar_binop(Op op, DType dt) {
#define R5(F, L, I, B, D)                                                    \
  return dt == DT_F32 ? (F) : dt == DT_I64 ? (L) : dt == DT_I32 ? (I)        \
                            : dt == DT_F64 ? (D) : (B)
  switch (op) {
  case OP_ADD: R5(W_F32_ADD, W_I64_ADD, W_I32_ADD, W_I32_OR, W_F64_ADD);
  case OP_SUB: R5(W_F32_SUB, W_I64_SUB, W_I32_SUB, W_COUNT, W_F64_SUB);
  case OP_MUL: R5(W_F32_MUL, W_I64_MUL, W_I32_MUL, W_I32_AND, W_F64_MUL);
  case OP_DIV: R5(W_F32_DIV, W_COUNT, W_COUNT, W_COUNT, W_F64_DIV);
  case OP_EQ: R5(W_F32_EQ, W_I64_EQ, W_I32_EQ, W_I32_EQ, W_F64_EQ);
  case OP_NE: R5(W_F32_NE, W_I64_NE, W_I32_NE, W_I32_NE, W_F64_NE);
  case OP_LT: R5(W_F32_LT, W_I64_LT_S, W_I32_LT_S, W_I32_LT_U, W_F64_LT);
  case OP_LE: R5(W_F32_LE, W_I64_LE_S, W_I32_LE_S, W_I32_LE_U, W_F64_LE);
  case OP_GT: R5(W_F32_GT, W_I64_GT_S, W_I32_GT_S, W_I32_GT_U, W_F64_GT);
  case OP_GE: R5(W_F32_GE, W_I64_GE_S, W_I32_GE_S, W_I32_GE_U, W_F64_GE);
  case OP_AND: R5(W_COUNT, W_I64_AND, W_I32_AND, W_I32_AND, W_COUNT);
  case OP_OR: R5(W_COUNT, W_I64_OR, W_I32_OR, W_I32_OR, W_COUNT);
  case OP_MAXIMUM: R5(W_COUNT, W_COUNT, W_COUNT, W_I32_OR, W_COUNT);
  case OP_MINIMUM: R5(W_COUNT, W_COUNT, W_COUNT, W_I32_AND, W_COUNT);
  default: return W_COUNT;
  }
}

/* The SIMD instruction (per int64 / float64 half) of a binary op, or
 * W_COUNT. */
static WOp simd_binop(Op op, DType dt) {
  switch (op) {
  case OP_ADD: R5(W_F32X4_ADD, W_I64X2_ADD, W_I32X4_ADD, W_V128_OR, W_F64X2_ADD);
  case OP_SUB: R5(W_F32X4_SUB, W_I64X2_SUB, W_I32X4_SUB, W_COUNT, W_F64X2_SUB);
  case OP_MUL: R5(W_F32X4_MUL, W_I64X2_MUL, W_I32X4_MUL, W_V128_AND, W_F64X2_MUL);
  case OP_DIV: R5(W_F32X4_DIV, W_COUNT, W_COUNT, W_COUNT, W_F64X2_DIV);
  case OP_EQ: R5(W_F32X4_EQ, W_I64X2_EQ, W_I32X4_EQ, W_I32X4_EQ, W_F64X2_EQ);
  case OP_NE: R5(W_F32X4_NE, W_I64X2_NE, W_I32X4_NE, W_I32X4_NE, W_F64X2_NE);
  case OP_LT: R5(W_F32X4_LT, W_I64X2_LT_S, W_I32X4_LT_S, W_COUNT, W_F64X2_LT);
  case OP_LE: R5(W_F32X4_LE, W_I64X2_LE_S, W_I32X4_LE_S, W_COUNT, W_F64X2_LE);
  case OP_GT: R5(W_F32X4_GT, W_I64X2_GT_S, W_I32X4_GT_S, W_COUNT, W_F64X2_GT);
  case OP_GE: R5(W_F32X4_GE, W_I64X2_GE_S, W_I32X4_GE_S, W_COUNT, W_F64X2_GE);
  case OP_AND: R5(W_COUNT, W_V128_AND, W_V128_AND, W_V128_AND, W_COUNT);
  case OP_OR: R5(W_COUNT, W_V128_OR, W_V128_OR, W_V128_OR, W_COUNT);
  case OP_MAXIMUM: R5(W_COUNT, W_COUNT, W_I32X4_MAX_S, W_V128_OR, W_COUNT);
  case OP_MINIMUM: R5(W_COUNT, W_COUNT, W_I32X4_MIN_S, W_V128_AND, W_COUNT);
  default: return W_COUNT;
  }
#undef R5
}

/* The ops. Their results are fresh locals; the temporaries they used are
 * released on return. */
static Val binop(Em *E, Op op, Val a, Val b);
static Val unop(Em *E, Op op, const OpAttrs *at, Val x);
static Val cast(Em *E, Val x, DType to);
static Val where(Em *E, Val c, Val a, Val b);

/* Emits `return code` when cond (an i32 on the stack) is true. */
static void trap_status(Em *E, int code) {
  ins(E, W_IF);
  i32c(E, code);
  ins(E, W_RETURN);
  ins(E, W_END);
}

/* Scalar select into a new local: c ? a : b (a, b, c locals). */
static Val sel1(Em *E, Val a, Val b, int cond) {
  Val r = vnew(E, (DType)a.dt, 1);
  get(E, a.l[0]);
  get(E, b.l[0]);
  get(E, cond);
  ins(E, W_SELECT);
  set(E, r.l[0]);
  return r;
}

/* A scalar comparison result (i32 0/1) in a new local. */
static int cmp1(Em *E, Op op, Val a, Val b) {
  int t = local_new(E, T_I32, "c");
  get(E, a.l[0]);
  get(E, b.l[0]);
  ins(E, scalar_binop(op, (DType)a.dt));
  set(E, t);
  return t;
}

/* Integer floor division / Python remainder / power on scalars
 * (tensor_kernels.c i_floordiv, i_mod, i_pow). */
static Val int_special(Em *E, Op op, Val a, Val b) {
  DType dt = (DType)a.dt;
  bool l = dt == DT_I64;
  Val r = vnew(E, dt, 1);
  WOp zero_eq = l ? W_I64_EQZ : W_I32_EQZ;
  if (op == OP_POW) {
    get(E, b.l[0]);
    if (l) i64c(E, 0); else i32c(E, 0);
    ins(E, l ? W_I64_LT_S : W_I32_LT_S);
    trap_status(E, DW_KERR_NEGPOW);
    Val base = vnew(E, dt, 1), e = vnew(E, dt, 1);
    get(E, a.l[0]); set(E, base.l[0]);
    get(E, b.l[0]); set(E, e.l[0]);
    if (l) i64c(E, 1); else i32c(E, 1);
    set(E, r.l[0]);
    ins(E, W_BLOCK);
    ins(E, W_LOOP);
    get(E, e.l[0]); ins(E, zero_eq); ins_i(E, W_BR_IF, 1);
    get(E, e.l[0]); if (l) i64c(E, 1); else i32c(E, 1);
    ins(E, l ? W_I64_AND : W_I32_AND);
    if (l) { i64c(E, 0); ins(E, W_I64_NE); }
    ins(E, W_IF);
    get(E, r.l[0]); get(E, base.l[0]); ins(E, l ? W_I64_MUL : W_I32_MUL);
    set(E, r.l[0]);
    ins(E, W_END);
    get(E, base.l[0]); get(E, base.l[0]); ins(E, l ? W_I64_MUL : W_I32_MUL);
    set(E, base.l[0]);
    get(E, e.l[0]); if (l) i64c(E, 1); else i32c(E, 1);
    ins(E, l ? W_I64_SHR_U : W_I32_SHR_U);
    set(E, e.l[0]);
    ins_i(E, W_BR, 0);
    ins(E, W_END);
    ins(E, W_END);
    return r;
  }
  /* b == 0: ZeroDivisionError */
  get(E, b.l[0]); ins(E, zero_eq);
  trap_status(E, DW_KERR_ZERODIV);
  /* b == -1: -a (floor_divide) or 0 (remainder), no overflow trap */
  if (op == OP_FLOORDIV) {
    if (l) i64c(E, 0); else i32c(E, 0);
    get(E, a.l[0]); ins(E, l ? W_I64_SUB : W_I32_SUB);
  } else {
    if (l) i64c(E, 0); else i32c(E, 0);
  }
  set(E, r.l[0]);
  get(E, b.l[0]); if (l) i64c(E, -1); else i32c(E, -1);
  ins(E, l ? W_I64_NE : W_I32_NE);
  ins(E, W_IF);
  Val rem = vnew(E, dt, 1);
  get(E, a.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_REM_S : W_I32_REM_S);
  set(E, rem.l[0]);
  if (op == OP_FLOORDIV) {
    /* q = a / b - (rem != 0 && (a < 0) != (b < 0)) */
    get(E, a.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_DIV_S : W_I32_DIV_S);
    get(E, rem.l[0]); if (l) { i64c(E, 0); ins(E, W_I64_NE); }
    else { i32c(E, 0); ins(E, W_I32_NE); }
    get(E, a.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_XOR : W_I32_XOR);
    if (l) { i64c(E, 0); ins(E, W_I64_LT_S); } else { i32c(E, 0); ins(E, W_I32_LT_S); }
    ins(E, W_I32_AND);
    if (l) ins(E, W_I64_EXTEND_I32_U);
    ins(E, l ? W_I64_SUB : W_I32_SUB);
  } else {
    /* r = rem + (rem != 0 && (rem < 0) != (b < 0) ? b : 0) */
    get(E, rem.l[0]);
    get(E, b.l[0]);
    if (l) i64c(E, 0); else i32c(E, 0);
    get(E, rem.l[0]); if (l) { i64c(E, 0); ins(E, W_I64_NE); }
    else { i32c(E, 0); ins(E, W_I32_NE); }
    get(E, rem.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_XOR : W_I32_XOR);
    if (l) { i64c(E, 0); ins(E, W_I64_LT_S); } else { i32c(E, 0); ins(E, W_I32_LT_S); }
    ins(E, W_I32_AND);
    ins(E, W_SELECT);
    ins(E, l ? W_I64_ADD : W_I32_ADD);
  }
  set(E, r.l[0]);
  ins(E, W_END);
  return r;
}

/* Float floor division / remainder (tensor_kernels.c f_floordiv, f_mod)
 * on scalars, with the exact $fmodf helper. */
static Val float_special(Em *E, Op op, Val a, Val b) {
  int fm = dwW_helper_fmod(E);
  Val mod = vnew(E, DT_F32, 1), r = vnew(E, DT_F32, 1);
  if (op == OP_MOD) {
    get(E, a.l[0]); get(E, b.l[0]); ins_i(E, W_CALL, fm); set(E, mod.l[0]);
    /* m + (m != 0 && (b < 0) != (m < 0) ? b : 0) */
    get(E, mod.l[0]);
    get(E, b.l[0]); ins_f32(E, 0.0f);
    get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
    get(E, b.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
    get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
    ins(E, W_I32_XOR); ins(E, W_I32_AND);
    ins(E, W_SELECT);
    ins(E, W_F32_ADD);
    set(E, r.l[0]);
    return r;
  }
  Val div = vnew(E, DT_F32, 1), fl = vnew(E, DT_F32, 1);
  get(E, a.l[0]); get(E, b.l[0]); ins(E, W_F32_DIV); set(E, r.l[0]);
  get(E, b.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
  ins(E, W_IF);
  get(E, a.l[0]); get(E, b.l[0]); ins_i(E, W_CALL, fm); set(E, mod.l[0]);
  get(E, a.l[0]); get(E, mod.l[0]); ins(E, W_F32_SUB); get(E, b.l[0]);
  ins(E, W_F32_DIV); set(E, div.l[0]);
  get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
  get(E, b.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
  get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
  ins(E, W_I32_XOR); ins(E, W_I32_AND);
  ins(E, W_IF);
  get(E, div.l[0]); ins_f32(E, 1); ins(E, W_F32_SUB); set(E, div.l[0]);
  ins(E, W_END);
  /* div == 0: copysign(0, a / b) */
  ins_f32(E, 0); get(E, r.l[0]); ins(E, W_F32_COPYSIGN); set(E, r.l[0]);
  get(E, div.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
  ins(E, W_IF);
  get(E, div.l[0]); ins(E, W_F32_FLOOR); set(E, fl.l[0]);
  get(E, fl.l[0]); ins_f32(E, 1); ins(E, W_F32_ADD);
  get(E, fl.l[0]);
  get(E, div.l[0]); get(E, fl.l[0]); ins(E, W_F32_SUB); ins_f32(E, 0.5f);
  ins(E, W_F32_GT);
  ins(E, W_SELECT);
  set(E, r.l[0]);
  ins(E, W_END);
  ins(E, W_END);
  return r;
}

/* Runs a scalar op lane by lane on 4-lane operands. */
static Val per_lane(Em *E, int kind, Op op, const OpAttrs *at, Val *a,
                    int nin, DType rdt) {
  Val r = vnew(E, rdt, 4);
  for (int k = 0; k < 4; k++) {
    Val s[3];
    for (int j = 0; j < nin; j++) s[j] = lane_get(E, a[j], k);
    Val v = kind == 0   ? unop(E, op, at, s[0])
            : kind == 1 ? binop(E, op, s[0], s[1])
                        : cast(E, s[0], rdt);
    lane_put(E, r, k, v);
  }
  return r;
}

/* f_max / f_min / v_max / v_min (float32 and float64): nan -> x + y,
 * else std::max/min. */
static Val fminmax(Em *E, Op op, Val a, Val b) {
  bool mx = op == OP_MAXIMUM, d = a.dt == DT_F64;
  Val r = vnew(E, (DType)a.dt, a.lanes);
  if (a.lanes == 4) {
    WOp ne = d ? W_F64X2_NE : W_F32X4_NE;
    for (int h = 0; h < halves(a); h++) {
      int nan = V2(E, W_V128_OR, V2(E, ne, a.l[h], a.l[h]), V2(E, ne, b.l[h], b.l[h]));
      int m = V2(E, mx ? (d ? W_F64X2_PMAX : W_F32X4_PMAX) : (d ? W_F64X2_PMIN : W_F32X4_PMIN),
                 a.l[h], b.l[h]);
      get(E, V2(E, d ? W_F64X2_ADD : W_F32X4_ADD, a.l[h], b.l[h]));
      get(E, m);
      get(E, nan);
      ins(E, W_V128_BITSELECT);
      set(E, r.l[h]);
    }
    return r;
  }
  /* max: x < y ? y : x; min: y < x ? y : x */
  WOp ne = d ? W_F64_NE : W_F32_NE;
  get(E, a.l[0]); get(E, b.l[0]); ins(E, d ? W_F64_ADD : W_F32_ADD);
  get(E, b.l[0]);
  get(E, a.l[0]);
  if (mx) { get(E, a.l[0]); get(E, b.l[0]); }
  else { get(E, b.l[0]); get(E, a.l[0]); }
  ins(E, d ? W_F64_LT : W_F32_LT);
  ins(E, W_SELECT);
  get(E, a.l[0]); get(E, a.l[0]); ins(E, ne);
  get(E, b.l[0]); get(E, b.l[0]); ins(E, ne);
  ins(E, W_I32_OR);
  ins(E, W_SELECT);
  set(E, r.l[0]);
  return r;
}

static Val binop_(Em *E, Op op, Val a, Val b) {
  DType dt = (DType)a.dt;
  DType rdt = is_cmp(op) ? DT_BOOL : dt;
  if (dwT_is_float(dt) && (op == OP_MAXIMUM || op == OP_MINIMUM))
    return fminmax(E, op, a, b);
  if (a.lanes == 1) {
    if (op == OP_POW && dt == DT_F32) {
      Val r = vnew(E, DT_F32, 1);
      get(E, a.l[0]); get(E, b.l[0]); ins_i(E, W_CALL, dwW_helper_pow(E));
      set(E, r.l[0]);
      return r;
    }
    if (op == OP_FLOORDIV || op == OP_MOD)
      return dt == DT_F32 ? float_special(E, op, a, b) : int_special(E, op, a, b);
    if (op == OP_POW) return int_special(E, op, a, b);
    if ((op == OP_MAXIMUM || op == OP_MINIMUM) && dt != DT_BOOL) {
      /* std::max: x < y ? y : x; std::min: y < x ? y : x */
      int c = op == OP_MAXIMUM ? cmp1(E, OP_LT, a, b) : cmp1(E, OP_LT, b, a);
      return sel1(E, b, a, c);
    }
    WOp w = scalar_binop(op, dt);
    Val r = vnew(E, rdt, 1);
    get(E, a.l[0]);
    get(E, b.l[0]);
    ins(E, w);
    set(E, r.l[0]);
    return r;
  }
  /* 4 lanes */
  Val r = vnew(E, rdt, 4);
  if (dt == DT_BOOL && (op == OP_LT || op == OP_GT || op == OP_LE ||
                        op == OP_GE)) {
    /* on masks: a < b is b & ~a, a > b is a & ~b, <= and >= negate those */
    bool swap = op == OP_LT || op == OP_GE;
    get(E, swap ? b.l[0] : a.l[0]);
    get(E, swap ? a.l[0] : b.l[0]);
    ins(E, W_V128_ANDNOT);
    if (op == OP_LE || op == OP_GE) ins(E, W_V128_NOT);
    set(E, r.l[0]);
    return r;
  }
  if (dt == DT_I64 && (op == OP_MAXIMUM || op == OP_MINIMUM)) {
    for (int h = 0; h < 2; h++) {
      /* max: a < b ? b : a; min: b < a ? b : a */
      int m = op == OP_MAXIMUM ? V2(E, W_I64X2_LT_S, a.l[h], b.l[h])
                               : V2(E, W_I64X2_LT_S, b.l[h], a.l[h]);
      get(E, b.l[h]); get(E, a.l[h]); get(E, m);
      ins(E, W_V128_BITSELECT);
      set(E, r.l[h]);
    }
    return r;
  }
  WOp w = simd_binop(op, dt);
  if (w == W_COUNT) {
    Val ab[2] = {a, b};
    return per_lane(E, 1, op, NULL, ab, 2, rdt);
  }
  if (wide(dt) && is_cmp(op)) { /* two 64-bit x2 masks -> i32x4 mask */
    int m0 = V2(E, w, a.l[0], b.l[0]), m1 = V2(E, w, a.l[1], b.l[1]);
    narrow_i64_mask(E, m0, m1, r.l[0]);
    return r;
  }
  for (int h = 0; h < halves(a); h++) {
    get(E, a.l[h]);
    get(E, b.l[h]);
    ins(E, w);
    set(E, r.l[h]);
  }
  return r;
}

/* Integer clamp bounds as the eager kernel computes them. */
static int64_t clamp_bound(double v) {
  return v >= -0x1p63 && v < 0x1p63 ? (int64_t)v : (v < 0 ? INT64_MIN : INT64_MAX);
}

/* float64 unary ops with one instruction (per half; W_COUNT: none). */
static WOp f64_unary(Op op, int lanes) {
  bool v = lanes == 4;
  switch (op) {
  case OP_NEG: return v ? W_F64X2_NEG : W_F64_NEG;
  case OP_ABS: return v ? W_F64X2_ABS : W_F64_ABS;
  case OP_SQRT: return v ? W_F64X2_SQRT : W_F64_SQRT;
  case OP_FLOOR: return v ? W_F64X2_FLOOR : W_F64_FLOOR;
  case OP_CEIL: return v ? W_F64X2_CEIL : W_F64_CEIL;
  case OP_ROUND: return v ? W_F64X2_NEAREST : W_F64_NEAREST;
  default: return W_COUNT;
  }
}

/* float64 relu (x < 0 ? 0 : x: f64x2.pmax(x, 0)), clamp (x < lo ? lo : x
 * then hi < x ? hi : x: pmax / pmin with the exact bounds), rsqrt (1 /
 * sqrt) and the one-instruction ops; W_COUNT ops are not lowered
 * (dwF_eager_reason). */
static Val f64_unop(Em *E, Op op, const OpAttrs *at, Val x) {
  int L = x.lanes;
  if (op == OP_RELU && (E->mode & EMIT_KIND) == EMIT_RELU_RUNTIME_ERROR) {
    i32c(E, DW_KERR_TESTING);
    ins(E, W_RETURN);
  }
  Val r = vnew(E, DT_F64, L);
  WOp w = f64_unary(op, L);
  for (int h = 0; h < halves(x); h++) {
    if (op == OP_RSQRT) get(E, kconst(E, DT_F64, L, 1.0).l[0]);
    get(E, x.l[h]);
    if (w != W_COUNT) {
      ins(E, w);
    } else if (op == OP_RSQRT) {
      ins(E, f64_unary(OP_SQRT, L));
      ins(E, L == 4 ? W_F64X2_DIV : W_F64_DIV);
    } else { /* relu, clamp */
      for (int k = 0; k < 2; k++) {
        if (op == OP_RELU ? k == 1 : !at->has_f[k]) continue;
        double b = op == OP_RELU ? 0.0 : at->f[k];
        int t = local_new(E, L == 4 ? T_V128 : T_F64, "d");
        set(E, t);
        if (L == 4) {
          get(E, t);
          get(E, kconst(E, DT_F64, 4, b).l[0]);
          ins(E, k ? W_F64X2_PMIN : W_F64X2_PMAX);
        } else { /* pmax(x, b) = x < b ? b : x; pmin(x, b) = b < x ? b : x */
          ins_f64(E, b);
          get(E, t);
          if (k) { ins_f64(E, b); get(E, t); }
          else { get(E, t); ins_f64(E, b); }
          ins(E, W_F64_LT);
          ins(E, W_SELECT);
        }
      }
    }
    set(E, r.l[h]);
  }
  return r;
}

static Val unop_(Em *E, Op op, const OpAttrs *at, Val x) {
  DType dt = (DType)x.dt;
  int L = x.lanes;
  Val r;
  if (dt == DT_F64 && op != OP_NOT) return f64_unop(E, op, at, x);
  switch (op) {
  case OP_RELU:
    if ((E->mode & EMIT_KIND) == EMIT_RELU_RUNTIME_ERROR) {
      i32c(E, DW_KERR_TESTING);
      ins(E, W_RETURN);
    }
    if (dt == DT_BOOL) return x;
    if (dt == DT_F32) { /* PyTorch's clamp_min(x, 0): x < 0 ? 0 : x (nan and
                           -0.0 stay), which is exactly f32x4.pmax(x, 0) */
      r = vnew(E, dt, L);
      if (L == 4) {
        get(E, V2(E, W_F32X4_PMAX, x.l[0], VK(E, 0.0f)));
      } else {
        ins_f32(E, 0);
        get(E, x.l[0]);
        get(E, x.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
        ins(E, W_SELECT);
      }
      set(E, r.l[0]);
      return r;
    }
    return binop(E, OP_MAXIMUM, x, vconst(E, dt, L, 0));
  case OP_NEG:
    if (dt == DT_F32) {
      r = vnew(E, dt, L);
      get(E, x.l[0]);
      ins(E, L == 4 ? W_F32X4_NEG : W_F32_NEG);
      set(E, r.l[0]);
      return r;
    }
    return binop(E, OP_SUB, vconst(E, dt, L, 0), x);
  case OP_ABS:
    if (dt == DT_BOOL) return x;
    r = vnew(E, dt, L);
    if (L == 4 || dt == DT_F32) {
      WOp w = dt == DT_F32 ? (L == 4 ? W_F32X4_ABS : W_F32_ABS)
              : dt == DT_I32 ? W_I32X4_ABS : W_I64X2_ABS;
      for (int h = 0; h < halves(x); h++) {
        get(E, x.l[h]);
        ins(E, w);
        set(E, r.l[h]);
      }
      return r;
    } else { /* x < 0 ? 0 - x : x */
      Val z = vconst(E, dt, 1, 0);
      Val n = binop(E, OP_SUB, z, x);
      return sel1(E, n, x, cmp1(E, OP_LT, x, z));
    }
  case OP_NOT: {
    Val z = vconst(E, dt, L, 0);
    if (dt == DT_BOOL && L == 4) {
      r = vnew(E, dt, L);
      get(E, x.l[0]);
      ins(E, W_V128_NOT);
      set(E, r.l[0]);
      return r;
    }
    return binop(E, OP_EQ, x, z);
  }
  case OP_CLAMP: {
    if (dt == DT_F32) {
      r = x;
      for (int k = 0; k < 2; k++) {
        if (!at->has_f[k]) continue;
        Val b = vconst(E, dt, L, (float)at->f[k]);
        Val t = vnew(E, dt, L);
        if (L == 4) { /* pmax(x, lo) / pmin(x, hi) */
          get(E, r.l[0]);
          get(E, b.l[0]);
          ins(E, k ? W_F32X4_PMIN : W_F32X4_PMAX);
        } else { /* x < lo ? lo : x / hi < x ? hi : x */
          get(E, b.l[0]);
          get(E, r.l[0]);
          if (k) { get(E, b.l[0]); get(E, r.l[0]); }
          else { get(E, r.l[0]); get(E, b.l[0]); }
          ins(E, W_F32_LT);
          ins(E, W_SELECT);
        }
        set(E, t.l[0]);
        r = t;
      }
      return r;
    }
    /* integers: x < lo ? lo : x, then hi < x ? hi : x, compared in int64 */
    int64_t lo = clamp_bound(at->f[0]), hi = clamp_bound(at->f[1]);
    bool fits = dt == DT_I64 ||
                ((!at->has_f[0] || (lo >= INT32_MIN && lo <= INT32_MAX)) &&
                 (!at->has_f[1] || (hi >= INT32_MIN && hi <= INT32_MAX)));
    if (!fits) {
      if (L == 4) return per_lane(E, 0, op, at, &x, 1, dt);
      Val w = cast(E, x, DT_I64);
      w = unop(E, op, at, w);
      return cast(E, w, DT_I32);
    }
    r = x;
    if (at->has_f[0]) r = binop(E, OP_MAXIMUM, r, vconst(E, dt, L, (double)lo));
    if (at->has_f[1]) r = binop(E, OP_MINIMUM, r, vconst(E, dt, L, (double)hi));
    return r;
  }
  case OP_FLOOR: case OP_CEIL: case OP_ROUND:
    if (dt != DT_F32) return x; /* integers: the same values */
    r = vnew(E, DT_F32, L);
    get(E, x.l[0]);
    ins(E, L == 4 ? (op == OP_FLOOR ? W_F32X4_FLOOR : op == OP_CEIL ? W_F32X4_CEIL : W_F32X4_NEAREST)
                  : (op == OP_FLOOR ? W_F32_FLOOR : op == OP_CEIL ? W_F32_CEIL : W_F32_NEAREST));
    set(E, r.l[0]);
    return r;
  default: /* float32 math of dwmath.h */
    r = vnew(E, DT_F32, L);
    if (L == 4) {
      get(E, dwW_fmath4(E, op, at ? at->flag : 0, x.l[0]));
    } else if (op == OP_SQRT) {
      get(E, x.l[0]);
      ins(E, W_F32_SQRT);
    } else if (op == OP_RSQRT) {
      ins_f32(E, 1.0f);
      get(E, x.l[0]);
      ins(E, W_F32_SQRT);
      ins(E, W_F32_DIV);
    } else { /* lane 0 of the 4-lane recipe (equal to dwmath's scalar) */
      int v = vtmp(E);
      get(E, x.l[0]);
      ins(E, W_F32X4_SPLAT);
      set(E, v);
      get(E, dwW_fmath4(E, op, at ? at->flag : 0, v));
      ins_i(E, W_F32X4_EXTRACT_LANE, 0);
    }
    set(E, r.l[0]);
    return r;
  }
}

static Val where_(Em *E, Val c, Val a, Val b) {
  Val r = vnew(E, (DType)a.dt, a.lanes);
  if (a.lanes == 1) {
    get(E, a.l[0]);
    get(E, b.l[0]);
    get(E, c.l[0]);
    ins(E, W_SELECT);
    set(E, r.l[0]);
    return r;
  }
  for (int h = 0; h < halves(a); h++) {
    get(E, a.l[h]);
    get(E, b.l[h]);
    get(E, c.l[0]);
    if (halves(a) == 2)
      ins(E, h ? W_I64X2_EXTEND_HIGH_I32X4_S : W_I64X2_EXTEND_LOW_I32X4_S);
    ins(E, W_V128_BITSELECT);
    set(E, r.l[h]);
  }
  return r;
}

/* dtype conversion as tensor_kernels.c's casts: float -> int truncates,
 * nan and out-of-range give INT_MIN; int64 -> int32 wraps; x != 0 -> bool. */
static Val cast_(Em *E, Val x, DType to) {
  DType from = (DType)x.dt;
  if (from == to) return x;
  int L = x.lanes;
  Val r = vnew(E, to, L);
  if (L == 1) {
    get(E, x.l[0]);
    switch (from * DT_COUNT + to) {
    case DT_F32 * DT_COUNT + DT_I64:
    case DT_F32 * DT_COUNT + DT_I32: {
      bool l = to == DT_I64;
      ins(E, l ? W_I64_TRUNC_SAT_F32_S : W_I32_TRUNC_SAT_F32_S);
      if (l) i64c(E, INT64_MIN); else i32c(E, INT32_MIN);
      get(E, x.l[0]); ins_f32(E, l ? -0x1p63f : -0x1p31f); ins(E, W_F32_GE);
      get(E, x.l[0]); ins_f32(E, l ? 0x1p63f : 0x1p31f); ins(E, W_F32_LT);
      ins(E, W_I32_AND);
      ins(E, W_SELECT);
      break;
    }
    case DT_F32 * DT_COUNT + DT_BOOL: ins_f32(E, 0); ins(E, W_F32_NE); break;
    case DT_F64 * DT_COUNT + DT_I64:
    case DT_F64 * DT_COUNT + DT_I32: { /* tensor_kernels.c d2i64 / d2i32 */
      bool l = to == DT_I64;
      ins(E, l ? W_I64_TRUNC_SAT_F64_S : W_I32_TRUNC_SAT_F64_S);
      if (l) i64c(E, INT64_MIN); else i32c(E, INT32_MIN);
      get(E, x.l[0]); ins_f64(E, l ? -0x1p63 : -0x1p31 - 1);
      ins(E, l ? W_F64_GE : W_F64_GT);
      get(E, x.l[0]); ins_f64(E, l ? 0x1p63 : 0x1p31); ins(E, W_F64_LT);
      ins(E, W_I32_AND);
      ins(E, W_SELECT);
      break;
    }
    case DT_F64 * DT_COUNT + DT_BOOL: ins_f64(E, 0); ins(E, W_F64_NE); break;
    case DT_F64 * DT_COUNT + DT_F32: ins(E, W_F32_DEMOTE_F64); break;
    case DT_F32 * DT_COUNT + DT_F64: ins(E, W_F64_PROMOTE_F32); break;
    case DT_I64 * DT_COUNT + DT_F64: ins(E, W_F64_CONVERT_I64_S); break;
    case DT_I32 * DT_COUNT + DT_F64:
    case DT_BOOL * DT_COUNT + DT_F64: ins(E, W_F64_CONVERT_I32_S); break;
    case DT_I64 * DT_COUNT + DT_F32: ins(E, W_F32_CONVERT_I64_S); break;
    case DT_I64 * DT_COUNT + DT_I32: ins(E, W_I32_WRAP_I64); break;
    case DT_I64 * DT_COUNT + DT_BOOL: ins(E, W_I64_EQZ); ins(E, W_I32_EQZ); break;
    case DT_I32 * DT_COUNT + DT_F32: ins(E, W_F32_CONVERT_I32_S); break;
    case DT_I32 * DT_COUNT + DT_I64: ins(E, W_I64_EXTEND_I32_S); break;
    case DT_I32 * DT_COUNT + DT_BOOL: ins(E, W_I32_EQZ); ins(E, W_I32_EQZ); break;
    case DT_BOOL * DT_COUNT + DT_F32: ins(E, W_F32_CONVERT_I32_S); break;
    case DT_BOOL * DT_COUNT + DT_I64: ins(E, W_I64_EXTEND_I32_U); break;
    default: break; /* bool -> int32: 0/1 already */
    }
    set(E, r.l[0]);
    return r;
  }
  switch (from * DT_COUNT + to) {
  case DT_F32 * DT_COUNT + DT_I32: {
    int m = V2(E, W_V128_AND, V2(E, W_F32X4_GE, x.l[0], VK(E, -0x1p31f)),
               V2(E, W_F32X4_LT, x.l[0], VK(E, 0x1p31f)));
    get(E, V1(E, W_I32X4_TRUNC_SAT_F32X4_S, x.l[0]));
    get(E, VKU(E, 0x80000000u));
    get(E, m);
    ins(E, W_V128_BITSELECT);
    set(E, r.l[0]);
    return r;
  }
  case DT_F32 * DT_COUNT + DT_BOOL:
    get(E, V2(E, W_F32X4_NE, x.l[0], VK(E, 0.0f)));
    set(E, r.l[0]);
    return r;
  case DT_I32 * DT_COUNT + DT_F32:
    get(E, V1(E, W_F32X4_CONVERT_I32X4_S, x.l[0]));
    set(E, r.l[0]);
    return r;
  case DT_I32 * DT_COUNT + DT_I64:
  case DT_BOOL * DT_COUNT + DT_I64: {
    int v = from == DT_BOOL ? V1(E, W_I32X4_NEG, x.l[0]) : x.l[0];
    get(E, V1(E, W_I64X2_EXTEND_LOW_I32X4_S, v));
    set(E, r.l[0]);
    get(E, V1(E, W_I64X2_EXTEND_HIGH_I32X4_S, v));
    set(E, r.l[1]);
    return r;
  }
  case DT_I32 * DT_COUNT + DT_BOOL:
    get(E, V2(E, W_I32X4_NE, x.l[0], VKU(E, 0)));
    set(E, r.l[0]);
    return r;
  case DT_I64 * DT_COUNT + DT_I32:
    narrow_i64_mask(E, x.l[0], x.l[1], r.l[0]); /* lanes 0 and 2 of each */
    return r;
  case DT_I64 * DT_COUNT + DT_BOOL: {
    int z = VKU(E, 0);
    narrow_i64_mask(E, V2(E, W_I64X2_NE, x.l[0], z), V2(E, W_I64X2_NE, x.l[1], z),
                    r.l[0]);
    return r;
  }
  case DT_BOOL * DT_COUNT + DT_F32: /* mask & 1.0f */
    get(E, V2(E, W_V128_AND, x.l[0], VK(E, 1.0f)));
    set(E, r.l[0]);
    return r;
  case DT_BOOL * DT_COUNT + DT_I32:
    get(E, V1(E, W_I32X4_NEG, x.l[0]));
    set(E, r.l[0]);
    return r;
  default: /* f32 -> i64, i64 -> f32, float64: lane by lane */
    return per_lane(E, 2, OP_CAST, NULL, &x, 1, to);
  }
}

static Val binop(Em *E, Op op, Val a, Val b) {
  int mark = E->tcur;
  Val r = binop_(E, op, a, b);
  E->tcur = mark;
  return r;
}
static Val unop(Em *E, Op op, const OpAttrs *at, Val x) {
  int mark = E->tcur;
  Val r = unop_(E, op, at, x);
  E->tcur = mark;
  return r;
}
static Val where(Em *E, Val c, Val a, Val b) {
  int mark = E->tcur;
  Val r = where_(E, c, a, b);
  E->tcur = mark;
  return r;
}
static Val cast(Em *E, Val x, DType to) {
  int mark = E->tcur;
  Val r = cast_(E, x, to);
  E->tcur = mark;
  return r;
}

/* ------------------------------------------------------------------ */
/* Expressions of a nest                                               */
/* ------------------------------------------------------------------ */

/* arange: start + i * step in double, converted as the eager kernel
 * stores it (store_double). */
static Val arange_lane(Em *E, const FExpr *x, int idx_local, int64_t add) {
  const OpAttrs *a = &E->g->nodes[x->node].at;
  DType dt = (DType)x->dt;
  Val r = vnew(E, dt, 1);
  ins_f64(E, a->f[0]);
  get(E, idx_local);
  if (add) {
    i32c(E, add);
    ins(E, W_I32_ADD);
  }
  ins(E, W_F64_CONVERT_I32_S);
  ins_f64(E, a->f[1]);
  ins(E, W_F64_MUL);
  ins(E, W_F64_ADD);
  switch (dt) {
  case DT_F32: ins(E, W_F32_DEMOTE_F64); break;
  case DT_F64: break;
  case DT_I64: ins(E, W_I64_TRUNC_SAT_F64_S); break;
  case DT_I32: ins(E, W_I32_TRUNC_SAT_F64_S); break;
  default: ins_f64(E, 0); ins(E, W_F64_EQ); ins(E, W_I32_EQZ); break;
  }
  set(E, r.l[0]);
  return r;
}

static Val eval(Em *E, int e);

static Val compute(Em *E, const FExpr *x, int lanes) {
  switch ((FExprKind)x->kind) {
  case FE_LOAD:
    return load(E, x->buf, &x->aff, lanes);
  case FE_CONST:
    return vconst(E, (DType)x->dt, lanes, x->value);
  case FE_INDEX: {
    int idx = local_new(E, T_I32, "idx");
    FAff a = x->aff;
    int64_t c = lanes == 4 && E->vvar >= 0 ? a.c[E->vvar] : 0;
    i32c(E, a.off);
    for (int v = 0; v < F_MAXVARS; v++)
      if (a.c[v]) {
        get(E, E->var[v]);
        i32c(E, a.c[v]);
        ins(E, W_I32_MUL);
        ins(E, W_I32_ADD);
      }
    set(E, idx);
    if (lanes == 1) return arange_lane(E, x, idx, 0);
    Val r = vnew(E, (DType)x->dt, 4);
    for (int k = 0; k < 4; k++) lane_put(E, r, k, arange_lane(E, x, idx, k * c));
    return r;
  }
  case FE_OP: {
    Val a[3];
    for (int k = 0; k < x->nin; k++) a[k] = eval(E, x->a[k]);
    const GNode *nd = &E->g->nodes[x->node];
    if (x->op == OP_EXP && nd->at.flag == EXP_PLAIN && lanes == 4 &&
        dwF_arg_nonpos(E->n, x->a[0])) {
      OpAttrs at = nd->at;
      at.flag = EXP_NONPOS; /* dwW_fmath4: exp of an argument <= 0 */
      return unop(E, OP_EXP, &at, a[0]);
    }
    switch (dw_ops[x->op].kind) {
    case K_UNARY: return unop(E, (Op)x->op, &nd->at, a[0]);
    case K_BINARY: return binop(E, (Op)x->op, a[0], a[1]);
    default: return where(E, a[0], a[1], a[2]);
    }
  }
  case FE_CAST:
    return cast(E, eval(E, x->a[0]), (DType)x->dt);
  case FE_GATHER: {
    /* lane by lane: the index (wrapped for GK_INDEX), checked against the
     * dim's size (DW_KERR_INDEX), then a scalar load */
    Val ix = eval(E, x->a[0]);
    DType dt = (DType)x->dt;
    int64_t es = (int64_t)dwT_dtype_size[dt];
    int64_t c = lanes == 4 && E->vvar >= 0 ? x->aff.c[E->vvar] : 0;
    Val r = vnew(E, dt, lanes);
    int v = local_new(E, T_I64, "gi");
    for (int k = 0; k < lanes; k++) {
      Val s = ix.lanes == 1 ? ix : lane_get(E, ix, k);
      get(E, s.l[0]);
      if (s.dt != DT_I64) ins(E, W_I64_EXTEND_I32_S);
      set(E, v);
      if (x->gkind == GK_INDEX) { /* v < 0 ? v + limit : v */
        get(E, v); i64c(E, x->glimit); ins(E, W_I64_ADD);
        get(E, v);
        get(E, v); i64c(E, 0); ins(E, W_I64_LT_S);
        ins(E, W_SELECT);
        set(E, v);
      }
      get(E, v); i64c(E, x->glimit); ins(E, W_I64_GE_U);
      trap_status(E, DW_KERR_INDEX);
      Val sv = vnew(E, dt, 1);
      uint32_t off = push_addr(E, x->buf, &x->aff);
      get(E, v);
      ins(E, W_I32_WRAP_I64);
      if (x->gstride * es != 1) {
        i32c(E, x->gstride * es);
        ins(E, W_I32_MUL);
      }
      ins(E, W_I32_ADD);
      ins_mem(E, scalar_load_op(dt), (int)es, off + (uint32_t)(k * c * es));
      set(E, sv.l[0]);
      if (lanes == 1) return sv;
      lane_put(E, r, k, sv);
    }
    return r;
  }
  default: /* FE_ACC / FE_MM are set when ready */
    E->internal = "a reduction or matmul value used before it is ready";
    E->oom = true;
    return vconst(E, (DType)x->dt, lanes, 0);
  }
}

/* The value of expr e in the current body (memoised). Outer values used
 * in a 4-lane inner body are splatted. */
static Val eval(Em *E, int e) {
  const FExpr *x = &E->n->ex[e];
  if (x->kind == FE_CONST) /* pooled: read where needed, never rebuilt */
    return kconst(E, (DType)x->dt, E->in_inner ? E->lanes_i : E->lanes_o,
                  x->value);
  if (!x->inner && E->has[e]) {
    Val v = E->memo[e];
    if (E->in_inner && E->lanes_i == 4 && v.lanes == 1) {
      if (!E->has_splat[e]) {
        /* an outer value computed before the innermost loop being
         * captured is splatted once in front of it (loop_splice) */
        bool hoist = E->rb_var >= 0 && E->has[e] == 1;
        if (hoist && !DW_GROW(E->hs, E->caphs, E->nhs, 8)) E->oom = true;
        if (hoist && !E->oom) {
          E->splat[e] = vnew(E, (DType)v.dt, 4);
          E->hs[E->nhs++] = e;
          E->has_splat[e] = 2;
        } else {
          int saved = E->fn->node;
          E->fn->node = x->node;
          E->splat[e] = splat(E, v);
          E->fn->node = saved;
          E->has_splat[e] = 1;
        }
      }
      return E->splat[e];
    }
    return v;
  }
  if (x->inner && E->has[e] == 2) return E->memo[e];
  int saved = E->fn->node;
  E->fn->node = x->node;
  Val v = compute(E, x, x->inner ? E->lanes_i : E->lanes_o);
  E->fn->node = saved;
  E->memo[e] = v;
  /* 3: an outer value computed inside the inner loops (its local is set
   * there, so it is splatted there too) */
  E->has[e] = x->inner ? 2 : E->in_inner ? 3 : 1;
  return v;
}

static void clear_inner_memo(Em *E) {
  for (int k = 0; k < E->n->nex; k++) {
    if (E->has[k] == 2) E->has[k] = 0;
    if (E->has_splat[k] == 1) E->has_splat[k] = 0;
  }
}

/* Evaluates the outer expressions that become ready after pass q. */
static void eval_ready(Em *E, int q) {
  for (int k = 0; k < E->n->nex; k++) {
    const FExpr *x = &E->n->ex[k];
    if (!x->inner && x->pass == q && x->kind != FE_ACC && x->kind != FE_MM)
      eval(E, k);
  }
}

static void outer_stores(Em *E) {
  for (int k = 0; k < E->n->nst; k++) {
    const FStore *s = &E->n->st[k];
    if (s->pass >= 0) continue;
    Val v = eval(E, s->expr);
    int saved = E->fn->node;
    E->fn->node = s->node;
    store(E, s->buf, &s->aff, v);
    E->fn->node = saved;
  }
}

/* ------------------------------------------------------------------ */
/* Reductions                                                          */
/* ------------------------------------------------------------------ */

/* Float32 sums and means take the cascade order of dwmath.h (DW_SUM_*),
 * the eager kernels' order, in every loop shape:
 *   FV_INNER      8 lanes = two 4-lane slots; steps of 8 (two 4-lane
 *                 bodies), blocks of 128, the tail (< 8 elements) added
 *                 into lanes 0.. one by one (cascade_loop);
 *   other, one inner loop: 8 slots of the outer lanes, steps of 8 bodies
 *                 (body j into slot j), blocks of 128, tail into slots
 *                 0..;
 *   other, several inner loops: the same over a flat counter, the loop
 *                 variables advancing as an odometer (cascade_loop).
 * Levels: lev[l][slot] for l < DW_SUM levels of the nest's reduced count;
 * flushes are lane-wise adds; at the end the levels fold upwards and the
 * 8 lanes of the top one add as a tree. */
typedef struct AccSt {
  Val v[2]; /* running values: FV_INNER two 4-lane slots; else v[0] */
  Val i[2]; /* argmax/argmin: their indices (int32 lanes) */
  Val s, si; /* FV_INNER: the scalar running value after the vector loop */
  Val nan[2]; /* float amax/amin on 4 lanes: lanes that met a nan (masks) */
  Val lev[DW_SUM_MAXLEV][DW_SUM_LANES]; /* cascade levels and slots */
} AccSt;

static bool is_arg(Op op) { return op == OP_ARGMAX || op == OP_ARGMIN; }

/* A float sum or mean: the cascade order. */
static bool is_casc(const FAcc *a) {
  return (a->op == OP_SUM || a->op == OP_MEAN) && dwT_is_float(a->dt);
}
/* Elements reduced into each output of the nest. */
static int64_t inner_count(const FNest *n) {
  int64_t cnt = 1;
  for (int k = n->nouter; k < n->nouter + n->ninner; k++) cnt *= n->ext[k];
  return cnt;
}
/* Cascade slots: FV_INNER two of 4 lanes, else 8 of the outer lanes. */
static int casc_slots(const FNest *n) { return n->vec == FV_INNER ? 2 : 8; }

/* The starting value of an accumulator. */
static double acc_init(Op op, DType dt) {
  bool mx = op == OP_AMAX || op == OP_ARGMAX;
  switch (op) {
  case OP_SUM: case OP_MEAN: return 0;
  case OP_PROD: return 1;
  default:
    switch (dt) {
    case DT_F32: case DT_F64: return mx ? -INFINITY : INFINITY;
    case DT_I64: return mx ? (double)INT64_MIN : (double)INT64_MAX;
    case DT_I32: return mx ? (double)INT32_MIN : (double)INT32_MAX;
    default: return mx ? 0 : 1;
    }
  }
}

/* Exact int64 extremes do not survive a double: fix them up. */
static Val acc_const(Em *E, Op op, DType dt, int lanes) {
  double v = acc_init(op, dt);
  if (dt == DT_I64 && (v == (double)INT64_MIN || v == (double)INT64_MAX)) {
    bool mn = v < 0;
    Val r = vnew(E, dt, lanes);
    for (int h = 0; h < halves(r); h++) {
      i64c(E, mn ? INT64_MIN : INT64_MAX);
      if (lanes == 4) ins(E, W_I64X2_SPLAT);
      set(E, r.l[h]);
    }
    return r;
  }
  return vconst(E, dt, lanes, v);
}

/* take = v is "better" than best (argmax: greater, or the first nan). */
static Val arg_better(Em *E, Op op, Val v, Val best) {
  Op cmp = op == OP_ARGMAX ? OP_GT : OP_LT;
  Val t = binop(E, cmp, v, best);
  if (!dwT_is_float(v.dt)) return t;
  Val nan = binop(E, OP_NE, v, v), ok = binop(E, OP_EQ, best, best);
  return binop(E, OP_OR, t, binop(E, OP_AND, nan, ok));
}

/* best, bi = (take ? v : best), (take ? vi : bi), in place. */
static void arg_take(Em *E, Val take, Val v, Val vi, Val best, Val bi) {
  Val nb = where(E, take, v, best), ni = where(E, take, vi, bi);
  for (int h = 0; h < halves(best); h++) {
    get(E, nb.l[h]);
    set(E, best.l[h]);
  }
  get(E, ni.l[0]);
  set(E, bi.l[0]);
}

/* Combines a scalar state (vb, ib) into (va, ia): b wins when better, or
 * equal (both nan) with a smaller index. */
static void arg_combine(Em *E, Op op, Val va, Val ia, Val vb, Val ib) {
  Val better = arg_better(E, op, vb, va);
  Val eq = binop(E, OP_EQ, vb, va);
  if (dwT_is_float(va.dt))
    eq = binop(E, OP_OR, eq, binop(E, OP_AND, binop(E, OP_NE, vb, vb),
                                   binop(E, OP_NE, va, va)));
  Val first = binop(E, OP_LT, ib, ia);
  Val take = binop(E, OP_OR, better, binop(E, OP_AND, eq, first));
  arg_take(E, take, vb, ib, va, ia);
}

/* Linear index of the current point within the reduced dims. */
static Val inner_index(Em *E, int lanes) {
  const FNest *n = E->n;
  Val r = vnew(E, DT_I32, 1);
  i32c(E, 0);
  int64_t w = 1;
  for (int v = n->nouter + n->ninner - 1; v >= n->nouter; v--) {
    get(E, E->var[v]);
    if (w != 1) {
      i32c(E, w);
      ins(E, W_I32_MUL);
    }
    ins(E, W_I32_ADD);
    w *= n->ext[v];
  }
  set(E, r.l[0]);
  if (lanes == 1) return r;
  Val s = splat(E, r);
  if (E->vvar >= n->nouter) { /* the lanes are consecutive elements */
    static const uint32_t iota[4] = {0, 1, 2, 3};
    Val t = vnew(E, DT_I32, 4);
    get(E, s.l[0]);
    ins_v128(E, iota);
    ins(E, W_I32X4_ADD);
    set(E, t.l[0]);
    return t;
  }
  return s;
}

/* float amax / amin on 4 lanes: the running value takes pmax / pmin
 * (std::max / std::min of the lanes, never a nan) and a mask remembers the
 * lanes that met a nan (3 instructions instead of fminmax's 6); nan_fix
 * puts the nan back before the lanes fold. */
static bool acc_nanmask(const FAcc *a, int lanes) {
  return (a->op == OP_AMAX || a->op == OP_AMIN) && a->dt == DT_F32 && lanes == 4 &&
         !a->nanfree;
}
static void nan_fix(Em *E, Val *cur, Val nan) {
  get(E, kconst(E, DT_F32, 4, NAN).l[0]);
  get(E, cur->l[0]);
  get(E, nan.l[0]);
  ins(E, W_V128_BITSELECT);
  set(E, cur->l[0]);
}

static void casc_add(Em *E, Val dst, Val src);

/* Accumulates value v (lanes of the current body) into state slot. */
static void acc_update(Em *E, const FAcc *a, AccSt *st, int slot, Val v) {
  Op op = (Op)a->op;
  if (is_casc(a)) {
    if (E->n->vec == FV_INNER && v.lanes == 1) { /* tail: into lane slot */
      bool d = a->dt == DT_F64;
      Val c = st->lev[0][slot / 4];
      int h = d ? slot % 4 / 2 : 0, k = d ? slot % 2 : slot % 4;
      get(E, c.l[h]);
      get(E, c.l[h]);
      ins_i(E, d ? W_F64X2_EXTRACT_LANE : W_F32X4_EXTRACT_LANE, k);
      get(E, v.l[0]);
      ins(E, d ? W_F64_ADD : W_F32_ADD);
      ins_i(E, d ? W_F64X2_REPLACE_LANE : W_F32X4_REPLACE_LANE, k);
      set(E, c.l[h]);
      return;
    }
    casc_add(E, st->lev[0][slot], v);
    return;
  }
  bool sequential = E->n->vec == FV_INNER && v.lanes == 1;
  if (E->n->vec != FV_INNER) slot = 0; /* one running value, in order */
  Val *cur = sequential ? &st->s : &st->v[slot];
  if (is_arg(op)) {
    Val *ci = sequential ? &st->si : &st->i[slot];
    Val idx = inner_index(E, v.lanes);
    arg_take(E, arg_better(E, op, v, *cur), v, idx, *cur, *ci);
    return;
  }
  if (op == OP_PROD && dwT_is_float(a->dt) && E->n->vec == FV_INNER) {
    /* float product: strictly in order, lane by lane */
    for (int k = 0; k < v.lanes; k++) {
      Val x = v.lanes == 4 ? lane_get(E, v, k) : v;
      Val r = binop(E, OP_MUL, st->s, x);
      get(E, r.l[0]);
      set(E, st->s.l[0]);
    }
    return;
  }
  if (a->nanfree && v.lanes == 4) { /* FAcc.nanfree: pmax alone */
    get(E, cur->l[0]);
    get(E, v.l[0]);
    ins(E, W_F32X4_PMAX);
    set(E, cur->l[0]);
    return;
  }
  if (acc_nanmask(a, v.lanes)) {
    Val *nm = &st->nan[sequential ? 0 : slot];
    get(E, cur->l[0]);
    get(E, v.l[0]);
    ins(E, op == OP_AMAX ? W_F32X4_PMAX : W_F32X4_PMIN);
    set(E, cur->l[0]);
    get(E, nm->l[0]);
    get(E, v.l[0]);
    get(E, v.l[0]);
    ins(E, W_F32X4_NE);
    ins(E, W_V128_OR);
    set(E, nm->l[0]);
    return;
  }
  Op comb = op == OP_PROD ? OP_MUL : op == OP_AMAX ? OP_MAXIMUM
            : op == OP_AMIN ? OP_MINIMUM : OP_ADD;
  Val r = binop(E, comb, *cur, v);
  for (int h = 0; h < halves(r); h++) {
    get(E, r.l[h]);
    set(E, cur->l[h]);
  }
}

static void acc_begin(Em *E, const FAcc *a, AccSt *st) {
  Op op = (Op)a->op;
  DType dt = (DType)a->dt;
  memset(st, 0, sizeof *st);
  if (is_casc(a)) {
    int L = dw_sum_levels(inner_count(E->n)), ns = casc_slots(E->n);
    int lanes = E->n->vec == FV_INNER ? 4 : E->lanes_o;
    for (int l = 0; l < L; l++)
      for (int k = 0; k < ns; k++) st->lev[l][k] = vconst(E, dt, lanes, 0);
    return;
  }
  if (E->n->vec == FV_INNER) {
    for (int k = 0; k < 2; k++) {
      st->v[k] = acc_const(E, op, dt, 4);
      if (is_arg(op)) st->i[k] = vconst(E, DT_I32, 4, 0);
      if (acc_nanmask(a, 4)) st->nan[k] = vconst(E, DT_I32, 4, 0);
    }
    st->s = acc_const(E, op, dt, 1);
    st->si = vconst(E, DT_I32, 1, 0);
  } else {
    st->v[0] = acc_const(E, op, dt, E->lanes_o);
    if (is_arg(op)) st->i[0] = vconst(E, DT_I32, E->lanes_o, 0);
    if (acc_nanmask(a, E->lanes_o)) st->nan[0] = vconst(E, DT_I32, 4, 0);
  }
}

/* FV_INNER, after the 4-lane loop: folds the two slots into st->s
 * (((a0+a1)+(a2+a3)) + ((b0+b1)+(b2+b3)) for the ops whose order does not
 * matter: int sums, amax, amin; float sums finish in cascade_finish). */
static void acc_fold(Em *E, const FAcc *a, AccSt *st) {
  Op op = (Op)a->op;
  if (is_casc(a)) return; /* cascade_finish */
  if (op == OP_PROD && dwT_is_float(a->dt)) return; /* already sequential */
  if (acc_nanmask(a, 4))
    for (int k = 0; k < 2; k++) nan_fix(E, &st->v[k], st->nan[k]);
  if (is_arg(op)) {
    bool first = true;
    for (int k = 0; k < 2; k++)
      for (int j = 0; j < 4; j++) {
        Val v = lane_get(E, st->v[k], j), i = lane_get(E, st->i[k], j);
        if (first) {
          get(E, v.l[0]); set(E, st->s.l[0]);
          get(E, i.l[0]); set(E, st->si.l[0]);
          first = false;
        } else {
          arg_combine(E, op, st->s, st->si, v, i);
        }
      }
    return;
  }
  Op comb = op == OP_PROD ? OP_MUL : op == OP_AMAX ? OP_MAXIMUM
            : op == OP_AMIN ? OP_MINIMUM : OP_ADD;
  Val part[2];
  for (int k = 0; k < 2; k++) {
    Val l[4];
    for (int j = 0; j < 4; j++) l[j] = lane_get(E, st->v[k], j);
    part[k] = binop(E, comb, binop(E, comb, l[0], l[1]),
                    binop(E, comb, l[2], l[3]));
  }
  Val r = binop(E, comb, part[0], part[1]);
  get(E, r.l[0]);
  set(E, st->s.l[0]);
}

/* dst += src (lane-wise), both cascade slots of the same lanes. */
static void casc_add(Em *E, Val dst, Val src) {
  WOp w = dst.lanes == 4 ? simd_binop(OP_ADD, (DType)dst.dt)
                         : scalar_binop(OP_ADD, (DType)dst.dt);
  for (int h = 0; h < halves(dst); h++) {
    get(E, dst.l[h]);
    get(E, src.l[h]);
    ins(E, w);
    set(E, dst.l[h]);
  }
}
static void casc_zero(Em *E, Val v) {
  static const uint32_t zero[4] = {0, 0, 0, 0};
  for (int h = 0; h < halves(v); h++) {
    if (v.lanes == 4)
      ins_v128(E, zero);
    else
      push_scalar_const(E, (DType)v.dt, 0);
    set(E, v.l[h]);
  }
}

/* Flushes level l into l + 1 for the cascade accumulators of pass p (of
 * the U jammed copies: acc[u * nacc + k], see outer_body). */
static void casc_flush(Em *E, int p, AccSt *acc, int U, int l) {
  const FNest *n = E->n;
  for (int i = 0; i < U * n->nacc; i++) {
    int k = i % n->nacc;
    if (n->acc[k].pass != p || !is_casc(&n->acc[k])) continue;
    int saved = E->fn->node;
    E->fn->node = n->acc[k].node;
    for (int j = 0; j < casc_slots(n); j++) {
      casc_add(E, acc[i].lev[l + 1][j], acc[i].lev[l][j]);
      casc_zero(E, acc[i].lev[l][j]);
    }
    E->fn->node = saved;
  }
}

/* At a block end (count = the elements so far, a multiple of the block, in
 * local `count`): flush level 0 into 1, and level l into l + 1 while count
 * is a multiple of DW_SUM_BLOCK * DW_SUM_FAN^l (nested ifs). */
static void casc_block_end(Em *E, int p, AccSt *acc, int U, int count, int L) {
  casc_flush(E, p, acc, U, 0);
  int opened = 0;
  int64_t span = DW_SUM_BLOCK;
  for (int l = 1; l + 1 < L; l++) {
    span *= DW_SUM_FAN;
    if_multiple(E, count, span);
    opened++;
    casc_flush(E, p, acc, U, l);
  }
  while (opened--) ins(E, W_END);
}

/* The end of the loop over blocks: the block end's flushes, then the next
 * block while count < end. */
static void casc_blocks_close(Em *E, int p, AccSt *acc, int U, int count, int L,
                              int64_t end) {
  casc_block_end(E, p, acc, U, count, L);
  get(E, count);
  i32c(E, end);
  ins(E, W_I32_LT_U);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
}

/* Any cascade accumulator in pass p? */
static bool pass_has_casc(const FNest *n, int p) {
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].pass == p && is_casc(&n->acc[k])) return true;
  return false;
}

/* The end of a cascade: levels fold upwards, the top level's 8 lanes add
 * as ((a0+a1)+(a2+a3))+((a4+a5)+(a6+a7)) into st->s (FV_INNER, a scalar)
 * or st->v[0] (the outer lanes). */
static void cascade_finish(Em *E, AccSt *st) {
  const FNest *n = E->n;
  int L = dw_sum_levels(inner_count(n)), ns = casc_slots(n);
  for (int l = 0; l + 1 < L; l++)
    for (int j = 0; j < ns; j++) casc_add(E, st->lev[l + 1][j], st->lev[l][j]);
  Val t[DW_SUM_LANES];
  for (int j = 0; j < DW_SUM_LANES; j++)
    t[j] = n->vec == FV_INNER ? lane_get(E, st->lev[L - 1][j / 4], j % 4)
                              : st->lev[L - 1][j];
  Val r = binop(E, OP_ADD, binop(E, OP_ADD, binop(E, OP_ADD, t[0], t[1]),
                                 binop(E, OP_ADD, t[2], t[3])),
                binop(E, OP_ADD, binop(E, OP_ADD, t[4], t[5]),
                      binop(E, OP_ADD, t[6], t[7])));
  if (n->vec == FV_INNER)
    st->s = r;
  else
    st->v[0] = r;
}

/* The final value of an accumulator (dtype of the reduction's result). */
static Val acc_result(Em *E, const FAcc *a, AccSt *st) {
  Op op = (Op)a->op;
  bool inner = E->n->vec == FV_INNER;
  Val v = inner ? st->s : st->v[0];
  if (!inner && acc_nanmask(a, v.lanes)) nan_fix(E, &v, st->nan[0]);
  if (is_arg(op)) return cast(E, inner ? st->si : st->i[0], DT_I64);
  if (op == OP_MEAN) {
    int64_t cnt = 1;
    for (int k = E->n->nouter; k < E->n->nouter + E->n->ninner; k++)
      cnt *= E->n->ext[k];
    return binop(E, OP_DIV, v, vconst(E, (DType)v.dt, v.lanes, (double)cnt));
  }
  return v;
}

/* ------------------------------------------------------------------ */
/* Loops                                                               */
/* ------------------------------------------------------------------ */

/* Sets every row-base local to its address for the current indices. */
static void set_row_bases(Em *E) {
  for (int k = 0; k < E->nrb; k++) {
    const RowBase *r = &E->rb[k];
    FAff a = r->base;
    int row = E->var[0];
    if (r->next) E->var[0] = E->pipe_row;
    uint32_t off = push_addr(E, r->buf, &a);
    E->var[0] = row;
    if (off) {
      i32c(E, off);
      ins(E, W_I32_ADD);
    }
    set(E, r->local);
  }
}

/* Innermost loops are emitted in two steps: loop_capture() before, then
 * loop_splice() after, which puts the row bases the loop asked for in
 * front of it (the loop's code is cut out, the bases emitted, the loop
 * appended again). */
typedef struct Capture {
  size_t bin, txt;
  int nloc;
} Capture;

static Capture loop_capture(Em *E, int v) {
  E->rb_var = v;
  E->nrb = 0;
  E->nhs = 0;
  return (Capture){E->fn->bin.len, E->fn->txt.len, E->fn->nloc};
}

/* What goes in front of a captured innermost loop: the row bases, and the
 * splats of outer values its bodies read (see eval). */
static void loop_prelude(Em *E) {
  set_row_bases(E);
  for (int k = 0; k < E->nhs; k++) {
    int e = E->hs[k];
    int saved = E->fn->node;
    E->fn->node = E->n->ex[e].node;
    splat_into(E, E->memo[e], E->splat[e]);
    E->fn->node = saved;
    E->has_splat[e] = 0;
  }
  E->nhs = 0;
}

/* Cuts the code emitted since c, emits prelude(E), appends the code again
 * (with its source locations shifted). */
static void splice(Em *E, Capture c, void (*prelude)(Em *E)) {
  Fn *f = E->fn;
  size_t nb = f->bin.len - c.bin, nt = f->txt.len - c.txt;
  char *bin = malloc(nb + 1), *txt = malloc(nt + 1);
  int nl = f->nloc - c.nloc;
  Loc *loc = malloc(((size_t)nl + 1) * sizeof *loc);
  if (!bin || !txt || !loc) {
    free(bin);
    free(txt);
    free(loc);
    E->oom = true;
    return;
  }
  memcpy(bin, f->bin.p + c.bin, nb);
  memcpy(txt, f->txt.p + c.txt, nt);
  memcpy(loc, f->loc + c.nloc, (size_t)nl * sizeof *loc);
  f->bin.len = c.bin;
  f->txt.len = c.txt;
  f->nloc = c.nloc;
  prelude(E);
  size_t shift = f->bin.len - c.bin;
  dwB_putn(&f->bin, bin, nb);
  dwB_putn(&f->txt, txt, nt);
  for (int k = 0; k < nl; k++) {
    loc[k].off += (uint32_t)shift;
    if (!DW_GROW(f->loc, f->caploc, f->nloc, 64)) {
      E->oom = true;
      break;
    }
    f->loc[f->nloc++] = loc[k];
  }
  free(bin);
  free(txt);
  free(loc);
}

static void loop_splice(Em *E, Capture c) {
  E->rb_var = -1;
  splice(E, c, loop_prelude);
}

static void loop_open(Em *E, int var, int64_t start) {
  i32c(E, start);
  set(E, var);
  ins(E, W_LOOP);
}
static void loop_close(Em *E, int var, int64_t step, int64_t end) {
  get(E, var);
  i32c(E, step);
  ins(E, W_I32_ADD);
  ins_i(E, W_LOCAL_TEE, var);
  i32c(E, end);
  ins(E, W_I32_LT_U);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
}

/* Loops over a symbolic extent (WSized.symext): the same code serves every
 * size, so a loop that may be empty is skipped at run time
 * (`block; br_if (start >= end)` ... `end`) instead of at emission. */
static bool sym_var(const Em *E, int v) { return v < 32 && (E->symext >> v & 1); }
static void guard_open(Em *E, int64_t start, int64_t end) {
  ins(E, W_BLOCK);
  i32c(E, start);
  i32c(E, end);
  ins(E, W_I32_GE_U);
  ins_i(E, W_BR_IF, 0);
}
/* After a guarded loop: outer values first computed inside it (eval's
 * has == 3) and splats may be unset at run time, so they are computed
 * again where next needed. */
static void guard_forget(Em *E) {
  for (int k = 0; k < E->n->nex; k++) {
    if (E->has[k] == 3) E->has[k] = 0;
    E->has_splat[k] = 0;
  }
}
static void guard_close(Em *E) {
  ins(E, W_END);
  guard_forget(E);
}
/* The other arm of an `if` (each arm computes its own values). */
static void guard_else(Em *E) {
  ins(E, W_ELSE);
  guard_forget(E);
}


/* Whether e computes a transcendental function (dwmath.h recipes of tens
 * of instructions), in itself or in what it depends on. */
static bool costly(const FNest *n, int e) {
  const FExpr *x = &n->ex[e];
  if (x->kind == FE_CAST) return costly(n, x->a[0]);
  if (x->kind != FE_OP) return false;
  switch ((Op)x->op) {
  case OP_EXP: case OP_LOG: case OP_SIN: case OP_COS: case OP_TAN: case OP_TANH:
  case OP_SIGMOID: case OP_GELU: case OP_SILU: case OP_POW:
    return true;
  default:
    for (int j = 0; j < x->nin; j++)
      if (costly(n, x->a[j])) return true;
    return false;
  }
}

/* The top-most expression under e (preorder) marked in m, inner, float32
 * and costly (any, when the pass is: hot), or -1. */
static int carry_find(const FNest *n, int e, const uint8_t *m, bool hot) {
  const FExpr *x = &n->ex[e];
  if (!x->inner) return -1;
  if (m[e]) return x->dt == DT_F32 && (hot || costly(n, e)) ? e : -1;
  if (x->kind != FE_OP && x->kind != FE_CAST) return -1;
  for (int j = 0; j < x->nin; j++) {
    int c = carry_find(n, x->a[j], m, hot);
    if (c >= 0) return c;
  }
  return -1;
}

/* A costly inner value that an earlier pass computes and a later pass's
 * store needs again (softmax: exp(x - max) is summed in one pass and
 * divided by the sum in the next) is stored by the earlier pass into the
 * later store's own target, at the same index, and loaded back there
 * instead of computed twice. So is any such value when the earlier pass
 * computes something costly (log_softmax: x - max, kept by the exp pass):
 * its store costs little among the exp's arithmetic, and the last pass
 * rewrites lines the exp pass brought into the cache instead of writing
 * fresh ones in a loop of loads and stores (measured: log_softmax 1024^2
 * 1.11-1.29x softmax's time before, ~1.0x after). The target must be a float32 buffer that
 * nothing else in the nest reads or writes; the value is the same float
 * either way, so the results are unchanged. */
static void plan_carries(Em *E) {
  const FNest *n = E->n;
  E->ncarry = 0;
  if (n->kind != FN_REDUCE || n->npass < 2) return;
  uint8_t *m = calloc((size_t)n->nex + 1, 1);
  if (!m) {
    E->oom = true;
    return;
  }
  for (int k = 0; k < n->nst && E->ncarry < 4; k++) {
    const FStore *s = &n->st[k];
    if (s->pass < 1 || E->p->buf[s->buf].dt != DT_F32) continue;
    bool alone = true;
    for (int j = 0; j < n->nex; j++)
      alone &= !((n->ex[j].kind == FE_LOAD || n->ex[j].kind == FE_GATHER) && n->ex[j].buf == s->buf);
    for (int j = 0; j < n->nst; j++) alone &= j == k || n->st[j].buf != s->buf;
    if (!alone) continue;
    for (int p = 0; p < s->pass; p++) { /* the first pass that computes it */
      memset(m, 0, (size_t)n->nex);
      for (int j = 0; j < n->nacc; j++)
        if (n->acc[j].pass == p) dwF_mark_expr(n, n->acc[j].in, m);
      for (int j = 0; j < n->nst; j++)
        if (n->st[j].pass == p) dwF_mark_expr(n, n->st[j].expr, m);
      bool hot = false;
      for (int j = 0; j < n->nex && !hot; j++) hot = m[j] && n->ex[j].inner && costly(n, j);
      int c = carry_find(n, s->expr, m, hot);
      if (c >= 0) {
        E->carry[E->ncarry++] = (struct Carry){k, c, p};
        break;
      }
    }
  }
  free(m);
}

/* One execution of the inner body of pass p: accumulators and stores. */
static void inner_body(Em *E, int p, AccSt *acc, int slot) {
  const FNest *n = E->n;
  if (E->pipe_st && p == 1) { /* FNest.pipe: pass 0 of the next row */
    clear_inner_memo(E);
    E->in_inner = true;
    E->pipe_next = true;
    for (int k = 0; k < n->nacc; k++) {
      if (n->acc[k].pass != 0) continue;
      Val v = eval(E, n->acc[k].in);
      int saved = E->fn->node;
      E->fn->node = n->acc[k].node;
      acc_update(E, &n->acc[k], &E->pipe_st[k], slot, v);
      E->fn->node = saved;
    }
    E->pipe_next = false;
  }
  clear_inner_memo(E);
  E->in_inner = true;
  for (int c = 0; c < E->ncarry; c++) { /* values kept by an earlier pass */
    const struct Carry *cy = &E->carry[c];
    const FStore *s = &n->st[cy->st];
    if (s->pass != p) continue;
    int saved = E->fn->node;
    E->fn->node = n->ex[cy->ex].node;
    E->memo[cy->ex] = load(E, s->buf, &s->aff, E->lanes_i);
    E->has[cy->ex] = 2;
    E->fn->node = saved;
  }
  for (int k = 0; k < n->nacc; k++) {
    if (n->acc[k].pass != p) continue;
    Val v = eval(E, n->acc[k].in);
    int saved = E->fn->node;
    E->fn->node = n->acc[k].node;
    acc_update(E, &n->acc[k], &acc[k], slot, v);
    E->fn->node = saved;
  }
  for (int k = 0; k < n->nst; k++) {
    const FStore *s = &n->st[k];
    if (s->pass != p) continue;
    Val v = eval(E, s->expr);
    int saved = E->fn->node;
    E->fn->node = s->node;
    store(E, s->buf, &s->aff, v);
    E->fn->node = saved;
  }
  for (int c = 0; c < E->ncarry; c++) { /* values a later pass needs */
    const struct Carry *cy = &E->carry[c];
    if (cy->pass != p) continue;
    const FStore *s = &n->st[cy->st];
    Val v = eval(E, cy->ex);
    int saved = E->fn->node;
    E->fn->node = n->ex[cy->ex].node;
    store(E, s->buf, &s->aff, v);
    E->fn->node = saved;
  }
  E->in_inner = false;
}

/* The vector accumulators of pass p are folded (FV_INNER, before the
 * tail): also those of the next row's pass 0 inside pass 1 (FNest.pipe). */
static void fold_pass(Em *E, int p, AccSt *acc) {
  const FNest *n = E->n;
  for (int k = 0; k < n->nacc; k++) {
    if (n->acc[k].pass == p) acc_fold(E, &n->acc[k], &acc[k]);
    if (E->pipe_st && p == 1 && n->acc[k].pass == 0)
      acc_fold(E, &n->acc[k], &E->pipe_st[k]);
  }
}

/* After an element of the flat loop of several inner loops: the next
 * element's loop variables (the innermost + 1, carried into the outer
 * ones), and, when the innermost wraps, the row bases of the loads again
 * (computed in front of the loop by loop_splice, they hold the outer inner
 * variables). */
static void odometer_step(Em *E) {
  const FNest *n = E->n;
  int first = n->nouter, last = n->nouter + n->ninner - 1;
  int opened = 0;
  for (int v = last; v > first; v--) {
    get(E, E->var[v]);
    i32c(E, 1);
    ins(E, W_I32_ADD);
    ins_i(E, W_LOCAL_TEE, E->var[v]);
    i32c(E, n->ext[v]);
    ins(E, W_I32_EQ);
    ins(E, W_IF);
    opened++;
    i32c(E, 0);
    set(E, E->var[v]);
  }
  get(E, E->var[first]);
  i32c(E, 1);
  ins(E, W_I32_ADD);
  set(E, E->var[first]);
  while (opened > 1) { /* close the ifs of the outer carries */
    ins(E, W_END);
    opened--;
  }
  int rb_var = E->rb_var;
  E->rb_var = -1;
  set_row_bases(E);
  E->rb_var = rb_var;
  ins(E, W_END);
}

/* Body j (cascade slot j) of the U jammed copies (see outer_body). */
static void casc_bodies(Em *E, int p, AccSt *acc, int U, int slot) {
  for (int u = 0; u < U; u++) {
    E->jam_off = (int64_t)u * E->lanes_o;
    inner_body(E, p, acc + u * E->n->nacc, slot);
  }
  E->jam_off = 0;
}

/* Slot j of the block starting at local blk (one inner loop, slots over
 * the outer lanes): elements blk + j, blk + j + 8, ..., blk + j + 120 in
 * order, the bodies of the U jammed copies into their slot j. */
static void slot_rows(Em *E, int p, AccSt *acc, int U, int j, int blk) {
  int var = E->var[E->n->nouter];
  get(E, blk);
  if (j) {
    i32c(E, j);
    ins(E, W_I32_ADD);
  }
  set(E, var);
  ins(E, W_LOOP); /* elements of slot j */
  casc_bodies(E, p, acc, U, j);
  loop_close_from(E, var, DW_SUM_LANES, blk, DW_SUM_BLOCK);
}

void dwW_slot_rows(Em *E, int U, int j, int blk, const Val *lev0) {
  const FNest *n = E->n;
  AccSt *acc = calloc((size_t)(n->nacc * U) + 1, sizeof *acc);
  if (!acc) {
    E->oom = true;
    return;
  }
  for (int i = 0; i < U * n->nacc; i++) acc[i].lev[0][j] = lev0[i];
  Capture cap = loop_capture(E, n->nouter);
  slot_rows(E, 0, acc, U, j, blk);
  loop_splice(E, cap);
  free(acc);
}

/* The inner loops of a pass with cascade accumulators (see AccSt), as one
 * flat loop over the R reduced elements: steps of 8 (FV_INNER: two 4-lane
 * bodies, slots 0 and 1; else 8 bodies, slots 0..7) in blocks of
 * DW_SUM_BLOCK with the flushes between blocks, the steps of the last
 * partial block, the non-cascade accumulators folded (FV_INNER), then the
 * tail element by element (lane / slot t). One inner loop: its variable
 * is the flat index. Several: a flat counter drives the loop, the loop
 * variables advance as an odometer (odometer_step). outer_body finishes the
 * cascades. Slots over the outer lanes with one inner loop: a block runs
 * slot by slot (slot j: elements j, j + 8, ..., j + 120 in order), the
 * same adds into each slot as element by element, with one level-0
 * accumulator live at a time (per jammed copy: U copies of the body, see
 * outer_body). */
static void cascade_loop(Em *E, int p, AccSt *acc, int U) {
  const FNest *n = E->n;
  int64_t R = inner_count(n);
  /* a symbolic count: the steps of 8 and each element of the tail are
   * skipped at run time when not there (levels still come from R: a size
   * with other levels gets other code) */
  bool sr = (E->symext >> n->nouter) != 0;
  if (R == 0 && !sr) return;
  bool vec = n->vec == FV_INNER, multi = n->ninner > 1;
  int lanes = vec ? 4 : 1, bps = DW_SUM_LANES / lanes;
  int L = dw_sum_levels(R);
  int64_t base = L > 1 ? R / DW_SUM_BLOCK * DW_SUM_BLOCK : 0;
  int64_t full = base + ((R - base) & ~(int64_t)(DW_SUM_LANES - 1));
  int v = n->nouter + n->ninner - 1, var = E->var[v];
  int flat = multi ? local_new(E, T_I32, "r") : var;
  int lanes_i = E->lanes_i, vvar = E->vvar;
  for (int k = n->nouter; k < v; k++) {
    i32c(E, 0);
    set(E, E->var[k]);
  }
  i32c(E, 0);
  set(E, var);
  Capture cap = loop_capture(E, v);
  if (multi) {
    i32c(E, 0);
    set(E, flat);
  }
  if (!vec && !multi && base) { /* blocks slot by slot */
    if (!E->cs_on) { /* (a tiled column sum ran them: wasm_colsum.c) */
      int blk = local_new(E, T_I32, "blk");
      i32c(E, 0);
      set(E, blk);
      ins(E, W_LOOP); /* blocks */
      for (int j = 0; j < DW_SUM_LANES; j++) slot_rows(E, p, acc, U, j, blk);
      get(E, blk);
      i32c(E, DW_SUM_BLOCK);
      ins(E, W_I32_ADD);
      set(E, blk);
      casc_blocks_close(E, p, acc, U, blk, L, base);
    }
    i32c(E, base);
    set(E, var);
  }
  for (int part = 0; part < 2; part++) {
    int64_t end = part ? full : base;
    if (end <= (part ? base : 0) && !(part && sr)) continue;
    if (!part && !vec && !multi) continue; /* done slot by slot */
    if (part && sr) guard_open(E, base, end);
    if (vec) {
      E->lanes_i = 4;
      E->vvar = v;
    }
    if (!part) ins(E, W_LOOP); /* blocks */
    ins(E, W_LOOP);            /* steps of 8 (16 inside the blocks, 4-lane:
                                  two chains per slot in flight) */
    int reps = !part && vec && !multi ? 2 : 1;
    for (int j = 0; j < bps * reps; j++) {
      casc_bodies(E, p, acc, U, j % bps);
      if (multi) {
        odometer_step(E);
      } else {
        get(E, var);
        i32c(E, lanes);
        ins(E, W_I32_ADD);
        set(E, var);
      }
    }
    if (multi) {
      get(E, flat);
      i32c(E, DW_SUM_LANES);
      ins(E, W_I32_ADD);
      set(E, flat);
    }
    get(E, flat);
    if (!part) {
      i32c(E, DW_SUM_BLOCK - 1);
      ins(E, W_I32_AND);
    } else {
      i32c(E, end);
      ins(E, W_I32_LT_U);
    }
    ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
    E->lanes_i = lanes_i;
    E->vvar = vvar;
    if (!part) casc_blocks_close(E, p, acc, U, flat, L, end);
    if (part && sr) guard_close(E);
  }
  if (vec) fold_pass(E, p, acc);
  for (int64_t t = 0; sr ? t < DW_SUM_LANES - 1 : full + t < R; t++) {
    if (sr) guard_open(E, full + t, R);
    if (!multi) {
      i32c(E, full + t);
      set(E, var);
    }
    casc_bodies(E, p, acc, U, (int)t);
    if (multi && (sr || full + t + 1 < R)) odometer_step(E);
    if (sr) guard_close(E);
  }
  loop_splice(E, cap);
}

static void inner_loops(Em *E, int v, int p, AccSt *acc) {
  const FNest *n = E->n;
  if (v == n->nouter + n->ninner) {
    inner_body(E, p, acc, 0);
    return;
  }
  int64_t ext = n->ext[v];
  bool sv = sym_var(E, v);
  if (ext == 0 && !sv) return;
  if (v == n->nouter && pass_has_casc(n, p)) {
    cascade_loop(E, p, acc, 1);
    return;
  }
  if (n->vec == FV_INNER && v == n->nouter + n->ninner - 1) {
    /* (no float sum in this pass) two 4-lane bodies per step of 8, the
     * slots folded, then the rest in order */
    int64_t full = ext & ~(int64_t)7;
    if (full || sv) {
      if (sv) guard_open(E, 0, full);
      E->lanes_i = 4;
      E->vvar = v;
      Capture cap = loop_capture(E, v);
      loop_open(E, E->var[v], 0);
      inner_body(E, p, acc, 0);
      get(E, E->var[v]);
      i32c(E, 4);
      ins(E, W_I32_ADD);
      set(E, E->var[v]);
      inner_body(E, p, acc, 1);
      loop_close(E, E->var[v], 4, full);
      loop_splice(E, cap);
      if (sv) guard_close(E);
    }
    E->lanes_i = 1;
    E->vvar = -1;
    fold_pass(E, p, acc);
    if (ext > full || sv) {
      if (sv) guard_open(E, full, ext);
      Capture cap = loop_capture(E, v);
      loop_open(E, E->var[v], full);
      inner_body(E, p, acc, 0);
      loop_close(E, E->var[v], 1, ext);
      loop_splice(E, cap);
      if (sv) guard_close(E);
    }
    return;
  }
  bool innermost = v == n->nouter + n->ninner - 1;
  if (sv) guard_open(E, 0, ext);
  Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
  loop_open(E, E->var[v], 0);
  inner_loops(E, v + 1, p, acc);
  loop_close(E, E->var[v], 1, ext);
  if (innermost) loop_splice(E, cap);
  if (sv) guard_close(E);
}

/* The accumulators of pass p are final: their results, then the outer
 * expressions that this makes ready. */
static void pass_results(Em *E, int p, AccSt *acc) {
  const FNest *n = E->n;
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].pass == p && is_casc(&n->acc[k])) {
      int saved = E->fn->node;
      E->fn->node = n->acc[k].node;
      cascade_finish(E, &acc[k]);
      E->fn->node = saved;
    }
  for (int k = 0; k < n->nacc; k++) {
    if (n->acc[k].pass != p) continue;
    int saved = E->fn->node;
    E->fn->node = n->acc[k].node;
    Val r = acc_result(E, &n->acc[k], &acc[k]);
    E->fn->node = saved;
    for (int j = 0; j < n->nex; j++)
      if (n->ex[j].kind == FE_ACC && n->ex[j].acc == k) {
        E->memo[j] = r;
        E->has[j] = 1;
      }
  }
  eval_ready(E, p);
}

/* Column sums (float sums over one inner loop, vector over the outer
 * lanes) read each element once from a row far from the last: U copies of
 * the outer body for the 4 U consecutive outer elements (one cache line
 * of float32 at U = 4) run jammed in one inner loop, each copy's accesses
 * at its memarg offset (Em.jam_off). Returns U, or 1 when the nest is not
 * such a sum: one pass of float sums, no carried values, and every value
 * read in the inner loop an inner one (an outer value would be shared by
 * the copies), no arange or gather (they read the variables). */
static int jam_width(Em *E) {
  const FNest *n = E->n;
  if (E->symext) return 1; /* its steps would depend on the sizes */
  if (n->kind != FN_REDUCE || n->vec != FV_OUTER || n->npass != 1 ||
      n->ninner != 1 || E->ncarry || E->lanes_o != 4)
    return 1;
  for (int k = 0; k < n->nacc; k++)
    if (!is_casc(&n->acc[k])) return 1;
  uint8_t *m = calloc((size_t)n->nex + 1, 1);
  if (!m) return 1;
  for (int k = 0; k < n->nacc; k++) dwF_mark_expr(n, n->acc[k].in, m);
  for (int k = 0; k < n->nst; k++)
    if (n->st[k].pass >= 0) dwF_mark_expr(n, n->st[k].expr, m);
  int U = 4;
  for (int k = 0; k < n->nex; k++) {
    FExprKind kd = (FExprKind)n->ex[k].kind;
    if (kd == FE_INDEX || kd == FE_GATHER || kd == FE_MM ||
        (m[k] && kd == FE_LOAD && !n->ex[k].inner))
      U = 1;
  }
  free(m);
  return U;
}

/* FNest.pipe: pass 0 of a row runs inside pass 1 of the row before. */
static void pipe_begin(Em *E) { /* the accumulators of the next row */
  const FNest *n = E->n;
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].pass == 0) acc_begin(E, &n->acc[k], &E->pipe_st[k]);
}
static void pipe_results(Em *E) { /* ... final: the next row's results */
  const FNest *n = E->n;
  for (int k = 0; k < n->nacc; k++) {
    if (n->acc[k].pass != 0) continue;
    int saved = E->fn->node;
    E->fn->node = n->acc[k].node;
    Val r = acc_result(E, &n->acc[k], &E->pipe_st[k]);
    if (!E->pipe_m[k].lanes) E->pipe_m[k] = vnew(E, (DType)r.dt, r.lanes);
    get(E, r.l[0]);
    set(E, E->pipe_m[k].l[0]);
    E->fn->node = saved;
  }
}
/* In front of the row loop (its variable at the first row): pass 0 of the
 * first row, and the last row (local hi - 1, or ext - 1 when hi < 0). */
static void pipe_prologue(Em *E, int hi, int64_t ext) {
  const FNest *n = E->n;
  if (!E->pipe_st) return;
  if (hi >= 0) {
    get(E, hi);
    i32c(E, 1);
    ins(E, W_I32_SUB);
  } else {
    i32c(E, ext - 1);
  }
  set(E, E->pipe_last);
  memset(E->has, 0, (size_t)n->nex);
  memset(E->has_splat, 0, (size_t)n->nex);
  E->lanes_i = E->lanes_o;
  pipe_begin(E);
  int vsaved = E->vvar;
  inner_loops(E, n->nouter, 0, E->pipe_st);
  E->vvar = vsaved;
  E->lanes_i = E->lanes_o;
  pipe_results(E);
}
/* In a row's body instead of pass 0: its results, and the next row
 * (row + (row < last)) whose pass 0 runs inside pass 1. */
static void pipe_row(Em *E) {
  const FNest *n = E->n;
  for (int j = 0; j < n->nex; j++)
    if (n->ex[j].kind == FE_ACC && n->acc[n->ex[j].acc].pass == 0) {
      E->memo[j] = E->pipe_m[n->ex[j].acc];
      E->has[j] = 1;
    }
  eval_ready(E, 0);
  get(E, E->var[0]);
  get(E, E->var[0]);
  get(E, E->pipe_last);
  ins(E, W_I32_LT_U);
  ins(E, W_I32_ADD);
  set(E, E->pipe_row);
}

/* The body of the outer loops: passes, then the outer stores; U > 1: the
 * U jammed copies of a column sum (jam_width), their inner loop together,
 * then each copy's results and stores at its offset. */
static void outer_body_n(Em *E, int U) {
  const FNest *n = E->n;
  memset(E->has, 0, (size_t)n->nex);
  memset(E->has_splat, 0, (size_t)n->nex);
  E->lanes_i = E->lanes_o;
  if (U == 1) eval_ready(E, -1);
  AccSt *acc = calloc((size_t)(n->nacc * U) + 1, sizeof *acc);
  if (!acc) {
    E->oom = true;
    return;
  }
  if (U > 1) E->jam_var = E->vvar;
  if (U > E->maxjam) E->maxjam = U;
  for (int p = 0; p < n->npass; p++) {
    if (E->pipe_st && p == 0) {
      pipe_row(E);
      continue;
    }
    if (E->pipe_st && p == 1) pipe_begin(E);
    for (int i = 0; i < U * n->nacc; i++) {
      int k = i % n->nacc;
      if (n->acc[k].pass == p) {
        int saved = E->fn->node;
        E->fn->node = n->acc[k].node;
        acc_begin(E, &n->acc[k], &acc[i]);
        if (E->cs_on) dwW_colsum_levels(E, k, i / n->nacc, &acc[i].lev[0][0]);
        E->fn->node = saved;
      }
    }
    int vsaved = E->vvar;
    if (U > 1)
      cascade_loop(E, p, acc, U);
    else
      inner_loops(E, n->nouter, p, acc);
    E->vvar = vsaved;
    E->lanes_i = E->lanes_o;
    if (U == 1) pass_results(E, p, acc);
  }
  if (U == 1) {
    outer_stores(E);
    if (E->pipe_st) pipe_results(E);
  } else {
    for (int u = 0; u < U; u++) {
      E->jam_off = (int64_t)u * E->lanes_o;
      memset(E->has, 0, (size_t)n->nex);
      memset(E->has_splat, 0, (size_t)n->nex);
      eval_ready(E, -1);
      pass_results(E, 0, acc + u * n->nacc);
      outer_stores(E);
    }
    E->jam_off = 0;
    E->jam_var = -1;
  }
  free(acc);
}
static void outer_body(Em *E) { outer_body_n(E, 1); }

/* The outermost loop of a chunked nest: rows [lo, hi) given as the
 * function's parameters 1 and 2 (never empty). */
static void outer_loops(Em *E, int v);
static void chunk_loop(Em *E, bool innermost) {
  const FNest *n = E->n;
  enum { LO = 1, HI = 2 };
  int var = E->var[0];
  if (n->vec == FV_OUTER && n->nouter == 1) {
    /* lanes over [lo, hi & ~3), then the rest one by one; lo % 4 == 0 */
    int hi4 = local_new(E, T_I32, "hi4");
    get(E, HI); i32c(E, ~3); ins(E, W_I32_AND); set(E, hi4);
    get(E, LO); set(E, var);
    E->lanes_o = 4;
    E->vvar = 0;
    int U = jam_width(E);
    if (U > 1) { /* 4 U lanes per step over [lo, hiu) */
      int hiu = local_new(E, T_I32, "hiu");
      get(E, hi4); get(E, LO); ins(E, W_I32_SUB);
      i32c(E, -4 * U); ins(E, W_I32_AND);
      get(E, LO); ins(E, W_I32_ADD); set(E, hiu);
      ins(E, W_BLOCK);
      get(E, var); get(E, hiu); ins(E, W_I32_GE_U); ins_i(E, W_BR_IF, 0);
      if (dwW_colsum_blocks(E, U, LO, hiu, 0, E->chunk[E->n - E->p->nest])) {
        get(E, LO); set(E, var);
      }
      ins(E, W_LOOP);
      outer_body_n(E, U);
      get(E, var); i32c(E, 4 * U); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
      get(E, hiu); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
      ins(E, W_END);
      ins(E, W_END);
      E->cs_on = false;
    }
    ins(E, W_BLOCK);
    get(E, var); get(E, hi4); ins(E, W_I32_GE_U); ins_i(E, W_BR_IF, 0);
    Capture cap = innermost ? loop_capture(E, 0) : (Capture){0, 0, 0};
    ins(E, W_LOOP);
    outer_body(E);
    get(E, var); i32c(E, 4); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
    get(E, hi4); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
    if (innermost) loop_splice(E, cap);
    ins(E, W_END);
    E->lanes_o = 1;
    E->vvar = -1;
    get(E, hi4); set(E, var);
    ins(E, W_BLOCK);
    get(E, var); get(E, HI); ins(E, W_I32_GE_U); ins_i(E, W_BR_IF, 0);
    cap = innermost ? loop_capture(E, 0) : (Capture){0, 0, 0};
    ins(E, W_LOOP);
    outer_body(E);
    get(E, var); i32c(E, 1); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
    get(E, HI); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
    if (innermost) loop_splice(E, cap);
    ins(E, W_END);
    return;
  }
  get(E, LO); set(E, var);
  pipe_prologue(E, HI, 0);
  Capture cap = innermost ? loop_capture(E, 0) : (Capture){0, 0, 0};
  ins(E, W_LOOP);
  outer_loops(E, 1);
  get(E, var); i32c(E, 1); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
  get(E, HI); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
  if (innermost) loop_splice(E, cap);
}

static void outer_loops(Em *E, int v) {
  const FNest *n = E->n;
  if (v == n->nouter) {
    outer_body(E);
    return;
  }
  int64_t ext = n->ext[v];
  bool sv = sym_var(E, v);
  if (ext == 0 && !sv) return;
  /* the last outer loop is innermost when no pass has inner loops */
  bool innermost = v == n->nouter - 1 && (n->ninner == 0 || n->npass == 0);
  if (v == 0 && E->chunk[E->n - E->p->nest] > 0) {
    chunk_loop(E, innermost);
    return;
  }
  if (n->vec == FV_OUTER && v == n->nouter - 1) {
    int64_t full = ext & ~(int64_t)3;
    E->lanes_o = 4;
    E->vvar = v;
    int U = full ? jam_width(E) : 1;
    int64_t fullu = full / (4 * U) * (4 * U);
    if (U > 1 && fullu) { /* 4 U lanes per step (jam_width) */
      dwW_colsum_blocks(E, U, -1, -1, fullu, fullu);
      loop_open(E, E->var[v], 0);
      outer_body_n(E, U);
      loop_close(E, E->var[v], 4 * U, fullu);
      E->cs_on = false;
    } else {
      fullu = 0;
    }
    if (full > fullu || sv) {
      if (sv) guard_open(E, fullu, full);
      E->lanes_o = 4;
      E->vvar = v;
      Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
      loop_open(E, E->var[v], fullu);
      outer_body(E);
      loop_close(E, E->var[v], 4, full);
      if (innermost) loop_splice(E, cap);
      if (sv) ins(E, W_END);
    }
    E->lanes_o = 1;
    E->vvar = -1;
    if (ext > full || sv) {
      if (sv) guard_open(E, full, ext);
      Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
      loop_open(E, E->var[v], full);
      outer_body(E);
      loop_close(E, E->var[v], 1, ext);
      if (innermost) loop_splice(E, cap);
      if (sv) ins(E, W_END);
    }
    return;
  }
  if (sv) guard_open(E, 0, ext);
  if (v == 0 && E->pipe_st) {
    i32c(E, 0);
    set(E, E->var[0]);
    pipe_prologue(E, -1, ext);
  }
  Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
  loop_open(E, E->var[v], 0);
  outer_loops(E, v + 1);
  loop_close(E, E->var[v], 1, ext);
  if (innermost) loop_splice(E, cap);
  if (sv) ins(E, W_END);
}

/* ------------------------------------------------------------------ */
/* Matmul: register-tiled micro-kernel with the epilogue fused         */
/* ------------------------------------------------------------------ */

typedef struct MM {
  int lm, ln, lk;   /* loop counters (row, column, k) */
  int pa[4], pb;    /* A row pointers and the B pointer */
  int panel;        /* local: address of B's packed panel, -1: B in place */
  int pstride;      /* bytes per k in the panel (4 x its columns) */
  int kbase;        /* local: the kept panels' base (mm_keep_open) */
} MM;

/* float32 tiles read A through one pointer, row i at byte offset
 * i * (A's row stride) (a memarg offset), each element broadcast by
 * v128.load32_splat; returns false when the offsets do not fit. */
static bool mm_splat_rows(const FNest *n, int mr, int lanes) {
  int vm = n->nouter - 2;
  int64_t row = n->mm_aa.c[vm] * 4;
  return n->mm_dt == DT_F32 && lanes == 4 && row >= 0 &&
         row * (mr - 1) < ((int64_t)1 << 30);
}

/* Address of buffer buf at aff (current variables) into a new local. */
static int addr_local(Em *E, int buf, const FAff *aff) {
  int t = local_new(E, T_I32, "p");
  uint32_t off = push_addr(E, buf, aff);
  if (off) {
    i32c(E, off);
    ins(E, W_I32_ADD);
  }
  set(E, t);
  return t;
}

/* Tile of mr rows x nv vectors (lanes 4) or mr x 1 (lanes 1) at (lm, ln). */
static void mm_micro(Em *E, MM *mm, int mr, int nv, int lanes) {
  const FNest *n = E->n;
  int nb = n->nouter - 2, vm = nb, vn = nb + 1, vk = nb + 2;
  DType dt = (DType)n->mm_dt;
  int es = (int)dwT_dtype_size[dt];
  int64_t K = n->ext[vk];
  int cm = E->var[vm], cn = E->var[vn];
  /* pointers at k = 0 */
  i32c(E, 0);
  set(E, E->var[vk]);
  get(E, mm->ln);
  set(E, cn);
  bool rows = mm_splat_rows(n, mr, lanes);
  int64_t arow = n->mm_aa.c[vm] * es;
  for (int i = 0; i < (rows ? 1 : mr); i++) {
    get(E, mm->lm);
    if (i) {
      i32c(E, i);
      ins(E, W_I32_ADD);
    }
    set(E, cm);
    mm->pa[i] = addr_local(E, n->mm_a, &n->mm_aa);
  }
  if (mm->panel >= 0 && lanes == 4) {
    mm->pb = local_new(E, T_I32, "p");
    get(E, mm->panel);
    set(E, mm->pb);
  } else {
    mm->pb = addr_local(E, n->mm_b, &n->mm_ab);
  }
  int64_t bstep = mm->panel >= 0 && lanes == 4 ? mm->pstride : n->mm_ab.c[vk] * es;
  Val acc[4][2];
  for (int i = 0; i < mr; i++)
    for (int j = 0; j < nv; j++) acc[i][j] = vconst(E, dt, lanes, 0);
  bool sk = sym_var(E, vk);
  if (K > 0 || sk) {
    if (sk) guard_open(E, 0, K);
    E->vvar = -1;
    loop_open(E, mm->lk, 0);
    Val b[2];
    for (int j = 0; j < nv; j++) {
      b[j] = vnew(E, dt, lanes);
      for (int h = 0; h < halves(b[j]); h++) {
        get(E, mm->pb);
        if (lanes == 4)
          ins_mem(E, W_V128_LOAD, es, (uint32_t)(j * 4 * es + h * 16));
        else
          ins_mem(E, scalar_load_op(dt), es, 0);
        set(E, b[j].l[h]);
      }
    }
    for (int i = 0; i < mr; i++) {
      Val a = vnew(E, dt, rows ? 4 : 1);
      if (rows) { /* A[m + i, k] in all four lanes */
        get(E, mm->pa[0]);
        ins_mem(E, W_V128_LOAD32_SPLAT, es, (uint32_t)(i * arow));
        set(E, a.l[0]);
      } else {
        get(E, mm->pa[i]);
        ins_mem(E, scalar_load_op(dt), es, 0);
        set(E, a.l[0]);
        if (lanes == 4) a = splat(E, a);
      }
      for (int j = 0; j < nv; j++) { /* acc += a * b, in k order */
        if (dt == DT_F32 && lanes == 4 && madd_into(E, acc[i][j].l[0], a.l[0], b[j].l[0])) continue;
        Val s = binop(E, OP_ADD, acc[i][j], binop(E, OP_MUL, a, b[j]));
        for (int h = 0; h < halves(s); h++) {
          get(E, s.l[h]);
          set(E, acc[i][j].l[h]);
        }
      }
    }
    for (int i = 0; i < (rows ? 1 : mr); i++) {
      get(E, mm->pa[i]);
      i32c(E, n->mm_aa.c[vk] * es);
      ins(E, W_I32_ADD);
      set(E, mm->pa[i]);
    }
    get(E, mm->pb);
    i32c(E, bstep);
    ins(E, W_I32_ADD);
    set(E, mm->pb);
    loop_close(E, mm->lk, 1, K);
    if (sk) ins(E, W_END);
  }
  /* epilogue: the outer exprs on each accumulator */
  for (int i = 0; i < mr; i++)
    for (int j = 0; j < nv; j++) {
      get(E, mm->lm);
      if (i) {
        i32c(E, i);
        ins(E, W_I32_ADD);
      }
      set(E, cm);
      get(E, mm->ln);
      if (j) {
        i32c(E, 4 * j);
        ins(E, W_I32_ADD);
      }
      set(E, cn);
      E->lanes_o = E->lanes_i = lanes;
      E->vvar = lanes == 4 ? vn : -1;
      memset(E->has, 0, (size_t)n->nex);
      for (int k = 0; k < n->nex; k++)
        if (n->ex[k].kind == FE_MM) {
          E->memo[k] = acc[i][j];
          E->has[k] = 1;
        }
      eval_ready(E, -1);
      outer_stores(E);
    }
}

static void mm_cols(Em *E, MM *mm, int mr) {
  const FNest *n = E->n;
  int nb = n->nouter - 2;
  int64_t N = n->ext[nb + 1];
  if (sym_var(E, nb + 1)) { /* any N: each part skipped at run time */
    int64_t n8 = N & ~(int64_t)7, n4 = N & ~(int64_t)3;
    guard_open(E, 0, n8);
    loop_open(E, mm->ln, 0);
    mm_micro(E, mm, mr, 2, 4);
    loop_close(E, mm->ln, 8, n8);
    ins(E, W_END);
    guard_open(E, n8, n4); /* 4 more columns */
    i32c(E, n8);
    set(E, mm->ln);
    mm_micro(E, mm, mr, 1, 4);
    ins(E, W_END);
    guard_open(E, n4, N);
    loop_open(E, mm->ln, n4);
    mm_micro(E, mm, mr, 1, 1);
    loop_close(E, mm->ln, 1, N);
    ins(E, W_END);
    return;
  }
  bool vec = N >= 4;
  int64_t n8 = vec ? N & ~(int64_t)7 : 0, start = n8;
  if (n8) {
    loop_open(E, mm->ln, 0);
    mm_micro(E, mm, mr, 2, 4);
    loop_close(E, mm->ln, 8, n8);
  }
  if (vec && N - start >= 4) {
    i32c(E, start);
    set(E, mm->ln);
    mm_micro(E, mm, mr, 1, 4);
    start += 4;
  }
  if (N > start) {
    loop_open(E, mm->ln, start);
    mm_micro(E, mm, mr, 1, 1);
    loop_close(E, mm->ln, 1, N);
  }
}

/* Rows of the current columns: tiles of 4 rows, then single rows. */
static void mm_rows(Em *E, MM *mm, int nv, int lanes) {
  const FNest *n = E->n;
  int64_t M = n->ext[n->nouter - 2], rows4 = M & ~(int64_t)3;
  bool sm = sym_var(E, n->nouter - 2);
  if (rows4 || sm) {
    if (sm) guard_open(E, 0, rows4);
    loop_open(E, mm->lm, 0);
    mm_micro(E, mm, 4, nv, lanes);
    loop_close(E, mm->lm, 4, rows4);
    if (sm) ins(E, W_END);
  }
  if (M > rows4 || sm) {
    if (sm) guard_open(E, rows4, M);
    loop_open(E, mm->lm, rows4);
    mm_micro(E, mm, 1, nv, lanes);
    loop_close(E, mm->lm, 1, M);
    if (sm) ins(E, W_END);
  }
}

/* Packs columns [ln, ln + w) (w = 4 or 8) of B, contiguous along k, into
 * the panel: panel[k * w + j] = B[k, ln + j]. Four k of four columns are
 * four vector loads and a 4x4 transpose of shuffles; the last K % 4 k one
 * by one. */
static void mm_pack_panel(Em *E, MM *mm, int w) {
  const FNest *n = E->n;
  int vn = n->nouter - 1, vk = n->nouter;
  int64_t K = n->ext[vk], K4 = K & ~(int64_t)3, cn = n->mm_ab.c[vn] * 4;
  static const uint8_t lo[16] = {0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23};
  static const uint8_t hi[16] = {8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31};
  static const uint8_t l64[16] = {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23};
  static const uint8_t h64[16] = {8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31};
  /* B at (k = 0, n = ln), and the panel row pointer */
  i32c(E, 0);
  set(E, E->var[vk]);
  get(E, mm->ln);
  set(E, E->var[vn]);
  int pb = addr_local(E, n->mm_b, &n->mm_ab);
  int pp = local_new(E, T_I32, "pp");
  get(E, mm->panel);
  set(E, pp);
  if (cn == 4) { /* B contiguous along n: each k's w columns copied */
    int64_t rs = n->mm_ab.c[vk] * 4;
    bool sk = sym_var(E, vk);
    if (sk) guard_open(E, 0, K);
    loop_open(E, mm->lk, 0);
    for (int q = 0; q < w / 4; q++) {
      get(E, pp);
      get(E, pb);
      ins_mem(E, W_V128_LOAD, 4, (uint32_t)(16 * q));
      ins_mem(E, W_V128_STORE, 4, (uint32_t)(16 * q));
    }
    local_add(E, pb, rs);
    local_add(E, pp, 4 * w);
    loop_close(E, mm->lk, 1, K);
    if (sk) ins(E, W_END);
    return;
  }
  bool offs = cn >= 0 && cn * (w - 1) < ((int64_t)1 << 30);
  int colp[8];
  for (int j = 0; j < w; j++) { /* column pointers when B's rows are far apart */
    colp[j] = pb;
    if (offs || !j) continue;
    colp[j] = local_new(E, T_I32, "pc");
    get(E, pb);
    i32c(E, cn * j);
    ins(E, W_I32_ADD);
    set(E, colp[j]);
  }
#define COL_ADDR(j) (get(E, colp[j]), (uint32_t)(offs ? cn * (j) : 0))
  int mark = E->tcur;
  bool sk = sym_var(E, vk); /* any K: the steps of 4 and the last k skipped at run time */
  if (K4 || sk) {
    if (sk) guard_open(E, 0, K4);
    loop_open(E, mm->lk, 0);
    for (int q = 0; q < w / 4; q++) {
      int r[4];
      for (int j = 0; j < 4; j++) {
        r[j] = vtmp(E);
        uint32_t off = COL_ADDR(4 * q + j);
        ins_mem(E, W_V128_LOAD, 4, off);
        set(E, r[j]);
      }
      int t0 = VSHUF(E, r[0], r[1], lo), t1 = VSHUF(E, r[2], r[3], lo);
      int t2 = VSHUF(E, r[0], r[1], hi), t3 = VSHUF(E, r[2], r[3], hi);
      int c[4] = {VSHUF(E, t0, t1, l64), VSHUF(E, t0, t1, h64), VSHUF(E, t2, t3, l64),
                  VSHUF(E, t2, t3, h64)};
      for (int t = 0; t < 4; t++) {
        get(E, pp);
        get(E, c[t]);
        ins_mem(E, W_V128_STORE, 4, (uint32_t)(4 * (t * w + 4 * q)));
      }
      E->tcur = mark;
    }
    for (int j = 0; j < w; j++) {
      if (offs && j) break;
      local_add(E, colp[j], 16);
    }
    local_add(E, pp, 16 * w);
    loop_close(E, mm->lk, 4, K4);
    if (sk) ins(E, W_END);
  }
  for (int64_t k = K4; sk ? k < K4 + 3 : k < K; k++) { /* the last k, element by element */
    if (sk) guard_open(E, k, K);
    for (int j = 0; j < w; j++) {
      get(E, pp);
      uint32_t off = COL_ADDR(j);
      ins_mem(E, W_F32_LOAD, 4, off + (uint32_t)(4 * (k - K4)));
      ins_mem(E, W_F32_STORE, 4, (uint32_t)(4 * ((k - K4) * w + j)));
    }
    if (sk) ins(E, W_END);
  }
#undef COL_ADDR
}

/* B's panels kept in scratch between calls (WasmModule.keep): a 2-d
 * matmul of static sizes whose B is a graph input. The panels of all N
 * columns (panel ln at 4 * K * ln) follow a 16-byte header whose first
 * i32 the runtime sets when the input is the one they were packed from,
 * unchanged since (dynamo/compile.c): the kernel then skips packing.
 * Consumes the scratch pointer on the stack, leaves the panels' base and
 * returns the local of the header's flag (-1: not kept, stack untouched). */
static int mm_keep_open(Em *E, MM *mm) {
  const FNest *n = E->n;
  const FBuf *b = &E->p->buf[n->mm_b];
  int vk = n->nouter, K = (int)n->ext[vk];
  if (E->sz || n->nouter != 2 || b->kind != FB_INPUT || E->nkeep >= DW_MAXKEEP ||
      sym_var(E, 0) || sym_var(E, 1) || sym_var(E, vk))
    return -1;
  size_t off = E->p->scratch + E->cs_scratch;
  E->cs_scratch += 16 + (((size_t)K * (size_t)(n->ext[1] & ~(int64_t)3) * 4 + 15) & ~(size_t)15);
  E->keep_slot[E->nkeep] = b->slot;
  E->keep_off[E->nkeep++] = off;
  int flag = local_new(E, T_I32, "kept"), hdr = local_new(E, T_I32, "khdr");
  mm->kbase = local_new(E, T_I32, "kbase");
  i32c(E, (int64_t)off);
  ins(E, W_I32_ADD);
  set(E, hdr);
  get(E, hdr);
  ins_mem(E, W_I32_LOAD, 4, 0);
  set(E, flag);
  get(E, hdr);
  i32c(E, 16);
  ins(E, W_I32_ADD);
  ins_i(E, W_LOCAL_TEE, mm->kbase);
  return flag;
}

/* The panel of columns [ln, ln + w): packed now, or (kept) at its place
 * among the kept panels, packed only when the header says they are not
 * valid. */
static void mm_keep_pack(Em *E, MM *mm, int keep, int w) {
  if (keep < 0) {
    mm_pack_panel(E, mm, w);
    return;
  }
  get(E, mm->kbase);
  get(E, mm->ln);
  i32c(E, 4 * E->n->ext[E->n->nouter]);
  ins(E, W_I32_MUL);
  ins(E, W_I32_ADD);
  set(E, mm->panel);
  get(E, keep);
  ins(E, W_I32_EQZ);
  ins(E, W_IF);
  mm_pack_panel(E, mm, w);
  guard_close(E);
}

/* x @ W.T: for each panel of 8 (then 4) columns, pack it, then every row
 * tile over it; the last N % 4 columns read B in place, one by one. The
 * products accumulate over k in the same order as unpacked. */
static void mm_packed(Em *E, MM *mm) {
  const FNest *n = E->n;
  const FPlan *p = E->p;
  int64_t N = n->ext[n->nouter - 1];
  mm->panel = local_new(E, T_I32, "panel");
  get(E, E->args);
  ins_mem(E, W_I32_LOAD, 4, (uint32_t)(4 * (p->ninputs + p->noutputs)));
  int keep = mm_keep_open(E, mm); /* B's panels kept between calls: its local */
  if (n->mm_pack_off && keep < 0) {
    i32c(E, (int64_t)n->mm_pack_off);
    ins(E, W_I32_ADD);
  }
  set(E, mm->panel);
  int64_t n8 = N & ~(int64_t)7, start = n8; /* (kept: mm->panel is set per panel) */
  bool sn = sym_var(E, n->nouter - 1); /* any N: each part skipped at run time */
  if (n8 || sn) {
    if (sn) guard_open(E, 0, n8);
    loop_open(E, mm->ln, 0);
    mm_keep_pack(E, mm, keep, 8);
    mm->pstride = 32;
    mm_rows(E, mm, 2, 4);
    loop_close(E, mm->ln, 8, n8);
    if (sn) ins(E, W_END);
  }
  if (N - start >= 4 || sn) {
    if (sn) guard_open(E, n8, N & ~(int64_t)3);
    i32c(E, start);
    set(E, mm->ln);
    mm_keep_pack(E, mm, keep, 4);
    mm->pstride = 16;
    mm_rows(E, mm, 1, 4);
    if (sn) ins(E, W_END);
    start = N & ~(int64_t)3;
  }
  if (N > start || sn) {
    if (sn) guard_open(E, start, N);
    loop_open(E, mm->ln, start);
    mm_rows(E, mm, 1, 1);
    loop_close(E, mm->ln, 1, N);
    if (sn) ins(E, W_END);
  }
}

static void mm_inplace(Em *E, MM *mm);

static void mm_batch(Em *E, MM *mm, int v) {
  const FNest *n = E->n;
  int nb = n->nouter - 2;
  if (v < nb) {
    bool sv = sym_var(E, v);
    if (n->ext[v] == 0 && !sv) return;
    if (sv) guard_open(E, 0, n->ext[v]);
    loop_open(E, E->var[v], 0);
    mm_batch(E, mm, v + 1);
    loop_close(E, E->var[v], 1, n->ext[v]);
    if (sv) ins(E, W_END);
    return;
  }
  int64_t M = n->ext[nb], N = n->ext[nb + 1];
  bool sm = sym_var(E, nb), sn = sym_var(E, nb + 1);
  if ((M == 0 && !sm) || (N == 0 && !sn)) return;
  if (n->mm_pack && n->mm_ab.c[nb + 1] == 1) {
    /* B contiguous along n: packing pays from 8 rows (M / 4 row tiles per
     * panel); a size argument M chooses at run time */
    if (!sm) {
      if (M >= 8) mm_packed(E, mm);
      else mm_inplace(E, mm);
      return;
    }
    i32c(E, M);
    i32c(E, 8);
    ins(E, W_I32_GE_U);
    ins(E, W_IF);
    mm_packed(E, mm);
    guard_else(E);
    mm_inplace(E, mm);
    guard_close(E);
    return;
  }
  if (n->mm_pack) {
    mm_packed(E, mm);
    return;
  }
  mm_inplace(E, mm);
}

/* Row tiles, each over every column of B read in place. */
static void mm_inplace(Em *E, MM *mm) {
  const FNest *n = E->n;
  mm->panel = -1; /* (a packed arm may come first) */
  int nb = n->nouter - 2;
  int64_t M = n->ext[nb];
  bool sm = sym_var(E, nb);
  int64_t rows4 = M & ~(int64_t)3;
  if (rows4 || sm) {
    if (sm) guard_open(E, 0, rows4);
    loop_open(E, mm->lm, 0);
    mm_cols(E, mm, 4);
    loop_close(E, mm->lm, 4, rows4);
    if (sm) ins(E, W_END);
  }
  if (M > rows4 || sm) {
    if (sm) guard_open(E, rows4, M);
    loop_open(E, mm->lm, rows4);
    mm_cols(E, mm, 1);
    loop_close(E, mm->lm, 1, M);
    if (sm) ins(E, W_END);
  }
}

/* ------------------------------------------------------------------ */
/* Nests -> functions                                                  */
/* ------------------------------------------------------------------ */

static const uint8_t k_types[1] = {T_I32};
static const char *const k_names[1] = {"args"};
static const uint8_t c_types[3] = {T_I32, T_I32, T_I32};
static const char *const c_names[3] = {"args", "lo", "hi"};

/* Big nests run as several calls over row ranges of their outermost loop:
 * V8 first runs a module in its baseline tier and tiers hot functions up
 * between calls (never inside one), so a single long call would stay slow.
 * Returns the rows per call (about 64K loop iterations), or 0. */


static int64_t chunk_rows(const FNest *n) {
  if (n->kind == FN_MATMUL || n->nouter == 0 || n->ext[0] < 4) return 0;
  int64_t total = 1;
  for (int v = 0; v < n->nouter + n->ninner; v++) total *= n->ext[v];
  if (total < ((int64_t)1 << 18)) return 0;
  int64_t per_row = total / n->ext[0];
  int64_t rows = ((int64_t)1 << 16) / (per_row ? per_row : 1);
  rows = dwW_colsum_rows(n, rows);
  if (rows < 1) rows = 1;
  if (n->vec == FV_OUTER && n->nouter == 1) rows = (rows + 3) & ~(int64_t)3;
  return rows < n->ext[0] ? rows : 0;
}

/* The graph node a nest is attributed to (its first store). */
static int nest_node(const FNest *n) {
  if (n->nst) return n->st[0].node;
  if (n->nacc) return n->acc[0].node;
  return n->mm_node;
}

/* Function name after the source lines it computes: nest2_lines_5_7. */
static void nest_name(Em *E, const FNest *n, int k, char *out, size_t cap) {
  int lo = 1 << 30, hi = -1;
  for (int j = 0; j <= n->nex + n->nst; j++) {
    int node = j < n->nex ? n->ex[j].node
               : j < n->nex + n->nst ? n->st[j - n->nex].node : n->mm_node;
    if (node < 0) continue;
    const GNode *nd = &E->g->nodes[node];
    if (nd->op == OP_INPUT || nd->op == OP_CONST) continue;
    if (nd->line < lo) lo = nd->line;
    if (nd->line > hi) hi = nd->line;
  }
  if (hi < 0)
    snprintf(out, cap, "nest%d", k);
  else if (lo == hi)
    snprintf(out, cap, "nest%d_line_%d", k, lo);
  else
    snprintf(out, cap, "nest%d_lines_%d_%d", k, lo, hi);
}

static void nest_prologue(Em *E) {
  dwW_sized_prologue(E);
  E->in_prologue = true;
  kpool_prologue(E);
  E->in_prologue = false;
}

static bool emit_nest(Em *E, int k) {
  const FPlan *p = E->p;
  const FNest *n = &p->nest[k];
  Fn *f = E->fns[k + 1]; /* made by dwW_emit, so helpers come after */
  E->fn = f;
  E->ntpool = E->tcur = 0; /* temporaries are per function */
  E->n = n;
  f->node = nest_node(n);
  f->pooled = true;
  E->symext = E->sz && E->sz->symext ? E->sz->symext[k] : 0;
  Capture body = {f->bin.len, f->txt.len, f->nloc};
  /* buffer addresses */
  for (int b = 0; b < p->nbuf; b++) E->ptr[b] = -1;
  for (int j = 0; j <= n->nex + n->nst + 1; j++) {
    int b = j < n->nex ? (n->ex[j].kind == FE_LOAD || n->ex[j].kind == FE_GATHER
                              ? n->ex[j].buf : -1)
            : j < n->nex + n->nst ? n->st[j - n->nex].buf
            : j == n->nex + n->nst ? (n->kind == FN_MATMUL ? n->mm_a
                                      : n->kind == FN_SORT ? n->sort_in : -1)
                                   : (n->kind == FN_MATMUL ? n->mm_b
                                      : n->kind == FN_SORT ? n->sort_out : -1);
    if (b < 0 || E->ptr[b] >= 0) continue;
    const FBuf *fb = &p->buf[b];
    int slot = fb->kind == FB_INPUT    ? fb->slot
               : fb->kind == FB_OUTPUT ? p->ninputs + fb->slot
                                       : p->ninputs + p->noutputs;
    E->ptr[b] = local_new(E, T_I32, fb->kind == FB_INPUT    ? "in"
                                    : fb->kind == FB_OUTPUT ? "out"
                                                            : "tmp");
    get(E, E->args);
    ins_mem(E, W_I32_LOAD, 4, (uint32_t)(4 * slot));
    if (fb->kind == FB_SCRATCH && fb->offset) {
      i32c(E, (int64_t)fb->offset);
      ins(E, W_I32_ADD);
    }
    set(E, E->ptr[b]);
  }
  for (int v = 0; v < n->nouter + n->ninner; v++) {
    const char *pre = n->kind == FN_MATMUL
                          ? (v == n->nouter - 2 ? "m" : v == n->nouter - 1 ? "n"
                             : v == n->nouter ? "k" : "b")
                      : v < n->nouter ? "o" : "i";
    E->var[v] = local_new(E, T_I32, pre);
  }
  E->memo = calloc((size_t)n->nex + 1, sizeof *E->memo);
  E->splat = calloc((size_t)n->nex + 1, sizeof *E->splat);
  E->has = calloc((size_t)n->nex + 1, 1);
  E->has_splat = calloc((size_t)n->nex + 1, 1);
  if (!E->memo || !E->splat || !E->has || !E->has_splat) E->oom = true;
  E->lanes_o = E->lanes_i = 1;
  E->vvar = -1;
  E->jam_var = -1;
  E->jam_off = 0;
  E->rb_var = -1;
  E->in_inner = false;
  plan_carries(E);
  E->ncarries += E->ncarry;
  E->pipe_st = NULL;
  E->pipe_m = NULL;
  bool pipe = n->pipe && !E->symext;
  for (int c = 0; c < E->ncarry; c++)
    if (E->carry[c].pass == 0) pipe = false;
  if (pipe) {
    E->pipe_st = calloc((size_t)n->nacc, sizeof *E->pipe_st);
    E->pipe_m = calloc((size_t)n->nacc, sizeof *E->pipe_m);
    if (!E->pipe_st || !E->pipe_m) E->oom = true;
    E->pipe_row = local_new(E, T_I32, "next");
    E->pipe_last = local_new(E, T_I32, "last");
  }
  if (!E->oom) {
    if (n->kind == FN_MATMUL) {
      MM mm;
      mm.lm = local_new(E, T_I32, "mt");
      mm.ln = local_new(E, T_I32, "nt");
      mm.lk = local_new(E, T_I32, "kt");
      mm.panel = -1;
      mm.pstride = 0;
      mm_batch(E, &mm, 0);
    } else if (n->kind == FN_SORT) {
      dwW_emit_sort(E, n);
    } else {
      outer_loops(E, 0);
    }
  }
  i32c(E, DW_KERR_OK);
  f->node = nest_node(n);
  splice(E, body, nest_prologue);
  free(E->memo);
  free(E->splat);
  free(E->has);
  free(E->has_splat);
  free(E->pipe_st);
  free(E->pipe_m);
  E->pipe_st = NULL;
  E->pipe_m = NULL;
  E->memo = E->splat = NULL;
  E->has = E->has_splat = NULL;
  return !E->oom;
}

/* The exported kernel: calls the nests in order, stops at a nonzero
 * status. */
static bool emit_kernel(Em *E) {
  Fn *f = E->fns[0];
  E->fn = f;
  f->node = -1;
  int st = local_new(E, T_I32, "status");
  int lo = local_new(E, T_I32, "lo"), hi = local_new(E, T_I32, "hi");
  Capture body = {f->bin.len, f->txt.len, f->nloc};
  for (int k = 0; k < E->p->nnest; k++) {
    const FNest *n = &E->p->nest[k];
    int64_t ch = E->chunk[k], ext = n->ext[0];
    f->node = nest_node(n);
    if (!ch) {
      get(E, E->args);
      ins_i(E, W_CALL, k + 1);
      ins_i(E, W_LOCAL_TEE, st);
      ins(E, W_IF);
      get(E, st);
      ins(E, W_RETURN);
      ins(E, W_END);
      continue;
    }
    /* rows [0, ch), then [ch, 2ch), ... from a second call site (two call
     * sites keep Binaryen from inlining the nest back into one call) */
    for (int site = 0; site < 2; site++) {
      if (site) {
        i32c(E, ch);
        set(E, lo);
        ins(E, W_LOOP);
        get(E, lo); i32c(E, ch); ins(E, W_I32_ADD); set(E, hi);
        get(E, hi); i32c(E, ext); get(E, hi); i32c(E, ext); ins(E, W_I32_LT_U);
        ins(E, W_SELECT); set(E, hi);
      }
      get(E, E->args);
      if (site) get(E, lo); else i32c(E, 0);
      if (site) get(E, hi); else i32c(E, ch);
      ins_i(E, W_CALL, k + 1);
      ins_i(E, W_LOCAL_TEE, st);
      ins(E, W_IF);
      get(E, st);
      ins(E, W_RETURN);
      ins(E, W_END);
      if (site) {
        get(E, hi); set(E, lo);
        get(E, lo); i32c(E, ext); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
        ins(E, W_END);
      }
    }
  }
  f->node = -1;
  i32c(E, DW_KERR_OK);
  if (E->sz) splice(E, body, dwW_sized_prologue);
  return !E->oom;
}

/* Which nest computes each graph node (the nest storing it, else the first
 * computing it), for the report's drawing of fused groups. */
static bool nest_map(Em *E, WasmModule *out) {
  static const char *const kinds[] = {"pointwise", "reduce", "matmul", "sort"};
  const FPlan *p = E->p;
  out->node_nest = malloc(sizeof(int) * (size_t)(E->g->n + 1));
  out->nest_name = calloc((size_t)p->nnest + 1, sizeof *out->nest_name);
  out->nest_kind = calloc((size_t)p->nnest + 1, sizeof *out->nest_kind);
  if (!out->node_nest || !out->nest_name || !out->nest_kind) return false;
  for (int k = 0; k < E->g->n; k++) out->node_nest[k] = -1;
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < p->nnest; k++) {
      const FNest *n = &p->nest[k];
      if (pass == 0) {
        for (int j = 0; j < n->nst; j++)
          if (n->st[j].node >= 0 && out->node_nest[n->st[j].node] < 0)
            out->node_nest[n->st[j].node] = k;
        continue;
      }
      for (int j = 0; j < n->nex; j++) {
        const FExpr *x = &n->ex[j];
        if (x->kind != FE_OP && x->kind != FE_ACC && x->kind != FE_MM && x->kind != FE_CAST)
          continue;
        if (x->node >= 0 && out->node_nest[x->node] < 0) out->node_nest[x->node] = k;
      }
      if ((n->kind == FN_MATMUL || n->kind == FN_SORT) && n->mm_node >= 0 && out->node_nest[n->mm_node] < 0)
        out->node_nest[n->mm_node] = k;
    }
  for (int k = 0; k < p->nnest; k++) {
    nest_name(E, &p->nest[k], k, out->nest_name[k], sizeof out->nest_name[k]);
    out->nest_kind[k] = kinds[p->nest[k].kind];
  }
  return true;
}

bool dwW_emit(Ctx *c, const FPlan *p, EmitMode mode, const char *filename,
              WasmModule *out) {
  return dwW_emit_sized(c, p, mode, filename, NULL, out);
}

bool dwW_emit_sized(Ctx *c, const FPlan *p, EmitMode mode, const char *filename,
                    WSized *sz, WasmModule *out) {
  memset(out, 0, sizeof *out);
  Em E;
  memset(&E, 0, sizeof E);
  E.c = c;
  E.sz = sz;
  if (sz) sz->nsites = 0;
  E.g = p->g;
  E.p = p;
  E.mode = mode;
  E.relaxed = (mode & EMIT_RELAXED) != 0;
  E.file = filename && *filename ? filename : "main.py";
  E.pow_fn = E.fmod_fn = E.sincos_fn = -1;
  E.args = 0;
  E.ptr = calloc((size_t)p->nbuf + 1, sizeof *E.ptr);
  bool ok = E.ptr != NULL;
  /* function 0 is the kernel; nests are 1..n; helpers follow */
  Fn *kernel = ok ? fn_new(&E, "kernel", 0, 1, k_types, k_names) : NULL;
  ok = kernel != NULL;
  E.chunk = calloc((size_t)p->nnest + 1, sizeof *E.chunk);
  ok = ok && E.chunk;
  for (int k = 0; ok && k < p->nnest; k++) {
    char name[64];
    nest_name(&E, &p->nest[k], k, name, sizeof name);
    /* a nest over symbolic extents runs in one call (its chunks would
     * depend on the sizes) */
    E.chunk[k] = sz && sz->symext && sz->symext[k] ? 0 : chunk_rows(&p->nest[k]);
    ok = E.chunk[k] ? fn_new(&E, name, 2, 3, c_types, c_names) != NULL
                    : fn_new(&E, name, 0, 1, k_types, k_names) != NULL;
  }
  /* the kernel and the nests take args as local 0; reading slots, each
   * sets the size block's address first */
  for (int k = 0; ok && k < E.nfn; k++) {
    E.fns[k]->args0 = true;
    E.fn = E.fns[k];
    if (sz && sz->mode == WS_SLOTS) E.fns[k]->zb = local_new(&E, T_I32, "zb");
  }
  for (int k = 0; ok && k < p->nnest; k++) ok = emit_nest(&E, k);
  if (ok) ok = emit_kernel(&E);
  if (ok) ok = dwW_assemble(&E, out);
  if (ok) ok = nest_map(&E, out);
  out->nloops = p->nnest;
  out->ncarries = E.ncarries;
  out->maxjam = E.maxjam > 1 ? E.maxjam : 1;
  out->scratch = p->scratch + E.cs_scratch;
  out->nkeep = E.nkeep;
  for (int k = 0; k < E.nkeep; k++) {
    out->keep_slot[k] = E.keep_slot[k];
    out->keep_off[k] = E.keep_off[k];
  }
  out->coltiled = E.coltiled;
  out->nrelaxed = E.nrelaxed;
  for (int k = 0; k < E.nfn; k++) fn_free(E.fns[k]);
  free(E.fns);
  free(E.ptr);
  free(E.tpool);
  free(E.rb);
  free(E.hs);
  free(E.chunk);
  if (!ok) {
    dwW_free(out);
    if (E.internal)
      return dw_fail(c, EXC_RuntimeError, "wasm backend: %s", E.internal);
    return dw_fail(c, EXC_MemoryError, "out of memory while emitting wasm");
  }
  return true;
}

void dwW_free(WasmModule *m) {
  free(m->node_nest);
  free(m->nest_name);
  free(m->nest_kind);
  free(m->bytes);
  free(m->srcmap);
  free(m->wat);
  memset(m, 0, sizeof *m);
}

