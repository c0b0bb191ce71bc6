/* mod_functools.c - the functools module (CPython 3.11's Lib/functools.py
 * and Modules/_functoolsmodule.c): partial, reduce, update_wrapper/wraps,
 * lru_cache and cache. partial and the cache wrapper are instances of
 * runtime classes named as CPython's (functools.partial,
 * functools._lru_cache_wrapper); calling one calls its function. Inside a
 * traced frame a cache wrapper calls the function itself, as Dynamo does
 * (it traces the wrapped function and ignores the cache). */
#include "stdmod.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwFt_missing[] = {
    "cached_property", "cmp_to_key", "partialmethod", "singledispatch", "singledispatchmethod",
    "total_ordering", "WRAPPER_ASSIGNMENTS", "WRAPPER_UPDATES", "RLock", "GenericAlias",
    "get_cache_token", "namedtuple", "recursive_repr", NULL};

static Class *ft_class(Interp *I, const char *name) {
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, "functools"));
  Value c = dwV_dict_gets(((Module *)OBJ(m))->attrs, dwI_intern(I, name));
  return c.t == V_CLASS ? (Class *)OBJ(c) : NULL;
}

/* partial(func, *args, **keywords): func, args (tuple), keywords (dict);
 * a partial of a partial is flattened, as CPython's. */
static Value make_partial(Interp *I, Class *c, Value self, Args *a) {
  if (a->n < 1) return dwI_raise(I, EXC_TypeError, "type 'partial' takes at least one argument");
  Value fn = a->v[0];
  int64_t pre = 0;
  Value *prev = NULL;
  Dict *kw = dwV_dict(&I->c);
  if (!kw) return dwI_raise_ctx(I);
  Value kwv = dwV_obj(&kw->h);
  if (dwSl_is(fn, "functools.partial")) {
    Tuple *pa = (Tuple *)OBJ(dwSl_attr(I, fn, "args"));
    pre = pa->len;
    prev = pa->items;
    Dict *pk = (Dict *)OBJ(dwSl_attr(I, fn, "keywords"));
    Args one = {.n = 1, .v = &(Value){.t = V_DICT, .u = {.o = &pk->h}}};
    if (!dwL_dict_update(I, kw, &one)) return dwV_decref(&I->c, kwv), dwV_null();
    fn = dwSl_attr(I, fn, "func");
  } else {
    bool ok = false;
    Value f = dwL_builtin(I, "callable");
    Value r = dwI_call0(I, f, 1, &fn);
    dwV_decref(&I->c, f);
    if (r.t == V_NULL) return dwV_decref(&I->c, kwv), r;
    ok = r.t == V_BOOL && r.u.i;
    if (!ok) {
      dwV_decref(&I->c, kwv);
      return dwI_raise(I, EXC_TypeError, "the first argument must be callable");
    }
  }
  for (int k = 0; k < a->nkw; k++)
    if (!dwV_dict_set(&I->c, kw, VSTR(a->kw[k].name), a->kw[k].v)) {
      dwV_decref(&I->c, kwv);
      return dwI_raise_ctx(I);
    }
  Tuple *t = dwV_tuple(&I->c, pre + a->n - 1);
  if (!t) return dwV_decref(&I->c, kwv), dwI_raise_ctx(I);
  for (int64_t k = 0; k < pre; k++) dwV_incref(t->items[k] = prev[k]);
  for (int k = 1; k < a->n; k++) dwV_incref(t->items[pre + k - 1] = a->v[k]);
  Value tv = dwV_obj(&t->h);
  Value r = self.t != V_NULL ? self : dwI_new_inst(I, c);
  bool ok = r.t != V_NULL && dwSl_set(I, r, "func", fn) && dwSl_set(I, r, "args", tv) &&
            dwSl_set(I, r, "keywords", kwv);
  dwV_decref(&I->c, tv);
  dwV_decref(&I->c, kwv);
  if (!ok) {
    if (self.t == V_NULL) dwV_decref(&I->c, r);
    return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
  }
  return r;
}

BI(ft_partial_init) {
  SL_METHOD_SELF();
  (void)def;
  Value r = make_partial(I, NULL, self, a);
  return r.t == V_NULL ? r : dwV_none();
}

/* partial(...)(*args, **kw): func(*self.args, *args, **{**self.keywords, **kw}) */
BI(ft_partial_call) {
  SL_METHOD_SELF();
  (void)def;
  Tuple *pa = (Tuple *)OBJ(dwSl_attr(I, self, "args"));
  Dict *pk = (Dict *)OBJ(dwSl_attr(I, self, "keywords"));
  int n = (int)pa->len + a->n;
  Value *v = malloc(sizeof(Value) * (size_t)(n ? n : 1));
  Dict *kw = dwV_dict(&I->c);
  if (!v || !kw) {
    free(v);
    if (kw) dwV_decref_o(&I->c, &kw->h);
    return dwI_raise_ctx(I);
  }
  for (int64_t k = 0; k < pa->len; k++) v[k] = pa->items[k];
  for (int k = 0; k < a->n; k++) v[pa->len + k] = a->v[k];
  Args one = {.n = 1, .v = &(Value){.t = V_DICT, .u = {.o = &pk->h}}};
  bool ok = dwL_dict_update(I, kw, &one);
  for (int k = 0; ok && k < a->nkw; k++) ok = dwV_dict_set(&I->c, kw, VSTR(a->kw[k].name), a->kw[k].v);
  Value r = dwV_null();
  if (ok) {
    KwArg *kv = malloc(sizeof(KwArg) * (size_t)(kw->len ? kw->len : 1));
    int nk = 0;
    Value keys = dwV_null();
    if (kv) {
      List *kl = dwOb_to_list(I, dwV_obj(&kw->h));
      if (kl) {
        keys = dwV_obj(&kl->h);
        for (int64_t k = 0; k < kl->len; k++) {
          kv[nk].name = STR(kl->items[k]);
          kv[nk++].v = dwV_dict_get(kw, kl->items[k]);
        }
        Args call = {.n = n, .v = v, .nkw = nk, .kw = kv};
        r = dwI_call(I, dwSl_attr(I, self, "func"), &call);
      }
    } else {
      dwI_raise_ctx(I);
    }
    dwV_decref(&I->c, keys);
    free(kv);
  } else if (I->exc.t == V_NULL) {
    dwI_raise_ctx(I);
  }
  free(v);
  dwV_decref_o(&I->c, &kw->h);
  return r;
}

BI(ft_partial_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Buf b = {0};
  dwB_puts(&b, "functools.partial(");
  bool ok = dwFm_repr_value(I, &b, dwSl_attr(I, self, "func"));
  Tuple *pa = (Tuple *)OBJ(dwSl_attr(I, self, "args"));
  for (int64_t k = 0; ok && k < pa->len; k++) {
    dwB_puts(&b, ", ");
    ok = dwFm_repr_value(I, &b, pa->items[k]);
  }
  Dict *pk = (Dict *)OBJ(dwSl_attr(I, self, "keywords"));
  List *kl = ok ? dwOb_to_list(I, dwV_obj(&pk->h)) : NULL;
  for (int64_t k = 0; kl && ok && k < kl->len; k++) {
    dwB_printf(&b, ", %s=", STR(kl->items[k])->s);
    ok = dwFm_repr_value(I, &b, dwV_dict_get(pk, kl->items[k]));
  }
  if (kl) dwV_decref_o(&I->c, &kl->h);
  dwB_puts(&b, ")");
  if (!ok) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

/* reduce(function, iterable[, initial]) */
BI(ft_reduce) {
  (void)def;
  (void)self;
  if (a->nkw) return dwI_raise(I, EXC_TypeError, "reduce() takes no keyword arguments");
  if (a->n < 2) return dwI_raise(I, EXC_TypeError, "reduce expected at least 2 arguments, got %d", a->n);
  if (a->n > 3) return dwI_raise(I, EXC_TypeError, "reduce expected at most 3 arguments, got %d", a->n);
  Value it = dwOb_iter(I, a->v[1]);
  if (it.t == V_NULL) {
    if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return dwI_raise(I, EXC_TypeError, "reduce() arg 2 must support iteration");
    }
    return it;
  }
  Value acc = a->n == 3 ? a->v[2] : dwV_null();
  if (acc.t != V_NULL) dwV_incref(acc);
  for (;;) {
    Value x = dwOb_next(I, it);
    if (x.t == V_NULL) {
      if (I->exc.t != V_NULL || I->brk.pending) {
        dwV_decref(&I->c, acc);
        dwV_decref(&I->c, it);
        return dwV_null();
      }
      break;
    }
    if (acc.t == V_NULL) {
      acc = x;
      continue;
    }
    Value two[2] = {acc, x};
    Value r = dwI_call0(I, a->v[0], 2, two);
    dwV_decref(&I->c, acc);
    dwV_decref(&I->c, x);
    if (r.t == V_NULL) {
      dwV_decref(&I->c, it);
      return r;
    }
    acc = r;
  }
  dwV_decref(&I->c, it);
  if (acc.t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "reduce() of empty iterable with no initial value");
  return acc;
}

/* update_wrapper(wrapper, wrapped): __module__, __name__, __qualname__,
 * __doc__ copied where wrapped has them, __wrapped__ set. */
BI(ft_update_wrapper) {
  (void)def;
  (void)self;
  static const char *const names[] = {"wrapper", "wrapped", "assigned", "updated"};
  Value v[4] = {dwV_null(), dwV_null(), dwV_null(), dwV_null()};
  if (!dwSl_bind(I, "update_wrapper", a, 4, 4, names, v) ||
      !dwSl_required(I, "update_wrapper", 2, names, v))
    return dwV_null();
  if (v[2].t != V_NULL || v[3].t != V_NULL)
    return dwI_raise(I, EXC_NotImplementedError,
                     "update_wrapper() with assigned= or updated= is not supported by dynawasm");
  static const char *const attrs[] = {"__module__", "__name__", "__qualname__", "__doc__"};
  for (int k = 0; k < 4; k++) {
    Value x = dwOb_getattr(I, v[1], dwI_intern(I, attrs[k]));
    if (x.t == V_NULL) {
      if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_AttributeError) {
        dwV_decref(&I->c, I->exc);
        I->exc = dwV_null();
        continue;
      }
      return x;
    }
    bool ok = dwOb_setattr(I, v[0], dwI_intern(I, attrs[k]), x);
    dwV_decref(&I->c, x);
    if (!ok) return dwV_null();
  }
  if (v[1].t == V_FUNC && ((Func *)OBJ(v[1]))->attrs && v[0].t == V_FUNC) {
    Dict *src = ((Func *)OBJ(v[1]))->attrs;
    Func *dst = (Func *)OBJ(v[0]);
    if (!dst->attrs && !(dst->attrs = dwV_dict(&I->c))) return dwI_raise_ctx(I);
    Args one = {.n = 1, .v = &(Value){.t = V_DICT, .u = {.o = &src->h}}};
    if (!dwL_dict_update(I, dst->attrs, &one)) return dwV_null();
  }
  if (!dwOb_setattr(I, v[0], dwI_intern(I, "__wrapped__"), v[1])) return dwV_null();
  dwV_incref(v[0]);
  return v[0];
}

/* wraps(wrapped): partial(update_wrapper, wrapped=wrapped), as CPython's */
BI(ft_wraps) {
  (void)def;
  (void)self;
  static const char *const names[] = {"wrapped", "assigned", "updated"};
  Value v[3] = {dwV_null(), dwV_null(), dwV_null()};
  if (!dwSl_bind(I, "wraps", a, 3, 3, names, v) || !dwSl_required(I, "wraps", 1, names, v))
    return dwV_null();
  if (v[1].t != V_NULL || v[2].t != V_NULL)
    return dwI_raise(I, EXC_NotImplementedError,
                     "wraps() with assigned= or updated= is not supported by dynawasm");
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, "functools"));
  Value uw = dwV_dict_gets(((Module *)OBJ(m))->attrs, dwI_intern(I, "update_wrapper"));
  KwArg kw = {.name = dwI_intern(I, "wrapped"), .v = v[0]};
  Args pa = {.n = 1, .v = &uw, .nkw = 1, .kw = &kw};
  return make_partial(I, ft_class(I, "partial"), dwV_null(), &pa);
}

/* ------------------------------------------------------------------ */
/* lru_cache                                                           */
/* ------------------------------------------------------------------ */

static Value make_wrapper(Interp *I, Value fn, Value maxsize, bool typed) {
  Value r = dwI_new_inst(I, ft_class(I, "_lru_cache_wrapper"));
  Dict *d = dwV_dict(&I->c);
  bool ok = r.t != V_NULL && d && dwSl_set(I, r, "__wrapped__", fn) &&
            dwSl_set(I, r, "_cache", dwV_obj(&d->h)) && dwSl_set(I, r, "_maxsize", maxsize) &&
            dwSl_set(I, r, "_typed", dwV_bool(typed)) && dwSl_set(I, r, "_hits", dwV_int(0)) &&
            dwSl_set(I, r, "_misses", dwV_int(0));
  if (d) dwV_decref_o(&I->c, &d->h);
  if (!ok) {
    dwV_decref(&I->c, r);
    return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
  }
  /* update_wrapper(wrapper, fn) without __wrapped__ twice: names copied */
  static const char *const attrs[] = {"__module__", "__name__", "__qualname__", "__doc__"};
  for (int k = 0; k < 4; k++) {
    Value x = dwOb_getattr(I, fn, dwI_intern(I, attrs[k]));
    if (x.t == V_NULL) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      continue;
    }
    dwSl_set(I, r, attrs[k], x);
    dwV_decref(&I->c, x);
  }
  return r;
}

/* the decorator lru_cache(maxsize) returns: a wrapper of its argument */
BI(ft_lru_deco) {
  SL_METHOD_SELF();
  (void)def;
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError, "decorating_function() takes 1 positional argument but %d were given", a->n);
  return make_wrapper(I, a->v[0], dwSl_attr(I, self, "_maxsize"), dwSl_attr(I, self, "_typed").u.i);
}

BI(ft_lru_cache) {
  (void)self;
  static const char *const names[] = {"maxsize", "typed"};
  Value v[2] = {dwV_null(), dwV_null()};
  bool cache_only = def->data == 1; /* functools.cache(f) */
  if (cache_only) {
    if (a->n != 1 || a->nkw)
      return dwI_raise(I, EXC_TypeError, "cache() takes 1 positional argument but %d were given", a->n);
    return make_wrapper(I, a->v[0], dwV_none(), false);
  }
  if (!dwSl_bind(I, "lru_cache", a, 2, 2, names, v)) return dwV_null();
  Value maxsize = v[0].t == V_NULL ? dwV_int(128) : v[0];
  bool typed = false;
  if (v[1].t != V_NULL && !dwOb_truth(I, v[1], &typed)) return dwV_null();
  if (maxsize.t == V_FUNC || maxsize.t == V_BUILTIN || maxsize.t == V_BOUND) /* @lru_cache */
    return make_wrapper(I, maxsize, dwV_int(128), typed);
  if (maxsize.t == V_INT && maxsize.u.i < 0) maxsize = dwV_int(0);
  if (maxsize.t != V_INT && maxsize.t != V_NONE)
    return dwI_raise(I, EXC_TypeError, "Expected first argument to be an integer, a callable, or None");
  Value d = dwI_new_inst(I, ft_class(I, "_lru_cache_decorator"));
  if (d.t == V_NULL) return d;
  if (!dwSl_set(I, d, "_maxsize", maxsize) || !dwSl_set(I, d, "_typed", dwV_bool(typed))) {
    dwV_decref(&I->c, d);
    return dwI_raise_ctx(I);
  }
  return d;
}

/* The cache key of a call: (args..., marker, k1, v1, ...) plus the types
 * when typed, as CPython's _make_key. */
static Value make_key(Interp *I, Args *a, bool typed) {
  int64_t n = a->n + (a->nkw ? 1 + 2 * a->nkw : 0);
  if (typed) n += a->n + a->nkw;
  Tuple *t = dwV_tuple(&I->c, n);
  if (!t) return dwI_raise_ctx(I);
  int64_t j = 0;
  for (int k = 0; k < a->n; k++) dwV_incref(t->items[j++] = a->v[k]);
  if (a->nkw) {
    t->items[j++] = VSTR(dwI_intern(I, "<kwd_mark>"));
    dwV_incref(t->items[j - 1]);
    for (int k = 0; k < a->nkw; k++) {
      t->items[j++] = VSTR(a->kw[k].name);
      dwV_incref(t->items[j - 1]);
      dwV_incref(t->items[j++] = a->kw[k].v);
    }
  }
  for (int k = 0; typed && k < a->n + a->nkw; k++) {
    Value x = k < a->n ? a->v[k] : a->kw[k - a->n].v;
    t->items[j++] = VSTR(dwI_intern(I, dwV_type_name(x)));
    dwV_incref(t->items[j - 1]);
  }
  return dwV_obj(&t->h);
}

BI(ft_wrapper_call) {
  SL_METHOD_SELF();
  (void)def;
  Value fn = dwSl_attr(I, self, "__wrapped__");
  if (dwR_tracing(I)) return dwI_call(I, fn, a); /* Dynamo traces the function, not the cache */
  Value maxsize = dwSl_attr(I, self, "_maxsize");
  if (maxsize.t == V_INT && maxsize.u.i == 0) {
    dwSl_set(I, self, "_misses", dwV_int(dwSl_attr(I, self, "_misses").u.i + 1));
    return dwI_call(I, fn, a);
  }
  Value key = make_key(I, a, dwSl_attr(I, self, "_typed").u.i);
  if (key.t == V_NULL) return key;
  if (!dwOb_check_hashable(I, key)) {
    dwV_decref(&I->c, key);
    return dwV_null();
  }
  Dict *cache = (Dict *)OBJ(dwSl_attr(I, self, "_cache"));
  Value hit = dwV_dict_get(cache, key);
  if (hit.t != V_NULL) {
    dwSl_set(I, self, "_hits", dwV_int(dwSl_attr(I, self, "_hits").u.i + 1));
    /* most recently used: to the end */
    dwV_incref(hit);
    dwV_dict_del(&I->c, cache, key);
    dwV_dict_set(&I->c, cache, key, hit);
    dwV_decref(&I->c, key);
    return hit;
  }
  dwSl_set(I, self, "_misses", dwV_int(dwSl_attr(I, self, "_misses").u.i + 1));
  Value r = dwI_call(I, fn, a);
  if (r.t == V_NULL) {
    dwV_decref(&I->c, key);
    return r;
  }
  if (dwV_dict_get(cache, key).t == V_NULL) {
    if (maxsize.t == V_INT && cache->len >= maxsize.u.i) { /* evict the least recently used */
      List *keys = dwOb_to_list(I, dwV_obj(&cache->h));
      if (keys && keys->len) dwV_dict_del(&I->c, cache, keys->items[0]);
      if (keys) dwV_decref_o(&I->c, &keys->h);
    }
    dwV_dict_set(&I->c, cache, key, r);
  }
  dwV_decref(&I->c, key);
  return r;
}

BI(ft_cache_info) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *cache = (Dict *)OBJ(dwSl_attr(I, self, "_cache"));
  Buf b = {0};
  dwB_printf(&b, "CacheInfo(hits=%lld, misses=%lld, maxsize=",
             (long long)dwSl_attr(I, self, "_hits").u.i, (long long)dwSl_attr(I, self, "_misses").u.i);
  Value ms = dwSl_attr(I, self, "_maxsize");
  if (ms.t == V_NONE) dwB_puts(&b, "None");
  else dwB_printf(&b, "%lld", (long long)ms.u.i);
  dwB_printf(&b, ", currsize=%lld)", (long long)cache->len);
  /* CPython's is a namedtuple; dynawasm has none yet: its text */
  return dwL_new_str(I, &b);
}

BI(ft_cache_clear) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  bool ok = dwSl_set(I, self, "_cache", dwV_obj(&d->h)) && dwSl_set(I, self, "_hits", dwV_int(0)) &&
            dwSl_set(I, self, "_misses", dwV_int(0));
  dwV_decref_o(&I->c, &d->h);
  return ok ? dwV_none() : dwI_raise_ctx(I);
}

BI(ft_wrapper_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Buf b = {0};
  dwB_printf(&b, "<functools._lru_cache_wrapper object at 0x%08llx>",
             (unsigned long long)(uintptr_t)OBJ(self) & 0xffffffffull);
  return dwL_new_str(I, &b);
}

static const BuiltinDef partial_methods[] = {
    {"partial.__init__", ft_partial_init, TK_PURE, 0, 0},
    {"partial.__call__", ft_partial_call, TK_PURE, 0, 0},
    {"partial.__repr__", ft_partial_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef wrapper_methods[] = {
    {"_lru_cache_wrapper.__call__", ft_wrapper_call, TK_PURE, 0, 0},
    {"_lru_cache_wrapper.cache_info", ft_cache_info, TK_PURE, 0, 0},
    {"_lru_cache_wrapper.cache_clear", ft_cache_clear, TK_PURE, 0, 0},
    {"_lru_cache_wrapper.__repr__", ft_wrapper_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef deco_methods[] = {
    {"decorating_function.__call__", ft_lru_deco, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

static const BuiltinDef ft_funcs[] = {
    {"functools.reduce", ft_reduce, TK_PURE, 0, 0},
    {"functools.update_wrapper", ft_update_wrapper, TK_PURE, 0, 0},
    {"functools.wraps", ft_wraps, TK_PURE, 0, 0},
    {"functools.lru_cache", ft_lru_cache, TK_PURE, 0, 0},
    {"functools.cache", ft_lru_cache, TK_PURE, 1, 0},
    {NULL, NULL, 0, 0, 0}};

bool dwFt_init(Interp *I) {
  Module *m = dwL_module(I, "functools");
  if (!m) return false;
  if (!dwSl_class(I, m->attrs, "functools.partial", partial_methods) ||
      !dwSl_class(I, m->attrs, "functools._lru_cache_wrapper", wrapper_methods) ||
      !dwSl_class(I, m->attrs, "functools._lru_cache_decorator", deco_methods) ||
      !dwL_add_defs(I, m->attrs, ft_funcs))
    return false;
  m->special = MOD_STDLIB;
  return true;
}
