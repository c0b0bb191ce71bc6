/* mod_copy.c - the copy module (CPython 3.11's Lib/copy.py): copy(x) and
 * deepcopy(x, memo=None) with the __copy__ / __deepcopy__(memo) hooks,
 * and torch's rules for tensors (torch/_tensor.py Tensor.__deepcopy__,
 * __reduce_ex__): a deep copy of a tensor has storage of its own, keeps
 * requires_grad and the Parameter class, copies .grad, and is refused
 * for a tensor that is not a graph leaf; a shallow copy shares the
 * storage. Instances (nn.Module too) are copied as object.__reduce_ex__
 * copies them: a new instance of the class whose attributes are the
 * original's (copy) or their deep copies (deepcopy), so that
 * copy.deepcopy(model) gives a model with parameters of its own. The memo
 * is a dict from id() to the copy, as CPython's, shared by the
 * __deepcopy__ hooks; an object met twice is copied once. In a traced
 * frame a copy of a tensor is a graph break (Dynamo does not trace
 * Tensor.__deepcopy__); other values are copied while tracing. */
#include "stdmod.h"

#include <stdio.h>
#include <string.h>

const char *const dwCp_missing[] = {"Error", "error", "dispatch_table", NULL};

static void drop(Interp *I, Value v) {
  dwV_decref(&I->c, v);
}

/* values copy and deepcopy return as they are (_copy_immutable,
 * _deepcopy_atomic) */
static bool atomic(Value v) {
  switch (v.t) {
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_DTYPE:
  case V_STR:
  case V_FUNC:
  case V_BUILTIN:
  case V_CLASS:
  case V_MODULE:
  case V_RANGE:
  case V_SLICE:
  case V_WRAP:
    return true;
  case V_OPAQUE:
    return ((Opaque *)OBJ(v))->kind == 5 ||
           ((Opaque *)OBJ(v))->kind == 7; /* ..., NotImplemented */
  default:
    return false;
  }
}

static Value call_method0(Interp *I, Value obj, const char *name, int n,
                          Value *args) {
  Value m = dwOb_getattr(I, obj, dwI_intern(I, name));
  if (m.t == V_NULL) return m;
  Value r = dwI_call0(I, m, n, args);
  drop(I, m);
  return r;
}

static bool tensor_break(Interp *I, const char *what) {
  if (!dwR_tracing(I)) return true;
  return dwR_break_here(I, BR_UNSUPPORTED_CALL,
                        "copy.%s of a tensor (Tensor.__%s__) is not traced",
                        what, !strcmp(what, "copy") ? "reduce_ex" : "deepcopy");
}

/* A new tensor on t's storage (copy; a detached alias: no history), or a
 * clone of that (deepcopy), with t's requires_grad (a leaf) and Parameter class */
static Value tensor_copy(Interp *I, Value t, bool deep) {
  Tensor *x = (Tensor *)OBJ(t);
  Tensor *al = dwT_view(&I->c, x, x->ndim, x->shape, x->stride, x->offset);
  if (!al) return dwI_raise_ctx(I);
  Value r = dwV_obj(&al->h);
  if (deep) {
    Value c = call_method0(I, r, "clone", 0, NULL);
    drop(I, r);
    if (c.t == V_NULL) return c;
    r = c;
  }
  if (r.t == V_TENSOR)
    OBJ(r)->flags =
        (uint16_t)((OBJ(r)->flags & ~(DW_TENSOR_PARAM | DW_TENSOR_NOGRAD | DW_TENSOR_RG)) |
                   (OBJ(t)->flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD | DW_TENSOR_RG)));
  return r;
}

/* ------------------------------------------------------------------ */
/* copy                                                                */
/* ------------------------------------------------------------------ */

static Value shallow(Interp *I, Value x) {
  if (atomic(x) || (x.t == V_TUPLE && OBJ(x)->flags == TUP_PLAIN)) {
    dwV_incref(x);
    return x;
  }
  Class *c = dwV_class_of(x);
  if (c && x.t != V_EXC) {
    Value m = dwOb_class_lookup(c, dwI_intern(I, "__copy__"));
    if (m.t != V_NULL) return call_method0(I, x, "__copy__", 0, NULL);
  }
  switch (x.t) {
  case V_TUPLE: { /* a namedtuple, torch.Size: a new one of its kind */
    Tuple *t = (Tuple *)OBJ(x);
    Value r = dwSl_tuple(I, t->items, t->len);
    if (r.t == V_NULL) return r;
    Tuple *n = (Tuple *)OBJ(r);
    n->h.flags = t->h.flags;
    if (t->h.flags == TUP_NAMED)
      dwV_incref_o(&(n->cls = t->cls)->h);
    else if (t->h.flags == TUP_RETTYPE)
      n->rt_name = t->rt_name;
    return r;
  }
  case V_LIST: {
    List *l = (List *)OBJ(x);
    List *n = dwV_list(&I->c, 0);
    if (!n) return dwI_raise_ctx(I);
    for (int64_t k = 0; k < l->len; k++)
      if (!dwV_list_append(&I->c, n, l->items[k])) {
        dwV_decref_o(&I->c, &n->h);
        return dwI_raise_ctx(I);
      }
    return dwV_obj(&n->h);
  }
  case V_DICT: {
    Dict *d = (Dict *)OBJ(x);
    Dict *n = dwV_dict(&I->c);
    if (!n) return dwI_raise_ctx(I);
    if (d->cls) {
      dwV_incref_o(&(n->cls = d->cls)->h);
      dwV_incref(n->extra = d->extra);
    }
    for (int64_t k = 0; k < d->nent; k++)
      if (d->ent[k].used &&
          !dwV_dict_set(&I->c, n, d->ent[k].key, d->ent[k].val)) {
        dwV_decref_o(&I->c, &n->h);
        return dwI_raise_ctx(I);
      }
    return dwV_obj(&n->h);
  }
  case V_SET:
    return call_method0(I, x, "copy", 0, NULL);
  case V_TENSOR:
    if (!tensor_break(I, "copy")) return dwV_null();
    return tensor_copy(I, x, false);
  case V_INST: {
    Inst *in = (Inst *)OBJ(x);
    Value r = dwI_new_inst(I, in->cls);
    if (r.t == V_NULL) return r;
    Dict *a = ((Inst *)OBJ(r))->attrs;
    for (int64_t k = 0; k < in->attrs->nent; k++)
      if (in->attrs->ent[k].used &&
          !dwV_dict_set(&I->c, a, in->attrs->ent[k].key,
                        in->attrs->ent[k].val)) {
        drop(I, r);
        return dwI_raise_ctx(I);
      }
    return r;
  }
  case V_BOUND:
    dwV_incref(x);
    return x; /* a method is immutable */
  default:
    return dwI_raise(I, EXC_NotImplementedError,
                     "copy.copy of a '%s' object is not supported by dynawasm",
                     dwV_type_name(x));
  }
}

BI(cp_copy) {
  (void)def;
  (void)self;
  static const char *const names[] = {"x"};
  Value o[1] = {dwV_null()};
  if (!dwSl_bind(I, "copy", a, 1, 1, names, o) ||
      !dwSl_required(I, "copy", 1, names, o))
    return dwV_null();
  return shallow(I, o[0]);
}

/* ------------------------------------------------------------------ */
/* deepcopy                                                            */
/* ------------------------------------------------------------------ */

static Value deep(Interp *I, Value x, Dict *memo);

static Value memo_key(Value x) {
  return dwV_int((int64_t)(uintptr_t)x.u.o);
}

/* memo[id(x)] = y */
static bool remember(Interp *I, Dict *memo, Value x, Value y) {
  return dwV_dict_set(&I->c, memo, memo_key(x), y) || (dwI_raise_ctx(I), false);
}

static Value deep_items(Interp *I, Value *items, int64_t n, Dict *memo,
                        List *out) {
  for (int64_t k = 0; k < n; k++) {
    Value c = deep(I, items[k], memo);
    if (c.t == V_NULL) return c;
    bool ok = dwV_list_append(&I->c, out, c);
    drop(I, c);
    if (!ok) return dwI_raise_ctx(I);
  }
  return dwV_none();
}

static Value deep_tensor(Interp *I, Value x, Dict *memo) {
  Value leaf = dwOb_getattr(I, x, dwI_intern(I, "is_leaf"));
  if (leaf.t == V_NULL) return leaf;
  bool is_leaf = leaf.t == V_BOOL && leaf.u.i;
  drop(I, leaf);
  if (!is_leaf)
    return dwI_raise(
        I, EXC_RuntimeError,
        "Only Tensors created explicitly by the user (graph leaves) support "
        "the "
        "deepcopy protocol at the moment.  If you were attempting to deepcopy "
        "a module, "
        "this may be because of a torch.nn.utils.weight_norm usage, see "
        "https://github.com/pytorch/pytorch/pull/103001");
  if (!tensor_break(I, "deepcopy")) return dwV_null();
  Value r = tensor_copy(I, x, true);
  if (r.t == V_NULL) return r;
  if (!remember(I, memo, x, r)) return drop(I, r), dwV_null();
  /* .grad (a build without gradients has none to copy: its
   * NotImplementedError is not the copy's) */
  Value g = dwOb_getattr(I, x, dwI_intern(I, "grad"));
  if (g.t == V_NULL && I->exc.t == V_EXC &&
      ((Exc *)OBJ(I->exc))->type == EXC_NotImplementedError) {
    drop(I, I->exc);
    I->exc = dwV_null();
    g = dwV_none();
  }
  if (g.t == V_NULL) return drop(I, r), g;
  if (g.t == V_TENSOR) {
    Value gc = deep(I, g, memo);
    bool ok = gc.t != V_NULL && dwOb_setattr(I, r, dwI_intern(I, "grad"), gc);
    if (gc.t != V_NULL) drop(I, gc);
    if (!ok) return drop(I, g), drop(I, r), dwV_null();
  }
  drop(I, g);
  return r;
}

static Value deep(Interp *I, Value x, Dict *memo) {
  if (atomic(x)) {
    dwV_incref(x);
    return x;
  }
  Value seen = dwV_dict_get(memo, memo_key(x));
  if (seen.t != V_NULL) {
    dwV_incref(seen);
    return seen;
  }
  if (!dwFr_stack_ok(I)) return dwV_null();
  Class *c = dwV_class_of(x);
  if (c && x.t != V_EXC) {
    Value m = dwOb_class_lookup(c, dwI_intern(I, "__deepcopy__"));
    if (m.t != V_NULL) {
      Value mv = dwV_obj(&memo->h);
      Value r = call_method0(I, x, "__deepcopy__", 1, &mv);
      if (r.t != V_NULL && !remember(I, memo, x, r))
        return drop(I, r), dwV_null();
      return r;
    }
  }
  switch (x.t) {
  case V_LIST: {
    List *n = dwV_list(&I->c, 0);
    if (!n) return dwI_raise_ctx(I);
    Value r = dwV_obj(&n->h);
    if (!remember(I, memo, x, r)) return drop(I, r), dwV_null();
    /* items read one by one: a __deepcopy__ may change the list */
    for (int64_t k = 0; k < ((List *)OBJ(x))->len; k++) {
      Value it = ((List *)OBJ(x))->items[k];
      dwV_incref(it);
      Value cp = deep(I, it, memo);
      drop(I, it);
      if (cp.t == V_NULL) return drop(I, r), cp;
      bool ok = dwV_list_append(&I->c, n, cp);
      drop(I, cp);
      if (!ok) return drop(I, r), dwI_raise_ctx(I);
    }
    return r;
  }
  case V_TUPLE: {
    Tuple *t = (Tuple *)OBJ(x);
    List *tmp = dwV_list(&I->c, 0);
    if (!tmp) return dwI_raise_ctx(I);
    Value tv = dwV_obj(&tmp->h);
    if (deep_items(I, t->items, t->len, memo, tmp).t == V_NULL)
      return drop(I, tv), dwV_null();
    /* a tuple of atoms is itself (_deepcopy_tuple); a cycle through it
     * may have made its copy already */
    Value again = dwV_dict_get(memo, memo_key(x));
    if (again.t != V_NULL) {
      drop(I, tv);
      dwV_incref(again);
      return again;
    }
    bool same = t->h.flags == TUP_PLAIN;
    for (int64_t k = 0; same && k < t->len; k++)
      same = tmp->items[k].t == t->items[k].t &&
             tmp->items[k].u.o == t->items[k].u.o;
    Value r;
    if (same) {
      dwV_incref(x);
      r = x;
    } else {
      r = dwSl_tuple(I, tmp->items, tmp->len);
      if (r.t != V_NULL) {
        Tuple *n = (Tuple *)OBJ(r);
        n->h.flags = t->h.flags;
        if (t->h.flags == TUP_NAMED)
          dwV_incref_o(&(n->cls = t->cls)->h);
        else if (t->h.flags == TUP_RETTYPE)
          n->rt_name = t->rt_name;
      }
    }
    drop(I, tv);
    if (r.t != V_NULL && !remember(I, memo, x, r))
      return drop(I, r), dwV_null();
    return r;
  }
  case V_DICT: {
    Dict *d = (Dict *)OBJ(x);
    Dict *n = dwV_dict(&I->c);
    if (!n) return dwI_raise_ctx(I);
    Value r = dwV_obj(&n->h);
    if (d->cls) {
      dwV_incref_o(&(n->cls = d->cls)->h);
      n->extra = dwV_none();
    }
    if (!remember(I, memo, x, r)) return drop(I, r), dwV_null();
    if (d->cls) {
      Value e = deep(I, d->extra, memo);
      if (e.t == V_NULL) return drop(I, r), e;
      drop(I, n->extra);
      n->extra = e;
    }
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      Value kk = d->ent[k].key, vv = d->ent[k].val;
      dwV_incref(kk);
      dwV_incref(vv);
      Value kc = deep(I, kk, memo);
      Value vc = kc.t == V_NULL ? dwV_null() : deep(I, vv, memo);
      drop(I, kk);
      drop(I, vv);
      bool ok = vc.t != V_NULL && dwV_dict_set(&I->c, n, kc, vc);
      if (kc.t != V_NULL) drop(I, kc);
      if (vc.t != V_NULL) drop(I, vc);
      if (!ok) {
        drop(I, r);
        return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
      }
      if (k >= d->nent) break;
    }
    return r;
  }
  case V_SET: {
    List *tmp = dwOb_to_list(I, x);
    if (!tmp) return dwV_null();
    Value tv = dwV_obj(&tmp->h);
    List *out = dwV_list(&I->c, 0);
    if (!out) return drop(I, tv), dwI_raise_ctx(I);
    Value ov = dwV_obj(&out->h);
    Value r = deep_items(I, tmp->items, tmp->len, memo, out);
    drop(I, tv);
    if (r.t == V_NULL) return drop(I, ov), r;
    Value setf = dwL_builtin(I, "set");
    r = dwI_call0(I, setf, 1, &ov);
    drop(I, setf);
    drop(I, ov);
    if (r.t != V_NULL && !remember(I, memo, x, r))
      return drop(I, r), dwV_null();
    return r;
  }
  case V_TENSOR:
    return deep_tensor(I, x, memo);
  case V_INST: {
    Inst *in = (Inst *)OBJ(x);
    Value r = dwI_new_inst(I, in->cls);
    if (r.t == V_NULL) return r;
    if (!remember(I, memo, x, r)) return drop(I, r), dwV_null();
    Dict *dst = ((Inst *)OBJ(r))->attrs;
    for (int64_t k = 0; k < in->attrs->nent; k++) {
      if (!in->attrs->ent[k].used) continue;
      Value key = in->attrs->ent[k].key, vv = in->attrs->ent[k].val;
      dwV_incref(key);
      dwV_incref(vv);
      Value vc = deep(I, vv, memo);
      bool ok = vc.t != V_NULL && dwV_dict_set(&I->c, dst, key, vc);
      drop(I, key);
      drop(I, vv);
      if (vc.t != V_NULL) drop(I, vc);
      if (!ok) {
        drop(I, r);
        return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
      }
    }
    return r;
  }
  case V_BOUND: { /* _deepcopy_method: the function with a copy of self */
    Bound *b = (Bound *)OBJ(x);
    Value s = deep(I, b->self, memo);
    if (s.t == V_NULL) return s;
    Value r = dwOb_bind(I, s, b->func);
    drop(I, s);
    return r;
  }
  default:
    return dwI_raise(
        I, EXC_NotImplementedError,
        "copy.deepcopy of a '%s' object is not supported by dynawasm",
        dwV_type_name(x));
  }
}

BI(cp_deepcopy) {
  (void)def;
  (void)self;
  static const char *const names[] = {"x", "memo", "_nil"};
  Value o[3] = {dwV_null(), dwV_null(), dwV_null()};
  if (!dwSl_bind(I, "deepcopy", a, 3, 3, names, o) ||
      !dwSl_required(I, "deepcopy", 1, names, o))
    return dwV_null();
  Dict *memo;
  Value mv = dwV_null();
  if (o[1].t == V_NULL || o[1].t == V_NONE) {
    memo = dwV_dict(&I->c);
    if (!memo) return dwI_raise_ctx(I);
    mv = dwV_obj(&memo->h);
  } else if (o[1].t == V_DICT) {
    memo = (Dict *)OBJ(o[1]);
  } else {
    return dwI_raise(I, EXC_TypeError, "memo must be a dict, not '%s'",
                     dwV_type_name(o[1]));
  }
  Value r = deep(I, o[0], memo);
  if (mv.t != V_NULL) drop(I, mv);
  return r;
}

static const BuiltinDef cp_defs[] = {
    {"copy.copy", cp_copy, TK_PURE, 0, "x"},
    {"copy.deepcopy", cp_deepcopy, TK_PURE, 0, "x,memo"},
    {NULL, NULL, 0, 0, 0}};

bool dwCp_init(Interp *I) {
  Module *m = dwL_module(I, "copy");
  if (!m || !dwL_add_defs(I, m->attrs, cp_defs)) return false;
  m->special = MOD_STDLIB;
  return true;
}
