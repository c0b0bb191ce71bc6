/* mod_typing.c - the typing module (CPython 3.11's Lib/typing.py, the
 * parts a PyTorch script uses) and __future__.
 *
 * Every typing object is an instance of a runtime class named as CPython
 * names it (typing._SpecialForm, typing._GenericAlias, ...), whose methods
 * (__getitem__, __repr__, __eq__, __hash__, __or__, __call__) are the C
 * functions below. An object's attributes are CPython's: `_name` ("List",
 * "Union"), `__origin__` (list; for Union[...] / Final[...] the form
 * itself), `__args__` (a tuple), `_nparams` of List & co. The form an
 * alias was made from is found again by its `_name` in the module, so a
 * subscription with type variables can be redone with the values
 * (Dict[str, T][int]). Annotations are never evaluated (docs/language.md),
 * so these objects matter where a program builds or prints them. */
#include "stdmod.h"

#include <stdio.h>
#include <string.h>

/* What a form does when subscripted (TyDef.kind). */
enum {
  TY_UNION,    /* Union[a, b]: flattened, deduplicated, one arg: itself */
  TY_OPTIONAL, /* Optional[a] = Union[a, None] */
  TY_LITERAL,  /* Literal[values]: the values as they are */
  TY_SINGLE,   /* Final[a], ClassVar[a], ...: exactly one type */
  TY_BARE,     /* NoReturn, Never, Self, ...: not subscriptable */
  TY_ALIAS,    /* List[a], Dict[a, b]: nparams types */
  TY_TUPLE,    /* Tuple[a, ...], Tuple[()] */
  TY_CALLABLE, /* Callable[[a, b], r], Callable[..., r] */
  TY_ANY       /* Any: a class in CPython, not subscriptable */
};

typedef struct TyDef {
  const char *name;   /* typing.<name> */
  uint8_t kind;       /* TY_* */
  int8_t nparams;     /* TY_ALIAS: parameters */
  const char *origin; /* TY_ALIAS/TUPLE: the builtin type, NULL: an ABC of
                         collections.abc (which dynawasm lacks) */
} TyDef;

static const TyDef ty_defs[] = {
    {"Union", TY_UNION, 0, 0}, {"Optional", TY_OPTIONAL, 0, 0}, {"Literal", TY_LITERAL, 0, 0},
    {"Final", TY_SINGLE, 0, 0}, {"ClassVar", TY_SINGLE, 0, 0}, {"TypeGuard", TY_SINGLE, 0, 0},
    {"Required", TY_SINGLE, 0, 0}, {"NotRequired", TY_SINGLE, 0, 0},
    {"NoReturn", TY_BARE, 0, 0}, {"Never", TY_BARE, 0, 0}, {"Self", TY_BARE, 0, 0},
    {"TypeAlias", TY_BARE, 0, 0}, {"LiteralString", TY_BARE, 0, 0},
    {"Any", TY_ANY, 0, 0},
    {"List", TY_ALIAS, 1, "list"}, {"Dict", TY_ALIAS, 2, "dict"}, {"Set", TY_ALIAS, 1, "set"},
    {"FrozenSet", TY_ALIAS, 1, "frozenset"}, {"Type", TY_ALIAS, 1, "type"},
    {"Tuple", TY_TUPLE, -1, "tuple"}, {"Callable", TY_CALLABLE, -1, 0},
    {"Sequence", TY_ALIAS, 1, 0}, {"MutableSequence", TY_ALIAS, 1, 0},
    {"Iterable", TY_ALIAS, 1, 0}, {"Iterator", TY_ALIAS, 1, 0}, {"Reversible", TY_ALIAS, 1, 0},
    {"Collection", TY_ALIAS, 1, 0}, {"Container", TY_ALIAS, 1, 0},
    {"Mapping", TY_ALIAS, 2, 0}, {"MutableMapping", TY_ALIAS, 2, 0},
    {"AbstractSet", TY_ALIAS, 1, 0}, {"MutableSet", TY_ALIAS, 1, 0},
    {"KeysView", TY_ALIAS, 1, 0}, {"ItemsView", TY_ALIAS, 2, 0}, {"ValuesView", TY_ALIAS, 1, 0},
    {"Generator", TY_ALIAS, 3, 0}, {"Awaitable", TY_ALIAS, 1, 0},
    {"ContextManager", TY_ALIAS, 1, 0}, {"Hashable", TY_ALIAS, 0, 0}, {"Sized", TY_ALIAS, 0, 0},
    {"DefaultDict", TY_ALIAS, 2, 0}, {"OrderedDict", TY_ALIAS, 2, 0},
    {"Deque", TY_ALIAS, 1, 0}, {"Counter", TY_ALIAS, 1, 0}, {"ChainMap", TY_ALIAS, 2, 0},
    {NULL, 0, 0, 0}};

/* The runtime classes (their CPython names). */
enum {
  TC_FORM,          /* typing._SpecialForm */
  TC_LITERAL_FORM,  /* typing._LiteralSpecialForm */
  TC_SPECIAL_ALIAS, /* typing._SpecialGenericAlias: List, Dict, ... */
  TC_TUPLE_TYPE,    /* typing._TupleType: Tuple */
  TC_CALLABLE_TYPE, /* typing._CallableType: Callable */
  TC_ANY,           /* typing._AnyMeta: Any */
  TC_ALIAS,         /* typing._GenericAlias: List[int], Final[int] */
  TC_UNION,         /* typing._UnionGenericAlias: Union[int, str] */
  TC_LITERAL,       /* typing._LiteralGenericAlias: Literal[1] */
  TC_CALLABLE,      /* typing._CallableGenericAlias: Callable[[int], str] */
  TC_TYPEVAR,       /* typing.TypeVar */
  TC_FORWARDREF,    /* typing.ForwardRef: List['Foo'] */
  TC_FEATURE,       /* __future__._Feature */
  TC_COUNT
};
static const char *const tc_names[TC_COUNT] = {
    "typing._SpecialForm", "typing._LiteralSpecialForm", "typing._SpecialGenericAlias",
    "typing._TupleType", "typing._CallableType", "typing._AnyMeta", "typing._GenericAlias",
    "typing._UnionGenericAlias", "typing._LiteralGenericAlias", "typing._CallableGenericAlias",
    "typing.TypeVar", "typing.ForwardRef", "__future__._Feature"};

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static Value module_attr(Interp *I, const char *name);

/* The class of a TC_* (typing.<short name>; __future__._Feature). */
static Class *ty_class(Interp *I, int tc) {
  Value c = module_attr(I, strrchr(tc_names[tc], '.') + 1);
  return c.t == V_CLASS ? (Class *)OBJ(c) : NULL;
}

/* The TC_* of a typing object, -1 for anything else. */
static int ty_kind(Value v) {
  if (v.t != V_INST) return -1;
  Class *c = ((Inst *)OBJ(v))->cls;
  if (!(c->cflags & CLS_BUILTIN)) return -1;
  for (int k = 0; k < TC_COUNT; k++)
    if (!strcmp(c->name->s, tc_names[k])) return k;
  return -1;
}

static Value attr(Interp *I, Value v, const char *name) { return dwSl_attr(I, v, name); }

static const TyDef *ty_def(Interp *I, Value v) {
  Value n = attr(I, v, "_name");
  if (n.t != V_STR) return NULL;
  for (const TyDef *d = ty_defs; d->name; d++)
    if (!strcmp(d->name, STR(n)->s)) return d;
  return NULL;
}

static Value new_inst(Interp *I, int tc) { return dwI_new_inst(I, ty_class(I, tc)); }

static bool set_attr(Interp *I, Value inst, const char *name, Value v) {
  return dwSl_set(I, inst, name, v);
}

static Value tuple_of(Interp *I, Value *v, int64_t n) { return dwSl_tuple(I, v, n); }

static bool is_type_obj(Value v) {
  return v.t == V_CLASS || (v.t == V_BUILTIN && ((Builtin *)OBJ(v))->self.t == V_NULL &&
                            (dwV_is_type_def(((Builtin *)OBJ(v))->def) ||
                             !strcmp(((Builtin *)OBJ(v))->def->name, "torch.Tensor")));
}

/* typing._type_repr: a class by its qualified name (builtins bare), ... for
 * Ellipsis, a function by its name, anything else by repr. */
static bool type_repr(Interp *I, Buf *b, Value v) {
  if (v.t == V_BUILTIN && !strcmp(((Builtin *)OBJ(v))->def->name, "torch.Tensor")) {
    dwB_puts(b, "torch.Tensor");
    return true;
  }
  if (is_type_obj(v)) {
    Buf t = {0};
    if (!dwFm_repr_value(I, &t, v)) return dwB_free(&t), false;
    /* <class 'X'> */
    if (t.len > 10 && !strncmp(t.p, "<class '", 8)) dwB_putn(b, t.p + 8, t.len - 10);
    else dwB_putn(b, t.p, t.len);
    dwB_free(&t);
    return true;
  }
  if (v.t == V_OPAQUE && v.u.o == I->ellipsis.u.o) {
    dwB_puts(b, "...");
    return true;
  }
  if (v.t == V_FUNC) {
    dwB_puts(b, ((Func *)OBJ(v))->name->s);
    return true;
  }
  return dwFm_repr_value(I, b, v);
}

static Value none_type(Interp *I) { return dwL_builtin(I, "__type_NoneType"); }

/* typing._type_convert: None is NoneType, a str a ForwardRef. New ref. */
static Value convert(Interp *I, Value v) {
  if (v.t == V_NONE) return none_type(I);
  if (v.t == V_STR) {
    Value r = new_inst(I, TC_FORWARDREF);
    if (r.t != V_NULL && !set_attr(I, r, "__forward_arg__", v)) {
      dwV_decref(&I->c, r);
      return dwI_raise_ctx(I);
    }
    return r;
  }
  dwV_incref(v);
  return v;
}

/* The parameters of a subscription: its items if key is a tuple (else
 * *v, *n stay &key, 1). */
static void params_of(Value key, Value **v, int64_t *n) {
  if (key.t == V_TUPLE) {
    *v = ((Tuple *)OBJ(key))->items;
    *n = ((Tuple *)OBJ(key))->len;
  }
}

static Value raise_got(Interp *I, const char *what, Value self, Value key) {
  Buf b = {0};
  if (!dwFm_repr_value(I, &b, self)) return dwB_free(&b), dwV_null();
  dwB_puts(&b, what);
  dwB_puts(&b, " Got ");
  Buf k = {0};
  if (!dwFm_repr_value(I, &k, key)) return dwB_free(&b), dwB_free(&k), dwV_null();
  dwB_putn(&b, k.p, k.len > 100 ? 100 : k.len); /* {arg!r:.100} */
  dwB_free(&k);
  dwB_puts(&b, ".");
  Value r = dwI_raise(I, EXC_TypeError, "%s", b.p ? b.p : "");
  dwB_free(&b);
  return r;
}

/* An alias of class tc: _name, __origin__, __args__ (taken). */
static Value make_alias(Interp *I, int tc, const char *name, Value origin, Value args) {
  if (args.t == V_NULL) return args;
  Value r = new_inst(I, tc);
  bool ok = r.t != V_NULL && set_attr(I, r, "_name", VSTR(dwI_intern(I, name))) &&
            set_attr(I, r, "__origin__", origin) && set_attr(I, r, "__args__", args);
  dwV_decref(&I->c, args);
  if (!ok) {
    dwV_decref(&I->c, r);
    return dwV_null();
  }
  return r;
}

static Value module_attr(Interp *I, const char *name) { /* borrowed */
  Module *m = (Module *)OBJ(dwV_dict_gets(I->modules, dwI_intern(I, "typing")));
  return dwV_dict_gets(m->attrs, dwI_intern(I, name));
}

/* Union[params]: flattened, deduplicated (==), one left: itself. */
static Value make_union(Interp *I, Value *pv, int64_t n, bool literal) {
  List *acc = dwV_list(&I->c, 0);
  if (!acc) return dwI_raise_ctx(I);
  Value out = dwV_null();
  for (int64_t k = 0; k < n; k++) {
    Value p = literal ? (dwV_incref(pv[k]), pv[k]) : convert(I, pv[k]);
    if (p.t == V_NULL) goto done;
    int nested = ty_kind(p);
    Value *items = &p;
    int64_t ni = 1;
    if (nested == (literal ? TC_LITERAL : TC_UNION)) {
      Value a = attr(I, p, "__args__");
      items = ((Tuple *)OBJ(a))->items;
      ni = ((Tuple *)OBJ(a))->len;
    }
    for (int64_t j = 0; j < ni; j++) {
      bool dup = false;
      for (int64_t q = 0; q < acc->len && !dup; q++) {
        /* Literal keeps 1 and True apart: equal values of one type */
        if (literal && strcmp(dwV_type_name(acc->items[q]), dwV_type_name(items[j]))) continue;
        if (!dwOb_eq(I, acc->items[q], items[j], &dup)) {
          dwV_decref(&I->c, p);
          goto done;
        }
      }
      if (!dup && !dwV_list_append(&I->c, acc, items[j])) {
        dwV_decref(&I->c, p);
        dwI_raise_ctx(I);
        goto done;
      }
    }
    dwV_decref(&I->c, p);
  }
  if (acc->len == 1 && !literal) {
    out = acc->items[0];
    dwV_incref(out);
  } else {
    const char *nm = literal ? "Literal" : "Union";
    Value args = tuple_of(I, acc->items, acc->len);
    if (!literal && acc->len == 2) {
      Value nt = none_type(I);
      bool opt = false;
      for (int q = 0; q < 2; q++) opt |= acc->items[q].t == nt.t && acc->items[q].u.o == nt.u.o;
      dwV_decref(&I->c, nt);
      if (opt) nm = "Optional";
    }
    out = make_alias(I, literal ? TC_LITERAL : TC_UNION, nm, module_attr(I, literal ? "Literal" : "Union"),
                     args);
  }
done:
  dwV_decref_o(&I->c, &acc->h);
  return out;
}

static Value subscript_form(Interp *I, Value self, const TyDef *d, Value key);

/* The type variables of args, in order of first appearance. */
static bool collect_tvars(Interp *I, Value args, List *out) {
  Tuple *t = (Tuple *)OBJ(args);
  for (int64_t k = 0; k < t->len; k++) {
    Value v = t->items[k];
    int tk = ty_kind(v);
    if (tk == TC_TYPEVAR) {
      bool seen = false;
      for (int64_t q = 0; q < out->len; q++) seen |= out->items[q].u.o == v.u.o;
      if (!seen && !dwV_list_append(&I->c, out, v)) return false;
    } else if (tk == TC_ALIAS || tk == TC_UNION || tk == TC_CALLABLE) {
      if (!collect_tvars(I, attr(I, v, "__args__"), out)) return false;
    } else if (v.t == V_LIST && !collect_tvars(I, dwV_obj(&((List *)OBJ(v))->h), out)) {
      return false;
    }
  }
  return true;
}

/* v with the type variables tv replaced by vals (new reference). */
static Value substitute(Interp *I, Value v, List *tv, Value *vals) {
  int tk = ty_kind(v);
  if (tk == TC_TYPEVAR) {
    for (int64_t q = 0; q < tv->len; q++)
      if (tv->items[q].u.o == v.u.o) return convert(I, vals[q]);
  }
  if (tk != TC_ALIAS && tk != TC_UNION && tk != TC_CALLABLE) {
    dwV_incref(v);
    return v;
  }
  Tuple *a = (Tuple *)OBJ(attr(I, v, "__args__"));
  Tuple *na = dwV_tuple(&I->c, a->len);
  if (!na) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < a->len; k++) {
    na->items[k] = substitute(I, a->items[k], tv, vals);
    if (na->items[k].t == V_NULL) {
      for (int64_t q = k + 1; q < a->len; q++) na->items[q] = dwV_none();
      dwV_decref_o(&I->c, &na->h);
      return dwV_null();
    }
  }
  Value key = dwV_obj(&na->h);
  if (tk == TC_CALLABLE) { /* back to ([a, b], r) */
    Value args = dwV_null();
    if (a->len == 2 && a->items[0].t == V_OPAQUE && a->items[0].u.o == I->ellipsis.u.o) {
      args = I->ellipsis;
      dwV_incref(args);
    } else {
      List *l = dwV_list(&I->c, 0);
      if (!l) return dwV_decref(&I->c, key), dwI_raise_ctx(I);
      for (int64_t k = 0; k + 1 < na->len; k++) dwV_list_append(&I->c, l, na->items[k]);
      args = dwV_obj(&l->h);
    }
    Value pair[2] = {args, na->items[na->len - 1]};
    Value k2 = tuple_of(I, pair, 2);
    dwV_decref(&I->c, args);
    dwV_decref(&I->c, key);
    if (k2.t == V_NULL) return k2;
    key = k2;
  }
  Value form = module_attr(I, STR(attr(I, v, "_name"))->s);
  if (!strcmp(STR(attr(I, v, "_name"))->s, "Optional")) form = module_attr(I, "Union");
  Value r = subscript_form(I, form, ty_def(I, form), key);
  dwV_decref(&I->c, key);
  return r;
}

/* alias[key]: substitutes its type variables. */
static Value subscript_alias(Interp *I, Value self, Value key) {
  List *tv = dwV_list(&I->c, 0);
  if (!tv) return dwI_raise_ctx(I);
  Value r = dwV_null();
  if (!collect_tvars(I, attr(I, self, "__args__"), tv)) {
    dwI_raise_ctx(I);
    goto done;
  }
  Buf b = {0};
  if (!tv->len) {
    if (dwFm_repr_value(I, &b, self)) dwI_raise(I, EXC_TypeError, "%s is not a generic class", b.p);
    dwB_free(&b);
    goto done;
  }
  Value *pv = &key;
  int64_t n = 1;
  params_of(key, &pv, &n);
  if (n != tv->len) {
    if (dwFm_repr_value(I, &b, self))
      dwI_raise(I, EXC_TypeError, "Too %s arguments for %s; actual %lld, expected %lld",
                n > tv->len ? "many" : "few", b.p, (long long)n, (long long)tv->len);
    dwB_free(&b);
    goto done;
  }
  r = substitute(I, self, tv, pv);
done:
  dwV_decref_o(&I->c, &tv->h);
  return r;
}

static Value subscript_form(Interp *I, Value self, const TyDef *d, Value key) {
  Value *pv = &key;
  int64_t n = 1;
  params_of(key, &pv, &n);
  Buf b = {0};
  switch (d->kind) {
  case TY_UNION:
    if (n == 0) return dwI_raise(I, EXC_TypeError, "Cannot take a Union of no types.");
    return make_union(I, pv, n, false);
  case TY_OPTIONAL: {
    if (key.t == V_TUPLE) return raise_got(I, " requires a single type.", self, key);
    Value two[2] = {key, dwV_none()};
    return make_union(I, two, 2, false);
  }
  case TY_LITERAL:
    return make_union(I, pv, n, true);
  case TY_SINGLE: {
    if (key.t == V_TUPLE) return raise_got(I, " accepts only single type.", self, key);
    Value a = convert(I, key);
    if (a.t == V_NULL) return a;
    Value args = tuple_of(I, &a, 1);
    dwV_decref(&I->c, a);
    return make_alias(I, TC_ALIAS, d->name, self, args);
  }
  case TY_BARE:
  case TY_ANY:
    if (dwFm_repr_value(I, &b, self)) dwI_raise(I, EXC_TypeError, "%s is not subscriptable", b.p);
    dwB_free(&b);
    return dwV_null();
  case TY_CALLABLE: {
    if (n != 2)
      return dwI_raise(I, EXC_TypeError, "Callable must be used as Callable[[arg, ...], result].");
    List *l = dwV_list(&I->c, 0);
    if (!l) return dwI_raise_ctx(I);
    Value *av = &pv[0];
    int64_t na = 1;
    if (pv[0].t == V_LIST) {
      av = ((List *)OBJ(pv[0]))->items;
      na = ((List *)OBJ(pv[0]))->len;
    }
    bool ok = true;
    for (int64_t k = 0; k <= na && ok; k++) {
      Value c = convert(I, k < na ? av[k] : pv[1]);
      ok = c.t != V_NULL && dwV_list_append(&I->c, l, c);
      dwV_decref(&I->c, c);
    }
    Value args = ok ? tuple_of(I, l->items, l->len) : dwV_null();
    dwV_decref_o(&I->c, &l->h);
    if (!ok) return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
    return make_alias(I, TC_CALLABLE, d->name, self, args);
  }
  default: { /* TY_ALIAS, TY_TUPLE */
    if (d->kind == TY_ALIAS && d->nparams == 0) {
      if (dwFm_repr_value(I, &b, self)) dwI_raise(I, EXC_TypeError, "%s is not a generic class", b.p);
      dwB_free(&b);
      return dwV_null();
    }
    bool empty = d->kind == TY_TUPLE && key.t == V_TUPLE && n == 0; /* Tuple[()] */
    if (d->kind == TY_ALIAS && n != d->nparams) {
      if (dwFm_repr_value(I, &b, self))
        dwI_raise(I, EXC_TypeError, "Too %s arguments for %s; actual %lld, expected %d",
                  n > d->nparams ? "many" : "few", b.p, (long long)n, d->nparams);
      dwB_free(&b);
      return dwV_null();
    }
    Tuple *t = dwV_tuple(&I->c, empty ? 0 : n);
    if (!t) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < t->len; k++) t->items[k] = dwV_none();
    for (int64_t k = 0; k < t->len; k++) {
      Value c = convert(I, pv[k]);
      if (c.t == V_NULL) {
        dwV_decref_o(&I->c, &t->h);
        return c;
      }
      t->items[k] = c;
    }
    Value origin = attr(I, self, "__origin__");
    return make_alias(I, TC_ALIAS, d->name, origin.t == V_NULL ? dwV_none() : origin,
                      dwV_obj(&t->h));
  }
  }
}

/* ------------------------------------------------------------------ */
/* Methods of the typing classes                                       */
/* ------------------------------------------------------------------ */


BI(ty_getitem) {
  SL_METHOD_SELF();
  (void)def;
  if (a->n != 1 || a->nkw) return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  int tk = ty_kind(self);
  if (tk == TC_ALIAS || tk == TC_UNION || tk == TC_LITERAL || tk == TC_CALLABLE)
    return subscript_alias(I, self, a->v[0]);
  const TyDef *d = ty_def(I, self);
  if (!d) return dwI_raise(I, EXC_TypeError, "'%s' object is not subscriptable", tc_names[tk]);
  return subscript_form(I, self, d, a->v[0]);
}

static bool repr_args(Interp *I, Buf *b, Tuple *t, int64_t from, int64_t to, bool values) {
  for (int64_t k = from; k < to; k++) {
    if (k > from) dwB_puts(b, ", ");
    if (!(values ? dwFm_repr_value(I, b, t->items[k]) : type_repr(I, b, t->items[k]))) return false;
  }
  return true;
}

BI(ty_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Buf b = {0};
  int tk = ty_kind(self);
  Value name = attr(I, self, "_name"), args = attr(I, self, "__args__");
  bool ok = true;
  switch (tk) {
  case TC_TYPEVAR: {
    Value co = attr(I, self, "__covariant__"), contra = attr(I, self, "__contravariant__");
    dwB_puts(&b, co.t == V_BOOL && co.u.i ? "+" : contra.t == V_BOOL && contra.u.i ? "-" : "~");
    dwB_puts(&b, STR(attr(I, self, "__name__"))->s);
    break;
  }
  case TC_FORWARDREF:
    dwB_puts(&b, "ForwardRef(");
    ok = dwFm_repr_value(I, &b, attr(I, self, "__forward_arg__"));
    dwB_puts(&b, ")");
    break;
  case TC_FEATURE:
    dwB_puts(&b, "_Feature(");
    ok = dwFm_repr_value(I, &b, attr(I, self, "optional")) && (dwB_puts(&b, ", "), true) &&
         dwFm_repr_value(I, &b, attr(I, self, "mandatory"));
    dwB_printf(&b, ", %lld)", (long long)attr(I, self, "compiler_flag").u.i);
    break;
  case TC_UNION: {
    Tuple *t = (Tuple *)OBJ(args);
    if (!strcmp(STR(name)->s, "Optional")) { /* Union[X, None] */
      Value nt = none_type(I);
      int keep = t->items[0].u.o == nt.u.o ? 1 : 0;
      dwV_decref(&I->c, nt);
      dwB_puts(&b, "typing.Optional[");
      ok = type_repr(I, &b, t->items[keep]);
    } else {
      dwB_puts(&b, "typing.Union[");
      ok = repr_args(I, &b, t, 0, t->len, false);
    }
    dwB_puts(&b, "]");
    break;
  }
  case TC_CALLABLE: {
    Tuple *t = (Tuple *)OBJ(args);
    dwB_puts(&b, "typing.Callable[");
    if (t->len == 2 && t->items[0].t == V_OPAQUE && t->items[0].u.o == I->ellipsis.u.o) {
      dwB_puts(&b, "..., ");
    } else {
      dwB_puts(&b, "[");
      ok = repr_args(I, &b, t, 0, t->len - 1, false);
      dwB_puts(&b, "], ");
    }
    ok = ok && type_repr(I, &b, t->items[t->len - 1]);
    dwB_puts(&b, "]");
    break;
  }
  case TC_ALIAS:
  case TC_LITERAL: {
    Tuple *t = (Tuple *)OBJ(args);
    dwB_printf(&b, "typing.%s[", STR(name)->s);
    if (t->len == 0) dwB_puts(&b, "()");
    ok = repr_args(I, &b, t, 0, t->len, tk == TC_LITERAL);
    dwB_puts(&b, "]");
    break;
  }
  default:
    dwB_printf(&b, "typing.%s", STR(name)->s);
  }
  if (!ok) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

/* Aliases are equal when made by one form from equal arguments (a Union's
 * in any order); everything else is itself. */
static bool alias_eq(Interp *I, Value x, Value y, bool *out) {
  *out = false;
  int tx = ty_kind(x), ty = ty_kind(y);
  if (tx != ty || (tx != TC_ALIAS && tx != TC_UNION && tx != TC_LITERAL && tx != TC_CALLABLE)) {
    *out = x.t == y.t && x.u.o == y.u.o;
    return true;
  }
  bool same;
  if (!dwOb_eq(I, attr(I, x, "__origin__"), attr(I, y, "__origin__"), &same)) return false;
  if (!same) return true;
  Tuple *a = (Tuple *)OBJ(attr(I, x, "__args__")), *b = (Tuple *)OBJ(attr(I, y, "__args__"));
  if (a->len != b->len) return true;
  for (int64_t k = 0; k < a->len; k++) {
    bool e = false;
    if (tx == TC_UNION) {
      for (int64_t q = 0; q < b->len && !e; q++)
        if (!dwOb_eq(I, a->items[k], b->items[q], &e)) return false;
    } else if (!dwOb_eq(I, a->items[k], b->items[k], &e)) {
      return false;
    }
    if (!e) return true;
  }
  *out = true;
  return true;
}

BI(ty_eq) {
  SL_METHOD_SELF();
  (void)def;
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  if (ty_kind(a->v[0]) < 0) {
    dwV_incref(I->not_implemented);
    return I->not_implemented;
  }
  bool r;
  return alias_eq(I, self, a->v[0], &r) ? dwV_bool(r) : dwV_null();
}

BI(ty_hash) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  Value n = attr(I, self, "_name"), args = attr(I, self, "__args__");
  int64_t h = (int64_t)(uintptr_t)OBJ(self) >> 4;
  if (args.t == V_TUPLE) /* equal aliases hash alike: the form and the count */
    h = (int64_t)dwV_hash_str(STR(n)) * 31 + ((Tuple *)OBJ(args))->len;
  return dwV_int(h == -1 ? -2 : h);
}

BI(ty_or) {
  SL_METHOD_SELF();
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  Value two[2] = {self, a->v[0]};
  if (def->data) { /* __ror__ */
    two[0] = a->v[0];
    two[1] = self;
  }
  return make_union(I, two, 2, false);
}

BI(ty_call) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  int tk = ty_kind(self);
  Value name = attr(I, self, "_name");
  const char *n = name.t == V_STR ? STR(name)->s : "";
  if (tk == TC_ANY) return dwI_raise(I, EXC_TypeError, "Any cannot be instantiated");
  if (tk == TC_FORM || tk == TC_LITERAL_FORM || tk == TC_UNION || tk == TC_LITERAL)
    return dwI_raise(I, EXC_TypeError, "Cannot instantiate typing.%s",
                     tk == TC_UNION ? "Union" : n);
  if (tk == TC_ALIAS && ty_def(I, self) && ty_def(I, self)->kind <= TY_BARE)
    return dwI_raise(I, EXC_TypeError, "Cannot instantiate typing.%s", n);
  const TyDef *d = ty_def(I, self);
  if (d && d->origin)
    return dwI_raise(I, EXC_TypeError, "Type %s cannot be instantiated; use %s() instead", n,
                     d->origin);
  return dwI_raise(I, EXC_NotImplementedError,
                   "typing.%s() makes a collections.abc object, which dynawasm does not provide",
                   n);
}

/* isinstance(v, typing object): CPython's __instancecheck__. */
bool dwL_typing_instancecheck(Interp *I, Value v, Value cls, bool *out, bool *handled) {
  int tk = ty_kind(cls);
  *handled = tk >= 0;
  *out = false;
  if (tk < 0) return true;
  Buf b = {0};
  if (tk == TC_SPECIAL_ALIAS || tk == TC_TUPLE_TYPE) {
    const TyDef *d = ty_def(I, cls);
    if (d && d->origin) {
      Value o = attr(I, cls, "__origin__");
      Value pair[2] = {v, o};
      Value f = dwL_builtin(I, "isinstance");
      Value r = dwI_call0(I, f, 2, pair);
      dwV_decref(&I->c, f);
      if (r.t == V_NULL) return false;
      *out = r.t == V_BOOL && r.u.i;
      dwV_decref(&I->c, r);
      return true;
    }
    dwI_raise(I, EXC_NotImplementedError,
              "isinstance() with typing.%s needs collections.abc, which dynawasm does not provide",
              d ? d->name : "?");
    return false;
  }
  if (tk == TC_UNION) {
    Tuple *t = (Tuple *)OBJ(attr(I, cls, "__args__"));
    Value f = dwL_builtin(I, "isinstance");
    for (int64_t k = 0; k < t->len && !*out; k++) {
      Value pair[2] = {v, t->items[k]};
      Value r = dwI_call0(I, f, 2, pair);
      if (r.t == V_NULL) {
        dwV_decref(&I->c, f);
        return false;
      }
      *out = r.t == V_BOOL && r.u.i;
      dwV_decref(&I->c, r);
    }
    dwV_decref(&I->c, f);
    return true;
  }
  if (tk == TC_ALIAS || tk == TC_LITERAL || tk == TC_CALLABLE) {
    dwI_raise(I, EXC_TypeError, "Subscripted generics cannot be used with class and instance checks");
    return false;
  }
  if (dwFm_repr_value(I, &b, cls)) {
    if (tk == TC_TYPEVAR || tk == TC_FORWARDREF || tk == TC_FEATURE)
      dwI_raise(I, EXC_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
    else
      dwI_raise(I, EXC_TypeError, "%s cannot be used with isinstance()", b.p);
  }
  dwB_free(&b);
  return false;
}

/* ------------------------------------------------------------------ */
/* Module functions                                                    */
/* ------------------------------------------------------------------ */

/* All n arguments required, positional or by keyword. */
static bool bind(Interp *I, const char *fname, Args *a, int n, const char *const *names,
                 Value *out) {
  return dwSl_bind(I, fname, a, n, n, names, out) && dwSl_required(I, fname, n, names, out);
}

BI(ty_cast) {
  (void)def;
  (void)self;
  static const char *const names[] = {"typ", "val"};
  Value v[2] = {dwV_null(), dwV_null()};
  if (!bind(I, "cast", a, 2, names, v)) return dwV_null();
  dwV_incref(v[1]);
  return v[1];
}

/* no_type_check(f), final(f), runtime_checkable(cls): f, marked where
 * CPython marks it. */
BI(ty_identity) {
  (void)self;
  static const char *const names[] = {"arg"};
  Value v[1] = {dwV_null()};
  if (!bind(I, strrchr(def->name, '.') + 1, a, 1, names, v)) return dwV_null();
  if (def->data && v[0].t == V_FUNC) {
    Func *f = (Func *)OBJ(v[0]);
    if (!f->attrs && !(f->attrs = dwV_dict(&I->c))) return dwI_raise_ctx(I);
    dwL_set(I, f->attrs, def->data == 1 ? "__no_type_check__" : "__final__", dwV_bool(true));
  }
  dwV_incref(v[0]);
  return v[0];
}

BI(ty_overload_dummy) {
  (void)def;
  (void)self;
  (void)a;
  return dwI_raise(I, EXC_NotImplementedError,
                   "You should not call an overloaded function. A series of @overload-decorated "
                   "functions outside a stub module should always be followed by an "
                   "implementation that is not @overload-ed.");
}

BI(ty_overload) {
  (void)def;
  (void)self;
  static const char *const names[] = {"func"};
  Value v[1] = {dwV_null()};
  if (!bind(I, "overload", a, 1, names, v)) return dwV_null();
  return module_attr(I, "_overload_dummy").t == V_NULL
             ? dwI_raise(I, EXC_RuntimeError, "typing is not initialised")
             : (dwV_incref(module_attr(I, "_overload_dummy")), module_attr(I, "_overload_dummy"));
}

BI(ty_get_args) {
  (void)def;
  (void)self;
  static const char *const names[] = {"tp"};
  Value v[1] = {dwV_null()};
  if (!bind(I, "get_args", a, 1, names, v)) return dwV_null();
  int tk = ty_kind(v[0]);
  if (tk != TC_ALIAS && tk != TC_UNION && tk != TC_LITERAL && tk != TC_CALLABLE)
    return tuple_of(I, NULL, 0);
  Value args = attr(I, v[0], "__args__");
  Tuple *t = (Tuple *)OBJ(args);
  if (tk == TC_CALLABLE && !(t->len == 2 && t->items[0].t == V_OPAQUE &&
                             t->items[0].u.o == I->ellipsis.u.o)) {
    List *l = dwV_list(&I->c, 0);
    if (!l) return dwI_raise_ctx(I);
    for (int64_t k = 0; k + 1 < t->len; k++) dwV_list_append(&I->c, l, t->items[k]);
    Value pair[2] = {dwV_obj(&l->h), t->items[t->len - 1]};
    Value r = tuple_of(I, pair, 2);
    dwV_decref_o(&I->c, &l->h);
    return r;
  }
  dwV_incref(args);
  return args;
}

BI(ty_get_origin) {
  (void)def;
  (void)self;
  static const char *const names[] = {"tp"};
  Value v[1] = {dwV_null()};
  if (!bind(I, "get_origin", a, 1, names, v)) return dwV_null();
  int tk = ty_kind(v[0]);
  if (tk != TC_ALIAS && tk != TC_UNION && tk != TC_LITERAL && tk != TC_CALLABLE &&
      tk != TC_SPECIAL_ALIAS && tk != TC_TUPLE_TYPE && tk != TC_CALLABLE_TYPE)
    return dwV_none();
  Value o = attr(I, v[0], "__origin__");
  if (o.t == V_NONE || o.t == V_NULL)
    return dwI_raise(I, EXC_NotImplementedError,
                     "the origin of typing.%s is in collections.abc, which dynawasm does not "
                     "provide",
                     STR(attr(I, v[0], "_name"))->s);
  dwV_incref(o);
  return o;
}

BI(ty_typevar) {
  SL_METHOD_SELF();
  (void)def;
  if (a->n < 1) return dwI_raise(I, EXC_TypeError, "TypeVar.__init__() missing 1 required positional argument: 'name'");
  if (a->v[0].t != V_STR) {
    Buf b = {0};
    Value r = dwI_raise(I, EXC_TypeError, "can only concatenate str (not \"%s\") to str",
                        dwV_type_name(a->v[0]));
    dwB_free(&b);
    return r;
  }
  if (a->n == 2) return dwI_raise(I, EXC_TypeError, "A single constraint is not allowed");
  Value bound = dwV_none(), co = dwV_bool(false), contra = dwV_bool(false);
  for (int k = 0; k < a->nkw; k++) {
    const char *n = a->kw[k].name->s;
    if (!strcmp(n, "bound")) bound = a->kw[k].v;
    else if (!strcmp(n, "covariant")) co = a->kw[k].v;
    else if (!strcmp(n, "contravariant")) contra = a->kw[k].v;
    else
      return dwI_raise(I, EXC_TypeError, "TypeVar.__init__() got an unexpected keyword argument '%s'", n);
  }
  bool c1, c2;
  if (!dwOb_truth(I, co, &c1) || !dwOb_truth(I, contra, &c2)) return dwV_null();
  if (c1 && c2) return dwI_raise(I, EXC_ValueError, "Bivariant types are not supported.");
  if (bound.t != V_NONE && a->n > 2)
    return dwI_raise(I, EXC_TypeError, "Constraints cannot be combined with bound=...");
  Value r = self;
  Value cons = tuple_of(I, a->v + 1, a->n - 1);
  Value bnd = convert(I, bound);
  bool ok = set_attr(I, r, "__name__", a->v[0]) && set_attr(I, r, "__bound__", bnd) &&
            set_attr(I, r, "__constraints__", cons) &&
            set_attr(I, r, "__covariant__", dwV_bool(c1)) &&
            set_attr(I, r, "__contravariant__", dwV_bool(c2));
  dwV_decref(&I->c, cons);
  dwV_decref(&I->c, bnd);
  if (!ok) return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
  return dwV_none();
}

static const BuiltinDef typevar_init[] = {{"TypeVar.__init__", ty_typevar, TK_PURE, 0, 0},
                                          {NULL, NULL, 0, 0, 0}};

static const BuiltinDef ty_methods[] = {
    {"typing.__getitem__", ty_getitem, TK_PURE, 0, 0},
    {"typing.__repr__", ty_repr, TK_PURE, 0, 0},
    {"typing.__eq__", ty_eq, TK_PURE, 0, 0},
    {"typing.__hash__", ty_hash, TK_PURE, 0, 0},
    {"typing.__or__", ty_or, TK_PURE, 0, 0},
    {"typing.__ror__", ty_or, TK_PURE, 1, 0},
    {"typing.__call__", ty_call, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef ty_funcs[] = {
    {"typing.cast", ty_cast, TK_PURE, 0, "typ,val"},
    {"typing.no_type_check", ty_identity, TK_PURE, 1, "arg"},
    {"typing.final", ty_identity, TK_PURE, 2, "f"},
    {"typing.runtime_checkable", ty_identity, TK_PURE, 0, "cls"},
    {"typing.overload", ty_overload, TK_PURE, 0, "func"},
    {"typing._overload_dummy", ty_overload_dummy, TK_PURE, 0, 0},
    {"typing.get_args", ty_get_args, TK_PURE, 0, "tp"},
    {"typing.get_origin", ty_get_origin, TK_PURE, 0, "tp"},
    {NULL, NULL, 0, 0, 0}};

/* CPython's typing.__all__ that dynawasm lacks: NotImplementedError. */
const char *const dwTy_missing[] = {
    "Annotated", "AnyStr", "AsyncContextManager", "AsyncGenerator", "AsyncIterable",
    "AsyncIterator", "BinaryIO", "ByteString", "Concatenate", "Coroutine", "Generic", "IO",
    "MappingView", "Match", "NamedTuple", "NewType", "ParamSpec", "ParamSpecArgs",
    "ParamSpecKwargs", "Pattern", "Protocol", "SupportsAbs", "SupportsBytes", "SupportsComplex",
    "SupportsFloat", "SupportsIndex", "SupportsInt", "SupportsRound", "TextIO", "TypeVarTuple",
    "TypedDict", "Unpack", "assert_never", "assert_type", "clear_overloads", "dataclass_transform",
    "get_overloads", "get_type_hints", "is_typeddict", "no_type_check_decorator", "reveal_type",
    NULL};

static bool make_form(Interp *I, Module *m, const TyDef *d) {
  int tc = d->kind == TY_LITERAL    ? TC_LITERAL_FORM
           : d->kind == TY_ALIAS    ? TC_SPECIAL_ALIAS
           : d->kind == TY_TUPLE    ? TC_TUPLE_TYPE
           : d->kind == TY_CALLABLE ? TC_CALLABLE_TYPE
           : d->kind == TY_ANY      ? TC_ANY
                                    : TC_FORM;
  Value v = new_inst(I, tc);
  if (v.t == V_NULL) return false;
  bool ok = set_attr(I, v, "_name", VSTR(dwI_intern(I, d->name)));
  if (ok && (d->kind == TY_ALIAS || d->kind == TY_TUPLE || d->kind == TY_CALLABLE)) {
    Value o = d->origin ? dwL_builtin(I, d->origin) : dwV_none();
    if (o.t == V_NULL) o = dwV_none(); /* frozenset: not a dynawasm builtin */
    ok = set_attr(I, v, "__origin__", o) &&
         set_attr(I, v, "_nparams", dwV_int(d->nparams));
    dwV_decref(&I->c, o);
  }
  ok = ok && dwL_set(I, m->attrs, d->name, v);
  dwV_decref(&I->c, v);
  return ok;
}

/* __future__: its features as _Feature objects (all_feature_names). */
static const struct {
  const char *name;
  int opt[5], mand[5]; /* version tuples; mand[0] == 0: None */
  const char *opt_rel, *mand_rel;
  int flag;
} features[] = {
    {"nested_scopes", {2, 1, 0, 0, 1}, {2, 2, 0, 0, 0}, "beta", "alpha", 0x10},
    {"generators", {2, 2, 0, 0, 1}, {2, 3, 0, 0, 0}, "alpha", "final", 0},
    {"division", {2, 2, 0, 0, 2}, {3, 0, 0, 0, 0}, "alpha", "alpha", 0x20000},
    {"absolute_import", {2, 5, 0, 0, 1}, {3, 0, 0, 0, 0}, "alpha", "alpha", 0x40000},
    {"with_statement", {2, 5, 0, 0, 1}, {2, 6, 0, 0, 0}, "alpha", "alpha", 0x80000},
    {"print_function", {2, 6, 0, 0, 2}, {3, 0, 0, 0, 0}, "alpha", "alpha", 0x100000},
    {"unicode_literals", {2, 6, 0, 0, 2}, {3, 0, 0, 0, 0}, "alpha", "alpha", 0x200000},
    {"barry_as_FLUFL", {3, 1, 0, 0, 2}, {4, 0, 0, 0, 0}, "alpha", "alpha", 0x400000},
    {"generator_stop", {3, 5, 0, 0, 1}, {3, 7, 0, 0, 0}, "beta", "alpha", 0x800000},
    {"annotations", {3, 7, 0, 0, 1}, {0}, "beta", 0, 0x1000000},
};

static Value version(Interp *I, const int *v, const char *rel) {
  if (!v[0]) return dwV_none();
  Str *r = dwI_intern(I, rel);
  Value items[5] = {dwV_int(v[0]), dwV_int(v[1]), dwV_int(v[2]), VSTR(r), dwV_int(v[4])};
  return tuple_of(I, items, 5);
}

static bool future_init(Interp *I, Class *fc) {
  Module *m = dwL_module(I, "__future__");
  if (!m) return false;
  int n = (int)(sizeof features / sizeof *features);
  List *names = dwV_list(&I->c, 0);
  if (!names) return false;
  bool ok = true;
  for (int k = 0; k < n && ok; k++) {
    Inst *in = (Inst *)dwV_alloc(&I->c, V_INST, sizeof(Inst));
    if (!in) return false;
    in->cls = fc;
    dwV_incref_o(&fc->h);
    in->attrs = dwV_dict(&I->c);
    Value f = dwV_obj(&in->h);
    Value o = version(I, features[k].opt, features[k].opt_rel);
    Value md = version(I, features[k].mand, features[k].mand_rel);
    ok = in->attrs && set_attr(I, f, "optional", o) && set_attr(I, f, "mandatory", md) &&
         set_attr(I, f, "compiler_flag", dwV_int(features[k].flag)) &&
         dwL_set(I, m->attrs, features[k].name, f) &&
         dwV_list_append(&I->c, names, VSTR(dwI_intern(I, features[k].name)));
    dwV_decref(&I->c, o);
    dwV_decref(&I->c, md);
    dwV_decref(&I->c, f);
  }
  ok = ok && dwL_set(I, m->attrs, "all_feature_names", dwV_obj(&names->h)) &&
       dwL_set(I, m->attrs, "_Feature", dwV_obj(&fc->h));
  dwV_decref_o(&I->c, &names->h);
  m->special = MOD_STDLIB;
  return ok;
}

bool dwTy_init(Interp *I) {
  Module *m = dwL_module(I, "typing");
  if (!m) return false;
  Class *fc = NULL;
  for (int k = 0; k < TC_COUNT; k++) {
    Class *c = dwSl_class(I, k == TC_FEATURE ? NULL : m->attrs, tc_names[k], ty_methods);
    if (!c) return false;
    if (k == TC_FEATURE) fc = c; /* __future__._Feature: ours until future_init */
  }
  for (const TyDef *d = ty_defs; d->name; d++)
    if (!make_form(I, m, d)) return false;
  Value tvc = module_attr(I, "TypeVar");
  if (!dwL_add_defs(I, ((Class *)OBJ(tvc))->ns, typevar_init) || !dwL_add_defs(I, m->attrs, ty_funcs))
    return false;
  Value str = dwL_builtin(I, "str");
  bool ok = dwL_set(I, m->attrs, "Text", str) && dwL_set(I, m->attrs, "TYPE_CHECKING", dwV_bool(false));
  dwV_decref(&I->c, str);
  m->special = MOD_STDLIB;
  ok = ok && future_init(I, fc);
  dwV_decref_o(&I->c, &fc->h);
  return ok;
}
