/* fuse.c - graph -> loop nests (the inductor-like scheduler).
 *
 * The pipeline (dwF_plan):
 *   1. place    walk the graph in order and give every node that must exist
 *               in memory (outputs, reductions, matmuls, cats, and whatever a
 *               later step asks to materialise) a place in a nest, joining an
 *               existing nest when the iteration spaces agree (fusion);
 *               values are built on demand as expression DAGs over loads of
 *               buffers, so pointwise producers, views and broadcasts are
 *               inlined into their consumers;
 *   2. scratch  give the intermediates that must be materialised an offset
 *               in the scratch area;
 *   3. simplify collapse loop variables that address memory contiguously
 *               together ([64, 128] pointwise -> one loop of 8192) and drop
 *               loops of one iteration;
 *   4. vectorise choose the variable that runs 4 lanes in each nest.
 *
 * Fusion rules (a node u is placed in nest N when):
 *   - pointwise nest, same shape as u: u joins (one loop, several stores);
 *   - reduction nest over input shape S with reduced dims R: a reduction of
 *     the same S and R joins as another accumulator (in the first pass after
 *     the accumulators it depends on: softmax = amax, then sum(exp(x-m)));
 *     a pointwise u of the reduced shape joins the epilogue (outer level);
 *     a pointwise u of shape S joins a pass (prologue stores, or the final
 *     normalisation of softmax/layer_norm);
 *   - matmul nest: a pointwise u of the product's shape that reads the
 *     product at the same index joins the micro-kernel's epilogue
 *     (bias add, activation);
 *   - every dependency of u must be available in N: inputs always; a buffer
 *     written by an earlier nest; a value computed in N at the same index;
 *     pointwise producers are recomputed inline otherwise.
 * A reshape whose index map is not affine in the loop variables (flattening
 * a computed, non-contiguous value) materialises its input first; a matmul
 * reads its operands from memory (views of buffers are fine; the right
 * operand must be contiguous along n, else it is materialised). */
#include "fuse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

#define GROW(arr, cap, n) DW_GROW(arr, cap, n, 16)

/* A node whose value the kernel reads from an argument: a graph input, a
 * torch.tensor constant or a random tensor (dwG_arg_node). */
static bool is_input(const GNode *nd) { return nd->op == OP_INPUT || dwG_arg_node(nd); }

static FAff aff_const(int64_t v) {
  FAff a;
  memset(&a, 0, sizeof a);
  a.off = v;
  return a;
}
static FAff aff_var(int v) {
  FAff a = aff_const(0);
  a.c[v] = 1;
  return a;
}
static FAff aff_axpy(int64_t k, const FAff *x, const FAff *y) { /* k*x + y */
  FAff r = *y;
  r.off += k * x->off;
  for (int v = 0; v < F_MAXVARS; v++) r.c[v] += k * x->c[v];
  return r;
}
static bool aff_eq(const FAff *a, const FAff *b) {
  return memcmp(a, b, sizeof *a) == 0;
}

/* The multi-index of a node's value as affine functions of loop variables:
 * dim d of the node is at r[d]. Rows of size-1 dims are always 0. */
typedef struct Rows {
  int nd;
  FAff r[DW_MAXDIM];
} Rows;

static void rows_norm(Rows *rw, const TMeta *m) {
  rw->nd = m->ndim;
  for (int d = 0; d < m->ndim; d++)
    if (m->shape[d] == 1) rw->r[d] = aff_const(0);
}
static bool rows_eq(const Rows *a, const Rows *b) {
  if (a->nd != b->nd) return false;
  for (int d = 0; d < a->nd; d++)
    if (!aff_eq(&a->r[d], &b->r[d])) return false;
  return true;
}
static void contig_strides(const TMeta *m, int64_t *cs) {
  int64_t s = 1;
  for (int d = m->ndim - 1; d >= 0; d--) {
    cs[d] = s;
    s *= m->shape[d];
  }
}
/* Element index into a contiguous buffer of shape m. */
static FAff rows_flat(const Rows *rw, const TMeta *m) {
  int64_t cs[DW_MAXDIM];
  contig_strides(m, cs);
  FAff f = aff_const(0);
  for (int d = 0; d < m->ndim; d++) f = aff_axpy(cs[d], &rw->r[d], &f);
  return f;
}
static int64_t numel(const TMeta *m) {
  int64_t n = 1;
  for (int d = 0; d < m->ndim; d++) n *= m->shape[d];
  return n;
}
static bool shape_eq(const TMeta *a, int nd, const int64_t *s) {
  return a->ndim == nd &&
         memcmp(a->shape, s, (size_t)nd * sizeof *s) == 0;
}
static int wrapd(int64_t d, int nd) {
  int n = nd > 0 ? nd : 1;
  return (int)(d < 0 ? d + n : d);
}

/* ------------------------------------------------------------------ */
/* Builder state                                                       */
/* ------------------------------------------------------------------ */

typedef struct NodeState {
  int buf;      /* buffer holding the node's value, -1 none */
  int buf_nest; /* nest writing it (-1: a graph input, there from the start) */
  int home;     /* REDUCE / MATMUL: the nest computing it, -1 not yet */
  int acc;      /* REDUCE: its accumulator in home */
  bool want;    /* must be materialised (asked by a reshape or a matmul) */
} NodeState;

typedef struct Memo {
  int node;
  Rows rows;
  int expr;
} Memo;

/* What the builder knows about a nest's iteration space. */
typedef struct NestInfo {
  Memo *memo;
  int nmemo, capmemo;
  TMeta space;              /* pointwise: the shape; reduce: the input */
  uint8_t red[DW_MAXDIM];   /* reduce: reduced dims of space */
  int var_of[DW_MAXDIM];    /* reduce: loop var of each dim of space */
  TMeta mm_out;             /* matmul: the product's meta */
  int mm_var[DW_MAXDIM];    /* matmul: var of each dim of the product */
} NestInfo;

typedef struct Builder {
  Ctx *c;
  const Graph *g;
  FPlan *p;
  NodeState *ns;
  NestInfo *ni; /* parallel to p->nest (capacity p->capnest) */
  int need;     /* node asked to be materialised (R_NEED) */
  int depth;    /* recursion of build(): long chains are cut into nests */
  int *outslot; /* per node: first output slot, -1 */
} Builder;

enum { R_NOJOIN = -1, R_NEED = -2, R_ERR = -3 };

static bool oom(Builder *b) { return dw_fail(b->c, EXC_MemoryError, "out of memory"); }

static int new_buf(Builder *b, FBufKind kind, int slot, const TMeta *m,
                   int node) {
  FPlan *p = b->p;
  if (!GROW(p->buf, p->capbuf, p->nbuf)) return oom(b), -1;
  FBuf *f = &p->buf[p->nbuf];
  memset(f, 0, sizeof *f);
  f->kind = kind;
  f->slot = slot;
  f->dt = m->dtype;
  f->numel = numel(m);
  f->node = node;
  return p->nbuf++;
}

static int new_nest(Builder *b, FNestKind kind) {
  FPlan *p = b->p;
  int oldcap = p->capnest;
  if (!GROW(p->nest, p->capnest, p->nnest)) return oom(b), -1;
  if (p->capnest != oldcap) {
    NestInfo *q = realloc(b->ni, (size_t)p->capnest * sizeof *q);
    if (!q) return oom(b), -1;
    b->ni = q;
  }
  FNest *n = &p->nest[p->nnest];
  memset(n, 0, sizeof *n);
  memset(&b->ni[p->nnest], 0, sizeof b->ni[p->nnest]);
  n->kind = kind;
  n->mm_node = -1;
  return p->nnest++;
}

static void free_nest_info(NestInfo *ni) { free(ni->memo); }

/* Removes the last nest (a placement that did not work out). */
static void pop_nest(Builder *b) {
  FNest *n = &b->p->nest[--b->p->nnest];
  free(n->ex);
  free(n->acc);
  free(n->st);
  free_nest_info(&b->ni[b->p->nnest]);
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

static bool aff_inner(const FNest *n, const FAff *a) {
  for (int v = n->nouter; v < n->nouter + n->ninner; v++)
    if (a->c[v]) return true;
  return false;
}

/* The first pass in which an inner computation may use expr e. */
static int use_pass(const FExpr *e) { return e->inner ? e->pass : e->pass + 1; }

static int add_expr(Builder *b, int N, FExpr *e) {
  FNest *n = &b->p->nest[N];
  if (!GROW(n->ex, n->capex, n->nex)) return oom(b), R_ERR;
  e->inner = 0;
  e->pass = -1;
  switch ((FExprKind)e->kind) {
  case FE_LOAD:
  case FE_INDEX:
    e->inner = aff_inner(n, &e->aff);
    e->pass = e->inner ? 0 : -1;
    break;
  case FE_CONST:
  case FE_MM:
    break;
  case FE_ACC:
    e->pass = (int8_t)n->acc[e->acc].pass;
    break;
  case FE_GATHER:
    e->inner = aff_inner(n, &e->aff); /* and the index operand: */
    /* fall through */
  case FE_OP:
  case FE_CAST:
    for (int k = 0; k < e->nin; k++)
      if (n->ex[e->a[k]].inner) e->inner = 1;
    for (int k = 0; k < e->nin; k++) {
      const FExpr *o = &n->ex[e->a[k]];
      int p = e->inner ? use_pass(o) : o->pass;
      if (p > e->pass) e->pass = (int8_t)p;
    }
    break;
  }
  /* Share identical expressions (CSE). */
  for (int k = 0; k < n->nex; k++) {
    const FExpr *o = &n->ex[k];
    if (o->kind != e->kind || o->dt != e->dt || o->op != e->op ||
        o->nin != e->nin)
      continue;
    bool same = true;
    switch ((FExprKind)e->kind) {
    case FE_LOAD: same = o->buf == e->buf && aff_eq(&o->aff, &e->aff); break;
    case FE_INDEX: same = o->node == e->node && aff_eq(&o->aff, &e->aff); break;
    case FE_CONST:
      same = memcmp(&o->value, &e->value, sizeof e->value) == 0;
      break;
    case FE_ACC: same = o->acc == e->acc; break;
    case FE_MM: same = true; break;
    case FE_GATHER:
      same = o->buf == e->buf && aff_eq(&o->aff, &e->aff) && o->a[0] == e->a[0] &&
             o->gstride == e->gstride && o->glimit == e->glimit && o->gkind == e->gkind;
      break;
    case FE_OP:
    case FE_CAST:
      for (int j = 0; j < e->nin; j++) same = same && o->a[j] == e->a[j];
      /* ops with attributes (clamp bounds, gelu flavour) compare nodes */
      if (same && e->kind == FE_OP && o->node != e->node) {
        const OpAttrs *x = &b->g->nodes[o->node].at,
                      *y = &b->g->nodes[e->node].at;
        same = memcmp(x->f, y->f, sizeof x->f) == 0 &&
               memcmp(x->has_f, y->has_f, sizeof x->has_f) == 0 &&
               x->flag == y->flag;
      }
      break;
    }
    if (same) return k;
  }
  n->ex[n->nex] = *e;
  return n->nex++;
}

static int ex_const(Builder *b, int N, DType dt, double v, int node) {
  FExpr e = {.kind = FE_CONST, .dt = (uint8_t)dt, .value = v, .node = node};
  return add_expr(b, N, &e);
}

/* Converts expr x to dtype dt (constants fold). */
static int ex_cast(Builder *b, int N, int x, DType dt, int node) {
  if (x < 0) return x;
  const FExpr *e = &b->p->nest[N].ex[x];
  if (e->dt == dt) return x;
  if (e->kind == FE_CONST) {
    double v = e->value;
    if (dt == DT_BOOL) v = v != 0;
    else if (!dwT_is_float(dt)) v = (double)(int64_t)v;
    return ex_const(b, N, dt, v, e->node);
  }
  FExpr c = {.kind = FE_CAST, .dt = (uint8_t)dt, .nin = 1, .a = {x},
             .node = node};
  return add_expr(b, N, &c);
}

static int ex_load(Builder *b, int N, int buf, const FAff *aff, int node) {
  FExpr e = {.kind = FE_LOAD, .dt = b->p->buf[buf].dt, .buf = buf,
             .aff = *aff, .node = node};
  return add_expr(b, N, &e);
}

const char *dwF_eager_reason(const Graph *g, int *node) {
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->nin < 1 || dwF_compute_dtype(g, nd, nd->op == OP_WHERE) != DT_F64)
      continue;
    switch (nd->op) {
    /* float64 exp, log, sin, ... are libm's in the eager kernels (as in
     * PyTorch's): the emitter has no bit-identical double versions, and
     * float64 pow / floor_divide / remainder need fmod and pow in double */
    case OP_EXP: case OP_LOG: case OP_SIN: case OP_COS: case OP_TAN:
    case OP_TANH: case OP_SIGMOID: case OP_GELU: case OP_SILU: case OP_ERF:
    case OP_POW: case OP_FLOORDIV: case OP_MOD:
      *node = k;
      return "float64 transcendental functions, pow, // and % run on the "
             "eager kernels (libm)";
    default: break;
    }
  }
  *node = -1;
  return NULL;
}

DType dwF_compute_dtype(const Graph *g, const GNode *nd, int operand) {
  const GNode *in0 = nd->nin > 0 ? &g->nodes[nd->in[0]] : NULL;
  switch (dw_ops[nd->op].kind) {
  case K_BINARY: {
    DType dt = dwT_promote(&g->nodes[nd->in[0]].meta,
                           &g->nodes[nd->in[1]].meta);
    if (nd->op == OP_DIV && !dwT_is_float(dt)) dt = DT_F32;
    return dt;
  }
  case K_WHERE:
    return operand == 0 ? DT_BOOL : (DType)nd->meta.dtype;
  case K_UNARY:
    return nd->op == OP_NOT ? (DType)in0->meta.dtype : (DType)nd->meta.dtype;
  case K_REDUCE:
    return nd->op == OP_SUM || nd->op == OP_PROD ? (DType)nd->meta.dtype
                                                  : (DType)in0->meta.dtype;
  default:
    return (DType)nd->meta.dtype;
  }
}

/* ------------------------------------------------------------------ */
/* Index maps through views and broadcasts                             */
/* ------------------------------------------------------------------ */

/* Rows of an operand broadcast (right-aligned) to the consumer's rows. */
static void rows_broadcast(const Rows *out, const TMeta *in, Rows *r) {
  int shift = out->nd - in->ndim;
  for (int d = 0; d < in->ndim; d++)
    r->r[d] = in->shape[d] == 1 ? aff_const(0) : out->r[d + shift];
  rows_norm(r, in);
}

/* Rows of the input of a reshape, or false when they are not affine.
 * Dims are grouped into runs of equal element count; a run maps affinely
 * unless it splits one computed index into several (flattening). */
static bool rows_reshape(const Rows *out, const TMeta *om, const TMeta *im,
                         Rows *r) {
  int od[DW_MAXDIM], id[DW_MAXDIM], no = 0, nI = 0;
  for (int d = 0; d < om->ndim; d++)
    if (om->shape[d] != 1) od[no++] = d;
  for (int d = 0; d < im->ndim; d++) {
    r->r[d] = aff_const(0);
    if (im->shape[d] != 1) id[nI++] = d;
  }
  r->nd = im->ndim;
  if (numel(im) == 0) return true;
  int i = 0, j = 0;
  while (i < nI || j < no) {
    if (i >= nI || j >= no) return false;
    int i0 = i, j0 = j;
    int64_t pi = im->shape[id[i++]], po = om->shape[od[j++]];
    while (pi != po) {
      if (pi < po) {
        if (i >= nI) return false;
        pi *= im->shape[id[i++]];
      } else {
        if (j >= no) return false;
        po *= om->shape[od[j++]];
      }
    }
    /* flat index of the run in the output */
    FAff f = aff_const(0);
    int64_t s = 1;
    for (int k = j - 1; k >= j0; k--) {
      f = aff_axpy(s, &out->r[od[k]], &f);
      s *= om->shape[od[k]];
    }
    if (i - i0 == 1) {
      r->r[id[i0]] = f;
      continue;
    }
    /* Several input dims: affine only if f is a constant. */
    bool constant = true;
    for (int v = 0; v < F_MAXVARS; v++) constant = constant && !f.c[v];
    if (!constant) return false;
    int64_t rem = f.off;
    for (int k = i - 1; k >= i0; k--) {
      int64_t sz = im->shape[id[k]];
      r->r[id[k]] = aff_const(rem % sz);
      rem /= sz;
    }
  }
  return true;
}

/* Rows of the (single) input of a view / copy node. false: not affine. */
static bool rows_view(const Graph *g, const GNode *nd, const Rows *out,
                      Rows *r) {
  const TMeta *im = &g->nodes[nd->in[0]].meta;
  const OpAttrs *a = &nd->at;
  int ni = im->ndim;
  r->nd = ni;
  switch ((Op)nd->op) {
  case OP_CLONE:
  case OP_ALIAS:
    *r = *out;
    return true;
  case OP_RESHAPE:
    return rows_reshape(out, &nd->meta, im, r);
  case OP_PERMUTE:
    for (int k = 0; k < ni; k++) r->r[wrapd(a->i[k], ni)] = out->r[k];
    break;
  case OP_EXPAND:
    rows_broadcast(out, im, r);
    break;
  case OP_SLICE: {
    int d = wrapd(a->i[0], ni);
    int64_t size = im->shape[d], start = a->i[1];
    if (start < 0) start += size;
    start = start < 0 ? 0 : start > size ? size : start;
    *r = *out;
    FAff base = aff_const(start);
    r->r[d] = aff_axpy(a->i[3], &out->r[d], &base);
    break;
  }
  case OP_SELECT: {
    int d = wrapd(a->i[0], ni);
    int64_t idx = a->i[1] < 0 ? a->i[1] + im->shape[d] : a->i[1];
    int k = 0;
    for (int j = 0; j < ni; j++)
      r->r[j] = j == d ? aff_const(idx) : out->r[k++];
    break;
  }
  default:
    return false;
  }
  rows_norm(r, im);
  return true;
}

/* ------------------------------------------------------------------ */
/* Building values in a nest                                           */
/* ------------------------------------------------------------------ */

static int build(Builder *b, int N, int u, const Rows *rows);
static int operand(Builder *b, int u, Rows rows, int *buf, FAff *aff);

/* Identity rows of the product of matmul nest N. */
static void mm_rows(const Builder *b, int N, Rows *r) {
  const NestInfo *ni = &b->ni[N];
  r->nd = ni->mm_out.ndim;
  for (int d = 0; d < r->nd; d++) r->r[d] = aff_var(ni->mm_var[d]);
  rows_norm(r, &ni->mm_out);
}

/* Identity rows of a reduction's result (keepdim or not) in its nest. */
static void reduce_rows(const Builder *b, int N, const TMeta *om, Rows *r) {
  const NestInfo *ni = &b->ni[N];
  int k = 0;
  bool keep = om->ndim == ni->space.ndim;
  for (int d = 0; d < ni->space.ndim; d++) {
    if (!ni->red[d])
      r->r[k++] = aff_var(ni->var_of[d]);
    else if (keep)
      r->r[k++] = aff_const(0);
  }
  r->nd = k;
  rows_norm(r, om);
}

static bool add_store(Builder *b, int N, int buf, const FAff *aff, int expr,
                      int pass, int node) {
  FNest *n = &b->p->nest[N];
  if (!GROW(n->st, n->capst, n->nst)) return oom(b);
  n->st[n->nst++] = (FStore){buf, *aff, expr, pass, node};
  return true;
}

/* Gives a reduction or matmul result a scratch buffer written by its own
 * nest (for consumers in other nests). */
static bool ensure_buffer(Builder *b, int u) {
  NodeState *s = &b->ns[u];
  if (s->buf >= 0) return true;
  const GNode *nd = &b->g->nodes[u];
  int H = s->home;
  Rows r;
  if (nd->op == OP_MATMUL)
    mm_rows(b, H, &r);
  else
    reduce_rows(b, H, &nd->meta, &r);
  int e = build(b, H, u, &r);
  if (e < 0) return false;
  int buf = new_buf(b, FB_SCRATCH, -1, &nd->meta, u);
  if (buf < 0) return false;
  FAff f = rows_flat(&r, &nd->meta);
  if (!add_store(b, H, buf, &f, e, -1, u)) return false;
  s->buf = buf;
  s->buf_nest = H;
  return true;
}

static int memo_find(const Builder *b, int N, int u, const Rows *rows) {
  const NestInfo *ni = &b->ni[N];
  for (int k = 0; k < ni->nmemo; k++)
    if (ni->memo[k].node == u && rows_eq(&ni->memo[k].rows, rows))
      return ni->memo[k].expr;
  return -1;
}

static int memo_add(Builder *b, int N, int u, const Rows *rows, int e) {
  if (e < 0) return e;
  NestInfo *ni = &b->ni[N];
  if (!GROW(ni->memo, ni->capmemo, ni->nmemo)) return oom(b), R_ERR;
  ni->memo[ni->nmemo++] = (Memo){u, *rows, e};
  return e;
}

/* The value of node u at index `rows` in nest N: an expr id, or R_NOJOIN
 * (u is not available in N), R_NEED (b->need must be materialised first),
 * R_ERR. */
static int build_node(Builder *b, int N, int u, const Rows *rows);

/* build() with bounded recursion: a producer chain deeper than
 * BUILD_DEPTH (an unrolled Python loop of thousands of ops) is cut by
 * materialising the node at the cut into its own buffer, so the C stack
 * stays small and nests stay a reasonable size. */
enum { BUILD_DEPTH = 48 };
static int build(Builder *b, int N, int u, const Rows *rows) {
  const NodeState *s = &b->ns[u];
  bool avail = s->buf >= 0 && s->buf_nest < N;
  OpKind kind = dw_ops[b->g->nodes[u].op].kind;
  /* cut only at pointwise nodes: they materialise into a plain nest of
   * their own (views, reductions, matmul and cat have placement rules) */
  bool pointwise = kind == K_UNARY || kind == K_BINARY || kind == K_WHERE;
  if (b->depth >= BUILD_DEPTH && pointwise && !avail && !s->want &&
      memo_find(b, N, u, rows) < 0) {
    b->need = u;
    return R_NEED;
  }
  /* a node materialised to cut a long chain, but by a later nest: nest N
   * would have to recompute the chain below it again; the consumer goes to
   * a nest after it instead */
  if (s->want && s->buf >= 0 && s->buf_nest >= N && memo_find(b, N, u, rows) < 0)
    return R_NOJOIN;
  b->depth++;
  int e = build_node(b, N, u, rows);
  b->depth--;
  return e;
}

/* Whether the source of a gather (its chain of views down to a node with
 * a buffer) can be read by nest N: written by an earlier nest, or a
 * reduction/matmul computed by an earlier nest (operand() then gives it a
 * buffer there). A source that N itself computes cannot be read at another
 * index. */
static bool gather_source_ready(const Builder *b, int N, int u) {
  const Graph *g = b->g;
  for (;;) {
    const GNode *nd = &g->nodes[u];
    const NodeState *s = &b->ns[u];
    OpKind kind = dw_ops[nd->op].kind;
    if (s->buf >= 0) return s->buf_nest < N;
    if (kind == K_REDUCE || kind == K_MATMUL) return s->home >= 0 && s->home < N;
    if (kind != K_VIEW && kind != K_COPY) return true; /* operand() asks to materialise it */
    if (nd->op == OP_RESHAPE && b->ns[nd->in[0]].buf >= 0) return b->ns[nd->in[0]].buf_nest < N;
    u = nd->in[0];
  }
}

static int build_node(Builder *b, int N, int u, const Rows *rows) {
  const Graph *g = b->g;
  const GNode *nd = &g->nodes[u];
  NodeState *s = &b->ns[u];
  int e = memo_find(b, N, u, rows);
  if (e >= 0) return e;
  OpKind kind = dw_ops[nd->op].kind;
  bool avail = s->buf >= 0 && s->buf_nest < N;
  if (avail && !(kind == K_REDUCE && s->home == N) &&
      !(kind == K_MATMUL && s->home == N)) {
    FAff f = rows_flat(rows, &nd->meta);
    return memo_add(b, N, u, rows, ex_load(b, N, s->buf, &f, u));
  }
  switch (kind) {
  case K_INPUT:
    return R_ERR; /* inputs always have a buffer */
  case K_CONST:
    e = ex_const(b, N, (DType)nd->meta.dtype, nd->value, u);
    break;
  case K_CREATE:
    if (dwG_arg_node(nd)) return R_ERR; /* read from its argument */
    if (nd->op == OP_FULL) {
      e = ex_const(b, N, (DType)nd->meta.dtype, nd->at.f[0], u);
    } else {
      FExpr x = {.kind = FE_INDEX, .dt = nd->meta.dtype, .aff = rows->r[0],
                 .node = u};
      e = add_expr(b, N, &x);
    }
    break;
  case K_REDUCE:
  case K_MATMUL: {
    Rows id;
    if (s->home == N) {
      if (kind == K_MATMUL)
        mm_rows(b, N, &id);
      else
        reduce_rows(b, N, &nd->meta, &id);
      if (rows_eq(&id, rows)) {
        FExpr x = {.kind = kind == K_MATMUL ? FE_MM : FE_ACC,
                   .dt = nd->meta.dtype, .acc = s->acc, .node = u};
        e = add_expr(b, N, &x);
        break;
      }
    }
    if (s->home < 0 || s->home >= N) return R_NOJOIN;
    if (!ensure_buffer(b, u)) return R_ERR;
    FAff f = rows_flat(rows, &nd->meta);
    e = ex_load(b, N, s->buf, &f, u);
    break;
  }
  case K_CAT:
    return R_NOJOIN; /* its buffer is written by a later nest */
  case K_GATHER: {
    /* the index at the same place; the source read from memory written by
     * an earlier nest, at the row of index 0 along dim plus index * stride */
    if (!gather_source_ready(b, N, nd->in[0])) return R_NOJOIN;
    int ix = build(b, N, nd->in[1], rows);
    if (ix < 0) return ix;
    const TMeta *sm = &g->nodes[nd->in[0]].meta;
    int d = wrapd(nd->at.i[0], sm->ndim);
    Rows r0 = *rows, r1;
    r0.nd = sm->ndim;
    if (sm->ndim) r0.r[d] = aff_const(0);
    rows_norm(&r0, sm);
    r1 = r0;
    if (sm->ndim) r1.r[d] = aff_const(1);
    int buf, buf1;
    FAff a0, a1;
    int r = operand(b, nd->in[0], r0, &buf, &a0);
    if (r < 0) return r;
    if (b->p->buf[buf].kind != FB_INPUT) {
      const NodeState *w = &b->ns[b->p->buf[buf].node];
      if (w->buf_nest >= N) return R_NOJOIN;
    }
    int64_t stride = 0, lim = sm->ndim ? sm->shape[d] : 1;
    if (lim > 1) {
      r = operand(b, nd->in[0], r1, &buf1, &a1);
      if (r < 0) return r;
      stride = a1.off - a0.off;
      /* the rows must be affine in the index: a view of a view whose
       * reshape is not (a repeat: a reshaped, expanded clone) is
       * materialised first. Every row is checked up to 256, then a sample. */
      for (int64_t k = 2; k < lim; k = k < 256 ? k + 1 : k * 2 < lim - 1 ? k * 2 : k < lim - 1 ? lim - 1 : lim) {
        Rows rk = r0;
        int bk;
        FAff ak, want = a0;
        rk.r[d] = aff_const(k);
        r = operand(b, nd->in[0], rk, &bk, &ak);
        if (r < 0) return r;
        want.off += k * stride;
        if (bk != buf || !aff_eq(&ak, &want)) {
          b->need = nd->in[0];
          return R_NEED;
        }
      }
      FAff w1 = a0;
      w1.off += stride;
      if (buf1 != buf || !aff_eq(&a1, &w1)) {
        b->need = nd->in[0];
        return R_NEED;
      }
    }
    FExpr x = {.kind = FE_GATHER, .dt = nd->meta.dtype, .nin = 1, .a = {ix},
               .buf = buf, .aff = a0, .gstride = stride,
               .glimit = sm->ndim ? sm->shape[d] : 1, .gkind = nd->at.flag,
               .node = u};
    e = add_expr(b, N, &x);
    break;
  }
  case K_SORT: /* read from its buffer once its sort nest has run */
    return R_NOJOIN;
  case K_VIEW:
  case K_COPY: {
    int v = nd->in[0];
    const NodeState *sv = &b->ns[v];
    if (nd->op == OP_RESHAPE && sv->buf >= 0 && sv->buf_nest < N) {
      /* A reshape of a buffer reads it at the same element index. */
      FAff f = rows_flat(rows, &nd->meta);
      e = ex_load(b, N, sv->buf, &f, v);
      break;
    }
    Rows r;
    if (!rows_view(g, nd, rows, &r)) {
      if (sv->buf >= 0 || is_input(&g->nodes[v])) return R_NOJOIN;
      b->need = v;
      return R_NEED;
    }
    e = build(b, N, v, &r);
    break;
  }
  case K_UNARY:
  case K_BINARY:
  case K_WHERE: {
    FExpr x = {.kind = FE_OP, .dt = nd->meta.dtype, .op = nd->op,
               .nin = (uint8_t)nd->nin, .node = u};
    for (int k = 0; k < nd->nin; k++) {
      Rows r;
      const TMeta *im = &g->nodes[nd->in[k]].meta;
      rows_broadcast(rows, im, &r);
      int a = build(b, N, nd->in[k], &r);
      if (a < 0) return a;
      if (nd->op == OP_CAST) {
        e = ex_cast(b, N, a, (DType)nd->meta.dtype, u);
        return memo_add(b, N, u, rows, e);
      }
      x.a[k] = ex_cast(b, N, a, dwF_compute_dtype(g, nd, k), u);
      if (x.a[k] < 0) return x.a[k];
    }
    e = add_expr(b, N, &x);
    break;
  }
  }
  return memo_add(b, N, u, rows, e);
}

/* ------------------------------------------------------------------ */
/* Placing nodes in nests                                              */
/* ------------------------------------------------------------------ */

typedef struct Snap {
  int nex, nacc, nst, nmemo;
} Snap;
static Snap snap(const Builder *b, int N) {
  const FNest *n = &b->p->nest[N];
  return (Snap){n->nex, n->nacc, n->nst, b->ni[N].nmemo};
}
static void rollback(Builder *b, int N, Snap s) {
  FNest *n = &b->p->nest[N];
  n->nex = s.nex;
  n->nacc = s.nacc;
  n->nst = s.nst;
  b->ni[N].nmemo = s.nmemo;
}

/* Loop variables for a reduction of `in` over red[] in a new nest. */
static void setup_reduce(Builder *b, int N, const TMeta *in,
                         const uint8_t *red) {
  FNest *n = &b->p->nest[N];
  NestInfo *ni = &b->ni[N];
  ni->space = *in;
  memcpy(ni->red, red, DW_MAXDIM);
  int v = 0;
  for (int d = 0; d < in->ndim; d++)
    if (!red[d]) {
      ni->var_of[d] = v;
      n->ext[v++] = in->shape[d];
    }
  n->nouter = v;
  for (int d = 0; d < in->ndim; d++)
    if (red[d]) {
      ni->var_of[d] = v;
      n->ext[v++] = in->shape[d];
    }
  n->ninner = v - n->nouter;
}

static void setup_pointwise(Builder *b, int N, const TMeta *m) {
  FNest *n = &b->p->nest[N];
  b->ni[N].space = *m;
  n->nouter = m->ndim;
  for (int d = 0; d < m->ndim; d++) n->ext[d] = m->shape[d];
}

/* Identity rows of a value of meta m in nest N, and whether it lives at
 * the inner level; false if m is not one of N's iteration spaces. */
static bool space_rows(const Builder *b, int N, const TMeta *m, Rows *r,
                       bool *inner) {
  const FNest *n = &b->p->nest[N];
  const NestInfo *ni = &b->ni[N];
  *inner = false;
  switch (n->kind) {
  case FN_POINTWISE:
    if (!shape_eq(m, ni->space.ndim, ni->space.shape)) return false;
    r->nd = m->ndim;
    for (int d = 0; d < m->ndim; d++) r->r[d] = aff_var(d);
    rows_norm(r, m);
    return true;
  case FN_MATMUL:
    if (!shape_eq(m, ni->mm_out.ndim, ni->mm_out.shape)) return false;
    mm_rows(b, N, r);
    return true;
  case FN_SORT: /* computes nothing else */
    return false;
  case FN_REDUCE: {
    int64_t kept[DW_MAXDIM], keep1[DW_MAXDIM];
    int nk = 0, n1 = 0;
    for (int d = 0; d < ni->space.ndim; d++) {
      if (!ni->red[d]) kept[nk++] = ni->space.shape[d];
      keep1[n1++] = ni->red[d] ? 1 : ni->space.shape[d];
    }
    if (shape_eq(m, nk, kept) || shape_eq(m, n1, keep1)) {
      reduce_rows(b, N, m, r);
      return true;
    }
    if (!shape_eq(m, ni->space.ndim, ni->space.shape)) return false;
    r->nd = m->ndim;
    for (int d = 0; d < m->ndim; d++) r->r[d] = aff_var(ni->var_of[d]);
    rows_norm(r, m);
    *inner = true;
    return true;
  }
  }
  return false;
}

static bool reaches_mm(const FNest *n, int e) {
  const FExpr *x = &n->ex[e];
  if (x->kind == FE_MM) return true;
  if (x->kind == FE_OP || x->kind == FE_CAST)
    for (int k = 0; k < x->nin; k++)
      if (reaches_mm(n, x->a[k])) return true;
  return false;
}

/* A store target: buffer and the element index of value rows in it. */
typedef struct Target {
  int buf;
  int64_t shift;  /* cat: start of the piece along dim */
  int dim;        /* cat: the dim (-1: none) */
  const TMeta *m; /* the buffer's shape */
  int node;       /* node the store is attributed to (the cat), -1: u */
} Target;

/* Stores value node u (of meta m) into targets, in nest N when it fits
 * there. Returns an expr >= 0 or R_*. */
static int try_store(Builder *b, int N, int u, const TMeta *m, DType dt,
                     const Target *tg, int ntg) {
  Rows r;
  bool inner;
  if (!space_rows(b, N, m, &r, &inner)) return R_NOJOIN;
  FNest *n = &b->p->nest[N];
  Snap sn = snap(b, N);
  int e = build(b, N, u, &r);
  if (e >= 0) e = ex_cast(b, N, e, dt, u);
  if (e >= 0 && n->kind == FN_MATMUL && !reaches_mm(n, e)) e = R_NOJOIN;
  if (e < 0) {
    rollback(b, N, sn);
    return e;
  }
  int pass = -1;
  if (inner) {
    pass = use_pass(&n->ex[e]);
    if (pass < 0) pass = 0;
  }
  for (int k = 0; k < ntg; k++) {
    Rows rt = r;
    if (tg[k].dim >= 0) {
      FAff sh = aff_const(tg[k].shift);
      rt.r[tg[k].dim] = aff_axpy(1, &r.r[tg[k].dim], &sh);
    }
    FAff f = rows_flat(&rt, tg[k].m);
    if (!add_store(b, N, tg[k].buf, &f, e, pass,
                   tg[k].node >= 0 ? tg[k].node : u))
      return R_ERR;
  }
  return e;
}

/* Places the stores of value u (meta m) in the most recent nest that can
 * take them, or a new pointwise nest. Returns the nest or R_NEED/R_ERR. */
static int place_store(Builder *b, int u, const TMeta *m, DType dt,
                       const Target *tg, int ntg) {
  for (int N = b->p->nnest - 1; N >= 0; N--) {
    int e = try_store(b, N, u, m, dt, tg, ntg);
    if (e >= 0) return N;
    if (e == R_NEED || e == R_ERR) return e;
  }
  int N = new_nest(b, FN_POINTWISE);
  if (N < 0) return R_ERR;
  setup_pointwise(b, N, m);
  int e = try_store(b, N, u, m, dt, tg, ntg);
  if (e < 0) {
    pop_nest(b);
    if (e == R_NOJOIN) {
      dw_fail(b->c, EXC_RuntimeError, "fuse: %s is not computable",
              b->g->nodes[u].name ? b->g->nodes[u].name : "?");
      return R_ERR;
    }
    return e;
  }
  return N;
}

/* Output targets of node u (+ a scratch buffer if it must exist but is
 * not an output). */
static int targets_of(Builder *b, int u, Target *tg, int cap, bool scratch) {
  const Graph *g = b->g;
  int nt = 0;
  for (int k = 0; k < g->nout && nt < cap; k++)
    if (g->outputs[k] == u) {
      int buf = new_buf(b, FB_OUTPUT, k, &g->nodes[u].meta, u);
      if (buf < 0) return -1;
      tg[nt++] = (Target){buf, 0, -1, &g->nodes[u].meta, -1};
    }
  if (nt == 0 && scratch) {
    int buf = new_buf(b, FB_SCRATCH, -1, &g->nodes[u].meta, u);
    if (buf < 0) return -1;
    tg[nt++] = (Target){buf, 0, -1, &g->nodes[u].meta, -1};
  }
  return nt;
}

#define MAXTG 16

static int place_pointwise(Builder *b, int u) {
  const GNode *nd = &b->g->nodes[u];
  Target tg[MAXTG];
  NodeState *s = &b->ns[u];
  int nt = targets_of(b, u, tg, MAXTG, !is_input(nd));
  if (nt < 0) return R_ERR;
  if (nt == 0) return 0;
  int N = place_store(b, u, &nd->meta, (DType)nd->meta.dtype, tg, nt);
  if (N < 0) return N; /* its targets stay unused */
  if (!is_input(nd)) {
    s->buf = tg[0].buf;
    s->buf_nest = N;
  }
  return 0;
}

static void reduce_flags(const GNode *nd, const TMeta *in, uint8_t *red) {
  memset(red, 0, DW_MAXDIM);
  if (nd->at.ni == 0) {
    memset(red, 1, in->ndim);
    return;
  }
  for (int k = 0; k < nd->at.ni; k++)
    if (in->ndim > 0) red[wrapd(nd->at.i[k], in->ndim)] = 1;
}

/* Tries to add reduction u as an accumulator of nest N. */
static int try_reduce(Builder *b, int N, int u) {
  const GNode *nd = &b->g->nodes[u];
  const TMeta *in = &b->g->nodes[nd->in[0]].meta;
  FNest *n = &b->p->nest[N];
  NestInfo *ni = &b->ni[N];
  Rows r;
  r.nd = in->ndim;
  for (int d = 0; d < in->ndim; d++) r.r[d] = aff_var(ni->var_of[d]);
  rows_norm(&r, in);
  Snap sn = snap(b, N);
  int e = build(b, N, nd->in[0], &r);
  if (e >= 0) e = ex_cast(b, N, e, dwF_compute_dtype(b->g, nd, 0), u);
  if (e >= 0 && !GROW(n->acc, n->capacc, n->nacc)) e = (oom(b), R_ERR);
  if (e < 0) {
    rollback(b, N, sn);
    return e;
  }
  int pass = use_pass(&n->ex[e]);
  if (pass < 0) pass = 0;
  n->acc[n->nacc] = (FAcc){nd->op, n->ex[e].dt, nd->meta.dtype, e, pass, u, false};
  b->ns[u].home = N;
  b->ns[u].acc = n->nacc++;
  return N;
}

static int place_reduce(Builder *b, int u) {
  const GNode *nd = &b->g->nodes[u];
  const TMeta *in = &b->g->nodes[nd->in[0]].meta;
  uint8_t red[DW_MAXDIM];
  reduce_flags(nd, in, red);
  int N = -1;
  for (int k = b->p->nnest - 1; k >= 0 && N < 0; k--) {
    const NestInfo *ni = &b->ni[k];
    if (b->p->nest[k].kind != FN_REDUCE ||
        !shape_eq(in, ni->space.ndim, ni->space.shape) ||
        memcmp(red, ni->red, DW_MAXDIM))
      continue;
    int r = try_reduce(b, k, u);
    if (r == R_NEED || r == R_ERR) return r;
    if (r >= 0) N = r;
  }
  if (N < 0) {
    N = new_nest(b, FN_REDUCE);
    if (N < 0) return R_ERR;
    setup_reduce(b, N, in, red);
    int r = try_reduce(b, N, u);
    if (r < 0) {
      pop_nest(b);
      return r == R_NOJOIN ? (dw_fail(b->c, EXC_RuntimeError,
                                      "fuse: reduction input unavailable"),
                              R_ERR)
                           : r;
    }
  }
  /* Outputs (and requests) store the result at the outer level. */
  Target tg[MAXTG];
  int nt = targets_of(b, u, tg, MAXTG, b->ns[u].want);
  if (nt < 0) return R_ERR;
  if (nt > 0) {
    Rows r;
    reduce_rows(b, N, &nd->meta, &r);
    int e = build(b, N, u, &r);
    if (e < 0) return R_ERR;
    for (int k = 0; k < nt; k++) {
      FAff f = rows_flat(&r, &nd->meta);
      if (!add_store(b, N, tg[k].buf, &f, e, -1, u)) return R_ERR;
    }
    b->ns[u].buf = tg[0].buf;
    b->ns[u].buf_nest = N;
  }
  return 0;
}

/* A matmul operand read from memory: follows views down to a buffer.
 * Returns 0 with the buffer and index, or R_NEED / R_ERR. */
static int operand(Builder *b, int u, Rows rows, int *buf, FAff *aff) {
  const Graph *g = b->g;
  for (;;) {
    const GNode *nd = &g->nodes[u];
    NodeState *s = &b->ns[u];
    OpKind kind = dw_ops[nd->op].kind;
    if ((kind == K_REDUCE || kind == K_MATMUL) && s->buf < 0 &&
        !ensure_buffer(b, u))
      return R_ERR;
    if (s->buf >= 0) {
      *buf = s->buf;
      *aff = rows_flat(&rows, &nd->meta);
      return 0;
    }
    if (kind != K_VIEW && kind != K_COPY) {
      b->need = u;
      return R_NEED;
    }
    int v = nd->in[0];
    if (nd->op == OP_RESHAPE && b->ns[v].buf >= 0) {
      *buf = b->ns[v].buf;
      *aff = rows_flat(&rows, &nd->meta);
      return 0;
    }
    Rows r;
    if (!rows_view(g, nd, &rows, &r)) {
      b->need = v;
      return R_NEED;
    }
    rows = r;
    u = v;
  }
}

static int place_matmul(Builder *b, int u) {
  const Graph *g = b->g;
  const GNode *nd = &g->nodes[u];
  const TMeta *ma = &g->nodes[nd->in[0]].meta, *mb = &g->nodes[nd->in[1]].meta;
  const TMeta *mo = &nd->meta;
  bool has_m = ma->ndim >= 2, has_n = mb->ndim >= 2;
  int nb = mo->ndim - has_m - has_n;
  int vm = nb, vn = nb + 1, vk = nb + 2;
  int64_t M = has_m ? ma->shape[ma->ndim - 2] : 1;
  int64_t K = ma->shape[ma->ndim - 1];
  int64_t Nn = has_n ? mb->shape[mb->ndim - 1] : 1;
  Rows ra, rb;
  ra.nd = ma->ndim;
  rb.nd = mb->ndim;
  for (int d = 0; d < ma->ndim - 2; d++) /* batch dims, right-aligned */
    ra.r[d] = aff_var(d + nb - (ma->ndim - 2));
  for (int d = 0; d < mb->ndim - 2; d++)
    rb.r[d] = aff_var(d + nb - (mb->ndim - 2));
  if (has_m) ra.r[ma->ndim - 2] = aff_var(vm);
  ra.r[ma->ndim - 1] = aff_var(vk);
  if (has_n) {
    rb.r[mb->ndim - 2] = aff_var(vk);
    rb.r[mb->ndim - 1] = aff_var(vn);
  } else {
    rb.r[0] = aff_var(vk);
  }
  rows_norm(&ra, ma);
  rows_norm(&rb, mb);
  int bufa, bufb;
  FAff fa, fb;
  int r = operand(b, nd->in[0], ra, &bufa, &fa);
  if (r < 0) return r;
  r = operand(b, nd->in[1], rb, &bufb, &fb);
  if (r < 0) return r;
  /* float32 B is read through packed panels when contiguous along k
   * (x @ W.T); when contiguous along n, from 8 rows (a panel serves M / 4
   * row tiles; the emitter chooses, at run time if M is a size argument),
   * else in place; anything else is materialised first */
  bool pack = K > 0 && mo->dtype == DT_F32 &&
              ((Nn >= 4 && fb.c[vn] != 1 && fb.c[vk] == 1) || (fb.c[vn] == 1 && M >= 2));
  if (Nn > 1 && fb.c[vn] != 1 && !pack) {
    b->need = nd->in[1];
    if (b->ns[nd->in[1]].buf >= 0) {
      dw_fail(b->c, EXC_RuntimeError, "fuse: matmul operand layout");
      return R_ERR;
    }
    return R_NEED;
  }
  int N = new_nest(b, FN_MATMUL);
  if (N < 0) return R_ERR;
  FNest *n = &b->p->nest[N];
  NestInfo *ni = &b->ni[N];
  ni->mm_out = *mo;
  for (int d = 0; d < nb; d++) {
    ni->mm_var[d] = d;
    n->ext[d] = mo->shape[d];
  }
  if (has_m) ni->mm_var[nb] = vm;
  if (has_n) ni->mm_var[nb + has_m] = vn;
  n->ext[vm] = M;
  n->ext[vn] = Nn;
  n->ext[vk] = K;
  n->nouter = nb + 2;
  n->ninner = 1;
  n->mm_node = u;
  n->mm_dt = mo->dtype;
  n->mm_a = bufa;
  n->mm_b = bufb;
  n->mm_aa = fa;
  n->mm_ab = fb;
  n->mm_pack = pack;
  b->ns[u].home = N;
  Target tg[MAXTG];
  int nt = targets_of(b, u, tg, MAXTG, b->ns[u].want);
  if (nt < 0) return R_ERR;
  if (nt > 0) {
    Rows ro;
    mm_rows(b, N, &ro);
    int e = build(b, N, u, &ro);
    if (e < 0) return R_ERR;
    FAff f = rows_flat(&ro, mo);
    for (int k = 0; k < nt; k++)
      if (!add_store(b, N, tg[k].buf, &f, e, -1, u)) return R_ERR;
    b->ns[u].buf = tg[0].buf;
    b->ns[u].buf_nest = N;
  }
  return 0;
}

static int place_cat(Builder *b, int u) {
  const Graph *g = b->g;
  const GNode *nd = &g->nodes[u];
  Target tg[MAXTG];
  int nt = targets_of(b, u, tg, MAXTG, true);
  if (nt < 0) return R_ERR;
  int d = wrapd(nd->at.i[0], nd->meta.ndim);
  int64_t pos = 0;
  int last = -1;
  for (int k = 0; k < nd->nin; k++) {
    const TMeta *m = &g->nodes[nd->in[k]].meta;
    if ((m->ndim == 1 && m->shape[0] == 0) || m->shape[d] == 0) continue;
    Target pt[MAXTG];
    for (int j = 0; j < nt; j++) {
      pt[j] = tg[j];
      pt[j].dim = d;
      pt[j].shift = pos;
      pt[j].node = u;
    }
    int N = place_store(b, nd->in[k], m, (DType)nd->meta.dtype, pt, nt);
    if (N < 0) return N;
    if (N > last) last = N;
    pos += m->shape[d];
  }
  b->ns[u].buf = tg[0].buf;
  b->ns[u].buf_nest = last;
  return 0;
}

/* argsort: a sort nest of its own, reading its input from a buffer
 * (materialised first when it has none) and writing its targets. */
static int place_sort(Builder *b, int u) {
  const Graph *g = b->g;
  const GNode *nd = &g->nodes[u];
  int x = nd->in[0];
  NodeState *sx = &b->ns[x];
  const TMeta *mx = &g->nodes[x].meta;
  OpKind kx = dw_ops[g->nodes[x].op].kind;
  if (sx->buf < 0 && (kx == K_REDUCE || kx == K_MATMUL) && sx->home >= 0 && !ensure_buffer(b, x))
    return R_ERR;
  if (sx->buf < 0) {
    b->need = x;
    return R_NEED;
  }
  Target tg[MAXTG];
  int nt = targets_of(b, u, tg, MAXTG, true);
  if (nt < 0) return R_ERR;
  int N = new_nest(b, FN_SORT);
  if (N < 0) return R_ERR;
  FNest *n = &b->p->nest[N];
  n->mm_node = u;
  n->sort_in = sx->buf;
  n->sort_out = tg[0].buf;
  n->sort_n = mx->ndim ? mx->shape[mx->ndim - 1] : 1;
  n->sort_rows = n->sort_n ? numel(mx) / n->sort_n : 0;
  n->sort_desc = nd->at.flag != 0;
  NodeState *s = &b->ns[u];
  s->home = N;
  s->buf = tg[0].buf;
  s->buf_nest = N;
  if (nt > 1) { /* the same value is several outputs: copies */
    int M = place_store(b, u, &nd->meta, DT_I64, tg + 1, nt - 1);
    if (M < 0) return M;
  }
  return 0;
}

static bool is_output(const Graph *g, int u) {
  for (int k = 0; k < g->nout; k++)
    if (g->outputs[k] == u) return true;
  return false;
}

/* Places node u, materialising what it asks for first. */
static bool place(Builder *b, int u) {
  for (int tries = 0; tries < b->g->n + 4; tries++) {
    int r;
    switch (dw_ops[b->g->nodes[u].op].kind) {
    case K_REDUCE: r = place_reduce(b, u); break;
    case K_MATMUL: r = place_matmul(b, u); break;
    case K_CAT: r = place_cat(b, u); break;
    case K_SORT: r = place_sort(b, u); break;
    default: r = place_pointwise(b, u); break;
    }
    if (r == R_ERR) return false;
    if (r != R_NEED) return true;
    int v = b->need;
    if (b->ns[v].buf >= 0 || b->ns[v].want) {
      return dw_fail(b->c, EXC_RuntimeError,
                     "fuse: cannot materialise %s for %s",
                     b->g->nodes[v].name ? b->g->nodes[v].name : "?",
                     b->g->nodes[u].name ? b->g->nodes[u].name : "?");
    }
    b->ns[v].want = true;
    if (!place(b, v)) return false;
  }
  return dw_fail(b->c, EXC_RuntimeError, "fuse: no progress placing %s",
                 b->g->nodes[u].name ? b->g->nodes[u].name : "?");
}

/* ------------------------------------------------------------------ */
/* Simplification and vectorisation                                   */
/* ------------------------------------------------------------------ */

/* Calls f on every affine index of nest n. */
static void each_aff(FNest *n, void (*f)(FAff *, void *), void *arg) {
  for (int k = 0; k < n->nex; k++)
    if (n->ex[k].kind == FE_LOAD || n->ex[k].kind == FE_INDEX ||
        n->ex[k].kind == FE_GATHER)
      f(&n->ex[k].aff, arg);
  for (int k = 0; k < n->nst; k++) f(&n->st[k].aff, arg);
}

typedef struct MergeQ {
  int v;
  int64_t ext1;
  bool ok;
} MergeQ;
static void can_merge(FAff *a, void *arg) { /* var v and v+1 */
  MergeQ *q = arg;
  if (a->c[q->v] != a->c[q->v + 1] * q->ext1) q->ok = false;
}
static void do_merge(FAff *a, void *arg) {
  int v = *(int *)arg;
  a->c[v] = a->c[v + 1];
  memmove(&a->c[v + 1], &a->c[v + 2],
          (size_t)(F_MAXVARS - v - 2) * sizeof a->c[0]);
  a->c[F_MAXVARS - 1] = 0;
}

/* Merges loop variable v+1 into v (v becomes v * ext[v+1] + v'). */
static void merge_vars(FNest *n, int v) {
  n->ext[v] *= n->ext[v + 1];
  each_aff(n, do_merge, &v);
  memmove(&n->ext[v + 1], &n->ext[v + 2],
          (size_t)(F_MAXVARS - v - 2) * sizeof n->ext[0]);
  n->ext[F_MAXVARS - 1] = 0;
}

typedef struct DropQ {
  int v;
} DropQ;
static void do_drop(FAff *a, void *arg) {
  int v = ((DropQ *)arg)->v;
  memmove(&a->c[v], &a->c[v + 1], (size_t)(F_MAXVARS - v - 1) * sizeof a->c[0]);
  a->c[F_MAXVARS - 1] = 0;
}

/* Drops loop variable v (extent 1: its coefficient never matters). */
static void drop_var(FNest *n, int v) {
  DropQ q = {v};
  each_aff(n, do_drop, &q);
  memmove(&n->ext[v], &n->ext[v + 1],
          (size_t)(F_MAXVARS - v - 1) * sizeof n->ext[0]);
  n->ext[F_MAXVARS - 1] = 0;
  if (v < n->nouter)
    n->nouter--;
  else
    n->ninner--;
}

static void simplify(FNest *n) {
  if (n->kind == FN_MATMUL) return; /* the micro-kernel wants b.., m, n, k */
  if (n->kind == FN_SORT) return;   /* no loops of its own in the IR */
  for (int v = n->nouter + n->ninner - 1; v >= 0; v--)
    if (n->ext[v] == 1) drop_var(n, v);
  /* Merge neighbours within the outer and within the inner loops. */
  for (int lvl = 0; lvl < 2; lvl++) {
    int lo = lvl ? n->nouter : 0, hi = lvl ? n->nouter + n->ninner : n->nouter;
    for (int v = hi - 2; v >= lo; v--) {
      MergeQ q = {v, n->ext[v + 1], true};
      each_aff(n, can_merge, &q);
      if (!q.ok) continue;
      merge_vars(n, v);
      if (lvl == 0)
        n->nouter--;
      else
        n->ninner--;
      hi--;
    }
  }
}

static void choose_vec(FNest *n) {
  n->vec = FV_NONE;
  if (n->kind == FN_MATMUL || n->kind == FN_SORT) return;
  if (n->kind == FN_POINTWISE || n->ninner == 0) {
    if (n->nouter > 0) n->vec = FV_OUTER;
    return;
  }
  /* Reduction: vectorise along the (single) inner loop when the
   * accumulated values are read contiguously there, else across outputs.
   * (Several inner loops that could not be merged run scalar inside.) */
  int vi = n->nouter + n->ninner - 1, vo = n->nouter - 1;
  int si = 0, so = 0;
  for (int k = 0; k < n->nex; k++) {
    const FExpr *e = &n->ex[k];
    if (e->kind != FE_LOAD || !e->inner) continue;
    if (e->aff.c[vi] == 1) si++;
    if (vo >= 0 && e->aff.c[vo] == 1) so++;
  }
  if (n->ninner == 1 && (vo < 0 || si >= so))
    n->vec = FV_INNER;
  else
    n->vec = vo >= 0 ? FV_OUTER : FV_NONE;
}

/* Drops expressions nothing uses (constants left behind by folded casts,
 * values of abandoned placements) and renumbers the rest. */
void dwF_mark_expr(const FNest *n, int e, uint8_t *live) {
  if (live[e]) return;
  live[e] = 1;
  const FExpr *x = &n->ex[e];
  if (x->kind == FE_OP || x->kind == FE_CAST || x->kind == FE_GATHER)
    for (int k = 0; k < x->nin; k++) dwF_mark_expr(n, x->a[k], live);
  if (x->kind == FE_ACC) dwF_mark_expr(n, n->acc[x->acc].in, live);
}

static bool prune(Ctx *c, FNest *n) {
  uint8_t *live = calloc((size_t)n->nex + 1, 1);
  int *map = malloc(((size_t)n->nex + 1) * sizeof *map);
  if (!live || !map) {
    free(live);
    free(map);
    return dw_fail(c, EXC_MemoryError, "out of memory");
  }
  for (int k = 0; k < n->nst; k++) dwF_mark_expr(n, n->st[k].expr, live);
  for (int k = 0; k < n->nacc; k++) dwF_mark_expr(n, n->acc[k].in, live);
  int m = 0;
  for (int k = 0; k < n->nex; k++) {
    map[k] = live[k] ? m : -1;
    if (!live[k]) continue;
    FExpr x = n->ex[k];
    for (int j = 0; j < x.nin; j++) x.a[j] = map[x.a[j]];
    n->ex[m++] = x;
  }
  n->nex = m;
  for (int k = 0; k < n->nst; k++) n->st[k].expr = map[n->st[k].expr];
  for (int k = 0; k < n->nacc; k++) n->acc[k].in = map[n->acc[k].in];
  free(live);
  free(map);
  return true;
}

static void count_passes(FNest *n) {
  n->npass = 0;
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].pass + 1 > n->npass) n->npass = n->acc[k].pass + 1;
  for (int k = 0; k < n->nst; k++)
    if (n->st[k].pass + 1 > n->npass) n->npass = n->st[k].pass + 1;
}

bool dwF_arg_nonpos(const FNest *n, int e) {
  const FExpr *d = &n->ex[e];
  if (d->kind != FE_OP || d->op != OP_SUB) return false;
  const FExpr *m = &n->ex[d->a[1]];
  if (m->kind != FE_ACC || n->acc[m->acc].op != OP_AMAX || n->acc[m->acc].dt != DT_F32)
    return false;
  int xa = d->a[0], xb = n->acc[m->acc].in;
  if (xa == xb) return true;
  const FExpr *a = &n->ex[xa], *b = &n->ex[xb];
  return a->kind == FE_LOAD && b->kind == FE_LOAD && a->buf == b->buf &&
         !memcmp(&a->aff, &b->aff, sizeof a->aff);
}

/* r[e] for every expression: a nan of expression t makes e nan (float
 * arithmetic that propagates a nan of any operand). Operands come first. */
static void nan_reach(const FNest *n, int t, uint8_t *r) {
  for (int e = 0; e < n->nex; e++) {
    const FExpr *x = &n->ex[e];
    r[e] = e == t;
    bool prop = x->kind == FE_OP && dwT_is_float(x->dt) &&
                (x->op == OP_ADD || x->op == OP_SUB || x->op == OP_MUL ||
                 x->op == OP_DIV || x->op == OP_EXP || x->op == OP_LOG ||
                 x->op == OP_NEG);
    if (x->kind == FE_CAST) prop = dwT_is_float(x->dt) && dwT_is_float(n->ex[x->a[0]].dt);
    for (int k = 0; prop && k < x->nin; k++)
      if (r[x->a[k]]) r[e] = 1;
  }
}

/* FAcc.nanfree of accumulator k (f32 amax of an FV_INNER nest): every use of
 * its value is d = x - amax(x) (dwF_arg_nonpos), and a float sum s of a
 * later pass is nan when d is, and so is every store when s is. A nan in
 * the row is then in every stored value whatever the max (the max of the
 * other elements is as good as nan): f32x4.pmax alone, no nan mask. */
static bool acc_nanfree(const FNest *n, int k, uint8_t *r) {
  const FAcc *a = &n->acc[k];
  if (n->vec != FV_INNER || a->op != OP_AMAX || a->dt != DT_F32) return false;
  int d = -1;
  for (int e = 0; e < n->nex; e++) {
    const FExpr *x = &n->ex[e];
    for (int j = 0; j < (x->kind == FE_OP || x->kind == FE_CAST ? x->nin : 0); j++) {
      const FExpr *o = &n->ex[x->a[j]];
      if (o->kind != FE_ACC || o->acc != k) continue;
      if (j != 1 || !dwF_arg_nonpos(n, e) || (d >= 0 && d != e)) return false;
      d = e;
    }
    if (x->kind == FE_GATHER && n->ex[x->a[0]].kind == FE_ACC) return false;
  }
  for (int j = 0; j < n->nst; j++)
    if (n->ex[n->st[j].expr].kind == FE_ACC && n->ex[n->st[j].expr].acc == k) return false;
  for (int j = 0; j < n->nacc; j++)
    if (n->ex[n->acc[j].in].kind == FE_ACC && n->ex[n->acc[j].in].acc == k) return false;
  if (d < 0) return false;
  nan_reach(n, d, r);
  for (int s = 0; s < n->nacc; s++) {
    const FAcc *S = &n->acc[s];
    if (S->op != OP_SUM || !dwT_is_float(S->dt) || S->pass <= a->pass || !r[S->in]) continue;
    int se = -1;
    for (int e = 0; e < n->nex; e++)
      if (n->ex[e].kind == FE_ACC && n->ex[e].acc == s) se = e;
    if (se < 0) continue;
    uint8_t *rs = r + n->nex;
    nan_reach(n, se, rs);
    bool all = n->nst > 0;
    for (int j = 0; j < n->nst; j++)
      if (!rs[n->st[j].expr]) all = false;
    if (all) return true;
  }
  return false;
}

/* FNest.pipe: a row loop (one outer and one inner loop, 4 lanes inside)
 * whose pass 0 holds only float amax / amin accumulators of inner values
 * (no store, nothing of the row's outer values) runs that pass for the next
 * row inside pass 1 of the current one: the next row's reads overlap this
 * row's arithmetic (softmax: the max of row r + 1 with exp of row r). The
 * same elements go to the same lanes in the same order. */
static bool nest_pipe(const FNest *n) {
  if (n->kind != FN_REDUCE || n->vec != FV_INNER || n->nouter != 1 ||
      n->ninner != 1 || n->npass < 2)
    return false;
  for (int j = 0; j < n->nst; j++)
    if (n->st[j].pass == 0) return false;
  uint8_t *m = calloc((size_t)n->nex + 1, 1);
  if (!m) return false;
  bool ok = false;
  for (int k = 0; k < n->nacc; k++) {
    const FAcc *a = &n->acc[k];
    if (a->pass != 0) continue;
    ok = (a->op == OP_AMAX || a->op == OP_AMIN) && a->dt == DT_F32;
    if (!ok) break;
    dwF_mark_expr(n, a->in, m);
  }
  for (int e = 0; ok && e < n->nex; e++) {
    const FExpr *x = &n->ex[e];
    if (!m[e] || x->kind == FE_CONST) continue;
    if (!x->inner || (x->kind != FE_LOAD && x->kind != FE_OP && x->kind != FE_CAST))
      ok = false;
  }
  free(m);
  return ok;
}

/* The schedule of a planned nest: FAcc.nanfree, FNest.pipe. */
static bool schedule(Ctx *c, FNest *n) {
  uint8_t *r = malloc(2 * (size_t)n->nex + 1);
  if (!r) return dw_fail(c, EXC_MemoryError, "out of memory");
  for (int k = 0; k < n->nacc; k++) n->acc[k].nanfree = acc_nanfree(n, k, r);
  free(r);
  n->pipe = nest_pipe(n);
  return true;
}

/* ------------------------------------------------------------------ */
/* The pipeline                                                        */
/* ------------------------------------------------------------------ */

/* Pointwise values read at REUSE_READS or more different indices (through
 * views that move the index: slices, selects, permutes, expands) are
 * materialised once by a nest of their own instead of being recomputed
 * inline by every reader (Inductor's realize_reads_threshold): a pooling
 * window reads its input at 4 (2x2) or more offsets, a convolution's
 * im2col at K offsets. Reads at the same index (direct consumers and
 * reshapes) count once: a nest computes those once anyway. */
enum { REUSE_READS = 4 };
static bool *reused_nodes(Ctx *c, const Graph *g) {
  int n = g->n;
  int64_t *moved = calloc((size_t)n + 1, sizeof *moved);
  uint8_t *direct = calloc((size_t)n + 1, 1);
  bool *want = calloc((size_t)n + 1, sizeof *want);
  if (!moved || !direct || !want) {
    free(moved);
    free(direct);
    free(want);
    dw_fail(c, EXC_MemoryError, "out of memory");
    return NULL;
  }
  for (int k = 0; k < g->nout; k++) direct[g->outputs[k]] = 1;
  for (int u = n - 1; u >= 0; u--) { /* consumers come after producers */
    const GNode *nd = &g->nodes[u];
    OpKind kind = dw_ops[nd->op].kind;
    if (kind == K_UNARY || kind == K_BINARY || kind == K_WHERE)
      want[u] = moved[u] + direct[u] >= REUSE_READS;
    for (int k = 0; k < nd->nin; k++) {
      int v = nd->in[k];
      if (kind == K_COPY || nd->op == OP_RESHAPE || nd->op == OP_ALIAS) { /* same index */
        direct[v] |= direct[u];
        moved[v] += moved[u];
      } else if (kind == K_VIEW) { /* every read through it moves */
        moved[v] += moved[u] + direct[u];
      } else {
        direct[v] = 1;
      }
    }
  }
  free(moved);
  free(direct);
  return want;
}

/* Kinds placed in graph order by the first placement loop of dwF_plan
 * (nests of their own); the rest join their consumers' nests. */
static bool placed_in_order(OpKind k) {
  return k == K_REDUCE || k == K_MATMUL || k == K_CAT || k == K_SORT;
}

bool dwF_plan(Ctx *c, const Graph *g, FPlan *p) {
  memset(p, 0, sizeof *p);
  p->g = g;
  p->ninputs = g->ninputs + dwG_ntensors(g);
  p->noutputs = g->nout;
  Builder b = {.c = c, .g = g, .p = p, .need = -1};
  int nconst = g->ninputs; /* the next torch.tensor constant's slot */
  b.ns = calloc((size_t)g->n + 1, sizeof *b.ns);
  bool ok = b.ns != NULL;
  if (!ok) dw_fail(c, EXC_MemoryError, "out of memory");
  for (int u = 0; ok && u < g->n; u++) {
    b.ns[u] = (NodeState){-1, -1, -1, -1, false};
    const GNode *nd = &g->nodes[u];
    if (is_input(nd)) {
      /* a torch.tensor constant or a random tensor is read from an
       * argument after the graph inputs (dwG_ntensors) */
      int buf = new_buf(&b, FB_INPUT, nd->op == OP_INPUT ? nd->input : nconst++, &nd->meta, u);
      ok = buf >= 0;
      b.ns[u].buf = buf;
    }
  }
  /* 1. place: reductions, matmuls, cats and values read at many indices
   * in graph order; pointwise outputs last, so that they can join the nest
   * that already computes them (a value stored by a reduction's prologue,
   * an epilogue) while their consumers recompute them inline meanwhile. */
  bool *reused = ok ? reused_nodes(c, g) : NULL;
  ok = ok && reused;
  for (int u = 0; ok && u < g->n; u++) {
    OpKind kind = dw_ops[g->nodes[u].op].kind;
    if (reused[u] && b.ns[u].buf < 0) {
      b.ns[u].want = true;
      ok = place(&b, u);
    } else if (placed_in_order(kind)) {
      ok = place(&b, u);
    }
  }
  free(reused);
  for (int u = 0; ok && u < g->n; u++) {
    OpKind kind = dw_ops[g->nodes[u].op].kind;
    bool done = placed_in_order(kind) || b.ns[u].want;
    if (!done && is_output(g, u)) ok = place(&b, u);
  }
  /* 2. scratch, for the buffers some nest reads or writes */
  uint8_t *used = ok ? calloc((size_t)p->nbuf + 1, 1) : NULL;
  if (ok && !used) ok = dw_fail(c, EXC_MemoryError, "out of memory");
  for (int k = 0; ok && k < p->nnest; k++) {
    const FNest *n = &p->nest[k];
    for (int j = 0; j < n->nex; j++)
      if (n->ex[j].kind == FE_LOAD || n->ex[j].kind == FE_GATHER) used[n->ex[j].buf] = 1;
    for (int j = 0; j < n->nst; j++) used[n->st[j].buf] = 1;
    if (n->kind == FN_MATMUL) used[n->mm_a] = used[n->mm_b] = 1;
    if (n->kind == FN_SORT) used[n->sort_in] = used[n->sort_out] = 1;
  }
  for (int k = 0; ok && k < p->nbuf; k++) {
    FBuf *f = &p->buf[k];
    if (f->kind != FB_SCRATCH || !used[k]) continue;
    f->offset = p->scratch;
    size_t bytes = (size_t)f->numel * dwT_dtype_size[f->dt];
    p->scratch += (bytes + 15) & ~(size_t)15;
  }
  for (int k = 0; ok && k < p->nnest; k++) { /* matmul B panels */
    FNest *n = &p->nest[k];
    if (n->kind != FN_MATMUL || !n->mm_pack) continue;
    n->mm_pack_off = p->scratch;
    p->scratch += ((size_t)n->ext[n->nouter] * 8 * sizeof(float) + 15) & ~(size_t)15;
  }
  for (int k = 0; ok && k < p->nnest; k++) { /* the sorts' merge buffers */
    FNest *n = &p->nest[k];
    if (n->kind != FN_SORT) continue;
    n->sort_tmp_off = p->scratch;
    p->scratch += ((size_t)n->sort_n * sizeof(int64_t) + 15) & ~(size_t)15;
  }
  free(used);
  /* 3. simplify, 4. vectorise */
  for (int k = 0; ok && k < p->nnest; k++) {
    ok = prune(c, &p->nest[k]);
    if (!ok) break;
    simplify(&p->nest[k]);
    count_passes(&p->nest[k]);
    choose_vec(&p->nest[k]);
    ok = schedule(c, &p->nest[k]);
  }
  for (int k = 0; b.ni && k < p->nnest; k++) free_nest_info(&b.ni[k]);
  free(b.ni);
  free(b.ns);
  if (!ok) dwF_free(p);
  return ok;
}

void dwF_free(FPlan *p) {
  for (int k = 0; k < p->nnest; k++) {
    free(p->nest[k].ex);
    free(p->nest[k].acc);
    free(p->nest[k].st);
  }
  free(p->nest);
  free(p->buf);
  memset(p, 0, sizeof *p);
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

static const char *const dt_short[DT_COUNT] = {"f32", "i64", "i32", "b8", "f64"};

static void var_name(Buf *b, const FNest *n, int v) {
  if (n->kind == FN_MATMUL) {
    int nb = n->nouter - 2;
    if (v == nb) dwB_puts(b, "m");
    else if (v == nb + 1) dwB_puts(b, "n");
    else if (v == nb + 2) dwB_puts(b, "k");
    else dwB_printf(b, "b%d", v);
    return;
  }
  if (v < n->nouter) dwB_printf(b, "o%d", v);
  else dwB_printf(b, "i%d", v - n->nouter);
}

static void put_aff(Buf *b, const FNest *n, const FAff *a) {
  bool any = false;
  for (int v = 0; v < F_MAXVARS; v++) {
    if (!a->c[v]) continue;
    if (any) dwB_puts(b, " + ");
    if (a->c[v] != 1) dwB_printf(b, "%lld*", (long long)a->c[v]);
    var_name(b, n, v);
    any = true;
  }
  if (a->off || !any)
    dwB_printf(b, "%s%lld", any ? " + " : "", (long long)a->off);
}

static void put_buf(Buf *b, const FPlan *p, int k) {
  const FBuf *f = &p->buf[k];
  switch (f->kind) {
  case FB_INPUT: {
    const char *nm = p->g->nodes[f->node].name;
    dwB_puts(b, nm ? nm : "in");
    break;
  }
  case FB_OUTPUT: dwB_printf(b, "out%d", f->slot); break;
  case FB_SCRATCH: dwB_printf(b, "tmp%d", k); break;
  }
}

static void put_lines(Buf *b, const FPlan *p, const FNest *n) {
  int lines[64], nl = 0;
  for (int k = 0; k < n->nex + n->nst + n->nacc + 1; k++) {
    int node = k < n->nex                    ? n->ex[k].node
               : k < n->nex + n->nst         ? n->st[k - n->nex].node
               : k < n->nex + n->nst + n->nacc ? n->acc[k - n->nex - n->nst].node
                                             : n->mm_node;
    if (node < 0) continue;
    int ln = p->g->nodes[node].line;
    if (p->g->nodes[node].op == OP_INPUT || p->g->nodes[node].op == OP_CONST)
      continue;
    bool seen = false;
    for (int j = 0; j < nl; j++) seen = seen || lines[j] == ln;
    if (!seen && nl < 64) lines[nl++] = ln;
  }
  for (int j = 1; j < nl; j++) /* sort */
    for (int i = j; i > 0 && lines[i - 1] > lines[i]; i--) {
      int t = lines[i];
      lines[i] = lines[i - 1];
      lines[i - 1] = t;
    }
  dwB_puts(b, "  # line");
  if (nl > 1) dwB_putc(b, 's');
  for (int j = 0; j < nl; j++) dwB_printf(b, "%s%d", j ? "," : " ", lines[j]);
}

static void put_expr(Buf *b, const FPlan *p, const FNest *n, int k) {
  const FExpr *e = &n->ex[k];
  dwB_printf(b, "      e%d = ", k);
  switch ((FExprKind)e->kind) {
  case FE_LOAD:
    put_buf(b, p, e->buf);
    dwB_putc(b, '[');
    put_aff(b, n, &e->aff);
    dwB_putc(b, ']');
    break;
  case FE_CONST: dwB_printf(b, "%.9g", e->value); break;
  case FE_INDEX: {
    const OpAttrs *a = &p->g->nodes[e->node].at;
    dwB_printf(b, "%.9g + %.9g*(", a->f[0], a->f[1]);
    put_aff(b, n, &e->aff);
    dwB_putc(b, ')');
    break;
  }
  case FE_OP:
    dwB_printf(b, "%s(", dw_ops[e->op].name);
    for (int j = 0; j < e->nin; j++) dwB_printf(b, "%se%d", j ? ", " : "", e->a[j]);
    dwB_putc(b, ')');
    break;
  case FE_CAST: dwB_printf(b, "cast(e%d)", e->a[0]); break;
  case FE_ACC: dwB_printf(b, "acc%d", e->acc); break;
  case FE_MM: dwB_puts(b, "matmul"); break;
  case FE_GATHER:
    put_buf(b, p, e->buf);
    dwB_putc(b, '[');
    put_aff(b, n, &e->aff);
    dwB_printf(b, " + e%d*%lld]", e->a[0], (long long)e->gstride);
    break;
  }
  dwB_printf(b, " : %s", dt_short[e->dt]);
  if (e->inner) dwB_printf(b, "  [pass %d]", e->pass);
  dwB_putc(b, '\n');
}

static const char *const vec_names[] = {"none", "outer", "inner"};
static const char *const kind_names[] = {"pointwise", "reduce", "matmul", "sort"};

void dwF_dump(Buf *b, const FPlan *p) {
  for (int k = 0; k < p->nbuf; k++) {
    const FBuf *f = &p->buf[k];
    if (f->kind != FB_SCRATCH) continue;
    dwB_printf(b, "scratch tmp%d: %s[%lld] at %zu\n", k, dt_short[f->dt],
               (long long)f->numel, f->offset);
  }
  for (int i = 0; i < p->nnest; i++) {
    const FNest *n = &p->nest[i];
    dwB_printf(b, "nest %d: %s, vec %s", i, kind_names[n->kind],
               vec_names[n->vec]);
    put_lines(b, p, n);
    dwB_puts(b, "\n  for");
    for (int v = 0; v < n->nouter + n->ninner; v++) {
      dwB_putc(b, ' ');
      var_name(b, n, v);
      dwB_printf(b, " < %lld", (long long)n->ext[v]);
      if (v + 1 == n->nouter && n->ninner) dwB_puts(b, " |");
    }
    dwB_putc(b, '\n');
    if (n->kind == FN_SORT) {
      dwB_printf(b, "    argsort%s rows %lld of %lld: ", n->sort_desc ? " descending" : "",
                 (long long)n->sort_rows, (long long)n->sort_n);
      put_buf(b, p, n->sort_in);
      dwB_puts(b, " -> ");
      put_buf(b, p, n->sort_out);
      dwB_printf(b, "  (merge buffer at %zu)\n", n->sort_tmp_off);
    }
    if (n->kind == FN_MATMUL) {
      dwB_puts(b, "    matmul = sum_k ");
      put_buf(b, p, n->mm_a);
      dwB_putc(b, '[');
      put_aff(b, n, &n->mm_aa);
      dwB_puts(b, "] * ");
      put_buf(b, p, n->mm_b);
      dwB_putc(b, '[');
      put_aff(b, n, &n->mm_ab);
      dwB_printf(b, "] : %s%s\n", dt_short[n->mm_dt],
                 !n->mm_pack              ? ""
                 : n->mm_ab.c[n->nouter - 1] == 1 ? "  (B packed in panels from 8 rows)"
                                                  : "  (B packed in panels)");
    }
    for (int k = 0; k < n->nex; k++) put_expr(b, p, n, k);
    for (int k = 0; k < n->nacc; k++)
      dwB_printf(b, "    acc%d = %s(e%d) over inner  [pass %d]\n", k,
                 dw_ops[n->acc[k].op].name, n->acc[k].in, n->acc[k].pass);
    for (int k = 0; k < n->nst; k++) {
      const FStore *s = &n->st[k];
      dwB_puts(b, "    store ");
      put_buf(b, p, s->buf);
      dwB_putc(b, '[');
      put_aff(b, n, &s->aff);
      dwB_printf(b, "] = e%d", s->expr);
      if (s->pass >= 0) dwB_printf(b, "  [pass %d]", s->pass);
      dwB_putc(b, '\n');
    }
  }
}
