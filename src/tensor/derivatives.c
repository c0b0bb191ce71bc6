/* derivatives.c - the backward formulas of the ops (PyTorch's
 * tools/autograd/derivatives.yaml for the ops of ops.def), their node
 * names, and what each node saves. Every formula computes with the eager
 * ops (dwT_op: nothing is recorded while a formula runs) and returns
 * gradients of its inputs' shapes and dtypes (broadcast dims summed away).
 * Composite ops (softmax, linear, losses, ...) are recorded as the
 * primitive ops they run, whose formulas compose to theirs; the library
 * names their last node as PyTorch does (dwAg_rename). */
#include "tensor/autograd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SQRT2 1.41421356237309504880
#define TWO_SQRTPI 1.12837916709551257390 /* 2 / sqrt(pi) */
#define SQRT1_2 0.70710678118654752440

/* ------------------------------------------------------------------ */
/* Names and saved tensors                                             */
/* ------------------------------------------------------------------ */

const char *dwAg_node_name(Op op, int nin, Tensor **in, const OpAttrs *at,
                           const TMeta *out) {
  (void)out;
  switch (op) {
  case OP_NEG:
    return "NegBackward0";
  case OP_ABS:
    return "AbsBackward0";
  case OP_EXP:
    return "ExpBackward0";
  case OP_LOG:
    return "LogBackward0";
  case OP_SQRT:
    return "SqrtBackward0";
  case OP_RSQRT:
    return "RsqrtBackward0";
  case OP_SIN:
    return "SinBackward0";
  case OP_COS:
    return "CosBackward0";
  case OP_TANH:
    return "TanhBackward0";
  case OP_SIGMOID:
    return "SigmoidBackward0";
  case OP_RELU:
    return "ReluBackward0";
  case OP_GELU:
    return "GeluBackward0";
  case OP_SILU:
    return "SiluBackward0";
  case OP_CLAMP:
    return "ClampBackward1";
  case OP_CAST:
    return dwT_is_float(in[0]->dtype) ? "ToCopyBackward0" : NULL;
  case OP_TAN:
    return "TanBackward0";
  case OP_ERF:
    return "ErfBackward0";
  case OP_FLOOR:
    return "FloorBackward0";
  case OP_CEIL:
    return "CeilBackward0";
  case OP_ROUND:
    return "RoundBackward0";
  case OP_ADD:
    return "AddBackward0";
  /* 2 - x is Tensor.__rsub__: rsub(x, 2) */
  case OP_SUB:
    return in[0]->wrapped ? "RsubBackward1" : "SubBackward0";
  case OP_MUL:
    return "MulBackward0";
  /* 2 / x is Tensor.__rtruediv__: reciprocal(x) * 2 */
  case OP_DIV:
    return in[0]->wrapped ? "MulBackward0" : "DivBackward0";
  case OP_POW:
    return in[1]->wrapped   ? "PowBackward0"
           : in[0]->wrapped ? "PowBackward2"
                            : "PowBackward1";
  case OP_MAXIMUM:
    return "MaximumBackward0";
  case OP_MINIMUM:
    return "MinimumBackward0";
  case OP_MOD:
    return "RemainderBackward0";
  case OP_WHERE:
    return "WhereBackward0";
  case OP_SUM:
    return at->ni ? "SumBackward1" : "SumBackward0";
  case OP_MEAN:
    return at->ni ? "MeanBackward1" : "MeanBackward0";
  case OP_PROD:
    return at->ni ? "ProdBackward1" : "ProdBackward0";
  case OP_AMAX:
    return "AmaxBackward0";
  case OP_AMIN:
    return "AminBackward0";
  case OP_MATMUL:
    if (nin == 2 && in[0]->ndim == 2 && in[1]->ndim == 2) return "MmBackward0";
    if (nin == 2 && in[0]->ndim == 3 && in[1]->ndim == 3 &&
        in[0]->shape[0] == in[1]->shape[0])
      return "BmmBackward0";
    return "UnsafeViewBackward0";
  case OP_RESHAPE:
    return "ViewBackward0";
  case OP_PERMUTE:
    return "PermuteBackward0";
  case OP_EXPAND:
    return "ExpandBackward0";
  case OP_SLICE:
    return "SliceBackward0";
  case OP_SELECT:
    return "SelectBackward0";
  case OP_ALIAS:
    return "AliasBackward0";
  case OP_CLONE:
    return "CloneBackward0";
  case OP_CAT:
    return "CatBackward0";
  case OP_GATHER:
    return at->flag == GK_INDEX_SELECT ? "IndexSelectBackward0"
           : at->flag == GK_INDEX      ? "IndexBackward0"
                                       : "GatherBackward0";
  default:
    return ""; /* no formula: floor_divide, ... */
  }
}

enum { IN0 = 1, IN1 = 2, IN2 = 4, BOTH = 3 };

unsigned dwAg_saves(Op op, const OpAttrs *at, bool *output) {
  (void)at;
  *output = false;
  switch (op) {
  case OP_EXP:
  case OP_SQRT:
  case OP_RSQRT:
  case OP_TANH:
  case OP_SIGMOID:
  case OP_RELU:
  case OP_TAN:
    *output = true;
    return 0;
  case OP_ABS:
  case OP_LOG:
  case OP_SIN:
  case OP_COS:
  case OP_GELU:
  case OP_SILU:
  case OP_CLAMP:
  case OP_ERF:
    return IN0;
  case OP_MUL:
  case OP_DIV:
  case OP_POW:
  case OP_MAXIMUM:
  case OP_MINIMUM:
  case OP_MOD:
  case OP_MATMUL:
    return BOTH;
  case OP_WHERE:
    return IN0;
  case OP_AMAX:
  case OP_AMIN:
  case OP_PROD:
    *output = true;
    return IN0;
  case OP_GATHER:
    return IN1;
  default:
    return 0;
  }
}

/* ------------------------------------------------------------------ */
/* Formula helpers: temporaries dropped at the end                      */
/* ------------------------------------------------------------------ */

#define NTMP 64
typedef struct F {
  Ctx *c;
  Tensor *t[NTMP];
  int n;
} F;

static Tensor *keep(F *f, Tensor *x) {
  if (!x) return NULL;
  if (f->n == NTMP) {
    dwV_decref_o(f->c, &x->h);
    dw_fail(f->c, EXC_RuntimeError, "autograd formula: too many temporaries");
    return NULL;
  }
  f->t[f->n++] = x;
  return x;
}
static void fdone(F *f) {
  for (int k = 0; k < f->n; k++)
    dwV_decref_o(f->c, &f->t[k]->h);
  f->n = 0;
}
/* x as a result (a new reference) */
static Tensor *out(Tensor *x) {
  if (x) dwV_incref_o(&x->h);
  return x;
}

static Tensor *O(F *f, Op op, int nin, Tensor **in, const OpAttrs *at) {
  for (int k = 0; k < nin; k++)
    if (!in[k]) return NULL;
  return keep(f, dwT_op(f->c, op, nin, in, at));
}
static Tensor *U(F *f, Op op, Tensor *x) {
  return O(f, op, 1, &x, NULL);
}
static Tensor *B(F *f, Op op, Tensor *a, Tensor *b) {
  Tensor *in[2] = {a, b};
  return O(f, op, 2, in, NULL);
}
/* a Python number in a tensor expression (promotes as one) */
static Tensor *S(F *f, double v) {
  return keep(f, dwT_scalar(f->c, DT_F64, v, true));
}
static Tensor *Bs(F *f, Op op, Tensor *a, double v) {
  return B(f, op, a, S(f, v));
}
static Tensor *cast(F *f, Tensor *x, int dt) {
  if (!x || x->dtype == dt) return x;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.dtype = (uint8_t)dt;
  return O(f, OP_CAST, 1, &x, &at);
}
/* a bool mask as x's float dtype */
static Tensor *fmask(F *f, Tensor *m, int dt) {
  return cast(f, m, dt);
}
static Tensor *reshape(F *f, Tensor *x, int nd, const int64_t *shape) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  return O(f, OP_RESHAPE, 1, &x, &at);
}
static Tensor *expand(F *f, Tensor *x, int nd, const int64_t *shape) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  return O(f, OP_EXPAND, 1, &x, &at);
}
static Tensor *transpose_last(F *f, Tensor *x) {
  if (!x) return NULL;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.ni = x->ndim;
  for (int k = 0; k < x->ndim; k++)
    at.i[k] = k;
  at.i[x->ndim - 1] = x->ndim - 2;
  at.i[x->ndim - 2] = x->ndim - 1;
  return O(f, OP_PERMUTE, 1, &x, &at);
}

/* g summed down to the shape of m (broadcasting's inverse), of m's dtype */
static Tensor *sum_to(F *f, Tensor *g, const TMeta *m) {
  if (!g) return NULL;
  int lead = g->ndim - m->ndim;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  for (int d = 0; d < g->ndim; d++)
    if (d < lead || (m->shape[d - lead] == 1 && g->shape[d] != 1))
      at.i[at.ni++] = d;
  if (at.ni) {
    at.keepdim = 1;
    g = O(f, OP_SUM, 1, &g, &at);
    if (g && (lead || g->ndim != m->ndim)) g = reshape(f, g, m->ndim, m->shape);
  } else if (lead < 0 || g->ndim != m->ndim) {
    g = reshape(f, g, m->ndim, m->shape);
  }
  return cast(f, g, m->dtype);
}

/* the gradient of a reduction's output back at the input's rank: the
 * reduced dims as size 1 (keepdim) */
static Tensor *unreduce(F *f, Tensor *g, const TMeta *x, const OpAttrs *at) {
  if (!g || at->keepdim) return g;
  int64_t shape[DW_MAXDIM];
  bool red[DW_MAXDIM] = {0};
  if (at->ni == 0)
    for (int d = 0; d < x->ndim; d++)
      red[d] = true;
  for (int k = 0; k < at->ni; k++) {
    int64_t d = at->i[k] < 0 ? at->i[k] + x->ndim : at->i[k];
    if (d >= 0 && d < x->ndim) red[d] = true;
  }
  for (int d = 0; d < x->ndim; d++)
    shape[d] = red[d] ? 1 : x->shape[d];
  return reshape(f, g, x->ndim, shape);
}

static Tensor *zeros(F *f, const TMeta *m) {
  return keep(f, dwT_new(f->c, (DType)m->dtype, m->ndim, m->shape));
}

/* grad of a view op (slice/select) of an input of meta m: zeros with g
 * written into the same view */
static Tensor *into_view(F *f, Op op, const OpAttrs *at, const TMeta *m,
                         Tensor *g) {
  Tensor *z = zeros(f, m);
  if (!z || !g) return NULL;
  Tensor *v = O(f, op, 1, &z, at);
  if (!v || !dwT_copy_into(f->c, v, g)) return NULL;
  return z;
}

/* gather's gradient: g scattered-added into zeros of the source's shape at
 * the indices (the gather kinds' index rules: GK_INDEX wraps negatives) */
static Tensor *scatter_add(F *f, const TMeta *m, Tensor *idx, Tensor *g,
                           int dim, int kind) {
  Tensor *z = zeros(f, m);
  if (!z || !g || !idx) return NULL;
  int64_t n = dwT_numel(g), coord[DW_MAXDIM];
  int nd = g->ndim;
  double *zd = m->dtype == DT_F64 ? dwT_data(z) : NULL;
  float *zf = m->dtype == DT_F32 ? dwT_data(z) : NULL;
  int64_t zs[DW_MAXDIM];
  dwT_contig_strides(m->ndim, m->shape, zs);
  for (int64_t p = 0; p < n; p++) {
    int64_t r = p;
    for (int d = nd - 1; d >= 0; d--) {
      coord[d] = r % g->shape[d];
      r /= g->shape[d];
    }
    int64_t i = dwT_get_int(idx, p);
    if (kind == GK_INDEX && i < 0) i += m->shape[dim];
    if (i < 0 || i >= m->shape[dim]) continue; /* the forward checked */
    int64_t off = 0;
    for (int d = 0; d < m->ndim; d++)
      off += (d == dim ? i : coord[d]) * zs[d];
    double v = dwT_get(g, p);
    if (zd)
      zd[off] += v;
    else if (zf)
      zf[off] += (float)v;
  }
  return z;
}

/* ------------------------------------------------------------------ */
/* The formulas                                                        */
/* ------------------------------------------------------------------ */

static bool needs(const AgNode *n, int k) {
  return k < n->nin && (n->next[k].fn || n->next[k].leaf);
}

bool dwAg_formula(Ctx *c, AgNode *n, Tensor **gout, Tensor **gin) {
  F f = {.c = c};
  Tensor *g = gout[0];
  const TMeta *m0 = &n->inm[0], *m1 = n->nin > 1 ? &n->inm[1] : NULL;
  const OpAttrs *at = &n->at;
  Tensor **sv = n->saved;
  Tensor *x = NULL, *y = NULL, *res = NULL; /* saved inputs, saved output */
  bool so;
  unsigned mask = dwAg_saves((Op)n->op, at, &so);
  int s = 0;
  if (mask & IN0) x = sv[s++];
  if (mask & IN1) y = sv[s++];
  if (so) res = sv[s++];
  Tensor *r0 = NULL, *r1 = NULL, *r2 = NULL;
  int dt = m0->dtype;
  switch ((Op)n->op) {
  case OP_NEG:
    r0 = U(&f, OP_NEG, g);
    break;
  case OP_ABS: /* g * sgn(x) */
    r0 = B(&f, OP_MUL, g,
           B(&f, OP_SUB, fmask(&f, Bs(&f, OP_GT, x, 0), dt),
             fmask(&f, Bs(&f, OP_LT, x, 0), dt)));
    break;
  case OP_EXP:
    r0 = B(&f, OP_MUL, g, res);
    break;
  case OP_LOG:
    r0 = B(&f, OP_DIV, g, x);
    break;
  case OP_SQRT:
    r0 = B(&f, OP_DIV, g, Bs(&f, OP_MUL, res, 2));
    break;
  case OP_RSQRT: /* -0.5 g y^3 */
    r0 = B(&f, OP_MUL, Bs(&f, OP_MUL, g, -0.5),
           B(&f, OP_MUL, res, B(&f, OP_MUL, res, res)));
    break;
  case OP_SIN:
    r0 = B(&f, OP_MUL, g, U(&f, OP_COS, x));
    break;
  case OP_COS:
    r0 = B(&f, OP_MUL, g, U(&f, OP_NEG, U(&f, OP_SIN, x)));
    break;
  case OP_TANH: /* g (1 - y^2) */
    r0 = B(&f, OP_MUL, g, B(&f, OP_SUB, S(&f, 1), B(&f, OP_MUL, res, res)));
    break;
  case OP_SIGMOID: /* g y (1 - y) */
    r0 = B(&f, OP_MUL, g, B(&f, OP_MUL, res, B(&f, OP_SUB, S(&f, 1), res)));
    break;
  case OP_RELU:
    r0 = B(&f, OP_MUL, g, fmask(&f, Bs(&f, OP_GT, res, 0), dt));
    break;
  case OP_GELU:
    if (at->flag) { /* approximate='tanh': PyTorch's GeluBackward kernel */
      const double kBeta = SQRT2 * TWO_SQRTPI * 0.5, kKappa = 0.044715;
      Tensor *x2 = B(&f, OP_MUL, x, x);
      Tensor *inner =
          Bs(&f, OP_MUL,
             B(&f, OP_ADD, x, Bs(&f, OP_MUL, B(&f, OP_MUL, x2, x), kKappa)),
             kBeta);
      Tensor *t = U(&f, OP_TANH, inner);
      Tensor *left_d = Bs(&f, OP_MUL, Bs(&f, OP_ADD, t, 1), 0.5);
      Tensor *right_d =
          B(&f, OP_MUL,
            B(&f, OP_MUL, Bs(&f, OP_MUL, x, 0.5),
              B(&f, OP_SUB, S(&f, 1), B(&f, OP_MUL, t, t))),
            Bs(&f, OP_MUL, Bs(&f, OP_ADD, Bs(&f, OP_MUL, x2, 3 * kKappa), 1),
               kBeta));
      r0 = B(&f, OP_MUL, g, B(&f, OP_ADD, left_d, right_d));
    } else { /* Phi(x) + x phi(x) */
      Tensor *cdf =
          Bs(&f, OP_MUL,
             Bs(&f, OP_ADD, U(&f, OP_ERF, Bs(&f, OP_MUL, x, SQRT1_2)), 1), 0.5);
      Tensor *pdf = Bs(&f, OP_MUL,
                       U(&f, OP_EXP, Bs(&f, OP_MUL, B(&f, OP_MUL, x, x), -0.5)),
                       0.5 * TWO_SQRTPI * SQRT1_2);
      r0 = B(&f, OP_MUL, g, B(&f, OP_ADD, cdf, B(&f, OP_MUL, x, pdf)));
    }
    break;
  case OP_SILU: { /* s (1 + x (1 - s)) */
    Tensor *sg = U(&f, OP_SIGMOID, x);
    r0 = B(&f, OP_MUL, g,
           B(&f, OP_MUL, sg,
             Bs(&f, OP_ADD, B(&f, OP_MUL, x, B(&f, OP_SUB, S(&f, 1), sg)), 1)));
    break;
  }
  case OP_CLAMP: { /* g where min <= x <= max */
    Tensor *ok = NULL;
    if (at->has_f[0]) ok = Bs(&f, OP_GE, x, at->f[0]);
    if (at->has_f[1]) {
      Tensor *le = Bs(&f, OP_LE, x, at->f[1]);
      ok = ok ? B(&f, OP_AND, ok, le) : le;
    }
    r0 = ok ? B(&f, OP_MUL, g, fmask(&f, ok, dt)) : g;
    break;
  }
  case OP_CAST:
    r0 = cast(&f, g, dt);
    break;
  case OP_TAN:
    r0 = B(&f, OP_MUL, g, Bs(&f, OP_ADD, B(&f, OP_MUL, res, res), 1));
    break;
  case OP_ERF:
    r0 = B(&f, OP_MUL, g,
           Bs(&f, OP_MUL, U(&f, OP_EXP, U(&f, OP_NEG, B(&f, OP_MUL, x, x))),
              TWO_SQRTPI));
    break;
  case OP_FLOOR:
  case OP_CEIL:
  case OP_ROUND:
    r0 = zeros(&f, m0);
    break;
  case OP_ADD:
    if (needs(n, 0)) r0 = sum_to(&f, g, m0);
    if (needs(n, 1)) r1 = sum_to(&f, g, m1);
    break;
  case OP_SUB:
    if (needs(n, 0)) r0 = sum_to(&f, g, m0);
    if (needs(n, 1)) r1 = sum_to(&f, U(&f, OP_NEG, g), m1);
    break;
  case OP_MUL:
    if (needs(n, 0)) r0 = sum_to(&f, B(&f, OP_MUL, g, y), m0);
    if (needs(n, 1)) r1 = sum_to(&f, B(&f, OP_MUL, g, x), m1);
    break;
  case OP_DIV:
    if (needs(n, 0)) r0 = sum_to(&f, B(&f, OP_DIV, g, y), m0);
    if (needs(n, 1))
      r1 = sum_to(&f,
                  U(&f, OP_NEG,
                    B(&f, OP_DIV, B(&f, OP_MUL, g, x), B(&f, OP_MUL, y, y))),
                  m1);
    break;
  case OP_POW:
    /* x^p: g p x^(p-1) (0 where p == 0); p: g x^p log(x) (0 where x == 0
     * and p >= 0) */
    if (needs(n, 0)) {
      Tensor *d = B(&f, OP_MUL, y, B(&f, OP_POW, x, Bs(&f, OP_SUB, y, 1)));
      Tensor *in[3] = {Bs(&f, OP_EQ, y, 0), S(&f, 0), d};
      r0 = sum_to(&f, B(&f, OP_MUL, g, O(&f, OP_WHERE, 3, in, NULL)), m0);
    }
    if (needs(n, 1)) {
      Tensor *d = B(&f, OP_MUL, B(&f, OP_POW, x, y), U(&f, OP_LOG, x));
      Tensor *in[3] = {B(&f, OP_AND, Bs(&f, OP_EQ, x, 0), Bs(&f, OP_GE, y, 0)),
                       S(&f, 0), d};
      r1 = sum_to(&f, B(&f, OP_MUL, g, O(&f, OP_WHERE, 3, in, NULL)), m1);
    }
    break;
  case OP_MAXIMUM:
  case OP_MINIMUM: { /* the larger (smaller) takes g, ties share it */
    Op wins = n->op == OP_MAXIMUM ? OP_GT : OP_LT;
    int rdt = n->outm[0].dtype;
    Tensor *w = B(&f, OP_ADD, fmask(&f, B(&f, wins, x, y), rdt),
                  Bs(&f, OP_MUL, fmask(&f, B(&f, OP_EQ, x, y), rdt), 0.5));
    if (needs(n, 0)) r0 = sum_to(&f, B(&f, OP_MUL, g, w), m0);
    if (needs(n, 1))
      r1 = sum_to(&f, B(&f, OP_MUL, g, B(&f, OP_SUB, S(&f, 1), w)), m1);
    break;
  }
  case OP_MOD: /* x - y floor(x / y) */
    if (needs(n, 0)) r0 = sum_to(&f, g, m0);
    if (needs(n, 1))
      r1 = sum_to(
          &f,
          U(&f, OP_NEG, B(&f, OP_MUL, g, U(&f, OP_FLOOR, B(&f, OP_DIV, x, y)))),
          m1);
    break;
  case OP_WHERE: {
    Tensor *z = S(&f, 0);
    if (needs(n, 1)) {
      Tensor *in[3] = {x, g, z};
      r1 = sum_to(&f, O(&f, OP_WHERE, 3, in, NULL), m1);
    }
    if (needs(n, 2)) {
      Tensor *in[3] = {x, z, g};
      r2 = sum_to(&f, O(&f, OP_WHERE, 3, in, NULL), &n->inm[2]);
    }
    break;
  }
  case OP_SUM:
    r0 = cast(&f, expand(&f, unreduce(&f, g, m0, at), m0->ndim, m0->shape), dt);
    break;
  case OP_MEAN: {
    double cnt =
        (double)dwT_numel_meta(m0) /
        (double)(dwT_numel_meta(&n->outm[0]) ? dwT_numel_meta(&n->outm[0]) : 1);
    r0 = cast(&f,
              expand(&f, Bs(&f, OP_DIV, unreduce(&f, g, m0, at), cnt), m0->ndim,
                     m0->shape),
              dt);
    break;
  }
  case OP_AMAX:
  case OP_AMIN: { /* g shared evenly by the elements equal to the result */
    OpAttrs sa = *at;
    sa.keepdim = 1;
    Tensor *hit = fmask(&f, B(&f, OP_EQ, x, unreduce(&f, res, m0, at)), dt);
    Tensor *cnt = O(&f, OP_SUM, 1, &hit, &sa);
    r0 = B(&f, OP_MUL, hit, B(&f, OP_DIV, unreduce(&f, g, m0, at), cnt));
    break;
  }
  case OP_PROD: {
    Tensor *z = U(&f, OP_NOT, x); /* x == 0 */
    OpAttrs all;
    memset(&all, 0, sizeof all);
    Tensor *any = O(&f, OP_AMAX, 1, &z, &all);
    if (any && dwT_get(any, 0) != 0) {
      fdone(&f);
      return dw_fail(
          c, EXC_RuntimeError,
          "derivative for prod of a tensor holding zeros is not implemented");
    }
    r0 =
        B(&f, OP_DIV,
          B(&f, OP_MUL, unreduce(&f, g, m0, at), unreduce(&f, res, m0, at)), x);
    break;
  }
  case OP_MATMUL:
    if (needs(n, 0))
      r0 = sum_to(&f, B(&f, OP_MATMUL, g, transpose_last(&f, y)), m0);
    if (needs(n, 1))
      r1 = sum_to(&f, B(&f, OP_MATMUL, transpose_last(&f, x), g), m1);
    break;
  case OP_RESHAPE:
    r0 = reshape(&f, g, m0->ndim, m0->shape);
    break;
  case OP_PERMUTE: {
    OpAttrs inv;
    memset(&inv, 0, sizeof inv);
    inv.ni = at->ni;
    for (int k = 0; k < at->ni; k++)
      inv.i[at->i[k] < 0 ? at->i[k] + at->ni : at->i[k]] = k;
    r0 = O(&f, OP_PERMUTE, 1, &g, &inv);
    break;
  }
  case OP_EXPAND:
    r0 = sum_to(&f, g, m0);
    break;
  case OP_SLICE:
  case OP_SELECT:
    r0 = into_view(&f, (Op)n->op, at, m0, g);
    break;
  case OP_ALIAS:
  case OP_CLONE:
    r0 = cast(&f, g, dt);
    break;
  case OP_CAT: {
    int nd = n->outm[0].ndim;
    int dim = (int)(at->i[0] < 0 ? at->i[0] + nd : at->i[0]);
    int64_t off = 0;
    for (int k = 0; k < n->nin; k++) {
      const TMeta *mk = &n->inm[k];
      if (mk->ndim == 1 && mk->shape[0] == 0 && nd != 1)
        continue; /* cat skips empty 1-d inputs */
      int64_t len = mk->shape[dim];
      if (needs(n, k)) {
        OpAttrs sa;
        memset(&sa, 0, sizeof sa);
        sa.i[0] = dim;
        sa.i[1] = off;
        sa.i[2] = off + len;
        sa.i[3] = 1;
        sa.ni = 4;
        gin[k] = out(cast(&f, O(&f, OP_SLICE, 1, &g, &sa), mk->dtype));
        if (!gin[k]) {
          fdone(&f);
          return false;
        }
      }
      off += len;
    }
    fdone(&f);
    return true;
  }
  case OP_GATHER: {
    int dim =
        (int)(at->i[0] < 0 ? at->i[0] + (m0->ndim ? m0->ndim : 1) : at->i[0]);
    r0 = scatter_add(&f, m0, y, g, dim, at->flag);
    break;
  }
  default:
    fdone(&f);
    return dw_fail(c, EXC_RuntimeError, "derivative for %s is not implemented",
                   dw_ops[n->op].name);
  }
  bool ok = true;
  Tensor *rs[3] = {r0, r1, r2};
  for (int k = 0; k < n->nin && k < 3; k++) {
    if (!needs(n, k)) continue;
    if (!rs[k]) {
      ok = false;
      break;
    }
    gin[k] = out(cast(&f, rs[k], n->inm[k].dtype));
    if (!gin[k]) ok = false;
  }
  fdone(&f);
  if (!ok)
    for (int k = 0; k < n->nin && k < 3; k++)
      if (gin[k]) {
        dwV_decref_o(c, &gin[k]->h);
        gin[k] = NULL;
      }
  return ok;
}
