/* replay.c - a cache hit that runs the entry's compiled code, not the
 * frame: Dynamo's guarded bytecode (guards, graph inputs read from their
 * sources, the compiled graph, the return value rebuilt from its outputs).
 *
 * trace.c evaluates a compiled frame's Python symbolically on every call
 * and checks the graph it yields against the cache entry's; that is exact
 * by construction but executes the whole evaluator per call. An entry gets
 * a plan (Replay) when a unit covering its whole frame, from its first
 * statement to its return, provably does nothing its plan does not:
 *   - no effect but writes of the frame's own locals and in-place updates
 *     of the unit's own fakes (no mutated input, container, cell, global,
 *     attribute, grad mode; no output written, no random numbers drawn,
 *     no object's id() or hash() or tensor version read: Interp.id_reads; no closure cell
 *     no guard covers read by a function the frame called:
 *     Interp.free_reads);
 *   - every guard reads a source whose value fully decides what the frame
 *     does with it (None, bools, ints, floats, strings, dtypes, ranges,
 *     modules, classes, builtins without a receiver, functions by code
 *     without defaults, tensors of static shapes), or one the plan walks:
 *     an object or nn.Module, a list, tuple or dict. Everything below a
 *     walked value is a location the plan checks on each call (an
 *     attribute, an item, a default value: L['self'].fc1.weight,
 *     L['xs'][0]): tensors by meta, strides and flags, read as they are
 *     (a parameter replaced by another is the graph input then); objects,
 *     nested lists and dicts, functions by identity and length; scalars and
 *     strings by value. Dynamic shapes and SymInts keep the frame evaluated;
 *   - every graph input is the tensor at one of those locations at the
 *     start;
 *   - the return value is None, constants, graph outputs and inputs in
 *     plain tuples, torch.Size and lists;
 *   - a builtin backend ran the graph (a custom backend's callable may
 *     look at more than the tensors).
 * What the guards and locations do not cover, the plan checks itself
 * before it runs: which tensors are the same object, no function's
 * defaults, and no attribute written on a module, class or function since
 * (Interp.attr_epoch). A call that fails those checks, or whose sizes have
 * no kernel yet, evaluates the frame as before, and that evaluation makes
 * the plan again. */
#include "dynamo.h"

#include <stdlib.h>
#include <string.h>

/* The return value, in preorder. */
typedef struct RNode {
  uint8_t kind; /* RT_* */
  uint8_t tk;   /* RT_TUPLE: TupleKind (a plain tuple or a torch.Size) */
  int32_t n;    /* RT_OUT, RT_IN: the index; RT_TUPLE, RT_LIST: items */
  Value v;      /* RT_CONST: a value without an object; RT_OUT: the
                   output's version (an int: its in-place updates) */
} RNode;
enum {
  RT_OUT,   /* output n of the kernel */
  RT_IN,    /* graph input n */
  RT_CONST, /* v */
  RT_TUPLE, /* a tuple (tk: plain or torch.Size) of the n values that follow */
  RT_LIST   /* a list of the n values that follow */
};

/* What the plan checks at one place a call reads: an entry's guard (its
 * root, loc k for guard k) or a value below a guarded object or container
 * (an attribute, an item, a default value: what Dynamo's sources
 * L['self'].fc1.weight, L['xs'][0] name). Locations below a root are kept
 * in preorder: a location's parent comes before it. */
typedef struct RLoc {
  int32_t parent; /* -1: a root (the guard of that index) */
  uint8_t step;   /* LS_* how it is read from its parent */
  uint8_t check;  /* LC_* what must hold of it */
  uint8_t vt;     /* its ValType */
  int16_t alias;  /* LC_TENSOR: the first location holding the same tensor,
                     -1 if none; LC_SAME: the location of that object */
  int32_t idx;    /* LS_ITEM, LS_DEFAULT, LS_BASE, LS_WRAP: the index;
                     LS_ATTR, LS_KEY: the
                     dict entry holding it (the same entry then: the same
                     order of keys, which iterating the dict sees) */
  int32_t tprev;  /* LC_TENSOR: the tensor location before, -1 if none */
  Str *key;       /* LS_ATTR, LS_KEY: the key (interned: lives with the
                     interpreter) */
  int64_t n;      /* LC_OBJ, LC_SEQ: the length of a list, tuple or dict,
                     the attribute count of an instance or class; -1 for
                     other objects */
  const Obj *obj; /* LC_OBJ, LC_SAME: the object (compared, never read
                     unless it is the value now) */
  Value v;        /* LC_VALUE: the value (no object); LC_STR: an interned
                     string of the same text; LC_MOD: the class */
  uint16_t flags; /* LC_TENSOR: DW_TENSOR_PARAM / NOGRAD */
  TMeta meta;     /* LC_TENSOR */
  int64_t stride[DW_MAXDIM];
} RLoc;
enum {
  LS_ROOT,   /* the value of guard idx's source */
  LS_ATTR,   /* an attribute of an instance (its __dict__ entry `key`) or
                of a class (its namespace's) */
  LS_KEY,    /* dict item `key` (a str) */
  LS_ITEM,   /* item idx of a list or tuple */
  LS_DEFAULT, /* the default value of parameter idx of a function */
  LS_CLASS,  /* an instance's class */
  LS_BASE,   /* base idx of a class */
  LS_WRAP    /* a property's, staticmethod's ... function: idx 0 the
                wrapped one (a getter), 1 the setter */
};
enum {
  LC_NONE,   /* nothing: the guard decides (roots only) */
  LC_FUNC,   /* a function guarded by its code: no default values */
  LC_TENSOR, /* a real tensor of that meta, strides and flags, aliasing the
                same earlier locations as before */
  LC_OBJ,    /* this very object (an instance, list, dict, function,
                class, property..., module or builtin), of length n */
  LC_MOD,    /* an nn.Module guarded by its type (inline_inbuilt_nn_modules:
                Guard.bytype): any instance of class obj with n attributes
                (what is below it is checked as it is now) */
  LC_SAME,   /* the object location alias holds now, seen there (not
                walked twice) */
  LC_SEQ,    /* a list, tuple (of the same kind) or dict of length n, of
                any identity: a guarded container (its guard compares its
                structure) or a tuple */
  LC_VALUE,  /* None, a bool, int, float or dtype equal to v */
  LC_STR     /* a string equal to v */
};

struct Replay {
  int nin;
  int32_t *src; /* per graph input: the location holding it */
  int ng;       /* the entry's guards: locations 0..ng) */
  RLoc *loc;    /* the locations, as they were when the plan was made */
  int nloc, caploc;
  RNode *ret;
  int nret, capret;
  uint64_t epoch; /* Interp.attr_epoch when it was made */
  int line;       /* the line the frame returned at (tracebacks) */
};

void dwRp_free(Replay *p) {
  if (!p) return;
  free(p->src);
  free(p->loc);
  free(p->ret);
  free(p);
}

/* Guards whose value decides all the frame can do with it, or whose value
 * the plan walks (instances, lists, tuples, dicts): every value below it
 * the frame could read is checked. */
static bool guard_decides(const Guard *g) {
  if (g->kind == G_SYM || g->idyn || g->dyn) return false;
  switch (g->vt) {
  case V_NULL: /* an unbound global: the builtin of that name */
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_DTYPE:
  case V_STR:
  case V_RANGE:
  case V_TENSOR:
  case V_MODULE:
  case V_BUILTIN:
  case V_CLASS: /* by identity; attribute writes on classes: attr_epoch */
  case V_INST:  /* walked */
  case V_LIST:
  case V_TUPLE:
  case V_DICT:
    return true;
  case V_FUNC:
    return g->fcode;
  default:
    return false;
  }
}

/* A function guarded by its code: the same frame only without defaults
 * (a def run again with others has the same code). */
static bool func_plain(Value v) {
  if (v.t != V_FUNC) return false;
  const Func *fn = (const Func *)v.u.o;
  for (int k = 0; k < fn->code->nparams; k++)
    if (fn->defaults && fn->defaults[k].t != V_NULL) return false;
  return true;
}

/* A builtin without a receiver or a bound object argument: guarded by
 * identity, it reads nothing else (`get = cfg.get` reads a dict no guard
 * looks into). */
static bool builtin_plain(Value v) {
  if (v.t != V_BUILTIN) return false;
  const Builtin *b = (const Builtin *)v.u.o;
  return b->self.t == V_NULL && !V_ISOBJ(b->extra.t);
}

static RNode *ret_push(Replay *p, int kind, int32_t n) {
  if (!DW_GROW(p->ret, p->capret, p->nret, 8)) return NULL;
  RNode *r = &p->ret[p->nret++];
  *r = (RNode){.kind = (uint8_t)kind, .n = n};
  return r;
}

/* The template of return value v: false when it is not made of what the
 * plan can rebuild. seen[j]: the fake already standing for output j. */
static bool ret_template(Replay *p, const Trace *t, Value v,
                         const int32_t *outs, int nout, const Tensor **seen,
                         int depth) {
  switch (v.t) {
  case V_NULL:
  case V_NONE: {
    RNode *r = ret_push(p, RT_CONST, 0);
    if (r) r->v = dwV_none();
    return r != NULL;
  }
  case V_BOOL:
  case V_INT:
  case V_FLOAT: {
    if (v.sx) return false; /* a SymInt */
    RNode *r = ret_push(p, RT_CONST, 0);
    if (r) r->v = (Value){.t = v.t, .u = v.u};
    return r != NULL;
  }
  case V_TENSOR: {
    const Tensor *x = (const Tensor *)v.u.o;
    if (x->wrapped || (x->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD | DW_TENSOR_RG)))
      return false;
    if (x->st) {
      for (int j = 0; j < t->ninputs; j++)
        if (t->inputs[j] == x) return ret_push(p, RT_IN, j) != NULL;
      return false;
    }
    if (x->trace != t || x->node < 0) return false;
    for (int j = 0; j < nout; j++) {
      if (outs[j] != x->node) continue;
      /* two fakes of one output are two tensors: not rebuilt */
      if (seen[j] && seen[j] != x) return false;
      seen[j] = x;
      RNode *r = ret_push(p, RT_OUT, j);
      if (r) r->v = dwV_int(dwT_version(x)); /* its in-place updates in the unit */
      return r != NULL;
    }
    return false;
  }
  case V_TUPLE:
  case V_LIST: {
    if (depth > 8) return false;
    if (v.t == V_TUPLE && v.u.o->flags != TUP_PLAIN && v.u.o->flags != TUP_SIZE)
      return false;
    int64_t n = v.t == V_LIST ? ((List *)v.u.o)->len : ((Tuple *)v.u.o)->len;
    const Value *items =
        v.t == V_LIST ? ((List *)v.u.o)->items : ((Tuple *)v.u.o)->items;
    RNode *r =
        n > 1024 ? NULL
                 : ret_push(p, v.t == V_LIST ? RT_LIST : RT_TUPLE, (int32_t)n);
    if (!r) return false;
    r->tk = v.t == V_TUPLE ? (uint8_t)v.u.o->flags : TUP_PLAIN;
    for (int64_t k = 0; k < n; k++)
      if (!ret_template(p, t, items[k], outs, nout, seen, depth + 1))
        return false;
    return true;
  }
  default:
    return false;
  }
}

/* A plan walks at most this many locations (a module tree with more is
 * evaluated on every call) ... */
#define RP_MAXLOC 4096
/* ... this deep below a guard. */
#define RP_MAXDEPTH 32

/* What LC_OBJ and LC_SEQ compare of an object: the length of a list,
 * tuple or dict, the attribute count of an instance or of a class
 * statement's class; -1 for the others. */
static int64_t obj_len(Value v) {
  switch (v.t) {
  case V_LIST: return ((List *)v.u.o)->len;
  case V_TUPLE: return ((Tuple *)v.u.o)->len;
  case V_DICT: return ((Dict *)v.u.o)->len;
  case V_INST: return ((Inst *)v.u.o)->attrs->len;
  case V_CLASS:
    return ((Class *)v.u.o)->cflags & CLS_BUILTIN ? -1 : ((Class *)v.u.o)->ns->len;
  default: return -1;
  }
}

static int loc_add(Replay *p, int parent, int step, int32_t idx, Str *key) {
  if (p->nloc >= RP_MAXLOC || !DW_GROW(p->loc, p->caploc, p->nloc, 16)) return -1;
  RLoc *l = &p->loc[p->nloc];
  memset(l, 0, sizeof *l);
  l->parent = parent;
  l->step = (uint8_t)step;
  l->idx = idx;
  l->key = key;
  l->alias = -1;
  return p->nloc++;
}

/* The first location before k whose check is `check` on object o, -1
 * (LC_OBJ: an object walked there, by identity or as a module). */
static int loc_find(const Replay *p, int k, int check, const Obj *o) {
  for (int j = 0; j < k; j++)
    if ((p->loc[j].check == check || (check == LC_OBJ && p->loc[j].check == LC_MOD)) &&
        p->loc[j].obj == o)
      return j;
  return -1;
}

static bool walk(Interp *I, Replay *p, int k, Value v, bool root, int depth, bool bytype);

/* Adds location (k, step, idx, key) holding v, and what is below it. */
static bool walk_at(Interp *I, Replay *p, int k, int step, int64_t idx, Str *key, Value v,
                    int depth, bool bytype) {
  int c = idx <= INT32_MAX ? loc_add(p, k, step, (int32_t)idx, key) : -1;
  return c >= 0 && walk(I, p, c, v, false, depth + 1, bytype);
}

/* The str-keyed entries of dict d below location k (step LS_ATTR: an
 * instance's or class's attributes, LS_KEY: a dict's items). */
static bool walk_dict(Interp *I, Replay *p, int k, int step, const Dict *d, int depth,
                      bool bytype) {
  for (int64_t j = 0; j < d->nent; j++) {
    if (!d->ent[j].used) continue;
    if (d->ent[j].key.t != V_STR) return false;
    Str *key = (Str *)d->ent[j].key.u.o;
    if (!key->interned) key = strlen(key->s) == key->len ? dwI_intern(I, key->s) : NULL;
    if (!key || !walk_at(I, p, k, step, j, key, d->ent[j].val, depth, bytype)) return false;
  }
  return true;
}

/* What is below object v at location k: items, attributes and the class
 * of an instance, a user class's namespace and bases, a function's
 * default values, a property's functions. */
static bool walk_children(Interp *I, Replay *p, int k, Value v, int depth, bool bytype) {
  switch (v.t) {
  case V_LIST:
  case V_TUPLE: {
    int64_t n = v.t == V_LIST ? ((List *)v.u.o)->len : ((Tuple *)v.u.o)->len;
    const Value *items = v.t == V_LIST ? ((List *)v.u.o)->items : ((Tuple *)v.u.o)->items;
    for (int64_t j = 0; j < n; j++)
      if (!walk_at(I, p, k, LS_ITEM, j, NULL, items[j], depth, bytype)) return false;
    return true;
  }
  case V_DICT:
    return walk_dict(I, p, k, LS_KEY, (Dict *)v.u.o, depth, bytype);
  case V_INST: {
    const Inst *in = (const Inst *)v.u.o;
    Value cls = {.t = V_CLASS, .u = {.o = &in->cls->h}};
    return walk_dict(I, p, k, LS_ATTR, in->attrs, depth, bytype) &&
           walk_at(I, p, k, LS_CLASS, 0, NULL, cls, depth, bytype);
  }
  case V_CLASS: {
    /* the runtime's classes (nn.Linear, nn.Module) are written only by
     * attribute writes (attr_epoch); a class statement's namespace may
     * hold a list written in place */
    const Class *c = (const Class *)v.u.o;
    if (c->cflags & CLS_BUILTIN) return true;
    if (!walk_dict(I, p, k, LS_ATTR, c->ns, depth, bytype)) return false;
    int nb = c->bases ? c->nbases : c->base != NULL;
    for (int j = 0; j < nb; j++) {
      Value b = {.t = V_CLASS, .u = {.o = c->bases ? &c->bases[j]->h : &c->base->h}};
      if (!walk_at(I, p, k, LS_BASE, j, NULL, b, depth, bytype)) return false;
    }
    return true;
  }
  case V_FUNC: {
    /* read when it is called; its closure cells are read by a frame the
     * unit called (unguarded ones count in Interp.free_reads, keeping the
     * unit evaluated) */
    const Func *fn = (const Func *)v.u.o;
    if (fn->attrs && fn->attrs->len) return false;
    for (int j = 0; fn->defaults && j < fn->code->nparams; j++)
      if (!walk_at(I, p, k, LS_DEFAULT, j, NULL, fn->defaults[j], depth, bytype)) return false;
    return true;
  }
  case V_WRAP: {
    const Wrap *w = (const Wrap *)v.u.o;
    return w->kind != WRAP_COMPILE && w->kind != WRAP_DISABLE &&
           walk_at(I, p, k, LS_WRAP, 0, NULL, w->target, depth, bytype) &&
           walk_at(I, p, k, LS_WRAP, 1, NULL, w->fset, depth, bytype);
  }
  default: /* modules, builtins: attribute writes count in attr_epoch */
    return true;
  }
}

/* What must hold of value v at location k (already added, its step set)
 * and of every value below it, added after it. root: k is a guard's
 * (its container's structure, an instance's identity, is guarded); false
 * when v is nothing a plan can check. */
static bool walk(Interp *I, Replay *p, int k, Value v, bool root, int depth, bool bytype) {
  if (depth > RP_MAXDEPTH || v.sx) return false; /* too deep, a SymInt */
  p->loc[k].vt = (uint8_t)v.t;
  switch (v.t) {
  case V_NULL: /* an unset cell, a parameter without a default */
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_DTYPE:
    p->loc[k].check = LC_VALUE;
    p->loc[k].v = (Value){.t = v.t, .u = v.u};
    return true;
  case V_STR: {
    Str *s = (Str *)v.u.o;
    if (!s->interned) s = strlen(s->s) == s->len ? dwI_intern(I, s->s) : NULL;
    if (!s) return false;
    p->loc[k].check = LC_STR;
    p->loc[k].v = (Value){.t = V_STR, .u = {.o = &s->h}};
    return true;
  }
  case V_TENSOR: {
    RLoc *l = &p->loc[k];
    const Tensor *x = (const Tensor *)v.u.o;
    if (!x->st) return false; /* a fake of the unit */
    l->check = LC_TENSOR;
    l->obj = v.u.o; /* the alias pattern's, not checked */
    l->flags = x->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD | DW_TENSOR_RG);
    dwT_meta_of(x, &l->meta);
    memcpy(l->stride, x->stride, sizeof(int64_t) * x->ndim);
    l->alias = (int16_t)loc_find(p, k, LC_TENSOR, v.u.o);
    l->tprev = -1;
    for (int j = k - 1; j >= 0 && l->tprev < 0; j--)
      if (p->loc[j].check == LC_TENSOR) l->tprev = j;
    return true;
  }
  case V_BUILTIN:
  case V_TUPLE:
  case V_LIST:
  case V_DICT:
  case V_INST:
  case V_FUNC:
  case V_CLASS:
  case V_WRAP:
  case V_MODULE: {
    if (v.t == V_BUILTIN && !builtin_plain(v)) return false;
    /* an object seen before: the same one there (walked once) */
    int seen = v.t == V_TUPLE || root ? -1 : loc_find(p, k, LC_OBJ, v.u.o);
    RLoc *l = &p->loc[k];
    l->obj = v.u.o;
    if (seen >= 0) {
      l->check = LC_SAME;
      l->alias = (int16_t)seen;
      return true;
    }
    /* a guard's list, tuple or dict and any tuple: by structure; an
     * nn.Module guarded by its type: by its class (the attributes below
     * are read as they are now, its _modules list by structure); the
     * others by identity */
    bool mod = bytype && v.t == V_INST && (((Inst *)v.u.o)->cls->cflags & CLS_NN_MODULE);
    bool under_mod = bytype && k > 0 && p->loc[k].step == LS_ATTR &&
                     p->loc[p->loc[k].parent].check == LC_MOD && v.t == V_LIST &&
                     !strcmp(p->loc[k].key->s, "_modules");
    l->check = mod ? LC_MOD
               : v.t == V_TUPLE || under_mod || (root && v.t != V_INST) ? LC_SEQ
                                                                        : LC_OBJ;
    if (mod) l->v = (Value){.t = V_CLASS, .u = {.o = &((Inst *)v.u.o)->cls->h}};
    l->flags = v.t == V_TUPLE ? v.u.o->flags : 0;
    l->n = obj_len(v);
    return walk_children(I, p, k, v, depth, bytype);
  }
  default:
    return false;
  }
}

/* Location k for guard g of the entry, holding v at the unit's start. */
static bool root_loc(Interp *I, Replay *p, int k, const Guard *g, Value v) {
  if (!guard_decides(g) || (g->vt != V_NULL && v.t != g->vt)) return false;
  switch (g->vt) {
  case V_TENSOR:
  case V_INST:
  case V_LIST:
  case V_TUPLE:
  case V_DICT:
    return walk(I, p, k, v, true, 0, g->bytype);
  case V_FUNC:
    p->loc[k].check = LC_FUNC;
    return func_plain(v);
  case V_BUILTIN:
    return builtin_plain(v);
  default:
    p->loc[k].check = LC_NONE; /* the guard decides */
    return true;
  }
}

void dwRp_record(Interp *I, Trace *t, Entry *e, const Kernel *k,
                 const int32_t *outs, int nout, Value ret) {
  if (!e) return;
  dwRp_free(e->replay);
  e->replay = NULL;
  const Frame *f = t->root;
  const Node *def = f->code->node;
  bool whole = t->at_return && t->start_kind == UK_STMT && def->body.n &&
               t->start == def->body.v[0];
  bool owns = e->kernel == k;
  for (int j = 0; j < e->nspec; j++)
    owns |= e->spec[j] == k;
  if (!whole || !owns || e->status != CE_COMPILED || k->backend == BK_CUSTOM ||
      e->syms.n || t->ngb0 || t->nmut || t->hop_depth ||
      I->no_grad != t->no_grad_now || !dwR_only_local_effects(t, true) ||
      !dwRng_at(&I->c.rng, &t->rng) || I->out.len != t->out0 ||
      I->id_reads != t->id0 || I->free_reads != t->free0 || I->err.len != t->err0 ||
      e->nguards >= INT16_MAX)
    return;
  /* what the unit read is what the entry guards, each deciding (a new
   * entry took the unit's guards) */
  const Guard *tg = t->hit ? t->guards : e->guards;
  int tn = t->hit ? t->nguards : e->nguards;
  for (int j = 0; j < tn; j++)
    if (dwR_entry_guard(e, &tg[j]) < 0) return;
  Replay *p = calloc(1, sizeof *p);
  const Tensor **seen = calloc((size_t)nout + 1, sizeof(Tensor *));
  bool ok = p && seen;
  if (ok) {
    p->ng = e->nguards;
    p->nin = t->ninputs;
    p->src = calloc((size_t)p->nin + 1, sizeof(int32_t));
    ok = p->src != NULL;
  }
  /* the guards' locations first (location j is guard j), then what each
   * holds below it */
  for (int j = 0; ok && j < e->nguards; j++) ok = loc_add(p, -1, LS_ROOT, j, NULL) == j;
  for (int j = 0; ok && j < e->nguards; j++) {
    const Guard *g = &e->guards[j];
    int tj = -1;
    for (int q = 0; q < tn && tj < 0; q++)
      if (dwR_entry_guard(e, &tg[q]) == j) tj = q;
    /* tj < 0: the entry guards what this unit did not read */
    ok = tj >= 0 && root_loc(I, p, j, g, dwR_start_value(I, t, &tg[tj]));
  }
  /* each graph input: the location holding it (a guard's, or one below) */
  for (int j = 0; ok && j < t->ninputs; j++) {
    int s = t->input_src ? t->input_src[j] : -1;
    int at = s >= 0 && s < tn ? dwR_entry_guard(e, &tg[s]) : -1;
    if (at < 0 || p->loc[at].check != LC_TENSOR || p->loc[at].obj != &t->inputs[j]->h)
      at = loc_find(p, p->nloc, LC_TENSOR, &t->inputs[j]->h);
    p->src[j] = at;
    ok = at >= 0;
  }
  ok = ok && ret_template(p, t, ret, outs, nout, seen, 0);
  free(seen);
  if (!ok) {
    dwRp_free(p);
    return;
  }
  p->epoch = I->attr_epoch;
  p->line = f->line;
  e->replay = p;
}

/* The return value from template node *at on: a new reference, V_NULL
 * when out of memory. */
static Value ret_build(Interp *I, const Replay *p, int *at, Tensor **in,
                       Tensor **outs) {
  const RNode *r = &p->ret[(*at)++];
  switch (r->kind) {
  case RT_OUT:
  case RT_IN: {
    Tensor *x = r->kind == RT_OUT ? outs[r->n] : in[r->n];
    if (!x) return dwV_null();
    int64_t ver = r->kind == RT_OUT ? r->v.u.i - dwT_version(x) : 0;
    if (ver > 0 && !dwT_bump(x, ver)) return dwV_null(); /* the version eager gives it */
    dwV_incref_o(&x->h);
    return (Value){.t = V_TENSOR, .u = {.o = &x->h}};
  }
  case RT_CONST:
    return r->v;
  default: {
    Value c;
    Value *items;
    if (r->kind == RT_TUPLE) {
      Tuple *tp = dwV_tuple(&I->c, r->n);
      if (!tp) return dwV_null();
      tp->h.flags = r->tk;
      c = (Value){.t = V_TUPLE, .u = {.o = &tp->h}};
      items = tp->items;
    } else {
      List *l = dwV_list(&I->c, r->n);
      if (!l) return dwV_null();
      c = (Value){.t = V_LIST, .u = {.o = &l->h}};
      items = l->items;
    }
    for (int k = 0; k < r->n; k++) {
      Value v = ret_build(I, p, at, in, outs);
      if (v.t == V_NULL) {
        dwV_decref(&I->c, c);
        return v;
      }
      items[k] = v;
    }
    return c;
  }
  }
}

/* The value at location l now, read from its parent's value pv (which
 * holds what l's parent checks: an instance, list, tuple, dict or function
 * of the recorded length). */
static Value loc_read(Value pv, const RLoc *l) {
  switch (l->step) {
  case LS_ATTR:
  case LS_KEY: {
    const Dict *d = l->step == LS_KEY  ? (Dict *)pv.u.o
                    : pv.t == V_INST ? ((Inst *)pv.u.o)->attrs
                                     : ((Class *)pv.u.o)->ns;
    if (l->idx >= d->nent || !d->ent[l->idx].used) return dwV_null();
    const DictEntry *de = &d->ent[l->idx];
    const Str *a = (const Str *)de->key.u.o, *b = l->key;
    bool same = de->key.t == V_STR &&
                (a == b || (a->len == b->len && !memcmp(a->s, b->s, a->len)));
    return same ? de->val : dwV_null();
  }
  case LS_ITEM:
    return pv.t == V_LIST ? ((List *)pv.u.o)->items[l->idx] : ((Tuple *)pv.u.o)->items[l->idx];
  case LS_DEFAULT: {
    const Func *fn = (const Func *)pv.u.o;
    return fn->defaults ? fn->defaults[l->idx] : dwV_null();
  }
  case LS_CLASS:
    return (Value){.t = V_CLASS, .u = {.o = &((Inst *)pv.u.o)->cls->h}};
  case LS_BASE: {
    const Class *c = (const Class *)pv.u.o;
    const Class *b = c->bases ? (l->idx < c->nbases ? c->bases[l->idx] : NULL) : c->base;
    return b ? (Value){.t = V_CLASS, .u = {.o = (Obj *)&b->h}} : dwV_null();
  }
  default: { /* LS_WRAP */
    const Wrap *w = (const Wrap *)pv.u.o;
    return l->idx ? w->fset : w->target;
  }
  }
}

/* Does location k's check hold of v (vals[j]: the values of the
 * locations before k)? */
static bool loc_holds(const Replay *p, const Value *vals, int k, Value v) {
  const RLoc *l = &p->loc[k];
  switch (l->check) {
  case LC_NONE:
    return true;
  case LC_FUNC:
    return func_plain(v);
  case LC_TENSOR: {
    if (v.t != V_TENSOR) return false;
    const Tensor *x = (const Tensor *)v.u.o;
    if (!x->st || x->dtype != l->meta.dtype || x->ndim != l->meta.ndim ||
        x->wrapped != l->meta.wrapped ||
        (x->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD | DW_TENSOR_RG)) != l->flags ||
        memcmp(x->shape, l->meta.shape, sizeof(int64_t) * x->ndim) ||
        memcmp(x->stride, l->stride, sizeof(int64_t) * x->ndim))
      return false;
    /* the same earlier tensors are this one (`a is b`) as before */
    int alias = -1;
    for (int j = l->tprev; j >= 0; j = p->loc[j].tprev)
      if (vals[j].u.o == v.u.o) alias = j; /* the first one */
    return alias == l->alias;
  }
  case LC_OBJ:
    return v.t == l->vt && v.u.o == l->obj && obj_len(v) == l->n;
  case LC_MOD:
    return v.t == V_INST && &((Inst *)v.u.o)->cls->h == l->v.u.o && obj_len(v) == l->n;
  case LC_SAME:
    return v.t == l->vt && v.u.o == vals[l->alias].u.o;
  case LC_SEQ:
    return v.t == l->vt && obj_len(v) == l->n && (v.t != V_TUPLE || v.u.o->flags == l->flags);
  case LC_VALUE:
    return v.t == l->vt && (v.t == V_NULL || v.t == V_NONE || v.u.i == l->v.u.i);
  default: { /* LC_STR */
    if (v.t != V_STR) return false;
    const Str *a = (const Str *)v.u.o, *b = (const Str *)l->v.u.o;
    return a == b || (a->len == b->len && !memcmp(a->s, b->s, a->len));
  }
  }
}

/* The plan's checks over what the call reads now, vals[k] getting the
 * value at location k: false to decline. */
static bool plan_holds(Interp *I, Frame *f, const Replay *p, const Entry *e, Value *vals) {
  for (int k = 0; k < p->nloc; k++) {
    const RLoc *l = &p->loc[k];
    if (l->step == LS_ROOT) {
      if (l->check == LC_NONE) {
        vals[k] = dwV_null();
        continue;
      }
      vals[k] = dwR_guard_value(I, f, &e->guards[k]);
    } else {
      vals[k] = loc_read(vals[l->parent], l);
    }
    if (!loc_holds(p, vals, k, vals[k])) return false;
  }
  return true;
}

bool dwRp_covers(const Interp *I, const Entry *e, int j) {
  const Replay *p = e->replay;
  if (!p || p->ng != e->nguards || p->epoch != I->attr_epoch || j < 0 || j >= p->ng) return false;
  int c = p->loc[j].check;
  return c == LC_MOD || c == LC_OBJ || c == LC_SEQ || c == LC_TENSOR;
}

int dwRp_run(Interp *I, Frame *f, Entry *e) {
  Replay *p = e->replay;
  if (!p || p->ng != e->nguards || p->epoch != I->attr_epoch) return RP_DECLINE;
  /* the values the plan checks read once, for the checks and the graph
   * inputs */
  Value vbuf[64], *vals = p->nloc <= 64 ? vbuf : malloc(sizeof(Value) * (size_t)p->nloc);
  Tensor *ibuf[16],
      **in = p->nin <= 16 ? ibuf : malloc(sizeof(Tensor *) * (size_t)p->nin);
  bool holds = vals && in && plan_holds(I, f, p, e, vals);
  for (int j = 0; holds && j < p->nin; j++) in[j] = (Tensor *)vals[p->src[j]].u.o;
  if (vals != vbuf) free(vals);
  if (!holds) {
    if (in != ibuf) free(in);
    return RP_DECLINE;
  }
  Kernel *k = dwC_kernel_for(e, in);
  int nout = k ? k->g.nout : 0;
  Tensor *obuf[16] = {0},
         **outs = nout < 16 ? obuf : calloc((size_t)nout + 1, sizeof(Tensor *));
  if (!k || !outs) {
    if (in != ibuf) free(in);
    return RP_DECLINE;
  }
  FrameRec *fr = dwJ_frame(I, f->code);
  if (fr) {
    fr->cache_hits++;
    fr->replays++;
  }
  int err_line = 0;
  double r0 = dw_now_ms();
  bool ok = dwC_run(I, k, in, p->nin, outs, &err_line);
  double r1 = dw_now_ms();
  dwJ_graph_ran(I, k->graph_id, r1 - r0);
  dwJ_event(I, f, EV_RUN, k->graph_id, r0, r1, false);
  Value rv = dwV_null();
  if (ok) {
    int at = 0;
    rv = ret_build(I, p, &at, in, outs);
    if (rv.t == V_NULL) dw_fail(&I->c, EXC_MemoryError, "out of memory");
  }
  for (int j = 0; j < nout; j++)
    if (outs[j]) dwV_decref_o(&I->c, &outs[j]->h);
  if (in != ibuf) free(in);
  if (outs != obuf) free(outs);
  if (rv.t == V_NULL) {
    f->line = err_line ? err_line : p->line;
    dwI_raise_ctx(I);
    return RP_ERROR;
  }
  I->retval = rv;
  return RP_OK;
}
