/* dwrun.c - the native command line of dynawasm (tests, sanitizers).
 *
 * Same commands, flags, output and exit codes as the Node CLI
 * (wasm/bin/dynawasm.js, docs/cli.md):
 *
 *   dwrun run FILE.py [--json] [--backend wasm|eager] [--suppress-errors]
 *                     [--logs graph_breaks,...] [--max-steps N]
 *   dwrun explain FILE.py [same options]
 *
 * Exit codes: 0 success (or --json), 1 the program raised an error,
 * 2 unusable arguments or unreadable file.
 *
 * Only the public API (dynawasm.h) is used: --json prints the report,
 * the other modes print the texts the core made (dw_run_text). Without a
 * host compiler, graphs of the wasm backend run on the eager kernels
 * (dynawasm.h).
 */
#include "dynawasm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* The command line                                                    */
/* ------------------------------------------------------------------ */

static const char *prog = "dwrun";

static void usage(FILE *f) {
  fprintf(f,
          "usage: %s run FILE.py [--json] [--backend wasm|eager] "
          "[--suppress-errors]\n"
          "                  [--logs CHANNELS] [--max-steps N]\n"
          "       %s explain FILE.py [same options]\n"
          "       %s --help | --version\n"
          "\n"
          "Runs a PyTorch-flavoured Python program with dynawasm's tracing "
          "compiler.\n"
          "\n"
          "commands:\n"
          "  run FILE.py        run the program: its stdout and stderr, and "
          "the traceback\n"
          "                     if it fails\n"
          "  explain FILE.py    run the program and print what the compiler "
          "did instead of\n"
          "                     its output: graphs, graph breaks and their "
          "reasons\n"
          "options:\n"
          "  --json             print the run report (JSON); exit code 0 "
          "even if the\n"
          "                     program failed\n"
          "  --backend B        wasm or eager (default: what the program "
          "asks for)\n"
          "  --suppress-errors  start with "
          "torch._dynamo.config.suppress_errors = True\n"
          "  --logs CHANNELS    comma-separated: graph_breaks, graph_code, "
          "output_code,\n"
          "                     recompiles, guards, or all (printed to "
          "stderr)\n"
          "  --max-steps N      stop the program after N statements (0: no "
          "limit)\n"
          "FILE.py may be - for standard input.\n"
          "exit codes: 0 success, 1 the program raised an error, 2 unusable "
          "arguments\n"
          "or unreadable file\n",
          prog, prog, prog);
}

static int bad_usage(const char *fmt, const char *arg) {
  fprintf(stderr, "%s: error: ", prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(try '%s --help')\n", prog);
  return 2;
}

static const struct {
  const char *name;
  unsigned bit;
} log_names[] = {{"graph_breaks", DW_LOG_GRAPH_BREAKS},
                 {"graph_code", DW_LOG_GRAPH_CODE},
                 {"output_code", DW_LOG_OUTPUT_CODE},
                 {"recompiles", DW_LOG_RECOMPILES},
                 {"guards", DW_LOG_GUARDS}};

/* Parses "a,b,c" into *bits; returns the first bad name or NULL. */
static const char *parse_logs(const char *s, unsigned *bits, char *bad,
                              size_t badcap) {
  while (*s) {
    const char *e = strchr(s, ',');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    int found = 0;
    if (n == 3 && !strncmp(s, "all", 3)) {
      for (size_t i = 0; i < sizeof log_names / sizeof *log_names; i++)
        *bits |= log_names[i].bit;
      found = 1;
    }
    for (size_t i = 0; !found && i < sizeof log_names / sizeof *log_names;
         i++) {
      if (strlen(log_names[i].name) == n && !strncmp(s, log_names[i].name, n)) {
        *bits |= log_names[i].bit;
        found = 1;
      }
    }
    if (!found && n > 0) {
      snprintf(bad, badcap, "%.*s", (int)(n < 100 ? n : 100), s);
      return bad;
    }
    s += n + (e ? 1 : 0);
  }
  return NULL;
}

/* Reads a whole file ("-": stdin). NULL with errno set on failure. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    if (n == cap) {
      char *nb = cap > ((size_t)1 << 30) ? NULL : realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        errno = ENOMEM;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      if (ferror(f)) {
        int e = errno ? errno : EIO;
        free(buf);
        buf = NULL;
        errno = e;
      }
      break;
    }
  }
  if (f != stdin) fclose(f);
  *len = n;
  return buf;
}

static void write_bytes(FILE *f, const char *s, size_t n) {
  if (n) fwrite(s, 1, n, f);
}

int main(int argc, char **argv) {
  const char *cmd = NULL, *file = NULL;
  int json = 0, only_files = 0;
  dw_options opt;
  memset(&opt, 0, sizeof opt);
  opt.suppress_errors = -1;
  char badlog[128];

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = NULL;
    if (!only_files && a[0] == '-' && a[1] == '-' && a[2]) {
      const char *eq = strchr(a, '=');
      char name[64];
      size_t n = eq ? (size_t)(eq - a) : strlen(a);
      if (n >= sizeof name) return bad_usage("unknown option '%s'", a);
      memcpy(name, a, n);
      name[n] = 0;
      int takes = !strcmp(name, "--backend") || !strcmp(name, "--logs") ||
                  !strcmp(name, "--max-steps");
      if (takes) {
        if (eq) val = eq + 1;
        else if (i + 1 < argc) val = argv[++i];
        else return bad_usage("option '%s' needs a value", name);
      } else if (eq) {
        return bad_usage("option '%s' takes no value", name);
      }
      if (!strcmp(name, "--help")) {
        usage(stdout);
        return 0;
      } else if (!strcmp(name, "--version")) {
        printf("%s\n", dw_version());
        return 0;
      } else if (!strcmp(name, "--json")) {
        json = 1;
      } else if (!strcmp(name, "--suppress-errors")) {
        opt.suppress_errors = 1;
      } else if (!strcmp(name, "--no-suppress-errors")) {
        opt.suppress_errors = 0;
      } else if (!strcmp(name, "--backend")) {
        if (!strcmp(val, "wasm")) opt.backend = DW_BACKEND_WASM;
        else if (!strcmp(val, "eager")) opt.backend = DW_BACKEND_EAGER;
        else return bad_usage("--backend must be wasm or eager, not '%s'", val);
      } else if (!strcmp(name, "--logs")) {
        if (parse_logs(val, &opt.logs, badlog, sizeof badlog))
          return bad_usage("unknown log channel '%s' (graph_breaks, "
                           "graph_code, output_code, recompiles, guards, all)",
                           badlog);
      } else if (!strcmp(name, "--max-steps")) {
        char *e;
        errno = 0;
        unsigned long long v = strtoull(val, &e, 10);
        if (!*val || *e || errno || val[0] == '-')
          return bad_usage("--max-steps needs a number, not '%s'", val);
        opt.max_steps = (uint64_t)v;
      } else {
        return bad_usage("unknown option '%s'", a);
      }
    } else if (!only_files && !strcmp(a, "--")) {
      only_files = 1;
    } else if (!only_files && !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!only_files && a[0] == '-' && a[1]) {
      return bad_usage("unknown option '%s'", a);
    } else if (!cmd) {
      cmd = a;
    } else if (!file) {
      file = a;
    } else {
      return bad_usage("unexpected argument '%s'", a);
    }
  }
  if (!cmd) return bad_usage("%s", "missing command (run or explain)");
  if (strcmp(cmd, "run") && strcmp(cmd, "explain"))
    return bad_usage("unknown command '%s' (run or explain)", cmd);
  if (!file) return bad_usage("%s", "missing FILE.py");

  size_t len;
  char *src = read_file(file, &len);
  if (!src) {
    fprintf(stderr, "%s: error: cannot read '%s': %s\n", prog, file,
            strerror(errno));
    return 2;
  }
  /* A script's path as CPython 3.9+ shows it (tracebacks, __file__): a
   * relative one joined to the working directory as typed, unnormalised. */
  char cwd[4096], absname[8192];
  const char *filename = !strcmp(file, "-") ? "<stdin>" : file;
  if (strcmp(file, "-") && file[0] != '/' && getcwd(cwd, sizeof cwd) &&
      (size_t)snprintf(absname, sizeof absname, "%s/%s", cwd, file) < sizeof absname)
    filename = absname;
  opt.filename = filename;

  dw_session *s = dw_session_new();
  if (!s) {
    free(src);
    fprintf(stderr, "%s: error: out of memory\n", prog);
    return 2;
  }
  const char *report = dw_run(s, src, len, &opt);
  int code = 0;
  if (json) {
    fputs(report, stdout);
    fputc('\n', stdout);
  } else {
    size_t olen, elen, tlen, xlen;
    const char *out = dw_run_text(s, DW_PART_STDOUT, &olen);
    const char *errs = dw_run_text(s, DW_PART_STDERR, &elen);
    const char *text = dw_run_text(s, DW_PART_ERROR, &tlen);
    const char *explain = dw_run_text(s, DW_PART_EXPLAIN, &xlen);
    if (!strcmp(cmd, "explain")) {
      write_bytes(stdout, explain, xlen);
    } else {
      write_bytes(stdout, out, olen);
      fflush(stdout);
      write_bytes(stderr, errs, elen);
    }
    if (tlen) {
      /* The traceback, unless the program's stderr already ends with it
       * (same rule as tracebackText() in wasm/lib/format.js). */
      if (strcmp(cmd, "run") || elen < tlen || memcmp(errs + elen - tlen, text, tlen)) {
        write_bytes(stderr, text, tlen);
        if (text[tlen - 1] != '\n') fputc('\n', stderr);
      }
      code = 1;
    }
  }
  fflush(stdout);
  dw_session_free(s);
  free(src);
  return code;
}
