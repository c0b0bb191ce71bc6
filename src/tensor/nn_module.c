/* nn_module.c - the torch.nn.Module machinery the layers of nn.c and
 * torchlib.c share: the training flag (train/eval), parameters
 * (nn.Parameter) and buffers (register_buffer), traversal of submodules
 * (parameters, named_parameters, buffers, modules, named_modules,
 * children, apply), state_dict / load_state_dict with PyTorch's messages,
 * Flatten / Unflatten / ModuleDict, the extra_repr of the nn.c layers, and
 * the Python forward torch.compile traces for a layer with a C forward. */
#include "tensor/torchlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* torch.compile(m) of a runtime-provided module (nn.Linear, nn.Sequential:
 * a C forward, no frame to trace) compiles a Python forward of its class,
 * which calls m's own: Dynamo traces nn.Module.__call__ into the class's
 * forward, one code object per class (its frame is `forward`, its input
 * `L['input']`; each class has its own cache, as each forward its own
 * code). Runtime library code (Code.prelude): no marks, no traceback
 * entry, its graph nodes have no line. Made once per class and run; a
 * global of its own holds the function. */
struct NnForward {
  Class *cls;
  Func *fn;
};

/* The forwards' signatures as torch/nn/modules/ writes them (the guards
 * name the parameters: L['input']); any other class: (self, input). */
static const struct {
  const char *cls, *params, *args;
} nn_signature[] = {
    {"MultiheadAttention",
     "query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None, "
     "average_attn_weights=True, is_causal=False",
     "query, key, value, key_padding_mask, need_weights, attn_mask, average_attn_weights, is_causal"},
    {"EmbeddingBag", "input, offsets=None, per_sample_weights=None", "input, offsets, per_sample_weights"},
};

static Func *module_forward(Interp *I, Class *cls) {
  for (int k = 0; k < I->nn_nforward; k++)
    if (I->nn_forward[k].cls == cls) return I->nn_forward[k].fn;
  if (!DW_GROW(I->nn_forward, I->nn_capforward, I->nn_nforward, 4)) return NULL;
  const char *params = "input", *args = "input";
  for (size_t k = 0; k < sizeof nn_signature / sizeof *nn_signature; k++)
    for (Class *c = cls; c; c = c->base)
      if (!strcmp(c->name->s, nn_signature[k].cls)) {
        params = nn_signature[k].params;
        args = nn_signature[k].args;
      }
  char name[64], src[512];
  snprintf(name, sizeof name, "__dw_forward_%d__", I->nn_nforward);
  int n = snprintf(src, sizeof src, "def %s(self, %s):\n    return self.forward(%s)\n", name,
                   params, args);
  ParseError pe;
  memset(&pe, 0, sizeof pe);
  Node *m = dwP_parse(&I->arena, src, (size_t)n, &pe);
  Code *code = NULL;
  if (!m || !dwI_resolve(I, m, &code)) return NULL;
  code->prelude = true;
  Frame *saved = I->frame;
  I->frame = NULL; /* a module body of its own, outside any trace */
  Value r = dwI_run_code(I, code);
  I->frame = saved;
  if (r.t == V_NULL) return NULL;
  int slot = dwI_global_slot(I, dwI_intern(I, name));
  Value fv = slot >= 0 ? I->globals[slot].v : dwV_null();
  if (fv.t != V_FUNC) return NULL;
  Func *fn = (Func *)OBJ(fv);
  char qual[160];
  snprintf(qual, sizeof qual, "%s.forward", cls->name->s);
  fn->code->prelude = true;
  fn->code->firstline = 0; /* not a line of the program */
  fn->code->name = "forward";
  fn->code->qualname = dwA_strndup(&I->arena, qual, strlen(qual));
  I->nn_forward[I->nn_nforward++] = (struct NnForward){cls, fn};
  return fn;
}

Func *dwNm_compiled_forward(Interp *I, Value m) {
  if (m.t != V_INST || !(((Inst *)OBJ(m))->cls->cflags & CLS_NN_MODULE)) return NULL;
  Class *cls = ((Inst *)OBJ(m))->cls;
  Value fw = dwOb_class_lookup(cls, dwI_intern(I, "forward"));
  return fw.t == V_BUILTIN ? module_forward(I, cls) : NULL;
}

/* A parameter: a tensor marked as such (nn.Parameter) */
static Value param(Value t) {
  if (t.t == V_TENSOR) TEN(t)->h.flags |= DW_TENSOR_PARAM | DW_TENSOR_RG;
  return t;
}

bool dwNm_training(Interp *I, Value m) {
  Value v = dwL_attr_get(I, m, "training");
  return v.t != V_BOOL || v.u.i != 0;
}

/* ------------------------------------------------------------------ */
/* Module machinery: parameters, buffers, submodules, state_dict       */
/* ------------------------------------------------------------------ */

static List *name_list(Interp *I, Value m, const char *attr, bool create) {
  Value l = dwL_attr_get(I, m, attr);
  if (l.t == V_LIST) return (List *)OBJ(l);
  if (!create) return NULL;
  List *nl = dwV_list(&I->c, 0);
  if (!nl) return dwI_raise_ctx(I), NULL;
  Value lv = dwV_obj(&nl->h);
  bool ok = dwL_attr_set(I, m, attr, lv);
  drop(I, lv);
  return ok ? nl : NULL;
}

static bool list_has(List *l, const char *s) {
  for (int64_t k = 0; l && k < l->len; k++)
    if (l->items[k].t == V_STR && !strcmp(STR(l->items[k])->s, s)) return true;
  return false;
}

static bool list_add_name(Interp *I, List *l, const char *s) {
  if (list_has(l, s)) return true;
  Str *st = dwV_str(&I->c, s, strlen(s));
  if (!st) return dwI_raise_ctx(I), false;
  Value v = VSTR(st);
  bool ok = dwV_list_append(&I->c, l, v);
  drop(I, v);
  return ok || (dwI_raise_ctx(I), false);
}

bool dwNm_register_buffer(Interp *I, Value m, const char *name, Value t, bool persistent) {
  if (t.t == V_NULL) return false;
  List *b = name_list(I, m, "_buffers", true);
  List *np = persistent ? name_list(I, m, "_non_persistent", false) : name_list(I, m, "_non_persistent", true);
  bool ok = b && list_add_name(I, b, name) && (persistent || (np && list_add_name(I, np, name)));
  ok = ok && dwL_attr_set(I, m, name, t);
  drop(I, t);
  return ok;
}

static bool is_buffer(Interp *I, Value m, const char *name) {
  return list_has(name_list(I, m, "_buffers", false), name);
}

/* The named children of module m, in registration order: callback per
 * child (name, module); false stops with an error pending. */
typedef bool (*ChildFn)(Interp *I, const char *name, Value child, void *ctx);
static bool each_child(Interp *I, Value m, ChildFn fn, void *ctx) {
  Dict *d = ((Inst *)OBJ(m))->attrs;
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used || d->ent[k].key.t != V_STR) continue;
    Value v = d->ent[k].val;
    const char *key = STR(d->ent[k].key)->s;
    if (dwL_is_module(v)) {
      if (!fn(I, key, v, ctx)) return false;
    } else if (v.t == V_LIST && !strcmp(key, "_modules")) {
      List *l = (List *)OBJ(v);
      for (int64_t j = 0; j < l->len; j++) {
        if (!dwL_is_module(l->items[j])) continue;
        char nm[24];
        snprintf(nm, sizeof nm, "%lld", (long long)j);
        if (!fn(I, nm, l->items[j], ctx)) return false;
      }
    }
  }
  return true;
}

/* Every module under m (m first, depth first), each once, with its
 * dotted name. */
typedef struct Walk {
  Interp *I;
  bool (*visit)(Interp *I, const char *prefix, Value m, void *ctx);
  void *ctx;
  List *seen;
  char prefix[512];
  int depth;
} Walk;

static bool walk_child(Interp *I, const char *name, Value child, void *vw);

static bool walk(Walk *w, Value m) {
  for (int64_t k = 0; k < w->seen->len; k++)
    if (w->seen->items[k].u.o == m.u.o) return true;
  if (!dwV_list_append(&w->I->c, w->seen, m)) return dwI_raise_ctx(w->I), false;
  if (w->depth > 64) return dwI_raise(w->I, EXC_RecursionError, "modules nested too deeply"), false;
  if (!w->visit(w->I, w->prefix, m, w->ctx)) return false;
  w->depth++;
  bool ok = each_child(w->I, m, walk_child, w);
  w->depth--;
  return ok;
}

static bool walk_child(Interp *I, const char *name, Value child, void *vw) {
  (void)I;
  Walk *w = vw;
  size_t len = strlen(w->prefix);
  snprintf(w->prefix + len, sizeof w->prefix - len, "%s%s", len ? "." : "", name);
  bool ok = walk(w, child);
  w->prefix[len] = 0;
  return ok;
}

static bool walk_modules(Interp *I, Value m, bool (*visit)(Interp *, const char *, Value, void *), void *ctx) {
  Walk w;
  memset(&w, 0, sizeof w);
  w.I = I;
  w.visit = visit;
  w.ctx = ctx;
  w.seen = dwV_list(&I->c, 0);
  if (!w.seen) return dwI_raise_ctx(I), false;
  bool ok = walk(&w, m);
  dwV_decref_o(&I->c, &w.seen->h);
  return ok;
}

/* Collection into a list: entries (name, value) or values only. */
typedef struct Collect {
  List *out;
  List *seen; /* tensors already listed (shared parameters appear once) */
  int what;   /* 0 params, 1 buffers, 2 modules, 3 state (params then persistent buffers) */
  bool named;
} Collect;

static bool collect_add(Interp *I, Collect *c, const char *name, Value v) {
  for (int64_t k = 0; c->what != 3 && k < c->seen->len; k++)
    if (c->seen->items[k].u.o == v.u.o) return true;
  if (!dwV_list_append(&I->c, c->seen, v)) return dwI_raise_ctx(I), false;
  Value e = v;
  Value pair = dwV_null();
  if (c->named) {
    Str *s = dwV_str(&I->c, name, strlen(name));
    Tuple *t = s ? dwV_tuple(&I->c, 2) : NULL;
    if (!t) {
      if (s) dwV_decref_o(&I->c, &s->h);
      return dwI_raise_ctx(I), false;
    }
    t->items[0] = VSTR(s);
    t->items[1] = v;
    dwV_incref(v);
    pair = dwV_obj(&t->h);
    e = pair;
  }
  bool ok = dwV_list_append(&I->c, c->out, e);
  drop(I, pair);
  return ok || (dwI_raise_ctx(I), false);
}

static bool collect_visit(Interp *I, const char *prefix, Value m, void *vc) {
  Collect *c = vc;
  char name[640];
  if (c->what == 2) return collect_add(I, c, prefix, m);
  Dict *d = ((Inst *)OBJ(m))->attrs;
  List *np = name_list(I, m, "_non_persistent", false);
  for (int pass = 0; pass < 2; pass++) {
    bool want_buf = c->what == 1 || (c->what == 3 && pass == 1);
    if ((c->what == 0 || c->what == 1) && pass == 1) break;
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used || d->ent[k].key.t != V_STR || d->ent[k].val.t != V_TENSOR) continue;
      const char *key = STR(d->ent[k].key)->s;
      Value v = d->ent[k].val;
      bool buf = is_buffer(I, m, key);
      bool par = !buf && (TEN(v)->h.flags & DW_TENSOR_PARAM);
      if (want_buf ? !buf : !par) continue;
      if (want_buf && c->what == 3 && list_has(np, key)) continue;
      snprintf(name, sizeof name, "%s%s%s", prefix, *prefix ? "." : "", key);
      if (!collect_add(I, c, name, v)) return false;
    }
  }
  return true;
}

/* what: 0 parameters, 1 buffers, 2 modules, 3 state_dict entries */
static List *collect(Interp *I, Value m, int what, bool named) {
  Collect c = {dwV_list(&I->c, 0), dwV_list(&I->c, 0), what, named};
  bool ok = c.out && c.seen && walk_modules(I, m, collect_visit, &c);
  if (c.seen) dwV_decref_o(&I->c, &c.seen->h);
  if (!c.out) dwI_raise_ctx(I);
  if (!ok && c.out) {
    dwV_decref_o(&I->c, &c.out->h);
    return NULL;
  }
  return c.out;
}

static bool need_module(Interp *I, Value self, const char *fn) {
  if (dwL_is_module(self)) return true;
  dwI_raise(I, EXC_TypeError, "%s() needs an nn.Module", fn);
  return false;
}

/* parameters / named_parameters / buffers / named_buffers / modules /
 * named_modules / state_dict-like lists (data: what*2 + named) */
BI(nn_collect) {
  Value v[2];
  if (!dwL_bind(I, def->name, self, a, "self,recurse", v, 2) || !need_module(I, self, def->name)) return dwV_null();
  bool recurse;
  if (!truthy(I, v[1], true, &recurse)) return dwV_null();
  int what = def->data / 2;
  List *l;
  if (!recurse && what != 2) {
    /* this module's own: the visitor on self alone */
    Collect c = {dwV_list(&I->c, 0), dwV_list(&I->c, 0), what, def->data % 2 != 0};
    bool ok = c.out && c.seen && collect_visit(I, "", self, &c);
    if (c.seen) dwV_decref_o(&I->c, &c.seen->h);
    if (!c.out) return dwI_raise_ctx(I);
    if (!ok) {
      dwV_decref_o(&I->c, &c.out->h);
      return dwV_null();
    }
    l = c.out;
  } else {
    l = collect(I, self, what, def->data % 2 != 0);
  }
  /* a generator, as PyTorch's (<generator object Module.parameters ...>) */
  return l ? dwGe_over(I, def->name, dwV_obj(&l->h)) : dwV_null();
}

typedef struct ChildList {
  List *out;
  bool named;
} ChildList;
static bool child_add(Interp *I, const char *name, Value child, void *vc) {
  ChildList *c = vc;
  Collect cc = {c->out, NULL, 2, c->named};
  List *seen = dwV_list(&I->c, 0);
  if (!seen) return dwI_raise_ctx(I), false;
  cc.seen = seen;
  bool ok = collect_add(I, &cc, name, child);
  dwV_decref_o(&I->c, &seen->h);
  return ok;
}

BI(nn_children) {
  if (!need_module(I, self, "children")) return dwV_null();
  (void)a;
  ChildList c = {dwV_list(&I->c, 0), def->data != 0};
  if (!c.out) return dwI_raise_ctx(I);
  if (!each_child(I, self, child_add, &c)) {
    dwV_decref_o(&I->c, &c.out->h);
    return dwV_null();
  }
  return dwGe_over(I, def->name, dwV_obj(&c.out->h)); /* a generator, as PyTorch's */
}

BI(nn_state_dict) {
  (void)def;
  (void)a;
  if (!need_module(I, self, "state_dict")) return dwV_null();
  List *l = collect(I, self, 3, true);
  if (!l) return dwV_null();
  Dict *d = dwV_dict(&I->c);
  if (!d) {
    dwV_decref_o(&I->c, &l->h);
    return dwI_raise_ctx(I);
  }
  for (int64_t k = 0; k < l->len; k++) {
    Tuple *t = (Tuple *)OBJ(l->items[k]);
    Value dv = dwL_detach(I, t->items[1]); /* keep_vars=False: detached */
    bool ok = dv.t != V_NULL && dwV_dict_set(&I->c, d, t->items[0], dv);
    if (dv.t != V_NULL) dwV_decref(&I->c, dv);
    if (!ok) {
      dwV_decref_o(&I->c, &l->h);
      dwV_decref_o(&I->c, &d->h);
      return dwI_raise_ctx(I);
    }
  }
  dwV_decref_o(&I->c, &l->h);
  return dwV_obj(&d->h);
}

/* the result of load_state_dict: repr '<All keys matched successfully>' */
typedef struct IncKeys {
  List *missing, *unexpected;
} IncKeys;
static void inc_free(Ctx *c, void *p) {
  IncKeys *k = p;
  if (k->missing) dwV_decref_o(c, &k->missing->h);
  if (k->unexpected) dwV_decref_o(c, &k->unexpected->h);
  free(k);
}
static void inc_repr(Buf *b, void *p) {
  IncKeys *k = p;
  if (!k->missing->len && !k->unexpected->len) {
    dwB_puts(b, "<All keys matched successfully>");
    return;
  }
  dwB_puts(b, "_IncompatibleKeys(missing_keys=");
  dwV_repr(b, dwV_obj(&k->missing->h));
  dwB_puts(b, ", unexpected_keys=");
  dwV_repr(b, dwV_obj(&k->unexpected->h));
  dwB_putc(b, ')');
}
static Value inc_getattr(void *interp, void *p, const char *name) {
  (void)interp;
  IncKeys *k = p;
  List *l = !strcmp(name, "missing_keys") ? k->missing : !strcmp(name, "unexpected_keys") ? k->unexpected : NULL;
  if (!l) return dwV_null();
  dwV_incref_o(&l->h);
  return dwV_obj(&l->h);
}

static void torch_size_text(Buf *b, const Tensor *t) {
  dwB_puts(b, "torch.Size([");
  for (int k = 0; k < t->ndim; k++) dwB_printf(b, "%s%lld", k ? ", " : "", (long long)t->shape[k]);
  dwB_puts(b, "])");
}

BI(nn_load_state_dict) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "load_state_dict", self, a, "self,state_dict,strict,assign", v, 4) ||
      !need_module(I, self, "load_state_dict"))
    return dwV_null();
  if (v[1].t != V_DICT)
    return dwI_raise(I, EXC_TypeError, "Expected state_dict to be dict-like, got %s.", dwV_type_name(v[1]));
  bool strict;
  if (!truthy(I, v[2], true, &strict)) return dwV_null();
  Dict *sd = (Dict *)OBJ(v[1]);
  List *exp = collect(I, self, 3, true);
  if (!exp) return dwV_null();
  IncKeys *ik = calloc(1, sizeof *ik);
  Buf err = {0};
  Value res = dwV_null();
  if (!ik) {
    dwV_decref_o(&I->c, &exp->h);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  ik->missing = dwV_list(&I->c, 0);
  ik->unexpected = dwV_list(&I->c, 0);
  if (!ik->missing || !ik->unexpected) goto fail_ctx;
  /* sizes first (PyTorch checks them while loading), then copy */
  Buf sizes = {0};
  int nsize = 0;
  for (int64_t k = 0; k < exp->len; k++) {
    Tuple *t = (Tuple *)OBJ(exp->items[k]);
    Value got = dwV_dict_get(sd, t->items[0]);
    if (got.t == V_NULL) {
      if (!dwV_list_append(&I->c, ik->missing, t->items[0])) goto fail_ctx;
      continue;
    }
    Tensor *cur = TEN(t->items[1]);
    if (got.t != V_TENSOR) {
      dwB_printf(&sizes, "%sWhile copying the parameter named \"%s\", expected torch.Tensor or Tensor-like object from checkpoint but received <class '%s'>",
                 nsize++ ? "\n\t" : "", STR(t->items[0])->s, dwV_type_name(got));
      continue;
    }
    Tensor *src = TEN(got);
    bool same = src->ndim == cur->ndim;
    for (int j = 0; same && j < cur->ndim; j++) same = src->shape[j] == cur->shape[j];
    if (!same) {
      dwB_printf(&sizes, "%ssize mismatch for %s: copying a param with shape ", nsize++ ? "\n\t" : "",
                 STR(t->items[0])->s);
      torch_size_text(&sizes, src);
      dwB_puts(&sizes, " from checkpoint, the shape in current model is ");
      torch_size_text(&sizes, cur);
      dwB_putc(&sizes, '.');
    }
  }
  for (int64_t k = 0; k < sd->nent; k++) {
    if (!sd->ent[k].used) continue;
    Value key = sd->ent[k].key;
    bool known = false;
    for (int64_t j = 0; j < exp->len && !known; j++) {
      Tuple *t = (Tuple *)OBJ(exp->items[j]);
      known = key.t == V_STR && !strcmp(STR(t->items[0])->s, STR(key)->s);
    }
    if (!known && !dwV_list_append(&I->c, ik->unexpected, key)) goto fail_ctx;
  }
  bool bad_keys = strict && (ik->missing->len || ik->unexpected->len);
  if (bad_keys || nsize) {
    dwB_printf(&err, "Error(s) in loading state_dict for %s:\n\t", ((Inst *)OBJ(self))->cls->name->s);
    bool first = true;
    if (strict && ik->missing->len) {
      dwB_puts(&err, "Missing key(s) in state_dict: ");
      for (int64_t k = 0; k < ik->missing->len; k++)
        dwB_printf(&err, "%s\"%s\"", k ? ", " : "", STR(ik->missing->items[k])->s);
      dwB_puts(&err, ". ");
      first = false;
    }
    if (strict && ik->unexpected->len) {
      if (!first) dwB_puts(&err, "\n\t");
      dwB_puts(&err, "Unexpected key(s) in state_dict: ");
      for (int64_t k = 0; k < ik->unexpected->len; k++)
        dwB_printf(&err, "%s\"%s\"", k ? ", " : "", STR(ik->unexpected->items[k])->s);
      dwB_puts(&err, ". ");
      first = false;
    }
    if (nsize) {
      if (!first) dwB_puts(&err, "\n\t");
      dwB_putn(&err, sizes.p, sizes.len);
    }
    dwB_free(&sizes);
    dwI_raise(I, EXC_RuntimeError, "%s", err.p ? err.p : "");
    goto fail;
  }
  dwB_free(&sizes);
  for (int64_t k = 0; k < exp->len; k++) {
    Tuple *t = (Tuple *)OBJ(exp->items[k]);
    Value got = dwV_dict_get(sd, t->items[0]);
    if (got.t != V_TENSOR) continue;
    Tensor *cur = TEN(t->items[1]);
    Value c = cast_to(I, TEN(got), cur->dtype);
    if (c.t == V_NULL) goto fail;
    Value cl = op1(I, OP_CLONE, TEN(c), NULL);
    drop(I, c);
    if (cl.t == V_NULL) goto fail;
    bool ng = I->no_grad; /* load_state_dict copies under torch.no_grad() */
    I->no_grad = true;
    Value r = dwL_assign_inplace(I, cur, cl);
    I->no_grad = ng;
    if (r.t == V_NULL) goto fail;
    drop(I, r);
  }
  {
    Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
    if (!o) goto fail_ctx;
    o->kind = 12; /* load_state_dict's _IncompatibleKeys */
    o->p = ik;
    o->free = inc_free;
    o->repr = inc_repr;
    o->getattr = inc_getattr;
    ik = NULL;
    res = dwV_obj(&o->h);
  }
  goto done;
fail_ctx:
  dwI_raise_ctx(I);
fail:
  res = dwV_null();
done:
  dwB_free(&err);
  if (ik) inc_free(&I->c, ik);
  dwV_decref_o(&I->c, &exp->h);
  return res;
}

static bool set_training(Interp *I, const char *prefix, Value m, void *ctx) {
  (void)prefix;
  return dwL_attr_set(I, m, "training", dwV_bool(*(bool *)ctx));
}

/* train(mode=True) (data 0) / eval() (data 1): every submodule */
BI(nn_train) {
  Value v[2];
  if (!dwL_bind(I, def->data ? "eval" : "train", self, a, def->data ? "self" : "self,mode", v, 2) ||
      !need_module(I, self, def->data ? "eval" : "train"))
    return dwV_null();
  bool mode = false;
  if (!def->data) {
    if (v[1].t != V_NULL && v[1].t != V_BOOL)
      return dwI_raise(I, EXC_ValueError, "training mode is expected to be boolean");
    mode = v[1].t == V_NULL || v[1].u.i;
  }
  if (!walk_modules(I, self, set_training, &mode)) return dwV_null();
  dwV_incref(self);
  return self;
}

BI(nn_register_buffer) {
  Value v[4];
  (void)def;
  if (!dwL_bind(I, "register_buffer", self, a, "self,name,tensor,persistent", v, 4) ||
      !need_module(I, self, "register_buffer"))
    return dwV_null();
  if (v[1].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "buffer name should be a string. Got %s", dwV_type_name(v[1]));
  const char *n = STR(v[1])->s;
  if (!*n) return dwI_raise(I, EXC_KeyError, "'buffer name can\\'t be empty string \"\"'");
  if (strchr(n, '.')) return dwI_raise(I, EXC_KeyError, "'buffer name can\\'t contain \".\"'");
  if (dwL_attr_get(I, self, n).t != V_NULL && !is_buffer(I, self, n))
    return dwI_raise(I, EXC_KeyError, "\"attribute '%s' already exists\"", n);
  if (v[2].t != V_TENSOR && v[2].t != V_NONE)
    return dwI_raise(I, EXC_TypeError, "cannot assign '%s' object to buffer '%s' (torch Tensor or None required)",
                     dwV_type_name(v[2]), n);
  bool persistent;
  if (!truthy(I, v[3], true, &persistent)) return dwV_null();
  dwV_incref(v[2]);
  return dwNm_register_buffer(I, self, n, v[2], persistent) ? dwV_none() : dwV_null();
}

BI(nn_register_parameter) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "register_parameter", self, a, "self,name,param", v, 3) ||
      !need_module(I, self, "register_parameter"))
    return dwV_null();
  /* module.py register_parameter's checks, in its order */
  if (v[1].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "parameter name should be a string. Got %s", dwV_type_name(v[1]));
  const char *n = STR(v[1])->s;
  if (strchr(n, '.')) return dwI_raise(I, EXC_KeyError, "'parameter name can\\'t contain \".\"'");
  if (!*n) return dwI_raise(I, EXC_KeyError, "'parameter name can\\'t be empty string \"\"'");
  Value cur = dwL_attr_get(I, self, n);
  if (cur.t != V_NULL && cur.t != V_NONE && !(cur.t == V_TENSOR && (TEN(cur)->h.flags & DW_TENSOR_PARAM)))
    return dwI_raise(I, EXC_KeyError, "\"attribute '%s' already exists\"", n);
  if (v[2].t == V_TENSOR && !(TEN(v[2])->h.flags & DW_TENSOR_PARAM)) {
    return dwI_raise(I, EXC_TypeError,
                     "cannot assign '%s' object to parameter '%s' (torch.nn.Parameter or None required)",
                     dwT_legacy_name((DType)TEN(v[2])->dtype), n);
  }
  if (v[2].t != V_TENSOR && v[2].t != V_NONE)
    return dwI_raise(I, EXC_TypeError,
                     "cannot assign '%s' object to parameter '%s' (torch.nn.Parameter or None required)",
                     dwV_type_name(v[2]), n);
  return dwL_attr_set(I, self, STR(v[1])->s, v[2]) ? dwV_none() : dwV_null();
}

typedef struct ApplyCtx {
  Value fn;
} ApplyCtx;
static bool apply_child(Interp *I, const char *name, Value child, void *vc);
static bool apply_to(Interp *I, Value m, ApplyCtx *c, int depth) {
  if (depth > 64) return dwI_raise(I, EXC_RecursionError, "modules nested too deeply"), false;
  (void)depth;
  if (!each_child(I, m, apply_child, c)) return false;
  Args ca = {1, &m, 0, NULL};
  Value r = dwI_call(I, c->fn, &ca);
  if (r.t == V_NULL) return false;
  drop(I, r);
  return true;
}
static bool apply_child(Interp *I, const char *name, Value child, void *vc) {
  (void)name;
  return apply_to(I, child, vc, 1);
}

BI(nn_apply) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "apply", self, a, "self,fn", v, 2) || !need_module(I, self, "apply")) return dwV_null();
  ApplyCtx c = {v[1]};
  if (!apply_to(I, self, &c, 0)) return dwV_null();
  dwV_incref(self);
  return self;
}

static Value no_grad_if(Value t, bool off) {
  if (off && t.t == V_TENSOR) TEN(t)->h.flags = (uint16_t)((TEN(t)->h.flags | DW_TENSOR_NOGRAD) & ~DW_TENSOR_RG);
  return t;
}

/* nn.Parameter(data=None, requires_grad=True): a tensor sharing data's
 * storage, marked as a parameter */
BI(nn_parameter) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "Parameter", self, a, "data,requires_grad", v, 2)) return dwV_null();
  bool rg;
  if (!truthy(I, v[1], true, &rg)) return dwV_null();
  if (v[0].t == V_NULL || v[0].t == V_NONE) {
    int64_t z = 0;
    return no_grad_if(param(dwL_full(I, &z, 1, 0, DT_F32)), !rg);
  }
  if (v[0].t != V_TENSOR)
    return dwI_raise(I, EXC_TypeError, "Parameter(): argument 'data' must be Tensor, not %s", dwV_type_name(v[0]));
  Tensor *t = TEN(v[0]);
  if (rg && !dwT_is_float(t->dtype))
    return dwI_raise(I, EXC_RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
  if (dwR_tracing(I) && !t->st && !dwR_break_here(I, BR_UNSUPPORTED_CALL, "nn.Parameter() of a traced tensor"))
    return dwV_null();
  if (!t->st) return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  Tensor *p = dwT_view(&I->c, t, t->ndim, t->shape, t->stride, t->offset);
  if (!p) return dwI_raise_ctx(I);
  return no_grad_if(param(tv(p)), !rg);
}

/* requires_grad_(on) of a tensor or a module (each of its parameters) */
bool dwNm_set_requires_grad(Interp *I, Value x, bool on) {
  if (x.t == V_TENSOR) return dwAp_set_requires_grad(I, TEN(x), on);
  List *ps = collect(I, x, 0, false);
  bool ok = ps != NULL;
  for (int64_t k = 0; ok && k < ps->len; k++) ok = dwNm_set_requires_grad(I, ps->items[k], on);
  if (ps) dwV_decref_o(&I->c, &ps->h);
  return ok;
}

Value dwNm_parameters(Interp *I, Value m) {
  if (!need_module(I, m, "parameters")) return dwV_null();
  List *l = collect(I, m, 0, false);
  return l ? dwV_obj(&l->h) : dwV_null();
}

/* ------------------------------------------------------------------ */
/* Flatten, Unflatten, ModuleDict                                      */
/* ------------------------------------------------------------------ */

BI(nn_flatten_init) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "__init__", self, a, "self,start_dim,end_dim", v, 3)) return dwV_null();
  int64_t s = 1, e = -1;
  if ((v[1].t != V_NULL && !dwL_int(I, v[1], "start_dim", &s)) || (v[2].t != V_NULL && !dwL_int(I, v[2], "end_dim", &e)))
    return dwV_null();
  return dwL_attr_set(I, v[0], "start_dim", dwV_int(s)) && dwL_attr_set(I, v[0], "end_dim", dwV_int(e)) ? dwV_none()
                                                                                                        : dwV_null();
}

BI(nn_flatten_forward) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value fl = dwL_tensor_attr(I, v[1], dwI_intern(I, "flatten"));
  if (fl.t == V_NULL) return fl;
  Value args[2] = {dwV_int(attr_int(I, v[0], "start_dim", 1)), dwV_int(attr_int(I, v[0], "end_dim", -1))};
  Args ca = {2, args, 0, NULL};
  Value r = dwI_call(I, fl, &ca);
  drop(I, fl);
  return r;
}

static Value unflatten(Interp *I, Tensor *x, int64_t dim, Value sizes) {
  int64_t us[DW_MAXDIM];
  int nu;
  if (!sizes_from(I, &sizes, 1, us, &nu) || !check_dim(I, dim, x->ndim)) return dwV_null();
  if (nu == 0) return dwI_raise(I, EXC_RuntimeError, "unflatten: sizes must be non-empty");
  int d = (int)norm_dim(dim, x->ndim);
  if (x->ndim - 1 + nu > DW_MAXDIM)
    return dwI_raise(I, EXC_NotImplementedError, "tensors with more than %d dimensions are not supported", DW_MAXDIM);
  int64_t prod = 1;
  int infer = -1;
  for (int k = 0; k < nu; k++) {
    if (us[k] == -1) {
      if (infer >= 0) return dwI_raise(I, EXC_RuntimeError, "only one dimension can be inferred");
      infer = k;
    } else {
      prod *= us[k];
    }
  }
  if (infer >= 0 && prod && x->shape[d] % prod == 0) us[infer] = x->shape[d] / prod, prod *= us[infer];
  if (prod != x->shape[d]) {
    char b[256];
    size_t o = (size_t)snprintf(b, sizeof b, "[");
    for (int k = 0; k < nu; k++) o += (size_t)snprintf(b + o, sizeof b - o, "%s%lld", k ? ", " : "", (long long)us[k]);
    snprintf(b + o, sizeof b - o, "]");
    return dwI_raise(I, EXC_RuntimeError,
                     "unflatten: Provided sizes %s don't multiply up to the size of dim %lld (%lld) in the input tensor",
                     b, (long long)dim, (long long)x->shape[d]);
  }
  int64_t s[DW_MAXDIM];
  int n = 0;
  for (int k = 0; k < x->ndim; k++) {
    if (k == d)
      for (int j = 0; j < nu; j++) s[n++] = us[j];
    else
      s[n++] = x->shape[k];
  }
  return reshape_to(I, x, s, n, false);
}

BI(nn_unflatten_init) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "__init__", self, a, "self,dim,unflattened_size", v, 3)) return dwV_null();
  int64_t d;
  if (!dwL_int(I, v[1], "dim", &d)) return dwV_null();
  if (v[2].t != V_TUPLE && v[2].t != V_LIST)
    return dwI_raise(I, EXC_TypeError, "unflattened_size must be tuple of ints, but found type %s", dwV_type_name(v[2]));
  Value t = dwL_tuple_of(I, v[2]);
  if (t.t == V_NULL) return t;
  return dwL_attr_set(I, v[0], "dim", dwV_int(d)) && set_attr(I, v[0], "unflattened_size", t) ? dwV_none() : dwV_null();
}

BI(nn_unflatten_forward) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  return unflatten(I, TEN(v[1]), attr_int(I, v[0], "dim", 1), dwL_attr_get(I, v[0], "unflattened_size"));
}

BI(t_unflatten) {
  Value v[3];
  (void)def;
  if (!dwL_bind(I, "unflatten", self, a, "input,dim,sizes", v, 3) || !as_tensor_arg(I, v[0], "unflatten", "input"))
    return dwV_null();
  int64_t d;
  if (!dwL_int(I, v[1], "dim", &d)) return dwV_null();
  return unflatten(I, TEN(v[0]), d, v[2]);
}

static bool is_reserved_attr(const char *k) {
  return !strcmp(k, "training") || !strcmp(k, "_buffers") || !strcmp(k, "_non_persistent");
}

BI(nn_moddict_init) {
  Value v[2];
  (void)def;
  if (!dwL_bind(I, "__init__", self, a, "self,modules", v, 2)) return dwV_null();
  if (v[1].t == V_NULL || v[1].t == V_NONE) return dwV_none();
  Value upd = dwOb_getattr(I, v[0], dwI_intern(I, "update"));
  if (upd.t == V_NULL) return upd;
  Args ca = {1, &v[1], 0, NULL};
  Value r = dwI_call(I, upd, &ca);
  drop(I, upd);
  return r;
}

static bool moddict_set(Interp *I, Value m, Value key, Value mod) {
  if (key.t != V_STR) {
    dwI_raise(I, EXC_TypeError, "module name should be a string. Got %s", dwV_type_name(key));
    return false;
  }
  if (!dwL_is_module(mod) && mod.t != V_NONE) {
    dwI_raise(I, EXC_TypeError, "%s is not a Module subclass", dwV_type_name(mod));
    return false;
  }
  if (strchr(STR(key)->s, '.')) {
    dwI_raise(I, EXC_KeyError, "'module name can\\'t contain \".\", got: %s'", STR(key)->s); /* KeyError's str: the repr */
    return false;
  }
  return dwL_attr_set(I, m, STR(key)->s, mod);
}

BI(nn_moddict_update) {
  (void)def;
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "update() takes 1 argument");
  Value src = a->v[0];
  if (src.t == V_DICT) {
    Dict *d = (Dict *)OBJ(src);
    for (int64_t k = 0; k < d->nent; k++)
      if (d->ent[k].used && !moddict_set(I, self, d->ent[k].key, d->ent[k].val)) return dwV_null();
    return dwV_none();
  }
  /* container.py ModuleDict.update: an iterable of key/value pairs */
  bool scalar = src.t == V_INT || src.t == V_FLOAT || src.t == V_BOOL || src.t == V_NONE;
  if (scalar)
    return dwI_raise(I, EXC_TypeError,
                     "ModuleDict.update should be called with an iterable of key/value pairs, but got %s",
                     dwV_type_name(src));
  List *l = dwOb_to_list(I, src);
  if (!l) return dwV_null();
  for (int64_t k = 0; k < l->len; k++) {
    Value e = l->items[k];
    if (e.t == V_INT || e.t == V_FLOAT || e.t == V_BOOL || e.t == V_NONE) {
      const char *tn = dwV_type_name(e);
      dwV_decref_o(&I->c, &l->h);
      return dwI_raise(I, EXC_TypeError, "ModuleDict update sequence element #%lld should be Iterable; is%s",
                       (long long)k, tn);
    }
    Value *it = e.t == V_TUPLE ? ((Tuple *)OBJ(e))->items : e.t == V_LIST ? ((List *)OBJ(e))->items : NULL;
    int64_t n = e.t == V_TUPLE ? ((Tuple *)OBJ(e))->len : e.t == V_LIST ? ((List *)OBJ(e))->len : 0;
    if (!it || n != 2) {
      dwV_decref_o(&I->c, &l->h);
      return dwI_raise(I, EXC_ValueError, "ModuleDict update sequence element #%lld has length %lld; 2 is required",
                       (long long)k, (long long)n);
    }
    if (!moddict_set(I, self, it[0], it[1])) {
      dwV_decref_o(&I->c, &l->h);
      return dwV_null();
    }
  }
  dwV_decref_o(&I->c, &l->h);
  return dwV_none();
}

/* keys (0), values (1), items (2), iter (3), len (4) of a ModuleDict */
BI(nn_moddict_view) {
  (void)a;
  Dict *d = ((Inst *)OBJ(self))->attrs;
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  int64_t n = 0;
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used || d->ent[k].key.t != V_STR || is_reserved_attr(STR(d->ent[k].key)->s)) continue;
    if (!dwL_is_module(d->ent[k].val)) continue;
    n++;
    Value e = def->data == 1 ? d->ent[k].val : d->ent[k].key, pair = dwV_null();
    if (def->data == 2) {
      Tuple *t = dwV_tuple(&I->c, 2);
      if (!t) {
        dwV_decref_o(&I->c, &l->h);
        return dwI_raise_ctx(I);
      }
      t->items[0] = d->ent[k].key;
      t->items[1] = d->ent[k].val;
      dwV_incref(t->items[0]);
      dwV_incref(t->items[1]);
      pair = e = dwV_obj(&t->h);
    }
    bool ok = dwV_list_append(&I->c, l, e);
    drop(I, pair);
    if (!ok) {
      dwV_decref_o(&I->c, &l->h);
      return dwI_raise_ctx(I);
    }
  }
  if (def->data == 4) {
    dwV_decref_o(&I->c, &l->h);
    return dwV_int(n);
  }
  Value lv = dwV_obj(&l->h);
  if (def->data == 3) {
    Value it = dwOb_iter(I, lv);
    drop(I, lv);
    return it;
  }
  return lv;
}

BI(nn_moddict_getitem) {
  (void)def;
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "__getitem__ takes 1 argument");
  Value k = a->v[0];
  Value r = k.t == V_STR && !is_reserved_attr(STR(k)->s) ? dwL_attr_get(I, self, STR(k)->s) : dwV_null();
  if (!dwL_is_module(r)) {
    Buf b = {0};
    dwV_repr(&b, k);
    dwI_raise(I, EXC_KeyError, "%s", b.p ? b.p : "");
    dwB_free(&b);
    return dwV_null();
  }
  dwV_incref(r);
  return r;
}

BI(nn_moddict_setitem) {
  (void)def;
  if (a->n != 2) return dwI_raise(I, EXC_TypeError, "__setitem__ takes 2 arguments");
  return moddict_set(I, self, a->v[0], a->v[1]) ? dwV_none() : dwV_null();
}

BI(nn_moddict_contains) {
  (void)def;
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "__contains__ takes 1 argument");
  Value k = a->v[0];
  return dwV_bool(k.t == V_STR && !is_reserved_attr(STR(k)->s) && dwL_is_module(dwL_attr_get(I, self, STR(k)->s)));
}

/* ------------------------------------------------------------------ */
/* Module reprs                                                        */
/* ------------------------------------------------------------------ */

static void put_ints_attr(Interp *I, Buf *b, Value m, const char *name) {
  Value v = dwL_attr_get(I, m, name);
  dwV_repr(b, v.t == V_NULL ? dwV_none() : v);
}

bool dwNm_extra_repr(Interp *I, Buf *b, Value m, const char *cls) {
  if (dwNx_extra_repr(I, b, m, cls)) return true;
  if (!strcmp(cls, "Embedding") || !strcmp(cls, "EmbeddingBag")) {
    dwB_printf(b, "%lld, %lld", (long long)attr_int(I, m, "num_embeddings", 0),
               (long long)attr_int(I, m, "embedding_dim", 0));
    Value p = dwL_attr_get(I, m, "padding_idx");
    if (p.t == V_INT) dwB_printf(b, ", padding_idx=%lld", (long long)p.u.i);
    if (cls[9] == 'B') {
      Value md = dwL_attr_get(I, m, "mode");
      dwB_printf(b, ", mode='%s'", md.t == V_STR ? STR(md)->s : "mean");
    }
    return true;
  }
  if (!strcmp(cls, "Conv1d") || !strcmp(cls, "Conv2d")) {
    dwB_printf(b, "%lld, %lld, kernel_size=", (long long)attr_int(I, m, "in_channels", 0),
               (long long)attr_int(I, m, "out_channels", 0));
    put_ints_attr(I, b, m, "kernel_size");
    dwB_puts(b, ", stride=");
    put_ints_attr(I, b, m, "stride");
    int nsp = cls[4] == '1' ? 1 : 2;
    Value pad = dwL_attr_get(I, m, "padding");
    int64_t pv[2], dv[2];
    attr_ints(I, m, "padding", nsp, pv);
    attr_ints(I, m, "dilation", nsp, dv);
    if (pad.t == V_STR) dwB_printf(b, ", padding=%s", STR(pad)->s);
    else if (pv[0] || (nsp == 2 && pv[1])) {
      dwB_puts(b, ", padding=");
      put_ints_attr(I, b, m, "padding");
    }
    if (dv[0] != 1 || (nsp == 2 && dv[1] != 1)) {
      dwB_puts(b, ", dilation=");
      put_ints_attr(I, b, m, "dilation");
    }
    if (attr_int(I, m, "groups", 1) != 1) dwB_printf(b, ", groups=%lld", (long long)attr_int(I, m, "groups", 1));
    if (dwL_attr_get(I, m, "bias").t != V_TENSOR) dwB_puts(b, ", bias=False");
    Value pm = dwL_attr_get(I, m, "padding_mode");
    if (pm.t == V_STR && strcmp(STR(pm)->s, "zeros")) dwB_printf(b, ", padding_mode=%s", STR(pm)->s);
    return true;
  }
  if (!strcmp(cls, "MaxPool2d") || !strcmp(cls, "MaxPool1d") || !strcmp(cls, "AvgPool2d") ||
      !strcmp(cls, "AvgPool1d")) {
    bool mx = cls[0] == 'M';
    dwB_puts(b, "kernel_size=");
    put_ints_attr(I, b, m, "kernel_size");
    dwB_puts(b, ", stride=");
    put_ints_attr(I, b, m, "stride");
    dwB_puts(b, ", padding=");
    put_ints_attr(I, b, m, "padding");
    if (mx) {
      dwB_puts(b, ", dilation=");
      put_ints_attr(I, b, m, "dilation");
      dwB_printf(b, ", ceil_mode=%s", attr_int(I, m, "ceil_mode", 0) ? "True" : "False");
    }
    return true;
  }
  if (!strcmp(cls, "AdaptiveAvgPool2d") || !strcmp(cls, "AdaptiveAvgPool1d")) {
    dwB_puts(b, "output_size=");
    put_ints_attr(I, b, m, "output_size");
    return true;
  }
  if (!strcmp(cls, "BatchNorm1d") || !strcmp(cls, "BatchNorm2d")) {
    dwB_printf(b, "%lld, eps=", (long long)attr_int(I, m, "num_features", 0));
    dwB_float(b, attr_float(I, m, "eps", 1e-5));
    dwB_puts(b, ", momentum=");
    Value mo = dwL_attr_get(I, m, "momentum");
    dwV_repr(b, mo.t == V_NULL ? dwV_none() : mo);
    dwB_printf(b, ", affine=%s, track_running_stats=%s", attr_int(I, m, "affine", 1) ? "True" : "False",
               attr_int(I, m, "track_running_stats", 1) ? "True" : "False");
    return true;
  }
  if (!strcmp(cls, "GroupNorm")) {
    dwB_printf(b, "%lld, %lld, eps=", (long long)attr_int(I, m, "num_groups", 0),
               (long long)attr_int(I, m, "num_channels", 0));
    dwB_float(b, attr_float(I, m, "eps", 1e-5));
    dwB_printf(b, ", affine=%s", attr_int(I, m, "affine", 1) ? "True" : "False");
    return true;
  }
  if (!strcmp(cls, "Flatten")) {
    dwB_printf(b, "start_dim=%lld, end_dim=%lld", (long long)attr_int(I, m, "start_dim", 1),
               (long long)attr_int(I, m, "end_dim", -1));
    return true;
  }
  if (!strcmp(cls, "Unflatten")) {
    dwB_printf(b, "dim=%lld, unflattened_size=", (long long)attr_int(I, m, "dim", 1));
    put_ints_attr(I, b, m, "unflattened_size");
    return true;
  }
  if (!strcmp(cls, "NonDynamicallyQuantizableLinear")) {
    Value bias = dwL_attr_get(I, m, "bias");
    dwB_printf(b, "in_features=%lld, out_features=%lld, bias=%s", (long long)attr_int(I, m, "in_features", 0),
               (long long)attr_int(I, m, "out_features", 0), bias.t == V_TENSOR ? "True" : "False");
    return true;
  }
  return false;
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

const BuiltinDef dwNm_tensor_methods[] = {
    {"Tensor.unflatten", t_unflatten, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const BuiltinDef dwNm_torch_defs[] = {
    {"torch.unflatten", t_unflatten, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* t's data converted to dtype dt in place (views of its old data keep
 * it). */
static bool retype(Interp *I, Tensor *t, DType dt) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.dtype = (uint8_t)dt;
  Tensor *c = t->st ? dwT_op(&I->c, OP_CAST, 1, &t, &at) : NULL;
  if (!c) {
    if (!t->st) dwI_raise(I, EXC_RuntimeError, "Cannot access data of a traced (fake) tensor");
    else dwI_raise_ctx(I);
    return false;
  }
  Storage *old = t->st;
  t->st = c->st; /* c takes the old storage and frees it with itself */
  c->st = old;
  t->st->version = old->version; /* PyTorch's `param.data = new`: t keeps its version */
  t->dtype = (uint8_t)dt;
  t->offset = 0;
  memcpy(t->stride, c->stride, sizeof t->stride);
  c->offset = 0;
  dwV_decref_o(&I->c, &c->h);
  return true;
}

bool dwNm_to_dtype(Interp *I, Value m, DType dt) {
  for (int what = 0; what < 2; what++) {
    List *l = collect(I, m, what, false);
    if (!l) return false;
    bool ok = true;
    for (int64_t k = 0; ok && k < l->len; k++) {
      Tensor *t = TEN(l->items[k]);
      if (dwT_is_float(t->dtype) && t->dtype != dt) ok = retype(I, t, dt);
    }
    dwV_decref_o(&I->c, &l->h);
    if (!ok) return false;
  }
  return true;
}

/* Module.double() / Module.float() */
BI(nn_to_float) {
  if (!need_module(I, self, def->data == DT_F64 ? "double" : "float")) return dwV_null();
  if (a->n || a->nkw)
    return dwI_raise(I, EXC_TypeError, "%s() takes 1 positional argument but %d were given",
                     def->data == DT_F64 ? "double" : "float", a->n + 1);
  if (!dwNm_to_dtype(I, self, (DType)def->data)) return dwV_null();
  dwV_incref(self);
  return self;
}

const BuiltinDef dwNm_module_methods[] = {
    {"Module.double", nn_to_float, TK_MUTATE, DT_F64, 0},
    {"Module.float", nn_to_float, TK_MUTATE, DT_F32, 0},
    {"Module.parameters", nn_collect, TK_PURE, 0, 0},
    {"Module.named_parameters", nn_collect, TK_PURE, 1, 0},
    {"Module.buffers", nn_collect, TK_PURE, 2, 0},
    {"Module.named_buffers", nn_collect, TK_PURE, 3, 0},
    {"Module.modules", nn_collect, TK_PURE, 4, 0},
    {"Module.named_modules", nn_collect, TK_PURE, 5, 0},
    {"Module.children", nn_children, TK_PURE, 0, 0},
    {"Module.named_children", nn_children, TK_PURE, 1, 0},
    {"Module.state_dict", nn_state_dict, TK_PURE, 0, 0},
    {"Module.load_state_dict", nn_load_state_dict, TK_MUTATE, 0, 0},
    {"Module.train", nn_train, TK_MUTATE, 0, 0},
    {"Module.eval", nn_train, TK_MUTATE, 1, 0},
    {"Module.register_buffer", nn_register_buffer, TK_MUTATE, 0, 0},
    {"Module.register_parameter", nn_register_parameter, TK_MUTATE, 0, 0},
    {"Module.apply", nn_apply, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const BuiltinDef dwNm_parameter_def = {"torch.nn.parameter.Parameter", nn_parameter, TK_PURE, 0, dwV_type_doc};

const BuiltinDef dwNm_moddict_methods[] = {
    {"ModuleDict.update", nn_moddict_update, TK_MUTATE, 0, 0},
    {"ModuleDict.keys", nn_moddict_view, TK_PURE, 0, 0},
    {"ModuleDict.values", nn_moddict_view, TK_PURE, 1, 0},
    {"ModuleDict.items", nn_moddict_view, TK_PURE, 2, 0},
    {"ModuleDict.__iter__", nn_moddict_view, TK_PURE, 3, 0},
    {"ModuleDict.__len__", nn_moddict_view, TK_PURE, 4, 0},
    {"ModuleDict.__getitem__", nn_moddict_getitem, TK_PURE, 0, 0},
    {"ModuleDict.__setitem__", nn_moddict_setitem, TK_MUTATE, 0, 0},
    {"ModuleDict.__contains__", nn_moddict_contains, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const DwNClass dwNm_classes[] = {
    {"Flatten", {"Flatten.__init__", nn_flatten_init, TK_PURE, 0, 0}, {"Flatten.forward", nn_flatten_forward, TK_TENSOR, 0, 0}},
    {"Unflatten", {"Unflatten.__init__", nn_unflatten_init, TK_PURE, 0, 0},
     {"Unflatten.forward", nn_unflatten_forward, TK_TENSOR, 0, 0}},
    {"ModuleDict", {"ModuleDict.__init__", nn_moddict_init, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}},
    {NULL, {0}, {0}}};
