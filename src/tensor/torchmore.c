/* torchmore.c - more common tensor ops, as torch functions and Tensor
 * methods: torch.set_printoptions, isnan/isinf/isfinite/isposinf/
 * isneginf, sign/sgn, log1p/expm1, the norms (Tensor.norm, torch.norm,
 * torch.linalg.norm/vector_norm/matrix_norm), new_zeros/new_ones/
 * new_full/new_empty/new_tensor, unbind, outer, diag, diagonal, trace,
 * meshgrid, and the data-dependent unique/bincount (eager; a graph break
 * when compiled) and histc. Composites decompose into ops.def primitives
 * (eager and compiled code share the arithmetic), as in torchops.c.
 * Tables are registered by dwL_torch_init (torch.linalg by dwDv_init). */
#include "tensor/tensor_impl.h"
#include "tensor/torchlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static Tensor *targ(Interp *I, Value v, const char *fn, const char *arg) {
  return as_tensor_arg(I, v, fn, arg) ? TEN(v) : NULL;
}

static Value finish(Interp *I, Tmp *T, Tensor *r) {
  Value out = r ? ttake(T, r) : dwV_null();
  tmp_free(I, T);
  return out;
}

/* x op s, s a Python number wrapped as PyTorch wraps it */
static Tensor *scal(Interp *I, Tmp *T, Op o, Tensor *x, double s) {
  Tensor *w = tscalar(
      I, T,
      dwT_is_float(x->dtype) || isinf(s) || s != floor(s) ? DT_F64 : DT_I64, s);
  return w ? tc_op2(I, T, o, x, w) : NULL;
}

static Tensor *reduce_t(Interp *I, Tmp *T, Op o, Tensor *x, const int64_t *dims,
                        int nd, bool keep) {
  return tpush(I, T, reduce(I, o, x, dims, nd, keep));
}

static Tensor *where_t(Interp *I, Tmp *T, Tensor *c, Tensor *x, Tensor *y) {
  Tensor *in[3] = {c, x, y};
  return tpush(I, T, op(I, OP_WHERE, 3, in, NULL));
}

static Tensor *cast_t(Interp *I, Tmp *T, Tensor *x, int dt) {
  return tpush(I, T, cast_to(I, x, dt));
}

static bool none(Value v) {
  return v.t == V_NULL || v.t == V_NONE;
}

static Value tuple_of(Interp *I, Value *items, int n) {
  Tuple *t = dwV_tuple(&I->c, n);
  if (!t) {
    for (int k = 0; k < n; k++)
      drop(I, items[k]);
    return dwI_raise_ctx(I);
  }
  for (int k = 0; k < n; k++)
    t->items[k] = items[k];
  return dwV_obj(&t->h);
}

/* ------------------------------------------------------------------ */
/* torch.set_printoptions (torch/_tensor_str.py)                       */
/* ------------------------------------------------------------------ */

void dwTm_print_reset(void) {
  DwPrintOpts *o = dwT_print_opts();
  *o = (DwPrintOpts){4, 1000, 3, 80, -1};
}

static bool opt_int(Interp *I, Value v, const char *what, int *out) {
  if (none(v)) return true;
  int64_t n;
  if (!dwL_int(I, v, what, &n)) return false;
  if (n < 0 || n > 1000000) {
    dwI_raise(I, EXC_ValueError, "%s must be between 0 and 1000000 in dynawasm",
              what);
    return false;
  }
  *out = (int)n;
  return true;
}

BI(tm_set_printoptions) {
  Value v[6];
  (void)def;
  if (!dwL_bind(I, "set_printoptions", self, a,
                "precision,threshold,edgeitems,linewidth,profile,sci_mode", v,
                6))
    return dwV_null();
  DwPrintOpts o = *dwT_print_opts();
  if (!none(v[4])) {
    const char *p = v[4].t == V_STR ? STR(v[4])->s : "";
    /* set_printoptions ignores another profile name */
    if (!strcmp(p, "default"))
      o = (DwPrintOpts){4, 1000, 3, 80, o.sci_mode};
    else if (!strcmp(p, "short"))
      o = (DwPrintOpts){2, 1000, 2, 80, o.sci_mode};
    else if (!strcmp(p, "full"))
      o = (DwPrintOpts){4, INFINITY, 3, 80, o.sci_mode};
  }
  if (!opt_int(I, v[0], "precision", &o.precision) ||
      !opt_int(I, v[2], "edgeitems", &o.edgeitems) ||
      !opt_int(I, v[3], "linewidth", &o.linewidth))
    return dwV_null();
  if (!none(v[1]) && !dwL_float(I, v[1], "threshold", &o.threshold))
    return dwV_null();
  /* PRINT_OPTS.sci_mode = sci_mode, whatever else is given */
  bool sci = false;
  if (!none(v[5]) && !dwOb_truth(I, v[5], &sci)) return dwV_null();
  o.sci_mode = none(v[5]) ? -1 : sci;
  *dwT_print_opts() = o;
  return dwV_none();
}

/* ------------------------------------------------------------------ */
/* Pointwise: isnan..., sign, log1p, expm1                             */
/* ------------------------------------------------------------------ */

enum {
  U_ISNAN,
  U_ISINF,
  U_ISFINITE,
  U_ISPOSINF,
  U_ISNEGINF,
  U_SIGN,
  U_SGN,
  U_LOG1P,
  U_EXPM1
};
static const char *const unames[] = {"isnan",    "isinf",    "isfinite",
                                     "isposinf", "isneginf", "sign",
                                     "sgn",      "log1p",    "expm1"};
#define U_INPLACE 0x100

/* log1p(x) = log(u) * x / (u - 1), u = 1 + x (Goldberg): as accurate as
 * log for tiny x, where log(1 + x) loses the digits of x; x itself when
 * u - 1 is 0 or inf. expm1(x) = (u - 1) * x / log(u), u = exp(x) (Kahan):
 * x when u is 1, -1 when u - 1 is, u when u is inf. */
static Tensor *log1p_expm1(Interp *I, Tmp *T, Tensor *x, bool expm1) {
  Tensor *one = tscalar(I, T, DT_F64, 1);
  Tensor *u = one ? (expm1 ? tc_op1(I, T, OP_EXP, x, NULL)
                           : tc_op2(I, T, OP_ADD, x, one))
                  : NULL;
  Tensor *d = u ? tc_op2(I, T, OP_SUB, u, one) : NULL;
  Tensor *lg = d ? tc_op1(I, T, OP_LOG, u, NULL) : NULL;
  Tensor *r;
  if (!expm1) {
    Tensor *q = lg ? tc_op2(I, T, OP_DIV, x, d) : NULL;
    r = q ? tc_op2(I, T, OP_MUL, lg, q) : NULL;
    Tensor *z = r ? scal(I, T, OP_EQ, d, 0) : NULL;
    Tensor *inf = z ? scal(I, T, OP_EQ, d, INFINITY) : NULL;
    Tensor *c = inf ? tc_op2(I, T, OP_OR, z, inf) : NULL;
    return c ? where_t(I, T, c, x, r) : NULL;
  }
  Tensor *q = lg ? tc_op2(I, T, OP_DIV, x, lg) : NULL;
  r = q ? tc_op2(I, T, OP_MUL, d, q) : NULL;
  Tensor *c1 = r ? scal(I, T, OP_EQ, u, 1) : NULL;
  Tensor *r1 = c1 ? where_t(I, T, c1, x, r) : NULL;
  Tensor *c2 = r1 ? scal(I, T, OP_EQ, d, -1) : NULL;
  Tensor *m1 = c2 ? tscalar(I, T, DT_F64, -1) : NULL;
  Tensor *r2 = m1 ? where_t(I, T, c2, m1, r1) : NULL;
  Tensor *c3 = r2 ? scal(I, T, OP_EQ, u, INFINITY) : NULL;
  return c3 ? where_t(I, T, c3, u, r2) : NULL;
}

/* log1p(x) of a float x, for the composites of other files (BCE losses) */
Value dwTm_log1p(Interp *I, Tensor *x) {
  Tmp T = {0};
  return finish(I, &T, log1p_expm1(I, &T, x, false));
}

BI(tm_unary) {
  int kind = (int)(def->data & 0xff);
  bool inplace = def->data & U_INPLACE;
  const char *n = unames[kind];
  char nm[24];
  snprintf(nm, sizeof nm, "%s%s", n, inplace ? "_" : "");
  Value v[1];
  if (!dwL_bind(I, nm, self, a, "input", v, 1)) return dwV_null();
  Tensor *x = targ(I, v[0], nm, "input");
  if (!x) return dwV_null();
  bool fl = dwT_is_float(x->dtype);
  Tmp T = {0};
  Tensor *r = NULL, *ax = NULL;
  switch (kind) {
  case U_ISNAN:
    r = tc_op2(I, &T, OP_NE, x, x);
    break;
  case U_ISINF:
    ax = fl ? tc_op1(I, &T, OP_ABS, x, NULL) : NULL;
    r = fl ? (ax ? scal(I, &T, OP_EQ, ax, INFINITY) : NULL)
           : tc_op2(I, &T, OP_NE, x, x);
    break;
  case U_ISPOSINF:
  case U_ISNEGINF:
    r = fl ? scal(I, &T, OP_EQ, x, kind == U_ISPOSINF ? INFINITY : -INFINITY)
           : tc_op2(I, &T, OP_NE, x, x);
    break;
  case U_ISFINITE: {
    Tensor *e = tc_op2(I, &T, OP_EQ, x, x);
    if (!fl || !e) {
      r = e;
      break;
    }
    ax = tc_op1(I, &T, OP_ABS, x, NULL);
    Tensor *fin = ax ? scal(I, &T, OP_NE, ax, INFINITY) : NULL;
    r = fin ? tc_op2(I, &T, OP_AND, e, fin) : NULL;
    break;
  }
  case U_SIGN:
  case U_SGN: {
    if (x->dtype == DT_BOOL) {
      r = tc_op1(I, &T, OP_CLONE, x, NULL);
      break;
    }
    /* (0 < x) - (x < 0): nan gives 0, as PyTorch's vectorised kernel */
    Tensor *p = scal(I, &T, OP_GT, x, 0),
           *m = p ? scal(I, &T, OP_LT, x, 0) : NULL;
    Tensor *pf = m ? cast_t(I, &T, p, x->dtype) : NULL,
           *mf = pf ? cast_t(I, &T, m, x->dtype) : NULL;
    r = mf ? tc_op2(I, &T, OP_SUB, pf, mf) : NULL;
    break;
  }
  case U_LOG1P:
  case U_EXPM1: {
    Tensor *xf = fl ? x : cast_t(I, &T, x, DT_F32);
    r = xf ? log1p_expm1(I, &T, xf, kind == U_EXPM1) : NULL;
    break;
  }
  }
  if (inplace && r && r->dtype != x->dtype) {
    tmp_free(I, &T);
    return dwI_raise(
        I, EXC_RuntimeError,
        "result type Float can't be cast to the desired output type %s",
        dwT_scalar_name((DType)x->dtype));
  }
  Value out = finish(I, &T, r);
  return inplace && out.t != V_NULL ? dwL_assign_inplace(I, x, out) : out;
}

/* ------------------------------------------------------------------ */
/* Norms                                                               */
/* ------------------------------------------------------------------ */

/* ||x||_p over dims (nd == 0: every element), as linalg.vector_norm */
static Tensor *vnorm(Interp *I, Tmp *T, Tensor *x, double p,
                     const int64_t *dims, int nd, bool keep) {
  /* a negative or infinite order has no value over no elements */
  bool empty = nd == 0 && dwT_numel(x) == 0;
  for (int k = 0; k < nd; k++)
    empty = empty || x->shape[norm_dim(dims[k], x->ndim)] == 0;
  if (empty && (p < 0 || isinf(p))) {
    dwI_raise(I, EXC_RuntimeError,
              "linalg.vector_norm cannot compute the %g norm on an empty "
              "tensor because the operation does not have an identity",
              p);
    return NULL;
  }
  if (p == 2) {
    Tensor *sq = tc_op2(I, T, OP_MUL, x, x);
    Tensor *s = sq ? reduce_t(I, T, OP_SUM, sq, dims, nd, keep) : NULL;
    return s ? tc_op1(I, T, OP_SQRT, s, NULL) : NULL;
  }
  if (p == 0) {
    Tensor *nz = scal(I, T, OP_NE, x, 0);
    Tensor *f = nz ? cast_t(I, T, nz, x->dtype) : NULL;
    return f ? reduce_t(I, T, OP_SUM, f, dims, nd, keep) : NULL;
  }
  Tensor *ax = tc_op1(I, T, OP_ABS, x, NULL);
  if (!ax) return NULL;
  if (p == 1) return reduce_t(I, T, OP_SUM, ax, dims, nd, keep);
  if (isinf(p))
    return reduce_t(I, T, p > 0 ? OP_AMAX : OP_AMIN, ax, dims, nd, keep);
  Tensor *pw = scal(I, T, OP_POW, ax, p);
  Tensor *s = pw ? reduce_t(I, T, OP_SUM, pw, dims, nd, keep) : NULL;
  return s ? scal(I, T, OP_POW, s, 1.0 / p) : NULL;
}

/* The order argument: a number, inf, or a string ('fro', 'nuc'); *s set
 * for a string. */
static bool ord_arg(Interp *I, Value v, double dflt, double *p,
                    const char **s) {
  *s = NULL;
  if (none(v)) {
    *p = dflt;
    return true;
  }
  if (v.t == V_STR) {
    *s = STR(v)->s;
    return true;
  }
  return dwL_float(I, v, "ord", p);
}

/* A float input (or the dtype= it is converted to) for the norms */
static Tensor *norm_input(Interp *I, Tmp *T, Tensor *x, Value dtv,
                          const char *fn) {
  int dt = -1;
  if (!get_dtype(I, dtv, &dt)) return NULL;
  if (!dwT_is_float(x->dtype)) {
    dwI_raise(
        I, EXC_RuntimeError,
        "%s: Expected a floating point or complex tensor as input. Got %s", fn,
        dwT_scalar_name((DType)x->dtype));
    return NULL;
  }
  if (dt >= 0 && !dwT_is_float(dt)) {
    dwI_raise(I, EXC_RuntimeError,
              "%s: dtype should be floating point or complex. Got %s", fn,
              dwT_scalar_name((DType)dt));
    return NULL;
  }
  return dt >= 0 ? cast_t(I, T, x, dt) : x;
}

/* dims of a norm: checked, duplicates refused */
static bool norm_dims(Interp *I, Value v, Tensor *x, OpAttrs *at) {
  if (!dims_from(I, v, at)) return false;
  for (int k = 0; k < at->ni; k++) {
    if (!check_dim(I, at->i[k], x->ndim)) return false;
    for (int j = 0; j < k; j++)
      if (norm_dim(at->i[j], x->ndim) == norm_dim(at->i[k], x->ndim)) {
        dwI_raise(I, EXC_RuntimeError,
                  "dim %lld appears multiple times in the list of dims",
                  (long long)norm_dim(at->i[k], x->ndim));
        return false;
      }
  }
  return true;
}

/* matrix_norm of x over dims d0, d1 (normalised, distinct) */
static Tensor *mnorm(Interp *I, Tmp *T, Tensor *x, double p, const char *s,
                     int64_t d0, int64_t d1, bool keep) {
  if (s && !strcmp(s, "fro")) {
    int64_t d[2] = {d0, d1};
    return vnorm(I, T, x, 2, d, 2, keep);
  }
  if (s || (p != 1 && p != -1 && !isinf(p))) {
    if (s && strcmp(s, "nuc")) {
      dwI_raise(I, EXC_RuntimeError,
                "linalg.matrix_norm: Order %s not supported.", s);
      return NULL;
    }
    if (!s && p != 2 && p != -2) {
      dwI_raise(I, EXC_RuntimeError,
                "linalg.matrix_norm: Order %g not supported.", p);
      return NULL;
    }
    dwI_raise(I, EXC_NotImplementedError,
              "linalg.matrix_norm: ord=%s needs singular values "
              "(torch.linalg.svdvals), which dynawasm does not have",
              s       ? "'nuc'"
              : p > 0 ? "2"
                      : "-2");
    return NULL;
  }
  /* ord 1: max over columns of the column sums (the sum over d0); inf:
   * max over rows of the row sums (over d1); negative: min */
  int64_t sd = isinf(p) ? d1 : d0, md = isinf(p) ? d0 : d1;
  Tensor *ax = tc_op1(I, T, OP_ABS, x, NULL);
  Tensor *sm = ax ? reduce_t(I, T, OP_SUM, ax, &sd, 1, true) : NULL;
  Tensor *r =
      sm ? reduce_t(I, T, p > 0 ? OP_AMAX : OP_AMIN, sm, &md, 1, true) : NULL;
  if (!r || keep) return r;
  int64_t shape[DW_MAXDIM];
  int nd = 0;
  for (int k = 0; k < x->ndim; k++)
    if (k != d0 && k != d1) shape[nd++] = x->shape[k];
  return tc_reshape(I, T, r, shape, nd);
}

/* linalg.vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) */
BI(tm_vector_norm) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "linalg_vector_norm", self, a, "x,ord,dim,keepdim,dtype", v,
                5))
    return dwV_null();
  Tensor *x0 = targ(I, v[0], "linalg_vector_norm", "input");
  double p;
  const char *s;
  bool keep;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (!x0 || !ord_arg(I, v[1], 2, &p, &s) || !truthy(I, v[3], false, &keep) ||
      !norm_dims(I, v[2], x0, &at))
    return dwV_null();
  if (s)
    return dwI_raise(
        I, EXC_TypeError,
        "linalg_vector_norm(): argument 'ord' must be Number, not str");
  Tmp T = {0};
  Tensor *x = norm_input(I, &T, x0, v[4], "linalg.vector_norm");
  return finish(I, &T, x ? vnorm(I, &T, x, p, at.i, at.ni, keep) : NULL);
}

/* linalg.matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None)
 */
BI(tm_matrix_norm) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "linalg_matrix_norm", self, a, "A,ord,dim,keepdim,dtype", v,
                5))
    return dwV_null();
  Tensor *x0 = targ(I, v[0], "linalg_matrix_norm", "input");
  double p;
  const char *s;
  bool keep;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (!x0 || !ord_arg(I, v[1], 0, &p, &s) || !truthy(I, v[3], false, &keep))
    return dwV_null();
  if (none(v[1])) s = "fro";
  if (x0->ndim < 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "linalg.matrix_norm: The input tensor A must have at "
                     "least 2 dimensions.");
  if (none(v[2])) {
    at.i[0] = -2, at.i[1] = -1, at.ni = 2;
  } else if (!norm_dims(I, v[2], x0, &at)) {
    return dwV_null();
  }
  if (at.ni != 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "linalg.matrix_norm: dim must be a 2-tuple. Got %d",
                     at.ni);
  Tmp T = {0};
  Tensor *x = norm_input(I, &T, x0, v[4], "linalg.matrix_norm");
  Tensor *r = x ? mnorm(I, &T, x, p, s, norm_dim(at.i[0], x->ndim),
                        norm_dim(at.i[1], x->ndim), keep)
                : NULL;
  return finish(I, &T, r);
}

/* linalg.norm(A, ord=None, dim=None, keepdim=False, *, dtype=None) */
BI(tm_linalg_norm) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "linalg_norm", self, a, "A,ord,dim,keepdim,dtype", v, 5))
    return dwV_null();
  Tensor *x0 = targ(I, v[0], "linalg_norm", "input");
  double p;
  const char *s;
  bool keep;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (!x0 || !ord_arg(I, v[1], 2, &p, &s) || !truthy(I, v[3], false, &keep) ||
      !norm_dims(I, v[2], x0, &at))
    return dwV_null();
  bool has_dim = !none(v[2]);
  if (has_dim && at.ni != 1 && at.ni != 2) /* (sic: ATen's message) */
    return dwI_raise(I, EXC_RuntimeError,
                     "linalg.norm: If dim is specified, it mut be of length 1 "
                     "or 2. Got [%s]",
                     at.ni == 0 ? "" : "...");
  if (!has_dim && !none(v[1]) && x0->ndim != 1 && x0->ndim != 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "linalg.norm: If dim is not specified but ord is, the "
                     "input must be 1D or 2D. Got %dD.",
                     x0->ndim);
  /* ATen linalg_norm: a matrix norm for an ord over 2 dims (given, or
   * those of a 2-d input); otherwise vector_norm (ord None: 2) */
  bool matrix = !none(v[1]) && (has_dim ? at.ni == 2 : x0->ndim == 2);
  Tmp T = {0};
  Tensor *x = norm_input(I, &T, x0, v[4],
                         matrix ? "linalg.matrix_norm" : "linalg.vector_norm"),
         *r = NULL;
  if (x && matrix) {
    int64_t d0 = has_dim ? norm_dim(at.i[0], x->ndim) : 0,
            d1 = has_dim ? norm_dim(at.i[1], x->ndim) : 1;
    if (d0 == d1)
      dwI_raise(I, EXC_RuntimeError,
                "linalg.matrix_norm: dims must be different. Got (%lld, %lld)",
                (long long)d0, (long long)d1);
    else
      r = mnorm(I, &T, x, p, s, d0, d1, keep);
  } else if (x && s) {
    dwI_raise(I, EXC_TypeError,
              "linalg_vector_norm(): argument 'ord' must be Number, not str");
  } else if (x) {
    r = vnorm(I, &T, x, p, at.i, at.ni, keep);
  }
  return finish(I, &T, r);
}

/* torch.norm(input, p='fro', dim=None, keepdim=False, dtype=None) and
 * Tensor.norm: torch/functional.py norm, which calls vector_norm for a
 * number or 'fro' (over at most 2 dims) and matrix_norm otherwise. */
BI(tm_norm) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "norm", self, a, "input,p,dim,keepdim,dtype", v, 5))
    return dwV_null();
  Tensor *x0 = targ(I, v[0], "norm", "input");
  double p;
  const char *s;
  bool keep;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (!x0 || !ord_arg(I, v[1], 2, &p, &s) || !truthy(I, v[3], false, &keep) ||
      !norm_dims(I, v[2], x0, &at))
    return dwV_null();
  Tmp T = {0};
  Tensor *r = NULL;
  if (s && !strcmp(s, "fro") && at.ni <= 2) {
    Tensor *x = norm_input(I, &T, x0, v[4], "linalg.vector_norm");
    r = x ? vnorm(I, &T, x, 2, at.i, at.ni, keep) : NULL;
  } else if (s) {
    Tensor *x = norm_input(I, &T, x0, v[4], "linalg.matrix_norm");
    if (x && (at.ni == 0 ? x->ndim : at.ni) != 2)
      dwI_raise(I, EXC_RuntimeError,
                "linalg.matrix_norm: dim must be a 2-tuple. Got %d",
                at.ni ? at.ni : x->ndim);
    else if (x)
      r = mnorm(I, &T, x, 0, s, at.ni ? norm_dim(at.i[0], x->ndim) : 0,
                at.ni ? norm_dim(at.i[1], x->ndim) : 1, keep);
  } else {
    Tensor *x = norm_input(I, &T, x0, v[4], "linalg.vector_norm");
    r = x ? vnorm(I, &T, x, p, at.i, at.ni, keep) : NULL;
  }
  return finish(I, &T, r);
}

/* ------------------------------------------------------------------ */
/* new_zeros, new_ones, new_full, new_empty, new_tensor                */
/* ------------------------------------------------------------------ */

/* x.new_X(size, [fill_value,] *, dtype=None, device=None,
 * requires_grad=False): x's dtype unless given (new_empty's memory is
 * uninitialised in PyTorch: zeros here) */
BI(tm_new_fill) {
  static const char *const names[] = {"new_zeros", "new_ones", "new_empty",
                                      "new_full"};
  const char *n = names[def->data];
  bool full = def->data == 3;
  if (self.t != V_TENSOR)
    return dwI_raise(I, EXC_TypeError, "%s(): expected a Tensor receiver", n);
  Tensor *x = TEN(self);
  /* the sizes: positional ints, or one sequence; keywords after */
  int npos = a->n;
  Value fill = dwV_null();
  if (full) {
    if (npos < 2) {
      for (int k = 0; k < a->nkw; k++)
        if (!strcmp(a->kw[k].name->s, "fill_value")) fill = a->kw[k].v;
      if (fill.t == V_NULL || npos < 1)
        return dwI_raise(
            I, EXC_TypeError,
            "new_full() missing required arguments (size, fill_value)");
    } else {
      fill = a->v[--npos];
    }
    if (npos != 1)
      return dwI_raise(I, EXC_TypeError,
                       "new_full(): argument 'size' must be tuple of ints");
  }
  int64_t shape[DW_MAXDIM];
  int nd = 0;
  int dt = x->dtype;
  Value kv[4] = {dwV_null(), dwV_null(), dwV_null(), dwV_null()};
  for (int k = 0; k < a->nkw; k++) {
    const char *kn = a->kw[k].name->s;
    int slot = !strcmp(kn, "dtype")                ? 0
               : !strcmp(kn, "device")             ? 1
               : !strcmp(kn, "requires_grad")      ? 2
               : !strcmp(kn, "fill_value") && full ? 3
                                                   : -1;
    if (slot < 0)
      return dwI_raise(I, EXC_TypeError,
                       "%s() got an unexpected keyword argument '%s'", n, kn);
    kv[slot] = a->kw[k].v;
  }
  if (npos == 0)
    return dwI_raise(I, EXC_TypeError,
                     "%s() missing 1 required positional argument: 'size'", n);
  if (!sizes_from(I, a->v, npos, shape, &nd) || !get_dtype(I, kv[0], &dt) ||
      !dwDv_check_device(I, kv[1]))
    return dwV_null();
  for (int k = 0; k < nd; k++)
    if (shape[k] < 0)
      return dwI_raise(
          I, EXC_RuntimeError,
          "Trying to create tensor with negative dimension %lld: [%lld]",
          (long long)shape[k], (long long)shape[k]);
  bool rg;
  if (!truthy(I, kv[2], false, &rg)) return dwV_null();
  if (rg) return dwDv_no_autograd(I, "requires_grad=True");
  double val = def->data == 1 ? 1 : 0;
  if (full) {
    if (fill.t == V_TENSOR && dwT_numel(TEN(fill)) == 1 && TEN(fill)->st) {
      val = dwT_get(TEN(fill), 0);
    } else if (!dwL_float(I, fill, "fill_value", &val)) {
      return dwV_null();
    }
  }
  return dwL_full(I, shape, nd, val, dt);
}

/* x.new_tensor(data, *, dtype=None, ...): torch.tensor(data) of x's dtype */
BI(tm_new_tensor) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "new_tensor", self, a, "self,data,dtype,device", v, 4) ||
      !as_tensor_arg(I, v[0], "new_tensor", "self"))
    return dwV_null();
  if (v[1].t == V_NULL)
    return dwI_raise(
        I, EXC_TypeError,
        "new_tensor() missing 1 required positional argument: 'data'");
  int dt = TEN(v[0])->dtype;
  if (!get_dtype(I, v[2], &dt) || !dwDv_check_device(I, v[3]))
    return dwV_null();
  Value ctor = dwV_dict_gets(I->torch->attrs, dwI_intern(I, "tensor"));
  Value dtv = (Value){.t = V_DTYPE, .u = {.i = dt}};
  KwArg kw = {dwI_intern(I, "dtype"), dtv};
  Args ca = {1, &v[1], 1, &kw};
  return dwI_call(I, ctor, &ca);
}

/* ------------------------------------------------------------------ */
/* unbind, outer, diag, diagonal, trace, meshgrid                      */
/* ------------------------------------------------------------------ */

BI(tm_unbind) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "unbind", self, a, "input,dim", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], "unbind", "input");
  int64_t dim = 0;
  if (!x || (!none(v[1]) && !dwL_int(I, v[1], "dim", &dim))) return dwV_null();
  if (x->ndim == 0)
    return dwI_raise(I, EXC_IndexError,
                     "Dimension specified as 0 but tensor has no dimensions");
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  dim = norm_dim(dim, x->ndim);
  int64_t n = x->shape[dim];
  if (n > 4096)
    return dwI_raise(I, EXC_RuntimeError,
                     "unbind: at most 4096 slices in dynawasm");
  Value *items = malloc(sizeof(Value) * (size_t)(n ? n : 1));
  if (!items) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < n; k++) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = dim, at.i[1] = k, at.ni = 2;
    items[k] = op1(I, OP_SELECT, x, &at);
    if (items[k].t == V_NULL) {
      for (int64_t j = 0; j < k; j++)
        drop(I, items[j]);
      free(items);
      return dwV_null();
    }
  }
  Value r = tuple_of(I, items, (int)n);
  free(items);
  return r;
}

/* torch.outer(input, vec2) (torch.ger): input[:, None] * vec2 */
BI(tm_outer) {
  Value v[2];
  const char *n = def->data ? "ger" : "outer";
  if (!dwL_bind(I, n, self, a, "input,vec2", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], n, "input"),
         *y = x ? targ(I, v[1], n, "vec2") : NULL;
  if (!y) return dwV_null();
  if (x->ndim != 1)
    return dwI_raise(I, EXC_RuntimeError,
                     "%s: Expected 1-D argument self, but got %d-D", n,
                     x->ndim);
  if (y->ndim != 1)
    return dwI_raise(I, EXC_RuntimeError,
                     "%s: Expected 1-D argument vec2, but got %d-D", n,
                     y->ndim);
  Tmp T = {0};
  int64_t s[2] = {x->shape[0], 1};
  Tensor *xc = tc_reshape(I, &T, x, s, 2);
  return finish(I, &T, xc ? tc_op2(I, &T, OP_MUL, xc, y) : NULL);
}

/* The diagonal of x over dims d1, d2 (normalised, distinct) at offset:
 * the other dims in order, then the diagonal. The two dims are moved
 * last and flattened, and the diagonal is every (cols + 1)-th element
 * from its first: a view of a contiguous x, as PyTorch's. */
static Tensor *diagonal_of(Interp *I, Tmp *T, Tensor *x, int64_t off, int d1,
                           int d2) {
  int nd = x->ndim;
  int64_t perm[DW_MAXDIM], shape[DW_MAXDIM];
  int k = 0;
  for (int d = 0; d < nd; d++)
    if (d != d1 && d != d2) perm[k++] = d;
  perm[k++] = d1, perm[k++] = d2;
  bool ident = true;
  for (int d = 0; d < nd; d++)
    ident = ident && perm[d] == d;
  Tensor *p = ident ? x : tc_permute(I, T, x, perm);
  if (!p) return NULL;
  int64_t r = x->shape[d1], c = x->shape[d2];
  for (int d = 0; d < nd - 2; d++)
    shape[d] = p->shape[d];
  shape[nd - 2] = r * c;
  Tensor *f = tc_reshape(I, T, p, shape, nd - 1);
  if (!f) return NULL;
  int64_t len =
      off >= 0 ? (c - off < r ? c - off : r) : (r + off < c ? r + off : c);
  if (len < 0) len = 0;
  int64_t start = len == 0 ? 0 : off >= 0 ? off : -off * c;
  int64_t stop = len == 0 ? 0 : start + (len - 1) * (c + 1) + 1;
  return tc_slice(I, T, f, nd - 2, start, stop, c + 1);
}

BI(tm_diagonal) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "diagonal", self, a, "input,offset,dim1,dim2", v, 4))
    return dwV_null();
  Tensor *x = targ(I, v[0], "diagonal", "input");
  int64_t off = 0, d1 = 0, d2 = 1;
  if (!x || (!none(v[1]) && !dwL_int(I, v[1], "offset", &off)) ||
      (!none(v[2]) && !dwL_int(I, v[2], "dim1", &d1)) ||
      (!none(v[3]) && !dwL_int(I, v[3], "dim2", &d2)) ||
      !check_dim(I, d1, x->ndim) || !check_dim(I, d2, x->ndim))
    return dwV_null();
  d1 = norm_dim(d1, x->ndim), d2 = norm_dim(d2, x->ndim);
  if (x->ndim < 2 || d1 == d2)
    return dwI_raise(I, EXC_RuntimeError,
                     "diagonal dimensions cannot be identical %lld, %lld",
                     (long long)d1, (long long)d2);
  Tmp T = {0};
  return finish(I, &T, diagonal_of(I, &T, x, off, (int)d1, (int)d2));
}

/* torch.diag(input, diagonal=0): the matrix with a 1-d input on its
 * diagonal (zeros elsewhere), or a 2-d input's diagonal (a copy) */
BI(tm_diag) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "diag", self, a, "input,diagonal", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], "diag", "input");
  int64_t k = 0;
  if (!x || (!none(v[1]) && !dwL_int(I, v[1], "diagonal", &k)))
    return dwV_null();
  if (x->ndim != 1 && x->ndim != 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "diag(): Supports 1D or 2D tensors. Got %dD", x->ndim);
  Tmp T = {0};
  if (x->ndim == 2) {
    Tensor *d = diagonal_of(I, &T, x, k, 0, 1);
    return finish(I, &T, d ? tc_op1(I, &T, OP_CLONE, d, NULL) : NULL);
  }
  /* out[i][j] = x[...] where j - i == k: x padded by |k| zeros, as a
   * column (k >= 0: row i holds x[i]) or a row (k < 0: column j x[j]) */
  int64_t n = x->shape[0], ak = k < 0 ? -k : k, N = n + ak;
  int64_t zs[1] = {ak};
  Tensor *z = tpush(I, &T, dwL_full(I, zs, 1, 0, x->dtype));
  Tensor *parts[2] = {x, z};
  Tensor *pad = z ? (ak ? tc_cat(I, &T, parts, 2, 0) : x) : NULL;
  int64_t col[2] = {N, 1}, row[2] = {1, N};
  Tensor *vv = pad ? tc_reshape(I, &T, pad, k >= 0 ? col : row, 2) : NULL;
  Tensor *ar = vv ? tc_arange(I, &T, N, 0, 1, DT_I64) : NULL;
  Tensor *ri = ar ? tc_reshape(I, &T, ar, col, 2) : NULL;
  Tensor *ci = ri ? tc_reshape(I, &T, ar, row, 2) : NULL;
  Tensor *df = ci ? tc_op2(I, &T, OP_SUB, ci, ri) : NULL;
  Tensor *m = df ? scal(I, &T, OP_EQ, df, (double)k) : NULL;
  int64_t sq[2] = {N, N};
  Tensor *zero = m ? tpush(I, &T, dwL_full(I, sq, 0, 0, x->dtype)) : NULL;
  return finish(I, &T, zero ? where_t(I, &T, m, vv, zero) : NULL);
}

BI(tm_trace) {
  Value v[1];
  (void)def;
  if (!dwL_bind(I, "trace", self, a, "input", v, 1)) return dwV_null();
  Tensor *x = targ(I, v[0], "trace", "input");
  if (!x) return dwV_null();
  if (x->ndim != 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "trace: expected a matrix, but got tensor with dim %d",
                     x->ndim);
  Tmp T = {0};
  Tensor *d = diagonal_of(I, &T, x, 0, 0, 1);
  return finish(I, &T, d ? reduce_t(I, &T, OP_SUM, d, NULL, 0, false) : NULL);
}

/* torch.meshgrid(*tensors, indexing='ij'|'xy'): each 0-d/1-d input
 * viewed along its own dim and expanded to the grid (views) */
BI(tm_meshgrid) {
  (void)def;
  (void)self;
  Value indexing = dwV_null();
  for (int k = 0; k < a->nkw; k++) {
    if (strcmp(a->kw[k].name->s, "indexing"))
      return dwI_raise(I, EXC_TypeError,
                       "meshgrid() got an unexpected keyword argument '%s'",
                       a->kw[k].name->s);
    indexing = a->kw[k].v;
  }
  bool xy = false;
  if (!none(indexing)) {
    const char *s = indexing.t == V_STR ? STR(indexing)->s : "";
    if (!strcmp(s, "xy"))
      xy = true;
    else if (strcmp(s, "ij"))
      return dwI_raise(I, EXC_RuntimeError,
                       "torch.meshgrid: indexing must be one of \"xy\" or "
                       "\"ij\", but received: %s",
                       s);
  }
  int n = 0;
  Tensor **ts;
  if (a->n == 1 && (a->v[0].t == V_LIST || a->v[0].t == V_TUPLE)) {
    ts = dwL_tensor_list(I, a->v[0], &n, "meshgrid");
  } else {
    n = a->n;
    ts = malloc(sizeof(Tensor *) * (size_t)(n ? n : 1));
    if (!ts) return dwI_raise(I, EXC_MemoryError, "out of memory");
    for (int k = 0; k < n; k++) {
      if (a->v[k].t != V_TENSOR) {
        free(ts);
        return dwI_raise(I, EXC_TypeError,
                         "meshgrid(): argument 'tensors' (position 1) must be "
                         "tuple of Tensors, not %s",
                         dwV_type_name(a->v[k]));
      }
      ts[k] = TEN(a->v[k]);
    }
  }
  if (!ts) return dwV_null();
  Value r = dwV_null();
  if (n == 0) {
    dwI_raise(I, EXC_RuntimeError,
              "torch.meshgrid: Expected at least one tensor");
  } else if (n > DW_MAXDIM) {
    dwI_raise(I, EXC_RuntimeError,
              "tensors have at most %d dimensions in dynawasm", DW_MAXDIM);
  } else {
    int64_t shape[DW_MAXDIM];
    bool ok = true;
    for (int k = 0; k < n && ok; k++) {
      if (ts[k]->ndim > 1) {
        dwI_raise(I, EXC_RuntimeError,
                  "torch.meshgrid: Expected 0D or 1D tensor in the tensor list "
                  "but got: %s",
                  "a tensor of more dimensions");
        ok = false;
      } else if (ts[k]->dtype != ts[0]->dtype) {
        dwI_raise(I, EXC_RuntimeError,
                  "torch.meshgrid: expects all tensors to have the same dtype");
        ok = false;
      }
    }
    /* xy: the first two inputs swap places in the grid */
    for (int k = 0; k < n && ok; k++) {
      int pos = xy && n >= 2 && k < 2 ? 1 - k : k;
      shape[pos] = dwT_numel(ts[k]);
    }
    Value items[DW_MAXDIM];
    int made = 0;
    for (int k = 0; k < n && ok; k++) {
      int pos = xy && n >= 2 && k < 2 ? 1 - k : k;
      int64_t vs[DW_MAXDIM];
      for (int d = 0; d < n; d++)
        vs[d] = d == pos ? shape[pos] : 1;
      Tmp T = {0};
      Tensor *rv = tc_reshape(I, &T, ts[k], vs, n);
      Tensor *e = rv ? tc_expand(I, &T, rv, shape, n) : NULL;
      items[made] = finish(I, &T, e);
      if (items[made].t == V_NULL)
        ok = false;
      else
        made++;
    }
    if (ok)
      r = tuple_of(I, items, n);
    else
      for (int k = 0; k < made; k++)
        drop(I, items[k]);
  }
  free(ts);
  return r;
}

/* ------------------------------------------------------------------ */
/* Data-dependent: unique, bincount (graph breaks); histc              */
/* ------------------------------------------------------------------ */

static int cmp_dbl(const void *p, const void *q) {
  double a = *(const double *)p, b = *(const double *)q;
  if (isnan(a) || isnan(b)) return isnan(a) - isnan(b); /* nan last */
  return a < b ? -1 : a > b;
}

/* the real tensor of a data-dependent op (a graph break first) */
static bool data_dep(Interp *I, Tensor *x, const char *what) {
  if (dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT,
                      "%s has a data-dependent output shape", what))
    return false;
  if (!x->st) {
    dwI_raise(I, EXC_InternalTorchDynamoError,
              "a traced tensor escaped its graph");
    return false;
  }
  return true;
}

/* torch.unique(input, sorted=True, return_inverse=False,
 * return_counts=False, dim=None): the sorted distinct values (sorted=False
 * sorts too, as PyTorch's CPU kernel does), the index of each element's
 * value, the count of each value */
BI(tm_unique) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "unique", self, a,
                "input,sorted,return_inverse,return_counts,dim", v, 5))
    return dwV_null();
  Tensor *x = targ(I, v[0], "unique", "input");
  bool srt, inv, cnt;
  if (!x || !truthy(I, v[1], true, &srt) || !truthy(I, v[2], false, &inv) ||
      !truthy(I, v[3], false, &cnt))
    return dwV_null();
  if (!none(v[4]))
    return dwI_raise(I, EXC_NotImplementedError,
                     "torch.unique(dim=...) is not supported by dynawasm");
  if (!data_dep(I, x, "torch.unique()")) return dwV_null();
  int64_t n = dwT_numel(x);
  double *s = malloc(sizeof(double) * (size_t)(n ? n : 1));
  if (!s) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < n; k++)
    s[k] = dwT_get(x, k);
  qsort(s, (size_t)n, sizeof(double), cmp_dbl);
  int64_t m = 0;
  for (int64_t k = 0; k < n; k++)
    if (m == 0 || cmp_dbl(&s[m - 1], &s[k]) != 0 || isnan(s[k])) s[m++] = s[k];
  Tensor *u = dwT_new(&I->c, (DType)x->dtype, 1, &m);
  Tensor *iv = inv ? dwT_new(&I->c, DT_I64, x->ndim, x->shape) : NULL;
  Tensor *cv = cnt ? dwT_new(&I->c, DT_I64, 1, &m) : NULL;
  if (!u || (inv && !iv) || (cnt && !cv)) {
    free(s);
    if (u) dwV_decref_o(&I->c, &u->h);
    if (iv) dwV_decref_o(&I->c, &iv->h);
    if (cv) dwV_decref_o(&I->c, &cv->h);
    return dwI_raise_ctx(I);
  }
  for (int64_t k = 0; k < m; k++) {
    dwT_set(&I->c, u, k, s[k]);
    if (cv) dwT_set(&I->c, cv, k, 0);
  }
  for (int64_t k = 0; k < n && (iv || cv); k++) {
    double e = dwT_get(x, k);
    int64_t lo = 0, hi = m - 1;
    while (lo < hi) { /* first distinct value >= e */
      int64_t mid = (lo + hi) / 2;
      if (cmp_dbl(&s[mid], &e) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (iv) dwT_set(&I->c, iv, k, (double)lo);
    if (cv) dwT_set(&I->c, cv, lo, dwT_get(cv, lo) + 1);
  }
  free(s);
  if (!iv && !cv) return tv(u);
  Value items[3];
  int ni = 0;
  items[ni++] = tv(u);
  if (iv) items[ni++] = tv(iv);
  if (cv) items[ni++] = tv(cv);
  return tuple_of(I, items, ni);
}

/* torch.bincount(input, weights=None, minlength=0) */
BI(tm_bincount) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "bincount", self, a, "input,weights,minlength", v, 3))
    return dwV_null();
  Tensor *x = targ(I, v[0], "bincount", "input");
  int64_t minlen = 0;
  if (!x || (!none(v[2]) && !dwL_int(I, v[2], "minlength", &minlen)))
    return dwV_null();
  Tensor *w = none(v[1]) ? NULL : targ(I, v[1], "bincount", "weights");
  if (!none(v[1]) && !w) return dwV_null();
  if (x->ndim != 1 || dwT_is_float(x->dtype) || x->dtype == DT_BOOL)
    return dwI_raise(
        I, EXC_RuntimeError,
        x->ndim != 1
            ? "bincount only supports 1-d non-negative integral inputs."
            : "\"bincount_cpu\" not implemented for '%s'",
        dwT_scalar_name((DType)x->dtype));
  if (minlen < 0)
    return dwI_raise(I, EXC_RuntimeError, "minlength should be >= 0");
  if (w && (w->ndim != 1 || w->shape[0] != x->shape[0]))
    return dwI_raise(I, EXC_RuntimeError,
                     "weights should be 1-d and have the same length as input");
  if (!data_dep(I, x, "torch.bincount()") ||
      (w && !data_dep(I, w, "torch.bincount()")))
    return dwV_null();
  int64_t n = x->shape[0], len = minlen;
  for (int64_t k = 0; k < n; k++) {
    int64_t e = dwT_get_int(x, k);
    if (e < 0)
      return dwI_raise(
          I, EXC_RuntimeError,
          "bincount only supports 1-d non-negative integral inputs.");
    if (e + 1 > len) len = e + 1;
  }
  if (len > ((int64_t)1 << 28))
    return dwI_raise(I, EXC_RuntimeError,
                     "bincount: too many bins for dynawasm");
  /* float32 weights count in float32, any other weights in float64 */
  DType dt = !w ? DT_I64 : w->dtype == DT_F32 ? DT_F32 : DT_F64;
  Tensor *r = dwT_new(&I->c, dt, 1, &len);
  if (!r) return dwI_raise_ctx(I);
  double *acc = calloc((size_t)(len ? len : 1), sizeof(double));
  if (!acc) {
    dwV_decref_o(&I->c, &r->h);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int64_t k = 0; k < n; k++)
    acc[dwT_get_int(x, k)] += w ? dwT_get(w, k) : 1;
  for (int64_t k = 0; k < len; k++)
    dwT_set(&I->c, r, k, acc[k]);
  free(acc);
  return tv(r);
}

/* torch.histc(input, bins=100, min=0, max=0): counts of bins equal-width
 * bins over [min, max] (the data's range when both are 0), in input's
 * dtype; eager (read at trace time it would be data-dependent: a graph
 * break, see docs/language.md) */
BI(tm_histc) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "histc", self, a, "input,bins,min,max", v, 4))
    return dwV_null();
  Tensor *x = targ(I, v[0], "histc", "input");
  int64_t bins = 100;
  double lo = 0, hi = 0;
  if (!x || (!none(v[1]) && !dwL_int(I, v[1], "bins", &bins)) ||
      (!none(v[2]) && !dwL_float(I, v[2], "min", &lo)) ||
      (!none(v[3]) && !dwL_float(I, v[3], "max", &hi)))
    return dwV_null();
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError,
                     "\"histogram_cpu\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  if (bins <= 0)
    return dwI_raise(
        I, EXC_RuntimeError,
        "torch.histc: bins must be > 0, but got %lld for dimension 0",
        (long long)bins);
  if (bins > ((int64_t)1 << 24))
    return dwI_raise(I, EXC_RuntimeError, "histc: too many bins for dynawasm");
  if (!data_dep(I, x, "torch.histc()")) return dwV_null();
  int64_t n = dwT_numel(x);
  if (lo == hi && n > 0) {
    lo = INFINITY, hi = -INFINITY;
    for (int64_t k = 0; k < n; k++) {
      double e = dwT_get(x, k);
      if (e < lo) lo = e;
      if (e > hi) hi = e;
    }
  }
  if (lo == hi) lo -= 1, hi += 1;
  if (lo > hi)
    return dwI_raise(I, EXC_RuntimeError,
                     "torch.histc: max must be larger than min");
  if (!isfinite(lo) || !isfinite(hi))
    return dwI_raise(I, EXC_RuntimeError,
                     "torch.histc: range of [%g, %g] is not finite", lo, hi);
  Tensor *r = dwT_new(&I->c, (DType)x->dtype, 1, &bins);
  double *acc = r ? calloc((size_t)bins, sizeof(double)) : NULL;
  if (!acc) {
    if (r) dwV_decref_o(&I->c, &r->h);
    return r ? dwI_raise(I, EXC_MemoryError, "out of memory")
             : dwI_raise_ctx(I);
  }
  for (int64_t k = 0; k < n; k++) {
    double e = dwT_get(x, k);
    if (!(e >= lo && e <= hi)) continue;
    /* aten histogramdd: pos = (e - lo) * bins / (hi - lo), the last edge in the
     * last bin */
    int64_t b = (int64_t)((e - lo) * (double)bins / (hi - lo));
    if (b == bins) b--;
    acc[b] += 1;
  }
  for (int64_t k = 0; k < bins; k++)
    dwT_set(&I->c, r, k, acc[k]);
  free(acc);
  return tv(r);
}

/* A double uniform on [0, 1) from torch's CPU generator
 * (uniform_real_distribution<double>: 53 bits of random64()) */
static double unit_double(Interp *I) {
  return (double)(dwRng_u64(&I->c.rng) & ((1ull << 53) - 1)) * 0x1p-53;
}

/* torch.multinomial(input, num_samples, replacement=False): ATen's CPU
 * algorithm. With replacement (and more than one sample): per row the
 * running sum in input's dtype normalised by the total, the last entry
 * set to 1, one double uniform per sample, the first entry >= it
 * (multinomial_with_replacement_kernel_impl). Otherwise argmax / topk of
 * p / q with q ~ Exp(1) drawn per element as -log1p(-u), u a double
 * uniform (exponential_ without MKL: builds with MKL draw other numbers).
 * Eager: a graph break when compiled (Dynamo traces it into the graph). */
BI(tm_multinomial) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "multinomial", self, a,
                "input,num_samples,replacement,generator", v, 4))
    return dwV_null();
  Tensor *x = targ(I, v[0], "multinomial", "input");
  int64_t ns;
  bool repl;
  if (!x || !dwL_int(I, v[1], "num_samples", &ns) ||
      !truthy(I, v[2], false, &repl))
    return dwV_null();
  if (!none(v[3]))
    return dwI_raise(
        I, EXC_NotImplementedError,
        "torch.multinomial(generator=...) is not supported by dynawasm");
  if (x->ndim < 1 || x->ndim > 2)
    return dwI_raise(I, EXC_RuntimeError, "prob_dist must be 1 or 2 dim");
  if (!dwT_is_float(x->dtype))
    return dwI_raise(
        I, EXC_RuntimeError,
        "multinomial only supports floating-point dtypes for input, got: %s",
        dwT_scalar_name((DType)x->dtype));
  if (ns <= 0)
    return dwI_raise(I, EXC_RuntimeError,
                     "cannot sample n_sample <= 0 samples");
  int64_t nc = x->shape[x->ndim - 1], nd = x->ndim == 2 ? x->shape[0] : 1;
  if (!repl && ns > nc)
    return dwI_raise(I, EXC_RuntimeError,
                     "cannot sample n_sample > prob_dist.size(-1) samples "
                     "without replacement");
  if (ns > ((int64_t)1 << 24))
    return dwI_raise(I, EXC_RuntimeError,
                     "multinomial: too many samples for dynawasm");
  if (dwR_tracing(I) &&
      !dwR_break_here(
          I, BR_UNSUPPORTED_CALL,
          "torch.multinomial is run eagerly by dynawasm (Dynamo traces it)"))
    return dwV_null();
  if (!x->st)
    return dwI_raise(I, EXC_InternalTorchDynamoError,
                     "a traced tensor escaped its graph");
  bool f32 = x->dtype == DT_F32;
  int64_t rs[2] = {nd, ns};
  Tensor *r = dwT_new(&I->c, DT_I64, x->ndim, x->ndim == 2 ? rs : &ns);
  double *w = malloc(sizeof(double) * (size_t)(nc ? nc : 1));
  if (!r || !w) {
    free(w);
    if (r) dwV_decref_o(&I->c, &r->h);
    return r ? dwI_raise(I, EXC_MemoryError, "out of memory")
             : dwI_raise_ctx(I);
  }
  const char *bad = NULL;
  if (!repl || ns == 1) {
    /* the checks of the fast path, over the whole input first */
    bool zero_row = false;
    for (int64_t i = 0; i < nd && !bad; i++) {
      double sum = 0;
      for (int64_t j = 0; j < nc; j++) {
        double e = dwT_get(x, i * nc + j);
        if (!(e >= 0) || isinf(e))
          bad =
              "probability tensor contains either `inf`, `nan` or element < 0";
        sum += e;
      }
      zero_row = zero_row || sum == 0;
    }
    if (!bad && zero_row)
      bad = "invalid multinomial distribution (sum of probabilities <= 0)";
    for (int64_t i = 0; i < nd && !bad; i++) {
      for (int64_t j = 0; j < nc;
           j++) { /* q = exponential_(1); p / q in input's dtype */
        double q = -log1p(-unit_double(I));
        double p = dwT_get(x, i * nc + j);
        w[j] = f32 ? (double)((float)p / (float)q) : p / q;
      }
      for (int64_t k = 0; k < ns;
           k++) { /* topk: the largest first, the first index on ties */
        int64_t best = -1;
        for (int64_t j = 0; j < nc; j++)
          if (!isnan(w[j]) && (best < 0 || w[j] > w[best])) best = j;
        if (best < 0) best = 0;
        dwT_set(&I->c, r, i * ns + k, (double)best);
        w[best] = NAN;
      }
    }
  } else {
    for (int64_t i = 0; i < nd && !bad; i++) {
      double sum = 0;
      float sf = 0;
      for (int64_t j = 0; j < nc; j++) {
        double e = dwT_get(x, i * nc + j);
        if (!(e >= 0))
          bad = "invalid multinomial distribution (encountering probability "
                "entry < 0)";
        else if (!isfinite(e))
          bad = "invalid multinomial distribution (encountering probability "
                "entry = infinity or NaN)";
        if (bad) break;
        if (f32)
          sf += (float)e, w[j] = sf;
        else
          sum += e, w[j] = sum;
      }
      if (f32) sum = sf;
      if (!bad && !(sum > 0))
        bad = "invalid multinomial distribution (sum of probabilities <= 0)";
      if (bad) break;
      for (int64_t j = 0; j < nc; j++)
        w[j] = f32 ? (double)((float)w[j] / sf) : w[j] / sum;
      w[nc - 1] = 1;
      for (int64_t k = 0; k < ns; k++) {
        double u = unit_double(I);
        int64_t lo = 0, hi = nc;
        while (hi - lo > 0) {
          int64_t mid = lo + (hi - lo) / 2;
          if (w[mid] < u)
            lo = mid + 1;
          else
            hi = mid;
        }
        dwT_set(&I->c, r, i * ns + k, (double)lo);
      }
    }
  }
  free(w);
  if (bad) {
    dwV_decref_o(&I->c, &r->h);
    return dwI_raise(I, EXC_RuntimeError, "%s", bad);
  }
  return tv(r);
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

#define UN(name, kind)                                                         \
  { "torch." name, tm_unary, TK_TENSOR, kind, 0 }
const BuiltinDef dwTm_torch_defs[] = {
    {"torch.set_printoptions", tm_set_printoptions, TK_PURE, 0, 0},
    UN("isnan", U_ISNAN),
    UN("isinf", U_ISINF),
    UN("isfinite", U_ISFINITE),
    UN("isposinf", U_ISPOSINF),
    UN("isneginf", U_ISNEGINF),
    UN("sign", U_SIGN),
    UN("sgn", U_SGN),
    UN("log1p", U_LOG1P),
    UN("expm1", U_EXPM1),
    {"torch.norm", tm_norm, TK_TENSOR, 0, 0},
    {"torch.unbind", tm_unbind, TK_TENSOR, 0, 0},
    {"torch.outer", tm_outer, TK_TENSOR, 0, 0},
    {"torch.ger", tm_outer, TK_TENSOR, 1, 0},
    {"torch.diag", tm_diag, TK_TENSOR, 0, 0},
    {"torch.diagonal", tm_diagonal, TK_TENSOR, 0, 0},
    {"torch.trace", tm_trace, TK_TENSOR, 0, 0},
    {"torch.meshgrid", tm_meshgrid, TK_TENSOR, 0, 0},
    {"torch.unique", tm_unique, TK_TENSOR, 0, 0},
    {"torch.bincount", tm_bincount, TK_TENSOR, 0, 0},
    {"torch.histc", tm_histc, TK_TENSOR, 0, 0},
    {"torch.multinomial", tm_multinomial, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};
#undef UN

#define UN(name, kind)                                                         \
  { "Tensor." name, tm_unary, TK_TENSOR, kind, 0 }
const BuiltinDef dwTm_tensor_methods[] = {
    UN("isnan", U_ISNAN),
    UN("isinf", U_ISINF),
    UN("isfinite", U_ISFINITE),
    UN("isposinf", U_ISPOSINF),
    UN("isneginf", U_ISNEGINF),
    UN("sign", U_SIGN),
    UN("sgn", U_SGN),
    UN("log1p", U_LOG1P),
    UN("expm1", U_EXPM1),
    UN("sign_", U_SIGN | U_INPLACE),
    UN("log1p_", U_LOG1P | U_INPLACE),
    UN("expm1_", U_EXPM1 | U_INPLACE),
    {"Tensor.norm", tm_norm, TK_TENSOR, 0, 0},
    {"Tensor.new_zeros", tm_new_fill, TK_TENSOR, 0, 0},
    {"Tensor.new_ones", tm_new_fill, TK_TENSOR, 1, 0},
    {"Tensor.new_empty", tm_new_fill, TK_TENSOR, 2, 0},
    {"Tensor.new_full", tm_new_fill, TK_TENSOR, 3, 0},
    {"Tensor.new_tensor", tm_new_tensor, TK_TENSOR, 0, 0},
    {"Tensor.unbind", tm_unbind, TK_TENSOR, 0, 0},
    {"Tensor.outer", tm_outer, TK_TENSOR, 0, 0},
    {"Tensor.diag", tm_diag, TK_TENSOR, 0, 0},
    {"Tensor.diagonal", tm_diagonal, TK_TENSOR, 0, 0},
    {"Tensor.trace", tm_trace, TK_TENSOR, 0, 0},
    {"Tensor.unique", tm_unique, TK_TENSOR, 0, 0},
    {"Tensor.bincount", tm_bincount, TK_TENSOR, 0, 0},
    {"Tensor.histc", tm_histc, TK_TENSOR, 0, 0},
    {"Tensor.multinomial", tm_multinomial, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};
#undef UN

const BuiltinDef dwTm_linalg_defs[] = {
    {"torch.linalg.norm", tm_linalg_norm, TK_TENSOR, 0, 0},
    {"torch.linalg.vector_norm", tm_vector_norm, TK_TENSOR, 0, 0},
    {"torch.linalg.matrix_norm", tm_matrix_norm, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};
