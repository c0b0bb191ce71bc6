/* tensor_testutil.h - tiny helpers shared by the tensor unit tests. */
#ifndef DW_TENSOR_TESTUTIL_H
#define DW_TENSOR_TESTUTIL_H

#include "../../src/dw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_checks, g_fails;

#define CHECK(cond)                                                          \
  do {                                                                       \
    g_checks++;                                                              \
    if (!(cond)) {                                                           \
      g_fails++;                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,       \
              #cond);                                                        \
    }                                                                        \
  } while (0)

#define CHECK_STR(got, want)                                                 \
  do {                                                                       \
    const char *g_ = (got), *w_ = (want);                                    \
    g_checks++;                                                              \
    if (!g_ || strcmp(g_, w_) != 0) {                                        \
      g_fails++;                                                             \
      fprintf(stderr, "%s:%d: got\n%s\nwant\n%s\n", __FILE__, __LINE__,      \
              g_ ? g_ : "(null)", w_);                                       \
    }                                                                        \
  } while (0)

/* A tensor of dtype dt and shape from a list of doubles (row-major). */
static Tensor *mk(Ctx *c, DType dt, int ndim, const int64_t *shape,
                  const double *v) {
  Tensor *t = dwT_new(c, dt, ndim, shape);
  if (!t) return NULL;
  int64_t n = dwT_numel(t);
  for (int64_t i = 0; i < n; i++) dwT_set(c, t, i, v[i]);
  return t;
}
#define SHAPE(...) ((const int64_t[]){__VA_ARGS__})
#define VALS(...) ((const double[]){__VA_ARGS__})
#define MK(c, dt, nd, shape, vals) mk(c, dt, nd, SHAPE shape, VALS vals)
#define MK1(c, dt, n, vals) mk(c, dt, 1, SHAPE(n), VALS vals)

/* repr into a static buffer (valid until the next call). */
__attribute__((unused)) static const char *repr(const Tensor *t) {
  static char *last;
  free(last);
  Buf b = {0};
  if (!t) return "(null tensor)";
  dwT_repr(&b, t);
  last = dwB_take(&b);
  return last ? last : "";
}

/* One-input / two-input op helpers (NULL on error). */
__attribute__((unused)) static Tensor *op1(Ctx *c, Op op, Tensor *x, const OpAttrs *a) {
  return dwT_op(c, op, 1, &x, a);
}
__attribute__((unused)) static Tensor *op2(Ctx *c, Op op, Tensor *x, Tensor *y) {
  Tensor *in[2] = {x, y};
  return dwT_op(c, op, 2, in, NULL);
}
static void drop(Ctx *c, Tensor *t) {
  if (t) dwV_decref_o(c, &t->h);
}

static int finish(const char *name) {
  printf("%s: %d checks, %d failures\n", name, g_checks, g_fails);
  return g_fails != 0 || g_checks == 0;
}

#endif
