/* dwmath.h - the transcendental functions of dynawasm, defined once.
 *
 * The eager kernels (tensor_kernels.c) and the WebAssembly emitter must
 * compute exp, log, sin, ... with the SAME arithmetic so that compiled and
 * eager results agree bit for bit (or within the differential tolerance).
 * Every function here is written twice with identical operations in
 * identical order: a scalar version (dw_expf) and, under
 * __wasm_simd128__, a 4-lane version (dw_expf4) that evaluates every branch
 * and picks per lane with bitselect. The emitter reproduces the scalar
 * recipe documented above each function.
 *
 * Nothing here calls libm transcendentals; only sqrt (IEEE, exact) and
 * nearbyint (round half to even, exact) are used. Polynomial coefficients
 * were fitted with mpmath.chebyfit (near-minimax Chebyshev fits) on the
 * stated intervals; tests/unit/test_tensor.c sweeps each function against
 * libm and prints the maximum ulp error (all <= 2 ulp on their domains).
 *
 * Requirements on the compiler: no -ffast-math, no FP contraction (the
 * files that include this set FP_CONTRACT OFF for clang; gcc in -std=c11
 * mode does not contract).
 */
#ifndef DW_MATH_H
#define DW_MATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* ---- bit helpers ---------------------------------------------------- */
static inline uint32_t dwm_fbits(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
}
static inline float dwm_bitsf(uint32_t u) {
  float x;
  memcpy(&x, &u, 4);
  return x;
}
/* 2^n for -126 <= n <= 127 (normal range), built from the exponent bits. */
static inline float dwm_pow2i(int32_t n) {
  return dwm_bitsf((uint32_t)(n + 127) << 23);
}

/* ==================================================================== */
/* float32 sums: the cascade order                                       */
/* ==================================================================== */
/* Every float32 sum / mean over R elements x[0..R) (R = the reduced
 * elements of one output, in row-major order of the reduced dims) is
 * computed in ONE order, whatever the layout and whoever computes it: the
 * eager row kernel (vector over r), the eager column kernel (vector over
 * outputs), and every loop shape the WebAssembly emitter produces
 * (tensor_kernels.c sum_f32 / sum_cols_f32, wasm_emit.c "Reductions"):
 *
 *   acc[l][j] = +0 for levels l < L = dw_sum_levels(R), lanes j < 8
 *   for r = 0 .. R-1:
 *     acc[0][r % 8] += x[r]
 *     if L > 1 and (r + 1) % DW_SUM_BLOCK == 0:             (a block ends)
 *       for l = 0, 1, ...: (flush level l into l + 1, lane by lane)
 *         acc[l+1][j] += acc[l][j]; acc[l][j] = +0 for every j
 *         continue with l + 1 only while l + 2 < L and
 *         (r + 1) % (DW_SUM_BLOCK * DW_SUM_FAN^(l+1)) == 0
 *   then acc[l+1][j] += acc[l][j] for l = 0 .. L-2 (each j), and
 *   sum = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)), a = acc[L-1]
 *
 * i.e. 8 interleaved lanes (two f32x4 over r, or 8 accumulators per
 * output when vectorised over outputs), blocks of 128 (16 per lane), and a
 * cascade of fan-in 16 above them: error O(log R) like PyTorch's cascade
 * sum (1M x 0.1 gives PyTorch's 104857.6172). Adding to a +0 accumulator
 * is exact (and no accumulator is ever -0), so a flush into an empty level
 * changes nothing: implementations may use more levels than L, or flush the
 * top level at the very end, and still agree bit for bit. */
#define DW_SUM_LANES 8
#define DW_SUM_BLOCK 128
#define DW_SUM_FAN_LOG2 4
#define DW_SUM_FAN (1 << DW_SUM_FAN_LOG2)
#define DW_SUM_MAXLEV 8 /* DW_SUM_BLOCK * DW_SUM_FAN^7 = 2^35 elements */
static inline int dw_sum_levels(int64_t R) {
  int L = 1;
  int64_t span = DW_SUM_BLOCK; /* elements per flush into level L */
  while (span < R && L < DW_SUM_MAXLEV) {
    L++;
    span *= DW_SUM_FAN;
  }
  return L;
}

/* ==================================================================== */
/* exp                                                                   */
/* ==================================================================== */
/* expf(x):
 *   nan -> nan; x > 88.8 -> inf; x < -104 -> 0 (beyond: certain overflow
 *   or underflow).
 *   k = round(x * log2(e))                      (magic-number rounding:
 *                                                (y + M) - M, M = 1.5*2^23
 *                                                + 190, rounds y to the
 *                                                nearest integer, ties to
 *                                                even, for |y| < 2^22)
 *   r = (x - k*LN2_HI) - k*LN2_LO               (Cody-Waite; LN2_HI has 12
 *                                                significant bits, so
 *                                                k*LN2_HI is exact)
 *   e^r = 1 + (r + r2*P(r)), r2 = r*r, |r| <= ln2/2, P degree 4 in
 *         Estrin's form (P0 + P1 r) + r2 ((P2 + P3 r) + r2 P4)
 *   result = e^r * 2^(k>>1) * 2^(k - (k>>1))   (two factors so that
 *         subnormal results and k = 128 are handled; one final rounding)
 * Error: at most 1 ulp from the correctly rounded expf for every float32
 * (the exact result rounded to nearest): tests/unit/test_expf_ulp.c runs
 * dw_expf over all 2^32 inputs and dw_expf_nonpos over all x <= 0, prints
 * the largest distance and fails above 1 (docs/semantics.md, "exp").
 * The 4-lane version (and the emitter's) computes the same values with
 * fewer steps: x is clamped to [-104, 88.8] first, where the formula
 * itself gives inf above 88.72 and +0 below -103.97, and a nan stays a nan
 * through it (pmin/pmax keep it), so the special cases need no selects;
 * k's integer comes from the bits of the rounding sum t = x*log2(e) +
 * DWM_EXP_MAGIC, whose bits are 0x4b400000 + 190 +
 * k: m = bits(t) + DWM_EXP_BIAS2 = k + 254, h = m >> 1 = (k>>1) + 127, and
 * the two factors are the floats of bits h << 23 and (m - h) << 23.
 * An argument known to be <= 0 or nan (x - amax(x), as in softmax:
 * dw_expf_nonpos, and the emitter when it sees that form) takes one
 * factor, the same floats in 6 steps fewer: -150 <= k <= 0, so the low 9
 * bits of bits(t) are k + 190 and bits(t) << 23 is the float 2^(k+63);
 * er * 2^(k+63) is exact and normal, and the product by 2^-63 rounds once,
 * as the second of the two factors does (subnormal results included); no
 * upper clamp is needed. */
#define DWM_EXP_HI 88.8f
#define DWM_EXP_LO (-104.0f)
#define DWM_LOG2E 0x1.715476p+0f
#define DWM_EXP_LN2_HI 0x1.62ep-1f
#define DWM_EXP_LN2_LO 0x1.0bfbe8p-15f
#define DWM_EXP_P4 0x1.6d10fcp-10f
#define DWM_EXP_P3 0x1.120b62p-7f
#define DWM_EXP_P2 0x1.55551ap-5f
#define DWM_EXP_P1 0x1.5554dep-3f
#define DWM_EXP_P0 0x1.0p-1f
#define DWM_EXP_MAGIC (0x1.8p23f + 190.0f)
/* bits(x * log2(e) + DWM_EXP_MAGIC) + DWM_EXP_BIAS2 = k + 254 */
#define DWM_EXP_BIAS2 (254 - 190 - 0x4b400000)
#define DWM_EXP_NONPOS_SCALE 0x1p-63f

/* e^r of the reduced argument r = x - k*ln2; P in Estrin's form:
 * P = (P0 + P1 r) + r2 ((P2 + P3 r) + r2 P4), r2 = r*r, so that its
 * products do not wait for each other (9 dependent steps from r to e^r
 * instead of Horner's 12: the exp pass of softmax is latency bound). */
static inline float dwm_exp_er(float x, float k) {
  float r = (x - k * DWM_EXP_LN2_HI) - k * DWM_EXP_LN2_LO;
  float r2 = r * r;
  float a = DWM_EXP_P1 * r + DWM_EXP_P0;
  float b = DWM_EXP_P3 * r + DWM_EXP_P2;
  float p = a + r2 * (b + r2 * DWM_EXP_P4);
  return 1.0f + (r + r2 * p);
}
static inline float dw_expf(float x) {
  if (x != x) return x;
  if (x > DWM_EXP_HI) return INFINITY;
  if (x < DWM_EXP_LO) return 0.0f;
  float k = (x * DWM_LOG2E + DWM_EXP_MAGIC) - DWM_EXP_MAGIC;
  float er = dwm_exp_er(x, k);
  int32_t n = (int32_t)k;
  int32_t n1 = n >> 1, n2 = n - n1;
  return (er * dwm_pow2i(n1)) * dwm_pow2i(n2);
}
/* exp of an x known to be <= 0 or nan: dw_expf's floats, one factor. */
static inline float dw_expf_nonpos(float x) {
  if (x != x) return x;
  if (x < DWM_EXP_LO) x = DWM_EXP_LO; /* the clamp of the 4-lane version */
  float t = x * DWM_LOG2E + DWM_EXP_MAGIC;
  float k = t - DWM_EXP_MAGIC;
  float er = dwm_exp_er(x, k);
  return (er * dwm_bitsf(dwm_fbits(t) << 23)) * DWM_EXP_NONPOS_SCALE;
}

/* softmax's exp (torch.softmax, log_softmax and the softmax of
 * attention: the exp of x - amax(x), an argument <= 0 or nan), shorter
 * than dw_expf by a degree less (21 vector steps instead of 23; softmax's
 * unscaled form dw_expf_smu 20):
 *   x < -104 -> -104 (e^-104 rounds to +0; -inf -> +0); nan -> nan
 *   t = x*log2(e) + DWM_EXP_MAGIC, k = t - DWM_EXP_MAGIC, s = bits(t) << 23
 *     = 2^(k+63) and r = (x - k*LN2_HI) - k*LN2_LO as in dw_expf_nonpos
 *   e^x = (s + (r*s) * P(r)) * 2^-63, P = C1 + C2 r + ... + C5 r^4
 *     (XNNPACK's degree-5 fit of e^r = 1 + r P(r)) in Horner's form
 *     (((C5 r + C4) r + C3) r + C2) r + C1, as XNNPACK's rr2-p5: one step
 *     fewer than Estrin's form (which this was until 2026-12-02), and
 *     with relaxed SIMD 12 multiply-adds and products instead of 14: the
 *     exp pass of softmax runs out of the FP ports' multiply-add slots
 *     before its dependency chains (measured 2026-12-02: the softmax
 *     kernel 0.95x of the Estrin form's; as accurate: 3733051 inputs at
 *     2 ulp instead of 3848700, 3158939 fused instead of 3290718);
 *     s + (r*s)P is normal, the product by 2^-63 rounds once (subnormal
 *     results too).
 * Error: at most 2 ulp from the correctly rounded expf for every float32
 * x <= 0 (tests/unit/test_expf_ulp.c, all of them); the exact value is
 * within ~2.3 ulp. PyTorch's softmax kernels likewise use their own
 * vectorised exp (Sleef's u10 in eager softmax, the faster exp_u20 in its
 * CPU flash attention) rather than libm's expf; docs/semantics.md, "exp".
 * Only for that domain: for x > 0 the result is not e^x (x > 44 wraps the
 * exponent), so only softmax's decomposition makes this exp (OP_EXP with
 * flag EXP_SOFTMAX). */
#define DWM_EXPSM_C1 0x1.fffff6p-1f
#define DWM_EXPSM_C2 0x1.fffdc6p-2f
#define DWM_EXPSM_C3 0x1.555a80p-3f
#define DWM_EXPSM_C4 0x1.573a1ap-5f
#define DWM_EXPSM_C5 0x1.0f9f9cp-7f
/* dw_expf_smu: dw_expf_sm before its last step, e^x * 2^63 (normal for
 * every x <= 0: 2^-87 .. 2^63), the exp of softmax itself (not
 * log_softmax): its values only feed the row's sum and the product by the
 * sum's reciprocal, where the factor cancels (e * 2^63 and the sum's
 * 2^63 are exact; 1 / sum is 2^-63 / sum exactly), so softmax's outputs
 * are dw_expf_sm's but for subnormal outputs (e^x < 2^-126), which are
 * rounded once instead of twice. One vector step fewer per 4 elements
 * (ExpKind EXP_SOFTMAX_UNSCALED). */
static inline float dw_expf_smu(float x) {
  if (x != x) return x;
  if (x < DWM_EXP_LO) x = DWM_EXP_LO;
  float t = x * DWM_LOG2E + DWM_EXP_MAGIC;
  float k = t - DWM_EXP_MAGIC;
  float r = (x - k * DWM_EXP_LN2_HI) - k * DWM_EXP_LN2_LO;
  float s = dwm_bitsf(dwm_fbits(t) << 23);
  float p = DWM_EXPSM_C5 * r + DWM_EXPSM_C4;
  p = p * r + DWM_EXPSM_C3;
  p = p * r + DWM_EXPSM_C2;
  p = p * r + DWM_EXPSM_C1;
  return s + (r * s) * p;
}
static inline float dw_expf_sm(float x) { return dw_expf_smu(x) * DWM_EXP_NONPOS_SCALE; }

/* dw_expf_sm as the compiled kernels compute it where the engine runs
 * relaxed SIMD (backend/wasm_math.c exp4sm): its multiply-adds are
 * f32x4.relaxed_madd / relaxed_nmadd, which the engine runs fused (one
 * rounding: x86 with FMA3, ARM64) or unfused (two) as its hardware does:
 *   t = madd(x, log2(e), MAGIC), k = t - MAGIC, s = bits(t) << 23,
 *   r = nmadd(k, LN2_LO, nmadd(k, LN2_HI, x)), r2 = r*r,
 *   P = madd(r2, madd(r2, C5, madd(C4, r, C3)), madd(C2, r, C1)),
 *   e^x = madd(r*s, P, s) * 2^-63.
 * Unfused, each madd is dw_expf_sm's product then its sum: the same
 * floats. Fused, t's rounding may pick the other k at a tie (r then lies
 * just outside +-ln2/2, where the fit still holds) and r and P are
 * rounded fewer times. Both ways: at most 2 ulp from the correctly
 * rounded expf for every float32 x <= 0 (tests/unit/test_expf_ulp.c, all
 * of them; tests only: eager kernels stay dw_expf_sm). */
static inline float dwm_madd(float a, float b, float c, int fused) {
  if (fused) return fmaf(a, b, c);
  float ab = a * b; /* its own statement: never contracted */
  return ab + c;
}
/* dw_expf (and dw_expf_nonpos: fused, the same er, so the same floats)
 * as the compiled kernels compute it with relaxed SIMD (wasm_math.c
 * exp4_; torch.exp and the exp inside sigmoid, silu, erf, ...): the
 * multiply-adds of dwm_exp_er and of the rounding of x*log2(e) as madds.
 * Unfused: dw_expf's floats; fused: at most 1 ulp from the correctly
 * rounded expf for every float32 too (tests/unit/test_expf_ulp.c). */
static inline float dw_expf_madd(float x, int fused) {
  if (x != x) return x;
  if (x > DWM_EXP_HI) return INFINITY;
  if (x < DWM_EXP_LO) return 0.0f;
  float k = dwm_madd(x, DWM_LOG2E, DWM_EXP_MAGIC, fused) - DWM_EXP_MAGIC;
  float r = -dwm_madd(k, DWM_EXP_LN2_HI, -x, fused);
  r = -dwm_madd(k, DWM_EXP_LN2_LO, -r, fused);
  float r2 = r * r;
  float a = dwm_madd(DWM_EXP_P1, r, DWM_EXP_P0, fused);
  float b = dwm_madd(DWM_EXP_P3, r, DWM_EXP_P2, fused);
  float p = dwm_madd(r2, dwm_madd(r2, DWM_EXP_P4, b, fused), a, fused);
  float er = 1.0f + dwm_madd(r2, p, r, fused);
  int32_t n = (int32_t)k;
  int32_t n1 = n >> 1, n2 = n - n1;
  return (er * dwm_pow2i(n1)) * dwm_pow2i(n2);
}
static inline float dw_expf_sm_madd(float x, int fused) {
  if (x != x) return x;
  if (x < DWM_EXP_LO) x = DWM_EXP_LO;
  float t = dwm_madd(x, DWM_LOG2E, DWM_EXP_MAGIC, fused);
  float k = t - DWM_EXP_MAGIC;
  float r = -dwm_madd(k, DWM_EXP_LN2_HI, -x, fused); /* nmadd: x - k*LN2_HI */
  r = -dwm_madd(k, DWM_EXP_LN2_LO, -r, fused);
  float s = dwm_bitsf(dwm_fbits(t) << 23);
  float p = dwm_madd(DWM_EXPSM_C5, r, DWM_EXPSM_C4, fused);
  p = dwm_madd(p, r, DWM_EXPSM_C3, fused);
  p = dwm_madd(p, r, DWM_EXPSM_C2, fused);
  p = dwm_madd(p, r, DWM_EXPSM_C1, fused);
  return dwm_madd(r * s, p, s, fused) * DWM_EXP_NONPOS_SCALE;
}

/* ==================================================================== */
/* log                                                                   */
/* ==================================================================== */
/* logf(x) (the fdlibm/musl recipe with our own fit of R):
 *   x = +-0 -> -inf; x < 0 or nan -> nan; +inf -> inf.
 *   subnormal x: x *= 2^25, k = -25.
 *   Write x = 2^k * m with m in [sqrt(2)/2, sqrt(2)) by integer arithmetic
 *   on the bits: ix += 0x3f800000 - 0x3f3504f3; k += (ix >> 23) - 127;
 *   m = bits((ix & 0x7fffff) + 0x3f3504f3).
 *   f = m - 1; s = f / (2 + f); z = s*s; w = z*z;
 *   R = z*(LG1 + w*LG3) + w*(LG2 + w*LG4)   (R(z) ~ 2atanh(s)/s - 2)
 *   hfsq = 0.5*f*f
 *   log = s*(hfsq + R) + k*LN2_LO - hfsq + f + k*LN2_HI (left to right)
 * Max error < 1 ulp. */
#define DWM_LG1 0x1.555556p-1f
#define DWM_LG2 0x1.9999ecp-2f
#define DWM_LG3 0x1.245c28p-2f
#define DWM_LG4 0x1.ddd4dap-3f
#define DWM_LOG_LN2_HI 0x1.62e3p-1f
#define DWM_LOG_LN2_LO 0x1.2fefa2p-17f

static inline float dw_logf(float x) {
  uint32_t ix = dwm_fbits(x);
  int32_t k = 0;
  if (x != x) return x;
  if (x == 0.0f) return -INFINITY;
  if (ix >> 31) return NAN;
  if (ix >= 0x7f800000u) return x; /* +inf */
  if (ix < 0x00800000u) {          /* subnormal */
    x *= 0x1p25f;
    k = -25;
    ix = dwm_fbits(x);
  }
  ix += 0x3f800000u - 0x3f3504f3u;
  k += (int32_t)(ix >> 23) - 127;
  ix = (ix & 0x007fffffu) + 0x3f3504f3u;
  float m = dwm_bitsf(ix);
  float f = m - 1.0f;
  float s = f / (2.0f + f);
  float z = s * s;
  float w = z * z;
  float t1 = w * (DWM_LG2 + w * DWM_LG4);
  float t2 = z * (DWM_LG1 + w * DWM_LG3);
  float R = t2 + t1;
  float hfsq = 0.5f * f * f;
  float dk = (float)k;
  return s * (hfsq + R) + dk * DWM_LOG_LN2_LO - hfsq + f + dk * DWM_LOG_LN2_HI;
}

/* ==================================================================== */
/* sin, cos                                                              */
/* ==================================================================== */
/* sinf/cosf, evaluated in double (f64; wasm f64x2) and rounded once:
 *   nan/inf -> nan.
 *   |x| < 2^20: n = nearbyint(x * 2/pi); r = (x - n*P1) - n*P2, P1 = pi/2
 *   to 33 bits (n*P1 exact for |n| < 2^20), P2 = the rest; |r| <= pi/4.
 *   |x| >= 2^20: the exact reduction of dwm_rem_pio2_big (below).
 *   z = r*r; sin r = r + r*z*S(z) (S degree 4), cos r = 1 + z*C(z)
 *   (C degree 4); quadrant q = n mod 4 picks +-sin r / +-cos r.
 * Error <= 0.5 ulp + the final rounding for every finite float. */
#define DWM_INV_PIO2 0x1.45f306dc9c883p-1
#define DWM_PIO2_1 0x1.921fb544p+0
#define DWM_PIO2_2 0x1.0b4611a626331p-34
#define DWM_S4 -0x1.aa283bea75579p-26
#define DWM_S3 0x1.71d9a9b87993fp-19
#define DWM_S2 -0x1.a019fd9ae7168p-13
#define DWM_S1 0x1.1111110fd3b3cp-7
#define DWM_S0 -0x1.555555555516bp-3
#define DWM_C4 -0x1.2474cb416294ep-22
#define DWM_C3 0x1.a0129877a1cfcp-16
#define DWM_C2 -0x1.6c16bae56f7d8p-10
#define DWM_C1 0x1.555555514f0e0p-5
#define DWM_C0 -0x1.fffffffffe694p-2

static inline double dwm_sin_poly(double r) {
  double z = r * r;
  double s = DWM_S4;
  s = s * z + DWM_S3;
  s = s * z + DWM_S2;
  s = s * z + DWM_S1;
  s = s * z + DWM_S0;
  return r + r * z * s;
}
static inline double dwm_cos_poly(double r) {
  double z = r * r;
  double c = DWM_C4;
  c = c * z + DWM_C3;
  c = c * z + DWM_C2;
  c = c * z + DWM_C1;
  c = c * z + DWM_C0;
  return 1.0 + z * c;
}
/* Large arguments, |x| >= DWM_TRIG_BIG (a Payne-Hanek reduction in double
 * arithmetic, every step exact or error-free):
 *   |x| = M * 2^e, M < 2^24 an integer (e = biased exponent - 150);
 *   2/pi = sum_k D_k * 2^-24(k+1), D_k the 24-bit chunks of dwm_2opi;
 *   P_k = |x| * C_k (C_k = D_k * 2^-24(k+1)) is exact in double and a
 *   multiple of 2^(e - 24(k+1)): the chunks before j = max(0, (e - 2) / 24)
 *   give multiples of 4 (whole periods) and are skipped;
 *   t_i = P_(j+i) for i < 5, t_0 and t_1 reduced mod 4 (p - 4*floor(p/4),
 *   exact); t2 < 2^(e - 24j - 24) <= 2; the rest of 2/pi is below 2^-71
 *   of a period.
 *   n = nearbyint((t0 + t1) + t2); s = t0 - n (exact);
 *   (u1, e1) = TwoSum(s, t1); (u2, e2) = TwoSum(u1, t2) (each
 *   u + e = a + b exactly: b' = u - a; e = (a - (u - b')) + (b - b'));
 *   f = u2 + ((e1 + e2) + (t3 + t4)): |x| * 2/pi - n, |f| <= 1/2, with a
 *   relative error of a few 2^-53 however close to 0 it is;
 *   x < 0: n = -n, f = -f; r = f * PIO2 (pi/2 in double), q = n mod 4. */
#define DWM_TRIG_BIG 0x1p20f
#define DWM_PIO2 0x1.921fb54442d18p+0
static const double dwm_2opi[9] = {
    0x1.45f306p-1,   0x1.b93910p-26,  0x1.529fc0p-52,
    0x1.3abe88p-75,  0x1.ea69bap-97,  0x1.81b6c4p-121,
    0x1.2b3278p-145, 0x1.0e4104p-170, 0x1.fca2c6p-193};
static inline double dwm_two_sum(double a, double b, double *err) {
  double u = a + b, bb = u - a;
  *err = (a - (u - bb)) + (b - bb);
  return u;
}
static inline double dwm_rem_pio2_big(float x, int *q) {
  float ax = fabsf(x);
  int e = (int)(dwm_fbits(ax) >> 23) - 150;
  int j = e >= 2 ? (e - 2) / 24 : 0;
  double xd = (double)ax, t[5];
  for (int i = 0; i < 5; i++) t[i] = xd * dwm_2opi[j + i];
  t[0] = t[0] - 4.0 * floor(t[0] * 0.25);
  t[1] = t[1] - 4.0 * floor(t[1] * 0.25);
  double n = nearbyint((t[0] + t[1]) + t[2]);
  double s = t[0] - n, e1, e2;
  double u1 = dwm_two_sum(s, t[1], &e1);
  double u2 = dwm_two_sum(u1, t[2], &e2);
  double f = u2 + ((e1 + e2) + (t[3] + t[4]));
  if (x < 0.0f) {
    n = -n;
    f = -f;
  }
  double n4 = n - 4.0 * floor(n * 0.25); /* exact, 0..3 */
  *q = (int)n4;
  return f * DWM_PIO2;
}

/* Reduction shared by sin and cos; returns r and the quadrant n mod 4. */
static inline double dwm_rem_pio2(float x, int *q) {
  if (fabsf(x) >= DWM_TRIG_BIG) return dwm_rem_pio2_big(x, q);
  double xd = (double)x;
  double n = nearbyint(xd * DWM_INV_PIO2);
  double r = (xd - n * DWM_PIO2_1) - n * DWM_PIO2_2;
  double n4 = n - 4.0 * floor(n * 0.25); /* exact, 0..3 */
  *q = (int)n4;
  return r;
}
static inline float dw_sinf(float x) {
  if (!isfinite(x)) return x - x;
  int q;
  double r = dwm_rem_pio2(x, &q);
  double v = (q & 1) ? dwm_cos_poly(r) : dwm_sin_poly(r);
  return (float)((q & 2) ? -v : v);
}
static inline float dw_cosf(float x) {
  if (!isfinite(x)) return x - x;
  int q;
  double r = dwm_rem_pio2(x, &q);
  double v = (q & 1) ? dwm_sin_poly(r) : dwm_cos_poly(r);
  return (float)(((q + 1) & 2) ? -v : v);
}

/* tanf(x): non-finite -> nan; |x| >= DWM_TRIG_BIG: the quotient of dw_sinf
 * and dw_cosf computed in double; otherwise the reduction of sin/cos (r,
 * quadrant q), s = dwm_sin_poly(r), c = dwm_cos_poly(r) and
 * tan = q odd ? -c / s : s / c in double, rounded once. */
static inline float dw_tanf(float x) {
  if (!isfinite(x)) return x - x;
  if (fabsf(x) >= DWM_TRIG_BIG)
    return (float)((double)dw_sinf(x) / (double)dw_cosf(x));
  int q;
  double r = dwm_rem_pio2(x, &q);
  double s = dwm_sin_poly(r), c = dwm_cos_poly(r);
  return (float)((q & 1) ? -c / s : s / c);
}

/* ==================================================================== */
/* tanh, sigmoid, silu                                                   */
/* ==================================================================== */
/* tanhf(x):
 *   nan -> nan.  a = |x|.
 *   a < 0.5625: t = x*x; x + x*t*P(t)      (P degree 5, odd expansion)
 *   a > 9:      +-1                         (tanh rounds to 1 there)
 *   otherwise:  e = expf(2a); v = 1 - 2/(e + 1); copysign(v, x)
 * Max error ~2 ulp (near a = 0.5625, from the division). */
#define DWM_TH5 0x1.460b9p-9f
#define DWM_TH4 -0x1.168056p-7f
#define DWM_TH3 0x1.655dbp-6f
#define DWM_TH2 -0x1.ba12d8p-5f
#define DWM_TH1 0x1.111102p-3f
#define DWM_TH0 -0x1.555556p-2f
#define DWM_TH_SMALL 0.5625f
#define DWM_TH_BIG 9.0f

static inline float dw_tanhf(float x) {
  if (x != x) return x;
  float a = fabsf(x);
  if (a < DWM_TH_SMALL) {
    float t = x * x;
    float p = DWM_TH5;
    p = p * t + DWM_TH4;
    p = p * t + DWM_TH3;
    p = p * t + DWM_TH2;
    p = p * t + DWM_TH1;
    p = p * t + DWM_TH0;
    return x + x * t * p;
  }
  if (a > DWM_TH_BIG) return copysignf(1.0f, x);
  float e = dw_expf(2.0f * a);
  float v = 1.0f - 2.0f / (e + 1.0f);
  return copysignf(v, x);
}

/* sigmoid(x) = 1 / (1 + expf(-x)) (PyTorch's formula; inf -> 0 for very
 * negative x). */
static inline float dw_sigmoidf(float x) {
  return 1.0f / (1.0f + dw_expf(-x));
}
/* silu(x) = x / (1 + expf(-x)) (PyTorch's formula). */
static inline float dw_siluf(float x) {
  return x / (1.0f + dw_expf(-x));
}

/* ==================================================================== */
/* erf, gelu                                                             */
/* ==================================================================== */
/* erff(x):
 *   nan -> nan.  a = |x|.
 *   a < 0.875: t = x*x; x + x * (E(t) - 1)  (E degree 6 ~ erf(sqrt t)/sqrt t;
 *                                            the -1 is folded into E0)
 *   a >= 4: +-1                          (erf rounds to 1 from 3.92 on)
 *   else:   q = L(a) (degree 11 Horner in a, ~ log(erfc(a)));
 *           copysign(1 - expf(q), x)
 * Fitting log(erfc) instead of erfc keeps the relative error of the tail
 * at the level of expf. Max error ~2 ulp. */
#define DWM_ERF_SMALL 0.875f
#define DWM_ERF_BIG 4.0f
#define DWM_E6 0x1.4a569p-14f
#define DWM_E5 -0x1.a45088p-11f
#define DWM_E4 0x1.54127p-8f
#define DWM_E3 -0x1.b7fabap-6f
#define DWM_E2 0x1.ce2d1p-4f
#define DWM_E1 -0x1.81273ep-2f
#define DWM_E0 0x1.06eba8p-3f /* fitted constant term minus 1 */
#define DWM_L11 0x1.766ed8p-26f
#define DWM_L10 -0x1.591644p-21f
#define DWM_L9 0x1.191b4cp-17f
#define DWM_L8 -0x1.043fc0p-14f
#define DWM_L7 0x1.1891fcp-12f
#define DWM_L6 -0x1.db656ep-12f
#define DWM_L5 -0x1.303152p-9f
#define DWM_L4 0x1.708c70p-6f
#define DWM_L3 -0x1.b14b26p-4f
#define DWM_L2 -0x1.450d4ap-1f
#define DWM_L1 -0x1.2104c4p+0f
#define DWM_L0 0x1.8006d2p-14f

static inline float dw_erff(float x) {
  if (x != x) return x;
  float a = fabsf(x);
  if (a < DWM_ERF_SMALL) {
    float t = x * x;
    float p = DWM_E6;
    p = p * t + DWM_E5;
    p = p * t + DWM_E4;
    p = p * t + DWM_E3;
    p = p * t + DWM_E2;
    p = p * t + DWM_E1;
    p = p * t + DWM_E0;
    return x + x * p;
  }
  if (a >= DWM_ERF_BIG) return copysignf(1.0f, x);
  float q = DWM_L11;
  q = q * a + DWM_L10;
  q = q * a + DWM_L9;
  q = q * a + DWM_L8;
  q = q * a + DWM_L7;
  q = q * a + DWM_L6;
  q = q * a + DWM_L5;
  q = q * a + DWM_L4;
  q = q * a + DWM_L3;
  q = q * a + DWM_L2;
  q = q * a + DWM_L1;
  q = q * a + DWM_L0;
  return copysignf(1.0f - dw_expf(q), x);
}

/* gelu(x) = x * 0.5 * (1 + erf(x * sqrt(1/2)))        (PyTorch's order)
 * gelu_tanh(x) = 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))
 *   with x^3 computed as x*x*x. */
#define DWM_SQRT1_2 0x1.6a09e6p-1f
#define DWM_SQRT2_PI 0x1.988454p-1f
#define DWM_GELU_KAPPA 0x1.6e4e26p-5f
static inline float dw_geluf(float x) {
  return x * 0.5f * (1.0f + dw_erff(x * DWM_SQRT1_2));
}
static inline float dw_gelu_tanhf(float x) {
  float inner = DWM_SQRT2_PI * (x + DWM_GELU_KAPPA * (x * x * x));
  return 0.5f * x * (1.0f + dw_tanhf(inner));
}

/* ==================================================================== */
/* pow                                                                   */
/* ==================================================================== */
/* powf(x, y), C99 special cases first (y == 0 -> 1, x == 1 -> 1, nan ->
 * nan, x < 0 with non-integer y -> nan, sign from odd integer y, zeros and
 * infinities), then in double:
 *   |x| = 2^k * m, m in [sqrt(2)/2, sqrt(2)); s = (m-1)/(m+1), z = s*s
 *   log|x| = k*ln2 + 2s * (1 + z/3 + z^2/5 + ... + z^12/25)   (Horner)
 *   t = y * log|x|; t > 89 -> inf, t < -104 -> 0
 *   exp t: n = nearbyint(t / ln2), r = (t - n*LN2D_HI) - n*LN2D_LO,
 *          e^r = Taylor degree 13 (Horner), times 2^n (exact in double)
 *   rounded once to float. Error ~0.5 ulp. (SIMD: lane by lane.) */
#define DWM_LN2D_HI 0x1.62e42feep-1
#define DWM_LN2D_LO 0x1.a39ef35793c76p-33
#define DWM_LN2D 0x1.62e42fefa39efp-1

static inline double dwm_log_d(double x) { /* x > 0, finite */
  uint64_t u;
  memcpy(&u, &x, 8);
  int k = 0;
  if (u < 0x0010000000000000ull) { /* subnormal double (not from floats) */
    x *= 0x1p54;
    k = -54;
    memcpy(&u, &x, 8);
  }
  u += 0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull;
  k += (int)(u >> 52) - 1023;
  u = (u & 0x000fffffffffffffull) + 0x3fe6a09e667f3bcdull;
  double m;
  memcpy(&m, &u, 8);
  double s = (m - 1.0) / (m + 1.0);
  double z = s * s;
  double p = 1.0 / 25.0;
  for (int j = 11; j >= 0; j--) p = p * z + 1.0 / (2 * j + 1);
  return (double)k * DWM_LN2D + 2.0 * s * p;
}
static inline double dwm_exp_d(double t) { /* -104 <= t <= 89 */
  double n = nearbyint(t / DWM_LN2D);
  double r = (t - n * DWM_LN2D_HI) - n * DWM_LN2D_LO;
  double p = 1.0 / 6227020800.0; /* 1/13! */
  double fact = 6227020800.0;
  for (int j = 12; j >= 0; j--) {
    fact /= (j + 1);            /* j! */
    p = p * r + 1.0 / fact;
  }
  uint64_t b = (uint64_t)((int64_t)n + 1023) << 52;
  double scale;
  memcpy(&scale, &b, 8);
  return p * scale;
}
static inline float dw_powf(float x, float y) {
  if (y == 0.0f || x == 1.0f) return 1.0f;
  if (x != x || y != y) return NAN;
  float ay = fabsf(y);
  int yint = ay >= 0x1p24f || floorf(ay) == ay; /* y integer */
  int yodd = yint && ay < 0x1p24f && fmodf(ay, 2.0f) == 1.0f;
  float ax = fabsf(x);
  if (x < 0.0f && !yint && !isinf(x)) return NAN;
  float sign = (x < 0.0f || (x == 0.0f && signbit(x))) && yodd ? -1.0f : 1.0f;
  if (ax == 0.0f) return sign * (y > 0.0f ? 0.0f : INFINITY);
  if (ax == 1.0f) return isinf(y) ? 1.0f : sign; /* x == -1: -1 for odd y */
  if (isinf(y)) return (ax > 1.0f) == (y > 0.0f) ? INFINITY : 0.0f;
  if (isinf(ax)) return sign * (y > 0.0f ? INFINITY : 0.0f);
  double t = (double)y * dwm_log_d((double)ax);
  if (t > 89.0) return sign * INFINITY;
  if (t < -104.0) return sign * 0.0f;
  return sign * (float)dwm_exp_d(t);
}

/* ==================================================================== */
/* 4-lane versions (WebAssembly SIMD)                                    */
/* ==================================================================== */
#ifdef __wasm_simd128__

/* per-lane select: m ? a : b (m is a lane mask of all ones / zeros) */
static inline v128_t dwm_sel(v128_t m, v128_t a, v128_t b) {
  return wasm_v128_bitselect(a, b, m);
}
#define F4(c) wasm_f32x4_splat(c)
#define FMUL wasm_f32x4_mul
#define FADD wasm_f32x4_add
#define FSUB wasm_f32x4_sub

static inline v128_t dw_expf4(v128_t x) {
  v128_t xc = wasm_f32x4_pmax(wasm_f32x4_pmin(x, F4(DWM_EXP_HI)), F4(DWM_EXP_LO));
  v128_t t = FADD(FMUL(xc, F4(DWM_LOG2E)), F4(DWM_EXP_MAGIC));
  v128_t k = FSUB(t, F4(DWM_EXP_MAGIC));
  v128_t r = FSUB(FSUB(xc, FMUL(k, F4(DWM_EXP_LN2_HI))), FMUL(k, F4(DWM_EXP_LN2_LO)));
  v128_t r2 = FMUL(r, r);
  v128_t a = FADD(FMUL(F4(DWM_EXP_P1), r), F4(DWM_EXP_P0));
  v128_t b = FADD(FMUL(F4(DWM_EXP_P3), r), F4(DWM_EXP_P2));
  v128_t p = FADD(a, FMUL(r2, FADD(b, FMUL(r2, F4(DWM_EXP_P4)))));
  v128_t er = FADD(F4(1.0f), FADD(r, FMUL(r2, p)));
  v128_t m = wasm_i32x4_add(t, wasm_i32x4_splat(DWM_EXP_BIAS2));
  v128_t h = wasm_i32x4_shr(m, 1);
  return FMUL(FMUL(er, wasm_i32x4_shl(h, 23)), wasm_i32x4_shl(wasm_i32x4_sub(m, h), 23));
}

/* dw_expf_sm, 4 lanes (pmax keeps a nan: the clamp is the only select) */
static inline v128_t dw_expf_smu4(v128_t x) { /* dw_expf_smu */
  v128_t xc = wasm_f32x4_pmax(x, F4(DWM_EXP_LO));
  v128_t t = FADD(FMUL(xc, F4(DWM_LOG2E)), F4(DWM_EXP_MAGIC));
  v128_t k = FSUB(t, F4(DWM_EXP_MAGIC));
  v128_t r = FSUB(FSUB(xc, FMUL(k, F4(DWM_EXP_LN2_HI))), FMUL(k, F4(DWM_EXP_LN2_LO)));
  v128_t s = wasm_i32x4_shl(t, 23);
  v128_t p = FADD(FMUL(F4(DWM_EXPSM_C5), r), F4(DWM_EXPSM_C4));
  p = FADD(FMUL(p, r), F4(DWM_EXPSM_C3));
  p = FADD(FMUL(p, r), F4(DWM_EXPSM_C2));
  p = FADD(FMUL(p, r), F4(DWM_EXPSM_C1));
  return FADD(s, FMUL(FMUL(r, s), p));
}
static inline v128_t dw_expf_sm4(v128_t x) {
  return FMUL(dw_expf_smu4(x), F4(DWM_EXP_NONPOS_SCALE));
}

static inline v128_t dw_logf4(v128_t x) {
  v128_t sub = wasm_i32x4_lt(x, wasm_i32x4_splat(0x00800000)); /* also <0 */
  v128_t xs = dwm_sel(sub, FMUL(x, F4(0x1p25f)), x);
  v128_t k = dwm_sel(sub, wasm_i32x4_splat(-25), wasm_i32x4_splat(0));
  v128_t ix = wasm_i32x4_add(xs, wasm_i32x4_splat(0x3f800000 - 0x3f3504f3));
  k = wasm_i32x4_add(k, wasm_i32x4_sub(wasm_u32x4_shr(ix, 23), wasm_i32x4_splat(127)));
  ix = wasm_i32x4_add(wasm_v128_and(ix, wasm_i32x4_splat(0x007fffff)),
                      wasm_i32x4_splat(0x3f3504f3));
  v128_t f = FSUB(ix, F4(1.0f));
  v128_t s = wasm_f32x4_div(f, FADD(F4(2.0f), f));
  v128_t z = FMUL(s, s);
  v128_t w = FMUL(z, z);
  v128_t t1 = FMUL(w, FADD(F4(DWM_LG2), FMUL(w, F4(DWM_LG4))));
  v128_t t2 = FMUL(z, FADD(F4(DWM_LG1), FMUL(w, F4(DWM_LG3))));
  v128_t R = FADD(t2, t1);
  v128_t hfsq = FMUL(FMUL(F4(0.5f), f), f);
  v128_t dk = wasm_f32x4_convert_i32x4(k);
  v128_t res = FADD(FADD(FSUB(FADD(FMUL(s, FADD(hfsq, R)), FMUL(dk, F4(DWM_LOG_LN2_LO))),
                              hfsq), f), FMUL(dk, F4(DWM_LOG_LN2_HI)));
  res = dwm_sel(wasm_i32x4_ge(x, wasm_i32x4_splat(0x7f800000)), x, res); /* +inf, +nan */
  res = dwm_sel(wasm_f32x4_lt(x, F4(0.0f)), F4(NAN), res);
  res = dwm_sel(wasm_f32x4_eq(x, F4(0.0f)), F4(-INFINITY), res);
  return dwm_sel(wasm_f32x4_ne(x, x), x, res);
}

/* sin (cosine = 0) or cos (cosine = 1) of two f64 lanes: the scalar
 * recipe, with cos x handled as the sin recipe on quadrant n + 1. */
static inline v128_t dwm_sincos2(v128_t xd, int cosine) {
  v128_t n = wasm_f64x2_nearest(wasm_f64x2_mul(xd, wasm_f64x2_splat(DWM_INV_PIO2)));
  v128_t r = wasm_f64x2_sub(wasm_f64x2_sub(xd, wasm_f64x2_mul(n, wasm_f64x2_splat(DWM_PIO2_1))),
                            wasm_f64x2_mul(n, wasm_f64x2_splat(DWM_PIO2_2)));
  v128_t nq = cosine ? wasm_f64x2_add(n, wasm_f64x2_splat(1.0)) : n;
  v128_t n4 = wasm_f64x2_sub(nq, wasm_f64x2_mul(wasm_f64x2_splat(4.0),
                             wasm_f64x2_floor(wasm_f64x2_mul(nq, wasm_f64x2_splat(0.25)))));
  v128_t h = wasm_f64x2_floor(wasm_f64x2_mul(n4, wasm_f64x2_splat(0.5)));
  v128_t odd = wasm_f64x2_ne(wasm_f64x2_sub(n4, wasm_f64x2_add(h, h)), wasm_f64x2_splat(0.0));
  v128_t neg = wasm_f64x2_ge(n4, wasm_f64x2_splat(2.0));
  v128_t z = wasm_f64x2_mul(r, r);
  v128_t s = wasm_f64x2_splat(DWM_S4), c = wasm_f64x2_splat(DWM_C4);
  s = wasm_f64x2_add(wasm_f64x2_mul(s, z), wasm_f64x2_splat(DWM_S3));
  s = wasm_f64x2_add(wasm_f64x2_mul(s, z), wasm_f64x2_splat(DWM_S2));
  s = wasm_f64x2_add(wasm_f64x2_mul(s, z), wasm_f64x2_splat(DWM_S1));
  s = wasm_f64x2_add(wasm_f64x2_mul(s, z), wasm_f64x2_splat(DWM_S0));
  s = wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_mul(r, z), s));
  c = wasm_f64x2_add(wasm_f64x2_mul(c, z), wasm_f64x2_splat(DWM_C3));
  c = wasm_f64x2_add(wasm_f64x2_mul(c, z), wasm_f64x2_splat(DWM_C2));
  c = wasm_f64x2_add(wasm_f64x2_mul(c, z), wasm_f64x2_splat(DWM_C1));
  c = wasm_f64x2_add(wasm_f64x2_mul(c, z), wasm_f64x2_splat(DWM_C0));
  c = wasm_f64x2_add(wasm_f64x2_splat(1.0), wasm_f64x2_mul(z, c));
  v128_t v = dwm_sel(odd, c, s);
  return dwm_sel(neg, wasm_f64x2_neg(v), v);
}
static inline v128_t dwm_sincos4(v128_t x, int cosine) {
  v128_t lo = dwm_sincos2(wasm_f64x2_promote_low_f32x4(x), cosine);
  v128_t hi = dwm_sincos2(wasm_f64x2_promote_low_f32x4(
      wasm_i32x4_shuffle(x, x, 2, 3, 0, 1)), cosine);
  v128_t res = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo),
                                  wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
  v128_t ax = wasm_f32x4_abs(x);
  v128_t fin = wasm_f32x4_lt(ax, F4(INFINITY));
  res = dwm_sel(fin, res, FSUB(x, x));
  /* finite lanes >= DWM_TRIG_BIG (rare): the scalar recipe, lane by lane */
  v128_t big = wasm_v128_and(wasm_f32x4_ge(ax, F4(DWM_TRIG_BIG)), fin);
  if (wasm_v128_any_true(big)) {
    float l[4], xl[4];
    wasm_v128_store(l, res);
    wasm_v128_store(xl, x);
    for (int k = 0; k < 4; k++)
      if (fabsf(xl[k]) >= DWM_TRIG_BIG && fabsf(xl[k]) < INFINITY)
        l[k] = cosine ? dw_cosf(xl[k]) : dw_sinf(xl[k]);
    res = wasm_v128_load(l);
  }
  return res;
}
static inline v128_t dw_sinf4(v128_t x) { return dwm_sincos4(x, 0); }
static inline v128_t dw_cosf4(v128_t x) { return dwm_sincos4(x, 1); }

static inline v128_t dw_tanhf4(v128_t x) {
  v128_t a = wasm_f32x4_abs(x);
  v128_t t = FMUL(x, x);
  v128_t p = F4(DWM_TH5);
  p = FADD(FMUL(p, t), F4(DWM_TH4));
  p = FADD(FMUL(p, t), F4(DWM_TH3));
  p = FADD(FMUL(p, t), F4(DWM_TH2));
  p = FADD(FMUL(p, t), F4(DWM_TH1));
  p = FADD(FMUL(p, t), F4(DWM_TH0));
  v128_t small = FADD(x, FMUL(FMUL(x, t), p));
  v128_t e = dw_expf4(FMUL(F4(2.0f), wasm_f32x4_min(a, F4(DWM_TH_BIG))));
  v128_t v = FSUB(F4(1.0f), wasm_f32x4_div(F4(2.0f), FADD(e, F4(1.0f))));
  v128_t signbit = wasm_v128_and(x, wasm_i32x4_splat((int32_t)0x80000000u));
  v128_t big = wasm_v128_or(v, signbit); /* v >= 0: copysign */
  big = dwm_sel(wasm_f32x4_gt(a, F4(DWM_TH_BIG)), wasm_v128_or(F4(1.0f), signbit), big);
  v128_t res = dwm_sel(wasm_f32x4_lt(a, F4(DWM_TH_SMALL)), small, big);
  return dwm_sel(wasm_f32x4_ne(x, x), x, res);
}
static inline v128_t dw_sigmoidf4(v128_t x) {
  return wasm_f32x4_div(F4(1.0f), FADD(F4(1.0f), dw_expf4(wasm_f32x4_neg(x))));
}
static inline v128_t dw_siluf4(v128_t x) {
  return wasm_f32x4_div(x, FADD(F4(1.0f), dw_expf4(wasm_f32x4_neg(x))));
}
static inline v128_t dw_erff4(v128_t x) {
  v128_t a = wasm_f32x4_abs(x);
  v128_t t = FMUL(x, x);
  v128_t p = F4(DWM_E6);
  p = FADD(FMUL(p, t), F4(DWM_E5));
  p = FADD(FMUL(p, t), F4(DWM_E4));
  p = FADD(FMUL(p, t), F4(DWM_E3));
  p = FADD(FMUL(p, t), F4(DWM_E2));
  p = FADD(FMUL(p, t), F4(DWM_E1));
  p = FADD(FMUL(p, t), F4(DWM_E0));
  v128_t small = FADD(x, FMUL(x, p));
  v128_t ac = wasm_f32x4_min(a, F4(DWM_ERF_BIG));
  v128_t q = F4(DWM_L11);
  q = FADD(FMUL(q, ac), F4(DWM_L10));
  q = FADD(FMUL(q, ac), F4(DWM_L9));
  q = FADD(FMUL(q, ac), F4(DWM_L8));
  q = FADD(FMUL(q, ac), F4(DWM_L7));
  q = FADD(FMUL(q, ac), F4(DWM_L6));
  q = FADD(FMUL(q, ac), F4(DWM_L5));
  q = FADD(FMUL(q, ac), F4(DWM_L4));
  q = FADD(FMUL(q, ac), F4(DWM_L3));
  q = FADD(FMUL(q, ac), F4(DWM_L2));
  q = FADD(FMUL(q, ac), F4(DWM_L1));
  q = FADD(FMUL(q, ac), F4(DWM_L0));
  v128_t signbit = wasm_v128_and(x, wasm_i32x4_splat((int32_t)0x80000000u));
  v128_t big = FSUB(F4(1.0f), dw_expf4(q));
  big = dwm_sel(wasm_f32x4_ge(a, F4(DWM_ERF_BIG)), F4(1.0f), big);
  big = wasm_v128_or(big, signbit);
  v128_t res = dwm_sel(wasm_f32x4_lt(a, F4(DWM_ERF_SMALL)), small, big);
  return dwm_sel(wasm_f32x4_ne(x, x), x, res);
}
static inline v128_t dw_geluf4(v128_t x) {
  return FMUL(FMUL(x, F4(0.5f)), FADD(F4(1.0f), dw_erff4(FMUL(x, F4(DWM_SQRT1_2)))));
}
static inline v128_t dw_gelu_tanhf4(v128_t x) {
  v128_t inner = FMUL(F4(DWM_SQRT2_PI),
                      FADD(x, FMUL(F4(DWM_GELU_KAPPA), FMUL(FMUL(x, x), x))));
  return FMUL(FMUL(F4(0.5f), x), FADD(F4(1.0f), dw_tanhf4(inner)));
}
/* pow is computed lane by lane with the scalar (double) recipe. */
static inline v128_t dw_powf4(v128_t x, v128_t y) {
  return wasm_f32x4_make(
      dw_powf(wasm_f32x4_extract_lane(x, 0), wasm_f32x4_extract_lane(y, 0)),
      dw_powf(wasm_f32x4_extract_lane(x, 1), wasm_f32x4_extract_lane(y, 1)),
      dw_powf(wasm_f32x4_extract_lane(x, 2), wasm_f32x4_extract_lane(y, 2)),
      dw_powf(wasm_f32x4_extract_lane(x, 3), wasm_f32x4_extract_lane(y, 3)));
}
#undef F4
#undef FMUL
#undef FADD
#undef FSUB
#endif /* __wasm_simd128__ */

#endif /* DW_MATH_H */
