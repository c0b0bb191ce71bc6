/* graph.c - the graph IR: building, naming, printing, hashing, dead-code
 * elimination and op-by-op execution on the eager kernels (the "eager"
 * backend).
 *
 * A Graph is a list of nodes in topological order (an op's inputs always
 * have smaller ids). Graph inputs are OP_INPUT nodes, wrapped Python
 * scalars are OP_CONST nodes; Graph.outputs lists the node ids whose values
 * leave the graph. Nodes are named the way torch.fx names them, so the
 * printed graph reads like Dynamo's `graph_code` log. */
#include "dw.h"
#include "../tensor/autograd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Names (torch.fx _Namespace.create_name)                             */
/* ------------------------------------------------------------------ */

/* Names FX will not hand out as they are: Python keywords and builtins
 * (so torch.sum's node is `sum_1`, as in Dynamo's graphs). */
static const char *const reserved_names[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await",
    "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is",
    "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
    "while", "with", "yield", "abs", "all", "any", "ascii", "bin", "bool",
    "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod",
    "compile", "complex", "delattr", "dict", "dir", "divmod", "enumerate",
    "eval", "exec", "filter", "float", "format", "frozenset", "getattr",
    "globals", "hasattr", "hash", "help", "hex", "id", "input", "int",
    "isinstance", "issubclass", "iter", "len", "list", "locals", "map",
    "max", "memoryview", "min", "next", "object", "oct", "open", "ord",
    "pow", "print", "property", "range", "repr", "reversed", "round", "set",
    "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super",
    "tuple", "type", "vars", "zip", "inf", "nan", "math", "torch", "device",
};

static bool is_reserved(const char *s) {
  for (size_t k = 0; k < sizeof reserved_names / sizeof *reserved_names; k++)
    if (!strcmp(reserved_names[k], s)) return true;
  return false;
}

/* Is s the name of one of the first `upto` nodes? */
static bool name_used(const Graph *g, int upto, const char *s) {
  for (int k = 0; k < upto; k++)
    if (g->nodes[k].name && !strcmp(g->nodes[k].name, s)) return true;
  return false;
}

/* A fresh name for `want` following FX: illegal characters become '_', a
 * trailing _<n> is kept as the starting counter, then _1, _2, ... until the
 * name is neither taken nor reserved. Returns an arena string or NULL. */
static const char *fresh_name(Graph *g, int upto, const char *want) {
  char base[96];
  size_t n = 0;
  if (!want || !*want) want = "_unnamed";
  if (want[0] >= '0' && want[0] <= '9') base[n++] = '_';
  for (const char *p = want; *p && n + 1 < sizeof base - 24; p++) {
    char ch = *p;
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
              (ch >= '0' && ch <= '9') || ch == '_';
    base[n++] = ok ? ch : '_';
  }
  base[n] = 0;
  /* Split a trailing "_<digits>" into base and counter. */
  long num = 0;
  char *us = strrchr(base, '_');
  if (us && us[1] && us != base) {
    char *end;
    long v = strtol(us + 1, &end, 10);
    if (!*end && us[1] >= '0' && us[1] <= '9') {
      num = v;
      *us = 0;
    }
  }
  char cand[128];
  if (num)
    snprintf(cand, sizeof cand, "%s_%ld", base, num);
  else
    snprintf(cand, sizeof cand, "%s", base);
  if (name_used(g, upto, cand) || is_reserved(cand)) {
    /* FX counts per base; the largest suffix in use plays that role (one
     * scan, so long unrolled graphs stay linear per node). */
    size_t bl = strlen(base);
    for (int k = 0; k < upto; k++) {
      const char *s = g->nodes[k].name;
      if (!s || strncmp(s, base, bl) || s[bl] != '_') continue;
      char *end;
      long v = strtol(s + bl + 1, &end, 10);
      if (!*end && s[bl + 1] >= '0' && s[bl + 1] <= '9' && v > num) num = v;
    }
    do
      snprintf(cand, sizeof cand, "%s_%ld", base, ++num);
    while (name_used(g, upto, cand) || is_reserved(cand));
  }
  return dwA_strndup(&g->arena, cand, strlen(cand));
}

/* ------------------------------------------------------------------ */
/* Building                                                            */
/* ------------------------------------------------------------------ */

void dwG_init(Graph *g) { memset(g, 0, sizeof *g); }

void dwG_free(Graph *g) {
  free(g->nodes);
  free(g->sx);
  dwA_free(&g->arena);
  memset(g, 0, sizeof *g);
}

int dwG_add(Graph *g, Op op, const TMeta *meta, int nin, const int32_t *in,
            const OpAttrs *at, int line, int col) {
  if ((unsigned)op >= OP_COUNT || nin < 0) return -1;
  for (int k = 0; k < nin; k++)
    if (in[k] < 0 || in[k] >= g->n) return -1;
  if (!DW_GROW(g->nodes, g->cap, g->n, 16)) return -1;
  GNode *nd = &g->nodes[g->n];
  memset(nd, 0, sizeof *nd);
  nd->op = (uint16_t)op;
  if (meta) nd->meta = *meta;
  nd->nin = nin;
  if (nin) {
    nd->in = dwA_alloc(&g->arena, (size_t)nin * sizeof *nd->in);
    if (!nd->in) return -1;
    memcpy(nd->in, in, (size_t)nin * sizeof *nd->in);
  }
  if (at) nd->at = *at;
  nd->line = line;
  nd->col = col;
  nd->input = -1;
  /* names come later (dwG_name): an input keeps the name it asks for
   * until then, ops and constants have none */
  if (op == OP_INPUT) nd->input = g->ninputs++;
  else if (op == OP_CONST) nd->value = at ? at->f[0] : 0.0;
  g->named = false;
  return g->n++;
}

const char *dwG_set_name(Graph *g, int id, const char *name) {
  if (id < 0 || id >= g->n || !name) return NULL;
  g->nodes[id].name = dwA_strndup(&g->arena, name, strlen(name));
  g->named = false;
  return g->nodes[id].name;
}

const char *const dw_alias_method[AK_COUNT] = {
    [AK_CONTIGUOUS] = "contiguous", [AK_FLOAT] = "float", [AK_DOUBLE] = "double",
    [AK_LONG] = "long",             [AK_INT] = "int",     [AK_BOOL] = "bool",
    [AK_TO_DTYPE] = "to",           [AK_TO_DEVICE] = "to", [AK_TYPE] = "type",
    [AK_CPU] = "cpu",               [AK_DETACH] = "detach",  [AK_DROPOUT] = "dropout"};

void dwG_name(Graph *g) {
  if (g->named) return;
  for (int k = 0; k < g->n; k++) {
    GNode *nd = &g->nodes[k];
    char arg[32];
    const char *want;
    if (nd->op == OP_CONST) {
      nd->name = NULL; /* constants are printed inline, never named */
      continue;
    }
    if (nd->op == OP_INPUT) {
      snprintf(arg, sizeof arg, "arg%d", nd->input);
      want = nd->name ? nd->name : arg;
    } else if (nd->op == OP_ALIAS) {
      want = nd->at.flag < AK_COUNT ? dw_alias_method[nd->at.flag] : "alias";
    } else if (nd->op == OP_CAST && nd->at.flag) {
      want = nd->at.flag == CK_ITEM ? "item" : "scalar_tensor";
    } else if (nd->op == OP_RAND) {
      want = nd->at.flag == RK_RANDN ? "randn" : nd->at.flag == RK_RANDINT ? "randint" : "rand";
    } else {
      want = dw_ops[nd->op].name;
    }
    nd->name = fresh_name(g, k, want); /* unique among the nodes before it */
  }
  g->named = true;
}

/* The bytes of an OP_TENSOR node's elements. */
static size_t tensor_bytes(const GNode *nd) {
  size_t n = dwT_dtype_size[nd->meta.dtype];
  for (int d = 0; d < nd->meta.ndim; d++) n *= (size_t)nd->meta.shape[d];
  return n;
}

bool dwG_set_data(Graph *g, int id, const void *p, size_t n) {
  if (id < 0 || id >= g->n || g->nodes[id].op != OP_TENSOR || n != tensor_bytes(&g->nodes[id]))
    return false;
  void *d = dwA_alloc(&g->arena, n ? n : 1);
  if (!d) return false;
  if (n) memcpy(d, p, n);
  g->nodes[id].data = d;
  return true;
}

int dwG_ntensors(const Graph *g) {
  int n = 0;
  for (int k = 0; k < g->n; k++) n += dwG_arg_node(&g->nodes[k]);
  return n;
}

bool dwG_clone(Graph *dst, const Graph *src) {
  dwG_init(dst);
  dst->nodes = malloc(sizeof(GNode) * (size_t)(src->n ? src->n : 1));
  if (!dst->nodes) return false;
  dst->cap = src->n ? src->n : 1;
  for (int k = 0; k < src->n; k++) {
    GNode nd = src->nodes[k];
    if (nd.nin) {
      nd.in = dwA_alloc(&dst->arena, (size_t)nd.nin * sizeof *nd.in);
      if (!nd.in) goto oom;
      memcpy(nd.in, src->nodes[k].in, (size_t)nd.nin * sizeof *nd.in);
    }
    if (nd.name && !(nd.name = dwA_strndup(&dst->arena, nd.name, strlen(nd.name)))) goto oom;
    if (nd.data) {
      size_t n = tensor_bytes(&nd);
      void *d = dwA_alloc(&dst->arena, n ? n : 1);
      if (!d) goto oom;
      memcpy(d, nd.data, n);
      nd.data = d;
    }
    dst->nodes[k] = nd;
  }
  dst->n = src->n;
  dst->ninputs = src->ninputs;
  dst->named = src->named;
  if (src->nsx) {
    if (!(dst->sx = malloc(sizeof(int64_t) * (size_t)src->nsx))) goto oom;
    memcpy(dst->sx, src->sx, sizeof(int64_t) * (size_t)src->nsx);
    dst->nsx = dst->capsx = src->nsx;
  }
  if (!dwG_set_outputs(dst, src->nout, src->outputs)) goto oom;
  return true;
oom:
  dwG_free(dst);
  return false;
}

bool dwG_set_outputs(Graph *g, int n, const int32_t *ids) {
  int32_t *o = n ? dwA_alloc(&g->arena, (size_t)n * sizeof *o) : NULL;
  if (n && !o) return false;
  for (int k = 0; k < n; k++) {
    if (ids[k] < 0 || ids[k] >= g->n) return false;
    o[k] = ids[k];
  }
  g->outputs = o;
  g->nout = n;
  return true;
}

/* ------------------------------------------------------------------ */
/* Size expressions (dynamic shapes)                                   */
/* ------------------------------------------------------------------ */

/* A node's expressions are a chain of records in g->sx: the attribute
 * (-1: an OP_CONST's value), the token count, the next record (1 +
 * offset, 0: none), then the tokens. */
bool dwG_set_sx(Graph *g, int id, int attr, const int64_t *tok, int ntok) {
  if (id < 0 || id >= g->n || ntok <= 0 || ntok > DW_SX_MAXTOK) return false;
  int need = 3 + 2 * ntok;
  if (g->nsx + need > g->capsx) {
    int cap = g->capsx ? g->capsx * 2 : 64;
    while (cap < g->nsx + need) cap *= 2;
    int64_t *p = realloc(g->sx, sizeof(int64_t) * (size_t)cap);
    if (!p) return false;
    g->sx = p;
    g->capsx = cap;
  }
  int64_t *r = g->sx + g->nsx;
  r[0] = attr;
  r[1] = ntok;
  r[2] = g->nodes[id].sx;
  memcpy(r + 3, tok, sizeof(int64_t) * 2 * (size_t)ntok);
  g->nodes[id].sx = g->nsx + 1;
  g->nsx += need;
  return true;
}

const int64_t *dwG_sx(const Graph *g, const GNode *nd, int attr, int *ntok) {
  for (int64_t o = nd->sx; o > 0 && o <= g->nsx; o = g->sx[o - 1 + 2]) {
    const int64_t *r = g->sx + o - 1;
    if (r[0] == attr) {
      *ntok = (int)r[1];
      return r + 3;
    }
  }
  return NULL;
}

bool dwG_sx_eval(const int64_t *tok, int ntok, const int64_t *symv, int64_t *out) {
  int64_t st[DW_SX_MAXTOK];
  int sp = 0;
  for (int k = 0; k < ntok; k++) {
    int64_t op = tok[2 * k], arg = tok[2 * k + 1], a, b, r;
    if (op == SX_CONST || op == SX_SYM) {
      if (op == SX_SYM && (arg < 0 || arg >= DW_MAXSYM || !symv || symv[arg] < 0)) return false;
      st[sp++] = op == SX_CONST ? arg : symv[arg];
      continue;
    }
    if (op == SX_NEG) {
      if (sp < 1 || st[sp - 1] == INT64_MIN) return false;
      st[sp - 1] = -st[sp - 1];
      continue;
    }
    if (sp < 2) return false;
    b = st[--sp];
    a = st[sp - 1];
    switch (op) {
    case SX_ADD:
      if (__builtin_add_overflow(a, b, &r)) return false;
      break;
    case SX_SUB:
      if (__builtin_sub_overflow(a, b, &r)) return false;
      break;
    case SX_MUL:
      if (__builtin_mul_overflow(a, b, &r)) return false;
      break;
    case SX_FLOORDIV:
    case SX_MOD: {
      if (b == 0 || (a == INT64_MIN && b == -1)) return false;
      int64_t q = a / b, m = a % b;
      if (m != 0 && (m < 0) != (b < 0)) {
        q -= 1;
        m += b;
      }
      r = op == SX_FLOORDIV ? q : m;
      break;
    }
    case SX_MAX:
      r = a > b ? a : b;
      break;
    case SX_MIN:
      r = a < b ? a : b;
      break;
    default:
      return false;
    }
    st[sp - 1] = r;
  }
  if (sp != 1) return false;
  *out = st[0];
  return true;
}

void dwG_sx_text(Buf *b, const int64_t *tok, int ntok,
                 void (*name)(Buf *b, int sym, const void *ctx), const void *ctx) {
  /* each operand's text and the precedence of its outermost operator
   * (3 atom, 2 unary minus, 1 * // %, 0 + -), parenthesised as Python
   * needs */
  Buf txt[DW_SX_MAXTOK];
  int prec[DW_SX_MAXTOK], sp = 0;
  static const char *const sym[] = {"", "", " + ", " - ", " * ", " // ", " % ", "-"};
  for (int k = 0; k < ntok; k++) {
    int64_t op = tok[2 * k], arg = tok[2 * k + 1];
    if (op < SX_CONST || op > SX_MIN || (op == SX_NEG ? sp < 1 : op > SX_SYM && sp < 2)) break;
    if (op == SX_CONST || op == SX_SYM) {
      memset(&txt[sp], 0, sizeof txt[sp]);
      if (op == SX_CONST) dwB_printf(&txt[sp], "%lld", (long long)arg);
      else if (name) name(&txt[sp], (int)arg, ctx);
      else dwB_printf(&txt[sp], "s%d", (int)arg);
      prec[sp++] = arg < 0 && op == SX_CONST ? 2 : 3;
      continue;
    }
    Buf r = {0};
    if (op == SX_NEG) {
      dwB_putc(&r, '-');
      bool par = prec[sp - 1] < 2;
      dwB_printf(&r, par ? "(%s)" : "%s", txt[sp - 1].p ? txt[sp - 1].p : "");
      dwB_free(&txt[sp - 1]);
      txt[sp - 1] = r;
      prec[sp - 1] = 2;
      continue;
    }
    if (op == SX_MAX || op == SX_MIN) { /* a call: an atom */
      dwB_printf(&r, "%s(%s, %s)", op == SX_MAX ? "max" : "min", txt[sp - 2].p ? txt[sp - 2].p : "",
                 txt[sp - 1].p ? txt[sp - 1].p : "");
      dwB_free(&txt[sp - 2]);
      dwB_free(&txt[sp - 1]);
      txt[sp - 2] = r;
      prec[sp - 2] = 3;
      sp--;
      continue;
    }
    int p = op == SX_ADD || op == SX_SUB ? 0 : 1;
    /* the right operand of - // % binds tighter, as Python reads it */
    bool pl = prec[sp - 2] < p, pr = prec[sp - 1] < p || (prec[sp - 1] == p && op != SX_ADD && op != SX_MUL);
    dwB_printf(&r, pl ? "(%s)" : "%s", txt[sp - 2].p ? txt[sp - 2].p : "");
    dwB_puts(&r, sym[op]);
    dwB_printf(&r, pr ? "(%s)" : "%s", txt[sp - 1].p ? txt[sp - 1].p : "");
    dwB_free(&txt[sp - 2]);
    dwB_free(&txt[sp - 1]);
    txt[sp - 2] = r;
    prec[sp - 2] = p;
    sp--;
  }
  if (sp >= 1) dwB_puts(b, txt[sp - 1].p ? txt[sp - 1].p : "");
  for (int k = 0; k < sp; k++) dwB_free(&txt[k]);
}

void dwG_sym_values(const Graph *g, Tensor *const *inputs, int64_t *symv) {
  for (int j = 0; j < DW_MAXSYM; j++) symv[j] = -1;
  for (int n = 0; n < g->n; n++) {
    const GNode *nd = &g->nodes[n];
    if (nd->op != OP_INPUT) continue;
    const int64_t *shape = inputs ? inputs[nd->input]->shape : nd->meta.shape;
    int ndim = inputs ? inputs[nd->input]->ndim : nd->meta.ndim;
    for (int d = 0; d < nd->meta.ndim && d < ndim; d++)
      if (nd->sym[d] && nd->sym[d] <= DW_MAXSYM) symv[nd->sym[d] - 1] = shape[d];
  }
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

static const char *const dtype_short[DT_COUNT] = {"f32", "i64", "i32", "b8",
                                                   "f64"};
static const char *const dtype_torch[DT_COUNT] = {
    "torch.float32", "torch.int64", "torch.int32", "torch.bool",
    "torch.float64"};

static void put_meta(Buf *b, const TMeta *m) {
  dwB_printf(b, "%s[", m->dtype < DT_COUNT ? dtype_short[m->dtype] : "?");
  for (int k = 0; k < m->ndim; k++)
    dwB_printf(b, "%s%lld", k ? ", " : "", (long long)m->shape[k]);
  dwB_putc(b, ']');
}

/* A number as a Python literal of the given dtype. */
static void put_number(Buf *b, double v, DType dt) {
  if (dt == DT_BOOL)
    dwB_puts(b, v != 0 ? "True" : "False");
  else if (dwT_is_float(dt))
    dwB_float(b, v);
  else
    dwB_printf(b, "%lld", (long long)v);
}

/* Element k of an OP_TENSOR node's data, as a literal. */
static void put_elem(Buf *b, const GNode *nd, int64_t k) {
  const void *p = nd->data;
  switch ((DType)nd->meta.dtype) {
  case DT_F32: { /* the shortest literal that reads back as this float */
    float v = ((const float *)p)[k];
    char t[40];
    for (int prec = 1; prec <= 9; prec++) {
      snprintf(t, sizeof t, "%.*g", prec, (double)v);
      if ((float)strtod(t, NULL) == v || v != v) break;
    }
    dwB_float(b, strtod(t, NULL));
    break;
  }
  case DT_F64: dwB_float(b, ((const double *)p)[k]); break;
  case DT_I64: dwB_printf(b, "%lld", (long long)((const int64_t *)p)[k]); break;
  case DT_I32: dwB_printf(b, "%d", (int)((const int32_t *)p)[k]); break;
  default: dwB_puts(b, ((const uint8_t *)p)[k] ? "True" : "False"); break;
  }
}

/* Dims d.. of an OP_TENSOR's data from element *k as nested lists; after
 * *left elements, `...` (once: *left becomes -1). */
static void put_rows(Buf *b, const GNode *nd, int d, int64_t *k, int64_t *left) {
  dwB_putc(b, '[');
  for (int64_t i = 0; i < nd->meta.shape[d] && *left >= 0; i++) {
    if (i) dwB_puts(b, ", ");
    if (*left == 0) {
      dwB_puts(b, "...");
      *left = -1;
    } else if (d == nd->meta.ndim - 1) {
      put_elem(b, nd, (*k)++);
      --*left;
    } else {
      put_rows(b, nd, d + 1, k, left);
    }
  }
  dwB_putc(b, ']');
}

/* An OP_TENSOR's data as the nested list torch.tensor was given (the
 * first 100 elements: a longer constant ends in `...`). */
static void put_data(Buf *b, const GNode *nd) {
  int64_t k = 0, left = 100;
  if (!nd->data) dwB_putc(b, '?');
  else if (nd->meta.ndim == 0) put_elem(b, nd, 0);
  else put_rows(b, nd, 0, &k, &left);
}

/* How operand k of a node is spelled: the producer's name, or a literal
 * for constants. */
static void put_arg(Buf *b, const Graph *g, int id) {
  const GNode *nd = &g->nodes[id];
  if (nd->op == OP_CONST)
    put_number(b, nd->value, (DType)nd->meta.dtype);
  else
    dwB_puts(b, nd->name ? nd->name : "?");
}

static void put_ints(Buf *b, const int64_t *v, int n, bool brackets) {
  if (brackets) dwB_putc(b, '[');
  for (int k = 0; k < n; k++)
    dwB_printf(b, "%s%lld", k ? ", " : "", (long long)v[k]);
  if (brackets) dwB_putc(b, ']');
}

/* The reduction keywords: dim=[...] (or dim=d for argmax/argmin) and
 * keepdim=True. */
static void put_reduce_kw(Buf *b, const GNode *nd) {
  bool arg = nd->op == OP_ARGMAX || nd->op == OP_ARGMIN;
  if (nd->at.ni > 0) {
    dwB_puts(b, ", dim=");
    if (arg)
      dwB_printf(b, "%lld", (long long)nd->at.i[0]);
    else
      put_ints(b, nd->at.i, nd->at.ni, true);
  }
  if (nd->at.keepdim) dwB_puts(b, ", keepdim=True");
}

/* Python slice text for SLICE: start:stop(:step). */
static void put_subscript(Buf *b, const Graph *g, const GNode *nd) {
  put_arg(b, g, nd->in[0]);
  dwB_putc(b, '[');
  int dim = (int)nd->at.i[0];
  for (int k = 0; k < dim; k++) dwB_puts(b, ":, ");
  if (nd->op == OP_SELECT) {
    dwB_printf(b, "%lld", (long long)nd->at.i[1]);
  } else {
    dwB_printf(b, "%lld:%lld", (long long)nd->at.i[1],
               (long long)nd->at.i[2]);
    if (nd->at.i[3] != 1) dwB_printf(b, ":%lld", (long long)nd->at.i[3]);
  }
  dwB_putc(b, ']');
}

/* The right-hand side of one op line, as PyTorch code. */
static void put_expr(Buf *b, const Graph *g, const GNode *nd) {
  const OpInfo *oi = &dw_ops[nd->op];
  const OpAttrs *a = &nd->at;
  if (oi->sym[0] && oi->kind == K_UNARY) { /* -x, ~x */
    dwB_puts(b, oi->sym);
    put_arg(b, g, nd->in[0]);
    return;
  }
  if (oi->sym[0] && nd->nin == 2) { /* x + y, a @ b */
    put_arg(b, g, nd->in[0]);
    dwB_printf(b, " %s ", oi->sym);
    put_arg(b, g, nd->in[1]);
    return;
  }
  switch ((Op)nd->op) {
  case OP_GELU:
  case OP_SILU:
    dwB_printf(b, "torch.nn.functional.%s(", oi->name);
    put_arg(b, g, nd->in[0]);
    if (nd->op == OP_GELU && a->flag) dwB_puts(b, ", approximate='tanh'");
    dwB_putc(b, ')');
    return;
  case OP_CLAMP:
    dwB_puts(b, "torch.clamp(");
    put_arg(b, g, nd->in[0]);
    for (int k = 0; k < 2; k++)
      if (a->has_f[k]) {
        dwB_puts(b, k ? ", max=" : ", min=");
        /* Bounds print with the dtype of the result. */
        put_number(b, a->f[k], (DType)nd->meta.dtype);
      }
    dwB_putc(b, ')');
    return;
  case OP_CAST:
    if (a->flag == CK_SCALAR_TENSOR) dwB_puts(b, "torch.scalar_tensor(");
    put_arg(b, g, nd->in[0]);
    if (a->flag)
      dwB_puts(b, a->flag == CK_ITEM ? ".item()" : ", dtype=torch.float64)");
    else
      dwB_printf(b, ".to(%s)", a->dtype < DT_COUNT ? dtype_torch[a->dtype] : "?");
    return;
  case OP_RESHAPE:
  case OP_PERMUTE:
  case OP_EXPAND:
    put_arg(b, g, nd->in[0]);
    dwB_printf(b, ".%s(",
               nd->op == OP_RESHAPE && a->flag ? "view" : oi->name);
    put_ints(b, a->i, a->ni, false);
    dwB_putc(b, ')');
    return;
  case OP_SLICE:
  case OP_SELECT:
    put_subscript(b, g, nd);
    return;
  case OP_ALIAS:
    if (a->flag == AK_DROPOUT) {
      dwB_puts(b, "torch.nn.functional.dropout(");
      put_arg(b, g, nd->in[0]);
      dwB_puts(b, ", p=");
      put_number(b, a->f[0], DT_F64);
      dwB_printf(b, ", training=%s)", a->f[1] != 0 ? "True" : "False");
      return;
    }
    put_arg(b, g, nd->in[0]);
    if (a->flag == AK_TO_DTYPE || a->flag == AK_TYPE)
      dwB_printf(b, ".%s(%s)", dw_alias_method[a->flag], nd->meta.dtype < DT_COUNT ? dtype_torch[nd->meta.dtype] : "?");
    else if (a->flag == AK_TO_DEVICE)
      dwB_puts(b, ".to('cpu')");
    else
      dwB_printf(b, ".%s()", a->flag < AK_COUNT ? dw_alias_method[a->flag] : "alias");
    return;
  case OP_GATHER:
    dwB_puts(b, "torch.gather(");
    put_arg(b, g, nd->in[0]);
    dwB_printf(b, ", %lld, ", (long long)a->i[0]);
    put_arg(b, g, nd->in[1]);
    dwB_putc(b, ')');
    return;
  case OP_ARGSORT:
    dwB_puts(b, "torch.argsort(");
    put_arg(b, g, nd->in[0]);
    dwB_printf(b, ", dim=-1, descending=%s, stable=True)", a->flag ? "True" : "False");
    return;
  case OP_CAT:
    dwB_puts(b, "torch.cat([");
    for (int k = 0; k < nd->nin; k++) {
      if (k) dwB_puts(b, ", ");
      put_arg(b, g, nd->in[k]);
    }
    dwB_printf(b, "], dim=%lld)", (long long)a->i[0]);
    return;
  case OP_FULL:
    dwB_puts(b, "torch.full(");
    put_ints(b, a->i, a->ni, true);
    dwB_puts(b, ", ");
    put_number(b, a->f[0], (DType)a->dtype);
    dwB_printf(b, ", dtype=%s)",
               a->dtype < DT_COUNT ? dtype_torch[a->dtype] : "?");
    return;
  case OP_RAND:
    if (nd->at.flag == RK_RANDINT) {
      dwB_printf(b, "torch.randint(%lld, %lld, ", (long long)a->f[0], (long long)a->f[1]);
      put_ints(b, a->i, a->ni, true);
    } else {
      dwB_printf(b, "torch.%s(", nd->at.flag == RK_RANDN ? "randn" : "rand");
      put_ints(b, a->i, a->ni, true);
    }
    if (a->dtype != (nd->at.flag == RK_RANDINT ? DT_I64 : DT_F32))
      dwB_printf(b, ", dtype=%s", a->dtype < DT_COUNT ? dtype_torch[a->dtype] : "?");
    dwB_putc(b, ')');
    return;
  case OP_TENSOR:
    dwB_puts(b, "torch.tensor(");
    put_data(b, nd);
    if (a->dtype != DT_I64 && a->dtype != DT_F32 && a->dtype != DT_BOOL)
      dwB_printf(b, ", dtype=%s", a->dtype < DT_COUNT ? dtype_torch[a->dtype] : "?");
    dwB_putc(b, ')');
    return;
  case OP_ARANGE: {
    DType dt = (DType)a->dtype;
    dwB_puts(b, "torch.arange(");
    put_number(b, a->f[0], dt);
    dwB_puts(b, ", ");
    put_number(b, a->f[0] + (double)a->i[0] * a->f[1], dt);
    dwB_puts(b, ", ");
    put_number(b, a->f[1], dt);
    dwB_printf(b, ", dtype=%s)",
               dt < DT_COUNT ? dtype_torch[dt] : "?");
    return;
  }
  default:
    break;
  }
  /* torch.<name>(inputs..., keywords) */
  dwB_printf(b, "torch.%s(", oi->name);
  for (int k = 0; k < nd->nin; k++) {
    if (k) dwB_puts(b, ", ");
    put_arg(b, g, nd->in[k]);
  }
  if (oi->kind == K_REDUCE) put_reduce_kw(b, nd);
  dwB_putc(b, ')');
}

void dwG_dump(Buf *b, const Graph *g, const char *fn_name) {
  /* names are assigned on first print (they are a cache, not structure) */
  dwG_name((Graph *)g);
  dwB_printf(b, "%s(", fn_name ? fn_name : "graph");
  bool first = true;
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->op != OP_INPUT) continue;
    dwB_printf(b, "%s%s: ", first ? "" : ", ", nd->name ? nd->name : "?");
    put_meta(b, &nd->meta);
    first = false;
  }
  dwB_puts(b, "):\n");
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->op == OP_INPUT || nd->op == OP_CONST) continue;
    dwB_printf(b, "  %s = ", nd->name ? nd->name : "?");
    put_expr(b, g, nd);
    if (nd->line > 0) dwB_printf(b, "  # line %d", nd->line);
    dwB_putc(b, '\n');
  }
  dwB_puts(b, "  return ");
  if (g->nout != 1) dwB_putc(b, '(');
  for (int k = 0; k < g->nout; k++) {
    if (k) dwB_puts(b, ", ");
    put_arg(b, g, g->outputs[k]);
  }
  if (g->nout != 1) dwB_putc(b, ')');
}

void dwG_json_nodes(Buf *b, const Graph *g, const int *nest) {
  dwG_name((Graph *)g);
  Buf t = {0};
  dwB_putc(b, '[');
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    const char *name = nd->name ? nd->name : "?";
    dwB_printf(b, "%s{\"id\":%d,\"name\":", k ? "," : "", k);
    dwB_json_str(b, name, strlen(name));
    dwB_printf(b, ",\"op\":\"%s\",\"expr\":",
               nd->op == OP_INPUT   ? "input"
               : nd->op == OP_CONST ? "const"
                                    : dw_ops[nd->op].name);
    t.len = 0;
    if (nd->op == OP_CONST)
      put_arg(&t, g, k);
    else if (nd->op != OP_INPUT)
      put_expr(&t, g, nd);
    if (nd->op == OP_INPUT)
      dwB_puts(b, "null");
    else
      dwB_json_str(b, t.p ? t.p : "", t.len);
    t.len = 0;
    put_meta(&t, &nd->meta);
    dwB_puts(b, ",\"meta\":");
    dwB_json_str(b, t.p ? t.p : "", t.len);
    dwB_puts(b, ",\"inputs\":[");
    for (int j = 0; j < nd->nin; j++)
      dwB_printf(b, "%s%d", j ? "," : "", nd->in[j]);
    dwB_puts(b, "],\"line\":");
    if (nd->line > 0)
      dwB_printf(b, "%d", nd->line);
    else
      dwB_puts(b, "null");
    dwB_puts(b, ",\"nest\":");
    if (nest && nest[k] >= 0)
      dwB_printf(b, "%d", nest[k]);
    else
      dwB_puts(b, "null");
    dwB_putc(b, '}');
  }
  dwB_putc(b, ']');
  dwB_free(&t);
}

/* ------------------------------------------------------------------ */
/* Hashing                                                             */
/* ------------------------------------------------------------------ */

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdULL;
  return h ^ (h >> 33);
}

static uint64_t dbits(double d) {
  uint64_t u; /* the bits: -0.0 and 0.0 are different constants */
  memcpy(&u, &d, sizeof u);
  return u;
}

static uint64_t hash_meta(uint64_t h, const GNode *nd) {
  const TMeta *m = &nd->meta;
  h = mix(h, (uint64_t)m->dtype | (uint64_t)m->ndim << 8 |
                 (uint64_t)m->wrapped << 16);
  if (nd->op != OP_INPUT) return h; /* follows from the inputs and attributes */
  for (int k = 0; k < m->ndim; k++)
    h = mix(h, nd->sym[k] ? 0xd00d0000ULL + nd->sym[k] : (uint64_t)m->shape[k]);
  return h;
}

/* The target of a RESHAPE as groups of consecutive dims of its input
 * (unsqueeze, squeeze, flatten, view(-1), x.view(x.shape[0], -1) ...):
 * grp[j] is -1 for an inserted 1, else p << 8 | q for the product of input
 * dims p..q-1. With the input's sizes the groups give the target back, so
 * the graph is the same at every size of a symbolic dim. false: the
 * target is not made of the input's dims. */
static bool reshape_groups(const TMeta *in, const OpAttrs *a, int32_t *grp) {
  int p = 0;
  for (int j = 0; j < a->ni && j < DW_MAXDIM; j++) {
    int64_t t = a->i[j];
    if (t <= 0) return false;
    if (t == 1 && (p >= in->ndim || in->shape[p] != 1)) {
      grp[j] = -1;
      continue;
    }
    int q = p;
    int64_t prod = 1;
    while (q < in->ndim && prod < t) prod *= in->shape[q++];
    if (prod != t || q == p) return false;
    grp[j] = p << 8 | q;
    p = q;
  }
  for (; p < in->ndim; p++) /* dims of size 1 dropped at the end */
    if (in->shape[p] != 1) return false;
  return a->ni <= DW_MAXDIM;
}

/* The input dim whose size integer attribute j of nd counts from (the
 * attribute is that size plus the same offset at every size), or -1:
 * slice / select bounds given from the end, an expand's kept dim. (A
 * reshape's target: reshape_groups.) */
static int size_rel_dim(const GNode *nd, const TMeta *in, int j) {
  const OpAttrs *a = &nd->at;
  switch (nd->op) {
  case OP_SLICE:
  case OP_SELECT:
    return j >= 1 && j <= 2 && j < a->ni && a->i[0] >= 0 && a->i[0] < in->ndim &&
                   (a->from_end >> (j - 1) & 1)
               ? (int)a->i[0]
               : -1;
  case OP_EXPAND: {
    int d = j - (a->ni - in->ndim);
    return j < a->ni && d >= 0 && d < in->ndim && in->shape[d] == a->i[j] ? d : -1;
  }
  default:
    return -1;
  }
}

/* Attributes given a size expression take its value at the sizes symv. */
static void attrs_sx(const Graph *g, const GNode *nd, const int64_t *symv, OpAttrs *at) {
  for (int64_t o = nd->sx; o > 0 && o <= g->nsx; o = g->sx[o - 1 + 2]) {
    const int64_t *r = g->sx + o - 1;
    int64_t v;
    if (r[0] >= 0 && r[0] < at->ni && dwG_sx_eval(r + 3, (int)r[1], symv, &v)) at->i[r[0]] = v;
  }
}

void dwG_attrs_at(const Graph *g, const GNode *nd, int ndim, const int64_t *shape,
                  const int64_t *symv, OpAttrs *at) {
  *at = nd->at;
  if (nd->sx && symv) attrs_sx(g, nd, symv, at);
  if (nd->nin != 1 || !shape) return;
  const TMeta *in = &g->nodes[nd->in[0]].meta;
  if (in->ndim != ndim || !memcmp(in->shape, shape, sizeof(int64_t) * (size_t)ndim)) return;
  int32_t grp[DW_MAXDIM];
  if (nd->op == OP_RESHAPE) {
    if (!reshape_groups(in, &nd->at, grp)) return;
    for (int j = 0; j < at->ni; j++) {
      int64_t prod = 1;
      for (int d = grp[j] >> 8; grp[j] >= 0 && d < (grp[j] & 0xff); d++) prod *= shape[d];
      at->i[j] = prod;
    }
    return;
  }
  int nt;
  for (int j = 0; j < at->ni && j < DW_MAXDIM + 2; j++) {
    int d = size_rel_dim(nd, in, j);
    if (d >= 0 && !dwG_sx(g, nd, j, &nt)) at->i[j] += shape[d] - in->shape[d];
  }
}

/* The integer attributes of nd; with `sizes`, those that are sizes of the
 * input (size_rel_dim, a reshape's groups) hashed relative to it. */
static uint64_t hash_sx(uint64_t h, const int64_t *tok, int ntok) {
  h = mix(h, 0x5e5e0000ULL + (uint64_t)ntok);
  for (int k = 0; k < 2 * ntok; k++) h = mix(h, (uint64_t)tok[k]);
  return h;
}

static uint64_t hash_int_attrs(uint64_t h, const Graph *g, const GNode *nd, bool sizes) {
  const OpAttrs *a = &nd->at;
  const TMeta *in = sizes && nd->nin == 1 ? &g->nodes[nd->in[0]].meta : NULL;
  int32_t grp[DW_MAXDIM];
  if (in && nd->op == OP_RESHAPE && reshape_groups(in, a, grp)) {
    for (int j = 0; j < a->ni; j++) h = mix(mix(h, 0x9909), (uint64_t)(uint32_t)grp[j]);
    return mix(h, (uint64_t)a->ni);
  }
  h = mix(h, (uint64_t)a->ni);
  for (int j = 0; j < a->ni && j < DW_MAXDIM + 2; j++) {
    int nt;
    const int64_t *sx = sizes ? dwG_sx(g, nd, j, &nt) : NULL;
    if (sx) { /* computed from the sizes: the expression, not its value */
      h = hash_sx(h, sx, nt);
      continue;
    }
    int d = in ? size_rel_dim(nd, in, j) : -1;
    if (d >= 0) h = mix(h, 0xd1ffULL); /* counted from the input's size */
    h = mix(h, (uint64_t)(a->i[j] - (d >= 0 ? in->shape[d] : 0)));
  }
  return h;
}

static uint64_t hash_graph(const Graph *g, bool sizes) {
  uint64_t h = mix(0x6477676861736831ULL, (uint64_t)g->n);
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    const OpAttrs *a = &nd->at;
    h = mix(h, nd->op);
    h = hash_meta(h, nd);
    h = mix(h, (uint64_t)nd->nin);
    for (int j = 0; j < nd->nin; j++) h = mix(h, (uint64_t)nd->in[j]);
    if (nd->op == OP_INPUT) h = mix(h, (uint64_t)nd->input);
    if (nd->op == OP_CONST) {
      int nt;
      const int64_t *sx = sizes ? dwG_sx(g, nd, -1, &nt) : NULL;
      h = sx ? hash_sx(h, sx, nt) : mix(h, dbits(nd->value));
    }
    h = hash_int_attrs(h, g, nd, sizes);
    h = mix(h, a->from_end);
    for (int j = 0; j < 2; j++)
      h = mix(h, a->has_f[j] ? dbits(a->f[j]) : 0x5a5a);
    if (nd->op == OP_FULL || nd->op == OP_ARANGE || nd->op == OP_RAND) {
      h = mix(h, dbits(a->f[0]));
      h = mix(h, dbits(a->f[1]));
    }
    if (nd->op == OP_TENSOR && nd->data) { /* its elements */
      const uint8_t *p = nd->data;
      size_t n = tensor_bytes(nd), j = 0;
      for (; j + 8 <= n; j += 8) {
        uint64_t w;
        memcpy(&w, p + j, 8);
        h = mix(h, w);
      }
      for (; j < n; j++) h = mix(h, p[j]);
    }
    h = mix(h, (uint64_t)a->dtype | (uint64_t)a->keepdim << 8 |
                   (uint64_t)a->flag << 16);
  }
  h = mix(h, (uint64_t)g->nout);
  for (int k = 0; k < g->nout; k++) h = mix(h, (uint64_t)g->outputs[k]);
  return h;
}

uint64_t dwG_hash(const Graph *g) { return hash_graph(g, false); }

uint64_t dwG_hash_sizes(const Graph *g) { return hash_graph(g, true); }

/* ------------------------------------------------------------------ */
/* Dead-code elimination                                               */
/* ------------------------------------------------------------------ */

int dwG_dce(Graph *g) {
  if (g->n == 0) return 0;
  uint8_t *live = calloc((size_t)g->n, 1);
  int32_t *remap = malloc((size_t)g->n * sizeof *remap);
  if (!live || !remap) {
    free(live);
    free(remap);
    return 0;
  }
  for (int k = 0; k < g->nout; k++) live[g->outputs[k]] = 1;
  for (int k = g->n - 1; k >= 0; k--) {
    /* a random tensor is drawn even if unused: the generator's state
     * after the graph is eager's */
    if (g->nodes[k].op == OP_INPUT || g->nodes[k].op == OP_RAND) live[k] = 1;
    if (!live[k]) continue;
    for (int j = 0; j < g->nodes[k].nin; j++) live[g->nodes[k].in[j]] = 1;
  }
  int n = 0;
  for (int k = 0; k < g->n; k++) {
    remap[k] = live[k] ? n : -1;
    if (!live[k]) continue;
    GNode nd = g->nodes[k];
    for (int j = 0; j < nd.nin; j++) nd.in[j] = remap[nd.in[j]];
    g->nodes[n++] = nd;
  }
  for (int k = 0; k < g->nout; k++) g->outputs[k] = remap[g->outputs[k]];
  int removed = g->n - n;
  g->n = n;
  free(live);
  free(remap);
  return removed;
}

/* ------------------------------------------------------------------ */
/* Eager execution                                                     */
/* ------------------------------------------------------------------ */

static bool is_view(const GNode *nd) {
  return nd->op != OP_INPUT && nd->op != OP_CONST && dw_ops[nd->op].kind == K_VIEW &&
         nd->nin == 1;
}

int dwG_view_base(const Graph *g, int k) {
  while (is_view(&g->nodes[k])) k = g->nodes[k].in[0];
  return k;
}

Tensor *dwG_eval_views(Ctx *c, const Graph *g, int k, int base, Tensor *basev,
                       const int64_t *symv) {
  /* the chain base -> k, replayed from its start (no C recursion: a loop
   * may have unrolled into thousands of views) */
  int n = 0;
  for (int j = k; j != base; j = g->nodes[j].in[0]) n++;
  int *chain = malloc(sizeof(int) * (size_t)(n + 1));
  if (!chain) return dw_fail(c, EXC_MemoryError, "out of memory"), NULL;
  int p = n;
  for (int j = k; j != base; j = g->nodes[j].in[0]) chain[--p] = j;
  dwV_incref_o(&basev->h);
  Tensor *x = basev;
  for (int q = 0; x && q < n; q++) {
    const GNode *nd = &g->nodes[chain[q]];
    OpAttrs at; /* the sizes of basev: a symbolic dim (x[:-1]) */
    dwG_attrs_at(g, nd, x->ndim, x->shape, symv, &at);
    Tensor *r = dwT_op(c, (Op)nd->op, 1, &x, &at);
    dwV_decref_o(c, &x->h);
    x = r;
  }
  free(chain);
  return x;
}

bool dwG_run_eager(Ctx *c, const Graph *g, Tensor **inputs,
                   Tensor **outputs) {
  int failed;
  return dwG_run_eager_at(c, g, inputs, outputs, &failed);
}

bool dwG_run_eager_at(Ctx *c, const Graph *g, Tensor **inputs,
                      Tensor **outputs, int *failed) {
  return dwG_run_eager_ex(c, g, inputs, outputs, failed, NULL, false, false);
}

bool dwG_run_eager_ex(Ctx *c, const Graph *g, Tensor **inputs, Tensor **outputs,
                      int *failed, Tensor **rands, bool supply, bool record) {
  int nrand = 0;
  *failed = -1;
  Tensor **val = calloc((size_t)g->n + 1, sizeof *val);
  int32_t *last = malloc(((size_t)g->n + 1) * sizeof *last);
  Tensor *stackin[8], **ins = stackin;
  int maxin = 8;
  bool ok = val && last;
  if (!ok) dw_fail(c, EXC_MemoryError, "out of memory");
  int64_t symv[DW_MAXSYM]; /* the sizes of this call's symbols */
  dwG_sym_values(g, inputs, symv);
  /* last[k]: the last node reading node k (outputs are read at the end). */
  for (int k = 0; ok && k < g->n; k++) last[k] = k;
  for (int k = 0; ok && k < g->n; k++)
    for (int j = 0; j < g->nodes[k].nin; j++) last[g->nodes[k].in[j]] = k;
  for (int k = 0; ok && k < g->nout; k++) last[g->outputs[k]] = g->n;
  for (int k = 0; ok && k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    switch (nd->op) {
    case OP_INPUT:
      val[k] = inputs[nd->input];
      dwV_incref_o(&val[k]->h);
      break;
    case OP_CONST: {
      double v = nd->value;
      int nt;
      int64_t iv;
      const int64_t *sx = nd->sx ? dwG_sx(g, nd, -1, &nt) : NULL;
      if (sx && dwG_sx_eval(sx, nt, symv, &iv)) v = (double)iv; /* a SymInt */
      val[k] = dwT_scalar(c, (DType)nd->meta.dtype, v, nd->meta.wrapped);
      ok = val[k] != NULL;
      break;
    }
    case OP_TENSOR:
      val[k] = dwT_empty(c, (DType)nd->meta.dtype, nd->meta.ndim, nd->meta.shape);
      ok = val[k] != NULL && nd->data;
      if (ok) memcpy(dwT_data(val[k]), nd->data, tensor_bytes(nd));
      else *failed = k;
      break;
    default:
      if (nd->nin > maxin) {
        Tensor **p = malloc((size_t)nd->nin * sizeof *p);
        if (!p) {
          ok = dw_fail(c, EXC_MemoryError, "out of memory");
          break;
        }
        if (ins != stackin) free(ins);
        ins = p;
        maxin = nd->nin;
      }
      for (int j = 0; j < nd->nin; j++) ins[j] = val[nd->in[j]];
      OpAttrs at;
      if (nd->nin)
        dwG_attrs_at(g, nd, ins[0]->ndim, ins[0]->shape, symv, &at);
      else
        dwG_attrs_at(g, nd, 0, NULL, symv, &at);
      if (nd->op == OP_RAND && rands && supply) { /* the draws of an earlier run */
        val[k] = rands[nrand++];
        dwV_incref_o(&val[k]->h);
        break;
      }
      val[k] = record && dwAg_wants(nd->nin, ins) ? dwAg_op(c, (Op)nd->op, nd->nin, ins, &at)
                                                  : dwT_op(c, (Op)nd->op, nd->nin, ins, &at);
      ok = val[k] != NULL;
      if (!ok) *failed = k;
      if (ok && nd->op == OP_RAND && rands) { /* kept for a re-run */
        rands[nrand++] = val[k];
        dwV_incref_o(&val[k]->h);
      }
      break;
    }
    /* Drop values whose last reader was this node. */
    for (int j = 0; ok && j < nd->nin; j++) {
      int p = nd->in[j];
      if (last[p] == k && val[p]) {
        dwV_decref_o(c, &val[p]->h);
        val[p] = NULL;
      }
    }
    if (ok && last[k] == k && val[k]) { /* unused result */
      dwV_decref_o(c, &val[k]->h);
      val[k] = NULL;
    }
  }
  for (int k = 0; ok && k < g->nout; k++) {
    outputs[k] = val[g->outputs[k]];
    dwV_incref_o(&outputs[k]->h);
  }
  for (int k = 0; val && k < g->n; k++)
    if (val[k]) dwV_decref_o(c, &val[k]->h);
  if (ins != stackin) free(ins);
  free(val);
  free(last);
  return ok;
}
