/* nn.c - torch.nn layers and torch.nn.functional beyond the basics of
 * torchlib.c: convolution (im2col: strided window views stacked by one
 * cat, then the matmul kernel), pooling (maxima / sums of strided window
 * views, fused into one loop), batch and group normalisation, embeddings
 * (a gather; bags reduced by a membership matmul), attention
 * (scaled_dot_product_attention, MultiheadAttention), padding, one_hot,
 * normalize, dropout, losses; and the Module machinery those layers need:
 * the training flag, parameters and buffers, state_dict, named_modules,
 * ModuleDict. Every layer decomposes into ops.def primitives, so eager and
 * compiled code share the arithmetic. Messages are PyTorch's. */
#include "tensor/tensor_impl.h"
#include "tensor/torchlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static Tensor *n_full(Interp *I, Tmp *T, const int64_t *shape, int nd, double v, DType dt) {
  return tpush(I, T, dwL_full(I, shape, nd, v, dt));
}
static Tensor *n_reduce(Interp *I, Tmp *T, Op o, Tensor *x, const int64_t *dims, int nd,
                        bool keep) {
  return tpush(I, T, reduce(I, o, x, dims, nd, keep));
}
static Tensor *n_scal(Interp *I, Tmp *T, Op o, Tensor *x, double s) {
  Tensor *w = tscalar(I, T, dwT_is_float(x->dtype) ? DT_F64 : DT_I64, s);
  return w ? tc_op2(I, T, o, x, w) : NULL;
}
static Tensor *n_where(Interp *I, Tmp *T, Tensor *c, Tensor *x, Tensor *y) {
  Tensor *in[3] = {c, x, y};
  return tpush(I, T, op(I, OP_WHERE, 3, in, NULL));
}
/* Dropout's mask of the elements kept: bernoulli_(1 - p) as PyTorch's
 * CPU kernel without MKL draws it (a double uniform < 1 - p each) */
static Tensor *keep_mask(Interp *I, Tmp *T, const Tensor *like, double p) {
  Tensor *u = dwT_rand_dt(&I->c, DT_F64, like->ndim, like->shape, false);
  if (!u) {
    dwI_raise_ctx(I);
    return NULL;
  }
  Tensor *ut = tpush(I, T, tv(u));
  return ut ? n_scal(I, T, OP_LT, ut, 1.0 - p) : NULL;
}
static Tensor *n_unsqueeze(Interp *I, Tmp *T, Tensor *x, int64_t d) {
  return tpush(I, T, unsqueeze(I, x, d));
}
/* x viewed with size-1 dims so that a [C] vector lines up with dim 1 of
 * an nd-dim tensor: [C, 1, ..., 1] */
static Tensor *n_chan(Interp *I, Tmp *T, Tensor *v, int nd) {
  int64_t s[DW_MAXDIM];
  s[0] = v->ndim ? v->shape[0] : 1;
  for (int k = 1; k < nd - 1; k++) s[k] = 1;
  return tc_reshape(I, T, v, s, nd - 1 > 0 ? nd - 1 : 1);
}

static Value finish(Interp *I, Tmp *T, Tensor *r) {
  Value out = r ? ttake(T, r) : dwV_null();
  tmp_free(I, T);
  return out;
}

/* An int or a tuple of n ints (kernel_size=3 or (3, 3)). */
static bool int_tuple(Interp *I, Value v, int n, const char *what, int64_t *out) {
  if (v.t == V_INT || v.t == V_BOOL) {
    for (int k = 0; k < n; k++) out[k] = v.u.i;
    return true;
  }
  if (v.t == V_TUPLE || v.t == V_LIST) {
    int nd;
    int64_t tmp[DW_MAXDIM];
    if (!sizes_from(I, &v, 1, tmp, &nd)) return false;
    if (nd == 1) {
      for (int k = 0; k < n; k++) out[k] = tmp[0];
      return true;
    }
    if (nd != n) {
      dwI_raise(I, EXC_RuntimeError, "expected %s to be a single integer value or a list of %d values",
                what, n);
      return false;
    }
    memcpy(out, tmp, sizeof(int64_t) * (size_t)n);
    return true;
  }
  dwI_raise(I, EXC_TypeError, "%s must be int or tuple of ints, not %s", what, dwV_type_name(v));
  return false;
}

static Value int_tuple_value(Interp *I, const int64_t *v, int n) {
  Tuple *t = dwV_tuple(&I->c, n);
  if (!t) return dwI_raise_ctx(I);
  for (int k = 0; k < n; k++) t->items[k] = dwV_int(v[k]);
  return dwV_obj(&t->h);
}

static bool float_arg(Interp *I, Value v, const char *what, double dflt, double *out) {
  if (v.t == V_NULL || v.t == V_NONE) {
    *out = dflt;
    return true;
  }
  return dwL_float(I, v, what, out);
}


/* A parameter: a tensor marked as such (nn.Parameter) */
static Value param(Value t) {
  if (t.t == V_TENSOR) TEN(t)->h.flags |= DW_TENSOR_PARAM | DW_TENSOR_RG;
  return t;
}

/* Embedding's drawn weight: normal_, then the padding row's fill_(0) */
static Value init_weight(Value w, Value pad) {
  w = dwL_layer_param(w);
  return pad.t == V_INT && w.t == V_TENSOR ? dwL_layer_param(w) : w;
}

/* Uniform in [-bound, bound) as a parameter */
static bool set_uniform_param(Interp *I, Value m, const char *name, int nd, const int64_t *shape,
                              double bound) {
  return dwL_set_tensor_attr(I, m, name, dwL_layer_param(dwL_uniform(I, nd, shape, bound)));
}

/* ------------------------------------------------------------------ */
/* Padding (F.pad)                                                     */
/* ------------------------------------------------------------------ */

enum PadMode { PAD_CONSTANT, PAD_REFLECT, PAD_REPLICATE, PAD_CIRCULAR };

/* x padded along dim d by lo / hi elements (negative: cropped). */
static Tensor *pad_dim(Interp *I, Tmp *T, Tensor *x, int d, int64_t lo, int64_t hi, int mode,
                       double value) {
  int64_t n = x->shape[d];
  if (lo < 0 || hi < 0) { /* crop first */
    int64_t a = lo < 0 ? -lo : 0, b = hi < 0 ? n + hi : n;
    if (b < a) b = a;
    x = tc_slice(I, T, x, d, a, b, 1);
    if (!x) return NULL;
    n = x->shape[d];
    if (lo < 0) lo = 0;
    if (hi < 0) hi = 0;
  }
  if (lo == 0 && hi == 0) return x;
  if (mode == PAD_CONSTANT) {
    Tensor *parts[3];
    int np = 0;
    int64_t s[DW_MAXDIM];
    memcpy(s, x->shape, sizeof s);
    if (lo) {
      s[d] = lo;
      parts[np] = n_full(I, T, s, x->ndim, value, (DType)x->dtype);
      if (!parts[np++]) return NULL;
    }
    parts[np++] = x;
    if (hi) {
      s[d] = hi;
      parts[np] = n_full(I, T, s, x->ndim, value, (DType)x->dtype);
      if (!parts[np++]) return NULL;
    }
    return tc_cat(I, T, parts, np, d);
  }
  /* the source index of every padded position: j - lo mapped into [0, n) */
  Tensor *j = tc_arange(I, T, n + lo + hi, (double)-lo, 1, DT_I64);
  Tensor *src = NULL;
  if (!j) return NULL;
  if (mode == PAD_REPLICATE) { /* clamp */
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.f[0] = 0;
    at.f[1] = (double)(n - 1);
    at.has_f[0] = at.has_f[1] = 1;
    src = tc_op1(I, T, OP_CLAMP, j, &at);
  } else if (mode == PAD_CIRCULAR) { /* j mod n */
    src = n_scal(I, T, OP_MOD, j, (double)n);
  } else { /* reflect: (n - 1) - |(n - 1) - |j|| */
    Tensor *a1 = tc_op1(I, T, OP_ABS, j, NULL);
    Tensor *t1 = a1 ? tscalar(I, T, DT_I64, (double)(n - 1)) : NULL;
    Tensor *b1 = t1 ? tc_op2(I, T, OP_SUB, t1, a1) : NULL;
    Tensor *a2 = b1 ? tc_op1(I, T, OP_ABS, b1, NULL) : NULL;
    src = a2 ? tc_op2(I, T, OP_SUB, t1, a2) : NULL;
  }
  if (!src) return NULL;
  /* gather along d (the index expanded over the other dims) */
  int64_t vs[DW_MAXDIM], es[DW_MAXDIM];
  for (int k = 0; k < x->ndim; k++) {
    vs[k] = k == d ? n + lo + hi : 1;
    es[k] = k == d ? n + lo + hi : x->shape[k];
  }
  Tensor *iv = tc_reshape(I, T, src, vs, x->ndim);
  Tensor *ie = iv ? tc_expand(I, T, iv, es, x->ndim) : NULL;
  if (!ie) return NULL;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = d;
  at.ni = 1;
  at.flag = GK_GATHER;
  Tensor *in[2] = {x, ie};
  return tpush(I, T, op(I, OP_GATHER, 2, in, &at));
}

/* pad[] as F.pad takes it: (last dim lo, hi, previous dim lo, hi, ...) */
static Tensor *pad_nd(Interp *I, Tmp *T, Tensor *x, const int64_t *pad, int npad, int mode,
                      double value) {
  char sb[256];
  if (npad % 2)
    return dwI_raise(I, EXC_RuntimeError, "Padding length must be divisible by 2"), NULL;
  if (npad / 2 > x->ndim)
    return dwI_raise(I, EXC_RuntimeError, "Padding length should be less than or equal to two times the input dimension but got padding length %d and input of dimension %d", npad, x->ndim), NULL;
  if (mode != PAD_CONSTANT) {
    int nsp = npad / 2;
    if (x->ndim != nsp + 1 && x->ndim != nsp + 2)
      return dwI_raise(I, EXC_NotImplementedError,
                       "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now"), NULL;
    for (int k = 0; k < nsp; k++) {
      int d = x->ndim - 1 - k;
      int64_t lo = pad[2 * k], hi = pad[2 * k + 1], n = x->shape[d];
      if (mode == PAD_REFLECT && (lo >= n || hi >= n))
        return dwI_raise(I, EXC_RuntimeError,
                         "Argument #4: Padding size should be less than the corresponding input "
                         "dimension, but got: padding (%lld, %lld) at dimension %d of input %s",
                         (long long)lo, (long long)hi, d, shape_text(sb, sizeof sb, x)), NULL;
      if (mode == PAD_CIRCULAR && (lo > n || hi > n))
        return dwI_raise(I, EXC_RuntimeError,
                         "Padding value causes wrapping around more than once."), NULL;
    }
  }
  for (int k = 0; k < npad / 2 && x; k++)
    x = pad_dim(I, T, x, x->ndim - 1 - k, pad[2 * k], pad[2 * k + 1], mode, value);
  return x;
}

static bool pad_mode(Interp *I, Value v, int *mode) {
  *mode = PAD_CONSTANT;
  if (v.t == V_NULL || v.t == V_NONE) return true;
  if (v.t != V_STR) {
    dwI_raise(I, EXC_TypeError, "pad(): argument 'mode' must be str, not %s", dwV_type_name(v));
    return false;
  }
  const char *s = STR(v)->s;
  if (!strcmp(s, "constant")) *mode = PAD_CONSTANT;
  else if (!strcmp(s, "reflect")) *mode = PAD_REFLECT;
  else if (!strcmp(s, "replicate")) *mode = PAD_REPLICATE;
  else if (!strcmp(s, "circular")) *mode = PAD_CIRCULAR;
  else {
    dwI_raise(I, EXC_NotImplementedError,
              "Unrecognised padding mode %s", s);
    return false;
  }
  return true;
}

BI(f_pad) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "pad", self, a, "input,pad,mode,value", v, 4)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "pad", "input")) return dwV_null();
  int64_t pad[2 * DW_MAXDIM];
  int np;
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "pad() missing required argument 'pad'");
  if ((v[1].t == V_TUPLE || v[1].t == V_LIST) &&
      (v[1].t == V_TUPLE ? ((Tuple *)OBJ(v[1]))->len : ((List *)OBJ(v[1]))->len) > 2 * DW_MAXDIM)
    return dwI_raise(I, EXC_RuntimeError, "Padding length too large");
  Value items = v[1];
  int64_t cnt = items.t == V_TUPLE ? ((Tuple *)OBJ(items))->len : items.t == V_LIST ? ((List *)OBJ(items))->len : -1;
  if (cnt < 0) return dwI_raise(I, EXC_TypeError, "pad(): argument 'pad' must be tuple of ints, not %s", dwV_type_name(items));
  Value *it = items.t == V_TUPLE ? ((Tuple *)OBJ(items))->items : ((List *)OBJ(items))->items;
  for (int64_t k = 0; k < cnt; k++)
    if (!dwL_int(I, it[k], "pad", &pad[k])) return dwV_null();
  np = (int)cnt;
  int mode;
  double value;
  if (!pad_mode(I, v[2], &mode) || !float_arg(I, v[3], "value", 0, &value)) return dwV_null();
  if (mode != PAD_CONSTANT && v[3].t != V_NULL && v[3].t != V_NONE && value != 0)
    return dwI_raise(I, EXC_RuntimeError, "Padding mode \"%s\" doesn't take in value argument",
                     STR(v[2])->s);
  Tmp T = {0};
  Tensor *r = pad_nd(I, &T, TEN(v[0]), pad, np, mode, value);
  if (r == TEN(v[0])) r = tc_op1(I, &T, OP_CLONE, r, NULL);
  return finish(I, &T, r);
}

/* ------------------------------------------------------------------ */
/* Convolution                                                         */
/* ------------------------------------------------------------------ */

typedef struct ConvSpec {
  int nsp;               /* spatial dims: 1 or 2 */
  int64_t stride[2], dil[2];
  int64_t pad_lo[2], pad_hi[2];
  bool same;             /* padding='same' (computed from the kernel) */
  int64_t groups;
  int mode;              /* PadMode of padding_mode */
} ConvSpec;

/* The windows of x [N, C, *sp] (already padded) for kernel k: a tensor
 * [N, C, K, *out] (K = prod k) made by one cat of strided views. */
static Tensor *windows(Interp *I, Tmp *T, Tensor *x, int nsp, const int64_t *k,
                       const int64_t *stride, const int64_t *dil, const int64_t *out) {
  int64_t K = 1;
  for (int s = 0; s < nsp; s++) K *= k[s];
  Tensor **parts = calloc((size_t)K, sizeof *parts);
  if (!parts) return dwI_raise(I, EXC_MemoryError, "out of memory"), NULL;
  Tensor *r = NULL;
  for (int64_t w = 0; w < K; w++) {
    int64_t off[2], rem = w;
    for (int s = nsp - 1; s >= 0; s--) {
      off[s] = rem % k[s];
      rem /= k[s];
    }
    Tensor *v = x;
    for (int s = 0; s < nsp && v; s++) {
      int64_t a = off[s] * dil[s];
      v = tc_slice(I, T, v, 2 + s, a, a + stride[s] * (out[s] - 1) + 1, stride[s]);
    }
    parts[w] = v ? n_unsqueeze(I, T, v, 2) : NULL;
    if (!parts[w]) goto done;
  }
  r = tc_cat(I, T, parts, (int)K, 2);
done:
  free(parts);
  return r;
}

static Value conv_forward_ag(Interp *I, const char *name, Tensor *x, Tensor *w, Tensor *b,
                          const ConvSpec *cs) {
  char s1[256], s2[256];
  int nsp = cs->nsp;
  bool batched = x->ndim == nsp + 2;
  if (x->ndim != nsp + 1 && !batched)
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected %dD (unbatched) or %dD (batched) input to %s, but got input of size: %s",
                     nsp + 1, nsp + 2, name, shape_text(s1, sizeof s1, x));
  if (w->ndim != nsp + 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "weight should have at least three dimensions");
  if (x->dtype != w->dtype || (b && b->dtype != w->dtype))
    return dwI_raise(I, EXC_RuntimeError, "expected scalar type %s but found %s",
                     dwT_scalar_name((DType)x->dtype),
                     dwT_scalar_name((DType)(x->dtype != w->dtype ? w->dtype : b->dtype)));
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"slow_conv2d_cpu\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  Tmp T = {0};
  Tensor *in = batched ? x : n_unsqueeze(I, &T, x, 0);
  if (!in) return finish(I, &T, NULL);
  int64_t N = in->shape[0], C = in->shape[1], OC = w->shape[0], G = cs->groups;
  if (OC % G != 0) {
    Value err_ = dwI_raise(I, EXC_RuntimeError,
                     "Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got "
                     "weight of size %s instead",
                     (long long)G, (long long)G, shape_text(s1, sizeof s1, w)); /* the message reads T's tensors */
    tmp_free(I, &T);
    return err_;
  }
  if (w->shape[1] * G != C) {
    Value err_ = dwI_raise(I, EXC_RuntimeError,
                     "Given groups=%lld, weight of size %s, expected input%s to have %lld channels, "
                     "but got %lld channels instead",
                     (long long)G, shape_text(s1, sizeof s1, w), shape_text(s2, sizeof s2, in),
                     (long long)(w->shape[1] * G), (long long)C); /* the message reads T's tensors */
    tmp_free(I, &T);
    return err_;
  }
  if (b && (b->ndim != 1 || b->shape[0] != OC)) {
    Value err_ = dwI_raise(I, EXC_RuntimeError,
                     "Given weight of size %s, expected bias to be 1-dimensional with %lld elements, "
                     "but got bias of size %s instead",
                     shape_text(s1, sizeof s1, w), (long long)OC, shape_text(s2, sizeof s2, b)); /* the message reads T's tensors */
    tmp_free(I, &T);
    return err_;
  }
  int64_t k[2], lo[2], hi[2], out[2];
  for (int s = 0; s < nsp; s++) {
    k[s] = w->shape[2 + s];
    if (cs->same) {
      int64_t tot = cs->dil[s] * (k[s] - 1);
      lo[s] = tot / 2;
      hi[s] = tot - lo[s];
    } else {
      lo[s] = cs->pad_lo[s];
      hi[s] = cs->pad_hi[s];
    }
  }
  /* padded sizes and the output size */
  bool small = false;
  for (int s = 0; s < nsp; s++) {
    int64_t ps = in->shape[2 + s] + lo[s] + hi[s];
    int64_t span = cs->dil[s] * (k[s] - 1) + 1;
    if (ps < span) small = true;
    out[s] = small ? 0 : (ps - span) / cs->stride[s] + 1;
  }
  if (small) {
    char a[64], kk[64];
    if (nsp == 2) {
      snprintf(a, sizeof a, "(%lld x %lld)", (long long)(in->shape[2] + lo[0] + hi[0]),
               (long long)(in->shape[3] + lo[1] + hi[1]));
      snprintf(kk, sizeof kk, "(%lld x %lld)", (long long)(cs->dil[0] * (k[0] - 1) + 1),
               (long long)(cs->dil[1] * (k[1] - 1) + 1));
    } else {
      snprintf(a, sizeof a, "(%lld)", (long long)(in->shape[2] + lo[0] + hi[0]));
      snprintf(kk, sizeof kk, "(%lld)", (long long)(cs->dil[0] * (k[0] - 1) + 1));
    }
    Value err_ = dwI_raise(I, EXC_RuntimeError,
                     "Calculated padded input size per channel: %s. Kernel size: %s. Kernel size "
                     "can't be greater than actual input size",
                     a, kk); /* the message reads T's tensors */
    tmp_free(I, &T);
    return err_;
  }
  /* pad as padding_mode says: [lo, hi] per spatial dim, last dim first */
  int64_t pad[4] = {0};
  int np = 0;
  bool any = false;
  for (int s = nsp - 1; s >= 0; s--) {
    pad[np++] = lo[s];
    pad[np++] = hi[s];
    any = any || lo[s] || hi[s];
  }
  Tensor *xp = any ? pad_nd(I, &T, in, pad, np, cs->mode, 0) : in;
  int64_t K = 1, L = 1;
  for (int s = 0; s < nsp; s++) {
    K *= k[s];
    L *= out[s];
  }
  /* im2col: [N, C, K, *out] -> [N, G, C/G * K, L] */
  bool pointwise = K == 1;
  for (int s = 0; s < nsp; s++) pointwise = pointwise && cs->stride[s] == 1;
  Tensor *cols = NULL;
  if (xp) {
    if (pointwise) { /* 1x1 stride 1: the input itself */
      cols = xp;
    } else {
      cols = windows(I, &T, xp, nsp, k, cs->stride, cs->dil, out);
    }
  }
  int64_t cg = C / G;
  int64_t cshape[4] = {N, G, cg * K, L}, wshape[3] = {G, OC / G, cg * K};
  Tensor *c4 = cols ? tc_reshape(I, &T, cols, cshape, 4) : NULL;
  Tensor *w3 = c4 ? tc_reshape(I, &T, w, wshape, 3) : NULL;
  Tensor *y = w3 ? tc_op2(I, &T, OP_MATMUL, w3, c4) : NULL; /* [N, G, OC/G, L] */
  int64_t oshape[4] = {N, OC, 1, 1};
  for (int s = 0; s < nsp; s++) oshape[2 + s] = out[s];
  int64_t ys[3] = {N, OC, L};
  Tensor *y3 = y ? tc_reshape(I, &T, y, ys, 3) : NULL;
  if (y3 && b) {
    int64_t bs[2] = {OC, 1};
    Tensor *bb = tc_reshape(I, &T, b, bs, 2);
    y3 = bb ? tc_op2(I, &T, OP_ADD, y3, bb) : NULL;
  }
  Tensor *r = y3 ? tc_reshape(I, &T, y3, batched ? oshape : oshape + 1, batched ? nsp + 2 : nsp + 1) : NULL;
  if (r && !batched) {
    int64_t us[3] = {OC, 1, 1};
    for (int s = 0; s < nsp; s++) us[1 + s] = out[s];
    r = tc_reshape(I, &T, r, us, nsp + 1);
  }
  return finish(I, &T, r);
}

/* autograd: the result's node named as PyTorch's */
static Value conv_forward(Interp *I, const char *name, Tensor *x, Tensor *w, Tensor *b,
                          const ConvSpec *cs) {
  uint64_t s0 = I->c.ag_seq;
  Value r = conv_forward_ag(I, name, x, w, b, cs);
  if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, "ConvolutionBackward0");
  return r;
}

/* stride / padding / dilation / groups arguments of conv (functional and
 * module): padding may be 'same' or 'valid'. For a module (conv.py
 * _ConvNd.__init__) the padding string checks are ValueErrors and groups
 * is left to the caller's ValueError. */
static bool conv_spec(Interp *I, int nsp, Value stride, Value padding, Value dilation,
                      Value groups, bool module, ConvSpec *cs) {
  ExcType exc = module ? EXC_ValueError : EXC_RuntimeError;
  memset(cs, 0, sizeof *cs);
  cs->nsp = nsp;
  cs->mode = PAD_CONSTANT;
  for (int s = 0; s < 2; s++) cs->stride[s] = cs->dil[s] = 1;
  cs->groups = 1;
  if (stride.t != V_NULL && stride.t != V_NONE && !int_tuple(I, stride, nsp, "stride", cs->stride))
    return false;
  if (dilation.t != V_NULL && dilation.t != V_NONE &&
      !int_tuple(I, dilation, nsp, "dilation", cs->dil))
    return false;
  if (groups.t != V_NULL && groups.t != V_NONE && !dwL_int(I, groups, "groups", &cs->groups))
    return false;
  if (padding.t == V_STR) {
    const char *p = STR(padding)->s;
    if (!strcmp(p, "same")) {
      for (int s = 0; s < nsp; s++)
        if (cs->stride[s] != 1) {
          dwI_raise(I, exc, "padding='same' is not supported for strided convolutions");
          return false;
        }
      cs->same = true;
    } else if (strcmp(p, "valid")) {
      dwI_raise(I, exc, "Invalid padding string '%s', should be one of {'valid', 'same'}", p);
      return false;
    }
  } else if (padding.t != V_NULL && padding.t != V_NONE) {
    if (!int_tuple(I, padding, nsp, "padding", cs->pad_lo)) return false;
    memcpy(cs->pad_hi, cs->pad_lo, sizeof cs->pad_hi);
  }
  for (int s = 0; s < nsp; s++) {
    if (cs->stride[s] <= 0) {
      dwI_raise(I, EXC_RuntimeError, "non-positive stride is not supported");
      return false;
    }
    if (cs->dil[s] <= 0) {
      dwI_raise(I, EXC_RuntimeError, "dilation should be greater than zero");
      return false;
    }
    if (cs->pad_lo[s] < 0) {
      dwI_raise(I, EXC_RuntimeError, "negative padding is not supported");
      return false;
    }
  }
  if (cs->groups <= 0 && !module) {
    dwI_raise(I, EXC_RuntimeError, "non-positive groups is not supported");
    return false;
  }
  return true;
}

/* F.conv1d / F.conv2d (data: spatial dims) */
BI(f_conv) {
  Value v[7];
  int nsp = def->data;
  const char *n = nsp == 1 ? "conv1d" : "conv2d";
  if (!dwL_bind(I, n, self, a, "input,weight,bias,stride,padding,dilation,groups", v, 7))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input") || !as_tensor_arg(I, v[1], n, "weight")) return dwV_null();
  if (v[2].t != V_NULL && v[2].t != V_NONE && !as_tensor_arg(I, v[2], n, "bias")) return dwV_null();
  ConvSpec cs;
  if (!conv_spec(I, nsp, v[3], v[4], v[5], v[6], false, &cs)) return dwV_null();
  return conv_forward(I, n, TEN(v[0]), TEN(v[1]), v[2].t == V_TENSOR ? TEN(v[2]) : NULL, &cs);
}

/* nn.Conv1d / nn.Conv2d (data: spatial dims) */
BI(nn_conv_init) {
  Value v[11];
  int nsp = def->data;
  const char *cname = nsp == 1 ? "Conv1d" : "Conv2d";
  if (!dwL_bind(I, cname, self, a,
                "self,in_channels,out_channels,kernel_size,stride,padding,dilation,groups,bias,"
                "padding_mode,device",
                v, 11))
    return dwV_null();
  int64_t in, out, k[2];
  if (!dwL_int(I, v[1], "in_channels", &in) || !dwL_int(I, v[2], "out_channels", &out))
    return dwV_null();
  if (v[3].t == V_NULL) return dwI_raise(I, EXC_TypeError, "%s.__init__() missing 1 required positional argument: 'kernel_size'", cname);
  if (!int_tuple(I, v[3], nsp, "kernel_size", k)) return dwV_null();
  ConvSpec cs;
  if (!conv_spec(I, nsp, v[4], v[5], v[6], v[7], true, &cs)) return dwV_null();
  bool bias;
  if (!truthy(I, v[8], true, &bias)) return dwV_null();
  if (cs.groups <= 0) return dwI_raise(I, EXC_ValueError, "groups must be a positive integer");
  if (in % cs.groups) return dwI_raise(I, EXC_ValueError, "in_channels must be divisible by groups");
  if (out % cs.groups) return dwI_raise(I, EXC_ValueError, "out_channels must be divisible by groups");
  const char *pm = v[9].t == V_STR ? STR(v[9])->s : "zeros";
  if (strcmp(pm, "zeros") && strcmp(pm, "reflect") && strcmp(pm, "replicate") && strcmp(pm, "circular"))
    return dwI_raise(I, EXC_ValueError,
                     "padding_mode must be one of ['zeros', 'reflect', 'replicate', 'circular'], but got padding_mode='%s'",
                     pm);
  Value m = v[0];
  int64_t ws[4] = {out, in / cs.groups, k[0], k[1]};
  int64_t fan_in = in / cs.groups;
  for (int s = 0; s < nsp; s++) fan_in *= k[s];
  double bound = fan_in > 0 ? 1.0 / sqrt((double)fan_in) : 0;
  Value pad = v[5].t == V_STR ? (dwV_incref(v[5]), v[5]) : int_tuple_value(I, cs.pad_lo, nsp);
  Value padmode = dwV_null();
  Str *pms = dwV_str(&I->c, pm, strlen(pm));
  if (pms) padmode = VSTR(pms);
  if (pad.t == V_NULL || padmode.t == V_NULL ||
      !set_attr(I, m, "padding", pad) || !set_attr(I, m, "padding_mode", padmode) ||
      !dwL_attr_set(I, m, "in_channels", dwV_int(in)) ||
      !dwL_attr_set(I, m, "out_channels", dwV_int(out)) ||
      !set_attr(I, m, "kernel_size", int_tuple_value(I, k, nsp)) ||
      !set_attr(I, m, "stride", int_tuple_value(I, cs.stride, nsp)) ||
      !set_attr(I, m, "dilation", int_tuple_value(I, cs.dil, nsp)) ||
      !dwL_attr_set(I, m, "groups", dwV_int(cs.groups)) ||
      !set_uniform_param(I, m, "weight", nsp + 2, ws, dwL_kaiming_bound(fan_in)))
    return dwV_null();
  if (bias) {
    if (!set_uniform_param(I, m, "bias", 1, &out, bound)) return dwV_null();
  } else if (!dwL_attr_set(I, m, "bias", dwV_none())) {
    return dwV_null();
  }
  return dwV_none();
}

BI(nn_conv_forward) {
  Value v[2];
  int nsp = def->data;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value m = v[0];
  Tensor *w = attr_tensor(I, m, "weight"), *b = attr_tensor(I, m, "bias");
  if (!w) return dwI_raise(I, EXC_AttributeError, "'Conv%dd' object has no attribute 'weight'", nsp);
  ConvSpec cs;
  memset(&cs, 0, sizeof cs);
  cs.nsp = nsp;
  attr_ints(I, m, "stride", nsp, cs.stride);
  attr_ints(I, m, "dilation", nsp, cs.dil);
  cs.groups = attr_int(I, m, "groups", 1);
  Value pad = dwL_attr_get(I, m, "padding");
  if (pad.t == V_STR) {
    cs.same = !strcmp(STR(pad)->s, "same");
  } else {
    attr_ints(I, m, "padding", nsp, cs.pad_lo);
    memcpy(cs.pad_hi, cs.pad_lo, sizeof cs.pad_hi);
  }
  Value pm = dwL_attr_get(I, m, "padding_mode");
  if (pm.t == V_STR && !pad_mode(I, strcmp(STR(pm)->s, "zeros") ? pm : dwV_none(), &cs.mode))
    return dwV_null();
  return conv_forward(I, nsp == 1 ? "conv1d" : "conv2d", TEN(v[1]), w, b, &cs);
}

/* ------------------------------------------------------------------ */
/* Pooling                                                             */
/* ------------------------------------------------------------------ */

typedef struct PoolSpec {
  int nsp;
  int64_t k[2], stride[2], pad[2], dil[2];
  bool ceil_mode, count_include_pad;
  int64_t divisor; /* 0: none */
} PoolSpec;

/* sum / count of an average pooling: floating, or int64 as
 * cpu/AvgPoolKernel.cpp's cpu_avg_pool for Long (the C++ integer division,
 * truncated toward zero); cnt (a tensor) or k (a number) */
static Tensor *avg_div(Interp *I, Tmp *T, Tensor *sum, Tensor *cnt, double k) {
  if (dwT_is_float(sum->dtype)) return cnt ? tc_op2(I, T, OP_DIV, sum, cnt) : n_scal(I, T, OP_DIV, sum, k);
  Tensor *c = !cnt ? tscalar(I, T, DT_I64, k) : cnt->dtype == DT_I64 ? cnt : tpush(I, T, cast_to(I, cnt, DT_I64));
  Tensor *ab = c ? tc_op1(I, T, OP_ABS, sum, NULL) : NULL;
  Tensor *q = ab ? tc_op2(I, T, OP_FLOORDIV, ab, c) : NULL;
  Tensor *nq = q ? tc_op1(I, T, OP_NEG, q, NULL) : NULL;
  Tensor *z = nq ? tscalar(I, T, DT_I64, 0) : NULL;
  Tensor *neg = z ? tc_op2(I, T, OP_LT, sum, z) : NULL;
  return neg ? n_where(I, T, neg, nq, q) : NULL;
}

/* max (is_max) or average pooling of x [.., C, *sp] */
static Value pool_forward(Interp *I, const char *name, Tensor *x, const PoolSpec *ps, bool is_max) {
  char s1[256];
  int nsp = ps->nsp;
  if (x->ndim != nsp + 1 && x->ndim != nsp + 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "%s: Expected %dD or %dD (batch mode) tensor with optional 0 dim batch size "
                     "for input, but got:%s",
                     name, nsp + 1, nsp + 2, shape_text(s1, sizeof s1, x));
  if (!is_max && !dwT_is_float(x->dtype) && x->dtype != DT_I64) /* AT_DISPATCH_FLOATING_TYPES_AND(Long) */
    return dwI_raise(I, EXC_RuntimeError, "\"avg_pool2d\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  if (is_max && x->dtype == DT_BOOL)
    return dwI_raise(I, EXC_RuntimeError, "\"max_pool2d\" not implemented for 'Bool'");
  for (int s = 0; s < nsp; s++) {
    if (ps->k[s] <= 0)
      return dwI_raise(I, EXC_RuntimeError, "kernel_size must be greater than zero, but got kH: %lld kW: %lld",
                       (long long)ps->k[0], (long long)ps->k[nsp - 1]);
    if (ps->stride[s] <= 0)
      return dwI_raise(I, EXC_RuntimeError, "stride should be greater than zero, but got dH: %lld dW: %lld",
                       (long long)ps->stride[0], (long long)ps->stride[nsp - 1]);
    if (ps->dil[s] <= 0)
      return dwI_raise(I, EXC_RuntimeError, "dilation should be greater than zero, but got dilationH: %lld dilationW: %lld",
                       (long long)ps->dil[0], (long long)ps->dil[nsp - 1]);
    if (ps->pad[s] < 0 || ps->pad[s] > (ps->dil[s] * (ps->k[s] - 1) + 1) / 2) {
      if (is_max)
        return dwI_raise(I, EXC_RuntimeError,
                         "pad should be at most half of effective kernel size, but got pad=%lld, "
                         "kernel_size=%lld and dilation=%lld",
                         (long long)ps->pad[s], (long long)ps->k[s], (long long)ps->dil[s]);
      return dwI_raise(I, EXC_RuntimeError, "pad should be at most half of kernel size, but got pad=%lld and kernel_size=%lld",
                       (long long)ps->pad[s], (long long)ps->k[s]);
    }
  }
  int64_t out[2], hi[2];
  for (int s = 0; s < nsp; s++) {
    int64_t n = x->shape[x->ndim - nsp + s];
    int64_t span = ps->dil[s] * (ps->k[s] - 1) + 1;
    int64_t num = n + 2 * ps->pad[s] - span;
    int64_t o = (num + (ps->ceil_mode ? ps->stride[s] - 1 : 0)) / ps->stride[s] + 1;
    if (num < 0 && !ps->ceil_mode) o = 0;
    if (ps->ceil_mode && (o - 1) * ps->stride[s] >= n + ps->pad[s]) o--;
    if (o <= 0) {
      char sz[96];
      if (nsp == 2)
        snprintf(sz, sizeof sz, "%lldx%lldx%lld", (long long)x->shape[x->ndim - 3], (long long)x->shape[x->ndim - 2],
                 (long long)x->shape[x->ndim - 1]);
      else
        snprintf(sz, sizeof sz, "%lldx%lld", (long long)x->shape[x->ndim - 2], (long long)x->shape[x->ndim - 1]);
      char os[64];
      if (nsp == 2) {
        int64_t o0 = s == 0 ? o : out[0], o1 = o;
        if (s == 0) {
          int64_t n1 = x->shape[x->ndim - 1], num1 = n1 + 2 * ps->pad[1] - (ps->dil[1] * (ps->k[1] - 1) + 1);
          o1 = (num1 + (ps->ceil_mode ? ps->stride[1] - 1 : 0)) / ps->stride[1] + 1;
          if (num1 < 0 && !ps->ceil_mode) o1 = 0;
        }
        snprintf(os, sizeof os, "%lldx%lldx%lld", (long long)x->shape[x->ndim - 3], (long long)o0, (long long)o1);
      } else {
        snprintf(os, sizeof os, "%lldx%lld", (long long)x->shape[x->ndim - 2], (long long)o);
      }
      return dwI_raise(I, EXC_RuntimeError, "Given input size: (%s). Calculated output size: (%s). Output size is too small",
                       sz, os);
    }
    out[s] = o;
    /* right padding so every window lies inside */
    int64_t need = (o - 1) * ps->stride[s] + span;
    hi[s] = need - n - ps->pad[s];
    if (hi[s] < 0) hi[s] = 0;
  }
  Tmp T = {0};
  /* [.., C, *sp] -> [B, C, *sp] with B = 1 for unbatched input */
  bool batched = x->ndim == nsp + 2;
  Tensor *in = batched ? x : n_unsqueeze(I, &T, x, 0);
  int64_t pad[4] = {0};
  int np = 0;
  bool any = false;
  for (int s = nsp - 1; s >= 0; s--) {
    pad[np++] = ps->pad[s];
    pad[np++] = hi[s];
    any = any || ps->pad[s] || hi[s];
  }
  double fill = is_max ? -INFINITY : 0;
  if (is_max && in && !dwT_is_float(in->dtype)) fill = in->dtype == DT_I64 ? -9223372036854775808.0 : -2147483648.0;
  Tensor *xp = in && any ? pad_nd(I, &T, in, pad, np, PAD_CONSTANT, fill) : in;
  int64_t K = 1;
  for (int s = 0; s < nsp; s++) K *= ps->k[s];
  /* the windows as strided views, combined pairwise in kernel order:
   * max over them, or 0 + w0 + w1 + ... (PyTorch's sequential sum) */
  Tensor *acc = NULL;
  if (!is_max && xp) {
    int64_t os[DW_MAXDIM];
    os[0] = xp->shape[0];
    os[1] = xp->shape[1];
    for (int s = 0; s < nsp; s++) os[2 + s] = out[s];
    acc = n_full(I, &T, os, nsp + 2, 0, xp->dtype == DT_I64 ? DT_I64 : DT_F32);
  }
  for (int64_t w = 0; w < K && xp; w++) {
    int64_t off[2], rem = w;
    for (int s = nsp - 1; s >= 0; s--) {
      off[s] = rem % ps->k[s];
      rem /= ps->k[s];
    }
    Tensor *v = xp;
    for (int s = 0; s < nsp && v; s++) {
      int64_t a0 = off[s] * ps->dil[s];
      v = tc_slice(I, &T, v, 2 + s, a0, a0 + ps->stride[s] * (out[s] - 1) + 1, ps->stride[s]);
    }
    if (!v) {
      acc = NULL;
      break;
    }
    acc = !acc ? v : tc_op2(I, &T, is_max ? OP_MAXIMUM : OP_ADD, acc, v);
    if (!acc) break;
  }
  if (acc && !is_max) {
    if (ps->divisor) {
      acc = avg_div(I, &T, acc, NULL, (double)ps->divisor);
    } else if (ps->count_include_pad && !ps->ceil_mode) {
      acc = avg_div(I, &T, acc, NULL, (double)K);
    } else {
      /* divide by the window's size inside the (padded, if counted) input:
       * the same pooling of ones */
      int64_t os[DW_MAXDIM];
      for (int s = 0; s < nsp; s++) os[s] = in->shape[in->ndim - nsp + s];
      Tensor *ones = n_full(I, &T, os, nsp, 1, DT_F32);
      int64_t cpad[4] = {0};
      int cnp = 0;
      for (int s = nsp - 1; s >= 0; s--) {
        cpad[cnp++] = ps->pad[s];
        cpad[cnp++] = hi[s];
      }
      /* counted positions: the input (and its padding when counted, but
       * never the extra right padding of ceil_mode) */
      Tensor *cnt = NULL;
      if (ones) {
        Tensor *o2 = ones;
        if (ps->count_include_pad) {
          int64_t p2[4] = {0};
          int q = 0;
          for (int s = nsp - 1; s >= 0; s--) {
            p2[q++] = ps->pad[s];
            p2[q++] = ps->pad[s];
          }
          o2 = pad_nd(I, &T, ones, p2, q, PAD_CONSTANT, 1);
          int64_t p3[4] = {0};
          q = 0;
          for (int s = nsp - 1; s >= 0; s--) {
            p3[q++] = 0;
            p3[q++] = hi[s] - ps->pad[s] > 0 ? hi[s] - ps->pad[s] : 0;
          }
          o2 = o2 ? pad_nd(I, &T, o2, p3, q, PAD_CONSTANT, 0) : NULL;
        } else {
          o2 = pad_nd(I, &T, ones, cpad, cnp, PAD_CONSTANT, 0);
        }
        for (int64_t w = 0; w < K && o2; w++) {
          int64_t off[2], rem = w;
          for (int s = nsp - 1; s >= 0; s--) {
            off[s] = rem % ps->k[s];
            rem /= ps->k[s];
          }
          Tensor *v = o2;
          for (int s = 0; s < nsp && v; s++) {
            int64_t a0 = off[s] * ps->dil[s];
            v = tc_slice(I, &T, v, s, a0, a0 + ps->stride[s] * (out[s] - 1) + 1, ps->stride[s]);
          }
          cnt = !v ? NULL : !cnt ? v : tc_op2(I, &T, OP_ADD, cnt, v);
          if (!cnt) break;
        }
      }
      acc = cnt ? avg_div(I, &T, acc, cnt, 0) : NULL;
    }
  }
  if (acc && acc == xp) acc = tc_op1(I, &T, OP_CLONE, acc, NULL);
  if (acc && !batched) {
    int64_t us[3];
    for (int k2 = 0; k2 < acc->ndim - 1; k2++) us[k2] = acc->shape[k2 + 1];
    acc = tc_reshape(I, &T, acc, us, acc->ndim - 1);
  }
  return finish(I, &T, acc);
}

static bool pool_spec(Interp *I, int nsp, Value kernel, Value stride, Value padding, Value dilation,
                      PoolSpec *ps) {
  memset(ps, 0, sizeof *ps);
  ps->nsp = nsp;
  ps->count_include_pad = true;
  for (int s = 0; s < 2; s++) ps->dil[s] = 1;
  if (kernel.t == V_NULL) {
    dwI_raise(I, EXC_TypeError, "missing required argument 'kernel_size'");
    return false;
  }
  if (!int_tuple(I, kernel, nsp, "kernel_size", ps->k)) return false;
  if (stride.t == V_NULL || stride.t == V_NONE ||
      ((stride.t == V_TUPLE || stride.t == V_LIST) && dwL_len(I, stride) == 0))
    memcpy(ps->stride, ps->k, sizeof ps->stride);
  else if (!int_tuple(I, stride, nsp, "stride", ps->stride))
    return false;
  if (padding.t != V_NULL && padding.t != V_NONE && !int_tuple(I, padding, nsp, "padding", ps->pad))
    return false;
  if (dilation.t != V_NULL && dilation.t != V_NONE && !int_tuple(I, dilation, nsp, "dilation", ps->dil))
    return false;
  return true;
}

/* F.max_pool1d/2d (data: nsp) */
BI(f_max_pool) {
  Value v[7];
  int nsp = def->data;
  const char *n = nsp == 1 ? "max_pool1d" : "max_pool2d";
  if (!dwL_bind(I, n, self, a, "input,kernel_size,stride,padding,dilation,ceil_mode,return_indices", v, 7))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  PoolSpec ps;
  bool ret_idx;
  if (!pool_spec(I, nsp, v[1], v[2], v[3], v[4], &ps) || !truthy(I, v[5], false, &ps.ceil_mode) ||
      !truthy(I, v[6], false, &ret_idx))
    return dwV_null();
  if (ret_idx)
    return dwI_raise(I, EXC_NotImplementedError, "%s(return_indices=True) is not supported", n);
  return pool_forward(I, n, TEN(v[0]), &ps, true);
}

/* F.avg_pool1d/2d (data: nsp) */
BI(f_avg_pool) {
  Value v[7];
  int nsp = def->data;
  const char *n = nsp == 1 ? "avg_pool1d" : "avg_pool2d";
  if (!dwL_bind(I, n, self, a, "input,kernel_size,stride,padding,ceil_mode,count_include_pad,divisor_override", v, 7))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  PoolSpec ps;
  if (!pool_spec(I, nsp, v[1], v[2], v[3], dwV_null(), &ps) || !truthy(I, v[4], false, &ps.ceil_mode) ||
      !truthy(I, v[5], true, &ps.count_include_pad))
    return dwV_null();
  if (v[6].t != V_NULL && v[6].t != V_NONE) {
    if (!dwL_int(I, v[6], "divisor_override", &ps.divisor)) return dwV_null();
    if (ps.divisor == 0) return dwI_raise(I, EXC_RuntimeError, "divisor must be not zero");
  }
  return pool_forward(I, n, TEN(v[0]), &ps, false);
}

/* adaptive average pooling along the last nsp dims to `out` */
static Value adaptive_avg(Interp *I, Tensor *x, int nsp, const int64_t *out) {
  char s1[256];
  /* AdaptiveAveragePooling.cpp / AdaptiveAveragePooling.cpp's 1-d form:
   * adaptive_avg_pool1d checks 2 to 3 dims (TensorUtils.cpp checkDimRange)
   * and pools x.unsqueeze(-2) to (1, o); a 1x1 output is
   * input.mean({-1, -2}, keepdim) before any other check */
  if (nsp == 1 && (x->ndim < 2 || x->ndim > 3))
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected 2 to 3 dimensions, but got %d-dimensional tensor for argument #1 'self' (while "
                     "checking arguments for adaptive_avg_pool1d)",
                     x->ndim);
  if (out[0] == 1 && out[nsp - 1] == 1) {
    if (nsp == 2 && x->ndim < 2) return check_dim(I, -2, x->ndim), dwV_null();
    Tmp T = {0};
    int64_t dims[2] = {-1, -2};
    return finish(I, &T, n_reduce(I, &T, OP_MEAN, x, dims, nsp, true));
  }
  if (x->ndim != nsp + 1 && x->ndim != nsp + 2)
    return dwI_raise(I, EXC_RuntimeError,
                     "adaptive_avg_pool%dd(): Expected %dD or %dD tensor, but got %s",
                     nsp, nsp + 1, nsp + 2, shape_text(s1, sizeof s1, x));
  for (int k = x->ndim - nsp; k < x->ndim; k++)
    if (x->shape[k] == 0)
      return dwI_raise(I, EXC_RuntimeError,
                       "adaptive_avg_pool%dd(): Expected input to have non-zero size for non-batch "
                       "dimensions, but input has sizes %s with dimension %d being empty",
                       nsp, shape_text(s1, sizeof s1, x), k);
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"adaptive_avg_pool2d\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  Tmp T = {0};
  Tensor *r = x;
  /* one spatial dim at a time: windows [floor(i*n/o), ceil((i+1)*n/o)),
   * summed by a 0/1 window matrix [o, n] (in index order), then divided by
   * the window sizes */
  for (int s = 0; s < nsp && r; s++) {
    int d = r->ndim - nsp + s;
    int64_t n = r->shape[d], o = out[s];
    if (o == n) continue;
    Tensor *i = tc_arange(I, &T, o, 0, 1, DT_I64);
    int64_t col[2] = {o, 1};
    Tensor *ic = i ? tc_reshape(I, &T, i, col, 2) : NULL;
    Tensor *st = ic ? n_scal(I, &T, OP_MUL, ic, (double)n) : NULL;           /* i*n */
    Tensor *start = st ? n_scal(I, &T, OP_FLOORDIV, st, (double)o) : NULL;    /* floor(i*n/o) */
    Tensor *en0 = st ? n_scal(I, &T, OP_ADD, st, (double)(n + o - 1)) : NULL; /* (i+1)*n + o - 1 */
    Tensor *end = en0 ? n_scal(I, &T, OP_FLOORDIV, en0, (double)o) : NULL;     /* ceil((i+1)n/o) */
    Tensor *h = end ? tc_arange(I, &T, n, 0, 1, DT_I64) : NULL;
    Tensor *ge = h ? tc_op2(I, &T, OP_GE, h, start) : NULL;
    Tensor *lt = ge ? tc_op2(I, &T, OP_LT, h, end) : NULL;
    Tensor *in = lt ? tc_op2(I, &T, OP_AND, ge, lt) : NULL;
    Tensor *mf = in ? tpush(I, &T, cast_to(I, in, (DType)x->dtype)) : NULL; /* [o, n] */
    Tensor *cnt0 = end ? tc_op2(I, &T, OP_SUB, end, start) : NULL;
    Tensor *cnt = cnt0 ? tpush(I, &T, cast_to(I, cnt0, (DType)x->dtype)) : NULL; /* [o, 1] */
    if (!cnt) {
      r = NULL;
      break;
    }
    /* move d last, multiply by mf^T, divide, move back */
    int64_t perm[DW_MAXDIM];
    int nd = r->ndim;
    for (int k = 0, j = 0; k < nd; k++)
      if (k != d) perm[j++] = k;
    perm[nd - 1] = d;
    Tensor *rp = tpush(I, &T, permute_to(I, r, perm, nd));
    int64_t tp[2] = {1, 0};
    Tensor *mt = rp ? tpush(I, &T, permute_to(I, mf, tp, 2)) : NULL;
    Tensor *sm = mt ? tc_op2(I, &T, OP_MATMUL, rp, mt) : NULL; /* [.., o] */
    int64_t cs[1] = {o};
    Tensor *c1 = sm ? tc_reshape(I, &T, cnt, cs, 1) : NULL;
    Tensor *av = c1 ? tc_op2(I, &T, OP_DIV, sm, c1) : NULL;
    int64_t inv[DW_MAXDIM];
    for (int k = 0; k < nd; k++) inv[perm[k]] = k;
    r = av ? tpush(I, &T, permute_to(I, av, inv, nd)) : NULL;
  }
  if (r == x) r = tc_op1(I, &T, OP_CLONE, x, NULL);
  else if (r && !dwT_is_contiguous(r)) r = tc_op1(I, &T, OP_CLONE, r, NULL);
  return finish(I, &T, r);
}

static bool output_size(Interp *I, Value v, int nsp, const Tensor *x, int64_t *out) {
  if (v.t == V_TUPLE || v.t == V_LIST) {
    int64_t n = dwL_len(I, v);
    Value *it = v.t == V_TUPLE ? ((Tuple *)OBJ(v))->items : ((List *)OBJ(v))->items;
    if (n != nsp && n != 1) {
      dwI_raise(I, EXC_RuntimeError, "adaptive_avg_pool2d: output_size must be 2");
      return false;
    }
    for (int s = 0; s < nsp; s++) {
      Value e = it[n == 1 ? 0 : s];
      if (e.t == V_NONE) out[s] = x ? x->shape[x->ndim - nsp + s] : -1;
      else if (!dwL_int(I, e, "output_size", &out[s])) return false;
    }
    return true;
  }
  if (!dwL_int(I, v, "output_size", &out[0])) return false;
  for (int s = 1; s < nsp; s++) out[s] = out[0];
  return true;
}

BI(f_adaptive_avg_pool) {
  Value v[2];
  int nsp = def->data;
  const char *n = nsp == 1 ? "adaptive_avg_pool1d" : "adaptive_avg_pool2d";
  if (!dwL_bind(I, n, self, a, "input,output_size", v, 2)) return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  int64_t out[2];
  if (!output_size(I, v[1], nsp, TEN(v[0]), out)) return dwV_null();
  return adaptive_avg(I, TEN(v[0]), nsp, out);
}

/* nn.MaxPool1d/2d, AvgPool1d/2d (data: nsp, +10 for average) */
BI(nn_pool_init) {
  Value v[8];
  bool avg = def->data >= 10;
  int nsp = def->data % 10;
  if (!dwL_bind(I, "__init__", self, a,
                avg ? "self,kernel_size,stride,padding,ceil_mode,count_include_pad,divisor_override"
                    : "self,kernel_size,stride,padding,dilation,return_indices,ceil_mode",
                v, 8))
    return dwV_null();
  PoolSpec ps;
  if (!pool_spec(I, nsp, v[1], v[2], v[3], avg ? dwV_null() : v[4], &ps)) return dwV_null();
  Value m = v[0];
  /* attributes keep the form given (kernel_size=2 stays 2) */
  Value ks = v[1], st = v[2].t == V_NULL || v[2].t == V_NONE ? v[1] : v[2];
  Value pd = v[3].t == V_NULL ? dwV_int(0) : v[3];
  if (!dwL_attr_set(I, m, "kernel_size", ks) || !dwL_attr_set(I, m, "stride", st) ||
      !dwL_attr_set(I, m, "padding", pd))
    return dwV_null();
  if (avg) {
    bool ceil, cip;
    if (!truthy(I, v[4], false, &ceil) || !truthy(I, v[5], true, &cip)) return dwV_null();
    if (!dwL_attr_set(I, m, "ceil_mode", dwV_bool(ceil)) ||
        !dwL_attr_set(I, m, "count_include_pad", dwV_bool(cip)) ||
        !dwL_attr_set(I, m, "divisor_override", v[6].t == V_NULL ? dwV_none() : v[6]))
      return dwV_null();
  } else {
    bool ri, ceil;
    if (!truthy(I, v[5], false, &ri) || !truthy(I, v[6], false, &ceil)) return dwV_null();
    if (!dwL_attr_set(I, m, "dilation", v[4].t == V_NULL ? dwV_int(1) : v[4]) ||
        !dwL_attr_set(I, m, "return_indices", dwV_bool(ri)) ||
        !dwL_attr_set(I, m, "ceil_mode", dwV_bool(ceil)))
      return dwV_null();
  }
  return dwV_none();
}

BI(nn_pool_forward) {
  Value v[2];
  bool avg = def->data >= 10;
  int nsp = def->data % 10;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value m = v[0];
  PoolSpec ps;
  if (!pool_spec(I, nsp, dwL_attr_get(I, m, "kernel_size"), dwL_attr_get(I, m, "stride"),
                 dwL_attr_get(I, m, "padding"), avg ? dwV_null() : dwL_attr_get(I, m, "dilation"), &ps))
    return dwV_null();
  ps.ceil_mode = attr_int(I, m, "ceil_mode", 0) != 0;
  const char *n = avg ? (nsp == 1 ? "avg_pool1d" : "avg_pool2d") : (nsp == 1 ? "max_pool1d" : "max_pool2d");
  if (avg) {
    ps.count_include_pad = attr_int(I, m, "count_include_pad", 1) != 0;
    ps.divisor = attr_int(I, m, "divisor_override", 0);
  } else if (attr_int(I, m, "return_indices", 0)) {
    return dwI_raise(I, EXC_NotImplementedError, "%s(return_indices=True) is not supported", n);
  }
  return pool_forward(I, n, TEN(v[1]), &ps, !avg);
}

BI(nn_adaptive_init) {
  Value v[2];
  if (!dwL_bind(I, "__init__", self, a, "self,output_size", v, 2)) return dwV_null();
  (void)def;
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "__init__() missing 1 required positional argument: 'output_size'");
  return dwL_attr_set(I, v[0], "output_size", v[1]) ? dwV_none() : dwV_null();
}

BI(nn_adaptive_forward) {
  Value v[2];
  int nsp = def->data;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  int64_t out[2];
  if (!output_size(I, dwL_attr_get(I, v[0], "output_size"), nsp, TEN(v[1]), out)) return dwV_null();
  return adaptive_avg(I, TEN(v[1]), nsp, out);
}

/* ------------------------------------------------------------------ */
/* Normalisation                                                       */
/* ------------------------------------------------------------------ */

/* (x - mean) * rsqrt(var + eps) over dims, var biased; mean and var
 * returned through *mo / *vo when asked (pushed on T) */
static Tensor *normalize_over(Interp *I, Tmp *T, Tensor *x, const int64_t *dims, int nd, double eps,
                              Tensor **mo, Tensor **vo) {
  Tensor *mean = n_reduce(I, T, OP_MEAN, x, dims, nd, true);
  Tensor *xc = mean ? tc_op2(I, T, OP_SUB, x, mean) : NULL;
  Tensor *sq = xc ? tc_op2(I, T, OP_MUL, xc, xc) : NULL;
  Tensor *var = sq ? n_reduce(I, T, OP_MEAN, sq, dims, nd, true) : NULL;
  Tensor *ve = var ? n_scal(I, T, OP_ADD, var, eps) : NULL;
  Tensor *rs = ve ? tc_op1(I, T, OP_RSQRT, ve, NULL) : NULL;
  if (mo) *mo = mean;
  if (vo) *vo = var;
  return rs ? tc_op2(I, T, OP_MUL, xc, rs) : NULL;
}

/* F.batch_norm semantics. rm/rv may be NULL (no running stats). */
static Value batch_norm_ag(Interp *I, Tensor *x, Tensor *rm, Tensor *rv, Tensor *w, Tensor *b,
                        bool training, double momentum, double eps, Tensor *nbt, bool cumulative) {
  char s1[256];
  if (x->ndim < 2)
    return dwI_raise(I, EXC_ValueError, "Expected 2D or 3D input (got %dD input)", x->ndim);
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"batch_norm\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  int64_t C = x->shape[1];
  Tensor *vecs[4] = {rm, rv, w, b};
  static const char *const vn[4] = {"running_mean", "running_var", "weight", "bias"};
  for (int k = 0; k < 4; k++)
    if (vecs[k] && dwT_numel(vecs[k]) != C)
      return dwI_raise(I, EXC_RuntimeError, "%s should contain %lld elements not %lld", vn[k],
                       (long long)C, (long long)dwT_numel(vecs[k]));
  int64_t cnt = dwT_numel(x) / (C ? C : 1);
  if (training && cnt <= 1) {
    char sz[256];
    size_t o = (size_t)snprintf(sz, sizeof sz, "torch.Size([");
    for (int k = 0; k < x->ndim; k++)
      o += (size_t)snprintf(sz + o, sizeof sz - o, "%s%lld", k ? ", " : "", (long long)x->shape[k]);
    snprintf(sz + o, sizeof sz - o, "])");
    return dwI_raise(I, EXC_ValueError, "Expected more than 1 value per channel when training, got input size %s", sz);
  }
  (void)s1;
  Tmp T = {0};
  int nd = x->ndim;
  Tensor *y = NULL;
  if (training || !rm || !rv) {
    int64_t dims[DW_MAXDIM];
    int n = 0;
    for (int k = 0; k < nd; k++)
      if (k != 1) dims[n++] = k;
    Tensor *mean = NULL, *var = NULL;
    y = normalize_over(I, &T, x, dims, n, eps, &mean, &var);
    if (y && w) {
      Tensor *wc = n_chan(I, &T, w, nd);
      y = wc ? tc_op2(I, &T, OP_MUL, y, wc) : NULL;
    }
    if (y && b) {
      Tensor *bc = n_chan(I, &T, b, nd);
      y = bc ? tc_op2(I, &T, OP_ADD, y, bc) : NULL;
    }
    if (y && training && rm && rv) {
      /* running = (1 - m) * running + m * batch (unbiased variance);
       * momentum None: the cumulative average 1 / num_batches_tracked */
      double m = momentum;
      if (nbt) {
        Tensor *one = tscalar(I, &T, DT_I64, 1);
        Tensor *nb = one ? tc_op2(I, &T, OP_ADD, nbt, one) : NULL;
        if (!nb) goto out;
        Value r = dwL_assign_inplace(I, nbt, ttake(&T, nb));
        if (r.t == V_NULL) {
          y = NULL;
          goto out;
        }
        drop(I, r);
        if (cumulative) m = nbt->st ? 1.0 / (double)dwT_get_int(nbt, 0) : m;
      }
      int64_t cs[1] = {C};
      bool ng = I->no_grad; /* the running statistics record no gradient */
      I->no_grad = true;
      Tensor *bm = tc_reshape(I, &T, mean, cs, 1);
      Tensor *bv = bm ? tc_reshape(I, &T, var, cs, 1) : NULL;
      Tensor *ub = bv ? n_scal(I, &T, OP_MUL, bv, (double)cnt / (double)(cnt - 1)) : NULL;
      Tensor *srcs[2] = {bm, ub}, *dsts[2] = {rm, rv};
      for (int k = 0; k < 2 && ub; k++) {
        Tensor *a1 = n_scal(I, &T, OP_MUL, dsts[k], 1.0 - m);
        Tensor *a2 = a1 ? n_scal(I, &T, OP_MUL, srcs[k], m) : NULL;
        Tensor *nv = a2 ? tc_op2(I, &T, OP_ADD, a1, a2) : NULL;
        Value r = nv ? dwL_assign_inplace(I, dsts[k], ttake(&T, nv)) : dwV_null();
        if (r.t == V_NULL) {
          y = NULL;
          break;
        }
        drop(I, r);
      }
      I->no_grad = ng;
      if (!ub) y = NULL;
    }
  } else {
    /* eval: x * alpha + beta, alpha = w / sqrt(var + eps),
     * beta = b - mean * alpha (PyTorch's inference kernel) */
    Tensor *ve = n_scal(I, &T, OP_ADD, rv, eps);
    Tensor *alpha = ve ? tc_op1(I, &T, OP_RSQRT, ve, NULL) : NULL;
    if (alpha && w) alpha = tc_op2(I, &T, OP_MUL, alpha, w);
    Tensor *ma = alpha ? tc_op2(I, &T, OP_MUL, rm, alpha) : NULL;
    Tensor *beta = ma ? (b ? tc_op2(I, &T, OP_SUB, b, ma) : tc_op1(I, &T, OP_NEG, ma, NULL)) : NULL;
    Tensor *ac = beta ? n_chan(I, &T, alpha, nd) : NULL;
    Tensor *bc = ac ? n_chan(I, &T, beta, nd) : NULL;
    Tensor *xa = bc ? tc_op2(I, &T, OP_MUL, x, ac) : NULL;
    y = xa ? tc_op2(I, &T, OP_ADD, xa, bc) : NULL;
  }
out:
  return finish(I, &T, y);
}

/* autograd: the result's node named as PyTorch's */
static Value batch_norm(Interp *I, Tensor *x, Tensor *rm, Tensor *rv, Tensor *w, Tensor *b,
                        bool training, double momentum, double eps, Tensor *nbt, bool cumulative) {
  uint64_t s0 = I->c.ag_seq;
  Value r = batch_norm_ag(I, x, rm, rv, w, b, training, momentum, eps, nbt, cumulative);
  if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, "NativeBatchNormBackward0");
  return r;
}

/* F.batch_norm(input, running_mean, running_var, weight, bias, training,
 * momentum, eps); data 1: torch.batch_norm(input, weight, bias,
 * running_mean, running_var, training, momentum, eps, cudnn_enabled) */
BI(f_batch_norm) {
  Value v[9];
  if (def->data == 1) {
    Value t[9];
    if (!dwL_bind(I, "batch_norm", self, a,
                  "input,weight,bias,running_mean,running_var,training,momentum,eps,cudnn_enabled", t, 9))
      return dwV_null();
    /* all nine are required (native_functions.yaml batch_norm) */
    static const char *const tn[9] = {"input", "weight", "bias", "running_mean", "running_var",
                                      "training", "momentum", "eps", "cudnn_enabled"};
    for (int k = 0; k < 9; k++)
      if (t[k].t == V_NULL)
        return dwI_raise(I, EXC_TypeError, "batch_norm() missing 1 required positional arguments: \"%s\"", tn[k]);
    Value order[8] = {t[0], t[3], t[4], t[1], t[2], t[5], t[6], t[7]};
    memcpy(v, order, sizeof order);
  } else if (!dwL_bind(I, "batch_norm", self, a, "input,running_mean,running_var,weight,bias,training,momentum,eps", v,
                       8)) {
    return dwV_null();
  } else if (v[0].t == V_NULL || v[1].t == V_NULL || v[2].t == V_NULL) {
    /* functional.py batch_norm(input, running_mean, running_var, ...) */
    const char *miss[3];
    int nm = 0;
    if (v[0].t == V_NULL) miss[nm++] = "'input'";
    if (v[1].t == V_NULL) miss[nm++] = "'running_mean'";
    if (v[2].t == V_NULL) miss[nm++] = "'running_var'";
    return dwI_raise(I, EXC_TypeError, "batch_norm() missing %d required positional argument%s: %s%s%s%s%s", nm,
                     nm > 1 ? "s" : "", miss[0], nm > 2 ? ", " : nm > 1 ? " and " : "", nm > 1 ? miss[1] : "",
                     nm > 2 ? ", and " : "", nm > 2 ? miss[2] : "");
  }
  if (!as_tensor_arg(I, v[0], "batch_norm", "input")) return dwV_null();
  bool training;
  double mom, eps;
  if (!truthy(I, v[5], false, &training) || !float_arg(I, v[6], "momentum", 0.1, &mom) ||
      !float_arg(I, v[7], "eps", 1e-5, &eps))
    return dwV_null();
  Tensor *ts[4];
  for (int k = 0; k < 4; k++) ts[k] = v[k + 1].t == V_TENSOR ? TEN(v[k + 1]) : NULL;
  if (!training && (!ts[0] || !ts[1]))
    return dwI_raise(I, EXC_RuntimeError, "running_mean and running_var must be defined in evaluation mode");
  return batch_norm(I, TEN(v[0]), ts[0], ts[1], ts[2], ts[3], training, mom, eps, NULL, false);
}

static Value group_norm(Interp *I, Tensor *x, int64_t G, Tensor *w, Tensor *b, double eps) {
  char s1[256];
  if (x->ndim < 2)
    return dwI_raise(I, EXC_RuntimeError, "Expected at least 2 dimensions for input tensor but received %d", x->ndim);
  int64_t N = x->shape[0], C = x->shape[1];
  if (G <= 0 || C % G)
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected number of channels in input to be divisible by num_groups, but got "
                     "input of shape %s and num_groups=%lld",
                     shape_text(s1, sizeof s1, x), (long long)G);
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"group_norm\" not implemented for '%s'", dwT_scalar_name((DType)x->dtype));
  /* group_norm.cpp check_group_norm_inputs: a weight or bias of another
   * size than C, or not 1-D; the bias message shows the weight's shape
   * (PyTorch's text, kept) */
  char s2[96];
  if (w && (w->ndim != 1 || dwT_numel(w) != C))
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected weight to be a vector of size equal to the number of channels in "
                     "input, but got weight of shape %s and input of shape %s",
                     shape_text(s1, sizeof s1, w), shape_text(s2, sizeof s2, x));
  if (b && (b->ndim != 1 || dwT_numel(b) != C))
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected bias to be a vector of size equal to the number of channels in "
                     "input, but got bias of shape %s and input of shape %s",
                     shape_text(s1, sizeof s1, w ? w : b), shape_text(s2, sizeof s2, x));
  Tmp T = {0};
  int64_t gs[3] = {N, G, -1};
  Tensor *xg = tc_reshape(I, &T, x, gs, 3);
  int64_t d2 = 2;
  Tensor *y = xg ? normalize_over(I, &T, xg, &d2, 1, eps, NULL, NULL) : NULL;
  y = y ? tc_reshape(I, &T, y, x->shape, x->ndim) : NULL;
  if (y && w) {
    Tensor *wc = n_chan(I, &T, w, x->ndim);
    y = wc ? tc_op2(I, &T, OP_MUL, y, wc) : NULL;
  }
  if (y && b) {
    Tensor *bc = n_chan(I, &T, b, x->ndim);
    y = bc ? tc_op2(I, &T, OP_ADD, y, bc) : NULL;
  }
  return finish(I, &T, y);
}

BI(f_group_norm) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "group_norm", self, a, "input,num_groups,weight,bias,eps", v, 5)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "group_norm", "input")) return dwV_null();
  int64_t G;
  double eps;
  if (!dwL_int(I, v[1], "num_groups", &G) || !float_arg(I, v[4], "eps", 1e-5, &eps)) return dwV_null();
  return group_norm(I, TEN(v[0]), G, v[2].t == V_TENSOR ? TEN(v[2]) : NULL,
                    v[3].t == V_TENSOR ? TEN(v[3]) : NULL, eps);
}

/* nn.BatchNorm1d / BatchNorm2d (data: 1 or 2) */
BI(nn_bn_init) {
  Value v[6];
  if (!dwL_bind(I, "__init__", self, a, "self,num_features,eps,momentum,affine,track_running_stats", v, 6))
    return dwV_null();
  (void)def;
  int64_t C;
  double eps;
  bool affine, track;
  if (!dwL_int(I, v[1], "num_features", &C) || !float_arg(I, v[2], "eps", 1e-5, &eps) ||
      !truthy(I, v[4], true, &affine) || !truthy(I, v[5], true, &track))
    return dwV_null();
  Value m = v[0];
  Value mom = v[3].t == V_NULL ? dwV_float(0.1) : v[3];
  if (mom.t == V_INT) mom = dwV_float((double)mom.u.i);
  if (!dwL_attr_set(I, m, "num_features", dwV_int(C)) || !dwL_attr_set(I, m, "eps", dwV_float(eps)) ||
      !dwL_attr_set(I, m, "momentum", mom) || !dwL_attr_set(I, m, "affine", dwV_bool(affine)) ||
      !dwL_attr_set(I, m, "track_running_stats", dwV_bool(track)))
    return dwV_null();
  if (affine) {
    if (!dwL_set_tensor_attr(I, m, "weight", dwL_layer_param(dwL_full(I, &C, 1, 1, DT_F32))) ||
        !dwL_set_tensor_attr(I, m, "bias", dwL_layer_param(dwL_full(I, &C, 1, 0, DT_F32))))
      return dwV_null();
  } else if (!dwL_attr_set(I, m, "weight", dwV_none()) || !dwL_attr_set(I, m, "bias", dwV_none())) {
    return dwV_null();
  }
  if (track) {
    Value rm = dwL_full(I, &C, 1, 0, DT_F32), rv = dwL_full(I, &C, 1, 1, DT_F32);
    Value nb = dwL_full(I, NULL, 0, 0, DT_I64);
    Value bufs[3] = {rm, rv, nb}; /* reset_running_stats: zero_, fill_(1), zero_ */
    for (int k = 0; k < 3; k++)
      if (bufs[k].t == V_TENSOR) dwT_bump(TEN(bufs[k]), 1);
    if (!dwNm_register_buffer(I, m, "running_mean", rm, true) ||
        !dwNm_register_buffer(I, m, "running_var", rv, true) ||
        !dwNm_register_buffer(I, m, "num_batches_tracked", nb, true))
      return dwV_null();
  } else if (!dwL_attr_set(I, m, "running_mean", dwV_none()) ||
             !dwL_attr_set(I, m, "running_var", dwV_none()) ||
             !dwL_attr_set(I, m, "num_batches_tracked", dwV_none())) {
    return dwV_null();
  }
  return dwV_none();
}

BI(nn_bn_forward) {
  Value v[2];
  int kind = def->data;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Tensor *x = TEN(v[1]);
  if (kind == 1 && x->ndim != 2 && x->ndim != 3)
    return dwI_raise(I, EXC_ValueError, "expected 2D or 3D input (got %dD input)", x->ndim);
  if (kind == 2 && x->ndim != 4)
    return dwI_raise(I, EXC_ValueError, "expected 4D input (got %dD input)", x->ndim);
  Value m = v[0];
  bool training = dwNm_training(I, m);
  Tensor *rm = attr_tensor(I, m, "running_mean"), *rv = attr_tensor(I, m, "running_var");
  Tensor *nbt = attr_tensor(I, m, "num_batches_tracked");
  Value mom = dwL_attr_get(I, m, "momentum");
  bool cumulative = mom.t == V_NONE;
  double momentum = cumulative ? 0.0 : attr_float(I, m, "momentum", 0.1);
  bool use_batch = training || !rm || !rv;
  return batch_norm(I, x, rm, rv, attr_tensor(I, m, "weight"), attr_tensor(I, m, "bias"),
                    use_batch, momentum, attr_float(I, m, "eps", 1e-5),
                    training && rm ? nbt : NULL, cumulative);
}

BI(nn_gn_init) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "__init__", self, a, "self,num_groups,num_channels,eps,affine", v, 5)) return dwV_null();
  int64_t G, C;
  double eps;
  bool affine;
  if (!dwL_int(I, v[1], "num_groups", &G) || !dwL_int(I, v[2], "num_channels", &C) ||
      !float_arg(I, v[3], "eps", 1e-5, &eps) || !truthy(I, v[4], true, &affine))
    return dwV_null();
  if (G <= 0 || C % G) return dwI_raise(I, EXC_ValueError, "num_channels must be divisible by num_groups");
  Value m = v[0];
  if (!dwL_attr_set(I, m, "num_groups", dwV_int(G)) || !dwL_attr_set(I, m, "num_channels", dwV_int(C)) ||
      !dwL_attr_set(I, m, "eps", dwV_float(eps)) || !dwL_attr_set(I, m, "affine", dwV_bool(affine)))
    return dwV_null();
  if (affine)
    return dwL_set_tensor_attr(I, m, "weight", dwL_layer_param(dwL_full(I, &C, 1, 1, DT_F32))) &&
                   dwL_set_tensor_attr(I, m, "bias", dwL_layer_param(dwL_full(I, &C, 1, 0, DT_F32)))
               ? dwV_none()
               : dwV_null();
  return dwL_attr_set(I, m, "weight", dwV_none()) && dwL_attr_set(I, m, "bias", dwV_none()) ? dwV_none()
                                                                                            : dwV_null();
}

BI(nn_gn_forward) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value m = v[0];
  return group_norm(I, TEN(v[1]), attr_int(I, m, "num_groups", 1), attr_tensor(I, m, "weight"),
                    attr_tensor(I, m, "bias"), attr_float(I, m, "eps", 1e-5));
}

/* ------------------------------------------------------------------ */
/* Embeddings                                                          */
/* ------------------------------------------------------------------ */

/* TensorUtils.cpp checkScalarTypes of argument #1 `arg` (indices, or
 * embedding_bag's offsets) */
static bool check_index_arg(Interp *I, Tensor *idx, const char *arg, const char *op) {
  if (idx->dtype == DT_I64 || idx->dtype == DT_I32) return true;
  dwI_raise(I, EXC_RuntimeError,
            "Expected tensor for argument #1 '%s' to have one of the following scalar types: "
            "Long, Int; but got %s instead (while checking arguments for %s)",
            arg, dwT_legacy_name((DType)idx->dtype), op);
  return false;
}

static bool check_indices(Interp *I, Tensor *idx, const char *op) { return check_index_arg(I, idx, "indices", op); }

/* weight[idx]: [*idx, D] */
static Value embedding_ag(Interp *I, Tensor *idx, Tensor *w) {
  if (w->ndim != 2) return dwI_raise(I, EXC_RuntimeError, "'weight' must be 2-D");
  if (!check_indices(I, idx, "embedding")) return dwV_null();
  if (idx->ndim + 1 > DW_MAXDIM)
    return dwI_raise(I, EXC_NotImplementedError, "tensors with more than %d dimensions are not supported", DW_MAXDIM);
  int64_t K = dwT_numel(idx), D = w->shape[1];
  int64_t k1[2] = {K, 1}, kd[2] = {K, D}, os[DW_MAXDIM];
  for (int k = 0; k < idx->ndim; k++) os[k] = idx->shape[k];
  os[idx->ndim] = D;
  Tmp T = {0};
  Tensor *i1 = tc_reshape(I, &T, idx, k1, 2);
  Tensor *ie = i1 ? tc_expand(I, &T, i1, kd, 2) : NULL;
  Tensor *g = NULL;
  if (ie) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = 0;
    at.ni = 1;
    at.flag = GK_INDEX_SELECT;
    Tensor *in[2] = {w, ie};
    g = tpush(I, &T, op(I, OP_GATHER, 2, in, &at));
  }
  Tensor *r = g ? tc_reshape(I, &T, g, os, idx->ndim + 1) : NULL;
  return finish(I, &T, r);
}

/* autograd: the result's node named as PyTorch's */
static Value embedding(Interp *I, Tensor *idx, Tensor *w) {
  uint64_t s0 = I->c.ag_seq;
  Value r = embedding_ag(I, idx, w);
  if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, "EmbeddingBackward0");
  return r;
}

/* F.embedding(input, weight, padding_idx, ...); data 1: torch.embedding(
 * weight, indices, padding_idx=-1, scale_grad_by_freq, sparse), aten's
 * order, where padding_idx only marks a row for the gradient */
BI(f_embedding) {
  Value v[7];
  if (def->data == 1) {
    Value t[5];
    if (!dwL_bind(I, "embedding", self, a, "weight,indices,padding_idx,scale_grad_by_freq,sparse", t, 5) ||
        !as_tensor_arg(I, t[0], "embedding", "weight") || !as_tensor_arg(I, t[1], "embedding", "indices"))
      return dwV_null();
    return embedding(I, TEN(t[1]), TEN(t[0]));
  }
  if (!dwL_bind(I, "embedding", self, a, "input,weight,padding_idx,max_norm,norm_type,scale_grad_by_freq,sparse", v, 7))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], "embedding", "input") || !as_tensor_arg(I, v[1], "embedding", "weight"))
    return dwV_null();
  if (v[3].t != V_NULL && v[3].t != V_NONE)
    return dwI_raise(I, EXC_NotImplementedError, "embedding(max_norm=...) renormalises the weight in place; it is not supported");
  Tensor *w = TEN(v[1]);
  if (v[2].t != V_NULL && v[2].t != V_NONE) {
    int64_t p;
    if (!dwL_int(I, v[2], "padding_idx", &p)) return dwV_null();
    if (w->ndim == 2 && (p >= w->shape[0] || p < -w->shape[0]))
      return dwI_raise(I, EXC_AssertionError, "Padding_idx must be within num_embeddings");
  }
  return embedding(I, TEN(v[0]), w);
}

enum { BAG_SUM, BAG_MEAN, BAG_MAX };

/* embedding_bag with offsets, eagerly: a loop over each bag's rows, in
 * index order. The same values as the traced composition (its membership
 * matmul adds the same rows in the same order; the zeros it adds for the
 * other bags change nothing), in O(indices x D). */
static Value bag_eager(Interp *I, Tensor *idx, Tensor *w, Tensor *offs, int mode, Tensor *psw,
                       bool include_last, int64_t padding_idx, bool has_pad) {
  int64_t n = idx->shape[0], no = offs->shape[0], V = w->shape[0], D = w->shape[1];
  int64_t B = include_last ? no - 1 : no;
  if (B < 0) B = 0;
  int64_t os[2] = {B, D};
  Tensor *r = dwT_new(&I->c, DT_F32, 2, os);
  Tensor *wc = r ? dwT_contiguous(&I->c, w) : NULL;
  if (!wc) {
    if (r) dwV_decref_o(&I->c, &r->h);
    return dwI_raise_ctx(I);
  }
  float *out = dwT_data(r);
  const float *W = dwT_data(wc);
  for (int64_t b = 0; b < B; b++) {
    int64_t s = dwT_get_int(offs, b), e = b + 1 < no ? dwT_get_int(offs, b + 1) : n;
    float *o = out + b * D;
    int64_t cnt = 0;
    for (int64_t j = s; j < e; j++) {
      int64_t v = dwT_get_int(idx, j);
      if (v < 0 || v >= V) {
        dwV_decref_o(&I->c, &r->h);
        dwV_decref_o(&I->c, &wc->h);
        return dwI_raise(I, EXC_IndexError, "index out of range in self");
      }
      if (has_pad && v == padding_idx) continue;
      const float *row = W + v * D;
      float sw = psw ? (float)dwT_get(psw, j) : 1.0f;
      for (int64_t k = 0; k < D; k++) {
        float x = psw ? row[k] * sw : row[k];
        if (mode == BAG_MAX) o[k] = cnt == 0 || x > o[k] || x != x ? x : o[k];
        else o[k] = o[k] + x;
      }
      cnt++;
    }
    if (mode == BAG_MEAN && cnt > 0)
      for (int64_t k = 0; k < D; k++) o[k] = o[k] / (float)cnt;
  }
  dwV_decref_o(&I->c, &wc->h);
  return tv(r);
}

/* embedding_bag: bags of rows of w (idx 2-D: one bag per row; 1-D with
 * offsets); psw weights each row (sum only). The membership of index j
 * in bag b is a 0/1 matrix M [B, n] computed from the offsets; sums are
 * M @ rows (index order), means divide by the bag sizes, maxima take the
 * rows of each bag; empty bags give zeros. */
static Value embedding_bag(Interp *I, Tensor *idx, Tensor *w, Tensor *offs, int mode, Tensor *psw,
                           bool include_last, int64_t padding_idx, bool has_pad) {
  /* functional.py's checks first (ValueError / NotImplementedError), in its
   * order, then the C++ ones (EmbeddingBag.cpp check_arguments) */
  if (psw) {
    bool same = psw->ndim == idx->ndim;
    for (int k = 0; same && k < idx->ndim; k++) same = psw->shape[k] == idx->shape[k];
    if (!same) {
      char s1[96], s2[96];
      return dwI_raise(I, EXC_ValueError,
                       "embedding_bag: If per_sample_weights (torch.Size(%s)) is not None, then it must have "
                       "the same shape as the input (torch.Size(%s))",
                       shape_text(s1, sizeof s1, psw), shape_text(s2, sizeof s2, idx));
    }
  }
  if (w->ndim != 2) return dwI_raise(I, EXC_ValueError, "weight has to be a 2D Tensor, but got Tensor of dimension %d", w->ndim);
  if (idx->ndim == 2) {
    if (offs)
      return dwI_raise(I, EXC_ValueError,
                       "if input is 2D, then offsets has to be None, as input is treated is a mini-batch "
                       "of fixed length sequences. However, found offsets of type Tensor");
  } else if (idx->ndim == 1) {
    if (!offs) return dwI_raise(I, EXC_ValueError, "offsets has to be a 1D Tensor but got None");
    if (offs->ndim != 1) return dwI_raise(I, EXC_ValueError, "offsets has to be a 1D Tensor");
  } else {
    return dwI_raise(I, EXC_ValueError, "input has to be 1D or 2D Tensor, but got Tensor of dimension %d", idx->ndim);
  }
  if (psw && mode != BAG_SUM)
    return dwI_raise(I, EXC_NotImplementedError,
                     "embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                     "supported for mode='sum' (got mode='%s'). Please open a feature request on GitHub.",
                     mode == BAG_MEAN ? "mean" : "max");
  if (!check_indices(I, idx, "embedding_bag") || (offs && !check_index_arg(I, offs, "offsets", "embedding_bag")))
    return dwV_null();
  if (psw) {
    if (psw->dtype != w->dtype)
      return dwI_raise(I, EXC_RuntimeError, "expected scalar type %s but found %s", dwT_scalar_name((DType)w->dtype),
                       dwT_scalar_name((DType)psw->dtype));
  }
  /* data checks of the offsets (eagerly, or a torch.tensor constant of
   * the traced graph: other traced offsets have no data) */
  Tensor *kofs = offs && !offs->st ? dwR_constant_of(I, offs) : NULL;
  Tensor *od = offs && offs->st ? offs : kofs;
  if (od) {
    int64_t no = dwT_numel(od), bad = -1;
    for (int64_t k = 0; k < no && bad < 0; k++) {
      int64_t o = dwT_get_int(od, k);
      if (!k ? o != 0 : o > dwT_numel(idx) || o < dwT_get_int(od, k - 1)) bad = k;
    }
    int64_t o = bad >= 0 ? dwT_get_int(od, bad) : 0;
    bool last = bad < 0 && include_last && no > 0 && dwT_get_int(od, no - 1) != dwT_numel(idx);
    if (kofs) dwV_decref_o(&I->c, &kofs->h);
    if (bad == 0)
      return dwI_raise(I, EXC_RuntimeError,
                       "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start "
                       "from position 0. However, got %lld",
                       (long long)o);
    if (bad > 0)
      return dwI_raise(I, EXC_RuntimeError, "offsets[%lld] is out of bounds: %lld", (long long)bad,
                       (long long)o);
    if (last)
      return dwI_raise(I, EXC_RuntimeError,
                       "Expected offsets[-1] to be equal to the number of indices when include_last_offset=True");
  }
  if (!dwR_tracing(I) && idx->ndim == 1 && w->dtype == DT_F32 && w->st && idx->st && offs->st &&
      (!psw || psw->st))
    return bag_eager(I, idx, w, offs, mode, psw, include_last, padding_idx, has_pad);
  Tmp T = {0};
  int64_t D = w->shape[1];
  Tensor *r = NULL;
  if (idx->ndim == 2) {
    /* fixed bags: rows [B, L, D] reduced over L */
    int64_t B = idx->shape[0], L = idx->shape[1];
    Value e = embedding(I, idx, w);
    Tensor *rows = tpush(I, &T, e);
    if (rows && has_pad) { /* padding_idx rows are left out */
      Tensor *pi = tscalar(I, &T, DT_I64, (double)padding_idx);
      Tensor *keep = pi ? tc_op2(I, &T, OP_NE, idx, pi) : NULL;
      int64_t ks[3] = {B, L, 1};
      Tensor *k3 = keep ? tc_reshape(I, &T, keep, ks, 3) : NULL;
      Tensor *z = k3 ? tscalar(I, &T, DT_F32, mode == BAG_MAX ? -INFINITY : 0) : NULL;
      rows = z ? n_where(I, &T, k3, rows, z) : NULL;
      if (rows && mode == BAG_MEAN) {
        /* divide by the number of kept rows (empty: 0) */
        int64_t one = 1;
        Tensor *kf = tpush(I, &T, cast_to(I, keep, DT_F32));
        Tensor *ks2 = kf ? n_reduce(I, &T, OP_SUM, kf, &one, 1, true) : NULL;
        Tensor *sm = ks2 ? n_reduce(I, &T, OP_SUM, rows, &one, 1, false) : NULL;
        Tensor *c1 = ks2 ? n_scal(I, &T, OP_MAXIMUM, ks2, 1) : NULL;
        r = c1 && sm ? tc_op2(I, &T, OP_DIV, sm, c1) : NULL;
        return finish(I, &T, r);
      }
    }
    if (rows && psw) {
      int64_t ps3[3] = {B, L, 1};
      Tensor *p3 = tc_reshape(I, &T, psw, ps3, 3);
      rows = p3 ? tc_op2(I, &T, OP_MUL, rows, p3) : NULL;
    }
    int64_t one = 1;
    if (rows && L == 0) {
      int64_t os[2] = {B, D};
      r = n_full(I, &T, os, 2, 0, DT_F32);
    } else if (rows) {
      r = n_reduce(I, &T, mode == BAG_SUM ? OP_SUM : mode == BAG_MEAN ? OP_MEAN : OP_AMAX, rows, &one, 1, false);
      if (r && mode == BAG_MAX && has_pad) { /* all-padding bags: 0 */
        Tensor *ninf = tscalar(I, &T, DT_F32, -INFINITY);
        Tensor *isn = ninf ? tc_op2(I, &T, OP_EQ, r, ninf) : NULL;
        Tensor *z = isn ? tscalar(I, &T, DT_F32, 0) : NULL;
        r = z ? n_where(I, &T, isn, z, r) : NULL;
      }
    }
    return finish(I, &T, r);
  }
  /* 1-D indices with offsets: bag of index j = #(offsets <= j) - 1 */
  int64_t n = idx->shape[0], no = offs->shape[0];
  int64_t B = include_last ? no - 1 : no;
  if (B < 0) B = 0;
  Tensor *ob = include_last ? tc_slice(I, &T, offs, 0, 0, B, 1) : offs; /* bag starts [B] */
  Tensor *ol = ob && ob->dtype != DT_I64 ? tpush(I, &T, cast_to(I, ob, DT_I64)) : ob;
  Tensor *j = ol ? tc_arange(I, &T, n, 0, 1, DT_I64) : NULL;
  int64_t bcol[2] = {B, 1};
  Tensor *oc = j ? tc_reshape(I, &T, ol, bcol, 2) : NULL;
  Tensor *le = oc ? tc_op2(I, &T, OP_LE, oc, j) : NULL; /* [B, n]: start_b <= j */
  int64_t zero = 0;
  Tensor *cntle = le ? n_reduce(I, &T, OP_SUM, le, &zero, 1, true) : NULL; /* [1, n] */
  Tensor *bag = cntle ? n_scal(I, &T, OP_SUB, cntle, 1) : NULL;            /* [1, n] */
  Tensor *bid = bag ? tc_arange(I, &T, B, 0, 1, DT_I64) : NULL;
  Tensor *bidc = bid ? tc_reshape(I, &T, bid, bcol, 2) : NULL;
  Tensor *mem = bidc ? tc_op2(I, &T, OP_EQ, bag, bidc) : NULL; /* [B, n] */
  if (mem && has_pad) {
    Tensor *pi = tscalar(I, &T, DT_I64, (double)padding_idx);
    Tensor *keep = pi ? tc_op2(I, &T, OP_NE, idx, pi) : NULL;
    mem = keep ? tc_op2(I, &T, OP_AND, mem, keep) : NULL;
  }
  Value e = mem ? embedding(I, idx, w) : dwV_null();
  Tensor *rows = tpush(I, &T, e); /* [n, D] */
  if (rows && psw) {
    int64_t pc[2] = {n, 1};
    Tensor *p2 = tc_reshape(I, &T, psw, pc, 2);
    rows = p2 ? tc_op2(I, &T, OP_MUL, rows, p2) : NULL;
  }
  if (!rows) return finish(I, &T, NULL);
  if (mode == BAG_MAX) {
    int64_t m3[3] = {B, n, 1}, r3[3] = {1, n, D}, one = 1;
    Tensor *mm = tc_reshape(I, &T, mem, m3, 3);
    Tensor *rr = mm ? tc_reshape(I, &T, rows, r3, 3) : NULL;
    Tensor *ninf = rr ? tscalar(I, &T, DT_F32, -INFINITY) : NULL;
    Tensor *sel = ninf ? n_where(I, &T, mm, rr, ninf) : NULL; /* [B, n, D] */
    if (sel && n == 0) {
      int64_t os[2] = {B, D};
      r = n_full(I, &T, os, 2, 0, DT_F32);
    } else if (sel) {
      Tensor *mx = n_reduce(I, &T, OP_AMAX, sel, &one, 1, false);
      Tensor *anyv = mx ? n_reduce(I, &T, OP_AMAX, mm, &one, 1, false) : NULL; /* [B, 1] */
      Tensor *z = anyv ? tscalar(I, &T, DT_F32, 0) : NULL;
      r = z ? n_where(I, &T, anyv, mx, z) : NULL;
    }
    return finish(I, &T, r);
  }
  Tensor *mf = tpush(I, &T, cast_to(I, mem, (DType)rows->dtype));
  Tensor *s = mf ? tc_op2(I, &T, OP_MATMUL, mf, rows) : NULL; /* [B, D] */
  if (s && mode == BAG_MEAN) {
    int64_t one = 1;
    Tensor *cnt = n_reduce(I, &T, OP_SUM, mf, &one, 1, true); /* [B, 1] */
    Tensor *c1 = cnt ? n_scal(I, &T, OP_MAXIMUM, cnt, 1) : NULL;
    s = c1 ? tc_op2(I, &T, OP_DIV, s, c1) : NULL;
  }
  return finish(I, &T, s);
}

static bool bag_mode(Interp *I, Value v, int *mode) {
  *mode = BAG_MEAN;
  if (v.t == V_NULL || v.t == V_NONE) return true;
  const char *s = v.t == V_STR ? STR(v)->s : "";
  if (!strcmp(s, "sum")) *mode = BAG_SUM;
  else if (!strcmp(s, "mean")) *mode = BAG_MEAN;
  else if (!strcmp(s, "max")) *mode = BAG_MAX;
  else {
    dwI_raise(I, EXC_ValueError, "mode has to be one of sum, mean or max");
    return false;
  }
  return true;
}

BI(f_embedding_bag) {
  Value v[11];
  (void)def;
  if (!dwL_bind(I, "embedding_bag", self, a,
                "input,weight,offsets,max_norm,norm_type,scale_grad_by_freq,mode,sparse,per_sample_weights,include_last_offset,padding_idx",
                v, 11))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], "embedding_bag", "input") || !as_tensor_arg(I, v[1], "embedding_bag", "weight"))
    return dwV_null();
  int mode;
  bool last;
  if (!bag_mode(I, v[6], &mode) || !truthy(I, v[9], false, &last)) return dwV_null();
  if (v[3].t != V_NULL && v[3].t != V_NONE)
    return dwI_raise(I, EXC_NotImplementedError, "embedding_bag(max_norm=...) renormalises the weight in place; it is not supported");
  int64_t pad = 0;
  bool has_pad = v[10].t != V_NULL && v[10].t != V_NONE;
  if (has_pad && !dwL_int(I, v[10], "padding_idx", &pad)) return dwV_null();
  if (has_pad && pad < 0) pad += TEN(v[1])->ndim == 2 ? TEN(v[1])->shape[0] : 0;
  return embedding_bag(I, TEN(v[0]), TEN(v[1]), v[2].t == V_TENSOR ? TEN(v[2]) : NULL, mode,
                       v[8].t == V_TENSOR ? TEN(v[8]) : NULL, last, pad, has_pad);
}

/* nn.Embedding / nn.EmbeddingBag (data 1): weight ~ N(0, 1), the
 * padding_idx row zero */
BI(nn_emb_init) {
  Value v[11];
  bool bag = def->data == 1;
  if (!dwL_bind(I, "__init__", self, a,
                bag ? "self,num_embeddings,embedding_dim,max_norm,norm_type,scale_grad_by_freq,mode,sparse,_weight,include_last_offset,padding_idx"
                    : "self,num_embeddings,embedding_dim,padding_idx,max_norm,norm_type,scale_grad_by_freq,sparse,_weight,_freeze,device",
                v, 11))
    return dwV_null();
  int64_t num, dim;
  if (!dwL_int(I, v[1], "num_embeddings", &num) || !dwL_int(I, v[2], "embedding_dim", &dim)) return dwV_null();
  Value padv = bag ? v[10] : v[3];
  Value maxn = bag ? v[3] : v[4];
  if (maxn.t != V_NULL && maxn.t != V_NONE)
    return dwI_raise(I, EXC_NotImplementedError, "max_norm renormalises the weight in place; it is not supported");
  Value m = v[0];
  Value pad = dwV_none();
  if (padv.t != V_NULL && padv.t != V_NONE) {
    int64_t p;
    if (!dwL_int(I, padv, "padding_idx", &p)) return dwV_null();
    if (p >= num || p < -num) return dwI_raise(I, EXC_AssertionError, "Padding_idx must be within num_embeddings");
    pad = dwV_int(p < 0 ? p + num : p);
  }
  if (bag) {
    int mode;
    bool last;
    if (!bag_mode(I, v[6], &mode) || !truthy(I, v[9], false, &last)) return dwV_null();
    static const char *const mn[] = {"sum", "mean", "max"};
    Str *ms = dwV_str(&I->c, mn[mode], strlen(mn[mode]));
    if (!ms || !set_attr(I, m, "mode", VSTR(ms)) || !dwL_attr_set(I, m, "include_last_offset", dwV_bool(last)))
      return dwV_null();
  }
  Value wv = bag ? v[8] : v[8];
  Value weight;
  if (wv.t == V_TENSOR) {
    Tensor *wt = TEN(wv);
    if (wt->ndim != 2 || wt->shape[0] != num || wt->shape[1] != dim)
      return dwI_raise(I, EXC_AssertionError, "Shape of weight does not match num_embeddings and embedding_dim");
    dwV_incref(wv);
    weight = wv;
  } else {
    int64_t ws[2] = {num, dim};
    Tensor *r = dwT_rand(&I->c, 2, ws, true);
    if (!r) return dwI_raise_ctx(I);
    weight = tv(r);
    if (pad.t == V_INT && dim > 0 && r->st)
      for (int64_t k = 0; k < dim; k++) dwT_set(&I->c, r, pad.u.i * dim + k, 0);
  }
  if (!dwL_attr_set(I, m, "num_embeddings", dwV_int(num)) || !dwL_attr_set(I, m, "embedding_dim", dwV_int(dim)) ||
      !dwL_attr_set(I, m, "padding_idx", pad) || !dwL_set_tensor_attr(I, m, "weight", wv.t == V_TENSOR ? param(weight) : init_weight(weight, pad)))
    return dwV_null();
  return dwV_none();
}

/* Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None) */
BI(nn_emb_from_pretrained) {
  Value v[3];
  (void)def;
  (void)self;
  if (!dwL_bind(I, "from_pretrained", dwV_null(), a, "embeddings,freeze,padding_idx", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "from_pretrained", "embeddings")) return dwV_null();
  Tensor *e = TEN(v[0]);
  if (e->ndim != 2) return dwI_raise(I, EXC_AssertionError, "Embeddings parameter is expected to be 2-dimensional");
  Value cls = dwL_import(I, "torch.nn");
  if (cls.t == V_NULL) return cls;
  Value emb = dwV_dict_gets(((Module *)OBJ(cls))->attrs, dwI_intern(I, "Embedding"));
  drop(I, cls);
  KwArg kw[2];
  Value args[2] = {dwV_int(e->shape[0]), dwV_int(e->shape[1])};
  kw[0].name = dwI_intern(I, "_weight");
  kw[0].v = v[0];
  int nkw = 1;
  if (v[2].t != V_NULL) {
    kw[1].name = dwI_intern(I, "padding_idx");
    kw[1].v = v[2];
    nkw = 2;
  }
  Args ca = {2, args, nkw, kw};
  return dwI_call(I, emb, &ca);
}

BI(nn_emb_forward) {
  Value v[4];
  bool bag = def->data == 1;
  if (!dwL_bind(I, "forward", self, a, bag ? "self,input,offsets,per_sample_weights" : "self,input", v, bag ? 4 : 2))
    return dwV_null();
  if (!as_tensor_arg(I, v[1], "forward", "input")) return dwV_null();
  Value m = v[0];
  Tensor *w = attr_tensor(I, m, "weight");
  if (!w) return dwI_raise(I, EXC_AttributeError, "'Embedding' object has no attribute 'weight'");
  if (!bag) return embedding(I, TEN(v[1]), w);
  int mode;
  if (!bag_mode(I, dwL_attr_get(I, m, "mode"), &mode)) return dwV_null();
  Value pad = dwL_attr_get(I, m, "padding_idx");
  if ((v[2].t != V_NULL && v[2].t != V_NONE && v[2].t != V_TENSOR) ||
      (v[3].t != V_NULL && v[3].t != V_NONE && v[3].t != V_TENSOR))
    return dwI_raise(I, EXC_TypeError, "forward(): offsets and per_sample_weights must be Tensors or None");
  return embedding_bag(I, TEN(v[1]), w, v[2].t == V_TENSOR ? TEN(v[2]) : NULL, mode,
                       v[3].t == V_TENSOR ? TEN(v[3]) : NULL, attr_int(I, m, "include_last_offset", 0) != 0,
                       pad.t == V_INT ? pad.u.i : 0, pad.t == V_INT);
}

/* ------------------------------------------------------------------ */
/* Attention                                                           */
/* ------------------------------------------------------------------ */

/* softmax(q @ k^T * scale + bias) @ v; mask: bool (True takes part) or
 * float (added); causal: the lower triangle. Returns the output and, when
 * weights_out is given, the attention weights (pushed on T). */
static Tensor *attention(Interp *I, Tmp *T, Tensor *q, Tensor *k, Tensor *v, Tensor *mask,
                         bool causal, double scale, double dropout_p, Tensor **weights_out) {
  int64_t L = q->shape[q->ndim - 2], S = k->shape[k->ndim - 2];
  int64_t perm[DW_MAXDIM];
  for (int j = 0; j < k->ndim; j++) perm[j] = j;
  perm[k->ndim - 1] = k->ndim - 2;
  perm[k->ndim - 2] = k->ndim - 1;
  Tensor *kt = tpush(I, T, permute_to(I, k, perm, k->ndim));
  Tensor *sc = kt ? tpush(I, T, dwL_matmul(I, q, kt)) : NULL;
  sc = sc ? n_scal(I, T, OP_MUL, sc, scale) : NULL;
  if (sc && causal) {
    /* keep j <= i */
    Tensor *ci = tc_arange(I, T, S, 0, 1, DT_I64), *ri = tc_arange(I, T, L, 0, 1, DT_I64);
    int64_t rs[2] = {L, 1};
    Tensor *ric = ci && ri ? tc_reshape(I, T, ri, rs, 2) : NULL;
    Tensor *keep = ric ? tc_op2(I, T, OP_LE, ci, ric) : NULL;
    Tensor *ninf = keep ? tscalar(I, T, DT_F32, -INFINITY) : NULL;
    sc = ninf ? n_where(I, T, keep, sc, ninf) : NULL;
  }
  if (sc && mask) {
    if (mask->dtype == DT_BOOL) {
      Tensor *ninf = tscalar(I, T, DT_F32, -INFINITY);
      sc = ninf ? n_where(I, T, mask, sc, ninf) : NULL;
    } else {
      sc = tc_op2(I, T, OP_ADD, sc, mask);
    }
  }
  Tensor *p = sc ? tpush(I, T, dwL_softmax(I, sc, -1, false)) : NULL;
  if (p && dropout_p > 0) {
    Tensor *keep = keep_mask(I, T, p, dropout_p);
    Tensor *z = keep ? tscalar(I, T, DT_F32, 0) : NULL;
    Tensor *pd = z ? n_scal(I, T, OP_DIV, p, 1.0 - dropout_p) : NULL;
    p = pd ? n_where(I, T, keep, pd, z) : NULL;
  }
  if (weights_out) *weights_out = p;
  return p ? tpush(I, T, dwL_matmul(I, p, v)) : NULL;
}

BI(f_sdpa) {
  Value v[8];
  (void)def;
  if (!dwL_bind(I, "scaled_dot_product_attention", self, a,
                "query,key,value,attn_mask,dropout_p,is_causal,scale,enable_gqa", v, 8))
    return dwV_null();
  const char *n = "scaled_dot_product_attention";
  if (!as_tensor_arg(I, v[0], n, "query") || !as_tensor_arg(I, v[1], n, "key") ||
      !as_tensor_arg(I, v[2], n, "value"))
    return dwV_null();
  Tensor *q = TEN(v[0]), *k = TEN(v[1]), *val = TEN(v[2]);
  Tensor *mask = v[3].t == V_TENSOR ? TEN(v[3]) : NULL;
  double dp, sc;
  bool causal;
  if (!float_arg(I, v[4], "dropout_p", 0, &dp) || !truthy(I, v[5], false, &causal)) return dwV_null();
  if (q->dtype != k->dtype || q->dtype != val->dtype) {
    static const char *const cn[] = {"float", "long int", "int", "bool"};
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected query, key, and value to have the same dtype, but got query.dtype: %s "
                     "key.dtype: %s and value.dtype: %s instead.",
                     cn[q->dtype], cn[k->dtype], cn[val->dtype]);
  }
  if (!dwT_is_float(q->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"baddbmm_cpu\" not implemented for '%s'", dwT_scalar_name((DType)q->dtype));
  if (q->ndim < 2 || k->ndim < 2 || val->ndim < 2)
    return dwI_raise(I, EXC_RuntimeError, "scaled_dot_product_attention: expected query, key and value to be at least 2-D");
  if (causal && mask)
    return dwI_raise(I, EXC_RuntimeError, "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
  if (q->shape[q->ndim - 1] != k->shape[k->ndim - 1])
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected query and key to have the same embedding dimension, but got %lld and %lld",
                     (long long)q->shape[q->ndim - 1], (long long)k->shape[k->ndim - 1]);
  if (k->shape[k->ndim - 2] != val->shape[val->ndim - 2])
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected key and value to have the same sequence length, but got %lld and %lld",
                     (long long)k->shape[k->ndim - 2], (long long)val->shape[val->ndim - 2]);
  if (mask && mask->dtype != DT_BOOL && mask->dtype != q->dtype)
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: %s and  query.dtype: float instead.",
                     mask->dtype == DT_I64 ? "long int" : "int");
  int64_t E = q->shape[q->ndim - 1];
  sc = 1.0 / sqrt((double)E);
  if (v[6].t != V_NULL && v[6].t != V_NONE && !dwL_float(I, v[6], "scale", &sc)) return dwV_null();
  Tmp T = {0};
  Tensor *r = attention(I, &T, q, k, val, mask, causal, sc, dp, NULL);
  return finish(I, &T, r);
}

/* nn.MultiheadAttention(embed_dim, num_heads, dropout=0.0, bias=True,
 * add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None,
 * batch_first=False) */
BI(nn_mha_init) {
  Value v[10];
  (void)def;
  if (!dwL_bind(I, "__init__", self, a,
                "self,embed_dim,num_heads,dropout,bias,add_bias_kv,add_zero_attn,kdim,vdim,batch_first", v, 10))
    return dwV_null();
  int64_t E, H;
  double dp;
  bool bias, bkv, zattn, bf;
  if (!dwL_int(I, v[1], "embed_dim", &E) || !dwL_int(I, v[2], "num_heads", &H) ||
      !float_arg(I, v[3], "dropout", 0, &dp) || !truthy(I, v[4], true, &bias) ||
      !truthy(I, v[5], false, &bkv) || !truthy(I, v[6], false, &zattn) || !truthy(I, v[9], false, &bf))
    return dwV_null();
  if (E <= 0 || H <= 0)
    return dwI_raise(I, EXC_ValueError, "embed_dim and num_heads must be greater than 0, got embed_dim=%lld and num_heads=%lld instead",
                     (long long)E, (long long)H);
  if (E % H) return dwI_raise(I, EXC_AssertionError, "embed_dim must be divisible by num_heads");
  if (bkv || zattn) return dwI_raise(I, EXC_NotImplementedError, "add_bias_kv / add_zero_attn are not supported");
  for (int k = 7; k <= 8; k++)
    if (v[k].t != V_NULL && v[k].t != V_NONE && (v[k].t != V_INT || v[k].u.i != E))
      return dwI_raise(I, EXC_NotImplementedError, "kdim / vdim different from embed_dim are not supported");
  Value m = v[0];
  if (!dwL_attr_set(I, m, "embed_dim", dwV_int(E)) || !dwL_attr_set(I, m, "num_heads", dwV_int(H)) ||
      !dwL_attr_set(I, m, "dropout", dwV_float(dp)) || !dwL_attr_set(I, m, "batch_first", dwV_bool(bf)) ||
      !dwL_attr_set(I, m, "head_dim", dwV_int(E / H)))
    return dwV_null();
  /* out_proj: NonDynamicallyQuantizableLinear(E, E, bias), made (and its
   * weight drawn) before _reset_parameters draws in_proj_weight; its bias
   * zeroed */
  Value nn = dwL_import(I, "torch.nn");
  if (nn.t == V_NULL) return nn;
  Value lin = dwV_dict_gets(((Module *)OBJ(nn))->attrs, dwI_intern(I, "NonDynamicallyQuantizableLinear"));
  Value args[3] = {dwV_int(E), dwV_int(E), dwV_bool(bias)};
  Args ca = {3, args, 0, NULL};
  Value op_ = dwI_call(I, lin, &ca);
  drop(I, nn);
  if (op_.t == V_NULL) return op_;
  /* at version 2: Linear's uniform_, then _reset_parameters' constant_ */
  if (bias && !dwL_set_tensor_attr(I, op_, "bias", dwL_layer_param(dwL_layer_param(dwL_full(I, &E, 1, 0, DT_F32))))) {
    drop(I, op_);
    return dwV_null();
  }
  /* in_proj_weight: xavier_uniform_, its bound as torch/nn/init.py computes
   * it (std sqrt(2 / (fan_in + fan_out)), bound sqrt(3) * std) */
  int64_t ws[2] = {3 * E, E}, bs = 3 * E;
  double xb = sqrt(3.0) * sqrt(2.0 / (double)(E + 3 * E));
  if (!set_uniform_param(I, m, "in_proj_weight", 2, ws, xb)) {
    drop(I, op_);
    return dwV_null();
  }
  if (bias) {
    if (!dwL_set_tensor_attr(I, m, "in_proj_bias", dwL_layer_param(dwL_full(I, &bs, 1, 0, DT_F32)))) {
      drop(I, op_);
      return dwV_null();
    }
  } else if (!dwL_attr_set(I, m, "in_proj_bias", dwV_none())) {
    drop(I, op_);
    return dwV_null();
  }
  return set_attr(I, m, "out_proj", op_) ? dwV_none() : dwV_null();
}

BI(nn_mha_forward) {
  Value v[9];
  (void)def;
  if (!dwL_bind(I, "forward", self, a,
                "self,query,key,value,key_padding_mask,need_weights,attn_mask,average_attn_weights,is_causal", v, 9))
    return dwV_null();
  const char *n = "forward";
  if (!as_tensor_arg(I, v[1], n, "query") || !as_tensor_arg(I, v[2], n, "key") || !as_tensor_arg(I, v[3], n, "value"))
    return dwV_null();
  bool need_w, avg_w, causal;
  if (!truthy(I, v[5], true, &need_w) || !truthy(I, v[7], true, &avg_w) || !truthy(I, v[8], false, &causal))
    return dwV_null();
  Value m = v[0];
  int64_t E = attr_int(I, m, "embed_dim", 0), H = attr_int(I, m, "num_heads", 1), D = E / H;
  bool bf = attr_int(I, m, "batch_first", 0) != 0;
  Tensor *q = TEN(v[1]), *k = TEN(v[2]), *val = TEN(v[3]);
  bool batched = q->ndim == 3;
  if (q->ndim != 3 && q->ndim != 2)
    return dwI_raise(I, EXC_AssertionError, "query should be unbatched 2D or batched 3D tensor but received %d-D query tensor", q->ndim);
  if (k->ndim != q->ndim || val->ndim != q->ndim)
    return dwI_raise(I, EXC_AssertionError,
                     "For %s `query`, expected `key` and `value` to be %s but found %d-D and %d-D tensors respectively",
                     batched ? "batched (3-D)" : "unbatched (2-D)", batched ? "3-D" : "2-D", k->ndim, val->ndim);
  if (q->shape[q->ndim - 1] != E)
    return dwI_raise(I, EXC_AssertionError, "was expecting embedding dimension of %lld, but got %lld",
                     (long long)E, (long long)q->shape[q->ndim - 1]);
  /* functional.py multi_head_attention_forward (packed projection): the
   * shapes as it sees them, after batch_first's transpose */
  bool kv_same = k->ndim == val->ndim;
  for (int j = 0; kv_same && j < k->ndim; j++) kv_same = k->shape[j] == val->shape[j];
  if (!kv_same) {
    int64_t ks[3], vs[3];
    for (int j = 0; j < k->ndim; j++) {
      int src = bf && batched && j < 2 ? 1 - j : j;
      ks[j] = k->shape[src];
      vs[j] = val->shape[src];
    }
    char s1[96], s2[96];
    return dwI_raise(I, EXC_AssertionError, "key shape torch.Size(%s) does not match value shape torch.Size(%s)",
                     dwT_shape_str(s1, sizeof s1, k->ndim, ks), dwT_shape_str(s2, sizeof s2, val->ndim, vs));
  }
  Tensor *Wi = attr_tensor(I, m, "in_proj_weight"), *bi = attr_tensor(I, m, "in_proj_bias");
  Value outp = dwL_attr_get(I, m, "out_proj");
  Tensor *Wo = dwL_is_module(outp) ? attr_tensor(I, outp, "weight") : NULL;
  Tensor *bo = dwL_is_module(outp) ? attr_tensor(I, outp, "bias") : NULL;
  if (!Wi || !Wo) return dwI_raise(I, EXC_AttributeError, "'MultiheadAttention' object has no attribute 'in_proj_weight'");
  Tensor *kpm = v[4].t == V_TENSOR ? TEN(v[4]) : NULL, *am = v[6].t == V_TENSOR ? TEN(v[6]) : NULL;
  Tmp T = {0};
  /* to [B, L, E] */
  Tensor *ins[3] = {q, k, val};
  for (int j = 0; j < 3; j++) {
    Tensor *t = ins[j];
    if (!batched) t = n_unsqueeze(I, &T, t, 0);
    else if (!bf) {
      int64_t p[3] = {1, 0, 2};
      t = t ? tpush(I, &T, permute_to(I, t, p, 3)) : NULL;
    }
    if (!t) return finish(I, &T, NULL);
    ins[j] = t;
  }
  int64_t B = ins[0]->shape[0], L = ins[0]->shape[1], S = ins[1]->shape[1];
  /* projections: W_q, W_k, W_v are the row blocks of in_proj_weight */
  Tensor *proj[3];
  for (int j = 0; j < 3; j++) {
    Tensor *wj = tc_slice(I, &T, Wi, 0, j * E, (j + 1) * E, 1);
    Tensor *bj = wj && bi ? tc_slice(I, &T, bi, 0, j * E, (j + 1) * E, 1) : NULL;
    Tensor *pj = wj ? tpush(I, &T, dwL_linear(I, ins[j], wj, bj)) : NULL;
    int64_t len = j == 0 ? L : S;
    int64_t hs[4] = {B, len, H, D}, pm[4] = {0, 2, 1, 3};
    Tensor *ph = pj ? tc_reshape(I, &T, pj, hs, 4) : NULL;
    proj[j] = ph ? tpush(I, &T, permute_to(I, ph, pm, 4)) : NULL; /* [B, H, len, D] */
    if (!proj[j]) return finish(I, &T, NULL);
  }
  /* the mask: attn_mask (bool: True = masked out; float: added) and
   * key_padding_mask (True = ignore) as one additive/boolean keep mask */
  Tensor *keep = NULL, *addm = NULL;
  if (am) {
    if (am->dtype == DT_BOOL) keep = tc_op1(I, &T, OP_NOT, am, NULL);
    else addm = am;
    if (!keep && !addm) return finish(I, &T, NULL);
  }
  if (kpm) {
    if (kpm->dtype != DT_BOOL)
      return tmp_free(I, &T), dwI_raise(I, EXC_NotImplementedError, "a float key_padding_mask is not supported");
    int64_t ks[4] = {B, 1, 1, S};
    Tensor *k4 = tc_reshape(I, &T, kpm, ks, 4);
    Tensor *kk = k4 ? tc_op1(I, &T, OP_NOT, k4, NULL) : NULL;
    keep = kk && keep ? tc_op2(I, &T, OP_AND, keep, kk) : kk;
    if (!keep) return finish(I, &T, NULL);
  }
  Tensor *mask = keep;
  if (addm && keep) {
    Tensor *ninf = tscalar(I, &T, DT_F32, -INFINITY);
    mask = ninf ? n_where(I, &T, keep, addm, ninf) : NULL;
  } else if (addm) {
    mask = addm;
  }
  double dp = dwNm_training(I, m) ? attr_float(I, m, "dropout", 0) : 0;
  Tensor *wts = NULL;
  Tensor *o = attention(I, &T, proj[0], proj[1], proj[2], mask, causal && !mask, 1.0 / sqrt((double)D), dp,
                        &wts); /* [B, H, L, D] */
  int64_t pm[4] = {0, 2, 1, 3}, cs[3] = {B, L, E};
  Tensor *ot = o ? tpush(I, &T, permute_to(I, o, pm, 4)) : NULL;
  Tensor *oc = ot ? tc_reshape(I, &T, ot, cs, 3) : NULL;
  Tensor *y = oc ? tpush(I, &T, dwL_linear(I, oc, Wo, bo)) : NULL; /* [B, L, E] */
  if (y && !batched) {
    int64_t us[2] = {L, E};
    y = tc_reshape(I, &T, y, us, 2);
  } else if (y && !bf) {
    int64_t p[3] = {1, 0, 2};
    y = tpush(I, &T, permute_to(I, y, p, 3));
  }
  Value w = dwV_none();
  if (y && need_w && wts) {
    Tensor *wr = wts;
    if (avg_w) {
      int64_t one = 1;
      wr = n_reduce(I, &T, OP_MEAN, wts, &one, 1, false); /* [B, L, S] */
    }
    if (wr && !batched) {
      int64_t us[3] = {H, L, S};
      wr = avg_w ? tc_reshape(I, &T, wr, us + 1, 2) : tc_reshape(I, &T, wr, us, 3);
    }
    if (!wr) return finish(I, &T, NULL);
    w = ttake(&T, wr);
  }
  if (!y) {
    drop(I, w);
    return finish(I, &T, NULL);
  }
  Value items[2] = {ttake(&T, y), w};
  tmp_free(I, &T);
  Tuple *t = dwV_tuple(&I->c, 2);
  if (!t) {
    drop(I, items[0]);
    drop(I, items[1]);
    return dwI_raise_ctx(I);
  }
  t->items[0] = items[0];
  t->items[1] = items[1];
  return dwV_obj(&t->h);
}

/* ------------------------------------------------------------------ */
/* dropout, one_hot, normalize, losses                                 */
/* ------------------------------------------------------------------ */

static Value dropout(Interp *I, Tensor *x, double p, bool training) {
  if (p < 0 || p > 1)
    return dwI_raise(I, EXC_ValueError, "dropout probability has to be between 0 and 1, but got %s",
                     p < 0 ? "a negative value" : "a value above 1");
  if (!training || p == 0) { /* the input itself; traced, Dynamo's dropout node */
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.flag = AK_DROPOUT;
    at.f[0] = p;
    at.f[1] = training;
    return dwL_alias(I, x, &at);
  }
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "result type Float can't be cast to the desired output type %s",
                     dwT_scalar_name((DType)x->dtype));
  Tmp T = {0};
  Tensor *keep = keep_mask(I, &T, x, p);
  Tensor *z = keep ? tscalar(I, &T, DT_F32, 0) : NULL;
  Tensor *xs = z ? (p == 1 ? z : n_scal(I, &T, OP_MUL, x, 1.0 / (1.0 - p))) : NULL;
  Tensor *r = xs ? n_where(I, &T, keep, xs, z) : NULL;
  return finish(I, &T, r);
}

BI(f_dropout2) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "dropout", self, a, "input,p,training,inplace", v, 4) ||
      !dwL_dropout_p_ok(I, v[1], "float") || !as_tensor_arg(I, v[0], "dropout", "input"))
    return dwV_null();
  double p;
  bool tr;
  if (!float_arg(I, v[1], "p", 0.5, &p) || !truthy(I, v[2], true, &tr)) return dwV_null();
  return dropout(I, TEN(v[0]), p, tr);
}

BI(nn_dropout_forward) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  return dropout(I, TEN(v[1]), attr_float(I, v[0], "p", 0.5), dwNm_training(I, v[0]));
}

BI(f_one_hot) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "one_hot", self, a, "tensor,num_classes", v, 2)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "one_hot", "tensor")) return dwV_null();
  Tensor *x = TEN(v[0]);
  int64_t C = -1;
  if (v[1].t != V_NULL && !dwL_int(I, v[1], "num_classes", &C)) return dwV_null();
  if (x->dtype != DT_I64)
    return dwI_raise(I, EXC_RuntimeError, "one_hot is only applicable to index tensor of type LongTensor.");
  /* Onehot.cpp: an empty tensor needs num_classes > 0; otherwise the
   * values are checked (non-negative, then below num_classes) and -1
   * takes max + 1. A negative num_classes other than -1 fails that check. */
  if (dwT_numel(x) == 0 && C <= 0)
    return dwI_raise(I, EXC_RuntimeError, "Can not infer total number of classes from empty tensor.");
  if (C < 0) {
    if (dwR_tracing(I) &&
        !dwR_break_here(I, BR_DATA_DEPENDENT, "one_hot(num_classes=-1): the number of classes depends on the data"))
      return dwV_null();
    if (!x->st) return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
    int64_t mx = INT64_MIN;
    for (int64_t k = 0; k < dwT_numel(x); k++) {
      int64_t e = dwT_get_int(x, k);
      if (e < 0) return dwI_raise(I, EXC_RuntimeError, "Class values must be non-negative.");
      if (e > mx) mx = e;
    }
    if (C != -1) return dwI_raise(I, EXC_RuntimeError, "Class values must be smaller than num_classes.");
    C = mx + 1;
  }
  if (x->ndim + 1 > DW_MAXDIM)
    return dwI_raise(I, EXC_NotImplementedError, "tensors with more than %d dimensions are not supported", DW_MAXDIM);
  /* rows of the identity [C, C] gathered by the class values */
  Tmp T = {0};
  int64_t K = dwT_numel(x), k1[2] = {K, 1}, kc[2] = {K, C}, os[DW_MAXDIM], cc[2] = {C, 1};
  for (int k = 0; k < x->ndim; k++) os[k] = x->shape[k];
  os[x->ndim] = C;
  Tensor *ar = tc_arange(I, &T, C, 0, 1, DT_I64);
  Tensor *arc = ar ? tc_reshape(I, &T, ar, cc, 2) : NULL;
  Tensor *eyeb = arc ? tc_op2(I, &T, OP_EQ, arc, ar) : NULL;
  Tensor *eye = eyeb ? tpush(I, &T, cast_to(I, eyeb, DT_I64)) : NULL;
  Tensor *i1 = eye ? tc_reshape(I, &T, x, k1, 2) : NULL;
  Tensor *ie = i1 ? tc_expand(I, &T, i1, kc, 2) : NULL;
  Tensor *g = NULL;
  if (ie) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.ni = 1;
    at.flag = GK_ONE_HOT;
    Tensor *in[2] = {eye, ie};
    g = tpush(I, &T, op(I, OP_GATHER, 2, in, &at));
  }
  Tensor *r = g ? tc_reshape(I, &T, g, os, x->ndim + 1) : NULL;
  return finish(I, &T, r);
}

/* F.normalize(input, p=2.0, dim=1, eps=1e-12): x / max(||x||_p, eps) */
BI(f_normalize) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "normalize", self, a, "input,p,dim,eps", v, 4) || !as_tensor_arg(I, v[0], "normalize", "input"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  double p, eps;
  int64_t dim = 1;
  if (!float_arg(I, v[1], "p", 2, &p) || !float_arg(I, v[3], "eps", 1e-12, &eps) ||
      (v[2].t != V_NULL && !dwL_int(I, v[2], "dim", &dim)) || !check_dim(I, dim, x->ndim))
    return dwV_null();
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s",
                     dwT_scalar_name((DType)x->dtype));
  Tmp T = {0};
  Tensor *ax = tc_op1(I, &T, OP_ABS, x, NULL), *nrm = NULL;
  if (ax && p == 2) {
    Tensor *sq = tc_op2(I, &T, OP_MUL, x, x);
    Tensor *s = sq ? n_reduce(I, &T, OP_SUM, sq, &dim, 1, true) : NULL;
    nrm = s ? tc_op1(I, &T, OP_SQRT, s, NULL) : NULL;
  } else if (ax && p == 1) {
    nrm = n_reduce(I, &T, OP_SUM, ax, &dim, 1, true);
  } else if (ax && isinf(p)) {
    nrm = n_reduce(I, &T, p > 0 ? OP_AMAX : OP_AMIN, ax, &dim, 1, true);
  } else if (ax) {
    Tensor *pw = n_scal(I, &T, OP_POW, ax, p);
    Tensor *s = pw ? n_reduce(I, &T, OP_SUM, pw, &dim, 1, true) : NULL;
    nrm = s ? n_scal(I, &T, OP_POW, s, 1.0 / p) : NULL;
  }
  Tensor *den = nrm ? n_scal(I, &T, OP_MAXIMUM, nrm, eps) : NULL;
  Tensor *r = den ? tc_op2(I, &T, OP_DIV, x, den) : NULL;
  return finish(I, &T, r);
}

enum { RED_NONE, RED_MEAN, RED_SUM };
static bool reduction_arg(Interp *I, Value v, int *red) {
  *red = RED_MEAN;
  if (v.t == V_NULL) return true;
  const char *s = v.t == V_STR ? STR(v)->s : "";
  if (!strcmp(s, "none")) *red = RED_NONE;
  else if (!strcmp(s, "mean")) *red = RED_MEAN;
  else if (!strcmp(s, "sum")) *red = RED_SUM;
  else {
    dwI_raise(I, EXC_ValueError, "%s is not a valid value for reduction", v.t == V_STR ? s : "None");
    return false;
  }
  return true;
}

/* nll_loss of log-probabilities lp [N, C] (or [C], [N, C, d..]) and class
 * targets t */
static Value nll_loss(Interp *I, Tensor *lp, Tensor *t, Tensor *w, int64_t ignore, int red) {
  char s1[256], s2[256];
  if (t->dtype != DT_I64)
    return dwI_raise(I, EXC_RuntimeError, "expected scalar type Long but found %s", dwT_scalar_name((DType)t->dtype));
  if (lp->ndim < 1)
    return dwI_raise(I, EXC_ValueError, "Expected 1 or more dimensions (got %d)", lp->ndim);
  if (!dwT_is_float(lp->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"nll_loss_forward_reduce_cuda_kernel_2d_index\" not implemented for '%s'",
                     dwT_scalar_name((DType)lp->dtype));
  bool batch = lp->ndim >= 2;
  int cd = batch ? 1 : 0;
  int64_t C = lp->shape[cd];
  /* targets: lp's shape without the class dim */
  bool ok = t->ndim == lp->ndim - 1;
  for (int k = 0, j = 0; ok && k < lp->ndim; k++) {
    if (k == cd) continue;
    ok = t->shape[j++] == lp->shape[k];
  }
  if (!ok) {
    if (batch && t->ndim >= 1 && lp->ndim == 2)
      return dwI_raise(I, EXC_ValueError, "Expected input batch_size (%lld) to match target batch_size (%lld).",
                       (long long)lp->shape[0], (long long)t->shape[0]);
    return dwI_raise(I, EXC_RuntimeError, "Expected target size %s, got %s", "[...]", shape_text(s2, sizeof s2, t));
  }
  if (w && (w->ndim != 1 || w->shape[0] != C))
    return dwI_raise(I, EXC_RuntimeError, "weight tensor should be defined either for all %lld classes or no classes but got weight tensor of shape: %s",
                     (long long)C, shape_text(s1, sizeof s1, w));
  Tmp T = {0};
  /* lp with the class dim last: [.., C]; targets [..] */
  Tensor *lpl = lp;
  if (batch && lp->ndim > 2) {
    int64_t perm[DW_MAXDIM];
    int n = 0;
    for (int k = 0; k < lp->ndim; k++)
      if (k != 1) perm[n++] = k;
    perm[n] = 1;
    lpl = tpush(I, &T, permute_to(I, lp, perm, lp->ndim));
  }
  /* ignored targets read class 0 and are masked out */
  Tensor *ig = lpl ? tscalar(I, &T, DT_I64, (double)ignore) : NULL;
  Tensor *valid = ig ? tc_op2(I, &T, OP_NE, t, ig) : NULL;
  Tensor *z0 = valid ? tscalar(I, &T, DT_I64, 0) : NULL;
  Tensor *ts = z0 ? n_where(I, &T, valid, t, z0) : NULL;
  Tensor *tu = ts ? n_unsqueeze(I, &T, ts, -1) : NULL;
  Tensor *g = NULL;
  if (tu) {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.i[0] = -1;
    at.ni = 1;
    at.flag = GK_TARGET;
    Tensor *in[2] = {lpl, tu};
    g = tpush(I, &T, op(I, OP_GATHER, 2, in, &at));
  }
  int64_t ms = -1;
  Tensor *picked = g ? n_reduce(I, &T, OP_SUM, g, &ms, 1, false) : NULL; /* lp[t] */
  Tensor *wt = NULL;                                                       /* per-sample weight */
  if (picked && w) {
    int64_t wcol[2] = {C, 1};
    Tensor *wc = tc_reshape(I, &T, w, wcol, 2);
    int64_t flat = dwT_numel(ts);
    int64_t f1[2] = {flat, 1}, fc[2] = {flat, 1};
    Tensor *tf = wc ? tc_reshape(I, &T, ts, f1, 2) : NULL;
    (void)fc;
    Tensor *gw = NULL;
    if (tf) {
      OpAttrs at;
      memset(&at, 0, sizeof at);
      at.ni = 1;
      at.flag = GK_TARGET;
      Tensor *in[2] = {wc, tf};
      gw = tpush(I, &T, op(I, OP_GATHER, 2, in, &at));
    }
    wt = gw ? tc_reshape(I, &T, gw, ts->shape, ts->ndim) : NULL;
    if (!wt) picked = NULL;
  }
  Tensor *vf = picked ? tpush(I, &T, cast_to(I, valid, (DType)lp->dtype)) : NULL;
  Tensor *wv = vf ? (wt ? tc_op2(I, &T, OP_MUL, wt, vf) : vf) : NULL; /* weights, 0 when ignored */
  Tensor *np_ = wv ? tc_op1(I, &T, OP_NEG, picked, NULL) : NULL;
  Tensor *z = np_ ? tscalar(I, &T, DT_F32, 0) : NULL;
  Tensor *lw = z ? tc_op2(I, &T, OP_MUL, np_, wt ? wt : vf) : NULL;
  Tensor *loss = lw ? n_where(I, &T, valid, lw, z) : NULL; /* -w[t] * lp[t], 0 ignored */
  Tensor *r = loss;
  if (loss && red != RED_NONE) {
    Tensor *s = n_reduce(I, &T, OP_SUM, loss, NULL, 0, false);
    if (s && red == RED_MEAN) {
      Tensor *den = n_reduce(I, &T, OP_SUM, wv, NULL, 0, false);
      s = den ? tc_op2(I, &T, OP_DIV, s, den) : NULL;
    }
    r = s;
  }
  return finish(I, &T, r);
}

static Value f_nll_loss_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[7];
  (void)def;
  if (!dwL_bind(I, "nll_loss", self, a, "input,target,weight,size_average,ignore_index,reduce,reduction", v, 7))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], "nll_loss", "input") || !as_tensor_arg(I, v[1], "nll_loss", "target")) return dwV_null();
  int64_t ig = -100;
  int red;
  if ((v[4].t != V_NULL && !dwL_int(I, v[4], "ignore_index", &ig)) || !reduction_arg(I, v[6], &red)) return dwV_null();
  return nll_loss(I, TEN(v[0]), TEN(v[1]), v[2].t == V_TENSOR ? TEN(v[2]) : NULL, ig, red);
}

/* autograd: the result's node named as PyTorch's */
BI(f_nll_loss) {
  uint64_t s0 = I->c.ag_seq;
  Value r = f_nll_loss_ag(I, def, self, a);
  if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, "NllLossBackward0");
  return r;
}

/* cross_entropy: class targets (nll_loss of log_softmax, label smoothing)
 * or class probabilities (a float target of the input's shape) */
static Value f_cross_entropy_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[8];
  (void)def;
  if (!dwL_bind(I, "cross_entropy", self, a,
                "input,target,weight,size_average,ignore_index,reduce,reduction,label_smoothing", v, 8))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], "cross_entropy", "input") || !as_tensor_arg(I, v[1], "cross_entropy", "target"))
    return dwV_null();
  Tensor *x = TEN(v[0]), *t = TEN(v[1]);
  Tensor *w = v[2].t == V_TENSOR ? TEN(v[2]) : NULL;
  int64_t ig = -100;
  int red;
  double ls;
  if ((v[4].t != V_NULL && !dwL_int(I, v[4], "ignore_index", &ig)) || !reduction_arg(I, v[6], &red) ||
      !float_arg(I, v[7], "label_smoothing", 0, &ls))
    return dwV_null();
  if (ls < 0 || ls > 1)
    return dwI_raise(I, EXC_RuntimeError, "label_smoothing must be between 0.0 and 1.0. Got: %g", ls);
  if (!dwT_is_float(x->dtype))
    return dwI_raise(I, EXC_RuntimeError, "\"log_softmax_lastdim_kernel_impl\" not implemented for '%s'",
                     dwT_scalar_name((DType)x->dtype));
  if (x->ndim < 1) return dwI_raise(I, EXC_ValueError, "Expected 1 or more dimensions (got 0)");
  int cd = x->ndim >= 2 ? 1 : 0;
  Tmp T = {0};
  Tensor *lp = tpush(I, &T, dwL_softmax(I, x, cd, true));
  if (!lp) return finish(I, &T, NULL);
  if (dwT_is_float(t->dtype)) { /* probabilities */
    bool same = t->ndim == x->ndim;
    for (int k = 0; same && k < x->ndim; k++) same = t->shape[k] == x->shape[k];
    if (!same) {
      char s1[256], s2[256];
      Value err_ = dwI_raise(I, EXC_RuntimeError, "Expected input batch_size (%s) to match target batch_size (%s).",
                       shape_text(s1, sizeof s1, x), shape_text(s2, sizeof s2, t)); /* the message reads T's tensors */
      tmp_free(I, &T);
      return err_;
    }
    Tensor *tt = t;
    if (ls > 0) {
      Tensor *a1 = n_scal(I, &T, OP_MUL, t, 1 - ls);
      tt = a1 ? n_scal(I, &T, OP_ADD, a1, ls / (double)x->shape[cd]) : NULL;
    }
    Tensor *pr = tt ? tc_op2(I, &T, OP_MUL, lp, tt) : NULL;
    if (pr && w) {
      Tensor *wc = n_chan(I, &T, w, x->ndim);
      pr = wc ? tc_op2(I, &T, OP_MUL, pr, wc) : NULL;
    }
    int64_t d = cd;
    Tensor *s = pr ? n_reduce(I, &T, OP_SUM, pr, &d, 1, false) : NULL;
    Tensor *l = s ? tc_op1(I, &T, OP_NEG, s, NULL) : NULL;
    if (l && red != RED_NONE)
      l = n_reduce(I, &T, red == RED_MEAN ? OP_MEAN : OP_SUM, l, NULL, 0, false);
    return finish(I, &T, l);
  }
  Value nl = nll_loss(I, lp, t, w, ig, ls > 0 ? RED_NONE : red);
  Tensor *l = tpush(I, &T, nl);
  if (l && ls > 0) {
    /* (1 - ls) * nll + ls * mean_c(-lp * w) over valid targets */
    int64_t d = cd;
    Tensor *neg = tc_op1(I, &T, OP_NEG, lp, NULL);
    if (neg && w) {
      Tensor *wc = n_chan(I, &T, w, x->ndim);
      neg = wc ? tc_op2(I, &T, OP_MUL, neg, wc) : NULL;
    }
    Tensor *sm = neg ? n_reduce(I, &T, OP_SUM, neg, &d, 1, false) : NULL;
    Tensor *ig_ = sm ? tscalar(I, &T, DT_I64, (double)ig) : NULL;
    Tensor *valid = ig_ ? tc_op2(I, &T, OP_NE, t, ig_) : NULL;
    Tensor *z = valid ? tscalar(I, &T, DT_F32, 0) : NULL;
    Tensor *smo = z ? n_where(I, &T, valid, sm, z) : NULL;
    Tensor *a1 = smo ? n_scal(I, &T, OP_MUL, l, 1 - ls) : NULL;
    Tensor *a2 = a1 ? n_scal(I, &T, OP_MUL, smo, ls / (double)x->shape[cd]) : NULL;
    Tensor *comb = a2 ? tc_op2(I, &T, OP_ADD, a1, a2) : NULL;
    if (comb && red != RED_NONE) {
      Tensor *s = n_reduce(I, &T, OP_SUM, comb, NULL, 0, false);
      if (s && red == RED_MEAN) {
        Tensor *vf = tpush(I, &T, cast_to(I, valid, DT_F32));
        Tensor *den = vf ? n_reduce(I, &T, OP_SUM, vf, NULL, 0, false) : NULL;
        s = den ? tc_op2(I, &T, OP_DIV, s, den) : NULL;
      }
      comb = s;
    }
    l = comb;
  }
  return finish(I, &T, l);
}

/* autograd: the result's node named as PyTorch's */
BI(f_cross_entropy) {
  uint64_t s0 = I->c.ag_seq;
  Value r = f_cross_entropy_ag(I, def, self, a);
  if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, "NllLossBackward0");
  return r;
}

/* F.mse_loss with PyTorch's checks */
static Value f_mse_loss2_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[5];
  (void)def;
  if (!dwL_bind(I, "mse_loss", self, a, "input,target,size_average,reduce,reduction", v, 5)) return dwV_null();
  if (v[1].t == V_NULL)
    return dwI_raise(I, EXC_TypeError, v[0].t == V_NULL
                                           ? "mse_loss() missing 2 required positional arguments: 'input' and 'target'"
                                           : "mse_loss() missing 1 required positional argument: 'target'");
  /* functional.py mse_loss starts with target.size() == input.size() */
  for (int k = 1; k >= 0; k--)
    if (v[k].t != V_NULL && v[k].t != V_TENSOR)
      return dwI_raise(I, EXC_AttributeError, "'%s' object has no attribute 'size'", dwV_type_name(v[k]));
  if (!as_tensor_arg(I, v[0], "mse_loss", "input") || !as_tensor_arg(I, v[1], "mse_loss", "target"))
    return dwV_null();
  int red;
  if (!reduction_arg(I, v[4], &red)) return dwV_null();
  Tensor *x = TEN(v[0]), *t = TEN(v[1]);
  Tmp T = {0};
  Tensor *d = tc_op2(I, &T, OP_SUB, x, t);
  Tensor *sq = d ? tc_op2(I, &T, OP_MUL, d, d) : NULL;
  Tensor *r = sq && red != RED_NONE ? n_reduce(I, &T, red == RED_SUM ? OP_SUM : OP_MEAN, sq, NULL, 0, false) : sq;
  return finish(I, &T, r);
}

/* autograd: the result's node named as PyTorch's */
BI(f_mse_loss2) {
  uint64_t s0 = I->c.ag_seq;
  Value r = f_mse_loss2_ag(I, def, self, a);
  if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, "MseLossBackward0");
  return r;
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

const BuiltinDef dwNn_functional_defs[] = {
    {"F.pad", f_pad, TK_TENSOR, 0, 0},
    {"F.conv1d", f_conv, TK_TENSOR, 1, 0},
    {"F.conv2d", f_conv, TK_TENSOR, 2, 0},
    {"F.max_pool1d", f_max_pool, TK_TENSOR, 1, 0},
    {"F.max_pool2d", f_max_pool, TK_TENSOR, 2, 0},
    {"F.avg_pool1d", f_avg_pool, TK_TENSOR, 1, 0},
    {"F.avg_pool2d", f_avg_pool, TK_TENSOR, 2, 0},
    {"F.adaptive_avg_pool1d", f_adaptive_avg_pool, TK_TENSOR, 1, 0},
    {"F.adaptive_avg_pool2d", f_adaptive_avg_pool, TK_TENSOR, 2, 0},
    {"F.batch_norm", f_batch_norm, TK_TENSOR, 0, 0},
    {"F.group_norm", f_group_norm, TK_TENSOR, 0, 0},
    {"F.embedding", f_embedding, TK_TENSOR, 0, 0},
    {"F.embedding_bag", f_embedding_bag, TK_TENSOR, 0, 0},
    {"F.scaled_dot_product_attention", f_sdpa, TK_TENSOR, 0, 0},
    {"F.dropout", f_dropout2, TK_TENSOR, 0, 0},
    {"F.one_hot", f_one_hot, TK_TENSOR, 0, 0},
    {"F.normalize", f_normalize, TK_TENSOR, 0, 0},
    {"F.nll_loss", f_nll_loss, TK_TENSOR, 0, 0},
    {"F.cross_entropy", f_cross_entropy, TK_TENSOR, 0, 0},
    {"F.mse_loss", f_mse_loss2, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const BuiltinDef dwNn_torch_defs[] = {
    {"torch.conv1d", f_conv, TK_TENSOR, 1, 0},
    {"torch.conv2d", f_conv, TK_TENSOR, 2, 0},
    {"torch.max_pool2d", f_max_pool, TK_TENSOR, 2, 0},
    {"torch.avg_pool1d", f_avg_pool, TK_TENSOR, 1, 0},
    {"torch.batch_norm", f_batch_norm, TK_TENSOR, 1, 0},
    {"torch.group_norm", f_group_norm, TK_TENSOR, 0, 0},
    {"torch.embedding", f_embedding, TK_TENSOR, 1, 0},
    {"torch.dropout", f_dropout2, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const BuiltinDef dwNn_from_pretrained_def = {"Embedding.from_pretrained", nn_emb_from_pretrained, TK_PURE, 0, 0};

const DwNClass dwNn_classes[] = {
    {"Conv1d", {"Conv1d.__init__", nn_conv_init, TK_PURE, 1, 0}, {"Conv1d.forward", nn_conv_forward, TK_TENSOR, 1, 0}},
    {"Conv2d", {"Conv2d.__init__", nn_conv_init, TK_PURE, 2, 0}, {"Conv2d.forward", nn_conv_forward, TK_TENSOR, 2, 0}},
    {"MaxPool1d", {"MaxPool1d.__init__", nn_pool_init, TK_PURE, 1, 0}, {"MaxPool1d.forward", nn_pool_forward, TK_TENSOR, 1, 0}},
    {"MaxPool2d", {"MaxPool2d.__init__", nn_pool_init, TK_PURE, 2, 0}, {"MaxPool2d.forward", nn_pool_forward, TK_TENSOR, 2, 0}},
    {"AvgPool1d", {"AvgPool1d.__init__", nn_pool_init, TK_PURE, 11, 0}, {"AvgPool1d.forward", nn_pool_forward, TK_TENSOR, 11, 0}},
    {"AvgPool2d", {"AvgPool2d.__init__", nn_pool_init, TK_PURE, 12, 0}, {"AvgPool2d.forward", nn_pool_forward, TK_TENSOR, 12, 0}},
    {"AdaptiveAvgPool1d", {"AdaptiveAvgPool1d.__init__", nn_adaptive_init, TK_PURE, 1, 0},
     {"AdaptiveAvgPool1d.forward", nn_adaptive_forward, TK_TENSOR, 1, 0}},
    {"AdaptiveAvgPool2d", {"AdaptiveAvgPool2d.__init__", nn_adaptive_init, TK_PURE, 2, 0},
     {"AdaptiveAvgPool2d.forward", nn_adaptive_forward, TK_TENSOR, 2, 0}},
    {"BatchNorm1d", {"BatchNorm1d.__init__", nn_bn_init, TK_PURE, 1, 0}, {"BatchNorm1d.forward", nn_bn_forward, TK_TENSOR, 1, 0}},
    {"BatchNorm2d", {"BatchNorm2d.__init__", nn_bn_init, TK_PURE, 2, 0}, {"BatchNorm2d.forward", nn_bn_forward, TK_TENSOR, 2, 0}},
    {"GroupNorm", {"GroupNorm.__init__", nn_gn_init, TK_PURE, 0, 0}, {"GroupNorm.forward", nn_gn_forward, TK_TENSOR, 0, 0}},
    {"Embedding", {"Embedding.__init__", nn_emb_init, TK_PURE, 0, 0}, {"Embedding.forward", nn_emb_forward, TK_TENSOR, 0, 0}},
    {"EmbeddingBag", {"EmbeddingBag.__init__", nn_emb_init, TK_PURE, 1, 0},
     {"EmbeddingBag.forward", nn_emb_forward, TK_TENSOR, 1, 0}},
    {"MultiheadAttention", {"MultiheadAttention.__init__", nn_mha_init, TK_PURE, 0, 0},
     {"MultiheadAttention.forward", nn_mha_forward, TK_TENSOR, 0, 0}},
    {NULL, {0}, {0}}};

/* Dropout's forward with the training flag */
const BuiltinDef dwNn_dropout_forward = {"Dropout.forward", nn_dropout_forward, TK_TENSOR, 0, 0};
