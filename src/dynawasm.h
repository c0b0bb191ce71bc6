/* dynawasm.h - public API of the dynawasm core.
 *
 * A session holds a compiler; each run executes one program from scratch
 * (fresh globals, fresh Dynamo caches) and returns its run report as JSON
 * (docs/report.md; docs/cli.md for the command lines). A program error is
 * part of the report, never a failure of these functions.
 *
 * Entry files over this one core: src/native/dwrun.c (native CLI, tests,
 * sanitizers), wasm/dw_wasm.c (the WebAssembly build), tests/fuzz/.
 */
#ifndef DYNAWASM_H
#define DYNAWASM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dw_session dw_session;

typedef enum dw_backend {
  DW_BACKEND_DEFAULT = 0, /* what the program asks for ("wasm" unless set) */
  DW_BACKEND_WASM = 1,    /* force the WebAssembly backend */
  DW_BACKEND_EAGER = 2    /* force the "eager" debugging backend */
} dw_backend;

/* Dynamo-style log channels (CLI --logs), printed to the run's stderr. */
enum dw_logs {
  DW_LOG_GRAPH_BREAKS = 1,
  DW_LOG_GRAPH_CODE = 2,
  DW_LOG_OUTPUT_CODE = 4,
  DW_LOG_RECOMPILES = 8,
  DW_LOG_GUARDS = 16
};

typedef struct dw_options {
  dw_backend backend;
  int suppress_errors; /* -1: as the program sets it; 0/1: initial value */
  int want_wat;        /* ask the host for the optimised module text */
  const char *filename;/* shown in tracebacks; default "main.py" */
  uint64_t max_steps;  /* statement budget (0: unlimited) */
  size_t tensor_cap;   /* bytes of live tensor storage (0: 1 GiB) */
  unsigned logs;       /* dw_logs bits */
  int no_compile;      /* run torch.compile'd functions as plain Python (the
                          eager baseline the playground times against) */
} dw_options;

/* Compiles and instantiates one kernel module in the host. Returns the
 * index of the kernel in the core's indirect function table, or -1 with a
 * message in err. times_ms[0] = optimise (Binaryen), [1] = instantiate. */
typedef int (*dw_host_compile_fn)(void *host, const uint8_t *wasm, size_t n,
                                  int want_text, double times_ms[2],
                                  char *err, size_t errcap);

dw_session *dw_session_new(void);
void dw_session_free(dw_session *s);
/* Without a host (native builds), graphs of the "wasm" backend are still
 * lowered to WebAssembly (and validated by the emitter) but run on the
 * eager kernels. */
void dw_set_host(dw_session *s, dw_host_compile_fn fn, void *host);
/* What the host's engine runs beyond the kernels' baseline (WebAssembly
 * 1.0 with SIMD, sign extension, non-trapping conversions, bulk memory):
 * DW_HOST_RELAXED_SIMD lets kernels use relaxed SIMD's f32x4.relaxed_madd
 * and f32x4.relaxed_nmadd (a fused or an unfused multiply-add, as the
 * engine's hardware does; docs/architecture.md "Relaxed SIMD"). Default
 * 0; a session's runs use what was set before them. */
enum { DW_HOST_RELAXED_SIMD = 1 };
void dw_set_host_features(dw_session *s, unsigned features);

/* Runs a program. The returned JSON report is owned by the session and
 * valid until the next call. Never NULL. */
const char *dw_run(dw_session *s, const char *src, size_t len,
                   const dw_options *opt);

/* The last run's report as text, for command lines that print it rather
 * than read the JSON (src/native/dwrun.c). Owned by the session, valid
 * until the next run; never NULL; *len (if len) gets the length in bytes. */
typedef enum dw_part {
  DW_PART_STDOUT,  /* the program's output (report.stdout) */
  DW_PART_STDERR,  /* what it wrote to stderr, with warnings and logs */
  DW_PART_ERROR,   /* the traceback of the error (report.error.text); ""
                      when the program succeeded */
  DW_PART_EXPLAIN, /* the `explain` summary (report.explain.text) */
  DW_PART_COUNT
} dw_part;
const char *dw_run_text(dw_session *s, dw_part part, size_t *len);

/* Forgets every compiled artefact kept across runs (kernel cache). */
void dw_reset(dw_session *s);

const char *dw_version(void);

/* How many nested C frames a run may have on the engine's stack before
 * RecursionError (WebAssembly builds only; see src/api.c). The host sets
 * it from the stack its thread has (wasm/lib/core.js); n <= 0 keeps it. */
void dw_set_host_frames_max(int n);

#ifdef __cplusplus
}
#endif
#endif
