/* compile.c - the compile pipeline of a unit's graph, and running the
 * kernels it makes.
 *
 * dwC_compile is the pass list, in order (docs/architecture.md):
 *
 *   dce    backend/graph.c      the graph computes its outputs, nothing else
 *   cache  the entry the unit's guards matched compiled this very graph:
 *          its kernel is reused, nothing below runs
 *   fuse   backend/fuse.c       graph -> loop nests
 *   emit   backend/wasm_emit.c  loop nests -> a WebAssembly module
 *   host   the embedder         Binaryen optimises the module, the host
 *                               instantiates it into the core's function
 *                               table (dynawasm.h dw_host_compile_fn)
 *
 * The eager backends stop after the cache: their kernel is the graph, run
 * op by op on the eager kernels; so does the "wasm" backend without a host
 * (native builds), after emitting. A custom backend (a callable) gets the
 * torch.fx.GraphModule of the graph before dce (fx.c) and its answer is
 * the kernel: the function the graph runs with. A compiler error is suppressed
 * (torch._dynamo.config.suppress_errors: the unit runs eagerly) or raised
 * as BackendCompilerFailed. */
#include "dynamo.h"
#include "backend/fuse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwC_backend_names[] = {
    "wasm", "eager", "aot_eager", "relu_compile_error_TESTING_ONLY",
    "relu_runtime_error_TESTING_ONLY", "custom"};

const char *dwC_backend_label(const CompileOpts *o) {
  if (o->backend != BK_CUSTOM) return dwC_backend_names[o->backend];
  return o->backend_name ? o->backend_name->s : "?";
}

static int first_op_line(const Graph *g, Op op) {
  for (int k = 0; k < g->n; k++)
    if (g->nodes[k].op == op) return g->nodes[k].line;
  return 0;
}

/* A graph with no op (an op-less graph Dynamo still compiles at a
 * data-dependent jump): it only returns inputs. */
static bool no_ops(const Graph *g) {
  for (int k = 0; k < g->n; k++)
    if (g->nodes[k].op != OP_INPUT && g->nodes[k].op != OP_CONST) return false;
  return true;
}

void dwC_kernel_free(Interp *I, Kernel *k) {
  dwG_free(&k->g);
  dwV_decref(&I->c, k->fn);
  free(k);
}

/* ------------------------------------------------------------------ */
/* Python code called by the compiler                                  */
/* ------------------------------------------------------------------ */

/* A backend callable and the function it returns run as plain Python,
 * outside the unit being traced: nothing they do is traced, taken back or
 * compiled (Dynamo calls them with its frame evaluation off). */
typedef struct Outside {
  Frame *f;
  Trace *trace, *ftrace;
  const CompileOpts *cctx;
  bool unit_root;
  Value retval;      /* the traced frame's return value, pending */
  Break brk;         /* a graph break, pending */
} Outside;

static void outside_enter(Interp *I, Outside *o) {
  memset(o, 0, sizeof *o);
  o->f = I->frame;
  o->trace = I->trace;
  o->retval = I->retval;
  o->brk = I->brk;
  I->retval = dwV_null();
  I->brk.pending = false;
  I->trace = NULL;
  if (o->f) {
    o->ftrace = o->f->trace;
    o->cctx = o->f->cctx;
    o->unit_root = o->f->unit_root;
    o->f->trace = NULL;
    o->f->cctx = NULL;
    o->f->unit_root = false;
  }
}

static void outside_leave(Interp *I, Outside *o) {
  I->trace = o->trace;
  dwV_decref(&I->c, I->retval);
  I->retval = o->retval;
  I->brk = o->brk;
  if (o->f) {
    o->f->trace = o->ftrace;
    o->f->cctx = o->cctx;
    o->f->unit_root = o->unit_root;
  }
}

Value dwC_call_outside(Interp *I, Value fn, int n, Value *v) {
  Outside o;
  outside_enter(I, &o);
  Value r = dwI_call0(I, fn, n, v);
  outside_leave(I, &o);
  return r;
}

/* The pending exception as "Type: message" (and cleared). */
static void take_exc(Interp *I, char *out, size_t cap) {
  if (I->exc.t != V_EXC) {
    snprintf(out, cap, "%s", I->brk.pending ? "a graph break escaped the backend" : "error");
    I->brk.pending = false;
    return;
  }
  Exc *e = (Exc *)I->exc.u.o;
  const char *tn = e->cls ? e->cls->name->s : dwV_exc_names[e->type];
  snprintf(out, cap, "%s: %s", tn, e->msg ? e->msg->s : "");
  dwV_decref(&I->c, I->exc);
  I->exc = dwV_null();
}

static bool is_callable(Interp *I, Value v) {
  switch (v.t) {
  case V_FUNC:
  case V_BUILTIN:
  case V_BOUND:
  case V_CLASS:
    return true;
  case V_WRAP:
    return ((Wrap *)v.u.o)->kind != WRAP_PROPERTY;
  case V_INST: {
    Inst *in = (Inst *)v.u.o;
    return dwOb_class_lookup(in->cls, dwI_intern(I, "__call__")).t != V_NULL ||
           (in->cls->cflags & CLS_NN_MODULE);
  }
  default:
    return false;
  }
}

/* backend(gm, example_inputs) for t's unit, with its graph before dead-code
 * elimination: the callable it returns (a new reference), or V_NULL with
 * the reason in err (the inner exception, as BackendCompilerFailed shows
 * it). */
static Value call_backend(Interp *I, Trace *t, Graph *pre, int nout, const int32_t *outs,
                          char *err, size_t cap) {
  Value gm = dwM_graph_module(I, t, pre, nout, outs);
  if (gm.t == V_NULL) {
    take_exc(I, err, cap);
    return gm;
  }
  List *ex = dwV_list(&I->c, 0);
  for (int k = 0; ex && k < t->ninputs; k++) dwV_list_append(&I->c, ex, dwV_obj(&t->inputs[k]->h));
  if (!ex) {
    dwV_decref(&I->c, gm);
    snprintf(err, cap, "MemoryError: out of memory");
    return dwV_null();
  }
  Value args[2] = {gm, dwV_obj(&ex->h)};
  Value r = dwC_call_outside(I, t->opts->backend_fn, 2, args);
  dwV_decref(&I->c, gm);
  dwV_decref_o(&I->c, &ex->h);
  if (r.t == V_NULL) {
    take_exc(I, err, cap);
    return r;
  }
  if (!is_callable(I, r)) {
    dwV_decref(&I->c, r);
    snprintf(err, cap, "AssertionError: compiler_fn did not return callable");
    return dwV_null();
  }
  return r;
}

/* The host takes module m: k->slot is its kernel's table index. false
 * with the host's message in err. The time the host took besides Binaryen
 * (the engine compiling and linking the module, the kernel cache, starting
 * background optimisation) counts as instantiating it. */
static bool host_load(Interp *I, Frame *root, Kernel *k, GraphRec *rec,
                      const WasmModule *m, char *err, size_t errcap) {
  if (!I->host_fn) return true; /* native: the graph runs on eager kernels */
  double times[2] = {0, 0};
  char herr[256] = "";
  double h0 = dw_now_ms();
  int slot = I->host_fn(I->host, m->bytes, m->len, I->opt.want_wat, times,
                        herr, sizeof herr);
  double h1 = dw_now_ms();
  double opt = times[0] < h1 - h0 ? times[0] : h1 - h0;
  dwJ_event(I, root, EV_OPTIMIZE, k->graph_id, h0, h0 + opt, false);
  dwJ_event(I, root, EV_INSTANTIATE, k->graph_id, h0 + opt, h1, false);
  if (rec) {
    rec->t_optimize = opt;
    rec->t_instantiate = h1 - h0 - opt;
  }
  if (slot < 0) {
    snprintf(err, errcap, "WebAssemblyError: %s", herr);
    return false;
  }
  k->slot = slot;
  if (rec) rec->slot = slot;
  return true;
}

/* The unit cannot be compiled: suppressed (UE_EAGER) or raised. Its trace
 * was in vain either way (the timeline says so). */
static int compile_failed(Interp *I, Trace *t, GraphRec *rec, const char *err,
                          int err_line, double t_trace) {
  dwJ_graph_failed(rec, err, err_line);
  dwJ_event(I, t->root, EV_TRACE, rec ? rec->id : -1, t->t0, t->t0 + t_trace,
            true);
  t->traced_event = true;
  const char *bk = dwC_backend_label(t->opts);
  if (I->suppress_errors && !t->opts->fullgraph) {
    dwB_printf(&I->err, "WON'T CONVERT %s %s line %d\ndue to:\nBackendCompilerFailed: "
                        "backend='%s' raised:\n%s\n",
               t->root->code->name, I->filename, t->root->code->firstline, bk, err);
    Entry *fe = t->hit ? t->hit : dwR_entry_add(t, CE_FAILED);
    if (fe) fe->status = CE_FAILED;
    dwJ_unit(I, t, CE_FAILED, rec ? rec->id : -1, fe, NULL);
    I->suppressed.pending = true;
    I->suppressed.line = err_line ? err_line : t->start->line;
    snprintf(I->suppressed.msg, sizeof I->suppressed.msg,
             "BackendCompilerFailed: backend='%s' raised: %s", bk, err);
    snprintf(I->suppressed.fn, sizeof I->suppressed.fn, "%s", t->root->code->name);
    return UE_EAGER;
  }
  dwJ_unit(I, t, CE_FAILED, rec ? rec->id : -1, NULL, NULL);
  dwR_unit_rollback(I, t->root);
  dwI_raise(I, EXC_BackendCompilerFailed, "backend='%s' raised:\n%s", bk, err);
  if (I->exc.t == V_EXC) ((Exc *)I->exc.u.o)->h.flags |= 1; /* skip f */
  return UE_ERROR;
}

/* The backend proper for k's graph (fuse -> emit -> host for the
 * WebAssembly backends; nothing for the eager ones). false with the error
 * text in err and the line to blame in *err_line. Code generation counts
 * from `since` (the end of the trace: the graph's outputs, DCE and its
 * record are part of it; < 0: now). */
static bool lower(Interp *I, Frame *root, Kernel *k, GraphRec *rec, char *err, size_t cap,
                  int *err_line, double since) {
  switch (k->backend) {
  case BK_RELU_COMPILE_ERROR:
    if ((*err_line = first_op_line(&k->g, OP_RELU)) > 0) {
      snprintf(err, cap, "ReluCompileError:");
      return false;
    }
    return true;
  case BK_EAGER:
  case BK_AOT_EAGER:
  case BK_CUSTOM:
    return true;
  default: { /* the WebAssembly backend */
    if (no_ops(&k->g)) return true; /* outputs are inputs: nothing to run */
    int at;
    if (dwF_eager_reason(&k->g, &at)) return true; /* runs on eager kernels */
    double c0 = since >= 0 ? since : dw_now_ms();
    EmitMode mode = k->backend == BK_RELU_RUNTIME_ERROR ? EMIT_RELU_RUNTIME_ERROR
                                                      : EMIT_NORMAL;
    FPlan plan;
    WasmModule m;
    memset(&m, 0, sizeof m);
    /* fuse */
    bool ok = dwF_plan(&I->c, &k->g, &plan);
    /* emit */
    if (ok) {
      ok = dwW_emit(&I->c, &plan, mode, I->filename, &m);
      dwF_free(&plan);
    }
    if (!ok) {
      snprintf(err, cap, "LoweringException: %s", I->c.errmsg);
      *err_line = k->g.n ? k->g.nodes[k->g.n - 1].line : 0;
      return false;
    }
    k->scratch = m.scratch;
    double c1 = dw_now_ms();
    dwJ_event(I, root, EV_CODEGEN, k->graph_id, c0, c1, false);
    dwJ_graph_nodes(rec, &k->g, &m);
    if (rec) {
      rec->t_codegen = c1 - c0;
      rec->wasm_size = m.len - m.wat_section;
      rec->nloops = m.nloops;
    }
    /* host */
    ok = host_load(I, root, k, rec, &m, err, cap);
    dwW_free(&m);
    return ok;
  }
  }
}

/* A kernel taking t's graph. */
static Kernel *new_kernel(Trace *t, int graph_id) {
  Kernel *k = calloc(1, sizeof *k);
  if (!k) return NULL;
  k->backend = t->opts->backend;
  k->slot = -1;
  k->g = t->g;
  dwG_init(&t->g);
  k->graph_id = graph_id;
  return k;
}

/* The kernel could not be built: the unit keeps its graph (outputs set,
 * after DCE), which it may run eagerly instead. */
static int build_failed(Interp *I, Trace *t, Kernel *k, GraphRec *rec, const char *err,
                        int err_line, double t_trace) {
  dwG_free(&t->g);
  t->g = k->g;
  dwG_init(&k->g);
  dwC_kernel_free(I, k);
  return compile_failed(I, t, rec, err, err_line, t_trace);
}

/* The kernel of entry e that serves t's inputs: one built for these sizes
 * (a WebAssembly kernel is built for the sizes of its inputs), or any
 * graph the eager kernels or a custom backend run. NULL: none yet. */
static Kernel *sized_kernel(Entry *e, Trace *t) {
  for (int j = -1; j < e->nspec; j++) {
    Kernel *k = j < 0 ? e->kernel : e->spec[j];
    if (!k) continue;
    if (k->slot < 0) return k;
    bool same = true;
    for (int n = 0; n < k->g.n && same; n++) {
      const GNode *nd = &k->g.nodes[n];
      if (nd->op != OP_INPUT) continue;
      const Tensor *x = t->inputs[nd->input];
      same = x->ndim == nd->meta.ndim &&
             !memcmp(x->shape, nd->meta.shape, sizeof(int64_t) * x->ndim);
    }
    if (same) return k;
  }
  return NULL;
}

/* The same graph as entry e's at other sizes of its symbolic dims: the
 * backend builds it for them (one graph, as Dynamo counts). */
static int specialise(Interp *I, Trace *t, Entry *e, Kernel **out, double t_trace) {
  char err[512];
  int err_line = 0;
  Kernel *k = new_kernel(t, e->kernel->graph_id);
  if (!k) {
    dwR_unit_rollback(I, t->root);
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return UE_ERROR;
  }
  Kernel **sp = realloc(e->spec, sizeof(Kernel *) * (size_t)(e->nspec + 1));
  if (sp) e->spec = sp;
  if (!sp || !lower(I, t->root, k, NULL, err, sizeof err, &err_line, -1)) {
    if (!sp) snprintf(err, sizeof err, "MemoryError: out of memory");
    return build_failed(I, t, k, NULL, err, err_line, t_trace);
  }
  sp[e->nspec++] = k;
  *out = k;
  return UE_OK;
}

int dwC_compile(Interp *I, Trace *t, int nout, const int32_t *outs,
                double t_trace, Kernel **out) {
  *out = NULL;
  /* dce (a custom backend gets the graph before it: FX keeps every call) */
  dwG_set_outputs(&t->g, nout, outs);
  Graph pre;
  bool have_pre = t->opts->backend == BK_CUSTOM && dwG_clone(&pre, &t->g);
  dwG_dce(&t->g);
  /* cache */
  uint64_t h = dwG_hash(&t->g);
  if (t->hit && t->hit->status == CE_COMPILED && t->hit->hash == h) {
    if (have_pre) dwG_free(&pre);
    FrameRec *fr = dwJ_frame(I, t->root->code);
    if (fr) fr->cache_hits++;
    Kernel *k = sized_kernel(t->hit, t);
    int ue = k ? UE_OK : specialise(I, t, t->hit, &k, t_trace);
    if (ue == UE_OK) {
      *out = k;
      dwJ_event(I, t->root, EV_TRACE, k->graph_id, t->t0, t->t0 + t_trace, false);
      t->traced_event = true;
    }
    return ue; /* UE_ERROR: t is freed */
  }
  GraphRec *rec = dwJ_graph_new(I, t, t_trace);
  char err[512];
  int err_line = 0;
  Kernel *k = new_kernel(t, rec ? rec->id : -1);
  if (!k) {
    if (have_pre) dwG_free(&pre);
    snprintf(err, sizeof err, "MemoryError: out of memory");
    return compile_failed(I, t, rec, err, err_line, t_trace);
  }
  bool ok = true;
  switch (k->backend) {
  case BK_CUSTOM:
    if (!have_pre) {
      snprintf(err, sizeof err, "MemoryError: out of memory");
      ok = false;
      break;
    }
    /* the GraphModule takes the graph before DCE; the backend's time is
     * the timeline's codegen */
    k->fn = call_backend(I, t, &pre, nout, outs, err, sizeof err);
    have_pre = false;
    ok = k->fn.t != V_NULL;
    if (ok) dwJ_event(I, t->root, EV_CODEGEN, k->graph_id, t->t0 + t_trace, dw_now_ms(), false);
    break;
  default:
    ok = lower(I, t->root, k, rec, err, sizeof err, &err_line, t->t0 + t_trace);
    break;
  }
  if (have_pre) dwG_free(&pre);
  if (!ok) return build_failed(I, t, k, rec, err, err_line, t_trace);
  dwJ_event(I, t->root, EV_TRACE, k->graph_id, t->t0, t->t0 + t_trace, false);
  t->traced_event = true;
  /* the unit's cache entry holds the kernel */
  Entry *e;
  if (t->hit && t->hit->status == CE_COMPILED) {
    e = t->hit; /* guards were not enough to tell: recompile in place */
    if (e->kernel) dwC_kernel_free(I, e->kernel);
    for (int j = 0; j < e->nspec; j++) dwC_kernel_free(I, e->spec[j]);
    free(e->spec);
    e->spec = NULL;
    e->nspec = 0;
    e->kernel = k;
    e->hash = h;
    dwJ_unit(I, t, CE_COMPILED, k->graph_id, e,
             "the guards matched a cached entry, but the traced graph differs "
             "from its graph");
  } else {
    e = dwR_entry_add(t, CE_COMPILED);
    if (e) {
      e->hash = h;
      e->kernel = k;
    }
    dwJ_unit(I, t, CE_COMPILED, k->graph_id, e, NULL);
  }
  dwJ_compiled(I, t, rec, e);
  if (!e) {
    dwC_kernel_free(I, k);
    dwR_unit_rollback(I, t->root);
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return UE_ERROR;
  }
  *out = k;
  return UE_OK;
}

/* ------------------------------------------------------------------ */
/* Backends as callables                                               */
/* ------------------------------------------------------------------ */

static void kernel_box_free(Ctx *c, void *p) {
  (void)c;
  Kernel *k = p;
  dwG_free(&k->g);
  free(k);
}

#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)

/* Calling a graph compiled by a named backend: the graph's outputs as a
 * tuple. */
BI(kernel_call) {
  (void)def;
  Kernel *k = (Kernel *)((Opaque *)self.u.o)->p;
  const Graph *g = &k->g;
  if (a->nkw || a->n != g->ninputs)
    return dwI_raise(I, EXC_TypeError, "the compiled graph takes %d positional argument%s (%d given)",
                     g->ninputs, g->ninputs == 1 ? "" : "s", a->n);
  Tensor **in = calloc((size_t)g->ninputs + 1, sizeof(Tensor *));
  Tensor **outs = calloc((size_t)g->nout + 1, sizeof(Tensor *));
  bool ok = in && outs;
  if (!ok) dwI_raise(I, EXC_MemoryError, "out of memory");
  for (int j = 0; ok && j < g->n; j++) {
    const GNode *nd = &g->nodes[j];
    if (nd->op != OP_INPUT) continue;
    Value x = a->v[nd->input];
    Tensor *tx = x.t == V_TENSOR ? (Tensor *)x.u.o : NULL;
    ok = tx && tx->st && tx->dtype == nd->meta.dtype && tx->ndim == nd->meta.ndim &&
         !memcmp(tx->shape, nd->meta.shape, sizeof(int64_t) * (size_t)tx->ndim);
    if (!ok)
      dwI_raise(I, EXC_RuntimeError,
                "argument %d of the compiled graph differs from the example input it was "
                "compiled for (dynawasm's graphs are specialised to their input shapes and "
                "dtypes)",
                nd->input);
    else in[nd->input] = tx;
  }
  int err_line;
  Outside o;
  if (ok) {
    outside_enter(I, &o);
    ok = dwC_run(I, k, in, g->ninputs, outs, &err_line);
    outside_leave(I, &o);
    if (!ok && I->exc.t == V_NULL) dwI_raise_ctx(I);
  }
  Value r = dwV_null();
  if (ok) {
    Tuple *t = dwV_tuple(&I->c, g->nout);
    if (!t) {
      dwI_raise_ctx(I);
      for (int j = 0; j < g->nout; j++) dwV_decref_o(&I->c, &outs[j]->h);
    } else {
      for (int j = 0; j < g->nout; j++) t->items[j] = dwV_obj(&outs[j]->h);
      r = dwV_obj(&t->h);
    }
  }
  free(in);
  free(outs);
  return r;
}

static const BuiltinDef kernel_call_def = {"compiled_fn", kernel_call, TK_UNSUPPORTED, 0, 0};

Value dwC_compile_graph(Interp *I, const Graph *g, int backend) {
  Kernel *k = calloc(1, sizeof *k);
  if (!k || !dwG_clone(&k->g, g)) {
    free(k);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  k->backend = backend;
  k->slot = -1;
  k->graph_id = -1;
  k->fn = dwV_null();
  dwG_dce(&k->g);
  char err[512];
  int err_line = 0;
  if (!lower(I, NULL, k, NULL, err, sizeof err, &err_line, -1)) {
    kernel_box_free(&I->c, k);
    /* "Type: message" as the backend raised it */
    const char *colon = strchr(err, ':');
    ExcType et = EXC_RuntimeError;
    if (colon) {
      for (int t = 0; t < EXC_COUNT; t++)
        if (strlen(dwV_exc_names[t]) == (size_t)(colon - err) &&
            !strncmp(dwV_exc_names[t], err, (size_t)(colon - err)))
          et = (ExcType)t;
      const char *msg = colon + 1;
      while (*msg == ' ') msg++;
      return dwI_raise(I, et, "%s", msg);
    }
    return dwI_raise(I, et, "%s", err);
  }
  Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  Builtin *b = o ? (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin)) : NULL;
  if (!b) {
    if (o) dwV_decref_o(&I->c, &o->h);
    else kernel_box_free(&I->c, k);
    return dwI_raise_ctx(I);
  }
  o->kind = 21;
  o->p = k;
  o->free = kernel_box_free;
  b->def = &kernel_call_def;
  b->self = dwV_obj(&o->h);
  b->extra = dwV_null();
  return dwV_obj(&b->h);
}

/* Replaces the kernel's copies of outputs that eager execution gives as
 * views, of an input or of an output the kernel computed, by those views.
 * (The base of a chain is no view, so the kernel's copy of it stays.) */
static bool alias_outputs(Interp *I, const Graph *g, Tensor **inputs, Tensor **outs) {
  for (int j = 0; j < g->nout; j++) {
    int k = g->outputs[j], b = dwG_view_base(g, k);
    Tensor *basev = NULL;
    if (g->nodes[b].op == OP_INPUT) basev = inputs[g->nodes[b].input];
    else if (b != k)
      for (int i = 0; i < g->nout; i++)
        if (g->outputs[i] == b) basev = outs[i];
    if (!basev) continue;
    Tensor *v = dwG_eval_views(&I->c, g, k, b, basev);
    if (!v) return false;
    dwV_decref_o(&I->c, &outs[j]->h);
    outs[j] = v;
  }
  return true;
}

/* A custom backend's compiled function on the graph inputs: it returns
 * the graph outputs, a tuple or list of tensors (as the GraphModule's
 * forward does). false with an exception pending. */
static bool run_custom(Interp *I, Kernel *k, Tensor **inputs, int nin, Tensor **outs) {
  const Graph *g = &k->g;
  Value *args = malloc(sizeof(Value) * (size_t)(nin + 1));
  if (!args) return dwI_raise(I, EXC_MemoryError, "out of memory").t != V_NULL;
  for (int j = 0; j < nin; j++) args[j] = dwV_obj(&inputs[j]->h);
  Value r = dwC_call_outside(I, k->fn, nin, args);
  free(args);
  if (r.t == V_NULL) return false;
  int64_t n = -1;
  Value *items = NULL;
  if (r.t == V_TUPLE) {
    n = ((Tuple *)r.u.o)->len;
    items = ((Tuple *)r.u.o)->items;
  } else if (r.t == V_LIST) {
    n = ((List *)r.u.o)->len;
    items = ((List *)r.u.o)->items;
  }
  bool ok = n == g->nout;
  /* symbolic input dims (dynamic shapes): the outputs' sizes follow the
   * inputs', only their dtypes and ranks are known */
  bool sym = false;
  for (int j = 0; j < g->n && !sym; j++)
    for (int d = 0; g->nodes[j].op == OP_INPUT && d < g->nodes[j].meta.ndim; d++)
      sym |= g->nodes[j].sym[d] != 0;
  for (int64_t j = 0; ok && j < n; j++) {
    ok = items[j].t == V_TENSOR && ((Tensor *)items[j].u.o)->st;
    if (ok) {
      const TMeta *m = &g->nodes[g->outputs[j]].meta;
      Tensor *x = (Tensor *)items[j].u.o;
      ok = x->dtype == m->dtype && x->ndim == m->ndim &&
           (sym || !memcmp(x->shape, m->shape, sizeof(int64_t) * (size_t)m->ndim));
    }
  }
  if (!ok) {
    dwV_decref(&I->c, r);
    dwI_raise(I, EXC_RuntimeError,
              "the function the backend returned must return the graph's %d output%s, "
              "tensors of the traced shapes and dtypes, as a tuple or list (as the "
              "GraphModule's forward does)",
              g->nout, g->nout == 1 ? "" : "s");
    return false;
  }
  for (int64_t j = 0; j < n; j++) {
    outs[j] = (Tensor *)items[j].u.o;
    dwV_incref_o(&outs[j]->h);
  }
  dwV_decref(&I->c, r);
  return true;
}

#ifdef __EMSCRIPTEN__
/* The host swaps the optimised kernels that are ready into their table
 * slots (wasm/dw_host.h); called before each kernel call, so a long run
 * gets them without waiting for its end. */
__attribute__((import_module("env"), import_name("dw_host_poll"))) void
dw_host_poll(void);
#else
static void dw_host_poll(void) {}
#endif

bool dwC_run(Interp *I, Kernel *k, Tensor **inputs, int nin, Tensor **outs,
             int *err_line) {
  const Graph *g = &k->g;
  *err_line = 0;
  if (k->backend == BK_CUSTOM) return run_custom(I, k, inputs, nin, outs);
  if (k->backend == BK_RELU_RUNTIME_ERROR && k->slot < 0 &&
      (*err_line = first_op_line(g, OP_RELU)) > 0) {
    dw_fail(&I->c, EXC_AssertionError, "ReluRuntimeError");
    return false;
  }
  if (k->slot < 0) {
    int failed;
    bool ok = dwG_run_eager_at(&I->c, g, inputs, outs, &failed);
    if (!ok && failed >= 0) *err_line = g->nodes[failed].line;
    return ok;
  }
  /* a WebAssembly kernel in the host's table, called in place */
  int n = nin + g->nout + (k->scratch ? 1 : 0);
  int32_t *argv = malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
  Tensor **cin = calloc((size_t)nin + 1, sizeof(Tensor *));
  void *scratch = NULL;
  bool ok = argv && cin;
  if (ok && k->scratch) {
    if (I->c.tensor_bytes + k->scratch > I->c.tensor_cap) {
      dw_fail(&I->c, EXC_RuntimeError,
              "[enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: "
              "you tried to allocate %zu bytes.", k->scratch);
      ok = false;
    } else {
      scratch = aligned_alloc(16, (k->scratch + 15) & ~(size_t)15);
      ok = scratch != NULL;
      if (ok) argv[nin + g->nout] = (int32_t)(uintptr_t)scratch;
      else dw_fail(&I->c, EXC_MemoryError, "out of memory");
    }
  }
  for (int j = 0; ok && j < nin; j++) {
    cin[j] = dwT_contiguous(&I->c, inputs[j]);
    ok = cin[j] != NULL;
    if (ok) argv[j] = (int32_t)(uintptr_t)dwT_data(cin[j]);
  }
  for (int j = 0; ok && j < g->nout; j++) {
    const TMeta *m = &g->nodes[g->outputs[j]].meta;
    outs[j] = dwT_empty(&I->c, (DType)m->dtype, m->ndim, m->shape); /* kernel writes all */
    ok = outs[j] != NULL;
    if (ok) argv[nin + j] = (int32_t)(uintptr_t)dwT_data(outs[j]);
  }
  if (ok) {
    dw_host_poll();
    dw_kernel_fn fn = (dw_kernel_fn)(uintptr_t)k->slot;
    int32_t rc = fn((int32_t)(uintptr_t)argv);
    if (rc == DW_KERR_TESTING) {
      *err_line = first_op_line(g, OP_RELU);
      dw_fail(&I->c, EXC_AssertionError, "ReluRuntimeError");
      ok = false;
    } else if (rc == DW_KERR_ZERODIV) {
      dw_fail(&I->c, EXC_RuntimeError, "ZeroDivisionError");
      ok = false;
    } else if (rc == DW_KERR_NEGPOW) {
      dw_fail(&I->c, EXC_RuntimeError, "Integers to negative integer powers are not allowed.");
      ok = false;
    } else if (rc == DW_KERR_INDEX) {
      /* an index tensor's value out of range: the graph run op by op
       * raises PyTorch's message for the op that read it, at its line */
      Tensor **tmp = calloc((size_t)g->nout + 1, sizeof *tmp);
      int failed = -1;
      if (tmp && dwG_run_eager_at(&I->c, g, inputs, tmp, &failed)) {
        for (int j = 0; j < g->nout; j++) dwV_decref_o(&I->c, &tmp[j]->h);
        dw_fail(&I->c, EXC_RuntimeError, "index out of range in a compiled kernel");
      } else if (!tmp) {
        dw_fail(&I->c, EXC_MemoryError, "out of memory");
      }
      if (failed >= 0) *err_line = g->nodes[failed].line;
      free(tmp);
      ok = false;
    } else if (rc != 0) {
      dw_fail(&I->c, EXC_RuntimeError, "compiled kernel failed with code %d", rc);
      ok = false;
    }
  }
  /* An output that is a view of an input or of another output is that
   * view, as in eager mode (Inductor regenerates aliased outputs the same
   * way): in-place updates through it must reach its base. */
  if (ok) ok = alias_outputs(I, g, inputs, outs);
  for (int j = 0; j < nin; j++)
    if (cin && cin[j]) dwV_decref_o(&I->c, &cin[j]->h);
  if (!ok)
    for (int j = 0; j < g->nout; j++)
      if (outs[j]) {
        dwV_decref_o(&I->c, &outs[j]->h);
        outs[j] = NULL;
      }
  free(argv);
  free(cin);
  free(scratch);
  return ok;
}
