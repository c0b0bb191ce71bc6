/* mod_collections.c - the collections module (CPython 3.11's
 * Lib/collections/__init__.py and Modules/_collectionsmodule.c):
 * namedtuple, OrderedDict, defaultdict, Counter and deque.
 *
 * A namedtuple class is a class whose C __new__ makes a tuple of kind
 * TUP_NAMED holding the class (Tuple.cls): it is a tuple everywhere
 * (indexing, unpacking, len, ==, hash, isinstance(p, tuple), a traced
 * frame's inputs and outputs) with its fields, methods and repr from the
 * class (dwCo_attr, through dwMt_method). OrderedDict, defaultdict and
 * Counter are dicts holding their class (Dict.cls; defaultdict's
 * default_factory in Dict.extra): a dict to every dict operation, their
 * methods, __missing__, __repr__ and Counter's operators from the class.
 * A deque is an instance of a runtime class holding its items in a list.
 * Mutations log the dict or list they change for a traced frame's undo,
 * as list.append's do: Dynamo inlines this pure-Python code (its
 * variables/dicts.py, lists.py: no graph break). */
#include "stdmod.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwCo_missing[] = {"ChainMap",   "UserDict", "UserList",
                                    "UserString", "abc",      NULL};

static void drop(Interp *I, Value v) {
  dwV_decref(&I->c, v);
}

/* the class's __name__: Counter for collections.Counter */
static const char *short_name(Class *c) {
  const char *d = (c->cflags & CLS_BUILTIN) ? strrchr(c->name->s, '.') : NULL;
  return d ? d + 1 : c->name->s;
}

static Value cls_value(Class *c) {
  return (Value){.t = V_CLASS, .u = {.o = &c->h}};
}

static Class *co_class(Interp *I, const char *name) {
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, "collections"));
  Value c = dwV_dict_gets(((Module *)OBJ(m))->attrs, dwI_intern(I, name));
  return c.t == V_CLASS ? (Class *)OBJ(c) : NULL;
}

static bool is_ident(const char *s) {
  if (!*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
               *s == '_' || (unsigned char)*s >= 0x80))
    return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9') || *s == '_' || (unsigned char)*s >= 0x80))
      return false;
  return true;
}

static bool is_keyword(const char *s) {
  static const char *const kw[] = {
      "False",  "None",     "True",  "and",    "as",       "assert",
      "async",  "await",    "break", "class",  "continue", "def",
      "del",    "elif",     "else",  "except", "finally",  "for",
      "from",   "global",   "if",    "import", "in",       "is",
      "lambda", "nonlocal", "not",   "or",     "pass",     "raise",
      "return", "try",      "while", "with",   "yield",    NULL};
  for (int k = 0; kw[k]; k++)
    if (!strcmp(kw[k], s)) return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* namedtuple                                                          */
/* ------------------------------------------------------------------ */

static Tuple *nt_fields(Interp *I, Class *c) {
  Value f = dwOb_class_lookup(c, dwI_intern(I, "_fields"));
  return f.t == V_TUPLE ? (Tuple *)OBJ(f) : NULL;
}

/* the namedtuple class a subclass derives from (its _fields) */
static Class *nt_root(Interp *I, Class *c) {
  for (; c; c = c->base)
    if (dwV_dict_gets(c->ns, dwI_intern(I, "_field_defaults")).t != V_NULL)
      return c;
  return NULL;
}

static Value nt_build(Interp *I, Class *c, Value *v, int64_t n) {
  Tuple *t = dwV_tuple(&I->c, n);
  if (!t) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < n; k++)
    dwV_incref(t->items[k] = v[k]);
  t->h.flags = TUP_NAMED;
  t->cls = c;
  dwV_incref_o(&c->h);
  return dwV_obj(&t->h);
}

/* Point.__new__(cls, x, y=0): the fields bound as a function's
 * parameters (defaults from _field_defaults) */
BI(nt_new) {
  (void)def;
  if (self.t != V_CLASS)
    return dwI_raise(I, EXC_TypeError, "__new__() needs a class");
  Class *c = (Class *)OBJ(self), *root = nt_root(I, c);
  Tuple *f = root ? nt_fields(I, root) : NULL;
  if (!f) return dwI_raise(I, EXC_TypeError, "not a namedtuple class");
  Dict *defs =
      (Dict *)OBJ(dwV_dict_gets(root->ns, dwI_intern(I, "_field_defaults")));
  const char *nm = root->name->s;
  int64_t n = f->len;
  if (a->n > n)
    return dwI_raise(
        I, EXC_TypeError,
        "%s.__new__() takes %lld positional argument%s but %d were given", nm,
        (long long)n + 1, n + 1 == 1 ? "" : "s", a->n + 1);
  Value *v = calloc((size_t)(n ? n : 1), sizeof(Value));
  if (!v) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int k = 0; k < a->n; k++)
    v[k] = a->v[k];
  for (int k = 0; k < a->nkw; k++) {
    int64_t j = 0;
    while (j < n && strcmp(STR(f->items[j])->s, a->kw[k].name->s))
      j++;
    if (j == n) {
      free(v);
      return dwI_raise(I, EXC_TypeError,
                       "%s.__new__() got an unexpected keyword argument '%s'",
                       nm, a->kw[k].name->s);
    }
    if (v[j].t != V_NULL) {
      free(v);
      return dwI_raise(I, EXC_TypeError,
                       "%s.__new__() got multiple values for argument '%s'", nm,
                       a->kw[k].name->s);
    }
    v[j] = a->kw[k].v;
  }
  int missing = 0;
  for (int64_t j = 0; j < n; j++) {
    if (v[j].t == V_NULL) v[j] = dwV_dict_get(defs, f->items[j]);
    if (v[j].t == V_NULL) missing++;
  }
  if (missing) {
    Buf b = {0};
    int seen = 0;
    for (int64_t j = 0; j < n; j++) {
      if (v[j].t != V_NULL) continue;
      if (seen)
        dwB_puts(&b, missing == 2          ? " and "
                     : seen == missing - 1 ? ", and "
                                           : ", ");
      dwB_printf(&b, "'%s'", STR(f->items[j])->s);
      seen++;
    }
    free(v);
    dwI_raise(I, EXC_TypeError,
              "%s.__new__() missing %d required positional argument%s: %s", nm,
              missing, missing == 1 ? "" : "s", b.p ? b.p : "");
    dwB_free(&b);
    return dwV_null();
  }
  Value r = nt_build(I, c, v, n);
  free(v);
  return r;
}

/* Point._make(iterable) (a classmethod) */
BI(nt_make) {
  (void)def;
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError, "_make() takes 1 positional argument");
  Class *c = self.t == V_CLASS ? (Class *)OBJ(self) : dwV_class_of(self);
  Class *root = c ? nt_root(I, c) : NULL;
  Tuple *f = root ? nt_fields(I, root) : NULL;
  if (!f) return dwI_raise(I, EXC_TypeError, "not a namedtuple class");
  List *l = dwOb_to_list(I, a->v[0]);
  if (!l) return dwV_null();
  Value r;
  if (l->len != f->len)
    r = dwI_raise(I, EXC_TypeError, "Expected %lld arguments, got %lld",
                  (long long)f->len, (long long)l->len);
  else
    r = nt_build(I, c, l->items, l->len);
  dwV_decref_o(&I->c, &l->h);
  return r;
}

static Tuple *self_tuple(Interp *I, Value self) {
  if (self.t != V_TUPLE || OBJ(self)->flags != TUP_NAMED) {
    dwI_raise(I, EXC_TypeError, "descriptor needs a namedtuple");
    return NULL;
  }
  return (Tuple *)OBJ(self);
}

BI(nt_asdict) {
  SL_METHOD_SELF();
  (void)def;
  Tuple *t = self_tuple(I, self);
  if (!t) return dwV_null();
  if (a->n || a->nkw)
    return dwI_raise(I, EXC_TypeError,
                     "_asdict() takes 1 positional argument but %d were given",
                     a->n + 1);
  Tuple *f = nt_fields(I, t->cls);
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  for (int64_t k = 0; f && k < f->len && k < t->len; k++)
    if (!dwV_dict_set(&I->c, d, f->items[k], t->items[k])) {
      dwV_decref_o(&I->c, &d->h);
      return dwI_raise_ctx(I);
    }
  return dwV_obj(&d->h);
}

BI(nt_replace) {
  SL_METHOD_SELF();
  (void)def;
  Tuple *t = self_tuple(I, self);
  if (!t) return dwV_null();
  if (a->n)
    return dwI_raise(I, EXC_TypeError,
                     "_replace() takes 1 positional argument but %d were given",
                     a->n + 1);
  Tuple *f = nt_fields(I, t->cls);
  Value *v = malloc(sizeof(Value) * (size_t)(t->len ? t->len : 1));
  if (!v || !f) {
    free(v);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int64_t k = 0; k < t->len; k++)
    v[k] = t->items[k];
  Buf bad = {0};
  int nbad = 0;
  for (int k = 0; k < a->nkw; k++) {
    int64_t j = 0;
    while (j < f->len && strcmp(STR(f->items[j])->s, a->kw[k].name->s))
      j++;
    if (j < f->len && j < t->len) {
      v[j] = a->kw[k].v;
      continue;
    }
    dwB_printf(&bad, "%s'%s'", nbad++ ? ", " : "", a->kw[k].name->s);
  }
  Value r;
  if (nbad)
    r = dwI_raise(I, EXC_ValueError, "Got unexpected field names: [%s]", bad.p);
  else
    r = nt_build(I, t->cls, v, t->len);
  dwB_free(&bad);
  free(v);
  return r;
}

BI(nt_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Tuple *t = self_tuple(I, self);
  if (!t) return dwV_null();
  Tuple *f = nt_fields(I, nt_root(I, t->cls));
  Buf b = {0};
  dwB_printf(&b, "%s(", t->cls->name->s);
  bool ok = true;
  for (int64_t k = 0; ok && k < t->len; k++) {
    if (k) dwB_puts(&b, ", ");
    if (f && k < f->len) dwB_printf(&b, "%s=", STR(f->items[k])->s);
    ok = dwFm_repr_value(I, &b, t->items[k]);
  }
  dwB_putc(&b, ')');
  if (!ok) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

BI(nt_getnewargs) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Tuple *t = self_tuple(I, self);
  return t ? dwSl_tuple(I, t->items, t->len) : dwV_null();
}

static const BuiltinDef nt_methods[] = {
    {"__new__", nt_new, TK_PURE, 0, 0},
    {"_asdict", nt_asdict, TK_PURE, 0, 0},
    {"_replace", nt_replace, TK_PURE, 0, 0},
    {"__repr__", nt_repr, TK_PURE, 0, 0},
    {"__getnewargs__", nt_getnewargs, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef nt_make_def = {"_make", nt_make, TK_PURE, 0, 0};

/* The field names of namedtuple(): a str split at commas and spaces, or
 * an iterable of str; validated (rename= replaces the bad ones) */
static List *nt_names(Interp *I, Value spec, bool rename) {
  List *l = NULL;
  if (spec.t == V_STR) {
    l = dwV_list(&I->c, 0);
    if (!l) return dwI_raise_ctx(I), NULL;
    const char *s = STR(spec)->s;
    while (*s) {
      while (*s == ',' || *s == ' ' || *s == '\t' || *s == '\n')
        s++;
      const char *e = s;
      while (*e && *e != ',' && *e != ' ' && *e != '\t' && *e != '\n')
        e++;
      if (e > s) {
        Str *w = dwV_str(&I->c, s, (size_t)(e - s));
        Value wv = w ? VSTR(w) : dwV_null();
        bool ok = w && dwV_list_append(&I->c, l, wv);
        if (w) drop(I, wv);
        if (!ok) {
          dwV_decref_o(&I->c, &l->h);
          return dwI_raise_ctx(I), NULL;
        }
      }
      s = e;
    }
  } else {
    l = dwOb_to_list(I, spec);
    if (!l) return NULL;
  }
  for (int64_t k = 0; k < l->len; k++) {
    Value x = l->items[k];
    if (x.t != V_STR) {
      dwI_raise(I, EXC_TypeError, "Type names and field names must be strings");
      dwV_decref_o(&I->c, &l->h);
      return NULL;
    }
    if (!rename) continue;
    const char *s = STR(x)->s;
    bool bad = !is_ident(s) || is_keyword(s) || s[0] == '_';
    for (int64_t j = 0; !bad && j < k; j++)
      bad = !strcmp(STR(l->items[j])->s, s);
    if (bad) {
      Str *n = dwV_strf(&I->c, "_%lld", (long long)k);
      if (!n) {
        dwV_decref_o(&I->c, &l->h);
        return dwI_raise_ctx(I), NULL;
      }
      drop(I, l->items[k]);
      l->items[k] = VSTR(n);
    }
  }
  return l;
}

static bool nt_check(Interp *I, const char *s, bool field) {
  if (!is_ident(s)) {
    dwI_raise(I, EXC_ValueError,
              "Type names and field names must be valid identifiers: '%s'", s);
    return false;
  }
  if (is_keyword(s)) {
    dwI_raise(I, EXC_ValueError,
              "Type names and field names cannot be a keyword: '%s'", s);
    return false;
  }
  if (field && s[0] == '_') {
    dwI_raise(I, EXC_ValueError,
              "Field names cannot start with an underscore: '%s'", s);
    return false;
  }
  return true;
}

/* collections.namedtuple(typename, field_names, *, rename=False,
 * defaults=None, module=None) */
BI(co_namedtuple) {
  (void)def;
  (void)self;
  static const char *const names[] = {"typename", "field_names", "rename",
                                      "defaults", "module"};
  Value o[5] = {dwV_null(), dwV_null(), dwV_null(), dwV_null(), dwV_null()};
  if (!dwSl_bind(I, "namedtuple", a, 2, 5, names, o) ||
      !dwSl_required(I, "namedtuple", 2, names, o))
    return dwV_null();
  if (o[0].t != V_STR)
    return dwI_raise(I, EXC_TypeError,
                     "Type names and field names must be strings");
  bool rename = false;
  if (o[2].t != V_NULL && !dwOb_truth(I, o[2], &rename)) return dwV_null();
  List *fl = nt_names(I, o[1], rename);
  if (!fl) return dwV_null();
  Value flv = dwV_obj(&fl->h);
  if (!nt_check(I, STR(o[0])->s, false)) return drop(I, flv), dwV_null();
  for (int64_t k = 0; k < fl->len; k++) {
    if (!nt_check(I, STR(fl->items[k])->s, !rename))
      return drop(I, flv), dwV_null();
    for (int64_t j = 0; j < k; j++)
      if (!strcmp(STR(fl->items[j])->s, STR(fl->items[k])->s)) {
        dwI_raise(I, EXC_ValueError, "Encountered duplicate field name: '%s'",
                  STR(fl->items[k])->s);
        drop(I, flv);
        return dwV_null();
      }
  }
  List *dl = NULL;
  if (o[3].t != V_NULL && o[3].t != V_NONE) {
    dl = dwOb_to_list(I, o[3]);
    if (!dl) return drop(I, flv), dwV_null();
    if (dl->len > fl->len) {
      dwV_decref_o(&I->c, &dl->h);
      drop(I, flv);
      return dwI_raise(I, EXC_TypeError,
                       "Got more default values than field names");
    }
  }
  Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
  Dict *fd = dwV_dict(&I->c);
  Value fields = dwSl_tuple(I, fl->items, fl->len);
  bool ok = c && fd && fields.t != V_NULL;
  if (c) {
    c->name = dwI_intern(I, STR(o[0])->s);
    dwV_incref_o(&c->name->h);
    c->builtin_base = -1;
    c->cflags = CLS_NEW;
    c->ns = dwV_dict(&I->c);
    ok = ok && c->ns;
  }
  for (int64_t k = 0; ok && dl && k < dl->len; k++)
    ok =
        dwV_dict_set(&I->c, fd, fl->items[fl->len - dl->len + k], dl->items[k]);
  Value mod = o[4].t != V_NULL && o[4].t != V_NONE
                  ? o[4]
                  : VSTR(dwI_intern(I, "__main__"));
  Wrap *mk = ok ? (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap)) : NULL;
  if (mk) {
    mk->kind = WRAP_CLASSMETHOD;
    Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
    if (b) {
      b->def = &nt_make_def;
      b->self = b->extra = dwV_null();
      mk->target = dwV_obj(&b->h);
    }
    ok = b != NULL;
  }
  ok = ok && mk && dwL_add_defs(I, c->ns, nt_methods) &&
       dwL_set(I, c->ns, "_fields", fields) &&
       dwL_set(I, c->ns, "__match_args__", fields) &&
       dwL_set(I, c->ns, "_field_defaults", dwV_obj(&fd->h)) &&
       dwL_set(I, c->ns, "_make", dwV_obj(&mk->h)) &&
       dwL_set(I, c->ns, "__module__", mod) &&
       dwL_set(I, c->ns, "__name__", o[0]) &&
       dwL_set(I, c->ns, "__qualname__", o[0]);
  if (mk) drop(I, dwV_obj(&mk->h));
  if (fd) dwV_decref_o(&I->c, &fd->h);
  if (fields.t != V_NULL) drop(I, fields);
  if (dl) dwV_decref_o(&I->c, &dl->h);
  drop(I, flv);
  if (!ok) {
    if (c) dwV_decref_o(&I->c, &c->h);
    return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
  }
  return cls_value(c);
}

/* ------------------------------------------------------------------ */
/* The dict classes: OrderedDict, defaultdict, Counter                 */
/* ------------------------------------------------------------------ */

static Dict *self_dict(Interp *I, Value self, const char *what) {
  if (self.t != V_DICT || !((Dict *)OBJ(self))->cls) {
    dwI_raise(I, EXC_TypeError,
              "descriptor '%s' requires a dict of collections", what);
    return NULL;
  }
  return (Dict *)OBJ(self);
}

/* C.__new__(cls, ...): an empty dict of class cls */
BI(cd_new) {
  (void)def;
  (void)a;
  if (self.t != V_CLASS)
    return dwI_raise(I, EXC_TypeError, "__new__() needs a class");
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  d->cls = (Class *)OBJ(self);
  dwV_incref_o(&d->cls->h);
  d->extra = dwV_none();
  return dwV_obj(&d->h);
}

/* OrderedDict.__init__(*a, **kw): dict.update */
BI(od_init) {
  SL_METHOD_SELF();
  (void)def;
  Dict *d = self_dict(I, self, "__init__");
  if (!d) return dwV_null();
  if (a->n > 1)
    return dwI_raise(I, EXC_TypeError, "expected at most 1 argument, got %d",
                     a->n);
  dwR_log_obj(I, &d->h);
  return dwL_dict_update(I, d, a) ? dwV_none() : dwV_null();
}

/* dict body {k: v, ...} of d, without its class's __repr__ */
static bool dict_body(Interp *I, Buf *b, Dict *d) {
  dwB_putc(b, '{');
  int n = 0;
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    if (n++) dwB_puts(b, ", ");
    if (!dwFm_repr_value(I, b, d->ent[k].key)) return false;
    dwB_puts(b, ": ");
    if (!dwFm_repr_value(I, b, d->ent[k].val)) return false;
  }
  dwB_putc(b, '}');
  return true;
}

/* OrderedDict([('a', 1), ('b', 2)]) */
BI(od_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = self_dict(I, self, "__repr__");
  if (!d) return dwV_null();
  Buf b = {0};
  dwB_printf(&b, "%s(", short_name(d->cls));
  bool ok = true;
  if (d->len) {
    dwB_putc(&b, '[');
    int n = 0;
    for (int64_t k = 0; ok && k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      if (n++) dwB_puts(&b, ", ");
      dwB_putc(&b, '(');
      ok = dwFm_repr_value(I, &b, d->ent[k].key);
      dwB_puts(&b, ", ");
      ok = ok && dwFm_repr_value(I, &b, d->ent[k].val);
      dwB_putc(&b, ')');
    }
    dwB_putc(&b, ']');
  }
  dwB_putc(&b, ')');
  if (!ok) return dwB_free(&b), dwV_null();
  return dwL_new_str(I, &b);
}

/* Rebuilds d's entries with `key` first (move_to_end(last=False)) */
static bool move_first(Interp *I, Dict *d, Value key) {
  int64_t n = d->len;
  DictEntry *e = malloc(sizeof(DictEntry) * (size_t)(n ? n : 1));
  if (!e) return dwI_raise(I, EXC_MemoryError, "out of memory"), false;
  int64_t m = 0, at = -1;
  Value stored = dwV_dict_get_key(d, key);
  for (int64_t k = 0; k < d->nent; k++)
    if (d->ent[k].used) {
      if (d->ent[k].key.u.o == stored.u.o && d->ent[k].key.t == stored.t &&
          d->ent[k].key.u.i == stored.u.i)
        at = m;
      e[m] = d->ent[k];
      dwV_incref(e[m].key);
      dwV_incref(e[m].val);
      m++;
    }
  bool ok = at >= 0;
  for (int64_t k = 0; k < m; k++)
    dwV_dict_del(&I->c, d, e[k].key);
  if (ok) ok = dwV_dict_set(&I->c, d, e[at].key, e[at].val);
  for (int64_t k = 0; k < m; k++) {
    if (ok && k != at) ok = dwV_dict_set(&I->c, d, e[k].key, e[k].val);
    drop(I, e[k].key);
    drop(I, e[k].val);
  }
  free(e);
  return ok || (I->exc.t == V_NULL && dwI_raise_ctx(I).t == V_NULL && false);
}

BI(od_move_to_end) {
  SL_METHOD_SELF();
  (void)def;
  static const char *const names[] = {"key", "last"};
  Value o[2] = {dwV_null(), dwV_null()};
  if (!dwSl_bind(I, "move_to_end", a, 2, 2, names, o) ||
      !dwSl_required(I, "move_to_end", 1, names, o))
    return dwV_null();
  Dict *d = self_dict(I, self, "move_to_end");
  if (!d || !dwOb_check_hashable(I, o[0])) return dwV_null();
  bool last = true;
  if (o[1].t != V_NULL && !dwOb_truth(I, o[1], &last)) return dwV_null();
  Value v = dwV_dict_get(d, o[0]);
  if (v.t == V_NULL) return dwI_raise_key(I, o[0]);
  dwR_log_obj(I, &d->h);
  if (!last) return move_first(I, d, o[0]) ? dwV_none() : dwV_null();
  Value k = dwV_dict_get_key(d, o[0]);
  dwV_incref(k);
  dwV_incref(v);
  bool ok = dwV_dict_del(&I->c, d, k) && dwV_dict_set(&I->c, d, k, v);
  drop(I, k);
  drop(I, v);
  return ok ? dwV_none() : dwI_raise_ctx(I);
}

BI(od_popitem) {
  SL_METHOD_SELF();
  (void)def;
  static const char *const names[] = {"last"};
  Value o[1] = {dwV_null()};
  if (!dwSl_bind(I, "popitem", a, 1, 1, names, o)) return dwV_null();
  Dict *d = self_dict(I, self, "popitem");
  if (!d) return dwV_null();
  bool last = true;
  if (o[0].t != V_NULL && !dwOb_truth(I, o[0], &last)) return dwV_null();
  if (!d->len) return dwI_raise(I, EXC_KeyError, "dictionary is empty");
  int64_t at = -1;
  for (int64_t k = 0; k < d->nent; k++)
    if (d->ent[k].used) {
      at = k;
      if (!last) break;
    }
  dwR_log_obj(I, &d->h);
  Value pair[2] = {d->ent[at].key, d->ent[at].val};
  Value r = dwSl_tuple(I, pair, 2);
  if (r.t == V_NULL) return r;
  if (!dwV_dict_del(&I->c, d, pair[0])) return drop(I, r), dwI_raise_ctx(I);
  return r;
}

/* d.copy(): a dict of the same class (defaultdict: same factory) */
BI(cd_copy) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = self_dict(I, self, "copy");
  if (!d) return dwV_null();
  Dict *n = dwV_dict(&I->c);
  if (!n) return dwI_raise_ctx(I);
  n->cls = d->cls;
  dwV_incref_o(&n->cls->h);
  dwV_incref(n->extra = d->extra);
  for (int64_t k = 0; k < d->nent; k++)
    if (d->ent[k].used &&
        !dwV_dict_set(&I->c, n, d->ent[k].key, d->ent[k].val)) {
      dwV_decref_o(&I->c, &n->h);
      return dwI_raise_ctx(I);
    }
  return dwV_obj(&n->h);
}

/* defaultdict(default_factory=None, /, *a, **kw) */
BI(dd_init) {
  SL_METHOD_SELF();
  (void)def;
  Dict *d = self_dict(I, self, "__init__");
  if (!d) return dwV_null();
  Value f = dwV_none();
  Args rest = *a;
  if (a->n >= 1) {
    f = a->v[0];
    rest.v++;
    rest.n--;
    if (f.t != V_NONE) {
      Value cb = dwL_builtin(I, "callable");
      Value r = dwI_call0(I, cb, 1, &f);
      drop(I, cb);
      if (r.t == V_NULL) return r;
      if (!(r.t == V_BOOL && r.u.i))
        return dwI_raise(I, EXC_TypeError,
                         "first argument must be callable or None");
    }
  }
  if (rest.n > 1)
    return dwI_raise(I, EXC_TypeError,
                     "dict expected at most 1 argument, got %d", rest.n);
  dwR_log_obj(I, &d->h);
  dwV_incref(f);
  drop(I, d->extra);
  d->extra = f;
  return dwL_dict_update(I, d, &rest) ? dwV_none() : dwV_null();
}

BI(dd_missing) {
  SL_METHOD_SELF();
  (void)def;
  Dict *d = self_dict(I, self, "__missing__");
  if (!d) return dwV_null();
  if (a->n != 1)
    return dwI_raise(I, EXC_TypeError,
                     "__missing__() takes exactly one argument (%d given)",
                     a->n);
  if (d->extra.t == V_NONE || d->extra.t == V_NULL)
    return dwI_raise_key(I, a->v[0]);
  Value v = dwI_call0(I, d->extra, 0, NULL);
  if (v.t == V_NULL) return v;
  dwR_log_obj(I, &d->h);
  if (!dwV_dict_set(&I->c, d, a->v[0], v)) return drop(I, v), dwI_raise_ctx(I);
  return v;
}

/* defaultdict(<class 'list'>, {'a': [1]}) */
BI(dd_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = self_dict(I, self, "__repr__");
  if (!d) return dwV_null();
  Buf b = {0};
  dwB_printf(&b, "%s(", short_name(d->cls));
  bool ok = dwFm_repr_value(I, &b, d->extra);
  dwB_puts(&b, ", ");
  ok = ok && dict_body(I, &b, d);
  dwB_putc(&b, ')');
  if (!ok) return dwB_free(&b), dwV_null();
  return dwL_new_str(I, &b);
}

/* Counter: counts added (sign +1) or subtracted (-1) from an iterable or
 * a mapping, and keywords */
static bool counter_add(Interp *I, Dict *d, Value key, Value by, int sign) {
  if (!dwOb_check_hashable(I, key)) return false;
  Value cur = dwV_dict_get(d, key);
  Value n = cur.t == V_NULL
                ? (sign > 0 ? by : dwOb_unary(I, UN_NEG, by))
                : dwOb_binop(I, sign > 0 ? BIN_ADD : BIN_SUB, cur, by);
  if (n.t == V_NULL) return false;
  if (cur.t == V_NULL && sign > 0) dwV_incref(n);
  bool ok = dwV_dict_set(&I->c, d, key, n);
  drop(I, n);
  return ok || (dwI_raise_ctx(I), false);
}

static bool counter_update(Interp *I, Dict *d, Args *a, int sign,
                           const char *fname) {
  if (a->n > 1) {
    dwI_raise(I, EXC_TypeError, "expected at most 1 argument, got %d", a->n);
    return false;
  }
  (void)fname;
  dwR_log_obj(I, &d->h);
  if (a->n == 1 && a->v[0].t != V_NONE) {
    Value src = a->v[0];
    if (src.t == V_DICT) {
      Dict *s = (Dict *)OBJ(src);
      for (int64_t k = 0; k < s->nent; k++)
        if (s->ent[k].used &&
            !counter_add(I, d, s->ent[k].key, s->ent[k].val, sign))
          return false;
    } else {
      List *l = dwOb_to_list(I, src);
      if (!l) return false;
      for (int64_t k = 0; k < l->len; k++)
        if (!counter_add(I, d, l->items[k], dwV_int(1), sign)) {
          dwV_decref_o(&I->c, &l->h);
          return false;
        }
      dwV_decref_o(&I->c, &l->h);
    }
  }
  for (int k = 0; k < a->nkw; k++)
    if (!counter_add(I, d, VSTR(a->kw[k].name), a->kw[k].v, sign)) return false;
  return true;
}

BI(ct_init) {
  SL_METHOD_SELF();
  (void)def;
  Dict *d = self_dict(I, self, "__init__");
  return d && counter_update(I, d, a, 1, "__init__") ? dwV_none() : dwV_null();
}

BI(ct_update) {
  SL_METHOD_SELF();
  Dict *d = self_dict(I, self, def->name);
  return d && counter_update(I, d, a, def->data, def->name) ? dwV_none()
                                                            : dwV_null();
}

BI(ct_missing) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  return dwV_int(0);
}

/* the items sorted by count, largest first, ties in insertion order
 * (sorted(..., key=itemgetter(1), reverse=True) is stable) */
static Value ct_sorted(Interp *I, Dict *d, int64_t limit) {
  int64_t n = d->len, m = 0;
  DictEntry *e = malloc(sizeof(DictEntry) * (size_t)(n ? n : 1));
  if (!e) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < d->nent; k++)
    if (d->ent[k].used) {
      /* insertion sort: stable, moves past smaller counts only */
      DictEntry x = d->ent[k];
      int64_t j = m;
      while (j > 0) {
        Value lt = dwOb_compare(I, CMP_LT, e[j - 1].val, x.val);
        if (lt.t == V_NULL) return free(e), lt;
        bool t = lt.t == V_BOOL && lt.u.i;
        drop(I, lt);
        if (!t) break;
        e[j] = e[j - 1];
        j--;
      }
      e[j] = x;
      m++;
    }
  if (limit < 0 || limit > m) limit = m;
  List *l = dwV_list(&I->c, 0);
  bool ok = l != NULL;
  for (int64_t k = 0; ok && k < limit; k++) {
    Value pair[2] = {e[k].key, e[k].val};
    Value t = dwSl_tuple(I, pair, 2);
    ok = t.t != V_NULL && dwV_list_append(&I->c, l, t);
    if (t.t != V_NULL) drop(I, t);
  }
  free(e);
  if (!ok) {
    if (l) dwV_decref_o(&I->c, &l->h);
    return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
  }
  return dwV_obj(&l->h);
}

BI(ct_most_common) {
  SL_METHOD_SELF();
  (void)def;
  static const char *const names[] = {"n"};
  Value o[1] = {dwV_null()};
  if (!dwSl_bind(I, "most_common", a, 1, 1, names, o)) return dwV_null();
  Dict *d = self_dict(I, self, "most_common");
  if (!d) return dwV_null();
  int64_t n = -1;
  if (o[0].t != V_NULL && o[0].t != V_NONE) {
    if (!dwOb_index(I, o[0], &n)) return dwV_null();
    if (n < 0) n = 0;
  }
  return ct_sorted(I, d, n);
}

BI(ct_elements) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = self_dict(I, self, "elements");
  if (!d) return dwV_null();
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    int64_t c = 0;
    Value cv = d->ent[k].val;
    if (cv.t == V_INT || cv.t == V_BOOL)
      c = cv.u.i;
    else {
      dwV_decref_o(&I->c, &l->h);
      return dwI_raise(I, EXC_TypeError,
                       "'%s' object cannot be interpreted as an integer",
                       dwV_type_name(cv));
    }
    for (int64_t j = 0; j < c; j++)
      if (!dwV_list_append(&I->c, l, d->ent[k].key)) {
        dwV_decref_o(&I->c, &l->h);
        return dwI_raise_ctx(I);
      }
  }
  Value lv = dwV_obj(&l->h);
  Value it = dwOb_iter(I, lv);
  drop(I, lv);
  return it;
}

BI(ct_total) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = self_dict(I, self, "total");
  if (!d) return dwV_null();
  Value acc = dwV_int(0);
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    Value n = dwOb_binop(I, BIN_ADD, acc, d->ent[k].val);
    drop(I, acc);
    if (n.t == V_NULL) return n;
    acc = n;
  }
  return acc;
}

/* Counter({'a': 2, 'b': 1}): most common first */
BI(ct_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Dict *d = self_dict(I, self, "__repr__");
  if (!d) return dwV_null();
  Buf b = {0};
  dwB_printf(&b, "%s(", short_name(d->cls));
  bool ok = true;
  if (d->len) {
    Value s = ct_sorted(I, d, -1);
    if (s.t == V_NULL) return dwB_free(&b), s;
    List *l = (List *)OBJ(s);
    dwB_putc(&b, '{');
    for (int64_t k = 0; ok && k < l->len; k++) {
      Tuple *t = (Tuple *)OBJ(l->items[k]);
      if (k) dwB_puts(&b, ", ");
      ok = dwFm_repr_value(I, &b, t->items[0]);
      dwB_puts(&b, ": ");
      ok = ok && dwFm_repr_value(I, &b, t->items[1]);
    }
    dwB_putc(&b, '}');
    drop(I, s);
  }
  dwB_putc(&b, ')');
  if (!ok) return dwB_free(&b), dwV_null();
  return dwL_new_str(I, &b);
}

/* Counter + - | &: a new Counter of the positive counts (CPython's
 * __add__, __sub__, __or__, __and__) */
BI(ct_binop) {
  SL_METHOD_SELF();
  Dict *d = self_dict(I, self, def->name);
  if (!d) return dwV_null();
  if (a->n != 1)
    return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  Value ov = a->v[0];
  if (ov.t != V_DICT || !((Dict *)OBJ(ov))->cls ||
      !dwI_subclass(((Dict *)OBJ(ov))->cls, co_class(I, "Counter")))
    return dwL_builtin(I, "NotImplemented");
  Dict *o = (Dict *)OBJ(ov);
  Class *cc = co_class(I, "Counter");
  Value rv = cd_new(I, def, cls_value(cc), NULL);
  if (rv.t == V_NULL) return rv;
  Dict *r = (Dict *)OBJ(rv);
  int op = def->data;
  bool ok = true;
  for (int pass = 0; ok && pass < 2; pass++) {
    Dict *src = pass ? o : d, *oth = pass ? d : o;
    for (int64_t k = 0; ok && k < src->nent; k++) {
      if (!src->ent[k].used) continue;
      Value key = src->ent[k].key, x = src->ent[k].val,
            y = dwV_dict_get(oth, key);
      Value n;
      if (pass && y.t != V_NULL) continue; /* seen in the first pass */
      Value zero = dwV_int(0);
      if (op == BIN_ADD)
        n = y.t == V_NULL ? (dwV_incref(x), x) : dwOb_binop(I, BIN_ADD, x, y);
      else if (op == BIN_SUB) {
        if (pass) continue; /* only self's keys */
        n = y.t == V_NULL ? (dwV_incref(x), x) : dwOb_binop(I, BIN_SUB, x, y);
      } else {
        if (pass && op == BIN_AND) continue;
        Value p = pass ? zero : x, q = pass ? x : (y.t == V_NULL ? zero : y);
        Value lt = dwOb_compare(I, CMP_LT, p, q);
        if (lt.t == V_NULL) {
          ok = false;
          break;
        }
        bool less = lt.t == V_BOOL && lt.u.i;
        drop(I, lt);
        n = op == BIN_OR ? (less ? q : p) : (less ? p : q);
        dwV_incref(n);
      }
      if (n.t == V_NULL) {
        ok = false;
        break;
      }
      Value gt = dwOb_compare(I, CMP_GT, n, zero);
      bool pos = gt.t == V_BOOL && gt.u.i;
      if (gt.t == V_NULL)
        ok = false;
      else
        drop(I, gt);
      if (ok && pos)
        ok = dwV_dict_set(&I->c, r, key, n) || (dwI_raise_ctx(I), false);
      drop(I, n);
    }
  }
  if (!ok) return drop(I, rv), dwV_null();
  return rv;
}

/* OrderedDict == OrderedDict: the same items in the same order (with a
 * plain dict: as dicts) */
BI(od_eq) {
  SL_METHOD_SELF();
  Dict *d = self_dict(I, self, "__eq__");
  if (!d) return dwV_null();
  if (a->n != 1)
    return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  Value ov = a->v[0];
  Class *oc = co_class(I, "OrderedDict");
  if (ov.t != V_DICT || !((Dict *)OBJ(ov))->cls ||
      !dwI_subclass(((Dict *)OBJ(ov))->cls, oc) || !dwI_subclass(d->cls, oc))
    return dwL_builtin(I, "NotImplemented");
  Dict *o = (Dict *)OBJ(ov);
  bool eq = d->len == o->len;
  for (int64_t j = 0, k = 0; eq; j++, k++) {
    while (j < d->nent && !d->ent[j].used)
      j++;
    while (k < o->nent && !o->ent[k].used)
      k++;
    if (j >= d->nent || k >= o->nent) break;
    if (!dwOb_eq(I, d->ent[j].key, o->ent[k].key, &eq)) return dwV_null();
    if (eq && !dwOb_eq(I, d->ent[j].val, o->ent[k].val, &eq)) return dwV_null();
  }
  return dwV_bool(def->data ? !eq : eq);
}

static const BuiltinDef od_methods[] = {
    {"__new__", cd_new, TK_PURE, 0, 0},
    {"__init__", od_init, TK_PURE, 0, 0},
    {"__repr__", od_repr, TK_PURE, 0, 0},
    {"move_to_end", od_move_to_end, TK_PURE, 0, 0},
    {"popitem", od_popitem, TK_PURE, 0, 0},
    {"copy", cd_copy, TK_PURE, 0, 0},
    {"__eq__", od_eq, TK_PURE, 0, 0},
    {"__ne__", od_eq, TK_PURE, 1, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef dd_methods[] = {
    {"__new__", cd_new, TK_PURE, 0, 0},
    {"__init__", dd_init, TK_PURE, 0, 0},
    {"__missing__", dd_missing, TK_PURE, 0, 0},
    {"__repr__", dd_repr, TK_PURE, 0, 0},
    {"copy", cd_copy, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef ct_methods[] = {
    {"__new__", cd_new, TK_PURE, 0, 0},
    {"__init__", ct_init, TK_PURE, 0, 0},
    {"__missing__", ct_missing, TK_PURE, 0, 0},
    {"__repr__", ct_repr, TK_PURE, 0, 0},
    {"update", ct_update, TK_PURE, 1, 0},
    {"subtract", ct_update, TK_PURE, -1, 0},
    {"most_common", ct_most_common, TK_PURE, 0, 0},
    {"elements", ct_elements, TK_PURE, 0, 0},
    {"total", ct_total, TK_PURE, 0, 0},
    {"copy", cd_copy, TK_PURE, 0, 0},
    {"__add__", ct_binop, TK_PURE, BIN_ADD, 0},
    {"__sub__", ct_binop, TK_PURE, BIN_SUB, 0},
    {"__or__", ct_binop, TK_PURE, BIN_OR, 0},
    {"__and__", ct_binop, TK_PURE, BIN_AND, 0},
    {NULL, NULL, 0, 0, 0}};

/* ------------------------------------------------------------------ */
/* deque                                                               */
/* ------------------------------------------------------------------ */

static List *dq_items(Interp *I, Value self) {
  if (!dwSl_is(self, "collections.deque") &&
      !(self.t == V_INST &&
        dwI_subclass(((Inst *)OBJ(self))->cls, co_class(I, "deque")))) {
    dwI_raise(I, EXC_TypeError,
              "descriptor requires a 'collections.deque' object");
    return NULL;
  }
  Value l = dwSl_attr(I, self, "_items");
  if (l.t != V_LIST) {
    dwI_raise(I, EXC_TypeError, "deque not initialized");
    return NULL;
  }
  return (List *)OBJ(l);
}

static int64_t dq_maxlen(Interp *I, Value self) {
  Value m = dwSl_attr(I, self, "maxlen");
  return m.t == V_INT ? m.u.i : -1;
}

/* insert v at the right (or left), dropping from the other end past
 * maxlen */
static bool dq_push(Interp *I, Value self, List *l, Value v, bool left) {
  int64_t max = dq_maxlen(I, self);
  if (max == 0) return true;
  if (!dwV_list_append(&I->c, l, v)) return dwI_raise_ctx(I), false;
  if (left) {
    memmove(l->items + 1, l->items, sizeof(Value) * (size_t)(l->len - 1));
    l->items[0] = v;
  }
  if (max > 0 && l->len > max) {
    if (left)
      drop(I, l->items[--l->len]);
    else {
      drop(I, l->items[0]);
      memmove(l->items, l->items + 1, sizeof(Value) * (size_t)(l->len - 1));
      l->len--;
    }
  }
  return true;
}

BI(dq_init) {
  SL_METHOD_SELF();
  (void)def;
  static const char *const names[] = {"iterable", "maxlen"};
  Value o[2] = {dwV_null(), dwV_null()};
  if (!dwSl_bind(I, "deque", a, 2, 2, names, o)) return dwV_null();
  Value mx = dwV_none();
  if (o[1].t != V_NULL && o[1].t != V_NONE) {
    int64_t m;
    if (!dwOb_index(I, o[1], &m)) {
      if (I->exc.t == V_NULL)
        dwI_raise(I, EXC_TypeError, "an integer is required");
      return dwV_null();
    }
    if (m < 0)
      return dwI_raise(I, EXC_ValueError, "maxlen must be non-negative");
    mx = dwV_int(m);
  }
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  Value lv = dwV_obj(&l->h);
  bool ok = dwSl_set(I, self, "_items", lv) && dwSl_set(I, self, "maxlen", mx);
  drop(I, lv);
  if (!ok) return dwI_raise_ctx(I);
  if (o[0].t != V_NULL) {
    List *src = dwOb_to_list(I, o[0]);
    if (!src) return dwV_null();
    for (int64_t k = 0; ok && k < src->len; k++)
      ok = dq_push(I, self, l, src->items[k], false);
    dwV_decref_o(&I->c, &src->h);
    if (!ok) return dwV_null();
  }
  return dwV_none();
}

/* append, appendleft (data 1) */
BI(dq_append) {
  SL_METHOD_SELF();
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError,
                     "deque.%s() takes exactly one argument (%d given)",
                     def->name, a->n);
  dwR_log_obj(I, &l->h);
  return dq_push(I, self, l, a->v[0], def->data) ? dwV_none() : dwV_null();
}

/* extend, extendleft (data 1) */
BI(dq_extend) {
  SL_METHOD_SELF();
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  if (a->n != 1 || a->nkw)
    return dwI_raise(I, EXC_TypeError,
                     "deque.%s() takes exactly one argument (%d given)",
                     def->name, a->n);
  List *src = dwOb_to_list(I, a->v[0]);
  if (!src) return dwV_null();
  dwR_log_obj(I, &l->h);
  bool ok = true;
  for (int64_t k = 0; ok && k < src->len; k++)
    ok = dq_push(I, self, l, src->items[k], def->data);
  dwV_decref_o(&I->c, &src->h);
  return ok ? dwV_none() : dwV_null();
}

/* pop, popleft (data 1) */
BI(dq_pop) {
  SL_METHOD_SELF();
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  if (a->n || a->nkw)
    return dwI_raise(I, EXC_TypeError,
                     "deque.%s() takes no arguments (%d given)", def->name,
                     a->n);
  if (!l->len) return dwI_raise(I, EXC_IndexError, "pop from an empty deque");
  dwR_log_obj(I, &l->h);
  Value v;
  if (def->data) {
    v = l->items[0];
    memmove(l->items, l->items + 1, sizeof(Value) * (size_t)(l->len - 1));
  } else {
    v = l->items[l->len - 1];
  }
  l->len--;
  return v;
}

BI(dq_rotate) {
  SL_METHOD_SELF();
  (void)def;
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  int64_t n = 1;
  if (a->n > 1)
    return dwI_raise(I, EXC_TypeError,
                     "rotate expected at most 1 argument, got %d", a->n);
  if (a->n == 1 && !dwOb_index(I, a->v[0], &n)) {
    if (I->exc.t == V_NULL)
      dwI_raise(I, EXC_TypeError,
                "'%s' object cannot be interpreted as an integer",
                dwV_type_name(a->v[0]));
    return dwV_null();
  }
  if (l->len < 2) return dwV_none();
  dwR_log_obj(I, &l->h);
  int64_t len = l->len, s = ((n % len) + len) % len;
  if (!s) return dwV_none();
  Value *tmp = malloc(sizeof(Value) * (size_t)len);
  if (!tmp) return dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < len; k++)
    tmp[(k + s) % len] = l->items[k];
  memcpy(l->items, tmp, sizeof(Value) * (size_t)len);
  free(tmp);
  return dwV_none();
}

BI(dq_clear) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  dwR_log_obj(I, &l->h);
  while (l->len)
    drop(I, l->items[--l->len]);
  return dwV_none();
}

BI(dq_len) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  List *l = dq_items(I, self);
  return l ? dwV_int(l->len) : dwV_null();
}

BI(dq_iter) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  List *l = dq_items(I, self);
  return l ? dwOb_iter(I, dwV_obj(&l->h)) : dwV_null();
}

/* list methods on the items: __getitem__ (ints only), __contains__,
 * count, index, remove, reverse, __setitem__ */
BI(dq_forward) {
  SL_METHOD_SELF();
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  Value lv = dwV_obj(&l->h);
  const char *n = def->name;
  if (!strcmp(n, "__getitem__") || !strcmp(n, "__setitem__") ||
      !strcmp(n, "__delitem__")) {
    if (a->n < 1 || (a->v[0].t != V_INT && a->v[0].t != V_BOOL))
      return dwI_raise(I, EXC_TypeError,
                       "sequence index must be integer, not '%s'",
                       a->n ? dwV_type_name(a->v[0]) : "NoneType");
    int64_t k = a->v[0].u.i;
    if (k < 0) k += l->len;
    if (k < 0 || k >= l->len)
      return dwI_raise(I, EXC_IndexError, "deque index out of range");
    if (n[2] == 'g') {
      dwV_incref(l->items[k]);
      return l->items[k];
    }
    dwR_log_obj(I, &l->h);
    if (n[2] == 's') {
      if (a->n != 2) return dwI_raise(I, EXC_TypeError, "expected 2 arguments");
      return dwOb_setitem(I, lv, dwV_int(k), a->v[1]) ? dwV_none() : dwV_null();
    }
    return dwOb_delitem(I, lv, dwV_int(k)) ? dwV_none() : dwV_null();
  }
  if (!strcmp(n, "remove") || !strcmp(n, "reverse")) dwR_log_obj(I, &l->h);
  const char *ln = !strcmp(n, "__contains__") ? "__contains__" : n;
  Value m = dwOb_getattr(I, lv, dwI_intern(I, ln));
  if (m.t == V_NULL) return m;
  Value r = dwI_call(I, m, a);
  drop(I, m);
  if (r.t == V_NULL && !strcmp(n, "remove") && I->exc.t == V_EXC &&
      ((Exc *)OBJ(I->exc))->type == EXC_ValueError) {
    drop(I, I->exc);
    I->exc = dwV_null();
    return dwI_raise(I, EXC_ValueError, "deque.remove(x): x not in deque");
  }
  if (r.t == V_NULL && !strcmp(n, "index") && I->exc.t == V_EXC &&
      ((Exc *)OBJ(I->exc))->type == EXC_ValueError) {
    drop(I, I->exc);
    I->exc = dwV_null();
    Buf b = {0};
    if (a->n && !dwFm_repr_value(I, &b, a->v[0]))
      return dwB_free(&b), dwV_null();
    dwI_raise(I, EXC_ValueError, "%s is not in deque", b.p ? b.p : "");
    dwB_free(&b);
  }
  return r;
}

BI(dq_copy) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  Value c = dwV_obj(&((Inst *)OBJ(self))->cls->h);
  Value args[2] = {dwV_obj(&l->h), dwSl_attr(I, self, "maxlen")};
  return dwI_call0(I, c, 2, args);
}

/* deque([1, 2, 3]) or deque([1, 2], maxlen=3) */
BI(dq_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  Buf b = {0};
  dwB_printf(&b, "%s(", short_name(((Inst *)OBJ(self))->cls));
  bool ok = dwFm_repr_value(I, &b, dwV_obj(&l->h));
  int64_t m = dq_maxlen(I, self);
  if (m >= 0) dwB_printf(&b, ", maxlen=%lld", (long long)m);
  dwB_putc(&b, ')');
  if (!ok) return dwB_free(&b), dwV_null();
  return dwL_new_str(I, &b);
}

/* deque == deque: by items, as lists */
BI(dq_eq) {
  SL_METHOD_SELF();
  List *l = dq_items(I, self);
  if (!l) return dwV_null();
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "expected 1 argument");
  Value o = a->v[0];
  if (o.t != V_INST ||
      !dwI_subclass(((Inst *)OBJ(o))->cls, co_class(I, "deque")))
    return dwL_builtin(I, "NotImplemented");
  List *m = dq_items(I, o);
  if (!m) return dwV_null();
  bool eq;
  if (!dwOb_eq(I, dwV_obj(&l->h), dwV_obj(&m->h), &eq)) return dwV_null();
  return dwV_bool(def->data ? !eq : eq);
}

static const BuiltinDef dq_methods[] = {
    {"__init__", dq_init, TK_PURE, 0, 0},
    {"append", dq_append, TK_PURE, 0, 0},
    {"appendleft", dq_append, TK_PURE, 1, 0},
    {"extend", dq_extend, TK_PURE, 0, 0},
    {"extendleft", dq_extend, TK_PURE, 1, 0},
    {"pop", dq_pop, TK_PURE, 0, 0},
    {"popleft", dq_pop, TK_PURE, 1, 0},
    {"rotate", dq_rotate, TK_PURE, 0, 0},
    {"clear", dq_clear, TK_PURE, 0, 0},
    {"copy", dq_copy, TK_PURE, 0, 0},
    {"__copy__", dq_copy, TK_PURE, 0, 0},
    {"count", dq_forward, TK_PURE, 0, 0},
    {"index", dq_forward, TK_PURE, 0, 0},
    {"remove", dq_forward, TK_PURE, 0, 0},
    {"reverse", dq_forward, TK_PURE, 0, 0},
    {"__len__", dq_len, TK_PURE, 0, 0},
    {"__iter__", dq_iter, TK_PURE, 0, 0},
    {"__getitem__", dq_forward, TK_PURE, 0, 0},
    {"__setitem__", dq_forward, TK_PURE, 0, 0},
    {"__delitem__", dq_forward, TK_PURE, 0, 0},
    {"__contains__", dq_forward, TK_PURE, 0, 0},
    {"__repr__", dq_repr, TK_PURE, 0, 0},
    {"__eq__", dq_eq, TK_PURE, 0, 0},
    {"__ne__", dq_eq, TK_PURE, 1, 0},
    {NULL, NULL, 0, 0, 0}};

/* ------------------------------------------------------------------ */
/* Attributes of namedtuples and collections dicts (dwMt_method)        */
/* ------------------------------------------------------------------ */

Value dwCo_attr(Interp *I, Value self, Str *name) {
  Class *c = dwV_class_of(self);
  if (!c) return dwV_null();
  if (self.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(self);
    Class *root = nt_root(I, c);
    Tuple *f = root ? nt_fields(I, root) : NULL;
    for (int64_t k = 0; f && k < f->len && k < t->len; k++)
      if (!strcmp(STR(f->items[k])->s, name->s)) {
        dwV_incref(t->items[k]);
        return t->items[k];
      }
  } else if (!strcmp(name->s, "default_factory") &&
             dwI_subclass(c, co_class(I, "defaultdict"))) {
    Value f = ((Dict *)OBJ(self))->extra;
    dwV_incref(f);
    return f;
  }
  Value v = dwOb_class_lookup(c, name);
  if (v.t == V_NULL) return v;
  if (v.t == V_WRAP && ((Wrap *)OBJ(v))->kind == WRAP_CLASSMETHOD)
    return dwOb_bind(I, cls_value(c), ((Wrap *)OBJ(v))->target);
  return dwOb_bind(I, self, v);
}

static const BuiltinDef co_defs[] = {
    {"collections.namedtuple", co_namedtuple, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

bool dwCo_init(Interp *I) {
  Module *m = dwL_module(I, "collections");
  if (!m || !dwL_add_defs(I, m->attrs, co_defs)) return false;
  static const struct {
    const char *name;
    const BuiltinDef *methods;
  } classes[] = {{"collections.OrderedDict", od_methods},
                 {"collections.defaultdict", dd_methods},
                 {"collections.Counter", ct_methods},
                 {"collections.deque", dq_methods}};
  for (size_t k = 0; k < sizeof classes / sizeof *classes; k++) {
    Class *c = dwSl_class(I, m->attrs, classes[k].name, classes[k].methods);
    if (!c) return false;
    if (k < 3) c->cflags |= CLS_NEW;
  }
  m->special = MOD_STDLIB;
  return true;
}
