/* kernel_cases.h - graphs built by hand for the WebAssembly backend tests.
 *
 * Every case builds one Graph through dwT_meta (so metas are what the
 * tracer would record), names deterministic input data, and says how its
 * compiled results must compare with dwG_run_eager's. Used by
 * test_wasm_emit.c (ctest: lowering, validation; --dump: files for the
 * node harness tests/node/kernels.test.mjs; --bench: the benchmark graphs
 * of tests/bench/kernels_bench.mjs). */
#ifndef DW_KERNEL_CASES_H
#define DW_KERNEL_CASES_H

#include "dw.h"
#include "backend/fuse.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How one input is filled. */
typedef struct InSpec {
  double lo, hi;  /* uniform range (ints: inclusive) */
  int special;    /* 1: sprinkle nan/inf/-0 (floats); 2: include zeros;
                     3: a few nan/inf/-inf/-0/0 far apart (floats) */
} InSpec;

typedef struct KCase {
  char name[64];
  Graph g;
  InSpec in[8];
  double rtol, atol; /* float comparison (0: the default few-ulp rule) */
  int status;        /* expected kernel status (DW_KERR_*) */
  EmitMode mode;
  int want_nests;    /* > 0: the plan must have exactly this many nests */
  int want_carries;  /* values kept from one pass for the next (WasmModule.
                        ncarries); checked when want_nests is */
  bool exact;        /* float outputs bit-identical to eager (0 ulp) */
  int want_jam;      /* > 0: the widest jam of column sums in the module
                        (WasmModule.maxjam) must be this */
  int want_pipe;     /* 1: a nest runs pass 0 of the next row inside pass 1
                        (FNest.pipe); -1: none does; 0: not checked */
  int want_nanfree;  /* the same for a max without a nan mask (FAcc.nanfree) */
  int want_tiled;    /* > 0: this many column sums read tile by tile
                        (WasmModule.coltiled); < 0: none */
  int want_pack;     /* >= 0: matmul nests reading B through packed panels
                        (FNest.mm_pack); -1: not checked */
  bool bad;          /* building failed (a bug in the case) */
} KCase;

typedef struct KB {
  Ctx *c;
  KCase *k;
  int line;
} KB;

static inline void kc_fail(KB *b, const char *what) {
  fprintf(stderr, "case %s: %s: %s\n", b->k->name, what, b->c->errmsg);
  b->k->bad = true;
}

/* A graph input of dtype dt and shape (n dims, then the sizes). */
static inline int kin(KB *b, const char *name, DType dt, double lo, double hi,
               int n, ...) {
  TMeta m;
  memset(&m, 0, sizeof m);
  m.dtype = (uint8_t)dt;
  m.ndim = (uint8_t)n;
  va_list ap;
  va_start(ap, n);
  for (int k = 0; k < n; k++) m.shape[k] = va_arg(ap, int);
  va_end(ap);
  int id = dwG_add(&b->k->g, OP_INPUT, &m, 0, NULL, NULL, 1, 0);
  dwG_set_name(&b->k->g, id, name);
  int slot = b->k->g.nodes[id].input;
  b->k->in[slot] = (InSpec){lo, hi, 0};
  return id;
}

/* A Python scalar in an expression (wrapped number). */
static inline int kconst(KB *b, DType dt, double v) {
  TMeta m;
  memset(&m, 0, sizeof m);
  m.dtype = (uint8_t)dt;
  m.wrapped = 1;
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.f[0] = v;
  a.dtype = (uint8_t)dt;
  return dwG_add(&b->k->g, OP_CONST, &m, 0, NULL, &a, b->line, 4);
}

/* An op applied to inputs, its meta from dwT_meta. */
static inline int kop(KB *b, Op op, int nin, const int32_t *in, const OpAttrs *a) {
  if (b->k->bad) return 0;
  TMeta ms[8];
  for (int k = 0; k < nin; k++) ms[k] = b->k->g.nodes[in[k]].meta;
  TMeta out;
  if (!dwT_meta(b->c, op, nin, ms, a, &out)) {
    kc_fail(b, dw_ops[op].name);
    return 0;
  }
  int id = dwG_add(&b->k->g, op, &out, nin, in, a, b->line, 2 * b->line % 17);
  b->line++;
  return id;
}

static inline int k1(KB *b, Op op, int x) { return kop(b, op, 1, (int32_t[]){x}, NULL); }
static inline int k2(KB *b, Op op, int x, int y) {
  return kop(b, op, 2, (int32_t[]){x, y}, NULL);
}
/* softmax's own exp (torchlib.c dwL_softmax: OP_EXP with EXP_SOFTMAX) */
static inline int ksmexp(KB *b, int x) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.flag = EXP_SOFTMAX;
  return kop(b, OP_EXP, 1, (int32_t[]){x}, &a);
}
static inline int kwhere(KB *b, int c, int x, int y) {
  return kop(b, OP_WHERE, 3, (int32_t[]){c, x, y}, NULL);
}
/* Reduction over ndims dims (ndims 0: all), keepdim. */
static inline int kred(KB *b, Op op, int x, bool keep, int ndims, ...) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.ni = ndims;
  a.keepdim = keep;
  va_list ap;
  va_start(ap, ndims);
  for (int k = 0; k < ndims; k++) a.i[k] = va_arg(ap, int);
  va_end(ap);
  return kop(b, op, 1, (int32_t[]){x}, &a);
}
/* View ops with an integer list (reshape, permute, expand). */
static inline int kview(KB *b, Op op, int x, int n, ...) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.ni = n;
  va_list ap;
  va_start(ap, n);
  for (int k = 0; k < n; k++) a.i[k] = va_arg(ap, int);
  va_end(ap);
  return kop(b, op, 1, (int32_t[]){x}, &a);
}
static inline int kslice(KB *b, int x, int dim, int start, int stop, int step) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.ni = 4;
  a.i[0] = dim;
  a.i[1] = start;
  a.i[2] = stop;
  a.i[3] = step;
  return kop(b, OP_SLICE, 1, (int32_t[]){x}, &a);
}
static inline int kselect(KB *b, int x, int dim, int idx) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.ni = 2;
  a.i[0] = dim;
  a.i[1] = idx;
  return kop(b, OP_SELECT, 1, (int32_t[]){x}, &a);
}
static inline int kcast(KB *b, int x, DType dt) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.dtype = (uint8_t)dt;
  return kop(b, OP_CAST, 1, (int32_t[]){x}, &a);
}
static inline int kclamp(KB *b, int x, int has_lo, double lo, int has_hi, double hi) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.has_f[0] = (uint8_t)has_lo;
  a.f[0] = lo;
  a.has_f[1] = (uint8_t)has_hi;
  a.f[1] = hi;
  return kop(b, OP_CLAMP, 1, (int32_t[]){x}, &a);
}
static inline int kgelu(KB *b, int x, int tanh_approx) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.flag = (uint8_t)tanh_approx;
  return kop(b, OP_GELU, 1, (int32_t[]){x}, &a);
}
static inline int kcat(KB *b, int dim, int n, const int32_t *xs) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.i[0] = dim;
  a.ni = 1;
  return kop(b, OP_CAT, n, xs, &a);
}
static inline int kfull(KB *b, DType dt, double v, int n, ...) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.dtype = (uint8_t)dt;
  a.f[0] = v;
  a.ni = n;
  va_list ap;
  va_start(ap, n);
  for (int k = 0; k < n; k++) a.i[k] = va_arg(ap, int);
  va_end(ap);
  return kop(b, OP_FULL, 0, NULL, &a);
}
static inline int karange(KB *b, DType dt, double start, double step, int n) {
  OpAttrs a;
  memset(&a, 0, sizeof a);
  a.dtype = (uint8_t)dt;
  a.f[0] = start;
  a.f[1] = step;
  a.i[0] = n;
  a.ni = 1;
  return kop(b, OP_ARANGE, 0, NULL, &a);
}
static inline void kout(KB *b, int n, ...) {
  int32_t ids[16];
  va_list ap;
  va_start(ap, n);
  for (int k = 0; k < n; k++) ids[k] = va_arg(ap, int);
  va_end(ap);
  dwG_set_outputs(&b->k->g, n, ids);
}

/* ------------------------------------------------------------------ */
/* The table                                                           */
/* ------------------------------------------------------------------ */

typedef struct KList {
  KCase *v;
  int n, cap;
} KList;

static inline KB knew(KList *l, Ctx *c, const char *fmt, ...) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 64;
    l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
    if (!l->v) abort();
  }
  KCase *k = &l->v[l->n++];
  memset(k, 0, sizeof *k);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(k->name, sizeof k->name, fmt, ap);
  va_end(ap);
  dwG_init(&k->g);
  k->want_pack = -1;
  return (KB){c, k, 3};
}

static const Op unary_f32[] = {OP_NEG, OP_ABS, OP_EXP, OP_LOG, OP_SQRT,
                               OP_RSQRT, OP_SIN, OP_COS, OP_TAN, OP_TANH,
                               OP_SIGMOID, OP_RELU, OP_SILU, OP_NOT};
static const Op binary_all[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV,
                                OP_MOD, OP_POW, OP_MAXIMUM, OP_MINIMUM,
                                OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
                                OP_AND, OP_OR};
static const Op reductions[] = {OP_SUM, OP_MEAN, OP_PROD, OP_AMAX,
                                OP_AMIN, OP_ARGMAX, OP_ARGMIN};
static const char *const dt_tag[DT_COUNT] = {"f32", "i64", "i32", "b8", "f64"};
/* Ops the emitter leaves to the eager kernels in float64
 * (dwF_eager_reason): libm's transcendentals, pow, // and %. */
static inline bool f64_eager(Op op) {
  return op == OP_POW || op == OP_FLOORDIV || op == OP_MOD;
}

/* Input range per dtype for general arithmetic. */
static inline void range_of(DType dt, double *lo, double *hi) {
  switch (dt) {
  case DT_F32: case DT_F64: *lo = -3; *hi = 3; break;
  case DT_BOOL: *lo = 0; *hi = 1; break;
  default: *lo = -9; *hi = 9; break;
  }
}

static inline void build_cases(Ctx *c, KList *L) {
  KB b;
  /* -- every float unary op, odd length (4-lane body + scalar tail) -- */
  for (size_t k = 0; k < sizeof unary_f32 / sizeof *unary_f32; k++) {
    Op op = unary_f32[k];
    b = knew(L, c, "unary_%s_f32", dw_ops[op].name);
    bool pos = op == OP_LOG || op == OP_SQRT || op == OP_RSQRT;
    int x = kin(&b, "x", DT_F32, pos ? 0.01 : -12, pos ? 50 : 12, 1, 37);
    b.k->in[0].special = 1;
    kout(&b, 1, k1(&b, op, x));
  }
  for (int t = 0; t < 2; t++) {
    b = knew(L, c, "unary_gelu%s_f32", t ? "_tanh" : "");
    int x = kin(&b, "x", DT_F32, -6, 6, 2, 3, 11);
    b.k->in[0].special = 1;
    kout(&b, 1, kgelu(&b, x, t));
  }
  /* wide ranges for exp/log/sin/tanh (range reduction, overflow) */
  b = knew(L, c, "unary_transcendental_wide");
  {
    int x = kin(&b, "x", DT_F32, -120, 120, 1, 203);
    int y = kin(&b, "y", DT_F32, 1e-30, 1e30, 1, 203);
    kout(&b, 5, k1(&b, OP_EXP, x), k1(&b, OP_SIN, x), k1(&b, OP_COS, x),
         k1(&b, OP_TANH, x), k1(&b, OP_LOG, y));
  }
  /* sin/cos beyond 2^20: the exact reduction (dwm_rem_pio2_big and the
   * emitter's $sincosf_big), bit-identical to eager; lanes mix both paths */
  b = knew(L, c, "sin_cos_huge_arguments");
  {
    int a = kin(&b, "a", DT_F32, 1e5, 1e7, 1, 203);
    int w = kin(&b, "w", DT_F32, -1e10, 1e10, 1, 37);
    int y = kin(&b, "y", DT_F32, -1e20, 1e20, 1, 37);
    int z = kin(&b, "z", DT_F32, -1e30, 1e30, 1, 37);
    int t = kin(&b, "t", DT_F32, -3.4e38, 3.4e38, 1, 37);
    b.k->in[0].special = 1;
    b.k->in[4].special = 1;
    kout(&b, 10, k1(&b, OP_SIN, a), k1(&b, OP_COS, a), k1(&b, OP_SIN, w),
         k1(&b, OP_COS, w), k1(&b, OP_SIN, y), k1(&b, OP_COS, y),
         k1(&b, OP_SIN, z), k1(&b, OP_COS, z), k1(&b, OP_SIN, t),
         k1(&b, OP_COS, t));
    b.k->exact = true;
  }
  b = knew(L, c, "clamp_f32");
  {
    int x = kin(&b, "x", DT_F32, -4, 4, 1, 19);
    b.k->in[0].special = 1;
    kout(&b, 3, kclamp(&b, x, 1, -1.5, 1, 2.25), kclamp(&b, x, 1, 0.5, 0, 0),
         kclamp(&b, x, 0, 0, 1, -0.75));
  }
  /* -- float64 unary ops (those the emitter lowers) -- */
  b = knew(L, c, "unary_f64");
  {
    int x = kin(&b, "x", DT_F64, -7, 7, 2, 5, 7);
    b.k->in[0].special = 1;
    int a = k1(&b, OP_ABS, x);
    kout(&b, 8, k1(&b, OP_NEG, x), k1(&b, OP_SQRT, a), k1(&b, OP_RSQRT, a),
         k1(&b, OP_RELU, x), k1(&b, OP_FLOOR, x), k1(&b, OP_CEIL, x),
         k1(&b, OP_ROUND, x), k1(&b, OP_NOT, x));
  }
  b = knew(L, c, "clamp_f64");
  {
    int x = kin(&b, "x", DT_F64, -4, 4, 1, 19);
    b.k->in[0].special = 1;
    kout(&b, 3, kclamp(&b, x, 1, -1.5, 1, 2.25), kclamp(&b, x, 1, 0.1, 0, 0),
         kclamp(&b, x, 0, 0, 1, -0.75));
  }
  /* -- integer and bool unary ops -- */
  for (int dt = DT_I64; dt <= DT_BOOL; dt++) {
    b = knew(L, c, "unary_int_%s", dt_tag[dt]);
    double lo, hi;
    range_of((DType)dt, &lo, &hi);
    int x = kin(&b, "x", (DType)dt, lo, hi, 2, 5, 7);
    int outs[8], n = 0;
    if (dt != DT_BOOL) outs[n++] = k1(&b, OP_NEG, x);
    if (dt != DT_BOOL) { /* abs and relu of bool: errors in PyTorch */
      outs[n++] = k1(&b, OP_ABS, x);
      outs[n++] = k1(&b, OP_RELU, x);
    }
    outs[n++] = k1(&b, OP_NOT, x);
    outs[n++] = k1(&b, OP_EXP, x); /* promotes to float32 */
    outs[n++] = kclamp(&b, x, 1, -2, 1, 3);
    outs[n++] = kclamp(&b, x, 1, -2.5, 0, 0); /* non-integral: float */
    dwG_set_outputs(&b.k->g, n, outs);
  }
  b = knew(L, c, "clamp_int32_bounds_beyond_int32");
  {
    int x = kin(&b, "x", DT_I32, -9, 9, 1, 11);
    kout(&b, 3, kclamp(&b, x, 1, 3e9, 0, 0), kclamp(&b, x, 1, -5e9, 1, 5e9),
         kclamp(&b, x, 0, 0, 1, -3e9));
  }
  /* -- casts between every pair of dtypes -- */
  for (int from = 0; from < DT_COUNT; from++) {
    b = knew(L, c, "cast_from_%s", dt_tag[from]);
    double lo, hi;
    range_of((DType)from, &lo, &hi);
    if (dwT_is_float(from)) lo = -2e9, hi = 2e9;
    if (from == DT_F64) lo = -3e9, hi = 3e9; /* beyond int32 */
    int x = kin(&b, "x", (DType)from, lo, hi, 1, 23);
    if (dwT_is_float(from)) b.k->in[0].special = 1;
    int outs[DT_COUNT];
    for (int to = 0; to < DT_COUNT; to++) outs[to] = kcast(&b, x, (DType)to);
    dwG_set_outputs(&b.k->g, DT_COUNT, outs);
  }
  b = knew(L, c, "cast_f32_huge_to_int");
  {
    int x = kin(&b, "x", DT_F32, -1e20, 1e20, 1, 13);
    b.k->in[0].special = 1;
    kout(&b, 2, kcast(&b, x, DT_I64), kcast(&b, x, DT_I32));
  }
  b = knew(L, c, "cast_i64_wide_to_i32_f32");
  {
    int x = kin(&b, "x", DT_I64, -1e17, 1e17, 1, 9);
    kout(&b, 2, kcast(&b, x, DT_I32), kcast(&b, x, DT_F32));
  }
  /* -- every binary op on every dtype, broadcasting [5,1] x [1,7] -- */
  for (int dt = 0; dt < DT_COUNT; dt++)
    for (size_t k = 0; k < sizeof binary_all / sizeof *binary_all; k++) {
      Op op = binary_all[k];
      if (dwT_is_float(dt) && (op == OP_AND || op == OP_OR)) continue;
      if (dt == DT_F64 && f64_eager(op)) continue;
      if (dt == DT_BOOL && (op == OP_SUB || op == OP_FLOORDIV ||
                            op == OP_MOD || op == OP_POW))
        continue;
      b = knew(L, c, "binary_%s_%s", dw_ops[op].name, dt_tag[dt]);
      double lo, hi;
      range_of((DType)dt, &lo, &hi);
      int x = kin(&b, "x", (DType)dt, lo, hi, 2, 5, 1);
      int y = kin(&b, "y", (DType)dt, lo, hi, 2, 1, 7);
      if (op == OP_POW) {
        if (dt == DT_F32) b.k->in[0] = (InSpec){0.0, 4, 0};
        else b.k->in[1] = (InSpec){0, 5, 0};
      }
      if ((op == OP_FLOORDIV || op == OP_MOD) && dt != DT_F32)
        b.k->in[1] = (InSpec){1, 7, 0}; /* no zero divisors here */
      if (dwT_is_float(dt) && (op == OP_MAXIMUM || op == OP_MINIMUM ||
                               op == OP_EQ || op == OP_LT || op == OP_DIV))
        b.k->in[0].special = 1;
      kout(&b, 1, k2(&b, op, x, y));
    }
  b = knew(L, c, "floordiv_mod_f32_signs");
  {
    int x = kin(&b, "x", DT_F32, -20, 20, 1, 41);
    int y = kin(&b, "y", DT_F32, -7, 7, 1, 41);
    b.k->in[1].special = 2;
    kout(&b, 2, k2(&b, OP_FLOORDIV, x, y), k2(&b, OP_MOD, x, y));
  }
  b = knew(L, c, "floordiv_mod_f32_big_quotient");
  {
    int x = kin(&b, "x", DT_F32, -3e30, 3e30, 1, 17);
    int y = kin(&b, "y", DT_F32, 1e-3, 7, 1, 17);
    kout(&b, 2, k2(&b, OP_MOD, x, y), k2(&b, OP_FLOORDIV, x, y));
  }
  b = knew(L, c, "pow_f32_negative_base");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 1, 21);
    int e2 = kconst(&b, DT_I64, 2), e3 = kconst(&b, DT_I64, 3);
    int eh = kconst(&b, DT_F32, 0.5), em = kconst(&b, DT_F32, -1.5);
    kout(&b, 4, k2(&b, OP_POW, x, e2), k2(&b, OP_POW, x, e3),
         k2(&b, OP_POW, x, eh), k2(&b, OP_POW, x, em));
  }
  for (int dt = DT_I64; dt <= DT_I32; dt++) {
    b = knew(L, c, "int_div_by_zero_%s", dt_tag[dt]);
    int x = kin(&b, "x", (DType)dt, -9, 9, 1, 6);
    int y = kin(&b, "y", (DType)dt, -3, 3, 1, 6);
    b.k->in[1].special = 2;
    kout(&b, 1, k2(&b, OP_FLOORDIV, x, y));
    b.k->status = DW_KERR_ZERODIV;
    b = knew(L, c, "int_neg_pow_%s", dt_tag[dt]);
    x = kin(&b, "x", (DType)dt, -9, 9, 1, 6);
    y = kin(&b, "y", (DType)dt, -3, -1, 1, 6);
    kout(&b, 1, k2(&b, OP_POW, x, y));
    b.k->status = DW_KERR_NEGPOW;
  }
  /* -- type promotion with wrapped scalars and mixed tensors -- */
  b = knew(L, c, "promotion_mixed");
  {
    int l = kin(&b, "l", DT_I64, -9, 9, 1, 11);
    int i = kin(&b, "i", DT_I32, -9, 9, 1, 11);
    int f = kin(&b, "f", DT_F32, -3, 3, 1, 11);
    int t = kin(&b, "t", DT_BOOL, 0, 1, 1, 11);
    kout(&b, 8, k2(&b, OP_ADD, l, kconst(&b, DT_F32, 0.1)),
         k2(&b, OP_MUL, i, kconst(&b, DT_I64, 3)), k2(&b, OP_ADD, l, i),
         k2(&b, OP_DIV, l, i), k2(&b, OP_LT, i, f), k2(&b, OP_ADD, t, l),
         k2(&b, OP_MUL, t, kconst(&b, DT_F32, 2.5)),
         k2(&b, OP_SUB, kconst(&b, DT_I64, 7), f));
  }
  b = knew(L, c, "where_dtypes");
  {
    int cnd = kin(&b, "c", DT_BOOL, 0, 1, 2, 4, 1);
    int f = kin(&b, "f", DT_F32, -3, 3, 2, 1, 9);
    int l = kin(&b, "l", DT_I64, -9, 9, 1, 9);
    int i = kin(&b, "i", DT_I32, -9, 9, 1, 9);
    int t = kin(&b, "t", DT_BOOL, 0, 1, 1, 9);
    kout(&b, 4, kwhere(&b, cnd, f, l), kwhere(&b, cnd, l, i),
         kwhere(&b, cnd, i, kconst(&b, DT_I64, 5)), kwhere(&b, cnd, t, t));
  }
  /* -- pointwise chains and odd sizes -- */
  for (int n = 1; n <= 37; n += (n < 9 ? 1 : 7)) {
    b = knew(L, c, "chain_add_relu_n%d", n);
    int x = kin(&b, "x", DT_F32, -3, 3, 1, n);
    int y = kin(&b, "y", DT_F32, -3, 3, 1, n);
    kout(&b, 1, k1(&b, OP_RELU, k2(&b, OP_ADD, x, y)));
    b.k->want_nests = 1;
  }
  b = knew(L, c, "chain_three_ops_2d");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 9, 13);
    int y = kin(&b, "y", DT_F32, -3, 3, 1, 13);
    int t = k1(&b, OP_TANH, k2(&b, OP_MUL, k2(&b, OP_ADD, x, y),
                               kconst(&b, DT_F32, 0.5)));
    kout(&b, 1, t);
    b.k->want_nests = 1;
  }
  b = knew(L, c, "shared_subexpression_two_outputs");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 6, 5);
    int e = k1(&b, OP_EXP, x);
    kout(&b, 3, k2(&b, OP_ADD, e, kconst(&b, DT_I64, 1)),
         k2(&b, OP_MUL, e, e), e);
    b.k->want_nests = 1;
  }
  /* -- views -- */
  b = knew(L, c, "views_permute_slice_select_expand");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 3, 4, 5, 6);
    int p = kview(&b, OP_PERMUTE, x, 3, 2, 0, 1);     /* [6, 4, 5] */
    int s = kslice(&b, p, 2, 1, 5, 2);                /* [6, 4, 2] */
    int v = kselect(&b, x, 1, -1);                    /* [4, 6] */
    int e = kview(&b, OP_EXPAND, kview(&b, OP_RESHAPE, v, 3, 4, 1, 6), 3, 4,
                  3, 6);
    kout(&b, 3, k2(&b, OP_MUL, s, kconst(&b, DT_I64, 2)), k1(&b, OP_NEG, e),
         k2(&b, OP_ADD, p, kconst(&b, DT_F32, 1)));
  }
  b = knew(L, c, "reshape_of_input_and_expression");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 6, 4);
    int r = kview(&b, OP_RESHAPE, x, 3, 2, 3, 4);
    int y = k1(&b, OP_EXP, x);
    int t = kview(&b, OP_PERMUTE, y, 2, 1, 0);        /* [4, 6] */
    int f = kview(&b, OP_RESHAPE, t, 1, 24);          /* flatten: copy */
    int g = kview(&b, OP_RESHAPE, k1(&b, OP_SIN, x), 2, 4, 6); /* affine */
    kout(&b, 3, k2(&b, OP_ADD, r, kconst(&b, DT_I64, 1)),
         k2(&b, OP_MUL, f, kconst(&b, DT_I64, 3)), g);
  }
  b = knew(L, c, "output_is_input_and_repeated");
  {
    int x = kin(&b, "x", DT_I32, -9, 9, 2, 3, 3);
    int t = kview(&b, OP_PERMUTE, x, 2, 1, 0);
    kout(&b, 4, x, t, t, k1(&b, OP_CLONE, t));
  }
  b = knew(L, c, "zero_dim_and_empty");
  {
    int s = kin(&b, "s", DT_F32, -3, 3, 0);
    int e = kin(&b, "e", DT_F32, -3, 3, 2, 0, 4);
    int x = kin(&b, "x", DT_F32, -3, 3, 1, 4);
    kout(&b, 4, k2(&b, OP_MUL, s, x), k2(&b, OP_ADD, e, x),
         kred(&b, OP_SUM, e, false, 1, 0), kred(&b, OP_SUM, e, false, 0));
  }
  /* -- creation -- */
  b = knew(L, c, "full_and_arange");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 1, 10);
    kout(&b, 5, k2(&b, OP_ADD, x, kfull(&b, DT_F32, 0.1, 1, 10)),
         karange(&b, DT_F32, 0.5, 0.1, 10), karange(&b, DT_I64, -3, 2, 10),
         k2(&b, OP_MUL, x, karange(&b, DT_I32, 5, -1, 10)),
         kfull(&b, DT_BOOL, 1, 2, 2, 3));
  }
  /* -- reductions: every op and dtype, dims, keepdim, tails -- */
  for (int dt = 0; dt < DT_COUNT; dt++)
    for (size_t k = 0; k < sizeof reductions / sizeof *reductions; k++) {
      Op op = reductions[k];
      if (op == OP_MEAN && !dwT_is_float(dt)) continue;
      /* argmax/argmin of bool: PyTorch has no kernel ("argmax_cpu" not
       * implemented for 'Bool'), checked by the bad-call sweep */
      if ((op == OP_ARGMAX || op == OP_ARGMIN) && dt == DT_BOOL) continue;
      b = knew(L, c, "reduce_%s_%s", dw_ops[op].name, dt_tag[dt]);
      double lo, hi;
      range_of((DType)dt, &lo, &hi);
      if (op == OP_PROD && dwT_is_float(dt)) lo = 0.5, hi = 1.5;
      int x = kin(&b, "x", (DType)dt, lo, hi, 3, 3, 7, 19);
      if (dwT_is_float(dt) && op != OP_PROD) b.k->in[0].special = 1;
      if (op == OP_ARGMAX || op == OP_ARGMIN)
        kout(&b, 4, kred(&b, op, x, false, 1, 2), kred(&b, op, x, true, 1, 1),
             kred(&b, op, x, false, 1, 0), kred(&b, op, x, false, 0));
      else
        kout(&b, 5, kred(&b, op, x, false, 1, 2), kred(&b, op, x, true, 1, 1),
             kred(&b, op, x, false, 1, 0), kred(&b, op, x, false, 0),
             kred(&b, op, x, true, 2, 0, 2));
    }
  for (int n = 1; n <= 37; n += (n < 12 ? 1 : 5)) {
    b = knew(L, c, "reduce_rows_n%d", n);
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 3, n);
    kout(&b, 4, kred(&b, OP_SUM, x, false, 1, 1), kred(&b, OP_AMAX, x, true, 1, 1),
         kred(&b, OP_ARGMIN, x, false, 1, 1), kred(&b, OP_SUM, x, false, 1, 0));
  }
  b = knew(L, c, "reduce_long_rows");
  {
    int x = kin(&b, "x", DT_F32, 0, 1, 2, 3, 1000);
    kout(&b, 2, kred(&b, OP_SUM, x, false, 1, 1), kred(&b, OP_MEAN, x, true, 1, 1));
    b.k->exact = true;
  }
  b = knew(L, c, "reduce_prologue_epilogue");
  {
    int x = kin(&b, "x", DT_F32, -2, 2, 2, 8, 33);
    int p = k2(&b, OP_MUL, k1(&b, OP_EXP, x), kconst(&b, DT_I64, 2));
    int s = kred(&b, OP_SUM, p, true, 1, 1);
    kout(&b, 1, k2(&b, OP_ADD, k2(&b, OP_DIV, s, kconst(&b, DT_I64, 33)),
                   kconst(&b, DT_I64, 1)));
    b.k->want_nests = 1;
  }
  b = knew(L, c, "softmax_last_dim");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 7, 29);
    int m = kred(&b, OP_AMAX, x, true, 1, -1);
    int e = ksmexp(&b, k2(&b, OP_SUB, x, m)); /* as torch.softmax */
    int s = kred(&b, OP_SUM, e, true, 1, -1);
    kout(&b, 1, k2(&b, OP_DIV, e, s));
    b.k->want_nests = 1;
    b.k->want_carries = 1; /* exp(x - max) */
  }
  b = knew(L, c, "softmax_dim0");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 13, 10);
    int m = kred(&b, OP_AMAX, x, true, 1, 0);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, x, m));
    int s = kred(&b, OP_SUM, e, true, 1, 0);
    kout(&b, 1, k2(&b, OP_DIV, e, s));
    b.k->want_nests = 1;
    b.k->want_carries = 1; /* exp(x - max) */
  }
  b = knew(L, c, "layer_norm");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 6, 24);
    int w = kin(&b, "w", DT_F32, 0.5, 1.5, 1, 24);
    int bias = kin(&b, "b", DT_F32, -1, 1, 1, 24);
    int mu = kred(&b, OP_MEAN, x, true, 1, -1);
    int d = k2(&b, OP_SUB, x, mu);
    int var = kred(&b, OP_MEAN, k2(&b, OP_MUL, d, d), true, 1, -1);
    int r = k1(&b, OP_RSQRT, k2(&b, OP_ADD, var, kconst(&b, DT_F32, 1e-5)));
    kout(&b, 1, k2(&b, OP_ADD, k2(&b, OP_MUL, k2(&b, OP_MUL, d, r), w), bias));
    b.k->want_nests = 1;
  }
  b = knew(L, c, "reduce_middle_dim_and_consumers_elsewhere");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 3, 5, 6, 7);
    int s = kred(&b, OP_SUM, x, false, 1, 1);           /* [5, 7] */
    int t = kview(&b, OP_PERMUTE, s, 2, 1, 0);         /* [7, 5] */
    kout(&b, 2, k2(&b, OP_MUL, t, kconst(&b, DT_I64, 2)),
         kred(&b, OP_ARGMAX, x, true, 1, 1));
  }
  b = knew(L, c, "argmax_nan_first");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 4, 21);
    b.k->in[0].special = 1;
    kout(&b, 4, kred(&b, OP_ARGMAX, x, false, 1, 1), kred(&b, OP_ARGMIN, x, false, 1, 1),
         kred(&b, OP_ARGMAX, x, false, 1, 0), kred(&b, OP_AMAX, x, false, 1, 1));
  }
  b = knew(L, c, "reduce_all_of_permuted_scalar_loops");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 5, 7);
    int i = kin(&b, "i", DT_I64, -9, 9, 3, 2, 3, 4);
    int t = kview(&b, OP_PERMUTE, x, 2, 1, 0);
    int ti = kview(&b, OP_PERMUTE, i, 3, 2, 0, 1);
    kout(&b, 4, kred(&b, OP_SUM, t, false, 0), kred(&b, OP_ARGMAX, t, false, 0),
         kred(&b, OP_PROD, ti, false, 0), kred(&b, OP_ARGMIN, ti, false, 0));
  }
  b = knew(L, c, "reduce_zero_dim");
  {
    int s = kin(&b, "s", DT_F32, -3, 3, 0);
    int i = kin(&b, "i", DT_I32, -9, 9, 0);
    kout(&b, 4, kred(&b, OP_SUM, s, false, 0), kred(&b, OP_AMAX, i, false, 0),
         kred(&b, OP_ARGMAX, s, false, 0), kred(&b, OP_MEAN, s, true, 1, 0));
  }
  b = knew(L, c, "gather_i64_bool_i32");
  {
    int l = kin(&b, "l", DT_I64, -9, 9, 2, 6, 5);
    int t = kin(&b, "t", DT_BOOL, 0, 1, 2, 6, 5);
    int i = kin(&b, "i", DT_I32, -9, 9, 2, 6, 5);
    int lt = kview(&b, OP_PERMUTE, l, 2, 1, 0), tt = kview(&b, OP_PERMUTE, t, 2, 1, 0);
    int it = kview(&b, OP_PERMUTE, i, 2, 1, 0);
    kout(&b, 4, k2(&b, OP_ADD, lt, kconst(&b, DT_I64, 1)), k1(&b, OP_NOT, tt),
         kwhere(&b, tt, lt, it), k2(&b, OP_MUL, it, kconst(&b, DT_I64, 3)));
  }
  /* argsort: merge sort nests (rows of odd and power-of-two lengths: an
   * odd or even number of merge passes; nan, inf and -0 among floats; many
   * ties among ints, which must keep their order) */
  b = knew(L, c, "sort_rows_f32_special");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 7, 37);
    b.k->in[0].special = 1;
    int up = kop(&b, OP_ARGSORT, 1, (int32_t[]){x}, &(OpAttrs){.flag = 0});
    int dn = kop(&b, OP_ARGSORT, 1, (int32_t[]){x}, &(OpAttrs){.flag = 1});
    OpAttrs ga = {.i = {-1}, .ni = 1, .flag = GK_GATHER};
    kout(&b, 3, up, dn, kop(&b, OP_GATHER, 2, (int32_t[]){x, up}, &ga));
    b.k->exact = true;
  }
  b = knew(L, c, "sort_ties_i64_i32_bool");
  {
    int l = kin(&b, "l", DT_I64, 0, 3, 2, 5, 32);
    int i = kin(&b, "i", DT_I32, -2, 2, 1, 33);
    int t = kin(&b, "t", DT_BOOL, 0, 1, 2, 3, 16);
    kout(&b, 4, kop(&b, OP_ARGSORT, 1, (int32_t[]){l}, &(OpAttrs){.flag = 0}),
         kop(&b, OP_ARGSORT, 1, (int32_t[]){l}, &(OpAttrs){.flag = 1}),
         kop(&b, OP_ARGSORT, 1, (int32_t[]){i}, &(OpAttrs){.flag = 1}),
         kop(&b, OP_ARGSORT, 1, (int32_t[]){t}, &(OpAttrs){.flag = 0}));
  }
  b = knew(L, c, "sort_of_view_and_consumers");
  {
    /* the input a permuted computed value (materialised first), the order
     * read by a pointwise consumer and returned twice */
    int x = kin(&b, "x", DT_F32, -9, 9, 2, 6, 5);
    int y = kview(&b, OP_PERMUTE, k2(&b, OP_MUL, x, kconst(&b, DT_F32, 2)), 2, 1, 0);
    int o = kop(&b, OP_ARGSORT, 1, (int32_t[]){y}, &(OpAttrs){.flag = 0});
    kout(&b, 3, o, o, k2(&b, OP_ADD, o, kconst(&b, DT_I64, 1)));
    b.k->exact = true;
  }
  b = knew(L, c, "outer_product_of_two_reductions");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 6, 9);
    int r = kred(&b, OP_SUM, x, true, 1, 1);   /* [6, 1] */
    int cl = kred(&b, OP_AMAX, x, true, 1, 0); /* [1, 9] */
    kout(&b, 1, k2(&b, OP_MUL, r, cl));
  }
  /* -- large float32 sums: the cascade order of dwmath.h in every loop
   *    shape (vector over r, vector over outputs with one or several
   *    reduced loops, scalar), bit-identical to the eager kernels -- */
  b = knew(L, c, "sum_all_1M_const");
  {
    int x = kin(&b, "x", DT_F32, 0.1, 0.1, 1, 1 << 20);
    kout(&b, 2, kred(&b, OP_SUM, x, false, 0), kred(&b, OP_MEAN, x, true, 1, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_all_1M_plus_3_random");
  {
    int x = kin(&b, "x", DT_F32, -1, 3, 1, (1 << 20) + 3);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_dim0_reshape_1M_by_16");
  {
    int x = kin(&b, "x", DT_F32, 0.1, 0.1, 1, 1 << 20);
    int r = kview(&b, OP_RESHAPE, x, 2, -1, 16);
    kout(&b, 2, kred(&b, OP_SUM, r, false, 1, 0), kred(&b, OP_MEAN, r, true, 1, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_rows_block_edges");
  {
    /* rows of 2049 (one element past a level-1 flush), and row lengths
     * around the block (127..129), each with a tail */
    int x = kin(&b, "x", DT_F32, -2, 3, 2, 5, 2049);
    int y = kin(&b, "y", DT_F32, 0, 1, 2, 6, 129);
    int z = kin(&b, "z", DT_F32, 0, 1, 2, 3, 127);
    int w = kin(&b, "w", DT_F32, 0, 1, 2, 3, 128);
    kout(&b, 5, kred(&b, OP_SUM, x, false, 1, 1), kred(&b, OP_MEAN, y, true, 1, 1),
         kred(&b, OP_SUM, z, false, 1, 1), kred(&b, OP_SUM, w, false, 1, 1),
         kred(&b, OP_SUM, x, false, 1, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_cols_outer_lanes_and_tail");
  {
    /* 37 outputs: 9 groups of 4 lanes and one scalar; 4099 rows */
    int x = kin(&b, "x", DT_F32, -1, 2, 2, 4099, 37);
    kout(&b, 2, kred(&b, OP_SUM, x, false, 1, 0), kred(&b, OP_MEAN, x, true, 1, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_cols_jammed_epilogues");
  {
    /* column sums of 70 columns (4 jammed groups of 16, one vector, two
     * scalars) over 300 rows (2 blocks, a partial block, a tail of 4):
     * an inner value summed, outer ops after the sum (an outer load of w
     * at each copy's offset) */
    int x = kin(&b, "x", DT_F32, -1, 2, 2, 300, 70);
    int w = kin(&b, "w", DT_F32, 0.5, 1.5, 1, 70);
    int sq = kred(&b, OP_SUM, k2(&b, OP_MUL, x, x), false, 1, 0);
    kout(&b, 2, k2(&b, OP_ADD, k2(&b, OP_MUL, sq, w), kconst(&b, DT_F32, 1)),
         kred(&b, OP_MEAN, x, true, 1, 0));
    b.k->exact = true;
    b.k->want_jam = 4;
    b.k->want_tiled = 1;
  }
  b = knew(L, c, "sum_cols_outer_value_inside");
  {
    /* the summed value reads the outer w: one copy (not jammed) */
    int x = kin(&b, "x", DT_F32, -1, 2, 2, 300, 70);
    int w = kin(&b, "w", DT_F32, 0.5, 1.5, 1, 70);
    kout(&b, 1, kred(&b, OP_SUM, k2(&b, OP_MUL, x, w), false, 1, 0));
    b.k->exact = true;
    b.k->want_jam = 1;
    b.k->want_tiled = -1;
  }
  b = knew(L, c, "sum_cols_tiled_pages_chunked");
  {
    /* [1030, 1100]: called in chunks of 1024 columns (a page of each row)
     * then 76 (64 jammed, 3 vectors, scalars); 8 full blocks read tile by
     * tile, then 6 rows: the partial block; two sums in the nest */
    int x = kin(&b, "x", DT_F32, -1, 2, 2, 1030, 1100);
    b.k->in[0].special = 2;
    kout(&b, 2, kred(&b, OP_SUM, k2(&b, OP_MUL, x, x), false, 1, 0),
         kred(&b, OP_MEAN, x, true, 1, 0));
    b.k->exact = true;
    b.k->want_jam = 4;
    b.k->want_tiled = 1;
  }
  b = knew(L, c, "sum_cols_tiled_three_levels");
  {
    /* 2100 rows: 16 full blocks (a level-1 flush into level 2 in scratch
     * at block 16), then 52 rows; one call (not chunked) */
    int x = kin(&b, "x", DT_F32, -1, 2, 2, 2100, 300);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 1, 0));
    b.k->exact = true;
    b.k->want_tiled = 1;
  }
  b = knew(L, c, "sum_cols_tiled_f64_batched");
  {
    /* float64, dim 1 of [3, 260, 40]: the tiles inside the loop over the
     * batch (the scratch zeroed for each), 2 blocks and 4 rows */
    int x = kin(&b, "x", DT_F64, -2, 2, 3, 3, 260, 40);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 1, 1));
    b.k->exact = true;
    b.k->want_tiled = 1;
  }
  b = knew(L, c, "sum_two_reduced_dims_rotating");
  {
    /* dims 0 and 2 of [67, 5, 301]: two inner loops (R = 20167, 7 mod 8) */
    int x = kin(&b, "x", DT_F32, 0, 1, 3, 67, 5, 301);
    kout(&b, 2, kred(&b, OP_SUM, x, false, 2, 0, 2), kred(&b, OP_MEAN, x, true, 2, 0, 2));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_two_reduced_dims_innermost_by_8");
  {
    /* dims 0 and 2 of [37, 3, 24] (R = 888) and of [300, 2, 16] (R =
     * 4800): two inner loops, the innermost a multiple of 8 */
    int x = kin(&b, "x", DT_F32, -1, 2, 3, 37, 3, 24);
    int y = kin(&b, "y", DT_F32, 0, 1, 3, 300, 2, 16);
    kout(&b, 2, kred(&b, OP_SUM, x, false, 2, 0, 2), kred(&b, OP_MEAN, y, true, 2, 0, 2));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_three_reduced_loops_odometer");
  {
    /* three inner loops that cannot merge (two carries), R = 140; all of
     * a permuted [12, 11, 13] (R = 1716, no outer loop); R = 4 (no step
     * of 8, the tail only) */
    int x = kin(&b, "x", DT_F32, -1, 2, 4, 4, 5, 6, 7);
    int t = kview(&b, OP_PERMUTE, x, 4, 2, 0, 3, 1);   /* [6, 4, 7, 5] */
    int y = kin(&b, "y", DT_F32, 0, 1, 3, 12, 11, 13);
    int u = kview(&b, OP_PERMUTE, y, 3, 2, 0, 1);
    int z = kin(&b, "z", DT_F32, 0, 1, 3, 2, 3, 2);
    kout(&b, 4, kred(&b, OP_SUM, t, false, 3, 1, 2, 3), kred(&b, OP_MEAN, t, true, 3, 1, 2, 3),
         kred(&b, OP_SUM, u, false, 0), kred(&b, OP_SUM, z, false, 2, 0, 2));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_all_of_permuted_large");
  {
    /* a transposed [300, 701]: scalar loops over two dims (FV_NONE) */
    int x = kin(&b, "x", DT_F32, 0, 1, 2, 300, 701);
    int t = kview(&b, OP_PERMUTE, x, 2, 1, 0);
    kout(&b, 2, kred(&b, OP_SUM, t, false, 0), kred(&b, OP_SUM, t, false, 1, 1));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_middle_dim_large");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 3, 3, 3001, 10);
    kout(&b, 1, kred(&b, OP_SUM, x, true, 1, 1));
    b.k->exact = true;
  }
  b = knew(L, c, "sum_with_other_accumulators_same_pass");
  {
    /* a cascade sum beside amax, argmax, an int64 sum and a float product
     * in the same pass (and a stored prologue value) */
    int x = kin(&b, "x", DT_F32, 0.999, 1.001, 2, 5, 3001);
    int i = kin(&b, "i", DT_I64, -9, 9, 2, 5, 3001);
    int e = k2(&b, OP_MUL, x, kconst(&b, DT_F32, 3));
    kout(&b, 6, kred(&b, OP_SUM, e, false, 1, 1), kred(&b, OP_AMAX, e, false, 1, 1),
         kred(&b, OP_ARGMAX, e, false, 1, 1), kred(&b, OP_SUM, i, false, 1, 1),
         kred(&b, OP_PROD, x, false, 1, 1), e);
    b.k->exact = true;
  }
  b = knew(L, c, "softmax_dim0_large");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 3000, 21);
    int m = kred(&b, OP_AMAX, x, true, 1, 0);
    int e = ksmexp(&b, k2(&b, OP_SUB, x, m));
    kout(&b, 1, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, 0)));
    b.k->exact = true;
  }
  b = knew(L, c, "softmax_rows_exp_underflow");
  {
    /* x - amax(x) down to -120 (subnormal and zero results of exp, one
     * scale factor: wasm_math.c exp4_ nonpos), -inf, inf and nan in rows */
    int x = kin(&b, "x", DT_F32, -120, 0, 2, 9, 67);
    int y = kin(&b, "y", DT_F32, -3, 3, 2, 9, 67);
    b.k->in[1].special = 1;
    int m = kred(&b, OP_AMAX, x, true, 1, 1);
    int e = ksmexp(&b, k2(&b, OP_SUB, x, m)); /* softmax's exp; ey: torch.exp */
    int my = kred(&b, OP_AMAX, y, true, 1, 1);
    int ey = k1(&b, OP_EXP, k2(&b, OP_SUB, y, my));
    kout(&b, 3, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, 1)), e,
         k2(&b, OP_DIV, ey, kred(&b, OP_SUM, ey, true, 1, 1)));
    b.k->exact = true;
    b.k->want_pipe = 1;     /* both maxima in pass 0 */
    b.k->want_nanfree = -1; /* exp(x - max) is an output */
  }
  /* rows with pass 0 (the max) of the next row inside pass 1 (FNest.pipe)
   * and the max without a nan mask (FAcc.nanfree): some rows with a nan, inf,
   * -inf or a zero (in the 4-lane part and in the tail of 3) */
  for (int lg = 0; lg < 2; lg++) {
    b = knew(L, c, lg ? "log_softmax_rows_pipe_special" : "softmax_rows_pipe_special");
    int x = kin(&b, "x", DT_F32, -9, 9, 2, 37, 67);
    b.k->in[0].special = 3;
    int m = kred(&b, OP_AMAX, x, true, 1, 1);
    int d = k2(&b, OP_SUB, x, m), e = ksmexp(&b, d);
    int s = kred(&b, OP_SUM, e, true, 1, 1);
    kout(&b, 1, lg ? k2(&b, OP_SUB, d, k1(&b, OP_LOG, s)) : k2(&b, OP_DIV, e, s));
    b.k->exact = true;
    b.k->want_pipe = b.k->want_nanfree = 1;
    /* softmax keeps exp(x - max) for the division; log_softmax x - max (not
     * costly, but stored while the exp pass computes: its last pass then
     * reads the output it rewrites, not the input) */
    b.k->want_nests = b.k->want_carries = 1;
  }
  b = knew(L, c, "softmax_two_rows_pipe"); /* the next row of the last: itself */
  {
    int x = kin(&b, "x", DT_F32, -9, 9, 2, 2, 67);
    int m = kred(&b, OP_AMAX, x, true, 1, 1);
    int e = ksmexp(&b, k2(&b, OP_SUB, x, m));
    kout(&b, 1, k2(&b, OP_MUL, e, k2(&b, OP_DIV, kconst(&b, DT_F32, 1),
                                      kred(&b, OP_SUM, e, true, 1, 1))));
    b.k->exact = true;
    b.k->want_pipe = b.k->want_nanfree = 1;
  }
  b = knew(L, c, "softmax_rows_and_max_special"); /* the max is an output */
  {
    int x = kin(&b, "x", DT_F32, -9, 9, 2, 37, 67);
    b.k->in[0].special = 3;
    int m = kred(&b, OP_AMAX, x, true, 1, 1);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, x, m));
    kout(&b, 2, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, 1)), m);
    b.k->exact = true;
    b.k->want_pipe = 1;
    b.k->want_nanfree = -1;
  }
  b = knew(L, c, "softmax_rows_scaled_special"); /* pass 0 reads s[row] */
  {
    int x = kin(&b, "x", DT_F32, -9, 9, 2, 37, 67);
    int sc = kin(&b, "s", DT_F32, 0.5, 2, 2, 37, 1);
    b.k->in[0].special = 3;
    int y = k2(&b, OP_MUL, x, sc);
    int m = kred(&b, OP_AMAX, y, true, 1, 1);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, y, m));
    kout(&b, 1, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, 1)));
    b.k->exact = true;
    b.k->want_pipe = -1;
    b.k->want_nanfree = 1;
  }
  b = knew(L, c, "chunked_softmax_rows_pipe");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 600, 513);
    b.k->in[0].special = 3;
    int m = kred(&b, OP_AMAX, x, true, 1, -1);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, x, m));
    kout(&b, 1, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, -1)));
    b.k->exact = true;
    b.k->want_pipe = b.k->want_nanfree = 1;
  }
  b = knew(L, c, "log_softmax_rows_large");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 4, 20000);
    int m = kred(&b, OP_AMAX, x, true, 1, 1);
    int d = k2(&b, OP_SUB, x, m);
    int s = kred(&b, OP_SUM, k1(&b, OP_EXP, d), true, 1, 1);
    kout(&b, 1, k2(&b, OP_SUB, d, k1(&b, OP_LOG, s)));
    b.k->exact = true;
  }
  b = knew(L, c, "layer_norm_large");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 3, 5000);
    int mu = kred(&b, OP_MEAN, x, true, 1, -1);
    int d = k2(&b, OP_SUB, x, mu);
    int var = kred(&b, OP_MEAN, k2(&b, OP_MUL, d, d), true, 1, -1);
    int r = k1(&b, OP_RSQRT, k2(&b, OP_ADD, var, kconst(&b, DT_F32, 1e-5)));
    kout(&b, 2, k2(&b, OP_MUL, d, r), var);
    b.k->exact = true;
  }
  b = knew(L, c, "sum_special_values_large");
  {
    /* nan / inf / -0 sprinkled over long rows and columns */
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 300, 301);
    b.k->in[0].special = 1;
    int y = kin(&b, "y", DT_F32, -3, 3, 2, 300, 301);
    b.k->in[1].special = 2;
    kout(&b, 4, kred(&b, OP_SUM, x, false, 1, 1), kred(&b, OP_SUM, x, false, 1, 0),
         kred(&b, OP_SUM, y, false, 1, 1), kred(&b, OP_SUM, y, false, 1, 0));
    b.k->exact = true;
  }
  /* -- matmul -- */
  /* {M, K, N, w}: x[M, K] @ w[K, N] + bias, relu; w = 1: x @ W.T with W
   * [N, K] (nn.Linear's layout). B is read through panels of 8 and 4
   * columns packed k-major (the rest one by one; K % 4 != 0; rows in tiles
   * of 4 and one by one) when it is W.T (N >= 4), or contiguous along n
   * with 2 rows or more; else in place. Bit-identical to eager either way. */
  static const int mm_sizes[][4] = {{1, 1, 1, 0}, {2, 3, 4, 0}, {4, 8, 8, 0}, {5, 7, 9, 0},
                                    {8, 16, 12, 0}, {13, 5, 11, 0}, {3, 33, 17, 0},
                                    {9, 37, 19, 1}, {5, 33, 12, 1}, {4, 8, 4, 1},
                                    {1, 3, 5, 1}, {7, 64, 16, 1}, {17, 37, 21, 0},
                                    {8, 1, 8, 0}, {7, 9, 16, 0}};
  for (size_t k = 0; k < sizeof mm_sizes / sizeof *mm_sizes; k++) {
    int M = mm_sizes[k][0], K = mm_sizes[k][1], N = mm_sizes[k][2], t = mm_sizes[k][3];
    b = knew(L, c, "%s_%dx%dx%d", t ? "linear_packed" : "matmul_bias_relu", M, K, N);
    int x = kin(&b, "x", DT_F32, -2, 2, 2, M, K);
    int w = t ? kview(&b, OP_PERMUTE, kin(&b, "w", DT_F32, -2, 2, 2, N, K), 2, 1, 0)
              : kin(&b, "w", DT_F32, -2, 2, 2, K, N);
    int bias = kin(&b, "b", DT_F32, -2, 2, 1, N);
    kout(&b, 1, k1(&b, OP_RELU, k2(&b, OP_ADD, k2(&b, OP_MATMUL, x, w), bias)));
    b.k->want_nests = 1; /* one nest: no copy of W.T either */
    b.k->want_pack = t ? N >= 4 : M >= 2;
    b.k->exact = true;
  }
  b = knew(L, c, "matmul_linear_transposed_weight");
  {
    int x = kin(&b, "x", DT_F32, -2, 2, 2, 6, 10);
    int w = kin(&b, "w", DT_F32, -2, 2, 2, 7, 10);
    int bias = kin(&b, "b", DT_F32, -2, 2, 1, 7);
    int wt = kview(&b, OP_PERMUTE, w, 2, 1, 0);
    int y = k2(&b, OP_ADD, k2(&b, OP_MATMUL, x, wt), bias);
    kout(&b, 2, y, k1(&b, OP_SIGMOID, y));
  }
  b = knew(L, c, "matmul_batched_broadcast");
  {
    int x = kin(&b, "x", DT_F32, -2, 2, 3, 3, 5, 4);
    int w = kin(&b, "w", DT_F32, -2, 2, 2, 4, 6);
    int v = kin(&b, "v", DT_F32, -2, 2, 4, 2, 1, 6, 3);
    int y = k2(&b, OP_MATMUL, x, w);                    /* [3, 5, 6] */
    kout(&b, 2, y, k2(&b, OP_MATMUL, y, v));            /* [2, 3, 5, 3] */
  }
  b = knew(L, c, "matmul_vectors");
  {
    int a = kin(&b, "a", DT_F32, -2, 2, 1, 7);
    int m = kin(&b, "m", DT_F32, -2, 2, 2, 7, 5);
    int v = kin(&b, "v", DT_F32, -2, 2, 1, 5);
    int am = k2(&b, OP_MATMUL, a, m);                   /* [5] */
    kout(&b, 3, am, k2(&b, OP_MATMUL, m, v), k2(&b, OP_MATMUL, am, v));
  }
  b = knew(L, c, "matmul_of_expressions");
  {
    int x = kin(&b, "x", DT_F32, -2, 2, 2, 9, 6);
    int w = kin(&b, "w", DT_F32, -2, 2, 2, 6, 10);
    int y = k2(&b, OP_MATMUL, k1(&b, OP_TANH, x), k2(&b, OP_MUL, w, w));
    int s = kred(&b, OP_SUM, y, false, 1, 1);
    kout(&b, 2, k2(&b, OP_MATMUL, y, kview(&b, OP_PERMUTE, y, 2, 1, 0)), s);
  }
  b = knew(L, c, "matmul_f64");
  {
    int x = kin(&b, "x", DT_F64, -2, 2, 2, 9, 6);
    int w = kin(&b, "w", DT_F64, -2, 2, 3, 2, 6, 10);
    int v = kin(&b, "v", DT_F64, -2, 2, 1, 6);
    int y = k2(&b, OP_MATMUL, x, w); /* [2, 9, 10]: rows of 4 and 1, cols 8 + 2 */
    kout(&b, 3, k2(&b, OP_ADD, y, kconst(&b, DT_F64, 0.1)), kred(&b, OP_SUM, y, false, 1, 2),
         k2(&b, OP_MATMUL, x, v));
  }
  b = knew(L, c, "f64_sums_long");
  {
    int x = kin(&b, "x", DT_F64, -1, 1, 2, 3, 5000);
    int y = kin(&b, "y", DT_F64, -1, 1, 2, 4100, 5);
    kout(&b, 3, kred(&b, OP_SUM, x, false, 1, 1), kred(&b, OP_MEAN, y, false, 1, 0),
         kred(&b, OP_SUM, x, false, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "f64_mixed_promotion");
  {
    int d = kin(&b, "d", DT_F64, -3, 3, 2, 3, 9);
    int f = kin(&b, "f", DT_F32, -3, 3, 1, 9);
    int l = kin(&b, "l", DT_I64, -9, 9, 1, 9);
    kout(&b, 5, k2(&b, OP_ADD, d, f), k2(&b, OP_MUL, l, d), k2(&b, OP_LT, f, d),
         kcast(&b, k2(&b, OP_MAXIMUM, d, f), DT_F32), k2(&b, OP_DIV, d, kconst(&b, DT_F64, 3)));
  }
  for (int dt = DT_I64; dt <= DT_I32; dt++) {
    b = knew(L, c, "matmul_int_%s", dt_tag[dt]);
    int x = kin(&b, "x", (DType)dt, -9, 9, 2, 6, 5);
    int w = kin(&b, "w", (DType)dt, -9, 9, 2, 5, 9);
    kout(&b, 1, k2(&b, OP_ADD, k2(&b, OP_MATMUL, x, w), kconst(&b, DT_I64, 1)));
  }
  /* -- cat -- */
  b = knew(L, c, "cat_expressions");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 2, 3, 5);
    int y = kin(&b, "y", DT_I64, -9, 9, 2, 4, 5);
    int z = kin(&b, "z", DT_F32, -3, 3, 2, 3, 2);
    int c0 = kcat(&b, 0, 2, (int32_t[]){k1(&b, OP_EXP, x), y});  /* [7, 5] */
    int c1 = kcat(&b, 1, 3, (int32_t[]){x, z, k1(&b, OP_NEG, z)}); /* [3, 9] */
    kout(&b, 3, c0, c1, kred(&b, OP_SUM, c1, false, 1, 1));
  }
  /* -- big nests run in chunks of rows (several calls) -- */
  b = knew(L, c, "chunked_pointwise_1d");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 1, 300001);
    int y = kin(&b, "y", DT_F32, -3, 3, 1, 300001);
    kout(&b, 1, k1(&b, OP_SIGMOID, k2(&b, OP_MUL, x, y)));
  }
  b = knew(L, c, "chunked_pointwise_2d_broadcast");
  {
    int x = kin(&b, "x", DT_I32, -9, 9, 2, 1031, 257);
    int y = kin(&b, "y", DT_I64, -9, 9, 1, 257);
    kout(&b, 1, k2(&b, OP_MUL, x, y));
  }
  b = knew(L, c, "chunked_softmax_rows");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 600, 513);
    int m = kred(&b, OP_AMAX, x, true, 1, -1);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, x, m));
    kout(&b, 2, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, -1)),
         kred(&b, OP_ARGMAX, x, false, 1, 1));
    b.k->exact = true;
  }
  /* -- the testing backend -- */
  b = knew(L, c, "relu_runtime_error");
  {
    int x = kin(&b, "x", DT_F32, -3, 3, 1, 8);
    kout(&b, 1, k1(&b, OP_RELU, k2(&b, OP_ADD, x, kconst(&b, DT_I64, 1))));
    b.k->mode = EMIT_RELU_RUNTIME_ERROR;
    b.k->status = DW_KERR_TESTING;
  }
}

/* ------------------------------------------------------------------ */
/* Data                                                                */
/* ------------------------------------------------------------------ */

static uint64_t krng = 0x9e3779b97f4a7c15ULL;
static inline double kuniform(void) {
  krng ^= krng << 13;
  krng ^= krng >> 7;
  krng ^= krng << 17;
  return (double)(krng >> 11) / 9007199254740992.0;
}

/* Fills a new tensor of meta m following spec s. */
static inline Tensor *kdata(Ctx *c, const TMeta *m, const InSpec *s) {
  Tensor *t = dwT_new(c, (DType)m->dtype, m->ndim, m->shape);
  if (!t) return NULL;
  int64_t n = dwT_numel(t);
  for (int64_t i = 0; i < n; i++) {
    double u = kuniform(), v;
    if (dwT_is_float(m->dtype)) {
      v = s->lo + (s->hi - s->lo) * u;
      if (s->special == 1 && i % 7 == 3) {
        static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};
        v = sp[(i / 7) % 5];
      }
      if (s->special == 2 && i % 5 == 2) v = i % 2 ? 0.0 : -0.0;
      if (s->special == 3 && i % 89 == 7) {
        static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};
        v = sp[(i / 89) % 5];
      }
    } else {
      v = floor(s->lo + (s->hi - s->lo + 1) * u);
      if (v > s->hi) v = s->hi;
      if (s->special == 2 && i % 4 == 1) v = 0;
    }
    dwT_set(c, t, i, v);
  }
  return t;
}

#endif /* DW_KERNEL_CASES_H */
