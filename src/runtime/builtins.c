/* builtins.c - Python's builtin functions, argument binding, isinstance,
 * the sys module and the registry of builtins and modules. Formatting is
 * in format.c, the methods of str, list, dict, tuple and set in
 * methods.c, math and time in mathlib.c; the torch side lives in
 * tensor/torchlib.c. */
#include "builtins.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Argument binding                                                    */
/* ------------------------------------------------------------------ */

/* Binds a call's arguments to parameter names: `self` (a bound receiver,
 * or V_NULL) comes first. names: comma-separated ("input,dim,keepdim").
 * out[k]: borrowed value or V_NULL. */
bool dwL_bind(Interp *I, const char *fname, Value self, Args *a,
              const char *names, Value *out, int nout) {
  const char *nm[16];
  size_t nl[16];
  int n = 0;
  for (const char *p = names; *p && n < 16;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    nm[n] = p;
    nl[n] = len;
    n++;
    p += len + (e ? 1 : 0);
  }
  if (n > nout) n = nout;
  for (int k = 0; k < nout; k++) out[k] = dwV_null();
  int given = (self.t != V_NULL ? 1 : 0) + a->n;
  if (given > n) {
    dwI_raise(I, EXC_TypeError, "%s() takes at most %d argument%s (%d given)",
              fname, n - (self.t != V_NULL), n - (self.t != V_NULL) == 1 ? "" : "s",
              a->n);
    return false;
  }
  int k = 0;
  if (self.t != V_NULL) out[k++] = self;
  for (int j = 0; j < a->n; j++) out[k++] = a->v[j];
  for (int j = 0; j < a->nkw; j++) {
    const char *key = a->kw[j].name->s;
    size_t kl = strlen(key);
    int m;
    for (m = 0; m < n; m++)
      if (nl[m] == kl && !memcmp(nm[m], key, kl)) break;
    if (m == n) {
      dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'",
                fname, key);
      return false;
    }
    if (out[m].t != V_NULL) {
      dwI_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'",
                fname, key);
      return false;
    }
    out[m] = a->kw[j].v;
  }
  return true;
}

bool dwL_int(Interp *I, Value v, const char *what, int64_t *out) {
  if (v.t == V_INT || v.t == V_BOOL) {
    *out = v.u.i;
    return true;
  }
  if (v.t == V_TENSOR) {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->st && t->ndim == 0 && !dwT_is_float(t->dtype)) {
      *out = dwT_get_int(t, 0);
      return true;
    }
  }
  dwI_raise(I, EXC_TypeError, "%s must be an integer, not %s", what,
            dwV_type_name(v));
  return false;
}

bool dwL_float(Interp *I, Value v, const char *what, double *out) {
  if (v.t == V_INT || v.t == V_BOOL) {
    *out = (double)v.u.i;
    return true;
  }
  if (v.t == V_FLOAT) {
    *out = v.u.f;
    return true;
  }
  if (v.t == V_TENSOR) {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->st && dwT_numel(t) == 1) {
      *out = dwT_get(t, 0);
      return true;
    }
  }
  dwI_raise(I, EXC_TypeError, "%s must be a number, not %s", what,
            dwV_type_name(v));
  return false;
}



/* ------------------------------------------------------------------ */
/* Builtin functions                                                   */
/* ------------------------------------------------------------------ */


Value dwL_new_str(Interp *I, Buf *b) {
  Str *s = dwV_str(&I->c, b->p ? b->p : "", b->len);
  dwB_free(b);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

BI(b_print) {
  Str *sep = NULL, *end = NULL;
  for (int k = 0; k < a->nkw; k++) {
    const char *n = a->kw[k].name->s;
    Value v = a->kw[k].v;
    if (!strcmp(n, "sep") || !strcmp(n, "end")) {
      if (v.t != V_STR && v.t != V_NONE)
        return dwI_raise(I, EXC_TypeError, "%s must be None or a string, not %s", n,
                         dwV_type_name(v));
      if (v.t == V_STR) *(n[0] == 's' ? &sep : &end) = STR(v);
    } else if (strcmp(n, "flush") && strcmp(n, "file")) {
      return dwI_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for print()", n);
    }
  }
  Buf line = {0};
  for (int k = 0; k < a->n; k++) {
    if (k) {
      if (sep) dwB_putn(&line, sep->s, sep->len);
      else dwB_putc(&line, ' ');
    }
    if (!dwFm_str_value(I, &line, a->v[k])) {
      dwB_free(&line);
      return dwV_null();
    }
  }
  if (end) dwB_putn(&line, end->s, end->len);
  else dwB_putc(&line, '\n');
  bool to_err = false;
  for (int k = 0; k < a->nkw; k++)
    if (!strcmp(a->kw[k].name->s, "file") && a->kw[k].v.t == V_OPAQUE &&
        ((Opaque *)OBJ(a->kw[k].v))->kind == 4)
      to_err = true;
  dwB_putn(to_err ? &I->err : &I->out, line.p ? line.p : "", line.len);
  dwB_free(&line);
  if (I->out.len > ((size_t)64 << 20))
    return dwI_raise(I, EXC_MemoryError, "the program printed more than 64 MiB");
  return dwV_none();
}

int64_t dwL_len(Interp *I, Value v) {
  switch (v.t) {
  case V_STR: return dwV_str_cplen(STR(v));
  case V_LIST: return ((List *)OBJ(v))->len;
  case V_TUPLE: return ((Tuple *)OBJ(v))->len;
  case V_DICT: return ((Dict *)OBJ(v))->len;
  case V_RANGE: {
    Range *r = (Range *)OBJ(v);
    uint64_t n;
    if (r->step > 0)
      n = r->start < r->stop ? ((uint64_t)r->stop - (uint64_t)r->start - 1) / (uint64_t)r->step + 1 : 0;
    else
      n = r->start > r->stop ? ((uint64_t)r->start - (uint64_t)r->stop - 1) /
                                       ((uint64_t)0 - (uint64_t)r->step) + 1
                             : 0;
    if (n > (uint64_t)INT64_MAX) {
      dwI_raise(I, EXC_OverflowError, "Python int too large to convert to C ssize_t");
      return -1;
    }
    return (int64_t)n;
  }
  case V_SET: return ((Set *)OBJ(v))->d->len;
  case V_DICTVIEW: return ((DictView *)OBJ(v))->d->len;
  case V_TENSOR: {
    Tensor *t = (Tensor *)OBJ(v);
    if (t->ndim == 0) {
      dwI_raise(I, EXC_TypeError, "len() of a 0-d tensor");
      return -1;
    }
    return t->shape[0];
  }
  case V_INST: {
    Value m = dwOb_getattr(I, v, dwI_intern(I, "__len__"));
    if (m.t == V_NULL) {
      if (I->brk.pending) return -1;
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      break;
    }
    Value r = dwI_call0(I, m, 0, NULL);
    dwV_decref(&I->c, m);
    if (r.t == V_NULL) return -1;
    int64_t n;
    bool ok = dwOb_index(I, r, &n);
    if (!ok && I->exc.t == V_NULL)
      dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                dwV_type_name(r));
    dwV_decref(&I->c, r);
    if (!ok) return -1;
    if (n < 0) {
      dwI_raise(I, EXC_ValueError, "__len__() should return >= 0");
      return -1;
    }
    return n;
  }
  default:
    break;
  }
  dwI_raise(I, EXC_TypeError, "object of type '%s' has no len()", dwV_type_name(v));
  return -1;
}

BI(b_len) {
  NOKW("len");
  NARGS("len", 1, 1);
  int64_t n = dwL_len(I, a->v[0]);
  if (n < 0) return dwV_null();
  Value r = dwV_int(n);
  if (a->v[0].t == V_TENSOR && ((Tensor *)OBJ(a->v[0]))->ndim > 0) /* a SymInt while tracing */
    r.sx = dwS_size(I, (Tensor *)OBJ(a->v[0]), 0);
  return r;
}

BI(b_slice) {
  NOKW("slice");
  if (a->n < 1)
    return dwI_raise(I, EXC_TypeError, "slice expected at least 1 argument, got %d", a->n);
  if (a->n > 3)
    return dwI_raise(I, EXC_TypeError, "slice expected at most 3 arguments, got %d", a->n);
  Slice *s = (Slice *)dwV_alloc(&I->c, V_SLICE, sizeof(Slice));
  if (!s) return dwI_raise_ctx(I);
  s->start = s->step = dwV_none();
  dwV_incref(s->stop = a->v[a->n == 1 ? 0 : 1]);
  if (a->n > 1) dwV_incref(s->start = a->v[0]);
  if (a->n > 2) dwV_incref(s->step = a->v[2]);
  return dwV_obj(&s->h);
}

BI(b_range) {
  NOKW("range");
  if (a->n < 1)
    return dwI_raise(I, EXC_TypeError, "range expected at least 1 argument, got %d", a->n);
  if (a->n > 3)
    return dwI_raise(I, EXC_TypeError, "range expected at most 3 arguments, got %d", a->n);
  int64_t v[3] = {0, 0, 1}, x[3] = {0, 0, 0};
  for (int k = 0; k < a->n; k++)
    if (!dwOb_index(I, a->v[k], &x[k])) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(a->v[k]));
    }
  if (a->n == 1) v[1] = x[0];
  else {
    v[0] = x[0];
    v[1] = x[1];
    if (a->n == 3) v[2] = x[2];
  }
  if (v[2] == 0) return dwI_raise(I, EXC_ValueError, "range() arg 3 must not be zero");
  Range *r = (Range *)dwV_alloc(&I->c, V_RANGE, sizeof(Range));
  if (!r) return dwI_raise_ctx(I);
  r->start = v[0];
  r->stop = v[1];
  r->step = v[2];
  return dwV_obj(&r->h);
}

static Iter *iter_obj(Interp *I, int kind, Value src) {
  Iter *it = (Iter *)dwV_alloc(&I->c, V_ITER, sizeof(Iter));
  if (!it) return NULL;
  it->kind = (uint8_t)kind;
  it->src = src;
  return it;
}

BI(b_enumerate) {
  Value o[2];
  if (!dwL_bind(I, "enumerate", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "enumerate() missing required argument 'iterable'");
  int64_t start = 0;
  if (o[1].t != V_NULL && !dwL_int(I, o[1], "start", &start)) return dwV_null();
  Value inner = dwOb_iter(I, o[0]);
  if (inner.t == V_NULL) return inner;
  Iter *it = iter_obj(I, IT_ENUMERATE, inner);
  if (!it) {
    dwV_decref(&I->c, inner);
    return dwI_raise_ctx(I);
  }
  it->i = start;
  return dwV_obj(&it->h);
}

BI(b_zip) {
  for (int k = 0; k < a->nkw; k++)
    if (strcmp(a->kw[k].name->s, "strict"))
      return dwI_raise(I, EXC_TypeError, "zip() got an unexpected keyword argument '%s'",
                       a->kw[k].name->s);
  Iter *it = iter_obj(I, IT_ZIP, dwV_none());
  if (!it) return dwI_raise_ctx(I);
  it->inner = calloc((size_t)a->n + 1, sizeof(Value));
  Value r = dwV_obj(&it->h);
  if (!it->inner) {
    dwV_decref(&I->c, r);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int k = 0; k < a->n; k++) {
    Value x = dwOb_iter(I, a->v[k]);
    if (x.t == V_NULL) {
      dwV_decref(&I->c, r);
      return x;
    }
    it->inner[it->ninner++] = x;
  }
  return r;
}

BI(b_map) {
  NOKW("map");
  if (a->n < 2) return dwI_raise(I, EXC_TypeError, "map() must have at least two arguments.");
  Iter *it = iter_obj(I, IT_MAP, a->v[0]);
  if (!it) return dwI_raise_ctx(I);
  dwV_incref(a->v[0]);
  Value r = dwV_obj(&it->h);
  it->inner = calloc((size_t)a->n, sizeof(Value));
  if (!it->inner) {
    dwV_decref(&I->c, r);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int k = 1; k < a->n; k++) {
    Value inner = dwOb_iter(I, a->v[k]);
    if (inner.t == V_NULL) {
      dwV_decref(&I->c, r);
      return inner;
    }
    it->inner[it->ninner++] = inner;
  }
  return r;
}

typedef struct FilterUD {
  Value fn;
  List *out;
} FilterUD;

static bool filter_cb(Interp *I, Value v, void *ud) {
  FilterUD *f = ud;
  bool keep;
  if (f->fn.t == V_NONE) {
    if (!dwOb_truth(I, v, &keep)) return false;
  } else {
    Value r = dwI_call0(I, f->fn, 1, &v);
    if (r.t == V_NULL) return false;
    bool ok = dwOb_truth(I, r, &keep);
    dwV_decref(&I->c, r);
    if (!ok) return false;
  }
  if (keep && !dwV_list_append(&I->c, f->out, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

BI(b_filter) {
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "filter expected 2 arguments, got %d", a->n);
  FilterUD ud = {a->v[0], dwV_list(&I->c, 0)};
  if (!ud.out) return dwI_raise_ctx(I);
  if (!dwOb_foreach(I, a->v[1], filter_cb, &ud)) {
    dwV_decref_o(&I->c, &ud.out->h);
    return dwV_null();
  }
  Value l = dwV_obj(&ud.out->h);
  Value it = dwOb_iter(I, l);
  dwV_decref(&I->c, l);
  return it;
}

/* ---- min / max / sorted ---- */

static bool less(Interp *I, Value a, Value b, bool *out) {
  Value r = dwOb_compare(I, CMP_LT, a, b);
  if (r.t == V_NULL) return false;
  bool ok = dwOb_truth(I, r, out);
  dwV_decref(&I->c, r);
  return ok;
}

static Value keyed(Interp *I, Value key, Value v) {
  if (key.t == V_NULL || key.t == V_NONE) {
    dwV_incref(v);
    return v;
  }
  return dwI_call0(I, key, 1, &v);
}

static Value minmax(Interp *I, Args *a, bool is_max) {
  const char *name = is_max ? "max" : "min";
  Value key = dwV_null(), dflt = dwV_null();
  for (int k = 0; k < a->nkw; k++) {
    if (!strcmp(a->kw[k].name->s, "key")) key = a->kw[k].v;
    else if (!strcmp(a->kw[k].name->s, "default")) dflt = a->kw[k].v;
    else return dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'",
                          name, a->kw[k].name->s);
  }
  if (a->n == 0) return dwI_raise(I, EXC_TypeError, "%s expected at least 1 argument, got 0", name);
  if (a->n >= 2 && key.t == V_NULL) { /* ints, one a SymInt: sym_max / sym_min, no guard */
    bool ints = true, sym = false;
    for (int k = 0; k < a->n; k++) {
      ints &= a->v[k].t == V_INT;
      sym |= a->v[k].sx != 0;
    }
    if (ints && sym) {
      Value r = a->v[0];
      for (int k = 1; k < a->n; k++) {
        Value b = a->v[k];
        uint32_t sx = dwS_minmax(I, is_max, r, b);
        r = dwV_int(is_max ? (b.u.i > r.u.i ? b.u.i : r.u.i) : (b.u.i < r.u.i ? b.u.i : r.u.i));
        r.sx = sx;
      }
      return r;
    }
  }
  List *items;
  if (a->n == 1) {
    items = dwOb_to_list(I, a->v[0]);
    if (!items) return dwV_null();
  } else {
    items = dwV_list(&I->c, 0);
    if (!items) return dwI_raise_ctx(I);
    for (int k = 0; k < a->n; k++) dwV_list_append(&I->c, items, a->v[k]);
  }
  if (items->len == 0) {
    dwV_decref_o(&I->c, &items->h);
    if (dflt.t != V_NULL) {
      dwV_incref(dflt);
      return dflt;
    }
    return dwI_raise(I, EXC_ValueError, "%s() arg is an empty sequence", name);
  }
  Value best = items->items[0], bestk = keyed(I, key, best);
  if (bestk.t == V_NULL) {
    dwV_decref_o(&I->c, &items->h);
    return bestk;
  }
  for (int64_t k = 1; k < items->len; k++) {
    Value kv = keyed(I, key, items->items[k]);
    if (kv.t == V_NULL) {
      dwV_decref(&I->c, bestk);
      dwV_decref_o(&I->c, &items->h);
      return kv;
    }
    bool lt;
    bool ok = is_max ? less(I, bestk, kv, &lt) : less(I, kv, bestk, &lt);
    if (!ok) {
      dwV_decref(&I->c, kv);
      dwV_decref(&I->c, bestk);
      dwV_decref_o(&I->c, &items->h);
      return dwV_null();
    }
    if (lt) {
      dwV_decref(&I->c, bestk);
      bestk = kv;
      best = items->items[k];
    } else {
      dwV_decref(&I->c, kv);
    }
  }
  dwV_decref(&I->c, bestk);
  dwV_incref(best);
  dwV_decref_o(&I->c, &items->h);
  return best;
}

BI(b_max) { return minmax(I, a, true); }
BI(b_min) { return minmax(I, a, false); }

/* stable merge sort of values by keys; false with an error pending */
static bool msort(Interp *I, Value *v, Value *k, Value *tv, Value *tk, int64_t n,
                  bool reverse) {
  if (n < 2) return true;
  int64_t m = n / 2;
  if (!msort(I, v, k, tv, tk, m, reverse) ||
      !msort(I, v + m, k + m, tv, tk, n - m, reverse))
    return false;
  int64_t i = 0, j = m, o = 0;
  while (i < m && j < n) {
    bool lt;
    if (!(reverse ? less(I, k[i], k[j], &lt) : less(I, k[j], k[i], &lt))) return false;
    if (lt) {
      tv[o] = v[j];
      tk[o++] = k[j++];
    } else {
      tv[o] = v[i];
      tk[o++] = k[i++];
    }
  }
  while (i < m) {
    tv[o] = v[i];
    tk[o++] = k[i++];
  }
  while (j < n) {
    tv[o] = v[j];
    tk[o++] = k[j++];
  }
  memcpy(v, tv, sizeof(Value) * (size_t)n);
  memcpy(k, tk, sizeof(Value) * (size_t)n);
  return true;
}

bool dwL_sort_list(Interp *I, List *l, Value key, bool reverse) {
  int64_t n = l->len;
  Value *keys = calloc((size_t)n + 1, sizeof(Value));
  Value *tv = calloc((size_t)n + 1, sizeof(Value));
  Value *tk = calloc((size_t)n + 1, sizeof(Value));
  bool ok = keys && tv && tk;
  int64_t made = 0;
  for (; ok && made < n; made++) {
    keys[made] = keyed(I, key, l->items[made]);
    if (keys[made].t == V_NULL) ok = false;
  }
  if (ok) ok = msort(I, l->items, keys, tv, tk, n, reverse);
  for (int64_t k = 0; k < made; k++) dwV_decref(&I->c, keys[k]);
  free(keys);
  free(tv);
  free(tk);
  if (!keys || !tv || !tk) dwI_raise(I, EXC_MemoryError, "out of memory");
  return ok;
}

BI(b_sorted) {
  Value o[3];
  if (!dwL_bind(I, "sorted", dwV_null(), a, "iterable,key,reverse", o, 3)) return dwV_null();
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "sorted expected 1 argument, got %d", a->n);
  List *l = dwOb_to_list(I, o[0]);
  if (!l) return dwV_null();
  bool rev = false;
  if (o[2].t != V_NULL && !dwOb_truth(I, o[2], &rev)) return dwV_null();
  if (!dwL_sort_list(I, l, o[1], rev)) {
    dwV_decref_o(&I->c, &l->h);
    return dwV_null();
  }
  return dwV_obj(&l->h);
}

BI(b_reversed) {
  NOKW("reversed");
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "reversed expected 1 argument, got %d", a->n);
  Value v = a->v[0];
  if (v.t == V_RANGE) return dwOb_iter_range_reversed(I, (Range *)OBJ(v));
  List *l = NULL;
  if (v.t == V_STR || v.t == V_DICT || v.t == V_DICTVIEW) {
    l = dwOb_to_list(I, v);
    if (!l) return dwV_null();
  } else if (v.t == V_INST) {
    Value m = dwFm_user_method(I, v, "__reversed__");
    if (m.t != V_NULL) {
      Value r = dwI_call0(I, m, 1, &v);
      if (r.t == V_NULL) return r;
      Value it = dwOb_iter(I, r);
      dwV_decref(&I->c, r);
      return it;
    }
    Value gi = dwFm_user_method(I, v, "__getitem__");
    if (gi.t == V_NULL || dwFm_user_method(I, v, "__len__").t == V_NULL)
      return dwI_raise(I, EXC_TypeError, "'%s' object is not reversible", dwV_type_name(v));
    int64_t n = dwL_len(I, v);
    if (n < 0) return dwV_null();
    l = dwV_list(&I->c, 0);
    if (!l) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < n; k++) {
      Value args[2] = {v, dwV_int(k)};
      Value x = dwI_call0(I, gi, 2, args);
      if (x.t == V_NULL) {
        dwV_decref_o(&I->c, &l->h);
        return x;
      }
      dwV_list_append(&I->c, l, x);
      dwV_decref(&I->c, x);
    }
  } else if (v.t != V_LIST && v.t != V_TUPLE) {
    return dwI_raise(I, EXC_TypeError, "'%s' object is not reversible", dwV_type_name(v));
  }
  Value src = l ? dwV_obj(&l->h) : v;
  if (!l) dwV_incref(src);
  Iter *it = iter_obj(I, IT_REVERSED, src);
  if (!it) {
    dwV_decref(&I->c, src);
    return dwI_raise_ctx(I);
  }
  it->i = (src.t == V_LIST ? ((List *)OBJ(src))->len : ((Tuple *)OBJ(src))->len) - 1;
  return dwV_obj(&it->h);
}

typedef struct AnyUD {
  bool want, found;
} AnyUD;

static bool any_cb(Interp *I, Value v, void *ud) {
  AnyUD *u = ud;
  bool t;
  if (!dwOb_truth(I, v, &t)) return false;
  if (t == u->want) {
    u->found = true;
    I->stop_iter = true;
    return false;
  }
  return true;
}

static Value anyall(Interp *I, Args *a, bool want) {
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  AnyUD u = {want, false};
  I->stop_iter = false;
  bool ok = dwOb_foreach(I, a->v[0], any_cb, &u);
  if (!ok && !I->stop_iter) return dwV_null();
  I->stop_iter = false;
  return dwV_bool(want ? u.found : !u.found);
}

BI(b_any) { return anyall(I, a, true); }
BI(b_all) { return anyall(I, a, false); }

/* acc = acc <op> v over an iterable: sum() and math.prod(). Takes the
 * reference to start; returns the result or V_NULL (exception set). */
typedef struct FoldUD {
  Value acc;
  int op; /* BIN_ADD / BIN_MUL */
} FoldUD;

static bool fold_cb(Interp *I, Value v, void *ud) {
  FoldUD *s = ud;
  Value r = dwOb_binop(I, s->op, s->acc, v);
  if (r.t == V_NULL) return false;
  dwV_decref(&I->c, s->acc);
  s->acc = r;
  return true;
}

Value dwL_fold(Interp *I, Value iterable, int op, Value start) {
  FoldUD s = {start, op};
  if (!dwOb_foreach(I, iterable, fold_cb, &s)) {
    dwV_decref(&I->c, s.acc);
    return dwV_null();
  }
  return s.acc;
}

BI(b_sum) {
  Value o[2];
  if (!dwL_bind(I, "sum", dwV_null(), a, "iterable,start", o, 2)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "sum() takes at least 1 positional argument (0 given)");
  Value start = o[1].t != V_NULL ? o[1] : dwV_int(0);
  if (start.t == V_STR)
    return dwI_raise(I, EXC_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  dwV_incref(start);
  return dwL_fold(I, o[0], BIN_ADD, start);
}

/* Calls a dunder of a user object with n extra arguments; V_NULL with no
 * exception when the class does not define it. */
static Value call_dunder(Interp *I, Value v, const char *name, int n, Value *args, bool *found) {
  Value m = dwFm_user_method(I, v, name);
  *found = m.t != V_NULL && m.t != V_NONE;
  if (!*found) return dwV_null();
  Value av[3] = {v, n > 0 ? args[0] : dwV_null(), n > 1 ? args[1] : dwV_null()};
  return dwI_call0(I, m, n + 1, av);
}

BI(b_abs) {
  NOKW("abs");
  NARGS("abs", 1, 1);
  Value v = a->v[0];
  if (v.t == V_INT || v.t == V_BOOL) {
    if (v.u.i == INT64_MIN) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int(v.u.i < 0 ? -v.u.i : v.u.i);
  }
  if (v.t == V_FLOAT) return dwV_float(fabs(v.u.f));
  if (v.t == V_TENSOR) return dwL_tensor_unary(I, 100 /* abs */, v);
  bool found;
  Value r = call_dunder(I, v, "__abs__", 0, NULL, &found);
  if (found) return r;
  return dwI_raise(I, EXC_TypeError, "bad operand type for abs(): '%s'", dwV_type_name(v));
}

/* round(x, nd) of an int for nd < 0: round half to even at 10**-nd */
static Value round_int(Interp *I, int64_t x, int64_t nd) {
  if (nd >= 0) return dwV_int(x);
  if (nd < -19) return dwV_int(0);
  if (nd == -19) {
    /* 10**19 > |x|: 0 unless |x| > 5 * 10**18 */
    uint64_t ax = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    if (ax > 5000000000000000000ull)
      return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
    return dwV_int(0);
  }
  int64_t p = 1;
  for (int64_t k = 0; k < -nd; k++) p *= 10;
  int64_t q = x / p, r = x % p;
  if (r < 0) {
    r += p;
    q -= 1;
  }
  if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
  int64_t out;
  if (__builtin_mul_overflow(q, p, &out))
    return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
  return dwV_int(out);
}

BI(b_round) {
  Value o[2];
  if (!dwL_bind(I, "round", dwV_null(), a, "number,ndigits", o, 2)) return dwV_null();
  Value v = o[0];
  if (v.t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "round() missing required argument 'number' (pos 1)");
  if (v.t == V_TENSOR) {
    Value x = v;
    return dwL_tensor_round(I, x, o[1]);
  }
  bool nd_given = o[1].t != V_NULL && o[1].t != V_NONE;
  int64_t nd = 0;
  if (nd_given && !dwOb_index(I, o[1], &nd)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(o[1]));
  }
  if (v.t == V_INT || v.t == V_BOOL) return nd_given ? round_int(I, v.u.i, nd) : dwV_int(v.u.i);
  if (v.t != V_FLOAT) {
    bool found;
    Value r = call_dunder(I, v, "__round__", nd_given ? 1 : 0, &o[1], &found);
    if (found) return r;
    return dwI_raise(I, EXC_TypeError, "type %s doesn't define __round__ method", dwV_type_name(v));
  }
  double x = v.u.f;
  if (!nd_given) {
    if (isnan(x)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(x)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    double r = nearbyint(x); /* round half to even (default FE_TONEAREST) */
    if (fabs(r) >= 9.2e18) return dwI_raise(I, EXC_OverflowError, "integer overflow");
    return dwV_int((int64_t)r);
  }
  if (!isfinite(x)) return dwV_float(x);
  if (nd > 300) return dwV_float(x);
  if (nd < -300) return dwV_float(0.0 * x);
  if (nd >= 0) {
    Buf buf = {0};
    dwB_printf(&buf, "%.*f", (int)nd, x);
    double r = strtod(buf.p ? buf.p : "0", NULL);
    dwB_free(&buf);
    return dwV_float(r);
  }
  /* CPython: correctly rounded via the decimal string of x / 10**-nd */
  double p = pow(10.0, (double)-nd);
  double y = x / p;
  double z = nearbyint(y);
  if (fabs(y - z) == 0.5) z = 2.0 * nearbyint(y / 2.0);
  double r = z * p;
  if (isinf(r)) return dwI_raise(I, EXC_OverflowError, "rounded value too large to represent");
  return dwV_float(r);
}


/* Unicode decimal digits (category Nd, common scripts) as ASCII; other
 * characters are copied. Whitespace other than ASCII is a space. */
static void ascii_digits(Buf *out, const char *s, size_t n) {
  static const uint32_t zeros[] = {0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66,
                                   0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20,
                                   0x1040, 0x1090, 0x17e0, 0x1810, 0xff10};
  for (size_t i = 0, w; i < n; i += w) {
    uint32_t c = dwMt_cp_decode(s, n, i, &w);
    bool done = false;
    for (size_t k = 0; k < sizeof zeros / sizeof *zeros && !done; k++)
      if (c >= zeros[k] && c <= zeros[k] + 9) {
        dwB_putc(out, (char)('0' + (c - zeros[k])));
        done = true;
      }
    if (!done && c >= 0x80 && dwMt_cp_isspace(c)) {
      dwB_putc(out, ' ');
      done = true;
    }
    if (!done) dwB_putn(out, s + i, w);
  }
}

static bool parse_int_str(Interp *I, Str *s, int base0, int64_t *out) {
  Buf text = {0};
  ascii_digits(&text, s->s, s->len);
  const char *p = text.p ? text.p : "", *e = p + text.len;
  int base = base0;
  while (p < e && isspace((unsigned char)*p)) p++;
  while (e > p && isspace((unsigned char)e[-1])) e--;
  bool neg = false, prefixed = false;
  if (p < e && (*p == '+' || *p == '-')) neg = *p++ == '-';
  if (e - p >= 2 && p[0] == '0') {
    char c = (char)tolower((unsigned char)p[1]);
    int pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
    if (pb && (base == 0 || base == pb)) {
      base = pb;
      p += 2;
      prefixed = true;
    }
  }
  if (base == 0) {
    /* base 0: a decimal literal may not start with 0 (unless all zeros) */
    base = 10;
    if (p < e && *p == '0')
      for (const char *q = p; q < e; q++)
        if (*q != '0' && *q != '_') goto bad;
  }
  uint64_t v = 0;
  bool any = false, prev_us = !prefixed;
  for (; p < e; p++) {
    if (*p == '_' && !prev_us) {
      prev_us = true;
      continue;
    }
    int d = isdigit((unsigned char)*p) ? *p - '0'
            : isalpha((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10
                                          : 99;
    if (d >= base) goto bad;
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
      dwB_free(&text);
      dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
      return false;
    }
    v = v * (uint64_t)base + (uint64_t)d;
    any = true;
    prev_us = false;
  }
  if (!any || (prev_us && any)) goto bad;
  dwB_free(&text);
  if (v > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) {
    dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return false;
  }
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
bad:;
  dwB_free(&text);
  Buf r = {0};
  dwV_repr(&r, VSTR(s));
  dwI_raise(I, EXC_ValueError, "invalid literal for int() with base %d: %s", base0,
            r.p ? r.p : "");
  dwB_free(&r);
  return false;
}

static Value scalar_of_tensor(Interp *I, Value v, const char *what) {
  Tensor *t = (Tensor *)OBJ(v);
  if (dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT, "Data-dependent %s() of a traced tensor", what))
    return dwV_null();
  if (!t->st)
    return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  if (dwT_numel(t) != 1)
    return dwI_raise(I, EXC_RuntimeError,
                     "a Tensor with %lld elements cannot be converted to Scalar",
                     (long long)dwT_numel(t));
  if (dwT_is_float(t->dtype)) return dwV_float(dwT_get(t, 0));
  if (t->dtype == DT_BOOL) return dwV_bool(dwT_get(t, 0) != 0);
  return dwV_int(dwT_get_int(t, 0));
}

BI(b_int) {
  Value o[2];
  if (!dwL_bind(I, "int", dwV_null(), a, "x,base", o, 2)) return dwV_null();
  Value v = o[0];
  if (v.t == V_NULL) return dwV_int(0);
  if (v.t == V_TENSOR) {
    v = scalar_of_tensor(I, v, "int");
    if (v.t == V_NULL) return v;
  }
  if (o[1].t != V_NULL && v.t != V_STR)
    return dwI_raise(I, EXC_TypeError, "int() can't convert non-string with explicit base");
  if (v.t == V_INT || v.t == V_BOOL) return dwV_int(v.u.i);
  if (v.t == V_FLOAT) {
    if (isnan(v.u.f)) return dwI_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
    if (isinf(v.u.f)) return dwI_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
    if (v.u.f >= 9223372036854775808.0 || v.u.f < -9223372036854775808.0)
      return dwI_raise(I, EXC_OverflowError, "int too large (dynawasm integers are 64-bit)");
    return dwV_int((int64_t)v.u.f);
  }
  if (v.t == V_STR) {
    int64_t base = 10, r;
    if (o[1].t != V_NULL && !dwOb_index(I, o[1], &base)) {
      if (I->exc.t != V_NULL) return dwV_null();
      return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(o[1]));
    }
    if (base != 0 && (base < 2 || base > 36))
      return dwI_raise(I, EXC_ValueError, "int() base must be >= 2 and <= 36, or 0");
    if (!parse_int_str(I, STR(v), (int)base, &r)) return dwV_null();
    return dwV_int(r);
  }
  if (v.t == V_INST || v.t == V_EXC) {
    static const char *const names[] = {"__int__", "__index__", "__trunc__"};
    for (int k = 0; k < 3; k++) {
      bool found;
      Value r = call_dunder(I, v, names[k], 0, NULL, &found);
      if (!found) continue;
      if (r.t == V_NULL) return r;
      if (r.t != V_INT && r.t != V_BOOL) {
        dwI_raise(I, EXC_TypeError, "%s returned non-int (type %s)", names[k], dwV_type_name(r));
        dwV_decref(&I->c, r);
        return dwV_null();
      }
      return dwV_int(r.u.i);
    }
  }
  return dwI_raise(I, EXC_TypeError,
                   "int() argument must be a string, a bytes-like object or a real "
                   "number, not '%s'",
                   dwV_type_name(v));
}

BI(b_float) {
  NARGS("float", 0, 1);
  if (a->n == 0) return dwV_float(0);
  Value v = a->v[0];
  if (v.t == V_TENSOR) {
    v = scalar_of_tensor(I, v, "float");
    if (v.t == V_NULL) return v;
  }
  if (v.t == V_INT || v.t == V_BOOL) return dwV_float((double)v.u.i);
  if (v.t == V_FLOAT) return v;
  if (v.t == V_INST || v.t == V_EXC) {
    bool found;
    Value r = call_dunder(I, v, "__float__", 0, NULL, &found);
    if (found) {
      if (r.t == V_NULL || r.t == V_FLOAT) return r;
      dwI_raise(I, EXC_TypeError, "%s.__float__ returned non-float (type %s)",
                dwV_type_name(v), dwV_type_name(r));
      dwV_decref(&I->c, r);
      return dwV_null();
    }
    int64_t x;
    if (dwOb_index(I, v, &x)) return dwV_float((double)x);
    if (I->exc.t != V_NULL) return dwV_null();
  }
  if (v.t == V_STR) {
    Str *s = STR(v);
    char buf[128];
    Buf text = {0};
    ascii_digits(&text, s->s, s->len);
    size_t n = text.len < sizeof buf - 1 ? text.len : sizeof buf - 1;
    size_t w = 0;
    bool bad_us = false;
    for (size_t k = 0; k < n; k++) {
      char c = text.p[k];
      if (c == '_') {
        /* only between digits */
        if (!(k > 0 && isdigit((unsigned char)text.p[k - 1]) && k + 1 < n &&
              isdigit((unsigned char)text.p[k + 1])))
          bad_us = true;
        continue;
      }
      if (c == 'x' || c == 'X' || c == 'p' || c == 'P') bad_us = true; /* no hex floats */
      buf[w++] = c;
    }
    buf[w] = 0;
    size_t tlen = text.len;
    dwB_free(&text);
    char *p = buf;
    while (isspace((unsigned char)*p)) p++;
    char *end;
    double d = strtod(p, &end);
    while (isspace((unsigned char)*end)) end++;
    if (end == p || *end || tlen >= sizeof buf - 1 || bad_us) {
      Buf r = {0};
      dwV_repr(&r, v);
      dwI_raise(I, EXC_ValueError, "could not convert string to float: %s", r.p ? r.p : "");
      dwB_free(&r);
      return dwV_null();
    }
    return dwV_float(d);
  }
  return dwI_raise(I, EXC_TypeError, "float() argument must be a string or a real number, not '%s'",
                   dwV_type_name(v));
}

BI(b_bool) {
  NARGS("bool", 0, 1);
  if (a->n == 0) return dwV_bool(false);
  if (a->v[0].t == V_TENSOR && dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT, "Data-dependent bool() of a traced tensor"))
    return dwV_null();
  bool t;
  if (!dwOb_truth(I, a->v[0], &t)) return dwV_null();
  return dwV_bool(t);
}

BI(b_str) {
  NARGS("str", 0, 1);
  if (a->n == 0) {
    Str *s = dwV_str(&I->c, "", 0);
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  Buf b = {0};
  if (!dwFm_str_value(I, &b, a->v[0])) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

BI(b_repr) {
  NARGS("repr", 1, 1);
  Buf b = {0};
  if (!dwFm_repr_value(I, &b, a->v[0])) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

BI(b_format) {
  NARGS("format", 1, 2);
  Buf b = {0};
  if (a->n == 2 && a->v[1].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "format() argument 2 must be str");
  if (!dwFm_format(I, &b, a->v[0], a->n == 2 ? STR(a->v[1]) : NULL)) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

BI(b_list) {
  NARGS("list", 0, 1);
  if (a->n == 0) {
    List *l = dwV_list(&I->c, 0);
    return l ? dwV_obj(&l->h) : dwI_raise_ctx(I);
  }
  List *l = dwOb_to_list(I, a->v[0]);
  return l ? dwV_obj(&l->h) : dwV_null();
}

Value dwL_tuple_of(Interp *I, Value v) {
  List *l = dwOb_to_list(I, v);
  return l ? dwL_list_to_tuple(I, l) : dwV_null();
}

Value dwL_list_to_tuple(Interp *I, List *l) {
  Tuple *t = dwV_tuple(&I->c, l->len);
  if (!t) {
    dwV_decref_o(&I->c, &l->h);
    return dwI_raise_ctx(I);
  }
  for (int64_t k = 0; k < l->len; k++) dwV_incref(t->items[k] = l->items[k]);
  dwV_decref_o(&I->c, &l->h);
  return dwV_obj(&t->h);
}

BI(b_tuple) {
  NARGS("tuple", 0, 1);
  if (a->n == 0) {
    Tuple *t = dwV_tuple(&I->c, 0);
    return t ? dwV_obj(&t->h) : dwI_raise_ctx(I);
  }
  if (a->v[0].t == V_TUPLE && OBJ(a->v[0])->flags == TUP_PLAIN) {
    dwV_incref(a->v[0]);
    return a->v[0];
  }
  return dwL_tuple_of(I, a->v[0]);
}

static bool dict_pair_cb(Interp *I, Value v, void *ud) {
  List *l = dwOb_to_list(I, v);
  if (!l) return false;
  if (l->len != 2) {
    dwI_raise(I, EXC_ValueError,
              "dictionary update sequence element has length %lld; 2 is required",
              (long long)l->len);
    dwV_decref_o(&I->c, &l->h);
    return false;
  }
  bool ok = dwOb_setitem(I, dwV_obj((Obj *)ud), l->items[0], l->items[1]);
  dwV_decref_o(&I->c, &l->h);
  return ok;
}

bool dwL_dict_update(Interp *I, Dict *d, Args *a) {
  Value dv = dwV_obj(&d->h);
  if (a->n > 1) {
    dwI_raise(I, EXC_TypeError, "dict expected at most 1 argument, got %d", a->n);
    return false;
  }
  if (a->n == 1) {
    Value src = a->v[0];
    if (src.t == V_DICT) {
      Dict *s = (Dict *)OBJ(src);
      for (int64_t k = 0; k < s->nent; k++)
        if (s->ent[k].used && !dwOb_setitem(I, dv, s->ent[k].key, s->ent[k].val)) return false;
    } else if (!dwOb_foreach(I, src, dict_pair_cb, d)) {
      return false;
    }
  }
  for (int k = 0; k < a->nkw; k++)
    if (!dwOb_setitem(I, dv, VSTR(a->kw[k].name), a->kw[k].v)) return false;
  return true;
}

BI(b_dict) {
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  if (!dwL_dict_update(I, d, a)) {
    dwV_decref_o(&I->c, &d->h);
    return dwV_null();
  }
  return dwV_obj(&d->h);
}

static bool is_instance(Interp *I, Value v, Value cls, bool *out);

BI(b_isinstance) {
  NOKW("isinstance");
  NARGS("isinstance", 2, 2);
  bool r;
  if (!is_instance(I, a->v[0], a->v[1], &r)) return dwV_null();
  return dwV_bool(r);
}

BI(b_hasattr) {
  NARGS("hasattr", 2, 2);
  if (a->v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "hasattr(): attribute name must be string");
  Value r = dwOb_getattr(I, a->v[0], dwI_intern(I, STR(a->v[1])->s));
  if (r.t == V_NULL) {
    if (I->brk.pending) return r;
    if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_AttributeError) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return dwV_bool(false);
    }
    return r;
  }
  dwV_decref(&I->c, r);
  return dwV_bool(true);
}

BI(b_getattr) {
  NARGS("getattr", 2, 3);
  if (a->v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "getattr(): attribute name must be string");
  Value r = dwOb_getattr(I, a->v[0], dwI_intern(I, STR(a->v[1])->s));
  if (r.t == V_NULL && a->n == 3 && I->exc.t == V_EXC &&
      ((Exc *)OBJ(I->exc))->type == EXC_AttributeError) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    dwV_incref(a->v[2]);
    return a->v[2];
  }
  return r;
}

BI(b_setattr) {
  NARGS("setattr", 3, 3);
  if (a->v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "setattr(): attribute name must be string");
  if (!dwOb_setattr(I, a->v[0], dwI_intern(I, STR(a->v[1])->s), a->v[2])) return dwV_null();
  return dwV_none();
}

BI(b_divmod) {
  NARGS("divmod", 2, 2);
  Value q = dwOb_binop(I, BIN_FLOORDIV, a->v[0], a->v[1]);
  if (q.t == V_NULL) return q;
  Value r = dwOb_binop(I, BIN_MOD, a->v[0], a->v[1]);
  if (r.t == V_NULL) {
    dwV_decref(&I->c, q);
    return r;
  }
  Tuple *t = dwV_tuple(&I->c, 2);
  if (!t) return dwI_raise_ctx(I);
  t->items[0] = q;
  t->items[1] = r;
  return dwV_obj(&t->h);
}

static uint64_t mulmod(uint64_t x, uint64_t y, uint64_t m) {
  uint64_t r = 0;
  x %= m;
  while (y) {
    if (y & 1) r = r >= m - x ? r - (m - x) : r + x;
    x = x >= m - x ? x - (m - x) : x + x;
    y >>= 1;
  }
  return r;
}

BI(b_pow) {
  Value o[3];
  if (!dwL_bind(I, "pow", dwV_null(), a, "base,exp,mod", o, 3)) return dwV_null();
  if (o[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "pow() missing required argument 'base' (pos 1)");
  if (o[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "pow() missing required argument 'exp' (pos 2)");
  if (o[2].t == V_NULL || o[2].t == V_NONE) return dwOb_binop(I, BIN_POW, o[0], o[1]);
  bool ints = true;
  for (int k = 0; k < 3; k++)
    if (o[k].t != V_INT && o[k].t != V_BOOL) ints = false;
  if (!ints)
    return dwI_raise(I, EXC_TypeError,
                     "pow() 3rd argument not allowed unless all arguments are integers");
  int64_t b = o[0].u.i, e = o[1].u.i, m = o[2].u.i;
  if (m == 0) return dwI_raise(I, EXC_ValueError, "pow() 3rd argument cannot be 0");
  uint64_t um = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
  /* base reduced into [0, |m|) */
  uint64_t ub = b < 0 ? (um - ((uint64_t)0 - (uint64_t)b) % um) % um : (uint64_t)b % um;
  if (e < 0) {
    /* modular inverse (extended Euclid), then a positive exponent */
    int64_t r0 = (int64_t)(um > (uint64_t)INT64_MAX ? 0 : um), r1 = (int64_t)ub, t0 = 0, t1 = 1;
    if (um > (uint64_t)INT64_MAX)
      return dwI_raise(I, EXC_OverflowError, "integer overflow (dynawasm integers are 64-bit)");
    while (r1) {
      int64_t q = r0 / r1, tmp = r0 - q * r1;
      r0 = r1;
      r1 = tmp;
      tmp = t0 - q * t1;
      t0 = t1;
      t1 = tmp;
    }
    if (r0 != 1) return dwI_raise(I, EXC_ValueError, "base is not invertible for the given modulus");
    ub = t0 < 0 ? (uint64_t)(t0 + (int64_t)um) : (uint64_t)t0;
    e = e == INT64_MIN ? INT64_MAX : -e; /* INT64_MIN: one short (rare) */
  }
  uint64_t r = 1 % um, ue = (uint64_t)e;
  while (ue) {
    if (ue & 1) r = mulmod(r, ub, um);
    ub = mulmod(ub, ub, um);
    ue >>= 1;
  }
  /* the result takes the sign of the modulus */
  if (m < 0 && r) return dwV_int((int64_t)(r - um));
  return dwV_int((int64_t)r);
}

BI(b_chr) {
  NARGS("chr", 1, 1);
  int64_t c;
  if (!dwL_int(I, a->v[0], "chr() argument", &c)) return dwV_null();
  if (c < 0 || c > 0x10ffff) return dwI_raise(I, EXC_ValueError, "chr() arg not in range(0x110000)");
  Buf b = {0};
  dwFm_utf8_put(&b, (uint32_t)c);
  if (b.oom) {
    dwB_free(&b);
    return dwI_raise(I, EXC_MemoryError, "%s", "");
  }
  return dwL_new_str(I, &b);
}

BI(b_ord) {
  NARGS("ord", 1, 1);
  if (a->v[0].t != V_STR || STR(a->v[0])->len == 0)
    return dwI_raise(I, EXC_TypeError, "ord() expected a character");
  const unsigned char *p = (const unsigned char *)STR(a->v[0])->s;
  size_t n = STR(a->v[0])->len;
  int64_t c = p[0];
  size_t need = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  if (need != n) return dwI_raise(I, EXC_TypeError, "ord() expected a character, but string of length %zu found", n);
  if (need == 2) c = ((c & 0x1f) << 6) | (p[1] & 63);
  if (need == 3) c = ((c & 0x0f) << 12) | ((p[1] & 63) << 6) | (p[2] & 63);
  if (need == 4) c = ((c & 0x07) << 18) | ((p[1] & 63) << 12) | ((p[2] & 63) << 6) | (p[3] & 63);
  return dwV_int(c);
}

BI(b_callable) {
  NARGS("callable", 1, 1);
  int t = a->v[0].t;
  bool c = t == V_FUNC || t == V_BUILTIN || t == V_BOUND || t == V_WRAP || t == V_CLASS;
  if (t == V_OPAQUE) /* grad-mode contexts and the functions they wrap */
    c = ((Opaque *)OBJ(a->v[0]))->kind == DW_OPQ_GRAD_CTX || ((Opaque *)OBJ(a->v[0]))->kind == DW_OPQ_GRAD_FN;
  if (t == V_INST) {
    Inst *in = (Inst *)OBJ(a->v[0]);
    c = (in->cls->cflags & CLS_NN_MODULE) ||
        dwOb_class_lookup(in->cls, dwI_intern(I, "__call__")).t != V_NULL;
  }
  return dwV_bool(c);
}

BI(b_iter) {
  NARGS("iter", 1, 1);
  return dwOb_iter(I, a->v[0]);
}

BI(b_next) {
  NOKW("next");
  if (a->n < 1) return dwI_raise(I, EXC_TypeError, "next expected at least 1 argument, got 0");
  if (a->n > 2) return dwI_raise(I, EXC_TypeError, "next expected at most 2 arguments, got %d", a->n);
  if (a->v[0].t == V_INST) {
    bool found;
    Value r = call_dunder(I, a->v[0], "__next__", 0, NULL, &found);
    if (!found)
      return dwI_raise(I, EXC_TypeError, "'%s' object is not an iterator", dwV_type_name(a->v[0]));
    if (r.t == V_NULL && a->n == 2 && I->exc.t == V_EXC &&
        ((Exc *)OBJ(I->exc))->type == EXC_StopIteration) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      dwV_incref(a->v[1]);
      return a->v[1];
    }
    return r;
  }
  if (a->v[0].t == V_GEN) /* StopIteration carries the return value */
    return dwGe_next_value(I, (Gen *)OBJ(a->v[0]), a->n == 2 ? a->v[1] : dwV_null());
  if (a->v[0].t != V_ITER)
    return dwI_raise(I, EXC_TypeError, "'%s' object is not an iterator", dwV_type_name(a->v[0]));
  Value v = dwOb_next(I, a->v[0]);
  if (v.t == V_NULL && I->exc.t == V_NULL && !I->brk.pending) {
    if (a->n == 2) {
      dwV_incref(a->v[1]);
      return a->v[1];
    }
    return dwI_raise(I, EXC_StopIteration, "%s", "");
  }
  return v;
}

BI(b_id) {
  NARGS("id", 1, 1);
  Value v = a->v[0];
  if (V_ISOBJ(v.t)) I->id_reads++;
  return dwV_int(V_ISOBJ(v.t) ? (int64_t)(uintptr_t)v.u.o : (int64_t)dwV_hash(v));
}

BI(b_hash) {
  NARGS("hash", 1, 1);
  Value v = a->v[0];
  if (V_ISOBJ(v.t) && v.t != V_STR) I->id_reads++;
  if (!dwOb_check_hashable(I, v)) return dwV_null();
  if (v.t == V_INST) {
    bool found;
    Value r = call_dunder(I, v, "__hash__", 0, NULL, &found);
    if (found) {
      if (r.t == V_NULL) return r;
      if (r.t != V_INT && r.t != V_BOOL) {
        dwV_decref(&I->c, r);
        return dwI_raise(I, EXC_TypeError, "__hash__ method should return an integer");
      }
      return dwV_int(r.u.i == -1 ? -2 : r.u.i);
    }
  }
  int64_t h;
  if (dwV_pyhash(v, &h)) return dwV_int(h);
  return dwV_int((int64_t)dwV_hash(v));
}

static Value int_text(Interp *I, Value v, int base, const char *prefix) {
  int64_t x;
  if (!dwOb_index(I, v, &x)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(v));
  }
  Buf b = {0};
  if (x < 0) dwB_putc(&b, '-');
  dwB_puts(&b, prefix);
  dwFm_int_digits(&b, x, base, false);
  return dwL_new_str(I, &b);
}

BI(b_hex) { NOKW("hex"); NARGS("hex", 1, 1); return int_text(I, a->v[0], 16, "0x"); }
BI(b_oct) { NOKW("oct"); NARGS("oct", 1, 1); return int_text(I, a->v[0], 8, "0o"); }
BI(b_bin) { NOKW("bin"); NARGS("bin", 1, 1); return int_text(I, a->v[0], 2, "0b"); }

void dwL_ascii_of(Buf *out, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    uint32_t c = p[i];
    if (c < 0x80) {
      dwB_putc(out, (char)c);
      i++;
      continue;
    }
    size_t w = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (i + w > n) w = 1;
    if (w == 2) c = ((c & 0x1f) << 6) | (p[i + 1] & 63);
    else if (w == 3) c = ((c & 0x0f) << 12) | ((p[i + 1] & 63) << 6) | (p[i + 2] & 63);
    else if (w == 4)
      c = ((c & 0x07) << 18) | ((p[i + 1] & 63) << 12) | ((p[i + 2] & 63) << 6) | (p[i + 3] & 63);
    if (c <= 0xff) dwB_printf(out, "\\x%02x", (unsigned)c);
    else if (c <= 0xffff) dwB_printf(out, "\\u%04x", (unsigned)c);
    else dwB_printf(out, "\\U%08x", (unsigned)c);
    i += w;
  }
}

BI(b_ascii) {
  NARGS("ascii", 1, 1);
  Buf r = {0};
  if (!dwFm_repr_value(I, &r, a->v[0])) {
    dwB_free(&r);
    return dwV_null();
  }
  Buf q = {0};
  dwL_ascii_of(&q, r.p ? r.p : "", r.len);
  dwB_free(&r);
  return dwL_new_str(I, &q);
}

BI(b_input) {
  return dwI_raise(I, EXC_RuntimeError, "input() is not available: programs run without a terminal");
}


/* The name of v's builtin type as the type objects are registered. */
const char *dwL_type_key(Value v) {
  switch (v.t) {
  case V_FUNC: return "function";
  case V_WRAP:
    return ((Wrap *)OBJ(v))->kind == WRAP_PROPERTY ? "property"
           : ((Wrap *)OBJ(v))->kind == WRAP_STATIC ? "staticmethod"
           : ((Wrap *)OBJ(v))->kind == WRAP_CLASSMETHOD ? "classmethod"
                                                        : "function";
  case V_TENSOR: return OBJ(v)->flags & DW_TENSOR_PARAM ? "torch.nn.parameter.Parameter" : "torch.Tensor";
  case V_TUPLE: return OBJ(v)->flags == TUP_SIZE ? "torch.Size" : "tuple";
  case V_DICT: return "dict"; /* an OrderedDict, ... too */
  case V_BUILTIN:
    return ((Builtin *)OBJ(v))->self.t == V_NULL && dwV_is_type_def(((Builtin *)OBJ(v))->def)
               ? "type"
               : "builtin_function_or_method";
  case V_OPAQUE:
    if (((Opaque *)OBJ(v))->kind == 5) return "ellipsis";
    if (((Opaque *)OBJ(v))->kind == 7) return "NotImplementedType";
    return "object";
  default: return dwV_type_name(v);
  }
}

/* The builtin type object of a type name: a builtin (int) or a type
 * registered as __type_<name> (NoneType); V_NULL if none. */
static Value type_object(Interp *I, const char *name) {
  if (!strcmp(name, "torch.Tensor")) return dwL_builtin(I, "__tensor_type");
  if (!strcmp(name, "torch.nn.parameter.Parameter")) return dwL_builtin(I, "__parameter_type");
  Value r = dwV_null();
  if (!strchr(name, '.')) r = dwL_builtin(I, name);
  if (r.t == V_BUILTIN && dwV_is_type_def(((Builtin *)OBJ(r))->def)) return r;
  dwV_decref(&I->c, r);
  char key[64];
  snprintf(key, sizeof key, "__type_%s", name);
  return dwL_builtin(I, key);
}

BI(b_type) {
  if (a->n == 3) return dwI_raise(I, EXC_NotImplementedError, "type() with 3 arguments is not supported");
  NARGS("type", 1, 1);
  return dwL_type_of(I, a->v[0]);
}

/* type(v), which is also v.__class__ (a new reference) */
Value dwL_type_of(Interp *I, Value v) {
  if (v.t == V_INST || ((v.t == V_TUPLE || v.t == V_DICT) && dwV_class_of(v))) {
    Class *c = dwV_class_of(v);
    dwV_incref_o(&c->h);
    return dwV_obj(&c->h);
  }
  if (v.t == V_EXC) {
    Exc *e = (Exc *)OBJ(v);
    if (e->cls) {
      dwV_incref_o(&e->cls->h);
      return dwV_obj(&e->cls->h);
    }
    return dwL_builtin(I, dwV_exc_names[e->type]);
  }
  Value r = type_object(I, dwL_type_key(v));
  if (r.t == V_NULL) {
    Str *s = dwV_strf(&I->c, "<class '%s'>", dwV_type_name(v));
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  return r;
}

BI(b_type_new) {
  const char *n = def->name;
  if (!strcmp(n, "NoneType")) {
    if (a->n || a->nkw) return dwI_raise(I, EXC_TypeError, "NoneType takes no arguments");
    return dwV_none();
  }
  if (!strcmp(n, "method")) return dwTp_method_new(I, a); /* types.MethodType (mod_types.c) */
  return dwI_raise(I, EXC_TypeError, "cannot create '%s' instances", n);
}

static const BuiltinDef type_defs[] = {
    {"NoneType", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"function", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"builtin_function_or_method", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"method", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"module", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_keys", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_values", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_items", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"ellipsis", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"NotImplementedType", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"cell", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"generator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"list_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"tuple_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"str_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"str_ascii_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"range_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"set_iterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_keyiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_valueiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"dict_itemiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"list_reverseiterator", b_type_new, TK_PURE, 0, dwV_type_doc},
    {"iterator", b_type_new, TK_PURE, 0, dwV_type_doc},

    {NULL, NULL, 0, 0, 0}};

/* super(): the defining class of the running method and its self. */
typedef struct SuperObj {
  Value self;
  Class *start; /* lookups begin at start->base */
} SuperObj;

static void super_free(Ctx *c, void *p) {
  SuperObj *s = p;
  dwV_decref(c, s->self);
  free(s);
}

/* super().name: the classes after `start` in the MRO of self's class,
 * then `object`. */
static Value super_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  SuperObj *s = p;
  Str *nm = dwI_intern(I, name);
  Class *tc = s->self.t == V_INST ? ((Inst *)OBJ(s->self))->cls
              : s->self.t == V_EXC ? ((Exc *)OBJ(s->self))->cls
              : s->self.t == V_CLASS ? (Class *)OBJ(s->self)
                                      : NULL;
  Value v = dwV_null();
  if (tc) {
    int n = dwI_class_mro(tc, NULL, 0), k = 0;
    Class **mro = malloc(sizeof(Class *) * (size_t)(n + 1));
    if (!mro) return dwI_raise(I, EXC_MemoryError, "out of memory");
    dwI_class_mro(tc, mro, n);
    while (k < n && mro[k] != s->start) k++;
    for (k++; k < n && v.t == V_NULL; k++) v = dwV_dict_gets(mro[k]->ns, nm);
    free(mro);
  }
  if (v.t == V_NULL) {
    Value obj = dwL_builtin(I, "object");
    if (obj.t == V_CLASS) v = dwV_dict_gets(((Class *)OBJ(obj))->ns, nm);
    dwV_decref(&I->c, obj);
  }
  if (v.t == V_NULL) return dwV_null();
  if (s->self.t == V_CLASS) {
    if (v.t == V_WRAP && ((Wrap *)OBJ(v))->kind == WRAP_CLASSMETHOD)
      return dwOb_bind(I, s->self, ((Wrap *)OBJ(v))->target);
    dwV_incref(v);
    return v;
  }
  return dwOb_bind(I, s->self, v);
}

BI(b_super) {
  Frame *f = I->frame;
  if (a->n == 2 && a->v[0].t == V_CLASS) {
    SuperObj *s = calloc(1, sizeof *s);
    if (!s) return dwI_raise(I, EXC_MemoryError, "out of memory");
    s->start = (Class *)OBJ(a->v[0]);
    dwV_incref(s->self = a->v[1]);
    Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!o) {
      super_free(&I->c, s);
      return dwI_raise_ctx(I);
    }
    o->kind = 2;
    o->p = s;
    o->free = super_free;
    o->getattr = super_getattr;
    return dwV_obj(&o->h);
  }
  if (!f || !f->func || !f->func->owner || f->code->nslots == 0 ||
      f->code->nparams == 0)
    return dwI_raise(I, EXC_RuntimeError, "super(): no arguments");
  Value me = f->slots[0];
  if (f->code->slotcell[0] && me.t == V_CELL) me = ((Cell *)OBJ(me))->v;
  if (me.t == V_NULL) return dwI_raise(I, EXC_RuntimeError, "super(): arg[0] deleted");
  SuperObj *s = calloc(1, sizeof *s);
  if (!s) return dwI_raise(I, EXC_MemoryError, "out of memory");
  s->start = f->func->owner;
  dwV_incref(s->self = me);
  Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!o) {
    super_free(&I->c, s);
    return dwI_raise_ctx(I);
  }
  o->kind = 2;
  o->p = s;
  o->free = super_free;
  o->getattr = super_getattr;
  return dwV_obj(&o->h);
}


/* ------------------------------------------------------------------ */
/* isinstance                                                          */
/* ------------------------------------------------------------------ */

static const BuiltinDef builtin_defs[];

/* Does builtin type object `t` (int, str, ...) describe values of type
 * name `name`? (bool is an int; torch.Size is a tuple; a Parameter is a
 * Tensor) */
static bool type_def_matches(const BuiltinDef *t, const char *name) {
  const char *n = t->name;
  if (!strcmp(n, name)) return true;
  if (!strcmp(n, "int") && !strcmp(name, "bool")) return true;
  if (!strcmp(n, "tuple") && !strcmp(name, "torch.Size")) return true;
  if (!strcmp(n, "torch.Tensor") && !strcmp(name, "torch.nn.parameter.Parameter")) return true;
  return false;
}

static bool is_instance(Interp *I, Value v, Value cls, bool *out) {
  *out = false;
  if (cls.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(cls);
    for (int64_t k = 0; k < t->len && !*out; k++)
      if (!is_instance(I, v, t->items[k], out)) return false;
    return true;
  }
  if (cls.t == V_CLASS) {
    Class *c = (Class *)OBJ(cls);
    if (c->cflags & CLS_OBJECT) {
      *out = true;
      return true;
    }
    if (v.t == V_INST || ((v.t == V_TUPLE || v.t == V_DICT) && dwV_class_of(v))) {
      *out = dwI_subclass(dwV_class_of(v), c);
      return true;
    }
    if (v.t == V_EXC) {
      Exc *e = (Exc *)OBJ(v);
      if (e->cls) *out = dwI_subclass(e->cls, c);
      else if ((c->cflags & CLS_BUILTIN) && (c->cflags & CLS_EXCEPTION) && c->builtin_base >= 0)
        for (int t = e->type;; t = dwV_exc_base[t]) {
          if (t == c->builtin_base) {
            *out = true;
            break;
          }
          if (t == EXC_BaseException) break;
        }
    }
    return true;
  }
  if (cls.t == V_INST) {
    bool handled;
    if (!dwL_typing_instancecheck(I, v, cls, out, &handled)) return false;
    if (handled) return true;
  }
  if (cls.t == V_BUILTIN && dwV_is_type_def(((Builtin *)OBJ(cls))->def)) {
    const BuiltinDef *d = ((Builtin *)OBJ(cls))->def;
    if (!strcmp(d->name, "type")) *out = v.t == V_CLASS || (v.t == V_BUILTIN && dwV_is_type_def(((Builtin *)OBJ(v))->def));
    else if (v.t == V_INST || v.t == V_EXC) *out = false;
    else *out = type_def_matches(d, dwL_type_key(v));
    return true;
  }
  if (cls.t == V_BUILTIN) {
    const char *n = ((Builtin *)OBJ(cls))->def->name;
    if (!strcmp(n, "torch.Size")) *out = v.t == V_TUPLE && OBJ(v)->flags == TUP_SIZE;
    else if (!strcmp(n, "torch.dtype")) *out = v.t == V_DTYPE;
    else goto bad;
    return true;
  }
bad:
  dwI_raise(I, EXC_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  return false;
}

static bool is_type_value(Value v) {
  return v.t == V_CLASS || (v.t == V_BUILTIN && (dwV_is_type_def(((Builtin *)OBJ(v))->def) ||
                                                 !strncmp(((Builtin *)OBJ(v))->def->name, "torch.", 6)));
}

static bool is_subclass(Interp *I, Value c, Value base, bool *out) {
  *out = false;
  if (base.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(base);
    for (int64_t k = 0; k < t->len && !*out; k++)
      if (!is_subclass(I, c, t->items[k], out)) return false;
    return true;
  }
  if (!is_type_value(base)) {
    dwI_raise(I, EXC_TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return false;
  }
  if (base.t == V_CLASS && (((Class *)OBJ(base))->cflags & CLS_OBJECT)) {
    *out = true;
    return true;
  }
  if (c.t == V_CLASS && base.t == V_CLASS) {
    *out = dwI_subclass((Class *)OBJ(c), (Class *)OBJ(base));
    return true;
  }
  if (c.t == V_BUILTIN && base.t == V_BUILTIN) {
    *out = c.u.o == base.u.o ||
           type_def_matches(((Builtin *)OBJ(base))->def, ((Builtin *)OBJ(c))->def->name);
    return true;
  }
  return true;
}

BI(b_issubclass) {
  NOKW("issubclass");
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "issubclass expected 2 arguments, got %d", a->n);
  if (!is_type_value(a->v[0]))
    return dwI_raise(I, EXC_TypeError, "issubclass() arg 1 must be a class");
  bool r;
  if (!is_subclass(I, a->v[0], a->v[1], &r)) return dwV_null();
  return dwV_bool(r);
}

BI(b_getrecursionlimit) {
  NOKW("getrecursionlimit");
  NARGS("getrecursionlimit", 0, 0);
  return dwV_int(I->max_depth);
}

/* CPython's checks and messages. The limit bounds Python frames; deep C
 * recursion stays bounded by the stack checks whatever the limit is. */
BI(b_setrecursionlimit) {
  NOKW("setrecursionlimit");
  NARGS("setrecursionlimit", 1, 1);
  if (a->v[0].t == V_FLOAT)
    return dwI_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
  int64_t n;
  if (!dwOb_index(I, a->v[0], &n)) {
    if (I->exc.t != V_NULL) return dwV_null();
    return dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
                     dwV_type_name(a->v[0]));
  }
  if (n < 1) return dwI_raise(I, EXC_ValueError, "recursion limit must be greater or equal than 1");
  if (n <= I->depth + 1) /* + the module frame */
    return dwI_raise(I, EXC_RecursionError,
                     "cannot set the recursion limit to %lld at the recursion depth %d: "
                     "the limit is too low",
                     (long long)n, I->depth + 1);
  I->max_depth = n > INT32_MAX ? INT32_MAX : (int)n;
  return dwV_none();
}

static const BuiltinDef sys_defs[] = {
    {"sys.getrecursionlimit", b_getrecursionlimit, TK_PURE, 0, 0},
    {"sys.setrecursionlimit", b_setrecursionlimit, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* ------------------------------------------------------------------ */
/* The table of builtins                                               */
/* ------------------------------------------------------------------ */

static Value wrap_kind(Interp *I, Args *a, int kind, const char *name) {
  if (a->n != 1 || a->nkw) return dwI_raise(I, EXC_TypeError, "%s() takes 1 argument", name);
  Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
  if (!w) return dwI_raise_ctx(I);
  w->kind = (uint8_t)kind;
  dwV_incref(w->target = a->v[0]);
  return dwV_obj(&w->h);
}

BI(b_staticmethod) { return wrap_kind(I, a, WRAP_STATIC, "staticmethod"); }
BI(b_classmethod) { return wrap_kind(I, a, WRAP_CLASSMETHOD, "classmethod"); }

BI(b_property2) {
  Value o[4];
  if (!dwL_bind(I, "property", dwV_null(), a, "fget,fset,fdel,doc", o, 4)) return dwV_null();
  Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
  if (!w) return dwI_raise_ctx(I);
  w->kind = WRAP_PROPERTY;
  w->target = o[0].t == V_NULL ? dwV_none() : o[0];
  dwV_incref(w->target);
  if (o[1].t != V_NULL && o[1].t != V_NONE) dwV_incref(w->fset = o[1]);
  return dwV_obj(&w->h);
}

/* object: the base of every class */
BI(b_object_init) { return dwV_none(); }
BI(b_object_repr) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  Buf b = {0};
  dwV_repr(&b, v);
  return dwL_new_str(I, &b);
}
BI(b_object_str) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  Buf b = {0};
  if (!dwFm_repr_value(I, &b, v)) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}
BI(b_object_eq) {
  Value x = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  Value y = a->n > (self.t != V_NULL ? 0 : 1) ? a->v[self.t != V_NULL ? 0 : 1] : dwV_none();
  bool same = x.t == y.t && (V_ISOBJ(x.t) ? x.u.o == y.u.o : x.u.i == y.u.i);
  if (def->data == 1) {
    if (same) return dwV_bool(false);
  } else if (same) {
    return dwV_bool(true);
  }
  dwV_incref(I->not_implemented);
  return I->not_implemented;
}
BI(b_object_hash) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  return dwV_int((int64_t)dwV_hash(v));
}
BI(b_object_setattr) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  int off = self.t != V_NULL ? 0 : 1;
  if (a->n - off != 2 || a->v[off].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "__setattr__ expected 2 arguments");
  if (v.t == V_INST) {
    Dict *d = ((Inst *)OBJ(v))->attrs;
    if (dwR_tracing(I)) dwR_log_obj(I, &d->h);
    if (!dwV_dict_set(&I->c, d, VSTR(dwI_intern(I, STR(a->v[off])->s)), a->v[off + 1]))
      return dwI_raise_ctx(I);
    return dwV_none();
  }
  if (!dwOb_setattr(I, v, dwI_intern(I, STR(a->v[off])->s), a->v[off + 1])) return dwV_null();
  return dwV_none();
}

/* object.__getattribute__(self, name): the default lookup (what a user
 * __getattribute__ falls back on through super() or object) */
BI(b_object_getattribute) {
  Value v = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  int off = self.t != V_NULL ? 0 : 1;
  if (a->n - off != 1) return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n - off);
  if (a->v[off].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "attribute name must be string, not '%s'",
                     dwV_type_name(a->v[off]));
  return dwOb_getattr_default(I, v, dwI_intern(I, STR(a->v[off])->s));
}

/* object.__new__(cls, ...): a new instance of cls without __init__ (cls
 * comes first; super().__new__(cls) and object.__new__(cls) both reach it) */
BI(b_object_new) {
  Value c = a->n && a->v[0].t == V_CLASS ? a->v[0] : self;
  if (c.t != V_CLASS)
    return dwI_raise(I, EXC_TypeError, "object.__new__(X): X is not a type object (%s)",
                     dwV_type_name(c));
  Class *k = (Class *)OBJ(c);
  if (k->cflags & (CLS_BUILTIN | CLS_EXCEPTION))
    return dwI_raise(I, EXC_TypeError, "object.__new__(%s) is not safe, use %s.__new__()",
                     k->name->s, k->name->s);
  return dwI_new_inst(I, k);
}

static const BuiltinDef object_methods[] = {
    {"object.__init__", b_object_init, TK_PURE, 0, 0},
    {"object.__repr__", b_object_repr, TK_PURE, 0, 0},
    {"object.__str__", b_object_str, TK_PURE, 0, 0},
    {"object.__eq__", b_object_eq, TK_PURE, 0, 0},
    {"object.__ne__", b_object_eq, TK_PURE, 1, 0},
    {"object.__hash__", b_object_hash, TK_PURE, 0, 0},
    {"object.__setattr__", b_object_setattr, TK_MUTATE, 0, 0},
    {"object.__getattribute__", b_object_getattribute, TK_PURE, 0, 0},
    {"object.__new__", b_object_new, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* BaseException.__init__ / __str__ (on the builtin exception classes, for
 * super().__init__(msg) in user exception classes) */
BI(b_exc_init) {
  Value e = self;
  Args rest = *a;
  if (e.t == V_NULL) {
    if (a->n < 1)
      return dwI_raise(I, EXC_TypeError, "descriptor '__init__' of 'BaseException' object needs an argument");
    e = a->v[0];
    rest.n--;
    rest.v++;
  }
  if (rest.nkw) return dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", dwV_type_name(e));
  if (!dwOb_exc_init(I, e, &rest)) return dwV_null();
  return dwV_none();
}

BI(b_exc_str) {
  Value e = self.t != V_NULL ? self : a->n ? a->v[0] : dwV_none();
  if (e.t != V_EXC) return dwI_raise(I, EXC_TypeError, "descriptor '__str__' requires a 'BaseException' object");
  Exc *x = (Exc *)OBJ(e);
  return dwMt_str_new(I, x->msg ? x->msg->s : "", x->msg ? x->msg->len : 0);
}

static const BuiltinDef exc_methods[] = {
    {"BaseException.__init__", b_exc_init, TK_PURE, 0, 0},
    {"BaseException.__str__", b_exc_str, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef builtin_defs[] = {
    {"property", b_property2, TK_PURE, 0, dwV_type_doc}, {"staticmethod", b_staticmethod, TK_PURE, 0, dwV_type_doc},
    {"classmethod", b_classmethod, TK_PURE, 0, dwV_type_doc},
    {"print", b_print, TK_UNSUPPORTED, 0, 0}, {"len", b_len, TK_PURE, 0, 0},
    {"range", b_range, TK_PURE, 0, dwV_type_doc}, {"slice", b_slice, TK_PURE, 0, dwV_type_doc}, {"enumerate", b_enumerate, TK_PURE, 0, dwV_type_doc},
    {"zip", b_zip, TK_PURE, 0, dwV_type_doc}, {"map", b_map, TK_PURE, 0, dwV_type_doc},
    {"filter", b_filter, TK_PURE, 0, dwV_type_doc}, {"min", b_min, TK_PURE, 0, 0},
    {"max", b_max, TK_PURE, 0, 0}, {"sum", b_sum, TK_PURE, 0, 0},
    {"abs", b_abs, TK_PURE, 0, 0}, {"round", b_round, TK_PURE, 0, 0},
    {"int", b_int, TK_PURE, 0, dwV_type_doc}, {"float", b_float, TK_PURE, 0, dwV_type_doc},
    {"bool", b_bool, TK_PURE, 0, dwV_type_doc}, {"str", b_str, TK_PURE, 0, dwV_type_doc},
    {"repr", b_repr, TK_PURE, 0, 0}, {"format", b_format, TK_PURE, 0, 0},
    {"list", b_list, TK_PURE, 0, dwV_type_doc}, {"tuple", b_tuple, TK_PURE, 0, dwV_type_doc},
    {"dict", b_dict, TK_PURE, 0, dwV_type_doc}, {"set", dwMt_set_builtin, TK_PURE, 0, dwV_type_doc},
    {"isinstance", b_isinstance, TK_PURE, 0, 0}, {"issubclass", b_issubclass, TK_PURE, 0, 0},
    {"sorted", b_sorted, TK_PURE, 0, 0}, {"reversed", b_reversed, TK_PURE, 0, dwV_type_doc},
    {"any", b_any, TK_PURE, 0, 0}, {"all", b_all, TK_PURE, 0, 0},
    {"hasattr", b_hasattr, TK_PURE, 0, 0}, {"getattr", b_getattr, TK_PURE, 0, 0},
    {"setattr", b_setattr, TK_MUTATE, 0, 0}, {"divmod", b_divmod, TK_PURE, 0, 0},
    {"pow", b_pow, TK_PURE, 0, 0}, {"chr", b_chr, TK_PURE, 0, 0},
    {"ord", b_ord, TK_PURE, 0, 0}, {"callable", b_callable, TK_PURE, 0, 0},
    {"iter", b_iter, TK_PURE, 0, 0}, {"next", b_next, TK_PURE, 0, 0},
    {"id", b_id, TK_PURE, 0, 0}, {"hash", b_hash, TK_PURE, 0, 0},
    {"hex", b_hex, TK_PURE, 0, 0}, {"oct", b_oct, TK_PURE, 0, 0},
    {"bin", b_bin, TK_PURE, 0, 0}, {"ascii", b_ascii, TK_PURE, 0, 0},
    {"input", b_input, TK_UNSUPPORTED, 0, 0}, {"type", b_type, TK_PURE, 0, dwV_type_doc},
    {"super", b_super, TK_PURE, 0, dwV_type_doc}, {NULL, NULL, 0, 0, 0}};
Value dwL_new_builtin(Interp *I, const BuiltinDef *d) {
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) return dwV_null();
  b->def = d;
  b->self = b->extra = dwV_null();
  return dwV_obj(&b->h);
}

/* Adds every def of a table to a dict under the name after the last dot. */
bool dwL_add_defs(Interp *I, Dict *d, const BuiltinDef *tab) {
  for (const BuiltinDef *def = tab; def->name; def++) {
    Value v = dwL_new_builtin(I, def);
    if (v.t == V_NULL) return false;
    const char *n = strrchr(def->name, '.');
    Str *key = dwI_intern(I, n ? n + 1 : def->name);
    bool ok = key && dwV_dict_set(&I->c, d, VSTR(key), v);
    dwV_decref(&I->c, v);
    if (!ok) return false;
  }
  return true;
}

Module *dwL_module(Interp *I, const char *name) {
  Module *m = (Module *)dwV_alloc(&I->c, V_MODULE, sizeof(Module));
  if (!m) return NULL;
  m->name = dwI_intern(I, name);
  dwV_incref_o(&m->name->h);
  m->attrs = dwV_dict(&I->c);
  if (!m->attrs) return NULL;
  Str *key = dwI_intern(I, name);
  dwV_dict_set(&I->c, I->modules, VSTR(key), dwV_obj(&m->h));
  dwV_decref_o(&I->c, &m->h); /* the registry keeps it */
  return m;
}

bool dwL_set(Interp *I, Dict *d, const char *name, Value v) {
  Str *key = dwI_intern(I, name);
  return key && dwV_dict_set(&I->c, d, VSTR(key), v);
}

bool dwL_init(Interp *I) {
  I->builtins = dwV_dict(&I->c);
  I->modules = dwV_dict(&I->c);
  if (!I->builtins || !I->modules) return false;
  if (!dwL_add_defs(I, I->builtins, builtin_defs)) return false;
  /* builtin types without a builtin name (type(None), ...) */
  for (const BuiltinDef *d = type_defs; d->name; d++) {
    char key[64];
    snprintf(key, sizeof key, "__type_%s", d->name);
    Value v = dwL_new_builtin(I, d);
    if (v.t == V_NULL || !dwL_set(I, I->builtins, key, v)) return false;
    dwV_decref(&I->c, v);
  }
  /* object */
  {
    Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
    if (!c) return false;
    c->name = dwI_intern(I, "object");
    dwV_incref_o(&c->name->h);
    c->builtin_base = -1;
    c->cflags = CLS_BUILTIN | CLS_OBJECT;
    c->ns = dwV_dict(&I->c);
    bool ok = c->ns && dwL_add_defs(I, c->ns, object_methods) &&
              dwL_set(I, I->builtins, "object", dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
    if (!ok) return false;
  }
  /* NotImplemented */
  {
    Opaque *ni = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!ni) return false;
    ni->kind = 7;
    I->not_implemented = dwV_obj(&ni->h);
    dwL_set(I, I->builtins, "NotImplemented", I->not_implemented);
    dwV_decref_o(&I->c, &ni->h); /* the builtins keep it */
  }
  /* exception classes */
  for (int t = 0; t < EXC_COUNT; t++) {
    Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
    if (!c) return false;
    c->name = dwI_intern(I, dwV_exc_names[t]);
    dwV_incref_o(&c->name->h);
    c->builtin_base = t;
    c->cflags = CLS_BUILTIN | CLS_EXCEPTION;
    c->ns = dwV_dict(&I->c);
    bool ok = c->ns && dwL_add_defs(I, c->ns, exc_methods) &&
              dwL_set(I, I->builtins, dwV_exc_names[t], dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
    if (!ok) return false;
  }
  Opaque *el = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!el) return false;
  el->kind = 5;
  I->ellipsis = dwV_obj(&el->h);
  dwL_set(I, I->builtins, "Ellipsis", I->ellipsis);
  if (!dwMa_init(I)) return false; /* math, time (mathlib.c) */
  Module *sys = dwL_module(I, "sys");
  if (!sys || !dwL_add_defs(I, sys->attrs, sys_defs)) return false;
  for (int k = 0; k < 2; k++) {
    Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!o) return false;
    o->kind = k ? 4 : 6; /* 4: stderr, 6: stdout (print(file=...)) */
    dwL_set(I, sys->attrs, k ? "stderr" : "stdout", dwV_obj(&o->h));
    dwV_decref_o(&I->c, &o->h);
  }
  dwL_set(I, sys->attrs, "maxsize", dwV_int(INT64_MAX));
  return dwL_operator_init(I) && dwL_stdlib_init(I) && dwL_torch_init(I);
}

Value dwL_builtin(Interp *I, const char *name) {
  if (!I->builtins) return dwV_null();
  Str *key = dwV_str(&I->c, name, strlen(name));
  if (!key) return dwV_null();
  Value v = dwV_dict_get(I->builtins, VSTR(key));
  dwV_decref_o(&I->c, &key->h);
  dwV_incref(v);
  return v;
}

Value dwL_import(Interp *I, const char *dotted) {
  Str *key = dwV_str(&I->c, dotted, strlen(dotted));
  if (!key) return dwI_raise_ctx(I);
  Value v = dwV_dict_get(I->modules, VSTR(key));
  dwV_decref_o(&I->c, &key->h);
  if (v.t == V_NULL && dwD_missing_module(I, dotted)) return dwV_null();
  if (v.t == V_NULL)
    return dwI_raise(I, EXC_ModuleNotFoundError,
                     "No module named '%s' (dynawasm provides torch, math, time, sys, operator, typing, "
                     "__future__, itertools, functools, collections, types and copy)",
                     dotted);
  dwV_incref(v);
  return v;
}
