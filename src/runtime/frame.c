/* frame.c - Python call frames: binding a call's arguments to a new
 * frame's slots, and the recursion checks (sys.setrecursionlimit's
 * Python depth; the C stack natively; the engine's stack in WebAssembly,
 * whose frames the core counts: interp.h DW_HOST_DEEP, src/api.c).
 *
 * In WebAssembly the frames of the functions each Python call level goes
 * through live on the engine's stack (V8: 984 KB on Node's main thread,
 * about half in a Chromium worker), so those functions keep small frames:
 * interp.c's eval_node / exec_stmt / call_func hold only the cases a call
 * goes through, the rest run in functions of their own (eval_rest,
 * exec_rest, call_traced, eval_args). docs/architecture.md "Recursion"
 * has the measured bytes per level.
 */
#include "interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})

static const char *fn_display(Func *fn) {
  return fn->code->qualname ? fn->code->qualname : fn->code->name;
}

/* Binds arguments to fresh slots (Python's rules and messages, in
 * CPython's order: keywords, then too many positionals, then missing). */
/* inlined in dwFr_push, every call's path (dwFr_bind_slots has its own copy) */
static inline __attribute__((always_inline)) bool bind_args(Interp *I, Func *fn, Value self, Args *a,
                                                             Value *slots) {
  Code *c = fn->code;
  Params *p = c->node->params;
  int np = p ? p->n : 0;
  int npos = np - (p ? p->nkwonly : 0);
  int vslot = np, kslot = np + (p && p->vararg ? 1 : 0);
  int given = a->n + (self.t != V_NULL ? 1 : 0);
  /* positional */
  for (int k = 0; k < given && k < npos; k++) {
    Value v = (self.t != V_NULL) ? (k == 0 ? self : a->v[k - 1]) : a->v[k];
    dwV_incref(v);
    slots[k] = v;
  }
  if (p && p->vararg) {
    int extra = given > npos ? given - npos : 0;
    Tuple *t = dwV_tuple(&I->c, extra);
    if (!t) {
      dwI_raise_ctx(I);
      return false;
    }
    for (int k = 0; k < extra; k++) {
      int src = npos + k;
      Value v = (self.t != V_NULL) ? (src == 0 ? self : a->v[src - 1]) : a->v[src];
      dwV_incref(v);
      t->items[k] = v;
    }
    slots[vslot] = dwV_obj(&t->h);
  }
  Dict *kw = NULL;
  if (p && p->kwarg) {
    kw = dwV_dict(&I->c);
    if (!kw) {
      dwI_raise_ctx(I);
      return false;
    }
    slots[kslot] = dwV_obj(&kw->h);
  }
  for (int k = 0; k < a->nkw; k++) {
    Str *name = a->kw[k].name;
    int j;
    for (j = 0; j < np; j++)
      if (!strcmp(p->names[j], name->s)) break;
    if (j < np && j >= (p ? p->nposonly : 0)) {
      if (slots[j].t != V_NULL || (j < npos && j < given)) {
        dwI_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'",
                  fn_display(fn), name->s);
        return false;
      }
      dwV_incref(a->kw[k].v);
      slots[j] = a->kw[k].v;
    } else if (kw) {
      if (!dwV_dict_set(&I->c, kw, VSTR(name), a->kw[k].v)) {
        dwI_raise_ctx(I);
        return false;
      }
    } else if (j < np) {
      dwI_raise(I, EXC_TypeError,
                "%s() got some positional-only arguments passed as keyword "
                "arguments: '%s'",
                fn_display(fn), name->s);
      return false;
    } else {
      dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'",
                fn_display(fn), name->s);
      return false;
    }
  }
  if (given > npos && !(p && p->vararg)) {
    int defs = 0, kwonly_given = 0;
    for (int j = 0; j < npos; j++)
      if (fn->defaults[j].t != V_NULL) defs++;
    for (int j = npos; j < np; j++)
      if (slots[j].t != V_NULL) kwonly_given++;
    char sig[64], kwsig[96] = "";
    if (defs)
      snprintf(sig, sizeof sig, "from %d to %d", npos - defs, npos);
    else
      snprintf(sig, sizeof sig, "%d", npos);
    if (kwonly_given)
      snprintf(kwsig, sizeof kwsig, " positional argument%s (and %d keyword-only argument%s)",
               given != 1 ? "s" : "", kwonly_given, kwonly_given != 1 ? "s" : "");
    dwI_raise(I, EXC_TypeError, "%s() takes %s positional argument%s but %d%s %s given",
              fn_display(fn), sig, defs || npos != 1 ? "s" : "", given, kwsig,
              given == 1 && !kwonly_given ? "was" : "were");
    return false;
  }
  /* defaults and missing arguments */
  int missing = 0, missing_kw = 0;
  for (int j = 0; j < np; j++) {
    if (slots[j].t != V_NULL) continue;
    if (fn->defaults[j].t != V_NULL) {
      dwV_incref(fn->defaults[j]);
      slots[j] = fn->defaults[j];
    } else if (j < npos) {
      missing++;
    } else {
      missing_kw++;
    }
  }
  if (missing || missing_kw) {
    Buf b = {0};
    int cnt = 0, total = missing ? missing : missing_kw;
    for (int j = missing ? 0 : npos; j < (missing ? npos : np); j++) {
      if (slots[j].t != V_NULL) continue;
      if (cnt) dwB_puts(&b, cnt == total - 1 ? (total > 2 ? ", and " : " and ") : ", ");
      dwB_printf(&b, "'%s'", p->names[j]);
      cnt++;
    }
    dwI_raise(I, EXC_TypeError, "%s() missing %d required %s argument%s: %s",
              fn_display(fn), total, missing ? "positional" : "keyword-only",
              total == 1 ? "" : "s", b.p ? b.p : "");
    dwB_free(&b);
    return false;
  }
  return true;
}

/* True when the C stack has room for one more level of evaluation. */
bool dwFr_stack_ok(Interp *I) {
  char probe;
  uintptr_t sp = (uintptr_t)&probe;
  size_t used = I->stack_base > sp ? I->stack_base - sp : sp - I->stack_base;
  if (used <= I->stack_budget && !DW_HOST_DEEP(I)) return true;
  return dwFr_stack_exceeded(I);
}

/* The RecursionError of a stack (the C stack, or the engine's in
 * WebAssembly) that ran out before sys.getrecursionlimit() frames: the run
 * is marked stack_limited (the report's; a host may run it again on a
 * bigger stack). Always false. */
bool dwFr_stack_exceeded(Interp *I) {
  I->stack_limited = true;
  dwI_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
  return false;
}

Frame *dwFr_push(Interp *I, Func *fn, Value self, Args *a) {
  if (I->depth + 1 >= I->max_depth) { /* the module frame counts, as in CPython */
    dwI_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
    return NULL;
  }
  if (DW_HOST_NEAR(I)) return dwFr_stack_exceeded(I), NULL;
  if (!dwFr_stack_ok(I)) return NULL;
  Code *c = fn->code;
  Frame *f = calloc(1, sizeof(Frame) + sizeof(Value) * (size_t)(c->nslots + 1));
  if (!f) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return NULL;
  }
  f->slots = (Value *)(f + 1);
  f->code = c;
  f->func = fn;
  f->line = c->firstline;
  f->back = I->frame;
  f->depth = ++I->depth;
  if (!bind_args(I, fn, self, a, f->slots)) {
    for (int k = 0; k < c->nslots; k++) dwV_decref(&I->c, f->slots[k]);
    I->depth--;
    free(f);
    return NULL;
  }
  for (int k = 0; k < c->nslots; k++) {
    if (!c->slotcell[k]) continue;
    Cell *cell = (Cell *)dwV_alloc(&I->c, V_CELL, sizeof(Cell));
    if (!cell) {
      dwI_raise_ctx(I);
      for (int j = 0; j < c->nslots; j++) dwV_decref(&I->c, f->slots[j]);
      I->depth--;
        free(f);
      return NULL;
    }
    cell->v = f->slots[k]; /* moves the parameter value (or V_NULL) */
    f->slots[k] = dwV_obj(&cell->h);
  }
  I->frame = f;
  return f;
}

void dwFr_pop(Interp *I, Frame *f) {
  for (int k = 0; k < f->code->nslots; k++) dwV_decref(&I->c, f->slots[k]);
  I->frame = f->back;
  I->depth--;
  free(f);
}

/* The slots of a generator's frame (runtime/gen.c): the call's arguments
 * bound as dwFr_push binds them, cells made, no frame pushed. NULL: an
 * exception is pending. */
Value *dwFr_bind_slots(Interp *I, Func *fn, Value self, Args *a) {
  Code *c = fn->code;
  Value *slots = calloc((size_t)c->nslots + 1, sizeof(Value));
  if (!slots) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return NULL;
  }
  bool ok = bind_args(I, fn, self, a, slots);
  for (int k = 0; ok && k < c->nslots; k++) {
    if (!c->slotcell[k]) continue;
    Cell *cell = (Cell *)dwV_alloc(&I->c, V_CELL, sizeof(Cell));
    if (!cell) {
      dwI_raise_ctx(I);
      ok = false;
      break;
    }
    cell->v = slots[k];
    slots[k] = dwV_obj(&cell->h);
  }
  if (!ok) {
    for (int k = 0; k < c->nslots; k++) dwV_decref(&I->c, slots[k]);
    free(slots);
    return NULL;
  }
  return slots;
}
