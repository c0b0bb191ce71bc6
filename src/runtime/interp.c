/* interp.c - the evaluator: a tree walker over the resolved AST.
 *
 * The same evaluator runs eagerly and while tracing: a frame with
 * `trace` set is being traced (tensor ops record into the graph, Python
 * values are computed for real, effects are logged so a graph break can
 * undo them); see trace.c for the Dynamo semantics layered on top.
 *
 * Errors are values: evaluation returns V_NULL (expressions) or X_EXC
 * (statements) with the exception in I->exc, or V_NULL / X_GBREAK with a
 * graph break pending in I->brk.
 */
#define _POSIX_C_SOURCE 200809L
#include "interp.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __EMSCRIPTEN__
__attribute__((import_module("env"), import_name("dw_host_now"))) double
dw_host_now(void);
double dw_now_ms(void) { return dw_host_now(); }
#else
double dw_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
#endif

static inline __attribute__((always_inline)) Value eval(Interp *I, Frame *f, Node *n);
static Exec exec_block(Interp *I, Frame *f, NodeList *b);
Exec dwI_exec_stmt(Interp *I, Frame *f, Node *s);
static bool assign(Interp *I, Frame *f, Node *t, Value v);

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})

/* ------------------------------------------------------------------ */
/* Exceptions                                                          */
/* ------------------------------------------------------------------ */

static Exc *exc_new(Interp *I, ExcType t, Class *cls, Str *msg) {
  Exc *e = (Exc *)dwV_alloc(&I->c, V_EXC, sizeof(Exc));
  if (!e) return NULL;
  e->type = t;
  e->cls = cls;
  if (cls) dwV_incref_o(&cls->h);
  e->msg = msg;
  e->args = dwV_none();
  if (I->frame) {
    e->line = I->frame->line;
    e->col = I->frame->col;
    e->cur_line = I->frame->line;
    e->cur_frame = I->frame;
  }
  return e;
}


static void set_exc(Interp *I, Value e) {
  dwV_decref(&I->c, I->exc);
  I->exc = e;
}

Value dwI_raise(Interp *I, ExcType t, const char *fmt, ...) {
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  dwB_vprintf(&b, fmt, ap);
  va_end(ap);
  Str *msg = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  Exc *e = msg ? exc_new(I, t, NULL, msg) : NULL;
  if (!e) {
    /* out of memory while raising: keep whatever is pending */
    if (I->exc.t == V_NULL) I->exc = dwV_none();
    return dwV_null();
  }
  Tuple *args = dwV_tuple(&I->c, 1);
  if (args) {
    args->items[0] = VSTR(msg);
    dwV_incref_o(&msg->h);
    e->args = dwV_obj(&args->h);
  }
  set_exc(I, dwV_obj(&e->h));
  return dwV_null();
}

/* KeyError(key): str() is repr(key), args = (key,) */
Value dwI_raise_key(Interp *I, Value key) {
  Buf b = {0};
  dwV_repr(&b, key);
  dwI_raise(I, EXC_KeyError, "%s", b.p ? b.p : "");
  dwB_free(&b);
  if (I->exc.t == V_EXC) {
    Exc *e = (Exc *)I->exc.u.o;
    Tuple *t = dwV_tuple(&I->c, 1);
    if (t) {
      dwV_incref(t->items[0] = key);
      dwV_decref(&I->c, e->args);
      e->args = dwV_obj(&t->h);
    }
  }
  return dwV_null();
}

Value dwI_raise_ctx(Interp *I) {
  return dwI_raise(I, I->c.err, "%s", I->c.errmsg);
}

/* ------------------------------------------------------------------ */
/* Classes: method resolution order, subclass tests                    */
/* ------------------------------------------------------------------ */

int dwI_class_mro(Class *c, Class **out, int cap) {
  int n = 0;
  if (c->mro) {
    for (int k = 0; k < c->nmro; k++, n++)
      if (n < cap) out[n] = c->mro[k];
    return n;
  }
  for (; c; c = c->base, n++)
    if (n < cap) out[n] = c;
  return n;
}

static bool builtin_exc_class(Class *c) {
  return (c->cflags & CLS_BUILTIN) && (c->cflags & CLS_EXCEPTION) &&
         c->builtin_base >= 0;
}

/* The k-th class of c's MRO, NULL past the end (no buffers: this runs
 * inside deep recursions). */
static Class *mro_at(Class *c, int k) {
  if (c->mro) return k < c->nmro ? c->mro[k] : NULL;
  for (; c && k > 0; k--) c = c->base;
  return c;
}

bool dwI_subclass(Class *c, Class *base) {
  if (c == base) return true;
  Class *m;
  for (int k = 0; (m = mro_at(c, k)); k++)
    if (m == base) return true;
  /* the builtin exception classes' own hierarchy is implicit */
  if (!builtin_exc_class(base)) return false;
  for (int k = 0; (m = mro_at(c, k)); k++)
    if (builtin_exc_class(m) && dwV_exc_below(m->builtin_base, base->builtin_base)) return true;
  return false;
}

/* Is exception value `e` an instance of exception class `cls`? */
static bool exc_matches(Value e, Value cls) {
  if (e.t != V_EXC || cls.t != V_CLASS) return false;
  Exc *x = (Exc *)OBJ(e);
  Class *c = (Class *)OBJ(cls);
  if (x->cls) return dwI_subclass(x->cls, c);
  /* an instance of a builtin exception type */
  return builtin_exc_class(c) && dwV_exc_below(x->type, c->builtin_base);
}


/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

Str *dwI_intern(Interp *I, const char *s) {
  size_t n = strlen(s);
  Str *tmp = dwV_str(&I->c, s, n);
  if (!tmp) return NULL;
  Value k = VSTR(tmp);
  Value hit = dwV_dict_get(I->interned, k);
  if (hit.t == V_STR) {
    dwV_decref_o(&I->c, &tmp->h);
    return STR(hit);
  }
  tmp->interned = 1;
  dwV_dict_set(&I->c, I->interned, k, k);
  dwV_decref_o(&I->c, &tmp->h); /* the dict keeps it alive */
  return tmp;
}

int dwI_global_slot(Interp *I, Str *name) {
  for (int k = 0; k < I->nglobals; k++)
    if (I->globals[k].name == name) return k;
  if (!DW_GROW(I->globals, I->capglobals, I->nglobals, 64)) return 0;
  GlobalSlot *g = &I->globals[I->nglobals];
  g->name = name;
  g->v = dwV_null();
  g->builtin = dwL_builtin(I, name->s);
  return I->nglobals++;
}

static Value name_error(Interp *I, Str *name) {
  return dwI_raise(I, EXC_NameError, "name '%s' is not defined", name->s);
}

static Value load_name(Interp *I, Frame *f, Node *n) {
  Value v;
  switch (n->scope) {
  case RS_LOCAL: /* guarded before the load: the guard may tag it (a SymFloat) */
    if (f->slots[n->slot].t != V_NULL) dwR_guard_read(I, f, n->slot, false);
    v = f->slots[n->slot];
    if (v.t == V_NULL)
      return dwI_raise(I, EXC_UnboundLocalError,
                       "cannot access local variable '%s' where it is not "
                       "associated with a value",
                       ((Str *)n->str)->s);
    break;
  case RS_CELL: {
    Cell *c = (Cell *)OBJ(f->slots[n->slot]);
    v = c->v;
    if (v.t == V_NULL)
      return dwI_raise(I, EXC_UnboundLocalError,
                       "cannot access local variable '%s' where it is not "
                       "associated with a value",
                       ((Str *)n->str)->s);
    dwR_guard_read(I, f, n->slot, false);
    break;
  }
  case RS_FREE: {
    Cell *c = f->func->cells[n->slot];
    v = c->v;
    if (v.t == V_NULL)
      return dwI_raise(I, EXC_NameError,
                       "cannot access free variable '%s' where it is not "
                       "associated with a value in enclosing scope",
                       ((Str *)n->str)->s);
    dwR_guard_read(I, f, n->slot, true);
    if (f->trace && !f->unit_root) dwR_nested_free_read(I, f, n->slot);
    break;
  }
  case RS_CLASS:
    if (f->ns) {
      v = dwV_dict_gets(f->ns, (Str *)n->str);
      if (v.t != V_NULL) break;
    }
    /* fall through */
  default: {
    GlobalSlot *g = &I->globals[n->slot];
    v = g->v;
    if (v.t == V_NULL) v = g->builtin;
    if (v.t == V_NULL) return name_error(I, g->name);
    if (g->v.t != V_NULL) dwR_guard_global(I, n->slot);
    break;
  }
  }
  dwV_incref(v);
  return v;
}

/* The variable a resolved name stands for; a class-body name (RS_CLASS)
 * while its namespace is live has none (the caller uses f->ns). */
static Value *name_slot(Interp *I, Frame *f, const Node *n) {
  switch (n->scope) {
  case RS_LOCAL:
    return &f->slots[n->slot];
  case RS_CELL:
    return &((Cell *)OBJ(f->slots[n->slot]))->v;
  case RS_FREE:
    return &f->func->cells[n->slot]->v;
  case RS_CLASS:
    if (f->ns) return NULL;
    /* fall through */
  default:
    return &I->globals[n->slot].v;
  }
}

/* Stores v (borrowed) into a name. */
static bool store_name(Interp *I, Frame *f, Node *n, Value v) {
  Value *slot = name_slot(I, f, n);
  if (!slot) {
    if (!dwV_dict_set(&I->c, f->ns, dwV_obj((Obj *)n->str), v)) {
      dwI_raise_ctx(I);
      return false;
    }
    return true;
  }
  bool global = n->scope != RS_LOCAL && n->scope != RS_CELL && n->scope != RS_FREE;
  if (global && f->trace) dwR_global_write(I, n->slot);
  if (f->trace) {
    dwR_log_store(I, f, n, slot);
    if (n->scope == RS_LOCAL && v.t == V_TENSOR) dwM_name_hint(I, v, (Str *)n->str);
  }
  dwV_incref(v);
  Value old = *slot;
  *slot = v;
  dwV_decref(&I->c, old);
  return true;
}

static bool delete_name(Interp *I, Frame *f, Node *n) {
  Value *slot = name_slot(I, f, n);
  if (!slot) {
    if (!dwV_dict_del(&I->c, f->ns, dwV_obj((Obj *)n->str))) {
      name_error(I, (Str *)n->str);
      return false;
    }
    return true;
  }
  if (slot->t == V_NULL) {
    name_error(I, (Str *)n->str);
    return false;
  }
  if (f->trace) dwR_log_store(I, f, n, slot);
  Value old = *slot;
  *slot = dwV_null();
  dwV_decref(&I->c, old);
  return true;
}

/* ------------------------------------------------------------------ */
/* Frames and calls                                                    */
/* ------------------------------------------------------------------ */

static void args_free(Interp *I, Args *a, Value *heap_v, KwArg *heap_kw) {
  for (int k = 0; k < a->n; k++) dwV_decref(&I->c, a->v[k]);
  for (int k = 0; k < a->nkw; k++) dwV_decref(&I->c, a->kw[k].v);
  if (heap_v) free(heap_v);
  if (heap_kw) free(heap_kw);
}

static inline __attribute__((always_inline)) Value eval(Interp *I, Frame *f, Node *n);

/* Runs a function frame's body; returns the result (new ref) or V_NULL. */
Value dwI_run_frame(Interp *I, Frame *f, Exec *status) {
  Node *def = f->code->node;
  Exec st = exec_block(I, f, &def->body);
  if (status) *status = st;
  if (st == X_RETURN) {
    Value r = I->retval;
    I->retval = dwV_null();
    return r;
  }
  if (st == X_NORMAL) return dwV_none();
  if (st == X_EXC) dwTb_add(I, f);
  return dwV_null();
}

/* How a user function's frame is run. */
enum CallMode {
  CM_AUTO,     /* by the caller: inline if tracing, compile in context */
  CM_NOCTX,    /* eagerly, leaving any compile context (recursive disable) */
  CM_OWNEAGER  /* eagerly, callees still compiled (disable(recursive=False)) */
};

/* A call inlined into the trace; a graph break inside takes the call
 * back and the call itself breaks the graph (the callee then runs as a
 * compiled frame of its own). Out of call_func, whose frame is on the
 * engine's stack at every eager call level (wasm: V8 sizes a function's
 * frame for its largest path). */
static __attribute__((noinline)) Value call_traced(Interp *I, Func *fn, Value self, Args *a) {
  Frame *caller = I->frame;
  Checkpoint cp;
  dwR_call_checkpoint(I, caller, &cp);
  /* torch._dynamo.allow_in_graph(fn): one call node of the graph */
  int tok = self.t == V_NULL && dwD_allowed_in_graph(I, dwV_obj(&fn->h))
                ? dwM_pre_obj(I, dwV_obj(&fn->h), a)
                : -1;
  Frame *f = dwFr_push(I, fn, self, a);
  if (!f) {
    dwM_post(I, tok, dwV_null());
    return dwV_null();
  }
  f->trace = caller->trace;
  f->cctx = caller->cctx;
  Exec st;
  Value r = dwI_run_frame(I, f, &st);
  if (st == X_GBREAK) dwR_break_passes(I, f);
  dwFr_pop(I, f);
  dwM_post(I, tok, r);
  if (st == X_GBREAK && dwR_call_broke(I, caller, &cp))
    return dwR_call_compiled(I, fn, self, a, caller->cctx, dwV_null());
  return r;
}

static Value call_func(Interp *I, Func *fn, Value self, Args *a, int mode) {
  Frame *caller = I->frame;
  if (__builtin_expect(fn->code->is_gen, 0)) return dwGe_new(I, fn, self, a); /* gen.c */
  if (mode == CM_AUTO && caller && caller->trace) return call_traced(I, fn, self, a);
  if (mode == CM_AUTO && caller && caller->cctx)
    return dwR_call_compiled(I, fn, self, a, caller->cctx, dwV_null());
  Frame *f = dwFr_push(I, fn, self, a);
  if (!f) return dwV_null();
  f->cctx = mode == CM_OWNEAGER && caller ? caller->cctx : NULL;
  Value r = dwI_run_frame(I, f, NULL);
  dwFr_pop(I, f);
  return r;
}

/* The function behind a callable for torch.compile: (fn, self). */
static bool compile_target(Interp *I, Value t, Func **fn, Value *self, Value *gw) {
  *self = *gw = dwV_null();
  for (int guard = 0; guard < 8; guard++) {
    switch (t.t) {
    case V_FUNC:
      *fn = (Func *)OBJ(t);
      return true;
    case V_BOUND: {
      Bound *b = (Bound *)OBJ(t);
      *self = b->self;
      t = b->func;
      continue;
    }
    case V_WRAP:
      t = ((Wrap *)OBJ(t))->target;
      continue;
    case V_OPAQUE: /* a function a grad-mode decorator wraps */
      if (gw->t != V_NULL || dwDv_grad_fn(t).t == V_NULL) return false;
      *gw = t;
      t = dwDv_grad_fn(t);
      continue;
    case V_INST: {
      Inst *in = (Inst *)OBJ(t);
      Value fw = dwOb_class_lookup(in->cls, dwI_intern(I, "forward"));
      if (fw.t == V_NULL) fw = dwOb_class_lookup(in->cls, dwI_intern(I, "__call__"));
      if (fw.t == V_NULL) return false;
      *self = t;
      if (fw.t == V_BUILTIN && (in->cls->cflags & CLS_NN_MODULE)) {
        *fn = dwNm_compiled_forward(I, t);
        return *fn != NULL;
      }
      t = fw;
      continue;
    }
    default:
      return false;
    }
  }
  return false;
}

static Value call_class(Interp *I, Class *c, Args *a);
static Value call_inst(Interp *I, Value inst, Args *a);

/* fn(first, *a): a call with one more positional argument in front
 * (none when first is V_NULL). */
static Value call_prepend(Interp *I, Value fn, Value first, Args *a) {
  if (first.t == V_NULL) return dwI_call(I, fn, a);
  Value *v = malloc(sizeof(Value) * (size_t)(a->n + 1));
  if (!v) return dwI_raise(I, EXC_MemoryError, "out of memory");
  v[0] = first;
  for (int k = 0; k < a->n; k++) v[k + 1] = a->v[k];
  Args b = {a->n + 1, v, a->nkw, a->kw};
  Value r = dwI_call(I, fn, &b);
  free(v);
  return r;
}

static Value call_wrap(Interp *I, Wrap *w, Value self, Args *a) {
  Frame *caller = I->frame;
  if (w->kind == WRAP_STATIC || w->kind == WRAP_CLASSMETHOD)
    return dwI_call(I, w->target, a);
  if (w->kind == WRAP_PROPERTY)
    return dwI_raise(I, EXC_TypeError, "'property' object is not callable");
  if (w->target.t == V_NULL) {
    /* @torch.compile(...) / @torch.compiler.disable(...): the decorator */
    if (a->n != 1 || a->nkw)
      return dwI_raise(I, EXC_TypeError, "the decorator expects one function");
    return dwD_wrap_apply(I, w, a->v[0]);
  }
  if (w->kind == WRAP_COMPILE && I->stance == ST_INVALID) return dwD_stance_error(I);
  if (w->kind == WRAP_COMPILE && (I->opt.no_compile || I->stance == ST_FORCE_EAGER))
    return call_prepend(I, w->target, self, a);
  if (w->kind == WRAP_COMPILE) {
    Func *fn;
    Value tself, gw;
    if (!compile_target(I, w->target, &fn, &tself, &gw)) {
      /* not a Python function: just call it */
      return dwI_call(I, w->target, a);
    }
    if (self.t != V_NULL) tself = self;
    /* a generator function: calling it makes a generator (Dynamo compiles
     * no generator frame) */
    if (fn->code->is_gen && gw.t == V_NULL) return dwGe_new(I, fn, tself, a);
    if (caller && caller->trace)
      return gw.t != V_NULL ? dwDv_grad_call(I, gw, tself, a) : call_func(I, fn, tself, a, CM_AUTO);
    return dwR_call_compiled(I, fn, tself, a, &w->opts, gw);
  }
  /* WRAP_DISABLE */
  if (caller && caller->trace && !dwJ_break_disabled(I, w->target, w->recursive, w->reason))
    return dwV_null(); /* else the unit ended here: the call runs as below */
  Func *fn;
  Value tself, gw;
  if (w->target.t == V_FUNC || w->target.t == V_BOUND) {
    if (compile_target(I, w->target, &fn, &tself, &gw) && gw.t == V_NULL) {
      if (self.t != V_NULL) tself = self;
      if (caller && caller->cctx)
        return call_func(I, fn, tself, a, w->recursive ? CM_NOCTX : CM_OWNEAGER);
      return call_func(I, fn, tself, a, CM_NOCTX);
    }
  }
  /* other callables: run them outside the compile context */
  const CompileOpts *saved = caller ? caller->cctx : NULL;
  if (caller && w->recursive) caller->cctx = NULL;
  Value r = call_prepend(I, w->target, self, a);
  if (caller) caller->cctx = saved;
  return r;
}

Value dwI_call(Interp *I, Value callee, Args *a) {
  switch (callee.t) {
  case V_FUNC:
    return call_func(I, (Func *)OBJ(callee), dwV_null(), a, CM_AUTO);
  case V_BUILTIN: {
    Builtin *b = (Builtin *)OBJ(callee);
    if (dwR_tracing(I)) {
      if (dwD_disallowed(I, callee)) {
        if (!dwR_break_here(I, BR_UNSUPPORTED_CALL,
                            "Call to `%s`, which torch._dynamo.disallow_in_graph excluded "
                            "from the graph",
                            b->def->name))
          return dwV_null();
        return b->def->fn(I, b->def, b->self.t == V_NULL ? b->extra : b->self, a);
      }
      switch (b->def->trace) {
      case TK_UNSUPPORTED:
      case TK_DATA:
        if (!dwJ_break_call(I, b->def, b->self.t == V_NULL ? b->extra : b->self, a))
          return dwV_null();
        /* the unit ended here: the call runs eagerly */
        return b->def->fn(I, b->def, b->self.t == V_NULL ? b->extra : b->self, a);
      case TK_MUTATE:
        if (V_ISOBJ(b->self.t)) dwR_log_obj(I, OBJ(b->self));
        break;
      case TK_TENSOR: {
        Value self = b->self.t == V_NULL ? b->extra : b->self;
        int tok = dwM_pre_builtin(I, b->def, self, a);
        Value r = b->def->fn(I, b->def, self, a);
        dwM_post(I, tok, r);
        return r;
      }
      default:
        break;
      }
    }
    return b->def->fn(I, b->def, b->self.t == V_NULL ? b->extra : b->self, a);
  }
  case V_BOUND: {
    Bound *b = (Bound *)OBJ(callee);
    if (b->func.t == V_FUNC)
      return call_func(I, (Func *)OBJ(b->func), b->self, a, CM_AUTO);
    if (b->func.t == V_WRAP) return call_wrap(I, (Wrap *)OBJ(b->func), b->self, a);
    if (b->func.t == V_OPAQUE) return dwDv_grad_call(I, b->func, b->self, a);
    break;
  }
  case V_WRAP:
    return call_wrap(I, (Wrap *)OBJ(callee), dwV_null(), a);
  case V_CLASS:
    return call_class(I, (Class *)OBJ(callee), a);
  case V_INST:
    return call_inst(I, callee, a);
  case V_OPAQUE:
    /* a grad-mode context as a decorator, and the function it wraps */
    if (((Opaque *)OBJ(callee))->kind == DW_OPQ_GRAD_CTX || ((Opaque *)OBJ(callee))->kind == DW_OPQ_GRAD_FN)
      return dwDv_grad_call(I, callee, dwV_null(), a);
    break;
  default:
    break;
  }
  return dwI_raise(I, EXC_TypeError, "'%s' object is not callable",
                   dwV_type_name(callee));
}

Value dwI_call0(Interp *I, Value callee, int n, Value *v) {
  Args a = {n, v, 0, NULL};
  return dwI_call(I, callee, &a);
}

static Value call_inst(Interp *I, Value inst, Args *a) {
  Inst *in = (Inst *)OBJ(inst);
  Value m = dwOb_class_lookup(in->cls, dwI_intern(I, "__call__"));
  if (m.t == V_NULL && (in->cls->cflags & CLS_NN_MODULE))
    m = dwOb_class_lookup(in->cls, dwI_intern(I, "forward"));
  if (m.t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "'%s' object is not callable",
                     in->cls->name->s);
  if (m.t == V_FUNC) return call_func(I, (Func *)OBJ(m), inst, a, CM_AUTO);
  if (m.t == V_WRAP) return call_wrap(I, (Wrap *)OBJ(m), inst, a);
  if (m.t == V_OPAQUE && dwDv_grad_fn(m).t != V_NULL) return dwDv_grad_call(I, m, inst, a);
  if (m.t == V_BUILTIN) {
    const BuiltinDef *d = ((Builtin *)OBJ(m))->def;
    if (dwR_tracing(I) && d->trace == TK_UNSUPPORTED &&
        !dwR_break_here(I, BR_UNSUPPORTED_CALL, "Unsupported call to %s()", d->name))
      return dwV_null();
    if (d->trace == TK_TENSOR && dwR_tracing(I)) {
      int tok = dwM_pre_builtin(I, d, inst, a);
      Value r = d->fn(I, d, inst, a);
      dwM_post(I, tok, r);
      return r;
    }
    return d->fn(I, d, inst, a);
  }
  return dwI_call(I, m, a);
}

Value dwI_new_exc(Interp *I, ExcType t, Class *cls, Args *a) {
  Buf b = {0};
  if (a->n == 1) dwV_str_of(&b, a->v[0]);
  else if (a->n > 1) {
    dwB_putc(&b, '(');
    for (int k = 0; k < a->n; k++) {
      if (k) dwB_puts(&b, ", ");
      dwV_repr(&b, a->v[k]);
    }
    dwB_putc(&b, ')');
  }
  if (t == EXC_KeyError && a->n == 1) {
    dwB_free(&b);
    dwV_repr(&b, a->v[0]);
  }
  Str *msg = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  if (!msg) return dwI_raise_ctx(I);
  Exc *e = exc_new(I, t, cls, msg);
  if (!e) {
    dwV_decref_o(&I->c, &msg->h);
    return dwI_raise_ctx(I);
  }
  Tuple *args = dwV_tuple(&I->c, a->n);
  if (args) {
    for (int k = 0; k < a->n; k++) dwV_incref(args->items[k] = a->v[k]);
    e->args = dwV_obj(&args->h);
  }
  return dwV_obj(&e->h);
}

/* An instance of a user exception class: BaseException.__new__ keeps
 * the arguments as args, then a user __init__ (found before the builtin
 * class in the MRO) runs. */
static Value call_exc_class(Interp *I, Class *c, Args *a) {
  Class *user = (c->cflags & CLS_BUILTIN) ? NULL : c;
  Args pos = {a->n, a->v, 0, NULL};
  Value e = dwI_new_exc(I, (ExcType)c->builtin_base, user, &pos);
  if (e.t == V_NULL || !user) {
    if (e.t != V_NULL && a->nkw) {
      dwV_decref(&I->c, e);
      return dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", c->name->s);
    }
    return e;
  }
  Value init = dwOb_class_lookup(c, dwI_intern(I, "__init__"));
  if (init.t == V_FUNC || init.t == V_WRAP) {
    Value r = init.t == V_FUNC ? call_func(I, (Func *)OBJ(init), e, a, CM_AUTO)
                               : call_wrap(I, (Wrap *)OBJ(init), e, a);
    if (r.t == V_NULL) {
      dwV_decref(&I->c, e);
      return r;
    }
    if (r.t != V_NONE) {
      dwV_decref(&I->c, r);
      dwV_decref(&I->c, e);
      return dwI_raise(I, EXC_TypeError, "__init__() should return None, not '%s'",
                       dwV_type_name(r));
    }
  } else if (a->nkw) {
    dwV_decref(&I->c, e);
    return dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", c->name->s);
  }
  return e;
}

/* object.__new__(c): a new instance of a user class, no __init__ run */
Value dwI_new_inst(Interp *I, Class *c) {
  Inst *in = (Inst *)dwV_alloc(&I->c, V_INST, sizeof(Inst));
  if (!in) return dwI_raise_ctx(I);
  in->cls = c;
  dwV_incref_o(&c->h);
  in->attrs = dwV_dict(&I->c);
  if (!in->attrs) {
    dwV_decref_o(&I->c, &in->h);
    return dwI_raise_ctx(I);
  }
  return dwV_obj(&in->h);
}

/* C(*args): C.__new__(C, *args) when a class defines it (its result is
 * returned as it is, and __init__ runs only if it is an instance of C),
 * else a new instance; then __init__(*args). */
static Value call_class(Interp *I, Class *c, Args *a) {
  if (c->builtin_base >= 0 && (c->cflags & CLS_EXCEPTION))
    return call_exc_class(I, c, a);
  Value nw = (c->cflags & CLS_NEW) ? dwOb_class_lookup(c, dwI_intern(I, "__new__")) : dwV_null();
  if ((c->cflags & CLS_BUILTIN) && !(c->cflags & CLS_EXCEPTION) &&
      !(c->cflags & CLS_OBJECT) && nw.t != V_BUILTIN)
    /* a builtin class implemented in C (torch.nn.Module) */
    return dwL_builtin_class_call(I, c, a);
  Value self;
  if (nw.t == V_WRAP && ((Wrap *)OBJ(nw))->kind == WRAP_STATIC) nw = ((Wrap *)OBJ(nw))->target;
  if (nw.t == V_FUNC || nw.t == V_BUILTIN) {
    /* a C __new__ (a namedtuple class, collections.OrderedDict, ...) makes
     * a tuple or dict of its class; __init__ then runs on it */
    self = nw.t == V_FUNC ? call_prepend(I, nw, dwV_obj(&c->h), a)
                          : ((Builtin *)OBJ(nw))->def->fn(I, ((Builtin *)OBJ(nw))->def, dwV_obj(&c->h), a);
    if (self.t == V_NULL) return self;
    Class *sc = dwV_class_of(self);
    if (self.t == V_EXC || !sc || !dwI_subclass(sc, c)) return self;
  } else {
    self = dwI_new_inst(I, c);
    if (self.t == V_NULL) return self;
  }
  Value init = dwOb_class_lookup(c, dwI_intern(I, "__init__"));
  if (init.t != V_NULL) {
    Value r;
    if (init.t == V_FUNC) r = call_func(I, (Func *)OBJ(init), self, a, CM_AUTO);
    else if (init.t == V_BUILTIN)
      r = ((Builtin *)OBJ(init))->def->fn(I, ((Builtin *)OBJ(init))->def, self, a);
    else r = dwI_call(I, init, a);
    if (r.t == V_NULL) {
      dwV_decref(&I->c, self);
      return r;
    }
    if (r.t != V_NONE) {
      dwV_decref(&I->c, r);
      dwV_decref(&I->c, self);
      return dwI_raise(I, EXC_TypeError,
                       "__init__() should return None, not '%s'",
                       dwV_type_name(r));
    }
  } else if ((a->n || a->nkw) && nw.t != V_BUILTIN) {
    if (!(c->cflags & CLS_NN_MODULE)) {
      dwV_decref(&I->c, self);
      return dwI_raise(I, EXC_TypeError, "%s() takes no arguments", c->name->s);
    }
  }
  return self;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

static Value const_str(Interp *I, Node *n) {
  if (!n->str) {
    Str *s = dwV_str(&I->c, n->s ? n->s : "", n->slen);
    if (!s) return dwI_raise_ctx(I);
    n->str = s; /* owned by the node for the run; swept at run end */
  }
  Str *s = (Str *)n->str;
  dwV_incref_o(&s->h);
  return VSTR(s);
}

/* Builds a Func for a def/lambda node in frame f. */
static Value make_func(Interp *I, Frame *f, Node *n) {
  Code *c = n->code;
  Func *fn = (Func *)dwV_alloc(&I->c, V_FUNC, sizeof(Func));
  if (!fn) return dwI_raise_ctx(I);
  fn->code = c;
  Value r = dwV_obj(&fn->h);
  fn->defaults = calloc((size_t)(c->nparams + 1), sizeof(Value));
  fn->cells = calloc((size_t)(c->nfree + 1), sizeof(Cell *));
  if (!fn->defaults || !fn->cells) {
    dwV_decref(&I->c, r);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  Params *p = n->params;
  for (int k = 0; p && k < p->n; k++) {
    if (!p->defaults || !p->defaults[k]) continue;
    Value d = eval(I, f, p->defaults[k]);
    if (d.t == V_NULL) {
      dwV_decref(&I->c, r);
      return d;
    }
    fn->defaults[k] = d;
  }
  while (f->code->is_class && f->back) f = f->back; /* a class body: its function's cells */
  for (int k = 0; k < c->nfree; k++) {
    int from = c->freefrom[k];
    Cell *cell = from >= 0 ? (Cell *)OBJ(f->slots[from]) : f->func->cells[-1 - from];
    dwV_incref_o(&cell->h);
    fn->cells[k] = cell;
  }
  return r;
}

static bool comp_loop(Interp *I, Frame *cf, Node *n, int g, Value iter0,
                      Value acc);

static bool comp_emit(Interp *I, Frame *cf, Node *n, Value acc) {
  if (n->kind == N_DICTCOMP) {
    Value k = eval(I, cf, n->a);
    if (k.t == V_NULL) return false;
    Value v = eval(I, cf, n->b);
    if (v.t == V_NULL) {
      dwV_decref(&I->c, k);
      return false;
    }
    bool ok = dwOb_setitem(I, acc, k, v);
    dwV_decref(&I->c, k);
    dwV_decref(&I->c, v);
    return ok;
  }
  Value v = eval(I, cf, n->a);
  if (v.t == V_NULL) return false;
  if (n->kind == N_SETCOMP) {
    bool added = dwMt_set_add(I, (Set *)OBJ(acc), v);
    dwV_decref(&I->c, v);
    return added;
  }
  bool ok = dwV_list_append(&I->c, (List *)OBJ(acc), v);
  dwV_decref(&I->c, v);
  if (!ok) dwI_raise_ctx(I);
  return ok;
}

static bool comp_loop(Interp *I, Frame *cf, Node *n, int g, Value iter0,
                      Value acc) {
  Node *gen = n->kids.v[g];
  Value src = g == 0 ? iter0 : eval(I, cf, gen->b);
  if (src.t == V_NULL) return false;
  Value it = dwOb_iter(I, src);
  if (g != 0) dwV_decref(&I->c, src);
  if (it.t == V_NULL) return false;
  bool ok = true;
  for (;;) {
    Value v = dwOb_next(I, it);
    if (v.t == V_NULL) {
      ok = I->exc.t == V_NULL && !I->brk.pending;
      break;
    }
    ok = assign(I, cf, gen->a, v);
    dwV_decref(&I->c, v);
    if (!ok) break;
    bool pass = true;
    for (int k = 0; k < gen->kids.n && pass; k++) {
      Value c = eval(I, cf, gen->kids.v[k]);
      if (c.t == V_NULL) {
        ok = false;
        break;
      }
      ok = dwOb_truth(I, c, &pass);
      dwV_decref(&I->c, c);
      if (!ok) break;
    }
    if (!ok) break;
    if (!pass) continue;
    ok = g + 1 < n->kids.n ? comp_loop(I, cf, n, g + 1, iter0, acc)
                           : comp_emit(I, cf, n, acc);
    if (!ok) break;
  }
  dwV_decref(&I->c, it);
  return ok;
}

static bool reiterable(Value v);
static Value comp_run(Interp *I, Frame *f, Node *n, Value iter0);

/* A generator of the program, which a traced loop takes item by item
 * (gen.c inlines it; an endless one with a `break` traces); the runtime's
 * own (Module.parameters() & co, a list's items) it takes whole first. */
static bool lazy_gen(Value v) {
  return v.t == V_GEN && !((Gen *)OBJ(v))->fn->code->prelude;
}

static Value eval_comp(Interp *I, Frame *f, Node *n) {
  if (!dwFr_stack_ok(I)) return dwV_null();
  Value iter0 = eval(I, f, n->kids.v[0]->b);
  if (iter0.t == V_NULL) return iter0;
  if (f->trace && !reiterable(iter0) && !lazy_gen(iter0)) {
    List *l = dwOb_to_list(I, iter0);
    dwV_decref(&I->c, iter0);
    if (!l) return dwV_null();
    iter0 = dwV_obj(&l->h);
  }
  /* a graph break in a comprehension of the root frame runs it eagerly,
   * after the graph of what came before (Dynamo 3.12+) */
  bool region = dwR_region_enter(I, f, n, RG_COMP);
  Value r = comp_run(I, f, n, iter0);
  if (region) {
    if (r.t == V_NULL && I->brk.pending && dwR_region_broke(I, f, n)) {
      r = comp_run(I, f, n, iter0);
      if (r.t != V_NULL && !dwR_region_done(I, f, n)) {
        dwV_decref(&I->c, r);
        r = dwV_null();
      }
      f->eager_stmt = NULL;
    }
    dwR_region_leave(I, f, n);
  }
  dwV_decref(&I->c, iter0);
  return r;
}

static Value comp_run(Interp *I, Frame *f, Node *n, Value iter0) {
  /* CPython 3.11 calls a comprehension's function: a frame of the depth */
  if (I->depth + 1 >= I->max_depth)
    return dwI_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
  Code *c = n->code;
  Func tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.code = c;
  Cell *cellbuf[16];
  Cell **cells = c->nfree <= 16 ? cellbuf : calloc((size_t)c->nfree, sizeof(Cell *));
  for (int k = 0; cells && k < c->nfree; k++) {
    int from = c->freefrom[k];
    cells[k] = from >= 0 ? (Cell *)OBJ(f->slots[from]) : f->func->cells[-1 - from];
  }
  tmp.cells = cells;
  Frame *cf = calloc(1, sizeof(Frame) + sizeof(Value) * (size_t)(c->nslots + 1));
  if (!cf || !cells) {
    free(cf);
    if (cells != cellbuf) free(cells);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  cf->slots = (Value *)(cf + 1);
  cf->code = c;
  cf->func = &tmp;
  cf->back = f;
  cf->line = f->line;
  cf->trace = f->trace;
  cf->cctx = f->cctx;
  cf->depth = ++I->depth;
  bool ok = true;
  for (int k = 0; k < c->nslots && ok; k++) {
    if (!c->slotcell[k]) continue;
    Cell *cell = (Cell *)dwV_alloc(&I->c, V_CELL, sizeof(Cell));
    if (!cell) ok = false;
    else {
      cell->v = dwV_null();
      cf->slots[k] = dwV_obj(&cell->h);
    }
  }
  Value acc = n->kind == N_DICTCOMP  ? dwV_obj(&dwV_dict(&I->c)->h)
              : n->kind == N_SETCOMP ? dwMt_set_new(I)
                                     : dwV_obj(&dwV_list(&I->c, 0)->h);
  if (!ok || acc.u.o == NULL) {
    ok = false;
    dwI_raise_ctx(I);
  }
  Frame *saved = I->frame;
  I->frame = cf;
  if (ok) ok = comp_loop(I, cf, n, 0, iter0, acc);
  I->frame = saved;
  if (!ok && I->exc.t == V_EXC) dwTb_add(I, cf);
  if (!ok && I->brk.pending) dwR_break_passes(I, cf);
  for (int k = 0; k < c->nslots; k++) dwV_decref(&I->c, cf->slots[k]);
  free(cf);
  I->depth--;
  if (cells != cellbuf) free(cells);
  if (!ok) {
    if (acc.u.o) dwV_decref(&I->c, acc);
    return dwV_null();
  }
  return acc;
}

/* Evaluates call arguments into a (positional, keyword) set. */
typedef struct ArgBuf {
  Args a;
  Value sv[8];
  KwArg skw[4];
  Value *hv;
  KwArg *hkw;
  int capv, capkw;
} ArgBuf;

static bool argbuf_push(Interp *I, ArgBuf *ab, Value v) {
  if (ab->a.n == ab->capv) {
    int cap = ab->capv * 2;
    Value *nv = malloc(sizeof(Value) * (size_t)cap);
    if (!nv) {
      dwV_decref(&I->c, v);
      dwI_raise(I, EXC_MemoryError, "out of memory");
      return false;
    }
    memcpy(nv, ab->a.v, sizeof(Value) * (size_t)ab->a.n);
    free(ab->hv);
    ab->hv = ab->a.v = nv;
    ab->capv = cap;
  }
  ab->a.v[ab->a.n++] = v;
  return true;
}

static bool argbuf_kw(Interp *I, ArgBuf *ab, Str *name, Value v) {
  for (int k = 0; k < ab->a.nkw; k++)
    if (ab->a.kw[k].name == name || !strcmp(ab->a.kw[k].name->s, name->s)) {
      dwV_decref(&I->c, v);
      dwI_raise(I, EXC_TypeError, "keyword argument repeated: %s", name->s);
      return false;
    }
  if (ab->a.nkw == ab->capkw) {
    int cap = ab->capkw * 2;
    KwArg *nk = malloc(sizeof(KwArg) * (size_t)cap);
    if (!nk) {
      dwV_decref(&I->c, v);
      dwI_raise(I, EXC_MemoryError, "out of memory");
      return false;
    }
    memcpy(nk, ab->a.kw, sizeof(KwArg) * (size_t)ab->a.nkw);
    free(ab->hkw);
    ab->hkw = ab->a.kw = nk;
    ab->capkw = cap;
  }
  ab->a.kw[ab->a.nkw++] = (KwArg){name, v};
  return true;
}

static bool star_cb(Interp *I, Value v, void *ud) {
  dwV_incref(v);
  return argbuf_push(I, (ArgBuf *)ud, v);
}

static __attribute__((noinline)) bool eval_args(Interp *I, Frame *f, Node *call, ArgBuf *ab) {
  memset(ab, 0, sizeof *ab);
  ab->a.v = ab->sv;
  ab->a.kw = ab->skw;
  ab->capv = 8;
  ab->capkw = 4;
  for (int k = 0; k < call->kids.n; k++) {
    Node *x = call->kids.v[k];
    if (x->kind == N_KEYWORD) {
      Value v = eval(I, f, x->a);
      if (v.t == V_NULL || !argbuf_kw(I, ab, (Str *)x->str, v)) return false;
    } else if (x->kind == N_STARRED) {
      Value v = eval(I, f, x->a);
      if (v.t == V_NULL) return false;
      bool ok = dwOb_foreach(I, v, star_cb, ab);
      dwV_decref(&I->c, v);
      if (!ok) {
        if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError &&
            v.t != V_LIST && v.t != V_TUPLE) {
          /* keep CPython's wording */
        }
        return false;
      }
    } else if (x->kind == N_DSTAR) {
      Value v = eval(I, f, x->a);
      if (v.t == V_NULL) return false;
      if (v.t != V_DICT) {
        dwI_raise(I, EXC_TypeError, "argument after ** must be a mapping, not %s",
                  dwV_type_name(v));
        dwV_decref(&I->c, v);
        return false;
      }
      Dict *d = (Dict *)OBJ(v);
      for (int64_t j = 0; j < d->nent; j++) {
        if (!d->ent[j].used) continue;
        if (d->ent[j].key.t != V_STR) {
          dwV_decref(&I->c, v);
          dwI_raise(I, EXC_TypeError, "keywords must be strings");
          return false;
        }
        dwV_incref(d->ent[j].val);
        if (!argbuf_kw(I, ab, dwI_intern(I, STR(d->ent[j].key)->s), d->ent[j].val)) {
          dwV_decref(&I->c, v);
          return false;
        }
      }
      dwV_decref(&I->c, v);
    } else {
      Value v = eval(I, f, x);
      if (v.t == V_NULL || !argbuf_push(I, ab, v)) return false;
    }
  }
  return true;
}

static void argbuf_free(Interp *I, ArgBuf *ab) {
  args_free(I, &ab->a, ab->hv, ab->hkw);
}

static Value eval_call(Interp *I, Frame *f, Node *n) {
  Value callee = eval(I, f, n->a);
  if (callee.t == V_NULL) return callee;
  ArgBuf ab;
  if (!eval_args(I, f, n, &ab)) {
    argbuf_free(I, &ab);
    dwV_decref(&I->c, callee);
    return dwV_null();
  }
  f->line = n->line;
  f->col = n->col;
  /* a Python function or method straight to call_func: no dwI_call frame
   * on the engine's stack at each call level (wasm) */
  Value r;
  if (callee.t == V_FUNC) r = call_func(I, (Func *)OBJ(callee), dwV_null(), &ab.a, CM_AUTO);
  else if (callee.t == V_BOUND && ((Bound *)OBJ(callee))->func.t == V_FUNC)
    r = call_func(I, (Func *)OBJ(((Bound *)OBJ(callee))->func), ((Bound *)OBJ(callee))->self, &ab.a,
                  CM_AUTO);
  else r = dwI_call(I, callee, &ab.a);
  argbuf_free(I, &ab);
  dwV_decref(&I->c, callee);
  return r;
}

static Value build_seq(Interp *I, Frame *f, Node *n, bool tuple) {
  bool star = false;
  for (int k = 0; k < n->kids.n; k++)
    if (n->kids.v[k]->kind == N_STARRED) star = true;
  List *l = dwV_list(&I->c, star ? 0 : n->kids.n);
  if (!l) return dwI_raise_ctx(I);
  for (int k = 0; k < n->kids.n; k++) {
    Node *x = n->kids.v[k];
    if (x->kind == N_STARRED) {
      Value v = eval(I, f, x->a);
      if (v.t == V_NULL || !dwOb_foreach(I, v, dwOb_collect, l)) {
        dwV_decref(&I->c, v);
        dwV_decref_o(&I->c, &l->h);
        return dwV_null();
      }
      dwV_decref(&I->c, v);
      continue;
    }
    Value v = eval(I, f, x);
    if (v.t == V_NULL) {
      dwV_decref_o(&I->c, &l->h);
      return v;
    }
    if (star) {
      dwV_list_append(&I->c, l, v);
      dwV_decref(&I->c, v);
    } else {
      l->items[k] = v;
    }
  }
  return tuple ? dwL_list_to_tuple(I, l) : dwV_obj(&l->h);
}

static Value eval_fstr(Interp *I, Frame *f, Node *n) {
  Buf b = {0};
  for (int k = 0; k < n->kids.n; k++) {
    Node *p = n->kids.v[k];
    if (p->kind == N_STR) {
      dwB_putn(&b, p->s ? p->s : "", p->slen);
      continue;
    }
    Value v = eval(I, f, p->a);
    if (v.t == V_NULL) {
      dwB_free(&b);
      return v;
    }
    Value spec = dwV_null();
    if (p->b) {
      spec = eval_fstr(I, f, p->b);
      if (spec.t == V_NULL) {
        dwV_decref(&I->c, v);
        dwB_free(&b);
        return spec;
      }
    }
    bool ok;
    if (p->op == 'r' || p->op == 'a') {
      Buf r = {0};
      ok = dwFm_repr_value(I, &r, v);
      if (ok && p->op == 'a') {
        Buf q = {0};
        dwL_ascii_of(&q, r.p ? r.p : "", r.len);
        dwB_free(&r);
        r = q;
      }
      Str *rs = ok ? dwV_str(&I->c, r.p ? r.p : "", r.len) : NULL;
      dwB_free(&r);
      dwV_decref(&I->c, v);
      if (!ok) {
        dwV_decref(&I->c, spec);
        dwB_free(&b);
        return dwV_null();
      }
      v = rs ? dwV_obj(&rs->h) : dwV_none();
    } else if (p->op == 's') {
      Buf r = {0};
      ok = dwFm_str_value(I, &r, v);
      Str *rs = dwV_str(&I->c, r.p ? r.p : "", r.len);
      dwB_free(&r);
      dwV_decref(&I->c, v);
      if (!ok) {
        dwV_decref(&I->c, spec);
        dwB_free(&b);
        if (rs) dwV_decref_o(&I->c, &rs->h);
        return dwV_null();
      }
      v = rs ? dwV_obj(&rs->h) : dwV_none();
    }
    ok = dwFm_format(I, &b, v, spec.t == V_STR ? STR(spec) : NULL);
    dwV_decref(&I->c, v);
    dwV_decref(&I->c, spec);
    if (!ok) {
      dwB_free(&b);
      return dwV_null();
    }
  }
  Str *s = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return s ? dwV_obj(&s->h) : dwI_raise_ctx(I);
}

/* Is n a constant (as CPython's AST optimizer folds them)? */
static bool const_expr(Node *n) {
  switch (n->kind) {
  case N_INT:
  case N_FLOAT:
  case N_STR:
  case N_TRUE:
  case N_FALSE:
  case N_NONE:
  case N_ELLIPSIS:
    return true;
  case N_UNARY:
    return (n->op == UN_NEG || n->op == UN_POS) && n->a &&
           (n->a->kind == N_INT || n->a->kind == N_FLOAT);
  case N_TUPLE:
    for (int k = 0; k < n->kids.n; k++)
      if (!const_expr(n->kids.v[k])) return false;
    return true;
  default:
    return false;
  }
}

/* Identifier strings of at most 3 characters that CPython 3.11 (python3 -c
 * with site) has interned before a program is compiled, sorted. */
static const char *const cpython_interned[] = {
    "30", "AT", "B", "C", "IN", "IO", "KT", "L", "OR", "S", "T", "VT", "_",
    "_T", "_U", "__", "_ag", "_cb", "_e", "_eq", "_f", "_fp", "_io", "_ip",
    "_m", "_os", "_pi", "_re", "a", "ab", "abc", "abs", "add", "all", "and",
    "ann", "any", "arg", "as", "ast", "at", "av", "b", "bbb", "bid", "big",
    "bin", "bit", "bs", "buf", "c", "cat", "cb", "ccc", "cf", "ch", "chr",
    "cls", "cm", "cmd", "co", "cos", "crc", "ctx", "cwd", "d", "def", "del",
    "dev", "dig", "dir", "dis", "doc", "dot", "drv", "dst", "dt", "dup", "e",
    "e1", "e2", "elt", "end", "env", "eof", "eq", "erf", "err", "ex", "exc",
    "exp", "ext", "f", "f1", "f2", "fd", "few", "fmt", "fn", "for", "fp",
    "ftp", "fw", "fxn", "gbk", "gc", "gcd", "ge", "gen", "get", "gid", "git",
    "gnv", "grp", "gt", "gz", "h", "hdl", "hex", "hi", "hx", "hz", "i", "id",
    "ids", "idx", "if", "ifs", "imp", "in", "inf", "ino", "inp", "int", "inv",
    "io", "ior", "ip", "ips", "is", "is_", "it", "itr", "j", "k", "key", "kw",
    "kws", "l", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9", "lcm",
    "le", "len", "lib", "ln", "lo", "log", "low", "lt", "m", "map", "max",
    "me", "mi", "min", "mms", "mo", "mod", "mro", "msg", "mu", "mul", "mv",
    "n", "nan", "ne", "neg", "net", "new", "nfs", "nl", "nm", "not", "ns",
    "nt", "nul", "num", "nv", "o", "ob", "obj", "oct", "ok", "old", "op",
    "ops", "or", "or_", "ord", "os", "out", "p", "pat", "pi", "pid", "pm",
    "pop", "pos", "pow", "pre", "pwd", "py", "q", "qs", "r", "r8", "raw",
    "rb", "rc", "re", "ref", "rel", "rem", "res", "rng", "run", "rv", "s",
    "s1", "s2", "seg", "sep", "seq", "set", "sig", "sin", "sip", "smv", "sr",
    "src", "srw", "st", "str", "sts", "sub", "suf", "sum", "svn", "sw", "sys",
    "sz", "t", "t0", "t1", "t2", "tag", "tan", "tar", "tau", "tb", "tee",
    "tel", "tid", "tmp", "to", "top", "tp", "try", "tup", "typ", "u1", "u2",
    "u3", "u7", "u8", "uhc", "uid", "ulp", "url", "us", "utf", "uu", "v",
    "val", "var", "w", "wb", "why", "win", "wr", "ws", "wss", "x", "xb",
    "xid", "xor", "xz", "y", "zf", "zip", "zz",
};

static bool cpython_interned_short(const char *s, size_t n) {
  if (n > 3) return false;
  int lo = 0, hi = (int)(sizeof cpython_interned / sizeof *cpython_interned) - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int c = strncmp(cpython_interned[mid], s, n);
    if (c == 0 && cpython_interned[mid][n] != 0) c = 1;
    if (c == 0) return true;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/* Does a constant display hold a string that CPython's code object
 * creation re-interns (identifier characters, and an equal string was
 * interned before: a name of the program or of the runtime)? Then the
 * frozenset constant is rebuilt once more. CPython's own startup strings
 * are not all known here, so this is a best effort. */
static int const_display_interns(Interp *I, Node *n) {
  for (int k = 0; k < n->kids.n; k++) {
    Node *x = n->kids.v[k];
    if (x->kind != N_STR || x->slen < 1 || !x->s) continue;
    bool name = true;
    for (size_t j = 0; j < x->slen && name; j++) {
      unsigned char c = (unsigned char)x->s[j];
      name = c < 0x80 && (isalnum(c) || c == '_');
    }
    if (!name) continue;
    if (cpython_interned_short(x->s, x->slen)) return 1;
    Str *tmp = dwV_str(&I->c, x->s, x->slen);
    if (!tmp) continue;
    bool seen = dwV_dict_get(I->interned, VSTR(tmp)).t != V_NULL;
    dwV_decref_o(&I->c, &tmp->h);
    if (seen) return 1;
  }
  return 0;
}

static bool const_display(Node *n) {
  for (int k = 0; k < n->kids.n; k++)
    if (!const_expr(n->kids.v[k])) return false;
  return true;
}

static inline __attribute__((always_inline)) bool eval_test(Interp *I, Frame *f, Node *stmt,
                                                             Node *n, bool *out);

static __attribute__((noinline)) Value eval_rest(Interp *I, Frame *f, Node *n) {
  switch (n->kind) {
  case N_STR:
    return const_str(I, n);
  case N_FSTR:
    return eval_fstr(I, f, n);
  case N_ELLIPSIS:
    dwV_incref(I->ellipsis);
    return I->ellipsis;
  case N_TUPLE:
    return build_seq(I, f, n, true);
  case N_LIST:
    return build_seq(I, f, n, false);
  case N_DICT: {
    Dict *d = dwV_dict(&I->c);
    if (!d) return dwI_raise_ctx(I);
    Value r = dwV_obj(&d->h);
    for (int k = 0; k + 1 < n->kids.n; k += 2) {
      if (n->kids.v[k] == NULL || n->kids.v[k]->kind == N_DSTAR) {
        Node *src = n->kids.v[k] ? n->kids.v[k]->a : n->kids.v[k + 1];
        Value m = eval(I, f, src);
        if (m.t == V_NULL) {
          dwV_decref(&I->c, r);
          return m;
        }
        if (m.t == V_DICT) {
          Dict *md = (Dict *)OBJ(m);
          for (int64_t j = 0; j < md->nent; j++)
            if (md->ent[j].used) dwV_dict_set(&I->c, d, md->ent[j].key, md->ent[j].val);
        }
        dwV_decref(&I->c, m);
        continue;
      }
      Value key = eval(I, f, n->kids.v[k]);
      if (key.t == V_NULL) {
        dwV_decref(&I->c, r);
        return key;
      }
      Value val = eval(I, f, n->kids.v[k + 1]);
      if (val.t == V_NULL) {
        dwV_decref(&I->c, key);
        dwV_decref(&I->c, r);
        return val;
      }
      bool ok = dwOb_setitem(I, r, key, val);
      dwV_decref(&I->c, key);
      dwV_decref(&I->c, val);
      if (!ok) {
        dwV_decref(&I->c, r);
        return dwV_null();
      }
    }
    return r;
  }
  case N_SET: {
    Value lv = build_seq(I, f, n, false);
    if (lv.t == V_NULL) return lv;
    Value sv = dwMt_set_new(I);
    if (sv.t != V_NULL && !dwMt_set_from(I, (Set *)OBJ(sv), lv)) {
      dwV_decref(&I->c, sv);
      sv = dwV_null();
    }
    dwV_decref(&I->c, lv);
    if (sv.t != V_NULL && n->kids.n >= 3 && const_display(n)) {
      /* CPython folds a display of 3+ constants into a frozenset constant,
       * which the compiler rebuilds from its own iteration order (once
       * when merging constants, once more when it interns identifier-like
       * strings in it); the set is then merged from that frozenset */
      Value s2 = sv;
      int rebuilds = 1 + const_display_interns(I, n);
      for (int r = 0; r < rebuilds && s2.t != V_NULL; r++) {
        List *ord = dwMt_set_order(I, (Set *)OBJ(s2));
        Value s3 = ord ? dwMt_set_new(I) : dwV_null();
        if (s3.t != V_NULL && !dwMt_set_from(I, (Set *)OBJ(s3), dwV_obj(&ord->h))) {
          dwV_decref(&I->c, s3);
          s3 = dwV_null();
        }
        if (ord) dwV_decref_o(&I->c, &ord->h);
        dwV_decref(&I->c, s2);
        s2 = s3;
      }
      /* BUILD_SET 0; SET_UPDATE frozenset: a merge into an empty set */
      sv = s2.t != V_NULL ? dwMt_set_new(I) : s2;
      if (sv.t != V_NULL && !dwMt_set_from(I, (Set *)OBJ(sv), s2)) {
        dwV_decref(&I->c, sv);
        sv = dwV_null();
      }
      dwV_decref(&I->c, s2);
    }
    return sv;
  }
  case N_LISTCOMP:
  case N_DICTCOMP:
  case N_SETCOMP:
  case N_GENEXP:
    return eval_comp(I, f, n);
  case N_BOOLOP: {
    Value v = dwV_null();
    for (int k = 0; k < n->kids.n; k++) {
      if (k) dwV_decref(&I->c, v);
      v = eval(I, f, n->kids.v[k]);
      if (v.t == V_NULL) return v;
      if (k == n->kids.n - 1) break;
      bool t;
      if (!dwOb_truth(I, v, &t)) {
        dwV_decref(&I->c, v);
        return dwV_null();
      }
      if (n->op == BOOL_AND ? !t : t) break;
      /* a graph break at this jump resumes at the next operand */
      if (f->armed && !dwR_resume(I, f, n->kids.v[k + 1], UK_BEFORE)) {
        dwV_decref(&I->c, v);
        return dwV_null();
      }
    }
    return v;
  }
  case N_SLICE: {
    Slice *s = (Slice *)dwV_alloc(&I->c, V_SLICE, sizeof(Slice));
    if (!s) return dwI_raise_ctx(I);
    s->start = s->stop = s->step = dwV_none();
    Value r = dwV_obj(&s->h);
    Node *parts[3] = {n->a, n->b, n->c};
    Value *dst[3] = {&s->start, &s->stop, &s->step};
    for (int k = 0; k < 3; k++) {
      if (!parts[k]) continue;
      Value v = eval(I, f, parts[k]);
      if (v.t == V_NULL) {
        dwV_decref(&I->c, r);
        return v;
      }
      *dst[k] = v;
    }
    return r;
  }
  case N_LAMBDA:
    return make_func(I, f, n);
  case N_NAMEDEXPR: {
    Value v = eval(I, f, n->a);
    if (v.t == V_NULL) return v;
    /* the target is resolved like a name node stored in n itself */
    if (!store_name(I, f, n, v)) {
      dwV_decref(&I->c, v);
      return dwV_null();
    }
    return v;
  }
  case N_STARRED:
    return dwI_raise(I, EXC_SyntaxError, "can't use starred expression here");
  default:
    return dwI_raise(I, EXC_NotImplementedError, "%s is not supported",
                     dwP_kind_names[n->kind]);
  }
}

/* a < b < c ...: Python's chained comparison (out of eval_node: its
 * values would widen eval_node's frame, which every call level has). */
static __attribute__((noinline)) Value eval_compare(Interp *I, Frame *f, Node *n) {
  Value left = eval(I, f, n->a);
  if (left.t == V_NULL) return left;
  Value result = dwV_null();
  for (int k = 0; k < n->kids.n; k++) {
    Value right = eval(I, f, n->kids.v[k]);
    if (right.t == V_NULL) {
      dwV_decref(&I->c, left);
      return right;
    }
    f->line = n->line;
    f->col = n->col;
    Value r = dwOb_compare(I, n->cmpops[k], left, right);
    dwV_decref(&I->c, left);
    left = right;
    if (r.t == V_NULL) {
      dwV_decref(&I->c, left);
      return r;
    }
    if (k == n->kids.n - 1) {
      result = r;
      break;
    }
    bool t;
    bool ok = dwOb_truth(I, r, &t);
    if (!ok || !t) {
      dwV_decref(&I->c, left);
      if (!ok) {
        dwV_decref(&I->c, r);
        return dwV_null();
      }
      return r;
    }
    dwV_decref(&I->c, r);
    if (f->armed && !dwR_resume(I, f, n->kids.v[k + 1], UK_BEFORE)) {
      dwV_decref(&I->c, left);
      return dwV_null();
    }
  }
  dwV_decref(&I->c, left);
  return result;
}

/* The cases a Python call level goes through (a call in a return, a
 * conditional expression, an operand, an attribute), in a function of
 * their own: in WebAssembly every function's frame on the engine's stack
 * is as big as its largest case needs, and each call level has two or
 * three eval_node frames (docs/architecture.md, "Recursion"); the other
 * cases run in eval_rest's frame. */
static Value eval_node(Interp *I, Frame *f, Node *n) {
  if (DW_HOST_DEEP(I)) return dwFr_stack_exceeded(I), dwV_null();
again:
  switch (n->kind) {
  case N_NAME:
    return load_name(I, f, n);
  case N_INT:
    if (n->flags & NF_BIGINT)
      return dwI_raise(I, EXC_OverflowError,
                       "integer literal %s is too large (dynawasm integers are "
                       "64-bit)",
                       n->s);
    return dwV_int(n->ival);
  case N_FLOAT:
    return dwV_float(n->fval);
  case N_TRUE:
    return dwV_bool(true);
  case N_FALSE:
    return dwV_bool(false);
  case N_NONE:
    return dwV_none();
  case N_COMPARE:
    return eval_compare(I, f, n);
  case N_UNARY: {
    Value a = eval(I, f, n->a);
    if (a.t == V_NULL) return a;
    f->line = n->line;
    f->col = n->col;
    Value r = dwOb_unary(I, n->op, a);
    dwV_decref(&I->c, a);
    return r;
  }
  case N_SUBSCRIPT: {
    Value o = eval(I, f, n->a);
    if (o.t == V_NULL) return o;
    Value i = eval(I, f, n->b);
    if (i.t == V_NULL) {
      dwV_decref(&I->c, o);
      return i;
    }
    f->line = n->line;
    f->col = n->col;
    Value r = dwOb_getitem(I, o, i);
    dwV_decref(&I->c, o);
    dwV_decref(&I->c, i);
    return r;
  }
  case N_CALL:
    return eval_call(I, f, n);
  case N_IFEXP: {
    bool t;
    if (!eval_test(I, f, NULL, n->a, &t)) return dwV_null();
    if (f->armed && !dwR_resume(I, f, t ? n->b : n->c, UK_BEFORE)) return dwV_null();
    if (!f->trace && !f->cctx) { /* eager: no resume point after the branch */
      n = t ? n->b : n->c;
      goto again; /* in this frame (`x if c else f(n - 1)` recursing) */
    }
    return eval(I, f, t ? n->b : n->c);
  }
  case N_BINOP: {
    Value a = eval(I, f, n->a);
    if (a.t == V_NULL) return a;
    Value b = eval(I, f, n->b);
    if (b.t == V_NULL) {
      dwV_decref(&I->c, a);
      return b;
    }
    f->line = n->line;
    f->col = n->col;
    Value r = dwOb_binop(I, n->op, a, b);
    dwV_decref(&I->c, a);
    dwV_decref(&I->c, b);
    return r;
  }
  case N_ATTR: {
    Value o = eval(I, f, n->a);
    if (o.t == V_NULL) return o;
    f->line = n->line;
    f->col = n->col;
    Value r = dwOb_getattr(I, o, (Str *)n->str);
    dwV_decref(&I->c, o);
    return r;
  }
  default:
    return eval_rest(I, f, n);
  }
}

/* Evaluates n; a graph break that ended the frame's unit inside resumes
 * tracing right after n (Dynamo resumes at the next instruction). Inlined:
 * no C frame of its own (the wasm build counts them for RecursionError). */
static inline __attribute__((always_inline)) Value eval(Interp *I, Frame *f, Node *n) {
  Value v = eval_node(I, f, n);
  if (__builtin_expect(v.t == V_NULL, 0)) dwTb_err_at(I, f, n); /* the traceback's range */
  if (f->armed && v.t != V_NULL && !dwR_resume(I, f, n, UK_AFTER)) {
    dwV_decref(&I->c, v);
    return dwV_null();
  }
  return v;
}

/* The truth of a test (if/while/assert; stmt NULL: a conditional
 * expression), with Python's jumps: `and`, `or` and `not` jump on each
 * operand. A tensor operand is a data-dependent graph break at its jump,
 * and tracing resumes at the jump's target: the next operand, or the
 * branch the statement takes (the caller resumes there). */
static bool eval_jumps(Interp *I, Frame *f, Node *stmt, Node *n, bool *out);

static inline __attribute__((always_inline)) bool eval_test(Interp *I, Frame *f, Node *stmt,
                                                             Node *n, bool *out) {
  if (n->kind == N_BOOLOP || (n->kind == N_UNARY && n->op == UN_NOT))
    return eval_jumps(I, f, stmt, n, out);
  Value v = eval(I, f, n);
  if (v.t == V_NULL) return false;
  bool ok = true;
  if (f->trace && (v.t == V_TENSOR || (v.sx & DW_SX_UNBACKED)))
    ok = dwR_break_jump_v(I, v, stmt != NULL, stmt, n);
  ok = ok && dwOb_truth(I, v, out);
  dwV_decref(&I->c, v);
  return ok;
}

static bool eval_jumps(Interp *I, Frame *f, Node *stmt, Node *n, bool *out) {
  if (n->kind == N_BOOLOP) {
    for (int k = 0; k < n->kids.n; k++) {
      bool t;
      if (!eval_test(I, f, stmt, n->kids.v[k], &t)) return false;
      if ((n->op == BOOL_AND ? !t : t) || k == n->kids.n - 1) {
        *out = t;
        return true;
      }
      if (f->armed && !dwR_resume(I, f, n->kids.v[k + 1], UK_BEFORE)) return false;
    }
  }
  bool t;
  if (!eval_test(I, f, stmt, n->a, &t)) return false;
  *out = !t;
  return true;
}

Value dwI_eval(Interp *I, Frame *f, Node *n) { return eval(I, f, n); }
bool dwI_test(Interp *I, Frame *f, Node *stmt, Node *n, bool *out) {
  return eval_test(I, f, stmt, n, out);
}

/* ------------------------------------------------------------------ */
/* Assignment                                                          */
/* ------------------------------------------------------------------ */

static bool unpack(Interp *I, Frame *f, Node *t, Value v) {
  List *items = dwOb_to_list(I, v);
  if (!items) {
    if (I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_TypeError) {
      dwI_raise(I, EXC_TypeError, "cannot unpack non-iterable %s object",
                dwV_type_name(v));
    }
    return false;
  }
  int star = -1;
  for (int k = 0; k < t->kids.n; k++)
    if (t->kids.v[k]->kind == N_STARRED) star = k;
  int64_t n = items->len, want = t->kids.n;
  bool ok = true;
  if (star < 0 && n != want) {
    if (n > want)
      dwI_raise(I, EXC_ValueError, "too many values to unpack (expected %lld)",
                (long long)want);
    else
      dwI_raise(I, EXC_ValueError,
                "not enough values to unpack (expected %lld, got %lld)",
                (long long)want, (long long)n);
    ok = false;
  } else if (star >= 0 && n < want - 1) {
    dwI_raise(I, EXC_ValueError,
              "not enough values to unpack (expected at least %lld, got %lld)",
              (long long)(want - 1), (long long)n);
    ok = false;
  }
  for (int k = 0; ok && k < t->kids.n; k++) {
    Node *x = t->kids.v[k];
    if (k == star) {
      int64_t cnt = n - (want - 1);
      List *rest = dwV_list(&I->c, cnt);
      if (!rest) {
        dwI_raise_ctx(I);
        ok = false;
        break;
      }
      for (int64_t j = 0; j < cnt; j++) dwV_incref(rest->items[j] = items->items[k + j]);
      ok = assign(I, f, x->a, dwV_obj(&rest->h));
      dwV_decref_o(&I->c, &rest->h);
    } else {
      int64_t src = star >= 0 && k > star ? n - (want - k) : k;
      ok = assign(I, f, x, items->items[src]);
    }
  }
  dwV_decref_o(&I->c, &items->h);
  return ok;
}

/* Stores v (borrowed) into an assignment target. */
static bool assign(Interp *I, Frame *f, Node *t, Value v) {
  switch (t->kind) {
  case N_NAME:
    return store_name(I, f, t, v);
  case N_TUPLE:
  case N_LIST:
    return unpack(I, f, t, v);
  case N_ATTR: {
    Value o = eval(I, f, t->a);
    if (o.t == V_NULL) return false;
    f->line = t->line;
    bool ok = dwOb_setattr(I, o, (Str *)t->str, v);
    dwV_decref(&I->c, o);
    return ok;
  }
  case N_SUBSCRIPT: {
    Value o = eval(I, f, t->a);
    if (o.t == V_NULL) return false;
    Value i = eval(I, f, t->b);
    if (i.t == V_NULL) {
      dwV_decref(&I->c, o);
      return false;
    }
    f->line = t->line;
    bool ok = dwOb_setitem(I, o, i, v);
    dwV_decref(&I->c, o);
    dwV_decref(&I->c, i);
    return ok;
  }
  default:
    dwI_raise(I, EXC_SyntaxError, "cannot assign to %s", dwP_kind_names[t->kind]);
    return false;
  }
}


static Exec exec_augassign(Interp *I, Frame *f, Node *s) {
  Node *t = s->a;
  Value obj = dwV_null(), idx = dwV_null(), cur;
  if (t->kind == N_NAME) {
    cur = load_name(I, f, t);
  } else if (t->kind == N_ATTR) {
    obj = eval(I, f, t->a);
    if (obj.t == V_NULL) return X_EXC;
    cur = dwOb_getattr(I, obj, (Str *)t->str);
  } else if (t->kind == N_SUBSCRIPT) {
    obj = eval(I, f, t->a);
    if (obj.t == V_NULL) return X_EXC;
    idx = eval(I, f, t->b);
    if (idx.t == V_NULL) {
      dwV_decref(&I->c, obj);
      return X_EXC;
    }
    cur = dwOb_getitem(I, obj, idx);
  } else {
    dwI_raise(I, EXC_SyntaxError, "illegal expression for augmented assignment");
    return X_EXC;
  }
  Value r = dwV_null();
  if (cur.t != V_NULL) {
    Value rhs = eval(I, f, s->b);
    if (rhs.t != V_NULL) {
      f->line = s->line;
      f->col = s->col;
      r = dwOb_inplace(I, s->op, cur, rhs);
      dwV_decref(&I->c, rhs);
    }
    dwV_decref(&I->c, cur);
  }
  bool ok = r.t != V_NULL;
  if (ok) {
    if (t->kind == N_NAME) ok = store_name(I, f, t, r);
    else if (t->kind == N_ATTR) ok = dwOb_setattr(I, obj, (Str *)t->str, r);
    else ok = dwOb_setitem(I, obj, idx, r);
  }
  dwV_decref(&I->c, r);
  dwV_decref(&I->c, obj);
  dwV_decref(&I->c, idx);
  if (ok) return X_NORMAL;
  return I->brk.pending ? X_GBREAK : X_EXC;
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

static Exec fail_status(Interp *I) { return I->brk.pending ? X_GBREAK : X_EXC; }
static Exec stmt_break(Interp *I, Frame *f, Node *s, const char *msg);

static Exec exec_block(Interp *I, Frame *f, NodeList *b) {
  for (int k = 0; k < b->n; k++) {
    Node *s = b->v[k];
    Exec st = dwI_exec_stmt(I, f, s);
    if (st != X_NORMAL) return st;
  }
  return X_NORMAL;
}

Exec dwI_exec_block(Interp *I, Frame *f, NodeList *b) { return exec_block(I, f, b); }

/* For runtime/gen.c, which runs the statements of a generator that hold a
 * yield: assignment, names, handlers' matching. */
bool dwI_assign(Interp *I, Frame *f, Node *target, Value v) { return assign(I, f, target, v); }
bool dwI_store_name(Interp *I, Frame *f, Node *n, Value v) { return store_name(I, f, n, v); }
bool dwI_delete_name(Interp *I, Frame *f, Node *n) { return delete_name(I, f, n); }
bool dwI_exc_matches(Value e, Value cls) { return exc_matches(e, cls); }

/* Executes from statement s to the end of the frame's body: the rest of
 * s's block, then what follows each enclosing (non-loop) statement. */
Exec dwI_exec_from(Interp *I, Frame *f, Node *s) {
  while (s) {
    Node *parent = s->parent;
    NodeList *blk;
    if (!parent) blk = &f->code->node->body;
    else if (s->block == 0) blk = &parent->body;
    else if (s->block == 1) blk = &parent->orelse;
    else blk = &parent->finalbody;
    for (int k = s->index; k < blk->n; k++) {
      Node *x = blk->v[k];
      Exec st = dwI_exec_stmt(I, f, x);
      if (st != X_NORMAL) {
        /* out of the enclosing `with` blocks over grad-mode contexts too */
        for (Node *p = parent; I->ngblk && p; p = p->parent) dwDv_grad_leave(I, f, p);
        return st;
      }
    }
    /* climb: continue after the parent statement */
    s = NULL;
    while (parent) {
      dwDv_grad_leave(I, f, parent);
      NodeList *pb = !parent->parent ? &f->code->node->body
                     : parent->block == 0 ? &parent->parent->body
                     : parent->block == 1 ? &parent->parent->orelse
                                          : &parent->parent->finalbody;
      if (parent->index + 1 < pb->n) {
        s = pb->v[parent->index + 1];
        break;
      }
      parent = parent->parent;
    }
  }
  return X_NORMAL;
}

static Exec exec_loop_body(Interp *I, Frame *f, NodeList *body, bool *brk) {
  Exec st = exec_block(I, f, body);
  *brk = false;
  if (st == X_BREAK) {
    *brk = true;
    return X_NORMAL;
  }
  if (st == X_CONTINUE) return X_NORMAL;
  return st;
}

/* Can v be iterated again from the start, with no effect? (A for loop of
 * a traced frame may have to run again eagerly after a graph break.) */
static bool reiterable(Value v) {
  switch (v.t) {
  case V_LIST: case V_TUPLE: case V_RANGE: case V_DICT: case V_SET:
  case V_STR: case V_TENSOR: case V_DICTVIEW:
    return true;
  default:
    return false;
  }
}

static Exec exec_for_once(Interp *I, Frame *f, Node *s, Value src);

static Exec exec_for(Interp *I, Frame *f, Node *s) {
  Value src = eval(I, f, s->b);
  if (src.t == V_NULL) return fail_status(I);
  if (f->trace && !reiterable(src) && !lazy_gen(src)) {
    List *l = dwL_endless_iter(I, src) ? NULL : dwOb_to_list(I, src);
    dwV_decref(&I->c, src);
    if (!l) return fail_status(I);
    src = dwV_obj(&l->h);
  }
  /* a graph break in the loop runs the whole loop eagerly, after the
   * graph of what came before (Dynamo's for-loop speculation) */
  bool region = dwR_region_enter(I, f, s, RG_FOR);
  Exec st = exec_for_once(I, f, s, src);
  if (region) {
    if (st == X_GBREAK && dwR_region_broke(I, f, s)) {
      st = exec_for_once(I, f, s, src);
      if (st == X_NORMAL && !dwR_region_done(I, f, s)) st = X_EXC;
      f->eager_stmt = NULL;
    } else if (st == X_GBREAK && I->exc.t != V_NULL) {
      st = X_EXC;
    }
    dwR_region_leave(I, f, s);
  }
  dwV_decref(&I->c, src);
  return st;
}

static Exec exec_for_once(Interp *I, Frame *f, Node *s, Value src) {
  Exec st = X_NORMAL;
  bool broke = false;
  f->loop_depth++;
  if (src.t == V_RANGE) {
    /* fast path: no iterator object */
    Range *r = (Range *)OBJ(src);
    uint64_t cnt = dwOb_range_count(r->start, r->stop, r->step);
    int64_t i = r->start;
    for (uint64_t k = 0; k < cnt; k++, i = (int64_t)((uint64_t)i + (uint64_t)r->step)) {
      if (!assign(I, f, s->a, dwV_int(i))) {
        st = fail_status(I);
        break;
      }
      st = exec_loop_body(I, f, &s->body, &broke);
      if (st != X_NORMAL || broke) break;
    }
  } else {
    Value it = dwOb_iter(I, src);
    if (it.t == V_NULL) {
      st = fail_status(I);
    } else {
      for (;;) {
        f->line = s->line; /* an error of the iteration is the for's */
        Value v = dwOb_next(I, it);
        if (v.t == V_NULL) {
          if (I->exc.t != V_NULL || I->brk.pending) st = fail_status(I);
          break;
        }
        bool ok = assign(I, f, s->a, v);
        dwV_decref(&I->c, v);
        if (!ok) {
          st = fail_status(I);
          break;
        }
        st = exec_loop_body(I, f, &s->body, &broke);
        if (st != X_NORMAL || broke) break;
      }
      dwV_decref(&I->c, it);
    }
  }
  f->loop_depth--;
  if (st == X_NORMAL && !broke && s->orelse.n) st = exec_block(I, f, &s->orelse);
  return st;
}

static Exec exec_while(Interp *I, Frame *f, Node *s) {
  Exec st = X_NORMAL;
  bool broke = false;
  bool region = false;
  f->loop_depth++;
  for (bool first = true;; first = false) {
    f->line = s->line;
    bool t;
    if (!eval_test(I, f, s, s->a, &t)) {
      st = fail_status(I);
      break;
    }
    if (first && f->armed) {
      /* a data-dependent break at the first test: the graph before the
       * loop is compiled; the loop itself would resume inside it, which
       * Dynamo skips (a back edge): the rest of the frame runs eagerly.
       * If the loop is not entered, tracing resumes after it. */
      if (t) {
        f->armed = false;
        f->no_resume = true;
      }
    } else if (first && t) {
      /* a graph break in the body skips the frame */
      region = dwR_region_enter(I, f, s, RG_WHILE);
    }
    if (!t) break;
    st = exec_loop_body(I, f, &s->body, &broke);
    if (st != X_NORMAL || broke) break;
    if (I->opt.max_steps && ++I->steps > I->opt.max_steps) {
      dwI_raise(I, EXC_TimeoutError,
                "the program exceeded its budget of %llu steps",
                (unsigned long long)I->opt.max_steps);
      st = X_EXC;
      break;
    }
  }
  if (region) dwR_region_leave(I, f, s);
  f->loop_depth--;
  if (st == X_NORMAL && !broke && s->orelse.n) st = exec_block(I, f, &s->orelse);
  return st;
}

/* The exception currently being handled (for bare `raise`). */
static Value exec_raise(Interp *I, Frame *f, Node *s) {
  if (!s->a) {
    if (I->handling.t == V_NULL)
      return dwI_raise(I, EXC_RuntimeError, "No active exception to reraise");
    dwV_incref(I->handling);
    set_exc(I, I->handling);
    if (I->handling.t == V_EXC) {
      /* a re-raise adds no traceback entry: the frame that caught it has
       * one; raised again from a function the handler called, that
       * function gets none and the handler's frame one at the call */
      Exc *e = (Exc *)OBJ(I->handling);
      if (e->cur_frame != f) {
        e->cur_frame = f;
        e->cur_line = s->line;
        e->cur_node = NULL;
        e->tb_frame = f;
      }
    }
    return dwV_null();
  }
  Value v = eval(I, f, s->a);
  if (v.t == V_NULL) return v;
  if (v.t == V_CLASS) {
    Value e = dwI_call0(I, v, 0, NULL);
    dwV_decref(&I->c, v);
    if (e.t == V_NULL) return e;
    v = e;
  }
  if (v.t != V_EXC) {
    dwV_decref(&I->c, v);
    return dwI_raise(I, EXC_TypeError, "exceptions must derive from BaseException");
  }
  Exc *e = (Exc *)OBJ(v);
  e->line = s->line;
  e->col = s->col;
  /* an explicit raise is a new raise point in this frame (an exception
   * raised again keeps its older traceback entries) */
  e->cur_line = s->line;
  e->cur_frame = f;
  e->cur_node = NULL;
  e->tb_frame = NULL;
  if (s->b) {
    /* `from cause`: evaluated, not kept */
    Value c = eval(I, f, s->b);
    if (c.t == V_NULL) {
      dwV_decref(&I->c, v);
      return c;
    }
    dwV_decref(&I->c, c);
  }
  set_exc(I, v);
  return dwV_null();
}

/* An exception no traced handler may catch: the compiler's own
 * (Unsupported, BackendCompilerFailed, ...), which ends the unit. */
static bool compiler_error(Interp *I, Frame *f) {
  if (!f->trace || I->exc.t != V_EXC) return false;
  Exc *x = (Exc *)OBJ(I->exc);
  return !x->cls && dwV_exc_below(x->type, EXC_TorchDynamoException);
}

static Exec exec_try(Interp *I, Frame *f, Node *s) {
  if (s->kids.n) f->try_depth++;
  Exec st = exec_block(I, f, &s->body);
  if (s->kids.n) f->try_depth--;
  /* traced, a graph break travels up to where the unit is taken back, and
   * so does a compiler error: no handler or finally block runs */
  if (st == X_GBREAK || (st == X_EXC && compiler_error(I, f))) return st;
  if (st == X_EXC) {
    Value e = I->exc;
    I->exc = dwV_null();
    bool handled = false;
    for (int k = 0; k < s->kids.n && !handled; k++) {
      Node *h = s->kids.v[k];
      bool match = !h->a;
      if (h->a) {
        Value ty = eval(I, f, h->a);
        if (ty.t == V_NULL) {
          dwV_decref(&I->c, e);
          return fail_status(I);
        }
        if (ty.t == V_TUPLE) {
          Tuple *tt = (Tuple *)OBJ(ty);
          for (int64_t j = 0; j < tt->len && !match; j++) match = exc_matches(e, tt->items[j]);
        } else {
          match = exc_matches(e, ty);
        }
        dwV_decref(&I->c, ty);
      }
      if (!match) continue;
      handled = true;
      /* as in CPython, the frame's traceback entry is made when the
       * exception reaches it, caught or not */
      if (e.t == V_EXC && ((Exc *)OBJ(e))->tb_frame != f) {
        Value pend = I->exc;
        I->exc = e;
        const void *cf = ((Exc *)OBJ(e))->cur_frame;
        int cl = ((Exc *)OBJ(e))->cur_line;
        const Node *cn = ((Exc *)OBJ(e))->cur_node;
        dwTb_add(I, f);
        Exc *x = (Exc *)OBJ(e);
        x->tb_frame = f;
        x->cur_frame = cf; /* a bare re-raise keeps the line */
        x->cur_line = cl;
        x->cur_node = cn;
        I->exc = pend;
      }
      if (h->s && !store_name(I, f, h, e)) {
        dwV_decref(&I->c, e);
        return fail_status(I);
      }
      Value saved = I->handling;
      I->handling = e;
      st = exec_block(I, f, &h->body);
      I->handling = saved;
      if (h->s) {
        /* `except E as name`: the name is unbound after the handler */
        Value pend = I->exc;
        I->exc = dwV_null();
        if (!delete_name(I, f, h)) {
          dwV_decref(&I->c, I->exc);
          I->exc = dwV_null();
        }
        I->exc = pend;
      }
    }
    if (!handled) {
      I->exc = e;
      st = X_EXC;
    } else {
      dwV_decref(&I->c, e);
    }
  } else if (st == X_NORMAL && s->orelse.n) {
    st = exec_block(I, f, &s->orelse);
  }
  if (s->finalbody.n) {
    Value pending = I->exc, ret = I->retval;
    I->exc = dwV_null();
    I->retval = dwV_null();
    Exec fst = exec_block(I, f, &s->finalbody);
    if (fst == X_GBREAK || (fst == X_EXC && compiler_error(I, f))) {
      dwV_decref(&I->c, pending);
      dwV_decref(&I->c, ret);
      return fst;
    }
    if (fst != X_NORMAL) {
      dwV_decref(&I->c, pending);
      dwV_decref(&I->c, ret);
      return fst;
    }
    I->exc = pending;
    I->retval = ret;
  }
  return st;
}

/* A try statement of a traced frame is traced as recent Dynamo does: an
 * exception raised in its body (by a raise, an inlined call or a builtin)
 * goes to its handlers, which are traced too. At the root level it is a
 * region: a graph break inside it, or an exception that escapes it, takes
 * the unit back to its start (the graph before it compiles) and the rest
 * of the frame runs eagerly. */
static Exec exec_try_traced(Interp *I, Frame *f, Node *s) {
  bool region = dwR_region_enter(I, f, s, RG_TRY);
  Exec st = exec_try(I, f, s);
  if (!region) return st;
  if (st == X_EXC && dwR_region_raised(I, f, s)) st = fail_status(I);
  if (st == X_GBREAK && dwR_region_broke(I, f, s)) {
    st = exec_try(I, f, s);
    dwR_region_done(I, f, s);
  } else if (st == X_GBREAK && I->exc.t != V_NULL) {
    st = X_EXC;
  }
  dwR_region_leave(I, f, s);
  return st;
}

static Exec exec_with(Interp *I, Frame *f, Node *s, int k) {
  if (k == s->kids.n) return exec_block(I, f, &s->body);
  Node *item = s->kids.v[k];
  Value ctx = eval(I, f, item->a);
  if (ctx.t == V_NULL) return fail_status(I);
  if (ctx.t == V_OPAQUE) {
    /* torch.no_grad() and friends: their grad mode while the block runs,
     * the one it found restored on every way out (device.c) */
    bool ok = dwDv_grad_enter(I, f, ctx);
    dwV_decref(&I->c, ctx);
    if (!ok) return fail_status(I);
    I->gblk[I->ngblk - 1].stmt = s;
    Exec st = item->b && !assign(I, f, item->b, dwV_none()) ? fail_status(I) : exec_with(I, f, s, k + 1);
    dwDv_grad_exit(I);
    return st;
  }
  if (f->trace) {
    Exec st = stmt_break(I, f, s,
                         "`with` over a user context manager is not supported in a "
                         "traced frame");
    if (st != X_NORMAL) {
      dwV_decref(&I->c, ctx);
      return st;
    }
  }
  Value exitm, ev;
  Exec est = dwI_with_enter(I, ctx, &exitm, &ev);
  if (est != X_NORMAL) return est;
  bool ok = !item->b || assign(I, f, item->b, ev);
  dwV_decref(&I->c, ev);
  Exec st = ok ? exec_with(I, f, s, k + 1) : X_EXC;
  return dwI_with_exit(I, exitm, st);
}

/* A with statement's context manager ctx (a reference, consumed) entered:
 * its __exit__ in *exitm and __enter__()'s value in *ev (references) and
 * X_NORMAL, or the failure's status (nothing to release). */
Exec dwI_with_enter(Interp *I, Value ctx, Value *exitm, Value *ev) {
  Value enter = dwOb_getattr(I, ctx, dwI_intern(I, "__enter__"));
  *exitm = enter.t == V_NULL ? dwV_null() : dwOb_getattr(I, ctx, dwI_intern(I, "__exit__"));
  dwV_decref(&I->c, ctx);
  if (exitm->t == V_NULL) {
    dwV_decref(&I->c, enter);
    return X_EXC;
  }
  *ev = dwI_call0(I, enter, 0, NULL);
  dwV_decref(&I->c, enter);
  if (ev->t == V_NULL) {
    dwV_decref(&I->c, *exitm);
    return fail_status(I);
  }
  return X_NORMAL;
}

/* Leaves a with statement whose body ended with st: calls exitm (consumed)
 * as __exit__(type, value, traceback); an exception it suppresses ends
 * the statement normally. */
Exec dwI_with_exit(Interp *I, Value exitm, Exec st) {
  Value args[3] = {dwV_none(), dwV_none(), dwV_none()};
  Value pending = dwV_null();
  if (st == X_EXC) {
    pending = I->exc;
    I->exc = dwV_null();
    args[1] = pending;
    args[0] = dwL_type_of(I, pending);
  }
  Value r = dwI_call0(I, exitm, 3, args);
  dwV_decref(&I->c, exitm);
  dwV_decref(&I->c, args[0]);
  if (r.t == V_NULL) {
    dwV_decref(&I->c, pending);
    return X_EXC;
  }
  bool suppress = false;
  dwOb_truth(I, r, &suppress);
  dwV_decref(&I->c, r);
  if (pending.t != V_NULL) {
    if (suppress) {
      dwV_decref(&I->c, pending);
      return X_NORMAL;
    }
    I->exc = pending;
  }
  return st;
}

static Value apply_decorators(Interp *I, Frame *f, Node *s, Value *decos,
                              Value v) {
  for (int k = s->decos.n - 1; k >= 0; k--) {
    f->line = s->decos.v[k]->line;
    Value r = dwI_call0(I, decos[k], 1, &v);
    dwV_decref(&I->c, v);
    if (r.t == V_NULL) return r;
    v = r;
  }
  return v;
}

static bool eval_decorators(Interp *I, Frame *f, Node *s, Value **out) {
  *out = NULL;
  if (!s->decos.n) return true;
  Value *d = calloc((size_t)s->decos.n, sizeof(Value));
  if (!d) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  for (int k = 0; k < s->decos.n; k++) {
    d[k] = eval(I, f, s->decos.v[k]);
    if (d[k].t == V_NULL) {
      for (int j = 0; j < k; j++) dwV_decref(&I->c, d[j]);
      free(d);
      return false;
    }
  }
  *out = d;
  return true;
}

static void free_decorators(Interp *I, Node *s, Value *d) {
  if (!d) return;
  for (int k = 0; k < s->decos.n; k++) dwV_decref(&I->c, d[k]);
  free(d);
}

static Exec exec_def(Interp *I, Frame *f, Node *s) {
  Value *decos;
  if (!eval_decorators(I, f, s, &decos)) return fail_status(I);
  Value fn = make_func(I, f, s);
  if (fn.t == V_NULL) {
    free_decorators(I, s, decos);
    return fail_status(I);
  }
  fn = apply_decorators(I, f, s, decos, fn);
  free_decorators(I, s, decos);
  if (fn.t == V_NULL) return fail_status(I);
  bool ok = store_name(I, f, s, fn);
  dwV_decref(&I->c, fn);
  return ok ? X_NORMAL : fail_status(I);
}

/* C3 linearization of c's bases into c->mro (CPython's order). */
static bool class_linearize(Interp *I, Class *c) {
  int nb = c->nbases, total = 1;
  Class ***seqs = calloc((size_t)nb + 1, sizeof(Class **));
  int *lens = calloc((size_t)nb + 1, sizeof(int)), *pos = calloc((size_t)nb + 1, sizeof(int));
  bool ok = seqs && lens && pos;
  for (int k = 0; ok && k < nb; k++) {
    int n = 0;
    while (mro_at(c->bases[k], n)) n++;
    seqs[k] = malloc(sizeof(Class *) * (size_t)(n ? n : 1));
    if (!seqs[k]) ok = false;
    else
      for (int j = 0; j < n; j++) seqs[k][j] = mro_at(c->bases[k], j);
    lens[k] = n;
    total += n;
  }
  if (ok) {
    seqs[nb] = c->bases; /* the bases themselves, in order */
    lens[nb] = nb;
  }
  Class **mro = ok ? malloc(sizeof(Class *) * (size_t)(total + 1)) : NULL;
  int n = 0;
  if (!mro) ok = false;
  else mro[n++] = c;
  while (ok) {
    /* the first head that is in no tail */
    Class *pick = NULL;
    bool any = false;
    for (int k = 0; k <= nb && !pick; k++) {
      if (pos[k] >= lens[k]) continue;
      any = true;
      Class *h = seqs[k][pos[k]];
      bool in_tail = false;
      for (int j = 0; j <= nb && !in_tail; j++)
        for (int q = pos[j] + 1; q < lens[j]; q++)
          if (seqs[j][q] == h) {
            in_tail = true;
            break;
          }
      if (!in_tail) pick = h;
    }
    if (!any) break;
    if (!pick) {
      Buf b = {0};
      for (int k = 0; k < nb; k++) dwB_printf(&b, "%s%s", k ? ", " : "", c->bases[k]->name->s);
      dwI_raise(I, EXC_TypeError,
                "Cannot create a consistent method resolution\norder (MRO) for bases %s",
                b.p ? b.p : "");
      dwB_free(&b);
      free(mro);
      mro = NULL;
      ok = false;
      break;
    }
    mro[n++] = pick;
    for (int k = 0; k <= nb; k++)
      if (pos[k] < lens[k] && seqs[k][pos[k]] == pick) pos[k]++;
  }
  for (int k = 0; seqs && k < nb; k++) free(seqs[k]);
  free(seqs);
  free(lens);
  free(pos);
  if (!ok) {
    if (I->exc.t == V_NULL) dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  for (int k = 1; k < n; k++) dwV_incref_o(&mro[k]->h);
  c->mro = mro;
  c->nmro = n;
  return true;
}

static Exec exec_class(Interp *I, Frame *f, Node *s) {
  if (f->trace) {
    Exec st = stmt_break(I, f, s, "class definitions are not supported in a traced frame");
    if (st != X_NORMAL) return st;
  }
  Value *decos;
  if (!eval_decorators(I, f, s, &decos)) return X_EXC;
  Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
  if (!c) {
    free_decorators(I, s, decos);
    dwI_raise_ctx(I);
    return X_EXC;
  }
  Value cv = dwV_obj(&c->h);
  c->name = dwI_intern(I, s->s);
  dwV_incref_o(&c->name->h);
  c->builtin_base = -1;
  c->line = s->line;
  c->ns = dwV_dict(&I->c);
  Exec st = X_NORMAL;
  c->bases = calloc((size_t)s->kids.n + 1, sizeof(Class *));
  if (!c->bases) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    st = X_EXC;
  }
  for (int k = 0; k < s->kids.n && st == X_NORMAL; k++) {
    Node *b = s->kids.v[k];
    if (b->kind == N_KEYWORD) continue;
    Value bv = eval(I, f, b);
    if (bv.t == V_NULL) {
      st = X_EXC;
      break;
    }
    if (bv.t != V_CLASS) {
      dwI_raise(I, EXC_TypeError, "bases must be types");
      dwV_decref(&I->c, bv);
      st = X_EXC;
      break;
    }
    Class *bc = (Class *)OBJ(bv);
    if (bc->cflags & CLS_OBJECT) {
      dwV_decref(&I->c, bv); /* every class derives from object */
      continue;
    }
    for (int j = 0; j < c->nbases; j++)
      if (c->bases[j] == bc) {
        dwI_raise(I, EXC_TypeError, "duplicate base class %s", bc->name->s);
        st = X_EXC;
      }
    if (st != X_NORMAL) {
      dwV_decref(&I->c, bv);
      break;
    }
    c->bases[c->nbases++] = bc; /* keeps the reference */
    if (!c->base) {
      c->base = bc;
      dwV_incref_o(&bc->h);
    }
    c->cflags |= bc->cflags & (uint16_t)~(CLS_BUILTIN | CLS_OBJECT);
    if (c->builtin_base < 0) c->builtin_base = bc->builtin_base;
  }
  if (st == X_NORMAL && !class_linearize(I, c)) st = X_EXC;
  if (st == X_NORMAL) {
    /* run the body in a class frame */
    Code *code = s->code;
    Func tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.code = code;
    Cell *cellbuf[16];
    tmp.cells = cellbuf;
    Frame *ef = f;
    while (ef->code->is_class && ef->back) ef = ef->back; /* a nested class: the function's */
    for (int k = 0; k < code->nfree && k < 16; k++) {
      int from = code->freefrom[k];
      cellbuf[k] = from >= 0 ? (Cell *)OBJ(ef->slots[from]) : ef->func->cells[-1 - from];
    }
    Frame cf;
    memset(&cf, 0, sizeof cf);
    cf.code = code;
    cf.func = &tmp;
    cf.ns = c->ns;
    cf.back = f;
    cf.line = s->line;
    cf.depth = f->depth;
    Value noslots[1];
    cf.slots = noslots;
    I->frame = &cf;
    st = exec_block(I, &cf, &s->body);
    I->frame = f;
    if (st == X_EXC) dwTb_add(I, &cf);
    /* a class that defines __eq__ without __hash__ is unhashable */
    if (dwV_dict_gets(c->ns, dwI_intern(I, "__eq__")).t != V_NULL &&
        dwV_dict_gets(c->ns, dwI_intern(I, "__hash__")).t == V_NULL)
      dwV_dict_set(&I->c, c->ns, VSTR(dwI_intern(I, "__hash__")), dwV_none());
    if (dwV_dict_gets(c->ns, dwI_intern(I, "__getattribute__")).t == V_FUNC)
      c->cflags |= CLS_GETATTRIBUTE;
    Value nw = dwV_dict_gets(c->ns, dwI_intern(I, "__new__"));
    if (nw.t == V_FUNC || nw.t == V_WRAP) c->cflags |= CLS_NEW;
    /* methods learn their class (super()) */
    for (int64_t k = 0; k < c->ns->nent; k++) {
      Value v = c->ns->ent[k].val;
      if (!c->ns->ent[k].used) continue;
      if (v.t == V_WRAP) v = ((Wrap *)OBJ(v))->target;
      if (v.t == V_FUNC) ((Func *)OBJ(v))->owner = c;
    }
  }
  if (st != X_NORMAL) {
    free_decorators(I, s, decos);
    dwV_decref(&I->c, cv);
    return st == X_EXC ? X_EXC : st;
  }
  cv = apply_decorators(I, f, s, decos, cv);
  free_decorators(I, s, decos);
  if (cv.t == V_NULL) return X_EXC;
  bool ok = store_name(I, f, s, cv);
  dwV_decref(&I->c, cv);
  return ok ? X_NORMAL : X_EXC;
}

static Exec exec_import(Interp *I, Frame *f, Node *s) {
  for (int k = 0; k < s->kids.n; k++) {
    Node *al = s->kids.v[k];
    Value m;
    if (s->kind == N_IMPORT) {
      m = dwL_import(I, al->s);
      if (m.t == V_NULL) return X_EXC;
      if (!al->s2 && strchr(al->s, '.')) {
        /* `import torch.nn` binds the top package */
        char top[128];
        size_t len = strcspn(al->s, ".");
        if (len >= sizeof top) len = sizeof top - 1;
        memcpy(top, al->s, len);
        top[len] = 0;
        dwV_decref(&I->c, m);
        m = dwL_import(I, top);
        if (m.t == V_NULL) return X_EXC;
      }
    } else {
      Value mod = dwL_import(I, s->s);
      if (mod.t == V_NULL) return X_EXC;
      m = dwOb_getattr(I, mod, dwI_intern(I, al->s));
      if (m.t == V_NULL && I->exc.t == V_EXC && ((Exc *)OBJ(I->exc))->type == EXC_NotImplementedError) {
        /* a compiler API dynawasm lacks: say so (not an ImportError) */
        char full[256];
        snprintf(full, sizeof full, "%s.%s", s->s, al->s);
        Value sub = dwV_dict_gets(I->modules, dwI_intern(I, full));
        if (sub.t == V_MODULE) {
          dwV_decref(&I->c, I->exc);
          I->exc = dwV_null();
          m = sub;
          dwV_incref(m);
        } else {
          dwV_decref(&I->c, mod);
          return X_EXC;
        }
      } else if (m.t == V_NULL) {
        dwV_decref(&I->c, I->exc);
        I->exc = dwV_null();
        /* a submodule: from torch import nn */
        char full[256];
        snprintf(full, sizeof full, "%s.%s", s->s, al->s);
        m = dwL_import(I, full);
        if (m.t == V_NULL) {
          dwV_decref(&I->c, I->exc);
          I->exc = dwV_null();
          dwI_raise(I, EXC_ImportError, "cannot import name '%s' from '%s'",
                    al->s, s->s);
        }
      }
      dwV_decref(&I->c, mod);
      if (m.t == V_NULL) return X_EXC;
    }
    bool ok = store_name(I, f, al, m);
    dwV_decref(&I->c, m);
    if (!ok) return fail_status(I);
  }
  return X_NORMAL;
}

static inline __attribute__((always_inline)) Exec exec_stmt(Interp *I, Frame *f, Node *s);

/* A statement the traced frame cannot hold (with over a user context
 * manager, class, a raise no traced handler catches) breaks the graph at
 * its start and runs eagerly as a whole; tracing resumes after it.
 * X_NORMAL: go on eagerly. */
static Exec stmt_break(Interp *I, Frame *f, Node *s, const char *msg) {
  if (!dwR_break_here(I, BR_UNSUPPORTED_SYNTAX, "%s", msg)) return fail_status(I);
  if (f->armed) {
    f->armed = false;
    f->eager_stmt = s;
  }
  return X_NORMAL;
}

Exec dwI_exec_stmt(Interp *I, Frame *f, Node *s) {
  /* a graph break ended the unit before this statement: resume here */
  if (f->armed && !f->eager_stmt && !dwR_resume(I, f, s, UK_STMT)) return X_EXC;
  Exec st = exec_stmt(I, f, s);
  if (f->eager_stmt == s) {
    /* it ran eagerly: tracing resumes after it */
    f->eager_stmt = NULL;
    if (st == X_NORMAL && !dwR_resume(I, f, s, UK_NEXT)) st = X_EXC;
  }
  return st;
}

/* The statements no call level needs to go through (exec_stmt's frame is
 * on the engine's stack at each level in WebAssembly: eval_node's note). */
static __attribute__((noinline)) Exec exec_rest(Interp *I, Frame *f, Node *s) {
  switch (s->kind) {
  case N_ANNASSIGN: {
    if (!s->b) return X_NORMAL;
    Value v = eval(I, f, s->b);
    if (v.t == V_NULL) return fail_status(I);
    bool ok = assign(I, f, s->a, v);
    dwV_decref(&I->c, v);
    return ok ? X_NORMAL : fail_status(I);
  }
  case N_ASSERT: {
    bool t;
    if (!eval_test(I, f, s, s->a, &t)) return fail_status(I);
    if (t) {
      if (f->armed && !dwR_resume(I, f, s, UK_NEXT)) return X_EXC;
      return X_NORMAL;
    }
    if (s->b) {
      Value m = eval(I, f, s->b);
      if (m.t == V_NULL) return fail_status(I);
      Buf b = {0};
      dwV_str_of(&b, m);
      dwV_decref(&I->c, m);
      dwI_raise(I, EXC_AssertionError, "%s", b.p ? b.p : "");
      dwB_free(&b);
    } else {
      dwI_raise(I, EXC_AssertionError, "%s", "");
    }
    dwTb_err_at(I, f, s->a); /* CPython points at the test */
    return X_EXC;
  }
  case N_RAISE:
    if (f->trace && !dwR_raise_caught(I, f)) {
      if (f->cctx && f->cctx->fullgraph) {
        /* the exception Dynamo would observe, for the message (GB0088) */
        Value e = s->a ? eval(I, f, s->a) : dwV_null();
        if (s->a && e.t == V_NULL) return fail_status(I);
        dwJ_break_raise(I, e);
        dwV_decref(&I->c, e);
        return fail_status(I);
      }
      Exec st = stmt_break(I, f, s, "`raise` in a traced frame");
      if (st != X_NORMAL) return st;
    }
    exec_raise(I, f, s);
    return fail_status(I);
  case N_DEL:
    for (int k = 0; k < s->kids.n; k++) {
      Node *t = s->kids.v[k];
      bool ok;
      if (t->kind == N_NAME) {
        ok = delete_name(I, f, t);
      } else if (t->kind == N_SUBSCRIPT) {
        Value o = eval(I, f, t->a);
        if (o.t == V_NULL) return fail_status(I);
        Value i = eval(I, f, t->b);
        ok = i.t != V_NULL && dwOb_delitem(I, o, i);
        dwV_decref(&I->c, o);
        dwV_decref(&I->c, i);
      } else if (t->kind == N_ATTR) {
        Value o = eval(I, f, t->a);
        if (o.t == V_NULL) return fail_status(I);
        ok = o.t == V_INST && dwV_dict_del(&I->c, ((Inst *)OBJ(o))->attrs,
                                           VSTR((Str *)t->str));
        if (!ok) dwOb_attr_error(I, o, (Str *)t->str);
        dwV_decref(&I->c, o);
      } else {
        dwI_raise(I, EXC_SyntaxError, "cannot delete expression");
        ok = false;
      }
      if (!ok) return fail_status(I);
    }
    return X_NORMAL;
  default:
    dwI_raise(I, EXC_NotImplementedError, "%s statements are not supported",
              dwP_kind_names[s->kind]);
    return X_EXC;
  }
}

static inline __attribute__((always_inline)) Exec exec_stmt(Interp *I, Frame *f, Node *s) {
  f->line = s->line;
  f->col = s->col;
  if (DW_HOST_DEEP(I)) return dwFr_stack_exceeded(I), X_EXC;
  if (I->opt.max_steps && ++I->steps > I->opt.max_steps) {
    dwI_raise(I, EXC_TimeoutError, "the program exceeded its budget of %llu steps",
              (unsigned long long)I->opt.max_steps);
    return X_EXC;
  }
  if (I->interrupt && *I->interrupt) {
    dwI_raise(I, EXC_KeyboardInterrupt, "stopped");
    return X_EXC;
  }
  if (s->kind != N_DEF && s->kind != N_CLASS && !f->code->prelude)
    dwJ_mark(I, s->line, f->trace ? MK_TRACED : MK_NOT_TRACED);
  switch (s->kind) {
  case N_EXPR: {
    /* a break in the expression itself resumes at the next statement */
    Value v = eval_node(I, f, s->a);
    if (v.t == V_NULL) {
      dwTb_err_at(I, f, s->a);
      return fail_status(I);
    }
    dwV_decref(&I->c, v);
    if (f->armed && !dwR_resume(I, f, s, UK_NEXT)) return X_EXC;
    return X_NORMAL;
  }
  case N_ASSIGN: {
    Value v = eval(I, f, s->a);
    if (v.t == V_NULL) return fail_status(I);
    for (int k = 0; k < s->kids.n; k++) {
      if (!assign(I, f, s->kids.v[k], v)) {
        dwTb_err_at(I, f, s->kids.v[k]); /* a store's error is at its target */
        dwV_decref(&I->c, v);
        return fail_status(I);
      }
    }
    dwV_decref(&I->c, v);
    return X_NORMAL;
  }
  case N_AUGASSIGN:
    return exec_augassign(I, f, s);
  case N_IF: {
    bool t;
    if (!eval_test(I, f, s, s->a, &t)) return fail_status(I);
    NodeList *br = t ? &s->body : &s->orelse;
    /* a data-dependent break at the test resumes in the branch taken */
    if (f->armed && !dwR_resume(I, f, br->n ? br->v[0] : s, br->n ? UK_STMT : UK_NEXT))
      return X_EXC;
    return exec_block(I, f, br);
  }
  case N_WHILE:
    return exec_while(I, f, s);
  case N_FOR:
    return exec_for(I, f, s);
  case N_BREAK:
    return X_BREAK;
  case N_CONTINUE:
    return X_CONTINUE;
  case N_PASS:
    return X_NORMAL;
  case N_RETURN: {
    Value v = s->a ? eval(I, f, s->a) : dwV_none();
    if (v.t == V_NULL) return fail_status(I);
    I->retval = v;
    return X_RETURN;
  }
  case N_DEF:
    return exec_def(I, f, s);
  case N_CLASS:
    return exec_class(I, f, s);
  case N_IMPORT:
  case N_FROMIMPORT:
    return exec_import(I, f, s);
  case N_GLOBAL:
  case N_NONLOCAL:
    return X_NORMAL;
  case N_WITH:
    return exec_with(I, f, s, 0);
  case N_TRY:
    return f->trace ? exec_try_traced(I, f, s) : exec_try(I, f, s);
  default:
    return exec_rest(I, f, s);
  }
}

/* An uncaught exception of a user class with __str__: its traceback
 * shows str(exc). */
static void exc_user_text(Interp *I) {
  if (I->exc.t != V_EXC) return;
  Value e = I->exc;
  Exc *x = (Exc *)OBJ(e);
  if (!x->cls) return;
  Value m = dwOb_class_lookup(x->cls, dwI_intern(I, "__str__"));
  if (m.t != V_FUNC) return;
  I->exc = dwV_null();
  Buf b = {0};
  bool ok = dwFm_str_value(I, &b, e);
  if (ok) {
    Str *s = dwV_str(&I->c, b.p ? b.p : "", b.len);
    if (s) {
      if (x->msg) dwV_decref_o(&I->c, &x->msg->h);
      x->msg = s;
    }
  }
  dwB_free(&b);
  dwV_decref(&I->c, I->exc);
  I->exc = e;
}

/* Runs a resolved module body. Returns None or V_NULL (exception). */
Value dwI_run_code(Interp *I, Code *code) {
  Frame f;
  memset(&f, 0, sizeof f);
  Value noslots[1];
  f.slots = noslots;
  f.code = code;
  f.line = 1;
  f.back = I->frame;
  I->frame = &f;
  Exec st = exec_block(I, &f, &code->node->body);
  I->frame = f.back;
  if (st == X_EXC) {
    dwTb_add(I, &f);
    exc_user_text(I);
    return dwV_null();
  }
  if (st != X_NORMAL && st != X_RETURN) {
    dwI_raise(I, EXC_InternalTorchDynamoError,
              "internal error: statement status %d escaped the module", (int)st);
    return dwV_null();
  }
  return dwV_none();
}
