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
static bool no_ops(const Graph *g) { /* (a torch.tensor constant is an op) */
  for (int k = 0; k < g->n; k++)
    if (g->nodes[k].op != OP_INPUT && g->nodes[k].op != OP_CONST) return false;
  return true;
}

/* ------------------------------------------------------------------ */
/* Sizes as arguments                                                  */
/* ------------------------------------------------------------------ */

/* A graph with symbolic dims compiles to one module whose size-dependent
 * constants (loop bounds, strides, offsets, a mean's count) come from a
 * size block (dw.h WSized): the plan is emitted at the call's sizes and
 * at other sizes (probe_shift) with every constant a placeholder; if
 * the two modules are the same bytes, the constants whose values differ
 * become slots. A later size is planned and emitted again (no compile):
 * when its module is the same bytes, the compiled module serves it with
 * that emission's values as its size block; else the graph gets a module
 * for that size (Entry.spec). */
typedef struct KSize {
  int64_t sym[DW_MAXSYM]; /* the symbols' sizes (-1: not used) */
  uint8_t *block;         /* the size block (16 bytes per slot) */
  size_t scratch;         /* bytes of scratch memory at these sizes */
  int64_t (*oshape)[DW_MAXDIM]; /* per output: its shape */
} KSize;

typedef struct KSized {
  uint8_t *ref; /* the module */
  size_t reflen;
  int32_t *slot; /* per site: its slot, -1: a constant */
  int nsites, nslots;
  uint32_t *symext; /* per nest (WSized.symext) */
  KSize *inst;
  int ninst, capinst;
} KSized;

static void ksized_free(KSized *z) {
  if (!z) return;
  for (int j = 0; j < z->ninst; j++) {
    free(z->inst[j].block);
    free(z->inst[j].oshape);
  }
  free(z->inst);
  free(z->ref);
  free(z->slot);
  free(z->symext);
  free(z);
}

/* The sizes of g's symbols for these inputs. */
static bool graph_symbolic(const Graph *g) {
  for (int n = 0; n < g->n; n++)
    for (int d = 0; g->nodes[n].op == OP_INPUT && d < g->nodes[n].meta.ndim; d++)
      if (g->nodes[n].sym[d]) return true;
  return false;
}

static KSize *ksized_find(KSized *z, const int64_t *sym) {
  for (int j = 0; j < z->ninst; j++)
    if (!memcmp(z->inst[j].sym, sym, sizeof z->inst[j].sym)) return &z->inst[j];
  return NULL;
}

/* Records the size block of an emission at g's sizes (sym). */
static bool ksized_add(KSized *z, const Graph *g, const int64_t *sym, const WSized *w,
                       size_t scratch) {
  if (!DW_GROW(z->inst, z->capinst, z->ninst, 4)) return false;
  KSize *s = &z->inst[z->ninst];
  memset(s, 0, sizeof *s);
  memcpy(s->sym, sym, sizeof s->sym);
  s->scratch = scratch;
  s->block = calloc((size_t)z->nslots * 16 + 16, 1);
  s->oshape = calloc((size_t)g->nout + 1, sizeof *s->oshape);
  if (!s->block || !s->oshape) {
    free(s->block);
    free(s->oshape);
    return false;
  }
  for (int j = 0; j < w->nsites && j < z->nsites; j++)
    if (z->slot[j] >= 0) memcpy(s->block + 16 * z->slot[j], w->sites[j].v, 16);
  for (int j = 0; j < g->nout; j++)
    memcpy(s->oshape[j], g->nodes[g->outputs[j]].meta.shape, sizeof s->oshape[j]);
  z->ninst++;
  return true;
}

/* g with each symbolic size + shift (the shapes inferred again, op by
 * op); false if they do not infer. */
static bool regraph(Ctx *c, const Graph *g, int64_t shift, Graph *out) {
  if (!dwG_clone(out, g)) return false;
  for (int n = 0; n < out->n; n++) {
    GNode *nd = &out->nodes[n];
    for (int d = 0; nd->op == OP_INPUT && d < nd->meta.ndim; d++)
      if (nd->sym[d]) nd->meta.shape[d] += shift;
  }
  int64_t symv[DW_MAXSYM];
  dwG_sym_values(out, NULL, symv);
  for (int n = 0; n < out->n; n++) {
    GNode *nd = &out->nodes[n];
    if (nd->op == OP_INPUT) continue;
    TMeta in[8], m;
    if (nd->op == OP_CONST) { /* a SymInt: its value at these sizes */
      int nt;
      int64_t v;
      const int64_t *sx = nd->sx ? dwG_sx(out, nd, -1, &nt) : NULL;
      if (sx && dwG_sx_eval(sx, nt, symv, &v)) nd->value = (double)v;
      continue;
    }
    if (nd->nin > 8) goto fail;
    for (int j = 0; j < nd->nin; j++) in[j] = out->nodes[nd->in[j]].meta;
    dwG_attrs_at(g, &g->nodes[n], nd->nin ? in[0].ndim : 0, nd->nin ? in[0].shape : NULL, symv,
                 &nd->at); /* x[:-1], x[:x.shape[0] - 2] */
    if (!dwT_meta(c, (Op)nd->op, nd->nin, in, &nd->at, &m) || m.ndim != nd->meta.ndim ||
        m.dtype != nd->meta.dtype)
      goto fail;
    nd->meta = m;
  }
  return true;
fail:
  dwG_free(out);
  return false;
}

/* How kernel k is emitted: its backend's kind, relaxed SIMD where the
 * host's engine has it. */
static EmitMode emit_mode(const Interp *I, const Kernel *k) {
  int m = k->backend == BK_RELU_RUNTIME_ERROR ? EMIT_RELU_RUNTIME_ERROR : EMIT_NORMAL;
  if (I->host_features & DW_HOST_RELAXED_SIMD) m |= EMIT_RELAXED;
  return (EmitMode)m;
}

/* Emits plan p with z's slots (WS_SLOTS): false if that fails or gives
 * another number of sites. */
static bool sized_emit(Ctx *c, const KSized *z, const FPlan *p, EmitMode mode, const char *file,
                       WSized *w, WasmModule *m) {
  memset(w, 0, sizeof *w);
  w->mode = WS_SLOTS;
  w->symext = z->symext;
  w->slot = z->slot;
  w->nslotmap = z->nsites;
  return dwW_emit_sized(c, p, mode, file, w, m) && w->nsites == z->nsites;
}

/* The error left in the context by a try that failed is not an error:
 * the context's error is put back after it. */
typedef struct SavedErr {
  ExcType t;
  char msg[DW_ERRMSG];
} SavedErr;
static void err_save(const Ctx *c, SavedErr *s) {
  s->t = c->err;
  memcpy(s->msg, c->errmsg, sizeof s->msg);
}
static void err_restore(Ctx *c, const SavedErr *s) {
  c->err = s->t;
  memcpy(c->errmsg, s->msg, sizeof s->msg);
}

/* The other sizes the plan is emitted at (each symbol + shift): + 1 keeps
 * the code of most plans, + 9 moves every step of 4 or 8 lanes. A constant
 * that varies at one of those whose code is the same becomes a slot; one
 * that varies only at other sizes makes those sizes a module of their own
 * (so does a float sum past 128 elements: its cascade's code follows the
 * count). Each probe costs a plan and an emission at the first compile. */
static const int64_t probe_shift[] = {1, 9};
#define NPROBE 2

/* Tries the module with sizes as arguments for kernel k's graph at the
 * sizes of `inputs` (plan p): true with it in *m and k->sized set. */
static bool sized_build(Interp *I, Kernel *k, const FPlan *p, EmitMode mode,
                        Tensor *const *inputs, WasmModule *m) {
  Ctx *c = &I->c;
  SavedErr saved;
  err_save(c, &saved);
  Graph g2[NPROBE];
  FPlan p2[NPROBE];
  bool have_g2[NPROBE] = {false}, have_p2[NPROBE] = {false}, ok = false;
  WSized r1, r2[NPROBE], w;
  memset(&r1, 0, sizeof r1);
  memset(r2, 0, sizeof r2);
  memset(&w, 0, sizeof w);
  WasmModule m1, m2[NPROBE];
  memset(&m1, 0, sizeof m1);
  memset(m2, 0, sizeof m2);
  KSized *z = calloc(1, sizeof *z);
  uint32_t *symext = calloc((size_t)p->nnest + 1, sizeof *symext);
  if (!z || !symext) goto done;
  /* plans of the same shape at other sizes: the loop variables whose
   * extents follow the sizes */
  int nsame = 0;
  for (int q = 0; q < NPROBE; q++) {
    have_g2[q] = regraph(c, &k->g, probe_shift[q], &g2[q]);
    have_p2[q] = have_g2[q] && dwF_plan(c, &g2[q], &p2[q]);
    bool same = have_p2[q] && p2[q].nnest == p->nnest && p2[q].nbuf == p->nbuf;
    for (int j = 0; same && j < p->nnest; j++) {
      const FNest *a = &p->nest[j], *b = &p2[q].nest[j];
      same = a->kind == b->kind && a->nouter == b->nouter && a->ninner == b->ninner;
    }
    if (!same) {
      if (have_p2[q]) dwF_free(&p2[q]);
      have_p2[q] = false;
      continue;
    }
    for (int j = 0; j < p->nnest; j++) {
      const FNest *a = &p->nest[j], *b = &p2[q].nest[j];
      for (int v = 0; v < a->nouter + a->ninner && v < 32; v++)
        if (a->ext[v] != b->ext[v]) symext[j] |= 1u << v;
    }
    nsame++;
  }
  if (!nsame) goto done;
  /* the same code at the other sizes, with placeholders: which constants
   * vary */
  r1.mode = WS_RECORD;
  r1.symext = symext;
  if (!dwW_emit_sized(c, p, mode, I->filename, &r1, &m1)) goto done;
  z->nsites = r1.nsites;
  z->slot = malloc(sizeof(int32_t) * (size_t)(z->nsites + 1));
  if (!z->slot) goto done;
  for (int j = 0; j < z->nsites; j++) z->slot[j] = -1;
  nsame = 0;
  for (int q = 0; q < NPROBE; q++) {
    if (!have_p2[q]) continue;
    r2[q].mode = WS_RECORD;
    r2[q].symext = symext;
    if (!dwW_emit_sized(c, &p2[q], mode, I->filename, &r2[q], &m2[q])) goto done;
    if (m1.len != m2[q].len || memcmp(m1.bytes, m2[q].bytes, m1.len) ||
        r1.nsites != r2[q].nsites)
      continue;
    nsame++;
    for (int j = 0; j < z->nsites; j++) {
      const WSite *a = &r1.sites[j], *b = &r2[q].sites[j];
      if (a->type != b->type) goto done;
      if (z->slot[j] < 0 && memcmp(a->v, b->v, sizeof a->v)) z->slot[j] = z->nslots++;
    }
  }
  if (!nsame) goto done;
  z->symext = symext;
  symext = NULL;
  /* the module (whether it serves another size is checked when one comes) */
  if (!sized_emit(c, z, p, mode, I->filename, &w, m)) {
    dwW_free(m);
    goto done;
  }
  z->ref = malloc(m->len + 1);
  z->reflen = m->len;
  int64_t sym[DW_MAXSYM];
  dwG_sym_values(&k->g, inputs, sym);
  if (!z->ref || !ksized_add(z, &k->g, sym, &w, m->scratch)) {
    dwW_free(m);
    goto done;
  }
  memcpy(z->ref, m->bytes, m->len);
  k->sized = z;
  z = NULL;
  ok = true;
done:
  ksized_free(z);
  free(symext);
  free(r1.sites);
  free(w.sites);
  dwW_free(&m1);
  for (int q = 0; q < NPROBE; q++) {
    free(r2[q].sites);
    dwW_free(&m2[q]);
    if (have_p2[q]) dwF_free(&p2[q]);
    if (have_g2[q]) dwG_free(&g2[q]);
  }
  err_restore(c, &saved);
  return ok;
}

/* Whether sized kernel k serves graph g (the same graph as k's at other
 * sizes of its symbols) at the sizes of `inputs`: planned and emitted
 * again, the same bytes; the sizes recorded. */
static bool sized_serves(Interp *I, Kernel *k, const Graph *g, Tensor *const *inputs) {
  KSized *z = k->sized;
  int64_t sym[DW_MAXSYM];
  dwG_sym_values(g, inputs, sym);
  Ctx *c = &I->c;
  SavedErr saved;
  err_save(c, &saved);
  FPlan p;
  bool ok = false;
  if (dwF_plan(c, g, &p)) {
    WSized w;
    WasmModule m;
    EmitMode mode = emit_mode(I, k);
    ok = sized_emit(c, z, &p, mode, I->filename, &w, &m) && m.len == z->reflen &&
         !memcmp(m.bytes, z->ref, m.len) && ksized_add(z, g, sym, &w, m.scratch);
    free(w.sites);
    dwW_free(&m);
    dwF_free(&p);
  }
  err_restore(c, &saved);
  return ok;
}

void dwC_kernel_free(Interp *I, Kernel *k) {
  free(k->keep_mem);
  ksized_free(k->sized);
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

void dwC_wont_convert(Interp *I, Trace *t, int line, const char *why, const char *mark) {
  dwB_printf(&I->err, "WON'T CONVERT %s %s line %d\ndue to:\n%s\n", t->root->code->name,
             I->filename, t->root->code->firstline, why);
  I->suppressed.pending = true;
  I->suppressed.line = line;
  snprintf(I->suppressed.msg, sizeof I->suppressed.msg, "%s", mark);
  snprintf(I->suppressed.fn, sizeof I->suppressed.fn, "%s", t->root->code->name);
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
    Buf why = {0}, mark = {0};
    dwB_printf(&why, "BackendCompilerFailed: backend='%s' raised:\n%s", bk, err);
    dwB_printf(&mark, "BackendCompilerFailed: backend='%s' raised: %s", bk, err);
    dwC_wont_convert(I, t, err_line ? err_line : t->start->line, why.p ? why.p : "", mark.p ? mark.p : "");
    dwB_free(&why);
    dwB_free(&mark);
    Entry *fe = t->hit ? t->hit : dwR_entry_add(t, CE_FAILED);
    if (fe) fe->status = CE_FAILED;
    dwJ_unit(I, t, CE_FAILED, rec ? rec->id : -1, fe, NULL);
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
                  int *err_line, double since, Tensor *const *inputs) {
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
    EmitMode mode = emit_mode(I, k);
    FPlan plan;
    WasmModule m;
    memset(&m, 0, sizeof m);
    /* fuse */
    bool ok = dwF_plan(&I->c, &k->g, &plan);
    /* emit (symbolic dims: sizes as arguments when the code allows) */
    if (ok) {
      if (!(inputs && graph_symbolic(&k->g) &&
            sized_build(I, k, &plan, mode, inputs, &m)))
        ok = dwW_emit(&I->c, &plan, mode, I->filename, &m);
      dwF_free(&plan);
    }
    if (!ok) {
      snprintf(err, cap, "LoweringException: %s", I->c.errmsg);
      *err_line = k->g.n ? k->g.nodes[k->g.n - 1].line : 0;
      return false;
    }
    k->scratch = m.scratch;
    k->nkeep = m.nkeep;
    for (int q = 0; q < m.nkeep; q++) {
      k->keep_slot[q] = m.keep_slot[q];
      k->keep_off[q] = m.keep_off[q];
    }
    GraphRec *gr = rec ? rec : dwJ_graph_rec(I, k->graph_id);
    if (gr) gr->modules++;
    double c1 = dw_now_ms();
    dwJ_event(I, root, EV_CODEGEN, k->graph_id, c0, c1, false);
    dwJ_graph_nodes(rec, &k->g, &m);
    if (rec) {
      rec->t_codegen = c1 - c0;
      rec->wasm_size = m.len - m.wat_section;
      rec->nloops = m.nloops;
      rec->relaxed_simd |= m.nrelaxed > 0;
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

/* Does kernel k serve these inputs as they are: any sizes (eager kernels,
 * a custom backend), a size block for them (g gives their symbols), or
 * the sizes it was built for. */
static bool kernel_serves(const Kernel *k, const Graph *g, Tensor **inputs) {
  /* (natively a sized kernel's module is only emitted, and the graph
   * runs on the eager kernels, which take the sizes in its attributes
   * from the inputs (dwG_run_eager_at): the same modules are counted) */
  if (k->slot < 0 && !k->sized) return true;
  if (k->sized) {
    int64_t sym[DW_MAXSYM];
    dwG_sym_values(g, inputs, sym);
    return ksized_find(k->sized, sym) != NULL;
  }
  for (int n = 0; n < k->g.n; n++) {
    const GNode *nd = &k->g.nodes[n];
    if (nd->op != OP_INPUT) continue;
    const Tensor *x = inputs[nd->input];
    if (x->ndim != nd->meta.ndim ||
        memcmp(x->shape, nd->meta.shape, sizeof(int64_t) * x->ndim))
      return false;
  }
  return true;
}

Kernel *dwC_kernel_for(Entry *e, Tensor **inputs) {
  for (int j = -1; j < e->nspec; j++) {
    Kernel *k = j < 0 ? e->kernel : e->spec[j];
    if (k && kernel_serves(k, &k->g, inputs)) return k;
  }
  return NULL;
}

/* The kernel of entry e that serves t's inputs: one built for these sizes
 * (a WebAssembly kernel is built for the sizes of its inputs), or any
 * graph the eager kernels or a custom backend run. NULL: none yet. */
static Kernel *sized_kernel(Interp *I, Entry *e, Trace *t) {
  for (int j = -1; j < e->nspec; j++) {
    Kernel *k = j < 0 ? e->kernel : e->spec[j];
    if (!k) continue;
    if (kernel_serves(k, &t->g, t->inputs)) return k;
    if (k->sized) {
      /* new sizes: planned and emitted again (codegen, no compile) */
      double c0 = dw_now_ms();
      bool serves = sized_serves(I, k, &t->g, t->inputs);
      dwJ_event(I, t->root, EV_CODEGEN, k->graph_id, c0, dw_now_ms(), false);
      if (serves) return k;
    }
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
  if (!sp || !lower(I, t->root, k, NULL, err, sizeof err, &err_line, -1, t->inputs)) {
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
  uint64_t h = dwG_hash(&t->g), hs = dwG_hash_sizes(&t->g);
  /* the same graph, perhaps at other sizes of its symbolic dims */
  if (t->hit && t->hit->status == CE_COMPILED && (t->hit->hash == h || t->hit->shash == hs)) {
    if (have_pre) dwG_free(&pre);
    FrameRec *fr = dwJ_frame(I, t->root->code);
    if (fr) fr->cache_hits++;
    Kernel *k = sized_kernel(I, t->hit, t);
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
    ok = lower(I, t->root, k, rec, err, sizeof err, &err_line, t->t0 + t_trace, t->inputs);
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
    dwRp_free(e->replay); /* made for the old kernel */
    e->replay = NULL;
    if (e->kernel) dwC_kernel_free(I, e->kernel);
    for (int j = 0; j < e->nspec; j++) dwC_kernel_free(I, e->spec[j]);
    free(e->spec);
    e->spec = NULL;
    e->nspec = 0;
    e->kernel = k;
    e->hash = h;
    e->shash = hs;
    dwJ_unit(I, t, CE_COMPILED, k->graph_id, e,
             "the guards matched a cached entry, but the traced graph differs "
             "from its graph");
  } else {
    e = dwR_entry_add(t, CE_COMPILED);
    if (e) {
      e->hash = h;
      e->shash = hs;
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
  if (!lower(I, NULL, k, NULL, err, sizeof err, &err_line, -1, NULL)) {
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
    int64_t symv[DW_MAXSYM];
    dwG_sym_values(g, inputs, symv);
    Tensor *v = dwG_eval_views(&I->c, g, k, b, basev, symv);
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

/* The header of each kept panel set in scratch: 1 when its input is the
 * tensor the panels were packed from (same storage, address and writes:
 * written in no way since), else 0 (the kernel packs it again). */
static void keep_check(const Kernel *k, void *scratch, Tensor **cin, int nin) {
  for (int q = 0; q < k->nkeep; q++) {
    Tensor *b = k->keep_slot[q] < nin ? cin[k->keep_slot[q]] : NULL;
    int32_t valid = b && b->st && k->keep_id[q] && b->st->id == k->keep_id[q] &&
                    b->st->writes == k->keep_writes[q] && dwT_data(b) == k->keep_data[q];
    memcpy((char *)scratch + k->keep_off[q], &valid, sizeof valid);
  }
}

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
    /* (with autograd: the random draws are kept for the backward's re-run) */
    bool grad = dwAo_wants(I, nin, inputs);
    int failed, nr = grad ? dwG_ntensors(g) : 0;
    Tensor **rands = nr ? calloc((size_t)nr, sizeof *rands) : NULL;
    bool ok = (!nr || rands || dw_fail(&I->c, EXC_MemoryError, "out of memory")) &&
              dwG_run_eager_ex(&I->c, g, inputs, outs, &failed, rands, false, false);
    if (!ok && failed >= 0) *err_line = g->nodes[failed].line;
    if (ok && grad) ok = dwAo_attach(I, g, nin, inputs, rands, outs);
    for (int j = 0; j < nr; j++)
      if (rands[j]) dwV_decref_o(&I->c, &rands[j]->h);
    free(rands);
    return ok;
  }
  /* a WebAssembly kernel in the host's table, called in place; sizes as
   * arguments: the scratch pointer (0 if none) and the size block follow */
  const KSize *ks = NULL;
  if (k->sized) {
    int64_t sym[DW_MAXSYM];
    dwG_sym_values(g, inputs, sym);
    ks = ksized_find(k->sized, sym);
    if (!ks) return dw_fail(&I->c, EXC_RuntimeError, "compiled kernel: no size block for these sizes");
  }
  size_t scratch_bytes = ks ? ks->scratch : k->scratch;
  /* the arguments: the inputs, the graph's torch.tensor constants and
   * random tensors (dwG_arg_node), the outputs, then the scratch and size
   * block. Random tensors are drawn here, in graph order, from the eager
   * generator: the stream is eager's */
  int nt = dwG_ntensors(g), nio = nin + nt;
  int n = nio + g->nout + (ks ? 2 : scratch_bytes ? 1 : 0);
  int32_t *argv = calloc((size_t)(n ? n : 1), sizeof(int32_t));
  Tensor **cin = calloc((size_t)nio + 1, sizeof(Tensor *));
  void *scratch = NULL;
  bool ok = argv && cin;
  int64_t symv[DW_MAXSYM];
  if (ok && nt) dwG_sym_values(g, inputs, symv);
  for (int j = 0, c = nin; ok && j < g->n; j++) {
    const GNode *nd = &g->nodes[j];
    if (nd->op == OP_TENSOR) argv[c++] = (int32_t)(uintptr_t)nd->data;
    if (nd->op != OP_RAND) continue;
    OpAttrs at;
    dwG_attrs_at(g, nd, 0, NULL, symv, &at);
    cin[c] = dwT_op(&I->c, OP_RAND, 0, NULL, &at);
    ok = cin[c] != NULL;
    if (ok) argv[c] = (int32_t)(uintptr_t)dwT_data(cin[c]);
    c++;
  }
  if (ok && ks) argv[nio + g->nout + 1] = (int32_t)(uintptr_t)ks->block;
  bool keep = k->nkeep > 0 && !ks; /* the scratch holding kept panels stays */
  if (ok && keep && k->keep_mem) {
    scratch = k->keep_mem;
    argv[nio + g->nout] = (int32_t)(uintptr_t)scratch;
  } else if (ok && scratch_bytes) {
    if (I->c.tensor_bytes + scratch_bytes > I->c.tensor_cap) {
      dw_fail(&I->c, EXC_RuntimeError,
              "[enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: "
              "you tried to allocate %zu bytes.", scratch_bytes);
      ok = false;
    } else {
      scratch = aligned_alloc(16, (scratch_bytes + 15) & ~(size_t)15);
      ok = scratch != NULL;
      if (ok) argv[nio + g->nout] = (int32_t)(uintptr_t)scratch;
      else dw_fail(&I->c, EXC_MemoryError, "out of memory");
    }
  }
  for (int j = 0; ok && j < nin; j++) {
    cin[j] = dwT_contiguous(&I->c, inputs[j]);
    ok = cin[j] != NULL;
    if (ok) argv[j] = (int32_t)(uintptr_t)dwT_data(cin[j]);
  }
  if (ok && keep) keep_check(k, scratch, cin, nin);
  for (int j = 0; ok && j < g->nout; j++) {
    const TMeta *m = &g->nodes[g->outputs[j]].meta;
    outs[j] = dwT_empty(&I->c, (DType)m->dtype, m->ndim, ks ? ks->oshape[j] : m->shape); /* kernel writes all */
    ok = outs[j] != NULL;
    if (ok) argv[nio + j] = (int32_t)(uintptr_t)dwT_data(outs[j]);
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
  if (ok && dwAo_wants(I, nin, inputs)) { /* the random draws, in graph order */
    int nr = 0;
    for (int j = nin; j < nio; j++)
      if (cin[j]) cin[nin + nr++] = cin[j];
    for (int j = nin + nr; j < nio; j++)
      cin[j] = NULL;
    ok = dwAo_attach(I, g, nin, inputs, cin + nin, outs);
  }
  if (!ok)
    for (int j = 0; j < g->nout; j++)
      if (outs[j]) {
        dwV_decref_o(&I->c, &outs[j]->h);
        outs[j] = NULL;
      }
  if (keep && scratch) { /* the kernel packed what was not valid: all are now */
    k->keep_mem = scratch;
    for (int q = 0; q < k->nkeep; q++) {
      const Tensor *b = k->keep_slot[q] < nin ? cin[k->keep_slot[q]] : NULL;
      bool now = ok && b && b->st;
      k->keep_id[q] = now ? b->st->id : 0;
      k->keep_writes[q] = now ? b->st->writes : 0;
      k->keep_data[q] = now ? dwT_data(b) : NULL;
    }
  }
  for (int j = 0; j < nio; j++)
    if (cin && cin[j]) dwV_decref_o(&I->c, &cin[j]->h);
  free(argv);
  free(cin);
  if (!keep) free(scratch);
  return ok;
}
