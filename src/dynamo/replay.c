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
 *     no object's id() or hash() read: Interp.id_reads);
 *   - every guard reads a source whose value fully decides what the frame
 *     does with it: None, bools, ints, floats, strings, dtypes, ranges,
 *     modules, builtins without a receiver, functions (by code, no defaults,
 * closure cells guarded on their own) and tensors of static shapes. Anything
 * else (lists, dicts, objects, nn.Modules, dynamic shapes, SymInts) keeps the
 * frame evaluated, where reads below the guarded value happen;
 *   - every graph input is the tensor a guard's source held at the start;
 *   - the return value is None, constants, graph outputs and inputs in
 *     plain tuples, torch.Size and lists;
 *   - a builtin backend ran the graph (a custom backend's callable may
 *     look at more than the tensors).
 * What guards do not cover, the plan checks itself before it runs: which
 * guarded tensors are the same object, their strides and parameter flags
 * as when it was made, no function's defaults, and no attribute written
 * on a module, class or function since (Interp.attr_epoch). A call that
 * fails those checks, or whose sizes have no kernel yet, evaluates the
 * frame as before, and that evaluation makes the plan again. */
#include "dynamo.h"

#include <stdlib.h>
#include <string.h>

/* The return value, in preorder. */
typedef struct RNode {
  uint8_t kind; /* RT_* */
  uint8_t tk;   /* RT_TUPLE: TupleKind (a plain tuple or a torch.Size) */
  int32_t n;    /* RT_OUT, RT_IN: the index; RT_TUPLE, RT_LIST: items */
  Value v;      /* RT_CONST: a value without an object */
} RNode;
enum {
  RT_OUT,   /* output n of the kernel */
  RT_IN,    /* graph input n */
  RT_CONST, /* v */
  RT_TUPLE, /* a tuple (tk: plain or torch.Size) of the n values that follow */
  RT_LIST   /* a list of the n values that follow */
};

typedef struct RGuard {
  int16_t alias;             /* tensors: the first guard holding the
                                same tensor, -1 if none */
  uint16_t flags;            /* tensors: DW_TENSOR_PARAM / NOGRAD */
  int64_t stride[DW_MAXDIM]; /* tensors */
} RGuard;

struct Replay {
  int nin;
  int16_t *src; /* per graph input: the guard whose source holds it */
  int ng;       /* the entry's guards ... */
  RGuard *g;    /* ... as they were when the plan was made */
  RNode *ret;
  int nret, capret;
  uint64_t epoch; /* Interp.attr_epoch when it was made */
  int line;       /* the line the frame returned at (tracebacks) */
};

void dwRp_free(Replay *p) {
  if (!p) return;
  free(p->src);
  free(p->g);
  free(p->ret);
  free(p);
}

/* Guards whose value decides all the frame can do with it. */
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
    if (x->wrapped || (x->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD)))
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
      return ret_push(p, RT_OUT, j) != NULL;
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

/* The plan's own checks over the guarded values (vals[k] of guard k). */
static void guard_state(const Guard *g, Value v, const Value *vals, int k,
                        RGuard *r) {
  memset(r, 0, sizeof *r);
  r->alias = -1;
  if (g->vt != V_TENSOR || v.t != V_TENSOR) return;
  const Tensor *x = (const Tensor *)v.u.o;
  r->flags = x->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD);
  memcpy(r->stride, x->stride, sizeof(int64_t) * x->ndim);
  for (int j = 0; j < k && r->alias < 0; j++)
    if (vals[j].t == V_TENSOR && vals[j].u.o == v.u.o) r->alias = (int16_t)j;
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
      I->id_reads != t->id0 || I->err.len != t->err0 || e->nguards >= INT16_MAX)
    return;
  /* what the unit read is what the entry guards, each deciding (a new
   * entry took the unit's guards) */
  const Guard *tg = t->hit ? t->guards : e->guards;
  int tn = t->hit ? t->nguards : e->nguards;
  for (int j = 0; j < tn; j++)
    if (dwR_entry_guard(e, &tg[j]) < 0) return;
  Value *vals = calloc((size_t)e->nguards + 1, sizeof(Value));
  Replay *p = calloc(1, sizeof *p);
  const Tensor **seen = calloc((size_t)nout + 1, sizeof(Tensor *));
  bool ok = vals && p && seen;
  if (ok) {
    p->ng = e->nguards;
    p->nin = t->ninputs;
    p->g = calloc((size_t)p->ng + 1, sizeof(RGuard));
    p->src = calloc((size_t)p->nin + 1, sizeof(int16_t));
    ok = p->g && p->src;
  }
  for (int j = 0; ok && j < e->nguards; j++) {
    const Guard *g = &e->guards[j];
    int tj = -1;
    for (int q = 0; q < tn && tj < 0; q++)
      if (dwR_entry_guard(e, &tg[q]) == j) tj = q;
    if (tj < 0) {
      ok = false; /* the entry guards what this unit did not read */
      break;
    }
    vals[j] = dwR_start_value(I, t, &tg[tj]);
    ok = guard_decides(g) && (g->vt != V_FUNC || func_plain(vals[j])) &&
         (g->vt != V_BUILTIN || builtin_plain(vals[j])) &&
         (g->vt != V_TENSOR ||
          (vals[j].t == V_TENSOR && ((Tensor *)vals[j].u.o)->st));
    if (ok) guard_state(g, vals[j], vals, j, &p->g[j]);
  }
  for (int j = 0; ok && j < t->ninputs; j++) {
    int s = t->input_src ? t->input_src[j] : -1;
    int ej = s >= 0 && s < tn ? dwR_entry_guard(e, &tg[s]) : -1;
    ok = ej >= 0 && e->guards[ej].vt == V_TENSOR &&
         vals[ej].u.o == &t->inputs[j]->h;
    if (ok) p->src[j] = (int16_t)ej;
  }
  ok = ok && ret_template(p, t, ret, outs, nout, seen, 0);
  free(vals);
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

/* The plan's checks over the values vals[k] the entry's guards read now
 * (the checks guards do not make): false to decline. */
static bool plan_holds(const Replay *p, const Entry *e, const Value *vals) {
  for (int k = 0; k < e->nguards; k++) {
    const Guard *g = &e->guards[k];
    Value v = vals[k];
    if (g->vt == V_FUNC && !func_plain(v)) return false;
    if (g->vt != V_TENSOR) continue;
    if (v.t != V_TENSOR || !((Tensor *)v.u.o)->st) return false;
    const Tensor *x = (const Tensor *)v.u.o;
    const RGuard *r = &p->g[k];
    if ((x->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_NOGRAD)) != r->flags ||
        memcmp(x->stride, r->stride, sizeof(int64_t) * x->ndim))
      return false;
    int alias = -1;
    for (int j = 0; j < k && alias < 0; j++)
      if (e->guards[j].vt == V_TENSOR && vals[j].t == V_TENSOR && vals[j].u.o == v.u.o) alias = j;
    if (alias != r->alias) return false;
  }
  return true;
}

int dwRp_run(Interp *I, Frame *f, Entry *e) {
  Replay *p = e->replay;
  if (!p || p->ng != e->nguards || p->epoch != I->attr_epoch) return RP_DECLINE;
  /* the values of the tensor and function guards read once, for the
   * checks and the graph inputs */
  Value vbuf[16], *vals = p->ng <= 16 ? vbuf : malloc(sizeof(Value) * (size_t)p->ng);
  Tensor *ibuf[16],
      **in = p->nin <= 16 ? ibuf : malloc(sizeof(Tensor *) * (size_t)p->nin);
  bool holds = vals && in;
  for (int k = 0; holds && k < p->ng; k++) {
    const Guard *g = &e->guards[k];
    vals[k] = g->vt == V_TENSOR || g->vt == V_FUNC ? dwR_guard_value(I, f, g) : dwV_null();
  }
  holds = holds && plan_holds(p, e, vals);
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
