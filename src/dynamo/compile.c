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
 * (native builds), after emitting. A compiler error is suppressed
 * (torch._dynamo.config.suppress_errors: the unit runs eagerly) or raised
 * as BackendCompilerFailed. */
#include "dynamo.h"
#include "backend/fuse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwC_backend_names[] = {
    "wasm", "eager", "aot_eager", "relu_compile_error_TESTING_ONLY",
    "relu_runtime_error_TESTING_ONLY"};

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

void dwC_kernel_free(Kernel *k) {
  dwG_free(&k->g);
  free(k);
}

/* The host takes module m: k->slot is its kernel's table index. false
 * with the host's message in err. */
static bool host_load(Interp *I, Kernel *k, GraphRec *rec, const WasmModule *m,
                      char *err, size_t errcap) {
  if (!I->host_fn) return true; /* native: the graph runs on eager kernels */
  double times[2] = {0, 0};
  char herr[256] = "";
  int slot = I->host_fn(I->host, m->bytes, m->len, I->opt.want_wat, times,
                        herr, sizeof herr);
  if (rec) {
    rec->t_optimize = times[0];
    rec->t_instantiate = times[1];
  }
  if (slot < 0) {
    snprintf(err, errcap, "WebAssemblyError: %s", herr);
    return false;
  }
  k->slot = slot;
  if (rec) rec->slot = slot;
  return true;
}

/* The unit cannot be compiled: suppressed (UE_EAGER) or raised. */
static int compile_failed(Interp *I, Trace *t, GraphRec *rec, const char *err,
                          int err_line) {
  dwJ_graph_failed(rec, err);
  const char *bk = dwC_backend_names[t->opts->backend];
  if (I->suppress_errors && !t->opts->fullgraph) {
    dwB_printf(&I->err, "WON'T CONVERT %s %s line %d\ndue to:\nBackendCompilerFailed: "
                        "backend='%s' raised:\n%s\n",
               t->root->code->name, I->filename, t->root->code->firstline, bk, err);
    Entry *fe = t->hit ? t->hit : dwR_entry_add(t, CE_FAILED);
    if (fe) fe->status = CE_FAILED;
    I->suppressed.pending = true;
    I->suppressed.line = err_line ? err_line : t->start->line;
    snprintf(I->suppressed.msg, sizeof I->suppressed.msg,
             "BackendCompilerFailed: backend='%s' raised: %s", bk, err);
    snprintf(I->suppressed.fn, sizeof I->suppressed.fn, "%s", t->root->code->name);
    return UE_EAGER;
  }
  dwR_unit_rollback(I, t->root);
  dwI_raise(I, EXC_BackendCompilerFailed, "backend='%s' raised:\n%s", bk, err);
  if (I->exc.t == V_EXC) ((Exc *)I->exc.u.o)->h.flags |= 1; /* skip f */
  return UE_ERROR;
}

int dwC_compile(Interp *I, Trace *t, int nout, const int32_t *outs,
                double t_trace, Kernel **out) {
  *out = NULL;
  /* dce */
  dwG_set_outputs(&t->g, nout, outs);
  dwG_dce(&t->g);
  /* cache */
  uint64_t h = dwG_hash(&t->g);
  if (t->hit && t->hit->status == CE_COMPILED && t->hit->hash == h) {
    FrameRec *fr = dwJ_frame(I, t->root->code);
    if (fr) fr->cache_hits++;
    *out = t->hit->kernel;
    return UE_OK;
  }
  GraphRec *rec = dwJ_graph_new(I, t, t_trace);
  char err[512];
  int err_line = 0;
  Kernel *k = calloc(1, sizeof *k);
  if (!k) {
    snprintf(err, sizeof err, "MemoryError: out of memory");
    return compile_failed(I, t, rec, err, err_line);
  }
  k->backend = t->opts->backend;
  k->slot = -1;
  k->g = t->g; /* the kernel takes the graph */
  dwG_init(&t->g);
  k->graph_id = rec ? rec->id : -1;
  bool ok = true;
  switch (k->backend) {
  case BK_RELU_COMPILE_ERROR:
    if ((err_line = first_op_line(&k->g, OP_RELU)) > 0) {
      snprintf(err, sizeof err, "ReluCompileError:");
      ok = false;
    }
    break;
  case BK_EAGER:
  case BK_AOT_EAGER:
    break;
  default: { /* the WebAssembly backend */
    if (no_ops(&k->g)) break; /* outputs are inputs: nothing to run */
    double c0 = dw_now_ms();
    EmitMode mode = k->backend == BK_RELU_RUNTIME_ERROR ? EMIT_RELU_RUNTIME_ERROR
                                                      : EMIT_NORMAL;
    FPlan plan;
    WasmModule m;
    memset(&m, 0, sizeof m);
    /* fuse */
    ok = dwF_plan(&I->c, &k->g, &plan);
    /* emit */
    if (ok) {
      ok = dwW_emit(&I->c, &plan, mode, I->filename, &m);
      dwF_free(&plan);
    }
    if (!ok) {
      snprintf(err, sizeof err, "LoweringException: %s", I->c.errmsg);
      err_line = k->g.n ? k->g.nodes[k->g.n - 1].line : 0;
      break;
    }
    k->scratch = m.scratch;
    if (rec) {
      rec->t_codegen = dw_now_ms() - c0;
      rec->wasm_size = m.len - m.wat_section;
      rec->nloops = m.nloops;
    }
    /* host */
    ok = host_load(I, k, rec, &m, err, sizeof err);
    dwW_free(&m);
    break;
  }
  }
  if (!ok) {
    /* the unit keeps its graph (outputs set, after DCE): it may run it
     * eagerly instead */
    dwG_free(&t->g);
    t->g = k->g;
    dwG_init(&k->g);
    dwC_kernel_free(k);
    return compile_failed(I, t, rec, err, err_line);
  }
  /* the unit's cache entry holds the kernel */
  Entry *e;
  if (t->hit && t->hit->status == CE_COMPILED) {
    e = t->hit; /* guards were not enough to tell: recompile in place */
    e->kernel = k;
    e->hash = h;
  } else {
    e = dwR_entry_add(t, CE_COMPILED);
    if (e) {
      e->hash = h;
      e->kernel = k;
    }
  }
  dwJ_compiled(I, t, rec, e);
  if (!e) {
    dwC_kernel_free(k);
    dwR_unit_rollback(I, t->root);
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return UE_ERROR;
  }
  *out = k;
  return UE_OK;
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

bool dwC_run(Interp *I, Kernel *k, Tensor **inputs, int nin, Tensor **outs,
             int *err_line) {
  const Graph *g = &k->g;
  *err_line = 0;
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
