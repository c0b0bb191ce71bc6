/* dwrun.c - the native command line of dynawasm (tests, sanitizers).
 *
 * Same commands, flags, output and exit codes as the Node CLI
 * (wasm/bin/dynawasm.js, INTERFACES.md):
 *
 *   dwrun run FILE.py [--json] [--backend wasm|eager] [--suppress-errors]
 *                     [--logs graph_breaks,...] [--max-steps N]
 *   dwrun explain FILE.py [same options]
 *
 * Exit codes: 0 success (or --json), 1 the program raised an error,
 * 2 unusable arguments or unreadable file.
 *
 * Only the public API (dynawasm.h) is used: the report is JSON, read back
 * with the small parser below. Without a host compiler, graphs of the wasm
 * backend run on the eager kernels (dynawasm.h).
 */
#include "dynawasm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* A small JSON reader: enough for the run report.                     */
/* ------------------------------------------------------------------ */

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } JType;

typedef struct JVal JVal;
struct JVal {
  JType t;
  double num;  /* J_NUM, J_BOOL (0/1) */
  char *str;   /* J_STR: decoded, NUL-terminated (may hold NUL bytes) */
  size_t len;  /* J_STR: bytes */
  JVal **kids; /* J_ARR items, J_OBJ values */
  char **keys; /* J_OBJ keys */
  size_t n;
};

typedef struct JParser {
  const char *p, *end;
  int depth;
  int bad;
} JParser;

static void j_free(JVal *v) {
  if (!v) return;
  for (size_t i = 0; i < v->n; i++) {
    j_free(v->kids[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->kids);
  free(v->keys);
  free(v->str);
  free(v);
}

static void j_ws(JParser *j) {
  while (j->p < j->end &&
         (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
    j->p++;
}

static int j_hex4(JParser *j, unsigned *out) {
  unsigned v = 0;
  if (j->end - j->p < 4) return 0;
  for (int i = 0; i < 4; i++) {
    char c = *j->p++;
    v <<= 4;
    if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
    else return 0;
  }
  *out = v;
  return 1;
}

static size_t utf8_put(char *o, unsigned cp) {
  if (cp < 0x80) {
    o[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    o[0] = (char)(0xC0 | (cp >> 6));
    o[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    o[0] = (char)(0xE0 | (cp >> 12));
    o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  o[0] = (char)(0xF0 | (cp >> 18));
  o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  o[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* Parses a string at j->p (on the opening quote). */
static char *j_string(JParser *j, size_t *lenp) {
  const char *s = ++j->p;
  size_t cap = 16;
  while (s < j->end && *s != '"') s += (*s == '\\' && s + 1 < j->end) ? 2 : 1;
  cap += (size_t)(s - j->p); /* escapes never expand */
  char *out = malloc(cap), *o = out;
  if (!out) {
    j->bad = 1;
    return NULL;
  }
  while (j->p < j->end && *j->p != '"') {
    char c = *j->p++;
    if (c != '\\') {
      *o++ = c;
      continue;
    }
    if (j->p >= j->end) break;
    c = *j->p++;
    switch (c) {
    case 'n': *o++ = '\n'; break;
    case 't': *o++ = '\t'; break;
    case 'r': *o++ = '\r'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'u': {
      unsigned cp, lo;
      if (!j_hex4(j, &cp)) {
        j->bad = 1;
        break;
      }
      if (cp >= 0xD800 && cp < 0xDC00 && j->end - j->p >= 6 &&
          j->p[0] == '\\' && j->p[1] == 'u') {
        const char *save = j->p;
        j->p += 2;
        if (j_hex4(j, &lo) && lo >= 0xDC00 && lo < 0xE000)
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        else
          j->p = save;
      }
      o += utf8_put(o, cp);
      break;
    }
    default: *o++ = c; break; /* \" \\ \/ */
    }
  }
  if (j->p >= j->end) j->bad = 1;
  else j->p++; /* closing quote */
  *o = 0;
  *lenp = (size_t)(o - out);
  return out;
}

static JVal *j_value(JParser *j);

static int j_push(JVal *v, JVal *kid, char *key) {
  if ((v->n & (v->n - 1)) == 0) { /* grow at powers of two */
    size_t cap = v->n ? v->n * 2 : 4;
    JVal **k = realloc(v->kids, cap * sizeof *k);
    if (!k) return 0;
    v->kids = k;
    if (v->t == J_OBJ) {
      char **ks = realloc(v->keys, cap * sizeof *ks);
      if (!ks) return 0;
      v->keys = ks;
    }
  }
  v->kids[v->n] = kid;
  if (v->t == J_OBJ) v->keys[v->n] = key;
  v->n++;
  return 1;
}

static JVal *j_value(JParser *j) {
  j_ws(j);
  if (j->p >= j->end || j->bad || ++j->depth > 200) {
    j->bad = 1;
    return NULL;
  }
  JVal *v = calloc(1, sizeof *v);
  if (!v) {
    j->bad = 1;
    return NULL;
  }
  char c = *j->p;
  if (c == '{' || c == '[') {
    v->t = c == '{' ? J_OBJ : J_ARR;
    char close = c == '{' ? '}' : ']';
    j->p++;
    j_ws(j);
    if (j->p < j->end && *j->p == close) {
      j->p++;
    } else {
      for (;;) {
        char *key = NULL;
        size_t klen;
        if (v->t == J_OBJ) {
          j_ws(j);
          if (j->p >= j->end || *j->p != '"') break;
          key = j_string(j, &klen);
          j_ws(j);
          if (!key || j->p >= j->end || *j->p != ':') {
            free(key);
            break;
          }
          j->p++;
        }
        JVal *kid = j_value(j);
        if (!kid || !j_push(v, kid, key)) {
          j_free(kid);
          free(key);
          break;
        }
        j_ws(j);
        if (j->p < j->end && *j->p == ',') {
          j->p++;
          continue;
        }
        if (j->p < j->end && *j->p == close) {
          j->p++;
          j->depth--;
          return v;
        }
        break;
      }
      j->bad = 1;
    }
  } else if (c == '"') {
    v->t = J_STR;
    v->str = j_string(j, &v->len);
  } else if (c == 't' && j->end - j->p >= 4 && !memcmp(j->p, "true", 4)) {
    v->t = J_BOOL, v->num = 1, j->p += 4;
  } else if (c == 'f' && j->end - j->p >= 5 && !memcmp(j->p, "false", 5)) {
    v->t = J_BOOL, j->p += 5;
  } else if (c == 'n' && j->end - j->p >= 4 && !memcmp(j->p, "null", 4)) {
    v->t = J_NULL, j->p += 4;
  } else {
    char *e;
    v->t = J_NUM;
    v->num = strtod(j->p, &e);
    if (e == j->p) j->bad = 1;
    j->p = e;
  }
  j->depth--;
  return v;
}

static JVal *j_parse(const char *s) {
  JParser j = {s, s + strlen(s), 0, 0};
  JVal *v = j_value(&j);
  j_ws(&j);
  if (j.bad || j.p != j.end) {
    j_free(v);
    return NULL;
  }
  return v;
}

static JVal *j_get(const JVal *o, const char *key) {
  if (!o || o->t != J_OBJ) return NULL;
  for (size_t i = 0; i < o->n; i++)
    if (!strcmp(o->keys[i], key)) return o->kids[i];
  return NULL;
}

static const char *j_str(const JVal *v, size_t *len) {
  if (!v || v->t != J_STR) {
    if (len) *len = 0;
    return "";
  }
  if (len) *len = v->len;
  return v->str;
}

static double j_num(const JVal *v) {
  return v && (v->t == J_NUM || v->t == J_BOOL) ? v->num : 0;
}

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

/* The explain summary, modelled on str(torch._dynamo.explain(f)(...)).
 * Must match wasm/lib/format.js byte for byte. */
static void print_explain(const JVal *rep, const char *filename) {
  const JVal *ex = j_get(rep, "explain");
  const JVal *reasons = j_get(ex, "break_reasons");
  const JVal *graphs = j_get(rep, "graphs");
  printf("Graph Count: %.0f\n", j_num(j_get(ex, "graph_count")));
  printf("Graph Break Count: %.0f\n", j_num(j_get(ex, "graph_break_count")));
  printf("Op Count: %.0f\n", j_num(j_get(ex, "op_count")));
  printf("Break Reasons:\n");
  for (size_t i = 0; reasons && reasons->t == J_ARR && i < reasons->n; i++) {
    const JVal *r = reasons->kids[i];
    const char *msg = j_str(j_get(r, "message"), NULL);
    const char *code = j_str(j_get(r, "reason"), NULL);
    printf("  Break Reason %zu:\n", i + 1);
    if (*msg && *code) printf("    Reason: %s (%s)\n", msg, code);
    else printf("    Reason: %s\n", *msg ? msg : code);
    printf("    User Stack:\n");
    printf("      <FrameSummary file %s, line %.0f in %s>\n", filename,
           j_num(j_get(r, "line")), j_str(j_get(r, "function"), NULL));
  }
  printf("Graphs:\n");
  for (size_t i = 0; graphs && graphs->t == J_ARR && i < graphs->n; i++) {
    const JVal *g = graphs->kids[i];
    printf("  Graph %zu: %s, %.0f ops\n", i + 1,
           j_str(j_get(g, "function"), NULL), j_num(j_get(g, "op_count")));
    const char *code = j_str(j_get(g, "code"), NULL);
    while (*code) {
      const char *nl = strchr(code, '\n');
      size_t n = nl ? (size_t)(nl - code) : strlen(code);
      printf("    %.*s\n", (int)n, code);
      code += n + (nl ? 1 : 0);
    }
  }
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
  const char *filename = strcmp(file, "-") ? file : "<stdin>";
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
    JVal *rep = j_parse(report);
    if (!rep || rep->t != J_OBJ) {
      fprintf(stderr, "%s: internal error: the run report is not valid JSON\n",
              prog);
      code = 2;
    } else {
      const JVal *err = j_get(rep, "error");
      size_t olen, elen, tlen;
      const char *out = j_str(j_get(rep, "stdout"), &olen);
      const char *errs = j_str(j_get(rep, "stderr"), &elen);
      const char *text = j_str(j_get(err, "text"), &tlen);
      if (!strcmp(cmd, "explain")) {
        print_explain(rep, filename);
      } else {
        write_bytes(stdout, out, olen);
        fflush(stdout);
        write_bytes(stderr, errs, elen);
      }
      if (err && err->t == J_OBJ) {
        /* The traceback, unless the core already ended stderr with it
         * (same rules as tracebackText() in wasm/lib/format.js). */
        if (tlen == 0) {
          fprintf(stderr, "%s: %s\n", j_str(j_get(err, "type"), NULL),
                  j_str(j_get(err, "message"), NULL));
        } else if (strcmp(cmd, "run") || elen < tlen ||
                   memcmp(errs + elen - tlen, text, tlen)) {
          write_bytes(stderr, text, tlen);
          if (text[tlen - 1] != '\n') fputc('\n', stderr);
        }
        code = 1;
      }
    }
    j_free(rep);
  }
  fflush(stdout);
  dw_session_free(s);
  free(src);
  return code;
}
