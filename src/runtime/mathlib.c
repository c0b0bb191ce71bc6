/* mathlib.c - the math and time modules, with CPython's results and
 * messages (gamma, lgamma, fsum, isqrt, ... as Modules/mathmodule.c
 * computes them). */
#include "builtins.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#endif

/* ------------------------------------------------------------------ */
/* math and time                                                       */
/* ------------------------------------------------------------------ */

/* gamma and lgamma as CPython computes them (Lanczos approximation, g =
 * 6.0247..., N = 13; Modules/mathmodule.c), for the same digits. */
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num[13] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
static const double lanczos_den[13] = {0.0,       39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                       45995730.0, 13339535.0, 2637558.0,   357423.0,    32670.0,
                                       1925.0,    66.0,       1.0};

static double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  if (x < 5.0) {
    for (int i = 13; --i >= 0;) {
      num = num * x + lanczos_num[i];
      den = den * x + lanczos_den[i];
    }
  } else {
    for (int i = 0; i < 13; i++) {
      num = num / x + lanczos_num[i];
      den = den / x + lanczos_den[i];
    }
  }
  return num / den;
}

static double m_sinpi(double x) {
  double y = fmod(fabs(x), 2.0), r;
  int n = (int)round(2.0 * y);
  switch (n) {
  case 0: r = sin(M_PI * y); break;
  case 1: r = cos(M_PI * (y - 0.5)); break;
  case 2: r = sin(M_PI * (1.0 - y)); break;
  case 3: r = -cos(M_PI * (y - 1.5)); break;
  default: r = sin(M_PI * (y - 2.0)); break;
  }
  return copysign(1.0, x) * r;
}

/* x is finite, not 0 and not a negative integer */
static double m_tgamma(double x) {
  static const double fact[23] = {1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0,
                                  362880.0, 3628800.0, 39916800.0, 479001600.0, 6227020800.0,
                                  87178291200.0, 1307674368000.0, 20922789888000.0,
                                  355687428096000.0, 6402373705728000.0, 121645100408832000.0,
                                  2432902008176640000.0, 51090942171709440000.0,
                                  1124000727777607680000.0};
  if (x == floor(x) && x > 0 && x <= 23) return fact[(int)x - 1];
  double absx = fabs(x), r, y, z;
  if (absx < 1e-20) return 1.0 / x;
  if (absx > 200.0) return x < 0.0 ? 0.0 / m_sinpi(x) : HUGE_VAL;
  y = absx + lanczos_g_minus_half;
  if (absx > lanczos_g_minus_half) {
    double q = y - absx;
    z = q - lanczos_g_minus_half;
  } else {
    double q = y - lanczos_g_minus_half;
    z = q - absx;
  }
  z = z * lanczos_g / y;
  if (x < 0.0) {
    r = -M_PI / m_sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= pow(y, absx - 0.5);
    } else {
      double sp = pow(y, absx / 2.0 - 0.25);
      r /= sp;
      r /= sp;
    }
  } else {
    r = lanczos_sum(absx) / exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= pow(y, absx - 0.5);
    } else {
      double sp = pow(y, absx / 2.0 - 0.25);
      r *= sp;
      r *= sp;
    }
  }
  return r;
}

/* x is finite and not an integer <= 0 */
static double m_lgamma(double x) {
  if (x == floor(x) && x <= 2.0) return 0.0;
  double absx = fabs(x);
  if (absx < 1e-20) return -log(absx);
  double r = log(lanczos_sum(absx)) - lanczos_g;
  r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
  if (x < 0.0)
    r = 1.144729885849400174143427351353058711647 - log(fabs(m_sinpi(absx))) - log(absx) - r;
  return r;
}

static Value math1(Interp *I, const BuiltinDef *def, Args *a) {
  const char *name = strchr(def->name, '.') + 1;
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError, "math.%s() takes exactly one argument (%d given)", name, a->n);
  double x;
  if (a->v[0].t == V_TENSOR && dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT, "math.%s() of a traced tensor", name))
    return dwV_null();
  if (!dwL_float(I, a->v[0], "must be real number", &x)) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    return dwI_raise(I, EXC_TypeError, "must be real number, not %s", dwV_type_name(a->v[0]));
  }
  double r;
  switch (def->data) {
  case 0: if (x < 0) goto domain; r = sqrt(x); break;
  case 1: r = exp(x); if (isinf(r) && isfinite(x)) return dwI_raise(I, EXC_OverflowError, "math range error"); break;
  case 2: if (x <= 0) goto domain; r = log(x); break;
  case 3: if (x <= 0) goto domain; r = log2(x); break;
  case 4: if (x <= 0) goto domain; r = log10(x); break;
  case 5: if (isinf(x)) goto domain; r = sin(x); break;
  case 6: if (isinf(x)) goto domain; r = cos(x); break;
  case 7: if (isinf(x)) goto domain; r = tan(x); break;
  case 8: r = tanh(x); break;
  case 9: if (x < -1 || x > 1) goto domain; r = asin(x); break;
  case 10: if (x < -1 || x > 1) goto domain; r = acos(x); break;
  case 11: r = atan(x); break;
  case 12: r = fabs(x); break;
  case 13: r = erf(x); break;
  case 14: r = exp(x) - 1; r = expm1(x); break;
  case 15: if (x <= -1) goto domain; r = log1p(x); break;
  case 16: /* floor */
  case 17: /* ceil */
  case 18: { /* trunc */
    if (a->v[0].t == V_INT || a->v[0].t == V_BOOL) return dwV_int(a->v[0].u.i);
    if (isnan(x)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(x)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    double v = def->data == 16 ? floor(x) : def->data == 17 ? ceil(x) : trunc(x);
    if (v >= 9223372036854775808.0 || v < -9223372036854775808.0)
      return dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return dwV_int((int64_t)v);
  }
  case 19: return dwV_bool(isnan(x));
  case 20: return dwV_bool(isinf(x));
  case 21: return dwV_bool(isfinite(x));
  case 22: r = x * 180.0 / M_PI; break;
  case 23: r = x * M_PI / 180.0; break;
  case 24: r = sinh(x); break;
  case 25: r = cosh(x); break;
  case 27: { /* isqrt */
    int64_t n;
    if (!dwOb_index(I, a->v[0], &n)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(a->v[0]));
    }
    if (n < 0) return dwI_raise(I, EXC_ValueError, "isqrt() argument must be nonnegative");
    uint64_t r = (uint64_t)sqrt((double)n);
    while (r * r > (uint64_t)n) r--;
    while ((r + 1) * (r + 1) <= (uint64_t)n) r++;
    return dwV_int((int64_t)r);
  }
  case 28: { /* modf */
    double ip;
    double fp = isinf(x) ? copysign(0.0, x) : modf(x, &ip);
    if (isinf(x)) ip = x;
    Tuple *t = dwV_tuple(&I->c, 2);
    if (!t) return dwI_raise_ctx(I);
    t->items[0] = dwV_float(fp);
    t->items[1] = dwV_float(ip);
    return dwV_obj(&t->h);
  }
  case 29: { /* frexp */
    int e = 0;
    double m = isfinite(x) ? frexp(x, &e) : x;
    Tuple *t = dwV_tuple(&I->c, 2);
    if (!t) return dwI_raise_ctx(I);
    t->items[0] = dwV_float(m);
    t->items[1] = dwV_int(e);
    return dwV_obj(&t->h);
  }
  case 30: /* gamma */
    if (isnan(x) || (isinf(x) && x > 0)) return dwV_float(x);
    if ((x <= 0 && x == floor(x)) || isinf(x)) goto domain;
    r = m_tgamma(x);
    if (isinf(r)) return dwI_raise(I, EXC_OverflowError, "math range error");
    break;
  case 31: /* lgamma */
    if (!isfinite(x)) return dwV_float(isnan(x) ? x : HUGE_VAL);
    if (x <= 0 && x == floor(x)) goto domain;
    r = m_lgamma(x);
    if (isinf(r)) return dwI_raise(I, EXC_OverflowError, "math range error");
    break;
  case 32: r = atanh(x); if (x <= -1 || x >= 1) goto domain; break;
  case 33: r = asinh(x); break;
  case 34: if (x < 1) goto domain; r = acosh(x); break;
  case 35: r = erfc(x); break;
  case 36: r = cbrt(x); break;
  case 37: r = exp2(x); if (isinf(r) && isfinite(x)) return dwI_raise(I, EXC_OverflowError, "math range error"); break;
  case 26: { /* factorial */
    int64_t n;
    if (a->v[0].t == V_FLOAT) return dwI_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
    if (!dwL_int(I, a->v[0], "factorial", &n)) return dwV_null();
    if (n < 0) return dwI_raise(I, EXC_ValueError, "factorial() not defined for negative values");
    int64_t f = 1;
    for (int64_t k = 2; k <= n; k++)
      if (__builtin_mul_overflow(f, k, &f)) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int(f);
  }
  default: r = x; break;
  }
  return dwV_float(r);
domain:
  return dwI_raise(I, EXC_ValueError, "math domain error");
}

BI(b_math1) { (void)self; return math1(I, def, a); }

static bool math_num(Interp *I, Value v, double *out) {
  if (dwL_float(I, v, "must be real number", out)) return true;
  if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    dwI_raise(I, EXC_TypeError, "must be real number, not %s", dwV_type_name(v));
  }
  return false;
}

static bool math_intarg(Interp *I, Value v, int64_t *out) {
  if (v.t == V_FLOAT) {
    dwI_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
    return false;
  }
  if (dwOb_index(I, v, out)) return true;
  if (I->exc.t == V_NULL)
    dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer", dwV_type_name(v));
  return false;
}

static Value math2(Interp *I, const BuiltinDef *def, Args *a) {
  const char *name = strchr(def->name, '.') + 1;
  if (def->data == 5 && a->n == 1) { /* log(x) */
    Args one = *a;
    static const BuiltinDef ln = {"math.log", b_math1, TK_PURE, 2, 0};
    return math1(I, &ln, &one);
  }
  if (def->data == 8) { /* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) */
    Value o[4];
    if (!dwL_bind(I, "isclose", dwV_null(), a, "a,b,rel_tol,abs_tol", o, 4)) return dwV_null();
    if (a->n != 2)
      return dwI_raise(I, EXC_TypeError, "isclose() takes exactly 2 positional arguments (%d given)", a->n);
    double x, y, rt = 1e-9, at = 0.0;
    if (!math_num(I, o[0], &x) || !math_num(I, o[1], &y)) return dwV_null();
    if (o[2].t != V_NULL && !math_num(I, o[2], &rt)) return dwV_null();
    if (o[3].t != V_NULL && !math_num(I, o[3], &at)) return dwV_null();
    if (rt < 0 || at < 0) return dwI_raise(I, EXC_ValueError, "tolerances must be non-negative");
    if (x == y) return dwV_bool(true);
    if (isinf(x) || isinf(y)) return dwV_bool(false);
    double diff = fabs(y - x);
    return dwV_bool((diff <= fabs(rt * y)) || (diff <= fabs(rt * x)) || (diff <= at));
  }
  if (a->nkw) return dwI_raise(I, EXC_TypeError, "math.%s() takes no keyword arguments", name);
  if (def->data == 9 && a->n == 1) { /* perm(n) */
    Args two = *a;
    Value v[2] = {a->v[0], a->v[0]};
    two.n = 2;
    two.v = v;
    return math2(I, def, &two);
  }
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "%s expected 2 arguments, got %d", name, a->n);
  if (def->data == 6 || def->data == 7) { /* gcd, lcm */
    int64_t x, y;
    if (!math_intarg(I, a->v[0], &x) || !math_intarg(I, a->v[1], &y)) return dwV_null();
    x = x < 0 ? -x : x;
    y = y < 0 ? -y : y;
    int64_t g = x, h = y;
    while (h) {
      int64_t t = g % h;
      g = h;
      h = t;
    }
    if (def->data == 6) return dwV_int(g);
    if (!x || !y) return dwV_int(0);
    int64_t l;
    if (__builtin_mul_overflow(x / g, y, &l))
      return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
    return dwV_int(l);
  }
  if (def->data == 9 || def->data == 10) { /* perm, comb */
    int64_t n, k;
    if (!math_intarg(I, a->v[0], &n) || !math_intarg(I, a->v[1], &k)) return dwV_null();
    if (n < 0) return dwI_raise(I, EXC_ValueError, "n must be a non-negative integer");
    if (k < 0) return dwI_raise(I, EXC_ValueError, "k must be a non-negative integer");
    if (k > n) return dwV_int(0);
    if (def->data == 10 && k > n - k) k = n - k;
    int64_t r = 1;
    for (int64_t j = 0; j < k; j++) {
      /* comb: r = r * (n - j) / (j + 1) stays integral */
      int64_t t;
      if (def->data == 10) {
        int64_t num = n - j, den = j + 1, g = num, h = den;
        while (h) {
          int64_t tt = g % h;
          g = h;
          h = tt;
        }
        num /= g;
        den /= g;
        int64_t g2 = r, h2 = den;
        while (h2) {
          int64_t tt = g2 % h2;
          g2 = h2;
          h2 = tt;
        }
        r /= g2;
        den /= g2;
        if (__builtin_mul_overflow(r, num, &t))
          return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
        r = t / den;
      } else {
        if (__builtin_mul_overflow(r, n - j, &t))
          return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
        r = t;
      }
    }
    return dwV_int(r);
  }
  if (def->data == 11) { /* ldexp(x, i) */
    double x;
    int64_t e;
    if (!math_num(I, a->v[0], &x)) return dwV_null();
    if (!math_intarg(I, a->v[1], &e)) {
      if (I->exc.t == V_EXC) {
        dwV_decref(&I->c, I->exc);
        I->exc = dwV_null();
      }
      return dwI_raise(I, EXC_TypeError, "Expected an int as second argument to ldexp.");
    }
    if (e > 100000) e = 100000;
    if (e < -100000) e = -100000;
    double r = ldexp(x, (int)e);
    if (isinf(r) && isfinite(x)) return dwI_raise(I, EXC_OverflowError, "math range error");
    return dwV_float(r);
  }
  if (def->data == 12) { /* dist(p, q) */
    List *p = dwOb_to_list(I, a->v[0]);
    if (!p) return dwV_null();
    List *q = dwOb_to_list(I, a->v[1]);
    if (!q) {
      dwV_decref_o(&I->c, &p->h);
      return dwV_null();
    }
    double acc = 0, maxv = 0;
    bool ok = p->len == q->len;
    if (!ok) dwI_raise(I, EXC_ValueError, "both points must have the same number of dimensions");
    double *d = ok ? calloc((size_t)p->len + 1, sizeof(double)) : NULL;
    for (int64_t k = 0; ok && k < p->len; k++) {
      double x, y;
      ok = math_num(I, p->items[k], &x) && math_num(I, q->items[k], &y);
      if (ok) {
        d[k] = fabs(x - y);
        if (d[k] > maxv) maxv = d[k];
      }
    }
    if (ok && maxv > 0 && isfinite(maxv)) {
      for (int64_t k = 0; k < p->len; k++) acc += (d[k] / maxv) * (d[k] / maxv);
      acc = maxv * sqrt(acc);
    } else if (ok) {
      acc = maxv;
    }
    free(d);
    dwV_decref_o(&I->c, &p->h);
    dwV_decref_o(&I->c, &q->h);
    return ok ? dwV_float(acc) : dwV_null();
  }
  double x, y;
  if (!math_num(I, a->v[0], &x) || !math_num(I, a->v[1], &y)) return dwV_null();
  switch (def->data) {
  case 0: {
    if (x == 0 && y < 0) return dwI_raise(I, EXC_ValueError, "math domain error");
    if (x < 0 && y != floor(y) && isfinite(y)) return dwI_raise(I, EXC_ValueError, "math domain error");
    double r = pow(x, y);
    if (isinf(r) && isfinite(x) && isfinite(y)) return dwI_raise(I, EXC_OverflowError, "math range error");
    return dwV_float(r);
  }
  case 1: return dwV_float(atan2(x, y));
  case 2: return dwV_float(hypot(x, y));
  case 3: return dwV_float(copysign(x, y));
  case 4:
    if (y == 0 || isinf(x)) return dwI_raise(I, EXC_ValueError, "math domain error");
    return dwV_float(fmod(x, y));
  case 5: if (x <= 0 || y <= 0 || y == 1) return dwI_raise(I, EXC_ValueError, "math domain error");
    return dwV_float(log(x) / log(y));
  case 13: /* remainder */
    if (y == 0 || isinf(x)) {
      if (isnan(x) || isnan(y)) return dwV_float(NAN);
      return dwI_raise(I, EXC_ValueError, "math domain error");
    }
    return dwV_float(remainder(x, y));
  default: return dwV_float(x);
  }
}

BI(b_math2) { (void)self; return math2(I, def, a); }

/* fsum (exact: Shewchuk's partials, as CPython) and prod */
BI(b_fsum) {
  NOKW("fsum");
  NARGS("fsum", 1, 1);
  List *l = dwOb_to_list(I, a->v[0]);
  if (!l) return dwV_null();
  double *p = malloc(sizeof(double) * (size_t)(l->len + 1));
  int64_t np = 0;
  double special = 0, inf_sum = 0;
  bool ok = p != NULL;
  for (int64_t k = 0; ok && k < l->len; k++) {
    double x;
    if (!math_num(I, l->items[k], &x)) {
      ok = false;
      break;
    }
    if (!isfinite(x)) {
      if (isinf(x)) inf_sum += x;
      special += x;
      continue;
    }
    int64_t i = 0;
    for (int64_t j = 0; j < np; j++) {
      double y = p[j];
      if (fabs(x) < fabs(y)) {
        double t = x;
        x = y;
        y = t;
      }
      double hi = x + y, lo = y - (hi - x);
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    np = i;
    p[np++] = x;
  }
  dwV_decref_o(&I->c, &l->h);
  if (!ok) {
    free(p);
    if (I->exc.t == V_NULL) dwI_raise(I, EXC_MemoryError, "out of memory");
    return dwV_null();
  }
  if (special != 0.0 || isnan(special)) {
    free(p);
    if (isnan(inf_sum)) return dwI_raise(I, EXC_ValueError, "-inf + inf in fsum");
    return dwV_float(special);
  }
  double hi = 0.0;
  if (np > 0) {
    int64_t n = np;
    hi = p[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi, y = p[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      double y = lo * 2.0, x = hi + y, yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  free(p);
  return dwV_float(hi);
}

BI(b_prod) {
  Value o[2];
  if (!dwL_bind(I, "prod", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "prod() takes exactly 1 positional argument (0 given)");
  Value start = o[1].t != V_NULL ? o[1] : dwV_int(1);
  dwV_incref(start);
  return dwL_fold(I, o[0], BIN_MUL, start);
}

BI(b_time) {
  (void)a;
  double ms = dw_now_ms();
  if (def->data == 1) return dwV_float(ms / 1000.0 + 1.7e9); /* time.time(): no wall clock; monotonic + epoch-ish */
  return dwV_float(ms / 1000.0);
}

BI(b_sleep) { return dwV_none(); }



static const BuiltinDef math_defs[] = {
    {"math.sqrt", b_math1, TK_PURE, 0, 0}, {"math.exp", b_math1, TK_PURE, 1, 0},
    {"math.log2", b_math1, TK_PURE, 3, 0}, {"math.log10", b_math1, TK_PURE, 4, 0},
    {"math.sin", b_math1, TK_PURE, 5, 0}, {"math.cos", b_math1, TK_PURE, 6, 0},
    {"math.tan", b_math1, TK_PURE, 7, 0}, {"math.tanh", b_math1, TK_PURE, 8, 0},
    {"math.asin", b_math1, TK_PURE, 9, 0}, {"math.acos", b_math1, TK_PURE, 10, 0},
    {"math.atan", b_math1, TK_PURE, 11, 0}, {"math.fabs", b_math1, TK_PURE, 12, 0},
    {"math.erf", b_math1, TK_PURE, 13, 0}, {"math.expm1", b_math1, TK_PURE, 14, 0},
    {"math.log1p", b_math1, TK_PURE, 15, 0}, {"math.floor", b_math1, TK_PURE, 16, 0},
    {"math.ceil", b_math1, TK_PURE, 17, 0}, {"math.trunc", b_math1, TK_PURE, 18, 0},
    {"math.isnan", b_math1, TK_PURE, 19, 0}, {"math.isinf", b_math1, TK_PURE, 20, 0},
    {"math.isfinite", b_math1, TK_PURE, 21, 0}, {"math.degrees", b_math1, TK_PURE, 22, 0},
    {"math.radians", b_math1, TK_PURE, 23, 0}, {"math.sinh", b_math1, TK_PURE, 24, 0},
    {"math.cosh", b_math1, TK_PURE, 25, 0}, {"math.factorial", b_math1, TK_PURE, 26, 0},
    {"math.pow", b_math2, TK_PURE, 0, 0}, {"math.atan2", b_math2, TK_PURE, 1, 0},
    {"math.hypot", b_math2, TK_PURE, 2, 0}, {"math.copysign", b_math2, TK_PURE, 3, 0},
    {"math.fmod", b_math2, TK_PURE, 4, 0}, {"math.log", b_math2, TK_PURE, 5, 0},
    {"math.gcd", b_math2, TK_PURE, 6, 0}, {"math.isclose", b_math2, TK_PURE, 8, 0},
    {"math.lcm", b_math2, TK_PURE, 7, 0}, {"math.perm", b_math2, TK_PURE, 9, 0},
    {"math.comb", b_math2, TK_PURE, 10, 0}, {"math.ldexp", b_math2, TK_PURE, 11, 0},
    {"math.dist", b_math2, TK_PURE, 12, 0}, {"math.remainder", b_math2, TK_PURE, 13, 0},
    {"math.isqrt", b_math1, TK_PURE, 27, 0}, {"math.modf", b_math1, TK_PURE, 28, 0},
    {"math.frexp", b_math1, TK_PURE, 29, 0}, {"math.gamma", b_math1, TK_PURE, 30, 0},
    {"math.lgamma", b_math1, TK_PURE, 31, 0}, {"math.atanh", b_math1, TK_PURE, 32, 0},
    {"math.asinh", b_math1, TK_PURE, 33, 0}, {"math.acosh", b_math1, TK_PURE, 34, 0},
    {"math.erfc", b_math1, TK_PURE, 35, 0}, {"math.cbrt", b_math1, TK_PURE, 36, 0},
    {"math.exp2", b_math1, TK_PURE, 37, 0},
    {"math.fsum", b_fsum, TK_PURE, 0, 0}, {"math.prod", b_prod, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef time_defs[] = {
    {"time.perf_counter", b_time, TK_UNSUPPORTED, 0, 0},
    {"time.time", b_time, TK_UNSUPPORTED, 1, 0},
    {"time.monotonic", b_time, TK_UNSUPPORTED, 0, 0},
    {"time.sleep", b_sleep, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* The math and time modules. */
bool dwMa_init(Interp *I) {
  Module *math = dwL_module(I, "math");
  Module *tm = dwL_module(I, "time");
  if (!math || !tm || !dwL_add_defs(I, math->attrs, math_defs) ||
      !dwL_add_defs(I, tm->attrs, time_defs))
    return false;
  dwL_set(I, math->attrs, "pi", dwV_float(M_PI));
  dwL_set(I, math->attrs, "e", dwV_float(M_E));
  dwL_set(I, math->attrs, "tau", dwV_float(2 * M_PI));
  dwL_set(I, math->attrs, "inf", dwV_float(INFINITY));
  dwL_set(I, math->attrs, "nan", dwV_float(NAN));
  return true;
}
