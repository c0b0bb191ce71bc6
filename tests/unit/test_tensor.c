/* test_tensor.c - the tensor library: every op's values, shapes and
 * dtypes, broadcasting, PyTorch type promotion, views sharing storage,
 * error messages, the memory cap, matmul against a naive reference and the
 * dwmath.h routines against libm (max ulp error printed). */
#include "tensor_testutil.h"

#include "../../src/tensor/dwmath.h"

#include <math.h>

static Ctx C;
static Ctx *c = &C;

/* The last op failed with exactly this exception type and message. */
#define EXPECT_ERR(expr, type, msg)                                          \
  do {                                                                       \
    C.errmsg[0] = 0;                                                         \
    Tensor *r_ = (expr);                                                     \
    CHECK(r_ == NULL);                                                       \
    drop(c, r_);                                                             \
    CHECK(C.err == (type));                                                  \
    CHECK_STR(C.errmsg, msg);                                                \
    C.errmsg[0] = 0;                                                         \
  } while (0)

static bool vals_eq(const Tensor *t, int n, const double *want) {
  if (!t || dwT_numel(t) != n) return false;
  for (int i = 0; i < n; i++) {
    double g = dwT_get(t, i);
    if (!(g == want[i] || (isnan(g) && isnan(want[i])))) {
      fprintf(stderr, "  element %d: got %.9g want %.9g\n", i, g, want[i]);
      return false;
    }
  }
  return true;
}
#define VALS_EQ(t, ...)                                                      \
  vals_eq(t, (int)(sizeof(VALS(__VA_ARGS__)) / sizeof(double)),            \
          VALS(__VA_ARGS__))

/* t's elements within tol of want's (values printed to 4 decimals) */
static bool vals_near(const Tensor *t, double tol, int n, const double *want) {
  if (!t || dwT_numel(t) != n) return false;
  for (int i = 0; i < n; i++)
    if (!(fabs(dwT_get(t, i) - want[i]) <= tol)) {
      fprintf(stderr, "  element %d: got %.9g want %.9g\n", i, dwT_get(t, i), want[i]);
      return false;
    }
  return true;
}
#define VALS_NEAR(t, tol, ...)                                               \
  CHECK(vals_near(t, tol, (int)(sizeof(VALS(__VA_ARGS__)) / sizeof(double)), \
                  VALS(__VA_ARGS__)))

static bool shape_is(const Tensor *t, int nd, const int64_t *s) {
  if (!t || t->ndim != nd) return false;
  for (int k = 0; k < nd; k++)
    if (t->shape[k] != s[k]) return false;
  return true;
}
#define SHAPE_IS(t, nd, ...) shape_is(t, nd, SHAPE(__VA_ARGS__))

static OpAttrs ints(int n, const int64_t *v) {
  OpAttrs a = {0};
  memcpy(a.i, v, (size_t)n * sizeof(int64_t));
  a.ni = n;
  return a;
}
#define ATTR(...)                                                            \
  ints((int)(sizeof(SHAPE(__VA_ARGS__)) / sizeof(int64_t)), SHAPE(__VA_ARGS__))
static OpAttrs no_dims(void) { return (OpAttrs){0}; }

static Tensor *sc(DType dt, double v) { return dwT_scalar(c, dt, v, true); }
static Tensor *arange_t(int64_t n, DType dt) {
  OpAttrs a = {0};
  a.i[0] = n;
  a.f[1] = 1;
  a.dtype = (uint8_t)dt;
  return dwT_op(c, OP_ARANGE, 0, NULL, &a);
}
static Tensor *reshape(Tensor *x, OpAttrs a) { return op1(c, OP_RESHAPE, x, &a); }

/* ------------------------------------------------------------------ */

static void test_construction(void) {
  size_t before = C.tensor_bytes;
  Tensor *t = dwT_new(c, DT_F32, 2, SHAPE(3, 5));
  CHECK(t && t->st && dwT_numel(t) == 15);
  CHECK(((uintptr_t)dwT_data(t) & 15) == 0);
  CHECK(C.tensor_bytes == before + 60);
  CHECK(dwT_get(t, 14) == 0);
  CHECK(t->stride[0] == 5 && t->stride[1] == 1 && dwT_is_contiguous(t));
  dwT_set(c, t, 7, 2.5);
  CHECK(dwT_get(t, 7) == 2.5);
  drop(c, t);
  CHECK(C.tensor_bytes == before);

  Tensor *i = dwT_scalar(c, DT_I64, 9007199254740993.0, false);
  CHECK(i && i->ndim == 0);
  drop(c, i);
  Tensor *big = dwT_new(c, DT_I64, 0, NULL);
  int64_t *p = dwT_data(big);
  p[0] = INT64_MAX;
  CHECK(dwT_get_int(big, 0) == INT64_MAX);
  drop(c, big);

  /* fake tensors: shape and dtype only */
  TMeta m = {.dtype = DT_I32, .ndim = 2, .shape = {4, 2}};
  Tensor *f = dwT_fake(c, &m);
  CHECK(f && f->st == NULL && f->node == -1 && f->dtype == DT_I32);
  TMeta back;
  dwT_meta_of(f, &back);
  CHECK(back.ndim == 2 && back.shape[0] == 4 && dwT_numel_meta(&back) == 8);
  EXPECT_ERR(op1(c, OP_NEG, f, NULL), EXC_RuntimeError,
             "eager op neg on a traced (fake) tensor");
  drop(c, f);

  /* the memory cap raises PyTorch's allocator error, never aborts */
  C.tensor_cap = 1 << 20;
  EXPECT_ERR(dwT_new(c, DT_F32, 2, SHAPE(1024, 1024)), EXC_RuntimeError,
             "[enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: "
             "not enough memory: you tried to allocate 4194304 bytes.");
  Tensor *ok = dwT_new(c, DT_F32, 1, SHAPE(1000));
  CHECK(ok != NULL);
  drop(c, ok);
  C.tensor_cap = 0;
  EXPECT_ERR(dwT_new(c, DT_F32, 2, SHAPE(1 << 20, 1 << 20)), EXC_RuntimeError,
             "[enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: "
             "not enough memory: you tried to allocate 4398046511104 bytes.");
  EXPECT_ERR(dwT_new(c, DT_F32, 3, SHAPE(INT64_C(1) << 40, INT64_C(1) << 40, 4)),
             EXC_RuntimeError,
             "Storage size calculation overflowed with sizes=[1099511627776, "
             "1099511627776, 4]");
  EXPECT_ERR(dwT_new(c, DT_F32, 2, SHAPE(2, -1)), EXC_RuntimeError,
             "Trying to create tensor with negative dimension -1: [2, -1]");
  OpAttrs full = ATTR(3, -2);
  EXPECT_ERR(dwT_op(c, OP_FULL, 0, NULL, &full), EXC_RuntimeError,
             "Trying to create tensor with negative dimension -2: [3, -2]");
  CHECK(C.tensor_bytes == before);
  CHECK(C.tensor_peak >= 4000);
}

/* full / zeros / ones (OP_FULL): every element of every dtype holds the
 * value, for sizes around the fill's doubling blocks (1, 2, 3, 2^k +- 1,
 * odd counts) */
static void test_full_fill(void) {
  static const int64_t sizes[] = {1, 2, 3, 5, 7, 8, 9, 63, 64, 65, 1000, 4097, 100003};
  static const struct { DType dt; double v; } cases[] = {
      {DT_F32, -2.5}, {DT_F64, 0.1}, {DT_I64, -9007199254740993.0}, {DT_I32, 123456}, {DT_BOOL, 1}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    for (size_t j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
      OpAttrs a = ATTR(sizes[j]);
      a.f[0] = cases[k].v;
      a.dtype = (uint8_t)cases[k].dt;
      Tensor *t = dwT_op(c, OP_FULL, 0, NULL, &a);
      CHECK(t && dwT_numel(t) == sizes[j] && t->dtype == cases[k].dt);
      if (!t) continue;
      int64_t bad = -1;
      for (int64_t i = 0; i < sizes[j] && bad < 0; i++) {
        bool same = cases[k].dt == DT_I64 ? ((int64_t *)dwT_data(t))[i] == INT64_C(-9007199254740992)
                  : cases[k].dt == DT_F32 ? ((float *)dwT_data(t))[i] == -2.5f
                  : cases[k].dt == DT_F64 ? ((double *)dwT_data(t))[i] == 0.1
                  : cases[k].dt == DT_I32 ? ((int32_t *)dwT_data(t))[i] == 123456
                                          : ((uint8_t *)dwT_data(t))[i] == 1;
        if (!same) bad = i;
      }
      CHECK(bad < 0);
      drop(c, t);
    }
}

static void test_dtype_tables(void) {
  CHECK_STR(dwT_dtype_names[DT_F32], "torch.float32");
  CHECK_STR(dwT_dtype_names[DT_I64], "torch.int64");
  CHECK_STR(dwT_dtype_names[DT_I32], "torch.int32");
  CHECK_STR(dwT_dtype_names[DT_BOOL], "torch.bool");
  CHECK(dwT_dtype_size[DT_F32] == 4 && dwT_dtype_size[DT_I64] == 8 &&
        dwT_dtype_size[DT_I32] == 4 && dwT_dtype_size[DT_BOOL] == 1);
  CHECK_STR(dw_ops[OP_ADD].name, "add");
  CHECK_STR(dw_ops[OP_ADD].sym, "+");
  CHECK(dw_ops[OP_ADD].kind == K_BINARY && dw_ops[OP_ADD].nin == 2);
  CHECK(dw_ops[OP_CAT].nin == -1 && dw_ops[OP_MATMUL].kind == K_MATMUL);
  CHECK_STR(dw_ops[OP_FLOORDIV].name, "floor_divide");
}

/* The promotion table, including wrapped numbers (Python scalars). */
static void test_promotion(void) {
  struct {
    DType a;
    int an, aw; /* ndim, wrapped */
    DType b;
    int bn, bw;
    DType want;
  } cases[] = {
      {DT_I64, 1, 0, DT_F32, 0, 1, DT_F32},  /* int tensor + 2.5 */
      {DT_F32, 1, 0, DT_I64, 0, 1, DT_F32},  /* float tensor + 2 */
      {DT_I32, 1, 0, DT_I64, 0, 1, DT_I32},  /* int32 tensor + 2 */
      {DT_I32, 1, 0, DT_F32, 0, 1, DT_F32},  /* int32 tensor + 2.5 */
      {DT_BOOL, 1, 0, DT_I64, 0, 1, DT_I64}, /* bool tensor + 2 */
      {DT_BOOL, 1, 0, DT_BOOL, 0, 1, DT_BOOL},
      {DT_BOOL, 1, 0, DT_BOOL, 1, 0, DT_BOOL},
      {DT_I32, 1, 0, DT_I64, 1, 0, DT_I64},  /* tensor + tensor */
      {DT_I64, 1, 0, DT_F32, 1, 0, DT_F32},
      {DT_I32, 1, 0, DT_I64, 0, 0, DT_I32},  /* 0-d tensor of same category */
      {DT_I32, 1, 0, DT_F32, 0, 0, DT_F32},  /* 0-d tensor, higher category */
      {DT_F32, 0, 0, DT_I64, 1, 0, DT_F32},
      {DT_I64, 0, 0, DT_I32, 0, 0, DT_I64},  /* two 0-d tensors */
      {DT_I32, 0, 0, DT_I64, 0, 1, DT_I32},  /* 0-d tensor + Python int */
      {DT_BOOL, 0, 1, DT_F32, 0, 1, DT_F32}, /* two Python scalars */
      {DT_I64, 0, 1, DT_I64, 0, 1, DT_I64},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    TMeta a = {.dtype = cases[k].a, .ndim = (uint8_t)cases[k].an,
               .wrapped = (uint8_t)cases[k].aw, .shape = {3}};
    TMeta b = {.dtype = cases[k].b, .ndim = (uint8_t)cases[k].bn,
               .wrapped = (uint8_t)cases[k].bw, .shape = {3}};
    DType got = dwT_promote(&a, &b), rev = dwT_promote(&b, &a);
    if (got != cases[k].want || rev != cases[k].want)
      fprintf(stderr, "promotion case %zu: got %d/%d want %d\n", k, got, rev,
              cases[k].want);
    CHECK(got == cases[k].want && rev == cases[k].want);
  }
  /* op-level dtype rules */
  TMeta it = {.dtype = DT_I64, .ndim = 1, .shape = {3}}, out;
  TMeta i2 = it, bt = {.dtype = DT_BOOL, .ndim = 1, .shape = {3}};
  CHECK(dwT_meta(c, OP_DIV, 2, (TMeta[]){it, i2}, NULL, &out) &&
        out.dtype == DT_F32);
  CHECK(dwT_meta(c, OP_FLOORDIV, 2, (TMeta[]){it, i2}, NULL, &out) &&
        out.dtype == DT_I64);
  CHECK(dwT_meta(c, OP_LT, 2, (TMeta[]){it, i2}, NULL, &out) &&
        out.dtype == DT_BOOL);
  CHECK(dwT_meta(c, OP_ADD, 2, (TMeta[]){bt, bt}, NULL, &out) &&
        out.dtype == DT_BOOL);
  CHECK(dwT_meta(c, OP_EXP, 1, &it, NULL, &out) && out.dtype == DT_F32);
  CHECK(dwT_meta(c, OP_SUM, 1, &bt, NULL, &out) && out.dtype == DT_I64 &&
        out.ndim == 0);
  OpAttrs cast = {.dtype = DT_I32};
  CHECK(dwT_meta(c, OP_CAST, 1, &it, &cast, &out) && out.dtype == DT_I32);
  OpAttrs cl = {.has_f = {1, 0}, .f = {0.5, 0}};
  CHECK(dwT_meta(c, OP_CLAMP, 1, &it, &cl, &out) && out.dtype == DT_F32);
  cl.f[0] = 1;
  CHECK(dwT_meta(c, OP_CLAMP, 1, &it, &cl, &out) && out.dtype == DT_I64);
  TMeta wc = {.dtype = DT_F32, .wrapped = 1};
  CHECK(dwT_meta(c, OP_WHERE, 3, (TMeta[]){bt, it, wc}, NULL, &out) &&
        out.dtype == DT_F32 && out.ndim == 1);
  /* K_CONST: a wrapped scalar node */
  OpAttrs k = {.dtype = DT_I64};
  CHECK(dwT_meta(c, OP_CONST, 0, NULL, &k, &out) && out.wrapped && out.ndim == 0);
}

static void test_binary(void) {
  Tensor *a = MK(c, DT_F32, 2, (2, 3), (1, 2, 3, 4, 5, 6));
  Tensor *b = MK1(c, DT_F32, 3, (10, 20, 30));
  Tensor *col = MK(c, DT_F32, 2, (2, 1), (100, 200));
  Tensor *t;

  t = op2(c, OP_ADD, a, b);
  CHECK(SHAPE_IS(t, 2, 2, 3) && VALS_EQ(t, 11, 22, 33, 14, 25, 36));
  drop(c, t);
  t = op2(c, OP_SUB, col, b); /* [2,1] - [3] -> [2,3] */
  CHECK(SHAPE_IS(t, 2, 2, 3) && VALS_EQ(t, 90, 80, 70, 190, 180, 170));
  drop(c, t);
  t = op2(c, OP_MUL, b, col);
  CHECK(VALS_EQ(t, 1000, 2000, 3000, 2000, 4000, 6000));
  drop(c, t);
  Tensor *two = sc(DT_I64, 2);
  t = op2(c, OP_POW, a, two);
  CHECK(t && t->dtype == DT_F32 && VALS_EQ(t, 1, 4, 9, 16, 25, 36));
  drop(c, t);
  t = op2(c, OP_MAXIMUM, a, sc(DT_F32, 3.5));
  CHECK(VALS_EQ(t, 3.5, 3.5, 3.5, 4, 5, 6));
  drop(c, t);

  /* broadcasting errors, in infer_size's words */
  Tensor *v3 = MK1(c, DT_F32, 3, (1, 2, 3)), *v4 = MK1(c, DT_F32, 4, (1, 2, 3, 4));
  EXPECT_ERR(op2(c, OP_ADD, v3, v4), EXC_RuntimeError,
             "The size of tensor a (3) must match the size of tensor b (4) at "
             "non-singleton dimension 0");
  Tensor *m24 = dwT_new(c, DT_F32, 2, SHAPE(2, 4));
  EXPECT_ERR(op2(c, OP_MUL, a, m24), EXC_RuntimeError,
             "The size of tensor a (3) must match the size of tensor b (4) at "
             "non-singleton dimension 1");
  drop(c, m24);

  /* integer arithmetic, Python's floor division and remainder */
  Tensor *x = MK1(c, DT_I64, 4, (7, -7, 7, -7)), *y = MK1(c, DT_I64, 4, (2, 2, -2, -2));
  t = op2(c, OP_FLOORDIV, x, y);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, 3, -4, -4, 3));
  drop(c, t);
  t = op2(c, OP_MOD, x, y);
  CHECK(VALS_EQ(t, 1, 1, -1, -1));
  drop(c, t);
  t = op2(c, OP_DIV, x, y);
  CHECK(t && t->dtype == DT_F32 && VALS_EQ(t, 3.5, -3.5, -3.5, 3.5));
  drop(c, t);
  Tensor *zero = MK1(c, DT_I64, 4, (1, 0, 1, 1));
  EXPECT_ERR(op2(c, OP_FLOORDIV, x, zero), EXC_RuntimeError, "ZeroDivisionError");
  EXPECT_ERR(op2(c, OP_MOD, x, zero), EXC_RuntimeError, "ZeroDivisionError");
  t = op2(c, OP_DIV, x, zero); /* true division: inf, not an error */
  CHECK(t && isinf(dwT_get(t, 1)));
  drop(c, t);
  Tensor *xf = MK1(c, DT_F32, 4, (7, -7, 7, -7.5)), *yf = MK1(c, DT_F32, 4, (2, 2, -2, 0));
  t = op2(c, OP_FLOORDIV, xf, yf);
  CHECK(VALS_EQ(t, 3, -4, -4, -INFINITY));
  drop(c, t);
  t = op2(c, OP_MOD, xf, yf);
  CHECK(VALS_EQ(t, 1, 1, -1, NAN));
  drop(c, t);
  Tensor *fz = MK1(c, DT_F32, 3, (1, -1, 0)), *z3 = dwT_new(c, DT_F32, 1, SHAPE(3));
  t = op2(c, OP_DIV, fz, z3);
  CHECK(VALS_EQ(t, INFINITY, -INFINITY, NAN));
  drop(c, t);
  drop(c, fz);
  drop(c, z3);
  Tensor *negexp = MK1(c, DT_I64, 1, (-1));
  EXPECT_ERR(op2(c, OP_POW, x, negexp), EXC_RuntimeError,
             "Integers to negative integer powers are not allowed.");
  t = op2(c, OP_POW, x, two);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, 49, 49, 49, 49));
  drop(c, t);
  Tensor *mn = MK1(c, DT_I64, 1, (INT64_MIN)), *m1 = MK1(c, DT_I64, 1, (-1));
  t = op2(c, OP_FLOORDIV, mn, m1); /* wraps, no UB */
  CHECK(t && dwT_get_int(t, 0) == INT64_MIN);
  drop(c, t);
  drop(c, mn);
  drop(c, m1);

  /* int tensor with Python float -> float32; int32 stays int32 */
  Tensor *i32 = MK1(c, DT_I32, 3, (1, 2, 3));
  t = op2(c, OP_ADD, i32, sc(DT_I64, 5));
  CHECK(t && t->dtype == DT_I32 && VALS_EQ(t, 6, 7, 8));
  drop(c, t);
  t = op2(c, OP_MUL, i32, sc(DT_F32, 0.5));
  CHECK(t && t->dtype == DT_F32 && VALS_EQ(t, 0.5, 1, 1.5));
  drop(c, t);
  t = op2(c, OP_ADD, i32, x); /* promotes against broadcasting? shapes 3 vs 4 */
  CHECK(t == NULL);
  C.errmsg[0] = 0;
  Tensor *i64_3 = MK1(c, DT_I64, 3, (10, 20, 30));
  t = op2(c, OP_SUB, i32, i64_3);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, -9, -18, -27));
  drop(c, t);
  drop(c, i64_3);
  drop(c, i32);

  /* comparisons and bool ops */
  t = op2(c, OP_GE, a, sc(DT_I64, 3));
  CHECK(t && t->dtype == DT_BOOL && VALS_EQ(t, 0, 0, 1, 1, 1, 1));
  Tensor *bt = MK1(c, DT_BOOL, 3, (1, 0, 1)), *bf = MK1(c, DT_BOOL, 3, (1, 1, 0));
  Tensor *r = op2(c, OP_ADD, bt, bf);
  CHECK(r && r->dtype == DT_BOOL && VALS_EQ(r, 1, 1, 1));
  drop(c, r);
  r = op2(c, OP_MUL, bt, bf);
  CHECK(VALS_EQ(r, 1, 0, 0));
  drop(c, r);
  r = op2(c, OP_AND, bt, bf);
  CHECK(VALS_EQ(r, 1, 0, 0));
  drop(c, r);
  r = op2(c, OP_OR, bt, bf);
  CHECK(VALS_EQ(r, 1, 1, 1));
  drop(c, r);
  r = op2(c, OP_ADD, bt, sc(DT_I64, 1));
  CHECK(r && r->dtype == DT_I64 && VALS_EQ(r, 2, 1, 2));
  drop(c, r);
  r = op2(c, OP_NE, bt, bf);
  CHECK(VALS_EQ(r, 0, 1, 1));
  drop(c, r);
  EXPECT_ERR(op2(c, OP_SUB, bt, bf), EXC_RuntimeError,
             "Subtraction, the `-` operator, with two bool tensors is not "
             "supported. Use the `^` or `logical_xor()` operator instead.");
  EXPECT_ERR(op2(c, OP_SUB, bt, sc(DT_I64, 1)), EXC_RuntimeError,
             "Subtraction, the `-` operator, with a bool tensor is not "
             "supported. If you are trying to invert a mask, use the `~` or "
             "`logical_not()` operator instead.");
  EXPECT_ERR(op2(c, OP_AND, a, a), EXC_RuntimeError,
             "\"bitwise_and_cpu\" not implemented for 'Float'");
  Tensor *in3[3] = {t, a, sc(DT_F32, -1)};
  r = dwT_op(c, OP_WHERE, 3, in3, NULL);
  CHECK(r && r->dtype == DT_F32 && VALS_EQ(r, -1, -1, 3, 4, 5, 6));
  drop(c, r);
  Tensor *in3b[3] = {a, a, a};
  EXPECT_ERR(dwT_op(c, OP_WHERE, 3, in3b, NULL), EXC_RuntimeError,
             "where expected condition to be a boolean tensor, but got a "
             "tensor with dtype Float");
  drop(c, t);

  /* nan: maximum/minimum propagate, comparisons are false */
  Tensor *nx = MK1(c, DT_F32, 3, (NAN, 1, 2)), *ny = MK1(c, DT_F32, 3, (0, NAN, 3));
  t = op2(c, OP_MAXIMUM, nx, ny);
  CHECK(VALS_EQ(t, NAN, NAN, 3));
  drop(c, t);
  t = op2(c, OP_MINIMUM, nx, ny);
  CHECK(VALS_EQ(t, NAN, NAN, 2));
  drop(c, t);
  t = op2(c, OP_EQ, nx, nx);
  CHECK(VALS_EQ(t, 0, 1, 1));
  drop(c, t);
  t = op2(c, OP_NE, nx, ny);
  CHECK(VALS_EQ(t, 1, 1, 1));
  drop(c, t);
  drop(c, nx);
  drop(c, ny);

  drop(c, bt);
  drop(c, bf);
  drop(c, xf);
  drop(c, yf);
  drop(c, negexp);
  drop(c, zero);
  drop(c, x);
  drop(c, y);
  drop(c, v3);
  drop(c, v4);
  drop(c, two);
  drop(c, a);
  drop(c, b);
  drop(c, col);
}

/* Wide element-wise ops hit the vector loops (wasm SIMD) and their scalar
 * tails; every case is checked against the scalar definition element by
 * element, including broadcast-scalar and strided operands. */
static void test_wide_pointwise(void) {
  const int N = 1037;
  Tensor *a = dwT_new(c, DT_F32, 1, SHAPE(N)), *b = dwT_new(c, DT_F32, 1, SHAPE(N));
  for (int i = 0; i < N; i++) {
    dwT_set(c, a, i, sin(i * 0.37) * 4);
    dwT_set(c, b, i, i % 7 == 0 ? 0.0 : cos(i * 0.11) * 3);
  }
  dwT_set(c, a, 5, NAN);
  Tensor *s = sc(DT_F32, 0.75);
  Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MAXIMUM, OP_MINIMUM, OP_LT,
              OP_GE, OP_EQ, OP_POW};
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    for (int mode = 0; mode < 3; mode++) {
      Tensor *y = mode == 1 ? s : b;
      Tensor *x = a;
      Tensor *xs = NULL;
      if (mode == 2) { /* strided: every other element */
        OpAttrs sl = ATTR(0, 0, N, 2);
        xs = op1(c, OP_SLICE, a, &sl);
        Tensor *ys = op1(c, OP_SLICE, b, &sl);
        x = xs;
        y = ys;
      }
      Tensor *t = op2(c, ops[k], x, y);
      int bad = 0;
      for (int64_t i = 0; t && i < dwT_numel(t); i++) {
        float xv = (float)dwT_get(x, i), yv = (float)dwT_get(y, mode == 1 ? 0 : i);
        double want;
        switch (ops[k]) {
        case OP_ADD: want = xv + yv; break;
        case OP_SUB: want = xv - yv; break;
        case OP_MUL: want = xv * yv; break;
        case OP_DIV: want = xv / yv; break;
        case OP_MAXIMUM: want = (isnan(xv) || isnan(yv)) ? NAN : (xv < yv ? yv : xv); break;
        case OP_MINIMUM: want = (isnan(xv) || isnan(yv)) ? NAN : (yv < xv ? yv : xv); break;
        case OP_LT: want = xv < yv; break;
        case OP_GE: want = xv >= yv; break;
        case OP_EQ: want = xv == yv; break;
        default: want = dw_powf(xv, yv); break;
        }
        double g = dwT_get(t, i);
        if (!(g == (float)want || (isnan(g) && isnan(want)))) bad++;
      }
      CHECK(t && bad == 0);
      drop(c, t);
      if (mode == 2) {
        drop(c, xs);
        drop(c, y);
      }
    }
  }
  /* where over the same sizes */
  Tensor *m = op2(c, OP_GT, a, b);
  Tensor *w3[3] = {m, a, b};
  Tensor *w = dwT_op(c, OP_WHERE, 3, w3, NULL);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double want = dwT_get(m, i) ? dwT_get(a, i) : dwT_get(b, i);
    double g = dwT_get(w, i);
    if (!(g == want || (isnan(g) && isnan(want)))) bad++;
  }
  CHECK(w && bad == 0);
  drop(c, w);
  drop(c, m);
  /* unary ops against the scalar dwmath routines */
  Op uops[] = {OP_EXP, OP_LOG, OP_SIN, OP_COS, OP_TAN, OP_TANH, OP_SIGMOID, OP_RELU,
               OP_GELU, OP_SILU, OP_SQRT, OP_RSQRT, OP_NEG, OP_ABS};
  for (size_t k = 0; k < sizeof uops / sizeof uops[0]; k++) {
    Tensor *t = op1(c, uops[k], a, NULL);
    int ubad = 0;
    for (int i = 0; t && i < N; i++) {
      float x = (float)dwT_get(a, i), want;
      switch (uops[k]) {
      case OP_EXP: want = dw_expf(x); break;
      case OP_LOG: want = dw_logf(x); break;
      case OP_SIN: want = dw_sinf(x); break;
      case OP_COS: want = dw_cosf(x); break;
      case OP_TAN: want = dw_tanf(x); break;
      case OP_TANH: want = dw_tanhf(x); break;
      case OP_SIGMOID: want = dw_sigmoidf(x); break;
      case OP_RELU: want = isnan(x) ? x : (x > 0 ? x : 0); break;
      case OP_GELU: want = dw_geluf(x); break;
      case OP_SILU: want = dw_siluf(x); break;
      case OP_SQRT: want = sqrtf(x); break;
      case OP_RSQRT: want = 1.0f / sqrtf(x); break;
      case OP_NEG: want = -x; break;
      default: want = fabsf(x); break;
      }
      float g = (float)dwT_get(t, i);
      if (!(g == want || (isnan(g) && isnan(want)))) ubad++;
    }
    if (ubad) fprintf(stderr, "unary %s: %d mismatches\n", dw_ops[uops[k]].name, ubad);
    CHECK(t && ubad == 0);
    drop(c, t);
  }
  drop(c, s);
  drop(c, a);
  drop(c, b);
}

static void test_unary(void) {
  Tensor *x = MK1(c, DT_F32, 5, (-2, -0.5, 0, 1.5, NAN)), *t;
  t = op1(c, OP_RELU, x, NULL);
  CHECK(VALS_EQ(t, 0, 0, 0, 1.5, NAN));
  drop(c, t);
  t = op1(c, OP_ABS, x, NULL);
  CHECK(VALS_EQ(t, 2, 0.5, 0, 1.5, NAN));
  drop(c, t);
  OpAttrs cl = {.f = {-1, 1}, .has_f = {1, 1}};
  t = op1(c, OP_CLAMP, x, &cl);
  CHECK(VALS_EQ(t, -1, -0.5, 0, 1, NAN));
  drop(c, t);
  cl.has_f[0] = 0;
  t = op1(c, OP_CLAMP, x, &cl);
  CHECK(VALS_EQ(t, -2, -0.5, 0, 1, NAN));
  drop(c, t);
  OpAttrs none = {0};
  EXPECT_ERR(op1(c, OP_CLAMP, x, &none), EXC_RuntimeError,
             "torch.clamp: At least one of 'min' or 'max' must not be None");
  t = op1(c, OP_SIGMOID, x, NULL);
  CHECK(t && fabs(dwT_get(t, 2) - 0.5) == 0 && fabs(dwT_get(t, 3) - 0.8175744762) < 1e-7);
  drop(c, t);
  t = op1(c, OP_GELU, x, NULL);
  CHECK(t && fabs(dwT_get(t, 3) - 1.3997892) < 1e-6 && fabs(dwT_get(t, 0) + 0.0455003) < 1e-6);
  drop(c, t);
  OpAttrs tanh_gelu = {.flag = 1};
  t = op1(c, OP_GELU, x, &tanh_gelu);
  CHECK(t && fabs(dwT_get(t, 3) - 1.3995716) < 1e-6);
  drop(c, t);
  t = op1(c, OP_SILU, x, NULL);
  CHECK(t && fabs(dwT_get(t, 3) - 1.2263616) < 1e-6);
  drop(c, t);
  t = op1(c, OP_NOT, x, NULL);
  CHECK(t && t->dtype == DT_BOOL && VALS_EQ(t, 0, 0, 1, 0, 0));
  drop(c, t);

  /* casts: float -> int truncates toward zero, -> bool is != 0 */
  OpAttrs to = {.dtype = DT_I64};
  Tensor *f = MK1(c, DT_F32, 5, (-2.7, -0.5, 0, 1.9, 3e9));
  t = op1(c, OP_CAST, f, &to);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, -2, 0, 0, 1, 3e9));
  drop(c, t);
  to.dtype = DT_I32;
  t = op1(c, OP_CAST, f, &to);
  CHECK(t && t->dtype == DT_I32 && VALS_EQ(t, -2, 0, 0, 1, (double)INT32_MIN));
  drop(c, t);
  to.dtype = DT_BOOL;
  t = op1(c, OP_CAST, x, &to);
  CHECK(t && VALS_EQ(t, 1, 1, 0, 1, 1));
  Tensor *back;
  to.dtype = DT_F32;
  back = op1(c, OP_CAST, t, &to);
  CHECK(back && back->dtype == DT_F32 && VALS_EQ(back, 1, 1, 0, 1, 1));
  drop(c, back);
  drop(c, t);
  Tensor *big = MK1(c, DT_I64, 2, (4294967297.0, -1));
  to.dtype = DT_I32;
  t = op1(c, OP_CAST, big, &to);
  CHECK(VALS_EQ(t, 1, -1));
  drop(c, t);
  drop(c, big);
  drop(c, f);

  /* integer unary ops and dtype rules */
  Tensor *i = MK1(c, DT_I64, 3, (-3, 0, 4));
  t = op1(c, OP_NEG, i, NULL);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, 3, 0, -4));
  drop(c, t);
  t = op1(c, OP_RELU, i, NULL);
  CHECK(VALS_EQ(t, 0, 0, 4));
  drop(c, t);
  t = op1(c, OP_EXP, i, NULL);
  CHECK(t && t->dtype == DT_F32 && dwT_get(t, 1) == 1);
  drop(c, t);
  t = op1(c, OP_SQRT, i, NULL);
  CHECK(t && isnan(dwT_get(t, 0)) && dwT_get(t, 2) == 2);
  drop(c, t);
  cl = (OpAttrs){.f = {-1, 2}, .has_f = {1, 1}};
  t = op1(c, OP_CLAMP, i, &cl);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, -1, 0, 2));
  drop(c, t);
  EXPECT_ERR(op1(c, OP_GELU, i, NULL), EXC_RuntimeError,
             "\"GeluKernelImpl\" not implemented for 'Long'");
  Tensor *bl = MK1(c, DT_BOOL, 2, (1, 0));
  EXPECT_ERR(op1(c, OP_NEG, bl, NULL), EXC_RuntimeError,
             "Negation, the `-` operator, on a bool tensor is not supported. "
             "If you are trying to invert a mask, use the `~` or "
             "`logical_not()` operator instead.");
  t = op1(c, OP_NOT, bl, NULL);
  CHECK(VALS_EQ(t, 0, 1));
  drop(c, t);
  drop(c, bl);
  drop(c, i);
  drop(c, x);
}

static void test_reduce(void) {
  Tensor *a = MK(c, DT_F32, 2, (2, 3), (1, 2, 3, 4, 5, 6)), *t;
  OpAttrs all = no_dims(), d0 = ATTR(0), d1 = ATTR(1), dm1 = ATTR(-1), d01 = ATTR(0, 1);
  t = op1(c, OP_SUM, a, &all);
  CHECK(t && t->ndim == 0 && VALS_EQ(t, 21));
  drop(c, t);
  t = op1(c, OP_SUM, a, &d0);
  CHECK(SHAPE_IS(t, 1, 3) && VALS_EQ(t, 5, 7, 9));
  drop(c, t);
  d1.keepdim = 1;
  t = op1(c, OP_SUM, a, &d1);
  CHECK(SHAPE_IS(t, 2, 2, 1) && VALS_EQ(t, 6, 15));
  drop(c, t);
  t = op1(c, OP_MEAN, a, &dm1);
  CHECK(SHAPE_IS(t, 1, 2) && VALS_EQ(t, 2, 5));
  drop(c, t);
  t = op1(c, OP_PROD, a, &d0);
  CHECK(VALS_EQ(t, 4, 10, 18));
  drop(c, t);
  t = op1(c, OP_AMAX, a, &d01);
  CHECK(t && t->ndim == 0 && VALS_EQ(t, 6));
  drop(c, t);
  t = op1(c, OP_AMIN, a, &d0);
  CHECK(VALS_EQ(t, 1, 2, 3));
  drop(c, t);
  t = op1(c, OP_ARGMAX, a, &d1);
  CHECK(t && t->dtype == DT_I64 && SHAPE_IS(t, 2, 2, 1) && VALS_EQ(t, 2, 2));
  drop(c, t);
  t = op1(c, OP_ARGMIN, a, &all);
  CHECK(t && t->ndim == 0 && VALS_EQ(t, 0));
  drop(c, t);
  /* reducing a transposed view (rows path with a copy) */
  OpAttrs perm = ATTR(1, 0);
  Tensor *at = op1(c, OP_PERMUTE, a, &perm);
  t = op1(c, OP_SUM, at, &d0);
  CHECK(SHAPE_IS(t, 1, 2) && VALS_EQ(t, 6, 15));
  drop(c, t);
  t = op1(c, OP_AMAX, at, &dm1);
  CHECK(VALS_EQ(t, 4, 5, 6));
  drop(c, t);
  drop(c, at);
  /* middle dim of a 3-d tensor, keepdim */
  Tensor *r = arange_t(24, DT_F32);
  Tensor *r3 = reshape(r, ATTR(2, 3, 4));
  OpAttrs mid = ATTR(1);
  mid.keepdim = 1;
  t = op1(c, OP_SUM, r3, &mid);
  CHECK(SHAPE_IS(t, 3, 2, 1, 4) && VALS_EQ(t, 12, 15, 18, 21, 48, 51, 54, 57));
  drop(c, t);
  OpAttrs d02 = ATTR(0, 2);
  t = op1(c, OP_SUM, r3, &d02);
  CHECK(SHAPE_IS(t, 1, 3) && VALS_EQ(t, 60, 92, 124));
  drop(c, t);
  drop(c, r3);
  drop(c, r);

  /* integer and bool reductions */
  Tensor *i = MK1(c, DT_I32, 4, (3, -1, 7, 7)), *b = MK1(c, DT_BOOL, 4, (1, 0, 1, 1));
  t = op1(c, OP_SUM, i, &all);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, 16));
  drop(c, t);
  t = op1(c, OP_SUM, b, &all);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, 3));
  drop(c, t);
  t = op1(c, OP_PROD, i, &all);
  CHECK(t && t->dtype == DT_I64 && VALS_EQ(t, -147));
  drop(c, t);
  t = op1(c, OP_AMAX, i, &all);
  CHECK(t && t->dtype == DT_I32 && VALS_EQ(t, 7));
  drop(c, t);
  t = op1(c, OP_ARGMAX, i, &all); /* first occurrence */
  CHECK(VALS_EQ(t, 2));
  drop(c, t);
  t = op1(c, OP_AMIN, b, &all);
  CHECK(t && t->dtype == DT_BOOL && VALS_EQ(t, 0));
  drop(c, t);
  EXPECT_ERR(op1(c, OP_MEAN, i, &all), EXC_RuntimeError,
             "mean(): could not infer output dtype. Input dtype must be either "
             "a floating point or complex dtype. Got: Int");
  Tensor *l = MK1(c, DT_I64, 2, (1, 2));
  EXPECT_ERR(op1(c, OP_MEAN, l, &all), EXC_RuntimeError,
             "mean(): could not infer output dtype. Input dtype must be either "
             "a floating point or complex dtype. Got: Long");
  drop(c, l);

  /* dims: out of range (IndexError), duplicates, 0-d tensors */
  OpAttrs d2 = ATTR(2);
  Tensor *v = MK1(c, DT_F32, 3, (1, 2, 3));
  EXPECT_ERR(op1(c, OP_SUM, v, &d2), EXC_IndexError,
             "Dimension out of range (expected to be in range of [-1, 0], but "
             "got 2)");
  OpAttrs dd = ATTR(1, -1);
  EXPECT_ERR(op1(c, OP_SUM, a, &dd), EXC_RuntimeError,
             "dim 1 appears multiple times in the list of dims");
  Tensor *s0 = dwT_scalar(c, DT_F32, 4, false);
  t = op1(c, OP_SUM, s0, &dm1);
  CHECK(t && t->ndim == 0 && VALS_EQ(t, 4));
  drop(c, t);
  drop(c, s0);

  /* nan: max/min propagate, argmax points at the first nan */
  Tensor *n = MK1(c, DT_F32, 5, (1, NAN, 3, NAN, 0));
  t = op1(c, OP_AMAX, n, &all);
  CHECK(VALS_EQ(t, NAN));
  drop(c, t);
  t = op1(c, OP_AMIN, n, &all);
  CHECK(VALS_EQ(t, NAN));
  drop(c, t);
  t = op1(c, OP_ARGMAX, n, &all);
  CHECK(VALS_EQ(t, 1));
  drop(c, t);
  t = op1(c, OP_ARGMIN, n, &all);
  CHECK(VALS_EQ(t, 1));
  drop(c, t);
  t = op1(c, OP_SUM, n, &all);
  CHECK(VALS_EQ(t, NAN));
  drop(c, t);
  drop(c, n);

  /* empty reductions */
  Tensor *e = dwT_new(c, DT_F32, 2, SHAPE(0, 3));
  t = op1(c, OP_SUM, e, &d0);
  CHECK(SHAPE_IS(t, 1, 3) && VALS_EQ(t, 0, 0, 0));
  drop(c, t);
  t = op1(c, OP_PROD, e, &all);
  CHECK(VALS_EQ(t, 1));
  drop(c, t);
  t = op1(c, OP_MEAN, e, &all);
  CHECK(VALS_EQ(t, NAN));
  drop(c, t);
  EXPECT_ERR(op1(c, OP_AMAX, e, &all), EXC_RuntimeError,
             "max(): Expected reduction dim to be specified for input.numel() "
             "== 0. Specify the reduction dim with the 'dim' argument.");
  EXPECT_ERR(op1(c, OP_AMAX, e, &d0), EXC_IndexError,
             "amax(): Expected reduction dim 0 to have non-zero size.");
  t = op1(c, OP_AMAX, e, &d1); /* reducing the non-empty dim is fine */
  CHECK(SHAPE_IS(t, 2, 0, 1));
  drop(c, t);
  drop(c, e);

  /* large float sums: the cascade order, close to the exact (double) sum
   * (test_sum_accuracy checks every layout) */
  const int N = 1000003;
  Tensor *big = dwT_new(c, DT_F32, 1, SHAPE(N));
  double exact = 0;
  for (int k = 0; k < N; k++) {
    float vv = (float)(0.1 + (k % 1000) * 1e-3);
    ((float *)dwT_data(big))[k] = vv;
    exact += vv;
  }
  t = op1(c, OP_SUM, big, &all);
  CHECK(t && fabs(dwT_get(t, 0) - exact) / exact < 1e-6);
  drop(c, t);
  t = op1(c, OP_MEAN, big, &all);
  CHECK(t && fabs(dwT_get(t, 0) - exact / N) / (exact / N) < 1e-6);
  drop(c, t);
  Tensor *big2 = reshape(big, ATTR(1000003, 1));
  t = op1(c, OP_SUM, big2, &d0); /* column path */
  CHECK(t && fabs(dwT_get(t, 0) - exact) / exact < 1e-6);
  drop(c, t);
  drop(c, big2);
  drop(c, big);
  drop(c, v);
  drop(c, i);
  drop(c, b);
  drop(c, a);
}

/* ------------------------------------------------------------------ */
/* float32 sums: accuracy and layout independence                      */
/* ------------------------------------------------------------------ */

/* The worst-case error of the cascade order (dwmath.h) over R elements,
 * relative to sum |x|: an element goes through at most 16 adds in its
 * lane's block, 16 flushes + 1 fold per level above, and the 3-level tree
 * of the lanes. */
static double casc_bound(int64_t R) {
  int L = dw_sum_levels(R);
  return (16.0 + 17.0 * (L - 1) + 3.0) * 0x1p-24 * 1.001;
}

/* Fills v[0..n) with pattern kind: 0 the constant 0.1, 1 uniform [0, 1),
 * 2 uniform [-1, 1) (cancellation), 3 magnitudes over 2^-20 .. 2^20. */
static void sum_data(float *v, int64_t n, int kind, uint64_t seed) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (int64_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    double u = (double)(s >> 11) / 9007199254740992.0;
    switch (kind) {
    case 0: v[i] = 0.1f; break;
    case 1: v[i] = (float)u; break;
    case 2: v[i] = (float)(2 * u - 1); break;
    default: v[i] = (float)ldexp(u + 0.5, (int)(s % 41) - 20); break;
    }
  }
}

static float f32_at(const Tensor *t, int64_t i) { return (float)dwT_get(t, i); }
static bool same_bits(float a, float b) { return !memcmp(&a, &b, sizeof a); }

/* One size R: the same 3 x R logical values (row j: out[j]) reduced in
 * every layout the eager kernels have; all must agree bit for bit and
 * stay within the cascade's error bound of the exact sum. Returns the
 * largest relative error seen (vs sum |x|). */
static double sum_layouts(int64_t R, int kind) {
  const int K = 3;
  Tensor *rows = dwT_new(c, DT_F32, 2, SHAPE(K, R)); /* [3, R] */
  if (!rows) {
    CHECK(!"alloc");
    return 1;
  }
  float *v = dwT_data(rows);
  sum_data(v, K * R, kind, (uint64_t)R * 7 + (uint64_t)kind);
  double exact[3], mag[3];
  for (int j = 0; j < K; j++) {
    exact[j] = mag[j] = 0;
    for (int64_t r = 0; r < R; r++) {
      exact[j] += v[j * R + r];
      mag[j] += fabs(v[j * R + r]);
    }
  }
  OpAttrs d0 = ATTR(0), d1 = ATTR(1), d02 = ATTR(0, 2), d1k = ATTR(1);
  d1k.keepdim = 1;
  /* the same values as columns: [R, 3] contiguous (column kernel) */
  Tensor *rt = op1(c, OP_PERMUTE, rows, (OpAttrs[]){ATTR(1, 0)});
  Tensor *cols = dwT_contiguous(c, rt);
  /* R split as [a, 3, b] (a * b = R, r = i * b + k): dims (0, 2) */
  int64_t a = 1;
  for (int64_t q = 2; q * q <= R; q++)
    if (R % q == 0) a = q;
  int64_t b = R / a;
  Tensor *v4 = reshape(rows, ATTR(K, a, b));                       /* [3, a, b] */
  Tensor *p3 = op1(c, OP_PERMUTE, v4, (OpAttrs[]){ATTR(1, 0, 2)}); /* [a, 3, b] */
  Tensor *mid = dwT_contiguous(c, p3);
  Tensor *res[7];
  res[0] = op1(c, OP_SUM, rows, &d1);      /* rows, contiguous */
  res[1] = op1(c, OP_SUM, cols, &d0);      /* columns */
  res[2] = op1(c, OP_SUM, rt, &d0);        /* a transposed view */
  res[3] = op1(c, OP_SUM, mid, &d02);      /* two reduced dims */
  res[4] = op1(c, OP_SUM, rows, &d1k);     /* keepdim */
  res[5] = op1(c, OP_MEAN, cols, &d0);     /* means: sum / R */
  res[6] = op1(c, OP_MEAN, rows, &d1);
  double worst = 0;
  for (int k = 0; k < 7; k++) {
    CHECK(res[k] && dwT_numel(res[k]) == K);
    if (!res[k]) continue;
    for (int j = 0; j < K; j++) {
      float got = f32_at(res[k], j), want = f32_at(res[0], j);
      if (k >= 5) want = want / (float)R;
      if (!same_bits(got, want)) {
        fprintf(stderr, "sum R=%lld kind %d layout %d out %d: %.9g != %.9g\n",
                (long long)R, kind, k, j, got, want);
        CHECK(!"layouts agree bit for bit");
      }
    }
  }
  for (int j = 0; j < K && res[0]; j++) {
    double err = fabs((double)f32_at(res[0], j) - exact[j]) / (mag[j] ? mag[j] : 1);
    if (err > worst) worst = err;
  }
  if (!(worst <= casc_bound(R)))
    fprintf(stderr, "sum R=%lld kind %d: relative error %.3g > bound %.3g\n",
            (long long)R, kind, worst, casc_bound(R));
  CHECK(worst <= casc_bound(R));
  /* all dims: the 3R values in one sum, row-major (rows and columns
   * orders differ here: two different sequences) */
  Tensor *all = op1(c, OP_SUM, rows, (OpAttrs[]){no_dims()});
  double ex = 0, mg = 0;
  for (int64_t i = 0; i < K * R; i++) ex += v[i], mg += fabs(v[i]);
  CHECK(all && fabs(f32_at(all, 0) - ex) <= casc_bound(K * R) * mg);
  drop(c, all);
  for (int k = 0; k < 7; k++) drop(c, res[k]);
  drop(c, mid);
  drop(c, p3);
  drop(c, v4);
  drop(c, cols);
  drop(c, rt);
  drop(c, rows);
  return worst;
}

static void test_sum_accuracy(void) {
  static const int64_t sizes[] = {1, 2, 7, 8, 9, 15, 16, 127, 128, 129,
                                  1000, 2047, 2048, 2049, 4099, 32767,
                                  32768, 32769, 100003, 524288, 524289,
                                  1048576};
  static const char *const kinds[] = {"0.1", "U[0,1)", "U[-1,1)", "2^+-20"};
  for (int kind = 0; kind < 4; kind++) {
    double worst = 0, at1m = 0;
    int64_t at = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
      double e = sum_layouts(sizes[k], kind);
      if (e > worst) worst = e, at = sizes[k];
      if (sizes[k] == 1 << 20) at1m = e;
    }
    printf("float32 sum %-8s R <= 2^20, 7 layouts: max error %.3g * sum|x| "
           "(R = %lld); R = 2^20: %.3g (bound %.3g)\n",
           kinds[kind], worst, (long long)at, at1m, casc_bound(1 << 20));
  }
  /* signed zeros: lanes start at +0, so a sum of -0.0s is +0 (as in
   * PyTorch) in every layout and length */
  for (int64_t R = 1; R <= 20; R++) {
    Tensor *z = dwT_new(c, DT_F32, 2, SHAPE(3, R));
    float *zv = dwT_data(z);
    for (int64_t i = 0; i < 3 * R; i++) zv[i] = -0.0f;
    Tensor *zt = op1(c, OP_PERMUTE, z, (OpAttrs[]){ATTR(1, 0)});
    Tensor *zc = dwT_contiguous(c, zt);
    Tensor *r1 = op1(c, OP_SUM, z, (OpAttrs[]){ATTR(1)});
    Tensor *r0 = op1(c, OP_SUM, zc, (OpAttrs[]){ATTR(0)});
    for (int j = 0; j < 3; j++) {
      CHECK(r1 && same_bits(f32_at(r1, j), 0.0f));
      CHECK(r0 && same_bits(f32_at(r0, j), 0.0f));
    }
    drop(c, r0);
    drop(c, r1);
    drop(c, zc);
    drop(c, zt);
    drop(c, z);
  }
  /* PyTorch 1.13's results (its cascade sum) for 2^20 x 0.1: all
   * reduced, and the columns of reshape(-1, 16) */
  Tensor *x = dwT_new(c, DT_F32, 1, SHAPE(1 << 20));
  float *xv = dwT_data(x);
  for (int i = 0; i < 1 << 20; i++) xv[i] = 0.1f;
  Tensor *s = op1(c, OP_SUM, x, (OpAttrs[]){no_dims()});
  CHECK(s && f32_at(s, 0) == 104857.6171875f);
  Tensor *m = op1(c, OP_MEAN, x, (OpAttrs[]){no_dims()});
  CHECK(m && f32_at(m, 0) == 104857.6171875f / 1048576.0f);
  Tensor *x16 = reshape(x, ATTR(-1, 16));
  Tensor *s0 = op1(c, OP_SUM, x16, (OpAttrs[]){ATTR(0)});
  CHECK(s0 && f32_at(s0, 0) == 6553.60107421875f && f32_at(s0, 15) == 6553.60107421875f);
  printf("float32 sum of 2^20 x 0.1: %.4f, reshape(-1, 16).sum(0): %.4f "
         "(PyTorch 104857.6172, 6553.6011; exact 104857.6016, 6553.6001)\n",
         s ? f32_at(s, 0) : 0, s0 ? f32_at(s0, 0) : 0);
  drop(c, s0);
  drop(c, x16);
  drop(c, m);
  drop(c, s);
  drop(c, x);
}

static void test_views(void) {
  Tensor *r = arange_t(12, DT_F32), *t, *u;
  t = reshape(r, ATTR(3, -1));
  CHECK(SHAPE_IS(t, 2, 3, 4) && t->st == r->st && t->stride[0] == 4);
  /* a view shares storage: writes show through */
  dwT_set(c, t, 5, 100);
  CHECK(dwT_get(r, 5) == 100);
  dwT_set(c, r, 5, 5);

  OpAttrs perm = ATTR(1, 0);
  u = op1(c, OP_PERMUTE, t, &perm);
  CHECK(SHAPE_IS(u, 2, 4, 3) && u->st == r->st && u->stride[0] == 1 &&
        u->stride[1] == 4 && !dwT_is_contiguous(u));
  CHECK(VALS_EQ(u, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11));
  /* reshape of a non-viewable tensor copies; view() refuses */
  Tensor *flat = reshape(u, ATTR(12));
  CHECK(flat && flat->st != r->st && VALS_EQ(flat, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11));
  drop(c, flat);
  OpAttrs strict = ATTR(-1);
  strict.flag = 1;
  EXPECT_ERR(op1(c, OP_RESHAPE, u, &strict), EXC_RuntimeError,
             "view size is not compatible with input tensor's size and stride "
             "(at least one dimension spans across two contiguous subspaces). "
             "Use .reshape(...) instead.");
  /* but a split of a single dim of a transposed tensor is a view */
  Tensor *sp = reshape(u, ATTR(2, 2, 3));
  CHECK(sp && sp->st == r->st && sp->stride[0] == 2 && sp->stride[1] == 1 &&
        sp->stride[2] == 4);
  drop(c, sp);
  Tensor *ct = dwT_contiguous(c, u);
  CHECK(ct && ct != u && dwT_is_contiguous(ct) && VALS_EQ(ct, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11));
  drop(c, ct);
  ct = dwT_contiguous(c, t);
  CHECK(ct == t);
  drop(c, ct);
  drop(c, u);

  EXPECT_ERR(reshape(r, ATTR(3, 3)), EXC_RuntimeError,
             "shape '[3, 3]' is invalid for input of size 12");
  EXPECT_ERR(reshape(r, ATTR(-1, -1)), EXC_RuntimeError,
             "only one dimension can be inferred");
  EXPECT_ERR(reshape(r, ATTR(5, -1)), EXC_RuntimeError,
             "shape '[5, -1]' is invalid for input of size 12");
  EXPECT_ERR(reshape(r, ATTR(-2, 6)), EXC_RuntimeError,
             "invalid shape dimension -2");
  Tensor *e = dwT_new(c, DT_F32, 1, SHAPE(0));
  EXPECT_ERR(reshape(e, ATTR(0, -1)), EXC_RuntimeError,
             "cannot reshape tensor of 0 elements into shape [0, -1] because "
             "the unspecified dimension size -1 can be any value and is "
             "ambiguous");
  drop(c, e);
  Tensor *r8 = arange_t(8, DT_F32);
  EXPECT_ERR(reshape(r8, ATTR(3, 3)), EXC_RuntimeError,
             "shape '[3, 3]' is invalid for input of size 8");
  drop(c, r8);

  /* permute errors */
  OpAttrs p3 = ATTR(0, 1, 2), pdup = ATTR(0, 0);
  EXPECT_ERR(op1(c, OP_PERMUTE, t, &p3), EXC_RuntimeError,
             "permute(sparse_coo): number of dimensions in the tensor input "
             "does not match the length of the desired ordering of dimensions "
             "i.e. input.dim() = 2 is not equal to len(dims) = 3");
  EXPECT_ERR(op1(c, OP_PERMUTE, t, &pdup), EXC_RuntimeError,
             "permute(): duplicate dims are not allowed.");

  /* expand: stride 0, shares storage */
  Tensor *col = reshape(r, ATTR(12, 1));
  OpAttrs ex = ATTR(2, 12, 3);
  u = op1(c, OP_EXPAND, col, &ex);
  CHECK(SHAPE_IS(u, 3, 2, 12, 3) && u->st == r->st && u->stride[0] == 0 &&
        u->stride[2] == 0 && dwT_get(u, 3 * 12 + 2) == 0 && dwT_get(u, 5) == 1);
  drop(c, u);
  ex = ATTR(-1, 4);
  u = op1(c, OP_EXPAND, col, &ex);
  CHECK(SHAPE_IS(u, 2, 12, 4));
  drop(c, u);
  OpAttrs exbad = ATTR(12, 2, 3);
  exbad = ATTR(4);
  EXPECT_ERR(op1(c, OP_EXPAND, t, &exbad), EXC_RuntimeError,
             "expand(torch.FloatTensor{[3, 4]}, size=[4]): the number of sizes "
             "provided (1) must be greater or equal to the number of dimensions "
             "in the tensor (2)");
  exbad = ATTR(3, 5);
  EXPECT_ERR(op1(c, OP_EXPAND, t, &exbad), EXC_RuntimeError,
             "The expanded size of the tensor (5) must match the existing size "
             "(4) at non-singleton dimension 1.  Target sizes: [3, 5].  Tensor "
             "sizes: [3, 4]");
  exbad = ATTR(-1, 3, 4);
  EXPECT_ERR(op1(c, OP_EXPAND, t, &exbad), EXC_RuntimeError,
             "The expanded size of the tensor (-1) isn't allowed in a leading, "
             "non-existing dimension 0");
  drop(c, col);

  /* slice and select */
  OpAttrs sl = ATTR(1, 1, 4, 2); /* t[:, 1:4:2] */
  u = op1(c, OP_SLICE, t, &sl);
  CHECK(SHAPE_IS(u, 2, 3, 2) && u->st == r->st && u->offset == 1 &&
        u->stride[1] == 2 && VALS_EQ(u, 1, 3, 5, 7, 9, 11));
  drop(c, u);
  sl = ATTR(0, -2, INT64_MAX, 1); /* t[-2:] */
  u = op1(c, OP_SLICE, t, &sl);
  CHECK(SHAPE_IS(u, 2, 2, 4) && VALS_EQ(u, 4, 5, 6, 7, 8, 9, 10, 11));
  drop(c, u);
  sl = ATTR(0, 5, 2, 1); /* empty */
  u = op1(c, OP_SLICE, t, &sl);
  CHECK(SHAPE_IS(u, 2, 0, 4));
  drop(c, u);
  sl = ATTR(0, 0, 3, 0);
  EXPECT_ERR(op1(c, OP_SLICE, t, &sl), EXC_ValueError,
             "step must be greater than zero");
  OpAttrs se = ATTR(1, -1); /* t[:, -1] */
  u = op1(c, OP_SELECT, t, &se);
  CHECK(SHAPE_IS(u, 1, 3) && u->st == r->st && VALS_EQ(u, 3, 7, 11));
  drop(c, u);
  se = ATTR(0, 5);
  EXPECT_ERR(op1(c, OP_SELECT, t, &se), EXC_IndexError,
             "index 5 is out of bounds for dimension 0 with size 3");
  se = ATTR(0, -4);
  EXPECT_ERR(op1(c, OP_SELECT, t, &se), EXC_IndexError,
             "index -4 is out of bounds for dimension 0 with size 3");
  se = ATTR(2, 0);
  EXPECT_ERR(op1(c, OP_SELECT, t, &se), EXC_IndexError,
             "Dimension out of range (expected to be in range of [-2, 1], but "
             "got 2)");
  Tensor *s0 = dwT_scalar(c, DT_F32, 1, false);
  se = ATTR(0, 0);
  EXPECT_ERR(op1(c, OP_SELECT, s0, &se), EXC_IndexError,
             "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  drop(c, s0);

  /* clone: a contiguous copy, not shared */
  u = op1(c, OP_CLONE, t, NULL);
  CHECK(u && u->st != r->st && VALS_EQ(u, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
  drop(c, u);
  /* copy_into with broadcasting, conversion and overlap */
  Tensor *row = MK1(c, DT_I64, 4, (1, 2, 3, 4));
  CHECK(dwT_copy_into(c, t, row));
  CHECK(VALS_EQ(r, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4));
  Tensor *lo = op1(c, OP_SLICE, r, &(OpAttrs){.i = {0, 0, 11, 1}, .ni = 4});
  Tensor *hi = op1(c, OP_SLICE, r, &(OpAttrs){.i = {0, 1, 12, 1}, .ni = 4});
  CHECK(dwT_copy_into(c, hi, lo));
  CHECK(VALS_EQ(r, 1, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3));
  drop(c, lo);
  drop(c, hi);
  Tensor *bad = MK1(c, DT_F32, 3, (1, 2, 3));
  CHECK(!dwT_copy_into(c, t, bad));
  CHECK_STR(C.errmsg, "output with shape [3, 4] doesn't match the broadcast shape [3]");
  C.errmsg[0] = 0;
  drop(c, bad);
  drop(c, row);
  drop(c, t);
  /* views keep the storage alive after the base is gone */
  Tensor *base = arange_t(6, DT_I64);
  Tensor *view = op1(c, OP_SELECT, base, &(OpAttrs){.i = {0, 4}, .ni = 2});
  drop(c, base);
  CHECK(view && dwT_get_int(view, 0) == 4);
  drop(c, view);
  drop(c, r);
}

static void naive_mm(const Tensor *a, const Tensor *b, float *out, int64_t M,
                     int64_t K, int64_t N) {
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      float s = 0;
      for (int64_t k = 0; k < K; k++)
        s += (float)dwT_get(a, i * K + k) * (float)dwT_get(b, k * N + j);
      out[i * N + j] = s;
    }
}

static void test_matmul(void) {
  /* odd sizes 1..37, contiguous and non-contiguous; bit-exact vs naive */
  int sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 33, 37};
  int ns = (int)(sizeof sizes / sizeof sizes[0]);
  int bad = 0, cases = 0;
  float *ref = malloc(37 * 37 * sizeof(float));
  for (int x = 0; x < ns; x++)
    for (int y = 0; y < ns; y += 2)
      for (int z = 0; z < ns; z += 3) {
        int64_t M = sizes[x], K = sizes[y], N = sizes[z];
        for (int layout = 0; layout < 3; layout++) {
          Tensor *a, *b, *ab = NULL, *bb = NULL;
          if (layout == 0) {
            a = dwT_new(c, DT_F32, 2, SHAPE(M, K));
            b = dwT_new(c, DT_F32, 2, SHAPE(K, N));
          } else if (layout == 1) { /* transposed storage */
            ab = dwT_new(c, DT_F32, 2, SHAPE(K, M));
            bb = dwT_new(c, DT_F32, 2, SHAPE(N, K));
            a = op1(c, OP_PERMUTE, ab, &(OpAttrs){.i = {1, 0}, .ni = 2});
            b = op1(c, OP_PERMUTE, bb, &(OpAttrs){.i = {1, 0}, .ni = 2});
          } else { /* every other column */
            ab = dwT_new(c, DT_F32, 2, SHAPE(M, 2 * K));
            bb = dwT_new(c, DT_F32, 2, SHAPE(K, 2 * N));
            a = op1(c, OP_SLICE, ab, &(OpAttrs){.i = {1, 1, 2 * K, 2}, .ni = 4});
            b = op1(c, OP_SLICE, bb, &(OpAttrs){.i = {1, 0, 2 * N, 2}, .ni = 4});
          }
          for (int64_t i = 0; i < M * K; i++)
            dwT_set(c, a, i, sin((double)(i * 7 + M)) * 3);
          for (int64_t i = 0; i < K * N; i++)
            dwT_set(c, b, i, cos((double)(i * 3 + N)) * 2);
          Tensor *p = op2(c, OP_MATMUL, a, b);
          naive_mm(a, b, ref, M, K, N);
          cases++;
          if (!p || !SHAPE_IS(p, 2, M, N)) {
            bad++;
          } else {
            for (int64_t i = 0; i < M * N; i++)
              if ((float)dwT_get(p, i) != ref[i]) {
                bad++;
                break;
              }
          }
          drop(c, p);
          drop(c, a);
          drop(c, b);
          drop(c, ab);
          drop(c, bb);
        }
      }
  free(ref);
  printf("matmul: %d cases vs naive float32 reference, %d mismatches\n", cases, bad);
  CHECK(cases > 100 && bad == 0);

  /* large K crosses the K blocking; still bit-exact */
  Tensor *a = dwT_new(c, DT_F32, 2, SHAPE(5, 600)), *b = dwT_new(c, DT_F32, 2, SHAPE(600, 9));
  for (int i = 0; i < 3000; i++) dwT_set(c, a, i, sin(i * 0.1));
  for (int i = 0; i < 5400; i++) dwT_set(c, b, i, cos(i * 0.3));
  Tensor *p = op2(c, OP_MATMUL, a, b);
  float *r2 = malloc(45 * sizeof(float));
  naive_mm(a, b, r2, 5, 600, 9);
  int diff = 0;
  for (int i = 0; i < 45; i++) diff += (float)dwT_get(p, i) != r2[i];
  CHECK(p && diff == 0);
  free(r2);
  drop(c, p);
  drop(c, a);
  drop(c, b);

  /* batched with broadcasting batch dims, 1-d operands */
  Tensor *r = arange_t(12, DT_F32);
  Tensor *A = reshape(r, ATTR(2, 2, 3));       /* [2, 2, 3] */
  Tensor *B = reshape(r, ATTR(3, 4));          /* [3, 4] broadcast */
  p = op2(c, OP_MATMUL, A, B);
  CHECK(SHAPE_IS(p, 3, 2, 2, 4) &&
        VALS_EQ(p, 20, 23, 26, 29, 56, 68, 80, 92, 92, 113, 134, 155, 128, 158, 188, 218));
  drop(c, p);
  Tensor *B3 = reshape(r, ATTR(1, 3, 4));
  Tensor *A4 = reshape(r, ATTR(2, 1, 2, 3));
  p = op2(c, OP_MATMUL, A4, B3);
  CHECK(SHAPE_IS(p, 4, 2, 1, 2, 4) && dwT_get(p, 15) == 218);
  drop(c, p);
  drop(c, A4);
  Tensor *v3 = MK1(c, DT_F32, 3, (1, 0, -1));
  p = op2(c, OP_MATMUL, A, v3); /* [2,2,3] @ [3] -> [2,2] */
  CHECK(SHAPE_IS(p, 2, 2, 2) && VALS_EQ(p, -2, -2, -2, -2));
  drop(c, p);
  Tensor *m23 = reshape(r, ATTR(2, 6));
  Tensor *v2 = MK1(c, DT_F32, 2, (1, 1));
  p = op2(c, OP_MATMUL, v2, m23); /* [2] @ [2,6] -> [6] */
  CHECK(SHAPE_IS(p, 1, 6) && VALS_EQ(p, 6, 8, 10, 12, 14, 16));
  drop(c, p);
  p = op2(c, OP_MATMUL, v3, v3); /* dot -> 0-d */
  CHECK(p && p->ndim == 0 && VALS_EQ(p, 2));
  drop(c, p);

  /* errors */
  Tensor *m24 = dwT_new(c, DT_F32, 2, SHAPE(4, 5));
  Tensor *m2x3 = reshape(r, ATTR(2, 6));
  Tensor *m23b = dwT_new(c, DT_F32, 2, SHAPE(2, 3));
  EXPECT_ERR(op2(c, OP_MATMUL, m23b, m24), EXC_RuntimeError,
             "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  /* >= 3-d @ <= 2-d folds the batch into rows, as PyTorch's matmul */
  EXPECT_ERR(op2(c, OP_MATMUL, A, m24), EXC_RuntimeError,
             "mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)");
  Tensor *b245 = dwT_new(c, DT_F32, 3, SHAPE(2, 4, 5));
  EXPECT_ERR(op2(c, OP_MATMUL, A, b245), EXC_RuntimeError,
             "Expected size for first two dimensions of batch2 tensor to be: "
             "[2, 3] but got: [2, 4].");
  drop(c, b245);
  Tensor *v4 = dwT_new(c, DT_F32, 1, SHAPE(4));
  EXPECT_ERR(op2(c, OP_MATMUL, v3, v4), EXC_RuntimeError,
             "inconsistent tensor size, expected tensor [3] and src [4] to have "
             "the same number of elements, but got 3 and 4 elements "
             "respectively");
  EXPECT_ERR(op2(c, OP_MATMUL, m23b, v4), EXC_RuntimeError,
             "size mismatch, got input (2), mat (2x3), vec (4)");
  Tensor *s = dwT_scalar(c, DT_F32, 1, false);
  EXPECT_ERR(op2(c, OP_MATMUL, s, m23b), EXC_RuntimeError,
             "both arguments to matmul need to be at least 1D, but they are 0D "
             "and 2D");
  Tensor *il = MK(c, DT_I64, 2, (2, 2), (1, 2, 3, 4));
  EXPECT_ERR(op2(c, OP_MATMUL, il, m23b), EXC_RuntimeError,
             "expected m1 and m2 to have the same dtype, but got: long int != "
             "float");
  p = op2(c, OP_MATMUL, il, il);
  CHECK(p && p->dtype == DT_I64 && VALS_EQ(p, 7, 10, 15, 22));
  drop(c, p);
  Tensor *k0a = dwT_new(c, DT_F32, 2, SHAPE(2, 0)), *k0b = dwT_new(c, DT_F32, 2, SHAPE(0, 3));
  p = op2(c, OP_MATMUL, k0a, k0b);
  CHECK(SHAPE_IS(p, 2, 2, 3) && VALS_EQ(p, 0, 0, 0, 0, 0, 0));
  drop(c, p);
  drop(c, k0a);
  drop(c, k0b);
  drop(c, il);
  drop(c, s);
  drop(c, v4);
  drop(c, m23b);
  drop(c, m2x3);
  drop(c, m24);
  drop(c, v2);
  drop(c, m23);
  drop(c, v3);
  drop(c, B3);
  drop(c, A);
  drop(c, B);
  drop(c, r);
}

static void test_cat_create(void) {
  Tensor *a = MK(c, DT_F32, 2, (2, 2), (1, 2, 3, 4));
  Tensor *b = MK(c, DT_I64, 2, (2, 1), (5, 6));
  Tensor *in[2] = {a, b}, *t;
  OpAttrs d1 = ATTR(1), d0 = ATTR(0);
  t = dwT_op(c, OP_CAT, 2, in, &d1);
  CHECK(SHAPE_IS(t, 2, 2, 3) && t->dtype == DT_F32 && VALS_EQ(t, 1, 2, 5, 3, 4, 6));
  drop(c, t);
  EXPECT_ERR(dwT_op(c, OP_CAT, 2, in, &d0), EXC_RuntimeError,
             "Sizes of tensors must match except in dimension 0. Expected size "
             "2 but got size 1 for tensor number 1 in the list.");
  Tensor *c3 = dwT_new(c, DT_F32, 2, SHAPE(3, 2));
  Tensor *in2[2] = {a, c3};
  EXPECT_ERR(dwT_op(c, OP_CAT, 2, in2, &d1), EXC_RuntimeError,
             "Sizes of tensors must match except in dimension 1. Expected size "
             "2 but got size 3 for tensor number 1 in the list.");
  Tensor *v = MK1(c, DT_F32, 2, (7, 8));
  Tensor *in3[2] = {a, v};
  EXPECT_ERR(dwT_op(c, OP_CAT, 2, in3, &d0), EXC_RuntimeError,
             "Tensors must have same number of dimensions: got 2 and 1");
  Tensor *e = dwT_new(c, DT_F32, 1, SHAPE(0));
  Tensor *in4[3] = {e, a, e}; /* legacy empty 1-d tensors are skipped */
  t = dwT_op(c, OP_CAT, 3, in4, &d0);
  CHECK(SHAPE_IS(t, 2, 2, 2) && VALS_EQ(t, 1, 2, 3, 4));
  drop(c, t);
  Tensor *s = dwT_scalar(c, DT_F32, 1, false);
  Tensor *in5[2] = {a, s};
  EXPECT_ERR(dwT_op(c, OP_CAT, 2, in5, &d0), EXC_RuntimeError,
             "zero-dimensional tensor (at position 1) cannot be concatenated");
  EXPECT_ERR(dwT_op(c, OP_CAT, 0, NULL, &d0), EXC_RuntimeError,
             "torch.cat(): expected a non-empty list of Tensors");
  OpAttrs d5 = ATTR(5);
  EXPECT_ERR(dwT_op(c, OP_CAT, 2, in, &d5), EXC_IndexError,
             "Dimension out of range (expected to be in range of [-2, 1], but "
             "got 5)");
  /* many inputs (more than the dispatcher's stack array) */
  Tensor *many[9];
  for (int k = 0; k < 9; k++) many[k] = v;
  t = dwT_op(c, OP_CAT, 9, many, &d0);
  CHECK(SHAPE_IS(t, 1, 18) && dwT_get(t, 17) == 8);
  drop(c, t);
  drop(c, s);
  drop(c, e);
  drop(c, v);
  drop(c, c3);

  /* full, arange */
  OpAttrs f = ATTR(2, 2);
  f.f[0] = 2.9;
  f.dtype = DT_I32;
  t = dwT_op(c, OP_FULL, 0, NULL, &f);
  CHECK(t && t->dtype == DT_I32 && VALS_EQ(t, 2, 2, 2, 2));
  drop(c, t);
  int64_t n = 0;
  CHECK(dwT_arange_len(c, 0, 1, 0.1, &n) && n == 10);
  CHECK(dwT_arange_len(c, 1, 2.5, 0.5, &n) && n == 3);
  CHECK(dwT_arange_len(c, 5, 0, -2, &n) && n == 3);
  CHECK(dwT_arange_len(c, 0, 0, 1, &n) && n == 0);
  CHECK(!dwT_arange_len(c, 0, 1, 0, &n));
  CHECK_STR(C.errmsg, "step must be nonzero");
  CHECK(!dwT_arange_len(c, 0, 5, -1, &n));
  CHECK_STR(C.errmsg, "upper bound and larger bound inconsistent with step sign");
  C.errmsg[0] = 0;
  OpAttrs ar = {.i = {3}, .ni = 0, .f = {1, 0.1}, .dtype = DT_F32};
  t = dwT_op(c, OP_ARANGE, 0, NULL, &ar);
  CHECK(t && VALS_EQ(t, 1, (float)1.1, (float)1.2));
  drop(c, t);
  drop(c, a);
  drop(c, b);
}

/* OP_GATHER: values, the bounds rule and message of each GatherKind, and
 * its shape checks; the new unary ops. */
static void test_gather_rounding(void) {
  Tensor *x = MK(c, DT_F32, 2, (3, 4), (0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23));
  Tensor *ix = MK(c, DT_I64, 2, (3, 2), (3, 0, 1, 1, 0, 2));
  Tensor *in[2] = {x, ix};
  OpAttrs at = {.i = {1}, .ni = 1, .flag = GK_GATHER};
  Tensor *g = dwT_op(c, OP_GATHER, 2, in, &at);
  CHECK(g && g->ndim == 2 && g->shape[0] == 3 && g->shape[1] == 2 && g->dtype == DT_F32);
  CHECK(VALS_EQ(g, 3, 0, 11, 11, 20, 22));
  drop(c, g);
  Tensor *bad = MK(c, DT_I64, 2, (1, 1), (-1));
  in[1] = bad;
  EXPECT_ERR(dwT_op(c, OP_GATHER, 2, in, &at), EXC_RuntimeError,
             "index -1 is out of bounds for dimension 1 with size 4");
  at.flag = GK_INDEX; /* x[index]: negative wraps */
  g = dwT_op(c, OP_GATHER, 2, in, &at);
  CHECK(g && VALS_EQ(g, 3));
  drop(c, g);
  at.flag = GK_INDEX_SELECT;
  EXPECT_ERR(dwT_op(c, OP_GATHER, 2, in, &at), EXC_IndexError, "index out of range in self");
  at.flag = GK_ONE_HOT;
  EXPECT_ERR(dwT_op(c, OP_GATHER, 2, in, &at), EXC_RuntimeError, "Class values must be non-negative.");
  at.flag = GK_TARGET;
  EXPECT_ERR(dwT_op(c, OP_GATHER, 2, in, &at), EXC_IndexError, "Target -1 is out of bounds.");
  drop(c, bad);
  Tensor *big = MK(c, DT_I64, 2, (1, 5), (0, 0, 0, 0, 0));
  in[1] = big;
  at.flag = GK_GATHER;
  at.i[0] = 0;
  EXPECT_ERR(dwT_op(c, OP_GATHER, 2, in, &at), EXC_RuntimeError,
             "Size does not match at dimension 1 expected index [1, 5] to be smaller than self "
             "[3, 4] apart from dimension 0");
  drop(c, big);
  Tensor *i32 = MK(c, DT_I32, 2, (1, 1), (0));
  in[1] = i32;
  EXPECT_ERR(dwT_op(c, OP_GATHER, 2, in, &at), EXC_RuntimeError, "gather(): Expected dtype int64 for index");
  drop(c, i32);
  drop(c, ix);
  drop(c, x);
  /* floor / ceil / round (half to even) / tan / erf */
  Tensor *f = MK1(c, DT_F32, 5, (-1.5, -0.5, 0.5, 2.5, 2.7));
  Tensor *r = op1(c, OP_FLOOR, f, NULL);
  CHECK(VALS_EQ(r, -2, -1, 0, 2, 2));
  drop(c, r);
  r = op1(c, OP_CEIL, f, NULL);
  CHECK(VALS_EQ(r, -1, -0.0, 1, 3, 3) && signbit(dwT_get(r, 1)));
  drop(c, r);
  r = op1(c, OP_ROUND, f, NULL);
  CHECK(VALS_EQ(r, -2, -0.0, 0, 2, 3));
  drop(c, r);
  r = op1(c, OP_TAN, f, NULL);
  CHECK(r && fabs(dwT_get(r, 4) - tan(2.7)) < 1e-6 && r->dtype == DT_F32);
  drop(c, r);
  drop(c, f);
  Tensor *iv = MK1(c, DT_I64, 2, (3, -4));
  r = op1(c, OP_FLOOR, iv, NULL);
  CHECK(r && r->dtype == DT_I64 && VALS_EQ(r, 3, -4));
  drop(c, r);
  r = op1(c, OP_ERF, iv, NULL);
  CHECK(r && r->dtype == DT_F32 && fabs(dwT_get(r, 0) - erf(3.0)) < 1e-6);
  drop(c, r);
  drop(c, iv);
  Tensor *bv = MK1(c, DT_BOOL, 1, (1));
  EXPECT_ERR(op1(c, OP_ROUND, bv, NULL), EXC_RuntimeError, "\"round_vml_cpu\" not implemented for 'Bool'");
  drop(c, bv);
}

static void test_rand(void) {
  dwT_seed(c, 42);
  Tensor *a = dwT_rand(c, 2, SHAPE(100, 10), false);
  dwT_seed(c, 42);
  Tensor *b = dwT_rand(c, 2, SHAPE(100, 10), false);
  Tensor *d = dwT_rand(c, 2, SHAPE(100, 10), false);
  bool same = true, differs = false, in_range = true;
  double mean = 0;
  for (int i = 0; i < 1000; i++) {
    double x = dwT_get(a, i);
    same &= x == dwT_get(b, i);
    differs |= x != dwT_get(d, i);
    in_range &= x >= 0 && x < 1;
    mean += x / 1000;
  }
  CHECK(same && differs && in_range && fabs(mean - 0.5) < 0.05);
  Tensor *n = dwT_rand(c, 1, SHAPE(10001), true);
  double m = 0, v = 0;
  for (int i = 0; i < 10001; i++) m += dwT_get(n, i) / 10001;
  for (int i = 0; i < 10001; i++) v += pow(dwT_get(n, i) - m, 2) / 10001;
  CHECK(fabs(m) < 0.05 && fabs(v - 1) < 0.05);
  drop(c, n);
  drop(c, a);
  drop(c, b);
  drop(c, d);

  /* the generator is std::mt19937: the standard's check ([rand.predef]):
   * the 10000th draw after the default seed 5489 is 4123659995 */
  Rng g = {0};
  dwRng_seed(&g, 5489);
  uint32_t w = 0;
  for (int i = 0; i < 10000; i++) w = dwRng_u32(&g);
  CHECK(w == 4123659995u);
  /* what PyTorch prints after torch.manual_seed(0): torch.rand(3), then
   * torch.randn(2, 3) (normal_distribution<double>, below 16 elements)
   * and torch.randn(4, 4) (normal_fill, 16 elements), to 4 decimals */
  dwT_seed(c, 0);
  Tensor *r = dwT_rand(c, 1, SHAPE(3), false);
  VALS_NEAR(r, 5e-5, 0.4963, 0.7682, 0.0885);
  dwT_seed(c, 0);
  Tensor *s = dwT_rand(c, 2, SHAPE(2, 3), true);
  VALS_NEAR(s, 5e-5, 1.5410, -0.2934, -2.1788, 0.5684, -1.0845, -1.3986);
  dwT_seed(c, 0);
  Tensor *q = dwT_rand(c, 2, SHAPE(4, 4), true);
  VALS_NEAR(q, 5e-5, -1.1258, -1.1524, -0.2506, -0.4339, 0.8487, 0.6920, -0.3160, -2.1152, 0.3223,
            -1.2633, 0.3500, 0.3081, 0.1198, 1.2377, 1.1168, -0.2473);
  /* a mark and a rewind give the same draws again, the cached Box-Muller
   * sample included (randn(3) leaves one) */
  RngMark m1;
  dwRng_mark(&c->rng, &m1);
  Tensor *e1 = dwT_rand(c, 1, SHAPE(3), true);
  Tensor *e2 = dwT_rand(c, 1, SHAPE(1000), false);
  dwRng_rewind(&c->rng, &m1);
  Tensor *f1 = dwT_rand(c, 1, SHAPE(3), true);
  Tensor *f2 = dwT_rand(c, 1, SHAPE(1000), false);
  bool again = true;
  for (int i = 0; i < 3; i++) again &= dwT_get(e1, i) == dwT_get(f1, i);
  for (int i = 0; i < 1000; i++) again &= dwT_get(e2, i) == dwT_get(f2, i);
  CHECK(again);
  Tensor *ts[] = {r, s, q, e1, e2, f1, f2};
  for (size_t i = 0; i < sizeof ts / sizeof *ts; i++) drop(c, ts[i]);
}

/* ------------------------------------------------------------------ */
/* dwmath.h vs libm                                                    */
/* ------------------------------------------------------------------ */

static double ulp_err(float got, double ref) {
  if (isnan(ref)) return isnan(got) ? 0 : 1e9;
  float rf = (float)ref;
  if (isinf(rf)) return got == rf ? 0 : 1e9;
  if (isnan(got) || isinf(got)) return 1e9;
  double u = fabs(ref) < 0x1p-126 ? 0x1p-149 : ldexp(1.0, ilogb(ref) - 23);
  return fabs((double)got - ref) / u;
}
static double gelu_ref(double x) { return x * 0.5 * (1 + erf(x / sqrt(2.0))); }
static double sigmoid_ref(double x) { return 1 / (1 + exp(-x)); }

typedef struct Sweep {
  const char *name;
  float (*f)(float);
  double (*ref)(double);
  double lo, hi, max_ulp;
} Sweep;

static void test_math(void) {
  Sweep sw[] = {
      {"exp", dw_expf, exp, -103, 88.7, 1.5},
      {"exp<=0", dw_expf_nonpos, exp, -104, 0, 1.5}, /* subnormal below -87.3 */
      {"expsm", dw_expf_sm, exp, -104, 0, 2.5}, /* softmax's: <= 2 ulp of the CR */
      {"log", dw_logf, log, 1e-38, 1e38, 1.0},
      {"log", dw_logf, log, 0.25, 4, 1.0},
      {"sin", dw_sinf, sin, -1e5, 1e5, 1.0},
      {"cos", dw_cosf, cos, -1e5, 1e5, 1.0},
      {"sin", dw_sinf, sin, -4, 4, 1.0},
      {"tanh", dw_tanhf, tanh, -12, 12, 2.0},
      {"erf", dw_erff, erf, -5, 5, 2.0},
      {"tan", dw_tanf, tan, -1.5, 1.5, 1.0},
      {"tan", dw_tanf, tan, -1e5, 1e5, 1.0},
      {"sigmoid", dw_sigmoidf, sigmoid_ref, -30, 30, 3.0},
      /* below -1, 1 + erf(x/sqrt 2) cancels: PyTorch's formula has the
       * same conditioning, so the check stops there */
      {"gelu", dw_geluf, gelu_ref, -1, 10, 3.0},
  };
  for (size_t k = 0; k < sizeof sw / sizeof sw[0]; k++) {
    double worst = 0, at = 0;
    const int N = 400000;
    for (int i = 0; i <= N; i++) {
      double xd = sw[k].lo + (sw[k].hi - sw[k].lo) * i / N;
      if (sw[k].f == dw_logf) xd = exp(log(sw[k].lo) + (log(sw[k].hi) - log(sw[k].lo)) * i / N);
      float x = (float)xd;
      double e = ulp_err(sw[k].f(x), sw[k].ref((double)x));
      if (e > worst) worst = e, at = x;
    }
    printf("dwmath %-8s [%g, %g]: max error %.3f ulp (at %g)\n", sw[k].name,
           sw[k].lo, sw[k].hi, worst, at);
    CHECK(worst <= sw[k].max_ulp);
  }
  /* sin/cos of large arguments (the exact reduction of dwm_rem_pio2_big):
   * log-uniform magnitudes 2^17 .. 2^128, both signs, every exponent, and
   * the float32 multiples of pi/2 closest to a zero of sin or cos. */
  {
    double wsin = 0, wcos = 0, asin_ = 0, acos_ = 0;
    uint64_t st = 12345;
    for (int i = 0; i < 2000000; i++) {
      st ^= st << 13;
      st ^= st >> 7;
      st ^= st << 17;
      int ex = 17 + (int)(st % 111);
      float x = (float)ldexp(1.0 + (double)((st >> 20) & 0xffffff) / 0x1p24, ex);
      if (isinf(x)) x = 0x1.fffffep127f;
      if (st & 1) x = -x;
      if (i < 4) x = i & 1 ? -0x1p20f : 0x1p20f;
      double es = ulp_err(dw_sinf(x), sin((double)x));
      double ec = ulp_err(dw_cosf(x), cos((double)x));
      if (es > wsin) wsin = es, asin_ = x;
      if (ec > wcos) wcos = ec, acos_ = x;
    }
    /* hard cases: n * pi/2 rounded to float32 for n up to 2^18 * ... */
    for (int k = 1; k < 200000; k++) {
      float x = (float)((double)k * 1.5707963267948966 * 0x1p9);
      double es = ulp_err(dw_sinf(x), sin((double)x));
      double ec = ulp_err(dw_cosf(x), cos((double)x));
      if (es > wsin) wsin = es, asin_ = x;
      if (ec > wcos) wcos = ec, acos_ = x;
    }
    printf("dwmath %-8s |x| in [2^17, 2^128]: max error %.3f ulp (at %g)\n",
           "sin", wsin, asin_);
    printf("dwmath %-8s |x| in [2^17, 2^128]: max error %.3f ulp (at %g)\n",
           "cos", wcos, acos_);
    CHECK(wsin <= 1.0 && wcos <= 1.0);
    /* the tensor kernels (4 lanes under SIMD: big lanes take the scalar
     * recipe) agree with dw_sinf / dw_cosf bit for bit, small and big
     * arguments mixed in each group of 4 */
    const int N = 1001;
    Tensor *xt = dwT_new(c, DT_F32, 1, SHAPE(N));
    float *xv = dwT_data(xt);
    for (int i = 0; i < N; i++)
      xv[i] = (float)(i % 3 == 0 ? ldexp(1.0 + i * 1e-3, 18 + i % 110) * (i % 2 ? -1 : 1)
                                 : sin(i * 1.3) * 30);
    xv[7] = INFINITY;
    xv[8] = NAN;
    for (int k = 0; k < 2; k++) {
      Tensor *yt = op1(c, k ? OP_COS : OP_SIN, xt, NULL);
      int bad = 0;
      for (int i = 0; yt && i < N; i++) {
        float want = k ? dw_cosf(xv[i]) : dw_sinf(xv[i]), got = f32_at(yt, i);
        if (!same_bits(got, want) && !(isnan(got) && isnan(want))) bad++;
      }
      CHECK(yt && bad == 0);
      drop(c, yt);
    }
    drop(c, xt);
    /* sin(1e15) (PyTorch 0.994), results within [-1, 1] at the top */
    CHECK(fabs(dw_sinf(1e15f) - sin((double)1e15f)) < 1e-6);
    CHECK(fabsf(dw_sinf(0x1.fffffep127f)) <= 1 && fabsf(dw_cosf(-7.77e16f)) <= 1);
  }
  double worst = 0;
  for (int i = 0; i < 200000; i++) {
    float x = (float)(i * 1e-4), y = (float)(sin(i * 0.7) * 12);
    double e = ulp_err(dw_powf(x, y), pow((double)x, (double)y));
    if (e > worst) worst = e;
  }
  printf("dwmath %-8s [0, 20]^[-12, 12]: max error %.3f ulp\n", "pow", worst);
  CHECK(worst <= 1.0);
  /* exp of an argument <= 0 with one scale factor (softmax's x - amax(x))
   * gives dw_expf's floats: every 61st float <= 0 (all exponents, -inf,
   * nan payloads), every float of [-104, -87] (subnormal results and the
   * clamp), and edges */
  {
    static const float edge[] = {-0.0f, 0.0f, -1e-45f, -0x1.62e43p+6f, -87.33654f, -103.97f,
                                 -103.972084f, -104, -104.5f, -131.8f, -1e30f, -INFINITY, NAN};
    int bad = 0;
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
      float g = dw_expf_nonpos(edge[i]), w = dw_expf(edge[i]);
      bad += !(dwm_fbits(g) == dwm_fbits(w) || (isnan(g) && isnan(w)));
    }
    for (uint64_t u = 0x80000000u; u <= 0xffffffffu; u += 61) {
      float x = dwm_bitsf((uint32_t)u), g = dw_expf_nonpos(x), w = dw_expf(x);
      bad += !(dwm_fbits(g) == dwm_fbits(w) || (isnan(g) && isnan(w)));
    }
    for (float x = -104.0f; x <= -87.0f; x = nextafterf(x, 0)) {
      float g = dw_expf_nonpos(x), w = dw_expf(x);
      bad += dwm_fbits(g) != dwm_fbits(w);
    }
    CHECK(bad == 0);
  }
  /* special values */
  CHECK(isinf(dw_expf(89)) && dw_expf(-104) == 0 && isnan(dw_expf(NAN)));
  CHECK(dw_expf(0) == 1 && dw_logf(1) == 0 && isinf(dw_logf(0)) && dw_logf(0) < 0);
  CHECK(isnan(dw_logf(-1)) && isinf(dw_logf(INFINITY)) && dw_logf(1e-45f) < -103);
  CHECK(isnan(dw_sinf(INFINITY)) && isnan(dw_cosf(NAN)) && dw_sinf(0) == 0 && dw_cosf(0) == 1);
  CHECK(dw_tanhf(20) == 1 && dw_tanhf(-20) == -1 && dw_erff(10) == 1 && dw_erff(-10) == -1);
  CHECK(dw_powf(-2, 3) == -8 && isnan(dw_powf(-2, 0.5f)) && dw_powf(NAN, 0) == 1);
  CHECK(dw_powf(0, -1) == INFINITY && dw_powf(-0.0f, -1) == -INFINITY && dw_powf(2, -INFINITY) == 0);
  CHECK(dw_powf(-1, INFINITY) == 1 && dw_powf(0.5f, INFINITY) == 0 && dw_powf(4, 0.5f) == 2);
#ifdef __wasm_simd128__
  /* the 4-lane exp (no selects: the clamp and the formula give inf, +0 and
   * nan) equals the scalar one everywhere, edges included */
  {
    static const float edge[] = {-INFINITY, -1e30f, -200, -104.5f, -104, -103.98f, -103.97f,
                                 -103.9f, -87.4f, -87.3f, -0.0f, 0.0f, 1e-30f, 88.37f,
                                 88.38f, 88.72f, 0x1.62e43p+6f, 88.73f, 88.8f, 88.81f,
                                 89, 1e30f, INFINITY, NAN};
    int bad = 0;
    size_t ne = sizeof edge / sizeof edge[0];
    for (int i = 0; i < 400000 + (int)ne; i++) {
      float x = i < (int)ne ? edge[i] : (float)(-110 + 200.0 * (i - (int)ne) / 400000);
      float g = wasm_f32x4_extract_lane(dw_expf4(wasm_f32x4_splat(x)), 0), w = dw_expf(x);
      if (!(g == w || (isnan(g) && isnan(w))) || signbit(g) != signbit(w)) bad++;
    }
    CHECK(bad == 0);
  }
  /* softmax's exp, 4 lanes: the scalar's floats on every 97th float <= 0
   * (all exponents, -inf, nan payloads) and every float of [-104, -87];
   * its unscaled form (softmax's e^x * 2^63) likewise */
  {
    int bad = 0;
    for (uint64_t u = 0x80000000u; u <= 0xffffffffu; u += 97) {
      float x = dwm_bitsf((uint32_t)u);
      float g = wasm_f32x4_extract_lane(dw_expf_sm4(wasm_f32x4_splat(x)), 0), w = dw_expf_sm(x);
      bad += !(dwm_fbits(g) == dwm_fbits(w) || (isnan(g) && isnan(w)));
      g = wasm_f32x4_extract_lane(dw_expf_smu4(wasm_f32x4_splat(x)), 0), w = dw_expf_smu(x);
      bad += !(dwm_fbits(g) == dwm_fbits(w) || (isnan(g) && isnan(w)));
    }
    for (float x = -104.0f; x <= -87.0f; x = nextafterf(x, 0)) {
      float g = wasm_f32x4_extract_lane(dw_expf_sm4(wasm_f32x4_splat(x)), 0), w = dw_expf_sm(x);
      bad += dwm_fbits(g) != dwm_fbits(w);
      g = wasm_f32x4_extract_lane(dw_expf_smu4(wasm_f32x4_splat(x)), 0), w = dw_expf_smu(x);
      bad += dwm_fbits(g) != dwm_fbits(w);
    }
    CHECK(bad == 0);
  }
#endif
}

int main(void) {
  test_construction();
  test_full_fill();
  test_dtype_tables();
  test_promotion();
  test_binary();
  test_wide_pointwise();
  test_unary();
  test_reduce();
  test_sum_accuracy();
  test_views();
  test_matmul();
  test_cat_create();
  test_gather_rounding();
  test_rand();
  test_math();
  CHECK(C.errmsg[0] == 0 || printf("unexpected error: %s\n", C.errmsg));
  dwV_free_all(c);
  CHECK(C.tensor_bytes == 0);
  return finish("test_tensor");
}
