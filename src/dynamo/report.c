/* report.c - what a run tells: the per-line marks, the records of
 * compiled frames, graphs and graph breaks, torch._dynamo.explain, and the
 * run report itself, as JSON and as the texts a command line prints
 * (docs/report.md describes every field).
 *
 * Marks made while a unit is traced are tentative: the unit's end commits
 * them, its rollback takes them back (trace.c). Each explain summary is
 * written here and nowhere else: str() of torch._dynamo.explain(f)(...),
 * and the `explain` command's text (report.explain.text). */
#include "dynamo.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwJ_mark_names[MK_COUNT] = {
    "traced", "not_traced", "graph_break", "disabled", "suppressed_error"};
const char *const dwJ_reason_names[BR_COUNT] = {
    "graph_break_call", "disabled_call", "unsupported_call", "data_dependent",
    "unsupported_syntax"};

/* What to do about each reason (the hint of PyTorch's graph-break
 * registry). */
static const char *const break_hints[BR_COUNT] = {
    "Remove the torch._dynamo.graph_break() call if the split is not wanted.",
    "The function runs eagerly by design; move the call out of the compiled "
    "region or drop torch.compiler.disable if it can be traced.",
    "Move the call (print, logging, timing) out of the compiled function, or "
    "put it in a helper decorated with @torch.compiler.disable.",
    "Avoid Python control flow on tensor values: use torch.where / "
    "torch.clamp instead of `if`, and keep .item()/.tolist() outside the "
    "compiled function.",
    "Move the statement out of the compiled function, or put it in a helper "
    "decorated with @torch.compiler.disable."};

/* ------------------------------------------------------------------ */
/* Run state                                                           */
/* ------------------------------------------------------------------ */

typedef struct BreakRec {
  int line;
  char *function;
  int reason;
  char *message;
  char *stack;       /* FrameSummary lines */
} BreakRec;

/* One explain(...) collection, or the whole run. */
typedef struct Tally {
  int graph_count, graph_break_count, op_count;
  BreakRec *breaks;
  int nbreaks;
  int *graphs;       /* graph ids, for ops per graph */
  int ngraphs;
} Tally;

typedef struct Run {
  GraphRec *graphs;
  int ngraphs;
  FrameRec *frames;
  int nframes;
  Tally total;
  Tally *explain;    /* active explain collection, or NULL */
  uint8_t *committed; /* per line: bit per MarkKind, committed */
  uint8_t *tentative; /* per line: bit per MarkKind, in an open unit */
  int nlines;
  int next_graph_id;
} Run;

static Run *RUN(Interp *I) { return (Run *)I->rt; }
/* ------------------------------------------------------------------ */
/* Marks                                                               */
/* ------------------------------------------------------------------ */

static char *xstrdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s);
  char *p = malloc(n + 1);
  if (p) memcpy(p, s, n + 1);
  return p;
}

static Mark *mark_push(Interp *I, int line, int kind) {
  Run *R = RUN(I);
  if (!R || line < 1 || line > R->nlines) return NULL;
  uint8_t bit = (uint8_t)(1u << kind);
  if (R->committed[line] & bit) return NULL;
  if (I->trace) {
    if (R->tentative[line] & bit) return NULL;
  }
  if (!DW_GROW(I->marks, I->capmarks, I->nmarks, 64)) return NULL;
  Mark *m = &I->marks[I->nmarks++];
  memset(m, 0, sizeof *m);
  m->line = line;
  m->kind = (uint8_t)kind;
  if (I->trace) R->tentative[line] |= bit;
  else R->committed[line] |= bit;
  return m;
}

void dwJ_mark(Interp *I, int line, int kind) { mark_push(I, line, kind); }

void dwJ_mark_disabled(Interp *I, int line, bool recursive, const char *fn) {
  Mark *m = mark_push(I, line, MK_DISABLED);
  if (m) {
    m->recursive = recursive;
    m->function = xstrdup(fn);
  }
}

static void mark_free(Mark *m) {
  free(m->message);
  free(m->function);
  free(m->hint);
}

void dwJ_marks_truncate(Interp *I, int to) {
  Run *R = RUN(I);
  for (int k = to; k < I->nmarks; k++) {
    Mark *m = &I->marks[k];
    R->tentative[m->line] &= (uint8_t)~(1u << m->kind);
    mark_free(m);
  }
  if (to < I->nmarks) I->nmarks = to;
}

void dwJ_marks_commit(Interp *I, int from) {
  Run *R = RUN(I);
  for (int k = from; k < I->nmarks; k++) {
    Mark *m = &I->marks[k];
    uint8_t bit = (uint8_t)(1u << m->kind);
    R->tentative[m->line] &= (uint8_t)~bit;
    if (R->committed[m->line] & bit) {
      /* already there from an earlier unit: drop the duplicate */
      mark_free(m);
      m->kind = 0xff;
    } else {
      R->committed[m->line] |= bit;
    }
  }
  /* compact the dropped ones */
  int w = from;
  for (int k = from; k < I->nmarks; k++)
    if (I->marks[k].kind != 0xff) I->marks[w++] = I->marks[k];
  I->nmarks = w;
}

void dwJ_marks_untrace(Interp *I, int from, int line) {
  Run *R = RUN(I);
  const uint8_t tb = 1u << MK_TRACED, nb = 1u << MK_NOT_TRACED;
  int w = 0;
  for (int k = 0; k < I->nmarks; k++) {
    Mark *m = &I->marks[k];
    if (m->kind == MK_TRACED && (k >= from || (line > 0 && m->line == line)) &&
        (R->tentative[m->line] & tb)) {
      R->tentative[m->line] &= (uint8_t)~tb;
      if ((R->committed[m->line] | R->tentative[m->line]) & nb) {
        mark_free(m);
        continue; /* the line is already marked not_traced */
      }
      m->kind = MK_NOT_TRACED;
      R->tentative[m->line] |= nb;
    }
    I->marks[w++] = *m;
  }
  I->nmarks = w;
}

/* The user stack of a break, outermost frame first (as tracebacks).
 * b->line/fn is the root frame; b->stack[0] the frame it called, ... */
static void break_stack_text(Interp *I, const Break *b, Buf *out) {
  dwB_printf(out, "  File \"%s\", line %d, in %s\n", I->filename, b->line, b->fn);
  for (int k = 0; k < b->nstack; k++)
    dwB_printf(out, "  File \"%s\", line %d, in %s\n", I->filename,
               b->stack[k].line, b->stack[k].fn);
}

void dwJ_break_message(const Break *b, Buf *out) {
  dwB_puts(out, b->msg);
  if (b->nstack > 0)
    dwB_printf(out, " (in %s, line %d)", b->stack[0].fn, b->stack[0].line);
}

void dwJ_mark_break(Interp *I, const Break *b) {
  Mark *m = mark_push(I, b->line, MK_GRAPH_BREAK);
  if (!m) return;
  m->reason = b->reason;
  Buf msg = {0};
  dwJ_break_message(b, &msg);
  m->message = dwB_take(&msg);
  m->function = xstrdup(b->fn);
  m->hint = xstrdup(break_hints[b->reason]);
}

void dwJ_mark_suppressed(Interp *I) {
  if (!I->suppressed.pending) return;
  I->suppressed.pending = false;
  Mark *m = mark_push(I, I->suppressed.line, MK_SUPPRESSED);
  if (m) {
    m->message = xstrdup(I->suppressed.msg);
    m->function = xstrdup(I->suppressed.fn);
  }
}

/* ------------------------------------------------------------------ */
/* Report records                                                      */
/* ------------------------------------------------------------------ */

FrameRec *dwJ_frame(Interp *I, Code *code) {
  Run *R = RUN(I);
  for (int k = 0; k < R->nframes; k++)
    if (R->frames[k].code == code) return &R->frames[k];
  FrameRec *fr = realloc(R->frames, sizeof(FrameRec) * (size_t)(R->nframes + 1));
  if (!fr) return NULL;
  R->frames = fr;
  FrameRec *r = &R->frames[R->nframes++];
  memset(r, 0, sizeof *r);
  r->code = code;
  return r;
}

static void int_push(int **arr, int *n, int v) {
  int *p = realloc(*arr, sizeof(int) * (size_t)(*n + 1));
  if (!p) return;
  *arr = p;
  p[(*n)++] = v;
}

static void tally_break(Tally *T, const Break *b, const char *stack) {
  BreakRec *br = realloc(T->breaks, sizeof(BreakRec) * (size_t)(T->nbreaks + 1));
  if (!br) return;
  T->breaks = br;
  BreakRec *r = &T->breaks[T->nbreaks++];
  r->line = b->line;
  r->function = xstrdup(b->fn);
  r->reason = b->reason;
  Buf m = {0};
  dwJ_break_message(b, &m);
  r->message = dwB_take(&m);
  r->stack = xstrdup(stack);
  T->graph_break_count++;
}

void dwJ_break(Interp *I, const Break *b) {
  Run *R = RUN(I);
  Buf st = {0};
  dwB_printf(&st, "<FrameSummary file %s, line %d in %s>", I->filename, b->line, b->fn);
  for (int k = 0; k < b->nstack; k++)
    dwB_printf(&st, "\n<FrameSummary file %s, line %d in %s>", I->filename,
               b->stack[k].line, b->stack[k].fn);
  tally_break(&R->total, b, st.p);
  if (R->explain) tally_break(R->explain, b, st.p);
  dwB_free(&st);
  if (I->opt.logs & DW_LOG_GRAPH_BREAKS) {
    dwB_printf(&I->err, "Graph break in user code at %s:%d\nReason: %s: %s\n",
               I->filename, b->line, dwJ_reason_names[b->reason], b->msg);
    dwB_puts(&I->err, "User code traceback:\n");
    Buf tb = {0};
    break_stack_text(I, b, &tb);
    if (tb.p) dwB_puts(&I->err, tb.p);
    dwB_free(&tb);
  }
}

bool dwJ_explaining(Interp *I) { return RUN(I)->explain != NULL; }

GraphRec *dwJ_graph_new(Interp *I, Trace *t, double t_trace) {
  Run *R = RUN(I);
  const Graph *g = &t->g;
  GraphRec *gr = realloc(R->graphs, sizeof(GraphRec) * (size_t)(R->ngraphs + 1));
  if (!gr) return NULL;
  R->graphs = gr;
  GraphRec *r = &R->graphs[R->ngraphs++];
  memset(r, 0, sizeof *r);
  r->id = R->next_graph_id++;
  r->function = xstrdup(t->root->code->name);
  r->fline = t->root->code->firstline;
  r->slot = -1;
  r->backend = t->opts->backend;
  r->ops = calloc((size_t)g->n + 1, sizeof(char *));
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->op == OP_INPUT || nd->op == OP_CONST) continue;
    if (r->ops) r->ops[r->op_count] = xstrdup(dw_ops[nd->op].name);
    r->op_count++;
    bool seen = false;
    for (int j = 0; j < r->nlines; j++) seen |= r->lines[j] == nd->line;
    if (!seen && nd->line > 0) int_push(&r->lines, &r->nlines, nd->line);
  }
  /* lines in ascending order */
  for (int a = 1; a < r->nlines; a++)
    for (int b = a; b > 0 && r->lines[b - 1] > r->lines[b]; b--) {
      int tmp = r->lines[b];
      r->lines[b] = r->lines[b - 1];
      r->lines[b - 1] = tmp;
    }
  Buf code = {0};
  dwG_dump(&code, g, NULL);
  r->code = dwB_take(&code);
  r->t_trace = t_trace;
  return r;
}

void dwJ_graph_failed(GraphRec *rec, const char *err) {
  if (rec) rec->error = xstrdup(err);
}

void dwJ_frame_guards(FrameRec *fr, const Entry *e) {
  Buf b = {0};
  dwR_guards_text(e, &b);
  free(fr->guards);
  fr->guards = dwB_take(&b);
}

void dwJ_compiled(Interp *I, Trace *t, GraphRec *rec, Entry *e) {
  Run *R = RUN(I);
  FrameRec *fr = dwJ_frame(I, t->root->code);
  if (fr) {
    fr->compiles++;
    if (rec) int_push(&fr->graphs, &fr->ngraphs, rec->id);
    if (t->recompile_reason) {
      char **rr = realloc(fr->recompiles, sizeof(char *) * (size_t)(fr->nrecompiles + 1));
      if (rr) {
        fr->recompiles = rr;
        rr[fr->nrecompiles++] = xstrdup(t->recompile_reason);
      }
      if (I->opt.logs & DW_LOG_RECOMPILES)
        dwB_printf(&I->err, "Recompiling function %s in %s:%d\n    triggered by the "
                            "following guard failure(s):\n    - %s\n",
                   t->root->code->name, I->filename, t->root->code->firstline,
                   t->recompile_reason);
    }
    if (e) dwJ_frame_guards(fr, e);
    if ((I->opt.logs & DW_LOG_GUARDS) && fr->guards)
      dwB_printf(&I->err, "GUARDS (%s, graph %d):\n%s", t->root->code->name,
                 rec ? rec->id : -1, fr->guards);
  }
  if (rec) {
    R->total.graph_count++;
    R->total.op_count += rec->op_count;
    int_push(&R->total.graphs, &R->total.ngraphs, rec->id);
    if (R->explain) {
      R->explain->graph_count++;
      R->explain->op_count += rec->op_count;
      int_push(&R->explain->graphs, &R->explain->ngraphs, rec->id);
    }
    if ((I->opt.logs & DW_LOG_GRAPH_CODE) && rec->code)
      dwB_printf(&I->err, "TRACED GRAPH\n ===== __compiled_fn_%d =====\n%s\n", rec->id,
                 rec->code);
  }
}

void dwJ_graph_ran(Interp *I, int id, double ms) {
  Run *R = RUN(I);
  if (id >= 0)
    for (int j = 0; j < R->ngraphs; j++)
      if (R->graphs[j].id == id) {
        R->graphs[j].runs++;
        R->graphs[j].t_run += ms;
      }
}

/* ------------------------------------------------------------------ */
/* torch._dynamo.explain                                               */
/* ------------------------------------------------------------------ */

typedef struct ExplainOut {
  Tally t;
  char *text;
} ExplainOut;

static void tally_free(Tally *T) {
  for (int k = 0; k < T->nbreaks; k++) {
    free(T->breaks[k].function);
    free(T->breaks[k].message);
    free(T->breaks[k].stack);
  }
  free(T->breaks);
  free(T->graphs);
  memset(T, 0, sizeof *T);
}

static void explain_free(Ctx *c, void *p) {
  (void)c;
  ExplainOut *e = p;
  tally_free(&e->t);
  free(e->text);
  free(e);
}

static void explain_repr(Buf *b, void *p) {
  ExplainOut *e = p;
  if (e->text) dwB_puts(b, e->text);
}

static Value explain_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  ExplainOut *e = p;
  if (!strcmp(name, "graph_count")) return dwV_int(e->t.graph_count);
  if (!strcmp(name, "graph_break_count")) return dwV_int(e->t.graph_break_count);
  if (!strcmp(name, "op_count")) return dwV_int(e->t.op_count);
  if (!strcmp(name, "break_reasons")) {
    List *l = dwV_list(&I->c, 0);
    for (int k = 0; l && k < e->t.nbreaks; k++) {
      Str *s = dwV_strf(&I->c, "%s", e->t.breaks[k].message);
      if (!s) break;
      dwV_list_append(&I->c, l, dwV_obj(&s->h));
      dwV_decref_o(&I->c, &s->h);
    }
    return l ? dwV_obj(&l->h) : dwV_null();
  }
  return dwV_null();
}

/* Writes text line by line, each after `indent`: at most max lines (-1:
 * all). */
static void put_lines(Buf *b, const char *text, const char *indent, int max) {
  const char *p = text ? text : "";
  for (int n = 0; *p && n != max; n++) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    dwB_puts(b, indent);
    dwB_putn(b, p, len);
    dwB_putc(b, '\n');
    p += len + (nl ? 1 : 0);
  }
}

/* An explain summary of tally T (NULL: nothing was compiled), modelled on
 * str(torch._dynamo.explain(f)(...)). For torch._dynamo.explain (cli
 * false): every frame of each break's user stack, then the ops of each
 * graph. For the `explain` command (cli true): each reason with its code,
 * the frame it broke in, then every graph of the run with its code. */
static void explain_text(Buf *b, const Tally *T, const Run *R, bool cli) {
  dwB_printf(b, "Graph Count: %d\nGraph Break Count: %d\nOp Count: %d\n",
             T ? T->graph_count : 0, T ? T->graph_break_count : 0, T ? T->op_count : 0);
  dwB_puts(b, "Break Reasons:\n");
  for (int k = 0; T && k < T->nbreaks; k++) {
    BreakRec *br = &T->breaks[k];
    dwB_printf(b, "  Break Reason %d:\n", k + 1);
    if (cli && br->message && *br->message)
      dwB_printf(b, "    Reason: %s (%s)\n", br->message, dwJ_reason_names[br->reason]);
    else if (cli)
      dwB_printf(b, "    Reason: %s\n", dwJ_reason_names[br->reason]);
    else /* docs/report.md: a graph_break() call is `call to graph_break()` */
      dwB_printf(b, "    Reason: %s\n", br->reason == BR_GRAPH_BREAK_CALL
                                           ? "call to graph_break()" : br->message);
    dwB_puts(b, "    User Stack:\n");
    /* the command: the frame of the compiled function */
    put_lines(b, br->stack, "      ", cli ? 1 : -1);
  }
  if (cli) {
    dwB_puts(b, "Graphs:\n");
    for (int k = 0; R && k < R->ngraphs; k++) {
      const GraphRec *g = &R->graphs[k];
      dwB_printf(b, "  Graph %d: %s, %d ops\n", k + 1, g->function ? g->function : "",
                 g->op_count);
      put_lines(b, g->code, "    ", -1);
    }
    return;
  }
  dwB_puts(b, "Ops per Graph:\n");
  for (int k = 0; T && k < T->ngraphs; k++) {
    dwB_printf(b, "  Ops %d:\n", k + 1);
    for (int j = 0; R && j < R->ngraphs; j++) {
      if (R->graphs[j].id != T->graphs[k]) continue;
      for (int o = 0; o < R->graphs[j].op_count && R->graphs[j].ops; o++)
        dwB_printf(b, "    <op> %s\n", R->graphs[j].ops[o]);
    }
  }
}

Value dwJ_explain_call(Interp *I, Value fn, Args *a) {
  Run *R = RUN(I);
  Tally *saved = R->explain;
  ExplainOut *e = calloc(1, sizeof *e);
  if (!e) return dwI_raise(I, EXC_MemoryError, "out of memory");
  R->explain = &e->t;
  /* run fn as a compiled frame with its own (fresh) tally */
  static const CompileOpts explain_opts = {.backend = BK_WASM, .explain = true};
  Value r;
  Value target = fn;
  const CompileOpts *opts = &explain_opts;
  if (fn.t == V_WRAP && ((Wrap *)fn.u.o)->kind == WRAP_COMPILE) {
    opts = &((Wrap *)fn.u.o)->opts;
    target = ((Wrap *)fn.u.o)->target;
  }
  Frame *caller = I->frame;
  const CompileOpts *saved_ctx = caller ? caller->cctx : NULL;
  if (target.t == V_FUNC) {
    r = dwR_call_compiled(I, (Func *)target.u.o, dwV_null(), a, opts);
  } else {
    if (caller) caller->cctx = opts;
    r = dwI_call(I, target, a);
    if (caller) caller->cctx = saved_ctx;
  }
  R->explain = saved;
  if (r.t == V_NULL) {
    explain_free(&I->c, e);
    return r;
  }
  dwV_decref(&I->c, r);
  Buf text = {0};
  explain_text(&text, &e->t, R, false);
  e->text = dwB_take(&text);
  Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!o) {
    explain_free(&I->c, e);
    return dwI_raise_ctx(I);
  }
  o->kind = 1;
  o->p = e;
  o->free = explain_free;
  o->repr = explain_repr;
  o->getattr = explain_getattr;
  return dwV_obj(&o->h);
}

/* ------------------------------------------------------------------ */
/* Runs and the report                                                 */
/* ------------------------------------------------------------------ */

void dwJ_run_begin(Interp *I) {
  Run *R = calloc(1, sizeof *R);
  I->rt = R;
  if (!R) return;
  int lines = 1;
  for (size_t k = 0; k < I->srclen; k++) lines += I->src[k] == '\n';
  R->nlines = lines;
  R->committed = calloc((size_t)lines + 2, 1);
  R->tentative = calloc((size_t)lines + 2, 1);
}

void dwJ_run_end(Interp *I) {
  Run *R = RUN(I);
  if (!R) return;
  for (int k = 0; k < R->ngraphs; k++) {
    GraphRec *g = &R->graphs[k];
    free(g->function);
    free(g->lines);
    free(g->code);
    free(g->error);
    for (int j = 0; g->ops && j < g->op_count; j++) free(g->ops[j]);
    free(g->ops);
  }
  free(R->graphs);
  for (int k = 0; k < R->nframes; k++) {
    FrameRec *f = &R->frames[k];
    free(f->graphs);
    for (int j = 0; j < f->nrecompiles; j++) free(f->recompiles[j]);
    free(f->recompiles);
    free(f->guards);
  }
  free(R->frames);
  tally_free(&R->total);
  free(R->committed);
  free(R->tentative);
  free(R);
  I->rt = NULL;
  for (int k = 0; k < I->nmarks; k++) mark_free(&I->marks[k]);
  free(I->marks);
  I->marks = NULL;
  I->nmarks = I->capmarks = 0;
}

static int mark_cmp(const void *a, const void *b) {
  const Mark *x = a, *y = b;
  if (x->line != y->line) return x->line - y->line;
  return x->kind - y->kind;
}

static void json_str(Buf *b, const char *s) {
  if (!s) {
    dwB_puts(b, "null");
    return;
  }
  dwB_json_str(b, s, strlen(s));
}

static void json_num(Buf *b, double v) {
  if (!isfinite(v)) v = 0;
  dwB_printf(b, "%.4f", v);
}

/* The Dynamo part of the report: marks, frames, graphs, explain (its text
 * also in *ex). */
static void report_dynamo(Interp *I, Buf *b, Buf *ex) {
  Run *R = RUN(I);
  if (I->nmarks) qsort(I->marks, (size_t)I->nmarks, sizeof(Mark), mark_cmp);
  dwB_puts(b, "\"marks\":[");
  for (int k = 0; k < I->nmarks; k++) {
    Mark *m = &I->marks[k];
    if (k) dwB_putc(b, ',');
    dwB_printf(b, "{\"line\":%d,\"kind\":\"%s\"", m->line, dwJ_mark_names[m->kind]);
    if (m->kind == MK_GRAPH_BREAK) {
      dwB_printf(b, ",\"reason\":\"%s\",\"message\":", dwJ_reason_names[m->reason]);
      json_str(b, m->message);
      dwB_puts(b, ",\"hint\":");
      json_str(b, m->hint);
    }
    if (m->kind == MK_SUPPRESSED) {
      dwB_puts(b, ",\"message\":");
      json_str(b, m->message);
    }
    if (m->kind == MK_DISABLED)
      dwB_printf(b, ",\"recursive\":%s", m->recursive ? "true" : "false");
    if (m->function) {
      dwB_puts(b, ",\"function\":");
      json_str(b, m->function);
    }
    dwB_putc(b, '}');
  }
  dwB_puts(b, "],\"frames\":[");
  for (int k = 0; R && k < R->nframes; k++) {
    FrameRec *f = &R->frames[k];
    if (k) dwB_putc(b, ',');
    dwB_puts(b, "{\"function\":");
    json_str(b, f->code->name);
    dwB_printf(b, ",\"line\":%d,\"compiles\":%d,\"cache_hits\":%d,\"eager_runs\":%d,"
                  "\"graphs\":[",
               f->code->firstline, f->compiles, f->cache_hits, f->eager_runs);
    for (int j = 0; j < f->ngraphs; j++) dwB_printf(b, "%s%d", j ? "," : "", f->graphs[j]);
    dwB_puts(b, "],\"guards\":[");
    const char *p = f->guards ? f->guards : "";
    bool first = true;
    while (*p) {
      const char *nl = strchr(p, '\n');
      size_t len = nl ? (size_t)(nl - p) : strlen(p);
      if (!first) dwB_putc(b, ',');
      first = false;
      dwB_json_str(b, p, len);
      p += len + (nl ? 1 : 0);
    }
    dwB_puts(b, "],\"recompiles\":[");
    for (int j = 0; j < f->nrecompiles; j++) {
      if (j) dwB_putc(b, ',');
      dwB_puts(b, "{\"reason\":");
      json_str(b, f->recompiles[j]);
      dwB_putc(b, '}');
    }
    dwB_puts(b, "]}");
  }
  dwB_puts(b, "],\"graphs\":[");
  for (int k = 0; R && k < R->ngraphs; k++) {
    GraphRec *g = &R->graphs[k];
    if (k) dwB_putc(b, ',');
    dwB_printf(b, "{\"id\":%d,\"function\":", g->id);
    json_str(b, g->function);
    dwB_puts(b, ",\"lines\":[");
    for (int j = 0; j < g->nlines; j++) dwB_printf(b, "%s%d", j ? "," : "", g->lines[j]);
    dwB_printf(b, "],\"op_count\":%d,\"code\":", g->op_count);
    json_str(b, g->code);
    dwB_printf(b, ",\"backend\":\"%s\",\"wasm_size\":%zu,\"slot\":%d,\"loops\":%d,"
                  "\"runs\":%d,\"time_ms\":{\"trace\":",
               dwC_backend_names[g->backend], g->wasm_size, g->slot, g->nloops, g->runs);
    json_num(b, g->t_trace);
    dwB_puts(b, ",\"codegen\":");
    json_num(b, g->t_codegen);
    dwB_puts(b, ",\"optimize\":");
    json_num(b, g->t_optimize);
    dwB_puts(b, ",\"instantiate\":");
    json_num(b, g->t_instantiate);
    dwB_puts(b, ",\"run\":");
    json_num(b, g->t_run);
    dwB_putc(b, '}');
    if (g->error) {
      dwB_puts(b, ",\"error\":");
      json_str(b, g->error);
    }
    dwB_putc(b, '}');
  }
  dwB_puts(b, "],\"explain\":{");
  Tally *T = R ? &R->total : NULL;
  dwB_printf(b, "\"graph_count\":%d,\"graph_break_count\":%d,\"op_count\":%d,"
                "\"break_reasons\":[",
             T ? T->graph_count : 0, T ? T->graph_break_count : 0, T ? T->op_count : 0);
  for (int k = 0; T && k < T->nbreaks; k++) {
    BreakRec *br = &T->breaks[k];
    if (k) dwB_putc(b, ',');
    dwB_printf(b, "{\"line\":%d,\"function\":", br->line);
    json_str(b, br->function);
    dwB_printf(b, ",\"reason\":\"%s\",\"message\":", dwJ_reason_names[br->reason]);
    json_str(b, br->message);
    dwB_putc(b, '}');
  }
  dwB_puts(b, "],\"text\":");
  explain_text(ex, T, R, true);
  dwB_json_str(b, ex->p ? ex->p : "", ex->len);
  dwB_putc(b, '}');
}

/* The pending exception as the report's "error" (null when none), and its
 * traceback text, also in *tb. */
static void report_error(Interp *I, Buf *b, Buf *tb) {
  if (I->exc.t != V_EXC) {
    dwB_puts(b, "null");
    return;
  }
  Exc *e = (Exc *)I->exc.u.o;
  int line = e->ntb ? e->tb[0].line : e->line;
  dwB_puts(b, "{\"type\":");
  const char *tn = e->cls ? e->cls->name->s : dwV_exc_names[e->type];
  dwB_json_str(b, tn, strlen(tn));
  dwB_puts(b, ",\"message\":");
  if (e->msg) dwB_json_str(b, e->msg->s, e->msg->len);
  else dwB_puts(b, "\"\"");
  dwB_printf(b, ",\"line\":%d,\"col\":%d,\"traceback\":[", line, e->ntb ? 0 : e->col);
  for (int k = e->ntb - 1; k >= 0; k--) {
    dwB_puts(b, "{\"function\":");
    dwB_json_str(b, e->tb[k].func, strlen(e->tb[k].func));
    dwB_printf(b, ",\"line\":%d}%s", e->tb[k].line, k ? "," : "");
  }
  dwI_format_exc(I, tb, e);
  if (!tb->len) /* never empty: the command lines print it */
    dwB_printf(tb, "%s: %s\n", tn, e->msg ? e->msg->s : "");
  dwB_puts(b, "],\"text\":");
  dwB_json_str(b, tb->p ? tb->p : "", tb->len);
  dwB_putc(b, '}');
}

void dwJ_report(Interp *I, bool ok, double t0, Buf *json, Buf *tb, Buf *ex) {
  Buf *b = json;
  dwB_printf(b, "{\"ok\":%s,\"stdout\":", ok ? "true" : "false");
  dwB_json_str(b, I->out.p ? I->out.p : "", I->out.len);
  dwB_puts(b, ",\"stderr\":");
  dwB_json_str(b, I->err.p ? I->err.p : "", I->err.len);
  dwB_puts(b, ",\"error\":");
  report_error(I, b, tb);
  dwB_putc(b, ',');
  report_dynamo(I, b, ex);
  dwB_printf(b, ",\"backend\":\"%s\",\"filename\":",
             I->opt.backend == DW_BACKEND_EAGER ? "eager" : "wasm");
  dwB_json_str(b, I->filename, strlen(I->filename));
  dwB_printf(b, ",\"steps\":%llu,\"peak_tensor_bytes\":%zu,\"time_ms\":{\"total\":%.4f}}",
             (unsigned long long)I->steps, I->c.tensor_peak, dw_now_ms() - t0);
}

void dwJ_report_failed(Buf *json, Buf *tb, Buf *ex, const char *message,
                       const char *text) {
  dwB_puts(json, "{\"ok\":false,\"stdout\":\"\",\"stderr\":\"\",\"error\":{\"type\":"
                 "\"MemoryError\",\"message\":");
  dwB_json_str(json, message, strlen(message));
  dwB_puts(json, ",\"line\":0,\"col\":0,\"traceback\":[],\"text\":");
  dwB_json_str(json, text, strlen(text));
  dwB_puts(json, "},\"marks\":[],\"frames\":[],\"graphs\":[],\"explain\":{\"graph_count\":0,"
                 "\"graph_break_count\":0,\"op_count\":0,\"break_reasons\":[],\"text\":");
  explain_text(ex, NULL, NULL, true);
  dwB_json_str(json, ex->p ? ex->p : "", ex->len);
  dwB_puts(json, "},\"time_ms\":{\"total\":0}}");
  dwB_puts(tb, text);
}
