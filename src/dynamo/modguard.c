/* modguard.c - what a guard on an nn.Module instance names below it.
 *
 * Under inline_inbuilt_nn_modules (PyTorch's default) Dynamo treats a
 * module as an UnspecializedNNModuleVariable: TYPE_MATCH on the module and
 * guards on what the frame reads below it (L['self']._modules['l'],
 * L['self']._modules['l']._parameters['weight'], L['self'].scale), never
 * its identity, so two instances of one structure share a cache entry.
 * trace.c guards such a module by its class and a signature of what it
 * holds (Guard.bytype); this file keeps what it held at compile time (a
 * snapshot: the values below it in one fixed order, each with its Dynamo
 * source) so that a failed guard names the first place that differs, in
 * Dynamo's words (`L['self'].multiplier == 10`, `tensor '...' size
 * mismatch at index 0. expected 2, actual 3`, `len(L['self'].mods) == 4`,
 * `___check_type_id(...)`). It also names the step from a module to one of
 * its attributes as Dynamo's sources do (dwMg_step), which fx.c uses for
 * placeholder names. Snapshots live in the interpreter's arena (guards are
 * copied into cache entries by value). */
#include "dynamo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One value below the module, in walk order. */
typedef struct MLeaf {
  const char *path; /* its Dynamo source (L['self']-relative: the suffix) */
  uint8_t kind;     /* ML_* */
  uint8_t vt;       /* ValType */
  const void *obj;  /* ML_OBJ: the class (modules) or object (others) */
  int64_t n;        /* ML_MODULE: attribute count; ML_SEQ: length; ML_TENSOR: requires_grad */
  Value v;          /* ML_VALUE: the value (no object; strings: interned) */
  TMeta meta;       /* ML_TENSOR */
} MLeaf;
enum {
  ML_MODULE, /* an nn.Module: its class (obj) and attribute count (n) */
  ML_TENSOR, /* a tensor of that dtype and shape */
  ML_VALUE,  /* None, a bool, int, float, dtype or str equal to v */
  ML_SEQ,    /* a list, tuple or dict of length n */
  ML_OBJ     /* anything else: this very object (obj) */
};

struct MSnap {
  const char *cls; /* the module's class name */
  int n;
  MLeaf *leaf;
};

/* A snapshot holds at most this many values (the rest is still in the
 * guard's signature; a failure past it gets the generic reason). */
#define MG_MAXLEAF 2048

static bool is_module(Value v) {
  return v.t == V_INST && (((Inst *)v.u.o)->cls->cflags & CLS_NN_MODULE);
}

/* Is `key` one of module m's registered buffers (its `_buffers` names)? */
static bool is_buffer(const Inst *m, const char *key) {
  for (int64_t k = 0; k < m->attrs->nent; k++) {
    const DictEntry *e = &m->attrs->ent[k];
    if (!e->used || e->key.t != V_STR || strcmp(((Str *)e->key.u.o)->s, "_buffers")) continue;
    if (e->val.t != V_LIST) return false;
    const List *l = (const List *)e->val.u.o;
    for (int64_t j = 0; j < l->len; j++)
      if (l->items[j].t == V_STR && !strcmp(((Str *)l->items[j].u.o)->s, key)) return true;
    return false;
  }
  return false;
}

void dwMg_step(const Inst *m, const char *key, Value val, Buf *path) {
  if (is_module(val)) dwB_printf(path, "._modules['%s']", key);
  else if (val.t == V_TENSOR && (val.u.o->flags & DW_TENSOR_PARAM))
    dwB_printf(path, "._parameters['%s']", key);
  else if (val.t == V_TENSOR && is_buffer(m, key)) dwB_printf(path, "._buffers['%s']", key);
  else dwB_printf(path, ".%s", key);
}

/* The walk both the snapshot and the check make: visit(leaf) for each
 * value below v in one order; false stops it. */
typedef struct Walk {
  Interp *I;
  MLeaf *leaf; /* the snapshot's (record) or NULL */
  int n, cap;
  bool record;
  const MSnap *snap; /* checking: the snapshot */
  Buf *why;          /* checking: where the reason goes */
  const char *root;  /* checking: the guard's source */
  bool said;
} Walk;

static void leaf_of(Value v, MLeaf *l) {
  memset(l, 0, sizeof *l);
  l->vt = (uint8_t)v.t;
  switch (v.t) {
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_DTYPE:
  case V_STR:
    l->kind = ML_VALUE;
    l->v = v;
    break;
  case V_TENSOR:
    l->kind = ML_TENSOR;
    dwT_meta_of((const Tensor *)v.u.o, &l->meta);
    l->n = (((const Tensor *)v.u.o)->h.flags & DW_TENSOR_RG) != 0; /* requires_grad */
    break;
  case V_LIST:
  case V_TUPLE:
  case V_DICT:
    l->kind = ML_SEQ;
    l->n = v.t == V_LIST    ? ((List *)v.u.o)->len
           : v.t == V_TUPLE ? ((Tuple *)v.u.o)->len
                            : ((Dict *)v.u.o)->len;
    break;
  default:
    if (is_module(v)) {
      l->kind = ML_MODULE;
      l->obj = ((Inst *)v.u.o)->cls;
      l->n = ((Inst *)v.u.o)->attrs->len;
    } else {
      l->kind = ML_OBJ;
      l->obj = V_ISOBJ(v.t) ? v.u.o : NULL;
    }
  }
}

static bool str_eq(Value a, Value b) {
  const Str *x = (const Str *)a.u.o, *y = (const Str *)b.u.o;
  return x == y || (x->len == y->len && !memcmp(x->s, y->s, x->len));
}

/* Writes why leaf `now` (value v) differs from `was` at path; false when
 * it does not. */
static bool leaf_differs(Walk *w, const MLeaf *was, const MLeaf *now, Value v, const char *path) {
  Buf *b = w->why;
  const char *r = w->root;
  if (was->kind != now->kind || (was->kind != ML_VALUE && was->vt != now->vt)) {
    if (was->kind == ML_MODULE || was->kind == ML_OBJ)
      dwB_printf(b, "___check_type_id(%s%s, %lld)", r, path,
                 (long long)(uintptr_t)(was->kind == ML_MODULE ? was->obj : NULL));
    else if (was->kind == ML_TENSOR)
      dwB_printf(b, "expected type of '%s%s' to be a tensor type, ' but found <class '%s'>", r,
                 path, dwV_type_name(v));
    else if (was->kind == ML_SEQ)
      dwB_printf(b, "type(%s%s) changed (was %s, now %s)", r, path,
                 was->vt == V_LIST ? "list" : was->vt == V_TUPLE ? "tuple" : "dict",
                 dwV_type_name(v));
    else dwB_printf(b, "%s%s == ", r, path), dwV_repr(b, was->v);
    return true;
  }
  switch (was->kind) {
  case ML_MODULE:
    if (was->obj != now->obj) {
      dwB_printf(b, "___check_type_id(%s%s, %lld)", r, path, (long long)(uintptr_t)was->obj);
      return true;
    }
    if (was->n != now->n) {
      dwB_printf(b, "len(%s%s.__dict__) == %lld", r, path, (long long)was->n);
      return true;
    }
    return false;
  case ML_TENSOR: {
    const TMeta *e = &was->meta, *a = &now->meta;
    if (e->dtype != a->dtype)
      dwB_printf(b, "tensor '%s%s' dtype mismatch. expected %s, actual %s", r, path,
                 dwT_scalar_name((DType)e->dtype), dwT_scalar_name((DType)a->dtype));
    else if (was->n != now->n)
      dwB_printf(b, "tensor '%s%s' requires_grad mismatch. expected requires_grad=%d", r, path,
                 (int)was->n);
    else if (e->ndim != a->ndim)
      dwB_printf(b, "tensor '%s%s' rank mismatch. expected %d, actual %d", r, path, e->ndim,
                 a->ndim);
    else {
      for (int k = 0; k < e->ndim; k++)
        if (e->shape[k] != a->shape[k]) {
          dwB_printf(b, "tensor '%s%s' size mismatch at index %d. expected %lld, actual %lld", r,
                     path, k, (long long)e->shape[k], (long long)a->shape[k]);
          return true;
        }
      return false;
    }
    return true;
  }
  case ML_VALUE: {
    bool same = was->vt == now->vt &&
                (was->vt == V_STR ? str_eq(was->v, now->v)
                 : was->vt == V_FLOAT ? was->v.u.f == now->v.u.f || (was->v.u.f != was->v.u.f && now->v.u.f != now->v.u.f)
                                      : was->v.u.i == now->v.u.i || was->vt == V_NONE);
    if (same) return false;
    dwB_printf(b, "%s%s == ", r, path);
    dwV_repr(b, was->v);
    return true;
  }
  case ML_SEQ:
    if (was->n == now->n) return false;
    dwB_printf(b, "len(%s%s) == %lld", r, path, (long long)was->n);
    return true;
  default:
    if (was->obj == now->obj) return false;
    dwB_printf(b, "___check_obj_id(%s%s, %lld)", r, path, (long long)(uintptr_t)was->obj);
    return true;
  }
}

/* Records value v at path, or compares it with the snapshot's next
 * value (writing the reason of a difference): false stops the walk. */
static bool leaf_step(Walk *w, Value v, const char *p, MLeaf *now) {
  if (w->n >= MG_MAXLEAF) return false;
  leaf_of(v, now);
  if (w->record) {
    if (w->n >= w->cap) return false;
    now->path = dwA_strndup(&w->I->arena, p, strlen(p));
    if (now->v.t == V_STR) {
      Str *s = dwI_intern(w->I, ((Str *)now->v.u.o)->s);
      now->v = s ? (Value){.t = V_STR, .u = {.o = &s->h}} : (Value){.t = V_NONE};
    }
    if (!now->path) return false;
    w->leaf[w->n++] = *now;
    return true;
  }
  if (w->n >= w->snap->n) return false;
  const MLeaf *was = &w->snap->leaf[w->n++];
  if (strcmp(was->path, p) && was->kind == ML_TENSOR && now->kind != ML_TENSOR) {
    /* a parameter or buffer replaced by something else (TENSOR_MATCH) */
    dwB_printf(w->why, "expected type of '%s%s' to be a tensor type, ' but found <class '%s'>",
               w->root, was->path, dwV_type_name(v));
    w->said = true;
    return false;
  }
  if (strcmp(was->path, p)) {
    /* an attribute added, removed, renamed or reordered */
    dwB_printf(w->why, "%s%s: the attributes changed", w->root, was->path);
    w->said = true;
    return false;
  }
  if (leaf_differs(w, was, now, v, p)) {
    w->said = true;
    return false;
  }
  return true;
}

/* Visits v at path (a NUL-terminated suffix in path->p[0..len)). */
static bool visit(Walk *w, Value v, Buf *path, int depth, int level) {
  MLeaf now;
  if (level > 64 || !leaf_step(w, v, path->p ? path->p : "", &now)) return false;
  size_t mark = path->len;
  bool ok = true;
  if (now.kind == ML_MODULE) {
    const Inst *in = (const Inst *)v.u.o;
    const Dict *d = in->attrs;
    for (int64_t k = 0; ok && k < d->nent; k++) {
      if (!d->ent[k].used || d->ent[k].key.t != V_STR) continue;
      const char *key = ((Str *)d->ent[k].key.u.o)->s;
      Value val = d->ent[k].val;
      if (val.t == V_LIST && !strcmp(key, "_modules")) {
        /* Sequential / ModuleList children: len(..._modules), then
         * _modules['0'] ... */
        const List *l = (const List *)val.u.o;
        MLeaf ml;
        dwB_puts(path, "._modules");
        ok = leaf_step(w, val, path->p, &ml);
        path->len = mark;
        path->p[mark] = 0;
        for (int64_t j = 0; ok && j < l->len; j++) {
          dwB_printf(path, "._modules['%lld']", (long long)j);
          ok = visit(w, l->items[j], path, 0, level + 1);
          path->len = mark;
          if (path->p) path->p[mark] = 0;
        }
        continue;
      }
      dwMg_step(in, key, val, path);
      ok = visit(w, val, path, is_module(val) ? 0 : depth + 1, level + 1);
      path->len = mark;
      if (path->p) path->p[mark] = 0;
    }
  } else if (now.kind == ML_SEQ && depth < 4 && (v.t == V_LIST || v.t == V_TUPLE)) {
    int64_t n = now.n;
    const Value *items = v.t == V_LIST ? ((List *)v.u.o)->items : ((Tuple *)v.u.o)->items;
    for (int64_t j = 0; ok && j < n && j < 256; j++) {
      dwB_printf(path, "[%lld]", (long long)j);
      ok = visit(w, items[j], path, is_module(items[j]) ? 0 : depth + 1, level + 1);
      path->len = mark;
      if (path->p) path->p[mark] = 0;
    }
  } else if (now.kind == ML_SEQ && depth < 4) {
    const Dict *d = (const Dict *)v.u.o;
    for (int64_t j = 0; ok && j < d->nent && j < 256; j++) {
      if (!d->ent[j].used) continue;
      Buf kb = {0};
      dwV_repr(&kb, d->ent[j].key);
      dwB_printf(path, "[%s]", kb.p ? kb.p : "");
      dwB_free(&kb);
      Value val = d->ent[j].val;
      ok = visit(w, val, path, is_module(val) ? 0 : depth + 1, level + 1);
      path->len = mark;
      if (path->p) path->p[mark] = 0;
    }
  }
  return ok;
}

MSnap *dwMg_snapshot(Interp *I, Value v) {
  if (!is_module(v)) return NULL;
  MSnap *s = dwA_alloc(&I->arena, sizeof *s);
  MLeaf *tmp = malloc(sizeof(MLeaf) * MG_MAXLEAF);
  if (!s || !tmp) {
    free(tmp);
    return NULL;
  }
  Walk w = {.I = I, .leaf = tmp, .cap = MG_MAXLEAF, .record = true};
  Buf path = {0};
  dwB_puts(&path, "");
  visit(&w, v, &path, 0, 0);
  dwB_free(&path);
  s->leaf = w.n ? dwA_alloc(&I->arena, sizeof(MLeaf) * (size_t)w.n) : NULL;
  if (s->leaf) memcpy(s->leaf, tmp, sizeof(MLeaf) * (size_t)w.n);
  s->n = s->leaf ? w.n : 0;
  free(tmp);
  const char *name = ((Inst *)v.u.o)->cls->name->s;
  s->cls = dwA_strndup(&I->arena, name, strlen(name));
  return s;
}

bool dwMg_diff(Interp *I, const MSnap *s, const char *src, Value v, Buf *why) {
  if (!s || !s->n) return false;
  Walk w = {.I = I, .snap = s, .why = why, .root = src};
  Buf path = {0};
  dwB_puts(&path, "");
  visit(&w, v, &path, 0, 0);
  dwB_free(&path);
  if (!w.said && w.n < s->n && w.n < MG_MAXLEAF) {
    /* the current value ended before the snapshot did */
    dwB_printf(why, "%s%s: the attributes changed", src, s->leaf[w.n].path);
    w.said = true;
  }
  return w.said;
}

const char *dwMg_class_name(const MSnap *s) { return s && s->cls ? s->cls : "Module"; }
