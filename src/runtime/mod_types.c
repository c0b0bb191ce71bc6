/* mod_types.c - the types module (CPython 3.11's Lib/types.py): the type
 * objects of functions, methods, builtins, modules and None under their
 * types names (FunctionType, MethodType, ...), MethodType(func, obj)
 * binding a function to an object (the bound method a class attribute
 * gives), and SimpleNamespace, an instance whose attributes come from
 * the keywords, printed as `namespace(a=1, b='x')`. Dynamo inlines these
 * (a monkeypatched `mod.forward = types.MethodType(f, mod)` is traced as
 * the method it is). */
#include "stdmod.h"

#include <stdio.h>
#include <string.h>

const char *const dwTp_missing[] = {"CodeType",
                                    "CellType",
                                    "FrameType",
                                    "TracebackType",
                                    "GeneratorType",
                                    "CoroutineType",
                                    "AsyncGeneratorType",
                                    "MappingProxyType",
                                    "GenericAlias",
                                    "UnionType",
                                    "EllipsisType",
                                    "NotImplementedType",
                                    "new_class",
                                    "prepare_class",
                                    "resolve_bases",
                                    "coroutine",
                                    "DynamicClassAttribute",
                                    "GetSetDescriptorType",
                                    "MemberDescriptorType",
                                    "MethodWrapperType",
                                    "WrapperDescriptorType",
                                    "MethodDescriptorType",
                                    "ClassMethodDescriptorType",
                                    "get_original_bases",
                                    NULL};

/* types.MethodType(func, obj): the type object `method` called */
Value dwTp_method_new(Interp *I, Args *a) {
  if (a->nkw)
    return dwI_raise(I, EXC_TypeError, "method() takes no keyword arguments");
  if (a->n != 2)
    return dwI_raise(I, EXC_TypeError, "method expected 2 arguments, got %d",
                     a->n);
  Value f = a->v[0];
  Value cb = dwL_builtin(I, "callable");
  Value r = dwI_call0(I, cb, 1, &f);
  dwV_decref(&I->c, cb);
  if (r.t == V_NULL) return r;
  if (!(r.t == V_BOOL && r.u.i))
    return dwI_raise(I, EXC_TypeError, "first argument must be callable");
  if (a->v[1].t == V_NONE)
    return dwI_raise(I, EXC_TypeError, "instance must not be None");
  if (f.t != V_FUNC)
    return dwI_raise(I, EXC_NotImplementedError,
                     "types.MethodType of a %s is not supported by dynawasm (a "
                     "Python function is)",
                     dwV_type_name(f));
  return dwOb_bind(I, a->v[1], f);
}

BI(ns_init) {
  SL_METHOD_SELF();
  (void)def;
  if (a->n)
    return dwI_raise(I, EXC_TypeError, "no positional arguments expected");
  for (int k = 0; k < a->nkw; k++)
    if (!dwOb_setattr(I, self, a->kw[k].name, a->kw[k].v)) return dwV_null();
  return dwV_none();
}

/* namespace(a=1, b='x'); a subclass prints its own name */
BI(ns_repr) {
  SL_METHOD_SELF();
  (void)def;
  (void)a;
  if (self.t != V_INST)
    return dwI_raise(I, EXC_TypeError,
                     "descriptor '__repr__' needs a namespace");
  Inst *in = (Inst *)OBJ(self);
  Buf b = {0};
  dwB_puts(&b,
           (in->cls->cflags & CLS_BUILTIN) ? "namespace" : in->cls->name->s);
  dwB_putc(&b, '(');
  bool ok = true;
  int n = 0;
  for (int64_t k = 0; ok && k < in->attrs->nent; k++) {
    DictEntry *e = &in->attrs->ent[k];
    if (!e->used || e->key.t != V_STR) continue;
    dwB_printf(&b, "%s%s=", n++ ? ", " : "", STR(e->key)->s);
    ok = dwFm_repr_value(I, &b, e->val);
  }
  dwB_putc(&b, ')');
  if (!ok) {
    dwB_free(&b);
    return dwV_null();
  }
  return dwL_new_str(I, &b);
}

/* equal when both are namespaces with equal attributes */
BI(ns_eq) {
  SL_METHOD_SELF();
  if (a->n != 1)
    return dwI_raise(I, EXC_TypeError, "expected 1 argument, got %d", a->n);
  Value o = a->v[0];
  Value nsc = dwV_dict_gets(
      ((Module *)OBJ(dwV_dict_gets(I->modules, dwI_intern(I, "types"))))->attrs,
      dwI_intern(I, "SimpleNamespace"));
  if (self.t != V_INST || o.t != V_INST || nsc.t != V_CLASS ||
      !dwI_subclass(((Inst *)OBJ(o))->cls, (Class *)OBJ(nsc)))
    return dwL_builtin(I, "NotImplemented");
  bool eq;
  if (!dwOb_eq(I, dwV_obj(&((Inst *)OBJ(self))->attrs->h),
               dwV_obj(&((Inst *)OBJ(o))->attrs->h), &eq))
    return dwV_null();
  return dwV_bool(def->data ? !eq : eq);
}

static const BuiltinDef ns_methods[] = {{"__init__", ns_init, TK_PURE, 0, 0},
                                        {"__repr__", ns_repr, TK_PURE, 0, 0},
                                        {"__eq__", ns_eq, TK_PURE, 0, 0},
                                        {"__ne__", ns_eq, TK_PURE, 1, 0},
                                        {NULL, NULL, 0, 0, 0}};

bool dwTp_init(Interp *I) {
  Module *m = dwL_module(I, "types");
  if (!m) return false;
  static const char *const types[][2] = {
      {"FunctionType", "function"},
      {"LambdaType", "function"},
      {"MethodType", "method"},
      {"BuiltinFunctionType", "builtin_function_or_method"},
      {"BuiltinMethodType", "builtin_function_or_method"},
      {"ModuleType", "module"},
      {"NoneType", "NoneType"}};
  for (size_t k = 0; k < sizeof types / sizeof *types; k++) {
    char key[64];
    snprintf(key, sizeof key, "__type_%s", types[k][1]);
    Value t = dwL_builtin(I, key);
    bool ok = t.t != V_NULL && dwL_set(I, m->attrs, types[k][0], t);
    dwV_decref(&I->c, t);
    if (!ok) return false;
  }
  Class *c = dwSl_class(I, m->attrs, "types.SimpleNamespace", ns_methods);
  if (!c) return false;
  /* a class defining __eq__ is unhashable, as CPython's namespace */
  if (!dwL_set(I, c->ns, "__hash__", dwV_none())) return false;
  m->special = MOD_STDLIB;
  return true;
}
