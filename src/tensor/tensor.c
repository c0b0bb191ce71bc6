/* tensor.c - tensors: storage and construction, element access, PyTorch
 * type promotion, shape inference (dwT_meta) for every op of ops.def, views
 * and the eager dispatcher (dwT_op). Random numbers are random.c's.
 *
 * The kernels themselves live in tensor_kernels.c, printing in
 * tensor_print.c; tensor_impl.h is their private interface.
 *
 * Error messages and exception types follow PyTorch's CPU backend word for
 * word where PyTorch has one (tests/unit/test_tensor.c checks them).
 */
#include "tensor_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwT_dtype_names[DT_COUNT] = {
    "torch.float32", "torch.int64", "torch.int32", "torch.bool",
    "torch.float64"};
const size_t dwT_dtype_size[DT_COUNT] = {4, 8, 4, 1, 8};

const OpInfo dw_ops[OP_COUNT] = {
#define OP(id, name, kind, nin, sym) {name, sym, kind, nin},
#include "ops.def"
#undef OP
};

const char *dwT_scalar_name(DType dt) {
  static const char *const names[DT_COUNT] = {"Float", "Long", "Int", "Bool",
                                              "Double"};
  return dt < DT_COUNT ? names[dt] : "?";
}
/* C++ type names, as in "expected m1 and m2 to have the same dtype". */
static const char *cpp_type_name(DType dt) {
  static const char *const names[DT_COUNT] = {"float", "long int", "int",
                                              "bool", "double"};
  return names[dt];
}
const char *dwT_cpp_name(DType dt) { return cpp_type_name(dt); }
/* Legacy tensor type names, as in expand's message. */
static const char *legacy_type_name(DType dt) {
  static const char *const names[DT_COUNT] = {
      "torch.FloatTensor", "torch.LongTensor", "torch.IntTensor",
      "torch.BoolTensor", "torch.DoubleTensor"};
  return names[dt];
}
const char *dwT_legacy_name(DType dt) { return legacy_type_name(dt); }

const char *dwT_shape_str(char *buf, size_t cap, int n, const int64_t *s) {
  size_t k = 0;
  k += (size_t)snprintf(buf + k, cap - k, "[");
  for (int i = 0; i < n && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "",
                          (long long)s[i]);
  if (k < cap) snprintf(buf + k, cap - k, "]");
  return buf;
}

/* ------------------------------------------------------------------ */
/* Storage                                                             */
/* ------------------------------------------------------------------ */

static size_t tensor_cap(const Ctx *c) {
  return c->tensor_cap ? c->tensor_cap : (size_t)1 << 30;
}

/* Allocation failure, worded like PyTorch's CPU allocator. */
static void *alloc_fail(Ctx *c, unsigned long long nbytes) {
  dw_fail(c, EXC_RuntimeError,
          "[enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: "
          "not enough memory: you tried to allocate %llu bytes.",
          nbytes);
  return NULL;
}

/* New storage of nbytes (uninitialised, 16-byte aligned), accounted
 * against Ctx.tensor_cap. */
static Storage *storage_new(Ctx *c, uint64_t nbytes) {
  size_t cap = tensor_cap(c);
  if (nbytes > (uint64_t)SIZE_MAX - 32 || c->tensor_bytes > cap ||
      nbytes > (uint64_t)(cap - c->tensor_bytes))
    return alloc_fail(c, (unsigned long long)nbytes);
  size_t rounded = ((size_t)nbytes + 15) & ~(size_t)15;
  if (rounded == 0) rounded = 16;
  Storage *st = malloc(sizeof *st);
  void *data = aligned_alloc(16, rounded);
  if (!st || !data) {
    free(st);
    free(data);
    return alloc_fail(c, (unsigned long long)nbytes);
  }
  st->rc = 1;
  st->nbytes = (size_t)nbytes;
  static uint64_t ids;
  st->data = data;
  st->version = 0;
  st->writes = 0;
  st->id = ++ids;
  c->tensor_bytes += st->nbytes;
  if (c->tensor_bytes > c->tensor_peak) c->tensor_peak = c->tensor_bytes;
  return st;
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

void dwT_contig_strides(int ndim, const int64_t *shape, int64_t *stride) {
  int64_t s = 1;
  for (int k = ndim - 1; k >= 0; k--) {
    stride[k] = s;
    s *= shape[k] > 1 ? shape[k] : 1;
  }
}

/* Number of elements of a shape, or -1 (with an error) when a dimension is
 * negative or the byte size would overflow 64 bits. */
static int64_t checked_numel(Ctx *c, int ndim, const int64_t *shape,
                             DType dt) {
  char sb[256];
  if (ndim > DW_MAXDIM) {
    dw_fail(c, EXC_NotImplementedError,
            "tensors with more than %d dimensions are not supported",
            DW_MAXDIM);
    return -1;
  }
  for (int k = 0; k < ndim; k++)
    if (shape[k] < 0) {
      dw_fail(c, EXC_RuntimeError,
              "Trying to create tensor with negative dimension %lld: %s",
              (long long)shape[k], dwT_shape_str(sb, sizeof sb, ndim, shape));
      return -1;
    }
  int64_t n = 1;
  bool overflow = false;
  for (int k = 0; k < ndim; k++) {
    if (shape[k] == 0) return 0;
    if (n > INT64_MAX / 16 / shape[k]) overflow = true;
    else n *= shape[k];
  }
  if (overflow) {
    dw_fail(c, EXC_RuntimeError,
            "Storage size calculation overflowed with sizes=%s",
            dwT_shape_str(sb, sizeof sb, ndim, shape));
    return -1;
  }
  (void)dt;
  return n;
}

/* A tensor object with this meta and no storage. */
static Tensor *tensor_obj(Ctx *c, DType dt, int ndim, const int64_t *shape) {
  Tensor *t = (Tensor *)dwV_alloc(c, V_TENSOR, sizeof(Tensor));
  if (!t) return NULL;
  t->dtype = (uint8_t)dt;
  t->ndim = (uint8_t)ndim;
  if (ndim) memcpy(t->shape, shape, (size_t)ndim * sizeof(int64_t));
  dwT_contig_strides(ndim, shape, t->stride);
  t->node = -1;
  return t;
}

Tensor *dwT_empty(Ctx *c, DType dt, int ndim, const int64_t *shape) {
  int64_t n = checked_numel(c, ndim, shape, dt);
  if (n < 0) return NULL;
  Storage *st = storage_new(c, (uint64_t)n * dwT_dtype_size[dt]);
  if (!st) return NULL;
  Tensor *t = tensor_obj(c, dt, ndim, shape);
  if (!t) {
    c->tensor_bytes -= st->nbytes;
    free(st->data);
    free(st);
    return NULL;
  }
  t->st = st;
  return t;
}

Tensor *dwT_new(Ctx *c, DType dt, int ndim, const int64_t *shape) {
  Tensor *t = dwT_empty(c, dt, ndim, shape);
  if (t) memset(t->st->data, 0, t->st->nbytes);
  return t;
}

Tensor *dwT_fake(Ctx *c, const TMeta *m) {
  Tensor *t = tensor_obj(c, (DType)m->dtype, m->ndim, m->shape);
  if (t) t->wrapped = m->wrapped;
  return t;
}

Tensor *dwT_scalar(Ctx *c, DType dt, double v, bool wrapped) {
  Tensor *t = dwT_empty(c, dt, 0, NULL);
  if (!t) return NULL;
  t->wrapped = wrapped;
  dwT_set(c, t, 0, v);
  return t;
}

Tensor *dwT_view(Ctx *c, Tensor *base, int ndim, const int64_t *shape,
                 const int64_t *stride, int64_t offset) {
  Tensor *t = tensor_obj(c, (DType)base->dtype, ndim, shape);
  if (!t) return NULL;
  if (ndim) memcpy(t->stride, stride, (size_t)ndim * sizeof(int64_t));
  t->offset = offset;
  t->st = base->st;
  if (t->st) t->st->rc++;
  t->vc = base->vc; /* a view shares its base's version counter */
  if (t->vc) t->vc->rc++;
  return t;
}

/* ------------------------------------------------------------------ */
/* Version counters (Tensor._version)                                  */
/* ------------------------------------------------------------------ */

int64_t dwT_version(const Tensor *t) {
  return t->vc ? t->vc->v : t->st ? t->st->version : 0;
}

bool dwT_set_counter(Tensor *t, const Tensor *from) {
  VCounter *vc = from ? from->vc : malloc(sizeof *vc);
  if (!from && !vc) return false;
  if (vc && from) vc->rc++;
  else if (vc) *vc = (VCounter){.rc = 1, .v = 0};
  dwT_counter_drop(t);
  t->vc = vc;
  return true;
}

bool dwT_bump(Tensor *t, int64_t n) {
  if (!t->vc && !t->st && !dwT_set_counter(t, NULL)) return false;
  if (t->vc) t->vc->v += n;
  else t->st->version += n;
  if (t->st) t->st->writes += n;
  return true;
}

void dwT_counter_drop(Tensor *t) {
  VCounter *vc = t->vc;
  t->vc = NULL;
  if (vc && --vc->rc <= 0) free(vc);
}

void dwT_meta_of(const Tensor *t, TMeta *m) {
  memset(m, 0, sizeof *m);
  m->dtype = t->dtype;
  m->ndim = t->ndim;
  m->wrapped = t->wrapped;
  memcpy(m->shape, t->shape, sizeof m->shape);
}

int64_t dwT_numel_meta(const TMeta *m) {
  int64_t n = 1;
  for (int k = 0; k < m->ndim; k++) n *= m->shape[k];
  return n;
}

/* PyTorch's is_contiguous: size-1 dimensions may have any stride. */
bool dwT_is_contiguous(const Tensor *t) {
  int64_t expected = 1;
  for (int k = t->ndim - 1; k >= 0; k--) {
    if (t->shape[k] == 0) return true;
    if (t->shape[k] == 1) continue;
    if (t->stride[k] != expected) return false;
    expected *= t->shape[k];
  }
  return true;
}

void *dwT_data(const Tensor *t) {
  if (!t->st) return NULL;
  return (char *)t->st->data + t->offset * (int64_t)dwT_dtype_size[t->dtype];
}

/* Element offset (from dwT_data) of row-major index `flat`. */
static int64_t flat_offset(const Tensor *t, int64_t flat) {
  int64_t off = 0;
  for (int k = t->ndim - 1; k >= 0; k--) {
    int64_t n = t->shape[k];
    off += (flat % n) * t->stride[k];
    flat /= n;
  }
  return off;
}

double dwT_get(const Tensor *t, int64_t flat) {
  const char *p = dwT_data(t);
  if (!p) return 0;
  int64_t o = flat_offset(t, flat);
  switch ((DType)t->dtype) {
  case DT_F32: return ((const float *)p)[o];
  case DT_F64: return ((const double *)p)[o];
  case DT_I64: return (double)((const int64_t *)p)[o];
  case DT_I32: return ((const int32_t *)p)[o];
  default: return ((const uint8_t *)p)[o];
  }
}

int64_t dwT_get_int(const Tensor *t, int64_t flat) {
  const char *p = dwT_data(t);
  if (!p) return 0;
  int64_t o = flat_offset(t, flat);
  switch ((DType)t->dtype) {
  case DT_F32: {
    float v = ((const float *)p)[o];
    return v >= -0x1p63f && v < 0x1p63f ? (int64_t)v : INT64_MIN;
  }
  case DT_F64: {
    double v = ((const double *)p)[o];
    return v >= -0x1p63 && v < 0x1p63 ? (int64_t)v : INT64_MIN;
  }
  case DT_I64: return ((const int64_t *)p)[o];
  case DT_I32: return ((const int32_t *)p)[o];
  default: return ((const uint8_t *)p)[o];
  }
}

bool dwT_set(Ctx *c, Tensor *t, int64_t flat, double v) {
  char *p = dwT_data(t);
  if (!p)
    return dw_fail(c, EXC_RuntimeError,
                   "Cannot access data of a traced (fake) tensor");
  int64_t o = flat_offset(t, flat);
  switch ((DType)t->dtype) {
  case DT_F32: ((float *)p)[o] = (float)v; break;
  case DT_F64: ((double *)p)[o] = v; break;
  case DT_I64:
    ((int64_t *)p)[o] = v >= -0x1p63 && v < 0x1p63 ? (int64_t)v : INT64_MIN;
    break;
  case DT_I32:
    ((int32_t *)p)[o] = v > -0x1p31 - 1 && v < 0x1p31 ? (int32_t)v
                                                      : INT32_MIN;
    break;
  default: ((uint8_t *)p)[o] = v != 0; break;
  }
  return true;
}

Tensor *dwT_cast(Ctx *c, Tensor *t, DType dt) {
  if (t->dtype == dt) {
    dwV_incref_o(&t->h);
    return t;
  }
  Tensor *o = dwT_empty(c, dt, t->ndim, t->shape);
  if (o) dwT_k_copy(o, t);
  return o;
}

static Tensor *clone(Ctx *c, Tensor *t) {
  Tensor *o = dwT_empty(c, (DType)t->dtype, t->ndim, t->shape);
  if (o) dwT_k_copy(o, t);
  return o;
}

Tensor *dwT_contiguous(Ctx *c, Tensor *t) {
  if (dwT_is_contiguous(t)) {
    dwV_incref_o(&t->h);
    return t;
  }
  return clone(c, t);
}

/* Broadcast check of shape (n, s) against target (tn, ts), in PyTorch's
 * infer_size wording; tensor a is the target. */
static bool broadcast_shapes(Ctx *c, int na, const int64_t *a, int nb,
                             const int64_t *b, int *nout, int64_t *out) {
  int n = na > nb ? na : nb;
  for (int i = n - 1; i >= 0; i--) {
    int off = n - 1 - i;
    int da = na - 1 - off, db = nb - 1 - off;
    int64_t sa = da >= 0 ? a[da] : 1, sb = db >= 0 ? b[db] : 1;
    if (sa != sb && sa != 1 && sb != 1)
      return dw_fail(c, EXC_RuntimeError,
                     "The size of tensor a (%lld) must match the size of "
                     "tensor b (%lld) at non-singleton dimension %d",
                     (long long)sa, (long long)sb, i);
    out[i] = sa == 1 ? sb : sa;
  }
  *nout = n;
  return true;
}

/* PyTorch's canCast (c10/core/ScalarType.h): no float into an integral
 * or bool tensor, no non-bool into a bool tensor. */
static bool can_cast(DType from, DType to) {
  if (dwT_is_float(from) && !dwT_is_float(to)) return false;
  return !(from != DT_BOOL && to == DT_BOOL);
}

bool dwT_check_inplace(Ctx *c, const TMeta *dst, const TMeta *res) {
  bool same = dst->ndim == res->ndim;
  for (int k = 0; same && k < dst->ndim; k++) same = dst->shape[k] == res->shape[k];
  if (!same) {
    char sa[256], sb[256];
    return dw_fail(c, EXC_RuntimeError,
                   "output with shape %s doesn't match the broadcast shape %s",
                   dwT_shape_str(sa, sizeof sa, dst->ndim, dst->shape),
                   dwT_shape_str(sb, sizeof sb, res->ndim, res->shape));
  }
  if (!can_cast((DType)res->dtype, (DType)dst->dtype))
    return dw_fail(c, EXC_RuntimeError,
                   "result type %s can't be cast to the desired output type %s",
                   dwT_scalar_name((DType)res->dtype),
                   dwT_scalar_name((DType)dst->dtype));
  return true;
}

bool dwT_broadcast(Ctx *c, const TMeta *a, const TMeta *b, TMeta *out) {
  int n;
  memset(out, 0, sizeof *out);
  if (!broadcast_shapes(c, a->ndim, a->shape, b->ndim, b->shape, &n, out->shape)) return false;
  out->ndim = (uint8_t)n;
  out->dtype = (uint8_t)dwT_promote(a, b);
  return true;
}

bool dwT_copy_into(Ctx *c, Tensor *dst, Tensor *src) {
  if (!dst->st || !src->st)
    return dw_fail(c, EXC_RuntimeError,
                   "Cannot access data of a traced (fake) tensor");
  int n;
  int64_t shape[DW_MAXDIM];
  if (src->ndim > dst->ndim ||
      !broadcast_shapes(c, dst->ndim, dst->shape, src->ndim, src->shape, &n,
                        shape) ||
      memcmp(shape, dst->shape, (size_t)n * sizeof(int64_t)) != 0) {
    char sa[256], sb[256];
    return dw_fail(c, EXC_RuntimeError,
                   "output with shape %s doesn't match the broadcast shape %s",
                   dwT_shape_str(sa, sizeof sa, dst->ndim, dst->shape),
                   dwT_shape_str(sb, sizeof sb, src->ndim, src->shape));
  }
  /* Overlapping source and destination (x[1:] = x[:-1]): copy the source
   * first so the result is what a user expects. */
  if (src->st == dst->st) {
    Tensor *tmp = clone(c, src);
    if (!tmp) return false;
    dwT_k_copy(dst, tmp);
    dwV_decref_o(c, &tmp->h);
    return true;
  }
  dwT_k_copy(dst, src);
  return true;
}

/* ------------------------------------------------------------------ */
/* Type promotion                                                      */
/* ------------------------------------------------------------------ */

/* Rank in PyTorch's promotion lattice (restricted to our dtypes, it is a
 * chain): bool < int32 < int64 < float32 < float64. */
static int dt_rank(int dt) {
  static const int rank[DT_COUNT] = {3, 2, 1, 0, 4};
  return dt < 0 ? -1 : rank[dt];
}
static int promote2(int a, int b) { /* -1 is "undefined" */
  if (a < 0) return b;
  if (b < 0) return a;
  return dt_rank(a) >= dt_rank(b) ? a : b;
}
static bool is_float(int dt) { return dwT_is_float(dt); }

/* c10::combine_categories: `higher` wins unless a lower-priority operand
 * is of a higher category (bool < integral < floating). */
static int combine_categories(int higher, int lower) {
  if (is_float(higher)) return higher;
  if (higher == DT_BOOL || is_float(lower)) return promote2(higher, lower);
  if (higher >= 0) return higher;
  return lower;
}

/* at::result_type over n operands: tensors with dims outrank 0-d tensors,
 * which outrank wrapped numbers (Python scalars: a Python float is a
 * wrapped float64 holding its exact value, and counts as the default dtype
 * float32, as update_result_type_state treats wrapped floating numbers). */
static DType result_type(const TMeta *const *ms, int n) {
  int dim = -1, zero = -1, wrapped = -1;
  for (int k = 0; k < n; k++) {
    const TMeta *m = ms[k];
    if (m->wrapped)
      wrapped = promote2(wrapped, is_float(m->dtype) ? DT_F32 : m->dtype);
    else if (m->ndim == 0) zero = promote2(zero, m->dtype);
    else dim = promote2(dim, m->dtype);
  }
  int r = combine_categories(dim, combine_categories(zero, wrapped));
  return r < 0 ? DT_F32 : (DType)r;
}

DType dwT_promote(const TMeta *a, const TMeta *b) {
  const TMeta *ms[2] = {a, b};
  return result_type(ms, 2);
}

/* ------------------------------------------------------------------ */
/* Shape inference                                                     */
/* ------------------------------------------------------------------ */

/* maybe_wrap_dim: a dim in [-n, n) (n = max(ndim, 1)) to [0, n). */
static bool wrap_dim(Ctx *c, int64_t d, int ndim, int *out) {
  int n = ndim > 0 ? ndim : 1;
  if (d < -n || d >= n)
    return dw_fail(c, EXC_IndexError,
                   "Dimension out of range (expected to be in range of "
                   "[%d, %d], but got %lld)",
                   -n, n - 1, (long long)d);
  *out = (int)(d < 0 ? d + n : d);
  return true;
}

static bool meta_unary(Ctx *c, Op op, const TMeta *x, const OpAttrs *a,
                       TMeta *out) {
  *out = *x;
  out->wrapped = 0;
  DType dt = (DType)x->dtype;
  switch (op) {
  case OP_NEG:
    if (dt == DT_BOOL)
      return dw_fail(c, EXC_RuntimeError,
                     "Negation, the `-` operator, on a bool tensor is not "
                     "supported. If you are trying to invert a mask, use the "
                     "`~` or `logical_not()` operator instead.");
    break;
  case OP_EXP: case OP_LOG: case OP_SQRT: case OP_RSQRT: case OP_SIN:
  case OP_COS: case OP_TANH: case OP_SIGMOID: case OP_TAN: case OP_ERF:
    /* integer inputs promote to the default float */
    if (!is_float(dt)) out->dtype = DT_F32;
    break;
  case OP_FLOOR: case OP_CEIL: case OP_ROUND:
    /* integers keep their values and dtype; bool has no kernel */
    if (dt == DT_BOOL)
      return dw_fail(c, EXC_RuntimeError,
                     "\"%s_vml_cpu\" not implemented for 'Bool'",
                     dw_ops[op].name);
    break;
  case OP_GELU: case OP_SILU:
    if (!is_float(dt))
      return dw_fail(c, EXC_RuntimeError, "\"%s\" not implemented for '%s'",
                     op == OP_GELU ? "GeluKernelImpl" : "silu_cpu",
                     dwT_scalar_name(dt));
    break;
  case OP_CLAMP:
    if (!a->has_f[0] && !a->has_f[1])
      return dw_fail(c, EXC_RuntimeError,
                     "torch.clamp: At least one of 'min' or 'max' must not "
                     "be None");
    /* Bounds are Python numbers: a non-integral bound makes an integer
     * tensor float; integral bounds are ints (bool tensors -> int64). */
    for (int k = 0; k < 2; k++)
      if (a->has_f[k] && !is_float(dt) && a->f[k] != floor(a->f[k]))
        out->dtype = DT_F32;
    if (out->dtype == DT_BOOL) out->dtype = DT_I64;
    break;
  case OP_CAST: out->dtype = a->dtype; break;
  case OP_NOT: out->dtype = DT_BOOL; break;
  case OP_RELU: /* Activation.cpp relu */
    if (dt == DT_BOOL)
      return dw_fail(c, EXC_RuntimeError, "Boolean inputs not supported for relu");
    break;
  case OP_ABS: /* UnaryOpsKernel.cpp abs_kernel dispatches no Bool */
    if (dt == DT_BOOL)
      return dw_fail(c, EXC_RuntimeError, "\"abs_cpu\" not implemented for 'Bool'");
    break;
  default: break;
  }
  return true;
}

static bool is_comparison(Op op) {
  return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE ||
         op == OP_GT || op == OP_GE;
}

/* Compute dtype of a binary op (what both inputs are converted to). */
static DType binary_compute_dtype(Op op, const TMeta *x, const TMeta *y) {
  DType dt = dwT_promote(x, y);
  if (op == OP_DIV && !is_float(dt)) return DT_F32;
  return dt;
}

static bool meta_binary(Ctx *c, Op op, const TMeta *x, const TMeta *y,
                        TMeta *out) {
  memset(out, 0, sizeof *out);
  int n;
  if (!broadcast_shapes(c, x->ndim, x->shape, y->ndim, y->shape, &n,
                        out->shape))
    return false;
  out->ndim = (uint8_t)n;
  DType dt = binary_compute_dtype(op, x, y);
  bool xb = x->dtype == DT_BOOL, yb = y->dtype == DT_BOOL;
  if (op == OP_SUB && (xb || yb))
    return dw_fail(c, EXC_RuntimeError, xb && yb
        ? "Subtraction, the `-` operator, with two bool tensors is not "
          "supported. Use the `^` or `logical_xor()` operator instead."
        : "Subtraction, the `-` operator, with a bool tensor is not "
          "supported. If you are trying to invert a mask, use the `~` or "
          "`logical_not()` operator instead.");
  if ((op == OP_AND || op == OP_OR) && is_float(dt))
    return dw_fail(c, EXC_RuntimeError, "\"%s_cpu\" not implemented for '%s'",
                   dw_ops[op].name, dwT_scalar_name(dt));
  if ((op == OP_FLOORDIV || op == OP_MOD || op == OP_POW) && dt == DT_BOOL)
    return dw_fail(c, EXC_RuntimeError, "\"%s\" not implemented for 'Bool'",
                   op == OP_FLOORDIV ? "div_floor_cpu"
                   : op == OP_MOD    ? "remainder_cpu"
                                     : "pow");
  out->dtype = (uint8_t)(is_comparison(op) ? DT_BOOL : dt);
  return true;
}

static bool meta_where(Ctx *c, const TMeta *in, TMeta *out) {
  memset(out, 0, sizeof *out);
  if (in[0].dtype != DT_BOOL)
    return dw_fail(c, EXC_RuntimeError,
                   "where expected condition to be a boolean tensor, but "
                   "got a tensor with dtype %s",
                   dwT_scalar_name((DType)in[0].dtype));
  int n;
  int64_t s[DW_MAXDIM];
  if (!broadcast_shapes(c, in[0].ndim, in[0].shape, in[1].ndim, in[1].shape,
                        &n, s) ||
      !broadcast_shapes(c, n, s, in[2].ndim, in[2].shape, &n, out->shape))
    return false;
  out->ndim = (uint8_t)n;
  out->dtype = (uint8_t)dwT_promote(&in[1], &in[2]);
  return true;
}

/* Which dims a reduction reduces (red[d] = 1). */
static bool reduce_dims(Ctx *c, const TMeta *x, const OpAttrs *a,
                        uint8_t *red) {
  memset(red, 0, DW_MAXDIM);
  if (a->ni == 0) {
    memset(red, 1, x->ndim);
    return true;
  }
  for (int k = 0; k < a->ni; k++) {
    int d = 0;
    if (!wrap_dim(c, a->i[k], x->ndim, &d)) return false;
    if (x->ndim == 0) continue; /* dim 0 / -1 of a 0-d tensor: itself */
    if (red[d])
      return dw_fail(c, EXC_RuntimeError,
                     "dim %d appears multiple times in the list of dims", d);
    red[d] = 1;
  }
  return true;
}

static bool meta_reduce(Ctx *c, Op op, const TMeta *x, const OpAttrs *a,
                        TMeta *out) {
  DType dt = (DType)x->dtype;
  const char *name = dw_ops[op].name;
  if ((op == OP_ARGMAX || op == OP_ARGMIN) && a->ni > 1)
    return dw_fail(c, EXC_RuntimeError, "%s(): expected a single dim", name);
  uint8_t red[DW_MAXDIM];
  if (!reduce_dims(c, x, a, red)) return false;
  if ((op == OP_ARGMAX || op == OP_ARGMIN) && dt == DT_BOOL) /* ReduceOpsKernel.cpp */
    return dw_fail(c, EXC_RuntimeError, "\"%s_cpu\" not implemented for 'Bool'", name);
  if (op == OP_MEAN && !is_float(dt))
    return dw_fail(c, EXC_RuntimeError,
                   "mean(): could not infer output dtype. Input dtype must "
                   "be either a floating point or complex dtype. Got: %s",
                   dwT_scalar_name(dt));
  if (op == OP_AMAX || op == OP_AMIN || op == OP_ARGMAX || op == OP_ARGMIN) {
    if (a->ni == 0 && dwT_numel_meta(x) == 0)
      return dw_fail(c, EXC_RuntimeError,
                     "%s(): Expected reduction dim to be specified for "
                     "input.numel() == 0. Specify the reduction dim with the "
                     "'dim' argument.",
                     op == OP_AMAX ? "max" : op == OP_AMIN ? "min" : name);
    for (int d = 0; d < x->ndim; d++)
      if (red[d] && x->shape[d] == 0)
        return dw_fail(c, EXC_IndexError,
                       "%s(): Expected reduction dim %d to have non-zero "
                       "size.",
                       name, d);
  }
  memset(out, 0, sizeof *out);
  int n = 0;
  for (int d = 0; d < x->ndim; d++) {
    if (!red[d]) out->shape[n++] = x->shape[d];
    else if (a->keepdim) out->shape[n++] = 1;
  }
  out->ndim = (uint8_t)n;
  switch (op) {
  case OP_SUM: case OP_PROD:
    out->dtype = is_float(dt) ? dt : DT_I64;
    break;
  case OP_ARGMAX: case OP_ARGMIN: out->dtype = DT_I64; break;
  default: out->dtype = (uint8_t)dt; break;
  }
  return true;
}

static bool meta_matmul(Ctx *c, const TMeta *x, const TMeta *y, TMeta *out) {
  memset(out, 0, sizeof *out);
  int nx = x->ndim, ny = y->ndim;
  if (nx == 0 || ny == 0)
    return dw_fail(c, EXC_RuntimeError,
                   "both arguments to matmul need to be at least 1D, but "
                   "they are %dD and %dD",
                   nx, ny);
  if (x->dtype != y->dtype)
    return dw_fail(c, EXC_RuntimeError,
                   "expected m1 and m2 to have the same dtype, but got: %s "
                   "!= %s",
                   cpp_type_name((DType)x->dtype),
                   cpp_type_name((DType)y->dtype));
  if (x->dtype == DT_BOOL)
    return dw_fail(c, EXC_RuntimeError,
                   "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  out->dtype = x->dtype;
  const int64_t *xs = x->shape, *ys = y->shape;
  if (nx == 1 && ny == 1) {
    if (xs[0] != ys[0])
      return dw_fail(c, EXC_RuntimeError,
                     "inconsistent tensor size, expected tensor [%lld] and "
                     "src [%lld] to have the same number of elements, but got "
                     "%lld and %lld elements respectively",
                     (long long)xs[0], (long long)ys[0], (long long)xs[0],
                     (long long)ys[0]);
    return true;
  }
  if (nx == 2 && ny == 1) {
    if (xs[1] != ys[0])
      return dw_fail(c, EXC_RuntimeError,
                     "size mismatch, got input (%lld), mat (%lldx%lld), vec "
                     "(%lld)",
                     (long long)xs[0], (long long)xs[0], (long long)xs[1],
                     (long long)ys[0]);
    out->ndim = 1;
    out->shape[0] = xs[0];
    return true;
  }
  if (nx <= 2 && ny == 2) {
    int64_t m = nx == 2 ? xs[0] : 1, k = xs[nx - 1];
    if (k != ys[0])
      return dw_fail(c, EXC_RuntimeError,
                     "mat1 and mat2 shapes cannot be multiplied (%lldx%lld "
                     "and %lldx%lld)",
                     (long long)m, (long long)k, (long long)ys[0],
                     (long long)ys[1]);
    out->ndim = (uint8_t)nx;
    if (nx == 2) out->shape[0] = m;
    out->shape[nx - 1] = ys[1];
    return true;
  }
  /* >= 3-d @ <= 2-d: PyTorch folds the batch of x into rows (one mm) */
  if (nx >= 3 && ny <= 2) {
    int64_t rows = 1;
    for (int i = 0; i < nx - 1; i++) rows *= xs[i];
    int64_t k2 = ys[0], p = ny == 2 ? ys[1] : 1;
    if (xs[nx - 1] != k2)
      return dw_fail(c, EXC_RuntimeError,
                     "mat1 and mat2 shapes cannot be multiplied (%lldx%lld "
                     "and %lldx%lld)",
                     (long long)rows, (long long)xs[nx - 1], (long long)k2,
                     (long long)p);
  }
  /* batched: broadcast the batch dims, then [n, m] @ [m, p] */
  int bx = nx >= 2 ? nx - 2 : 0, by = ny >= 2 ? ny - 2 : 0, nb;
  int64_t batch[DW_MAXDIM];
  if (!broadcast_shapes(c, bx, xs, by, ys, &nb, batch)) return false;
  int64_t m = nx >= 2 ? xs[nx - 2] : 1, k = xs[nx - 1];
  int64_t k2 = ny >= 2 ? ys[ny - 2] : ys[0], p = ny >= 2 ? ys[ny - 1] : 1;
  int64_t bprod = 1;
  for (int i = 0; i < nb; i++) bprod *= batch[i];
  if (k != k2)
    return dw_fail(c, EXC_RuntimeError,
                   "Expected size for first two dimensions of batch2 tensor "
                   "to be: [%lld, %lld] but got: [%lld, %lld].",
                   (long long)bprod, (long long)k, (long long)bprod,
                   (long long)k2);
  int n = nb;
  if (n + (nx >= 2) + (ny >= 2) > DW_MAXDIM)
    return dw_fail(c, EXC_NotImplementedError,
                   "tensors with more than %d dimensions are not supported",
                   DW_MAXDIM);
  memcpy(out->shape, batch, (size_t)nb * sizeof(int64_t));
  if (nx >= 2) out->shape[n++] = m;
  if (ny >= 2) out->shape[n++] = p;
  out->ndim = (uint8_t)n;
  return true;
}

/* Resolves one -1 in a reshape target against numel. */
static bool infer_shape(Ctx *c, int n, const int64_t *want, int64_t numel,
                        int64_t *out) {
  int infer = -1;
  int64_t prod = 1;
  char sb[256];
  for (int k = 0; k < n; k++) {
    if (want[k] == -1) {
      if (infer >= 0)
        return dw_fail(c, EXC_RuntimeError, "only one dimension can be inferred");
      infer = k;
    } else if (want[k] < 0) {
      return dw_fail(c, EXC_RuntimeError, "invalid shape dimension %lld",
                     (long long)want[k]);
    } else if (want[k] > 0 && prod > INT64_MAX / want[k]) {
      return dw_fail(c, EXC_RuntimeError, "shape '%s' is invalid for input of size %lld",
                     dwT_shape_str(sb, sizeof sb, n, want), (long long)numel);
    } else {
      prod *= want[k];
    }
    out[k] = want[k];
  }
  if (infer >= 0) {
    if (prod == 0)
      return dw_fail(c, EXC_RuntimeError,
                     "cannot reshape tensor of %lld elements into shape %s "
                     "because the unspecified dimension size -1 can be any "
                     "value and is ambiguous",
                     (long long)numel, dwT_shape_str(sb, sizeof sb, n, want));
    if (numel % prod == 0) {
      out[infer] = numel / prod;
      return true;
    }
  } else if (prod == numel) {
    return true;
  }
  return dw_fail(c, EXC_RuntimeError, "shape '%s' is invalid for input of size %lld",
                 dwT_shape_str(sb, sizeof sb, n, want), (long long)numel);
}

static bool meta_view(Ctx *c, Op op, const TMeta *x, const OpAttrs *a,
                      TMeta *out) {
  memset(out, 0, sizeof *out);
  out->dtype = x->dtype;
  int nd = x->ndim;
  char s1[256], s2[256];
  switch (op) {
  case OP_RESHAPE:
    if (a->ni > DW_MAXDIM)
      return dw_fail(c, EXC_NotImplementedError,
                     "tensors with more than %d dimensions are not supported",
                     DW_MAXDIM);
    if (!infer_shape(c, a->ni, a->i, dwT_numel_meta(x), out->shape))
      return false;
    out->ndim = (uint8_t)a->ni;
    return true;
  case OP_PERMUTE: {
    if (a->ni != nd)
      return dw_fail(c, EXC_RuntimeError,
                     "permute(sparse_coo): number of dimensions in the tensor "
                     "input does not match the length of the desired ordering "
                     "of dimensions i.e. input.dim() = %d is not equal to "
                     "len(dims) = %d",
                     nd, a->ni);
    bool seen[DW_MAXDIM] = {0};
    for (int k = 0; k < nd; k++) {
      int d = 0;
      if (!wrap_dim(c, a->i[k], nd, &d)) return false;
      if (seen[d])
        return dw_fail(c, EXC_RuntimeError,
                       "permute(): duplicate dims are not allowed.");
      seen[d] = true;
      out->shape[k] = x->shape[d];
    }
    out->ndim = (uint8_t)nd;
    return true;
  }
  case OP_EXPAND: {
    int n = a->ni;
    if (n < nd)
      return dw_fail(c, EXC_RuntimeError,
                     "expand(%s{%s}, size=%s): the number of sizes provided "
                     "(%d) must be greater or equal to the number of "
                     "dimensions in the tensor (%d)",
                     legacy_type_name((DType)x->dtype),
                     dwT_shape_str(s1, sizeof s1, nd, x->shape),
                     dwT_shape_str(s2, sizeof s2, n, a->i), n, nd);
    if (n > DW_MAXDIM)
      return dw_fail(c, EXC_NotImplementedError,
                     "tensors with more than %d dimensions are not supported",
                     DW_MAXDIM);
    for (int k = n - 1; k >= 0; k--) {
      int d = k - (n - nd);
      int64_t want = a->i[k];
      if (d < 0) {
        if (want < 0)
          return dw_fail(c, EXC_RuntimeError,
                         "The expanded size of the tensor (%lld) isn't "
                         "allowed in a leading, non-existing dimension %d",
                         (long long)want, k);
        out->shape[k] = want;
        continue;
      }
      int64_t have = x->shape[d];
      if (want == -1) want = have;
      if (have != want && have != 1)
        return dw_fail(c, EXC_RuntimeError,
                       "The expanded size of the tensor (%lld) must match the "
                       "existing size (%lld) at non-singleton dimension %d.  "
                       "Target sizes: %s.  Tensor sizes: %s",
                       (long long)want, (long long)have, k,
                       dwT_shape_str(s1, sizeof s1, n, a->i),
                       dwT_shape_str(s2, sizeof s2, nd, x->shape));
      if (want < 0)
        return dw_fail(c, EXC_RuntimeError,
                       "Trying to create tensor with negative dimension %lld: "
                       "%s",
                       (long long)want, dwT_shape_str(s1, sizeof s1, n, a->i));
      out->shape[k] = want;
    }
    out->ndim = (uint8_t)n;
    return true;
  }
  case OP_SLICE: {
    if (nd == 0)
      return dw_fail(c, EXC_IndexError,
                     "slice() cannot be applied to a 0-dim tensor.");
    int d = 0;
    if (!wrap_dim(c, a->i[0], nd, &d)) return false;
    if (a->i[3] <= 0)
      return dw_fail(c, EXC_ValueError, "step must be greater than zero");
    int64_t size = x->shape[d], start = a->i[1], stop = a->i[2];
    if (start < 0) start += size;
    if (stop < 0) stop += size;
    start = start < 0 ? 0 : start > size ? size : start;
    stop = stop < start ? start : stop > size ? size : stop;
    *out = *x;
    out->wrapped = 0;
    /* ceil((stop - start) / step) without overflow for huge steps */
    int64_t span = stop - start, step = a->i[3];
    out->shape[d] = span / step + (span % step != 0);
    return true;
  }
  case OP_SELECT: {
    if (nd == 0)
      return dw_fail(c, EXC_IndexError,
                     "invalid index of a 0-dim tensor. Use `tensor.item()` in "
                     "Python or `tensor.item<T>()` in C++ to convert a 0-dim "
                     "tensor to a number");
    int d = 0;
    if (!wrap_dim(c, a->i[0], nd, &d)) return false;
    int64_t size = x->shape[d], idx = a->i[1];
    if (idx < -size || idx >= size)
      return dw_fail(c, EXC_IndexError,
                     "index %lld is out of bounds for dimension %d with size "
                     "%lld",
                     (long long)idx, d, (long long)size);
    int n = 0;
    for (int k = 0; k < nd; k++)
      if (k != d) out->shape[n++] = x->shape[k];
    out->ndim = (uint8_t)n;
    return true;
  }
  case OP_ALIAS:
    *out = *x;
    out->wrapped = 0;
    return true;
  default: return dw_fail(c, EXC_RuntimeError, "not a view op");
  }
}

/* PyTorch skips legacy empty 1-d tensors (shape [0]) in cat. */
static bool cat_skipped(const TMeta *m) {
  return m->ndim == 1 && m->shape[0] == 0;
}

static bool meta_cat(Ctx *c, int nin, const TMeta *in, const OpAttrs *a,
                     TMeta *out) {
  memset(out, 0, sizeof *out);
  if (nin == 0)
    return dw_fail(c, EXC_RuntimeError,
                   "torch.cat(): expected a non-empty list of Tensors");
  for (int k = 0; k < nin; k++)
    if (in[k].ndim == 0)
      return dw_fail(c, EXC_RuntimeError,
                     "zero-dimensional tensor (at position %d) cannot be "
                     "concatenated",
                     k);
  int ref = -1;
  for (int k = 0; k < nin && ref < 0; k++)
    if (!cat_skipped(&in[k])) ref = k;
  const TMeta *ms[64] = {NULL};
  const TMeta **mp = nin <= 64 ? ms : malloc((size_t)nin * sizeof *mp);
  if (!mp) return dw_fail(c, EXC_MemoryError, "out of memory");
  for (int k = 0; k < nin; k++) mp[k] = &in[k];
  out->dtype = (uint8_t)result_type(mp, nin);
  if (mp != ms) free(mp);
  if (ref < 0) { /* all legacy empty */
    out->ndim = 1;
    return true;
  }
  const TMeta *r = &in[ref];
  int d = 0;
  if (!wrap_dim(c, a->i[0], r->ndim, &d)) return false;
  *out = (TMeta){.dtype = out->dtype, .ndim = r->ndim};
  memcpy(out->shape, r->shape, sizeof out->shape);
  out->shape[d] = 0;
  for (int k = 0; k < nin; k++) {
    const TMeta *m = &in[k];
    if (cat_skipped(m)) continue;
    if (m->ndim != r->ndim)
      return dw_fail(c, EXC_RuntimeError,
                     "Tensors must have same number of dimensions: got %d "
                     "and %d",
                     r->ndim, m->ndim);
    for (int j = 0; j < r->ndim; j++)
      if (j != d && m->shape[j] != r->shape[j])
        return dw_fail(c, EXC_RuntimeError,
                       "Sizes of tensors must match except in dimension %d. "
                       "Expected size %lld but got size %lld for tensor "
                       "number %d in the list.",
                       d, (long long)r->shape[j], (long long)m->shape[j], k);
    out->shape[d] += m->shape[d];
  }
  return true;
}

static bool meta_gather(Ctx *c, const TMeta *x, const TMeta *idx,
                        const OpAttrs *a, TMeta *out) {
  char s1[256], s2[256];
  /* TensorAdvancedIndexing.cpp gather meta: the dim, then the index dtype
   * unless the index is empty */
  int d = 0;
  if (!wrap_dim(c, a->i[0], x->ndim, &d)) return false;
  int64_t nidx = 1;
  for (int k = 0; k < idx->ndim; k++) nidx *= idx->shape[k];
  if (idx->dtype != DT_I64 && nidx != 0 && !(idx->dtype == DT_I32 && a->flag != GK_GATHER))
    return dw_fail(c, EXC_RuntimeError,
                   "gather(): Expected dtype int64 for index");
  int nx = x->ndim ? x->ndim : 1, ni = idx->ndim ? idx->ndim : 1;
  if (nx != ni)
    return dw_fail(c, EXC_RuntimeError,
                   "Index tensor must have the same number of dimensions as "
                   "input tensor");
  for (int k = 0; k < x->ndim; k++)
    if (k != d && idx->shape[k] > x->shape[k])
      return dw_fail(c, EXC_RuntimeError,
                     "Size does not match at dimension %d expected index %s to "
                     "be smaller than self %s apart from dimension %d",
                     k, dwT_shape_str(s1, sizeof s1, idx->ndim, idx->shape),
                     dwT_shape_str(s2, sizeof s2, x->ndim, x->shape), d);
  *out = *idx;
  out->wrapped = 0;
  out->dtype = x->dtype;
  return true;
}

bool dwT_meta(Ctx *c, Op op, int nin, const TMeta *in, const OpAttrs *a,
              TMeta *out) {
  static const OpAttrs none;
  if (!a) a = &none;
  if (op >= OP_COUNT)
    return dw_fail(c, EXC_RuntimeError, "unknown op %d", (int)op);
  const OpInfo *info = &dw_ops[op];
  if (info->nin >= 0 && nin != info->nin)
    return dw_fail(c, EXC_RuntimeError, "%s expects %d inputs, got %d",
                   info->name, info->nin, nin);
  memset(out, 0, sizeof *out);
  switch (info->kind) {
  case K_INPUT:
    return dw_fail(c, EXC_RuntimeError, "placeholder has no shape rule");
  case K_CONST:
    out->dtype = a->dtype;
    out->wrapped = 1;
    return true;
  case K_UNARY: return meta_unary(c, op, &in[0], a, out);
  case K_BINARY: return meta_binary(c, op, &in[0], &in[1], out);
  case K_WHERE: return meta_where(c, in, out);
  case K_REDUCE: return meta_reduce(c, op, &in[0], a, out);
  case K_MATMUL: return meta_matmul(c, &in[0], &in[1], out);
  case K_VIEW: return meta_view(c, op, &in[0], a, out);
  case K_COPY:
    *out = in[0];
    out->wrapped = 0;
    return true;
  case K_CAT: return meta_cat(c, nin, in, a, out);
  case K_GATHER: return meta_gather(c, &in[0], &in[1], a, out);
  case K_SORT:
    *out = in[0];
    out->wrapped = 0;
    out->dtype = DT_I64;
    return true;
  case K_CREATE:
    out->dtype = a->dtype;
    if (op == OP_ARANGE) {
      out->ndim = 1;
      out->shape[0] = a->i[0];
    } else {
      if (a->ni > DW_MAXDIM)
        return dw_fail(c, EXC_NotImplementedError,
                       "tensors with more than %d dimensions are not "
                       "supported",
                       DW_MAXDIM);
      out->ndim = (uint8_t)a->ni;
      memcpy(out->shape, a->i, (size_t)a->ni * sizeof(int64_t));
    }
    return checked_numel(c, out->ndim, out->shape, (DType)out->dtype) >= 0;
  }
  return dw_fail(c, EXC_RuntimeError, "unknown op kind");
}

bool dwT_arange_len(Ctx *c, double start, double end, double step,
                    int64_t *n) {
  if (!isfinite(start) || !isfinite(end))
    return dw_fail(c, EXC_RuntimeError, "unsupported range: %s -> %s",
                   isfinite(start) ? "finite" : "inf",
                   isfinite(end) ? "finite" : "inf");
  if (step == 0) return dw_fail(c, EXC_RuntimeError, "step must be nonzero");
  if (!((step > 0 && end >= start) || (step < 0 && end <= start)))
    return dw_fail(c, EXC_RuntimeError,
                   "upper bound and larger bound inconsistent with step sign");
  double len = ceil((end - start) / step);
  if (!(len < 0x1p62))
    return dw_fail(c, EXC_RuntimeError,
                   "invalid size, possible overflow?");
  *n = (int64_t)len;
  return true;
}

/* ------------------------------------------------------------------ */
/* Views                                                               */
/* ------------------------------------------------------------------ */

/* at::detail::computeStride: strides that let `newshape` view a tensor of
 * (oldshape, oldstride) without copying, or false when impossible. */
static bool compute_stride(int on, const int64_t *oldshape,
                           const int64_t *oldstride, int nn,
                           const int64_t *newshape, int64_t *newstride) {
  if (on == 0) {
    for (int k = 0; k < nn; k++) newstride[k] = 1;
    return true;
  }
  int64_t numel = 1;
  for (int k = 0; k < on; k++) numel *= oldshape[k];
  if (numel == 0) {
    if (on == nn && memcmp(oldshape, newshape, (size_t)on * 8) == 0) {
      memcpy(newstride, oldstride, (size_t)on * 8);
      return true;
    }
    for (int k = nn - 1; k >= 0; k--)
      newstride[k] = k == nn - 1 ? 1
                                 : (newshape[k + 1] > 1 ? newshape[k + 1] : 1) *
                                       newstride[k + 1];
    return true;
  }
  int view_d = nn - 1;
  int64_t chunk_base_stride = oldstride[on - 1];
  int64_t tensor_numel = 1, view_numel = 1;
  for (int td = on - 1; td >= 0; td--) {
    tensor_numel *= oldshape[td];
    if (td == 0 || (oldshape[td - 1] != 1 &&
                    oldstride[td - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 &&
             (view_numel < tensor_numel || newshape[view_d] == 1)) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape[view_d];
        view_d--;
      }
      if (view_numel != tensor_numel) return false;
      if (td > 0) {
        chunk_base_stride = oldstride[td - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

/* The layout a view op gives its result (strides, element offset), as
 * eager execution does: 1 a view, 0 a RESHAPE that must copy (contiguous
 * strides), -1 a strict .view() that cannot view (ctx->err set). Works on
 * tensors without data too: the tracer keeps its fakes' layouts with it,
 * so .view() fails in a graph exactly where it fails eagerly. */
int dwT_view_layout(Ctx *c, Op op, const Tensor *x, const OpAttrs *a,
                    const TMeta *m, int64_t *stride, int64_t *offset) {
  int nd = x->ndim;
  *offset = x->offset;
  switch (op) {
  case OP_RESHAPE:
    if (compute_stride(nd, x->shape, x->stride, m->ndim, m->shape, stride))
      return 1;
    if (a->flag) {
      dw_fail(c, EXC_RuntimeError,
              "view size is not compatible with input tensor's size and "
              "stride (at least one dimension spans across two contiguous "
              "subspaces). Use .reshape(...) instead.");
      return -1;
    }
    dwT_contig_strides(m->ndim, m->shape, stride);
    *offset = 0;
    return 0;
  case OP_PERMUTE:
    for (int k = 0; k < nd; k++) {
      int64_t d = a->i[k] < 0 ? a->i[k] + nd : a->i[k];
      stride[k] = x->stride[d];
    }
    return 1;
  case OP_EXPAND: {
    int n = m->ndim;
    for (int k = 0; k < n; k++) {
      int d = k - (n - nd);
      stride[k] = d < 0 || (x->shape[d] == 1 && m->shape[k] != 1)
                      ? 0
                      : x->stride[d];
    }
    return 1;
  }
  case OP_SLICE: {
    int d = (int)(a->i[0] < 0 ? a->i[0] + nd : a->i[0]);
    int64_t size = x->shape[d], start = a->i[1];
    if (start < 0) start += size;
    start = start < 0 ? 0 : start > size ? size : start;
    memcpy(stride, x->stride, sizeof(int64_t) * DW_MAXDIM);
    if (m->shape[d] > 0) *offset += start * x->stride[d];
    stride[d] *= a->i[3];
    return 1;
  }
  case OP_SELECT: {
    int d = (int)(a->i[0] < 0 ? a->i[0] + nd : a->i[0]);
    int64_t idx = a->i[1] < 0 ? a->i[1] + x->shape[d] : a->i[1];
    *offset += idx * x->stride[d];
    int n = 0;
    for (int k = 0; k < nd; k++)
      if (k != d) stride[n++] = x->stride[k];
    return 1;
  }
  case OP_ALIAS:
    memcpy(stride, x->stride, sizeof(int64_t) * DW_MAXDIM);
    return 1;
  default:
    dwT_contig_strides(m->ndim, m->shape, stride);
    *offset = 0;
    return 0;
  }
}

static Tensor *view_op(Ctx *c, Op op, Tensor *x, const OpAttrs *a,
                       const TMeta *m) {
  int64_t stride[DW_MAXDIM] = {0};
  int64_t offset;
  int r = dwT_view_layout(c, op, x, a, m, stride, &offset);
  if (r < 0) return NULL;
  if (r == 0) { /* RESHAPE that cannot view: a contiguous copy */
    Tensor *copy = clone(c, x);
    if (!copy) return NULL;
    Tensor *v = dwT_view(c, copy, m->ndim, m->shape, stride, copy->offset);
    dwV_decref_o(c, &copy->h);
    return v;
  }
  Tensor *v = dwT_view(c, x, m->ndim, m->shape, stride, offset);
  if (v) v->h.flags |= DW_TENSOR_VIEW; /* shares x's memory (autograd's in-place rule) */
  return v;
}

/* ------------------------------------------------------------------ */
/* Eager dispatch                                                      */
/* ------------------------------------------------------------------ */

static Tensor *op_cat(Ctx *c, int nin, Tensor **in, const OpAttrs *a,
                      const TMeta *m) {
  Tensor *out = dwT_empty(c, (DType)m->dtype, m->ndim, m->shape);
  if (!out) return NULL;
  int ref = -1;
  for (int k = 0; k < nin && ref < 0; k++)
    if (!(in[k]->ndim == 1 && in[k]->shape[0] == 0)) ref = k;
  if (ref < 0) return out;
  int d = (int)(a->i[0] < 0 ? a->i[0] + m->ndim : a->i[0]);
  int64_t pos = 0;
  for (int k = 0; k < nin; k++) {
    Tensor *t = in[k];
    if ((t->ndim == 1 && t->shape[0] == 0) || t->shape[d] == 0) continue;
    int64_t shape[DW_MAXDIM];
    memcpy(shape, out->shape, sizeof shape);
    shape[d] = t->shape[d];
    Tensor *slot = dwT_view(c, out, out->ndim, shape, out->stride,
                            pos * out->stride[d]);
    if (!slot) {
      dwV_decref_o(c, &out->h);
      return NULL;
    }
    dwT_k_copy(slot, t);
    dwV_decref_o(c, &slot->h);
    pos += t->shape[d];
  }
  return out;
}

/* Runs a kernel after converting inputs to the compute dtype. */
static Tensor *op_compute(Ctx *c, Op op, Tensor **in, const OpAttrs *a,
                          const TMeta *m) {
  OpKind kind = dw_ops[op].kind;
  Tensor *conv[3] = {NULL, NULL, NULL};
  Tensor *out = NULL;
  bool ok = false;
  DType cd = (DType)m->dtype; /* compute dtype */
  uint8_t red[DW_MAXDIM];
  if (kind == K_BINARY) {
    TMeta ma, mb;
    dwT_meta_of(in[0], &ma);
    dwT_meta_of(in[1], &mb);
    cd = binary_compute_dtype(op, &ma, &mb);
  } else if (kind == K_REDUCE) {
    cd = (op == OP_SUM || op == OP_PROD) ? (DType)m->dtype
                                         : (DType)in[0]->dtype;
  } else if (op == OP_NOT) {
    cd = (DType)in[0]->dtype;
  }
  int nconv = kind == K_BINARY ? 2 : kind == K_WHERE ? 3 : 1;
  for (int k = 0; k < nconv; k++) {
    DType want = (kind == K_WHERE && k == 0) ? DT_BOOL : cd;
    conv[k] = dwT_cast(c, in[k], want);
    if (!conv[k]) goto done;
  }
  out = dwT_empty(c, (DType)m->dtype, m->ndim, m->shape);
  if (!out) goto done;
  switch (kind) {
  case K_UNARY: ok = dwT_k_unary(c, op, out, conv[0], a); break;
  case K_BINARY: ok = dwT_k_binary(c, op, out, conv[0], conv[1]); break;
  case K_WHERE: ok = dwT_k_where(c, out, conv[0], conv[1], conv[2]); break;
  case K_REDUCE: {
    TMeta mx;
    dwT_meta_of(in[0], &mx);
    ok = reduce_dims(c, &mx, a, red) && dwT_k_reduce(c, op, out, conv[0], red);
    break;
  }
  default: ok = false; break;
  }
done:
  for (int k = 0; k < 3; k++)
    if (conv[k]) dwV_decref_o(c, &conv[k]->h);
  if (!ok && out) {
    dwV_decref_o(c, &out->h);
    out = NULL;
  }
  return out;
}

static Tensor *rand_draw(Ctx *c, const TMeta *m, const OpAttrs *a);

Tensor *dwT_op(Ctx *c, Op op, int nin, Tensor **in, const OpAttrs *a) {
  static const OpAttrs none;
  if (!a) a = &none;
  TMeta stack[4] = {{0}}, *metas = stack;
  if (nin > 4) {
    metas = malloc((size_t)nin * sizeof *metas);
    if (!metas) {
      dw_fail(c, EXC_MemoryError, "out of memory");
      return NULL;
    }
  }
  Tensor *out = NULL;
  for (int k = 0; k < nin; k++) {
    if (!in[k]->st) {
      dw_fail(c, EXC_RuntimeError,
              "eager op %s on a traced (fake) tensor", dw_ops[op].name);
      goto done;
    }
    dwT_meta_of(in[k], &metas[k]);
  }
  TMeta m;
  if (!dwT_meta(c, op, nin, metas, a, &m)) goto done;
  switch (dw_ops[op].kind) {
  case K_VIEW: out = view_op(c, op, in[0], a, &m); break;
  case K_COPY: out = clone(c, in[0]); break;
  case K_CAT: out = op_cat(c, nin, in, a, &m); break;
  case K_GATHER:
    out = dwT_empty(c, (DType)m.dtype, m.ndim, m.shape);
    if (out && !dwT_k_gather(c, out, in[0], in[1],
                             (int)(a->i[0] < 0 ? a->i[0] + (in[0]->ndim ? in[0]->ndim : 1)
                                               : a->i[0]),
                             a->flag)) {
      dwV_decref_o(c, &out->h);
      out = NULL;
    }
    break;
  case K_SORT:
    out = dwT_empty(c, (DType)m.dtype, m.ndim, m.shape);
    if (out && !dwT_k_argsort(c, out, in[0], a->flag)) {
      dwV_decref_o(c, &out->h);
      out = NULL;
    }
    break;
  case K_MATMUL:
    out = dwT_empty(c, (DType)m.dtype, m.ndim, m.shape);
    if (out && !dwT_k_matmul(c, out, in[0], in[1])) {
      dwV_decref_o(c, &out->h);
      out = NULL;
    }
    break;
  case K_CREATE:
    if (op == OP_RAND) {
      out = rand_draw(c, &m, a);
      break;
    }
    out = dwT_empty(c, (DType)m.dtype, m.ndim, m.shape);
    if (out && op == OP_FULL) dwT_k_fill(out, a->f[0]);
    if (out && op == OP_ARANGE) dwT_k_arange(out, a->f[0], a->f[1]);
    break;
  case K_CONST:
    out = dwT_scalar(c, (DType)a->dtype, a->f[0], true);
    break;
  case K_UNARY:
    if (op == OP_CAST) {
      out = dwT_empty(c, (DType)m.dtype, m.ndim, m.shape);
      if (out) dwT_k_copy(out, in[0]);
      break;
    }
    /* fallthrough */
  case K_BINARY:
  case K_WHERE:
  case K_REDUCE: out = op_compute(c, op, in, a, &m); break;
  case K_INPUT: dw_fail(c, EXC_RuntimeError, "placeholder is not executable"); break;
  }
done:
  if (metas != stack) free(metas);
  return out;
}

/* OP_RAND: PyTorch's draws of m's dtype (random.c dwRng_fill): rand and
 * randn (float32 or float64: torchlib.c checks) as uniform_(0, 1) and
 * normal_(0, 1), randint as random_(low, high). */
static Tensor *rand_draw(Ctx *c, const TMeta *m, const OpAttrs *a) {
  Tensor *r = dwT_empty(c, (DType)m->dtype, m->ndim, m->shape);
  bool ints = a->flag == RK_RANDINT;
  if (r && !dwRng_fill(&c->rng, r, ints ? RNG_INT : a->flag == RK_RANDN ? RNG_NORMAL : RNG_UNIFORM,
                       ints ? a->f[0] : 0.0, ints ? a->f[1] : 1.0)) {
    dwV_decref_o(c, &r->h);
    dw_fail(c, EXC_RuntimeError, "random %s of dtype %s", ints ? "integers" : "floats",
            dwT_scalar_name((DType)m->dtype));
    return NULL;
  }
  return r;
}
