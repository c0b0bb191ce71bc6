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

/* PyTorch's graph-break registry entries (graph_break_registry.json)
 * for the breaks dynawasm raises: id, title (gb_type) and hints, as
 * exc.py format_graph_break_message prints them. */
static const struct {
  const char *id, *title;
  const char *hints[3];
} gb_types[GB_COUNT] = {
    [GB_GRAPH_BREAK] = {"GB0025", "Call to `torch._dynamo.graph_break()`",
                        {"Remove the `torch._dynamo.graph_break()` call."}},
    [GB_SKIP_DISABLED] = {"GB0098", "Skip calling `torch.compiler.disable()`d function",
                          {"Remove the `torch.compiler.disable` call"}},
    [GB_SKIP_INLINE] = {"GB0099", "Skip inlining `torch.compiler.disable()`d function",
                        {"Remove the `torch.compiler.disable` call"}},
    [GB_BUILTIN] = {"GB0059", "Failed to trace builtin operator",
                    {NULL /* per builtin: see gb_hints */}},
    [GB_DATA_BRANCH] = {"GB0170", "Data-dependent branching",
                        {"This graph break is fundamental - it is unlikely that Dynamo will ever be "
                         "able to trace through your code. Consider finding a workaround.",
                         "Use `torch.cond` to express dynamic control flow."}},
    [GB_OBSERVED_EXC] = {"GB0088", "Observed exception",
                         {"Your code may result in an error when running in eager. Please double "
                          "check that your code doesn't contain a similar error when actually "
                          "running eager/uncompiled. You can do this by removing the "
                          "`torch.compile` call, or by using "
                          "`torch.compiler.set_stance(\"force_eager\")`.",
                          "It may be possible to write Dynamo tracing rules for this code. Please "
                          "report an issue to PyTorch if you encounter this graph break often "
                          "and it is causing performance issues."}},
    [GB_ITEM] = {"GB0124", "Unsupported Tensor.item() call with capture_scalar_outputs=False",
                 {"Set `torch._dynamo.config.capture_scalar_outputs = True` or `export "
                  "TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these operations in the "
                  "captured graph."}},
    [GB_METHOD] = {"GB0156", "Unsupported method call", {NULL /* per method: see gb_hints */}},
};

const char *dwJ_gb_title(int gb) {
  return gb > GB_NONE && gb < GB_COUNT && gb_types[gb].title ? gb_types[gb].title : "";
}

/* The hints of a break, one per line. */
static void gb_hints(const Break *b, Buf *out) {
  if (b->gb == GB_BUILTIN) {
    /* the builtin's name is the context's second word */
    char name[64] = "";
    sscanf(b->context, "builtin %63s", name);
    const char *types = strchr(b->expl, '[');
    const char *te = types ? strchr(types, ']') : NULL;
    dwB_printf(out, "Avoid calling builtin `%s` with argument types %.*s. Consider using an "
                    "equivalent alternative function/method to `%s`.\n",
               name, te ? (int)(te - types + 1) : 2, te ? types : "[]", name);
    dwB_puts(out, "If you are attempting to call a logging function (e.g. `print`), you can "
                  "try adding it to `torch._dynamo.config.reorderable_logging_functions`.\n");
    dwB_puts(out, "Please report an issue to PyTorch.\n");
    return;
  }
  if (b->gb == GB_METHOD) {
    /* "call_method UserDefinedObjectVariable(Foo) __sub__ [...] {}" */
    char cls[64] = "", name[64] = "";
    sscanf(b->context, "call_method %*[^(](%63[^)]) %63s", cls, name);
    dwB_printf(out, "Avoid calling `%s.%s` in your code.\n", cls, name);
    dwB_puts(out, "Please report an issue to PyTorch.\n");
    return;
  }
  for (int k = 0; k < 3 && gb_types[b->gb].hints[k]; k++)
    dwB_printf(out, "%s\n", gb_types[b->gb].hints[k]);
}

/* textwrap.indent(s, "    ").lstrip(): lines after the first indented. */
static void put_indented(Buf *out, const char *s) {
  for (const char *p = s; *p; p++) {
    dwB_putc(out, *p);
    if (*p == '\n' && p[1] && p[1] != '\n') dwB_puts(out, "    ");
  }
}

/* ------------------------------------------------------------------ */
/* Run state                                                           */
/* ------------------------------------------------------------------ */

typedef struct BreakRec {
  int line;
  char *function;
  int reason;
  char *message;
  char *stack;       /* FrameSummary lines */
  BreakEffect action;
} BreakRec;

static const char *const break_act_names[] = {
    [BX_RESUME] = "resume", [BX_EAGER_LOOP] = "eager_loop", [BX_EAGER_BLOCK] = "eager_block", [BX_SKIP_FRAME] = "skip_frame"};

static const char *const event_names[EV_COUNT] = {
    "trace", "codegen", "optimize", "instantiate", "run", "eager"};

typedef struct Event {
  uint8_t kind;   /* EventKind */
  bool abandoned; /* EV_TRACE: the unit was thrown away (ran eagerly) */
  int call;       /* index in Run.calls */
  int graph;      /* graph id, -1 if none */
  double t0, t1;  /* dw_now_ms() */
} Event;

typedef struct CallRec {
  Code *code;
  Frame *frame; /* while the call runs */
  int depth;    /* compiled calls around it */
  bool open;
  bool replayed; /* run by its cache entry's plan, the frame not evaluated */
  double t0, t1;
  double eager_t0; /* start of the open eager segment, < 0 if none */
} CallRec;

enum { TL_MAX_CALLS = 400, TL_MAX_EVENTS = 8000 };

/* One explain(...) collection, or the whole run. */
typedef struct Tally {
  int graph_count, graph_break_count, op_count;
  BreakRec *breaks;
  int nbreaks;
  int *graphs;       /* graph ids, for ops per graph */
  int ngraphs;
  Buf guards;        /* torch._dynamo.explain: guards of the entries made */
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
  double t_start; /* dw_now_ms() at the run's start */
  CallRec *calls; /* the first TL_MAX_CALLS calls of compiled functions */
  int ncalls, ncalls_total, call_depth;
  Event *events;
  int nevents;
  /* the last break of frame resume_frame, waiting for its resume point:
   * its index in total and in the explain tally (-1: none) */
  Frame *resume_frame;
  int resume_total, resume_explain;
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
  free(m->title);
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

void dwJ_break_message(const Break *b, Buf *out) {
  if (b->gb == GB_NONE) {
    dwB_puts(out, b->msg);
    if (b->nstack > 0)
      dwB_printf(out, " (in %s, line %d)", b->stack[0].fn, b->stack[0].line);
    return;
  }
  dwB_printf(out, "%s\n  Explanation: ", b->msg);
  put_indented(out, b->expl);
  dwB_putc(out, '\n');
  Buf h = {0};
  gb_hints(b, &h);
  for (const char *p = h.p ? h.p : ""; *p;) {
    const char *nl = strchr(p, '\n');
    dwB_puts(out, "  Hint: ");
    dwB_putn(out, p, nl ? (size_t)(nl - p) : strlen(p));
    dwB_putc(out, '\n');
    p = nl ? nl + 1 : p + strlen(p);
  }
  dwB_free(&h);
  dwB_puts(out, "\n  Developer debug context: ");
  put_indented(out, b->context);
  dwB_printf(out, "\n\n For more details about this graph break, please visit: "
                  "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb%s.html",
             gb_types[b->gb].id + 2);
}

/* Line `line` of the program, without its indentation. */
static void source_line(Interp *I, int line, Buf *out) {
  const char *e, *p = dwTb_line(I, line, &e);
  if (!p) return;
  const char *cr = memchr(p, '\r', (size_t)(e - p));
  if (cr) e = cr;
  while (p < e && (*p == ' ' || *p == '\t')) p++;
  while (e > p && (e[-1] == ' ' || e[-1] == '\t')) e--;
  dwB_putn(out, p, (size_t)(e - p));
}

static void stack_frame(Interp *I, Buf *out, int line, const char *fn) {
  dwB_printf(out, "  File \"%s\", line %d, in %s\n    ", I->filename, line, fn);
  source_line(I, line, out);
  dwB_putc(out, '\n');
}

void dwJ_unsupported_text(Interp *I, const Break *b, Buf *out) {
  dwJ_break_message(b, out);
  if (b->gb == GB_NONE) return;
  dwB_puts(out, "\n\nfrom user code:\n ");
  stack_frame(I, out, b->line, b->fn);
  for (int k = 0; k < b->nstack; k++) stack_frame(I, out, b->stack[k].line, b->stack[k].fn);
  Value v = dwD_config(I, "verbose");
  if (!(v.t == V_BOOL && v.u.i))
    dwB_puts(out, "\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this "
                  "especially if you're reporting a bug to PyTorch). For even more developer "
                  "context, set TORCH_LOGS=\"+dynamo\"\n");
}

void dwJ_vt_repr(Buf *b, Value v) {
  switch (v.t) {
  case V_STR:
    dwB_puts(b, "ConstantVariable(str: ");
    dwV_repr(b, v);
    dwB_putc(b, ')');
    return;
  case V_INT:
  case V_FLOAT:
  case V_BOOL:
  case V_NONE:
    dwB_printf(b, "ConstantVariable(%s: ", v.t == V_INT ? "int" : v.t == V_FLOAT ? "float"
                                         : v.t == V_BOOL ? "bool" : "NoneType");
    dwV_repr(b, v);
    dwB_putc(b, ')');
    return;
  case V_TENSOR:
    dwB_puts(b, "TensorVariable()");
    return;
  case V_LIST:
    dwB_puts(b, "ListVariable()");
    return;
  case V_TUPLE:
    dwB_puts(b, "TupleVariable()");
    return;
  case V_DICT:
    dwB_puts(b, "ConstDictVariable()");
    return;
  case V_INST:
    dwB_printf(b, "UserDefinedObjectVariable(%s)", dwV_type_name(v));
    return;
  default:
    dwB_printf(b, "%sVariable()", dwV_type_name(v));
    return;
  }
}

bool dwJ_break_disabled(Interp *I, Value target, bool recursive, Str *reason) {
  Buf fn = {0}, r = {0};
  dwV_repr(&fn, target);
  if (reason) dwV_repr_str(&r, reason->s, reason->len, false);
  const char *fs = fn.p ? fn.p : "", *rs = reason && r.p ? reason->s : "None";
  bool v = recursive
                ? dwR_break_here_gb(I, BR_DISABLED_CALL, GB_SKIP_DISABLED, fs,
                               "Skip calling function `%s` since it was wrapped with "
                               "`torch.compiler.disable` (reason: %s)",
                               fs, rs)
                : dwR_break_here_gb(I, BR_DISABLED_CALL, GB_SKIP_INLINE, fs,
                               "Skip inlining function %s since it was wrapped with "
                               "`torch.compiler.disable` (reason: %s)",
                               fs, rs);
  dwB_free(&fn);
  dwB_free(&r);
  return v;
}

/* The Python type name of an argument, as Dynamo's messages list it. */
static const char *py_type(Value v) {
  return v.t == V_TENSOR ? "Tensor" : dwV_type_name(v);
}

/* The module path of the VariableTracker class Dynamo wraps v in. */
static const char *vt_class(Value v) {
  switch (v.t) {
  case V_TENSOR: return "torch._dynamo.variables.tensor.TensorVariable";
  case V_LIST: return "torch._dynamo.variables.lists.ListVariable";
  case V_TUPLE: return "torch._dynamo.variables.lists.TupleVariable";
  case V_DICT: return "torch._dynamo.variables.dicts.ConstDictVariable";
  case V_FUNC: return "torch._dynamo.variables.functions.UserFunctionVariable";
  case V_INST: return "torch._dynamo.variables.user_defined.UserDefinedObjectVariable";
  default: return "torch._dynamo.variables.constant.ConstantVariable";
  }
}

bool dwJ_break_call(Interp *I, const BuiltinDef *d, Value self, Args *a) {
  const char *n = d->name;
  if (!strcmp(n, "Tensor.item")) {
    if (dwY_capturing(I)) return true; /* traced: symscalar.c */
    return dwR_break_here_gb(I, BR_DATA_DEPENDENT, GB_ITEM, "call_method TensorVariable() item () {}",
                        "Dynamo does not support tracing `Tensor.item()` with "
                        "config.capture_scalar_outputs=False.");
  }
  if (!strchr(n, '.') && d->trace == TK_UNSUPPORTED) {
    /* a Python builtin (print, input, ...): builtin.py call_function */
    Buf types = {0}, vts = {0};
    dwB_putc(&types, '[');
    dwB_putc(&vts, '[');
    int k = 0;
    if (self.t != V_NULL) {
      dwB_printf(&types, "'%s'", py_type(self));
      dwB_printf(&vts, "<class '%s'>", vt_class(self));
      k++;
    }
    for (int j = 0; j < a->n; j++, k++) {
      dwB_printf(&types, "%s'%s'", k ? ", " : "", py_type(a->v[j]));
      dwB_printf(&vts, "%s<class '%s'>", k ? ", " : "", vt_class(a->v[j]));
    }
    dwB_putc(&types, ']');
    dwB_putc(&vts, ']');
    char ctx[400];
    snprintf(ctx, sizeof ctx, "builtin %s %s %s", n, vts.p, a->nkw ? "True" : "False");
    bool v = dwR_break_here_gb(I, BR_UNSUPPORTED_CALL, GB_BUILTIN, ctx,
                           "Dynamo does not know how to trace builtin operator `%s` with "
                           "argument types %s (has_kwargs %s)",
                           n, types.p, a->nkw ? "True" : "False");
    dwB_free(&types);
    dwB_free(&vts);
    return v;
  }
  if (d->trace == TK_DATA)
    return dwR_break_here(I, BR_DATA_DEPENDENT,
                     "Data-dependent call %s(): it needs the value of a traced tensor", n);
  return dwR_break_here(I, BR_UNSUPPORTED_CALL,
                   "Unsupported call to %s(): it has side effects the graph cannot hold", n);
}

bool dwJ_break_method(Interp *I, Value self, const char *name, Value arg) {
  /* base.py VariableTracker.call_method's last resort */
  Buf ctx = {0};
  dwB_puts(&ctx, "call_method ");
  dwJ_vt_repr(&ctx, self);
  dwB_printf(&ctx, " %s [", name);
  dwJ_vt_repr(&ctx, arg);
  dwB_puts(&ctx, "] {}");
  bool v = dwR_break_here_gb(I, BR_UNSUPPORTED_CALL, GB_METHOD, ctx.p,
                             "Dynamo does not know how to trace method `%s` of class `%s`", name,
                             dwV_type_name(self));
  dwB_free(&ctx);
  return v;
}

bool dwJ_break_raise(Interp *I, Value exc) {
  Buf ctx = {0};
  const char *name = "Exception";
  Value args = dwV_null();
  if (exc.t == V_EXC) {
    Exc *e = (Exc *)exc.u.o;
    name = e->cls ? e->cls->name->s : dwV_exc_names[e->type];
    args = e->args;
  } else if (exc.t == V_CLASS) {
    name = ((Class *)exc.u.o)->name->s;
  }
  dwB_printf(&ctx, "raised exception %s([", name);
  if (args.t == V_TUPLE)
    for (int64_t k = 0; k < ((Tuple *)args.u.o)->len; k++) {
      if (k) dwB_puts(&ctx, ", ");
      dwJ_vt_repr(&ctx, ((Tuple *)args.u.o)->items[k]);
    }
  dwB_puts(&ctx, "])");
  bool v = dwR_break_here_gb(I, BR_UNSUPPORTED_SYNTAX, GB_OBSERVED_EXC, ctx.p,
                         "Dynamo found no exception handler at the top-level compiled function "
                         "when encountering an exception. Exception will propagate outside the "
                         "compiled region.");
  dwB_free(&ctx);
  return v;
}

void dwJ_mark_break(Interp *I, const Break *b) {
  Mark *m = mark_push(I, b->line, MK_GRAPH_BREAK);
  if (!m) return;
  m->reason = b->reason;
  Buf msg = {0};
  dwJ_break_message(b, &msg);
  m->message = dwB_take(&msg);
  m->function = xstrdup(b->fn);
  m->title = xstrdup(b->msg);
  if (b->gb != GB_NONE) {
    Buf h = {0};
    gb_hints(b, &h);
    if (h.len && h.p[h.len - 1] == '\n') h.p[--h.len] = 0;
    m->hint = dwB_take(&h);
  } else {
    m->hint = xstrdup(break_hints[b->reason]);
  }
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
  r->id = R->nframes - 1;
  return r;
}

static void int_push(int **arr, int *n, int v) {
  int *p = realloc(*arr, sizeof(int) * (size_t)(*n + 1));
  if (!p) return;
  *arr = p;
  p[(*n)++] = v;
}

/* The index of the new record, -1 if out of memory. */
static int tally_break(Tally *T, const Break *b, const char *stack,
                       const BreakEffect *a) {
  BreakRec *br = realloc(T->breaks, sizeof(BreakRec) * (size_t)(T->nbreaks + 1));
  if (!br) return -1;
  T->breaks = br;
  BreakRec *r = &T->breaks[T->nbreaks++];
  r->line = b->line;
  r->function = xstrdup(b->fn);
  r->reason = b->reason;
  Buf m = {0};
  dwJ_break_message(b, &m);
  r->message = dwB_take(&m);
  r->stack = xstrdup(stack);
  r->action = *a;
  T->graph_break_count++;
  return T->nbreaks - 1;
}

void dwJ_break(Interp *I, Frame *f, const Break *b, const BreakEffect *a) {
  Run *R = RUN(I);
  Buf st = {0};
  dwB_printf(&st, "<FrameSummary file %s, line %d in %s>", I->filename, b->line, b->fn);
  for (int k = 0; k < b->nstack; k++)
    dwB_printf(&st, "\n<FrameSummary file %s, line %d in %s>", I->filename,
               b->stack[k].line, b->stack[k].fn);
  int it = tally_break(&R->total, b, st.p, a);
  int ie = R->explain ? tally_break(R->explain, b, st.p, a) : -1;
  dwB_free(&st);
  /* where tracing resumes is known when it does (dwJ_break_resumed) */
  bool waits = a->kind != BX_SKIP_FRAME;
  R->resume_frame = waits ? f : NULL;
  R->resume_total = waits ? it : -1;
  R->resume_explain = waits ? ie : -1;
  if (I->opt.logs & DW_LOG_GRAPH_BREAKS) {
    /* symbolic_convert.py log_graph_break: where the break happened, the
     * reason, the user stack from the program's top (frames above the
     * compiled one too) */
    int line = b->nstack ? b->stack[b->nstack - 1].line : b->line;
    Buf msg = {0};
    dwJ_break_message(b, &msg);
    dwB_printf(&I->err, "Graph break in user code at %s:%d\nGraph Break Reason: %s\n"
                        "User code traceback:\n",
               I->filename, line, msg.p ? msg.p : "");
    dwB_free(&msg);
    Frame *above[64];
    int na = 0;
    for (Frame *f = I->frame ? I->frame->back : NULL; f && na < 64; f = f->back)
      if (!f->code->is_comp) above[na++] = f;
    for (int k = na - 1; k >= 0; k--) stack_frame(I, &I->err, above[k]->line, above[k]->code->name);
    stack_frame(I, &I->err, b->line, b->fn);
    for (int k = 0; k < b->nstack; k++) stack_frame(I, &I->err, b->stack[k].line, b->stack[k].fn);
  }
}

bool dwJ_explaining(Interp *I) { return RUN(I)->explain != NULL; }

GraphRec *dwJ_graph_rec(Interp *I, int id) {
  Run *R = RUN(I);
  for (int j = 0; R && j < R->ngraphs; j++)
    if (R->graphs[j].id == id) return &R->graphs[j];
  return NULL;
}

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
  dwJ_graph_nodes(r, g, NULL);
  Buf outs = {0};
  dwB_putc(&outs, '[');
  for (int k = 0; k < g->nout; k++)
    dwB_printf(&outs, "%s%d", k ? "," : "", g->outputs[k]);
  dwB_putc(&outs, ']');
  r->outputs = dwB_take(&outs);
  return r;
}

static void json_str(Buf *b, const char *s);

void dwJ_graph_nodes(GraphRec *rec, const Graph *g, const WasmModule *m) {
  if (!rec) return;
  Buf b = {0};
  dwG_json_nodes(&b, g, m ? m->node_nest : NULL);
  free(rec->nodes);
  rec->nodes = dwB_take(&b);
  dwB_putc(&b, '[');
  for (int k = 0; m && m->node_nest && k < m->nloops; k++) {
    dwB_printf(&b, "%s{\"kind\":\"%s\",\"name\":", k ? "," : "",
               m->nest_kind[k]);
    json_str(&b, m->nest_name[k]);
    dwB_putc(&b, '}');
  }
  dwB_putc(&b, ']');
  free(rec->nests);
  rec->nests = dwB_take(&b);
}

void dwJ_graph_failed(GraphRec *rec, const char *err, int err_line) {
  if (!rec) return;
  rec->error = xstrdup(err);
  rec->error_line = err_line;
}

void dwJ_unit(Interp *I, Trace *t, int status, int graph, const Entry *e,
              const char *recompile) {
  FrameRec *fr = dwJ_frame(I, t->root->code);
  if (!fr) return;
  UnitRec *u = realloc(fr->units, sizeof(UnitRec) * (size_t)(fr->nunits + 1));
  if (!u) return;
  fr->units = u;
  UnitRec *r = &u[fr->nunits++];
  const NodeList *body = &t->root->code->node->body;
  Buf g = {0};
  if (e)
    dwR_guards_text(e, &g);
  else
    dwR_trace_guards_text(t, &g);
  bool after = t->start_kind == UK_AFTER; /* resumes after t->start */
  bool lib = t->root->code->prelude;     /* not the program's lines */
  *r = (UnitRec){.start_line = lib ? 0 : after ? t->start->end_line : t->start->line,
                 .start_col = lib ? 0 : after ? t->start->end_col : t->start->col,
                 .start_kind = t->start_kind,
                 .resume = !body->n || t->start != body->v[0] || t->start_kind != UK_STMT,
                 .status = status,
                 .graph = graph,
                 .guards = dwB_take(&g),
                 .recompile =
                     xstrdup(recompile ? recompile : t->recompile_reason)};
}

/* ------------------------------------------------------------------ */
/* The run timeline                                                    */
/* ------------------------------------------------------------------ */

/* The timeline's record of the running call of frame f, or NULL. */
static CallRec *call_of(Interp *I, Frame *f) {
  Run *R = RUN(I);
  for (int k = R ? R->ncalls - 1 : -1; k >= 0; k--)
    if (R->calls[k].open && R->calls[k].frame == f) return &R->calls[k];
  return NULL;
}

void dwJ_event(Interp *I, Frame *f, int kind, int graph, double t0, double t1,
               bool abandoned) {
  Run *R = RUN(I);
  CallRec *c = call_of(I, f);
  if (!c || t1 <= t0 || R->nevents >= TL_MAX_EVENTS) return;
  Event *ev = realloc(R->events, sizeof(Event) * (size_t)(R->nevents + 1));
  if (!ev) return;
  R->events = ev;
  ev[R->nevents++] = (Event){.kind = (uint8_t)kind,
                             .abandoned = abandoned,
                             .call = (int)(c - R->calls),
                             .graph = graph,
                             .t0 = t0,
                             .t1 = t1};
}

void dwJ_eager_begin(Interp *I, Frame *f) {
  CallRec *c = call_of(I, f);
  if (c && c->eager_t0 < 0) c->eager_t0 = dw_now_ms();
}

void dwJ_eager_end(Interp *I, Frame *f, double t1) {
  CallRec *c = call_of(I, f);
  if (!c || c->eager_t0 < 0) return;
  double t0 = c->eager_t0;
  if (t1 < 0) t1 = dw_now_ms();
  c->eager_t0 = -1;
  if (t1 - t0 >= 0.001) /* not the gap between two units */
    dwJ_event(I, f, EV_EAGER, -1, t0, t1, false);
}

void dwJ_eager_cancel(Interp *I, Frame *f) {
  CallRec *c = call_of(I, f);
  if (c) c->eager_t0 = -1;
}

static void resumed_in(Tally *T, int k, int line, int eager_to) {
  if (!T || k < 0 || k >= T->nbreaks) return;
  BreakEffect *a = &T->breaks[k].action;
  a->resume_line = line;
  if (eager_to > a->eager_to) a->eager_to = eager_to;
}

void dwJ_break_resumed(Interp *I, Frame *f, int line, int eager_to) {
  Run *R = RUN(I);
  if (!R || !f || R->resume_frame != f) return;
  resumed_in(&R->total, R->resume_total, line, eager_to);
  resumed_in(R->explain, R->resume_explain, line, eager_to);
  R->resume_frame = NULL;
}

void dwJ_call_begin(Interp *I, Frame *f) {
  Run *R = RUN(I);
  if (!R) return;
  R->ncalls_total++;
  int depth = R->call_depth++;
  if (R->ncalls >= TL_MAX_CALLS) return;
  CallRec *c = realloc(R->calls, sizeof(CallRec) * (size_t)(R->ncalls + 1));
  if (!c) return;
  R->calls = c;
  c[R->ncalls++] = (CallRec){.code = f->code,
                             .frame = f,
                             .depth = depth,
                             .open = true,
                             .t0 = dw_now_ms(),
                             .eager_t0 = -1};
}

void dwJ_call_end(Interp *I, Frame *f) {
  Run *R = RUN(I);
  if (!R) return;
  R->call_depth--;
  if (R->resume_frame == f) R->resume_frame = NULL; /* it ended eagerly */
  dwJ_eager_end(I, f, -1);
  CallRec *c = call_of(I, f);
  if (!c) return;
  c->open = false;
  c->replayed = f->replayed;
  c->frame = NULL;
  c->t1 = dw_now_ms();
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
                   t->root->code->name,
                   t->root->code->prelude ? t->root->code->qualname : I->filename,
                   t->root->code->firstline, t->recompile_reason);
    }
    if (e) dwJ_frame_guards(fr, e);
    if (e && R->explain) dwR_guards_text(e, &R->explain->guards);
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

static void tally_free(Tally *T) {
  for (int k = 0; k < T->nbreaks; k++) {
    free(T->breaks[k].function);
    free(T->breaks[k].message);
    free(T->breaks[k].stack);
  }
  free(T->breaks);
  free(T->graphs);
  dwB_free(&T->guards);
  memset(T, 0, sizeof *T);
}

void *dwJ_explain_begin(Interp *I) {
  Run *R = RUN(I);
  Tally *saved = R->explain;
  R->explain = calloc(1, sizeof(Tally));
  R->resume_explain = -1; /* an index into saved */
  return saved;
}

void dwJ_explain_end(Interp *I, void *saved, Buf *guards, Buf *times) {
  Run *R = RUN(I);
  Tally *T = R->explain;
  R->explain = saved;
  R->resume_explain = -1; /* an index into T */
  if (!T) return;
  if (T->guards.p) dwB_puts(guards, T->guards.p);
  /* utils.py compile_times(repr="str"): a tabulate table of the timed
   * functions; dynawasm times one, a graph's trace and compile */
  Buf col = {0};
  for (int k = 0; k < T->ngraphs; k++)
    for (int j = 0; j < R->ngraphs; j++) {
      const GraphRec *g = &R->graphs[j];
      if (g->id != T->graphs[k]) continue;
      dwB_printf(&col, "%s%.4f", col.len ? ", " : "",
                 (g->t_trace + g->t_codegen + g->t_optimize + g->t_instantiate) / 1000.0);
    }
  const char *fn = "_compile.compile_inner", *hd = "Runtimes (s)";
  int w0 = (int)strlen(fn), w1 = (int)(col.len > strlen(hd) ? col.len : strlen(hd));
  dwB_printf(times, "TorchDynamo compilation metrics:\n%-*s  %s\n", w0, "Function", hd);
  for (int k = 0; k < w0; k++) dwB_putc(times, '-');
  dwB_puts(times, "  ");
  for (int k = 0; k < w1; k++) dwB_putc(times, '-');
  if (T->ngraphs) dwB_printf(times, "\n%s  %s", fn, col.p ? col.p : "");
  dwB_free(&col);
  tally_free(T);
  free(T);
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

/* The `explain` command's summary of tally T (NULL: nothing was
 * compiled), modelled on str(torch._dynamo.explain(f)(...)) but counting
 * the breaks that happened: each reason (the message's first line, its
 * code), the frame it broke in, then every graph of the run with its code. */
static void explain_text(Buf *b, const Tally *T, const Run *R) {
  dwB_printf(b, "Graph Count: %d\nGraph Break Count: %d\nOp Count: %d\n",
             T ? T->graph_count : 0, T ? T->graph_break_count : 0, T ? T->op_count : 0);
  dwB_puts(b, "Break Reasons:\n");
  for (int k = 0; T && k < T->nbreaks; k++) {
    BreakRec *br = &T->breaks[k];
    dwB_printf(b, "  Break Reason %d:\n", k + 1);
    const char *m = br->message ? br->message : "";
    if (*m)
      dwB_printf(b, "    Reason: %.*s (%s)\n", (int)strcspn(m, "\n"), m,
                 dwJ_reason_names[br->reason]);
    else
      dwB_printf(b, "    Reason: %s\n", dwJ_reason_names[br->reason]);
    dwB_puts(b, "    User Stack:\n");
    put_lines(b, br->stack, "      ", 1);
  }
  dwB_puts(b, "Graphs:\n");
  for (int k = 0; R && k < R->ngraphs; k++) {
    const GraphRec *g = &R->graphs[k];
    dwB_printf(b, "  Graph %d: %s, %d ops\n", k + 1, g->function ? g->function : "",
               g->op_count);
    put_lines(b, g->code, "    ", -1);
  }
}

/* ------------------------------------------------------------------ */
/* Runs and the report                                                 */
/* ------------------------------------------------------------------ */

void dwJ_run_begin(Interp *I) {
  Run *R = calloc(1, sizeof *R);
  I->rt = R;
  if (!R) return;
  R->t_start = dw_now_ms();
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
    free(g->nodes);
    free(g->outputs);
    free(g->nests);
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
    for (int j = 0; j < f->nunits; j++) {
      free(f->units[j].guards);
      free(f->units[j].recompile);
    }
    free(f->units);
  }
  free(R->frames);
  free(R->calls);
  free(R->events);
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

/* A JSON array of the lines of s (NULL: []). */
static void json_lines(Buf *b, const char *s) {
  dwB_putc(b, '[');
  const char *p = s ? s : "";
  for (bool first = true; *p; first = false) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    if (!first) dwB_putc(b, ',');
    dwB_json_str(b, p, len);
    p += len + (nl ? 1 : 0);
  }
  dwB_putc(b, ']');
}

/* where a unit starts (UnitKind; UK_NEXT becomes UK_STMT before a unit
 * starts) */
static const char *const unit_kind_names[] = {
    [UK_STMT] = "statement", [UK_NEXT] = "statement", [UK_AFTER] = "after_expression",
    [UK_BEFORE] = "before_expression"};

static const char *const unit_status_names[] = {
    [CE_COMPILED] = "compiled", [CE_EMPTY] = "empty", [CE_FAILED] = "failed", [CE_SKIP] = "skipped"};

static int event_cmp(const void *a, const void *b) {
  const Event *x = a, *y = b;
  if (x->call != y->call) return x->call - y->call;
  return (x->t0 > y->t0) - (x->t0 < y->t0);
}

/* "timeline": the calls of compiled functions and their events, in ms
 * since the run began. */
static void report_timeline(Interp *I, Buf *b) {
  Run *R = RUN(I);
  dwB_puts(b, ",\"timeline\":{\"calls\":[");
  if (R && R->nevents)
    qsort(R->events, (size_t)R->nevents, sizeof(Event), event_cmp);
  int e = 0;
  for (int k = 0; R && k < R->ncalls; k++) {
    const CallRec *c = &R->calls[k];
    dwB_puts(b, k ? ",{\"function\":" : "{\"function\":");
    json_str(b, c->code->name);
    dwB_printf(b, ",\"line\":%d,\"depth\":%d,\"replayed\":%s,\"start\":",
               c->code->firstline, c->depth, c->replayed ? "true" : "false");
    json_num(b, c->t0 - R->t_start);
    dwB_puts(b, ",\"end\":");
    json_num(b, (c->open ? dw_now_ms() : c->t1) - R->t_start);
    dwB_puts(b, ",\"events\":[");
    for (bool first = true; e < R->nevents && R->events[e].call == k;
         e++, first = false) {
      const Event *ev = &R->events[e];
      dwB_printf(b, "%s{\"kind\":\"%s\",\"start\":", first ? "" : ",",
                 event_names[ev->kind]);
      json_num(b, ev->t0 - R->t_start);
      dwB_puts(b, ",\"end\":");
      json_num(b, ev->t1 - R->t_start);
      if (ev->graph >= 0) dwB_printf(b, ",\"graph\":%d", ev->graph);
      if (ev->abandoned) dwB_puts(b, ",\"abandoned\":true");
      dwB_putc(b, '}');
    }
    dwB_puts(b, "]}");
  }
  dwB_printf(b, "],\"calls_total\":%d}", R ? R->ncalls_total : 0);
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
      dwB_puts(b, ",\"title\":");
      json_str(b, m->title);
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
    dwB_printf(b, ",\"line\":%d,\"compiles\":%d,\"cache_hits\":%d,\"replays\":%d,"
                  "\"eager_runs\":%d,\"graphs\":[",
               f->code->firstline, f->compiles, f->cache_hits, f->replays, f->eager_runs);
    for (int j = 0; j < f->ngraphs; j++) dwB_printf(b, "%s%d", j ? "," : "", f->graphs[j]);
    dwB_puts(b, "],\"guards\":");
    json_lines(b, f->guards);
    dwB_puts(b, ",\"recompiles\":[");
    for (int j = 0; j < f->nrecompiles; j++) {
      if (j) dwB_putc(b, ',');
      dwB_puts(b, "{\"reason\":");
      json_str(b, f->recompiles[j]);
      dwB_putc(b, '}');
    }
    dwB_puts(b, "],\"units\":[");
    for (int j = 0; j < f->nunits; j++) {
      const UnitRec *u = &f->units[j];
      dwB_printf(
          b,
          "%s{\"start_line\":%d,\"start_col\":%d,\"start_kind\":\"%s\",\"resume\":%s,"
          "\"status\":\"%s\",\"graph\":",
          j ? "," : "", u->start_line, u->start_col, unit_kind_names[u->start_kind],
          u->resume ? "true" : "false", unit_status_names[u->status]);
      if (u->graph >= 0)
        dwB_printf(b, "%d", u->graph);
      else
        dwB_puts(b, "null");
      dwB_puts(b, ",\"guards\":");
      json_lines(b, u->guards);
      dwB_puts(b, ",\"recompile_reason\":");
      json_str(b, u->recompile);
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
                  "\"modules\":%d,\"relaxed_simd\":%s,\"runs\":%d,\"time_ms\":{\"trace\":",
               dwC_backend_names[g->backend], g->wasm_size, g->slot, g->nloops, g->modules,
               g->relaxed_simd ? "true" : "false", g->runs);
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
      if (g->error_line > 0) dwB_printf(b, ",\"error_line\":%d", g->error_line);
    }
    dwB_printf(b, ",\"nodes\":%s,\"outputs\":%s,\"nests\":%s",
               g->nodes ? g->nodes : "[]", g->outputs ? g->outputs : "[]",
               g->nests ? g->nests : "[]");
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
    const BreakEffect *a = &br->action;
    dwB_printf(b, ",\"action\":\"%s\",\"eager_lines\":[%d,%d],\"resume_line\":",
               break_act_names[a->kind], a->eager_from, a->eager_to);
    if (a->resume_line > 0)
      dwB_printf(b, "%d", a->resume_line);
    else
      dwB_puts(b, "null");
    dwB_putc(b, '}');
  }
  dwB_puts(b, "],\"text\":");
  explain_text(ex, T, R);
  dwB_json_str(b, ex->p ? ex->p : "", ex->len);
  dwB_putc(b, '}');
  report_timeline(I, b);
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
  dwTb_format(I, tb, e);
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
  dwB_printf(b, ",\"steps\":%llu,\"peak_tensor_bytes\":%zu,\"stack_limited\":%s,\"time_ms\":{\"total\":%.4f}}",
             (unsigned long long)I->steps, I->c.tensor_peak, I->stack_limited ? "true" : "false",
             dw_now_ms() - t0);
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
  explain_text(ex, NULL, NULL);
  dwB_json_str(json, ex->p ? ex->p : "", ex->len);
  dwB_puts(json, "},\"time_ms\":{\"total\":0}}");
  dwB_puts(tb, text);
}
