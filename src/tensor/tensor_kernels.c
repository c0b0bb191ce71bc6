/* tensor_kernels.c - the eager kernels: element-wise ops over strided,
 * broadcast operands, dtype conversion, reductions and matmul.
 *
 * Structure
 * - An n-d iterator (TIter) coalesces dimensions and calls a 1-d loop
 *   function for each run of the innermost dimension, passing each
 *   operand's pointer and element stride (0 for a broadcast operand).
 * - Loop bodies are generated per dtype from one scalar expression by the
 *   *_BODY macros, with special cases for contiguous / broadcast-scalar
 *   operands (auto-vectorised natively) and, under __wasm_simd128__,
 *   explicit f32x4 code for the float32 hot loops.
 * - Float32 results never depend on the SIMD path: every vector loop does
 *   the same IEEE operations per element as the scalar code (the cascade
 *   sum of dwmath.h and the matmul accumulate in the same order in both).
 */
#include "tensor_impl.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "dwmath.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAXOP 4

/* ------------------------------------------------------------------ */
/* n-d iteration                                                       */
/* ------------------------------------------------------------------ */

/* Operand k of an iteration: base pointer, element size, strides (in
 * elements) over the common shape. Operand 0 is the output. */
typedef struct TIter {
  int ndim, nop;
  int64_t shape[DW_MAXDIM];
  int64_t stride[MAXOP][DW_MAXDIM];
  char *base[MAXOP];
  int64_t esize[MAXOP];
} TIter;

/* One run of the innermost dimension: p[k] and s[k] (element stride) per
 * operand, n >= 1 elements. ctx is per kernel. */
typedef void (*LoopFn)(char **p, const int64_t *s, int64_t n, void *ctx);

/* Drops size-1 dims and merges adjacent dims that are contiguous with
 * each other in every operand. */
static void iter_coalesce(TIter *it) {
  int64_t shape[DW_MAXDIM], stride[MAXOP][DW_MAXDIM];
  int n = 0; /* new dims, innermost first */
  for (int d = it->ndim - 1; d >= 0; d--) {
    if (it->shape[d] == 1) continue;
    bool merge = n > 0;
    for (int k = 0; k < it->nop && merge; k++)
      if (it->stride[k][d] != stride[k][n - 1] * shape[n - 1]) merge = false;
    if (merge) {
      shape[n - 1] *= it->shape[d];
      continue;
    }
    shape[n] = it->shape[d];
    for (int k = 0; k < it->nop; k++) stride[k][n] = it->stride[k][d];
    n++;
  }
  it->ndim = n;
  for (int d = 0; d < n; d++) {
    it->shape[d] = shape[n - 1 - d];
    for (int k = 0; k < it->nop; k++) it->stride[k][d] = stride[k][n - 1 - d];
  }
}

/* Iteration over out's shape; inputs broadcast to it (right-aligned). */
static void iter_init(TIter *it, Tensor *out, int nin, Tensor **in) {
  memset(it, 0, sizeof *it);
  it->ndim = out->ndim;
  it->nop = nin + 1;
  memcpy(it->shape, out->shape, sizeof it->shape);
  for (int k = 0; k <= nin; k++) {
    Tensor *t = k == 0 ? out : in[k - 1];
    it->base[k] = dwT_data(t);
    it->esize[k] = (int64_t)dwT_dtype_size[t->dtype];
    for (int d = 0; d < out->ndim; d++) {
      int sd = d - (out->ndim - t->ndim);
      it->stride[k][d] =
          (sd < 0 || t->shape[sd] == 1) ? 0 : t->stride[sd];
    }
  }
  iter_coalesce(it);
}

static void iter_run(TIter *it, LoopFn fn, void *ctx) {
  for (int d = 0; d < it->ndim; d++)
    if (it->shape[d] == 0) return;
  char *p[MAXOP];
  int64_t s[MAXOP] = {0};
  if (it->ndim == 0) {
    for (int k = 0; k < it->nop; k++) p[k] = it->base[k];
    fn(p, s, 1, ctx);
    return;
  }
  int inner = it->ndim - 1;
  for (int k = 0; k < it->nop; k++) s[k] = it->stride[k][inner];
  int64_t idx[DW_MAXDIM] = {0};
  for (;;) {
    for (int k = 0; k < it->nop; k++) {
      int64_t off = 0;
      for (int d = 0; d < inner; d++) off += idx[d] * it->stride[k][d];
      p[k] = it->base[k] + off * it->esize[k];
    }
    fn(p, s, it->shape[inner], ctx);
    int d = inner - 1;
    while (d >= 0 && ++idx[d] == it->shape[d]) idx[d--] = 0;
    if (d < 0) return;
  }
}

/* Per-kernel context: op attributes and a run-time error flag. */
typedef struct KCtx {
  const OpAttrs *a;
  float flo, fhi;   /* clamp bounds (float tensors) */
  int64_t ilo, ihi; /* clamp bounds (integer tensors) */
  int err;          /* KERR_* set by a loop */
} KCtx;
enum { KERR_NONE, KERR_ZERODIV, KERR_NEGPOW };

static bool kerr_report(Ctx *c, const KCtx *kc) {
  switch (kc->err) {
  case KERR_ZERODIV: return dw_fail(c, EXC_RuntimeError, "ZeroDivisionError");
  case KERR_NEGPOW:
    return dw_fail(c, EXC_RuntimeError,
                   "Integers to negative integer powers are not allowed.");
  default: return true;
  }
}

/* ------------------------------------------------------------------ */
/* Scalar helpers with PyTorch's semantics                             */
/* ------------------------------------------------------------------ */

/* float -> integer as x86's cvttss2si does for PyTorch: truncation toward
 * zero; nan and out-of-range give the "integer indefinite" INT_MIN. */
static inline int64_t f2i64(float x) {
  return x >= -0x1p63f && x < 0x1p63f ? (int64_t)x : INT64_MIN;
}
static inline int32_t f2i32(float x) {
  return x >= -0x1p31f && x < 0x1p31f ? (int32_t)x : INT32_MIN;
}
static inline int64_t d2i64(double x) {
  return x >= -0x1p63 && x < 0x1p63 ? (int64_t)x : INT64_MIN;
}
static inline int32_t d2i32(double x) {
  return x > -0x1p31 - 1 && x < 0x1p31 ? (int32_t)x : INT32_MIN;
}
static inline int32_t i64to32(int64_t x) { return (int32_t)(uint32_t)(uint64_t)x; }

/* Float helpers, per float type T (prefix P; FMOD/FLOOR/COPYSIGN its libm
 * functions):
 * - P_max / P_min: maximum/minimum: nan propagates (x + y is nan),
 *   otherwise std::max;
 * - P_floordiv: PyTorch's div_floor_floating;
 * - P_mod: Python's float %: the result has the sign of the divisor. */
#define DEF_FLOAT_HELPERS(P, T, FMOD, FLOOR, COPYSIGN)                       \
  static inline T P##_max(T x, T y) {                                        \
    return (x != x || y != y) ? x + y : (x < y ? y : x);                     \
  }                                                                          \
  static inline T P##_min(T x, T y) {                                        \
    return (x != x || y != y) ? x + y : (y < x ? y : x);                     \
  }                                                                          \
  static inline T P##_floordiv(T a, T b) {                                   \
    if (b == 0) return a / b;                                                \
    T mod = FMOD(a, b);                                                      \
    T div = (a - mod) / b;                                                   \
    if (mod != 0 && (b < 0) != (mod < 0)) div -= 1;                          \
    if (div == 0) return COPYSIGN((T)0, a / b);                              \
    T fl = FLOOR(div);                                                       \
    if (div - fl > (T)0.5) fl += (T)1;                                       \
    return fl;                                                               \
  }                                                                          \
  static inline T P##_mod(T a, T b) {                                        \
    T m = FMOD(a, b);                                                        \
    if (m != 0 && (b < 0) != (m < 0)) m += b;                                \
    return m;                                                                \
  }
DEF_FLOAT_HELPERS(f, float, fmodf, floorf, copysignf)
DEF_FLOAT_HELPERS(d, double, fmod, floor, copysign)
static inline int64_t i_floordiv(KCtx *kc, int64_t a, int64_t b) {
  if (b == 0) {
    kc->err = KERR_ZERODIV;
    return 0;
  }
  if (b == -1) return (int64_t)(0 - (uint64_t)a); /* INT64_MIN / -1 wraps */
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) q--;
  return q;
}
static inline int64_t i_mod(KCtx *kc, int64_t a, int64_t b) {
  if (b == 0) {
    kc->err = KERR_ZERODIV;
    return 0;
  }
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
/* Integer power by squaring, wrapping like C++ unsigned arithmetic. */
static inline int64_t i_pow(KCtx *kc, int64_t base, int64_t e) {
  if (e < 0) {
    kc->err = KERR_NEGPOW;
    return 0;
  }
  uint64_t r = 1, b = (uint64_t)base;
  while (e) {
    if (e & 1) r *= b;
    b *= b;
    e >>= 1;
  }
  return (int64_t)r;
}

/* ------------------------------------------------------------------ */
/* Loop bodies                                                         */
/* ------------------------------------------------------------------ */

/* Binary loop: o = EXPR(x, y) with T inputs and TO output. VEC is code
 * that may advance i over a vectorisable prefix (wasm SIMD). */
#define BIN_BODY(T, TO, EXPR, VEC)                                           \
  KCtx *kc = vctx;                                                           \
  (void)kc;                                                                  \
  TO *o = (TO *)p[0];                                                        \
  const T *A = (const T *)p[1], *B = (const T *)p[2];                        \
  int64_t so = s[0], sa = s[1], sb = s[2], i = 0;                            \
  VEC                                                                        \
  if (so == 1 && sa == 1 && sb == 1) {                                       \
    for (; i < n; i++) {                                                     \
      T x = A[i], y = B[i];                                                  \
      o[i] = (TO)(EXPR);                                                     \
    }                                                                        \
  } else if (so == 1 && sa == 1 && sb == 0) {                                \
    T y = B[0];                                                              \
    for (; i < n; i++) {                                                     \
      T x = A[i];                                                            \
      o[i] = (TO)(EXPR);                                                     \
    }                                                                        \
  } else if (so == 1 && sa == 0 && sb == 1) {                                \
    T x = A[0];                                                              \
    for (; i < n; i++) {                                                     \
      T y = B[i];                                                            \
      o[i] = (TO)(EXPR);                                                     \
    }                                                                        \
  } else {                                                                   \
    for (; i < n; i++) {                                                     \
      T x = A[i * sa], y = B[i * sb];                                        \
      o[i * so] = (TO)(EXPR);                                                \
    }                                                                        \
  }

/* Unary loop: o = EXPR(x). */
#define UN_BODY(T, TO, EXPR, VEC)                                            \
  KCtx *kc = vctx;                                                           \
  (void)kc;                                                                  \
  TO *o = (TO *)p[0];                                                        \
  const T *A = (const T *)p[1];                                              \
  int64_t so = s[0], sa = s[1], i = 0;                                       \
  VEC                                                                        \
  if (so == 1 && sa == 1) {                                                  \
    for (; i < n; i++) {                                                     \
      T x = A[i];                                                            \
      o[i] = (TO)(EXPR);                                                     \
    }                                                                        \
  } else {                                                                   \
    for (; i < n; i++) {                                                     \
      T x = A[i * sa];                                                       \
      o[i * so] = (TO)(EXPR);                                                \
    }                                                                        \
  }

#ifdef __wasm_simd128__
/* f32x4 prefix of a binary float loop: contiguous or broadcast-scalar
 * operands, contiguous output. vx, vy are the lanes; VEXPR the result. */
#define VBIN_F32(VEXPR)                                                      \
  if (so == 1 && sa <= 1 && sb <= 1 && sa >= 0 && sb >= 0) {                 \
    v128_t xs = wasm_f32x4_splat(A[0]);                                      \
    v128_t ys = wasm_f32x4_splat(B[0]);                                      \
    for (; i + 4 <= n; i += 4) {                                             \
      v128_t vx = sa ? wasm_v128_load(A + i) : xs;                           \
      v128_t vy = sb ? wasm_v128_load(B + i) : ys;                           \
      wasm_v128_store(o + i, VEXPR);                                         \
    }                                                                        \
  }
/* f32x4 comparison prefix: 16 lanes at a time, narrowed to bool bytes. */
#define VCMP_F32(VCMP)                                                       \
  if (so == 1 && sa <= 1 && sb <= 1 && sa >= 0 && sb >= 0) {                 \
    v128_t xs = wasm_f32x4_splat(A[0]);                                      \
    v128_t ys = wasm_f32x4_splat(B[0]);                                      \
    for (; i + 16 <= n; i += 16) {                                           \
      v128_t m[4];                                                           \
      for (int q = 0; q < 4; q++) {                                          \
        v128_t vx = sa ? wasm_v128_load(A + i + 4 * q) : xs;                 \
        v128_t vy = sb ? wasm_v128_load(B + i + 4 * q) : ys;                 \
        m[q] = VCMP(vx, vy);                                                 \
      }                                                                      \
      v128_t b = wasm_i8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(m[0], m[1]), \
                                         wasm_i16x8_narrow_i32x4(m[2], m[3])); \
      wasm_v128_store(o + i, wasm_v128_and(b, wasm_i8x16_splat(1)));         \
    }                                                                        \
  }
/* f32x4 prefix of a unary float loop. */
#define VUN_F32(VEXPR)                                                       \
  if (so == 1 && sa == 1) {                                                  \
    for (; i + 4 <= n; i += 4) {                                             \
      v128_t vx = wasm_v128_load(A + i);                                     \
      wasm_v128_store(o + i, VEXPR);                                         \
    }                                                                        \
  }
static inline v128_t v_max(v128_t x, v128_t y) {
  v128_t nan = wasm_v128_or(wasm_f32x4_ne(x, x), wasm_f32x4_ne(y, y));
  return wasm_v128_bitselect(wasm_f32x4_add(x, y), wasm_f32x4_pmax(x, y), nan);
}
static inline v128_t v_min(v128_t x, v128_t y) {
  v128_t nan = wasm_v128_or(wasm_f32x4_ne(x, x), wasm_f32x4_ne(y, y));
  return wasm_v128_bitselect(wasm_f32x4_add(x, y), wasm_f32x4_pmin(x, y), nan);
}
#else
#define VBIN_F32(VEXPR)
#define VCMP_F32(VCMP)
#define VUN_F32(VEXPR)
#endif

/* ------------------------------------------------------------------ */
/* Binary kernels                                                      */
/* ------------------------------------------------------------------ */

#define DEF_BIN(NAME, T, TO, EXPR, VEC)                                      \
  static void NAME(char **p, const int64_t *s, int64_t n, void *vctx) {      \
    BIN_BODY(T, TO, EXPR, VEC)                                               \
  }

/* Wrapping integer arithmetic through the unsigned type U. */
#define WADD(T, U) (T)((U)x + (U)y)
#define WSUB(T, U) (T)((U)x - (U)y)
#define WMUL(T, U) (T)((U)x * (U)y)

/* float32 */
DEF_BIN(f32_add, float, float, x + y, VBIN_F32(wasm_f32x4_add(vx, vy)))
DEF_BIN(f32_sub, float, float, x - y, VBIN_F32(wasm_f32x4_sub(vx, vy)))
DEF_BIN(f32_mul, float, float, x * y, VBIN_F32(wasm_f32x4_mul(vx, vy)))
DEF_BIN(f32_div, float, float, x / y, VBIN_F32(wasm_f32x4_div(vx, vy)))
DEF_BIN(f32_floordiv, float, float, f_floordiv(x, y), )
DEF_BIN(f32_mod, float, float, f_mod(x, y), )
DEF_BIN(f32_pow, float, float, dw_powf(x, y), VBIN_F32(dw_powf4(vx, vy)))
DEF_BIN(f32_max, float, float, f_max(x, y), VBIN_F32(v_max(vx, vy)))
DEF_BIN(f32_min, float, float, f_min(x, y), VBIN_F32(v_min(vx, vy)))
DEF_BIN(f32_eq, float, uint8_t, x == y, VCMP_F32(wasm_f32x4_eq))
DEF_BIN(f32_ne, float, uint8_t, x != y, VCMP_F32(wasm_f32x4_ne))
DEF_BIN(f32_lt, float, uint8_t, x < y, VCMP_F32(wasm_f32x4_lt))
DEF_BIN(f32_le, float, uint8_t, x <= y, VCMP_F32(wasm_f32x4_le))
DEF_BIN(f32_gt, float, uint8_t, x > y, VCMP_F32(wasm_f32x4_gt))
DEF_BIN(f32_ge, float, uint8_t, x >= y, VCMP_F32(wasm_f32x4_ge))

/* The comparisons of type T (prefix P), to bool. */
#define DEF_CMP(P, T)                                                        \
  DEF_BIN(P##_eq, T, uint8_t, x == y, )                                      \
  DEF_BIN(P##_ne, T, uint8_t, x != y, )                                      \
  DEF_BIN(P##_lt, T, uint8_t, x < y, )                                       \
  DEF_BIN(P##_le, T, uint8_t, x <= y, )                                      \
  DEF_BIN(P##_gt, T, uint8_t, x > y, )                                       \
  DEF_BIN(P##_ge, T, uint8_t, x >= y, )

/* float64: scalar loops (libm for pow, as ATen's double kernels) */
DEF_BIN(f64_add, double, double, x + y, )
DEF_BIN(f64_sub, double, double, x - y, )
DEF_BIN(f64_mul, double, double, x * y, )
DEF_BIN(f64_div, double, double, x / y, )
DEF_BIN(f64_floordiv, double, double, d_floordiv(x, y), )
DEF_BIN(f64_mod, double, double, d_mod(x, y), )
DEF_BIN(f64_pow, double, double, pow(x, y), )
DEF_BIN(f64_max, double, double, d_max(x, y), )
DEF_BIN(f64_min, double, double, d_min(x, y), )
DEF_CMP(f64, double)

/* int64 / int32: the same expressions, instantiated per type */
#define DEF_BIN_INT(P, T, U)                                                 \
  DEF_BIN(P##_add, T, T, WADD(T, U), )                                       \
  DEF_BIN(P##_sub, T, T, WSUB(T, U), )                                       \
  DEF_BIN(P##_mul, T, T, WMUL(T, U), )                                       \
  DEF_BIN(P##_floordiv, T, T, i_floordiv(kc, x, y), )                        \
  DEF_BIN(P##_mod, T, T, i_mod(kc, x, y), )                                  \
  DEF_BIN(P##_pow, T, T, i_pow(kc, x, y), )                                  \
  DEF_BIN(P##_max, T, T, x < y ? y : x, )                                    \
  DEF_BIN(P##_min, T, T, y < x ? y : x, )                                    \
  DEF_CMP(P, T)                                                              \
  DEF_BIN(P##_and, T, T, x & y, )                                            \
  DEF_BIN(P##_or, T, T, x | y, )
DEF_BIN_INT(i64, int64_t, uint64_t)
DEF_BIN_INT(i32, int32_t, uint32_t)

/* bool: add is "or", mul is "and" (the result is cast back to bool) */
DEF_BIN(b_or, uint8_t, uint8_t, x | y, )
DEF_BIN(b_and, uint8_t, uint8_t, x & y, )
DEF_CMP(b, uint8_t)

/* The loop for (op, compute dtype); NULL when the pair is invalid (meta
 * rejects those before). */
/* ROW picks the loop of dtype dt among one per dtype. */
#define ROW(OPID, F, D, I64, I32, B)                                         \
  case OPID:                                                                 \
    return dt == DT_F32 ? (LoopFn)(F) : dt == DT_F64 ? (LoopFn)(D)           \
         : dt == DT_I64 ? (LoopFn)(I64) : dt == DT_I32 ? (LoopFn)(I32)       \
                        : (LoopFn)(B);
static LoopFn binary_loop(Op op, DType dt) {
  switch (op) {
    ROW(OP_ADD, f32_add, f64_add, i64_add, i32_add, b_or)
    ROW(OP_SUB, f32_sub, f64_sub, i64_sub, i32_sub, NULL)
    ROW(OP_MUL, f32_mul, f64_mul, i64_mul, i32_mul, b_and)
    ROW(OP_DIV, f32_div, f64_div, NULL, NULL, NULL)
    ROW(OP_FLOORDIV, f32_floordiv, f64_floordiv, i64_floordiv, i32_floordiv, NULL)
    ROW(OP_MOD, f32_mod, f64_mod, i64_mod, i32_mod, NULL)
    ROW(OP_POW, f32_pow, f64_pow, i64_pow, i32_pow, NULL)
    ROW(OP_MAXIMUM, f32_max, f64_max, i64_max, i32_max, b_or)
    ROW(OP_MINIMUM, f32_min, f64_min, i64_min, i32_min, b_and)
    ROW(OP_EQ, f32_eq, f64_eq, i64_eq, i32_eq, b_eq)
    ROW(OP_NE, f32_ne, f64_ne, i64_ne, i32_ne, b_ne)
    ROW(OP_LT, f32_lt, f64_lt, i64_lt, i32_lt, b_lt)
    ROW(OP_LE, f32_le, f64_le, i64_le, i32_le, b_le)
    ROW(OP_GT, f32_gt, f64_gt, i64_gt, i32_gt, b_gt)
    ROW(OP_GE, f32_ge, f64_ge, i64_ge, i32_ge, b_ge)
    ROW(OP_AND, NULL, NULL, i64_and, i32_and, b_and)
    ROW(OP_OR, NULL, NULL, i64_or, i32_or, b_or)
  default: return NULL;
  }
}

bool dwT_k_binary(Ctx *c, Op op, Tensor *out, Tensor *a, Tensor *b) {
  LoopFn fn = binary_loop(op, (DType)a->dtype);
  if (!fn)
    return dw_fail(c, EXC_RuntimeError, "\"%s\" not implemented for '%s'",
                   dw_ops[op].name, dwT_scalar_name((DType)a->dtype));
  KCtx kc = {0};
  TIter it;
  Tensor *in[2] = {a, b};
  iter_init(&it, out, 2, in);
  iter_run(&it, fn, &kc);
  return kerr_report(c, &kc);
}

/* ------------------------------------------------------------------ */
/* Unary kernels                                                       */
/* ------------------------------------------------------------------ */

#define DEF_UN(NAME, T, TO, EXPR, VEC)                                       \
  static void NAME(char **p, const int64_t *s, int64_t n, void *vctx) {      \
    UN_BODY(T, TO, EXPR, VEC)                                                \
  }

/* PyTorch's relu is clamp_min(x, 0): std::max(x, 0.0f) = x < 0 ? 0 : x,
 * so relu(nan) is nan and relu(-0.0) is -0.0; its vector form is
 * maxps(0, x), which returns x for a nan or a zero: f32x4.pmax(x, 0). */
#ifdef __wasm_simd128__
/* clang lowers the scalar select below to f32.max for WebAssembly, which
 * turns -0.0 into +0.0: take lane 0 of the vector form instead. */
static inline float f_relu(float x) {
  return wasm_f32x4_extract_lane(wasm_f32x4_pmax(wasm_f32x4_splat(x), wasm_f32x4_splat(0.0f)), 0);
}
#else
static inline float f_relu(float x) { return x < 0.0f ? 0.0f : x; }
#endif
static inline float f_clamp(const KCtx *kc, float x) {
  if (kc->a->has_f[0]) x = x < kc->flo ? kc->flo : x;
  if (kc->a->has_f[1]) x = kc->fhi < x ? kc->fhi : x;
  return x;
}
static inline int64_t i_clamp(const KCtx *kc, int64_t x) {
  if (kc->a->has_f[0]) x = x < kc->ilo ? kc->ilo : x;
  if (kc->a->has_f[1]) x = kc->ihi < x ? kc->ihi : x;
  return x;
}

#ifdef __wasm_simd128__
static inline v128_t v_relu(v128_t x) { return wasm_f32x4_pmax(x, wasm_f32x4_splat(0.0f)); }
static inline v128_t v_clamp(const KCtx *kc, v128_t x) {
  if (kc->a->has_f[0]) x = wasm_f32x4_pmax(x, wasm_f32x4_splat(kc->flo));
  if (kc->a->has_f[1]) x = wasm_f32x4_pmin(x, wasm_f32x4_splat(kc->fhi));
  return x;
}
#endif

DEF_UN(f32_neg, float, float, -x, VUN_F32(wasm_f32x4_neg(vx)))
DEF_UN(f32_abs, float, float, fabsf(x), VUN_F32(wasm_f32x4_abs(vx)))
DEF_UN(f32_exp, float, float, dw_expf(x), VUN_F32(dw_expf4(vx)))
DEF_UN(f32_exp_sm, float, float, dw_expf_sm(x), VUN_F32(dw_expf_sm4(vx)))
DEF_UN(f32_exp_smu, float, float, dw_expf_smu(x), VUN_F32(dw_expf_smu4(vx)))
DEF_UN(f32_log, float, float, dw_logf(x), VUN_F32(dw_logf4(vx)))
DEF_UN(f32_sqrt, float, float, sqrtf(x), VUN_F32(wasm_f32x4_sqrt(vx)))
DEF_UN(f32_rsqrt, float, float, 1.0f / sqrtf(x),
       VUN_F32(wasm_f32x4_div(wasm_f32x4_splat(1.0f), wasm_f32x4_sqrt(vx))))
DEF_UN(f32_sin, float, float, dw_sinf(x), VUN_F32(dw_sinf4(vx)))
DEF_UN(f32_cos, float, float, dw_cosf(x), VUN_F32(dw_cosf4(vx)))
DEF_UN(f32_tanh, float, float, dw_tanhf(x), VUN_F32(dw_tanhf4(vx)))
DEF_UN(f32_sigmoid, float, float, dw_sigmoidf(x), VUN_F32(dw_sigmoidf4(vx)))
DEF_UN(f32_relu, float, float, f_relu(x), VUN_F32(v_relu(vx)))
DEF_UN(f32_gelu, float, float, dw_geluf(x), VUN_F32(dw_geluf4(vx)))
DEF_UN(f32_gelu_tanh, float, float, dw_gelu_tanhf(x), VUN_F32(dw_gelu_tanhf4(vx)))
DEF_UN(f32_silu, float, float, dw_siluf(x), VUN_F32(dw_siluf4(vx)))
DEF_UN(f32_clamp, float, float, f_clamp(kc, x), VUN_F32(v_clamp(kc, vx)))
DEF_UN(f32_tan, float, float, dw_tanf(x), )
DEF_UN(f32_erf, float, float, dw_erff(x), VUN_F32(dw_erff4(vx)))
DEF_UN(f32_floor, float, float, floorf(x), VUN_F32(wasm_f32x4_floor(vx)))
DEF_UN(f32_ceil, float, float, ceilf(x), VUN_F32(wasm_f32x4_ceil(vx)))
DEF_UN(f32_round, float, float, nearbyintf(x), VUN_F32(wasm_f32x4_nearest(vx)))

/* float64: libm, as ATen's double kernels (std::exp, std::erf, ...) */
static inline double d_relu(double x) { return x < 0.0 ? 0.0 : x; }
static inline double d_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static inline double d_gelu(double x) {
  return x * 0.5 * (1.0 + erf(x * 0.70710678118654752440));
}
static inline double d_gelu_tanh(double x) {
  double inner = 0.79788456080286535588 * (x + 0.044715 * x * x * x);
  return 0.5 * x * (1.0 + tanh(inner));
}
static inline double d_clamp(const KCtx *kc, double x) {
  if (kc->a->has_f[0]) x = x < kc->a->f[0] ? kc->a->f[0] : x;
  if (kc->a->has_f[1]) x = kc->a->f[1] < x ? kc->a->f[1] : x;
  return x;
}
DEF_UN(f64_neg, double, double, -x, )
DEF_UN(f64_abs, double, double, fabs(x), )
DEF_UN(f64_exp, double, double, exp(x), )
DEF_UN(f64_log, double, double, log(x), )
DEF_UN(f64_sqrt, double, double, sqrt(x), )
DEF_UN(f64_rsqrt, double, double, 1.0 / sqrt(x), )
DEF_UN(f64_sin, double, double, sin(x), )
DEF_UN(f64_cos, double, double, cos(x), )
DEF_UN(f64_tanh, double, double, tanh(x), )
DEF_UN(f64_sigmoid, double, double, d_sigmoid(x), )
DEF_UN(f64_relu, double, double, d_relu(x), )
DEF_UN(f64_gelu, double, double, d_gelu(x), )
DEF_UN(f64_gelu_tanh, double, double, d_gelu_tanh(x), )
DEF_UN(f64_silu, double, double, x / (1.0 + exp(-x)), )
DEF_UN(f64_clamp, double, double, d_clamp(kc, x), )
DEF_UN(f64_tan, double, double, tan(x), )
DEF_UN(f64_erf, double, double, erf(x), )
DEF_UN(f64_floor, double, double, floor(x), )
DEF_UN(f64_ceil, double, double, ceil(x), )
DEF_UN(f64_round, double, double, nearbyint(x), )
DEF_UN(f64_not, double, uint8_t, x == 0, )

#define DEF_UN_INT(P, T, U)                                                  \
  DEF_UN(P##_neg, T, T, (T)(0 - (U)x), )                                     \
  DEF_UN(P##_abs, T, T, x < 0 ? (T)(0 - (U)x) : x, )                         \
  DEF_UN(P##_relu, T, T, x > 0 ? x : 0, )                                    \
  DEF_UN(P##_clamp, T, T, i_clamp(kc, x), )
DEF_UN_INT(i64, int64_t, uint64_t)
DEF_UN_INT(i32, int32_t, uint32_t)
DEF_UN(b_id, uint8_t, uint8_t, x, )
DEF_UN(i64_id, int64_t, int64_t, x, )
DEF_UN(i32_id, int32_t, int32_t, x, )

/* logical_not: any dtype -> bool */
DEF_UN(f32_not, float, uint8_t, x == 0, )
DEF_UN(i64_not, int64_t, uint8_t, x == 0, )
DEF_UN(i32_not, int32_t, uint8_t, x == 0, )
DEF_UN(b_not, uint8_t, uint8_t, x == 0, )

static LoopFn unary_loop(Op op, DType dt, const OpAttrs *a) {
  switch (op) {
    ROW(OP_NEG, f32_neg, f64_neg, i64_neg, i32_neg, NULL)
    ROW(OP_ABS, f32_abs, f64_abs, i64_abs, i32_abs, b_id)
    ROW(OP_EXP,
        a->flag == EXP_SOFTMAX ? f32_exp_sm : a->flag == EXP_SOFTMAX_UNSCALED ? f32_exp_smu : f32_exp,
        f64_exp, NULL, NULL, NULL)
    ROW(OP_LOG, f32_log, f64_log, NULL, NULL, NULL)
    ROW(OP_SQRT, f32_sqrt, f64_sqrt, NULL, NULL, NULL)
    ROW(OP_RSQRT, f32_rsqrt, f64_rsqrt, NULL, NULL, NULL)
    ROW(OP_SIN, f32_sin, f64_sin, NULL, NULL, NULL)
    ROW(OP_COS, f32_cos, f64_cos, NULL, NULL, NULL)
    ROW(OP_TANH, f32_tanh, f64_tanh, NULL, NULL, NULL)
    ROW(OP_SIGMOID, f32_sigmoid, f64_sigmoid, NULL, NULL, NULL)
    ROW(OP_RELU, f32_relu, f64_relu, i64_relu, i32_relu, b_id)
    ROW(OP_GELU, a->flag ? f32_gelu_tanh : f32_gelu,
        a->flag ? f64_gelu_tanh : f64_gelu, NULL, NULL, NULL)
    ROW(OP_SILU, f32_silu, f64_silu, NULL, NULL, NULL)
    ROW(OP_CLAMP, f32_clamp, f64_clamp, i64_clamp, i32_clamp, NULL)
    ROW(OP_NOT, f32_not, f64_not, i64_not, i32_not, b_not)
    ROW(OP_TAN, f32_tan, f64_tan, NULL, NULL, NULL)
    ROW(OP_ERF, f32_erf, f64_erf, NULL, NULL, NULL)
    ROW(OP_FLOOR, f32_floor, f64_floor, i64_id, i32_id, NULL)
    ROW(OP_CEIL, f32_ceil, f64_ceil, i64_id, i32_id, NULL)
    ROW(OP_ROUND, f32_round, f64_round, i64_id, i32_id, NULL)
  default: return NULL;
  }
}
#undef ROW

bool dwT_k_unary(Ctx *c, Op op, Tensor *out, Tensor *in, const OpAttrs *a) {
  LoopFn fn = unary_loop(op, (DType)in->dtype, a);
  if (!fn)
    return dw_fail(c, EXC_RuntimeError, "\"%s\" not implemented for '%s'",
                   dw_ops[op].name, dwT_scalar_name((DType)in->dtype));
  KCtx kc = {.a = a};
  if (op == OP_CLAMP) {
    kc.flo = (float)a->f[0];
    kc.fhi = (float)a->f[1];
    kc.ilo = a->f[0] >= -0x1p63 && a->f[0] < 0x1p63 ? (int64_t)a->f[0]
                                                    : (a->f[0] < 0 ? INT64_MIN : INT64_MAX);
    kc.ihi = a->f[1] >= -0x1p63 && a->f[1] < 0x1p63 ? (int64_t)a->f[1]
                                                    : (a->f[1] < 0 ? INT64_MIN : INT64_MAX);
  }
  TIter it;
  iter_init(&it, out, 1, &in);
  iter_run(&it, fn, &kc);
  return kerr_report(c, &kc);
}

/* ------------------------------------------------------------------ */
/* where                                                               */
/* ------------------------------------------------------------------ */

/* where is data movement: one loop per element size. */
#define WHERE_BODY(T, VEC)                                                   \
  (void)vctx;                                                                \
  T *o = (T *)p[0];                                                          \
  const uint8_t *C = (const uint8_t *)p[1];                                  \
  const T *X = (const T *)p[2], *Y = (const T *)p[3];                        \
  int64_t so = s[0], sc = s[1], sx = s[2], sy = s[3], i = 0;                 \
  VEC                                                                        \
  if (so == 1 && sc == 1 && sx == 1 && sy == 1)                              \
    for (; i < n; i++) o[i] = C[i] ? X[i] : Y[i];                            \
  else                                                                       \
    for (; i < n; i++) o[i * so] = C[i * sc] ? X[i * sx] : Y[i * sy];

#ifdef __wasm_simd128__
#define VWHERE32                                                             \
  if (so == 1 && sc == 1 && sx >= 0 && sx <= 1 && sy >= 0 && sy <= 1) {      \
    v128_t xs = wasm_i32x4_splat((int32_t)X[0]);                             \
    v128_t ys = wasm_i32x4_splat((int32_t)Y[0]);                             \
    for (; i + 4 <= n; i += 4) {                                             \
      v128_t cb = wasm_u32x4_extend_low_u16x8(                               \
          wasm_u16x8_extend_low_u8x16(wasm_v128_load32_zero(C + i)));        \
      v128_t m = wasm_i32x4_ne(cb, wasm_i32x4_splat(0));                     \
      v128_t vx = sx ? wasm_v128_load(X + i) : xs;                           \
      v128_t vy = sy ? wasm_v128_load(Y + i) : ys;                           \
      wasm_v128_store(o + i, wasm_v128_bitselect(vx, vy, m));                \
    }                                                                        \
  }
#else
#define VWHERE32
#endif

static void where8(char **p, const int64_t *s, int64_t n, void *vctx) {
  WHERE_BODY(uint64_t, )
}
static void where4(char **p, const int64_t *s, int64_t n, void *vctx) {
  WHERE_BODY(uint32_t, VWHERE32)
}
static void where1(char **p, const int64_t *s, int64_t n, void *vctx) {
  WHERE_BODY(uint8_t, )
}

bool dwT_k_where(Ctx *c, Tensor *out, Tensor *cond, Tensor *x, Tensor *y) {
  (void)c;
  size_t es = dwT_dtype_size[out->dtype];
  LoopFn fn = es == 8 ? where8 : es == 4 ? where4 : where1;
  TIter it;
  Tensor *in[3] = {cond, x, y};
  iter_init(&it, out, 3, in);
  iter_run(&it, fn, NULL);
  return true;
}

/* ------------------------------------------------------------------ */
/* dtype conversion / copy                                             */
/* ------------------------------------------------------------------ */

#define CAST_BODY(TS, TD, CONV)                                              \
  (void)vctx;                                                                \
  TD *o = (TD *)p[0];                                                        \
  const TS *A = (const TS *)p[1];                                            \
  int64_t so = s[0], sa = s[1];                                              \
  if (so == 1 && sa == 1)                                                    \
    for (int64_t i = 0; i < n; i++) {                                        \
      TS x = A[i];                                                           \
      o[i] = CONV;                                                           \
    }                                                                        \
  else if (so == 1 && sa == 0) {                                             \
    TS x = A[0];                                                             \
    TD v = CONV;                                                             \
    for (int64_t i = 0; i < n; i++) o[i] = v;                                \
  } else                                                                     \
    for (int64_t i = 0; i < n; i++) {                                        \
      TS x = A[i * sa];                                                      \
      o[i * so] = CONV;                                                      \
    }

#define DEF_CAST(NAME, TS, TD, CONV)                                         \
  static void NAME(char **p, const int64_t *s, int64_t n, void *vctx) {      \
    CAST_BODY(TS, TD, CONV)                                                  \
  }
/* from float32 */
DEF_CAST(cast_f_f, float, float, x)
DEF_CAST(cast_f_l, float, int64_t, f2i64(x))
DEF_CAST(cast_f_i, float, int32_t, f2i32(x))
DEF_CAST(cast_f_b, float, uint8_t, x != 0)
/* from int64 */
DEF_CAST(cast_l_f, int64_t, float, (float)x)
DEF_CAST(cast_l_l, int64_t, int64_t, x)
DEF_CAST(cast_l_i, int64_t, int32_t, i64to32(x))
DEF_CAST(cast_l_b, int64_t, uint8_t, x != 0)
/* from int32 */
DEF_CAST(cast_i_f, int32_t, float, (float)x)
DEF_CAST(cast_i_l, int32_t, int64_t, x)
DEF_CAST(cast_i_i, int32_t, int32_t, x)
DEF_CAST(cast_i_b, int32_t, uint8_t, x != 0)
/* from float64 */
DEF_CAST(cast_d_f, double, float, (float)x)
DEF_CAST(cast_d_l, double, int64_t, d2i64(x))
DEF_CAST(cast_d_i, double, int32_t, d2i32(x))
DEF_CAST(cast_d_b, double, uint8_t, x != 0)
DEF_CAST(cast_d_d, double, double, x)
DEF_CAST(cast_f_d, float, double, (double)x)
DEF_CAST(cast_l_d, int64_t, double, (double)x)
DEF_CAST(cast_i_d, int32_t, double, (double)x)
DEF_CAST(cast_b_d, uint8_t, double, (double)(x != 0))
/* from bool */
DEF_CAST(cast_b_f, uint8_t, float, (float)(x != 0))
DEF_CAST(cast_b_l, uint8_t, int64_t, x != 0)
DEF_CAST(cast_b_i, uint8_t, int32_t, x != 0)
DEF_CAST(cast_b_b, uint8_t, uint8_t, x != 0)

static const LoopFn cast_loops[DT_COUNT][DT_COUNT] = {
    [DT_F32] = {cast_f_f, cast_f_l, cast_f_i, cast_f_b, cast_f_d},
    [DT_I64] = {cast_l_f, cast_l_l, cast_l_i, cast_l_b, cast_l_d},
    [DT_I32] = {cast_i_f, cast_i_l, cast_i_i, cast_i_b, cast_i_d},
    [DT_BOOL] = {cast_b_f, cast_b_l, cast_b_i, cast_b_b, cast_b_d},
    [DT_F64] = {cast_d_f, cast_d_l, cast_d_i, cast_d_b, cast_d_d},
};

void dwT_k_copy(Tensor *dst, Tensor *src) {
  TIter it;
  iter_init(&it, dst, 1, &src);
  iter_run(&it, cast_loops[src->dtype][dst->dtype], NULL);
}

/* Writes the double v into element i of a contiguous tensor's data,
 * converted as PyTorch converts a Python scalar (float -> int truncates). */
static void store_double(void *data, DType dt, int64_t i, double v) {
  switch (dt) {
  case DT_F32: ((float *)data)[i] = (float)v; break;
  case DT_F64: ((double *)data)[i] = v; break;
  case DT_I64:
    ((int64_t *)data)[i] = v >= -0x1p63 && v < 0x1p63 ? (int64_t)v : INT64_MIN;
    break;
  case DT_I32:
    ((int32_t *)data)[i] =
        v > -0x1p31 - 1 && v < 0x1p31 ? (int32_t)v : INT32_MIN;
    break;
  default: ((uint8_t *)data)[i] = v != 0; break;
  }
}

void dwT_k_fill(Tensor *out, double v) {
  int64_t n = dwT_numel(out);
  if (n == 0) return;
  char *d = dwT_data(out);
  size_t es = dwT_dtype_size[out->dtype];
  store_double(d, (DType)out->dtype, 0, v);
  /* the first element copied onto the rest in doubling blocks: log2(n)
   * memcpy calls (one per element took ~10 ms per million floats) */
  size_t total = (size_t)n * es;
  for (size_t done = es; done < total;) {
    size_t len = done < total - done ? done : total - done;
    memcpy(d + done, d, len);
    done += len;
  }
}

void dwT_k_arange(Tensor *out, double start, double step) {
  int64_t n = dwT_numel(out);
  void *d = dwT_data(out);
  for (int64_t i = 0; i < n; i++)
    store_double(d, (DType)out->dtype, i, start + (double)i * step);
}

/* ------------------------------------------------------------------ */
/* Reductions                                                          */
/* ------------------------------------------------------------------ */

/* Float32 sums follow the cascade order of dwmath.h (DW_SUM_*): 8
 * interleaved lanes (lane j takes r = j mod 8), blocks of 128 flushed into
 * a cascade of levels of fan-in 16, then the 8 lanes of the top level
 * added as ((a0+a1)+(a2+a3))+((a4+a5)+(a6+a7)). sum_f32 runs it over a
 * contiguous row (vector over r: the 8 lanes are two f32x4 under SIMD, 8
 * floats natively, the same adds), sum_cols_f32 over the columns of an
 * [R, K] block (vector over k, 8 lane accumulators per column). The
 * WebAssembly emitter computes the same order in every loop shape. */

/* Adds lanes a[0..8) lane-wise into b, then zeroes a. */
static inline void lanes_flush(float *a, float *b) {
  for (int j = 0; j < 8; j++) {
    b[j] += a[j];
    a[j] = 0.0f;
  }
}

static inline float lanes_tree(const float *a) {
  return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]));
}

/* Lane sums of x[0..n), n <= DW_SUM_BLOCK, added into a[8] (x starts at a
 * multiple of 8 in the row, so element i goes to lane i % 8). */
static inline void block_lanes(const float *x, int64_t n, float *a) {
  int64_t i = 0;
#ifdef __wasm_simd128__
  v128_t a0 = wasm_v128_load(a), a1 = wasm_v128_load(a + 4);
  for (; i + 8 <= n; i += 8) {
    a0 = wasm_f32x4_add(a0, wasm_v128_load(x + i));
    a1 = wasm_f32x4_add(a1, wasm_v128_load(x + i + 4));
  }
  wasm_v128_store(a, a0);
  wasm_v128_store(a + 4, a1);
#else
  for (; i + 8 <= n; i += 8)
    for (int j = 0; j < 8; j++) a[j] += x[i + j];
#endif
  switch (n - i) { /* < 8 left: lanes 0.. */
  case 7: a[6] += x[i + 6]; /* fall through */
  case 6: a[5] += x[i + 5]; /* fall through */
  case 5: a[4] += x[i + 4]; /* fall through */
  case 4: a[3] += x[i + 3]; /* fall through */
  case 3: a[2] += x[i + 2]; /* fall through */
  case 2: a[1] += x[i + 1]; /* fall through */
  case 1: a[0] += x[i]; /* fall through */
  default: break;
  }
}

static float sum_f32_long(const float *x, int64_t n) {
  int L = dw_sum_levels(n);
  float acc[DW_SUM_MAXLEV][8];
  memset(acc, 0, (size_t)L * sizeof acc[0]);
  int64_t i = 0;
  if (L > 1) {
    for (int64_t blk = 1; n - i >= DW_SUM_BLOCK; blk++, i += DW_SUM_BLOCK) {
      block_lanes(x + i, DW_SUM_BLOCK, acc[0]);
      lanes_flush(acc[0], acc[1]);
      for (int l = 1; l + 1 < L && blk % ((int64_t)1 << (DW_SUM_FAN_LOG2 * l)) == 0; l++)
        lanes_flush(acc[l], acc[l + 1]);
    }
  }
  block_lanes(x + i, n - i, acc[0]);
  for (int l = 0; l + 1 < L; l++)
    for (int j = 0; j < 8; j++) acc[l + 1][j] += acc[l][j];
  return lanes_tree(acc[L - 1]);
}

static inline float sum_f32(const float *x, int64_t n) {
  if (n > DW_SUM_BLOCK) return sum_f32_long(x, n);
  if (n < 8) {
    /* one element per lane: the tree without its +0 lanes, then + 0 (lanes
     * are +0 + x: only the sign of a zero result could differ) */
    float a;
    switch (n) {
    case 0: return 0.0f;
    case 1: a = x[0]; break;
    case 2: a = x[0] + x[1]; break;
    case 3: a = (x[0] + x[1]) + x[2]; break;
    case 4: a = (x[0] + x[1]) + (x[2] + x[3]); break;
    case 5: a = ((x[0] + x[1]) + (x[2] + x[3])) + x[4]; break;
    case 6: a = ((x[0] + x[1]) + (x[2] + x[3])) + (x[4] + x[5]); break;
    default: a = ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + x[6]); break;
    }
    return a + 0.0f;
  }
  /* one level */
#ifdef __wasm_simd128__
  float a[8] = {0};
  block_lanes(x, n, a);
  return lanes_tree(a);
#else
  /* the same adds on 8 scalars (kept in registers) */
  float a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    a0 += x[i];
    a1 += x[i + 1];
    a2 += x[i + 2];
    a3 += x[i + 3];
    a4 += x[i + 4];
    a5 += x[i + 5];
    a6 += x[i + 6];
    a7 += x[i + 7];
  }
  switch (n - i) {
  case 7: a6 += x[i + 6]; /* fall through */
  case 6: a5 += x[i + 5]; /* fall through */
  case 5: a4 += x[i + 4]; /* fall through */
  case 4: a3 += x[i + 3]; /* fall through */
  case 3: a2 += x[i + 2]; /* fall through */
  case 2: a1 += x[i + 1]; /* fall through */
  case 1: a0 += x[i]; /* fall through */
  default: break;
  }
  return ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));
#endif
}

/* a[0..n) += b[0..n) (distinct arrays): 8 at a time so that -O2's
 * straight-line vectoriser takes it, then the rest. */
static void add_into(float *restrict a, const float *restrict b, int64_t n) {
  int64_t k = 0;
  for (; k + 8 <= n; k += 8) {
    a[k] += b[k];
    a[k + 1] += b[k + 1];
    a[k + 2] += b[k + 2];
    a[k + 3] += b[k + 3];
    a[k + 4] += b[k + 4];
    a[k + 5] += b[k + 5];
    a[k + 6] += b[k + 6];
    a[k + 7] += b[k + 7];
  }
  for (; k < n; k++) a[k] += b[k];
}

/* a[0..n) = +0 + b[0..n): a lane's first element (-0 becomes +0, as
 * added to a +0 accumulator). */
static void set_from(float *restrict a, const float *restrict b, int64_t n) {
  for (int64_t k = 0; k < n; k++) a[k] = 0.0f + b[k];
}

/* The cascade sum of each column of a contiguous [R, K] block into out[K]
 * (divided by R for mean): columns in chunks whose accumulators (L levels
 * x 8 lanes x chunk) fit in 16 KiB, rows in order. A level-0 lane is set
 * (not added) by its first row of a block, and lanes that hold nothing
 * (+0) are left out of the folds and the tree: adding +0 to a value that
 * is never -0 changes nothing. */
static void sum_cols_f32(const float *x, float *out, int64_t K, int64_t R,
                         bool mean) {
  enum { ACC = 16384 }; /* 64 KB: 1024 columns per pass at 2 levels (a
                          * page of each float32 row; 256 measured 1.25x
                          * slower on sum(dim=0) of 1024 x 1024) */
  float acc[ACC];
  int L = dw_sum_levels(R);
  int64_t KC = (ACC / (8 * L)) & ~(int64_t)7;
  for (int64_t k0 = 0; k0 < K; k0 += KC) {
    int64_t kc = K - k0 < KC ? K - k0 : KC;
#define LEV(l, j) (acc + ((int64_t)(l) * 8 + (j)) * kc)
    if (L > 1) memset(LEV(1, 0), 0, (size_t)((L - 1) * 8 * kc) * sizeof(float));
    int nl0 = 0; /* level-0 lanes holding values */
    for (int64_t r = 0, blk = 1; r < R; blk++) {
      int64_t n = R - r < DW_SUM_BLOCK ? R - r : DW_SUM_BLOCK;
      for (int64_t i = 0; i < n; i++) {
        const float *row = x + (r + i) * K + k0;
        if (i < 8)
          set_from(LEV(0, i), row, kc);
        else
          add_into(LEV(0, i & 7), row, kc);
      }
      r += n;
      nl0 = n < 8 ? (int)n : 8;
      if (L > 1 && n == DW_SUM_BLOCK) { /* a block ends: flush */
        add_into(LEV(1, 0), LEV(0, 0), 8 * kc); /* lane by lane */
        nl0 = 0;
        for (int l = 1; l + 1 < L && blk % ((int64_t)1 << (DW_SUM_FAN_LOG2 * l)) == 0; l++) {
          add_into(LEV(l + 1, 0), LEV(l, 0), 8 * kc);
          memset(LEV(l, 0), 0, (size_t)(8 * kc) * sizeof(float));
        }
      }
    }
    if (L > 1) add_into(LEV(1, 0), LEV(0, 0), nl0 * kc);
    for (int l = 1; l + 1 < L; l++) add_into(LEV(l + 1, 0), LEV(l, 0), 8 * kc);
    /* the tree ((a0+a1)+(a2+a3))+((a4+a5)+(a6+a7)) over the lanes of the
     * top level, in place, skipping lanes that hold nothing */
    int nv = L > 1 ? 8 : nl0;
    float *t = LEV(L - 1, 0);
#define T(j) (t + (j) * kc)
    if (nv > 1) add_into(T(0), T(1), kc);
    if (nv > 3) add_into(T(2), T(3), kc);
    if (nv > 2) add_into(T(0), T(2), kc);
    if (nv > 5) add_into(T(4), T(5), kc);
    if (nv > 7) add_into(T(6), T(7), kc);
    if (nv > 6) add_into(T(4), T(6), kc);
    if (nv > 4) add_into(T(0), T(4), kc);
#undef T
    if (mean)
      for (int64_t k = 0; k < kc; k++) out[k0 + k] = t[k] / (float)R;
    else
      memcpy(out + k0, t, (size_t)kc * sizeof(float));
#undef LEV
  }
}

/* The cascade sum of dwmath.h in float64, as specified there (8 lanes,
 * blocks of DW_SUM_BLOCK flushed into levels of fan-in DW_SUM_FAN, the
 * lane tree at the end), one element at a time: the order the WebAssembly
 * emitter's float64 sums take. */
static double sum_f64(const double *x, int64_t n) {
  int L = dw_sum_levels(n);
  double acc[DW_SUM_MAXLEV][8];
  memset(acc, 0, sizeof acc);
  for (int64_t r = 0; r < n; r++) {
    acc[0][r & 7] += x[r];
    if (L > 1 && (r + 1) % DW_SUM_BLOCK == 0) {
      int64_t span = DW_SUM_BLOCK;
      for (int l = 0; l + 1 < L; l++) {
        for (int j = 0; j < 8; j++) {
          acc[l + 1][j] += acc[l][j];
          acc[l][j] = 0.0;
        }
        span *= DW_SUM_FAN;
        if (!(l + 2 < L && (r + 1) % span == 0)) break;
      }
    }
  }
  for (int l = 0; l + 1 < L; l++)
    for (int j = 0; j < 8; j++) acc[l + 1][j] += acc[l][j];
  const double *a = acc[L - 1];
  return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]));
}

/* Combining functions of the reductions, per dtype. */
#define C_PROD_F(a, v) ((a) * (v))
#define C_SUM_L(a, v) (int64_t)((uint64_t)(a) + (uint64_t)(v))
#define C_PROD_L(a, v) (int64_t)((uint64_t)(a) * (uint64_t)(v))
#define C_MAX_I(a, v) ((a) < (v) ? (v) : (a))
#define C_MIN_I(a, v) ((v) < (a) ? (v) : (a))

/* Row reductions (a contiguous row of n elements), sequential order. */
#define DEF_ROWRED(NAME, T, COMB)                                            \
  static T NAME(const T *x, int64_t n, T init) {                             \
    T acc = init;                                                            \
    for (int64_t i = 0; i < n; i++) acc = COMB(acc, x[i]);                   \
    return acc;                                                              \
  }
DEF_ROWRED(prod_f32, float, C_PROD_F)
DEF_ROWRED(prod_f64, double, C_PROD_F)
DEF_ROWRED(max_f64, double, d_max)
DEF_ROWRED(min_f64, double, d_min)
DEF_ROWRED(max_f32_seq, float, f_max)
DEF_ROWRED(min_f32_seq, float, f_min)
DEF_ROWRED(sum_i64, int64_t, C_SUM_L)
DEF_ROWRED(prod_i64, int64_t, C_PROD_L)
DEF_ROWRED(max_i64, int64_t, C_MAX_I)
DEF_ROWRED(min_i64, int64_t, C_MIN_I)
DEF_ROWRED(max_i32, int32_t, C_MAX_I)
DEF_ROWRED(min_i32, int32_t, C_MIN_I)
DEF_ROWRED(max_u8, uint8_t, C_MAX_I)
DEF_ROWRED(min_u8, uint8_t, C_MIN_I)

/* amax / amin of a float row: 4 lanes under SIMD (max is order
 * independent, nan propagates either way). */
static float max_f32(const float *x, int64_t n, bool is_max) {
  float acc = x[0];
  int64_t i = 1;
#ifdef __wasm_simd128__
  if (n >= 8) {
    v128_t v = wasm_v128_load(x);
    for (i = 4; i + 4 <= n; i += 4)
      v = is_max ? v_max(v, wasm_v128_load(x + i)) : v_min(v, wasm_v128_load(x + i));
    float l[4];
    wasm_v128_store(l, v);
    acc = l[0];
    for (int j = 1; j < 4; j++) acc = is_max ? f_max(acc, l[j]) : f_min(acc, l[j]);
  }
#endif
  float rest = is_max ? max_f32_seq(x + i, n - i, acc) : min_f32_seq(x + i, n - i, acc);
  return rest;
}

/* amax / amin of a float64 row, in order. */
static double ext_f64(const double *x, int64_t n, bool is_max) {
  return is_max ? max_f64(x + 1, n - 1, x[0]) : min_f64(x + 1, n - 1, x[0]);
}

/* Index of the first maximum (minimum); a nan counts as the extreme. */
#define DEF_ARG(NAME, T, BETTER)                                             \
  static int64_t NAME(const T *x, int64_t n) {                               \
    int64_t bi = 0;                                                          \
    T best = x[0];                                                           \
    for (int64_t i = 1; i < n; i++) {                                        \
      T v = x[i];                                                            \
      if (best != best) break;                                               \
      if (v != v || BETTER(v, best)) {                                       \
        best = v;                                                            \
        bi = i;                                                              \
      }                                                                      \
    }                                                                        \
    return bi;                                                               \
  }
#define GT(a, b) ((a) > (b))
#define LT(a, b) ((a) < (b))
DEF_ARG(argmax_f32, float, GT)
DEF_ARG(argmin_f32, float, LT)
DEF_ARG(argmax_f64, double, GT)
DEF_ARG(argmin_f64, double, LT)
DEF_ARG(argmax_i64, int64_t, GT)
DEF_ARG(argmin_i64, int64_t, LT)
DEF_ARG(argmax_i32, int32_t, GT)
DEF_ARG(argmin_i32, int32_t, LT)
DEF_ARG(argmax_u8, uint8_t, GT)
DEF_ARG(argmin_u8, uint8_t, LT)

/* Reduces each of K contiguous rows of length R into out[k]. */
static void reduce_rows(Op op, DType dt, const void *in, void *out,
                        int64_t K, int64_t R) {
  for (int64_t k = 0; k < K; k++) {
    bool arg = op == OP_ARGMAX || op == OP_ARGMIN;
    if (arg) {
      int64_t r = 0;
      const char *row = (const char *)in + k * R * (int64_t)dwT_dtype_size[dt];
      bool mx = op == OP_ARGMAX;
      switch (dt) {
      case DT_F32: r = mx ? argmax_f32((const float *)row, R) : argmin_f32((const float *)row, R); break;
      case DT_F64: r = mx ? argmax_f64((const double *)row, R) : argmin_f64((const double *)row, R); break;
      case DT_I64: r = mx ? argmax_i64((const int64_t *)row, R) : argmin_i64((const int64_t *)row, R); break;
      case DT_I32: r = mx ? argmax_i32((const int32_t *)row, R) : argmin_i32((const int32_t *)row, R); break;
      default: r = mx ? argmax_u8((const uint8_t *)row, R) : argmin_u8((const uint8_t *)row, R); break;
      }
      ((int64_t *)out)[k] = r;
      continue;
    }
    switch (dt) {
    /* a float row: the cascade sum, a sequential product, amax / amin */
#define FLOAT_ROW(DT, T, SUM, PROD, EXT)                                     \
  case DT: {                                                                 \
    const T *x = (const T *)in + k * R;                                      \
    T *o = (T *)out + k;                                                     \
    switch (op) {                                                            \
    case OP_SUM: *o = SUM(x, R); break;                                      \
    case OP_MEAN: *o = SUM(x, R) / (T)R; break;                              \
    case OP_PROD: *o = PROD(x, R, (T)1); break;                              \
    case OP_AMAX: *o = EXT(x, R, true); break;                               \
    default: *o = EXT(x, R, false); break;                                   \
    }                                                                        \
    break;                                                                   \
  }
    FLOAT_ROW(DT_F32, float, sum_f32, prod_f32, max_f32)
    FLOAT_ROW(DT_F64, double, sum_f64, prod_f64, ext_f64)
#undef FLOAT_ROW
    case DT_I64: {
      const int64_t *x = (const int64_t *)in + k * R;
      int64_t *o = (int64_t *)out + k;
      switch (op) {
      case OP_SUM: *o = sum_i64(x, R, 0); break;
      case OP_PROD: *o = prod_i64(x, R, 1); break;
      case OP_AMAX: *o = max_i64(x + 1, R - 1, x[0]); break;
      default: *o = min_i64(x + 1, R - 1, x[0]); break;
      }
      break;
    }
    case DT_I32: {
      const int32_t *x = (const int32_t *)in + k * R;
      int32_t *o = (int32_t *)out + k;
      *o = op == OP_AMAX ? max_i32(x + 1, R - 1, x[0]) : min_i32(x + 1, R - 1, x[0]);
      break;
    }
    default: {
      const uint8_t *x = (const uint8_t *)in + k * R;
      uint8_t *o = (uint8_t *)out + k;
      *o = op == OP_AMAX ? max_u8(x + 1, R - 1, x[0]) : min_u8(x + 1, R - 1, x[0]);
      break;
    }
    }
  }
}

/* Column reduction of a contiguous [R, K] block into out[K]: row r is
 * combined into the K accumulators in order r = 0, 1, ... (vectorised
 * over k); float sums and means take the cascade order (sum_cols_f32).
 * Used for SUM/MEAN/PROD/AMAX/AMIN of float32 and int64 when the reduced
 * dims are the leading ones. */
#define COLS_BODY(T, COMB, INIT_FIRST)                                       \
  {                                                                          \
    const T *x = in;                                                         \
    T *o = out;                                                              \
    if (INIT_FIRST) memcpy(o, x, (size_t)K * sizeof(T));                     \
    for (int64_t r = INIT_FIRST ? 1 : 0; r < R; r++) {                       \
      const T *row = x + r * K;                                              \
      for (int64_t k = 0; k < K; k++) o[k] = COMB(o[k], row[k]);             \
    }                                                                        \
  }
static void reduce_cols(Op op, DType dt, const void *in, void *out, int64_t K,
                        int64_t R) {
  if (dt == DT_F32) {
    float *o = out;
    switch (op) {
    case OP_SUM: case OP_MEAN:
      sum_cols_f32(in, o, K, R, op == OP_MEAN);
      break;
    case OP_PROD:
      for (int64_t k = 0; k < K; k++) o[k] = 1.0f;
      COLS_BODY(float, C_PROD_F, 0)
      break;
    case OP_AMAX: COLS_BODY(float, f_max, 1) break;
    default: COLS_BODY(float, f_min, 1) break;
    }
  } else {
    int64_t *o = out;
    switch (op) {
    case OP_SUM:
      for (int64_t k = 0; k < K; k++) o[k] = 0;
      COLS_BODY(int64_t, C_SUM_L, 0)
      break;
    case OP_PROD:
      for (int64_t k = 0; k < K; k++) o[k] = 1;
      COLS_BODY(int64_t, C_PROD_L, 0)
      break;
    case OP_AMAX: COLS_BODY(int64_t, C_MAX_I, 1) break;
    default: COLS_BODY(int64_t, C_MIN_I, 1) break;
    }
  }
}

bool dwT_k_reduce(Ctx *c, Op op, Tensor *out, Tensor *in, const uint8_t *red) {
  DType dt = (DType)in->dtype;
  int nd = in->ndim;
  int64_t K = 1, R = 1;
  for (int d = 0; d < nd; d++) {
    if (red[d]) R *= in->shape[d];
    else K *= in->shape[d];
  }
  if (K == 0) return true;
  void *o = dwT_data(out);
  if (R == 0) { /* sum -> 0, prod -> 1, mean -> nan (others rejected) */
    double v = op == OP_PROD ? 1.0 : op == OP_MEAN ? NAN : 0.0;
    dwT_k_fill(out, v);
    return true;
  }
  /* Leading reduced dims of a contiguous tensor: column reduction. */
  bool prefix = true, seen_kept = false;
  for (int d = 0; d < nd; d++) {
    if (in->shape[d] == 1) continue;
    if (!red[d]) seen_kept = true;
    else if (seen_kept) prefix = false;
  }
  bool cols_ok = (dt == DT_F32 || dt == DT_I64) && op != OP_ARGMAX &&
                 op != OP_ARGMIN && K > 1 && R > 1;
  if (prefix && cols_ok && dwT_is_contiguous(in)) {
    reduce_cols(op, dt, dwT_data(in), o, K, R);
    return true;
  }
  /* General case: permute kept dims first, reduced dims last, make that
   * contiguous: K rows of R elements. */
  int64_t shape[DW_MAXDIM], stride[DW_MAXDIM];
  int n = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int d = 0; d < nd; d++)
      if ((red[d] != 0) == (pass == 1)) {
        shape[n] = in->shape[d];
        stride[n] = in->stride[d];
        n++;
      }
  Tensor *perm = dwT_view(c, in, n, shape, stride, in->offset);
  if (!perm) return false;
  Tensor *rows = dwT_contiguous(c, perm);
  dwV_decref_o(c, &perm->h);
  if (!rows) return false;
  reduce_rows(op, dt, dwT_data(rows), o, K, R);
  dwV_decref_o(c, &rows->h);
  return true;
}

/* ------------------------------------------------------------------ */
/* Matrix multiplication                                               */
/* ------------------------------------------------------------------ */

/* float32 GEMM: C[M,N] (contiguous) = A[M,K] @ B[K,N] (any strides).
 * A is packed into panels of MR rows (k-major: a[k*MR + r]), B into panels
 * of NR columns (b[k*NR + j]), zero-padded at the edges. For each K block
 * of KC, the MR x NR micro-kernel loads a C tile, adds a[k]*b[k] for k in
 * order and stores it back: every C element is ((0 + a0*b0) + a1*b1) + ...
 * in k order, exactly the naive loop's float32 result, SIMD or not. */
#define MR 4
#define NR 8
#define KC 256

static void micro_4x8(int64_t kc, const float *a, const float *b, float *t) {
#ifdef __wasm_simd128__
  v128_t c0a = wasm_v128_load(t), c0b = wasm_v128_load(t + 4);
  v128_t c1a = wasm_v128_load(t + 8), c1b = wasm_v128_load(t + 12);
  v128_t c2a = wasm_v128_load(t + 16), c2b = wasm_v128_load(t + 20);
  v128_t c3a = wasm_v128_load(t + 24), c3b = wasm_v128_load(t + 28);
  for (int64_t k = 0; k < kc; k++) {
    v128_t b0 = wasm_v128_load(b + k * NR), b1 = wasm_v128_load(b + k * NR + 4);
    v128_t a0 = wasm_f32x4_splat(a[k * MR]), a1 = wasm_f32x4_splat(a[k * MR + 1]);
    v128_t a2 = wasm_f32x4_splat(a[k * MR + 2]), a3 = wasm_f32x4_splat(a[k * MR + 3]);
    c0a = wasm_f32x4_add(c0a, wasm_f32x4_mul(a0, b0));
    c0b = wasm_f32x4_add(c0b, wasm_f32x4_mul(a0, b1));
    c1a = wasm_f32x4_add(c1a, wasm_f32x4_mul(a1, b0));
    c1b = wasm_f32x4_add(c1b, wasm_f32x4_mul(a1, b1));
    c2a = wasm_f32x4_add(c2a, wasm_f32x4_mul(a2, b0));
    c2b = wasm_f32x4_add(c2b, wasm_f32x4_mul(a2, b1));
    c3a = wasm_f32x4_add(c3a, wasm_f32x4_mul(a3, b0));
    c3b = wasm_f32x4_add(c3b, wasm_f32x4_mul(a3, b1));
  }
  wasm_v128_store(t, c0a);
  wasm_v128_store(t + 4, c0b);
  wasm_v128_store(t + 8, c1a);
  wasm_v128_store(t + 12, c1b);
  wasm_v128_store(t + 16, c2a);
  wasm_v128_store(t + 20, c2b);
  wasm_v128_store(t + 24, c3a);
  wasm_v128_store(t + 28, c3b);
#else
  float acc[MR][NR];
  memcpy(acc, t, sizeof acc);
  for (int64_t k = 0; k < kc; k++) {
    const float *bk = b + k * NR;
    for (int r = 0; r < MR; r++) {
      float ar = a[k * MR + r];
      for (int j = 0; j < NR; j++) acc[r][j] += ar * bk[j];
    }
  }
  memcpy(t, acc, sizeof acc);
#endif
}

static void gemm_f32(const float *A, int64_t sam, int64_t sak, const float *B,
                     int64_t sbk, int64_t sbn, float *C, int64_t M, int64_t K,
                     int64_t N, float *Ap, float *Bp, bool pack_b) {
  int64_t mp = (M + MR - 1) / MR, np = (N + NR - 1) / NR;
  if (K == 0) {
    memset(C, 0, (size_t)(M * N) * sizeof(float));
    return;
  }
  for (int64_t ip = 0; ip < mp; ip++)
    for (int64_t k = 0; k < K; k++)
      for (int r = 0; r < MR; r++) {
        int64_t i = ip * MR + r;
        Ap[(ip * K + k) * MR + r] = i < M ? A[i * sam + k * sak] : 0.0f;
      }
  if (pack_b)
    for (int64_t jp = 0; jp < np; jp++)
      for (int64_t k = 0; k < K; k++)
        for (int j = 0; j < NR; j++) {
          int64_t jj = jp * NR + j;
          Bp[(jp * K + k) * NR + j] = jj < N ? B[k * sbk + jj * sbn] : 0.0f;
        }
  float tile[MR * NR];
  for (int64_t kb = 0; kb < K; kb += KC) {
    int64_t kc = K - kb < KC ? K - kb : KC;
    for (int64_t jp = 0; jp < np; jp++)
      for (int64_t ip = 0; ip < mp; ip++) {
        int64_t i0 = ip * MR, j0 = jp * NR;
        int64_t mr = M - i0 < MR ? M - i0 : MR, nr = N - j0 < NR ? N - j0 : NR;
        memset(tile, 0, sizeof tile);
        if (kb > 0)
          for (int64_t r = 0; r < mr; r++)
            memcpy(tile + r * NR, C + (i0 + r) * N + j0, (size_t)nr * sizeof(float));
        micro_4x8(kc, Ap + (ip * K + kb) * MR, Bp + (jp * K + kb) * NR, tile);
        for (int64_t r = 0; r < mr; r++)
          memcpy(C + (i0 + r) * N + j0, tile + r * NR, (size_t)nr * sizeof(float));
      }
  }
}

/* Integer matmul: plain loops, wrapping 64-bit accumulation. */
#define DEF_IGEMM(NAME, T)                                                   \
  static void NAME(const T *A, int64_t sam, int64_t sak, const T *B,         \
                   int64_t sbk, int64_t sbn, T *C, int64_t M, int64_t K,     \
                   int64_t N) {                                              \
    for (int64_t i = 0; i < M; i++)                                          \
      for (int64_t j = 0; j < N; j++) {                                      \
        uint64_t acc = 0;                                                    \
        for (int64_t k = 0; k < K; k++)                                      \
          acc += (uint64_t)(int64_t)A[i * sam + k * sak] *                   \
                 (uint64_t)(int64_t)B[k * sbk + j * sbn];                    \
        C[i * N + j] = (T)(int64_t)acc;                                      \
      }                                                                      \
  }
DEF_IGEMM(gemm_i64, int64_t)
DEF_IGEMM(gemm_i32, int32_t)

/* float64 matmul: each C element is ((0 + a0*b0) + a1*b1) + ... in k
 * order (the order of the float32 micro-kernel and of the emitter). */
static void gemm_f64(const double *A, int64_t sam, int64_t sak,
                     const double *B, int64_t sbk, int64_t sbn, double *C,
                     int64_t M, int64_t K, int64_t N) {
  for (int64_t i = 0; i < M; i++) {
    double *c = C + i * N;
    for (int64_t j = 0; j < N; j++) c[j] = 0.0;
    for (int64_t k = 0; k < K; k++) {
      double a = A[i * sam + k * sak];
      const double *b = B + k * sbk;
      for (int64_t j = 0; j < N; j++) c[j] += a * b[j * sbn];
    }
  }
}

bool dwT_k_matmul(Ctx *c, Tensor *out, Tensor *a, Tensor *b) {
  int na = a->ndim, nb = b->ndim;
  /* matrix views: a 1-d a is a row [1, K], a 1-d b a column [K, 1] */
  int64_t M = na >= 2 ? a->shape[na - 2] : 1, K = a->shape[na - 1];
  int64_t N = nb >= 2 ? b->shape[nb - 1] : 1;
  int64_t sam = na >= 2 ? a->stride[na - 2] : 0, sak = a->stride[na - 1];
  int64_t sbk = nb >= 2 ? b->stride[nb - 2] : b->stride[0];
  int64_t sbn = nb >= 2 ? b->stride[nb - 1] : 0;
  /* batch dims of the output and each input's stride over them */
  int ba = na > 2 ? na - 2 : 0, bb = nb > 2 ? nb - 2 : 0;
  int nbatch = ba > bb ? ba : bb;
  int64_t bshape[DW_MAXDIM], bsa[DW_MAXDIM], bsb[DW_MAXDIM];
  int64_t nbt = 1;
  bool b_shared = true; /* B is the same matrix for every batch */
  for (int d = 0; d < nbatch; d++) {
    int da = d - (nbatch - ba), db = d - (nbatch - bb);
    int64_t sa = da >= 0 ? a->shape[da] : 1, sb = db >= 0 ? b->shape[db] : 1;
    bshape[d] = sa == 1 ? sb : sa;
    bsa[d] = da >= 0 && sa != 1 ? a->stride[da] : 0;
    bsb[d] = db >= 0 && sb != 1 ? b->stride[db] : 0;
    if (bsb[d] != 0) b_shared = false;
    nbt *= bshape[d];
  }
  size_t es = dwT_dtype_size[a->dtype];
  char *pa = dwT_data(a), *pb = dwT_data(b), *pc = dwT_data(out);
  float *Ap = NULL, *Bp = NULL;
  if (a->dtype == DT_F32 && M > 0 && N > 0 && K > 0) {
    size_t asz = (size_t)((M + MR - 1) / MR * MR) * (size_t)K;
    size_t bsz = (size_t)((N + NR - 1) / NR * NR) * (size_t)K;
    Ap = aligned_alloc(16, ((asz * sizeof(float)) + 15) & ~(size_t)15);
    Bp = aligned_alloc(16, ((bsz * sizeof(float)) + 15) & ~(size_t)15);
    if (!Ap || !Bp) {
      free(Ap);
      free(Bp);
      return dw_fail(c, EXC_RuntimeError,
                     "[enforce fail at alloc_cpu.cpp:114] data. "
                     "DefaultCPUAllocator: not enough memory: you tried to "
                     "allocate %llu bytes.",
                     (unsigned long long)((asz + bsz) * sizeof(float)));
    }
  }
  for (int64_t bi = 0; bi < nbt; bi++) {
    int64_t oa = 0, ob = 0, rem = bi;
    for (int d = nbatch - 1; d >= 0; d--) {
      int64_t idx = rem % bshape[d];
      rem /= bshape[d];
      oa += idx * bsa[d];
      ob += idx * bsb[d];
    }
    char *A = pa + oa * (int64_t)es, *B = pb + ob * (int64_t)es;
    char *C = pc + bi * M * N * (int64_t)es;
    switch ((DType)a->dtype) {
    case DT_F32:
      if (M == 0 || N == 0) break;
      gemm_f32((const float *)A, sam, sak, (const float *)B, sbk, sbn,
               (float *)C, M, K, N, Ap, Bp, bi == 0 || !b_shared);
      break;
    case DT_F64:
      gemm_f64((const double *)A, sam, sak, (const double *)B, sbk, sbn,
               (double *)C, M, K, N);
      break;
    case DT_I64:
      gemm_i64((const int64_t *)A, sam, sak, (const int64_t *)B, sbk, sbn,
               (int64_t *)C, M, K, N);
      break;
    default:
      gemm_i32((const int32_t *)A, sam, sak, (const int32_t *)B, sbk, sbn,
               (int32_t *)C, M, K, N);
      break;
    }
  }
  free(Ap);
  free(Bp);
  return true;
}

/* ------------------------------------------------------------------ */
/* Gather                                                              */
/* ------------------------------------------------------------------ */

bool dwT_gather_error(Ctx *c, int kind, int64_t v, int dim, int64_t n) {
  switch ((GatherKind)kind) {
  case GK_INDEX_SELECT:
    return dw_fail(c, EXC_IndexError, "index out of range in self");
  case GK_INDEX:
    return dw_fail(c, EXC_IndexError,
                   "index %lld is out of bounds for dimension %d with size %lld",
                   (long long)v, dim, (long long)n);
  case GK_ONE_HOT:
    return dw_fail(c, EXC_RuntimeError, v < 0
                       ? "Class values must be non-negative."
                       : "Class values must be smaller than num_classes.");
  case GK_TARGET:
    return dw_fail(c, EXC_IndexError, "Target %lld is out of bounds.",
                   (long long)v);
  default:
    return dw_fail(c, EXC_RuntimeError,
                   "index %lld is out of bounds for dimension %d with size %lld",
                   (long long)v, dim, (long long)n);
  }
}

bool dwT_k_gather(Ctx *c, Tensor *out, Tensor *src, Tensor *idx, int dim,
                  int kind) {
  int nd = out->ndim;
  int64_t n = dwT_numel(out);
  int64_t lim = src->ndim ? src->shape[dim] : 1;
  int64_t sstride = src->ndim ? src->stride[dim] : 0;
  size_t es = dwT_dtype_size[src->dtype];
  const char *sp = dwT_data(src), *ip = dwT_data(idx);
  char *op = dwT_data(out);
  int64_t pos[DW_MAXDIM] = {0};
  for (int64_t e = 0; e < n; e++) {
    int64_t io = 0, so = 0;
    for (int k = 0; k < nd; k++) {
      io += pos[k] * idx->stride[k];
      if (k != dim) so += pos[k] * src->stride[k];
    }
    int64_t v = idx->dtype == DT_I64 ? ((const int64_t *)ip)[io]
                                     : ((const int32_t *)ip)[io];
    int64_t w = v;
    if (kind == GK_INDEX && w < 0) w += lim;
    if (w < 0 || w >= lim) return dwT_gather_error(c, kind, v, dim, lim);
    so += w * sstride;
    memcpy(op + e * (int64_t)es, sp + so * (int64_t)es, es);
    for (int k = nd - 1; k >= 0; k--) { /* row-major odometer */
      if (++pos[k] < out->shape[k]) break;
      pos[k] = 0;
    }
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* argsort: a stable merge sort of each row of the last dim            */
/* ------------------------------------------------------------------ */

/* Row i strictly before row j: by value, nan after every number ascending
 * (before them descending); equal values keep their order (the merge is
 * stable). The compiled kernels (backend/wasm_sort.c) order the same way. */
typedef struct SortRow {
  const void *v; /* the row's values */
  DType dt;
  bool desc;
} SortRow;

static bool row_before(const SortRow *r, int64_t i, int64_t j) {
  switch (r->dt) {
  case DT_F32: {
    float a = ((const float *)r->v)[i], b = ((const float *)r->v)[j];
    bool na = a != a, nb = b != b;
    return r->desc ? a > b || (na && !nb) : a < b || (nb && !na);
  }
  case DT_F64: {
    double a = ((const double *)r->v)[i], b = ((const double *)r->v)[j];
    bool na = a != a, nb = b != b;
    return r->desc ? a > b || (na && !nb) : a < b || (nb && !na);
  }
  case DT_I64: {
    int64_t a = ((const int64_t *)r->v)[i], b = ((const int64_t *)r->v)[j];
    return r->desc ? a > b : a < b;
  }
  case DT_I32: {
    int32_t a = ((const int32_t *)r->v)[i], b = ((const int32_t *)r->v)[j];
    return r->desc ? a > b : a < b;
  }
  default: {
    uint8_t a = ((const uint8_t *)r->v)[i], b = ((const uint8_t *)r->v)[j];
    return r->desc ? a > b : a < b;
  }
  }
}

bool dwT_k_argsort(Ctx *c, Tensor *out, Tensor *in, bool desc) {
  Tensor *x = dwT_contiguous(c, in);
  if (!x) return false;
  int64_t n = x->ndim ? x->shape[x->ndim - 1] : 1, rows = n ? dwT_numel(x) / n : 0;
  int64_t *tmp = malloc(((size_t)n + 1) * sizeof *tmp);
  if (!tmp) {
    dwV_decref_o(c, &x->h);
    return dw_fail(c, EXC_MemoryError, "out of memory");
  }
  size_t es = dwT_dtype_size[x->dtype];
  for (int64_t r = 0; r < rows; r++) {
    SortRow sr = {(const char *)dwT_data(x) + (size_t)(r * n) * es, (DType)x->dtype, desc};
    int64_t *a = (int64_t *)dwT_data(out) + r * n, *b = tmp;
    for (int64_t i = 0; i < n; i++) a[i] = i;
    for (int64_t w = 1; w < n; w *= 2) { /* bottom-up: runs of w merged into 2w */
      for (int64_t lo = 0; lo < n; lo += 2 * w) {
        int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
        int64_t i = lo, j = mid, k = lo;
        while (i < mid && j < hi) b[k++] = row_before(&sr, a[j], a[i]) ? a[j++] : a[i++];
        while (i < mid) b[k++] = a[i++];
        while (j < hi) b[k++] = a[j++];
      }
      memcpy(a, b, (size_t)n * sizeof *a);
    }
  }
  free(tmp);
  dwV_decref_o(c, &x->h);
  return true;
}
