/* value.c - objects: allocation, reference counting, teardown; Python
 * repr/str of values; strings, lists, tuples, dicts. */
#include "dw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwV_exc_names[EXC_COUNT] = {
#define X(name, base) #name,
    DW_EXC_TYPES(X)
#undef X
};
const ExcType dwV_exc_base[EXC_COUNT] = {
#define X(name, base) EXC_##base,
    DW_EXC_TYPES(X)
#undef X
};

bool dw_fail(Ctx *c, ExcType t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  c->err = t;
  vsnprintf(c->errmsg, sizeof c->errmsg, fmt, ap);
  va_end(ap);
  return false;
}

static void live_init(Ctx *c) {
  if (!c->live.next) c->live.next = c->live.prev = &c->live;
}

Obj *dwV_alloc(Ctx *c, ValType t, size_t size) {
  live_init(c);
  Obj *o = calloc(1, size);
  if (!o) {
    dw_fail(c, EXC_MemoryError, "out of memory");
    return NULL;
  }
  o->rc = 1;
  o->type = (uint16_t)t;
  o->next = c->live.next;
  o->prev = &c->live;
  c->live.next->prev = o;
  c->live.next = o;
  return o;
}

static void unlink_obj(Obj *o) {
  o->prev->next = o->next;
  o->next->prev = o->prev;
  o->next = o->prev = o;
}

/* Releases what an object owns. With `deep`, references to other objects
 * are dropped (normal decref path); without, only memory owned exclusively
 * is released (end-of-run sweep, where every object is freed anyway). */
static void teardown(Ctx *c, Obj *o, bool deep) {
  switch (o->type) {
  case V_STR:
  case V_RANGE:
    break;
  case V_LIST: {
    List *l = (List *)o;
    if (deep)
      for (int64_t k = 0; k < l->len; k++) dwV_decref(c, l->items[k]);
    free(l->items);
    break;
  }
  case V_TUPLE: {
    Tuple *t = (Tuple *)o;
    if (deep)
      for (int64_t k = 0; k < t->len; k++) dwV_decref(c, t->items[k]);
    break;
  }
  case V_DICT: {
    Dict *d = (Dict *)o;
    if (deep)
      for (int64_t k = 0; k < d->nent; k++)
        if (d->ent[k].used) {
          dwV_decref(c, d->ent[k].key);
          dwV_decref(c, d->ent[k].val);
        }
    free(d->ent);
    free(d->idx);
    break;
  }
  case V_TENSOR:
    dwT_free_storage(c, (Tensor *)o);
    break;
  case V_SLICE: {
    Slice *s = (Slice *)o;
    if (deep) {
      dwV_decref(c, s->start);
      dwV_decref(c, s->stop);
      dwV_decref(c, s->step);
    }
    break;
  }
  case V_CELL:
    if (deep) dwV_decref(c, ((Cell *)o)->v);
    break;
  case V_EXC: {
    Exc *e = (Exc *)o;
    if (deep) {
      if (e->msg) dwV_decref_o(c, &e->msg->h);
      dwV_decref(c, e->args);
      if (e->cls) dwV_decref_o(c, (Obj *)e->cls);
    }
    for (int k = 0; k < e->ntb; k++) free(e->tbnames ? e->tbnames[k] : NULL);
    free(e->tbnames);
    free(e->tb);
    break;
  }
  case V_OPAQUE: {
    Opaque *op = (Opaque *)o;
    if (op->free) op->free(c, op->p);
    break;
  }
  default:
    dwI_free_obj(c, o, deep);
    break;
  }
}

void dwV_decref_o(Ctx *c, Obj *o) {
  if (--o->rc > 0) return;
  unlink_obj(o);
  o->rc = 1 << 30; /* guard against re-entry while tearing down */
  teardown(c, o, true);
  free(o);
}

void dwV_free_obj(Ctx *c, Obj *o) {
  unlink_obj(o);
  teardown(c, o, true);
  free(o);
}

void dwV_free_all(Ctx *c) {
  live_init(c);
  /* Tensors first release their storage so accounting returns to zero. */
  while (c->live.next != &c->live) {
    Obj *o = c->live.next;
    unlink_obj(o);
    teardown(c, o, false);
    free(o);
  }
}
