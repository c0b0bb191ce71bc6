/* torchlib.h - what the files of the torch library share: torchlib.c
 * (torch, Tensor methods, indexing, torch.nn basics, the compiler API),
 * torchops.c (more tensor ops) and nn.c (torch.nn layers and
 * torch.nn.functional). Not included by other phases. */
#ifndef DW_TORCHLIB_H
#define DW_TORCHLIB_H

#include "runtime/interp.h"
#include "tensor/autograd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define TEN(v) ((Tensor *)(v).u.o)
#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})
#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

static inline Value tv(Tensor *t) { return (Value){.t = V_TENSOR, .u = {.o = &t->h}}; }

static inline void drop(Interp *I, Value v) { dwV_decref(&I->c, v); }

/* A tensor operand: tensors are borrowed (*own = NULL), Python scalars
 * become wrapped 0-d tensors (*own set, to be released). */
static inline Tensor *operand(Interp *I, Value v, Tensor **own, const char *what) {
  *own = NULL;
  switch (v.t) {
  case V_TENSOR:
    return TEN(v);
  case V_BOOL:
    *own = dwT_scalar(&I->c, DT_BOOL, (double)v.u.i, true);
    break;
  case V_INT:
    *own = dwT_scalar(&I->c, DT_I64, (double)v.u.i, true);
    break;
  case V_FLOAT:
    *own = dwT_scalar(&I->c, DT_F64, v.u.f, true); /* exact; promotes as float32 */
    break;
  default:
    dwI_raise(I, EXC_TypeError, "%s must be a Tensor or a number, not %s", what,
              dwV_type_name(v));
    return NULL;
  }
  if (!*own) dwI_raise_ctx(I);
  return *own;
}

static inline void release(Interp *I, Tensor *own) {
  if (own) dwV_decref_o(&I->c, &own->h);
}

static inline Value op(Interp *I, Op o, int nin, Tensor **in, const OpAttrs *at) {
  OpAttrs z;
  if (!at) {
    memset(&z, 0, sizeof z);
    at = &z;
  }
  return dwR_op(I, o, nin, in, at);
}

static inline Value op1(Interp *I, Op o, Tensor *x, const OpAttrs *at) {
  return op(I, o, 1, &x, at);
}

static inline Value op2(Interp *I, Op o, Tensor *x, Tensor *y) {
  Tensor *in[2] = {x, y};
  return op(I, o, 2, in, NULL);
}

/* op2 with a scalar right operand */
static inline Value op2s(Interp *I, Op o, Tensor *x, double s, DType dt) {
  Tensor *w = dwT_scalar(&I->c, dt, s, true);
  if (!w) return dwI_raise_ctx(I);
  Value r = op2(I, o, x, w);
  release(I, w);
  return r;
}

static inline bool as_tensor_arg(Interp *I, Value v, const char *fname, const char *arg) {
  if (v.t == V_TENSOR) return true;
  dwI_raise(I, EXC_TypeError, "%s(): argument '%s' must be Tensor, not %s", fname, arg,
            v.t == V_NULL ? "missing" : dwV_type_name(v));
  return false;
}

static inline bool get_dtype(Interp *I, Value v, int *dt) {
  if (v.t == V_NULL || v.t == V_NONE) return true;
  if (v.t != V_DTYPE) {
    dwI_raise(I, EXC_TypeError, "dtype must be torch.dtype, not %s", dwV_type_name(v));
    return false;
  }
  *dt = (int)v.u.i;
  return true;
}

/* Sizes from f(2, 3), f((2, 3)), f([2, 3]) or f(x.shape). */
static inline bool sizes_from(Interp *I, Value *v, int n, int64_t *out, int *nd) {
  Value *items = v;
  int64_t cnt = n;
  if (n == 1 && (v[0].t == V_TUPLE || v[0].t == V_LIST)) {
    items = v[0].t == V_TUPLE ? ((Tuple *)OBJ(v[0]))->items : ((List *)OBJ(v[0]))->items;
    cnt = v[0].t == V_TUPLE ? ((Tuple *)OBJ(v[0]))->len : ((List *)OBJ(v[0]))->len;
  }
  if (cnt > DW_MAXDIM) {
    dwI_raise(I, EXC_RuntimeError, "tensors have at most %d dimensions in dynawasm", DW_MAXDIM);
    return false;
  }
  for (int64_t k = 0; k < cnt; k++) {
    if (items[k].t == V_INT || items[k].t == V_BOOL) {
      dwS_note(I, items[k]); /* torch.ones(x.shape[0] * 2) */
      out[k] = items[k].u.i;
      continue;
    }
    /* an integer tensor of one element counts (its __index__) */
    if (items[k].t == V_TENSOR && !dwT_is_float(((Tensor *)OBJ(items[k]))->dtype) &&
        dwT_numel((Tensor *)OBJ(items[k])) == 1) {
      if (!dwOb_index(I, items[k], &out[k])) return false;
      continue;
    }
    dwI_raise(I, EXC_TypeError,
              "size must be tuple of ints, but got element of type %s at pos %lld",
              dwV_type_name(items[k]), (long long)k);
    return false;
  }
  *nd = (int)cnt;
  return true;
}

/* dims argument: int, tuple/list of ints, or None (all) */
static inline bool dims_from(Interp *I, Value v, OpAttrs *at) {
  at->ni = 0;
  if (v.t == V_NULL || v.t == V_NONE) return true;
  if (v.t == V_INT || v.t == V_BOOL) {
    at->i[0] = v.u.i;
    at->ni = 1;
    return true;
  }
  if (v.t == V_TUPLE || v.t == V_LIST) {
    int nd;
    if (!sizes_from(I, &v, 1, at->i, &nd)) return false;
    at->ni = nd;
    if (nd == 0) at->ni = 0;
    return true;
  }
  dwI_raise(I, EXC_TypeError, "dim must be int or tuple of ints, not %s", dwV_type_name(v));
  return false;
}

static inline bool truthy(Interp *I, Value v, bool dflt, bool *out) {
  if (v.t == V_NULL) {
    *out = dflt;
    return true;
  }
  return dwOb_truth(I, v, out);
}

static inline Value size_tuple(Interp *I, const int64_t *shape, int nd) {
  Tuple *t = dwV_tuple(&I->c, nd);
  if (!t) return dwI_raise_ctx(I);
  t->h.flags = TUP_SIZE;
  for (int k = 0; k < nd; k++) t->items[k] = dwV_int(shape[k]);
  return dwV_obj(&t->h);
}

/* x.shape: its sizes, symbolic ones as SymInts while tracing. */
static inline Value size_tuple_of(Interp *I, const Tensor *x) {
  Value r = size_tuple(I, x->shape, x->ndim);
  if (r.t == V_TUPLE && dwR_tracing(I))
    for (int k = 0; k < x->ndim; k++) ((Tuple *)OBJ(r))->items[k].sx = dwS_size(I, x, k);
  return r;
}

static inline int64_t norm_dim(int64_t d, int nd) { return d < 0 ? d + (nd ? nd : 1) : d; }

static inline bool check_dim(Interp *I, int64_t d, int nd) {
  int lo = nd ? -nd : -1, hi = nd ? nd - 1 : 0;
  if (d < lo || d > hi) {
    dwI_raise(I, EXC_IndexError,
              "Dimension out of range (expected to be in range of [%d, %d], but got %lld)",
              lo, hi, (long long)d);
    return false;
  }
  return true;
}

static inline Value reshape_to(Interp *I, Tensor *x, const int64_t *shape, int nd, bool strict) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  at.flag = strict;
  return op1(I, OP_RESHAPE, x, &at);
}

static inline Value permute_to(Interp *I, Tensor *x, const int64_t *perm, int nd) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, perm, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  return op1(I, OP_PERMUTE, x, &at);
}

static inline Value unsqueeze(Interp *I, Tensor *x, int64_t dim) {
  if (!check_dim(I, dim, x->ndim + 1)) return dwV_null();
  dim = dim < 0 ? dim + x->ndim + 1 : dim;
  int64_t shape[DW_MAXDIM];
  int nd = 0;
  if (x->ndim + 1 > DW_MAXDIM)
    return dwI_raise(I, EXC_RuntimeError, "tensors have at most %d dimensions in dynawasm", DW_MAXDIM);
  for (int k = 0; k <= x->ndim; k++) {
    if (k == dim) shape[nd++] = 1;
    if (k < x->ndim) shape[nd++] = x->shape[k];
  }
  return reshape_to(I, x, shape, nd, false);
}

static inline Value reduce(Interp *I, Op o, Tensor *x, const int64_t *dims, int nd, bool keepdim) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (nd) memcpy(at.i, dims, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  at.keepdim = keepdim;
  return op1(I, o, x, &at);
}

static inline Value cast_to(Interp *I, Tensor *x, int dt) {
  if (x->dtype == dt) {
    dwV_incref_o(&x->h);
    return tv(x);
  }
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.dtype = (uint8_t)dt;
  return op1(I, OP_CAST, x, &at);
}

/* Temporaries of a composite op: every value pushed is dropped by
 * tmp_free, except the one taken as the result. */
typedef struct Tmp {
  Value *v;  /* NULL until the first push: then inl, or malloc'd beyond */
  int n, cap;
  Value inl[32];
} Tmp;
/* Pushes v (a new reference, or V_NULL after an error); returns its tensor
 * or NULL (error pending). */
static inline Tensor *tpush(Interp *I, Tmp *T, Value v) {
  if (v.t == V_NULL) return NULL;
  if (!T->v) {
    T->v = T->inl;
    T->cap = 32;
  }
  if (T->n == T->cap) {
    Value *p = malloc(sizeof(Value) * (size_t)T->cap * 2);
    if (!p) {
      dwV_decref(&I->c, v);
      dwI_raise(I, EXC_MemoryError, "out of memory");
      return NULL;
    }
    memcpy(p, T->v, sizeof(Value) * (size_t)T->n);
    if (T->v != T->inl) free(T->v);
    T->v = p;
    T->cap *= 2;
  }
  T->v[T->n++] = v;
  return v.t == V_TENSOR ? (Tensor *)v.u.o : NULL;
}
/* The value of tensor x (pushed before) with its reference moved out. */
static inline Value ttake(Tmp *T, Tensor *x) {
  for (int k = T->n - 1; k >= 0; k--)
    if (T->v[k].t == V_TENSOR && T->v[k].u.o == &x->h) {
      Value v = T->v[k];
      T->v[k] = dwV_none();
      return v;
    }
  dwV_incref_o(&x->h);
  return tv(x);
}
static inline void tmp_free(Interp *I, Tmp *T) {
  for (int k = 0; k < T->n; k++) dwV_decref(&I->c, T->v[k]);
  if (T->v && T->v != T->inl) free(T->v);
  T->v = NULL;
  T->n = T->cap = 0;
}
/* A wrapped scalar (a Python number in a tensor expression) of dtype dt. */
static inline Tensor *tscalar(Interp *I, Tmp *T, DType dt, double v) {
  Tensor *s = dwT_scalar(&I->c, dt, v, true);
  if (!s) {
    dwI_raise_ctx(I);
    return NULL;
  }
  return tpush(I, T, tv(s));
}

/* Ops of composites, their results pushed on T (NULL: error pending) */
static inline Tensor *tc_op1(Interp *I, Tmp *T, Op o, Tensor *x, const OpAttrs *at) {
  return tpush(I, T, op1(I, o, x, at));
}
static inline Tensor *tc_op2(Interp *I, Tmp *T, Op o, Tensor *x, Tensor *y) {
  return tpush(I, T, op2(I, o, x, y));
}
static inline Tensor *tc_reshape(Interp *I, Tmp *T, Tensor *x, const int64_t *shape, int nd) {
  return tpush(I, T, reshape_to(I, x, shape, nd, false));
}
static inline Tensor *tc_permute(Interp *I, Tmp *T, Tensor *x, const int64_t *perm) {
  return tpush(I, T, permute_to(I, x, perm, x->ndim));
}
static inline Tensor *tc_cat(Interp *I, Tmp *T, Tensor **in, int n, int dim) {
  if (n == 1) return in[0];
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = dim;
  at.ni = 1;
  return tpush(I, T, op(I, OP_CAT, n, in, &at));
}
/* the attributes of OP_SLICE */
static inline OpAttrs slice_attrs(int dim, int64_t start, int64_t stop, int64_t step) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = dim;
  at.i[1] = start;
  at.i[2] = stop;
  at.i[3] = step;
  at.ni = 4;
  return at;
}
static inline Tensor *tc_slice(Interp *I, Tmp *T, Tensor *x, int dim, int64_t start, int64_t stop,
                              int64_t step) {
  OpAttrs at = slice_attrs(dim, start, stop, step);
  return tc_op1(I, T, OP_SLICE, x, &at);
}
static inline Tensor *tc_expand(Interp *I, Tmp *T, Tensor *x, const int64_t *shape, int nd) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  return tc_op1(I, T, OP_EXPAND, x, &at);
}
/* the attributes of OP_ARANGE: n values start + i * step of dtype dt */
static inline OpAttrs arange_attrs(int64_t n, double start, double step, int dt) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = n;
  at.ni = 1;
  at.f[0] = start;
  at.f[1] = step;
  at.dtype = (uint8_t)dt;
  return at;
}
static inline Tensor *tc_arange(Interp *I, Tmp *T, int64_t n, double start, double step, DType dt) {
  OpAttrs at = arange_attrs(n, start, step, dt);
  return tpush(I, T, op(I, OP_ARANGE, 0, NULL, &at));
}

/* ------------------------------------------------------------------ */
/* Shared composites (torchlib.c)                                      */
/* ------------------------------------------------------------------ */

/* a @ b with PyTorch's 1-d rules */
Value dwL_matmul(Interp *I, Tensor *a, Tensor *b);
/* softmax / log_softmax over dim, decomposed (exp(x - max) / sum) */
/* F.dropout / nn.Dropout check p as torch/nn/functional.py does (ValueError) */
bool dwL_dropout_p_ok(Interp *I, Value p, const char *zero_type);
Value dwL_softmax(Interp *I, Tensor *x, int64_t dim, bool log);
/* x @ w.T + b (b may be NULL) */
Value dwL_linear(Interp *I, Tensor *x, Tensor *w, Tensor *b);
Value dwL_layer_norm(Interp *I, Tensor *x, int nshape, const int64_t *shape, Tensor *w,
                     Tensor *b, double eps);
/* torch.full(shape, value, dtype) */
Value dwL_full(Interp *I, const int64_t *shape, int nd, double value, int dt);
/* randlib.c: a new float32 tensor uniform on [-bound, bound) (the init of
 * Linear and friends), and kaiming_uniform_(w, a=sqrt(5))'s bound */
Value dwL_uniform(Interp *I, int nd, const int64_t *shape, double bound);
double dwL_kaiming_bound(int64_t fan_in);
/* instance attributes of modules (borrowed) / setting them */
Value dwL_attr_get(Interp *I, Value inst, const char *name);
bool dwL_attr_set(Interp *I, Value inst, const char *name, Value v);
bool dwL_set_tensor_attr(Interp *I, Value inst, const char *name, Value t); /* steals t */
/* the tensors of a list/tuple argument (malloc'd array of borrowed) */
Tensor **dwL_tensor_list(Interp *I, Value seq, int *n, const char *fname);
bool dwL_is_module(Value v);
/* x op= y: writes r into x (eagerly) or rebinds it (tracing); steals r */
Value dwL_assign_inplace(Interp *I, Tensor *x, Value r);
Value dwL_item_of(Interp *I, Tensor *t);

/* Tables of torchops.c and nn.c (registered by dwL_torch_init) */
extern const BuiltinDef dwO_torch_defs[], dwO_tensor_methods[];
/* torchmore.c: isnan..., norms, new_*, diag, meshgrid, unique, ...; torch.linalg;
 * torch.set_printoptions's options back to PyTorch's defaults (each run) */
extern const BuiltinDef dwTm_torch_defs[], dwTm_tensor_methods[], dwTm_linalg_defs[];
void dwTm_print_reset(void);
Value dwTm_log1p(Interp *I, Tensor *x); /* an accurate log1p of a float x (composite) */
/* randlib.c: randperm, normal, bernoulli, uniform_/normal_, torch.nn.init */
extern const BuiltinDef dwRl_torch_defs[], dwRl_tensor_methods[], dwRl_init_defs[];
/* torch.nn classes implemented in C: __init__ and forward (NULL name: none) */
typedef struct DwNClass {
  const char *name;
  BuiltinDef init, forward;
} DwNClass;
/* nn.c: layers and torch.nn.functional */
extern const BuiltinDef dwNn_functional_defs[], dwNn_torch_defs[];
extern const BuiltinDef dwNn_from_pretrained_def, dwNn_dropout_forward;
extern const DwNClass dwNn_classes[];
/* nnmore.c: F.interpolate, the BCE losses; nn.Upsample, nn.BCELoss,
 * nn.BCEWithLogitsLoss; Upsample's extra_repr (false for other classes) */
extern const BuiltinDef dwNx_functional_defs[];
extern const DwNClass dwNx_classes[];
bool dwNx_extra_repr(Interp *I, Buf *b, Value m, const char *cls);
/* nn_module.c: the Module machinery */
extern const BuiltinDef dwNm_tensor_methods[], dwNm_torch_defs[], dwNm_module_methods[],
    dwNm_moddict_methods[];
extern const BuiltinDef dwNm_parameter_def;
extern const DwNClass dwNm_classes[];
/* a module's training flag (True unless eval() set it off) */
bool dwNm_training(Interp *I, Value m);
/* m.register_buffer(name, t (stolen), persistent) */
bool dwNm_register_buffer(Interp *I, Value m, const char *name, Value t, bool persistent);
/* the extra_repr of the nn.c layers; false for other classes */
bool dwNm_extra_repr(Interp *I, Buf *b, Value m, const char *cls);
/* requires_grad_(on) of a tensor or a module (its parameters): False
 * clears it, True raises NotImplementedError (no autograd) unless set */
bool dwNm_set_requires_grad(Interp *I, Value x, bool on);
/* Module.to(dtype) / .double() / .float(): every floating parameter and
 * buffer of m and its submodules converted to dt in place (the same
 * tensor objects, new data, as nn.Module._apply assigns param.data). */
bool dwNm_to_dtype(Interp *I, Value m, DType dt);
/* t.detach() (a tensor value): a parameter's is a plain tensor sharing its
 * storage; other tensors are themselves (new reference) */
Value dwL_detach(Interp *I, Value t);
/* x._version (data false: a graph break on a traced tensor) and x.data
 * (data true: x's memory with a new version counter) (version.c) */
Value dwL_version_attr(Interp *I, Value self, bool data);
/* A layer's initial parameter: t marked as an nn.Parameter, at version 1
 * (the in-place write of the layer's reset_parameters: nn.init's
 * kaiming_uniform_, uniform_, ones_, zeros_, normal_) */
Value dwL_layer_param(Value t);
/* torch._C._autograd: _unsafe_set_version_counter (version.c) */
extern const BuiltinDef dwVr_autograd_c_defs[];
/* A call that returns tensor x unchanged (x.float() of a float32 x,
 * dropout in eval mode): x itself eagerly (new reference); traced, an
 * OP_ALIAS node with attributes at (its flag the AliasKind), since Dynamo
 * records the call. */
Value dwL_alias(Interp *I, Tensor *x, const OpAttrs *at);
/* dwL_alias of a method of kind k (`x.float() is x` eagerly) */
static inline Value alias_of(Interp *I, Value x, AliasKind k) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.flag = (uint8_t)k;
  return dwL_alias(I, TEN(x), &at);
}
/* device.c: devices (only the CPU) and the missing autograd */
bool dwDv_init(Interp *I, Module *torch);
bool dwDv_check_device(Interp *I, Value v); /* None / 'cpu' / torch.device('cpu') */
bool dwDv_is_device(Value v);
Value dwDv_cpu(Interp *I);                  /* torch.device('cpu') */
Value dwDv_no_autograd(Interp *I, const char *what); /* NotImplementedError */
extern const BuiltinDef dwDv_tensor_methods[], dwDv_module_methods[];
/* r, its autograd node named as PyTorch names a composite op's (when made
 * since seq0; name NULL: as recorded) */
static inline Value ag_named(Value r, uint64_t seq0, const char *name) {
  if (r.t == V_TENSOR && name) dwAg_rename(TEN(r), seq0, name);
  return r;
}
/* BI(fn) calling fn_ag and naming its result's autograd node as PyTorch
 * does (a composite op recorded as the primitive ops it runs) */
#define AG_NAMED(fn, name)                                                                                   \
  BI(fn) {                                                                                                   \
    uint64_t s0 = I->c.ag_seq;                                                                               \
    Value r = fn##_ag(I, def, self, a);                                                                      \
    if (r.t == V_TENSOR) dwAg_rename(TEN(r), s0, name);                                                      \
    return r;                                                                                                \
  }
/* autograd_py.c: autograd as Python sees it */
extern const BuiltinDef dwAp_tensor_methods[], dwAp_autograd_defs[], dwAp_module_methods[];
/* x.requires_grad = on / requires_grad_(on) of a tensor (PyTorch's errors) */
bool dwAp_set_requires_grad(Interp *I, Tensor *t, bool on);
/* r (a new tensor value, stolen) made a leaf that requires grad when rg */
Value dwAp_with_grad(Interp *I, Value r, bool rg);
/* requires_grad, is_leaf, grad, grad_fn, retains_grad of t (false: not one) */
bool dwAp_tensor_attr(Interp *I, Tensor *t, const char *n, Value *out);
/* x op= ...: before the write (a leaf that requires grad, a view) and
 * after it (x takes r's grad_fn) */
bool dwAp_inplace_pre(Interp *I, Tensor *x, Tensor *r);
bool dwAp_inplace_post(Interp *I, Tensor *x, Tensor *r);
/* t[...] = src while the grad mode is on */
bool dwAp_setitem_check(Interp *I, Tensor *t, Tensor *src);
/* every tensor of params: .grad = None (to_none) or zeroed */
bool dwAp_zero_grads(Interp *I, Value params, bool to_none);
/* torch.optim's Optimizer, SGD, Adam, AdamW into module optim (optim.c) */
bool dwOpt_init(Interp *I, Module *optim);
/* m.parameters() as a list (nn_module.c) */
Value dwNm_parameters(Interp *I, Value m);
/* x[idx] for an integer index tensor (torchops.c) */
Value dwO_index_tensor(Interp *I, Tensor *x, Tensor *idx);

/* ------------------------------------------------------------------ */
/* Module attributes                                                   */
/* ------------------------------------------------------------------ */

/* "[2, 3]" (shapes in messages) */
/* caffe2 TypeMeta names of the dtypes ("float", "long int"), as messages
 * print tensor.dtype() (tensor.c) */
const char *dwT_cpp_name(DType dt);
/* legacy tensor type names ("torch.FloatTensor"), as torch.typename gives */
const char *dwT_legacy_name(DType dt);

static inline const char *shape_text(char *buf, size_t cap, const Tensor *t) {
  size_t o = (size_t)snprintf(buf, cap, "[");
  for (int k = 0; k < t->ndim && o < cap; k++)
    o += (size_t)snprintf(buf + o, cap - o, "%s%lld", k ? ", " : "", (long long)t->shape[k]);
  if (o < cap) snprintf(buf + o, cap - o, "]");
  return buf;
}

static inline bool set_attr(Interp *I, Value m, const char *name, Value v) {
  bool ok = dwL_attr_set(I, m, name, v);
  drop(I, v);
  return ok;
}

static inline int64_t attr_int(Interp *I, Value m, const char *name, int64_t dflt) {
  Value v = dwL_attr_get(I, m, name);
  return v.t == V_INT || v.t == V_BOOL ? v.u.i : dflt;
}
static inline double attr_float(Interp *I, Value m, const char *name, double dflt) {
  Value v = dwL_attr_get(I, m, name);
  return v.t == V_FLOAT ? v.u.f : v.t == V_INT ? (double)v.u.i : dflt;
}
static inline void attr_ints(Interp *I, Value m, const char *name, int n, int64_t *out) {
  Value v = dwL_attr_get(I, m, name);
  for (int k = 0; k < n; k++) out[k] = 0;
  if (v.t == V_INT) {
    for (int k = 0; k < n; k++) out[k] = v.u.i;
  } else if (v.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(v);
    for (int k = 0; k < n && k < t->len; k++) out[k] = t->items[k].u.i;
  }
}
static inline Tensor *attr_tensor(Interp *I, Value m, const char *name) {
  Value v = dwL_attr_get(I, m, name);
  return v.t == V_TENSOR ? TEN(v) : NULL;
}

#endif /* DW_TORCHLIB_H */
