/* mod_itertools.c - the itertools module (CPython 3.11's
 * Modules/itertoolsmodule.c): lazy iterators, each an instance of a runtime
 * class named as CPython's (itertools.chain, ...) whose __next__ is the C
 * code below. An iterator's state lives in its attributes (`_it`: the
 * source iterator, `_i`: indices, ...); inputs are consumed only as
 * CPython consumes them (product, permutations and combinations take
 * their input whole first, as CPython does). */
#include "stdmod.h"

#include <stdio.h>
#include <string.h>

enum {
  K_CHAIN, K_COUNT, K_REPEAT, K_ISLICE, K_ZIP_LONGEST, K_PRODUCT, K_PERMUTATIONS,
  K_COMBINATIONS, K_CWR, K_ACCUMULATE, K_STARMAP, K_GROUPBY, K_GROUPER, K_PAIRWISE,
  K_CYCLE, K_COMPRESS, K_TAKEWHILE, K_DROPWHILE, K_FILTERFALSE, K_COUNT_ALL
};
static const char *const kind_names[K_COUNT_ALL] = {
    "itertools.chain", "itertools.count", "itertools.repeat", "itertools.islice",
    "itertools.zip_longest", "itertools.product", "itertools.permutations",
    "itertools.combinations", "itertools.combinations_with_replacement",
    "itertools.accumulate", "itertools.starmap", "itertools.groupby", "itertools._grouper",
    "itertools.pairwise", "itertools.cycle", "itertools.compress", "itertools.takewhile",
    "itertools.dropwhile", "itertools.filterfalse"};

const char *const dwIt_missing[] = {"tee", NULL};

static int kind_of(Value v) {
  for (int k = 0; k < K_COUNT_ALL; k++)
    if (dwSl_is(v, kind_names[k])) return k;
  return -1;
}

#define GET(name) dwSl_attr(I, self, name)
#define SET(name, v) dwSl_set(I, self, name, v)

/* Stores a new reference under name, dropping it. */
static bool put(Interp *I, Value self, const char *name, Value v) {
  if (v.t == V_NULL) return false;
  bool ok = SET(name, v);
  dwV_decref(&I->c, v);
  return ok;
}

/* The next item of iterator it; V_NULL with *done set when exhausted
 * (else an error or a graph break is pending). */
static Value next_of(Interp *I, Value it, bool *done) {
  Value v = dwOb_next(I, it);
  *done = v.t == V_NULL && I->exc.t == V_NULL && !I->brk.pending;
  return v;
}

static Value call1(Interp *I, Value f, Value x) { return dwI_call0(I, f, 1, &x); }

static bool int_arg(Interp *I, Value v, int64_t *out) {
  if (dwOb_index(I, v, out)) return true;
  if (I->exc.t == V_NULL && !I->brk.pending)
    dwI_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer", dwV_type_name(v));
  return false;
}

/* A Python list of ints (the index state of product & co). */
static Value int_list(Interp *I, int64_t n, int64_t (*f)(int64_t k, void *ud), void *ud) {
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < n; k++)
    if (!dwV_list_append(&I->c, l, dwV_int(f(k, ud)))) {
      dwV_decref_o(&I->c, &l->h);
      return dwI_raise_ctx(I);
    }
  return dwV_obj(&l->h);
}
static int64_t f_zero(int64_t k, void *ud) { return (void)k, (void)ud, 0; }
static int64_t f_ident(int64_t k, void *ud) { return (void)ud, k; }
static int64_t f_down(int64_t k, void *ud) { return *(int64_t *)ud - k; }

/* ------------------------------------------------------------------ */
/* Constructors (__init__ of each class)                               */
/* ------------------------------------------------------------------ */

static Value iter_of(Interp *I, Value v) { return dwOb_iter(I, v); }

/* A tuple of the items of v (the pools of product, permutations, ...). */
static Value pool_of(Interp *I, Value v) {
  List *l = dwOb_to_list(I, v);
  if (!l) return dwV_null();
  Value t = dwSl_tuple(I, l->items, l->len);
  dwV_decref_o(&I->c, &l->h);
  return t;
}

static Value nokw(Interp *I, Args *a, const char *name) {
  if (a->nkw) return dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", name);
  return dwV_none();
}

static Value nargs(Interp *I, Args *a, const char *name, int lo, int hi) {
  if (a->n < lo && lo == hi)
    return dwI_raise(I, EXC_TypeError, "%s expected %d argument%s, got %d", name, lo,
                     lo == 1 ? "" : "s", a->n);
  if (a->n < lo)
    return dwI_raise(I, EXC_TypeError, "%s expected at least %d argument%s, got %d", name, lo,
                     lo == 1 ? "" : "s", a->n);
  if (a->n > hi)
    return dwI_raise(I, EXC_TypeError, "%s expected %s %d argument%s, got %d", name,
                     lo == hi ? "" : "at most", hi, hi == 1 ? "" : "s", a->n);
  return dwV_none();
}

static Value missing(Interp *I, const char *fn, const char *arg, int pos) {
  return dwI_raise(I, EXC_TypeError, "%s() missing required argument '%s' (pos %d)", fn, arg, pos);
}

/* Keyword-or-positional arguments of a C function (no "takes n positional"
 * wording: CPython's argument clinic). */
static bool clinic(Interp *I, const char *fn, Args *a, int n, const char *const *names,
                   Value *out) {
  for (int k = 0; k < n; k++) out[k] = dwV_null();
  if (a->n > n) {
    dwI_raise(I, EXC_TypeError, "%s() takes at most %d argument%s (%d given)", fn, n,
              n == 1 ? "" : "s", a->n + a->nkw);
    return false;
  }
  return dwSl_bind(I, fn, a, n, n, names, out);
}

/* An islice bound: None (*out unchanged) or an int >= lo, else msg. */
static bool islice_arg(Interp *I, Value v, int64_t *out, int64_t lo, const char *msg) {
  if (v.t == V_NONE) return true;
  if (dwOb_index(I, v, out) && *out >= lo) return true;
  if (I->exc.t != V_NULL) {
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
  }
  dwI_raise(I, EXC_ValueError, "%s", msg);
  return false;
}

BI(it_init) {
  SL_METHOD_SELF();
  int kind = kind_of(self);
  static const char *const count_kw[] = {"start", "step"};
  static const char *const repeat_kw[] = {"object", "times"};
  static const char *const perm_kw[] = {"iterable", "r"};
  static const char *const acc_kw[] = {"iterable", "func", "initial"};
  static const char *const group_kw[] = {"iterable", "key"};
  static const char *const comp_kw[] = {"data", "selectors"};
  Value v[3];
  (void)def;
  switch (kind) {
  case K_CHAIN: {
    if (nokw(I, a, "chain").t == V_NULL) return dwV_null();
    Value t = dwSl_tuple(I, a->v, a->n);
    return put(I, self, "_src", t.t == V_NULL ? t : iter_of(I, t)) && (dwV_decref(&I->c, t), true)
               ? dwV_none()
               : dwV_null();
  }
  case K_COUNT: {
    if (!clinic(I, "count", a, 2, count_kw, v)) return dwV_null();
    Value start = v[0].t == V_NULL ? dwV_int(0) : v[0], step = v[1].t == V_NULL ? dwV_int(1) : v[1];
    for (int k = 0; k < 2; k++) {
      Value x = k ? step : start;
      if (x.t != V_INT && x.t != V_FLOAT && x.t != V_BOOL)
        return dwI_raise(I, EXC_TypeError, "a number is required");
    }
    return SET("_n", start) && SET("_step", step) && SET("_stepgiven", dwV_bool(v[1].t != V_NULL))
               ? dwV_none()
               : dwV_null();
  }
  case K_REPEAT: {
    if (!clinic(I, "repeat", a, 2, repeat_kw, v)) return dwV_null();
    if (v[0].t == V_NULL) return missing(I, "repeat", "object", 1);
    int64_t times = -1;
    if (v[1].t != V_NULL && !int_arg(I, v[1], &times)) return dwV_null();
    if (v[1].t != V_NULL && times < 0) times = 0;
    return SET("_o", v[0]) && SET("_left", dwV_int(times)) ? dwV_none() : dwV_null();
  }
  case K_ISLICE: {
    if (nokw(I, a, "islice").t == V_NULL || nargs(I, a, "islice", 2, 4).t == V_NULL)
      return dwV_null();
    int64_t start = 0, stop = -1, step = 1;
    Value sv = a->n == 2 ? a->v[1] : a->v[2];
    if (!islice_arg(I, sv, &stop, 0, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.") ||
        (a->n >= 3 && !islice_arg(I, a->v[1], &start, 0, "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.")) ||
        (a->n == 4 && !islice_arg(I, a->v[3], &step, 1, "Step for islice() must be a positive integer or None.")))
      return dwV_null();
    return put(I, self, "_it", iter_of(I, a->v[0])) && SET("_next", dwV_int(start)) &&
                   SET("_stop", dwV_int(stop)) && SET("_step", dwV_int(step)) &&
                   SET("_pos", dwV_int(0))
               ? dwV_none()
               : dwV_null();
  }
  case K_ZIP_LONGEST: {
    Value fill = dwV_none();
    for (int k = 0; k < a->nkw; k++) {
      if (strcmp(a->kw[k].name->s, "fillvalue"))
        return dwI_raise(I, EXC_TypeError, "zip_longest() got an unexpected keyword argument");
      fill = a->kw[k].v;
    }
    List *l = dwV_list(&I->c, 0);
    if (!l) return dwI_raise_ctx(I);
    Value lv = dwV_obj(&l->h);
    for (int k = 0; k < a->n; k++) {
      Value it = iter_of(I, a->v[k]);
      if (it.t == V_NULL || !dwV_list_append(&I->c, l, it)) {
        dwV_decref(&I->c, it);
        dwV_decref(&I->c, lv);
        return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
      }
      dwV_decref(&I->c, it);
    }
    return put(I, self, "_its", lv) && SET("_active", dwV_int(a->n)) && SET("_fill", fill)
               ? dwV_none()
               : dwV_null();
  }
  case K_PRODUCT: {
    int64_t rep = 1;
    for (int k = 0; k < a->nkw; k++) {
      if (strcmp(a->kw[k].name->s, "repeat"))
        return dwI_raise(I, EXC_TypeError, "product() got an unexpected keyword argument '%s'",
                         a->kw[k].name->s);
      if (!int_arg(I, a->kw[k].v, &rep)) return dwV_null();
      if (rep < 0) return dwI_raise(I, EXC_ValueError, "repeat argument cannot be negative");
    }
    List *pools = dwV_list(&I->c, 0);
    if (!pools) return dwI_raise_ctx(I);
    Value pv = dwV_obj(&pools->h);
    for (int k = 0; k < a->n; k++) {
      Value p = pool_of(I, a->v[k]);
      if (p.t == V_NULL || !dwV_list_append(&I->c, pools, p)) {
        dwV_decref(&I->c, p);
        dwV_decref(&I->c, pv);
        return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
      }
      dwV_decref(&I->c, p);
    }
    int64_t n = pools->len;
    for (int64_t r = 1; r < rep; r++)
      for (int64_t k = 0; k < n; k++) dwV_list_append(&I->c, pools, pools->items[k]);
    if (rep == 0) { /* product(..., repeat=0): one empty tuple */
      dwV_decref(&I->c, pv);
      pools = dwV_list(&I->c, 0);
      if (!pools) return dwI_raise_ctx(I);
      pv = dwV_obj(&pools->h);
    }
    return put(I, self, "_pools", pv) &&
                   put(I, self, "_i", int_list(I, pools->len, f_zero, NULL)) &&
                   SET("_state", dwV_int(0))
               ? dwV_none()
               : dwV_null();
  }
  case K_PERMUTATIONS:
  case K_COMBINATIONS:
  case K_CWR: {
    const char *fn = kind == K_PERMUTATIONS ? "permutations"
                     : kind == K_COMBINATIONS ? "combinations"
                                              : "combinations_with_replacement";
    if (!clinic(I, fn, a, 2, perm_kw, v)) return dwV_null();
    if (v[0].t == V_NULL) return missing(I, fn, "iterable", 1);
    if (v[1].t == V_NULL && kind != K_PERMUTATIONS) return missing(I, fn, "r", 2);
    Value pool = pool_of(I, v[0]);
    if (pool.t == V_NULL) return pool;
    int64_t n = ((Tuple *)OBJ(pool))->len, r = n;
    if (v[1].t != V_NULL && v[1].t != V_NONE && !int_arg(I, v[1], &r)) {
      dwV_decref(&I->c, pool);
      return dwV_null();
    }
    if (r < 0) {
      dwV_decref(&I->c, pool);
      return dwI_raise(I, EXC_ValueError, "r must be non-negative");
    }
    bool ok = put(I, self, "_pool", pool) && SET("_r", dwV_int(r)) && SET("_state", dwV_int(0));
    if (ok && kind == K_PERMUTATIONS)
      ok = put(I, self, "_i", int_list(I, n, f_ident, NULL)) &&
           put(I, self, "_cyc", int_list(I, r, f_down, &n));
    else if (ok)
      ok = put(I, self, "_i", int_list(I, r, kind == K_CWR ? f_zero : f_ident, NULL));
    return ok ? dwV_none() : dwV_null();
  }
  case K_ACCUMULATE: {
    if (!clinic(I, "accumulate", a, 3, acc_kw, v)) return dwV_null();
    if (v[0].t == V_NULL) return missing(I, "accumulate", "iterable", 1);
    bool ok = put(I, self, "_it", iter_of(I, v[0])) &&
              SET("_func", v[1].t == V_NULL ? dwV_none() : v[1]);
    if (ok && v[2].t != V_NULL && v[2].t != V_NONE) ok = SET("_initial", v[2]);
    return ok ? dwV_none() : dwV_null();
  }
  case K_STARMAP:
  case K_TAKEWHILE:
  case K_DROPWHILE:
  case K_FILTERFALSE: {
    const char *fn = kind == K_STARMAP ? "starmap" : kind == K_TAKEWHILE ? "takewhile"
                     : kind == K_DROPWHILE ? "dropwhile" : "filterfalse";
    if (nokw(I, a, fn).t == V_NULL || nargs(I, a, fn, 2, 2).t == V_NULL) return dwV_null();
    return SET("_func", a->v[0]) && put(I, self, "_it", iter_of(I, a->v[1])) ? dwV_none()
                                                                             : dwV_null();
  }
  case K_COMPRESS:
    if (!clinic(I, "compress", a, 2, comp_kw, v)) return dwV_null();
    if (v[0].t == V_NULL) return missing(I, "compress", "data", 1);
    if (v[1].t == V_NULL) return missing(I, "compress", "selectors", 2);
    return put(I, self, "_it", iter_of(I, v[0])) && put(I, self, "_sel", iter_of(I, v[1]))
               ? dwV_none()
               : dwV_null();
  case K_GROUPBY:
    if (!clinic(I, "groupby", a, 2, group_kw, v)) return dwV_null();
    if (v[0].t == V_NULL) return missing(I, "groupby", "iterable", 1);
    return put(I, self, "_it", iter_of(I, v[0])) &&
                   SET("_key", v[1].t == V_NULL ? dwV_none() : v[1]) && SET("_gid", dwV_int(0))
               ? dwV_none()
               : dwV_null();
  case K_PAIRWISE:
  case K_CYCLE: {
    const char *fn = kind == K_PAIRWISE ? "pairwise" : "cycle";
    if (nokw(I, a, fn).t == V_NULL || nargs(I, a, fn, 1, 1).t == V_NULL) return dwV_null();
    bool ok = put(I, self, "_it", iter_of(I, a->v[0]));
    if (ok && kind == K_CYCLE) {
      List *l = dwV_list(&I->c, 0);
      ok = l && put(I, self, "_saved", dwV_obj(&l->h)) && SET("_idx", dwV_int(-1));
    }
    return ok ? dwV_none() : dwV_null();
  }
  default:
    return dwI_raise(I, EXC_TypeError, "cannot create '%s' instances",
                     kind >= 0 ? kind_names[kind] : "?");
  }
}

BI(it_from_iterable) {
  (void)def;
  (void)self;
  if (a->nkw || a->n != 1)
    return dwI_raise(I, EXC_TypeError, "chain.from_iterable() takes exactly one argument (%d given)",
                     a->n + a->nkw);
  Value chain = dwV_dict_gets(((Module *)OBJ(dwV_dict_gets(I->modules, dwI_intern(I, "itertools"))))->attrs,
                              dwI_intern(I, "chain"));
  Value r = dwI_new_inst(I, (Class *)OBJ(chain));
  if (r.t == V_NULL) return r;
  if (!put(I, r, "_src", iter_of(I, a->v[0]))) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

/* ------------------------------------------------------------------ */
/* __next__                                                            */
/* ------------------------------------------------------------------ */

/* The next combination of indices (CPython's algorithms), false: done. */
static bool advance_product(Interp *I, Value self) {
  List *pools = (List *)OBJ(GET("_pools")), *ix = (List *)OBJ(GET("_i"));
  for (int64_t k = pools->len - 1; k >= 0; k--) {
    int64_t n = ((Tuple *)OBJ(pools->items[k]))->len;
    if (++ix->items[k].u.i < n) return true;
    ix->items[k].u.i = 0;
  }
  return false;
}

static bool advance_comb(Value self_i, int64_t n, int64_t r, bool cwr) {
  List *ix = (List *)OBJ(self_i);
  int64_t k = r - 1;
  if (cwr) {
    while (k >= 0 && ix->items[k].u.i == n - 1) k--;
    if (k < 0) return false;
    int64_t x = ix->items[k].u.i + 1;
    for (; k < r; k++) ix->items[k].u.i = x;
    return true;
  }
  while (k >= 0 && ix->items[k].u.i == k + n - r) k--;
  if (k < 0) return false;
  ix->items[k].u.i++;
  for (int64_t j = k + 1; j < r; j++) ix->items[j].u.i = ix->items[j - 1].u.i + 1;
  return true;
}

static bool advance_perm(Value vi, Value vc, int64_t n, int64_t r) {
  List *ix = (List *)OBJ(vi), *cy = (List *)OBJ(vc);
  for (int64_t k = r - 1; k >= 0; k--) {
    if (--cy->items[k].u.i == 0) {
      Value first = ix->items[k];
      for (int64_t j = k; j < n - 1; j++) ix->items[j] = ix->items[j + 1];
      ix->items[n - 1] = first;
      cy->items[k].u.i = n - k;
    } else {
      int64_t j = cy->items[k].u.i;
      Value t = ix->items[k];
      ix->items[k] = ix->items[n - j];
      ix->items[n - j] = t;
      return true;
    }
  }
  return false;
}

/* pool[indices[0..r)] as a tuple. */
static Value pick(Interp *I, Value pool, Value idx, int64_t r) {
  Tuple *t = dwV_tuple(&I->c, r);
  if (!t) return dwI_raise_ctx(I);
  Tuple *p = (Tuple *)OBJ(pool);
  List *ix = (List *)OBJ(idx);
  for (int64_t k = 0; k < r; k++) dwV_incref(t->items[k] = p->items[ix->items[k].u.i]);
  return dwV_obj(&t->h);
}

static bool truth(Interp *I, Value v, bool *t) { return dwOb_truth(I, v, t); }

/* groupby's key of x (new reference). */
static Value key_of(Interp *I, Value self, Value x) {
  Value kf = GET("_key");
  if (kf.t == V_NONE) {
    dwV_incref(x);
    return x;
  }
  return call1(I, kf, x);
}

/* currkey == tgtkey, either possibly unset (an unset one equals only the
 * other unset: CPython's shared marker object). */
static bool keys_equal(Interp *I, Value self, bool *eq) {
  Value c = GET("_currkey"), t = GET("_tgtkey");
  if (c.t == V_NULL || t.t == V_NULL) {
    *eq = c.t == V_NULL && t.t == V_NULL;
    return true;
  }
  return dwOb_eq(I, c, t, eq);
}

static Value next_impl(Interp *I, Value self, int kind) {
  bool done = false;
  switch (kind) {
  case K_CHAIN:
    for (;;) {
      Value cur = GET("_cur");
      if (cur.t != V_NULL && cur.t != V_NONE) {
        Value v = next_of(I, cur, &done);
        if (!done) return v;
        if (!SET("_cur", dwV_none())) return dwI_raise_ctx(I);
      }
      Value src = GET("_src");
      if (src.t == V_NULL) return dwSl_stop(I);
      Value nx = next_of(I, src, &done);
      if (done) return dwSl_stop(I);
      if (nx.t == V_NULL) return nx;
      Value it = iter_of(I, nx);
      dwV_decref(&I->c, nx);
      if (!put(I, self, "_cur", it)) return dwV_null();
    }
  case K_COUNT: {
    Value n = GET("_n");
    dwV_incref(n);
    Value nx = dwOb_binop(I, BIN_ADD, n, GET("_step"));
    if (!put(I, self, "_n", nx)) {
      dwV_decref(&I->c, n);
      return dwV_null();
    }
    return n;
  }
  case K_REPEAT: {
    int64_t left = GET("_left").u.i;
    if (left == 0) return dwSl_stop(I);
    if (left > 0 && !SET("_left", dwV_int(left - 1))) return dwI_raise_ctx(I);
    Value o = GET("_o");
    dwV_incref(o);
    return o;
  }
  case K_ISLICE: {
    Value it = GET("_it");
    if (it.t == V_NONE) return dwSl_stop(I);
    int64_t nxt = GET("_next").u.i, stop = GET("_stop").u.i, step = GET("_step").u.i,
            pos = GET("_pos").u.i;
    while (pos < nxt) {
      if (stop >= 0 && pos >= stop) break;
      Value v = next_of(I, it, &done);
      if (done) {
        SET("_it", dwV_none());
        return dwSl_stop(I);
      }
      if (v.t == V_NULL) return v;
      dwV_decref(&I->c, v);
      pos++;
    }
    if (stop >= 0 && pos >= stop) {
      SET("_pos", dwV_int(pos));
      SET("_it", dwV_none());
      return dwSl_stop(I);
    }
    Value v = next_of(I, it, &done);
    if (done) {
      SET("_it", dwV_none());
      return dwSl_stop(I);
    }
    if (v.t == V_NULL) return v;
    SET("_pos", dwV_int(pos + 1));
    SET("_next", dwV_int(nxt + step));
    return v;
  }
  case K_ZIP_LONGEST: {
    List *its = (List *)OBJ(GET("_its"));
    int64_t active = GET("_active").u.i;
    if (its->len == 0 || active == 0) return dwSl_stop(I);
    Tuple *t = dwV_tuple(&I->c, its->len);
    if (!t) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < its->len; k++) t->items[k] = dwV_none();
    Value tv = dwV_obj(&t->h);
    for (int64_t k = 0; k < its->len; k++) {
      Value v = dwV_null();
      if (its->items[k].t != V_NONE) {
        v = next_of(I, its->items[k], &done);
        if (done) {
          dwV_decref(&I->c, its->items[k]);
          its->items[k] = dwV_none();
          if (--active == 0) {
            SET("_active", dwV_int(0));
            dwV_decref(&I->c, tv);
            return dwSl_stop(I);
          }
        } else if (v.t == V_NULL) {
          dwV_decref(&I->c, tv);
          return v;
        }
      }
      if (v.t == V_NULL) {
        v = GET("_fill");
        dwV_incref(v);
      }
      t->items[k] = v;
    }
    SET("_active", dwV_int(active));
    return tv;
  }
  case K_PRODUCT: {
    int64_t st = GET("_state").u.i;
    List *pools = (List *)OBJ(GET("_pools"));
    if (st == 2) return dwSl_stop(I);
    if (st == 0) {
      for (int64_t k = 0; k < pools->len; k++)
        if (((Tuple *)OBJ(pools->items[k]))->len == 0) {
          SET("_state", dwV_int(2));
          return dwSl_stop(I);
        }
      SET("_state", dwV_int(1));
    } else if (!advance_product(I, self)) {
      SET("_state", dwV_int(2));
      return dwSl_stop(I);
    }
    List *ix = (List *)OBJ(GET("_i"));
    Tuple *t = dwV_tuple(&I->c, pools->len);
    if (!t) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < pools->len; k++)
      dwV_incref(t->items[k] = ((Tuple *)OBJ(pools->items[k]))->items[ix->items[k].u.i]);
    return dwV_obj(&t->h);
  }
  case K_PERMUTATIONS:
  case K_COMBINATIONS:
  case K_CWR: {
    int64_t st = GET("_state").u.i, r = GET("_r").u.i;
    Value pool = GET("_pool");
    int64_t n = ((Tuple *)OBJ(pool))->len;
    if (st == 2) return dwSl_stop(I);
    if (st == 0) {
      if (kind == K_CWR ? (n == 0 && r > 0) : r > n) {
        SET("_state", dwV_int(2));
        return dwSl_stop(I);
      }
      SET("_state", dwV_int(1));
    } else {
      bool more = kind == K_PERMUTATIONS ? advance_perm(GET("_i"), GET("_cyc"), n, r)
                                         : advance_comb(GET("_i"), n, r, kind == K_CWR);
      if (!more || r == 0) {
        SET("_state", dwV_int(2));
        return dwSl_stop(I);
      }
    }
    return pick(I, pool, GET("_i"), r);
  }
  case K_ACCUMULATE: {
    Value total = GET("_total"), init = GET("_initial");
    if (total.t == V_NULL && init.t != V_NULL) {
      dwV_incref(init);
      if (!SET("_total", init)) return dwV_null();
      dwV_dict_del(&I->c, ((Inst *)OBJ(self))->attrs, VSTR(dwI_intern(I, "_initial")));
      return init;
    }
    Value v = next_of(I, GET("_it"), &done);
    if (done) return dwSl_stop(I);
    if (v.t == V_NULL) return v;
    if (total.t != V_NULL) {
      Value f = GET("_func");
      Value nv;
      if (f.t == V_NONE) nv = dwOb_binop(I, BIN_ADD, total, v);
      else {
        Value two[2] = {total, v};
        nv = dwI_call0(I, f, 2, two);
      }
      dwV_decref(&I->c, v);
      v = nv;
      if (v.t == V_NULL) return v;
    }
    if (!SET("_total", v)) {
      dwV_decref(&I->c, v);
      return dwI_raise_ctx(I);
    }
    return v;
  }
  case K_STARMAP: {
    Value args = next_of(I, GET("_it"), &done);
    if (done) return dwSl_stop(I);
    if (args.t == V_NULL) return args;
    List *l = dwOb_to_list(I, args);
    dwV_decref(&I->c, args);
    if (!l) return dwV_null();
    Value r = dwI_call0(I, GET("_func"), (int)l->len, l->items);
    dwV_decref_o(&I->c, &l->h);
    return r;
  }
  case K_TAKEWHILE:
  case K_DROPWHILE:
  case K_FILTERFALSE:
  case K_COMPRESS:
    for (;;) {
      if (kind == K_TAKEWHILE && GET("_stopped").t != V_NULL) return dwSl_stop(I);
      Value v = next_of(I, GET("_it"), &done);
      if (done) return dwSl_stop(I);
      if (v.t == V_NULL) return v;
      if (kind == K_DROPWHILE && GET("_stopped").t != V_NULL) return v;
      Value p = kind == K_COMPRESS ? next_of(I, GET("_sel"), &done) : call1(I, GET("_func"), v);
      if (done) {
        dwV_decref(&I->c, v);
        return dwSl_stop(I);
      }
      bool t = false;
      bool ok = p.t != V_NULL && truth(I, p, &t);
      dwV_decref(&I->c, p);
      if (!ok) {
        dwV_decref(&I->c, v);
        return dwV_null();
      }
      if (kind == K_TAKEWHILE && !t) {
        SET("_stopped", dwV_bool(true));
        dwV_decref(&I->c, v);
        return dwSl_stop(I);
      }
      if (kind == K_DROPWHILE && !t) {
        SET("_stopped", dwV_bool(true));
        return v;
      }
      if ((kind == K_TAKEWHILE) || (kind == K_FILTERFALSE && !t) || (kind == K_COMPRESS && t))
        return v;
      dwV_decref(&I->c, v);
    }
  case K_PAIRWISE: {
    Value old = GET("_old");
    if (GET("_it").t == V_NONE) return dwSl_stop(I);
    if (old.t == V_NULL) {
      old = next_of(I, GET("_it"), &done);
      if (done) {
        SET("_it", dwV_none());
        return dwSl_stop(I);
      }
      if (!put(I, self, "_old", old)) return dwV_null();
      old = GET("_old");
    }
    Value nw = next_of(I, GET("_it"), &done);
    if (done) {
      SET("_it", dwV_none());
      return dwSl_stop(I);
    }
    if (nw.t == V_NULL) return nw;
    Value pair[2] = {old, nw};
    Value r = dwSl_tuple(I, pair, 2);
    put(I, self, "_old", nw);
    return r;
  }
  case K_CYCLE: {
    int64_t idx = GET("_idx").u.i;
    List *saved = (List *)OBJ(GET("_saved"));
    if (idx < 0) {
      Value v = next_of(I, GET("_it"), &done);
      if (!done) {
        if (v.t != V_NULL && !dwV_list_append(&I->c, saved, v)) {
          dwV_decref(&I->c, v);
          return dwI_raise_ctx(I);
        }
        return v;
      }
      if (saved->len == 0) return dwSl_stop(I);
      idx = 0;
    }
    Value v = saved->items[idx];
    dwV_incref(v);
    SET("_idx", dwV_int((idx + 1) % saved->len));
    return v;
  }
  case K_GROUPBY: {
    SET("_gid", dwV_int(GET("_gid").u.i + 1));
    for (;;) {
      bool eq;
      if (!keys_equal(I, self, &eq)) return dwV_null();
      if (!eq) break;
      Value v = next_of(I, GET("_it"), &done);
      if (done) return dwSl_stop(I);
      if (v.t == V_NULL) return v;
      Value k = key_of(I, self, v);
      if (k.t == V_NULL || !SET("_currvalue", v)) {
        dwV_decref(&I->c, v);
        return dwV_null();
      }
      dwV_decref(&I->c, v);
      if (!put(I, self, "_currkey", k)) return dwV_null();
    }
    Value ck = GET("_currkey");
    if (!SET("_tgtkey", ck)) return dwI_raise_ctx(I);
    Value mod = dwV_dict_gets(I->modules, dwI_intern(I, "itertools"));
    Value gc = dwV_dict_gets(((Module *)OBJ(mod))->attrs, dwI_intern(I, "_grouper"));
    Value g = dwI_new_inst(I, (Class *)OBJ(gc));
    if (g.t == V_NULL) return g;
    if (!dwSl_set(I, g, "_parent", self) || !dwSl_set(I, g, "_tgt", ck) ||
        !dwSl_set(I, g, "_id", GET("_gid"))) {
      dwV_decref(&I->c, g);
      return dwI_raise_ctx(I);
    }
    Value pair[2] = {ck, g};
    Value r = dwSl_tuple(I, pair, 2);
    dwV_decref(&I->c, g);
    return r;
  }
  case K_GROUPER: {
    if (GET("_fin").t != V_NULL) return dwSl_stop(I);
    Value parent = GET("_parent");
    if (GET("_started").t != V_NULL) {
      Value v = next_of(I, dwSl_attr(I, parent, "_it"), &done);
      if (done) {
        SET("_fin", dwV_bool(true));
        return dwSl_stop(I);
      }
      if (v.t == V_NULL) return v;
      Value k = key_of(I, parent, v);
      bool ok = k.t != V_NULL && dwSl_set(I, parent, "_currvalue", v);
      dwV_decref(&I->c, v);
      if (!ok || !dwSl_set(I, parent, "_currkey", k)) {
        dwV_decref(&I->c, k);
        return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
      }
      dwV_decref(&I->c, k);
    }
    bool eq = false;
    if (dwSl_attr(I, parent, "_gid").u.i == GET("_id").u.i) {
      Value c = dwSl_attr(I, parent, "_currkey");
      if (c.t != V_NULL && !dwOb_eq(I, c, GET("_tgt"), &eq)) return dwV_null();
    }
    if (!eq) {
      SET("_fin", dwV_bool(true));
      return dwSl_stop(I);
    }
    SET("_started", dwV_bool(true));
    Value cv = dwSl_attr(I, parent, "_currvalue");
    dwV_incref(cv);
    return cv;
  }
  }
  return dwI_raise(I, EXC_TypeError, "not an itertools object");
}

BI(it_next) {
  SL_METHOD_SELF();
  (void)def;
  int kind = kind_of(self);
  if (kind < 0) return dwI_raise(I, EXC_TypeError, "not an itertools object");
  return next_impl(I, self, kind);
}

BI(it_iter) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  dwV_incref(self);
  return self;
}

BI(it_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  int kind = kind_of(self);
  Buf b = {0};
  bool ok = true;
  if (kind == K_COUNT) {
    dwB_puts(&b, "count(");
    ok = dwFm_repr_value(I, &b, GET("_n"));
    Value st = GET("_step");
    if (ok && (GET("_stepgiven").u.i || !(st.t == V_INT && st.u.i == 1))) {
      dwB_puts(&b, ", ");
      ok = dwFm_repr_value(I, &b, st);
    }
    dwB_puts(&b, ")");
  } else if (kind == K_REPEAT) {
    dwB_puts(&b, "repeat(");
    ok = dwFm_repr_value(I, &b, GET("_o"));
    int64_t left = GET("_left").u.i;
    if (left >= 0) dwB_printf(&b, ", %lld", (long long)left);
    dwB_puts(&b, ")");
  } else {
    dwB_printf(&b, "<%s object at 0x%08llx>", kind >= 0 ? kind_names[kind] : "itertools",
               (unsigned long long)(uintptr_t)OBJ(self) & 0xffffffffull);
  }
  if (!ok) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

static const BuiltinDef it_methods[] = {
    {"itertools.__init__", it_init, TK_PURE, 0, 0},
    {"itertools.__next__", it_next, TK_PURE, 0, 0},
    {"itertools.__iter__", it_iter, TK_PURE, 0, 0},
    {"itertools.__repr__", it_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef chain_extra[] = {
    {"chain.from_iterable", it_from_iterable, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};

bool dwL_endless_iter(Interp *I, Value v) {
  int kind = kind_of(v);
  Value self = v;
  if (kind != K_COUNT && kind != K_CYCLE && !(kind == K_REPEAT && GET("_left").u.i < 0))
    return false;
  dwI_raise(I, EXC_NotImplementedError,
            "a for loop over the endless %s in a compiled function is not supported by dynawasm "
            "(a traced for loop takes its iterable whole)",
            kind_names[kind]);
  return true;
}

bool dwIt_init(Interp *I) {
  Module *m = dwL_module(I, "itertools");
  if (!m) return false;
  for (int k = 0; k < K_COUNT_ALL; k++) {
    Class *c = dwSl_class(I, m->attrs, kind_names[k], it_methods);
    if (!c || (k == K_CHAIN && !dwL_add_defs(I, c->ns, chain_extra))) return false;
  }
  m->special = MOD_STDLIB;
  return true;
}
