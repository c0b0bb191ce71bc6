/* object.c - the object protocol: what a value does, whoever asks (the
 * evaluator, the library, the tracer). Truth, arithmetic and in-place
 * operators, comparison and hashing checks, iteration, attributes (method
 * binding, descriptors, exception attributes) and items (indexing,
 * slicing, item assignment and deletion).
 *
 * Errors are values, as in the evaluator: V_NULL / false with the
 * exception in I->exc (or a graph break pending in I->brk when a tensor
 * value would decide a Python-level result while tracing).
 */
#include "interp.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})

static Value bind_method(Interp *I, Value self, Value fn);

/* ------------------------------------------------------------------ */
/* Truth, numbers                                                      */
/* ------------------------------------------------------------------ */

bool dwOb_truth(Interp *I, Value v, bool *out) {
  /* an item() value of a traced frame: a data-dependent jump */
  if ((v.sx & DW_SX_UNBACKED) && dwR_tracing(I) && !dwR_break_jump_v(I, v, false, NULL, NULL))
    return false;
  switch (v.t) {
  case V_NONE: *out = false; return true;
  case V_BOOL:
  case V_INT: *out = v.u.i != 0; return true;
  case V_FLOAT: *out = v.u.f != 0.0; return true;
  case V_STR: *out = STR(v)->len != 0; return true;
  case V_LIST: *out = ((List *)OBJ(v))->len != 0; return true;
  case V_TUPLE: *out = ((Tuple *)OBJ(v))->len != 0; return true;
  case V_DICT: *out = ((Dict *)OBJ(v))->len != 0; return true;
  case V_RANGE: {
    Range *r = (Range *)OBJ(v);
    *out = r->step > 0 ? r->start < r->stop : r->start > r->stop;
    return true;
  }
  case V_TENSOR: {
    /* a tensor used as a Python bool, whatever its origin, is a
     * data-dependent graph break in a traced frame */
    Tensor *t = (Tensor *)OBJ(v);
    if (dwR_tracing(I) && !dwR_break_jump(I, t, false, NULL, NULL)) return false;
    if (!t->st) {
      dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
      return false;
    }
    if (dwT_numel(t) != 1) {
      dwI_raise(I, EXC_RuntimeError,
                "Boolean value of Tensor with more than one value is "
                "ambiguous");
      return false;
    }
    *out = dwT_get(t, 0) != 0;
    return true;
  }
  case V_SET: *out = ((Set *)OBJ(v))->d->len != 0; return true;
  case V_DICTVIEW: *out = ((DictView *)OBJ(v))->d->len != 0; return true;
  case V_INST: {
    /* __bool__ / __len__ of user classes */
    Inst *in = (Inst *)OBJ(v);
    Value m = dwOb_class_lookup(in->cls, dwI_intern(I, "__bool__"));
    if (m.t != V_NULL) {
      Value self = v;
      Value r = dwI_call0(I, m, 1, &self);
      if (r.t == V_NULL) return false;
      if (r.t != V_BOOL) {
        dwI_raise(I, EXC_TypeError, "__bool__ should return bool, returned %s",
                  dwV_type_name(r));
        dwV_decref(&I->c, r);
        return false;
      }
      *out = r.u.i != 0;
      return true;
    }
    if (dwOb_class_lookup(in->cls, dwI_intern(I, "__len__")).t != V_NULL) {
      int64_t n = dwL_len(I, v);
      if (n < 0) return false;
      *out = n != 0;
      return true;
    }
    *out = true;
    return true;
  }
  default:
    *out = true;
    return true;
  }
}

static bool as_double(Value v, double *d) {
  switch (v.t) {
  case V_BOOL:
  case V_INT: *d = (double)v.u.i; return true;
  case V_FLOAT: *d = v.u.f; return true;
  default: return false;
  }
}

static bool is_intlike(Value v) { return v.t == V_INT || v.t == V_BOOL; }

static Value overflow(Interp *I) {
  return dwI_raise(I, EXC_OverflowError,
                   "integer overflow (dynawasm integers are 64-bit)");
}

static const char *const binop_names[] = {"add", "sub", "mul", "truediv",
                                          "floordiv", "mod", "pow", "matmul",
                                          "lshift", "rshift", "and", "or", "xor"};

static const char *binop_sym(int op) {
  static const char *const s[] = {"+", "-", "*", "/", "//", "%", "**",
                                  "@", "<<", ">>", "&", "|", "^"};
  return s[op];
}

static double py_fmod(double a, double b) {
  double m = fmod(a, b);
  if (m != 0 && ((b < 0) != (m < 0))) m += b;
  else if (m == 0) m = copysign(0.0, b);
  return m;
}

static Value int_pow(Interp *I, int64_t a, int64_t b) {
  if (b < 0) {
    if (a == 0)
      return dwI_raise(I, EXC_ZeroDivisionError,
                       "0.0 cannot be raised to a negative power");
    return dwV_float(pow((double)a, (double)b));
  }
  int64_t r = 1;
  while (b) {
    if (b & 1) {
      if (__builtin_mul_overflow(r, a, &r)) return overflow(I);
    }
    b >>= 1;
    if (b && __builtin_mul_overflow(a, a, &a)) return overflow(I);
  }
  return dwV_int(r);
}

static Value seq_repeat(Interp *I, Value seq, int64_t n) {
  if (n < 0) n = 0;
  if (seq.t == V_STR) {
    Str *s = STR(seq);
    if (s->len && (uint64_t)n > ((uint64_t)1 << 30) / s->len)
      return dwI_raise(I, EXC_MemoryError, "repeated string is too large");
    Str *r = dwV_str(&I->c, NULL, s->len * (size_t)n);
    if (!r) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < n; k++) memcpy(r->s + k * (int64_t)s->len, s->s, s->len);
    return dwV_obj(&r->h);
  }
  int64_t len = seq.t == V_LIST ? ((List *)OBJ(seq))->len : ((Tuple *)OBJ(seq))->len;
  Value *items = seq.t == V_LIST ? ((List *)OBJ(seq))->items : ((Tuple *)OBJ(seq))->items;
  if (len && n > ((int64_t)1 << 27) / len)
    return dwI_raise(I, EXC_MemoryError, "repeated sequence is too large");
  int64_t total = len * n;
  if (seq.t == V_LIST) {
    List *l = dwV_list(&I->c, total);
    if (!l) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < total; k++) {
      l->items[k] = items[k % len];
      dwV_incref(l->items[k]);
    }
    return dwV_obj(&l->h);
  }
  Tuple *t = dwV_tuple(&I->c, total);
  if (!t) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < total; k++) {
    t->items[k] = items[k % len];
    dwV_incref(t->items[k]);
  }
  return dwV_obj(&t->h);
}

static Value seq_concat(Interp *I, Value a, Value b) {
  if (a.t == V_STR) {
    Str *x = STR(a), *y = STR(b);
    Str *r = dwV_str(&I->c, NULL, x->len + y->len);
    if (!r) return dwI_raise_ctx(I);
    memcpy(r->s, x->s, x->len);
    memcpy(r->s + x->len, y->s, y->len);
    return dwV_obj(&r->h);
  }
  bool list = a.t == V_LIST;
  int64_t na = list ? ((List *)OBJ(a))->len : ((Tuple *)OBJ(a))->len;
  int64_t nb = list ? ((List *)OBJ(b))->len : ((Tuple *)OBJ(b))->len;
  Value *ia = list ? ((List *)OBJ(a))->items : ((Tuple *)OBJ(a))->items;
  Value *ib = list ? ((List *)OBJ(b))->items : ((Tuple *)OBJ(b))->items;
  Value *dst;
  Value r;
  if (list) {
    List *l = dwV_list(&I->c, na + nb);
    if (!l) return dwI_raise_ctx(I);
    dst = l->items;
    r = dwV_obj(&l->h);
  } else {
    Tuple *t = dwV_tuple(&I->c, na + nb);
    if (!t) return dwI_raise_ctx(I);
    dst = t->items;
    r = dwV_obj(&t->h);
  }
  for (int64_t k = 0; k < na; k++) dwV_incref(dst[k] = ia[k]);
  for (int64_t k = 0; k < nb; k++) dwV_incref(dst[na + k] = ib[k]);
  return r;
}

static bool is_notimpl(Interp *I, Value v) {
  return v.t == V_OPAQUE && I->not_implemented.t == V_OPAQUE &&
         v.u.o == I->not_implemented.u.o;
}

/* Calls method m (as found in a class) on self with n arguments. */
static Value call_method(Interp *I, Value self, Value m, int n, Value *args) {
  if (m.t == V_FUNC) {
    Value v[4];
    v[0] = self;
    for (int k = 0; k < n && k < 3; k++) v[k + 1] = args[k];
    return dwI_call0(I, m, n + 1, v);
  }
  Value b = bind_method(I, self, m);
  if (b.t == V_NULL) return b;
  Value r = dwI_call0(I, b, n, args);
  dwV_decref(&I->c, b);
  return r;
}

/* A special method of a user instance (or a user exception), borrowed;
 * V_NULL when its class does not define it. */
static Value special(Interp *I, Value v, const char *name) {
  Class *c = dwV_class_of(v);
  if (!c) return dwV_null();
  return dwOb_class_lookup(c, dwI_intern(I, name));
}

static Class *class_of(Value v) { return dwV_class_of(v); }

/* a dict of a collections class (Counter, OrderedDict, ...) */
static bool classed_dict(Value v) { return v.t == V_DICT && ((Dict *)OBJ(v))->cls; }

/* Python's float floor division and modulo (Objects/floatobject.c) */
static double py_floordiv(double vx, double wx) {
  double mod = fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0) {
    if ((wx < 0) != (mod < 0)) div -= 1.0;
  }
  if (div != 0) {
    double fd = floor(div);
    if (div - fd > 0.5) fd += 1.0;
    return fd;
  }
  return copysign(0.0, vx / wx);
}

static Value float_pow(Interp *I, double x, double y) {
  if (x == 0 && y < 0)
    return dwI_raise(I, EXC_ZeroDivisionError,
                     "0.0 cannot be raised to a negative power");
  if (x < 0 && y != floor(y) && isfinite(y))
    return dwI_raise(I, EXC_ValueError,
                     "complex results are not supported (negative "
                     "number raised to a fractional power)");
  double r = pow(x, y);
  if (isinf(r) && isfinite(x) && isfinite(y))
    return dwI_raise(I, EXC_OverflowError, "(34, 'Numerical result out of range')");
  return dwV_float(r);
}

static bool is_seq(Value v) {
  return v.t == V_STR || v.t == V_LIST || v.t == V_TUPLE;
}

static Value user_binop(Interp *I, int op, Value a, Value b, bool *handled);
static Value binop(Interp *I, int op, Value a, Value b);

Value dwOb_binop(Interp *I, int op, Value a, Value b) {
  if ((a.sx | b.sx) & DW_SX_UNBACKED) return dwY_binop(I, op, a, b); /* item() values */
  Value r = binop(I, op, a, b);
  /* arithmetic on a SymInt gives a SymInt (dynamo/symint.c) */
  if ((a.sx || b.sx) && r.t == V_INT) r.sx = dwS_binop(I, op, a, b);
  return r;
}

static Value binop(Interp *I, int op, Value a, Value b) {
  if (a.t == V_TENSOR || b.t == V_TENSOR)
    return dwL_tensor_binop(I, op, a, b, false);
  if (classed_dict(a) || classed_dict(b)) { /* Counter's +, -, |, & */
    bool handled = false;
    Value r = user_binop(I, op, a, b, &handled);
    if (handled) return r;
  }
  if (is_intlike(a) && is_intlike(b)) {
    int64_t x = a.u.i, y = b.u.i, r;
    switch (op) {
    case BIN_ADD:
      if (__builtin_add_overflow(x, y, &r)) return overflow(I);
      return dwV_int(r);
    case BIN_SUB:
      if (__builtin_sub_overflow(x, y, &r)) return overflow(I);
      return dwV_int(r);
    case BIN_MUL:
      if (__builtin_mul_overflow(x, y, &r)) return overflow(I);
      return dwV_int(r);
    case BIN_DIV:
      if (y == 0) return dwI_raise(I, EXC_ZeroDivisionError, "division by zero");
      return dwV_float((double)x / (double)y);
    case BIN_FLOORDIV:
    case BIN_MOD: {
      if (y == 0)
        return dwI_raise(I, EXC_ZeroDivisionError,
                         op == BIN_MOD ? "integer modulo by zero"
                                       : "integer division or modulo by zero");
      if (x == INT64_MIN && y == -1) return op == BIN_MOD ? dwV_int(0) : overflow(I);
      int64_t q = x / y, m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) {
        q -= 1;
        m += y;
      }
      return dwV_int(op == BIN_FLOORDIV ? q : m);
    }
    case BIN_POW:
      return int_pow(I, x, y);
    case BIN_LSHIFT:
      if (y < 0) return dwI_raise(I, EXC_ValueError, "negative shift count");
      if (y >= 63 || (x != 0 && (x > (INT64_MAX >> y) || x < (INT64_MIN >> y))))
        return x == 0 ? dwV_int(0) : overflow(I);
      return dwV_int((int64_t)((uint64_t)x << y));
    case BIN_RSHIFT:
      if (y < 0) return dwI_raise(I, EXC_ValueError, "negative shift count");
      return dwV_int(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
    case BIN_AND:
      return a.t == V_BOOL && b.t == V_BOOL ? dwV_bool(x & y) : dwV_int(x & y);
    case BIN_OR:
      return a.t == V_BOOL && b.t == V_BOOL ? dwV_bool(x | y) : dwV_int(x | y);
    case BIN_XOR:
      return a.t == V_BOOL && b.t == V_BOOL ? dwV_bool(x ^ y) : dwV_int(x ^ y);
    default:
      break;
    }
  }
  double x, y;
  if (as_double(a, &x) && as_double(b, &y) && op <= BIN_POW) {
    switch (op) {
    case BIN_ADD: return dwV_float(x + y);
    case BIN_SUB: return dwV_float(x - y);
    case BIN_MUL: return dwV_float(x * y);
    case BIN_DIV:
      if (y == 0)
        return dwI_raise(I, EXC_ZeroDivisionError, "float division by zero");
      return dwV_float(x / y);
    case BIN_FLOORDIV:
      if (y == 0)
        return dwI_raise(I, EXC_ZeroDivisionError,
                         "float floor division by zero");
      return dwV_float(py_floordiv(x, y));
    case BIN_MOD:
      if (y == 0) return dwI_raise(I, EXC_ZeroDivisionError, "float modulo");
      return dwV_float(py_fmod(x, y));
    case BIN_POW:
      return float_pow(I, x, y);
    }
  }
  if (op == BIN_ADD && a.t == b.t &&
      (a.t == V_STR || a.t == V_LIST || (a.t == V_TUPLE && !OBJ(a)->flags)))
    return seq_concat(I, a, b);
  if (op == BIN_ADD && a.t == V_TUPLE && b.t == V_TUPLE) return seq_concat(I, a, b);
  if (op == BIN_MUL && is_seq(a) && is_intlike(b)) return seq_repeat(I, a, b.u.i);
  if (op == BIN_MUL && is_seq(b) && is_intlike(a)) return seq_repeat(I, b, a.u.i);
  if (op == BIN_MOD && a.t == V_STR && b.t != V_INST)
    return dwFm_str_percent(I, STR(a), b);
  if (op == BIN_OR && a.t == V_DICT && b.t == V_DICT) {
    Dict *d = dwV_dict(&I->c);
    if (!d) return dwI_raise_ctx(I);
    Dict *srcs[2] = {(Dict *)OBJ(a), (Dict *)OBJ(b)};
    for (int s = 0; s < 2; s++)
      for (int64_t k = 0; k < srcs[s]->nent; k++)
        if (srcs[s]->ent[k].used)
          dwV_dict_set(&I->c, d, srcs[s]->ent[k].key, srcs[s]->ent[k].val);
    return dwV_obj(&d->h);
  }
  if ((a.t == V_SET || a.t == V_DICTVIEW) && (b.t == V_SET || b.t == V_DICTVIEW) &&
      (op == BIN_OR || op == BIN_AND || op == BIN_SUB || op == BIN_XOR))
    return dwMt_set_binop(I, op, a, b, false);
  bool handled = false;
  Value r = user_binop(I, op, a, b, &handled);
  if (handled) return r;
  if (op == BIN_MOD && a.t == V_STR) return dwFm_str_percent(I, STR(a), b);
  if (op == BIN_ADD && is_seq(a))
    return dwI_raise(I, EXC_TypeError, "can only concatenate %s (not \"%s\") to %s",
                     dwV_type_name(a), dwV_type_name(b), dwV_type_name(a));
  if (op == BIN_MUL && (is_seq(a) || is_seq(b)) && a.t != V_INST && b.t != V_INST)
    return dwI_raise(I, EXC_TypeError, "can't multiply sequence by non-int of type '%s'",
                     dwV_type_name(is_seq(a) ? b : a));
  if (dwR_tracing(I) && (a.t == V_INST || b.t == V_INST)) {
    /* Dynamo calls the user object's dunder and does not know it (GB0156);
     * on going on eagerly, the TypeError below */
    char dunder[24];
    snprintf(dunder, sizeof dunder, a.t == V_INST ? "__%s__" : "__r%s__", binop_names[op]);
    if (!dwJ_break_method(I, a.t == V_INST ? a : b, dunder, a.t == V_INST ? b : a))
      return dwV_null();
  }
  return dwI_raise(I, EXC_TypeError,
                   "unsupported operand type(s) for %s%s: '%s' and '%s'",
                   binop_sym(op), op == BIN_POW ? " or pow()" : "", dwV_type_name(a), dwV_type_name(b));
}


/* The binary-operator protocol: a's method ma(b), then b's reflected mb(a)
 * (b's first when it is a subclass), skipping NotImplemented; *handled
 * when one answered (the result, or V_NULL with the exception set). */
static Value call_pair(Interp *I, Value a, Value b, Value ma, Value mb, bool b_first,
                       bool *handled) {
  for (int pass = 0; pass < 2; pass++) {
    bool use_b = (pass == 0) == b_first;
    Value m = use_b ? mb : ma;
    if (m.t == V_NULL) continue;
    Value r = call_method(I, use_b ? b : a, m, 1, use_b ? &a : &b);
    if (r.t == V_NULL || !is_notimpl(I, r)) {
      *handled = true;
      return r;
    }
    dwV_decref(&I->c, r);
  }
  return dwV_null();
}

/* Operator overloading for user classes: __add__, then __radd__ of the
 * other operand (first when its class derives from the left one's). */
static Value user_binop(Interp *I, int op, Value a, Value b, bool *handled) {
  char nm[32];
  Class *ca = class_of(a), *cb = class_of(b);
  if (!ca && !cb) return dwV_null();
  snprintf(nm, sizeof nm, "__%s__", binop_names[op]);
  Value ma = ca ? special(I, a, nm) : dwV_null();
  snprintf(nm, sizeof nm, "__r%s__", binop_names[op]);
  Value mb = cb && cb != ca ? special(I, b, nm) : dwV_null();
  bool b_first = mb.t != V_NULL && ca && cb && dwI_subclass(cb, ca);
  return call_pair(I, a, b, ma, mb, b_first, handled);
}

/* ---- equality and ordering ---- */

static bool cmp_enter(Interp *I) {
  if (I->cmp_depth >= I->max_depth || !dwFr_stack_ok(I)) {
    if (I->exc.t == V_EXC) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
    }
    dwI_raise(I, EXC_RecursionError, "maximum recursion depth exceeded in comparison");
    return false;
  }
  I->cmp_depth++;
  return true;
}

static bool same_object(Value a, Value b);
static int seq_eq(Interp *I, Value a, Value b, bool *out);

/* Rich comparison of two user objects (or one and anything): the left
 * method, then the reflected one of the right operand; NULL result with
 * *handled false when neither handles it. */
static Value user_compare(Interp *I, int op, Value a, Value b, bool *handled) {
  static const char *const names[] = {"__eq__", "__ne__", "__lt__",
                                      "__le__", "__gt__", "__ge__"};
  static const int swapped[] = {CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_LT, CMP_LE};
  Class *ca = class_of(a), *cb = class_of(b);
  Value ma = ca ? special(I, a, names[op]) : dwV_null();
  Value mb = cb ? special(I, b, names[swapped[op]]) : dwV_null();
  bool b_first = mb.t != V_NULL && ca && cb && cb != ca && dwI_subclass(cb, ca);
  Value r0 = call_pair(I, a, b, ma, mb, b_first, handled);
  if (*handled) return r0;
  if (op == CMP_NE && (ca || cb)) {
    /* object.__ne__: the inverse of __eq__ */
    bool h = false;
    Value r = user_compare(I, CMP_EQ, a, b, &h);
    if (h) {
      *handled = true;
      if (r.t == V_NULL) return r;
      bool t;
      bool ok = dwOb_truth(I, r, &t);
      dwV_decref(&I->c, r);
      return ok ? dwV_bool(!t) : dwV_null();
    }
  }
  return dwV_null();
}

bool dwOb_eq(Interp *I, Value a, Value b, bool *out) {
  if (same_object(a, b) && a.t != V_TENSOR) {
    *out = true;
    return true;
  }
  if (a.t != V_INST && b.t != V_INST && a.t != V_EXC && b.t != V_EXC &&
      a.t != V_TENSOR && b.t != V_TENSOR) {
    int k = seq_eq(I, a, b, out);
    if (k >= 0) return k == 1;
  }
  Value r = dwOb_compare(I, CMP_EQ, a, b);
  if (r.t == V_NULL) return false;
  bool ok = dwOb_truth(I, r, out);
  dwV_decref(&I->c, r);
  return ok;
}

/* == of two non-user values: 1 done, 0 error, -1 not a container pair
 * (then scalars compare as dwV_eq does). */
static int seq_eq(Interp *I, Value a, Value b, bool *out) {
  if (a.t == V_SLICE && b.t == V_SLICE) { /* as (start, stop, step) */
    const Slice *x = (Slice *)OBJ(a), *y = (Slice *)OBJ(b);
    const Value xs[3] = {x->start, x->stop, x->step}, ys[3] = {y->start, y->stop, y->step};
    *out = true;
    for (int k = 0; k < 3 && *out; k++)
      if (!dwOb_eq(I, xs[k], ys[k], out)) return 0;
    return 1;
  }
  if ((a.t == V_LIST && b.t == V_LIST) || (a.t == V_TUPLE && b.t == V_TUPLE)) {
    bool l = a.t == V_LIST;
    int64_t na = l ? ((List *)OBJ(a))->len : ((Tuple *)OBJ(a))->len;
    int64_t nb = l ? ((List *)OBJ(b))->len : ((Tuple *)OBJ(b))->len;
    *out = false;
    if (na != nb) return 1;
    if (!cmp_enter(I)) return 0;
    for (int64_t k = 0; k < na; k++) {
      Value *ia = l ? ((List *)OBJ(a))->items : ((Tuple *)OBJ(a))->items;
      Value *ib = l ? ((List *)OBJ(b))->items : ((Tuple *)OBJ(b))->items;
      int64_t n2 = l ? ((List *)OBJ(b))->len : nb;
      if (k >= n2 || k >= (l ? ((List *)OBJ(a))->len : na)) break;
      Value x = ia[k], y = ib[k];
      dwV_incref(x);
      dwV_incref(y);
      bool e;
      bool ok = dwOb_eq(I, x, y, &e);
      dwV_decref(&I->c, x);
      dwV_decref(&I->c, y);
      if (!ok) {
        I->cmp_depth--;
        return 0;
      }
      if (!e) {
        I->cmp_depth--;
        return 1;
      }
    }
    I->cmp_depth--;
    *out = true;
    return 1;
  }
  if (a.t == V_DICT && b.t == V_DICT) {
    Dict *x = (Dict *)OBJ(a), *y = (Dict *)OBJ(b);
    *out = false;
    if (x->len != y->len) return 1;
    if (!cmp_enter(I)) return 0;
    for (int64_t k = 0; k < x->nent; k++) {
      if (!x->ent[k].used) continue;
      Value key = x->ent[k].key, va = x->ent[k].val;
      Value vb = dwV_dict_get(y, key);
      if (vb.t == V_NULL) {
        I->cmp_depth--;
        return 1;
      }
      dwV_incref(key);
      dwV_incref(va);
      dwV_incref(vb);
      bool e;
      bool ok = dwOb_eq(I, va, vb, &e);
      dwV_decref(&I->c, key);
      dwV_decref(&I->c, va);
      dwV_decref(&I->c, vb);
      if (!ok || !e) {
        I->cmp_depth--;
        return ok ? 1 : 0;
      }
      if (k >= x->nent) break;
    }
    I->cmp_depth--;
    *out = true;
    return 1;
  }
  if ((a.t == V_SET || a.t == V_DICTVIEW) && (b.t == V_SET || b.t == V_DICTVIEW))
    return dwMt_set_eq(I, a, b, out) ? 1 : 0;
  if (a.t == V_RANGE && b.t == V_RANGE) {
    Range *x = (Range *)OBJ(a), *y = (Range *)OBJ(b);
    int64_t nx = dwL_len(I, a), ny = dwL_len(I, b);
    if (nx < 0 || ny < 0) return 0;
    *out = nx == ny && (nx == 0 || (x->start == y->start && (nx == 1 || x->step == y->step)));
    return 1;
  }
  return -1;
}

static int cmp_order(Interp *I, Value a, Value b, int *res);

/* Sequence ordering: the first differing items decide, with `op`. */
static Value seq_order(Interp *I, int op, Value a, Value b) {
  bool l = a.t == V_LIST;
  if (!cmp_enter(I)) return dwV_null();
  int64_t k = 0;
  for (;; k++) {
    int64_t na = l ? ((List *)OBJ(a))->len : ((Tuple *)OBJ(a))->len;
    int64_t nb = l ? ((List *)OBJ(b))->len : ((Tuple *)OBJ(b))->len;
    if (k >= na || k >= nb) {
      I->cmp_depth--;
      int res = (na > nb) - (na < nb);
      switch (op) {
      case CMP_LT: return dwV_bool(res < 0);
      case CMP_LE: return dwV_bool(res <= 0);
      case CMP_GT: return dwV_bool(res > 0);
      default: return dwV_bool(res >= 0);
      }
    }
    Value x = (l ? ((List *)OBJ(a))->items : ((Tuple *)OBJ(a))->items)[k];
    Value y = (l ? ((List *)OBJ(b))->items : ((Tuple *)OBJ(b))->items)[k];
    dwV_incref(x);
    dwV_incref(y);
    bool e;
    bool ok = dwOb_eq(I, x, y, &e);
    if (ok && !e) {
      Value r = dwOb_compare(I, op, x, y);
      dwV_decref(&I->c, x);
      dwV_decref(&I->c, y);
      I->cmp_depth--;
      return r;
    }
    dwV_decref(&I->c, x);
    dwV_decref(&I->c, y);
    if (!ok) {
      I->cmp_depth--;
      return dwV_null();
    }
  }
}

static Value contains(Interp *I, Value container, Value item) {
  switch (container.t) {
  case V_LIST:
  case V_TUPLE: {
    for (int64_t k = 0;; k++) {
      int64_t n = container.t == V_LIST ? ((List *)OBJ(container))->len
                                        : ((Tuple *)OBJ(container))->len;
      if (k >= n) break;
      Value *items = container.t == V_LIST ? ((List *)OBJ(container))->items
                                           : ((Tuple *)OBJ(container))->items;
      Value e = items[k];
      if (e.t == V_TENSOR || item.t == V_TENSOR) {
        if (e.t == item.t && e.u.o == item.u.o) return dwV_bool(true);
        continue;
      }
      dwV_incref(e);
      bool eq;
      bool ok = dwOb_eq(I, item, e, &eq);
      dwV_decref(&I->c, e);
      if (!ok) return dwV_null();
      if (eq) return dwV_bool(true);
    }
    return dwV_bool(false);
  }
  case V_DICT:
  case V_SET: {
    if (!dwOb_check_hashable(I, item)) return dwV_null();
    Dict *d = container.t == V_DICT ? (Dict *)OBJ(container) : ((Set *)OBJ(container))->d;
    return dwV_bool(dwV_dict_get(d, item).t != V_NULL);
  }
  case V_DICTVIEW: {
    DictView *dv = (DictView *)OBJ(container);
    if (dv->mode == 0) {
      if (!dwOb_check_hashable(I, item)) return dwV_null();
      return dwV_bool(dwV_dict_get(dv->d, item).t != V_NULL);
    }
    if (dv->mode == 2) {
      if (item.t != V_TUPLE || ((Tuple *)OBJ(item))->len != 2) return dwV_bool(false);
      Value k = ((Tuple *)OBJ(item))->items[0];
      if (!dwOb_check_hashable(I, k)) return dwV_null();
      Value v = dwV_dict_get(dv->d, k);
      if (v.t == V_NULL) return dwV_bool(false);
      bool eq;
      if (!dwOb_eq(I, ((Tuple *)OBJ(item))->items[1], v, &eq)) return dwV_null();
      return dwV_bool(eq);
    }
    List *l = dwOb_to_list(I, container);
    if (!l) return dwV_null();
    Value r = contains(I, dwV_obj(&l->h), item);
    dwV_decref_o(&I->c, &l->h);
    return r;
  }
  case V_STR: {
    if (item.t != V_STR)
      return dwI_raise(I, EXC_TypeError,
                       "'in <string>' requires string as left operand, not %s",
                       dwV_type_name(item));
    Str *h = STR(container), *nd = STR(item);
    if (nd->len == 0) return dwV_bool(true);
    for (size_t k = 0; k + nd->len <= h->len; k++)
      if (!memcmp(h->s + k, nd->s, nd->len)) return dwV_bool(true);
    return dwV_bool(false);
  }
  case V_RANGE: {
    Range *r = (Range *)OBJ(container);
    if (!is_intlike(item)) {
      double d;
      if (!as_double(item, &d) || d != floor(d) || fabs(d) > 9.2e18) {
        if (item.t == V_INST) break;
        return dwV_bool(false);
      }
      item = dwV_int((int64_t)d);
    }
    int64_t x = item.u.i;
    bool in = r->step > 0 ? (x >= r->start && x < r->stop)
                          : (x <= r->start && x > r->stop);
    if (!in) return dwV_bool(false);
    uint64_t off = r->step > 0 ? (uint64_t)x - (uint64_t)r->start
                               : (uint64_t)r->start - (uint64_t)x;
    uint64_t st = r->step > 0 ? (uint64_t)r->step : (uint64_t)0 - (uint64_t)r->step;
    return dwV_bool(off % st == 0);
  }
  case V_TENSOR:
    return dwL_tensor_contains(I, (Tensor *)OBJ(container), item);
  case V_INST: {
    Value m = special(I, container, "__contains__");
    if (m.t != V_NULL) {
      Value r = call_method(I, container, m, 1, &item);
      if (r.t == V_NULL) return r;
      bool t;
      bool ok = dwOb_truth(I, r, &t);
      dwV_decref(&I->c, r);
      return ok ? dwV_bool(t) : dwV_null();
    }
    break;
  }
  default:
    break;
  }
  if (container.t == V_INST || container.t == V_ITER || container.t == V_GEN ||
      container.t == V_RANGE) {
    /* iterate: __iter__ or __getitem__ (a range: for objects that may
     * equal an int) */
    Value it = dwOb_iter(I, container);
    if (it.t == V_NULL) {
      if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError &&
          container.t == V_INST) {
        dwV_decref(&I->c, I->exc);
        I->exc = dwV_null();
        goto not_iterable;
      }
      return it;
    }
    for (;;) {
      Value v = dwOb_next(I, it);
      if (v.t == V_NULL) {
        dwV_decref(&I->c, it);
        return I->exc.t == V_NULL && !I->brk.pending ? dwV_bool(false) : dwV_null();
      }
      bool eq;
      bool ok = dwOb_eq(I, item, v, &eq);
      dwV_decref(&I->c, v);
      if (!ok || eq) {
        dwV_decref(&I->c, it);
        return ok ? dwV_bool(true) : dwV_null();
      }
    }
  }
not_iterable:
  return dwI_raise(I, EXC_TypeError, "argument of type '%s' is not iterable",
                   dwV_type_name(container));
}

/* Ordering of two non-tensor scalars: *res < 0, 0, > 0; 1 done, 2
 * unordered (nan), 0 not comparable here. */
static int cmp_order(Interp *I, Value a, Value b, int *res) {
  (void)I;
  double x, y;
  if (is_intlike(a) && is_intlike(b)) {
    *res = (a.u.i > b.u.i) - (a.u.i < b.u.i);
    return 1;
  }
  if (is_intlike(a) && b.t == V_FLOAT && isfinite(b.u.f)) {
    /* exact int/float comparison (beyond 2**53 too) */
    double f = b.u.f, fl = floor(f), two63 = ldexp(1.0, 63);
    if (fl >= two63) *res = -1;
    else if (fl < -two63) *res = 1;
    else {
      int64_t fi = (int64_t)fl;
      if (a.u.i != fi) *res = a.u.i > fi ? 1 : -1;
      else *res = f > fl ? -1 : 0;
    }
    return 1;
  }
  if (a.t == V_FLOAT && is_intlike(b) && isfinite(a.u.f)) {
    int k = cmp_order(I, b, a, res);
    *res = -*res;
    return k;
  }
  if (as_double(a, &x) && as_double(b, &y)) {
    if (isnan(x) || isnan(y)) return 2; /* unordered */
    *res = (x > y) - (x < y);
    return 1;
  }
  if (a.t == V_STR && b.t == V_STR) {
    Str *p = STR(a), *q = STR(b);
    size_t n = p->len < q->len ? p->len : q->len;
    int c = memcmp(p->s, q->s, n);
    *res = c ? (c > 0) - (c < 0) : (p->len > q->len) - (p->len < q->len);
    return 1;
  }
  return 0;
}

static const char *cmp_sym(int op) {
  static const char *const s[] = {"==", "!=", "<", "<=", ">", ">=",
                                  "is", "is not", "in", "not in"};
  return s[op];
}

static bool same_object(Value a, Value b) {
  if (a.t != b.t) return false;
  if (V_ISOBJ(a.t)) return a.u.o == b.u.o;
  if (a.t == V_FLOAT) return !memcmp(&a.u.f, &b.u.f, sizeof(double));
  return a.u.i == b.u.i;
}

Value dwOb_compare(Interp *I, int op, Value a, Value b) {
  if ((a.sx | b.sx) & DW_SX_UNBACKED) return dwY_compare(I, op, a, b); /* item() values */
  switch (op) {
  case CMP_IS: return dwV_bool(same_object(a, b));
  case CMP_ISNOT: return dwV_bool(!same_object(a, b));
  case CMP_IN:
  case CMP_NOTIN: {
    Value r = contains(I, b, a);
    if (r.t == V_BOOL && op == CMP_NOTIN) r.u.i = !r.u.i;
    if (r.t == V_TENSOR && op == CMP_NOTIN) {
      Value nr = dwL_tensor_unary(I, UN_NOT, r);
      dwV_decref(&I->c, r);
      return nr;
    }
    return r;
  }
  default:
    break;
  }
  if (a.t == V_TENSOR || b.t == V_TENSOR) return dwL_tensor_compare(I, op, a, b);
  if ((a.sx || b.sx) && a.t == V_INT && b.t == V_INT && op <= CMP_GE) {
    /* SymInts: the unit specialises on the result, with a guard */
    int64_t x = a.u.i, y = b.u.i;
    bool r = op == CMP_EQ ? x == y : op == CMP_NE ? x != y : op == CMP_LT ? x < y
           : op == CMP_LE ? x <= y : op == CMP_GT ? x > y : x >= y;
    return dwS_compare(I, op, a, b, r) ? dwV_bool(r) : dwV_null();
  }
  if (class_of(a) || class_of(b)) {
    bool handled = false;
    Value r = user_compare(I, op, a, b, &handled);
    if (handled) return r;
    /* a namedtuple or a collections dict compares as a tuple or dict */
    if (a.t == V_INST || a.t == V_EXC || b.t == V_INST || b.t == V_EXC) {
      if (op == CMP_EQ || op == CMP_NE) {
        bool same = same_object(a, b);
        return dwV_bool(op == CMP_EQ ? same : !same);
      }
      goto unorderable;
    }
  }
  if (op == CMP_EQ || op == CMP_NE) {
    bool eq;
    int res;
    int k = seq_eq(I, a, b, &eq);
    if (k == 0) return dwV_null();
    if (k < 0) {
      int c = cmp_order(I, a, b, &res);
      eq = c == 1 ? res == 0 : c == 2 ? false : dwV_eq(a, b);
    }
    return dwV_bool(op == CMP_EQ ? eq : !eq);
  }
  if ((a.t == V_LIST && b.t == V_LIST) ||
      (a.t == V_TUPLE && b.t == V_TUPLE))
    return seq_order(I, op, a, b);
  if ((a.t == V_SET || a.t == V_DICTVIEW) && (b.t == V_SET || b.t == V_DICTVIEW)) {
    /* subset relations */
    Value ab = dwMt_set_binop(I, BIN_SUB, a, b, false);
    if (ab.t == V_NULL) return ab;
    Value ba = dwMt_set_binop(I, BIN_SUB, b, a, false);
    if (ba.t == V_NULL) {
      dwV_decref(&I->c, ab);
      return ba;
    }
    bool a_in_b = ((Set *)OBJ(ab))->d->len == 0, b_in_a = ((Set *)OBJ(ba))->d->len == 0;
    dwV_decref(&I->c, ab);
    dwV_decref(&I->c, ba);
    switch (op) {
    case CMP_LT: return dwV_bool(a_in_b && !b_in_a);
    case CMP_LE: return dwV_bool(a_in_b);
    case CMP_GT: return dwV_bool(b_in_a && !a_in_b);
    default: return dwV_bool(b_in_a);
    }
  }
  {
    int res = 0;
    int k = cmp_order(I, a, b, &res);
    if (k == 2) return dwV_bool(false);
    if (k == 1) {
      switch (op) {
      case CMP_LT: return dwV_bool(res < 0);
      case CMP_LE: return dwV_bool(res <= 0);
      case CMP_GT: return dwV_bool(res > 0);
      default: return dwV_bool(res >= 0);
      }
    }
  }
unorderable:
  return dwI_raise(I, EXC_TypeError,
                   "'%s' not supported between instances of '%s' and '%s'",
                   cmp_sym(op), dwV_type_name(a), dwV_type_name(b));
}

/* Nesting depth of tuples in v, counted up to cap + 1. */
static int tuple_depth(Value v, int cap) {
  if (v.t != V_TUPLE) return 0;
  if (cap < 0) return 1;
  Tuple *t = (Tuple *)OBJ(v);
  int best = 0;
  for (int64_t k = 0; k < t->len && best <= cap; k++) {
    int d = tuple_depth(t->items[k], cap - 1);
    if (d > best) best = d;
  }
  return best + 1;
}

bool dwOb_check_hashable(Interp *I, Value v) {
  if (v.t == V_TUPLE) {
    if (!dwV_hashable(v)) {
      /* find the unhashable element for the message */
      Value bad = v;
      for (int guard = 0; guard < 200 && bad.t == V_TUPLE; guard++) {
        Tuple *t = (Tuple *)OBJ(bad);
        Value next = dwV_null();
        for (int64_t k = 0; k < t->len; k++)
          if (!dwV_hashable(t->items[k])) {
            next = t->items[k];
            break;
          }
        if (next.t == V_NULL) break;
        bad = next;
      }
      dwI_raise(I, EXC_TypeError, "unhashable type: '%s'", dwV_type_name(bad));
      return false;
    }
    if (tuple_depth(v, 150) > 150) {
      dwI_raise(I, EXC_RecursionError, "maximum recursion depth exceeded while calling a Python object");
      return false;
    }
    return true;
  }
  if (!dwV_hashable(v)) {
    dwI_raise(I, EXC_TypeError, "unhashable type: '%s'", dwV_type_name(v));
    return false;
  }
  if (v.t == V_INST) {
    Value h = special(I, v, "__hash__");
    if (h.t == V_NONE) {
      dwI_raise(I, EXC_TypeError, "unhashable type: '%s'", dwV_type_name(v));
      return false;
    }
  }
  return true;
}

static Value unary(Interp *I, int op, Value v) {
  if (v.t == V_TENSOR) return dwL_tensor_unary(I, op, v);
  switch (op) {
  case UN_NOT: {
    bool b;
    if (!dwOb_truth(I, v, &b)) return dwV_null();
    return dwV_bool(!b);
  }
  case UN_NEG:
    if (is_intlike(v)) {
      if (v.u.i == INT64_MIN) return overflow(I);
      Value r = dwV_int(-v.u.i);
      if (v.sx) r.sx = dwS_neg(I, v);
      return r;
    }
    if (v.t == V_FLOAT) return dwV_float(-v.u.f);
    break;
  case UN_POS:
    if (v.t == V_INT) return v; /* a SymInt stays one */
    if (is_intlike(v)) return dwV_int(v.u.i);
    if (v.t == V_FLOAT) return v;
    break;
  case UN_INVERT:
    if (is_intlike(v)) return dwV_int(~v.u.i);
    break;
  }
  static const char *const ops[] = {"-", "+", "not", "~"};
  static const char *const meth[] = {"__neg__", "__pos__", NULL, "__invert__"};
  if (meth[op] && class_of(v)) {
    Value m = special(I, v, meth[op]);
    if (m.t != V_NULL) return call_method(I, v, m, 0, NULL);
  }
  return dwI_raise(I, EXC_TypeError, "bad operand type for unary %s: '%s'",
                   ops[op], dwV_type_name(v));
}

/* ------------------------------------------------------------------ */
/* Iteration                                                           */
/* ------------------------------------------------------------------ */

static Iter *iter_new(Interp *I, int kind, Value src) {
  Iter *it = (Iter *)dwV_alloc(&I->c, V_ITER, sizeof(Iter));
  if (!it) return NULL;
  it->kind = (uint8_t)kind;
  it->src = src;
  dwV_incref(src);
  return it;
}

/* Length of range(start, stop, step) as an unsigned count (exact for
 * every int64 range). */
uint64_t dwOb_range_count(int64_t start, int64_t stop, int64_t step) {
  if (step > 0)
    return start < stop ? ((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1 : 0;
  uint64_t ast = (uint64_t)0 - (uint64_t)step;
  return start > stop ? ((uint64_t)start - (uint64_t)stop - 1) / ast + 1 : 0;
}

/* An iterator over count values start, start + step, ... (wrapping
 * arithmetic: only values inside the range are ever produced). */
static Value range_iter(Interp *I, Value src, int64_t start, int64_t step, uint64_t count) {
  Iter *it = iter_new(I, IT_RANGE, src);
  if (!it) return dwI_raise_ctx(I);
  it->i = start;
  it->step = step;
  it->n = count > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)count;
  return dwV_obj(&it->h);
}

Value dwOb_iter_range_reversed(Interp *I, Range *r) {
  uint64_t n = dwOb_range_count(r->start, r->stop, r->step);
  int64_t last = n ? (int64_t)((uint64_t)r->start + (n - 1) * (uint64_t)r->step) : 0;
  return range_iter(I, dwV_none(), last, (int64_t)((uint64_t)0 - (uint64_t)r->step), n);
}

Value dwOb_iter(Interp *I, Value v) {
  Iter *it = NULL;
  switch (v.t) {
  case V_ITER:
  case V_GEN:
    dwV_incref(v);
    return v;
  case V_LIST:
  case V_TUPLE:
  case V_STR:
    it = iter_new(I, IT_SEQ, v);
    break;
  case V_RANGE: {
    Range *r = (Range *)OBJ(v);
    return range_iter(I, v, r->start, r->step, dwOb_range_count(r->start, r->stop, r->step));
  }
  case V_DICT:
    it = iter_new(I, IT_DICT, v);
    if (it) it->n = ((Dict *)OBJ(v))->len;
    break;
  case V_DICTVIEW: {
    DictView *dv = (DictView *)OBJ(v);
    Value d = dwV_obj(&dv->d->h);
    it = iter_new(I, IT_DICT, d);
    if (it) {
      it->mode = dv->mode;
      it->n = dv->d->len;
    }
    break;
  }
  case V_SET: {
    List *snap = dwMt_set_order(I, (Set *)OBJ(v));
    if (!snap) return dwV_null();
    Value sv = dwV_obj(&snap->h);
    it = iter_new(I, IT_SET, sv);
    dwV_decref(&I->c, sv);
    if (!it) break;
    it->inner = calloc(1, sizeof(Value));
    if (!it->inner) {
      dwV_decref_o(&I->c, &it->h);
      return dwI_raise(I, EXC_MemoryError, "out of memory");
    }
    dwV_incref(it->inner[0] = v);
    it->ninner = 1;
    it->n = ((Set *)OBJ(v))->d->len;
    break;
  }
  case V_TENSOR: {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->ndim == 0)
      return dwI_raise(I, EXC_TypeError, "iteration over a 0-d tensor");
    it = iter_new(I, IT_TENSOR, v);
    if (it) it->n = t->shape[0];
    if (it && dwR_tracing(I)) {
      /* Dynamo unpacks a tensor when the iteration starts: its x[i]
       * getitem nodes (IT_TENSOR's steps) all come first, in order */
      Value lazy = dwV_obj(&it->h);
      List *rows = dwOb_to_list(I, lazy);
      dwV_decref(&I->c, lazy);
      if (!rows) return dwV_null();
      it = iter_new(I, IT_SEQ, dwV_obj(&rows->h));
      dwV_decref_o(&I->c, &rows->h);
    }
    break;
  }
  case V_INST: {
    Value m = special(I, v, "__iter__");
    if (m.t == V_NULL) {
      if (special(I, v, "__getitem__").t != V_NULL) {
        it = iter_new(I, IT_GETITEM, v);
        break;
      }
      Inst *in = (Inst *)OBJ(v);
      if (in->cls->cflags & CLS_NN_MODULE) {
        /* nn.Sequential / ModuleList: their builtin __iter__ */
        Value bm = dwOb_getattr(I, v, dwI_intern(I, "__iter__"));
        if (bm.t == V_NULL) {
          dwV_decref(&I->c, I->exc);
          I->exc = dwV_null();
          break;
        }
        Value r = dwI_call0(I, bm, 0, NULL);
        dwV_decref(&I->c, bm);
        if (r.t == V_NULL) return r;
        Value it2 = r.t == V_INST ? dwI_raise(I, EXC_TypeError, "iter() returned non-iterator")
                                  : dwOb_iter(I, r);
        dwV_decref(&I->c, r);
        return it2;
      }
      break;
    }
    Value r = call_method(I, v, m, 0, NULL);
    if (r.t == V_NULL) return r;
    if (r.t == V_ITER || r.t == V_GEN) return r;
    if (r.t == V_INST && special(I, r, "__next__").t != V_NULL) {
      Iter *ui = iter_new(I, IT_NEXT, r);
      dwV_decref(&I->c, r);
      if (!ui) return dwI_raise_ctx(I);
      return dwV_obj(&ui->h);
    }
    if (r.t == V_INST || r.t == V_EXC || r.t == V_NONE || r.t == V_INT || r.t == V_FLOAT ||
        r.t == V_BOOL) {
      dwI_raise(I, EXC_TypeError, "iter() returned non-iterator of type '%s'",
                dwV_type_name(r));
      dwV_decref(&I->c, r);
      return dwV_null();
    }
    Value it2 = dwOb_iter(I, r);
    dwV_decref(&I->c, r);
    return it2;
  }
  default:
    break;
  }
  if (!it) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object is not iterable",
                     dwV_type_name(v));
  }
  return dwV_obj(&it->h);
}

/* Is the pending exception of type t (or derived from it)? Then it is
 * cleared and true is returned. */
static bool catch_exc(Interp *I, ExcType t) {
  if (I->exc.t != V_EXC) return false;
  Exc *e = (Exc *)OBJ(I->exc);
  if (!dwV_exc_below(e->type, t)) return false;
  dwV_decref(&I->c, I->exc);
  I->exc = dwV_null();
  return true;
}

Value dwOb_next(Interp *I, Value itv) {
  if (itv.t == V_GEN) return dwGe_iternext(I, (Gen *)OBJ(itv));
  Iter *it = (Iter *)OBJ(itv);
  switch (it->kind) {
  case IT_SEQ: {
    Value s = it->src;
    if (s.t == V_LIST) {
      List *l = (List *)OBJ(s);
      if (it->i >= l->len) return dwV_null();
      Value v = l->items[it->i++];
      dwV_incref(v);
      return v;
    }
    if (s.t == V_TUPLE) {
      Tuple *t = (Tuple *)OBJ(s);
      if (it->i >= t->len) return dwV_null();
      Value v = t->items[it->i++];
      dwV_incref(v);
      return v;
    }
    Str *st = STR(s);
    if ((size_t)it->i >= st->len) return dwV_null();
    /* one UTF-8 character */
    size_t k = (size_t)it->i, n = 1;
    unsigned char c = (unsigned char)st->s[k];
    if (c >= 0xf0) n = 4;
    else if (c >= 0xe0) n = 3;
    else if (c >= 0xc0) n = 2;
    if (k + n > st->len) n = st->len - k;
    it->i += (int64_t)n;
    Str *r = dwV_str(&I->c, st->s + k, n);
    return r ? dwV_obj(&r->h) : dwI_raise_ctx(I);
  }
  case IT_RANGE: {
    if (it->n <= 0) return dwV_null();
    int64_t v = it->i;
    if (--it->n > 0) it->i = (int64_t)((uint64_t)it->i + (uint64_t)it->step);
    return dwV_int(v);
  }
  case IT_DICT: {
    Dict *d = (Dict *)OBJ(it->src);
    if (d->len != it->n) {
      it->n = -1; /* stays broken, as in CPython */
      return dwI_raise(I, EXC_RuntimeError, "dictionary changed size during iteration");
    }
    while (it->i < d->nent && !d->ent[it->i].used) it->i++;
    if (it->i >= d->nent) return dwV_null();
    DictEntry *e = &d->ent[it->i++];
    if (it->mode == 0) {
      dwV_incref(e->key);
      return e->key;
    }
    if (it->mode == 1) {
      dwV_incref(e->val);
      return e->val;
    }
    Tuple *t = dwV_tuple(&I->c, 2);
    if (!t) return dwI_raise_ctx(I);
    dwV_incref(t->items[0] = e->key);
    dwV_incref(t->items[1] = e->val);
    return dwV_obj(&t->h);
  }
  case IT_SET: {
    Set *set = (Set *)OBJ(it->inner[0]);
    if (set->d->len != it->n) {
      it->n = -1;
      return dwI_raise(I, EXC_RuntimeError, "Set changed size during iteration");
    }
    List *l = (List *)OBJ(it->src);
    if (it->i >= l->len) return dwV_null();
    Value v = l->items[it->i++];
    dwV_incref(v);
    return v;
  }
  case IT_ENUMERATE: {
    Value v = dwOb_next(I, it->src);
    if (v.t == V_NULL) return v;
    Tuple *t = dwV_tuple(&I->c, 2);
    if (!t) {
      dwV_decref(&I->c, v);
      return dwI_raise_ctx(I);
    }
    t->items[0] = dwV_int(it->i++);
    t->items[1] = v;
    return dwV_obj(&t->h);
  }
  case IT_ZIP: {
    if (it->ninner == 0) return dwV_null();
    Tuple *t = dwV_tuple(&I->c, it->ninner);
    if (!t) return dwI_raise_ctx(I);
    for (int k = 0; k < it->ninner; k++) {
      Value v = dwOb_next(I, it->inner[k]);
      if (v.t == V_NULL) {
        dwV_decref_o(&I->c, &t->h);
        return v;
      }
      t->items[k] = v;
    }
    return dwV_obj(&t->h);
  }
  case IT_TENSOR: {
    if (it->i >= it->n) return dwV_null();
    /* x[i], as Dynamo unpacks a tensor: getitem nodes in its graph */
    return dwL_tensor_getitem(I, (Tensor *)OBJ(it->src), dwV_int(it->i++));
  }
  case IT_MAP: {
    Value vs[8];
    Value *v = it->ninner <= 8 ? vs : malloc(sizeof(Value) * (size_t)it->ninner);
    if (!v) return dwI_raise(I, EXC_MemoryError, "out of memory");
    int got = 0;
    Value r = dwV_null();
    for (; got < it->ninner; got++) {
      v[got] = dwOb_next(I, it->inner[got]);
      if (v[got].t == V_NULL) break;
    }
    if (got == it->ninner) r = dwI_call0(I, it->src, it->ninner, v);
    for (int k = 0; k < got; k++) dwV_decref(&I->c, v[k]);
    if (v != vs) free(v);
    return r;
  }
  case IT_REVERSED: {
    if (it->i < 0) return dwV_null();
    Value s = it->src;
    int64_t n = s.t == V_LIST ? ((List *)OBJ(s))->len : ((Tuple *)OBJ(s))->len;
    if (it->i >= n) it->i = n - 1;
    if (it->i < 0) return dwV_null();
    Value *items = s.t == V_LIST ? ((List *)OBJ(s))->items : ((Tuple *)OBJ(s))->items;
    Value v = items[it->i--];
    dwV_incref(v);
    return v;
  }
  case IT_NEXT: {
    if (it->n < 0) return dwV_null(); /* exhausted */
    Value m = special(I, it->src, "__next__");
    if (m.t == V_NULL)
      return dwI_raise(I, EXC_TypeError, "'%s' object is not an iterator",
                       dwV_type_name(it->src));
    Value r = call_method(I, it->src, m, 0, NULL);
    if (r.t == V_NULL && catch_exc(I, EXC_StopIteration)) it->n = -1;
    return r;
  }
  case IT_GETITEM: {
    if (it->n < 0) return dwV_null();
    Value m = special(I, it->src, "__getitem__");
    if (m.t == V_NULL) return dwV_null();
    Value idx = dwV_int(it->i++);
    Value r = call_method(I, it->src, m, 1, &idx);
    if (r.t == V_NULL && (catch_exc(I, EXC_IndexError) || catch_exc(I, EXC_StopIteration)))
      it->n = -1;
    return r;
  }
  }
  return dwV_null();
}

/* Runs fn(item) for every item of an iterable; fn returns false to stop
 * with an error pending. */
bool dwOb_foreach(Interp *I, Value iterable,
                 bool (*fn)(Interp *I, Value item, void *ud), void *ud) {
  if (iterable.t == V_LIST || iterable.t == V_TUPLE) {
    /* index-based: tolerate mutation like CPython's list iterator */
    for (int64_t k = 0;; k++) {
      int64_t n = iterable.t == V_LIST ? ((List *)OBJ(iterable))->len
                                       : ((Tuple *)OBJ(iterable))->len;
      if (k >= n) return true;
      Value *items = iterable.t == V_LIST ? ((List *)OBJ(iterable))->items
                                          : ((Tuple *)OBJ(iterable))->items;
      Value v = items[k];
      dwV_incref(v);
      bool ok = fn(I, v, ud);
      dwV_decref(&I->c, v);
      if (!ok) return false;
    }
  }
  Value it = dwOb_iter(I, iterable);
  if (it.t == V_NULL) return false;
  for (;;) {
    Value v = dwOb_next(I, it);
    if (v.t == V_NULL) {
      dwV_decref(&I->c, it);
      return I->exc.t == V_NULL && !I->brk.pending;
    }
    bool ok = fn(I, v, ud);
    dwV_decref(&I->c, v);
    if (!ok) {
      dwV_decref(&I->c, it);
      return false;
    }
  }
}

bool dwOb_collect(Interp *I, Value v, void *ud) {
  if (!dwV_list_append(&I->c, (List *)ud, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

/* list(iterable) */
List *dwOb_to_list(Interp *I, Value iterable) {
  List *l = dwV_list(&I->c, 0);
  if (!l) {
    dwI_raise_ctx(I);
    return NULL;
  }
  if (!dwOb_foreach(I, iterable, dwOb_collect, l)) {
    dwV_decref_o(&I->c, &l->h);
    return NULL;
  }
  return l;
}

/* ------------------------------------------------------------------ */
/* Attributes                                                          */
/* ------------------------------------------------------------------ */

Value dwOb_bind(Interp *I, Value self, Value fn) { return bind_method(I, self, fn); }

static Value bind_method(Interp *I, Value self, Value fn) {
  if (fn.t == V_WRAP) {
    Wrap *w = (Wrap *)OBJ(fn);
    if (w->kind == WRAP_PROPERTY) return dwI_call0(I, w->target, 1, &self);
    if (w->kind == WRAP_STATIC) {
      dwV_incref(w->target);
      return w->target;
    }
    if (w->kind == WRAP_CLASSMETHOD && self.t == V_INST)
      return bind_method(I, dwV_obj(&((Inst *)OBJ(self))->cls->h), w->target);
  }
  if (fn.t == V_FUNC || fn.t == V_WRAP || (fn.t == V_OPAQUE && ((Opaque *)OBJ(fn))->kind == DW_OPQ_GRAD_FN)) {
    Bound *b = (Bound *)dwV_alloc(&I->c, V_BOUND, sizeof(Bound));
    if (!b) return dwI_raise_ctx(I);
    dwV_incref(b->self = self);
    dwV_incref(b->func = fn);
    return dwV_obj(&b->h);
  }
  if (fn.t == V_BUILTIN && ((Builtin *)OBJ(fn))->self.t == V_NULL &&
      ((Builtin *)OBJ(fn))->def->trace != TK_SPECIAL) {
    Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
    if (!b) return dwI_raise_ctx(I);
    b->def = ((Builtin *)OBJ(fn))->def;
    dwV_incref(b->self = self);
    b->extra = dwV_null();
    return dwV_obj(&b->h);
  }
  dwV_incref(fn);
  return fn;
}

/* Looks a name up along a class's method resolution order; borrowed or
 * V_NULL. */
Value dwOb_class_lookup(Class *c, Str *name) {
  if (c && c->mro) {
    for (int k = 0; k < c->nmro; k++) {
      Value v = dwV_dict_gets(c->mro[k]->ns, name);
      if (v.t != V_NULL) return v;
    }
    return dwV_null();
  }
  for (; c; c = c->base) {
    Value v = dwV_dict_gets(c->ns, name);
    if (v.t != V_NULL) return v;
  }
  return dwV_null();
}

Value dwOb_attr_error(Interp *I, Value obj, Str *name) {
  if (obj.t == V_MODULE)
    return dwI_raise(I, EXC_AttributeError,
                     "module '%s' has no attribute '%s'",
                     ((Module *)OBJ(obj))->name->s, name->s);
  if (obj.t == V_CLASS)
    return dwI_raise(I, EXC_AttributeError,
                     "type object '%s' has no attribute '%s'",
                     ((Class *)OBJ(obj))->name->s, name->s);
  return dwI_raise(I, EXC_AttributeError, "'%s' object has no attribute '%s'",
                   dwV_type_name(obj), name->s);
}

/* C.__mro__: the class, its linearised bases, then object */
static Value class_mro_tuple(Interp *I, Class *c) {
  int n = dwI_class_mro(c, NULL, 0);
  Class **mro = malloc(sizeof(Class *) * (size_t)(n + 1));
  if (!mro) return dwI_raise(I, EXC_MemoryError, "out of memory");
  dwI_class_mro(c, mro, n);
  Value obj = dwL_builtin(I, "object");
  bool has_obj = n > 0 && (mro[n - 1]->cflags & CLS_OBJECT);
  Tuple *t = dwV_tuple(&I->c, n + (has_obj || obj.t != V_CLASS ? 0 : 1));
  if (!t) {
    free(mro);
    dwV_decref(&I->c, obj);
    return dwI_raise_ctx(I);
  }
  for (int k = 0; k < n; k++) dwV_incref(t->items[k] = dwV_obj(&mro[k]->h));
  if (!has_obj && obj.t == V_CLASS) t->items[n] = obj;
  else dwV_decref(&I->c, obj);
  free(mro);
  return dwV_obj(&t->h);
}

/* getattr(obj, name): a user __getattribute__ sees every lookup of its
 * instances (and __getattr__ still serves the names it raises
 * AttributeError for); otherwise object.__getattribute__. */
Value dwOb_getattr(Interp *I, Value obj, Str *name) {
  if (obj.t == V_INST && (((Inst *)OBJ(obj))->cls->cflags & CLS_GETATTRIBUTE)) {
    Class *c = ((Inst *)OBJ(obj))->cls;
    Value gb = dwOb_class_lookup(c, dwI_intern(I, "__getattribute__"));
    if (gb.t == V_FUNC) {
      Value args[2] = {obj, VSTR(name)};
      Value r = dwI_call0(I, gb, 2, args);
      if (r.t != V_NULL || I->exc.t != V_EXC || ((Exc *)OBJ(I->exc))->type != EXC_AttributeError)
        return r;
      Value ga = dwOb_class_lookup(c, dwI_intern(I, "__getattr__"));
      if (ga.t == V_NULL) return r;
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return dwI_call0(I, ga, 2, args);
    }
  }
  return dwOb_getattr_default(I, obj, name);
}

/* object.__getattribute__(obj, name): the instance dict, the class (methods
 * bound), nn.Module's parameters, buffers and submodules, then __getattr__. */
Value dwOb_getattr_default(Interp *I, Value obj, Str *name) {
  /* v.__class__ is type(v) for every value (an instance's and an
   * exception's own class below, before their attributes) */
  if (obj.t != V_INST && obj.t != V_EXC && obj.t != V_MODULE && !strcmp(name->s, "__class__"))
    return dwL_type_of(I, obj);
  switch (obj.t) {
  case V_MODULE: {
    Module *m = (Module *)OBJ(obj);
    Value v = dwV_dict_gets(m->attrs, name);
    if (v.t == V_NULL && m->special == MOD_DYNAMO_CONFIG)
      return dwD_config_get(I, name);
    if (v.t == V_NULL && (m->special == MOD_API || m == I->torch)) return dwD_missing(I, m, name);
    if (v.t == V_NULL && m->special == MOD_STDLIB) return dwL_stdlib_missing(I, m, name);
    if (v.t == V_NULL) return dwOb_attr_error(I, obj, name);
    dwV_incref(v);
    return v;
  }
  case V_INST: {
    Inst *in = (Inst *)OBJ(obj);
    Value v = dwV_dict_gets(in->attrs, name);
    if (v.t != V_NULL) {
      dwV_incref(v);
      return v;
    }
    v = dwOb_class_lookup(in->cls, name);
    if (v.t != V_NULL) return bind_method(I, obj, v);
    if (name->s[0] == '_' && name->s[1] == '_') {
      if (!strcmp(name->s, "__dict__")) {
        dwV_incref_o(&in->attrs->h);
        return dwV_obj(&in->attrs->h);
      }
      if (!strcmp(name->s, "__class__")) {
        dwV_incref_o(&in->cls->h);
        return dwV_obj(&in->cls->h);
      }
    }
    if (in->cls->cflags & CLS_NN_MODULE) {
      Value r = dwL_module_attr(I, obj, name);
      if (r.t != V_NULL || I->exc.t != V_NULL) return r;
    }
    /* __getattr__ fallback */
    Value ga = dwOb_class_lookup(in->cls, dwI_intern(I, "__getattr__"));
    if (ga.t != V_NULL) {
      Value args[2] = {obj, VSTR(name)};
      return dwI_call0(I, ga, 2, args);
    }
    return dwOb_attr_error(I, obj, name);
  }
  case V_CLASS: {
    Class *c = (Class *)OBJ(obj);
    Value v = dwOb_class_lookup(c, name);
    if (v.t == V_WRAP && ((Wrap *)OBJ(v))->kind == WRAP_CLASSMETHOD)
      return bind_method(I, obj, ((Wrap *)OBJ(v))->target);
    if (v.t == V_WRAP && ((Wrap *)OBJ(v))->kind == WRAP_STATIC) v = ((Wrap *)OBJ(v))->target;
    if (v.t != V_NULL) {
      dwV_incref(v);
      return v;
    }
    if (!strcmp(name->s, "__name__")) {
      dwV_incref_o(&c->name->h);
      return VSTR(c->name);
    }
    if (!strcmp(name->s, "__mro__")) return class_mro_tuple(I, c);
    return dwOb_attr_error(I, obj, name);
  }
  case V_FUNC: {
    /* assigned ones first (functools.wraps sets __name__, __qualname__) */
    if (((Func *)OBJ(obj))->attrs) {
      Value v = dwV_dict_gets(((Func *)OBJ(obj))->attrs, name);
      if (v.t != V_NULL) {
        dwV_incref(v);
        return v;
      }
    }
    Code *code = ((Func *)OBJ(obj))->code;
    const char *s = !strcmp(name->s, "__name__")       ? code->name
                    : !strcmp(name->s, "__qualname__") ? (code->qualname ? code->qualname : code->name)
                    : !strcmp(name->s, "__module__")   ? "__main__"
                                                       : NULL;
    if (s) {
      Str *r = dwV_str(&I->c, s, strlen(s));
      return r ? dwV_obj(&r->h) : dwI_raise_ctx(I);
    }
    return dwOb_attr_error(I, obj, name);
  }
  case V_WRAP: {
    Wrap *w = (Wrap *)OBJ(obj);
    if (w->kind == WRAP_PROPERTY) {
      Value r = dwMt_method(I, obj, name);
      if (r.t != V_NULL || I->exc.t != V_NULL) return r;
      return dwOb_attr_error(I, obj, name);
    }
    return dwOb_getattr(I, w->target, name);
  }
  case V_EXC: {
    Exc *e = (Exc *)OBJ(obj);
    if (e->attrs) {
      Value v = dwV_dict_gets(e->attrs, name);
      if (v.t != V_NULL) {
        dwV_incref(v);
        return v;
      }
    }
    if (!strcmp(name->s, "args")) {
      dwV_incref(e->args);
      return e->args;
    }
    if (!strcmp(name->s, "value") && dwV_exc_below(e->type, EXC_StopIteration)) {
      /* StopIteration.value: args[0], None without args */
      Value v = e->args.t == V_TUPLE && ((Tuple *)OBJ(e->args))->len ? ((Tuple *)OBJ(e->args))->items[0]
                                                                    : dwV_none();
      dwV_incref(v);
      return v;
    }
    if (e->cls) {
      Value v = dwOb_class_lookup(e->cls, name);
      if (v.t != V_NULL) return bind_method(I, obj, v);
    }
    if (!strcmp(name->s, "__class__")) {
      if (e->cls) {
        dwV_incref_o(&e->cls->h);
        return dwV_obj(&e->cls->h);
      }
      return dwL_builtin(I, dwV_exc_names[e->type]);
    }
    return dwOb_attr_error(I, obj, name);
  }
  default: {
    Value r = dwMt_method(I, obj, name);
    if (r.t != V_NULL || I->exc.t != V_NULL || I->brk.pending) return r;
    return dwOb_attr_error(I, obj, name);
  }
  }
}

/* The text of an exception from its args: str(args[0]) for one
 * argument, repr(args) for several, repr(key) for KeyError. */
static bool exc_set_args(Interp *I, Exc *e, Value args) {
  Value t = dwL_tuple_of(I, args);
  if (t.t == V_NULL) return false;
  Tuple *tt = (Tuple *)OBJ(t);
  Buf b = {0};
  if (tt->len == 1 && e->type != EXC_KeyError) {
    if (!dwFm_str_value(I, &b, tt->items[0])) {
      dwB_free(&b);
      dwV_decref(&I->c, t);
      return false;
    }
  } else if (tt->len >= 1) {
    if (!dwFm_repr_value(I, &b, tt->len == 1 ? tt->items[0] : t)) {
      dwB_free(&b);
      dwV_decref(&I->c, t);
      return false;
    }
  }
  Str *msg = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  if (!msg) {
    dwV_decref(&I->c, t);
    dwI_raise_ctx(I);
    return false;
  }
  if (e->msg) dwV_decref_o(&I->c, &e->msg->h);
  e->msg = msg;
  dwV_decref(&I->c, e->args);
  e->args = t;
  return true;
}

bool dwOb_exc_init(Interp *I, Value exc, Args *a) {
  if (exc.t != V_EXC) {
    dwI_raise(I, EXC_TypeError, "descriptor '__init__' requires a 'BaseException' object");
    return false;
  }
  Tuple *t = dwV_tuple(&I->c, a->n);
  if (!t) {
    dwI_raise_ctx(I);
    return false;
  }
  for (int k = 0; k < a->n; k++) dwV_incref(t->items[k] = a->v[k]);
  Value tv = dwV_obj(&t->h);
  bool ok = exc_set_args(I, (Exc *)OBJ(exc), tv);
  dwV_decref(&I->c, tv);
  return ok;
}

bool dwOb_setattr(Interp *I, Value obj, Str *name, Value v) {
  Dict *d = NULL;
  if (obj.t == V_MODULE || obj.t == V_CLASS || obj.t == V_FUNC) I->attr_epoch++;
  if (obj.t == V_INST) {
    Inst *in = (Inst *)OBJ(obj);
    Value p = dwOb_class_lookup(in->cls, name);
    if (p.t == V_WRAP && ((Wrap *)OBJ(p))->kind == WRAP_PROPERTY) {
      Wrap *w = (Wrap *)OBJ(p);
      if (w->fset.t == V_NULL) {
        dwI_raise(I, EXC_AttributeError, "property '%s' of '%s' object has no setter",
                  name->s, in->cls->name->s);
        return false;
      }
      Value args[2] = {obj, v};
      Value r = dwI_call0(I, w->fset, 2, args);
      if (r.t == V_NULL) return false;
      dwV_decref(&I->c, r);
      return true;
    }
    d = in->attrs;
  } else if (obj.t == V_EXC) {
    Exc *e = (Exc *)OBJ(obj);
    if (!strcmp(name->s, "args")) return exc_set_args(I, e, v);
    if (!e->attrs && !(e->attrs = dwV_dict(&I->c))) {
      dwI_raise_ctx(I);
      return false;
    }
    d = e->attrs;
  } else if (obj.t == V_CLASS) d = ((Class *)OBJ(obj))->ns;
  else if (obj.t == V_MODULE) {
    Module *m = (Module *)OBJ(obj);
    if (m->special == MOD_DYNAMO_CONFIG) return dwD_config_set(I, name, v);
    d = m->attrs;
  } else if (obj.t == V_FUNC) {
    Func *fn = (Func *)OBJ(obj);
    if (!fn->attrs && !(fn->attrs = dwV_dict(&I->c))) {
      dwI_raise_ctx(I);
      return false;
    }
    d = fn->attrs;
  }
  if (!d && obj.t == V_TENSOR) return dwAp_tensor_setattr(I, (Tensor *)OBJ(obj), name, v);
  if (!d) { /* CPython: read-only when the type has it, else missing */
    Value has = obj.t == V_TENSOR ? dwV_none() : dwOb_getattr_default(I, obj, name);
    if (has.t == V_NULL) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      dwOb_attr_error(I, obj, name);
      return false;
    }
    /* CPython's three messages: a method of the type (a non-data
     * descriptor) is "read-only"; a data attribute is a getset descriptor
     * ("not writable", named by the type that defines it: bool's real is
     * int's) or, for slice and range, a member descriptor ("readonly
     * attribute") */
    bool method = has.t == V_BUILTIN && ((Builtin *)OBJ(has))->self.t != V_NULL;
    dwV_decref(&I->c, has);
    if (method)
      dwI_raise(I, EXC_AttributeError, "'%s' object attribute '%s' is read-only",
                dwV_type_name(obj), name->s);
    else if (obj.t == V_SLICE || obj.t == V_RANGE)
      dwI_raise(I, EXC_AttributeError, "readonly attribute");
    else
      dwI_raise(I, EXC_AttributeError, "attribute '%s' of '%s' objects is not writable", name->s,
                obj.t == V_BOOL ? "int" : dwV_type_name(obj));
    return false;
  }
  if (dwR_tracing(I)) dwR_log_obj(I, &d->h);
  if (!dwV_dict_set(&I->c, d, VSTR(name), v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* Subscripts                                                          */
/* ------------------------------------------------------------------ */

bool dwOb_index(Interp *I, Value v, int64_t *out) {
  if (is_intlike(v)) {
    dwS_note(I, v); /* a SymInt as a slice bound */
    *out = v.u.i;
    return true;
  }
  if (v.t == V_TENSOR) {
    /* Tensor.__index__: an integer tensor of one element (its value:
     * data-dependent in a traced frame) */
    Tensor *t = (Tensor *)OBJ(v);
    if (dwT_is_float(t->dtype) || dwT_numel(t) != 1) {
      dwI_raise(I, EXC_TypeError, "only integer tensors of a single element can be "
                                  "converted to an index");
      return false;
    }
    if (dwR_tracing(I) && !dwR_break_here(I, BR_DATA_DEPENDENT,
                                          "Data-dependent __index__ of a traced tensor"))
      return false;
    if (!t->st) {
      dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
      return false;
    }
    *out = dwT_get_int(t, 0);
    return true;
  }
  if (class_of(v)) {
    Value m = special(I, v, "__index__");
    if (m.t == V_NULL) return false;
    Value r = call_method(I, v, m, 0, NULL);
    if (r.t == V_NULL) return false;
    if (!is_intlike(r)) {
      dwI_raise(I, EXC_TypeError, "__index__ returned non-int (type %s)", dwV_type_name(r));
      dwV_decref(&I->c, r);
      return false;
    }
    *out = r.u.i;
    return true;
  }
  return false;
}

/* Python's slice.indices() (PySlice_Unpack + PySlice_AdjustIndices):
 * clamps start/stop for a sequence of len n; overflow-free for every
 * int64 bound and step. */
bool dwOb_slice_indices(Interp *I, Slice *s, int64_t n, int64_t *start,
                       int64_t *stop, int64_t *step) {
  static const char *const msg =
      "slice indices must be integers or None or have an __index__ method";
  *step = 1;
  if (s->step.t != V_NONE) {
    if (!dwOb_index(I, s->step, step)) {
      if (I->exc.t == V_NULL) dwI_raise(I, EXC_TypeError, "%s", msg);
      return false;
    }
    if (*step == 0) {
      dwI_raise(I, EXC_ValueError, "slice step cannot be zero");
      return false;
    }
    if (*step < -INT64_MAX) *step = -INT64_MAX;
  }
  Value bounds[2] = {s->start, s->stop};
  int64_t out[2];
  for (int k = 0; k < 2; k++) {
    int64_t v;
    if (bounds[k].t == V_NONE) {
      out[k] = k == 0 ? (*step < 0 ? n - 1 : 0) : (*step < 0 ? -1 : n);
      continue;
    }
    if (!dwOb_index(I, bounds[k], &v)) {
      if (I->exc.t == V_NULL) dwI_raise(I, EXC_TypeError, "%s", msg);
      return false;
    }
    if (v < 0) {
      v += n; /* v < 0 and n >= 0: no overflow */
      if (v < 0) v = *step < 0 ? -1 : 0;
    } else if (v >= n) {
      v = *step < 0 ? n - 1 : n;
    }
    out[k] = v;
  }
  *start = out[0];
  *stop = out[1];
  return true;
}

/* Items of a clamped slice (start, stop in [-1, n]; step != INT64_MIN). */
static int64_t slice_len(int64_t start, int64_t stop, int64_t step) {
  if (step < 0) return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  return start < stop ? (stop - start - 1) / step + 1 : 0;
}

static Value seq_index_error(Interp *I, Value seq) {
  return dwI_raise(I, EXC_IndexError, "%s index out of range",
                   seq.t == V_STR ? "string" : seq.t == V_TUPLE ? "tuple" : "list");
}

/* s[k] / s[a:b:c] of a str, by code point. */
static Value str_getitem(Interp *I, Str *s, Value idx) {
  bool ascii = dwV_str_ascii(s);
  int64_t n = ascii ? (int64_t)s->len : dwV_str_cplen(s);
  size_t *off = NULL; /* byte offset of each code point, n + 1 entries */
  if (!ascii) {
    off = malloc(sizeof(size_t) * (size_t)(n + 1));
    if (!off) return dwI_raise(I, EXC_MemoryError, "out of memory");
    int64_t k = 0;
    for (size_t i = 0; i < s->len; i++)
      if (((unsigned char)s->s[i] & 0xc0) != 0x80) off[k++] = i;
    off[n] = s->len;
  }
#define CP_AT(k) (ascii ? (size_t)(k) : off[k])
#define CP_LEN(k) (ascii ? 1 : off[(k) + 1] - off[k])
  Value r;
  if (idx.t == V_SLICE) {
    int64_t start, stop, step;
    if (!dwOb_slice_indices(I, (Slice *)OBJ(idx), n, &start, &stop, &step)) {
      free(off);
      return dwV_null();
    }
    int64_t len = slice_len(start, stop, step);
    size_t bytes = 0;
    if (step == 1) bytes = len ? CP_AT(start + len - 1) + CP_LEN(start + len - 1) - CP_AT(start) : 0;
    else
      for (int64_t k = 0; k < len; k++) bytes += CP_LEN(start + k * step);
    Str *rs = dwV_str(&I->c, step == 1 && len ? s->s + CP_AT(start) : NULL, bytes);
    if (!rs) {
      free(off);
      return dwI_raise_ctx(I);
    }
    if (step != 1) {
      size_t w = 0;
      for (int64_t k = 0; k < len; k++) {
        int64_t j = start + k * step;
        memcpy(rs->s + w, s->s + CP_AT(j), CP_LEN(j));
        w += CP_LEN(j);
      }
    }
    r = dwV_obj(&rs->h);
  } else {
    int64_t k;
    if (!dwOb_index(I, idx, &k)) {
      free(off);
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "string indices must be integers, not '%s'",
                       dwV_type_name(idx));
    }
    if (k < 0) k += n;
    if (k < 0 || k >= n) {
      free(off);
      return dwI_raise(I, EXC_IndexError, "string index out of range");
    }
    Str *rs = dwV_str(&I->c, s->s + CP_AT(k), CP_LEN(k));
    r = rs ? dwV_obj(&rs->h) : dwI_raise_ctx(I);
  }
#undef CP_AT
#undef CP_LEN
  free(off);
  return r;
}

Value dwOb_getitem(Interp *I, Value obj, Value idx) {
  switch (obj.t) {
  case V_STR:
    return str_getitem(I, STR(obj), idx);
  case V_LIST:
  case V_TUPLE: {
    int64_t n = obj.t == V_LIST ? ((List *)OBJ(obj))->len : ((Tuple *)OBJ(obj))->len;
    if (idx.t == V_SLICE) {
      int64_t start, stop, step;
      if (!dwOb_slice_indices(I, (Slice *)OBJ(idx), n, &start, &stop, &step))
        return dwV_null();
      /* __index__ may have changed the list */
      n = obj.t == V_LIST ? ((List *)OBJ(obj))->len : ((Tuple *)OBJ(obj))->len;
      if (start > n) start = n;
      if (stop > n) stop = n;
      int64_t len = slice_len(start, stop, step);
      Value *items = obj.t == V_LIST ? ((List *)OBJ(obj))->items : ((Tuple *)OBJ(obj))->items;
      Value r;
      Value *dst;
      if (obj.t == V_LIST) {
        List *l = dwV_list(&I->c, len);
        if (!l) return dwI_raise_ctx(I);
        dst = l->items;
        r = dwV_obj(&l->h);
      } else {
        Tuple *t = dwV_tuple(&I->c, len);
        if (!t) return dwI_raise_ctx(I);
        t->h.flags = OBJ(obj)->flags == TUP_SIZE ? TUP_SIZE : TUP_PLAIN;
        dst = t->items;
        r = dwV_obj(&t->h);
      }
      for (int64_t k = 0; k < len; k++) dwV_incref(dst[k] = items[start + k * step]);
      return r;
    }
    if (idx.t == V_TENSOR && ((Tensor *)OBJ(idx))->ndim == 0 &&
        ((Tensor *)OBJ(idx))->st && !dwT_is_float(((Tensor *)OBJ(idx))->dtype))
      idx = dwV_int(dwT_get_int((Tensor *)OBJ(idx), 0));
    int64_t k;
    if (!dwOb_index(I, idx, &k)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError,
                       "%s indices must be integers or slices, not %s",
                       obj.t == V_TUPLE ? "tuple" : "list", dwV_type_name(idx));
    }
    n = obj.t == V_LIST ? ((List *)OBJ(obj))->len : ((Tuple *)OBJ(obj))->len;
    if (k < 0) k += n;
    if (k < 0 || k >= n) return seq_index_error(I, obj);
    Value v = obj.t == V_LIST ? ((List *)OBJ(obj))->items[k] : ((Tuple *)OBJ(obj))->items[k];
    dwV_incref(v);
    return v;
  }
  case V_DICT: {
    if (!dwOb_check_hashable(I, idx)) return dwV_null();
    Value v = dwV_dict_get((Dict *)OBJ(obj), idx);
    if (v.t == V_NULL) {
      Value miss = special(I, obj, "__missing__"); /* defaultdict, Counter */
      if (miss.t != V_NULL) return call_method(I, obj, miss, 1, &idx);
      dwI_raise_key(I, idx);
      return dwV_null();
    }
    dwV_incref(v);
    return v;
  }
  case V_RANGE: {
    Range *r = (Range *)OBJ(obj);
    uint64_t un = dwOb_range_count(r->start, r->stop, r->step);
    if (un > (uint64_t)INT64_MAX)
      return dwI_raise(I, EXC_OverflowError, "range too large");
    int64_t n = (int64_t)un;
    if (idx.t == V_SLICE) {
      int64_t start, stop, step;
      if (!dwOb_slice_indices(I, (Slice *)OBJ(idx), n, &start, &stop, &step))
        return dwV_null();
      int64_t ns, ne, nst;
      if (__builtin_mul_overflow(start, r->step, &ns) || __builtin_add_overflow(ns, r->start, &ns) ||
          __builtin_mul_overflow(stop, r->step, &ne) || __builtin_add_overflow(ne, r->start, &ne) ||
          __builtin_mul_overflow(step, r->step, &nst))
        return overflow(I);
      Range *nr = (Range *)dwV_alloc(&I->c, V_RANGE, sizeof(Range));
      if (!nr) return dwI_raise_ctx(I);
      nr->start = ns;
      nr->stop = ne;
      nr->step = nst;
      return dwV_obj(&nr->h);
    }
    int64_t k;
    if (!dwOb_index(I, idx, &k)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "range indices must be integers or slices, not %s",
                       dwV_type_name(idx));
    }
    if (k < 0) k += n;
    if (k < 0 || k >= n)
      return dwI_raise(I, EXC_IndexError, "range object index out of range");
    return dwV_int((int64_t)((uint64_t)r->start + (uint64_t)k * (uint64_t)r->step));
  }
  case V_TENSOR:
    return dwL_tensor_getitem(I, (Tensor *)OBJ(obj), idx);
  case V_INST: {
    Value m = special(I, obj, "__getitem__");
    if (m.t == V_NULL) {
      if (((Inst *)OBJ(obj))->cls->cflags & CLS_NN_MODULE) {
        Value bm = dwOb_getattr(I, obj, dwI_intern(I, "__getitem__"));
        if (bm.t == V_NULL) return bm;
        Value r = dwI_call0(I, bm, 1, &idx);
        dwV_decref(&I->c, bm);
        return r;
      }
      return dwI_raise(I, EXC_TypeError, "'%s' object is not subscriptable",
                       dwV_type_name(obj));
    }
    return call_method(I, obj, m, 1, &idx);
  }
  default:
    return dwI_raise(I, EXC_TypeError, "'%s' object is not subscriptable",
                     dwV_type_name(obj));
  }
}

/* The element a non-slice index of l[idx] = v / del l[idx] stands for,
 * with CPython's errors. */
static bool list_store_index(Interp *I, List *l, Value idx, int64_t *k) {
  if (!dwOb_index(I, idx, k)) {
    if (I->exc.t == V_NULL)
      dwI_raise(I, EXC_TypeError, "list indices must be integers or slices, not %s",
                dwV_type_name(idx));
    return false;
  }
  if (*k < 0) *k += l->len;
  if (*k < 0 || *k >= l->len) {
    dwI_raise(I, EXC_IndexError, "list assignment index out of range");
    return false;
  }
  return true;
}

bool dwOb_setitem(Interp *I, Value obj, Value idx, Value v) {
  switch (obj.t) {
  case V_LIST: {
    List *l = (List *)OBJ(obj);
    if (dwR_tracing(I)) dwR_log_obj(I, &l->h);
    if (idx.t == V_SLICE) {
      int64_t start, stop, step;
      if (!dwOb_slice_indices(I, (Slice *)OBJ(idx), l->len, &start, &stop, &step))
        return false;
      List *src = dwOb_to_list(I, v);
      if (!src) return false;
      if (step != 1) {
        int64_t n = slice_len(start, stop, step);
        if (n != src->len) {
          dwI_raise(I, EXC_ValueError,
                    "attempt to assign sequence of size %lld to extended slice "
                    "of size %lld",
                    (long long)src->len, (long long)n);
          dwV_decref_o(&I->c, &src->h);
          return false;
        }
        for (int64_t k = 0; k < n; k++) {
          Value old = l->items[start + k * step];
          dwV_incref(l->items[start + k * step] = src->items[k]);
          dwV_decref(&I->c, old);
        }
        dwV_decref_o(&I->c, &src->h);
        return true;
      }
      if (stop < start) stop = start;
      int64_t newlen = l->len - (stop - start) + src->len;
      Value *items = malloc(sizeof(Value) * (size_t)(newlen ? newlen : 1));
      if (!items) {
        dwV_decref_o(&I->c, &src->h);
        dwI_raise(I, EXC_MemoryError, "out of memory");
        return false;
      }
      int64_t w = 0;
      for (int64_t k = 0; k < start; k++) items[w++] = l->items[k];
      for (int64_t k = 0; k < src->len; k++) dwV_incref(items[w++] = src->items[k]);
      for (int64_t k = start; k < stop; k++) dwV_decref(&I->c, l->items[k]);
      for (int64_t k = stop; k < l->len; k++) items[w++] = l->items[k];
      free(l->items);
      l->items = items;
      l->len = l->cap = newlen;
      dwV_decref_o(&I->c, &src->h);
      return true;
    }
    int64_t k;
    if (!list_store_index(I, l, idx, &k)) return false;
    dwV_incref(v);
    Value old = l->items[k];
    l->items[k] = v;
    dwV_decref(&I->c, old);
    return true;
  }
  case V_DICT:
    if (!dwOb_check_hashable(I, idx)) return false;
    if (dwR_tracing(I)) dwR_log_obj(I, OBJ(obj));
    if (!dwV_dict_set(&I->c, (Dict *)OBJ(obj), idx, v)) {
      dwI_raise_ctx(I);
      return false;
    }
    return true;
  case V_TENSOR:
    return dwL_tensor_setitem(I, (Tensor *)OBJ(obj), idx, v);
  case V_INST: {
    Value m = special(I, obj, "__setitem__");
    Value args[2] = {idx, v};
    Value r;
    if (m.t != V_NULL) {
      r = call_method(I, obj, m, 2, args);
    } else {
      m = dwOb_getattr(I, obj, dwI_intern(I, "__setitem__"));
      if (m.t == V_NULL) {
        if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_AttributeError) {
          dwV_decref(&I->c, I->exc);
          I->exc = dwV_null();
          dwI_raise(I, EXC_TypeError, "'%s' object does not support item assignment",
                    dwV_type_name(obj));
        }
        return false;
      }
      r = dwI_call0(I, m, 2, args);
      dwV_decref(&I->c, m);
    }
    if (r.t == V_NULL) return false;
    dwV_decref(&I->c, r);
    return true;
  }
  default:
    dwI_raise(I, EXC_TypeError, "'%s' object does not support item assignment",
              dwV_type_name(obj));
    return false;
  }
}

bool dwOb_delitem(Interp *I, Value obj, Value idx) {
  if (obj.t == V_DICT) {
    if (!dwOb_check_hashable(I, idx)) return false;
    if (dwR_tracing(I)) dwR_log_obj(I, OBJ(obj));
    if (!dwV_dict_del(&I->c, (Dict *)OBJ(obj), idx)) {
      dwI_raise_key(I, idx);
      return false;
    }
    return true;
  }
  if (obj.t == V_INST) {
    Value m = special(I, obj, "__delitem__");
    if (m.t == V_NULL) {
      dwI_raise(I, EXC_TypeError, "'%s' object doesn't support item deletion",
                dwV_type_name(obj));
      return false;
    }
    Value r = call_method(I, obj, m, 1, &idx);
    if (r.t == V_NULL) return false;
    dwV_decref(&I->c, r);
    return true;
  }
  if (obj.t == V_LIST) {
    List *l = (List *)OBJ(obj);
    if (dwR_tracing(I)) dwR_log_obj(I, &l->h);
    if (idx.t == V_SLICE) {
      int64_t start, stop, step;
      if (!dwOb_slice_indices(I, (Slice *)OBJ(idx), l->len, &start, &stop, &step))
        return false;
      int64_t n = slice_len(start, stop, step);
      uint8_t *del = calloc((size_t)(l->len ? l->len : 1), 1);
      if (!del) return false;
      for (int64_t k = 0; k < n; k++) del[start + k * step] = 1;
      int64_t w = 0;
      for (int64_t k = 0; k < l->len; k++) {
        if (del[k]) dwV_decref(&I->c, l->items[k]);
        else l->items[w++] = l->items[k];
      }
      l->len = w;
      free(del);
      return true;
    }
    int64_t k;
    if (!list_store_index(I, l, idx, &k)) return false;
    Value old = l->items[k];
    memmove(l->items + k, l->items + k + 1, sizeof(Value) * (size_t)(l->len - k - 1));
    l->len--;
    dwV_decref(&I->c, old);
    return true;
  }
  dwI_raise(I, EXC_TypeError, "'%s' object doesn't support item deletion",
            dwV_type_name(obj));
  return false;
}

static Value inplace_op(Interp *I, int op, Value a, Value b);
Value dwOb_inplace(Interp *I, int op, Value a, Value b) { return inplace_op(I, op, a, b); }
Value dwOb_unary(Interp *I, int op, Value v) {
  return v.sx & DW_SX_UNBACKED ? dwY_unary(I, op, v) : unary(I, op, v);
}

/* a op= b: mutable containers change in place (list += / *=, dict |=,
 * set |= &= -= ^=), user classes through __iadd__ & co (falling back to
 * the binary operator). */
static Value inplace_op(Interp *I, int op, Value a, Value b) {
  if (a.t == V_LIST && op == BIN_ADD) {
    List *l = (List *)OBJ(a);
    if (dwR_tracing(I)) dwR_log_obj(I, &l->h);
    if (b.u.o == a.u.o && b.t == a.t) {
      List *copy = dwOb_to_list(I, b);
      if (!copy) return dwV_null();
      Value cv = dwV_obj(&copy->h);
      bool ok = dwOb_foreach(I, cv, dwOb_collect, l);
      dwV_decref(&I->c, cv);
      if (!ok) return dwV_null();
    } else if (!dwOb_foreach(I, b, dwOb_collect, l)) {
      return dwV_null();
    }
    dwV_incref(a);
    return a;
  }
  if (a.t == V_LIST && op == BIN_MUL && is_intlike(b)) {
    List *l = (List *)OBJ(a);
    int64_t n = b.u.i, len = l->len;
    if (dwR_tracing(I)) dwR_log_obj(I, &l->h);
    if (n <= 0 || len == 0) {
      for (int64_t k = 0; k < len; k++) dwV_decref(&I->c, l->items[k]);
      l->len = 0;
    } else if (n > 1) {
      if (n > ((int64_t)1 << 27) / len)
        return dwI_raise(I, EXC_MemoryError, "repeated sequence is too large");
      int64_t total = len * n;
      Value *items = realloc(l->items, sizeof(Value) * (size_t)total);
      if (!items) return dwI_raise(I, EXC_MemoryError, "out of memory");
      l->items = items;
      l->cap = total;
      for (int64_t k = len; k < total; k++) dwV_incref(items[k] = items[k % len]);
      l->len = total;
    }
    dwV_incref(a);
    return a;
  }
  if (a.t == V_DICT && op == BIN_OR && b.t == V_DICT) {
    Dict *d = (Dict *)OBJ(a), *src = (Dict *)OBJ(b);
    if (dwR_tracing(I)) dwR_log_obj(I, &d->h);
    for (int64_t k = 0; k < src->nent; k++)
      if (src->ent[k].used && !dwV_dict_set(&I->c, d, src->ent[k].key, src->ent[k].val))
        return dwI_raise_ctx(I);
    dwV_incref(a);
    return a;
  }
  if (a.t == V_SET && (b.t == V_SET || b.t == V_DICTVIEW) &&
      (op == BIN_OR || op == BIN_AND || op == BIN_SUB || op == BIN_XOR))
    return dwMt_set_binop(I, op, a, b, true);
  if (a.t == V_TENSOR) return dwL_tensor_binop(I, op, a, b, true);
  if (class_of(a)) {
    char nm[32];
    snprintf(nm, sizeof nm, "__i%s__", binop_names[op]);
    Value m = special(I, a, nm);
    if (m.t != V_NULL) {
      Value r = call_method(I, a, m, 1, &b);
      if (r.t == V_NULL || !is_notimpl(I, r)) return r;
      dwV_decref(&I->c, r);
    }
  }
  Value r = dwOb_binop(I, op, a, b);
  if (r.t == V_NULL && I->exc.t == V_EXC) {
    /* "unsupported operand type(s) for +=: ..." */
    Exc *e = (Exc *)OBJ(I->exc);
    static const char pre[] = "unsupported operand type(s) for ";
    const char *sym = binop_sym(op);
    size_t pl = sizeof pre - 1, sl = strlen(sym);
    if (e->type == EXC_TypeError && e->msg && e->msg->len > pl + sl &&
        !memcmp(e->msg->s, pre, pl) && !memcmp(e->msg->s + pl, sym, sl) &&
        e->msg->s[pl + sl] == ':') {
      Str *m = dwV_strf(&I->c, "%s%s=%s", pre, sym, e->msg->s + pl + sl);
      if (m) {
        dwV_decref_o(&I->c, &e->msg->h);
        e->msg = m;
        if (e->args.t == V_TUPLE && ((Tuple *)OBJ(e->args))->len == 1) {
          Tuple *t = (Tuple *)OBJ(e->args);
          dwV_decref(&I->c, t->items[0]);
          dwV_incref_o(&m->h);
          t->items[0] = VSTR(m);
        }
      }
    }
  }
  return r;
}
