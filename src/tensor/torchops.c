/* torchops.c - more tensor ops of the torch module, as functions and
 * Tensor methods: rounding and erf/tan, clamp_min/max, bmm/baddbmm,
 * einsum, masked_fill, tril/triu, split/chunk/narrow/repeat/roll,
 * gather/scatter/index_select/take_along_dim/flip, cumsum, sort/argsort/
 * topk. Composites decompose into ops.def primitives (so eager and
 * compiled code share the arithmetic); argument checks raise PyTorch's
 * messages before any op runs. Tables are registered by dwL_torch_init. */
#include "tensor/tensor_impl.h"
#include "tensor/torchlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* A tensor argument (raising PyTorch's TypeError otherwise). */
static Tensor *targ(Interp *I, Value v, const char *fn, const char *arg) {
  return as_tensor_arg(I, v, fn, arg) ? TEN(v) : NULL;
}

/* An int argument with a default when absent or None. */
static bool int_arg(Interp *I, Value v, const char *what, int64_t dflt, int64_t *out) {
  if (v.t == V_NULL || v.t == V_NONE) {
    *out = dflt;
    return true;
  }
  if (v.t != V_INT && v.t != V_BOOL) {
    dwI_raise(I, EXC_TypeError, "%s must be int, not %s", what, dwV_type_name(v));
    return false;
  }
  *out = v.u.i;
  return true;
}

/* Tuple of n values (stolen). */
static Value tuple_of(Interp *I, Value *items, int n, const char *rt_name) {
  Tuple *t = dwV_tuple(&I->c, n);
  if (!t) {
    for (int k = 0; k < n; k++) drop(I, items[k]);
    return dwI_raise_ctx(I);
  }
  if (rt_name) {
    t->h.flags = TUP_RETTYPE;
    t->rt_name = rt_name;
  }
  for (int k = 0; k < n; k++) t->items[k] = items[k];
  return dwV_obj(&t->h);
}

/* ------------------------------------------------------------------ */
/* Unary ops: round(decimals), clamp_min / clamp_max                   */
/* ------------------------------------------------------------------ */

BI(o_round) {
  Value v[2];
  if (!dwL_bind(I, "round", self, a, "input,decimals", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], "round", "input");
  int64_t dec;
  if (!x || !int_arg(I, v[1], "decimals", 0, &dec)) return dwV_null();
  if (dec == 0) return op1(I, OP_ROUND, x, NULL);
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"round_cpu\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  /* PyTorch: nearbyint(x * 10^d) / 10^d in x's dtype (negative d: x /
   * 10^-d, then times); the wrapped float64 10^d is cast to it */
  bool neg = dec < 0;
  double p = pow(10.0, (double)(neg ? -dec : dec));
  Tmp T = {0};
  Tensor *s = tscalar(I, &T, DT_F64, p);
  Tensor *y = s ? tc_op2(I, &T, neg ? OP_DIV : OP_MUL, x, s) : NULL;
  Tensor *r = y ? tc_op1(I, &T, OP_ROUND, y, NULL) : NULL;
  Tensor *z = r ? tc_op2(I, &T, neg ? OP_MUL : OP_DIV, r, s) : NULL;
  Value out = z ? ttake(&T, z) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* clamp_min(input, min) (data 0) / clamp_max(input, max) (data 1) */
BI(o_clamp_side) {
  Value v[2];
  bool hi = def->data == 1;
  const char *n = hi ? "clamp_max" : "clamp_min";
  if (!dwL_bind(I, n, self, a, hi ? "input,max" : "input,min", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], n, "input");
  if (!x) return dwV_null();
  if (v[1].t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "%s() missing 1 required positional argument: '%s'", n,
                     hi ? "max" : "min");
  if (v[1].t == V_TENSOR) return op2(I, hi ? OP_MINIMUM : OP_MAXIMUM, x, TEN(v[1]));
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (!dwL_float(I, v[1], hi ? "max" : "min", &at.f[hi])) return dwV_null();
  at.has_f[hi] = 1;
  return op1(I, OP_CLAMP, x, &at);
}

/* ------------------------------------------------------------------ */
/* bmm, baddbmm                                                        */
/* ------------------------------------------------------------------ */

static bool bmm_check(Interp *I, Tensor *b1, Tensor *b2) {
  if (b1->ndim != 3) {
    dwI_raise(I, EXC_RuntimeError, "batch1 must be a 3D tensor");
    return false;
  }
  if (b2->ndim != 3) {
    dwI_raise(I, EXC_RuntimeError, "batch2 must be a 3D tensor");
    return false;
  }
  if (b2->shape[0] != b1->shape[0] || b2->shape[1] != b1->shape[2]) {
    dwI_raise(I, EXC_RuntimeError,
              "Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] "
              "but got: [%lld, %lld].",
              (long long)b1->shape[0], (long long)b1->shape[2], (long long)b2->shape[0],
              (long long)b2->shape[1]);
    return false;
  }
  if (b1->dtype != b2->dtype) {
    dwI_raise(I, EXC_RuntimeError, "expected scalar type %s but found %s",
              dwT_scalar_name((DType)b1->dtype), dwT_scalar_name((DType)b2->dtype));
    return false;
  }
  return true;
}

BI(o_bmm) {
  Value v[2];
  if (!dwL_bind(I, "bmm", self, a, "input,mat2", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], "bmm", "input"), *y = x ? targ(I, v[1], "bmm", "mat2") : NULL;
  if (!y || !bmm_check(I, x, y)) return dwV_null();
  return op2(I, OP_MATMUL, x, y);
}

/* baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
 * beta * input + alpha * (batch1 @ batch2); beta = 0 ignores input. */
BI(o_baddbmm) {
  Value v[5];
  if (!dwL_bind(I, "baddbmm", self, a, "input,batch1,batch2,beta,alpha", v, 5)) return dwV_null();
  Tensor *in = targ(I, v[0], "baddbmm", "input");
  Tensor *b1 = in ? targ(I, v[1], "baddbmm", "batch1") : NULL;
  Tensor *b2 = b1 ? targ(I, v[2], "baddbmm", "batch2") : NULL;
  double beta = 1, alpha = 1;
  if (!b2 || (v[3].t != V_NULL && !dwL_float(I, v[3], "beta", &beta)) ||
      (v[4].t != V_NULL && !dwL_float(I, v[4], "alpha", &alpha)))
    return dwV_null();
  /* LinearAlgebra.cpp baddbmm meta: input is expanded to [batch1.size(0),
   * batch1.size(1), batch2.size(2)] (expand_size), then input's dtype must
   * be batch1's, then common_checks_baddbmm_bmm */
  {
    const Tensor *st[3] = {b1, b1, b2};
    const int sd[3] = {0, 1, 2};
    int64_t osz[3];
    for (int k = 0; k < 3; k++) {
      if (st[k]->ndim == 0)
        return dwI_raise(I, EXC_IndexError, "dimension specified as %d but tensor has no dimensions", sd[k]);
      if (!check_dim(I, sd[k], st[k]->ndim)) return dwV_null();
      osz[k] = st[k]->shape[sd[k]];
    }
    TMeta mi, mo;
    OpAttrs at;
    memset(&at, 0, sizeof at);
    memcpy(at.i, osz, sizeof osz);
    at.ni = 3;
    dwT_meta_of(in, &mi);
    if (!dwT_meta(&I->c, OP_EXPAND, 1, &mi, &at, &mo)) return dwI_raise_ctx(I);
  }
  if (in->dtype != b1->dtype)
    return dwI_raise(I, EXC_RuntimeError, "Input dtypes must be the same, got: input %s, batch1: %s, batch2: %s",
                     dwT_cpp_name((DType)in->dtype), dwT_cpp_name((DType)b1->dtype),
                     dwT_cpp_name((DType)b2->dtype));
  if (!bmm_check(I, b1, b2)) return dwV_null();
  Tmp T = {0};
  Tensor *p = tc_op2(I, &T, OP_MATMUL, b1, b2), *r = NULL;
  DType dt = (DType)b1->dtype;
  if (p && alpha != 1) {
    Tensor *s = tscalar(I, &T, dwT_is_float(dt) ? DT_F64 : DT_I64, alpha);
    p = s ? tc_op2(I, &T, OP_MUL, p, s) : NULL;
  }
  if (p && beta == 0) {
    /* the product, broadcast to input's shape as PyTorch's result has it */
    int64_t shape[DW_MAXDIM];
    int nd;
    TMeta mi, mp;
    dwT_meta_of(in, &mi);
    dwT_meta_of(p, &mp);
    TMeta mo;
    if (!dwT_meta(&I->c, OP_ADD, 2, (TMeta[]){mi, mp}, NULL, &mo)) {
      dwI_raise_ctx(I);
      p = NULL;
    } else {
      nd = mo.ndim;
      memcpy(shape, mo.shape, sizeof shape);
      r = tc_expand(I, &T, p, shape, nd);
      r = r ? tc_op1(I, &T, OP_CLONE, r, NULL) : NULL;
    }
  } else if (p) {
    Tensor *bi = in;
    if (beta != 1) {
      Tensor *s = tscalar(I, &T, dwT_is_float(dt) ? DT_F64 : DT_I64, beta);
      bi = s ? tc_op2(I, &T, OP_MUL, in, s) : NULL;
    }
    r = bi ? tc_op2(I, &T, OP_ADD, bi, p) : NULL;
  }
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* ------------------------------------------------------------------ */
/* einsum                                                              */
/* ------------------------------------------------------------------ */

/* Labels are small ints: 'a'..'z' 0..25, 'A'..'Z' 26..51, ellipsis dims
 * 52.. (one per broadcast dim, right-aligned). */
enum { EIN_ELL = 52, EIN_MAX = 60 };

typedef struct EinOp {
  int n;                   /* labels (= dims of the operand) */
  uint8_t lab[DW_MAXDIM];
} EinOp;

static bool ein_label(Interp *I, char ch, int pos, int *out) {
  if (ch >= 'a' && ch <= 'z') *out = ch - 'a';
  else if (ch >= 'A' && ch <= 'Z') *out = ch - 'A' + 26;
  else {
    dwI_raise(I, EXC_RuntimeError,
              "einsum(): invalid subscript given at index %d in the equation string, subscripts "
              "must be in [a-zA-Z]",
              pos);
    return false;
  }
  return true;
}

/* Contracts operand x (labels xl) with y (labels yl), keeping the labels
 * `keep` says are needed later; the result's labels go to rl. Labels only
 * in one operand and not kept are summed first. */
static Tensor *ein_pair(Interp *I, Tmp *T, Tensor *x, EinOp *xl, Tensor *y, EinOp *yl,
                        const bool *keep, EinOp *rl) {
  bool inx[EIN_MAX] = {0}, iny[EIN_MAX] = {0};
  for (int k = 0; k < xl->n; k++) inx[xl->lab[k]] = true;
  for (int k = 0; k < yl->n; k++) iny[yl->lab[k]] = true;
  /* batch (both, kept), contracted (both, not kept), left, right */
  int batch[DW_MAXDIM], con[DW_MAXDIM], left[DW_MAXDIM], right[DW_MAXDIM];
  int nb = 0, nc = 0, nl = 0, nr = 0;
  for (int k = 0; k < xl->n; k++) {
    int l = xl->lab[k];
    if (iny[l]) {
      if (keep[l]) batch[nb++] = l;
      else con[nc++] = l;
    } else if (keep[l]) {
      left[nl++] = l;
    }
  }
  for (int k = 0; k < yl->n; k++) {
    int l = yl->lab[k];
    if (!inx[l] && keep[l]) right[nr++] = l;
  }
  if (nb + nl + nr > DW_MAXDIM) {
    dwI_raise(I, EXC_NotImplementedError, "einsum(): more than %d result dimensions", DW_MAXDIM);
    return NULL;
  }
  /* sizes and permutations: x -> [batch, left, con], y -> [batch, con, right] */
  Tensor *ops[2] = {x, y};
  EinOp *ls[2] = {xl, yl};
  int64_t bsz[DW_MAXDIM], lsz = 1, rsz = 1, csz = 1;
  int64_t lshape[DW_MAXDIM], rshape[DW_MAXDIM];
  for (int s = 0; s < 2; s++) {
    Tensor *t = ops[s];
    EinOp *L = ls[s];
    /* first sum the labels of this operand that go nowhere */
    int64_t sumd[DW_MAXDIM];
    int ns = 0;
    bool *other = s ? inx : iny;
    for (int k = 0; k < L->n; k++)
      if (!other[L->lab[k]] && !keep[L->lab[k]]) sumd[ns++] = k;
    if (ns) {
      t = tpush(I, T, reduce(I, OP_SUM, t, sumd, ns, false));
      if (!t) return NULL;
      EinOp nlab = {0};
      for (int k = 0, j = 0; k < L->n; k++) {
        if (j < ns && sumd[j] == k) {
          j++;
          continue;
        }
        if (nlab.n < DW_MAXDIM) nlab.lab[nlab.n++] = L->lab[k];
      }
      *L = nlab;
    }
    int64_t perm[DW_MAXDIM];
    int np = 0;
    const int *groups[3] = {batch, s ? con : left, s ? right : con};
    int gn[3] = {nb, s ? nc : nl, s ? nr : nc};
    for (int g = 0; g < 3; g++)
      for (int j = 0; j < gn[g]; j++)
        for (int k = 0; k < L->n; k++)
          if (L->lab[k] == groups[g][j]) perm[np++] = k;
    Tensor *pt = np == t->ndim && np ? tpush(I, T, permute_to(I, t, perm, np)) : t;
    if (!pt) return NULL;
    ops[s] = pt;
  }
  x = ops[0];
  y = ops[1];
  for (int j = 0; j < nb; j++) {
    int64_t sx = x->shape[j], sy = y->shape[j];
    if (sx != sy && sx != 1 && sy != 1) {
      dwI_raise(I, EXC_RuntimeError,
                "einsum(): operands do not broadcast with remapped shapes (original->remapped)");
      return NULL;
    }
    bsz[j] = sx == 1 ? sy : sx;
  }
  for (int j = 0; j < nl; j++) lsz *= lshape[j] = x->shape[nb + j];
  for (int j = 0; j < nc; j++) {
    int64_t sx = x->shape[nb + nl + j], sy = y->shape[nb + j];
    if (sx != sy) {
      dwI_raise(I, EXC_RuntimeError,
                "einsum(): subscript %c has size %lld for operand 1 which does not broadcast "
                "with previously seen size %lld",
                con[j] < 26 ? 'a' + con[j] : 'A' + con[j] - 26, (long long)sy, (long long)sx);
      return NULL;
    }
    csz *= sx;
  }
  for (int j = 0; j < nr; j++) rsz *= rshape[j] = y->shape[nb + nc + j];
  /* [batch.., L, C] @ [batch.., C, R] */
  int64_t xs[DW_MAXDIM], ys[DW_MAXDIM];
  for (int j = 0; j < nb; j++) {
    xs[j] = x->shape[j];
    ys[j] = y->shape[j];
  }
  xs[nb] = lsz;
  xs[nb + 1] = csz;
  ys[nb] = csz;
  ys[nb + 1] = rsz;
  Tensor *x3 = tc_reshape(I, T, x, xs, nb + 2);
  Tensor *y3 = x3 ? tc_reshape(I, T, y, ys, nb + 2) : NULL;
  Tensor *p = NULL;
  if (y3 && csz == 1 && (nl == 0 || nr == 0)) /* outer products: a product */
    p = tc_op2(I, T, OP_MUL, x3, y3);
  else if (y3)
    p = tc_op2(I, T, OP_MATMUL, x3, y3);
  if (!p) return NULL;
  int64_t os[DW_MAXDIM];
  int no = 0;
  for (int j = 0; j < nb; j++) os[no++] = bsz[j];
  for (int j = 0; j < nl; j++) os[no++] = lshape[j];
  for (int j = 0; j < nr; j++) os[no++] = rshape[j];
  int n = 0;
  for (int j = 0; j < nb && n < DW_MAXDIM; j++) rl->lab[n++] = (uint8_t)batch[j];
  for (int j = 0; j < nl && n < DW_MAXDIM; j++) rl->lab[n++] = (uint8_t)left[j];
  for (int j = 0; j < nr && n < DW_MAXDIM; j++) rl->lab[n++] = (uint8_t)right[j];
  rl->n = n;
  return tc_reshape(I, T, p, os, no);
}

/* Operand *x (labels l, operand number k) with each subscript that it
 * repeats replaced by one dim, the diagonal (as PyTorch's
 * operand.diagonal(0, dim, j)): the two dims moved last, merged, and every
 * (n+1)-th element taken. The labels follow (the diagonal's last). */
static bool ein_diagonals(Interp *I, Tmp *T, Tensor **x, EinOp *l, int k) {
  for (int j = 1; j < l->n; j++)
    for (int i = 0; i < j; i++) {
      if (l->lab[i] != l->lab[j]) continue;
      Tensor *t = *x;
      int lab = l->lab[i];
      if (t->shape[j] != t->shape[i]) {
        dwI_raise(I, EXC_RuntimeError,
                  "einsum(): subscript %c is repeated for operand %d but the sizes don't match, "
                  "%lld != %lld",
                  lab < 26 ? 'a' + lab : 'A' + lab - 26, k, (long long)t->shape[j], (long long)t->shape[i]);
        return false;
      }
      int64_t n = t->shape[i], perm[DW_MAXDIM], shape[DW_MAXDIM];
      EinOp nl = {0};
      int np = 0;
      for (int d = 0; d < l->n; d++)
        if (d != i && d != j) {
          shape[np] = t->shape[d];
          nl.lab[nl.n++] = l->lab[d];
          perm[np++] = d;
        }
      perm[np] = i;
      perm[np + 1] = j;
      shape[np] = n * n;
      nl.lab[nl.n++] = (uint8_t)lab;
      Tensor *p = tc_permute(I, T, t, perm);
      Tensor *m = p ? tc_reshape(I, T, p, shape, np + 1) : NULL;
      *x = m ? tc_slice(I, T, m, np, 0, n * n, n + 1) : NULL;
      if (!*x) return false;
      *l = nl;
      j = 0; /* look again from the start */
      break;
    }
  return true;
}

BI(o_einsum) {
  (void)def;
  (void)self;
  /* torch/functional.py einsum(*args): no keywords; then the variadic
   * wrapper's check */
  if (a->nkw > 0)
    return dwI_raise(I, EXC_TypeError, "einsum() got an unexpected keyword argument '%s'", a->kw[0].name->s);
  if (a->n < 2)
    return dwI_raise(I, EXC_ValueError,
                     "einsum(): must specify the equation string and at least one operand, or at least one "
                     "operand and its subscripts list");
  if (a->v[0].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "einsum(): argument 'equation' must be str");
  const char *eq = STR(a->v[0])->s;
  /* operands: einsum(eq, a, b) or einsum(eq, [a, b]) */
  Value *opv = a->v + 1;
  int nops = a->n - 1;
  if (nops == 1 && (opv[0].t == V_LIST || opv[0].t == V_TUPLE)) {
    Value seq = opv[0];
    nops = (int)(seq.t == V_LIST ? ((List *)OBJ(seq))->len : ((Tuple *)OBJ(seq))->len);
    opv = seq.t == V_LIST ? ((List *)OBJ(seq))->items : ((Tuple *)OBJ(seq))->items;
  }
  if (nops == 0) return dwI_raise(I, EXC_RuntimeError, "einsum(): must provide at least one operand");
  if (nops > 8) return dwI_raise(I, EXC_NotImplementedError, "einsum(): at most 8 operands");
  for (int k = 0; k < nops; k++)
    if (opv[k].t != V_TENSOR)
      return dwI_raise(I, EXC_TypeError, "einsum(): expected Tensor as element %d in argument 1, but got %s",
                       k, dwV_type_name(opv[k]));
  EinOp ein[8];
  memset(ein, 0, sizeof ein);
  int cur = 0, pos = 0, ell_dims = 0;
  bool have_arrow = false, out_ell = false;
  int outl[EIN_MAX], nout = 0;
  const char *p = eq;
  /* parse the inputs */
  int raw[8][DW_MAXDIM + 4], nraw[8] = {0}, ellpos[8];
  for (int k = 0; k < 8; k++) ellpos[k] = -1;
  for (; *p; p++, pos++) {
    if (*p == ' ') continue;
    if (*p == ',') {
      if (++cur >= nops)
        return dwI_raise(I, EXC_RuntimeError, "einsum(): fewer operands were provided than specified in the equation");
      continue;
    }
    if (*p == '-' && p[1] == '>') {
      have_arrow = true;
      p += 2;
      pos += 2;
      break;
    }
    if (*p == '.') {
      if (strncmp(p, "...", 3) || ellpos[cur] >= 0)
        return dwI_raise(I, EXC_RuntimeError, "einsum(): found '.' for operand %d that is not part of any ellipsis", cur);
      ellpos[cur] = nraw[cur];
      p += 2;
      pos += 2;
      continue;
    }
    int l;
    if (!ein_label(I, *p, pos, &l)) return dwV_null();
    if (nraw[cur] >= DW_MAXDIM + 4)
      return dwI_raise(I, EXC_RuntimeError, "einsum(): too many subscripts");
    raw[cur][nraw[cur]++] = l;
  }
  if (cur + 1 < nops)
    return dwI_raise(I, EXC_RuntimeError, "einsum(): more operands were provided than specified in the equation");
  /* expand ellipses; check dims */
  for (int k = 0; k < nops; k++) {
    Tensor *t = TEN(opv[k]);
    int nl = nraw[k];
    if (ellpos[k] < 0 && nl != t->ndim)
      return dwI_raise(I, EXC_RuntimeError,
                       "einsum(): the number of subscripts in the equation (%d) does not match the "
                       "number of dimensions (%d) for operand %d and no ellipsis was given",
                       nl, t->ndim, k);
    if (ellpos[k] >= 0 && nl > t->ndim)
      return dwI_raise(I, EXC_RuntimeError,
                       "einsum(): the number of subscripts in the equation (%d) is more than the "
                       "number of dimensions (%d) for operand %d",
                       nl, t->ndim, k);
    int ne = ellpos[k] >= 0 ? t->ndim - nl : 0;
    if (ne > ell_dims) ell_dims = ne;
    int n = 0;
    for (int j = 0; j <= nl; j++) {
      if (j == ellpos[k])
        for (int e = 0; e < ne; e++) ein[k].lab[n++] = (uint8_t)(EIN_ELL + (ne - 1 - e));
      if (j < nl) ein[k].lab[n++] = (uint8_t)raw[k][j];
    }
    ein[k].n = n;
  }
  /* the output labels */
  int count[EIN_MAX] = {0};
  for (int k = 0; k < nops; k++)
    for (int j = 0; j < ein[k].n; j++) count[ein[k].lab[j]]++;
  if (have_arrow) {
    bool seen[EIN_MAX] = {0};
    for (; *p; p++, pos++) {
      if (*p == ' ') continue;
      if (*p == '.') {
        if (strncmp(p, "...", 3) || out_ell)
          return dwI_raise(I, EXC_RuntimeError, "einsum(): found '.' for output that is not part of any ellipsis");
        out_ell = true;
        for (int e = ell_dims - 1; e >= 0; e--) outl[nout++] = EIN_ELL + e;
        p += 2;
        pos += 2;
        continue;
      }
      int l;
      if (!ein_label(I, *p, pos, &l)) return dwV_null();
      if (seen[l])
        return dwI_raise(I, EXC_RuntimeError, "einsum(): output subscript %c appears more than once in the output", *p);
      if (!count[l])
        return dwI_raise(I, EXC_RuntimeError,
                         "einsum(): output subscript %c does not appear in the equation for any input operand", *p);
      seen[l] = true;
      outl[nout++] = l;
    }
  } else {
    /* implicit: ellipsis dims, then labels seen once, alphabetically */
    for (int e = ell_dims - 1; e >= 0; e--) outl[nout++] = EIN_ELL + e;
    for (int l = 0; l < EIN_ELL; l++)
      if (count[l] == 1) outl[nout++] = l;
  }
  if (nout > DW_MAXDIM) return dwI_raise(I, EXC_NotImplementedError, "einsum(): result has too many dimensions");
  Tmp T = {0};
  Value out = dwV_null();
  /* a subscript repeated within one operand takes its diagonal */
  Tensor *opt[8] = {0};
  for (int k = 0; k < nops; k++) {
    opt[k] = TEN(opv[k]);
    if (!ein_diagonals(I, &T, &opt[k], &ein[k], k)) goto done;
  }
  /* contract left to right */
  Tensor *acc = opt[0];
  EinOp al = ein[0];
  for (int k = 1; k < nops; k++) {
    bool keep[EIN_MAX] = {0};
    for (int j = 0; j < nout; j++) keep[outl[j]] = true;
    for (int m = k + 1; m < nops; m++)
      for (int j = 0; j < ein[m].n; j++) keep[ein[m].lab[j]] = true;
    EinOp rl;
    EinOp bl = ein[k];
    acc = ein_pair(I, &T, acc, &al, opt[k], &bl, keep, &rl);
    if (!acc) goto done;
    al = rl;
  }
  /* sum what is left over, then permute into the output order */
  {
    bool keep[EIN_MAX] = {0};
    for (int j = 0; j < nout; j++) keep[outl[j]] = true;
    int64_t sumd[DW_MAXDIM];
    int ns = 0;
    for (int j = 0; j < al.n; j++)
      if (!keep[al.lab[j]]) sumd[ns++] = j;
    if (ns) {
      acc = tpush(I, &T, reduce(I, OP_SUM, acc, sumd, ns, false));
      if (!acc) goto done;
      EinOp nl = {0};
      for (int j = 0, s = 0; j < al.n; j++) {
        if (s < ns && sumd[s] == j) {
          s++;
          continue;
        }
        if (nl.n < DW_MAXDIM) nl.lab[nl.n++] = al.lab[j];
      }
      al = nl;
    }
    int64_t perm[DW_MAXDIM];
    bool ident = true;
    for (int j = 0; j < nout; j++)
      for (int i = 0; i < al.n; i++)
        if (al.lab[i] == outl[j]) {
          perm[j] = i;
          ident &= i == j;
        }
    if (!ident) acc = tc_permute(I, &T, acc, perm);
    /* a result that is an operand itself (einsum("ij", x)) is a new tensor */
    if (acc && acc == TEN(opv[0])) acc = tc_op1(I, &T, OP_CLONE, acc, NULL);
    if (acc) out = ttake(&T, acc);
  }
done:
  tmp_free(I, &T);
  return out;
}

/* ------------------------------------------------------------------ */
/* masked_fill, tril / triu                                            */
/* ------------------------------------------------------------------ */

static Value masked_fill(Interp *I, Tensor *x, Tensor *mask, Value value, bool inplace) {
  if (mask->dtype != DT_BOOL)
    return dwI_raise(I, EXC_RuntimeError,
                     "masked_fill_ only supports boolean masks, but got mask with dtype %s",
                     mask->dtype == DT_I64 ? "long int" : mask->dtype == DT_I32 ? "int" : "float");
  Tmp T = {0};
  Tensor *fill = NULL;
  if (value.t == V_TENSOR) {
    Tensor *vt = TEN(value);
    if (vt->ndim != 0) {
      Value err_ = dwI_raise(I, EXC_RuntimeError,
                       "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                       "%d dimension(s).",
                       vt->ndim); /* the message may read T's tensors */
      tmp_free(I, &T);
      return err_;
    }
    fill = vt->dtype == x->dtype ? vt : tpush(I, &T, cast_to(I, vt, x->dtype));
  } else {
    double d;
    if (!dwL_float(I, value, "value", &d)) return dwV_null();
    if (!dwT_is_float(x->dtype) && value.t == V_FLOAT && !isfinite(d))
      return dwI_raise(I, EXC_RuntimeError, "value cannot be converted to type %s without overflow",
                       x->dtype == DT_I64 ? "int64_t" : x->dtype == DT_I32 ? "int32_t" : "bool");
    fill = tscalar(I, &T, (DType)x->dtype, d);
  }
  Tensor *in[3] = {mask, fill, x};
  Tensor *r = fill ? tpush(I, &T, op(I, OP_WHERE, 3, in, NULL)) : NULL;
  Value out = dwV_null();
  if (r && inplace) {
    out = dwL_assign_inplace(I, x, ttake(&T, r));
  } else if (r) {
    /* where() promotes a 0-d fill with x; masked_fill keeps x's dtype */
    if (r->dtype != x->dtype) r = tpush(I, &T, cast_to(I, r, x->dtype));
    if (r) out = ttake(&T, r);
  }
  tmp_free(I, &T);
  return out;
}

BI(o_masked_fill) {
  Value v[3];
  bool inplace = def->data == 1;
  const char *n = inplace ? "masked_fill_" : "masked_fill";
  if (!dwL_bind(I, n, self, a, "input,mask,value", v, 3)) return dwV_null();
  Tensor *x = targ(I, v[0], n, "input"), *m = x ? targ(I, v[1], n, "mask") : NULL;
  if (!m) return dwV_null();
  if (v[2].t == V_NULL) return dwI_raise(I, EXC_TypeError, "%s() missing required argument 'value'", n);
  return masked_fill(I, x, m, v[2], inplace);
}

/* tril (data 0) / triu (data 1) */
BI(o_tri) {
  Value v[2];
  bool upper = def->data == 1;
  const char *n = upper ? "triu" : "tril";
  if (!dwL_bind(I, n, self, a, "input,diagonal", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], n, "input");
  int64_t k;
  if (!x || !int_arg(I, v[1], "diagonal", 0, &k)) return dwV_null();
  if (x->ndim < 2)
    return dwI_raise(I, EXC_RuntimeError, "%s: input tensor must have at least 2 dimensions", n);
  int64_t R = x->shape[x->ndim - 2], C = x->shape[x->ndim - 1];
  Tmp T = {0};
  /* keep (i, j) when j - i <= k (tril) / j - i >= k (triu) */
  Tensor *ci = tc_arange(I, &T, C, 0, 1, DT_I64);
  int64_t rs[2] = {R, 1};
  Tensor *ri = ci ? tc_arange(I, &T, R, 0, 1, DT_I64) : NULL;
  Tensor *ric = ri ? tc_reshape(I, &T, ri, rs, 2) : NULL;
  Tensor *d = ric ? tc_op2(I, &T, OP_SUB, ci, ric) : NULL;
  Tensor *ks = d ? tscalar(I, &T, DT_I64, (double)k) : NULL;
  Tensor *keep = ks ? tc_op2(I, &T, upper ? OP_GE : OP_LE, d, ks) : NULL;
  Tensor *z = keep ? tscalar(I, &T, (DType)x->dtype, 0) : NULL;
  Tensor *in[3] = {keep, x, z};
  Tensor *r = z ? tpush(I, &T, op(I, OP_WHERE, 3, in, NULL)) : NULL;
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* ------------------------------------------------------------------ */
/* split, chunk, narrow, repeat, roll                                  */
/* ------------------------------------------------------------------ */

/* Slices of x along dim with the given sizes, as a tuple of views. */
static Value split_sizes(Interp *I, Tensor *x, int d, const int64_t *sizes, int64_t n) {
  Value *items = calloc((size_t)(n ? n : 1), sizeof(Value));
  if (!items) return dwI_raise(I, EXC_MemoryError, "out of memory");
  int64_t pos = 0;
  for (int64_t k = 0; k < n; k++) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = d;
    at.i[1] = pos;
    at.i[2] = pos + sizes[k];
    at.i[3] = 1;
    at.ni = 4;
    items[k] = op1(I, OP_SLICE, x, &at);
    if (items[k].t == V_NULL) {
      for (int64_t j = 0; j < k; j++) drop(I, items[j]);
      free(items);
      return dwV_null();
    }
    pos += sizes[k];
  }
  Value r = tuple_of(I, items, (int)n, NULL);
  free(items);
  return r;
}

BI(o_split) {
  Value v[3];
  if (!dwL_bind(I, "split", self, a, "tensor,split_size_or_sections,dim", v, 3)) return dwV_null();
  for (int k = 0; k < a->nkw; k++)
    if (!strcmp(a->kw[k].name->s, "split_size")) v[1] = a->kw[k].v;
  Tensor *x = targ(I, v[0], "split", "tensor");
  int64_t dim;
  if (!x || !int_arg(I, v[2], "dim", 0, &dim) || !check_dim(I, dim, x->ndim)) return dwV_null();
  if (x->ndim == 0) return dwI_raise(I, EXC_RuntimeError, "split expects at least a 1-dimensional tensor");
  int d = (int)norm_dim(dim, x->ndim);
  int64_t size = x->shape[d];
  if (v[1].t == V_LIST || v[1].t == V_TUPLE) {
    int64_t n = v[1].t == V_LIST ? ((List *)OBJ(v[1]))->len : ((Tuple *)OBJ(v[1]))->len;
    Value *it = v[1].t == V_LIST ? ((List *)OBJ(v[1]))->items : ((Tuple *)OBJ(v[1]))->items;
    int64_t *sz = calloc((size_t)(n ? n : 1), sizeof(int64_t)), sum = 0;
    if (!sz) return dwI_raise(I, EXC_MemoryError, "out of memory");
    for (int64_t k = 0; k < n; k++) {
      if (!dwL_int(I, it[k], "split_sizes", &sz[k])) {
        free(sz);
        return dwV_null();
      }
      if (sz[k] < 0) {
        free(sz);
        return dwI_raise(I, EXC_RuntimeError,
                         "split_with_sizes expects split_sizes have only non-negative entries, "
                         "but got split_sizes=[...]");
      }
      sum += sz[k];
    }
    if (sum != size) {
      char buf[256];
      size_t o = 0;
      o += (size_t)snprintf(buf + o, sizeof buf - o, "[");
      for (int64_t k = 0; k < n && o < sizeof buf - 24; k++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%lld", k ? ", " : "", (long long)sz[k]);
      snprintf(buf + o, sizeof buf - o, "]");
      free(sz);
      return dwI_raise(I, EXC_RuntimeError,
                       "split_with_sizes expects split_sizes to sum exactly to %lld (input tensor's "
                       "size at dimension %d), but got split_sizes=%s",
                       (long long)size, d, buf);
    }
    Value r = split_sizes(I, x, d, sz, n);
    free(sz);
    return r;
  }
  int64_t ss;
  if (!dwL_int(I, v[1], "split_size", &ss)) return dwV_null();
  if (ss < 0) return dwI_raise(I, EXC_RuntimeError, "split expects split_size be non-negative, but got split_size=%lld", (long long)ss);
  if (ss == 0 && size != 0)
    return dwI_raise(I, EXC_RuntimeError, "split_size can only be 0 if dimension size is 0, but got dimension size of %lld", (long long)size);
  int64_t n = ss == 0 ? 1 : (size + ss - 1) / ss;
  if (n == 0) n = 1;
  int64_t *sz = calloc((size_t)n, sizeof(int64_t));
  if (!sz) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < n; k++) sz[k] = k + 1 < n ? ss : size - ss * (n - 1);
  Value r = split_sizes(I, x, d, sz, n);
  free(sz);
  return r;
}

BI(o_chunk) {
  Value v[3];
  if (!dwL_bind(I, "chunk", self, a, "input,chunks,dim", v, 3)) return dwV_null();
  Tensor *x = targ(I, v[0], "chunk", "input");
  int64_t chunks, dim;
  if (!x || !dwL_int(I, v[1], "chunks", &chunks) || !int_arg(I, v[2], "dim", 0, &dim)) return dwV_null();
  if (x->ndim == 0) return dwI_raise(I, EXC_RuntimeError, "chunk expects at least a 1-dimensional tensor");
  if (chunks <= 0) return dwI_raise(I, EXC_RuntimeError, "chunk expects `chunks` to be greater than 0, got: %lld", (long long)chunks);
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  int d = (int)norm_dim(dim, x->ndim);
  int64_t size = x->shape[d];
  int64_t ss = (size + chunks - 1) / chunks;
  int64_t n = ss == 0 ? (size == 0 ? chunks : 1) : (size + ss - 1) / ss;
  if (ss == 0 && size == 0) n = chunks; /* chunks of an empty dim are empty */
  int64_t *sz = calloc((size_t)(n ? n : 1), sizeof(int64_t));
  if (!sz) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < n; k++) sz[k] = ss == 0 ? 0 : (k + 1 < n ? ss : size - ss * (n - 1));
  Value r = split_sizes(I, x, d, sz, n);
  free(sz);
  return r;
}

BI(o_narrow) {
  Value v[4];
  if (!dwL_bind(I, "narrow", self, a, "input,dim,start,length", v, 4)) return dwV_null();
  Tensor *x = targ(I, v[0], "narrow", "input");
  int64_t dim, start, len;
  if (!x || !dwL_int(I, v[1], "dim", &dim) || !dwL_int(I, v[2], "start", &start) ||
      !dwL_int(I, v[3], "length", &len))
    return dwV_null();
  if (x->ndim == 0) return dwI_raise(I, EXC_RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
  if (len < 0) return dwI_raise(I, EXC_RuntimeError, "narrow(): length must be non-negative.");
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  int d = (int)norm_dim(dim, x->ndim);
  int64_t size = x->shape[d];
  if (start < -size || start > size)
    return dwI_raise(I, EXC_IndexError,
                     "start out of range (expected to be in range of [%lld, %lld], but got %lld)",
                     (long long)-size, (long long)size, (long long)start);
  if (start < 0) start += size;
  if (start > size - len)
    return dwI_raise(I, EXC_RuntimeError, "start (%lld) + length (%lld) exceeds dimension size (%lld).",
                     (long long)start, (long long)len, (long long)size);
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = d;
  at.i[1] = start;
  at.i[2] = start + len;
  at.i[3] = 1;
  at.ni = 4;
  return op1(I, OP_SLICE, x, &at);
}

BI(o_repeat) {
  Value x0 = self;
  int skip = 0;
  if (x0.t == V_NULL) {
    if (a->n < 1 || a->v[0].t != V_TENSOR) return dwI_raise(I, EXC_TypeError, "repeat(): argument 'input' must be Tensor");
    x0 = a->v[0];
    skip = 1;
  }
  (void)def;
  Tensor *x = TEN(x0);
  int64_t rep[DW_MAXDIM];
  int nr;
  Args rest = {a->n - skip, a->v + skip, a->nkw, a->kw};
  for (int k = 0; k < rest.nkw; k++)
    if (strcmp(rest.kw[k].name->s, "repeats"))
      return dwI_raise(I, EXC_TypeError, "repeat() got an unexpected keyword argument '%s'", rest.kw[k].name->s);
  if (rest.nkw == 1 && !strcmp(rest.kw[0].name->s, "repeats")) {
    if (!sizes_from(I, &rest.kw[0].v, 1, rep, &nr)) return dwV_null();
  } else if (!sizes_from(I, rest.v, rest.n, rep, &nr)) {
    return dwV_null();
  }
  if (nr < x->ndim)
    return dwI_raise(I, EXC_RuntimeError,
                     "Number of dimensions of repeat dims can not be smaller than number of "
                     "dimensions of tensor");
  /* TensorShape.cpp repeat: at::empty(target_size) checks the sizes
   * (EmptyTensor.cpp check_size_nonnegative names the first negative one
   * and the whole target size) */
  {
    int64_t tgt[DW_MAXDIM];
    int bad = -1;
    for (int k = 0; k < nr; k++) {
      tgt[k] = (k < nr - x->ndim ? 1 : x->shape[k - (nr - x->ndim)]) * rep[k];
      if (tgt[k] < 0 && bad < 0) bad = k;
    }
    if (bad >= 0) {
      char sb[256];
      return dwI_raise(I, EXC_RuntimeError, "Trying to create tensor with negative dimension %lld: %s",
                       (long long)tgt[bad], dwT_shape_str(sb, sizeof sb, nr, tgt));
    }
    for (int k = 0; k < nr; k++)
      if (rep[k] < 0) rep[k] = 0; /* a negative repeat of a size-0 dim: size 0 */
  }
  if (2 * nr > DW_MAXDIM)
    return dwI_raise(I, EXC_NotImplementedError, "repeat() of more than %d dims is not supported", DW_MAXDIM / 2);
  /* x viewed as [1, s0, 1, s1, ...], expanded to [r0, s0, r1, s1, ...],
   * then merged pairwise */
  int pad = nr - x->ndim;
  int64_t s1[DW_MAXDIM], s2[DW_MAXDIM], s3[DW_MAXDIM];
  for (int k = 0; k < nr; k++) {
    int64_t s = k < pad ? 1 : x->shape[k - pad];
    s1[2 * k] = 1;
    s1[2 * k + 1] = s;
    s2[2 * k] = rep[k];
    s2[2 * k + 1] = s;
    s3[k] = rep[k] * s;
  }
  Tmp T = {0};
  Tensor *v1 = tc_reshape(I, &T, x, s1, 2 * nr);
  Tensor *v2 = v1 ? tc_expand(I, &T, v1, s2, 2 * nr) : NULL;
  Tensor *v3 = v2 ? tc_op1(I, &T, OP_CLONE, v2, NULL) : NULL;
  Tensor *r = v3 ? tc_reshape(I, &T, v3, s3, nr) : NULL;
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* x rolled by `shift` along dim d: cat(x[-s:], x[:-s]) */
static Tensor *roll1(Interp *I, Tmp *T, Tensor *x, int d, int64_t shift) {
  int64_t n = x->shape[d];
  if (n == 0) return x;
  int64_t s = ((shift % n) + n) % n;
  if (s == 0) return tc_op1(I, T, OP_CLONE, x, NULL);
  Tensor *a1 = tc_slice(I, T, x, d, n - s, n, 1);
  Tensor *a2 = a1 ? tc_slice(I, T, x, d, 0, n - s, 1) : NULL;
  if (!a2) return NULL;
  Tensor *in[2] = {a1, a2};
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = d;
  at.ni = 1;
  return tpush(I, T, op(I, OP_CAT, 2, in, &at));
}

BI(o_roll) {
  Value v[3];
  if (!dwL_bind(I, "roll", self, a, "input,shifts,dims", v, 3)) return dwV_null();
  Tensor *x = targ(I, v[0], "roll", "input");
  if (!x) return dwV_null();
  OpAttrs sh, dm;
  memset(&sh, 0, sizeof sh);
  memset(&dm, 0, sizeof dm);
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "roll() missing required argument 'shifts'");
  if (!dims_from(I, v[1], &sh) || !dims_from(I, v[2], &dm)) return dwV_null();
  (void)def;
  Tmp T = {0};
  Tensor *r = NULL;
  if (dm.ni == 0) {
    if (sh.ni != 1) {
      return dwI_raise(I, EXC_RuntimeError, "`shifts` required");
    }
    int64_t n = dwT_numel(x), s0[1] = {n};
    Tensor *f = tc_reshape(I, &T, x, s0, 1);
    Tensor *rr = f ? roll1(I, &T, f, 0, sh.i[0]) : NULL;
    r = rr ? tc_reshape(I, &T, rr, x->shape, x->ndim) : NULL;
  } else {
    if (sh.ni != dm.ni) {
      Value err_ = dwI_raise(I, EXC_RuntimeError, "shifts and dimensions must align. shifts: %d, dims:%d", sh.ni, dm.ni); /* the message may read T's tensors */
      tmp_free(I, &T);
      return err_;
    }
    r = x;
    for (int k = 0; k < dm.ni && r; k++) {
      if (!check_dim(I, dm.i[k], x->ndim)) {
        r = NULL;
        break;
      }
      r = roll1(I, &T, r, (int)norm_dim(dm.i[k], x->ndim), sh.i[k]);
    }
  }
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* ------------------------------------------------------------------ */
/* gather, take_along_dim, index_select, flip, indexing by a tensor    */
/* ------------------------------------------------------------------ */

/* OP_GATHER of x along d by idx (idx of x's ndim) */
static Tensor *t_gather(Interp *I, Tmp *T, Tensor *x, int64_t d, Tensor *idx, GatherKind kind) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = d;
  at.ni = 1;
  at.flag = (uint8_t)kind;
  Tensor *in[2] = {x, idx};
  return tpush(I, T, op(I, OP_GATHER, 2, in, &at));
}

BI(o_gather) {
  Value v[4];
  if (!dwL_bind(I, "gather", self, a, "input,dim,index,sparse_grad", v, 4)) return dwV_null();
  Tensor *x = targ(I, v[0], "gather", "input");
  int64_t dim;
  if (!x || !dwL_int(I, v[1], "dim", &dim)) return dwV_null();
  Tensor *idx = targ(I, v[2], "gather", "index");
  if (!idx) return dwV_null();
  (void)def;
  Tmp T = {0};
  Tensor *r = t_gather(I, &T, x, dim, idx, GK_GATHER);
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

BI(o_take_along_dim) {
  Value v[3];
  if (!dwL_bind(I, "take_along_dim", self, a, "input,indices,dim", v, 3)) return dwV_null();
  Tensor *x = targ(I, v[0], "take_along_dim", "input");
  Tensor *idx = x ? targ(I, v[1], "take_along_dim", "indices") : NULL;
  if (!idx) return dwV_null();
  (void)def;
  if (idx->dtype != DT_I64 && idx->dtype != DT_I32)
    return dwI_raise(I, EXC_RuntimeError,
                     "torch.take_along_dim(): dtype of indices should be int but got %s instead",
                     dwT_scalar_name((DType)idx->dtype));
  Tmp T = {0};
  Tensor *r = NULL;
  if (v[2].t == V_NULL || v[2].t == V_NONE) {
    int64_t n1 = dwT_numel(x), n2 = dwT_numel(idx);
    Tensor *xf = tc_reshape(I, &T, x, &n1, 1);
    Tensor *ifl = xf ? tc_reshape(I, &T, idx, &n2, 1) : NULL;
    Tensor *il = ifl && ifl->dtype != DT_I64 ? tpush(I, &T, cast_to(I, ifl, DT_I64)) : ifl;
    r = il ? t_gather(I, &T, xf, 0, il, GK_GATHER) : NULL;
  } else {
    int64_t dim;
    if (!dwL_int(I, v[2], "dim", &dim) || !check_dim(I, dim, x->ndim)) {
      tmp_free(I, &T);
      return dwV_null();
    }
    if (x->ndim != idx->ndim) {
      Value err_ = dwI_raise(I, EXC_RuntimeError,
                       "torch.take_along_dim(): input and indices should have the same number of "
                       "dimensions, but got %d dimensions for input, and %d dimensions for indices",
                       x->ndim, idx->ndim); /* the message may read T's tensors */
      tmp_free(I, &T);
      return err_;
    }
    int d = (int)norm_dim(dim, x->ndim);
    /* broadcast the other dims */
    int64_t sx[DW_MAXDIM], si[DW_MAXDIM];
    bool ok = true;
    for (int k = 0; k < x->ndim; k++) {
      int64_t p = x->shape[k], q = idx->shape[k];
      if (k == d) {
        sx[k] = p;
        si[k] = q;
        continue;
      }
      if (p != q && p != 1 && q != 1) ok = false;
      sx[k] = si[k] = p == 1 ? q : p;
    }
    if (!ok) {
      Value err_ = dwI_raise(I, EXC_RuntimeError, "shape mismatch: indices and input do not broadcast"); /* the message may read T's tensors */
      tmp_free(I, &T);
      return err_;
    }
    Tensor *xe = tc_expand(I, &T, x, sx, x->ndim);
    Tensor *ie = xe ? tc_expand(I, &T, idx, si, idx->ndim) : NULL;
    Tensor *il = ie && ie->dtype != DT_I64 ? tpush(I, &T, cast_to(I, ie, DT_I64)) : ie;
    r = il ? t_gather(I, &T, xe, d, il, GK_GATHER) : NULL;
  }
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* x indexed along dim d by a 1-d (or 0-d) int index: the index viewed
 * along d and expanded over the other dims, then one gather */
static Tensor *select_along(Interp *I, Tmp *T, Tensor *x, int d, Tensor *idx, GatherKind kind) {
  int64_t K = idx->ndim ? idx->shape[0] : 1;
  int64_t vs[DW_MAXDIM], es[DW_MAXDIM];
  for (int k = 0; k < x->ndim; k++) {
    vs[k] = k == d ? K : 1;
    es[k] = k == d ? K : x->shape[k];
  }
  Tensor *iv = tc_reshape(I, T, idx, vs, x->ndim);
  Tensor *ie = iv ? tc_expand(I, T, iv, es, x->ndim) : NULL;
  return ie ? t_gather(I, T, x, d, ie, kind) : NULL;
}

BI(o_index_select) {
  Value v[3];
  if (!dwL_bind(I, "index_select", self, a, "input,dim,index", v, 3)) return dwV_null();
  Tensor *x = targ(I, v[0], "index_select", "input");
  int64_t dim;
  if (!x || !dwL_int(I, v[1], "dim", &dim)) return dwV_null();
  Tensor *idx = targ(I, v[2], "index_select", "index");
  if (!idx) return dwV_null();
  (void)def;
  if (idx->ndim > 1)
    return dwI_raise(I, EXC_IndexError, "index_select(): Index is supposed to be a vector");
  if (idx->dtype != DT_I64 && idx->dtype != DT_I32)
    return dwI_raise(I, EXC_RuntimeError, "index_select(): Expected dtype int32 or int64 for index");
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  Tmp T = {0};
  Tensor *r;
  if (x->ndim == 0) { /* a 0-d input: index 0 only */
    int64_t one = 1;
    Tensor *x1 = tc_reshape(I, &T, x, &one, 1);
    Tensor *g = x1 ? select_along(I, &T, x1, 0, idx, GK_INDEX_SELECT) : NULL;
    int64_t none[1] = {0};
    r = g && idx->ndim == 0 ? tc_reshape(I, &T, g, none, 0) : g;
  } else {
    r = select_along(I, &T, x, (int)norm_dim(dim, x->ndim), idx, GK_INDEX_SELECT);
  }
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

BI(o_flip) {
  Value x0 = self;
  int skip = 0;
  if (x0.t == V_NULL) {
    if (a->n < 1 || a->v[0].t != V_TENSOR) return dwI_raise(I, EXC_TypeError, "flip(): argument 'input' must be Tensor");
    x0 = a->v[0];
    skip = 1;
  }
  (void)def;
  Tensor *x = TEN(x0);
  int64_t dims[DW_MAXDIM];
  int nd;
  Args rest = {a->n - skip, a->v + skip, a->nkw, a->kw};
  for (int k = 0; k < rest.nkw; k++)
    if (strcmp(rest.kw[k].name->s, "dims"))
      return dwI_raise(I, EXC_TypeError, "flip() got an unexpected keyword argument '%s'", rest.kw[k].name->s);
  if (rest.n + rest.nkw == 0)
    return dwI_raise(I, EXC_TypeError, "flip() missing 1 required positional arguments: \"dims\"");
  if (rest.nkw == 1 && !strcmp(rest.kw[0].name->s, "dims")) {
    if (!sizes_from(I, &rest.kw[0].v, 1, dims, &nd)) return dwV_null();
  } else if (!sizes_from(I, rest.v, rest.n, dims, &nd)) {
    return dwV_null();
  }
  bool seen[DW_MAXDIM] = {0};
  for (int k = 0; k < nd; k++) {
    if (!check_dim(I, dims[k], x->ndim)) return dwV_null();
    int d = (int)norm_dim(dims[k], x->ndim);
    if (seen[d]) return dwI_raise(I, EXC_RuntimeError, "dim %d appears multiple times in the list of dims", d);
    seen[d] = true;
  }
  Tmp T = {0};
  Tensor *r = x;
  for (int d = 0; d < x->ndim && r; d++) {
    if (!seen[d] || x->shape[d] <= 1) continue;
    Tensor *idx = tc_arange(I, &T, x->shape[d], (double)(x->shape[d] - 1), -1, DT_I64);
    r = idx ? select_along(I, &T, r, d, idx, GK_GATHER) : NULL;
  }
  if (r == x) r = tc_op1(I, &T, OP_CLONE, x, NULL);
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

Value dwO_index_tensor(Interp *I, Tensor *x, Tensor *idx) {
  if (x->ndim == 0) return dwI_raise(I, EXC_IndexError, "too many indices for tensor of dimension 0");
  if (idx->ndim + x->ndim - 1 > DW_MAXDIM)
    return dwI_raise(I, EXC_NotImplementedError, "tensors with more than %d dimensions are not supported", DW_MAXDIM);
  /* x as [N, R], the index flattened to [K] -> [K, R] -> idx.shape + x.shape[1:] */
  int64_t R = 1, K = dwT_numel(idx);
  for (int k = 1; k < x->ndim; k++) R *= x->shape[k];
  int64_t s2[2] = {x->shape[0], R}, k1[2] = {K, 1}, kr[2] = {K, R};
  int64_t os[DW_MAXDIM];
  int no = 0;
  for (int k = 0; k < idx->ndim; k++) os[no++] = idx->shape[k];
  for (int k = 1; k < x->ndim; k++) os[no++] = x->shape[k];
  Tmp T = {0};
  Tensor *x2 = tc_reshape(I, &T, x, s2, 2);
  Tensor *i1 = x2 ? tc_reshape(I, &T, idx, k1, 2) : NULL;
  Tensor *ie = i1 ? tc_expand(I, &T, i1, kr, 2) : NULL;
  Tensor *g = ie ? t_gather(I, &T, x2, 0, ie, GK_INDEX) : NULL;
  Tensor *r = g ? tc_reshape(I, &T, g, os, no) : NULL;
  Value out = r ? ttake(&T, r) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* ------------------------------------------------------------------ */
/* cumsum, sort / argsort / topk, scatter / scatter_add                */
/* ------------------------------------------------------------------ */

/* x with dim d moved last (a view) and the permutation back */
static Tensor *dim_last(Interp *I, Tmp *T, Tensor *x, int d, int64_t *inv) {
  int64_t perm[DW_MAXDIM];
  int n = 0;
  for (int k = 0; k < x->ndim; k++)
    if (k != d) perm[n++] = k;
  perm[n] = d;
  for (int k = 0; k < x->ndim; k++) inv[perm[k]] = k;
  if (d == x->ndim - 1) return x;
  return tc_permute(I, T, x, perm);
}
static Tensor *dim_back(Interp *I, Tmp *T, Tensor *x, int d, const int64_t *inv) {
  if (d == x->ndim - 1) return x;
  return tc_permute(I, T, x, inv);
}

/* cumsum by doubling steps: y += y shifted by 1, 2, 4, ... along d
 * (log2(n) fused steps; the order of additions is a tree, not PyTorch's
 * sequential one: floats may differ in the last bits) */
BI(o_cumsum) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "cumsum", self, a, "input,dim,dtype", v, 3)) return dwV_null();
  Tensor *x = targ(I, v[0], "cumsum", "input");
  int64_t dim;
  int dt = -1;
  if (!x) return dwV_null();
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "cumsum() missing 1 required positional arguments: \"dim\"");
  if (!dwL_int(I, v[1], "dim", &dim) || !get_dtype(I, v[2], &dt) || !check_dim(I, dim, x->ndim)) return dwV_null();
  if (dt < 0) dt = dwT_is_float(x->dtype) ? x->dtype : DT_I64;
  Tmp T = {0};
  Tensor *y = x->dtype == dt ? x : tpush(I, &T, cast_to(I, x, dt));
  if (y && y->ndim == 0) {
    Value out = ttake(&T, y == x ? tc_op1(I, &T, OP_CLONE, x, NULL) : y);
    tmp_free(I, &T);
    return out;
  }
  int d = y ? (int)norm_dim(dim, y->ndim) : 0;
  int64_t n = y ? y->shape[d] : 0;
  for (int64_t s = 1; y && s < n; s *= 2) {
    int64_t zs[DW_MAXDIM];
    memcpy(zs, y->shape, sizeof zs);
    zs[d] = s;
    Tensor *z = tpush(I, &T, dwL_full(I, zs, y->ndim, 0, (DType)dt));
    Tensor *head = z ? tc_slice(I, &T, y, d, 0, n - s, 1) : NULL;
    Tensor *in[2] = {z, head};
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = d;
    at.ni = 1;
    Tensor *sh = head ? tpush(I, &T, op(I, OP_CAT, 2, in, &at)) : NULL;
    y = sh ? tc_op2(I, &T, OP_ADD, y, sh) : NULL;
  }
  if (y == x) y = tc_op1(I, &T, OP_CLONE, x, NULL);
  Value out = y ? ttake(&T, y) : dwV_null();
  tmp_free(I, &T);
  return out;
}

/* indices of the sorted order along the last dim (OP_ARGSORT: a stable
 * merge sort, eagerly and in compiled kernels) */
static Tensor *sort_indices(Interp *I, Tmp *T, Tensor *x, bool desc) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.flag = desc;
  return tpush(I, T, op(I, OP_ARGSORT, 1, &x, &at));
}

/* sort (data 0), argsort (1), topk (2) */
BI(o_sort) {
  Value v[5];
  int kind = def->data;
  const char *n = kind == 0 ? "sort" : kind == 1 ? "argsort" : "topk";
  if (!dwL_bind(I, n, self, a, kind == 2 ? "input,k,dim,largest,sorted" : "input,dim,descending,stable", v, 5))
    return dwV_null();
  for (int k = 0; k < a->nkw && kind != 2; k++)
    if (!strcmp(a->kw[k].name->s, "stable")) v[3] = a->kw[k].v;
  Tensor *x = targ(I, v[0], n, "input");
  int64_t dim, K = 0;
  bool desc;
  if (!x) return dwV_null();
  if (kind == 2) {
    if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "topk() missing required argument 'k'");
    if (!dwL_int(I, v[1], "k", &K) || !int_arg(I, v[2], "dim", -1, &dim) || !truthy(I, v[3], true, &desc))
      return dwV_null();
  } else if (!int_arg(I, v[1], "dim", -1, &dim) || !truthy(I, v[2], false, &desc)) {
    return dwV_null();
  }
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  if (x->ndim + 1 > DW_MAXDIM)
    return dwI_raise(I, EXC_NotImplementedError, "%s of a %d-d tensor is not supported", n, x->ndim);
  Tmp T = {0};
  bool zd = x->ndim == 0;
  Tensor *x1 = x;
  if (zd) {
    int64_t one = 1;
    x1 = tc_reshape(I, &T, x, &one, 1);
  }
  int d = x1 ? (int)norm_dim(dim, x1->ndim) : 0;
  int64_t size = x1 ? x1->shape[d] : 0;
  if (kind == 2 && (K < 0 || K > size)) {
    Value err_ = dwI_raise(I, EXC_RuntimeError, "selected index k out of range"); /* the message may read T's tensors */
    tmp_free(I, &T);
    return err_;
  }
  int64_t inv[DW_MAXDIM];
  Tensor *xl = x1 ? dim_last(I, &T, x1, d, inv) : NULL;
  Tensor *idx = xl ? sort_indices(I, &T, xl, desc) : NULL;
  if (idx && kind == 2) idx = tc_slice(I, &T, idx, idx->ndim - 1, 0, K, 1);
  Tensor *vals = NULL;
  if (idx && kind != 1) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = -1;
    at.ni = 1;
    Tensor *in[2] = {xl, idx};
    vals = tpush(I, &T, op(I, OP_GATHER, 2, in, &at));
  }
  Tensor *ib = idx ? dim_back(I, &T, idx, d, inv) : NULL;
  Tensor *vb = vals ? dim_back(I, &T, vals, d, inv) : NULL;
  if (ib && zd) {
    int64_t none[1] = {0};
    ib = tc_reshape(I, &T, ib, none, 0);
    vb = vb ? tc_reshape(I, &T, vb, none, 0) : NULL;
  }
  Value out = dwV_null();
  if (ib && kind == 1) {
    out = ttake(&T, ib);
  } else if (ib && vb) {
    Value items[2] = {ttake(&T, vb), ttake(&T, ib)};
    out = tuple_of(I, items, 2, kind == 0 ? "sort" : "topk");
  }
  tmp_free(I, &T);
  return out;
}

/* Eager scatter of real tensors (index already checked): one pass over
 * the index in order, O(numel(index)), as PyTorch's CPU kernel: out[t] =
 * src[p] (the last write wins) or out[t] += src[p], sequentially. */
static Tensor *scatter_eager(Interp *I, Tmp *T, Tensor *x, int d, Tensor *idx, Tensor *src, bool add) {
  Tensor *o = tc_op1(I, T, OP_CLONE, x, NULL); /* contiguous */
  Tensor *ic = o ? dwT_contiguous(&I->c, idx) : NULL;
  if (o && (!ic || !tpush(I, T, tv(ic)))) return ic ? NULL : (dwI_raise_ctx(I), NULL);
  Tensor *sc = ic ? dwT_contiguous(&I->c, src) : NULL;
  if (ic && (!sc || !tpush(I, T, tv(sc)))) return sc ? NULL : (dwI_raise_ctx(I), NULL);
  if (!sc) return NULL;
  int nd = x->ndim;
  int64_t ostr[DW_MAXDIM], pos[DW_MAXDIM] = {0}, n = dwT_numel(idx), s = 1;
  for (int k = nd - 1; k >= 0; k--) {
    ostr[k] = s;
    s *= o->shape[k];
  }
  const int64_t *ix = (const int64_t *)ic->st->data + ic->offset;
  for (int64_t p = 0; p < n; p++) {
    int64_t t = 0, j = ix[p] < 0 ? ix[p] + x->shape[d] : ix[p];
    for (int k = 0; k < nd; k++) t += (k == d ? j : pos[k]) * ostr[k];
    switch (o->dtype) {
#define SC_CASE(DT, CT)                                               \
  case DT: {                                                          \
    CT *od = (CT *)o->st->data + o->offset;                           \
    CT sv = ((const CT *)sc->st->data)[sc->offset + p];               \
    od[t] = add ? (CT)(od[t] + sv) : sv;                              \
    break;                                                            \
  }
      SC_CASE(DT_F32, float)
      SC_CASE(DT_F64, double)
      SC_CASE(DT_I64, int64_t)
      SC_CASE(DT_I32, int32_t)
#undef SC_CASE
    default: {
      uint8_t *od = (uint8_t *)o->st->data + o->offset, sv = ((const uint8_t *)sc->st->data)[sc->offset + p];
      od[t] = add ? (uint8_t)(od[t] | sv) : sv;
    }
    }
    for (int k = nd - 1; k >= 0 && ++pos[k] == idx->shape[k]; k--) pos[k] = 0;
  }
  return o;
}

/* scatter (data 0: assign, the last write wins) / scatter_add (data 1) of
 * src (or a scalar value) into a copy of input along dim at index */
BI(o_scatter) {
  Value v[5];
  bool add = def->data & 1, inplace = def->data & 2;
  const char *n = add ? (inplace ? "scatter_add_" : "scatter_add") : (inplace ? "scatter_" : "scatter");
  if (!dwL_bind(I, n, self, a, "input,dim,index,src,reduce", v, 5)) return dwV_null();
  for (int k = 0; k < a->nkw; k++)
    if (!strcmp(a->kw[k].name->s, "value")) v[3] = a->kw[k].v;
  Tensor *x = targ(I, v[0], n, "input");
  int64_t dim;
  if (!x || !dwL_int(I, v[1], "dim", &dim)) return dwV_null();
  Tensor *idx = targ(I, v[2], n, "index");
  if (!idx) return dwV_null();
  if (v[4].t != V_NULL && v[4].t != V_NONE)
    return dwI_raise(I, EXC_NotImplementedError, "scatter(reduce=...) is not supported; use scatter_reduce");
  if (v[3].t == V_NULL) return dwI_raise(I, EXC_TypeError, "%s() missing required argument 'src'", n);
  Tensor *src = v[3].t == V_TENSOR ? TEN(v[3]) : NULL;
  if (add && !src) return dwI_raise(I, EXC_TypeError, "%s(): argument 'src' must be Tensor, not %s", n, dwV_type_name(v[3]));
  /* TensorAdvancedIndexing.cpp scatter_meta_impl, for every variant: the
   * dim, then scatter_gather_dtype_check("scatter", ...), then
   * scatter_shape_check */
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  if (idx->dtype != DT_I64 && dwT_numel(idx) != 0)
    return dwI_raise(I, EXC_RuntimeError, "scatter(): Expected dtype int64 for index");
  if (src && src->dtype != x->dtype)
    return dwI_raise(I, EXC_RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype");
  int nx = x->ndim ? x->ndim : 1;
  if ((idx->ndim ? idx->ndim : 1) != nx)
    return dwI_raise(I, EXC_RuntimeError, "Index tensor must have the same number of dimensions as self tensor");
  int d = (int)norm_dim(dim, x->ndim);
  char s1[256], s2[256];
  if (src && (src->ndim ? src->ndim : 1) != nx)
    return dwI_raise(I, EXC_RuntimeError, "Index tensor must have the same number of dimensions as src tensor");
  for (int k = 0; k < x->ndim; k++) {
    if (k != d && idx->shape[k] > x->shape[k])
      return dwI_raise(I, EXC_RuntimeError,
                       "Size does not match at dimension %d expected index %s to be smaller than self %s apart from dimension %d",
                       k, shape_text(s1, sizeof s1, idx), shape_text(s2, sizeof s2, x), d);
    if (src && idx->shape[k] > src->shape[k])
      return dwI_raise(I, EXC_RuntimeError,
                       "Size does not match at dimension %d expected index %s to be smaller than src %s",
                       k, shape_text(s1, sizeof s1, idx), shape_text(s2, sizeof s2, src));
    if (k != d && idx->shape[k] != x->shape[k])
      return dwI_raise(I, EXC_NotImplementedError,
                       "%s with an index smaller than self outside dim %d is not supported", n, d);
  }
  if (x->ndim == 0) return dwI_raise(I, EXC_NotImplementedError, "%s of a 0-d tensor is not supported", n);
  Tmp T = {0};
  int64_t N = x->shape[d], K = idx->shape[d];
  /* the index checked against dim's size: a gather of arange(N) */
  int64_t vs[DW_MAXDIM], es[DW_MAXDIM];
  for (int k = 0; k < x->ndim; k++) {
    vs[k] = k == d ? N : 1;
    es[k] = k == d ? N : x->shape[k];
  }
  Tensor *ar = tc_arange(I, &T, N, 0, 1, DT_I64);
  Tensor *arv = ar ? tc_reshape(I, &T, ar, vs, x->ndim) : NULL;
  Tensor *are = arv ? tc_expand(I, &T, arv, es, x->ndim) : NULL;
  Tensor *ich = are ? t_gather(I, &T, are, d, idx, GK_GATHER) : NULL;
  /* the values written: src cut to index's shape, or the scalar */
  Tensor *sv = NULL;
  if (ich && src) {
    sv = src;
    for (int k = 0; k < src->ndim && sv; k++)
      if (src->shape[k] != idx->shape[k]) sv = tc_slice(I, &T, sv, k, 0, idx->shape[k], 1);
  } else if (ich) {
    double val;
    if (!dwL_float(I, v[3], "value", &val)) {
      tmp_free(I, &T);
      return dwV_null();
    }
    Tensor *sc = tscalar(I, &T, (DType)x->dtype, val);
    sv = sc ? tc_expand(I, &T, sc, idx->shape, idx->ndim) : NULL;
  }
  if (sv && x->st && ich->st && sv->st) { /* real tensors: a direct loop */
    Tensor *r = scatter_eager(I, &T, x, d, ich, sv, add);
    Value out = r ? ttake(&T, r) : dwV_null();
    tmp_free(I, &T);
    return inplace && out.t != V_NULL ? dwL_assign_inplace(I, x, out) : out;
  }
  /* with d last: mask[.., t, k] = index[.., k] == t */
  int64_t inv[DW_MAXDIM];
  Tensor *xl = sv ? dim_last(I, &T, x, d, inv) : NULL;
  Tensor *il = xl ? dim_last(I, &T, ich, d, inv) : NULL;
  Tensor *sl = il ? dim_last(I, &T, sv, d, inv) : NULL;
  int nd = x->ndim;
  int64_t s3[DW_MAXDIM], col[2] = {N, 1};
  for (int k = 0; k < nd - 1 && sl; k++) s3[k] = il->shape[k];
  s3[nd - 1] = 1, s3[nd] = K;
  Tensor *i3 = sl ? tc_reshape(I, &T, il, s3, nd + 1) : NULL;     /* [.., 1, K] */
  Tensor *tt = i3 ? tc_arange(I, &T, N, 0, 1, DT_I64) : NULL;
  Tensor *tc = tt ? tc_reshape(I, &T, tt, col, 2) : NULL;         /* [N, 1] */
  Tensor *mask = tc ? tc_op2(I, &T, OP_EQ, i3, tc) : NULL;        /* [.., N, K] */
  Tensor *s3v = mask ? tc_reshape(I, &T, sl, s3, nd + 1) : NULL;  /* [.., 1, K] */
  Tensor *r = NULL;
  int64_t last = -1;
  if (s3v && add) {
    Tensor *z = tscalar(I, &T, (DType)x->dtype, 0);
    Tensor *in3[3] = {mask, s3v, z};
    Tensor *picked = z ? tpush(I, &T, op(I, OP_WHERE, 3, in3, NULL)) : NULL;
    Tensor *sum = picked ? tpush(I, &T, reduce(I, OP_SUM, picked, &last, 1, false)) : NULL;
    if (sum && sum->dtype != x->dtype) sum = tpush(I, &T, cast_to(I, sum, x->dtype));
    r = sum ? tc_op2(I, &T, OP_ADD, xl, sum) : NULL;
  } else if (s3v) {
    /* the last k writing each target */
    Tensor *kk = tc_arange(I, &T, K, 0, 1, DT_I64);
    Tensor *m1 = kk ? tscalar(I, &T, DT_I64, -1) : NULL;
    Tensor *in3[3] = {mask, kk, m1};
    Tensor *kw = m1 ? tpush(I, &T, op(I, OP_WHERE, 3, in3, NULL)) : NULL;
    Tensor *kl = kw && K > 0 ? tpush(I, &T, reduce(I, OP_AMAX, kw, &last, 1, false)) : NULL; /* [.., N] */
    Tensor *z0 = kl ? tscalar(I, &T, DT_I64, 0) : NULL;
    Tensor *has = z0 ? tc_op2(I, &T, OP_GE, kl, z0) : NULL;
    OpAttrs cl;
    memset(&cl, 0, sizeof cl);
    cl.f[0] = 0;
    cl.has_f[0] = 1;
    Tensor *kc = has ? tc_op1(I, &T, OP_CLAMP, kl, &cl) : NULL;
    /* src [.., K] read at kc [.., N]: gather needs equal other dims */
    Tensor *val = NULL;
    if (kc) {
      int64_t ss[DW_MAXDIM];
      for (int k = 0; k < nd - 1; k++) ss[k] = sl->shape[k];
      ss[nd - 1] = K;
      Tensor *s2 = tc_reshape(I, &T, sl, ss, nd);
      /* gather needs the index's dims <= the source's: pad K up to N when N > K */
      if (s2 && N > K) {
        int64_t ps[DW_MAXDIM];
        memcpy(ps, ss, sizeof ps);
        ps[nd - 1] = N - K;
        Tensor *zz = tpush(I, &T, dwL_full(I, ps, nd, 0, (DType)x->dtype));
        Tensor *in2[2] = {s2, zz};
        OpAttrs at;
        memset(&at, 0, sizeof at);
        at.i[0] = nd - 1;
        at.ni = 1;
        s2 = zz ? tpush(I, &T, op(I, OP_CAT, 2, in2, &at)) : NULL;
      }
      val = s2 ? t_gather(I, &T, s2, nd - 1, kc, GK_GATHER) : NULL;
    }
    if (K == 0 && xl) r = tc_op1(I, &T, OP_CLONE, xl, NULL);
    else if (val) {
      Tensor *in3b[3] = {has, val, xl};
      r = tpush(I, &T, op(I, OP_WHERE, 3, in3b, NULL));
    }
  }
  Tensor *rb = r ? dim_back(I, &T, r, d, inv) : NULL;
  if (rb && !dwT_is_contiguous(rb)) rb = tc_op1(I, &T, OP_CLONE, rb, NULL);
  Value out = rb ? ttake(&T, rb) : dwV_null();
  tmp_free(I, &T);
  return inplace && out.t != V_NULL ? dwL_assign_inplace(I, x, out) : out;
}

/* torch.nonzero(input, as_tuple=False): the indices of the nonzero
 * elements, [n, ndim] (as_tuple: one 1-d tensor per dim). The output
 * shape depends on the data: a graph break while tracing. */
BI(o_nonzero) {
  Value v[2];
  (void)def;
  /* nonzero(input, *, as_tuple=False): as_tuple only by keyword */
  int npos = (self.t != V_NULL) + a->n;
  if (npos > 1)
    return dwI_raise(I, EXC_TypeError, "nonzero() takes 1 positional argument but %d were given", npos);
  if (!dwL_bind(I, "nonzero", self, a, "input,as_tuple", v, 2)) return dwV_null();
  Tensor *x = targ(I, v[0], "nonzero", "input");
  bool tup;
  if (!x || !truthy(I, v[1], false, &tup)) return dwV_null();
  if (dwR_tracing(I) && !dwR_break_here(I, BR_DATA_DEPENDENT, "torch.nonzero() has a data-dependent output shape"))
    return dwV_null();
  if (!x->st) return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  int64_t n = dwT_numel(x), cnt = 0;
  for (int64_t k = 0; k < n; k++) cnt += dwT_get(x, k) != 0;
  int nd = x->ndim;
  int64_t shape[2] = {cnt, nd};
  Tensor *r = dwT_new(&I->c, DT_I64, 2, shape);
  if (!r) return dwI_raise_ctx(I);
  int64_t row = 0;
  for (int64_t k = 0; k < n; k++) {
    if (dwT_get(x, k) == 0) continue;
    int64_t rem = k;
    for (int d = nd - 1; d >= 0; d--) {
      dwT_set(&I->c, r, row * nd + d, (double)(rem % x->shape[d]));
      rem /= x->shape[d];
    }
    row++;
  }
  if (!tup) return tv(r);
  Value *items = calloc((size_t)(nd ? nd : 1), sizeof(Value));
  if (!items) {
    dwV_decref_o(&I->c, &r->h);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int d = 0; d < nd; d++) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = 1;
    at.i[1] = d;
    at.ni = 2;
    items[d] = op1(I, OP_SELECT, r, &at);
    if (items[d].t == V_NULL) {
      for (int j = 0; j < d; j++) drop(I, items[j]);
      free(items);
      dwV_decref_o(&I->c, &r->h);
      return dwV_null();
    }
  }
  dwV_decref_o(&I->c, &r->h);
  Value out = tuple_of(I, items, nd, NULL);
  free(items);
  return out;
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

const BuiltinDef dwO_torch_defs[] = {
    {"torch.round", o_round, TK_TENSOR, 0, 0},
    {"torch.clamp_min", o_clamp_side, TK_TENSOR, 0, 0},
    {"torch.clamp_max", o_clamp_side, TK_TENSOR, 1, 0},
    {"torch.bmm", o_bmm, TK_TENSOR, 0, 0},
    {"torch.baddbmm", o_baddbmm, TK_TENSOR, 0, 0},
    {"torch.einsum", o_einsum, TK_TENSOR, 0, 0},
    {"torch.masked_fill", o_masked_fill, TK_TENSOR, 0, 0},
    {"torch.tril", o_tri, TK_TENSOR, 0, 0},
    {"torch.triu", o_tri, TK_TENSOR, 1, 0},
    {"torch.split", o_split, TK_TENSOR, 0, 0},
    {"torch.chunk", o_chunk, TK_TENSOR, 0, 0},
    {"torch.narrow", o_narrow, TK_TENSOR, 0, 0},
    {"torch.roll", o_roll, TK_TENSOR, 0, 0},
    {"torch.gather", o_gather, TK_TENSOR, 0, 0},
    {"torch.take_along_dim", o_take_along_dim, TK_TENSOR, 0, 0},
    {"torch.index_select", o_index_select, TK_TENSOR, 0, 0},
    {"torch.flip", o_flip, TK_TENSOR, 0, 0},
    {"torch.cumsum", o_cumsum, TK_TENSOR, 0, 0},
    {"torch.sort", o_sort, TK_TENSOR, 0, 0},
    {"torch.argsort", o_sort, TK_TENSOR, 1, 0},
    {"torch.topk", o_sort, TK_TENSOR, 2, 0},
    {"torch.scatter", o_scatter, TK_TENSOR, 0, 0},
    {"torch.scatter_add", o_scatter, TK_TENSOR, 1, 0},
    {"torch.nonzero", o_nonzero, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* x.type(): the legacy type name ("torch.FloatTensor"), a constant while
 * tracing too (Dynamo's method_type); x.type(dtype) or x.type("torch.
 * DoubleTensor"): x cast to it, x itself (a graph node) when it has that
 * dtype (python_variable_methods.cpp THPVariable_type). */
BI(o_type) {
  Value v[3];
  if (!dwL_bind(I, "type", self, a, "self,dtype,non_blocking", v, 3) || !as_tensor_arg(I, v[0], "type", "self"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  int dt = -1;
  if (v[1].t == V_NULL || v[1].t == V_NONE) {
    const char *name = dwT_legacy_name((DType)x->dtype);
    Str *s = dwV_str(&I->c, name, strlen(name));
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  if (v[1].t == V_DTYPE) {
    dt = (int)v[1].u.i;
  } else if (v[1].t == V_STR) {
    for (int k = 0; k < DT_COUNT; k++)
      if (!strcmp(STR(v[1])->s, dwT_legacy_name((DType)k))) dt = k;
    if (dt < 0) return dwI_raise(I, EXC_ValueError, "invalid type: '%s'", STR(v[1])->s);
  } else {
    return dwI_raise(I, EXC_TypeError, "dtype must be a type, str, or dtype object");
  }
  if (x->dtype != dt) return cast_to(I, x, dt);
  return alias_of(I, v[0], AK_TYPE);
}

const BuiltinDef dwO_tensor_methods[] = {
    {"Tensor.type", o_type, TK_TENSOR, 0, 0},
    {"Tensor.round", o_round, TK_TENSOR, 0, 0},
    {"Tensor.clamp_min", o_clamp_side, TK_TENSOR, 0, 0},
    {"Tensor.clamp_max", o_clamp_side, TK_TENSOR, 1, 0},
    {"Tensor.bmm", o_bmm, TK_TENSOR, 0, 0},
    {"Tensor.baddbmm", o_baddbmm, TK_TENSOR, 0, 0},
    {"Tensor.masked_fill", o_masked_fill, TK_TENSOR, 0, 0},
    {"Tensor.masked_fill_", o_masked_fill, TK_TENSOR, 1, 0},
    {"Tensor.tril", o_tri, TK_TENSOR, 0, 0},
    {"Tensor.triu", o_tri, TK_TENSOR, 1, 0},
    {"Tensor.split", o_split, TK_TENSOR, 0, 0},
    {"Tensor.chunk", o_chunk, TK_TENSOR, 0, 0},
    {"Tensor.narrow", o_narrow, TK_TENSOR, 0, 0},
    {"Tensor.repeat", o_repeat, TK_TENSOR, 0, 0},
    {"Tensor.roll", o_roll, TK_TENSOR, 0, 0},
    {"Tensor.gather", o_gather, TK_TENSOR, 0, 0},
    {"Tensor.take_along_dim", o_take_along_dim, TK_TENSOR, 0, 0},
    {"Tensor.index_select", o_index_select, TK_TENSOR, 0, 0},
    {"Tensor.flip", o_flip, TK_TENSOR, 0, 0},
    {"Tensor.cumsum", o_cumsum, TK_TENSOR, 0, 0},
    {"Tensor.sort", o_sort, TK_TENSOR, 0, 0},
    {"Tensor.argsort", o_sort, TK_TENSOR, 1, 0},
    {"Tensor.topk", o_sort, TK_TENSOR, 2, 0},
    {"Tensor.scatter", o_scatter, TK_TENSOR, 0, 0},
    {"Tensor.scatter_add", o_scatter, TK_TENSOR, 1, 0},
    {"Tensor.scatter_", o_scatter, TK_TENSOR, 2, 0},
    {"Tensor.scatter_add_", o_scatter, TK_TENSOR, 3, 0},
    {"Tensor.nonzero", o_nonzero, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};
