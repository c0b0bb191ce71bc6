/* api.c - sessions and runs (dynawasm.h): a run parses, resolves and
 * evaluates one program in a fresh interpreter, then keeps its report
 * (dynamo/report.c) and its texts in the session. */
#include "runtime/builtins.h"
#include "runtime/interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(__EMSCRIPTEN__) && !defined(_WIN32)
#include <sys/resource.h>
#endif

struct dw_session {
  Buf report;                /* the last report (JSON) */
  Buf text[DW_PART_COUNT];   /* the last run's texts (dw_run_text) */
  dw_host_compile_fn host_fn;
  void *host;
  unsigned host_features;    /* DW_HOST_* (dw_set_host_features) */
  volatile int interrupt;    /* set from outside to stop a run */
};

const char *dw_version(void) { return "0.1.0"; }

dw_session *dw_session_new(void) { return calloc(1, sizeof(dw_session)); }

void dw_session_free(dw_session *s) {
  if (!s) return;
  dwB_free(&s->report);
  for (int k = 0; k < DW_PART_COUNT; k++) dwB_free(&s->text[k]);
  free(s);
}

void dw_set_host(dw_session *s, dw_host_compile_fn fn, void *host) {
  s->host_fn = fn;
  s->host = host;
}

void dw_set_host_features(dw_session *s, unsigned features) {
  s->host_features = features & DW_HOST_RELAXED_SIMD;
}

void dw_reset(dw_session *s) { (void)s; /* kernels are cached by the host */ }

volatile int *dw_interrupt_flag(dw_session *s) { return &s->interrupt; }

static void interp_free(Interp *I) {
  for (int k = 0; k < I->nglobals; k++) {
    dwV_decref(&I->c, I->globals[k].v);
    dwV_decref(&I->c, I->globals[k].builtin);
    I->globals[k].v = I->globals[k].builtin = dwV_null();
  }
  dwV_decref(&I->c, I->exc);
  dwV_decref(&I->c, I->retval);
  dwV_decref(&I->c, I->handling);
  I->exc = I->retval = I->handling = dwV_null();
  dwR_forget(I, I->codes, I->ncodes);
  dwV_free_all(&I->c);
  free(I->globals);
  free(I->codes);
  free(I->gblk);
  free(I->nn_forward);
  dwJ_run_end(I);
  dwS_free(I);
  dwB_free(&I->out);
  dwB_free(&I->err);
  dwA_free(&I->arena);
  free(I);
}

/* Parses and resolves one module; on error raises SyntaxError. */
static Code *load(Interp *I, const char *src, size_t len) {
  ParseError pe;
  memset(&pe, 0, sizeof pe);
  Node *m = dwP_parse(&I->arena, src, len, &pe);
  if (!m) {
    dwI_raise(I, pe.type ? pe.type : EXC_SyntaxError, "%s", pe.msg);
    if (I->exc.t == V_EXC) {
      ((Exc *)I->exc.u.o)->line = pe.line;
      ((Exc *)I->exc.u.o)->col = pe.col;
      ((Exc *)I->exc.u.o)->end_col = pe.end_col;
    }
    return NULL;
  }
  Code *code = NULL;
  if (!dwI_resolve(I, m, &code)) return NULL;
  /* The module's own names, as CPython sets them for a script: __name__
   * is "__main__", __file__ the path the host gave (the CLI gives it
   * absolute, as CPython 3.9+ does), __doc__ its docstring or None. */
  Node *first = m->body.n ? m->body.v[0] : NULL;
  Node *doc = first && first->kind == N_EXPR && first->a && first->a->kind == N_STR ? first->a : NULL;
  const struct { const char *name, *s; size_t n; } dunder[] = {
      {"__name__", "__main__", 8},
      {"__file__", I->filename, strlen(I->filename)},
      {"__doc__", doc ? doc->s : NULL, doc ? doc->slen : 0},
  };
  for (size_t k = 0; k < sizeof dunder / sizeof dunder[0]; k++) {
    Str *name = dwI_intern(I, dunder[k].name);
    Str *str = dunder[k].s ? dwV_str(&I->c, dunder[k].s, dunder[k].n) : NULL;
    int slot = name ? dwI_global_slot(I, name) : -1;
    if (!name || (dunder[k].s && !str) || slot < 0 || slot >= I->nglobals || I->globals[slot].name != name) {
      if (str) dwV_decref_o(&I->c, &str->h);
      dwI_raise(I, EXC_MemoryError, "out of memory");
      return NULL;
    }
    dwV_decref(&I->c, I->globals[slot].v);
    I->globals[slot].v = str ? VSTR(str) : dwV_none();
  }
  return code;
}

/* How much C stack a run may use before RecursionError: most of what the
 * platform gives (native: the stack rlimit; WebAssembly: the linker's
 * stack size, wasm/build.sh). Deep recursion is an error, never a crash. */
#ifndef DW_WASM_STACK /* set by CMakeLists.txt with -sTOTAL_STACK */
#define DW_WASM_STACK (8u << 20)
#endif
static size_t stack_budget(void) {
#if defined(__EMSCRIPTEN__)
  return DW_WASM_STACK / 4 * 3;
#elif defined(_WIN32)
  return (size_t)768 << 10;
#else
  struct rlimit rl;
  size_t have = (size_t)8 << 20;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    have = (size_t)rl.rlim_cur;
  if (have > ((size_t)256 << 20)) have = (size_t)256 << 20;
  /* leave room for the caller and for library code (printing, ...) */
  size_t reserve = have / 4 > ((size_t)256 << 10) ? have / 4 : ((size_t)256 << 10);
  if (reserve > have / 2) reserve = have / 2;
  return have - reserve;
#endif
}

/* The engine-stack frame count (interp.h DW_HOST_DEEP): the compiler
 * calls these hooks on entry to and exit from every function it did not
 * inline (CMakeLists.txt DW_HOST_COUNTED). Plain recursion costs 6 counted
 * frames per Python call. With the shapes of tests/node/recursion.test.mjs
 * (methods, dunders, properties, sorted/map callbacks, comprehensions,
 * try/finally, traced calls) under Node's default stack, a limit of 7000
 * never overflowed and 8000 did for 6 of the 11 shapes; runs stop at 5600
 * (RecursionError: about 930 frames of plain recursion), leaving a fifth
 * for the embedder's frames and uncounted leaf code (kernels, libc). That
 * is for Node's main thread; other threads have other stacks (Chromium's
 * workers about half), so the loader scales it (dw_set_host_frames_max,
 * wasm/lib/core.js hostFramesMax). */
#if defined(__EMSCRIPTEN__)
int dw_host_frames;
__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void *fn, void *site) {
  (void)fn;
  (void)site;
  dw_host_frames++;
}
__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void *fn, void *site) {
  (void)fn;
  (void)site;
  dw_host_frames--;
}
/* The hooks' call-site argument: defined here (not imported from the JS
 * glue, which a standalone module has not), so the optimiser drops it. */
__attribute__((no_instrument_function)) void *emscripten_return_address(int level) {
  (void)level;
  return 0;
}
#define DW_HOST_FRAMES_MAX 5600
#else
#define DW_HOST_FRAMES_MAX (1 << 30)
#endif
static int host_frames_max = DW_HOST_FRAMES_MAX;

void dw_set_host_frames_max(int n) {
  if (n > 0) host_frames_max = n;
}

const char *dw_run(dw_session *s, const char *src, size_t len,
                   const dw_options *opt) {
  dw_options dflt;
  memset(&dflt, 0, sizeof dflt);
  dflt.suppress_errors = -1;
  if (!opt) opt = &dflt;
  dwB_free(&s->report);
  for (int k = 0; k < DW_PART_COUNT; k++) dwB_free(&s->text[k]);
  s->interrupt = 0;
  Interp *I = calloc(1, sizeof *I);
  Buf *b = &s->report, *tb = &s->text[DW_PART_ERROR], *ex = &s->text[DW_PART_EXPLAIN];
  if (!I) {
    dwJ_report_failed(b, tb, ex, "out of memory", "MemoryError: out of memory\n");
    return b->p;
  }
  double t0 = dw_now_ms();
  char probe;
  I->stack_base = (uintptr_t)&probe;
  I->stack_budget = stack_budget();
  I->opt = *opt;
  I->filename = opt->filename && *opt->filename ? opt->filename : "main.py";
  I->src = src;
  I->srclen = len;
  I->c.tensor_cap = opt->tensor_cap ? opt->tensor_cap : ((size_t)1 << 30);
  I->max_depth = 1000;
#if defined(__EMSCRIPTEN__)
  I->host_frames0 = dw_host_frames;
#endif
  I->host_frames_max = host_frames_max;
  I->cache_size_limit = 8;
  I->accum_limit = 256;
  I->auto_dynamic = true;
  I->param_static = true;
  I->inline_nn = true;
  I->static_default = true;
  I->spec_float = true;
  I->suppress_errors = opt->suppress_errors == 1;
  I->host_fn = s->host_fn;
  I->host = s->host;
  I->host_features = s->host_features;
  I->interrupt = &s->interrupt;
  I->exc = I->retval = I->handling = dwV_null();
  dwA_init(&I->arena);
  I->interned = dwV_dict(&I->c);
  dwJ_run_begin(I);
  bool ok = I->interned && dwL_init(I);
  if (ok) {
    Code *code = load(I, src, len);
    ok = code && dwI_run_code(I, code).t != V_NULL;
  }
  if (!ok && I->exc.t == V_NULL) dwI_raise(I, EXC_InternalTorchDynamoError, "internal error");
  dwJ_report(I, ok, t0, b, tb, ex);
  s->text[DW_PART_STDOUT] = I->out;
  s->text[DW_PART_STDERR] = I->err;
  I->out = I->err = (Buf){0};
  interp_free(I);
  if (b->oom) {
    dwB_free(b);
    dwB_free(tb);
    dwB_free(ex);
    dwB_free(&s->text[DW_PART_STDOUT]);
    dwB_free(&s->text[DW_PART_STDERR]);
    dwJ_report_failed(b, tb, ex, "the report is too large", "MemoryError\n");
  }
  return b->p;
}

const char *dw_run_text(dw_session *s, dw_part part, size_t *len) {
  const Buf *b = part >= 0 && part < DW_PART_COUNT ? &s->text[part] : NULL;
  if (len) *len = b ? b->len : 0;
  return b && b->p ? b->p : "";
}
