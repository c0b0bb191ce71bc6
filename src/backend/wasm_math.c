/* wasm_math.c - the float32 transcendentals of dwmath.h as WebAssembly:
 * 4-lane SIMD recipes (exp, log, sin/cos, tanh, erf and the activations
 * built from them) that follow dwmath.h's vector versions step by step, and
 * the scalar helper functions $fmodf, $powf and $sincosf_big of a module.
 * Eager kernels and compiled code thus compute the same bits
 * (tensor/dwmath.h explains the recipes; tests/unit/test_wasm_emit.c and
 * tests/node/kernels.test.mjs compare them). */
#include "tensor/dwmath.h"
#include "wasm.h"

#define FADD(a, b) V2(E, W_F32X4_ADD, a, b)
#define FSUB(a, b) V2(E, W_F32X4_SUB, a, b)
#define FMUL(a, b) V2(E, W_F32X4_MUL, a, b)
#define FDIV(a, b) V2(E, W_F32X4_DIV, a, b)
#define DADD(a, b) V2(E, W_F64X2_ADD, a, b)
#define DSUB(a, b) V2(E, W_F64X2_SUB, a, b)
#define DMUL(a, b) V2(E, W_F64X2_MUL, a, b)


/* Horner: p = c[0]; p = p * x + c[k] for k = 1.. (f32 lanes). */
static int horner4(Em *E, int x, const float *c, int n) {
  int p = VK(E, c[0]);
  for (int k = 1; k < n; k++) p = FADD(FMUL(p, x), VK(E, c[k]));
  return p;
}
static int horner2(Em *E, int x, const double *c, int n) { /* f64 lanes */
  int p = VK64(E, c[0]);
  for (int k = 1; k < n; k++) p = DADD(DMUL(p, x), VK64(E, c[k]));
  return p;
}

/* dw_expf4; nonpos: x is known to be <= 0 or nan (x - amax(x): softmax):
 * dw_expf_nonpos, no upper clamp and one scale factor, the same floats in
 * 6 instructions fewer. */
static int exp4_(Em *E, int x, bool nonpos) {
  int xc = V2(E, W_F32X4_PMAX, nonpos ? x : V2(E, W_F32X4_PMIN, x, VK(E, DWM_EXP_HI)),
              VK(E, DWM_EXP_LO));
  /* the multiply-adds relaxed with relaxed SIMD (dw_expf_madd) */
  int t = VMADD(E, xc, VK(E, DWM_LOG2E), VK(E, DWM_EXP_MAGIC));
  int k = FSUB(t, VK(E, DWM_EXP_MAGIC));
  int r = VNMADD(E, k, VK(E, DWM_EXP_LN2_LO), VNMADD(E, k, VK(E, DWM_EXP_LN2_HI), xc));
  int r2 = FMUL(r, r); /* P in Estrin's form, as dwm_exp_er */
  int a = VMADD(E, VK(E, DWM_EXP_P1), r, VK(E, DWM_EXP_P0));
  int b = VMADD(E, VK(E, DWM_EXP_P3), r, VK(E, DWM_EXP_P2));
  int p = VMADD(E, r2, VMADD(E, r2, VK(E, DWM_EXP_P4), b), a);
  int er = FADD(VK(E, 1.0f), VMADD(E, r2, p, r));
  if (nonpos) /* bits(t) << 23 is the float 2^(k + 63) */
    return FMUL(FMUL(er, VSHIFT(E, W_I32X4_SHL, t, 23)), VK(E, DWM_EXP_NONPOS_SCALE));
  int m = V2(E, W_I32X4_ADD, t, VKU(E, (uint32_t)DWM_EXP_BIAS2));
  int h = VSHIFT(E, W_I32X4_SHR_S, m, 1);
  return FMUL(FMUL(er, VSHIFT(E, W_I32X4_SHL, h, 23)),
              VSHIFT(E, W_I32X4_SHL, V2(E, W_I32X4_SUB, m, h), 23));
}
static int exp4(Em *E, int x) { return exp4_(E, x, false); }
/* dw_expf_sm4: softmax's exp (argument <= 0 or nan); !scaled:
 * dw_expf_smu4, e^x * 2^63 (ExpKind EXP_SOFTMAX_UNSCALED). Its
 * multiply-adds are VMADD/VNMADD: with relaxed SIMD, 13 vector steps
 * instead of 21 (12 unscaled; dw_expf_sm_madd, fused or not; without it
 * the same instructions as dw_expf_sm4) */
static int exp4sm(Em *E, int x, bool scaled) {
  int xc = V2(E, W_F32X4_PMAX, x, VK(E, DWM_EXP_LO));
  int t = VMADD(E, xc, VK(E, DWM_LOG2E), VK(E, DWM_EXP_MAGIC));
  int k = FSUB(t, VK(E, DWM_EXP_MAGIC));
  int r = VNMADD(E, k, VK(E, DWM_EXP_LN2_LO), VNMADD(E, k, VK(E, DWM_EXP_LN2_HI), xc));
  int s = VSHIFT(E, W_I32X4_SHL, t, 23);
  int p = VMADD(E, VK(E, DWM_EXPSM_C5), r, VK(E, DWM_EXPSM_C4)); /* Horner */
  p = VMADD(E, p, r, VK(E, DWM_EXPSM_C3));
  p = VMADD(E, p, r, VK(E, DWM_EXPSM_C2));
  p = VMADD(E, p, r, VK(E, DWM_EXPSM_C1));
  int e = VMADD(E, FMUL(r, s), p, s); /* dw_expf_smu: e^x * 2^63 */
  return scaled ? FMUL(e, VK(E, DWM_EXP_NONPOS_SCALE)) : e;
}

/* dw_logf4 */
static int log4(Em *E, int x) {
  int sub = V2(E, W_I32X4_LT_S, x, VKU(E, 0x00800000));
  int xs = VSEL(E, sub, FMUL(x, VK(E, 0x1p25f)), x);
  int k = VSEL(E, sub, VKU(E, (uint32_t)-25), VKU(E, 0));
  int ix = V2(E, W_I32X4_ADD, xs, VKU(E, 0x3f800000u - 0x3f3504f3u));
  k = V2(E, W_I32X4_ADD, k,
         V2(E, W_I32X4_SUB, VSHIFT(E, W_I32X4_SHR_U, ix, 23), VKU(E, 127)));
  ix = V2(E, W_I32X4_ADD, V2(E, W_V128_AND, ix, VKU(E, 0x007fffff)),
          VKU(E, 0x3f3504f3));
  int f = FSUB(ix, VK(E, 1.0f));
  int s = FDIV(f, FADD(VK(E, 2.0f), f));
  int z = FMUL(s, s);
  int w = FMUL(z, z);
  int t1 = FMUL(w, FADD(VK(E, DWM_LG2), FMUL(w, VK(E, DWM_LG4))));
  int t2 = FMUL(z, FADD(VK(E, DWM_LG1), FMUL(w, VK(E, DWM_LG3))));
  int R = FADD(t2, t1);
  int hfsq = FMUL(FMUL(VK(E, 0.5f), f), f);
  int dk = V1(E, W_F32X4_CONVERT_I32X4_S, k);
  int res = FADD(FADD(FSUB(FADD(FMUL(s, FADD(hfsq, R)),
                                FMUL(dk, VK(E, DWM_LOG_LN2_LO))),
                           hfsq),
                      f),
                 FMUL(dk, VK(E, DWM_LOG_LN2_HI)));
  res = VSEL(E, V2(E, W_I32X4_GE_S, x, VKU(E, 0x7f800000)), x, res);
  res = VSEL(E, V2(E, W_F32X4_LT, x, VK(E, 0.0f)), VK(E, NAN), res);
  res = VSEL(E, V2(E, W_F32X4_EQ, x, VK(E, 0.0f)), VK(E, -INFINITY), res);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

static int helper_sincos_big(Em *E);

/* dwm_sincos2 (two f64 lanes) */
static int sincos2(Em *E, int xd, bool cosine) {
  static const double S[5] = {DWM_S4, DWM_S3, DWM_S2, DWM_S1, DWM_S0};
  static const double C[5] = {DWM_C4, DWM_C3, DWM_C2, DWM_C1, DWM_C0};
  int n = V1(E, W_F64X2_NEAREST, DMUL(xd, VK64(E, DWM_INV_PIO2)));
  int r = DSUB(DSUB(xd, DMUL(n, VK64(E, DWM_PIO2_1))),
               DMUL(n, VK64(E, DWM_PIO2_2)));
  int nq = cosine ? DADD(n, VK64(E, 1.0)) : n;
  int n4 = DSUB(nq, DMUL(VK64(E, 4.0),
                         V1(E, W_F64X2_FLOOR, DMUL(nq, VK64(E, 0.25)))));
  int h = V1(E, W_F64X2_FLOOR, DMUL(n4, VK64(E, 0.5)));
  int odd = V2(E, W_F64X2_NE, DSUB(n4, DADD(h, h)), VK64(E, 0.0));
  int neg = V2(E, W_F64X2_GE, n4, VK64(E, 2.0));
  int z = DMUL(r, r);
  int s = horner2(E, z, S, 5);
  s = DADD(r, DMUL(DMUL(r, z), s));
  int c = horner2(E, z, C, 5);
  c = DADD(VK64(E, 1.0), DMUL(z, c));
  int v = VSEL(E, odd, c, s);
  return VSEL(E, neg, V1(E, W_F64X2_NEG, v), v);
}

/* The finite lanes of x with |x| >= DWM_TRIG_BIG (rare) recomputed with
 * the scalar recipe through $sincosf_big, lane by lane: sin (kind 0), cos
 * (1) or tan (2: their quotient in double, as dw_tanf). ax = |x|, fin =
 * the finite lanes; returns res with those lanes replaced. */
static int trig_big_lanes(Em *E, int x, int ax, int fin, int res, int kind) {
  int big = V2(E, W_V128_AND, V2(E, W_F32X4_GE, ax, VK(E, DWM_TRIG_BIG)), fin);
  int helper = helper_sincos_big(E);
  int xl = local_new(E, T_F32, "xl");
  get(E, big);
  ins(E, W_V128_ANY_TRUE);
  ins(E, W_IF);
  for (int k = 0; k < 4; k++) {
    get(E, x);
    ins_i(E, W_F32X4_EXTRACT_LANE, k);
    set(E, xl);
    get(E, xl); ins(E, W_F32_ABS); ins_f32(E, DWM_TRIG_BIG); ins(E, W_F32_GE);
    get(E, xl); ins(E, W_F32_ABS); ins_f32(E, INFINITY); ins(E, W_F32_LT);
    ins(E, W_I32_AND);
    ins(E, W_IF);
    get(E, res);
    if (kind < 2) {
      get(E, xl);
      ins_f32(E, kind ? 1.0f : 0.0f);
      ins_i(E, W_CALL, helper);
    } else {
      get(E, xl); ins_f32(E, 0.0f); ins_i(E, W_CALL, helper);
      ins(E, W_F64_PROMOTE_F32);
      get(E, xl); ins_f32(E, 1.0f); ins_i(E, W_CALL, helper);
      ins(E, W_F64_PROMOTE_F32);
      ins(E, W_F64_DIV);
      ins(E, W_F32_DEMOTE_F64);
    }
    ins_i(E, W_F32X4_REPLACE_LANE, k);
    set(E, res);
    ins(E, W_END);
  }
  ins(E, W_END);
  return res;
}

/* dwm_sincos4 */
static int sincos4(Em *E, int x, bool cosine) {
  static const uint8_t hi_lo[16] = {8, 9, 10, 11, 12, 13, 14, 15,
                                    0, 1, 2,  3,  4,  5,  6,  7};
  static const uint8_t join[16] = {0,  1,  2,  3,  4,  5,  6,  7,
                                   16, 17, 18, 19, 20, 21, 22, 23};
  int lo = sincos2(E, V1(E, W_F64X2_PROMOTE_LOW_F32X4, x), cosine);
  int hi = sincos2(E, V1(E, W_F64X2_PROMOTE_LOW_F32X4, VSHUF(E, x, x, hi_lo)),
                   cosine);
  int res = VSHUF(E, V1(E, W_F32X4_DEMOTE_F64X2_ZERO, lo),
                  V1(E, W_F32X4_DEMOTE_F64X2_ZERO, hi), join);
  int ax = V1(E, W_F32X4_ABS, x);
  int fin = V2(E, W_F32X4_LT, ax, VK(E, INFINITY));
  res = VSEL(E, fin, res, FSUB(x, x));
  return trig_big_lanes(E, x, ax, fin, res, cosine ? 1 : 0);
}

/* dw_tanf on two f64 lanes below DWM_TRIG_BIG: the reduction of sincos2,
 * then q odd ? -c / s : s / c */
static int tan2(Em *E, int xd) {
  static const double S[5] = {DWM_S4, DWM_S3, DWM_S2, DWM_S1, DWM_S0};
  static const double C[5] = {DWM_C4, DWM_C3, DWM_C2, DWM_C1, DWM_C0};
  int n = V1(E, W_F64X2_NEAREST, DMUL(xd, VK64(E, DWM_INV_PIO2)));
  int r = DSUB(DSUB(xd, DMUL(n, VK64(E, DWM_PIO2_1))),
               DMUL(n, VK64(E, DWM_PIO2_2)));
  int n4 = DSUB(n, DMUL(VK64(E, 4.0),
                        V1(E, W_F64X2_FLOOR, DMUL(n, VK64(E, 0.25)))));
  int h = V1(E, W_F64X2_FLOOR, DMUL(n4, VK64(E, 0.5)));
  int odd = V2(E, W_F64X2_NE, DSUB(n4, DADD(h, h)), VK64(E, 0.0));
  int z = DMUL(r, r);
  int s = horner2(E, z, S, 5);
  s = DADD(r, DMUL(DMUL(r, z), s));
  int c = horner2(E, z, C, 5);
  c = DADD(VK64(E, 1.0), DMUL(z, c));
  int t_odd = V2(E, W_F64X2_DIV, V1(E, W_F64X2_NEG, c), s);
  int t_even = V2(E, W_F64X2_DIV, s, c);
  return VSEL(E, odd, t_odd, t_even);
}

/* dw_tanf on 4 lanes */
static int tan4(Em *E, int x) {
  static const uint8_t hi_lo[16] = {8, 9, 10, 11, 12, 13, 14, 15,
                                    0, 1, 2,  3,  4,  5,  6,  7};
  static const uint8_t join[16] = {0,  1,  2,  3,  4,  5,  6,  7,
                                   16, 17, 18, 19, 20, 21, 22, 23};
  int lo = tan2(E, V1(E, W_F64X2_PROMOTE_LOW_F32X4, x));
  int hi = tan2(E, V1(E, W_F64X2_PROMOTE_LOW_F32X4, VSHUF(E, x, x, hi_lo)));
  int res = VSHUF(E, V1(E, W_F32X4_DEMOTE_F64X2_ZERO, lo),
                  V1(E, W_F32X4_DEMOTE_F64X2_ZERO, hi), join);
  int ax = V1(E, W_F32X4_ABS, x);
  int fin = V2(E, W_F32X4_LT, ax, VK(E, INFINITY));
  res = VSEL(E, fin, res, FSUB(x, x));
  return trig_big_lanes(E, x, ax, fin, res, 2);
}

/* dw_tanhf4 */
static int tanh4(Em *E, int x) {
  static const float P[6] = {DWM_TH5, DWM_TH4, DWM_TH3,
                             DWM_TH2, DWM_TH1, DWM_TH0};
  int a = V1(E, W_F32X4_ABS, x);
  int t = FMUL(x, x);
  int p = horner4(E, t, P, 6);
  int small = FADD(x, FMUL(FMUL(x, t), p));
  int e = exp4(E, FMUL(VK(E, 2.0f), V2(E, W_F32X4_MIN, a, VK(E, DWM_TH_BIG))));
  int v = FSUB(VK(E, 1.0f), FDIV(VK(E, 2.0f), FADD(e, VK(E, 1.0f))));
  int signbit = V2(E, W_V128_AND, x, VKU(E, 0x80000000u));
  int big = V2(E, W_V128_OR, v, signbit);
  big = VSEL(E, V2(E, W_F32X4_GT, a, VK(E, DWM_TH_BIG)),
             V2(E, W_V128_OR, VK(E, 1.0f), signbit), big);
  int res = VSEL(E, V2(E, W_F32X4_LT, a, VK(E, DWM_TH_SMALL)), small, big);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

/* dw_erff4 */
static int erf4(Em *E, int x) {
  static const float P[7] = {DWM_E6, DWM_E5, DWM_E4, DWM_E3,
                             DWM_E2, DWM_E1, DWM_E0};
  static const float L[12] = {DWM_L11, DWM_L10, DWM_L9, DWM_L8,
                              DWM_L7,  DWM_L6,  DWM_L5, DWM_L4,
                              DWM_L3,  DWM_L2,  DWM_L1, DWM_L0};
  int a = V1(E, W_F32X4_ABS, x);
  int t = FMUL(x, x);
  int p = horner4(E, t, P, 7);
  int small = FADD(x, FMUL(x, p));
  int ac = V2(E, W_F32X4_MIN, a, VK(E, DWM_ERF_BIG));
  int q = horner4(E, ac, L, 12);
  int signbit = V2(E, W_V128_AND, x, VKU(E, 0x80000000u));
  int big = FSUB(VK(E, 1.0f), exp4(E, q));
  big = VSEL(E, V2(E, W_F32X4_GE, a, VK(E, DWM_ERF_BIG)), VK(E, 1.0f), big);
  big = V2(E, W_V128_OR, big, signbit);
  int res = VSEL(E, V2(E, W_F32X4_LT, a, VK(E, DWM_ERF_SMALL)), small, big);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

/* The float32 unary ops of dwmath.h on 4 lanes (local x). */
int dwW_fmath4(Em *E, Op op, int flag, int x) {
  switch (op) {
  case OP_EXP: /* flag: ExpKind */
    if (flag == EXP_SOFTMAX || flag == EXP_SOFTMAX_UNSCALED) return exp4sm(E, x, flag == EXP_SOFTMAX);
    return exp4_(E, x, flag == EXP_NONPOS);
  case OP_LOG: return log4(E, x);
  case OP_SIN: return sincos4(E, x, false);
  case OP_COS: return sincos4(E, x, true);
  case OP_TANH: return tanh4(E, x);
  case OP_SIGMOID: /* dw_sigmoidf4 */
    return FDIV(VK(E, 1.0f), FADD(VK(E, 1.0f), exp4(E, V1(E, W_F32X4_NEG, x))));
  case OP_SILU: /* dw_siluf4 */
    return FDIV(x, FADD(VK(E, 1.0f), exp4(E, V1(E, W_F32X4_NEG, x))));
  case OP_GELU:
    if (flag) { /* dw_gelu_tanhf4 */
      int inner = FMUL(VK(E, DWM_SQRT2_PI),
                       FADD(x, FMUL(VK(E, DWM_GELU_KAPPA), FMUL(FMUL(x, x), x))));
      return FMUL(FMUL(VK(E, 0.5f), x), FADD(VK(E, 1.0f), tanh4(E, inner)));
    }
    /* dw_geluf4 */
    return FMUL(FMUL(x, VK(E, 0.5f)),
                FADD(VK(E, 1.0f), erf4(E, FMUL(x, VK(E, DWM_SQRT1_2)))));
  case OP_TAN: return tan4(E, x);
  case OP_ERF: return erf4(E, x);
  case OP_FLOOR: return V1(E, W_F32X4_FLOOR, x);
  case OP_CEIL: return V1(E, W_F32X4_CEIL, x);
  case OP_ROUND: return V1(E, W_F32X4_NEAREST, x);
  case OP_SQRT: return V1(E, W_F32X4_SQRT, x);
  case OP_RSQRT: return FDIV(VK(E, 1.0f), V1(E, W_F32X4_SQRT, x));
  default: return x;
  }
}
#undef FADD
#undef FSUB
#undef FMUL
#undef FDIV
#undef DADD
#undef DSUB
#undef DMUL

/* ------------------------------------------------------------------ */
/* Scalar helper functions: fmodf and powf                             */
/* ------------------------------------------------------------------ */

static const uint8_t ff_types[2] = {T_F32, T_F32};
static const char *const ff_names[2] = {"x", "y"};

/* $fmodf: C's fmodf, exactly (binary long division: every subtraction is
 * exact because t <= r < 2t). */
int dwW_helper_fmod(Em *E) {
  if (E->fmod_fn >= 0) return E->fmod_fn;
  Fn *saved = E->fn;
  Fn *f = fn_new(E, "fmodf", 1, 2, ff_types, ff_names);
  if (!f) return 0;
  E->fmod_fn = E->nfn - 1;
  E->fn = f;
  int ax = local_new(E, T_F32, "ax"), ay = local_new(E, T_F32, "ay");
  int r = local_new(E, T_F32, "r"), t = local_new(E, T_F32, "t");
  /* nan in -> nan */
  get(E, 0); get(E, 0); ins(E, W_F32_NE);
  get(E, 1); get(E, 1); ins(E, W_F32_NE);
  ins(E, W_I32_OR);
  ins(E, W_IF);
  get(E, 0); get(E, 1); ins(E, W_F32_ADD); ins(E, W_RETURN);
  ins(E, W_END);
  get(E, 0); ins(E, W_F32_ABS); set(E, ax);
  get(E, 1); ins(E, W_F32_ABS); set(E, ay);
  /* x infinite or y zero -> nan */
  get(E, ax); ins_f32(E, INFINITY); ins(E, W_F32_EQ);
  get(E, ay); ins_f32(E, 0.0f); ins(E, W_F32_EQ);
  ins(E, W_I32_OR);
  ins(E, W_IF);
  ins_f32(E, NAN); ins(E, W_RETURN);
  ins(E, W_END);
  /* |x| < |y| (also y infinite) -> x */
  get(E, ax); get(E, ay); ins(E, W_F32_LT);
  ins(E, W_IF);
  get(E, 0); ins(E, W_RETURN);
  ins(E, W_END);
  get(E, ax); set(E, r);
  get(E, ay); set(E, t);
  /* t = largest |y| * 2^k <= r */
  ins(E, W_BLOCK);
  ins(E, W_LOOP);
  get(E, t); get(E, t); ins(E, W_F32_ADD); get(E, r); ins(E, W_F32_GT);
  ins_i(E, W_BR_IF, 1);
  get(E, t); get(E, t); ins(E, W_F32_ADD); set(E, t);
  ins_i(E, W_BR, 0);
  ins(E, W_END);
  ins(E, W_END);
  /* subtract down to |y| */
  ins(E, W_LOOP);
  get(E, r); get(E, t); ins(E, W_F32_GE);
  ins(E, W_IF);
  get(E, r); get(E, t); ins(E, W_F32_SUB); set(E, r);
  ins(E, W_END);
  get(E, t); ins_f32(E, 0.5f); ins(E, W_F32_MUL); set(E, t);
  get(E, t); get(E, ay); ins(E, W_F32_GE);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
  get(E, r); get(E, 0); ins(E, W_F32_COPYSIGN);
  E->fn = saved;
  return E->fmod_fn;
}

/* $powf: dw_powf of dwmath.h (special cases, then log and exp in f64). */
int dwW_helper_pow(Em *E) {
  if (E->pow_fn >= 0) return E->pow_fn;
  Fn *saved = E->fn;
  Fn *f = fn_new(E, "powf", 1, 2, ff_types, ff_names);
  if (!f) return 0;
  E->pow_fn = E->nfn - 1;
  E->fn = f;
  enum { X = 0, Y = 1 };
  int ay = local_new(E, T_F32, "ay"), ax = local_new(E, T_F32, "ax");
  int yint = local_new(E, T_I32, "yint"), yodd = local_new(E, T_I32, "yodd");
  int sign = local_new(E, T_F32, "sign");
  int d = local_new(E, T_F64, "d"), u = local_new(E, T_I64, "u");
  int k = local_new(E, T_I64, "k"), s = local_new(E, T_F64, "s");
  int z = local_new(E, T_F64, "z"), p = local_new(E, T_F64, "p");
  int tt = local_new(E, T_F64, "t"), n = local_new(E, T_F64, "n");
  int r = local_new(E, T_F64, "r");
  /* y == 0 || x == 1 -> 1 */
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_EQ);
  get(E, X); ins_f32(E, 1); ins(E, W_F32_EQ);
  ins(E, W_I32_OR);
  ins(E, W_IF); ins_f32(E, 1); ins(E, W_RETURN); ins(E, W_END);
  /* nan -> nan */
  get(E, X); get(E, X); ins(E, W_F32_NE);
  get(E, Y); get(E, Y); ins(E, W_F32_NE);
  ins(E, W_I32_OR);
  ins(E, W_IF); ins_f32(E, NAN); ins(E, W_RETURN); ins(E, W_END);
  get(E, Y); ins(E, W_F32_ABS); set(E, ay);
  /* yint = ay >= 2^24 || floor(ay) == ay */
  get(E, ay); ins_f32(E, 0x1p24f); ins(E, W_F32_GE);
  get(E, ay); ins(E, W_F32_FLOOR); get(E, ay); ins(E, W_F32_EQ);
  ins(E, W_I32_OR); set(E, yint);
  /* yodd = yint && ay < 2^24 && fmodf(ay, 2) == 1 (ay - 2*floor(ay/2)) */
  get(E, yint);
  get(E, ay); ins_f32(E, 0x1p24f); ins(E, W_F32_LT);
  ins(E, W_I32_AND);
  get(E, ay);
  ins_f32(E, 2.0f);
  get(E, ay); ins_f32(E, 0.5f); ins(E, W_F32_MUL); ins(E, W_F32_FLOOR);
  ins(E, W_F32_MUL);
  ins(E, W_F32_SUB);
  ins_f32(E, 1.0f); ins(E, W_F32_EQ);
  ins(E, W_I32_AND); set(E, yodd);
  get(E, X); ins(E, W_F32_ABS); set(E, ax);
  /* x < 0 && !yint && !isinf(x) -> nan */
  get(E, X); ins_f32(E, 0); ins(E, W_F32_LT);
  get(E, yint); ins(E, W_I32_EQZ); ins(E, W_I32_AND);
  get(E, ax); ins_f32(E, INFINITY); ins(E, W_F32_NE); ins(E, W_I32_AND);
  ins(E, W_IF); ins_f32(E, NAN); ins(E, W_RETURN); ins(E, W_END);
  /* sign = (x < 0 || (x == 0 && signbit(x))) && yodd ? -1 : 1 */
  ins_f32(E, -1.0f);
  ins_f32(E, 1.0f);
  ins_f32(E, 1.0f); get(E, X); ins(E, W_F32_COPYSIGN); ins_f32(E, 0);
  ins(E, W_F32_LT); /* x < 0 or x == -0 (and -inf, -nan: handled) */
  get(E, yodd); ins(E, W_I32_AND);
  ins(E, W_SELECT); set(E, sign);
  /* ax == 0 -> sign * (y > 0 ? 0 : inf) */
  get(E, ax); ins_f32(E, 0); ins(E, W_F32_EQ);
  ins(E, W_IF);
  get(E, sign);
  ins_f32(E, 0); ins_f32(E, INFINITY);
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_GT); ins(E, W_SELECT);
  ins(E, W_F32_MUL); ins(E, W_RETURN);
  ins(E, W_END);
  /* ax == 1 -> isinf(y) ? 1 : sign (x == -1: -1 for odd y) */
  get(E, ax); ins_f32(E, 1); ins(E, W_F32_EQ);
  ins(E, W_IF);
  ins_f32(E, 1); get(E, sign);
  get(E, ay); ins_f32(E, INFINITY); ins(E, W_F32_EQ); ins(E, W_SELECT);
  ins(E, W_RETURN);
  ins(E, W_END);
  /* isinf(y) -> (ax > 1) == (y > 0) ? inf : 0 */
  get(E, ay); ins_f32(E, INFINITY); ins(E, W_F32_EQ);
  ins(E, W_IF);
  ins_f32(E, INFINITY); ins_f32(E, 0);
  get(E, ax); ins_f32(E, 1); ins(E, W_F32_GT);
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_GT);
  ins(E, W_I32_EQ); ins(E, W_SELECT); ins(E, W_RETURN);
  ins(E, W_END);
  /* isinf(ax) -> sign * (y > 0 ? inf : 0) */
  get(E, ax); ins_f32(E, INFINITY); ins(E, W_F32_EQ);
  ins(E, W_IF);
  get(E, sign);
  ins_f32(E, INFINITY); ins_f32(E, 0);
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_GT); ins(E, W_SELECT);
  ins(E, W_F32_MUL); ins(E, W_RETURN);
  ins(E, W_END);
  /* dwm_log_d((double)ax) (a float is never a subnormal double) */
  get(E, ax); ins(E, W_F64_PROMOTE_F32); set(E, d);
  get(E, d); ins(E, W_I64_REINTERPRET_F64);
  i64c(E, (int64_t)(0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull));
  ins(E, W_I64_ADD); set(E, u);
  get(E, u); i64c(E, 52); ins(E, W_I64_SHR_U); i64c(E, 1023); ins(E, W_I64_SUB);
  set(E, k);
  get(E, u); i64c(E, 0x000fffffffffffffll); ins(E, W_I64_AND);
  i64c(E, 0x3fe6a09e667f3bcdll); ins(E, W_I64_ADD);
  ins(E, W_F64_REINTERPRET_I64); set(E, d); /* m */
  get(E, d); ins_f64(E, 1.0); ins(E, W_F64_SUB);
  get(E, d); ins_f64(E, 1.0); ins(E, W_F64_ADD);
  ins(E, W_F64_DIV); set(E, s);
  get(E, s); get(E, s); ins(E, W_F64_MUL); set(E, z);
  ins_f64(E, 1.0 / 25.0); set(E, p);
  for (int j = 11; j >= 0; j--) {
    get(E, p); get(E, z); ins(E, W_F64_MUL);
    ins_f64(E, 1.0 / (2 * j + 1)); ins(E, W_F64_ADD); set(E, p);
  }
  /* t = (double)y * ((double)k * LN2D + 2.0 * s * p) */
  get(E, Y); ins(E, W_F64_PROMOTE_F32);
  get(E, k); ins(E, W_F64_CONVERT_I64_S); ins_f64(E, DWM_LN2D); ins(E, W_F64_MUL);
  ins_f64(E, 2.0); get(E, s); ins(E, W_F64_MUL); get(E, p); ins(E, W_F64_MUL);
  ins(E, W_F64_ADD);
  ins(E, W_F64_MUL); set(E, tt);
  get(E, tt); ins_f64(E, 89.0); ins(E, W_F64_GT);
  ins(E, W_IF); get(E, sign); ins_f32(E, INFINITY); ins(E, W_F32_MUL);
  ins(E, W_RETURN); ins(E, W_END);
  get(E, tt); ins_f64(E, -104.0); ins(E, W_F64_LT);
  ins(E, W_IF); get(E, sign); ins_f32(E, 0); ins(E, W_F32_MUL);
  ins(E, W_RETURN); ins(E, W_END);
  /* dwm_exp_d(t) */
  get(E, tt); ins_f64(E, DWM_LN2D); ins(E, W_F64_DIV); ins(E, W_F64_NEAREST);
  set(E, n);
  get(E, tt); get(E, n); ins_f64(E, DWM_LN2D_HI); ins(E, W_F64_MUL);
  ins(E, W_F64_SUB);
  get(E, n); ins_f64(E, DWM_LN2D_LO); ins(E, W_F64_MUL); ins(E, W_F64_SUB);
  set(E, r);
  double fact = 6227020800.0;
  ins_f64(E, 1.0 / 6227020800.0); set(E, p);
  for (int j = 12; j >= 0; j--) {
    fact /= (j + 1);
    get(E, p); get(E, r); ins(E, W_F64_MUL);
    ins_f64(E, 1.0 / fact); ins(E, W_F64_ADD); set(E, p);
  }
  get(E, sign);
  get(E, p);
  get(E, n); ins(E, W_I64_TRUNC_SAT_F64_S); i64c(E, 1023); ins(E, W_I64_ADD);
  i64c(E, 52); ins(E, W_I64_SHL); ins(E, W_F64_REINTERPRET_I64);
  ins(E, W_F64_MUL);
  ins(E, W_F32_DEMOTE_F64);
  ins(E, W_F32_MUL);
  E->fn = saved;
  return E->pow_fn;
}

/* $sincosf_big(x, cosine): dw_sinf (cosine 0) or dw_cosf (cosine 1) of
 * dwmath.h for a finite |x| >= DWM_TRIG_BIG: dwm_rem_pio2_big step by
 * step, then the polynomials and the quadrant as dwm_sincos2. */
static int helper_sincos_big(Em *E) {
  if (E->sincos_fn >= 0) return E->sincos_fn;
  Fn *saved = E->fn;
  static const char *const names[2] = {"x", "cosine"};
  Fn *f = fn_new(E, "sincosf_big", 1, 2, ff_types, names);
  if (!f) return 0;
  E->sincos_fn = E->nfn - 1;
  E->fn = f;
  enum { X = 0, COS = 1 };
  int ax = local_new(E, T_F32, "ax"), e = local_new(E, T_I32, "e");
  int j = local_new(E, T_I32, "j"), xd = local_new(E, T_F64, "xd");
  int t[5];
  for (int i = 0; i < 5; i++) t[i] = local_new(E, T_F64, "t");
  int n = local_new(E, T_F64, "n"), s = local_new(E, T_F64, "s");
  int u1 = local_new(E, T_F64, "u1"), e1 = local_new(E, T_F64, "e1");
  int u2 = local_new(E, T_F64, "u2"), e2 = local_new(E, T_F64, "e2");
  int bb = local_new(E, T_F64, "bb"), fr = local_new(E, T_F64, "f");
  int r = local_new(E, T_F64, "r"), z = local_new(E, T_F64, "z");
  int sp = local_new(E, T_F64, "sp"), cp = local_new(E, T_F64, "cp");
  int nq = local_new(E, T_F64, "nq"), v = local_new(E, T_F64, "v");
  get(E, X); ins(E, W_F32_ABS); set(E, ax);
  /* e = biased exponent - 150; j = e >= 2 ? (e - 2) / 24 : 0 */
  get(E, ax); ins(E, W_I32_REINTERPRET_F32); i32c(E, 23); ins(E, W_I32_SHR_U);
  i32c(E, 150); ins(E, W_I32_SUB); set(E, e);
  get(E, e); i32c(E, 2); ins(E, W_I32_SUB); i32c(E, 24); ins(E, W_I32_DIV_S);
  i32c(E, 0);
  get(E, e); i32c(E, 2); ins(E, W_I32_GE_S);
  ins(E, W_SELECT); set(E, j);
  get(E, ax); ins(E, W_F64_PROMOTE_F32); set(E, xd);
  /* t[i] = xd * dwm_2opi[j + i] (j is 0..4: a chain of selects) */
  for (int i = 0; i < 5; i++) {
    get(E, xd);
    ins_f64(E, dwm_2opi[4 + i]);
    for (int jj = 3; jj >= 0; jj--) {
      set(E, t[i]);
      ins_f64(E, dwm_2opi[jj + i]);
      get(E, t[i]);
      get(E, j); i32c(E, jj); ins(E, W_I32_EQ);
      ins(E, W_SELECT);
    }
    ins(E, W_F64_MUL);
    set(E, t[i]);
  }
  /* t0, t1 mod 4 */
  for (int i = 0; i < 2; i++) {
    get(E, t[i]);
    ins_f64(E, 4.0);
    get(E, t[i]); ins_f64(E, 0.25); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
    ins(E, W_F64_MUL);
    ins(E, W_F64_SUB);
    set(E, t[i]);
  }
  /* n = nearbyint((t0 + t1) + t2); s = t0 - n */
  get(E, t[0]); get(E, t[1]); ins(E, W_F64_ADD); get(E, t[2]); ins(E, W_F64_ADD);
  ins(E, W_F64_NEAREST); set(E, n);
  get(E, t[0]); get(E, n); ins(E, W_F64_SUB); set(E, s);
  /* (u, err) = TwoSum(a, b): u = a + b; bb = u - a;
   * err = (a - (u - bb)) + (b - bb) */
  const int two[2][4] = {{s, t[1], u1, e1}, {u1, t[2], u2, e2}};
  for (int k = 0; k < 2; k++) {
    int a = two[k][0], b = two[k][1], u = two[k][2], er = two[k][3];
    get(E, a); get(E, b); ins(E, W_F64_ADD); set(E, u);
    get(E, u); get(E, a); ins(E, W_F64_SUB); set(E, bb);
    get(E, a); get(E, u); get(E, bb); ins(E, W_F64_SUB); ins(E, W_F64_SUB);
    get(E, b); get(E, bb); ins(E, W_F64_SUB);
    ins(E, W_F64_ADD); set(E, er);
  }
  /* f = u2 + ((e1 + e2) + (t3 + t4)) */
  get(E, u2);
  get(E, e1); get(E, e2); ins(E, W_F64_ADD);
  get(E, t[3]); get(E, t[4]); ins(E, W_F64_ADD);
  ins(E, W_F64_ADD);
  ins(E, W_F64_ADD); set(E, fr);
  /* x < 0: n = -n, f = -f */
  for (int k = 0; k < 2; k++) {
    int l = k ? fr : n;
    get(E, l); ins(E, W_F64_NEG);
    get(E, l);
    get(E, X); ins_f32(E, 0.0f); ins(E, W_F32_LT);
    ins(E, W_SELECT); set(E, l);
  }
  /* r = f * PIO2; the quadrant of the sin recipe: n (+ 1 for cos) mod 4 */
  get(E, fr); ins_f64(E, DWM_PIO2); ins(E, W_F64_MUL); set(E, r);
  get(E, n); ins_f64(E, 4.0);
  get(E, n); ins_f64(E, 0.25); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
  ins(E, W_F64_MUL); ins(E, W_F64_SUB); /* n4 = n mod 4 */
  get(E, COS); ins(E, W_F64_PROMOTE_F32); ins(E, W_F64_ADD); set(E, nq);
  get(E, nq); ins_f64(E, 4.0);
  get(E, nq); ins_f64(E, 0.25); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
  ins(E, W_F64_MUL); ins(E, W_F64_SUB); set(E, nq);
  /* dwm_sin_poly / dwm_cos_poly */
  static const double S[5] = {DWM_S4, DWM_S3, DWM_S2, DWM_S1, DWM_S0};
  static const double C[5] = {DWM_C4, DWM_C3, DWM_C2, DWM_C1, DWM_C0};
  get(E, r); get(E, r); ins(E, W_F64_MUL); set(E, z);
  for (int k = 0; k < 2; k++) {
    const double *P = k ? C : S;
    int acc = k ? cp : sp;
    ins_f64(E, P[0]); set(E, acc);
    for (int i = 1; i < 5; i++) {
      get(E, acc); get(E, z); ins(E, W_F64_MUL); ins_f64(E, P[i]);
      ins(E, W_F64_ADD); set(E, acc);
    }
  }
  get(E, r); get(E, r); get(E, z); ins(E, W_F64_MUL); get(E, sp);
  ins(E, W_F64_MUL); ins(E, W_F64_ADD); set(E, sp);
  ins_f64(E, 1.0); get(E, z); get(E, cp); ins(E, W_F64_MUL); ins(E, W_F64_ADD);
  set(E, cp);
  /* v = odd quadrant ? cos r : sin r; negated in quadrants 2, 3 */
  get(E, cp); get(E, sp);
  get(E, nq); ins_f64(E, 2.0);
  get(E, nq); ins_f64(E, 0.5); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
  ins(E, W_F64_MUL); ins(E, W_F64_SUB); ins_f64(E, 0.0); ins(E, W_F64_NE);
  ins(E, W_SELECT); set(E, v);
  get(E, v); ins(E, W_F64_NEG); get(E, v);
  get(E, nq); ins_f64(E, 2.0); ins(E, W_F64_GE);
  ins(E, W_SELECT);
  ins(E, W_F32_DEMOTE_F64);
  E->fn = saved;
  return E->sincos_fn;
}
