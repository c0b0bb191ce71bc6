/* stdmod.c - what the standard-library modules (mod_*.c: typing,
 * itertools, functools, ...) share: their runtime classes, argument
 * binding, and the answer for a name such a module lacks. */
#include "stdmod.h"

#include <stdio.h>
#include <string.h>

Class *dwSl_class(Interp *I, Dict *where, const char *qualname, const BuiltinDef *methods) {
  const char *dot = strrchr(qualname, '.');
  Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
  if (!c) return NULL;
  c->name = dwI_intern(I, qualname);
  dwV_incref_o(&c->name->h);
  c->builtin_base = -1;
  c->cflags = CLS_BUILTIN;
  c->ns = dwV_dict(&I->c);
  Str *mod = dot ? dwV_str(&I->c, qualname, (size_t)(dot - qualname)) : NULL;
  /* __name__ and __module__ as CPython's (the name printed is the full one) */
  bool ok = c->ns && (!dot || mod) &&
            dwL_set(I, c->ns, "__name__", VSTR(dwI_intern(I, dot ? dot + 1 : qualname))) &&
            (!mod || dwL_set(I, c->ns, "__module__", VSTR(mod))) &&
            (!methods || dwL_add_defs(I, c->ns, methods)) &&
            (!where || dwL_set(I, where, dot ? dot + 1 : qualname, dwV_obj(&c->h)));
  if (mod) dwV_decref_o(&I->c, &mod->h);
  if (!ok) {
    dwV_decref_o(&I->c, &c->h);
    return NULL;
  }
  if (where) dwV_decref_o(&I->c, &c->h); /* `where` keeps it */
  return c;
}

bool dwSl_is(Value v, const char *qualname) {
  if (v.t != V_INST) return false;
  Class *c = ((Inst *)OBJ(v))->cls;
  return (c->cflags & CLS_BUILTIN) && !strcmp(c->name->s, qualname);
}

Value dwSl_attr(Interp *I, Value inst, const char *name) {
  return dwV_dict_gets(((Inst *)OBJ(inst))->attrs, dwI_intern(I, name));
}

bool dwSl_set(Interp *I, Value inst, const char *name, Value v) {
  if (v.t == V_NULL) return false;
  return dwL_set(I, ((Inst *)OBJ(inst))->attrs, name, v);
}

bool dwSl_self(Interp *I, Value *self, Args **a, Args *shifted) {
  if (self->t != V_NULL) return true;
  if ((*a)->n < 1) {
    dwI_raise(I, EXC_TypeError, "descriptor needs an argument");
    return false;
  }
  *self = (*a)->v[0];
  *shifted = **a;
  shifted->v++;
  shifted->n--;
  *a = shifted;
  return true;
}

bool dwSl_bind(Interp *I, const char *fname, Args *a, int npos, int n, const char *const *names,
               Value *out) {
  if (a->n > npos) {
    if (npos == n)
      dwI_raise(I, EXC_TypeError, "%s() takes %s%d positional argument%s but %d were given", fname,
                n == npos ? "" : "at most ", npos, npos == 1 ? "" : "s", a->n);
    else
      dwI_raise(I, EXC_TypeError, "%s() takes at most %d positional argument%s (%d given)", fname,
                npos, npos == 1 ? "" : "s", a->n);
    return false;
  }
  for (int k = 0; k < a->n; k++) out[k] = a->v[k];
  for (int k = 0; k < a->nkw; k++) {
    int j = 0;
    while (j < n && strcmp(names[j], a->kw[k].name->s)) j++;
    if (j == n) {
      dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'", fname,
                a->kw[k].name->s);
      return false;
    }
    if (j < a->n || out[j].t != V_NULL) {
      dwI_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'", fname, names[j]);
      return false;
    }
    out[j] = a->kw[k].v;
  }
  return true;
}

bool dwSl_required(Interp *I, const char *fname, int n, const char *const *names, Value *v) {
  for (int k = 0; k < n; k++)
    if (v[k].t == V_NULL) {
      dwI_raise(I, EXC_TypeError, "%s() missing 1 required positional argument: '%s'", fname,
                names[k]);
      return false;
    }
  return true;
}

Value dwSl_tuple(Interp *I, const Value *v, int64_t n) {
  Tuple *t = dwV_tuple(&I->c, n);
  if (!t) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < n; k++) dwV_incref(t->items[k] = v[k]);
  return dwV_obj(&t->h);
}

Value dwSl_stop(Interp *I) { return dwI_raise(I, EXC_StopIteration, "%s", ""); }

/* CPython's names each module has and dynawasm lacks. */
static const struct {
  const char *module;
  const char *const *names;
} lacking[] = {
    {"typing", dwTy_missing},
    {"itertools", dwIt_missing},
    {"functools", dwFt_missing},
    {"collections", dwCo_missing},
    {"types", dwTp_missing},
    {"copy", dwCp_missing},

};

Value dwL_stdlib_missing(Interp *I, Module *m, Str *name) {
  for (size_t j = 0; j < sizeof lacking / sizeof *lacking; j++) {
    if (strcmp(lacking[j].module, m->name->s)) continue;
    for (int k = 0; lacking[j].names[k]; k++)
      if (!strcmp(lacking[j].names[k], name->s))
        return dwI_raise(I, EXC_NotImplementedError, "%s.%s is not supported by dynawasm",
                         m->name->s, name->s);
  }
  return dwI_raise(I, EXC_AttributeError, "module '%s' has no attribute '%s'", m->name->s,
                   name->s);
}

bool dwL_stdlib_init(Interp *I) { return dwTy_init(I) && dwIt_init(I) && dwFt_init(I) && dwCo_init(I) && dwTp_init(I) &&
         dwCp_init(I); }
