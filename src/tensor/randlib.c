/* randlib.c - the random parts of the torch API beyond rand/randn/randint
 * (torchlib.c): torch.randperm, torch.normal, torch.bernoulli,
 * Tensor.uniform_/normal_, torch.nn.init, and the initial parameters of
 * the torch.nn layers (dwL_uniform, dwL_kaiming_bound). Every draw comes
 * from random.c's generator, in the order PyTorch's CPU kernels draw, so a
 * seeded program gets PyTorch's numbers (randperm's swaps, nn.init's
 * bounds computed as torch/nn/init.py computes them).
 *
 * The in-place ones run eagerly; while tracing they are an unsupported
 * call (a graph break): they are not graph ops, as torch.rand/randn are.
 */
#include "torchlib.h"

#include <math.h>

/* x is a float tensor (the random fills are floating point only) */
static bool float_target(Interp *I, Tensor *x, const char *kernel) {
  if (x->dtype == DT_F32 || x->dtype == DT_F64) return true;
  dwI_raise(I, EXC_RuntimeError, "\"%s\" not implemented for '%s'", kernel, dwT_scalar_name((DType)x->dtype));
  return false;
}

/* x.uniform_(a, b) / x.normal_(a, b): a new tensor drawn as PyTorch's
 * kernel draws it for x's size, written into x; returns x */
static Value fill_inplace(Interp *I, Tensor *x, RngDist d, double a, double b) {
  if (!float_target(I, x, d == RNG_UNIFORM ? "check_uniform_bounds" : "normal_kernel_cpu")) return dwV_null();
  if (d == RNG_UNIFORM && a > b)
    return dwI_raise(I, EXC_RuntimeError, "uniform_ expects to return a [from, to) range, but found from=%g > to=%g", a, b);
  if (d == RNG_NORMAL && !(b >= 0))
    return dwI_raise(I, EXC_RuntimeError, "normal expects std >= 0.0, but found std %g", b);
  Tensor *r = dwT_empty(&I->c, (DType)x->dtype, x->ndim, x->shape);
  if (!r) return dwI_raise_ctx(I);
  dwRng_fill(&I->c.rng, r, d, a, b);
  return dwL_assign_inplace(I, x, tv(r));
}

static Tensor *tensor_arg(Interp *I, Value v, const char *fn, const char *what) {
  if (v.t == V_TENSOR) return TEN(v);
  if (v.t == V_NULL) dwI_raise(I, EXC_TypeError, "%s() missing required argument '%s'", fn, what);
  else dwI_raise(I, EXC_TypeError, "%s(): argument '%s' must be Tensor, not %s", fn, what, dwV_type_name(v));
  return NULL;
}

static bool float_or(Interp *I, Value v, const char *what, double dflt, double *out) {
  if (v.t == V_NULL || v.t == V_NONE) {
    *out = dflt;
    return true;
  }
  return dwL_float(I, v, what, out);
}

/* ------------------------------------------------------------------ */
/* torch.*                                                             */
/* ------------------------------------------------------------------ */

/* torch.randperm(n, dtype=torch.int64): randperm_cpu's swaps, r[i] with
 * r[i + random() % (n - i)] */
BI(r_randperm) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "randperm", self, a, "n,dtype", v, 2)) return dwV_null();
  int64_t n;
  if (v[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "randperm() missing required argument 'n'");
  if (!dwL_int(I, v[0], "n", &n)) return dwV_null();
  if (n < 0) return dwI_raise(I, EXC_RuntimeError, "n must be non-negative, got%lld", (long long)n);
  int dt = DT_I64;
  if (v[1].t == V_DTYPE) dt = (int)v[1].u.i;
  else if (v[1].t != V_NULL && v[1].t != V_NONE)
    return dwI_raise(I, EXC_TypeError, "randperm(): argument 'dtype' must be torch.dtype, not %s", dwV_type_name(v[1]));
  if (dt == DT_BOOL) return dwI_raise(I, EXC_RuntimeError, "\"randperm_cpu\" not implemented for 'Bool'");
  int64_t *p = malloc(sizeof *p * (size_t)(n ? n : 1));
  if (!p) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t i = 0; i < n; i++) p[i] = i;
  for (int64_t i = 0; i + 1 < n; i++) {
    int64_t z = (int64_t)(dwRng_u32(&I->c.rng) % (uint64_t)(n - i)), s = p[i];
    p[i] = p[z + i];
    p[z + i] = s;
  }
  Tensor *t = dwT_new(&I->c, (DType)dt, 1, &n);
  if (t)
    for (int64_t i = 0; i < n; i++) dwT_set(&I->c, t, i, (double)p[i]);
  free(p);
  return t ? tv(t) : dwI_raise_ctx(I);
}

/* torch.normal(mean, std, size=None): floats with a size draw normal_
 * (mean, std); a tensor mean or std: normal_(0, 1) of the broadcast
 * shape, then * std + mean (normal_impl_) */
BI(r_normal) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "normal", self, a, "mean,std,size", v, 3)) return dwV_null();
  if (v[0].t != V_TENSOR && v[1].t != V_TENSOR) {
    double mean, std;
    int64_t shape[DW_MAXDIM];
    int nd;
    if (!float_or(I, v[0], "mean", 0, &mean) || !float_or(I, v[1], "std", 1, &std)) return dwV_null();
    if (v[2].t == V_NULL || v[2].t == V_NONE)
      return dwI_raise(I, EXC_TypeError, "normal() missing required argument 'size'");
    if (!sizes_from(I, &v[2], 1, shape, &nd)) return dwV_null();
    Tensor *r = dwT_empty(&I->c, DT_F32, nd, shape);
    if (!r) return dwI_raise_ctx(I);
    if (!(std >= 0)) {
      dwV_decref_o(&I->c, &r->h);
      return dwI_raise(I, EXC_RuntimeError, "normal expects std >= 0.0, but found std %g", std);
    }
    dwRng_fill(&I->c.rng, r, RNG_NORMAL, mean, std);
    return tv(r);
  }
  Tensor *om = NULL, *os = NULL;
  Tensor *m = operand(I, v[0].t == V_NULL ? dwV_float(0) : v[0], &om, "mean");
  Tensor *s = m ? operand(I, v[1].t == V_NULL ? dwV_float(1) : v[1], &os, "std") : NULL;
  Value out = dwV_null();
  if (s) {
    Tensor *in[2] = {s, m};
    TMeta ms, mm, mo;
    dwT_meta_of(s, &ms);
    dwT_meta_of(m, &mm);
    if (dwT_broadcast(&I->c, &ms, &mm, &mo)) {
      DType dt = dwT_is_float(m->dtype) && !m->wrapped ? (DType)m->dtype
                 : dwT_is_float(s->dtype) && !s->wrapped ? (DType)s->dtype : DT_F32;
      Tensor *r = dwT_rand_dt(&I->c, dt == DT_F64 ? DT_F64 : DT_F32, mo.ndim, mo.shape, true);
      Tmp T = {0};
      Tensor *rt = r ? tpush(I, &T, tv(r)) : NULL;
      Tensor *sc = rt ? tc_op2(I, &T, OP_MUL, rt, in[0]) : NULL;
      Tensor *res = sc ? tc_op2(I, &T, OP_ADD, sc, in[1]) : NULL;
      if (!r) dwI_raise_ctx(I);
      else if (res) out = ttake(&T, res);
      tmp_free(I, &T);
    } else {
      dwI_raise_ctx(I);
    }
  }
  release(I, om);
  release(I, os);
  return out;
}

/* torch.bernoulli(p): bernoulli_kernel over a tensor p (no MKL there):
 * a float uniform < p for each element; p's dtype */
BI(r_bernoulli) {
  Value v[1];
  (void)def;
  if (!dwL_bind(I, "bernoulli", self, a, "input", v, 1)) return dwV_null();
  Tensor *p = tensor_arg(I, v[0], "bernoulli", "input");
  if (!p || !float_target(I, p, "bernoulli_tensor_cpu_p_")) return dwV_null();
  int64_t n = dwT_numel(p);
  for (int64_t i = 0; i < n; i++) {
    double pv = dwT_get(p, i);
    if (!(pv >= 0 && pv <= 1))
      return dwI_raise(I, EXC_RuntimeError, "Expected p_in >= 0 && p_in <= 1 to be true, but got false.");
  }
  Tensor *r = dwT_new(&I->c, (DType)p->dtype, p->ndim, p->shape);
  if (!r) return dwI_raise_ctx(I);
  for (int64_t i = 0; i < n; i++) dwT_set(&I->c, r, i, dwRng_uniform_f(&I->c.rng) < (float)dwT_get(p, i));
  return tv(r);
}

/* ------------------------------------------------------------------ */
/* Tensor methods                                                      */
/* ------------------------------------------------------------------ */

/* uniform_(from=0, to=1) (data 0) / normal_(mean=0, std=1) (data 1) */
BI(r_fill_) {
  Value v[3];
  bool normal = def->data == 1;
  const char *n = normal ? "normal_" : "uniform_";
  if (!dwL_bind(I, n, self, a, normal ? "self,mean,std" : "self,from,to", v, 3)) return dwV_null();
  Tensor *x = tensor_arg(I, v[0], n, "self");
  double p, q;
  if (!x || !float_or(I, v[1], normal ? "mean" : "from", 0, &p) || !float_or(I, v[2], normal ? "std" : "to", 1, &q))
    return dwV_null();
  return fill_inplace(I, x, normal ? RNG_NORMAL : RNG_UNIFORM, p, q);
}

/* ------------------------------------------------------------------ */
/* torch.nn.init                                                       */
/* ------------------------------------------------------------------ */

/* calculate_gain("leaky_relu", ns) */
static double leaky_gain(double ns) { return sqrt(2.0 / (1 + ns * ns)); }

/* calculate_gain(nonlinearity, param=None) */
static bool gain_of(Interp *I, Value nl, Value param, double *out) {
  if (nl.t != V_STR) {
    dwI_raise(I, EXC_ValueError, "Unsupported nonlinearity %s", nl.t == V_NULL ? "None" : dwV_type_name(nl));
    return false;
  }
  const char *s = STR(nl)->s;
  static const char *const linear[] = {"linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d",
                                       "conv_transpose2d", "conv_transpose3d", "sigmoid"};
  for (size_t k = 0; k < sizeof linear / sizeof *linear; k++)
    if (!strcmp(s, linear[k])) return *out = 1, true;
  if (!strcmp(s, "tanh")) return *out = 5.0 / 3, true;
  if (!strcmp(s, "relu")) return *out = sqrt(2.0), true;
  if (!strcmp(s, "selu")) return *out = 3.0 / 4, true;
  if (!strcmp(s, "leaky_relu")) {
    double ns = 0.01;
    if (param.t == V_INT || param.t == V_FLOAT) ns = param.t == V_INT ? (double)param.u.i : param.u.f;
    else if (param.t != V_NULL && param.t != V_NONE) {
      Buf b = {0};
      dwFm_repr_value(I, &b, param);
      dwI_raise(I, EXC_ValueError, "negative_slope %s not a valid number", b.p ? b.p : "?");
      free(b.p);
      return false;
    }
    *out = leaky_gain(ns);
    return true;
  }
  dwI_raise(I, EXC_ValueError, "Unsupported nonlinearity %s", s);
  return false;
}

BI(ni_calculate_gain) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "calculate_gain", self, a, "nonlinearity,param", v, 2)) return dwV_null();
  double g;
  return gain_of(I, v[0], v[1], &g) ? dwV_float(g) : dwV_null();
}

/* _calculate_fan_in_and_fan_out */
static bool fans(Interp *I, const Tensor *x, double *fan_in, double *fan_out) {
  if (x->ndim < 2) {
    dwI_raise(I, EXC_ValueError, "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
    return false;
  }
  int64_t rf = 1;
  for (int d = 2; d < x->ndim; d++) rf *= x->shape[d];
  *fan_in = (double)(x->shape[1] * rf);
  *fan_out = (double)(x->shape[0] * rf);
  return true;
}

/* uniform_(tensor, a=0, b=1) (data 0), normal_(tensor, mean=0, std=1)
 * (data 1), constant_(tensor, val) (2), ones_ (3), zeros_ (4) */
static Value ni_fill_(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  static const char *const names[] = {"uniform_", "normal_", "constant_", "ones_", "zeros_"};
  static const char *const params[] = {"tensor,a,b,generator", "tensor,mean,std,generator", "tensor,val",
                                       "tensor", "tensor"};
  Value v[4];
  int k = (int)def->data;
  int np = k <= 1 ? 4 : k == 2 ? 2 : 1;
  if (!dwL_bind(I, names[k], self, a, params[k], v, np)) return dwV_null();
  Tensor *x = tensor_arg(I, v[0], names[k], "tensor");
  if (!x) return dwV_null();
  if (k <= 1) {
    double p, q;
    if (!float_or(I, v[1], k ? "mean" : "a", 0, &p) || !float_or(I, v[2], k ? "std" : "b", 1, &q)) return dwV_null();
    return fill_inplace(I, x, k ? RNG_NORMAL : RNG_UNIFORM, p, q);
  }
  double c = k == 3 ? 1 : 0;
  if (k == 2) {
    if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "constant_() missing 1 required positional argument: 'val'");
    if (!dwL_float(I, v[1], "val", &c)) return dwV_null();
  }
  Value f = dwL_full(I, x->shape, x->ndim, c, x->dtype);
  return f.t == V_NULL ? f : dwL_assign_inplace(I, x, f);
}

/* torch.nn.init functions write under torch.no_grad() */
BI(ni_fill) {
  bool ng = I->no_grad;
  I->no_grad = true;
  Value r = ni_fill_(I, def, self, a);
  I->no_grad = ng;
  return r;
}

/* the xavier and kaiming fills of standard deviation std: normal_(0,
 * std), or uniform_ over +-sqrt(3) std (the same variance) */
static Value fill_std(Interp *I, Tensor *x, bool normal, double std) {
  double bound = sqrt(3.0) * std;
  return normal ? fill_inplace(I, x, RNG_NORMAL, 0, std) : fill_inplace(I, x, RNG_UNIFORM, -bound, bound);
}

/* xavier_uniform_(tensor, gain=1) (data 0) / xavier_normal_ (data 1) */
static Value ni_xavier_(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[3];
  bool normal = def->data == 1;
  const char *n = normal ? "xavier_normal_" : "xavier_uniform_";
  if (!dwL_bind(I, n, self, a, "tensor,gain,generator", v, 3)) return dwV_null();
  Tensor *x = tensor_arg(I, v[0], n, "tensor");
  double gain, fi, fo;
  if (!x || !float_or(I, v[1], "gain", 1, &gain) || !fans(I, x, &fi, &fo)) return dwV_null();
  return fill_std(I, x, normal, gain * sqrt(2.0 / (fi + fo)));
}

/* torch.nn.init functions write under torch.no_grad() */
BI(ni_xavier) {
  bool ng = I->no_grad;
  I->no_grad = true;
  Value r = ni_xavier_(I, def, self, a);
  I->no_grad = ng;
  return r;
}

/* kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu")
 * (data 0) / kaiming_normal_ (data 1) */
static Value ni_kaiming_(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[5];
  bool normal = def->data == 1;
  const char *n = normal ? "kaiming_normal_" : "kaiming_uniform_";
  if (!dwL_bind(I, n, self, a, "tensor,a,mode,nonlinearity,generator", v, 5)) return dwV_null();
  Tensor *x = tensor_arg(I, v[0], n, "tensor");
  if (!x) return dwV_null();
  for (int d = 0; d < x->ndim; d++)
    if (x->shape[d] == 0) { /* "Initializing zero-element tensors is a no-op" (a warning) */
      dwV_incref_o(&x->h);
      return tv(x);
    }
  const char *mode = v[2].t == V_STR ? STR(v[2])->s : v[2].t == V_NULL ? "fan_in" : NULL;
  if (!mode || (strcmp(mode, "fan_in") && strcmp(mode, "fan_out")))
    return dwI_raise(I, EXC_ValueError, "Mode %s not supported, please use one of ['fan_in', 'fan_out']",
                     mode ? mode : dwV_type_name(v[2]));
  double fi, fo, gain;
  Value nl = v[3];
  Str *lr = NULL;
  if (nl.t == V_NULL) {
    lr = dwV_str(&I->c, "leaky_relu", 10);
    if (!lr) return dwI_raise_ctx(I);
    nl = VSTR(lr);
  }
  bool ok = fans(I, x, &fi, &fo) && gain_of(I, nl, v[1].t == V_NULL ? dwV_int(0) : v[1], &gain);
  if (lr) dwV_decref_o(&I->c, &lr->h);
  if (!ok) return dwV_null();
  return fill_std(I, x, normal, gain / sqrt(strcmp(mode, "fan_in") ? fo : fi));
}

/* torch.nn.init functions write under torch.no_grad() */
BI(ni_kaiming) {
  bool ng = I->no_grad;
  I->no_grad = true;
  Value r = ni_kaiming_(I, def, self, a);
  I->no_grad = ng;
  return r;
}

/* ------------------------------------------------------------------ */
/* Parameters of the torch.nn layers (Linear, ConvNd, ...)             */
/* ------------------------------------------------------------------ */

/* A new float32 tensor filled by uniform_(-bound, bound) */
Value dwL_uniform(Interp *I, int nd, const int64_t *shape, double bound) {
  Tensor *u = dwT_empty(&I->c, DT_F32, nd, shape);
  if (!u) return dwI_raise_ctx(I);
  dwRng_fill(&I->c.rng, u, RNG_UNIFORM, -bound, bound);
  return tv(u);
}

/* kaiming_uniform_(w, a=math.sqrt(5))'s bound as torch/nn/init.py
 * computes it (gain sqrt(2 / (1 + a**2)), std gain / sqrt(fan_in), bound
 * sqrt(3) * std), the initialisation of Linear's and ConvNd's weights */
double dwL_kaiming_bound(int64_t fan_in) {
  if (fan_in <= 0) return 0;
  return sqrt(3.0) * (leaky_gain(sqrt(5.0)) / sqrt((double)fan_in));
}

const BuiltinDef dwRl_torch_defs[] = {
    {"torch.randperm", r_randperm, TK_PURE, 0, 0},
    {"torch.normal", r_normal, TK_PURE, 0, 0},
    {"torch.bernoulli", r_bernoulli, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

const BuiltinDef dwRl_tensor_methods[] = {
    {"Tensor.uniform_", r_fill_, TK_UNSUPPORTED, 0, 0},
    {"Tensor.normal_", r_fill_, TK_UNSUPPORTED, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

const BuiltinDef dwRl_init_defs[] = {
    {"torch.nn.init.calculate_gain", ni_calculate_gain, TK_PURE, 0, 0},
    {"torch.nn.init.uniform_", ni_fill, TK_UNSUPPORTED, 0, 0},
    {"torch.nn.init.normal_", ni_fill, TK_UNSUPPORTED, 1, 0},
    {"torch.nn.init.constant_", ni_fill, TK_UNSUPPORTED, 2, 0},
    {"torch.nn.init.ones_", ni_fill, TK_UNSUPPORTED, 3, 0},
    {"torch.nn.init.zeros_", ni_fill, TK_UNSUPPORTED, 4, 0},
    {"torch.nn.init.xavier_uniform_", ni_xavier, TK_UNSUPPORTED, 0, 0},
    {"torch.nn.init.xavier_normal_", ni_xavier, TK_UNSUPPORTED, 1, 0},
    {"torch.nn.init.kaiming_uniform_", ni_kaiming, TK_UNSUPPORTED, 0, 0},
    {"torch.nn.init.kaiming_normal_", ni_kaiming, TK_UNSUPPORTED, 1, 0},
    {NULL, NULL, 0, 0, 0},
};
