/* fuzz_diff.c - libFuzzer target: the differential oracle on fuzzed input.
 *
 * Runs each input as a program twice, in fresh sessions: once as written
 * (torch.compile'd functions traced into graphs, which the native build
 * lowers to WebAssembly, validates and runs on the eager kernels) and once
 * with compile disabled (dw_options.no_compile: the plain eager program,
 * the reference). Both runs must print the same stdout and end with the
 * same error (type and message), or both with none; a difference aborts
 * with both reports on stderr (a printed tensor's grad_fn=<...> suffix is
 * not compared: a compiled output's node is CompiledFunctionBackward, the
 * eager one's the op's). Crashes, sanitizer reports, leaks and hangs
 * are found as by fuzz_run.
 *
 * The comparison is skipped (not failed) where the two runs may differ by
 * design (see excused()): a resource limit hit by either run (the step
 * budget, RecursionError, MemoryError: compiled frames use more C stack
 * and hold fakes and graph outputs), a ConstraintViolationError in either
 * run's output (a dim marked dynamic that the code specialises: only a
 * compiled run checks that), and programs that ask whether they
 * are compiled or how (is_compiling, explain, fullgraph, suppress_errors,
 * set_stance, the TESTING_ONLY backends, callable backends: custom ones,
 * torch._dynamo.testing's CompileCounter, optimize/optimize_assert, the
 * counters of torch._dynamo.utils) or read the clock. Of the programs of
 * tests/ and examples/, 74 are excused this way (73 PyTorch ports that
 * count frames or graphs, set_stance_forms.py); the others must agree.
 *
 * Build and run: as fuzz_run (tests/run.sh builds build-fuzz/fuzz_fuzz_diff
 * via CMake -DDW_FUZZ=ON); the long-run command is in README.md "Fuzzing".
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_opts.h"

/* The raw JSON text of a report's stdout value, and of its error's type
 * and message ("null" when it has none). The report starts
 * {"ok":..,"stdout":"..","stderr":"..","error":{"type":"..","message":"..",
 * "line":..} (src/api.c); a quote inside a JSON string is escaped, so the
 * keys found here cannot be inside the strings before them. */
typedef struct Outcome {
  const char *out, *err;
  size_t nout, nerr;
} Outcome;

static bool outcome(const char *rep, Outcome *o) {
  const char *s = strstr(rep, "\"stdout\":");
  const char *e = s ? strstr(s, ",\"stderr\":") : NULL;
  const char *x = e ? strstr(e, ",\"error\":") : NULL;
  if (!x) return false;
  o->out = s + 9;
  o->nout = (size_t)(e - o->out);
  o->err = x + 9;
  const char *end =
      strncmp(o->err, "null", 4) ? strstr(o->err, ",\"line\":") : o->err + 4;
  if (!end) return false;
  o->nerr = (size_t)(end - o->err);
  return true;
}

static bool has(const Outcome *o, const char *s) {
  size_t n = strlen(s);
  for (size_t k = 0; k + n <= o->nerr; k++)
    if (!memcmp(o->err + k, s, n)) return true;
  return false;
}

static bool mentions(const uint8_t *src, size_t size, const char *word) {
  size_t n = strlen(word);
  for (size_t k = 0; k + n <= size; k++)
    if (!memcmp(src + k, word, n)) return true;
  return false;
}

/* A compiled output's autograd node is CompiledFunctionBackward where the
 * eager run names the op's (MulBackward0): the printed tensors may differ
 * in that suffix only. At k, the length of a `, grad_fn=<...>` suffix of
 * a printed tensor (its separator a space or a JSON-escaped newline and
 * indent), or 0. */
static size_t grad_fn_suffix(const char *t, size_t n, size_t k) {
  if (k >= n || t[k] != ',') return 0;
  size_t q = k + 1;
  while (q < n && (t[q] == ' ' || (t[q] == '\\' && q + 1 < n && t[q + 1] == 'n')))
    q += t[q] == ' ' ? 1 : 2;
  if (q + 9 > n || memcmp(t + q, "grad_fn=<", 9)) return 0;
  while (q < n && t[q] != '>')
    q++;
  return q < n ? q + 1 - k : 0;
}

/* a and b equal but for grad_fn suffixes */
static bool same_text(const char *a, size_t na, const char *b, size_t nb) {
  size_t i = 0, j = 0;
  for (;;) {
    i += grad_fn_suffix(a, na, i);
    j += grad_fn_suffix(b, nb, j);
    if (i == na || j == nb) return i == na && j == nb;
    if (a[i++] != b[j++]) return false;
  }
}

/* Runs the two may legitimately tell apart (see the top comment). */
static bool excused(const uint8_t *src, size_t size, const Outcome *a,
                    const Outcome *b) {
  /* (and a mark_dynamic'd dim the code specialises: the constraint exists
   * only compiled) */
  static const char *const limits[] = {"\"TimeoutError\"", "\"RecursionError\"",
                                       "\"MemoryError\"", "not enough memory",
                                       "ConstraintViolationError"};
  for (size_t k = 0; k < sizeof limits / sizeof *limits; k++)
    if (has(a, limits[k]) || has(b, limits[k])) return true;
  static const char *const words[] = {"is_compiling",
                                      "is_dynamo_compiling",
                                      "explain",
                                      "fullgraph",
                                      "suppress_errors",
                                      "TESTING_ONLY",
                                      "set_stance",
                                      "fail_on_recompile_limit_hit", /* the limit exists only compiled */
                                      "error_on_recompile",          /* so does a recompile */
                                      "optimize",
                                      "_dynamo.testing",
                                      "_dynamo.utils",
                                      "counters",
                                      "from torch._dynamo import",
                                      "import torch._dynamo as",
                                      "time.",
                                      "perf_counter",
                                      "getrecursionlimit"};
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (mentions(src, size, words[k])) return true;
  /* a backend that is not a name in quotes: a callable, which sees the
   * graphs (counts them, prints them, returns something else) */
  static const char kw[] = "backend=";
  for (size_t k = 0; k + sizeof kw <= size; k++)
    if (!memcmp(src + k, kw, sizeof kw - 1) && src[k + sizeof kw - 1] != '"' &&
        src[k + sizeof kw - 1] != '\'')
      return true;
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* two sessions: each report stays valid until its session's next run */
  dw_session *s1 = dw_session_new(), *s2 = dw_session_new();
  if (!s1 || !s2) abort();
  const char *compiled = fuzz_run_input(s1, data, size, 0);
  const char *eager = fuzz_run_input(s2, data, size, 1);
  Outcome a, b;
  if (!compiled || !eager || !outcome(compiled, &a) || !outcome(eager, &b))
    abort();
  bool same = same_text(a.out, a.nout, b.out, b.nout) &&
              a.nerr == b.nerr && !memcmp(a.err, b.err, a.nerr);
  if (!same && !excused(data, size, &a, &b)) {
    fprintf(
        stderr,
        "fuzz_diff: compiled and eager runs differ\n--- compiled: stdout %.*s\n"
        "    error %.*s\n--- eager: stdout %.*s\n    error %.*s\n",
        (int)a.nout, a.out, (int)a.nerr, a.err, (int)b.nout, b.out, (int)b.nerr,
        b.err);
    abort();
  }
  dw_session_free(s1);
  dw_session_free(s2);
  return 0;
}
