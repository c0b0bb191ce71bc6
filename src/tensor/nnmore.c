/* nnmore.c - more of torch.nn.functional and torch.nn: F.interpolate
 * and nn.Upsample (modes nearest, linear, bilinear), the binary
 * cross-entropy losses F.binary_cross_entropy(_with_logits) and
 * nn.BCELoss / nn.BCEWithLogitsLoss. Composites of ops.def primitives
 * (the interpolation's source indices and weights are constants of the
 * graph, computed from the sizes as ATen's CPU kernels compute them).
 * Tables are registered by dwL_torch_init. */
#include "tensor/tensor_impl.h"
#include "tensor/torchlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool none(Value v) {
  return v.t == V_NULL || v.t == V_NONE;
}

static Value finish(Interp *I, Tmp *T, Tensor *r) {
  Value out = r ? ttake(T, r) : dwV_null();
  tmp_free(I, T);
  return out;
}

static Tensor *scal(Interp *I, Tmp *T, Op o, Tensor *x, double s) {
  Tensor *w = tscalar(I, T, DT_F64, s);
  return w ? tc_op2(I, T, o, x, w) : NULL;
}

/* A constant 1-d tensor of n values (a graph constant while tracing) */
static Tensor *const_vec(Interp *I, Tmp *T, DType dt, int64_t n,
                         const double *vals) {
  Tensor *t = dwT_new(&I->c, dt, 1, &n);
  if (!t) {
    dwI_raise_ctx(I);
    return NULL;
  }
  for (int64_t k = 0; k < n; k++)
    dwT_set(&I->c, t, k, vals[k]);
  if (!dwR_tracing(I)) return tpush(I, T, tv(t));
  Value r = dwR_tensor_data(I, t);
  dwV_decref_o(&I->c, &t->h);
  return tpush(I, T, r);
}

/* x's elements idx[k] along dim d (index_select) */
static Tensor *take_along(Interp *I, Tmp *T, Tensor *x, int d, Tensor *idx) {
  int64_t vs[DW_MAXDIM], es[DW_MAXDIM];
  for (int k = 0; k < x->ndim; k++) {
    vs[k] = k == d ? idx->shape[0] : 1;
    es[k] = k == d ? idx->shape[0] : x->shape[k];
  }
  Tensor *iv = tc_reshape(I, T, idx, vs, x->ndim);
  Tensor *ie = iv ? tc_expand(I, T, iv, es, x->ndim) : NULL;
  if (!ie) return NULL;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = d, at.ni = 1, at.flag = GK_INDEX_SELECT;
  Tensor *in[2] = {x, ie};
  return tpush(I, T, op(I, OP_GATHER, 2, in, &at));
}

/* ------------------------------------------------------------------ */
/* F.interpolate                                                       */
/* ------------------------------------------------------------------ */

enum { M_NEAREST, M_LINEAR, M_BILINEAR };

/* One spatial dim d of x resized from n to m: nearest (ATen nearest_idx,
 * float arithmetic) or linear (compute_indices_weights_linear: the
 * source index of area_pixel_compute_source_index, its floor and the
 * next one, weights 1 - l and l). scale: the user's scale factor (0:
 * none). */
static Tensor *resize_dim(Interp *I, Tmp *T, Tensor *x, int d, int64_t m,
                          double scale, int mode, bool ac) {
  int64_t n = x->shape[d];
  double *i0 = malloc(sizeof(double) * (size_t)(m ? m : 1) * 3);
  if (!i0) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return NULL;
  }
  double *i1 = i0 + m, *l1 = i1 + m;
  if (mode == M_NEAREST) {
    float s = scale > 0 ? (float)(1.0 / scale) : (float)n / (float)m;
    for (int64_t k = 0; k < m; k++) {
      int64_t src = m == n       ? k
                    : m == 2 * n ? k >> 1
                                 : (int64_t)floorf((float)k * s);
      i0[k] = (double)(src < n - 1 ? src : n - 1);
    }
    Tensor *ix = const_vec(I, T, DT_I64, m, i0);
    free(i0);
    return ix ? take_along(I, T, x, d, ix) : NULL;
  }
  float s = ac          ? (m > 1 ? (float)(n - 1) / (float)(m - 1) : 0.0f)
            : scale > 0 ? (float)(1.0 / scale)
                        : (float)n / (float)m;
  for (int64_t k = 0; k < m; k++) {
    float src = ac ? s * (float)k : s * ((float)k + 0.5f) - 0.5f;
    if (!ac && src < 0) src = 0;
    int64_t a0 = (int64_t)src;
    float lam = src - (float)a0;
    lam = lam < 0 ? 0 : lam > 1 ? 1 : lam;
    i0[k] = (double)a0;
    i1[k] = (double)(a0 + (a0 < n - 1 ? 1 : 0));
    l1[k] = lam;
  }
  int64_t ws[DW_MAXDIM];
  for (int k = 0; k < x->ndim; k++)
    ws[k] = k == d ? m : 1;
  Tensor *ia = const_vec(I, T, DT_I64, m, i0),
         *ib = ia ? const_vec(I, T, DT_I64, m, i1) : NULL;
  Tensor *lb = ib ? const_vec(I, T, (DType)x->dtype, m, l1) : NULL;
  free(i0);
  Tensor *lbv = lb ? tc_reshape(I, T, lb, ws, x->ndim) : NULL;
  Tensor *la = lbv ? scal(I, T, OP_SUB, lbv, 1) : NULL; /* l - 1 */
  Tensor *xa = la ? take_along(I, T, x, d, ia) : NULL,
         *xb = xa ? take_along(I, T, x, d, ib) : NULL;
  /* xa * (1 - l) + xb * l */
  Tensor *ta = xb ? tc_op2(I, T, OP_MUL, xa, la) : NULL;
  Tensor *tb = ta ? tc_op2(I, T, OP_MUL, xb, lbv) : NULL;
  return tb ? tc_op2(I, T, OP_SUB, tb, ta) : NULL;
}

/* The sizes (size=) or scale factors (scale_factor=) of nsp spatial dims */
static bool spatial_arg(Interp *I, Value v, int nsp, bool ints, double *out,
                        const char *what, int ndim) {
  if (v.t == V_TUPLE || v.t == V_LIST) {
    int n =
        (int)(v.t == V_TUPLE ? ((Tuple *)OBJ(v))->len : ((List *)OBJ(v))->len);
    Value *it =
        v.t == V_TUPLE ? ((Tuple *)OBJ(v))->items : ((List *)OBJ(v))->items;
    if (n != nsp) {
      if (ints) {
        Buf b = {0};
        dwV_repr(&b, v);
        dwI_raise(I, EXC_ValueError,
                  "Input and output must have the same number of spatial "
                  "dimensions, but got input with spatial "
                  "dimensions of [%s] and output size of %s. Please provide "
                  "input tensor in (N, C, d1, d2, ...,dK) "
                  "format and output size in (o1, o2, ...,oK) format.",
                  ndim == 3 ? "d" : "d1, d2", b.p ? b.p : "");
        dwB_free(&b);
      } else {
        dwI_raise(I, EXC_ValueError,
                  "Input and scale_factor must have the same number of spatial "
                  "dimensions, but got input with "
                  "spatial dimensions of [...] and scale_factor of shape "
                  "(...). Please provide input tensor in "
                  "(N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, "
                  "...,sK) format.");
      }
      return false;
    }
    for (int k = 0; k < n; k++) {
      int64_t iv;
      if (ints ? !dwL_int(I, it[k], what, &iv)
               : !dwL_float(I, it[k], what, &out[k]))
        return false;
      if (ints) out[k] = (double)iv;
    }
    return true;
  }
  double s;
  int64_t iv;
  if (ints ? !dwL_int(I, v, what, &iv) : !dwL_float(I, v, what, &s))
    return false;
  for (int k = 0; k < nsp; k++)
    out[k] = ints ? (double)iv : s;
  return true;
}

static Value interpolate(Interp *I, Tensor *x, Value size, Value sf,
                         const char *mode_s, Value acv) {
  int mode = !strcmp(mode_s, "nearest")    ? M_NEAREST
             : !strcmp(mode_s, "linear")   ? M_LINEAR
             : !strcmp(mode_s, "bilinear") ? M_BILINEAR
                                           : -1;
  bool known = mode >= 0 || !strcmp(mode_s, "area") ||
               !strcmp(mode_s, "bicubic") || !strcmp(mode_s, "trilinear") ||
               !strcmp(mode_s, "nearest-exact");
  if (!known)
    return dwI_raise(I, EXC_NotImplementedError,
                     "Input Error: Only 3D, 4D and 5D input Tensors supported "
                     "(got %dD) for the modes: nearest | "
                     "linear | bilinear | bicubic | trilinear | area | "
                     "nearest-exact (got %s)",
                     x->ndim, mode_s);
  bool ac = false;
  if (!none(acv)) {
    if (mode == M_NEAREST || !strcmp(mode_s, "area") ||
        !strcmp(mode_s, "nearest-exact"))
      return dwI_raise(I, EXC_ValueError,
                       "align_corners option can only be set with the "
                       "interpolating modes: linear | bilinear | "
                       "bicubic | trilinear");
    if (!dwOb_truth(I, acv, &ac)) return dwV_null();
  }
  if (x->ndim < 3 || x->ndim > 5)
    return dwI_raise(I, EXC_NotImplementedError,
                     "Input Error: Only 3D, 4D and 5D input Tensors supported "
                     "(got %dD) for the modes: nearest | "
                     "linear | bilinear | bicubic | trilinear | area | "
                     "nearest-exact (got %s)",
                     x->ndim, mode_s);
  int nsp = x->ndim - 2;
  if (!none(size) && !none(sf))
    return dwI_raise(I, EXC_ValueError,
                     "only one of size or scale_factor should be defined");
  if (none(size) && none(sf))
    return dwI_raise(I, EXC_ValueError,
                     "either size or scale_factor should be defined");
  double sz[3], sc[3] = {0, 0, 0};
  if (!none(size)
          ? !spatial_arg(I, size, nsp, true, sz, "size", x->ndim)
          : !spatial_arg(I, sf, nsp, false, sc, "scale_factor", x->ndim))
    return dwV_null();
  if (none(size))
    for (int k = 0; k < nsp; k++)
      sz[k] = floor((double)x->shape[k + 2] * sc[k]);
  static const int need[] = {0, 3, 4};
  if (mode > M_NEAREST && x->ndim != need[mode])
    return dwI_raise(I, EXC_NotImplementedError,
                     "Got %dD input, but %s mode needs %dD input", x->ndim,
                     mode_s, need[mode]);
  if (mode < 0)
    return dwI_raise(I, EXC_NotImplementedError,
                     "F.interpolate(mode='%s') is not supported by dynawasm",
                     mode_s);
  if (!dwT_is_float(x->dtype) && mode != M_NEAREST)
    return dwI_raise(I, EXC_RuntimeError,
                     "\"upsample_%s%dd_out_frame\" not implemented for '%s'",
                     mode_s, nsp, dwT_scalar_name((DType)x->dtype));
  for (int k = 0; k < nsp; k++)
    if (sz[k] <= 0 || x->shape[k + 2] <= 0)
      return dwI_raise(I, EXC_RuntimeError,
                       "Input and output sizes should be greater than 0, but "
                       "got input (%s: %lld) output (%s: %lld)",
                       nsp == 1 ? "W"
                       : k      ? "W"
                                : "H",
                       (long long)x->shape[k + 2],
                       nsp == 1 ? "W"
                       : k      ? "W"
                                : "H",
                       (long long)sz[k]);
  Tmp T = {0};
  Tensor *r = x;
  for (int k = 0; k < nsp && r; k++)
    r = resize_dim(I, &T, r, k + 2, (int64_t)sz[k], none(size) ? sc[k] : 0,
                   mode, ac);
  if (r == x) r = tc_op1(I, &T, OP_CLONE, x, NULL);
  return finish(I, &T, r);
}

BI(fx_interpolate) {
  Value v[7];
  (void)def;
  if (!dwL_bind(I, "interpolate", self, a,
                "input,size,scale_factor,mode,align_corners,recompute_scale_"
                "factor,antialias",
                v, 7) ||
      !as_tensor_arg(I, v[0], "interpolate", "input"))
    return dwV_null();
  if (!none(v[3]) && v[3].t != V_STR)
    return dwI_raise(I, EXC_TypeError,
                     "interpolate(): mode must be a str, not %s",
                     dwV_type_name(v[3]));
  bool anti = false;
  if (!none(v[6]) && !dwOb_truth(I, v[6], &anti)) return dwV_null();
  if (anti)
    return dwI_raise(
        I, EXC_NotImplementedError,
        "F.interpolate(antialias=True) is not supported by dynawasm");
  return interpolate(I, TEN(v[0]), v[1], v[2],
                     none(v[3]) ? "nearest" : STR(v[3])->s, v[4]);
}

BI(nx_upsample_init) {
  Value v[6];
  (void)def;
  if (!dwL_bind(
          I, "__init__", self, a,
          "self,size,scale_factor,mode,align_corners,recompute_scale_factor", v,
          6))
    return dwV_null();
  Value m = v[0];
  /* nn.Upsample keeps scale_factor as a float (a tuple as it is) */
  Value sf = v[2];
  bool truth = false;
  if (!none(sf) && !dwOb_truth(I, sf, &truth)) return dwV_null();
  double f;
  if (truth && sf.t != V_TUPLE && sf.t != V_LIST) {
    if (!dwL_float(I, sf, "scale_factor", &f)) return dwV_null();
    sf = dwV_float(f);
  } else if (!truth) {
    sf = dwV_none();
  }
  if (!none(v[3]) && v[3].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "Upsample(): mode must be a str, not %s",
                     dwV_type_name(v[3]));
  Str *ms = none(v[3]) ? dwI_intern(I, "nearest") : STR(v[3]);
  return dwL_attr_set(I, m, "size", none(v[1]) ? dwV_none() : v[1]) &&
                 dwL_attr_set(I, m, "scale_factor", sf) &&
                 dwL_attr_set(I, m, "mode", VSTR(ms)) &&
                 dwL_attr_set(I, m, "align_corners",
                              none(v[4]) ? dwV_none() : v[4]) &&
                 dwL_attr_set(I, m, "recompute_scale_factor",
                              none(v[5]) ? dwV_none() : v[5])
             ? dwV_none()
             : dwV_null();
}

BI(nx_upsample_forward) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) ||
      !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value md = dwL_attr_get(I, v[0], "mode");
  return interpolate(I, TEN(v[1]), dwL_attr_get(I, v[0], "size"),
                     dwL_attr_get(I, v[0], "scale_factor"),
                     md.t == V_STR ? STR(md)->s : "nearest",
                     dwL_attr_get(I, v[0], "align_corners"));
}

/* Upsample.extra_repr: "scale_factor=2.0, mode='nearest'" or "size=...,
 * mode=..." */
bool dwNx_extra_repr(Interp *I, Buf *b, Value m, const char *cls) {
  if (strcmp(cls, "Upsample")) return false;
  Value sf = dwL_attr_get(I, m, "scale_factor");
  if (!none(sf)) {
    dwB_puts(b, "scale_factor=");
    dwV_repr(b, sf);
  } else {
    dwB_puts(b, "size=");
    dwV_repr(b, none(dwL_attr_get(I, m, "size")) ? dwV_none()
                                                 : dwL_attr_get(I, m, "size"));
  }
  dwB_puts(b, ", mode=");
  dwV_repr(b, dwL_attr_get(I, m, "mode"));
  return true;
}

/* ------------------------------------------------------------------ */
/* Binary cross-entropy                                                */
/* ------------------------------------------------------------------ */

enum { RED_NONE, RED_MEAN, RED_SUM };

/* reduction=, or the legacy size_average/reduce pair
 * (_Reduction.legacy_get_enum) */
static bool reduction_of(Interp *I, Value size_average, Value reduce_v,
                         Value red, int *out) {
  if (!none(size_average) || !none(reduce_v)) {
    bool sa = true, rd = true;
    if ((!none(size_average) && !dwOb_truth(I, size_average, &sa)) ||
        (!none(reduce_v) && !dwOb_truth(I, reduce_v, &rd)))
      return false;
    *out = !rd ? RED_NONE : sa ? RED_MEAN : RED_SUM;
    return true;
  }
  *out = RED_MEAN;
  if (red.t == V_NULL) return true;
  const char *s = red.t == V_STR ? STR(red)->s : "";
  if (!strcmp(s, "none"))
    *out = RED_NONE;
  else if (!strcmp(s, "sum"))
    *out = RED_SUM;
  else if (strcmp(s, "mean")) {
    dwI_raise(I, EXC_ValueError, "%s is not a valid value for reduction",
              red.t == V_STR ? s : "None");
    return false;
  }
  return true;
}

static bool same_size(const Tensor *a, const Tensor *b) {
  if (a->ndim != b->ndim) return false;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] != b->shape[k]) return false;
  return true;
}

static void size_text(Buf *b, const Tensor *t) {
  dwB_puts(b, "torch.Size([");
  for (int k = 0; k < t->ndim; k++)
    dwB_printf(b, "%s%lld", k ? ", " : "", (long long)t->shape[k]);
  dwB_puts(b, "])");
}

static Tensor *reduce_loss(Interp *I, Tmp *T, Tensor *l, int red) {
  if (!l || red == RED_NONE) return l;
  return tpush(I, T,
               reduce(I, red == RED_SUM ? OP_SUM : OP_MEAN, l, NULL, 0, false));
}

/* loss = (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100), times
 * weight (ATen binary_cross_entropy_out_cpu) */
static Value bce(Interp *I, Tensor *x, Tensor *t, Tensor *w, int red) {
  if (!same_size(x, t)) {
    Buf b = {0};
    dwB_puts(&b, "Using a target size (");
    size_text(&b, t);
    dwB_puts(&b, ") that is different to the input size (");
    size_text(&b, x);
    dwB_puts(&b, ") is deprecated. Please ensure they have the same size.");
    Value r = dwI_raise(I, EXC_ValueError, "%s", b.p ? b.p : "");
    dwB_free(&b);
    return r;
  }
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError,
                     "\"binary_cross_entropy\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  if (x->st) /* the kernel checks its input (eagerly; a graph cannot raise) */
    for (int64_t k = 0, n = dwT_numel(x); k < n; k++) {
      double e = dwT_get(x, k);
      if (!(e >= 0 && e <= 1))
        return dwI_raise(I, EXC_RuntimeError,
                         "all elements of input should be between 0 and 1");
    }
  Tmp T = {0};
  Tensor *nx = tc_op1(I, &T, OP_NEG, x, NULL);
  Tensor *l1p = nx ? tpush(I, &T, dwTm_log1p(I, nx)) : NULL;
  Tensor *lx = l1p ? tc_op1(I, &T, OP_LOG, x, NULL) : NULL;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.f[0] = -100, at.has_f[0] = 1;
  Tensor *c1 = lx ? tc_op1(I, &T, OP_CLAMP, l1p, &at) : NULL,
         *c2 = c1 ? tc_op1(I, &T, OP_CLAMP, lx, &at) : NULL;
  Tensor *tm1 = c2 ? scal(I, &T, OP_SUB, t, 1) : NULL;
  Tensor *a1 = tm1 ? tc_op2(I, &T, OP_MUL, tm1, c1) : NULL;
  Tensor *a2 = a1 ? tc_op2(I, &T, OP_MUL, t, c2) : NULL;
  Tensor *l = a2 ? tc_op2(I, &T, OP_SUB, a1, a2) : NULL;
  if (l && w) l = tc_op2(I, &T, OP_MUL, l, w);
  return finish(I, &T, reduce_loss(I, &T, l, red));
}

/* loss = (1 - t) * x - log_sigmoid(x) * (1 + (pos_weight - 1) * t), times
 * weight (ATen binary_cross_entropy_with_logits); log_sigmoid(x) =
 * min(x, 0) - log1p(exp(-|x|)) */
static Value bce_logits(Interp *I, Tensor *x, Tensor *t, Tensor *w, Tensor *pw,
                        int red) {
  if (!same_size(x, t)) {
    Buf b = {0};
    dwB_puts(&b, "Target size (");
    size_text(&b, t);
    dwB_puts(&b, ") must be the same as input size (");
    size_text(&b, x);
    dwB_puts(&b, ")");
    Value r = dwI_raise(I, EXC_ValueError, "%s", b.p ? b.p : "");
    dwB_free(&b);
    return r;
  }
  Tmp T = {0};
  Tensor *ax = tc_op1(I, &T, OP_ABS, x, NULL);
  Tensor *na = ax ? tc_op1(I, &T, OP_NEG, ax, NULL) : NULL;
  Tensor *e = na ? tc_op1(I, &T, OP_EXP, na, NULL) : NULL;
  Tensor *lp = e ? tpush(I, &T, dwTm_log1p(I, e)) : NULL;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.f[1] = 0, at.has_f[1] = 1;
  Tensor *mn = lp ? tc_op1(I, &T, OP_CLAMP, x, &at) : NULL;
  Tensor *ls = mn ? tc_op2(I, &T, OP_SUB, mn, lp) : NULL;
  if (ls && pw) {
    Tensor *p1 = scal(I, &T, OP_SUB, pw, 1);
    Tensor *pt = p1 ? tc_op2(I, &T, OP_MUL, p1, t) : NULL;
    Tensor *lw = pt ? scal(I, &T, OP_ADD, pt, 1) : NULL;
    ls = lw ? tc_op2(I, &T, OP_MUL, ls, lw) : NULL;
  }
  Tensor *one = ls ? tscalar(I, &T, DT_I64, 1) : NULL;
  Tensor *omt = one ? tc_op2(I, &T, OP_SUB, one, t) : NULL;
  Tensor *a1 = omt ? tc_op2(I, &T, OP_MUL, omt, x) : NULL;
  Tensor *l = a1 ? tc_op2(I, &T, OP_SUB, a1, ls) : NULL;
  if (l && w) l = tc_op2(I, &T, OP_MUL, l, w);
  return finish(I, &T, reduce_loss(I, &T, l, red));
}

static bool opt_tensor(Interp *I, Value v, const char *fn, const char *arg,
                       Tensor **out) {
  *out = NULL;
  if (none(v)) return true;
  if (!as_tensor_arg(I, v, fn, arg)) return false;
  *out = TEN(v);
  return true;
}

BI(fx_bce) {
  Value v[7];
  bool logits = def->data == 1;
  const char *n =
      logits ? "binary_cross_entropy_with_logits" : "binary_cross_entropy";
  if (!dwL_bind(
          I, n, self, a,
          logits
              ? "input,target,weight,size_average,reduce,reduction,pos_weight"
              : "input,target,weight,size_average,reduce,reduction",
          v, logits ? 7 : 6))
    return dwV_null();
  if (v[1].t == V_NULL)
    return dwI_raise(I, EXC_TypeError,
                     "%s() missing 1 required positional argument: 'target'",
                     n);
  Tensor *w, *pw = NULL;
  int red;
  if (!as_tensor_arg(I, v[0], n, "input") ||
      !as_tensor_arg(I, v[1], n, "target") ||
      !opt_tensor(I, v[2], n, "weight", &w) ||
      (logits && !opt_tensor(I, v[6], n, "pos_weight", &pw)) ||
      !reduction_of(I, v[3], v[4], v[5], &red))
    return dwV_null();
  return logits ? bce_logits(I, TEN(v[0]), TEN(v[1]), w, pw, red)
                : bce(I, TEN(v[0]), TEN(v[1]), w, red);
}

/* nn.BCELoss(weight=None, size_average=None, reduce=None, reduction='mean')
 * and nn.BCEWithLogitsLoss(..., pos_weight=None): weight and pos_weight
 * are buffers */
BI(nx_bce_init) {
  Value v[6];
  bool logits = def->data == 1;
  v[5] = dwV_null();
  if (!dwL_bind(I, "__init__", self, a,
                logits ? "self,weight,size_average,reduce,reduction,pos_weight"
                       : "self,weight,size_average,reduce,reduction",
                v, logits ? 6 : 5))
    return dwV_null();
  int red;
  if (!reduction_of(I, v[2], v[3], v[4], &red)) return dwV_null();
  static const char *const rn[] = {"none", "mean", "sum"};
  Value m = v[0];
  if (!dwL_attr_set(I, m, "reduction", VSTR(dwI_intern(I, rn[red]))))
    return dwV_null();
  for (int k = 0; k < (logits ? 2 : 1); k++) {
    Value t = k ? v[5] : v[1];
    const char *bn = k ? "pos_weight" : "weight";
    if (!none(t) && t.t != V_TENSOR)
      return dwI_raise(I, EXC_TypeError,
                       "cannot assign '%s' object to buffer '%s' (torch Tensor "
                       "or None required)",
                       dwV_type_name(t), bn);
    if (none(t)) {
      if (!dwL_attr_set(I, m, bn, dwV_none())) return dwV_null();
      continue;
    }
    dwV_incref(t);
    if (!dwNm_register_buffer(I, m, bn, t, true)) return dwV_null();
  }
  return dwV_none();
}

static Tensor *bce_buffer(Interp *I, Value m, const char *name) {
  Value t = dwL_attr_get(I, m, name);
  return t.t == V_TENSOR ? TEN(t) : NULL;
}

BI(nx_bce_forward) {
  Value v[3];
  bool logits = def->data == 1;
  if (!dwL_bind(I, "forward", self, a, "self,input,target", v, 3) ||
      !as_tensor_arg(I, v[1], "forward", "input") ||
      !as_tensor_arg(I, v[2], "forward", "target"))
    return dwV_null();
  Value rv = dwL_attr_get(I, v[0], "reduction");
  int red;
  if (!reduction_of(I, dwV_null(), dwV_null(), rv.t == V_STR ? rv : dwV_null(),
                    &red))
    return dwV_null();
  Tensor *w = bce_buffer(I, v[0], "weight");
  return logits ? bce_logits(I, TEN(v[1]), TEN(v[2]), w,
                             bce_buffer(I, v[0], "pos_weight"), red)
                : bce(I, TEN(v[1]), TEN(v[2]), w, red);
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

const BuiltinDef dwNx_functional_defs[] = {
    {"F.interpolate", fx_interpolate, TK_TENSOR, 0, 0},
    {"F.binary_cross_entropy", fx_bce, TK_TENSOR, 0, 0},
    {"F.binary_cross_entropy_with_logits", fx_bce, TK_TENSOR, 1, 0},
    {NULL, NULL, 0, 0, 0}};

const DwNClass dwNx_classes[] = {
    {"Upsample",
     {"Upsample.__init__", nx_upsample_init, TK_PURE, 0, 0},
     {"Upsample.forward", nx_upsample_forward, TK_TENSOR, 0, 0}},
    {"BCELoss",
     {"BCELoss.__init__", nx_bce_init, TK_PURE, 0, 0},
     {"BCELoss.forward", nx_bce_forward, TK_TENSOR, 0, 0}},
    {"BCEWithLogitsLoss",
     {"BCEWithLogitsLoss.__init__", nx_bce_init, TK_PURE, 1, 0},
     {"BCEWithLogitsLoss.forward", nx_bce_forward, TK_TENSOR, 1, 0}},
    {NULL, {0}, {0}}};
