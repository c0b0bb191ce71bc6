/* fx.c - the FX view of traced graphs: the torch.fx.GraphModule a custom
 * backend receives (gm.graph and its nodes, gm.code, gm.print_readable(),
 * gm.graph.print_tabular(), calling gm), and what it is built from.
 *
 * The graph IR (backend/graph.c) records primitive ops: softmax is several
 * nodes, `x.sin()` and `torch.sin(x)` are the same node. Dynamo's FX graph
 * records calls as the user wrote them: call_method `sin`, call_function
 * `torch.sin`, call_function `operator.add` for `x + y`. So while a unit
 * whose backend is a callable is traced, every tensor API call made from
 * the traced code is recorded here with its arguments (dwM_pre/dwM_post
 * around the call): a record covers the IR nodes the call made. The
 * GraphModule is built from the records when the unit is compiled:
 * placeholders for the graph inputs (named after their source, as Dynamo
 * names them: L_x_, L_self_modules_fc_parameters_weight_), one node per
 * record, and an output node. IR ops no record covers (made by paths that
 * are not hooked) become call_function nodes of their torch op.
 *
 * As in Dynamo, the graph keeps ops whose results are unused (Dynamo does
 * not eliminate dead code before the backend), nodes are named after the
 * local variable their result was first stored in (Dynamo's name hints),
 * and names follow torch.fx's _Namespace rules. Printing follows
 * torch/fx/graph.py (Graph.__str__, the code generator) and node.py
 * (format_node). */
#include "dynamo.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})
#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)

/* ------------------------------------------------------------------ */
/* Records                                                             */
/* ------------------------------------------------------------------ */

/* An argument of a recorded call, as FX keeps it. */
enum FxArgKind {
  FA_NONE,     /* None */
  FA_BOOL,     /* i */
  FA_INT,      /* i */
  FA_FLOAT,    /* f */
  FA_STR,      /* s */
  FA_DTYPE,    /* i: DType */
  FA_NODE,     /* a tensor: node = its IR node (after the call for real
                  tensors the call lifted; t while pending) */
  FA_TUPLE,    /* items */
  FA_LIST,     /* items */
  FA_SLICE,    /* items[3]: start, stop, step */
  FA_ELLIPSIS, /* ... */
  FA_OTHER     /* s: its repr */
};

typedef struct FxArg {
  uint8_t kind;
  int32_t node;
  Tensor *t;         /* FA_NODE while pending: the tensor (borrowed) */
  int64_t i;
  double f;
  const char *s;
  struct FxArg *items;
  int n;
} FxArg;

typedef struct FxRec {
  uint8_t kind;       /* FxKind */
  const char *target; /* qualified function name, or the method name */
  FxArg args;         /* FA_TUPLE */
  int nkw;
  const char **kwn;
  FxArg *kwv;
  int32_t first, end; /* the IR nodes the call made: [first, end) */
  int32_t *res;       /* result IR nodes */
  int nres;
  bool multi;         /* the result is a tuple (getitem nodes follow) */
  bool alias;         /* made no IR node and returned one of its tensor
                         arguments (x.contiguous(), x.float() of a float,
                         dropout in eval): FX still has the call; res[0] is
                         the argument's node, first == end its position */
  const char **hint;  /* per result: the local it was first stored in */
  uint32_t seq;       /* creation order (names are given in event order) */
  uint32_t *hint_seq;
  int line;           /* where the call was made */
  const char *fn;
  Obj *tobj;          /* the target object, when it is no module attribute
                         (a function given to allow_in_graph; borrowed:
                         the allow list holds it) */
  bool grad;          /* torch._C._set_grad_enabled(args[0]): no result,
                         placed before IR node `first` */
} FxRec;

struct FxLog {
  Arena a;
  const char **src;   /* per graph input: its placeholder target */
  bool *param;        /* per graph input: an nn layer's parameter */
  int nsrc, capsrc;
  FxRec *recs;
  int n, cap;
  FxRec pending;      /* the outermost call in progress */
  bool has_pending;
  int depth;          /* nesting of hooked calls */
  uint32_t seq;
  int32_t *rb;        /* rebinds by in-place updates (mutate.c): pairs
                         (old node, new node): the new value of a tensor
                         that FX still names as before (y.add_(1), y[0] = v,
                         a view of an updated tensor) */
  int nrb, caprb;
};

static FxLog *fx_log(Trace *t) {
  if (!t) return NULL;
  if (!t->fx && t->opts && t->opts->backend == BK_CUSTOM) {
    t->fx = calloc(1, sizeof(FxLog));
    if (t->fx) dwA_init(&t->fx->a);
  }
  return t->fx;
}

void dwM_free(Trace *t) {
  if (!t->fx) return;
  dwA_free(&t->fx->a);
  free(t->fx->recs);
  free(t->fx->rb);
  free(t->fx->src);
  free(t->fx->param);
  free(t->fx);
  t->fx = NULL;
}

int dwM_count(const Trace *t) { return t->fx ? t->fx->n : 0; }

void dwM_truncate(Trace *t, int n) {
  if (t->fx && t->fx->n > n) t->fx->n = n;
  while (t->fx && t->fx->nrb > 0 && t->fx->rb[2 * t->fx->nrb - 1] >= t->g.n) t->fx->nrb--;
}

void dwM_rebind(Trace *t, int old, int now) {
  FxLog *L = fx_log(t);
  if (!L || old < 0 || now <= old || !DW_GROW(L->rb, L->caprb, 2 * L->nrb + 1, 16)) return;
  L->rb[2 * L->nrb] = old;
  L->rb[2 * L->nrb + 1] = now;
  L->nrb++;
}

static const char *arena_str(Arena *a, const char *s) {
  return dwA_strndup(a, s ? s : "", strlen(s ? s : ""));
}

/* v as an FX argument (tensors keep their pointer until the call ends). */
static bool arg_of(Interp *I, Arena *a, Trace *t, Value v, FxArg *out, int depth) {
  memset(out, 0, sizeof *out);
  out->node = -1;
  Tensor *sym = (v.sx & DW_SX_UNBACKED) ? dwY_fake(I, v) : NULL;
  if (sym) { /* an item() value: its node (symscalar.c) */
    out->kind = FA_NODE;
    out->t = sym;
    out->node = sym->node;
    return true;
  }
  switch (v.t) {
  case V_NONE:
    out->kind = FA_NONE;
    return true;
  case V_BOOL:
    out->kind = FA_BOOL;
    out->i = v.u.i;
    return true;
  case V_INT:
    out->kind = FA_INT;
    out->i = v.u.i;
    return true;
  case V_FLOAT:
    out->kind = FA_FLOAT;
    out->f = v.u.f;
    return true;
  case V_DTYPE:
    out->kind = FA_DTYPE;
    out->i = v.u.i;
    return true;
  case V_STR:
    out->kind = FA_STR;
    out->s = dwA_strndup(a, STR(v)->s, STR(v)->len);
    return out->s != NULL;
  case V_TENSOR: {
    Tensor *x = (Tensor *)OBJ(v);
    out->kind = FA_NODE;
    out->t = x;
    if (!x->st && x->trace == t) out->node = x->node;
    return true;
  }
  case V_LIST:
  case V_TUPLE: {
    int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
    Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
    if (depth > 4 || n > 4096) break;
    out->kind = v.t == V_LIST ? FA_LIST : FA_TUPLE;
    out->n = (int)n;
    out->items = n ? dwA_alloc(a, sizeof(FxArg) * (size_t)n) : NULL;
    if (n && !out->items) return false;
    for (int64_t k = 0; k < n; k++)
      if (!arg_of(I, a, t, items[k], &out->items[k], depth + 1)) return false;
    return true;
  }
  case V_SLICE: {
    Slice *s = (Slice *)OBJ(v);
    out->kind = FA_SLICE;
    out->n = 3;
    out->items = dwA_alloc(a, sizeof(FxArg) * 3);
    if (!out->items) return false;
    return arg_of(I, a, t, s->start, &out->items[0], depth + 1) &&
           arg_of(I, a, t, s->stop, &out->items[1], depth + 1) &&
           arg_of(I, a, t, s->step, &out->items[2], depth + 1);
  }
  default:
    if (v.t == V_OPAQUE && ((Opaque *)OBJ(v))->kind == 5) {
      out->kind = FA_ELLIPSIS;
      return true;
    }
    break;
  }
  Buf b = {0};
  dwV_repr(&b, v);
  out->kind = FA_OTHER;
  out->s = dwA_strndup(a, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return out->s != NULL;
}

/* After the call: tensors the call lifted as graph inputs get their input
 * node; pointers are dropped. */
static void arg_settle(Trace *t, FxArg *x) {
  if (x->kind == FA_NODE) {
    if (x->node < 0 && x->t)
      for (int k = 0; k < t->ninputs; k++)
        if (t->inputs[k] == x->t) x->node = t->input_node[k];
    if (x->node < 0) {
      /* a tensor the graph never read: FX would hold it as a constant */
      x->kind = FA_OTHER;
      x->s = "torch.Tensor(...)";
    }
    x->t = NULL;
    return;
  }
  for (int k = 0; k < x->n; k++) arg_settle(t, &x->items[k]);
}

int dwM_pre(Interp *I, int kind, const char *target, Value self, int n, const Value *v,
            int nkw, const KwArg *kw) {
  if (!dwR_tracing(I)) return -1;
  FxLog *L = fx_log(I->trace);
  if (!L) return -1;
  if (L->depth++ > 0) return 1;
  FxRec *r = &L->pending;
  memset(r, 0, sizeof *r);
  Trace *t = I->trace;
  bool ok = true;
  int total = n + (self.t != V_NULL ? 1 : 0);
  r->kind = (uint8_t)kind;
  r->target = arena_str(&L->a, target);
  r->args.kind = FA_TUPLE;
  r->args.n = total;
  r->args.items = total ? dwA_alloc(&L->a, sizeof(FxArg) * (size_t)total) : NULL;
  ok = r->target && (!total || r->args.items);
  int k = 0;
  if (ok && self.t != V_NULL) ok = arg_of(I, &L->a, t, self, &r->args.items[k++], 0);
  for (int j = 0; ok && j < n; j++) ok = arg_of(I, &L->a, t, v[j], &r->args.items[k++], 0);
  r->nkw = nkw;
  if (ok && nkw) {
    r->kwn = dwA_alloc(&L->a, sizeof(char *) * (size_t)nkw);
    r->kwv = dwA_alloc(&L->a, sizeof(FxArg) * (size_t)nkw);
    ok = r->kwn && r->kwv;
    for (int j = 0; ok && j < nkw; j++) {
      r->kwn[j] = arena_str(&L->a, kw[j].name->s);
      ok = r->kwn[j] && arg_of(I, &L->a, t, kw[j].v, &r->kwv[j], 0);
    }
  }
  r->first = t->g.n;
  r->line = I->frame ? I->frame->line : 0;
  r->fn = I->frame ? I->frame->code->name : "?";
  L->has_pending = ok;
  return 0;
}

/* An nn layer's forward as Dynamo records it: Dynamo inlines
 * nn.Module.forward, whose body calls one torch function with the input
 * and the layer's attributes (torch/nn/modules/linear.py, activation.py,
 * normalization.py). */
static int layer_pre(Interp *I, const char *cls, size_t cl, Value mod, Value input) {
  Dict *at = ((Inst *)OBJ(mod))->attrs;
#define CLS(s) (strlen(s) == cl && !strncmp(cls, s, cl))
#define ATTR(s) dwV_dict_gets(at, dwI_intern(I, s))
  Value v[5] = {input};
  KwArg kw[1];
  int n = 1, nkw = 0;
  const char *target;
  Value none = dwV_none();
  if (CLS("Linear")) {
    target = "torch._C._nn.linear";
    v[1] = ATTR("weight");
    v[2] = ATTR("bias");
    n = 3;
  } else if (CLS("ReLU") || CLS("SiLU")) {
    target = CLS("ReLU") ? "torch.nn.functional.relu" : "torch.nn.functional.silu";
    kw[0] = (KwArg){dwI_intern(I, "inplace"), dwV_bool(false)};
    nkw = 1;
  } else if (CLS("GELU")) {
    target = "torch.nn.functional.gelu";
    Value ap = ATTR("approximate");
    Str *none_s = dwI_intern(I, "none");
    kw[0] = (KwArg){dwI_intern(I, "approximate"), ap.t == V_STR ? ap : VSTR(none_s)};
    nkw = 1;
  } else if (CLS("Sigmoid") || CLS("Tanh")) {
    target = CLS("Sigmoid") ? "torch.sigmoid" : "torch.tanh";
  } else if (CLS("Softmax")) {
    target = "torch.nn.functional.softmax";
    v[1] = ATTR("dim");
    n = 2;
    kw[0] = (KwArg){dwI_intern(I, "_stacklevel"), dwV_int(5)};
    nkw = 1;
  } else if (CLS("LayerNorm")) {
    target = "torch.nn.functional.layer_norm";
    v[1] = ATTR("normalized_shape");
    v[2] = ATTR("weight");
    v[3] = ATTR("bias");
    v[4] = ATTR("eps");
    n = 5;
  } else if (CLS("Dropout")) {
    target = "torch.nn.functional.dropout";
    v[1] = ATTR("p");
    if (v[1].t == V_NULL) v[1] = dwV_float(0.5);
    Value tr = ATTR("training"); /* F.dropout(input, p, self.training, inplace) */
    v[2] = dwV_bool(tr.t != V_BOOL || tr.u.i);
    v[3] = dwV_bool(false);
    n = 4;
  } else {
    return dwM_pre(I, FX_CALL_FUNCTION, "torch.nn.Module.forward", dwV_null(), 1, v, 0, NULL);
  }
  for (int k = 0; k < n; k++)
    if (v[k].t == V_NULL) v[k] = none;
#undef CLS
#undef ATTR
  return dwM_pre(I, FX_CALL_FUNCTION, target, dwV_null(), n, v, nkw, kw);
}

int dwM_pre_obj(Interp *I, Value fn, Args *a) {
  if (!dwR_tracing(I) || !I->trace->opts || I->trace->opts->backend != BK_CUSTOM) return -1;
  char q[160];
  Code *c = ((Func *)OBJ(fn))->code;
  snprintf(q, sizeof q, "__main__.%s", c->qualname ? c->qualname : c->name);
  int tok = dwM_pre(I, FX_CALL_FUNCTION, q, dwV_null(), a->n, a->v, a->nkw, a->kw);
  if (tok == 0 && I->trace->fx) I->trace->fx->pending.tobj = OBJ(fn);
  return tok;
}

/* The FX view of a builtin: torch.X a function, Tensor.X a method, F.X
 * torch.nn.functional.X; the nn layers' forwards record the function
 * their forward calls in PyTorch (Dynamo inlines nn.Module.forward). */
int dwM_pre_builtin(Interp *I, const BuiltinDef *d, Value self, Args *a) {
  if (!dwR_tracing(I) || !I->trace->opts || I->trace->opts->backend != BK_CUSTOM) return -1;
  const char *n = d->name;
  char q[128];
  if (!strncmp(n, "Tensor.", 7))
    return dwM_pre(I, FX_CALL_METHOD, n + 7, self, a->n, a->v, a->nkw, a->kw);
  if (!strncmp(n, "F.", 2)) {
    snprintf(q, sizeof q, "torch.nn.functional.%s", n + 2);
    return dwM_pre(I, FX_CALL_FUNCTION, q, dwV_null(), a->n, a->v, a->nkw, a->kw);
  }
  const char *dot = strchr(n, '.');
  if (dot && !strcmp(dot, ".forward") && self.t == V_INST && a->n >= 1)
    return layer_pre(I, n, (size_t)(dot - n), self, a->v[0]);
  if (!strncmp(n, "torch.", 6) || !strncmp(n, "operator.", 9))
    return dwM_pre(I, FX_CALL_FUNCTION, n, dwV_null(), a->n, a->v, a->nkw, a->kw);
  snprintf(q, sizeof q, "builtins.%s", dot ? dot + 1 : n);
  return dwM_pre(I, FX_CALL_FUNCTION, q, self, a->n, a->v, a->nkw, a->kw);
}

static void rec_push(FxLog *L, FxRec *r) {
  if (!DW_GROW(L->recs, L->cap, L->n, 16)) return;
  L->recs[L->n++] = *r;
}

/* Is x one of the call's tensor arguments (pending: by pointer), or a new
 * tensor object for the same value (x.detach(): the same storage of a
 * real tensor, the same graph node of a traced one)? */
static bool returns_arg(const FxArg *args, const Tensor *x) {
  for (int k = 0; k < args->n; k++) {
    const Tensor *a = args->items[k].kind == FA_NODE ? args->items[k].t : NULL;
    if (a && (a == x || (x->st && a->st == x->st && a->offset == x->offset) ||
              (!x->st && !a->st && a->trace == x->trace && a->node == x->node)))
      return true;
  }
  return false;
}

/* A torch._C._set_grad_enabled(enabled) record before IR node `at` (as
 * GradModeVariable._call_func makes it). */
static void grad_rec(Interp *I, int at, FxLog *L, bool enabled) {
  FxRec r;
  memset(&r, 0, sizeof r);
  r.kind = FX_CALL_FUNCTION;
  r.target = "torch._C._set_grad_enabled";
  r.grad = true;
  r.args.kind = FA_TUPLE;
  r.args.n = 1;
  r.args.items = dwA_alloc(&L->a, sizeof(FxArg));
  if (!r.args.items) return;
  memset(r.args.items, 0, sizeof(FxArg));
  r.args.items[0].kind = FA_BOOL;
  r.args.items[0].i = enabled;
  r.args.items[0].node = -1;
  r.first = r.end = at;
  r.seq = ++L->seq;
  r.line = I->frame ? I->frame->line : 0;
  r.fn = I->frame ? I->frame->code->name : "?";
  rec_push(L, &r);
}

void dwM_grad_node(Interp *I, Trace *t, bool enabled) {
  FxLog *L = fx_log(t);
  if (L) grad_rec(I, t->g.n, L, enabled);
}

/* The grad-mode blocks of t's root frame, outermost first: from the mode
 * before the outermost, entering each one whose mode differs makes a node
 * (torch.inference_mode's are not grad-mode nodes in Dynamo: skipped). */
void dwM_grad_reenter(Interp *I, Trace *t) {
  FxLog *L = fx_log(t);
  bool cur = true, first = true;
  for (int k = 0; L && k < I->ngblk; k++) {
    const GradBlock *b = &I->gblk[k];
    if (b->f != t->root || !b->grad) continue;
    if (first) cur = b->prev;
    first = false;
    if (b->target != cur && !b->inference) grad_rec(I, t->g.n, L, b->target);
    cur = b->target;
  }
}

/* A unit ending inside grad-mode blocks of its root frame exits them at
 * the graph's end: at a graph break (OutputGraph.compile_subgraph:
 * block.exit for the block stack, innermost first), or at the frame's
 * return, where only a grad-mode decorator's block is still open (Dynamo
 * traces the decorator's frame). Returns the mode after them. */
static bool grad_exit_at_end(Interp *I, Trace *t, FxLog *L, int at) {
  bool cur = !I->no_grad;
  for (int k = I->ngblk - 1; k >= 0; k--) {
    const GradBlock *b = &I->gblk[k];
    if (b->f != t->root || !b->grad) continue;
    if (b->prev != cur && !b->inference && L) grad_rec(I, at, L, b->prev);
    cur = b->prev;
  }
  return cur;
}

void dwM_post(Interp *I, int tok, Value result) {
  if (tok < 0) return;
  Trace *t = I->trace;
  FxLog *L = t ? t->fx : NULL;
  if (!L) return;
  if (--L->depth > 0 || tok != 0) return;
  if (!L->has_pending || result.t == V_NULL) {
    L->has_pending = false;
    return;
  }
  L->has_pending = false;
  FxRec *r = &L->pending;
  r->end = t->g.n;
  /* the result: tensors this call made */
  int32_t ids[64];
  int nid = 0;
  if (result.t == V_NONE && r->end > r->first && !strcmp(r->target, "operator.setitem")) {
    /* a call made for its effect: no result, placed at its first node */
    arg_settle(t, &r->args);
    r->seq = ++L->seq;
    rec_push(L, r);
    return;
  }
  if (result.t == V_TENSOR) {
    Tensor *x = (Tensor *)OBJ(result);
    int upd = x->st && r->end > r->first && returns_arg(&r->args, x) ? dwR_input_node(I, t, x) : -1;
    if (upd >= r->first) ids[nid++] = upd; /* a graph input updated in place: its new value */
    else if (!x->st && x->trace == t && x->node >= r->first) ids[nid++] = x->node;
    else if (r->end == r->first && returns_arg(&r->args, x)) {
      /* an identity call: the node of its argument (a real input lifted) */
      int id = x->st ? dwR_input_node(I, t, x) : x->trace == t ? x->node : -1;
      if (id >= 0) {
        ids[nid++] = id;
        r->alias = true;
        r->first = r->end = t->g.n;
      }
    }
  } else if (result.t == V_TUPLE || result.t == V_LIST) {
    int64_t n = result.t == V_LIST ? ((List *)OBJ(result))->len : ((Tuple *)OBJ(result))->len;
    Value *items = result.t == V_LIST ? ((List *)OBJ(result))->items : ((Tuple *)OBJ(result))->items;
    for (int64_t k = 0; k < n && nid < 64; k++) {
      Tensor *x = items[k].t == V_TENSOR ? (Tensor *)OBJ(items[k]) : NULL;
      if (!x || x->st || x->trace != t || x->node < r->first) {
        nid = 0; /* not a tuple of new tensors */
        break;
      }
      ids[nid++] = x->node;
    }
    r->multi = nid > 0;
  }
  if (!nid) return;
  r->res = dwA_alloc(&L->a, sizeof(int32_t) * (size_t)nid);
  r->hint = dwA_alloc(&L->a, sizeof(char *) * (size_t)nid);
  r->hint_seq = dwA_alloc(&L->a, sizeof(uint32_t) * (size_t)nid);
  if (!r->res || !r->hint || !r->hint_seq) return;
  memcpy(r->res, ids, sizeof(int32_t) * (size_t)nid);
  r->nres = nid;
  arg_settle(t, &r->args);
  for (int k = 0; k < r->nkw; k++) arg_settle(t, &r->kwv[k]);
  r->seq = ++L->seq;
  rec_push(L, r);
}

void dwM_name_hint(Interp *I, Value v, Str *name) {
  Trace *t = I->trace;
  FxLog *L = t ? t->fx : NULL;
  if (!L || v.t != V_TENSOR) return;
  Tensor *x = (Tensor *)OBJ(v);
  int node = x->st ? -1 : x->trace == t ? x->node : -1;
  for (int k = 0; x->st && k < t->ninputs; k++) /* an input: only aliases name it */
    if (t->inputs[k] == x) node = t->input_node[k];
  if (node < 0) return;
  for (int k = L->n - 1; k >= 0; k--) {
    FxRec *r = &L->recs[k];
    if (node < r->first && !r->alias) continue; /* an alias may name it later */
    for (int j = 0; j < r->nres; j++)
      if (r->res[j] == node) {
        if (!r->hint[j]) {
          r->hint[j] = arena_str(&L->a, name->s);
          r->hint_seq[j] = ++L->seq;
        }
        return;
      }
  }
}

/* ------------------------------------------------------------------ */
/* Names (torch.fx _Namespace)                                         */
/* ------------------------------------------------------------------ */

/* Python's keywords and builtins, and the globals every FX graph has:
 * names FX never gives a node as they are. */
static const char *const illegal_names[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield", "abs", "aiter", "all", "anext", "any",
    "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes", "callable", "chr",
    "classmethod", "compile", "complex", "copyright", "credits", "delattr", "dict", "dir",
    "divmod", "enumerate", "eval", "exec", "exit", "filter", "float", "format",
    "frozenset", "getattr", "globals", "hasattr", "hash", "help", "hex", "id", "input",
    "int", "isinstance", "issubclass", "iter", "len", "license", "list", "locals", "map",
    "max", "memoryview", "min", "next", "object", "oct", "open", "ord", "pow", "print",
    "property", "quit", "range", "repr", "reversed", "round", "set", "setattr", "slice",
    "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip",
    "Ellipsis", "NotImplemented", "BaseException", "Exception", "ArithmeticError",
    "AssertionError", "AttributeError", "BufferError", "EOFError", "ImportError",
    "LookupError", "IndexError", "KeyError", "MemoryError", "NameError", "OSError",
    "RuntimeError", "NotImplementedError", "RecursionError", "StopIteration",
    "SyntaxError", "SystemError", "TypeError", "ValueError", "ZeroDivisionError",
    "OverflowError", "Warning", "UserWarning", "KeyboardInterrupt", "SystemExit",
    "GeneratorExit", "__name__", "__doc__", "__package__", "__loader__", "__spec__",
    "__build_class__", "__import__", "__debug__", "inf", "nan", "NoneType", "torch",
    "device", "fx_pytree", "pytree"};

static bool illegal(const char *s) {
  for (size_t k = 0; k < sizeof illegal_names / sizeof *illegal_names; k++)
    if (!strcmp(illegal_names[k], s)) return true;
  return false;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s);
  char *p = malloc(n + 1);
  if (p) memcpy(p, s, n + 1);
  return p;
}

typedef struct NameSpace {
  char **used;
  int nused, capused;
  char **bases;      /* base_count keys ... */
  long *counts;      /* ... and values */
  int nbases, capbases;
} NameSpace;

static bool ns_used(NameSpace *ns, const char *s) {
  for (int k = 0; k < ns->nused; k++)
    if (!strcmp(ns->used[k], s)) return true;
  return false;
}

static long ns_count(NameSpace *ns, const char *s) {
  for (int k = 0; k < ns->nbases; k++)
    if (!strcmp(ns->bases[k], s)) return ns->counts[k];
  return 0;
}

static void ns_set_count(NameSpace *ns, const char *base, long n) {
  for (int k = 0; k < ns->nbases; k++)
    if (!strcmp(ns->bases[k], base)) {
      ns->counts[k] = n;
      return;
    }
  if (ns->nbases == ns->capbases) {
    int cap = ns->capbases ? ns->capbases * 2 : 16;
    char **b = realloc(ns->bases, sizeof(char *) * (size_t)cap);
    if (b) ns->bases = b;
    long *c = realloc(ns->counts, sizeof(long) * (size_t)cap);
    if (c) ns->counts = c;
    if (!b || !c) return;
    ns->capbases = cap;
  }
  ns->bases[ns->nbases] = xstrdup(base);
  ns->counts[ns->nbases++] = n;
}

static void ns_free(NameSpace *ns) {
  for (int k = 0; k < ns->nused; k++) free(ns->used[k]);
  for (int k = 0; k < ns->nbases; k++) free(ns->bases[k]);
  free(ns->used);
  free(ns->bases);
  free(ns->counts);
}

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* _Namespace.create_name(candidate, None): a unique name (malloc'd). */
static char *ns_create(NameSpace *ns, const char *cand) {
  char c[160];
  size_t n = 0;
  /* characters that cannot be in an identifier become '_' (runs of them
   * one '_'), as _illegal_char_regex.sub does */
  bool valid = cand[0] && !(cand[0] >= '0' && cand[0] <= '9');
  for (const char *p = cand; *p; p++)
    if (!ident_char(*p)) valid = false;
  if (valid) {
    snprintf(c, sizeof c, "%s", cand);
  } else {
    for (const char *p = cand; *p && n + 2 < sizeof c; p++) {
      if (ident_char(*p)) c[n++] = *p;
      else if (!n || c[n - 1] != '_' || ident_char(p[-1])) c[n++] = '_';
    }
    c[n] = 0;
    if (!c[0]) snprintf(c, sizeof c, "_unnamed");
    if (c[0] >= '0' && c[0] <= '9') {
      memmove(c + 1, c, strlen(c) + 1);
      c[0] = '_';
    }
  }
  /* base and an optional trailing _<digits> */
  char base[160];
  snprintf(base, sizeof base, "%s", c);
  long num = -1;
  char *us = strrchr(base, '_');
  if (us && us != base && us[1]) {
    char *p = us + 1;
    while (*p >= '0' && *p <= '9') p++;
    if (!*p) {
      num = strtol(us + 1, NULL, 10);
      *us = 0;
    }
  }
  char out[200];
  snprintf(out, sizeof out, "%s", c);
  if (num < 0 || ns_used(ns, out)) {
    num = ns_count(ns, out);
    if (illegal(out)) {
      num++;
      snprintf(out, sizeof out, "%s_%ld", base, num);
    }
  }
  while (ns_used(ns, out)) {
    num++;
    snprintf(out, sizeof out, "%s_%ld", base, num);
  }
  if (DW_GROW(ns->used, ns->capused, ns->nused, 16)) ns->used[ns->nused++] = xstrdup(out);
  ns_set_count(ns, base, num);
  return xstrdup(out);
}

/* torch.fx Graph._target_to_str: the target's name, snake_cased (a
 * lowercase letter followed by an uppercase one gets a '_'), lowercased;
 * dunder method names lose their underscores. */
static void snake(const char *s, char *out, size_t cap) {
  size_t n = 0, len = strlen(s);
  const char *p = s;
  if (len > 4 && !strncmp(s, "__", 2) && !strcmp(s + len - 2, "__")) {
    p = s + 2;
    len -= 4;
  }
  for (size_t k = 0; k < len && n + 2 < cap; k++) {
    char ch = p[k];
    if (k && ch >= 'A' && ch <= 'Z' && p[k - 1] >= 'a' && p[k - 1] <= 'z') out[n++] = '_';
    out[n++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
  }
  out[n] = 0;
}

/* ------------------------------------------------------------------ */
/* Building the GraphModule                                            */
/* ------------------------------------------------------------------ */

/* One FX node while the graph is built. */
typedef struct BNode {
  uint8_t op;         /* FXOP_* */
  const char *target; /* placeholder target / qualified function / method */
  FxArg args;         /* FA_TUPLE; FA_NODE items name BNode indices in .node */
  int nkw;
  const char **kwn;
  FxArg *kwv;
  int32_t ir;         /* the IR node it stands for (-1: none) */
  int rec;            /* record index, or -1 */
  int elem;           /* getitem of a tuple result: element index */
  const char *hint;
  uint32_t seq, hint_seq;
  char *name;
  bool param;         /* placeholder of an nn parameter */
  int line;
  const char *fn;
  int nusers;
  bool dead;          /* removed (unused getitem) */
  Obj *tobj;          /* the record's target object */
} BNode;
enum { FXOP_PLACEHOLDER, FXOP_CALL_FUNCTION, FXOP_CALL_METHOD, FXOP_OUTPUT };
static const char *const fxop_names[] = {"placeholder", "call_function", "call_method", "output"};

/* Finds tensor x below v, writing its Dynamo source name (L['self']...)
 * into out; param: it is a parameter of an nn layer. */
static bool find_src(Value v, Tensor *x, Buf *path, bool *param, int depth) {
  if (v.t == V_TENSOR) {
    if (OBJ(v) != &x->h) return false;
    *param = (x->h.flags & DW_TENSOR_PARAM) != 0;
    return true;
  }
  if (depth > 4) return false;
  size_t mark = path->len;
  if (v.t == V_INST) {
    Inst *in = (Inst *)OBJ(v);
    bool module = (in->cls->cflags & CLS_NN_MODULE) != 0;
    Dict *d = in->attrs;
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used || d->ent[k].key.t != V_STR) continue;
      const char *key = STR(d->ent[k].key)->s;
      Value val = d->ent[k].val;
      if (module && !strcmp(key, "_modules") && val.t == V_LIST) {
        List *l = (List *)OBJ(val);
        for (int64_t j = 0; j < l->len; j++) {
          dwB_printf(path, "._modules['%lld']", (long long)j);
          if (find_src(l->items[j], x, path, param, depth + 1)) return true;
          path->len = mark;
        }
        continue;
      }
      if (module) dwMg_step(in, key, val, path);
      else dwB_printf(path, ".%s", key);
      if (find_src(val, x, path, param, depth + 1)) return true;
      path->len = mark;
      if (path->p) path->p[mark] = 0;
    }
  } else if (v.t == V_LIST || v.t == V_TUPLE) {
    int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
    Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
    for (int64_t k = 0; k < n && k < 64; k++) {
      dwB_printf(path, "[%lld]", (long long)k);
      if (find_src(items[k], x, path, param, depth + 1)) return true;
      path->len = mark;
      if (path->p) path->p[mark] = 0;
    }
  } else if (v.t == V_DICT) {
    Dict *d = (Dict *)OBJ(v);
    for (int64_t k = 0; k < d->nent && k < 64; k++) {
      if (!d->ent[k].used) continue;
      Buf kb = {0};
      dwV_repr(&kb, d->ent[k].key);
      dwB_printf(path, "[%s]", kb.p ? kb.p : "");
      dwB_free(&kb);
      if (find_src(d->ent[k].val, x, path, param, depth + 1)) return true;
      path->len = mark;
      if (path->p) path->p[mark] = 0;
    }
  }
  return false;
}

/* The placeholder target of graph input x: its source with every run of
 * characters outside [a-zA-Z0-9] made one '_' (L['x'] -> L_x_). */
static void placeholder_target(Interp *I, Trace *t, Tensor *x, int index, char *out,
                               size_t cap, bool *param) {
  Buf path = {0};
  bool found = false;
  *param = false;
  Frame *r = t->root;
  for (int k = 0; k < r->code->nslots && !found; k++) {
    Value v = r->slots[k];
    if (r->code->slotcell[k] && v.t == V_CELL) v = ((Cell *)OBJ(v))->v;
    path.len = 0;
    dwB_printf(&path, "L['%s']", r->code->slotnames[k]->s);
    found = find_src(v, x, &path, param, 0);
  }
  for (int k = 0; k < r->code->nfree && !found; k++) {
    path.len = 0;
    dwB_printf(&path, "L['%s']", r->code->freenames[k]->s);
    found = find_src(r->func->cells[k]->v, x, &path, param, 0);
  }
  for (int k = 0; k < I->nglobals && !found; k++) {
    path.len = 0;
    dwB_printf(&path, "G['%s']", I->globals[k].name->s);
    found = find_src(I->globals[k].v, x, &path, param, 1);
  }
  size_t n = 0;
  if (found && path.p) {
    for (size_t k = 0; k < path.len && n + 1 < cap; k++) {
      char c = path.p[k];
      bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      if (alnum) out[n++] = c;
      else if (!n || out[n - 1] != '_' || (k && ((path.p[k - 1] >= 'a' && path.p[k - 1] <= 'z') ||
                                                  (path.p[k - 1] >= 'A' && path.p[k - 1] <= 'Z') ||
                                                  (path.p[k - 1] >= '0' && path.p[k - 1] <= '9'))))
        out[n++] = '_';
    }
    out[n] = 0;
  } else {
    snprintf(out, cap, "arg%d_1", index);
  }
  dwB_free(&path);
}

void dwM_input_source(Interp *I, Trace *t, int index, Tensor *x) {
  FxLog *L = fx_log(t);
  if (!L || index < 0) return;
  while (L->capsrc <= index) {
    int cap = L->capsrc ? L->capsrc * 2 : 8;
    const char **s = realloc(L->src, sizeof(char *) * (size_t)cap);
    if (s) L->src = s;
    bool *p = realloc(L->param, sizeof(bool) * (size_t)cap);
    if (p) L->param = p;
    if (!s || !p) return;
    for (int k = L->capsrc; k < cap; k++) {
      L->src[k] = NULL;
      L->param[k] = false;
    }
    L->capsrc = cap;
  }
  char tg[160];
  bool param;
  placeholder_target(I, t, x, index, tg, sizeof tg, &param);
  L->src[index] = arena_str(&L->a, tg);
  L->param[index] = param;
  if (L->nsrc <= index) L->nsrc = index + 1;
}

void dwM_input_rename(Interp *I, Trace *t, int index, const char *target) {
  FxLog *L = fx_log(t);
  (void)I;
  if (!L || index < 0 || index >= L->capsrc) return;
  L->src[index] = arena_str(&L->a, target);
}

/* Maps FA_NODE IR ids of a record's args to BNode indices. */
static void arg_map(FxArg *x, const int *ir2b, int nir) {
  if (x->kind == FA_NODE) {
    x->node = x->node >= 0 && x->node < nir ? ir2b[x->node] : -1;
    if (x->node < 0) {
      x->kind = FA_OTHER;
      x->s = "None";
    }
    return;
  }
  for (int k = 0; k < x->n; k++) arg_map(&x->items[k], ir2b, nir);
}

/* The nodes x reads, each once (stamp[k] == self: already listed). */
static void collect_reads(const FxArg *x, int self, int *stamp, int *out, int *n) {
  if (x->kind == FA_NODE) {
    if (x->node >= 0 && stamp[x->node] != self && *n < 256) {
      stamp[x->node] = self;
      out[(*n)++] = x->node;
    }
    return;
  }
  for (int k = 0; k < x->n; k++) collect_reads(&x->items[k], self, stamp, out, n);
}

static void arg_count_users(const FxArg *x, BNode *b, int self, int *last_user) {
  if (x->kind == FA_NODE) {
    if (last_user[x->node] != self) {
      last_user[x->node] = self;
      b[x->node].nusers++;
    }
    return;
  }
  for (int k = 0; k < x->n; k++) arg_count_users(&x->items[k], b, self, last_user);
}

/* The Python value of an FX argument. */
static Value arg_value(Interp *I, const FxArg *x, Value *nodes) {
  switch (x->kind) {
  case FA_NONE:
    return dwV_none();
  case FA_BOOL:
    return dwV_bool(x->i != 0);
  case FA_INT:
    return dwV_int(x->i);
  case FA_FLOAT:
    return dwV_float(x->f);
  case FA_DTYPE:
    return (Value){.t = V_DTYPE, .u = {.i = x->i}};
  case FA_NODE:
    dwV_incref(nodes[x->node]);
    return nodes[x->node];
  case FA_ELLIPSIS:
    dwV_incref(I->ellipsis);
    return I->ellipsis;
  case FA_TUPLE:
  case FA_LIST: {
    Value r;
    Value *items;
    if (x->kind == FA_TUPLE) {
      Tuple *t = dwV_tuple(&I->c, x->n);
      if (!t) return dwI_raise_ctx(I);
      r = dwV_obj(&t->h);
      items = t->items;
    } else {
      List *l = dwV_list(&I->c, x->n);
      if (!l) return dwI_raise_ctx(I);
      l->len = x->n;
      r = dwV_obj(&l->h);
      items = l->items;
    }
    for (int k = 0; k < x->n; k++) {
      items[k] = arg_value(I, &x->items[k], nodes);
      if (items[k].t == V_NULL) {
        items[k] = dwV_none();
        dwV_decref(&I->c, r);
        return dwV_null();
      }
    }
    return r;
  }
  case FA_SLICE: {
    Slice *s = (Slice *)dwV_alloc(&I->c, V_SLICE, sizeof(Slice));
    if (!s) return dwI_raise_ctx(I);
    s->start = arg_value(I, &x->items[0], nodes);
    s->stop = arg_value(I, &x->items[1], nodes);
    s->step = arg_value(I, &x->items[2], nodes);
    return dwV_obj(&s->h);
  }
  default: {
    Str *s = dwV_str(&I->c, x->s ? x->s : "", strlen(x->s ? x->s : ""));
    return s ? VSTR(s) : dwI_raise_ctx(I);
  }
  }
}

static Class *fx_class(Interp *I, const char *name) {
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, "torch.fx"));
  if (m.t != V_MODULE) return NULL;
  Value c = dwV_dict_gets(((Module *)OBJ(m))->attrs, dwI_intern(I, name));
  return c.t == V_CLASS ? (Class *)OBJ(c) : NULL;
}

static Value inst_new(Interp *I, Class *c) {
  if (!c) return dwI_raise(I, EXC_InternalTorchDynamoError, "torch.fx is not initialised");
  Inst *in = (Inst *)dwV_alloc(&I->c, V_INST, sizeof(Inst));
  if (!in) return dwI_raise_ctx(I);
  in->cls = c;
  dwV_incref_o(&c->h);
  in->attrs = dwV_dict(&I->c);
  if (!in->attrs) {
    dwV_decref_o(&I->c, &in->h);
    return dwI_raise_ctx(I);
  }
  return dwV_obj(&in->h);
}

/* inst.name = v, taking the reference to v. */
static bool put(Interp *I, Value inst, const char *name, Value v) {
  if (v.t == V_NULL) return false;
  bool ok = dwL_set(I, ((Inst *)OBJ(inst))->attrs, name, v);
  dwV_decref(&I->c, v);
  if (!ok) dwI_raise_ctx(I);
  return ok;
}

static Value str_value(Interp *I, const char *s) {
  Str *r = dwV_str(&I->c, s, strlen(s));
  return r ? VSTR(r) : dwI_raise_ctx(I);
}

static Value attr(Value inst, Interp *I, const char *name) {
  if (inst.t != V_INST) return dwV_null();
  return dwV_dict_gets(((Inst *)OBJ(inst))->attrs, dwI_intern(I, name));
}

/* The callable a qualified name stands for: a module attribute
 * ("torch.nn.functional.relu", "operator.add", "builtins.abs"). */
static Value target_value(Interp *I, const char *q) {
  const char *dot = strrchr(q, '.');
  if (!dot) return str_value(I, q);
  char mod[128];
  snprintf(mod, sizeof mod, "%.*s", (int)(dot - q), q);
  if (!strcmp(mod, "builtins")) {
    Value b = dwL_builtin(I, dot + 1);
    if (b.t != V_NULL) return b;
  }
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, mod));
  if (m.t == V_MODULE) {
    Value v = dwV_dict_gets(((Module *)OBJ(m))->attrs, dwI_intern(I, dot + 1));
    if (v.t != V_NULL) {
      dwV_incref(v);
      return v;
    }
  }
  return str_value(I, q);
}

/* The Opaque a GraphModule runs: a copy of the graph. */
typedef struct GmExec {
  Graph g;
} GmExec;

static void gmexec_free(Ctx *c, void *p) {
  (void)c;
  GmExec *e = p;
  dwG_free(&e->g);
  free(e);
}

/* Wraps graph g (moved: g is left empty) for the GraphModule to run. */
static Value gm_attach_graph(Interp *I, Graph *g) {
  GmExec *e = calloc(1, sizeof *e);
  if (!e) {
    dwG_free(g);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  e->g = *g;
  dwG_init(g);
  Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!o) {
    gmexec_free(&I->c, e);
    return dwI_raise_ctx(I);
  }
  o->kind = 20;
  o->p = e;
  o->free = gmexec_free;
  return dwV_obj(&o->h);
}

static bool is_grad_node(const BNode *c, bool mode) {
  return !c->dead && c->op == FXOP_CALL_FUNCTION && c->ir < 0 && c->elem < 0 && c->args.n == 1 &&
         c->args.items[0].kind == FA_BOOL && (c->args.items[0].i != 0) == mode &&
         !strcmp(c->target, "torch._C._set_grad_enabled");
}

/* OutputGraph.cleanup_graph: a _set_grad_enabled(not mode) node directly
 * followed by a _set_grad_enabled(mode) node is removed with it, the mode
 * tracked from the one at the graph's end, as Dynamo does. */
static void grad_cleanup(BNode *b, int nb, bool mode) {
  for (int k = 0; k + 1 < nb; k++) {
    if (!is_grad_node(&b[k], !mode)) continue;
    mode = !mode;
    if (is_grad_node(&b[k + 1], !mode)) {
      mode = !mode;
      b[k].dead = b[k + 1].dead = true;
    }
  }
}

static int bnode_cmp_seq(const void *a, const void *b) {
  const uint32_t *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The call node of record r (index ri), its arguments named as BNodes
 * (records are shared by nothing else: mapped in place). A grad-mode
 * record has no result. */
static void rec_node(BNode *c, FxRec *rc, int ri, const int *ir2b, int nir) {
  bool one = !rc->multi && rc->nres > 0;
  c->op = rc->kind == FX_CALL_METHOD ? FXOP_CALL_METHOD : FXOP_CALL_FUNCTION;
  c->target = rc->target;
  c->args = rc->args;
  c->nkw = rc->nkw;
  c->kwn = rc->kwn;
  c->kwv = rc->kwv;
  c->rec = ri;
  c->elem = -1;
  c->ir = one ? rc->res[0] : -1;
  c->seq = rc->seq;
  c->hint = one ? rc->hint[0] : NULL;
  c->hint_seq = one ? rc->hint_seq[0] : 0;
  c->line = rc->line;
  c->fn = rc->fn;
  c->tobj = rc->tobj;
  arg_map(&c->args, ir2b, nir);
  for (int j = 0; j < c->nkw; j++) arg_map(&c->kwv[j], ir2b, nir);
}

Value dwM_graph_module(Interp *I, Trace *t, Graph *pre, int nout, const int32_t *outs) {
  FxLog *L = fx_log(t);
  const Graph *g = pre;
  bool grad_end = grad_exit_at_end(I, t, L, g->n);
  int nir = g->n;
  int *ir2b = malloc(sizeof(int) * (size_t)(nir + 1));
  int *cover = malloc(sizeof(int) * (size_t)(nir + 1));
  int *rbold = malloc(sizeof(int) * (size_t)(nir + 1));
  bool *keep = calloc((size_t)(nir + 1), sizeof(bool));
  int nrec = L ? L->n : 0;
  int cap = nir + nout + 4;
  for (int k = 0; k < nrec; k++) cap += L->recs[k].nres + 1;
  BNode *b = calloc((size_t)cap, sizeof(BNode));
  int *last_user = malloc(sizeof(int) * (size_t)cap);
  Arena tmp;
  dwA_init(&tmp);
  Value gm = dwV_null();
  Value *nodes = NULL;
  int nb = 0;
  if (!ir2b || !cover || !rbold || !keep || !b || !last_user) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    goto done;
  }
  for (int k = 0; k < nir; k++) ir2b[k] = cover[k] = rbold[k] = -1;
  for (int k = 0; L && k < L->nrb; k++)
    if (L->rb[2 * k + 1] < nir) rbold[L->rb[2 * k + 1]] = L->rb[2 * k];
  for (int r = 0; r < nrec; r++)
    for (int k = L->recs[r].first; k < L->recs[r].end && k < nir; k++)
      if (g->nodes[k].op != OP_INPUT && g->nodes[k].op != OP_CONST) cover[k] = r;
  /* placeholders first, in input order (Dynamo inserts them at the top) */
  for (int k = 0; k < nir; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->op != OP_INPUT) continue;
    BNode *p = &b[nb];
    p->op = FXOP_PLACEHOLDER;
    p->ir = k;
    p->rec = -1;
    char tg[160];
    if (L && nd->input >= 0 && nd->input < L->nsrc && L->src[nd->input]) {
      snprintf(tg, sizeof tg, "%s", L->src[nd->input]);
      p->param = L->param[nd->input];
    } else {
      snprintf(tg, sizeof tg, "arg%d_1", nd->input);
    }
    p->target = arena_str(&tmp, tg);
    p->args.kind = FA_TUPLE;
    ir2b[k] = nb++;
  }
  int nph = nb;
  /* calls, in the order the graph made them; each names the BNodes of
   * its arguments as they are when it is made (an alias record takes its
   * argument's node over from there on); grad-mode records stand before
   * the IR node they were made at */
  int lastrec = -1, ai = 0;
  for (int k = 0; k <= nir; k++) {
    /* the node before: the new value of a tensor updated in place keeps
     * the tensor's FX node */
    if (k > 0 && rbold[k - 1] >= 0 && !keep[k - 1] && ir2b[rbold[k - 1]] >= 0)
      ir2b[k - 1] = ir2b[rbold[k - 1]];
    for (; ai < nrec && (k == nir || L->recs[ai].first <= k); ai++)
      if (L->recs[ai].alias || L->recs[ai].grad) {
        rec_node(&b[nb], &L->recs[ai], ai, ir2b, nir);
        if (L->recs[ai].alias) ir2b[L->recs[ai].res[0]] = nb;
        nb++;
      }
    if (k == nir) break;
    const GNode *nd = &g->nodes[k];
    if (nd->op == OP_INPUT || nd->op == OP_CONST) continue;
    int r = cover[k];
    if (r >= 0) {
      if (r == lastrec) continue;
      lastrec = r;
      FxRec *rc = &L->recs[r];
      rec_node(&b[nb], rc, r, ir2b, nir);
      int self = nb++;
      if (!rc->multi) {
        if (rc->nres > 0) ir2b[rc->res[0]] = self;
        /* x += v rebinds x to the call's node (Dynamo stores the result);
         * x.add_(v) and x[i] = v leave x named as before */
        if (rc->nres > 0 && rc->kind == FX_CALL_FUNCTION && !strncmp(rc->target, "operator.i", 10))
          keep[rc->res[0]] = true;
        continue;
      }
      /* a tuple result: Dynamo reads its elements with getitem nodes */
      for (int j = 0; j < rc->nres; j++) {
        BNode *e = &b[nb];
        e->op = FXOP_CALL_FUNCTION;
        e->target = "operator.getitem";
        e->args.kind = FA_TUPLE;
        e->args.n = 2;
        e->args.items = dwA_alloc(&tmp, sizeof(FxArg) * 2);
        if (!e->args.items) {
          dwI_raise(I, EXC_MemoryError, "out of memory");
          goto done;
        }
        e->args.items[0].kind = FA_NODE;
        e->args.items[0].node = self;
        e->args.items[1].kind = FA_INT;
        e->args.items[1].i = j;
        e->rec = r;
        e->elem = j;
        e->ir = rc->res[j];
        e->seq = rc->seq;
        e->hint = rc->hint[j];
        e->hint_seq = rc->hint_seq[j];
        e->line = rc->line;
        e->fn = rc->fn;
        ir2b[rc->res[j]] = nb++;
      }
      continue;
    }
    /* an op no record covers: call_function of its torch op */
    BNode *c = &b[nb];
    char q[64];
    snprintf(q, sizeof q, "torch.%s", dw_ops[nd->op].name);
    c->op = FXOP_CALL_FUNCTION;
    c->target = arena_str(&tmp, q);
    c->args.kind = FA_TUPLE;
    c->args.n = nd->nin;
    c->args.items = nd->nin ? dwA_alloc(&tmp, sizeof(FxArg) * (size_t)nd->nin) : NULL;
    for (int j = 0; c->args.items && j < nd->nin; j++) {
      const GNode *in = &g->nodes[nd->in[j]];
      FxArg *x = &c->args.items[j];
      if (in->op == OP_CONST) {
        x->kind = dwT_is_float(in->meta.dtype) ? FA_FLOAT : in->meta.dtype == DT_BOOL ? FA_BOOL : FA_INT;
        x->f = in->value;
        x->i = (int64_t)in->value;
      } else {
        x->kind = FA_NODE;
        x->node = nd->in[j];
      }
    }
    arg_map(&c->args, ir2b, nir);
    c->rec = -1;
    c->elem = -1;
    c->ir = k;
    c->line = nd->line;
    c->fn = t->root->code->name;
    ir2b[k] = nb++;
  }
  grad_cleanup(b, nb, grad_end);
  /* the output */
  BNode *o = &b[nb];
  o->op = FXOP_OUTPUT;
  o->target = "output";
  o->rec = -1;
  o->elem = -1;
  o->ir = -1;
  o->args.kind = FA_TUPLE;
  o->args.n = 1;
  o->args.items = dwA_alloc(&tmp, sizeof(FxArg));
  FxArg *ret = o->args.items;
  if (!ret) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    goto done;
  }
  ret->kind = FA_TUPLE;
  ret->n = nout;
  ret->items = nout ? dwA_alloc(&tmp, sizeof(FxArg) * (size_t)nout) : NULL;
  for (int k = 0; ret->items && k < nout; k++) {
    ret->items[k].kind = FA_NODE;
    ret->items[k].node = outs[k] >= 0 && outs[k] < nir ? ir2b[outs[k]] : -1;
    if (ret->items[k].node < 0) {
      ret->items[k].kind = FA_NONE;
    }
  }
  int out_idx = nb++;
  /* users; unused getitem nodes are dropped (Dynamo's
   * remove_unused_graphargs) */
  for (int k = 0; k < nb; k++) last_user[k] = -1;
  for (int k = 0; k < nb; k++) {
    arg_count_users(&b[k].args, b, k, last_user);
    for (int j = 0; j < b[k].nkw; j++) arg_count_users(&b[k].kwv[j], b, k, last_user);
  }
  for (int k = out_idx - 1; k >= nph; k--)
    if (b[k].elem >= 0 && b[k].nusers == 0) {
      b[k].dead = true;
      int src = b[k].args.items[0].node;
      if (src >= 0 && b[src].nusers > 0) b[src].nusers--;
    }
  /* names: placeholders, then each creation and rename in event order */
  NameSpace ns;
  memset(&ns, 0, sizeof ns);
  char cand[160];
  for (int k = 0; k < nph; k++) {
    snake(b[k].target, cand, sizeof cand);
    b[k].name = ns_create(&ns, cand);
  }
  {
    /* events: (seq, node, 0 create / 1 rename) */
    int nev = 0;
    uint32_t(*ev)[3] = malloc(sizeof *ev * (size_t)(2 * nb + 1));
    if (!ev) {
      ns_free(&ns);
      dwI_raise(I, EXC_MemoryError, "out of memory");
      goto done;
    }
    uint32_t synth = 0;
    for (int k = nph; k < out_idx; k++) {
      if (b[k].dead) continue;
      /* nodes no record made are named where they stand */
      uint32_t s = b[k].rec >= 0 ? b[k].seq : synth;
      if (b[k].rec >= 0) synth = b[k].seq;
      ev[nev][0] = s * 4u + (b[k].elem >= 0 ? 2u : 1u);
      ev[nev][1] = (uint32_t)k;
      ev[nev++][2] = 0;
      if (b[k].hint) {
        ev[nev][0] = b[k].hint_seq * 4u + 3u;
        ev[nev][1] = (uint32_t)k;
        ev[nev++][2] = 1;
      }
    }
    /* a stable sort keeps graph order among equal keys */
    for (int i = 1; i < nev; i++)
      for (int j = i; j > 0 && bnode_cmp_seq(ev[j - 1], ev[j]) > 0; j--) {
        uint32_t tmpv[3];
        memcpy(tmpv, ev[j], sizeof tmpv);
        memcpy(ev[j], ev[j - 1], sizeof tmpv);
        memcpy(ev[j - 1], tmpv, sizeof tmpv);
      }
    for (int i = 0; i < nev; i++) {
      BNode *c = &b[ev[i][1]];
      if (ev[i][2] == 0) {
        if (c->op == FXOP_CALL_METHOD) snprintf(cand, sizeof cand, "%s", c->target);
        else {
          const char *dot = strrchr(c->target, '.');
          snprintf(cand, sizeof cand, "%s", dot ? dot + 1 : c->target);
        }
        char sn[160];
        snake(cand, sn, sizeof sn);
        c->name = ns_create(&ns, sn);
      } else if (c->name && strcmp(c->name, c->hint)) {
        free(c->name);
        c->name = ns_create(&ns, c->hint);
      }
    }
    free(ev);
  }
  b[out_idx].name = xstrdup("output");
  ns_free(&ns);
  /* the Python objects */
  Class *ncls = fx_class(I, "Node"), *gcls = fx_class(I, "Graph"), *mcls = fx_class(I, "GraphModule");
  nodes = calloc((size_t)nb + 1, sizeof(Value));
  List *nlist = dwV_list(&I->c, 0);
  if (!nodes || !nlist) {
    if (nlist) dwV_decref_o(&I->c, &nlist->h);
    dwI_raise(I, EXC_MemoryError, "out of memory");
    goto done;
  }
  Value graph = inst_new(I, gcls);
  if (graph.t == V_NULL) {
    dwV_decref_o(&I->c, &nlist->h);
    goto done;
  }
  bool ok = true;
  for (int k = 0; ok && k < nb; k++) {
    if (b[k].dead) continue;
    Value n = inst_new(I, ncls);
    if (n.t == V_NULL) {
      ok = false;
      break;
    }
    nodes[k] = n;
    ok = put(I, n, "name", str_value(I, b[k].name ? b[k].name : "_unnamed")) &&
         put(I, n, "op", str_value(I, fxop_names[b[k].op]));
    if (!ok) break;
    Value tg = b[k].tobj ? (dwV_incref_o(b[k].tobj), dwV_obj(b[k].tobj))
               : b[k].op == FXOP_CALL_FUNCTION ? target_value(I, b[k].target)
                                               : str_value(I, b[k].target);
    ok = put(I, n, "target", tg);
    Value ty = dwV_none();
    if (ok && b[k].op == FXOP_PLACEHOLDER)
      ty = str_value(I, b[k].param ? "torch.nn.parameter.Parameter" : "torch.Tensor");
    ok = ok && put(I, n, "type", ty);
    /* dtype and shape of a tensor result, for print_readable */
    if (ok && b[k].ir >= 0 && b[k].ir < nir) {
      const TMeta *m = &g->nodes[b[k].ir].meta;
      Tuple *mt = dwV_tuple(&I->c, 1 + m->ndim);
      ok = mt != NULL;
      if (ok) {
        mt->items[0] = dwV_int(m->dtype);
        for (int d = 0; d < m->ndim; d++) mt->items[1 + d] = dwV_int(m->shape[d]);
        ok = put(I, n, "_dw_meta", dwV_obj(&mt->h));
      }
    }
    /* meta: where the call was made */
    Dict *meta = dwV_dict(&I->c);
    ok = ok && meta && put(I, n, "meta", dwV_obj(&meta->h));
    if (ok && b[k].op != FXOP_PLACEHOLDER && b[k].op != FXOP_OUTPUT && b[k].line > 0) {
      Buf st = {0};
      const char *src = I->src, *end = I->src + I->srclen;
      int line = 1;
      while (src < end && line < b[k].line) line += *src++ == '\n';
      const char *le = src;
      while (le < end && *le != '\n') le++;
      while (src < le && (*src == ' ' || *src == '\t')) src++;
      dwB_printf(&st, "  File \"%s\", line %d, in %s\n    %.*s\n", I->filename, b[k].line,
                 b[k].fn ? b[k].fn : "?", (int)(le - src), src);
      Value sv = str_value(I, st.p ? st.p : "");
      dwB_free(&st);
      ok = sv.t != V_NULL && dwL_set(I, meta, "stack_trace", sv);
      dwV_decref(&I->c, sv);
    }
    ok = ok && put(I, n, "graph", (dwV_incref(graph), graph));
    ok = ok && dwV_list_append(&I->c, nlist, n);
  }
  for (int k = 0; ok && k < nb; k++) {
    if (b[k].dead) continue;
    Value args = arg_value(I, &b[k].args, nodes);
    ok = put(I, nodes[k], "args", args);
    Dict *kw = ok ? dwV_dict(&I->c) : NULL;
    ok = ok && kw;
    for (int j = 0; ok && j < b[k].nkw; j++) {
      Value v = arg_value(I, &b[k].kwv[j], nodes);
      ok = v.t != V_NULL && dwL_set(I, kw, b[k].kwn[j], v);
      dwV_decref(&I->c, v);
    }
    if (kw) ok = put(I, nodes[k], "kwargs", dwV_obj(&kw->h)) && ok;
    /* users: a dict, node -> None, in graph order */
    Dict *users = ok ? dwV_dict(&I->c) : NULL;
    ok = ok && users;
    if (ok) ok = put(I, nodes[k], "users", dwV_obj(&users->h));
  }
  /* users: a dict, node -> None, in graph order */
  for (int z = 0; z < nb; z++) last_user[z] = -1;
  for (int u = 0; ok && u < nb; u++) {
    if (b[u].dead) continue;
    int reads[256], nr = 0;
    collect_reads(&b[u].args, u, last_user, reads, &nr);
    for (int j = 0; j < b[u].nkw; j++) collect_reads(&b[u].kwv[j], u, last_user, reads, &nr);
    for (int j = 0; ok && j < nr; j++) {
      Value ud = attr(nodes[reads[j]], I, "users");
      ok = ud.t == V_DICT && dwV_dict_set(&I->c, (Dict *)OBJ(ud), nodes[u], dwV_none());
    }
  }
  if (ok) ok = put(I, graph, "nodes", dwV_obj(&nlist->h));
  else dwV_decref_o(&I->c, &nlist->h);
  if (!ok) {
    if (I->exc.t == V_NULL) dwI_raise_ctx(I);
    dwV_decref(&I->c, graph);
    goto done;
  }
  gm = inst_new(I, mcls);
  ok = gm.t != V_NULL && put(I, gm, "graph", graph);
  if (!ok) {
    if (gm.t == V_NULL) dwV_decref(&I->c, graph);
    goto fail;
  }
  {
    Dict *meta = dwV_dict(&I->c);
    ok = meta && put(I, gm, "meta", dwV_obj(&meta->h));
    if (!ok) goto fail;
  }
  /* why the graph was compiled: a graph break, or the frame's return */
  if (!put(I, gm, "compile_subgraph_reason", dwD_compile_reason(I, t))) goto fail;
  /* the graph it runs: the traced graph with its outputs, before DCE */
  {
    Value ex = gm_attach_graph(I, pre);
    pre = NULL;
    if (ex.t == V_NULL || !put(I, gm, "_dw_exec", ex)) goto fail;
  }
  goto done;
fail:
  dwV_decref(&I->c, gm);
  gm = dwV_null();
  if (I->exc.t == V_NULL) dwI_raise(I, EXC_MemoryError, "out of memory");
done:
  if (pre) dwG_free(pre);
  if (nodes) {
    for (int k = 0; k < nb; k++) dwV_decref(&I->c, nodes[k]);
    free(nodes);
  }
  for (int k = 0; b && k < nb; k++) free(b[k].name);
  free(b);
  free(ir2b);
  free(cover);
  free(rbold);
  free(keep);
  free(last_user);
  dwA_free(&tmp);
  return gm;
}

/* ------------------------------------------------------------------ */
/* Printing (torch/fx/node.py format_node, graph.py Graph.__str__ and  */
/* the code generator)                                                 */
/* ------------------------------------------------------------------ */

static bool is_node(Interp *I, Value v) {
  Class *nc = fx_class(I, "Node");
  return v.t == V_INST && nc && dwI_subclass(((Inst *)OBJ(v))->cls, nc);
}

static const char *node_name(Interp *I, Value n) {
  Value v = attr(n, I, "name");
  return v.t == V_STR ? STR(v)->s : "?";
}

static const char *node_op(Interp *I, Value n) {
  Value v = attr(n, I, "op");
  return v.t == V_STR ? STR(v)->s : "";
}

/* The qualified name of a call_function target (torch.fx
 * _get_qualified_name): torch.sin, operator.add, torch.nn.functional.relu,
 * or a builtin's bare name (`pretty`: builtins.abs, as format_node
 * prints it). */
static void target_name(Interp *I, Value t, Buf *b, bool pretty) {
  if (t.t == V_STR) {
    dwB_puts(b, STR(t)->s);
    return;
  }
  if (t.t == V_BUILTIN) {
    const char *n = ((Builtin *)OBJ(t))->def->name;
    if (!strncmp(n, "F.", 2)) dwB_printf(b, "torch.nn.functional.%s", n + 2);
    else if (!strncmp(n, "Tensor.", 7)) dwB_printf(b, "torch.Tensor.%s", n + 7);
    else if (!strchr(n, '.')) dwB_printf(b, pretty ? "builtins.%s" : "%s", n);
    else dwB_puts(b, n);
    return;
  }
  if (t.t == V_FUNC) {
    Code *c = ((Func *)OBJ(t))->code;
    dwB_printf(b, "__main__.%s", c->qualname ? c->qualname : c->name);
    return;
  }
  Buf r = {0};
  dwFm_repr_value(I, &r, t);
  dwB_puts(b, r.p ? r.p : "");
  dwB_free(&r);
}

/* _type_repr of a node's type: a class by its qualified name. */
static bool type_repr(Interp *I, Value ty, Buf *b) {
  if (ty.t == V_NONE || ty.t == V_NULL) return false;
  if (ty.t == V_STR) dwB_puts(b, STR(ty)->s);
  else if (ty.t == V_BUILTIN) target_name(I, ty, b, false);
  else {
    Buf r = {0};
    dwFm_repr_value(I, &r, ty);
    dwB_puts(b, r.p ? r.p : "");
    dwB_free(&r);
  }
  return true;
}

/* node.py _format_arg: nodes as %name, containers recursively, the rest
 * with str(). */
/* A list [a, b] or tuple (a, b) / (a,), each item written by item(). */
static bool seq_repr(Interp *I, Buf *b, Value v, bool (*item)(Interp *, Buf *, Value)) {
  bool list = v.t == V_LIST;
  int64_t n = list ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
  Value *items = list ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
  dwB_putc(b, list ? '[' : '(');
  for (int64_t k = 0; k < n; k++) {
    if (k) dwB_puts(b, ", ");
    if (!item(I, b, items[k])) return false;
  }
  if (!list && n == 1) dwB_putc(b, ',');
  dwB_putc(b, list ? ']' : ')');
  return true;
}

static bool format_arg(Interp *I, Buf *b, Value v) {
  if (is_node(I, v)) {
    dwB_printf(b, "%%%s", node_name(I, v));
    return true;
  }
  if (v.t == V_LIST || v.t == V_TUPLE) return seq_repr(I, b, v, format_arg);
  if (v.t == V_DICT) {
    Dict *d = (Dict *)OBJ(v);
    dwB_putc(b, '{');
    bool first = true;
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      if (!first) dwB_puts(b, ", ");
      first = false;
      if (!dwFm_str_value(I, b, d->ent[k].key)) return false;
      dwB_puts(b, ": ");
      if (!format_arg(I, b, d->ent[k].val)) return false;
    }
    dwB_putc(b, '}');
    return true;
  }
  return dwFm_str_value(I, b, v);
}

/* node.format_node(): one line of Graph.__str__. */
static bool format_node(Interp *I, Value n, Buf *b) {
  const char *op = node_op(I, n);
  Value target = attr(n, I, "target"), ty = attr(n, I, "type");
  Value users = attr(n, I, "users");
  int64_t nusers = users.t == V_DICT ? ((Dict *)OBJ(users))->len : 0;
  if (!strcmp(op, "output")) {
    Value args = attr(n, I, "args");
    dwB_puts(b, "return ");
    if (args.t == V_TUPLE && ((Tuple *)OBJ(args))->len > 0) {
      /* str(args[0]): a tuple of nodes prints their names */
      Value r = ((Tuple *)OBJ(args))->items[0];
      if (r.t == V_TUPLE || r.t == V_LIST) {
        bool list = r.t == V_LIST;
        int64_t m = list ? ((List *)OBJ(r))->len : ((Tuple *)OBJ(r))->len;
        Value *it = list ? ((List *)OBJ(r))->items : ((Tuple *)OBJ(r))->items;
        dwB_putc(b, list ? '[' : '(');
        for (int64_t k = 0; k < m; k++) {
          if (k) dwB_puts(b, ", ");
          if (is_node(I, it[k])) dwB_puts(b, node_name(I, it[k]));
          else if (!dwFm_repr_value(I, b, it[k])) return false;
        }
        if (!list && m == 1) dwB_putc(b, ',');
        dwB_putc(b, list ? ']' : ')');
      } else if (is_node(I, r)) {
        dwB_puts(b, node_name(I, r));
      } else if (!dwFm_str_value(I, b, r)) {
        return false;
      }
    }
    return true;
  }
  dwB_printf(b, "%%%s : ", node_name(I, n));
  if (type_repr(I, ty, b)) dwB_putc(b, ' ');
  dwB_printf(b, "[num_users=%lld] = %s[target=", (long long)nusers, op);
  target_name(I, target, b, true);
  dwB_putc(b, ']');
  if (!strcmp(op, "placeholder")) return true;
  dwB_puts(b, "(args = ");
  if (!format_arg(I, b, attr(n, I, "args"))) return false;
  dwB_puts(b, ", kwargs = ");
  Value kw = attr(n, I, "kwargs");
  if (kw.t == V_DICT) {
    if (!format_arg(I, b, kw)) return false;
  } else {
    dwB_puts(b, "{}");
  }
  dwB_putc(b, ')');
  return true;
}

static List *graph_nodes(Interp *I, Value graph) {
  Value l = attr(graph, I, "nodes");
  return l.t == V_LIST ? (List *)OBJ(l) : NULL;
}

/* str(gm.graph) */
static bool graph_str(Interp *I, Value graph, Buf *b) {
  List *l = graph_nodes(I, graph);
  dwB_puts(b, "graph():");
  for (int64_t k = 0; l && k < l->len; k++) {
    dwB_puts(b, "\n    ");
    if (!format_node(I, l->items[k], b)) return false;
  }
  return true;
}

/* The code generator's repr of an argument (_get_repr). */
static bool code_repr(Interp *I, Buf *b, Value v) {
  if (is_node(I, v)) {
    dwB_puts(b, node_name(I, v));
    return true;
  }
  if (v.t == V_LIST || v.t == V_TUPLE) return seq_repr(I, b, v, code_repr);
  if (v.t == V_SLICE) {
    Slice *s = (Slice *)OBJ(v);
    dwB_puts(b, "slice(");
    if (!code_repr(I, b, s->start)) return false;
    dwB_puts(b, ", ");
    if (!code_repr(I, b, s->stop)) return false;
    dwB_puts(b, ", ");
    if (!code_repr(I, b, s->step)) return false;
    dwB_putc(b, ')');
    return true;
  }
  return dwFm_repr_value(I, b, v);
}

static bool code_args(Interp *I, Buf *b, Value args, int from, Value kwargs) {
  bool first = true;
  if (args.t == V_TUPLE) {
    Tuple *t = (Tuple *)OBJ(args);
    for (int64_t k = from; k < t->len; k++) {
      if (!first) dwB_puts(b, ", ");
      first = false;
      if (!code_repr(I, b, t->items[k])) return false;
    }
  }
  if (kwargs.t == V_DICT) {
    Dict *d = (Dict *)OBJ(kwargs);
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      if (!first) dwB_puts(b, ", ");
      first = false;
      if (!dwFm_str_value(I, b, d->ent[k].key)) return false;
      dwB_puts(b, " = ");
      if (!code_repr(I, b, d->ent[k].val)) return false;
    }
  }
  return true;
}

/* Infix forms of operator functions (graph.py magic_methods and
 * inplace_methods). */
static const struct { const char *name, *fmt; } magic[] = {
    {"add", "{} + {}"},   {"sub", "{} - {}"},   {"mul", "{} * {}"},   {"floordiv", "{} // {}"},
    {"truediv", "{} / {}"}, {"div", "{} / {}"}, {"mod", "{} % {}"},  {"pow", "{} ** {}"},
    {"lshift", "{} << {}"}, {"rshift", "{} >> {}"}, {"and_", "{} & {}"}, {"or_", "{} | {}"},
    {"xor", "{} ^ {}"},   {"getitem", "{}[{}]"}, {"matmul", "{} @ {}"}, {"eq", "{} == {}"},
    {"ne", "{} != {}"},   {"lt", "{} < {}"},    {"gt", "{} > {}"},    {"le", "{} <= {}"},
    {"ge", "{} >= {}"},   {"pos", "+{}"},       {"neg", "-{}"},       {"invert", "~{}"}};
static const struct { const char *name, *fmt; } inplace[] = {
    {"iadd", "{} += {}"},   {"iand", "{} &= {}"},   {"ifloordiv", "{} //= {}"},
    {"ilshift", "{} <<= {}"}, {"imod", "{} %= {}"}, {"imul", "{} *= {}"},
    {"imatmul", "{} @= {}"}, {"ior", "{} |= {}"},   {"ipow", "{} **= {}"},
    {"irshift", "{} >>= {}"}, {"isub", "{} -= {}"}, {"itruediv", "{} /= {}"},
    {"ixor", "{} ^= {}"},   {"setitem", "{}[{}] = {}"}};

/* fmt with each {} replaced by the next argument's repr. */
static bool fill(Interp *I, Buf *b, const char *fmt, Value args) {
  Tuple *t = args.t == V_TUPLE ? (Tuple *)OBJ(args) : NULL;
  int64_t k = 0;
  for (const char *p = fmt; *p; p++) {
    if (p[0] == '{' && p[1] == '}') {
      if (t && k < t->len && !code_repr(I, b, t->items[k])) return false;
      k++;
      p++;
    } else {
      dwB_putc(b, *p);
    }
  }
  return true;
}

static const char *const dtype_abbr[DT_COUNT] = {"f32", "i64", "i32", "b8"};

/* The annotation print_readable gives a node: "f32[3, 4]" for a tensor. */
static bool node_annotation(Interp *I, Value n, Buf *b) {
  Value ev = attr(n, I, "_dw_meta");
  if (ev.t != V_TUPLE) return false;
  Tuple *t = (Tuple *)OBJ(ev);
  if (t->len < 1 || t->items[0].t != V_INT) return false;
  int dt = (int)t->items[0].u.i;
  dwB_printf(b, "\"%s[", dt >= 0 && dt < DT_COUNT ? dtype_abbr[dt] : "?");
  for (int64_t k = 1; k < t->len; k++)
    dwB_printf(b, "%s%lld", k > 1 ? ", " : "", (long long)t->items[k].u.i);
  dwB_puts(b, "]\"");
  return true;
}

/* The first "File ..." frame of a stack trace, innermost last, as the
 * code generator summarises it. */
static bool stack_summary(const char *st, Buf *out) {
  const char *best = NULL;
  for (const char *p = st; p && *p;) {
    const char *line = p;
    while (*line == ' ') line++;
    if (!strncmp(line, "File \"", 6)) best = line;
    p = strchr(p, '\n');
    if (p) p++;
  }
  if (!best) return false;
  const char *q = strchr(best + 6, '"');
  if (!q) return false;
  int lineno = 0;
  char fn[128] = "";
  if (sscanf(q, "\", line %d, in %127[^\n]", &lineno, fn) != 2) return false;
  const char *code = strchr(best, '\n');
  if (!code) return false;
  code++;
  while (*code == ' ') code++;
  const char *ce = strchr(code, '\n');
  dwB_printf(out, "File: %.*s:%d in %s, code: %.*s", (int)(q - best - 6), best + 6, lineno, fn,
             (int)(ce ? ce - code : (long)strlen(code)), code);
  return true;
}

/* The forward function's source (graph.py _gen_python_code): gm.code, or
 * with `verbose` the form print_readable shows (annotations and a comment
 * with the source line each group of nodes comes from). */
static bool python_code(Interp *I, Value graph, bool verbose, Buf *out) {
  List *l = graph_nodes(I, graph);
  int64_t n = l ? l->len : 0;
  Buf body = {0}, freev = {0}, prev = {0};
  bool ok = true;
  bool have_prev = false;
  /* last uses: for each node, the node that reads it last */
  int64_t *last = malloc(sizeof(int64_t) * (size_t)(n + 1));
  if (!last) return dwI_raise(I, EXC_MemoryError, "out of memory").t != V_NULL;
  for (int64_t k = 0; k < n; k++) last[k] = -1;
  for (int64_t u = n - 1; u >= 0; u--) {
    Value nd = l->items[u];
    /* input nodes in the order args then kwargs name them */
    Value lists[2] = {attr(nd, I, "args"), attr(nd, I, "kwargs")};
    for (int w = 0; w < 2; w++) {
      Value stack[64];
      int sp = 0;
      if (lists[w].t != V_NULL) stack[sp++] = lists[w];
      /* depth-first, left to right */
      Value order[256];
      int no = 0;
      while (sp > 0 && no < 256) {
        Value v = stack[--sp];
        if (is_node(I, v)) {
          order[no++] = v;
        } else if (v.t == V_TUPLE || v.t == V_LIST) {
          int64_t m = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
          Value *it = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
          for (int64_t k = m - 1; k >= 0 && sp < 64; k--) stack[sp++] = it[k];
        } else if (v.t == V_DICT) {
          Dict *d = (Dict *)OBJ(v);
          for (int64_t k = d->nent - 1; k >= 0 && sp < 64; k--)
            if (d->ent[k].used) stack[sp++] = d->ent[k].val;
        } else if (v.t == V_SLICE) {
          Slice *s = (Slice *)OBJ(v);
          if (sp + 3 <= 64) {
            stack[sp++] = s->step;
            stack[sp++] = s->stop;
            stack[sp++] = s->start;
          }
        }
      }
      for (int j = 0; j < no; j++)
        for (int64_t k = 0; k < n; k++)
          if (OBJ(l->items[k]) == OBJ(order[j]) && last[k] < 0) last[k] = u;
    }
  }
  for (int64_t k = 0; ok && k < n; k++) {
    Value nd = l->items[k];
    const char *op = node_op(I, nd), *name = node_name(I, nd);
    Value target = attr(nd, I, "target"), args = attr(nd, I, "args"), kw = attr(nd, I, "kwargs");
    if (verbose && strcmp(op, "placeholder") && strcmp(op, "output")) {
      Buf sum = {0};
      Value meta = attr(nd, I, "meta");
      Value st = meta.t == V_DICT ? dwV_dict_gets((Dict *)OBJ(meta), dwI_intern(I, "stack_trace"))
                                  : dwV_null();
      dwB_puts(&sum, "\n# ");
      if (!(st.t == V_STR && stack_summary(STR(st)->s, &sum)))
        dwB_puts(&sum, "No stacktrace found for following nodes");
      dwB_putc(&sum, '\n');
      if (!have_prev || strcmp(prev.p ? prev.p : "", sum.p ? sum.p : "")) {
        dwB_puts(&body, sum.p ? sum.p : "");
        dwB_free(&prev);
        prev = sum;
        have_prev = true;
      } else {
        dwB_free(&sum);
      }
    }
    Buf ann = {0};
    bool has_ann = false;
    if (verbose) {
      Buf a2 = {0};
      if (node_annotation(I, nd, &a2)) {
        dwB_printf(&ann, ": %s", a2.p);
        has_ann = true;
      }
      dwB_free(&a2);
    }
    if (!has_ann) {
      Buf tr = {0};
      if (type_repr(I, attr(nd, I, "type"), &tr)) dwB_printf(&ann, " : %s", tr.p);
      dwB_free(&tr);
    }
    const char *an = ann.p ? ann.p : "";
    if (!strcmp(op, "placeholder")) {
      const char *tg = target.t == V_STR ? STR(target)->s : name;
      if (freev.len) dwB_puts(&freev, ", ");
      dwB_printf(&freev, "%s%s", tg, an);
      if (strcmp(tg, name)) dwB_printf(&body, "%s = %s\n", name, tg);
      dwB_free(&ann);
      continue;
    }
    if (!strcmp(op, "output")) {
      dwB_puts(&body, "return ");
      Tuple *t = args.t == V_TUPLE ? (Tuple *)OBJ(args) : NULL;
      ok = !t || t->len < 1 || code_repr(I, &body, t->items[0]);
      dwB_putc(&body, '\n');
      dwB_free(&ann);
      continue;
    }
    if (!strcmp(op, "call_method")) {
      Tuple *t = args.t == V_TUPLE ? (Tuple *)OBJ(args) : NULL;
      dwB_printf(&body, "%s%s = ", name, an);
      ok = t && t->len > 0 && code_repr(I, &body, t->items[0]);
      dwB_printf(&body, ".%s(", target.t == V_STR ? STR(target)->s : "?");
      ok = ok && code_args(I, &body, args, 1, kw);
      dwB_putc(&body, ')');
    } else {
      Buf q = {0};
      target_name(I, target, &q, false);
      const char *qn = q.p ? q.p : "";
      const char *fmt = NULL;
      bool inpl = false;
      if (!strncmp(qn, "operator.", 9)) {
        for (size_t j = 0; j < sizeof magic / sizeof *magic && !fmt; j++)
          if (!strcmp(magic[j].name, qn + 9)) fmt = magic[j].fmt;
        for (size_t j = 0; j < sizeof inplace / sizeof *inplace && !fmt; j++)
          if (!strcmp(inplace[j].name, qn + 9)) {
            fmt = inplace[j].fmt;
            inpl = true;
          }
      }
      Tuple *ga = args.t == V_TUPLE ? (Tuple *)OBJ(args) : NULL;
      if ((!strcmp(qn, "getattr") || !strcmp(qn, "builtins.getattr")) && ga && ga->len == 2 &&
          ga->items[1].t == V_STR) {
        /* torch.fx prints getattr(x, 'T') as x.T */
        dwB_printf(&body, "%s%s = ", name, an);
        ok = code_repr(I, &body, ga->items[0]);
        dwB_printf(&body, ".%s", STR(ga->items[1])->s);
      } else if (fmt && inpl) {
        ok = fill(I, &body, fmt, args);
        dwB_printf(&body, ";  %s%s = ", name, an);
        Tuple *t = args.t == V_TUPLE ? (Tuple *)OBJ(args) : NULL;
        ok = ok && t && t->len > 0 && code_repr(I, &body, t->items[0]);
      } else if (fmt) {
        dwB_printf(&body, "%s%s = ", name, an);
        ok = fill(I, &body, fmt, args);
      } else {
        dwB_printf(&body, "%s%s = %s(", name, an, qn);
        ok = code_args(I, &body, args, 0, kw);
        dwB_putc(&body, ')');
      }
      dwB_free(&q);
    }
    dwB_free(&ann);
    /* free values after their last use */
    Buf del = {0};
    for (int64_t j = 0; j < n; j++)
      if (last[j] == k) dwB_printf(&del, "%s = ", node_name(I, l->items[j]));
    Value users = attr(nd, I, "users");
    if (users.t == V_DICT && ((Dict *)OBJ(users))->len == 0) dwB_printf(&del, "%s = ", name);
    if (del.len) dwB_printf(&body, ";  %sNone\n", del.p);
    else dwB_putc(&body, '\n');
    dwB_free(&del);
  }
  free(last);
  dwB_free(&prev);
  if (!ok) {
    dwB_free(&body);
    dwB_free(&freev);
    return false;
  }
  if (!body.len) dwB_puts(&body, "pass\n");
  /* the body, its leading newlines stripped, each line indented */
  const char *p = body.p;
  while (*p == '\n') p++;
  dwB_printf(out, "\n\n\ndef forward(self%s%s):\n", freev.len ? ", " : "", freev.p ? freev.p : "");
  for (;;) {
    const char *nl = strchr(p, '\n');
    dwB_puts(out, "    ");
    if (!nl) {
      dwB_puts(out, p);
      break;
    }
    dwB_putn(out, p, (size_t)(nl - p + 1));
    p = nl + 1;
  }
  dwB_free(&body);
  dwB_free(&freev);
  return true;
}

/* torch.nn's _addindent: every line but the first gets n spaces. */
static void add_indent(Buf *out, const char *s, int n) {
  const char *nl = strchr(s, '\n');
  if (!nl) {
    dwB_puts(out, s);
    return;
  }
  dwB_putn(out, s, (size_t)(nl - s));
  for (const char *p = nl; p;) {
    p++;
    const char *e = strchr(p, '\n');
    dwB_putc(out, '\n');
    for (int k = 0; k < n; k++) dwB_putc(out, ' ');
    dwB_putn(out, p, e ? (size_t)(e - p) : strlen(p));
    p = e;
  }
}

/* ------------------------------------------------------------------ */
/* The classes: torch.fx.Node, Graph, GraphModule                      */
/* ------------------------------------------------------------------ */

static Value str_take(Interp *I, Buf *b) {
  Str *s = dwV_str(&I->c, b->p ? b->p : "", b->len);
  dwB_free(b);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

BI(node_repr) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__repr__", self, a, "self", v, 1)) return dwV_null();
  return str_value(I, node_name(I, v[0]));
}

BI(node_format) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "format_node", self, a, "self", v, 1)) return dwV_null();
  Buf b = {0};
  if (!format_node(I, v[0], &b)) {
    dwB_free(&b);
    return dwV_null();
  }
  return str_take(I, &b);
}

BI(node_all_input_nodes) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "all_input_nodes", self, a, "self", v, 1)) return dwV_null();
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  Value lists[2] = {attr(v[0], I, "args"), attr(v[0], I, "kwargs")};
  for (int w = 0; w < 2; w++) {
    Value stack[64];
    int sp = 0;
    if (lists[w].t != V_NULL) stack[sp++] = lists[w];
    while (sp > 0) {
      Value x = stack[--sp];
      if (is_node(I, x)) {
        bool seen = false;
        for (int64_t k = 0; k < l->len; k++) seen |= OBJ(l->items[k]) == OBJ(x);
        if (!seen) dwV_list_append(&I->c, l, x);
      } else if (x.t == V_TUPLE || x.t == V_LIST) {
        int64_t m = x.t == V_LIST ? ((List *)OBJ(x))->len : ((Tuple *)OBJ(x))->len;
        Value *it = x.t == V_LIST ? ((List *)OBJ(x))->items : ((Tuple *)OBJ(x))->items;
        for (int64_t k = m - 1; k >= 0 && sp < 64; k--) stack[sp++] = it[k];
      } else if (x.t == V_DICT) {
        Dict *d = (Dict *)OBJ(x);
        for (int64_t k = d->nent - 1; k >= 0 && sp < 64; k--)
          if (d->ent[k].used) stack[sp++] = d->ent[k].val;
      }
    }
  }
  return dwV_obj(&l->h);
}

BI(graph_str_m) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__str__", self, a, "self", v, 1)) return dwV_null();
  Buf b = {0};
  if (!graph_str(I, v[0], &b)) {
    dwB_free(&b);
    return dwV_null();
  }
  return str_take(I, &b);
}

/* Graph.print_tabular(): tabulate's "simple" table of op, name, target,
 * args and kwargs. */
BI(graph_print_tabular) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "print_tabular", self, a, "self", v, 1)) return dwV_null();
  List *l = graph_nodes(I, v[0]);
  int64_t n = l ? l->len : 0;
  static const char *const heads[5] = {"opcode", "name", "target", "args", "kwargs"};
  Buf *cells = calloc((size_t)(n + 1) * 5, sizeof(Buf));
  if (!cells) return dwI_raise(I, EXC_MemoryError, "out of memory");
  size_t width[5];
  bool ok = true;
  for (int c = 0; c < 5; c++) width[c] = strlen(heads[c]);
  for (int64_t k = 0; ok && k < n; k++) {
    Value nd = l->items[k];
    Buf *row = &cells[k * 5];
    dwB_puts(&row[0], node_op(I, nd));
    dwB_puts(&row[1], node_name(I, nd));
    Value tg = attr(nd, I, "target");
    ok = dwFm_str_value(I, &row[2], tg) && format_arg(I, &row[3], attr(nd, I, "args"));
    Value kw = attr(nd, I, "kwargs");
    if (ok && kw.t == V_DICT) ok = format_arg(I, &row[4], kw);
    else dwB_puts(&row[4], "{}");
    for (int c = 0; c < 5; c++)
      if (row[c].len > width[c]) width[c] = row[c].len;
  }
  Buf out = {0};
  for (int c = 0; ok && c < 5; c++)
    dwB_printf(&out, "%s%-*s", c ? "  " : "", (int)width[c], heads[c]);
  if (ok) dwB_putc(&out, '\n');
  for (int c = 0; ok && c < 5; c++) {
    if (c) dwB_puts(&out, "  ");
    for (size_t j = 0; j < width[c]; j++) dwB_putc(&out, '-');
  }
  if (ok) dwB_putc(&out, '\n');
  for (int64_t k = 0; ok && k < n; k++) {
    for (int c = 0; c < 5; c++) {
      Buf *cb = &cells[k * 5 + c];
      dwB_printf(&out, "%s%-*s", c ? "  " : "", (int)width[c], cb->p ? cb->p : "");
    }
    dwB_putc(&out, '\n');
  }
  for (int64_t k = 0; k < (n + 1) * 5; k++) dwB_free(&cells[k]);
  free(cells);
  if (!ok) {
    dwB_free(&out);
    return dwV_null();
  }
  if (out.p) dwB_puts(&I->out, out.p);
  dwB_free(&out);
  return dwV_none();
}

/* Graph.find_nodes(op=..., target=...) */
BI(graph_find_nodes) {
  (void)def;
  Value v[3];
  if (!dwL_bind(I, "find_nodes", self, a, "self,op,target", v, 3)) return dwV_null();
  if (v[1].t != V_STR) return dwI_raise(I, EXC_TypeError, "find_nodes() needs op=<str>");
  List *l = graph_nodes(I, v[0]);
  List *r = dwV_list(&I->c, 0);
  if (!r) return dwI_raise_ctx(I);
  for (int64_t k = 0; l && k < l->len; k++) {
    Value nd = l->items[k];
    if (strcmp(node_op(I, nd), STR(v[1])->s)) continue;
    if (v[2].t != V_NULL) {
      bool eq;
      if (!dwOb_eq(I, attr(nd, I, "target"), v[2], &eq)) {
        dwV_decref_o(&I->c, &r->h);
        return dwV_null();
      }
      if (!eq) continue;
    }
    dwV_list_append(&I->c, r, nd);
  }
  return dwV_obj(&r->h);
}

BI(graph_output_node) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "output_node", self, a, "self", v, 1)) return dwV_null();
  List *l = graph_nodes(I, v[0]);
  if (!l || !l->len) return dwI_raise(I, EXC_AssertionError, "%s", "the graph has no output node");
  Value o = l->items[l->len - 1];
  dwV_incref(o);
  return o;
}

BI(gm_code) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "code", self, a, "self", v, 1)) return dwV_null();
  Buf b = {0};
  if (!python_code(I, attr(v[0], I, "graph"), false, &b)) {
    dwB_free(&b);
    return dwV_null();
  }
  return str_take(I, &b);
}

/* print_readable(print_output=True): the verbose code inside a class. */
BI(gm_print_readable) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "print_readable", self, a, "self,print_output", v, 2)) return dwV_null();
  bool print = true;
  if (v[1].t != V_NULL && !dwOb_truth(I, v[1], &print)) return dwV_null();
  Buf code = {0}, cls = {0}, out = {0};
  if (!python_code(I, attr(v[0], I, "graph"), true, &code)) {
    dwB_free(&code);
    return dwV_null();
  }
  const char *p = code.p ? code.p : "";
  while (*p == '\n') p++;
  dwB_printf(&cls, "class GraphModule(torch.nn.Module):\n%s", p);
  add_indent(&out, cls.p, 4);
  dwB_free(&code);
  dwB_free(&cls);
  if (print && out.p) {
    dwB_puts(&I->out, out.p);
    dwB_putc(&I->out, '\n');
  }
  return str_take(I, &out);
}

BI(gm_str) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__str__", self, a, "self", v, 1)) return dwV_null();
  Buf code = {0}, out = {0};
  if (!python_code(I, attr(v[0], I, "graph"), false, &code)) {
    dwB_free(&code);
    return dwV_null();
  }
  dwB_printf(&out, "GraphModule()\n%s\n# To see more debug info, please use "
                   "`graph_module.print_readable()`", code.p ? code.p : "");
  dwB_free(&code);
  return str_take(I, &out);
}

/* Calling gm (or gm.forward): the graph on the eager kernels, the inputs
 * checked against the placeholders the graph was traced with. */
BI(gm_forward) {
  (void)def;
  if (self.t == V_NULL) {
    if (a->n < 1) return dwI_raise(I, EXC_TypeError, "forward() missing 'self'");
    self = a->v[0];
    Args rest = {a->n - 1, a->v + 1, a->nkw, a->kw};
    return gm_forward(I, def, self, &rest);
  }
  if (a->nkw) return dwI_raise(I, EXC_TypeError, "forward() got an unexpected keyword argument");
  Value ex = attr(self, I, "_dw_exec");
  if (ex.t != V_OPAQUE || ((Opaque *)OBJ(ex))->kind != 20)
    return dwI_raise(I, EXC_NotImplementedError,
                     "calling a GraphModule that was not built by torch.compile is not supported");
  const Graph *g = &((GmExec *)((Opaque *)OBJ(ex))->p)->g;
  if (a->n != g->ninputs)
    return dwI_raise(I, EXC_TypeError, "forward() takes %d positional argument%s but %d %s given",
                     g->ninputs + 1, g->ninputs ? "s" : "", a->n + 1, a->n ? "were" : "was");
  Tensor **in = calloc((size_t)g->ninputs + 1, sizeof(Tensor *));
  Tensor **outs = calloc((size_t)g->nout + 1, sizeof(Tensor *));
  if (!in || !outs) {
    free(in);
    free(outs);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->op != OP_INPUT) continue;
    Value x = a->v[nd->input];
    Tensor *tx = x.t == V_TENSOR ? (Tensor *)OBJ(x) : NULL;
    bool match = tx && tx->st && tx->dtype == nd->meta.dtype && tx->ndim == nd->meta.ndim;
    /* a symbolic dim (dynamic shapes) takes any size */
    for (int d = 0; match && d < tx->ndim; d++)
      match = nd->sym[d] || tx->shape[d] == nd->meta.shape[d];
    if (!match) {
      free(in);
      free(outs);
      if (tx && !tx->st)
        return dwI_raise(I, EXC_RuntimeError, "a GraphModule was called on a traced tensor "
                                              "(call it from the backend or the function it returns)");
      return dwI_raise(I, EXC_RuntimeError,
                       "argument %d of the GraphModule differs from the example input it was "
                       "traced with (dynawasm's graphs are specialised to their input shapes "
                       "and dtypes)",
                       nd->input);
    }
    in[nd->input] = tx;
  }
  bool ok = dwG_run_eager(&I->c, g, in, outs);
  free(in);
  if (!ok) {
    free(outs);
    return dwI_raise_ctx(I);
  }
  Tuple *r = dwV_tuple(&I->c, g->nout);
  if (!r) {
    for (int k = 0; k < g->nout; k++) dwV_decref_o(&I->c, &outs[k]->h);
    free(outs);
    return dwI_raise_ctx(I);
  }
  for (int k = 0; k < g->nout; k++) r->items[k] = dwV_obj(&outs[k]->h);
  free(outs);
  return dwV_obj(&r->h);
}

static const BuiltinDef node_methods[] = {
    {"Node.__repr__", node_repr, TK_PURE, 0, 0},
    {"Node.format_node", node_format, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef graph_methods[] = {
    {"Graph.__str__", graph_str_m, TK_PURE, 0, 0},
    {"Graph.print_tabular", graph_print_tabular, TK_UNSUPPORTED, 0, 0},
    {"Graph.find_nodes", graph_find_nodes, TK_PURE, 0, 0},
    {"Graph.output_node", graph_output_node, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef gm_methods[] = {
    {"GraphModule.forward", gm_forward, TK_UNSUPPORTED, 0, 0},
    {"GraphModule.__call__", gm_forward, TK_UNSUPPORTED, 0, 0},
    {"GraphModule.print_readable", gm_print_readable, TK_UNSUPPORTED, 0, 0},
    {"GraphModule.__str__", gm_str, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef node_props[] = {
    {"Node.all_input_nodes", node_all_input_nodes, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef gm_props[] = {
    {"GraphModule.code", gm_code, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* Read-only properties whose getter is a builtin. */
static bool add_props(Interp *I, Class *c, const BuiltinDef *tab) {
  for (const BuiltinDef *d = tab; d->name; d++) {
    Value get = dwL_new_builtin(I, d);
    if (get.t == V_NULL) return false;
    Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
    if (!w) {
      dwV_decref(&I->c, get);
      return false;
    }
    w->kind = WRAP_PROPERTY;
    w->target = get;
    w->fset = dwV_null();
    bool ok = dwL_set(I, c->ns, strchr(d->name, '.') + 1, dwV_obj(&w->h));
    dwV_decref_o(&I->c, &w->h);
    if (!ok) return false;
  }
  return true;
}

bool dwM_init(Interp *I) {
  Module *fx = dwL_module(I, "torch.fx");
  if (!fx) return false;
  fx->special = MOD_API; /* torch.fx.symbolic_trace & co: not supported */
  Value torch = dwV_dict_gets(I->modules, dwI_intern(I, "torch"));
  if (torch.t == V_MODULE && !dwL_set(I, ((Module *)OBJ(torch))->attrs, "fx", dwV_obj(&fx->h)))
    return false;
  /* torch.fx.experimental.symbolic_shapes: ConstraintViolationError (a
   * dim marked dynamic that the code specialises, dynamo/symint.c) */
  Module *exp = dwL_module(I, "torch.fx.experimental");
  Module *ss = dwL_module(I, "torch.fx.experimental.symbolic_shapes");
  Value cve = dwV_dict_gets(I->builtins, dwI_intern(I, "ConstraintViolationError"));
  if (!exp || !ss || cve.t != V_CLASS || !dwL_set(I, fx->attrs, "experimental", dwV_obj(&exp->h)) ||
      !dwL_set(I, exp->attrs, "symbolic_shapes", dwV_obj(&ss->h)) ||
      !dwL_set(I, ss->attrs, "ConstraintViolationError", cve))
    return false;
  Value nnmod = dwV_dict_gets(I->modules, dwI_intern(I, "torch.nn"));
  Value modcls = nnmod.t == V_MODULE
                     ? dwV_dict_gets(((Module *)OBJ(nnmod))->attrs, dwI_intern(I, "Module"))
                     : dwV_null();
  static const char *const names[3] = {"Node", "Graph", "GraphModule"};
  const BuiltinDef *const methods[3] = {node_methods, graph_methods, gm_methods};
  for (int k = 0; k < 3; k++) {
    Class *base = k == 2 && modcls.t == V_CLASS ? (Class *)OBJ(modcls) : NULL;
    Class *c = dwL_new_class(I, names[k], base, CLS_BUILTIN | (k == 2 ? CLS_NN_MODULE : 0));
    if (!c || !dwL_add_defs(I, c->ns, methods[k])) return false;
    if (k == 0 && !add_props(I, c, node_props)) return false;
    if (k == 2 && !add_props(I, c, gm_props)) return false;
    bool ok = dwL_set(I, fx->attrs, names[k], dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
    if (!ok) return false;
  }
  return true;
}

/* A named backend applied to a GraphModule (lookup_backend(name)(gm,
 * example_inputs)): the eager backends run gm as it is, the WebAssembly
 * backend compiles its graph; relu_compile_error_TESTING_ONLY fails on a
 * torch.relu node (backends/debugging.py). */
Value dwM_compile_gm(Interp *I, Value gm, int bk) {
  if (bk == BK_RELU_COMPILE_ERROR) {
    Value g = attr(gm, I, "graph");
    List *l = g.t != V_NULL ? graph_nodes(I, g) : NULL;
    for (int64_t k = 0; l && k < l->len; k++) {
      Value tg = attr(l->items[k], I, "target");
      if (tg.t == V_BUILTIN && !strcmp(((Builtin *)OBJ(tg))->def->name, "torch.relu"))
        return dwI_raise(I, EXC_ReluCompileError, "%.0s", "");
    }
    return dwOb_getattr(I, gm, dwI_intern(I, "forward"));
  }
  if (bk == BK_EAGER || bk == BK_AOT_EAGER) return dwOb_getattr(I, gm, dwI_intern(I, "forward"));
  Value ex = attr(gm, I, "_dw_exec");
  if (ex.t != V_OPAQUE || ((Opaque *)OBJ(ex))->kind != 20)
    return dwI_raise(I, EXC_NotImplementedError,
                     "compiling a GraphModule that was not built by torch.compile is not supported");
  return dwC_compile_graph(I, &((GmExec *)((Opaque *)OBJ(ex))->p)->g, bk);
}
