/* test_expf_ulp.c - exp against the correctly rounded expf, exhaustively.
 *
 * dw_expf (dwmath.h: torch.exp, and exp inside sigmoid, tanh, softmax,
 * log_softmax, ... on both backends) is run on every one of the 2^32
 * float32 inputs and compared with the correctly rounded expf (the exact
 * e^x rounded to nearest, ties to even); dw_expf_nonpos (the one-factor
 * form for arguments <= 0 or nan: softmax's x - amax(x)) must give
 * dw_expf's bits on every input it accepts (every x with the sign bit set,
 * and every nan). Prints the largest distance in ulps (the number of
 * floats between the result and the correctly rounded one), how many
 * results are not correctly rounded, and the largest error against the
 * exact value in ulps of that value; fails when a distance exceeds 1 ulp,
 * or when nan, +-inf, +-0 or an underflow (+0, never -0) is not exact.
 *
 * The reference: e^x in double (glibc's exp, < 0.51 ulp of double), and
 * where that lies within 4 double ulps of the midpoint between two floats,
 * e^x in long double (expl); an input that is still undecided fails.
 * Outside |x| in [2^-30, 104] the correctly rounded value is known
 * without exp: 1 below 2^-30 (e^x is within 2^-29 of 1), +0 below -104
 * (e^-104 < 2^-150, half the smallest subnormal), +inf above 89.
 *
 * Below |x| = 2^-30 the result is 1 by construction and every step is
 * subnormal arithmetic (microcode-slow on x86), and above 89 it is +inf
 * by dw_expf's first test: every 64th input there; likewise
 * dw_expf_nonpos below -104 (clamped to -104).
 * dw_expf_sm (softmax's and log_softmax's own exp of x - amax(x), on both
 * backends) is run on every float32 x <= 0 (and -0, -inf, every nan with
 * the sign bit) against the same reference, with the same exceptions (the
 * subnormal band, the clamp below -104); it fails when a distance exceeds
 * 2 ulp, or -inf is not +0, or a nan is not a nan; its form with the
 * multiply-adds of relaxed SIMD (dw_expf_sm_madd: the compiled kernels'
 * where the engine runs f32x4.relaxed_madd) must give dw_expf_sm's bits
 * unfused and meet the same bound fused (fmaf: `test_expf_ulp
 * softmax_fma`, its own ctest entry); its unscaled form (dw_expf_smu,
 * softmax's e^x * 2^63) must be normal and give dw_expf_sm's bits once
 * multiplied by 2^-63.
 * dw_expf's relaxed-SIMD form (dw_expf_madd: its multiply-adds as the
 * compiled kernels' f32x4.relaxed_madd) must give dw_expf's bits unfused
 * (checked in the same loop) and meet the 1-ulp bound fused, its
 * one-factor form agreeing with it (`test_expf_ulp fma`, its own ctest
 * entry).
 * Built with sanitizers (the ASan/UBSan ctest run, several times slower)
 * it checks every 13th input instead of all of them. */
#include "../../src/tensor/dwmath.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define DW_EXPT_STRIDE 13u
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define DW_EXPT_STRIDE 13u
#endif
#endif
#ifndef DW_EXPT_STRIDE
#define DW_EXPT_STRIDE 1u
#endif

/* floats as integers in order (-0 and +0 both 0): distance = difference */
static int64_t ord(float f) {
  uint32_t u = dwm_fbits(f);
  return (u >> 31) ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

static uint64_t undecided;

/* e^x rounded to nearest float, for -104 <= x <= 89 */
static float cr_expf(float x, double *exact) {
  double e = exp((double)x);
  float f = (float)e, lo, hi; /* e's neighbours (e > 0, f finite) */
  if ((double)f > e) {
    hi = f;
    lo = dwm_bitsf(dwm_fbits(f) - 1);
  } else {
    lo = f;
    hi = dwm_bitsf(dwm_fbits(f) + 1);
  }
  double mid = ((double)lo + (double)hi) / 2;
  *exact = e;
  if (fabs(e - mid) <= 4 * fabs(e) * 0x1p-52) {
    long double el = expl((long double)x);
    f = (float)el;
    if (fabsl(el - (long double)mid) <= 4 * fabsl(el) * 0x1p-63L) undecided++;
  }
  return f;
}

static float expf_sm_fused(float x) { return dw_expf_sm_madd(x, 1); }

/* softmax's exp over every x <= 0: the largest distance (0 .. 2 passes).
 * exp: dw_expf_sm, or its relaxed-SIMD form fused (dw_expf_sm_madd); for
 * dw_expf_sm the unfused relaxed form must give its bits on every input. */
static int check_softmax_exp(const char *name, float (*exp)(float)) {
  int64_t worst = 0;
  uint64_t unfused_diff = 0, unscaled_bad = 0;
  float worst_x = 0, real_x = 0;
  double worst_real = 0;
  uint64_t n = 0, not_cr = 0, bad_special = 0, by_dist[3] = {0, 0, 0};
  for (uint64_t u = 0x80000000u; u <= 0xffffffffu; u += DW_EXPT_STRIDE) {
    /* |x| < 2^-30: 1 (subnormal arithmetic); x < -104: the clamp, +0 */
    uint32_t a = (uint32_t)u & 0x7fffffffu;
    if ((a < 0x30800000u || (a > 0x42d00000u && a < 0x7f800000u)) &&
        (u & 63u) >= DW_EXPT_STRIDE) {
      u = (u | 63u) + 1 - DW_EXPT_STRIDE;
      continue;
    }
    float x = dwm_bitsf((uint32_t)u), y = exp(x);
    n++;
    if (exp == dw_expf_sm) {
      float z = dw_expf_sm_madd(x, 0);
      unfused_diff += !(dwm_fbits(z) == dwm_fbits(y) || (z != z && y != y));
      /* softmax's unscaled form: e^x * 2^63, normal (so that the factor
       * cancels exactly in e / sum), dw_expf_sm's bits once scaled */
      float e = dw_expf_smu(x);
      if (x == x)
        unscaled_bad += !(isnormal(e) && e <= 0x1p63f &&
                          dwm_fbits(e * DWM_EXP_NONPOS_SCALE) == dwm_fbits(y));
      else
        unscaled_bad += e == e;
    }
    if (x != x) {
      bad_special += y == y;
      continue;
    }
    double exact = 0;
    int trivial = 1;
    float want;
    if (fabsf(x) < 0x1p-30f) want = 1.0f;
    else if (x < -104.0f) want = 0.0f;
    else {
      want = cr_expf(x, &exact);
      trivial = 0;
    }
    if (y != y || signbit(y) || (want == 0.0f && y != want)) {
      bad_special++;
      continue;
    }
    int64_t d = ord(y) - ord(want);
    if (d < 0) d = -d;
    not_cr += d != 0;
    by_dist[d < 2 ? d : 2]++;
    if (d > worst) worst = d, worst_x = x;
    if (d && !trivial && exact > 0) {
      int ex = ilogb(exact);
      double ulp = ldexp(1.0, ex < -126 ? -149 : ex - 23);
      double re = fabs((double)y - exact) / ulp;
      if (re > worst_real) worst_real = re, real_x = x;
    }
  }
  bad_special += !(exp(-0.0f) == 1.0f && exp(0.0f) == 1.0f &&
                   dwm_fbits(exp(-INFINITY)) == 0 && exp(-104.0f) == 0.0f);
  printf("%s (softmax's exp) over %" PRIu64 " float32 inputs <= 0 (every %u): "
         "max %" PRId64 " ulp from the correctly rounded expf (at %a); %" PRIu64
         " not correctly rounded (%" PRIu64 " at 1 ulp, %" PRIu64 " at 2 or more); "
         "max error %.4f ulp of the exact value (at %a)\n",
         name, n, DW_EXPT_STRIDE, worst, (double)worst_x, not_cr, by_dist[1], by_dist[2],
         worst_real, (double)real_x);
  printf("%s: special values wrong: %" PRIu64 "; undecided references: %" PRIu64 "\n", name,
         bad_special, undecided);
  if (exp == dw_expf_sm)
    printf("dw_expf_sm_madd unfused (relaxed SIMD without FMA): %" PRIu64
           " inputs differ from dw_expf_sm; dw_expf_smu (softmax's e^x * 2^63): %" PRIu64
           " inputs not normal or not dw_expf_sm's bits once scaled\n",
           unfused_diff, unscaled_bad);
  int fail = worst > 2 || bad_special || undecided || unfused_diff || unscaled_bad;
  if (fail) printf("FAIL test_expf_ulp %s\n", name);
  return fail;
}

static float expf_fused(float x) { return dw_expf_madd(x, 1); }
/* exp4_'s one-factor form for x <= 0 (dw_expf_nonpos) with fused madds:
 * the er of dw_expf_madd, scaled by bits(t) << 23 and 2^-63 */
static float expf_nonpos_fused(float x) {
  if (x != x) return x;
  if (x < DWM_EXP_LO) x = DWM_EXP_LO;
  float t = fmaf(x, DWM_LOG2E, DWM_EXP_MAGIC);
  float k = t - DWM_EXP_MAGIC;
  float r = fmaf(-k, DWM_EXP_LN2_LO, fmaf(-k, DWM_EXP_LN2_HI, x));
  float r2 = r * r;
  float p = fmaf(r2, fmaf(r2, DWM_EXP_P4, fmaf(DWM_EXP_P3, r, DWM_EXP_P2)),
                 fmaf(DWM_EXP_P1, r, DWM_EXP_P0));
  float er = 1.0f + fmaf(r2, p, r);
  return (er * dwm_bitsf(dwm_fbits(t) << 23)) * DWM_EXP_NONPOS_SCALE;
}

/* exp over every float32 (every 64th where fixed by construction): at
 * most 1 ulp from the correctly rounded expf; nonpos must give its bits
 * on every x <= 0 or nan. exp: dw_expf (and its relaxed-SIMD form
 * unfused must give its bits too), or that form fused. */
static int check_exp(const char *name, float (*exp)(float), float (*nonpos)(float)) {
  uint64_t unfused_diff = 0;
  int64_t worst = 0;
  float worst_x = 0, real_x = 0;
  double worst_real = 0;
  uint64_t n = 0, not_cr = 0, bad_special = 0, nonpos_diff = 0;
  for (uint64_t u = 0; u <= 0xffffffffu; u += DW_EXPT_STRIDE) {
    /* |x| < 2^-30: the result is 1 by construction (k = 0, |r + r2 P| <
     * 2^-29) and the arithmetic is subnormal (r^4 underflows: slow on a
     * native FPU); x > 89 (0x42b20000): +inf by the first test of
     * dw_expf: every 64th input there, all exponents */
    uint32_t a = (uint32_t)u & 0x7fffffffu;
    if ((a < 0x30800000u || (a > 0x42b20000u && a < 0x7f800000u && !(u >> 31))) &&
        (u & 63u) >= DW_EXPT_STRIDE) {
      u = (u | 63u) + 1 - DW_EXPT_STRIDE;
      continue;
    }
    float x = dwm_bitsf((uint32_t)u), y = exp(x);
    n++;
    if (exp == dw_expf) {
      float z = dw_expf_madd(x, 0);
      unfused_diff += !(dwm_fbits(z) == dwm_fbits(y) || (z != z && y != y));
    }
    /* dw_expf_nonpos's inputs; below -104 it clamps to -104 (one value,
     * and a subnormal product each time): every 64th input there */
    if (x != x || ((u >> 31) && !(x < -104.0f && (u & 63u)))) {
      float z = nonpos(x);
      if (!(dwm_fbits(z) == dwm_fbits(y) || (z != z && y != y))) nonpos_diff++;
    }
    float want;
    double exact = 0;
    int trivial = 1;
    if (x != x) {
      bad_special += y == y;
      continue;
    }
    if (fabsf(x) < 0x1p-30f) want = 1.0f;
    else if (x < -104.0f) want = 0.0f;
    else if (x > 89.0f) want = INFINITY;
    else {
      want = cr_expf(x, &exact);
      trivial = 0;
    }
    if (y != y || signbit(y)) { /* never nan or -0 for a number */
      bad_special++;
      continue;
    }
    if ((want == 0.0f || isinf(want)) && y != want) bad_special++;
    int64_t d = ord(y) - ord(want);
    if (d < 0) d = -d;
    not_cr += d != 0;
    if (d > worst) worst = d, worst_x = x;
    /* (a correctly rounded result is within 0.5 ulp: the largest error
     * is among the others) */
    if (d && !trivial && isfinite(exact) && exact > 0 && isfinite(y)) {
      int ex = ilogb(exact);
      double ulp = ldexp(1.0, ex < -126 ? -149 : ex - 23);
      double re = fabs((double)y - exact) / ulp;
      if (re > worst_real) worst_real = re, real_x = x;
    }
  }
  /* the exact special values */
  bad_special += !(exp(0.0f) == 1.0f && exp(-0.0f) == 1.0f);
  bad_special += !(exp(INFINITY) == INFINITY && dwm_fbits(exp(-INFINITY)) == 0);
  bad_special += !(nonpos(-0.0f) == 1.0f && dwm_fbits(nonpos(-INFINITY)) == 0);
  printf("%s over %" PRIu64 " float32 inputs (every %u): max %" PRId64
         " ulp from the correctly rounded expf (at %a), %" PRIu64
         " results not correctly rounded; max error %.4f ulp of the exact "
         "value (at %a)\n",
         name, n, DW_EXPT_STRIDE, worst, (double)worst_x, not_cr, worst_real, (double)real_x);
  printf("%s's one-factor form: %" PRIu64 " inputs (x <= 0 or nan) differ from it; "
         "special values wrong: %" PRIu64 "; undecided references: %" PRIu64 "\n",
         name, nonpos_diff, bad_special, undecided);
  if (exp == dw_expf)
    printf("dw_expf_madd unfused (relaxed SIMD without FMA): %" PRIu64
           " inputs differ from dw_expf\n",
           unfused_diff);
  int fail = worst > 1 || nonpos_diff || bad_special || undecided || unfused_diff;
  if (fail) printf("FAIL test_expf_ulp %s\n", name);
  return fail;
}

int main(int argc, char **argv) {
  /* `test_expf_ulp softmax`: softmax's exp (its own ctest entry), and
   * its relaxed-SIMD form unfused; `softmax_fma`: that form fused; `fma`:
   * dw_expf's relaxed-SIMD form fused; no argument: dw_expf */
  if (argc > 1 && !strcmp(argv[1], "softmax")) return check_softmax_exp("dw_expf_sm", dw_expf_sm);
  if (argc > 1 && !strcmp(argv[1], "softmax_fma"))
    return check_softmax_exp("dw_expf_sm_madd fused", expf_sm_fused);
  if (argc > 1 && !strcmp(argv[1], "fma"))
    return check_exp("dw_expf_madd fused", expf_fused, expf_nonpos_fused);
  return check_exp("dw_expf", dw_expf, dw_expf_nonpos);
}
