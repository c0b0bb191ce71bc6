/* mutate.c - in-place updates of traced tensors, functionalised in the
 * graph as AOTAutograd does (torch/_functorch/_aot_autograd/functional_utils.py,
 * torch/_subclasses/functional_tensor.py).
 *
 * The graph IR is functional: a node is a value, never overwritten. While
 * a unit is traced, `y.add_(1)`, `y[0] = 5.0` or `z.mul_(3)` with z a view
 * of y compute the updated value as new nodes and rebind the tensors to
 * them, so that every later read sees the update:
 *
 *   - every view op recorded on a traced tensor (slice, select, permute,
 *     reshape that views, expand) registers the new tensor as an alias of
 *     the root of its base: the tensor the view chain starts from, a fake
 *     made by an op or a real graph input;
 *   - an update of a tensor x to value v: when x is a view, v is scattered
 *     back through x's chain of views into the root's current value (a
 *     slice: where(mask, gather(v, idx), base) along its dim; a select: the
 *     same on v unsqueezed; a permute: the inverse permute; a reshape: the
 *     reshape back); the root is rebound to the result; every alias of the
 *     root is then rebuilt by replaying its chain of views on the new root
 *     (a view taken before the update sees the new values, as in eager);
 *   - a root that is a graph input is written back to the caller's tensor
 *     when the graph has run (trace.c dwR_inplace_input, concretize).
 *
 * The chain of a view is found in the graph: from the view's current node
 * through the first inputs of view nodes to the root's current node. An
 * update rebinds a root and all its aliases together, so the chains stay
 * connected; the undo log restores the nodes of all of them together.
 *
 * Writing into an expanded view (a dim of stride 0 with more than one
 * element) is PyTorch's error (torchlib.c); an update of a view taken
 * through such an expand (a row of it), and of a real tensor whose storage
 * other real tensors share (the graph would read them stale), are graph
 * breaks. */
#include "dynamo.h"

#include <stdlib.h>
#include <string.h>

typedef struct Alias {
  Tensor *view; /* a fake made by a view op (t->fakes holds it) */
  Tensor *root; /* the fake or real graph input its chain starts from
                   (t->fakes or t->inputs holds it; a view of a wrapped
                   scalar, a constant, is no alias) */
  int fi;       /* view's index in t->fakes */
  int64_t stride[DW_MAXDIM], offset; /* view's layout (a real root: in its
                                        storage) */
} Alias;

struct Aliases {
  Alias *a;
  int n, cap;
};

void dwU_free(Trace *t) {
  if (!t->aliases) return;
  free(t->aliases->a);
  free(t->aliases);
  t->aliases = NULL;
}

/* A rollback to nfakes fakes: views made since are gone (their roots
 * were made before them). */
void dwU_truncate(Trace *t, int nfakes) {
  Aliases *al = t->aliases;
  while (al && al->n > 0 && al->a[al->n - 1].fi >= nfakes) al->n--;
}

/* Is entry e about tensors still traced in t? */
static bool alias_live(const Trace *t, const Alias *e) {
  return !e->view->st && e->view->trace == t && e->view->node >= 0 &&
         (e->root->st || (e->root->trace == t && e->root->node >= 0));
}

static Alias *alias_of(Trace *t, const Tensor *x) {
  Aliases *al = t->aliases;
  for (int k = al ? al->n - 1 : -1; k >= 0; k--)
    if (al->a[k].view == x && alias_live(t, &al->a[k])) return &al->a[k];
  return NULL;
}

bool dwU_view_made(Interp *I, Trace *t, Tensor *view, Tensor *base) {
  if (t->nfakes < 1 || t->fakes[t->nfakes - 1] != view) {
    dwI_raise(I, EXC_InternalTorchDynamoError, "a view that is not the latest fake");
    return false;
  }
  Alias *b = alias_of(t, base);
  Tensor *root = b ? b->root : base;
  bool input = !root->st;
  for (int k = 0; k < t->ninputs && !input; k++) input = t->inputs[k] == root;
  if (!input) return true; /* a wrapped scalar (a constant of the graph) */
  if (!t->aliases) t->aliases = calloc(1, sizeof(Aliases));
  Aliases *al = t->aliases;
  if (!al || !DW_GROW(al->a, al->cap, al->n, 16)) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  Alias *e = &al->a[al->n++];
  *e = (Alias){.view = view, .root = root, .fi = t->nfakes - 1, .offset = view->offset};
  memcpy(e->stride, view->stride, sizeof e->stride);
  return true;
}

/* The current node of tensor x in t (a real tensor: its input node, or
 * its latest update). */
static int node_of(Interp *I, Trace *t, Tensor *x) {
  return x->st ? dwR_input_node(I, t, x) : x->node;
}

/* A node of op over inputs in[0..nin), its meta inferred. -1 with an
 * exception. */
static int add(Interp *I, Trace *t, Op op, int nin, const int32_t *in, const OpAttrs *at) {
  TMeta m[3] = {{0}}, out;
  for (int k = 0; k < nin; k++) m[k] = t->g.nodes[in[k]].meta;
  if (!dwT_meta(&I->c, op, nin, m, at, &out)) {
    dwI_raise_ctx(I);
    return -1;
  }
  out.wrapped = 0;
  int id = dwG_add(&t->g, op, &out, nin, in, at, dwR_node_line(I), I->frame->col);
  if (id < 0) dwI_raise(I, EXC_MemoryError, "out of memory");
  return id;
}

static int add2(Interp *I, Trace *t, Op op, int a, int b) {
  if (a < 0 || b < 0) return -1;
  int32_t in[2] = {a, b};
  return add(I, t, op, 2, in, NULL);
}

static int iconst(Interp *I, Trace *t, int64_t v) {
  TMeta m;
  memset(&m, 0, sizeof m);
  m.dtype = DT_I64;
  m.wrapped = 1;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.f[0] = (double)v;
  int id = dwG_add(&t->g, OP_CONST, &m, 0, NULL, &at, dwR_node_line(I), I->frame->col);
  if (id < 0) dwI_raise(I, EXC_MemoryError, "out of memory");
  return id;
}

/* A view-op node of one input with the given shape attribute (RESHAPE,
 * EXPAND). */
static int shaped(Interp *I, Trace *t, Op op, int x, int nd, const int64_t *shape) {
  if (x < 0) return -1;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.ni = nd;
  memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  int32_t in[1] = {x};
  return add(I, t, op, 1, in, &at);
}

/* base with the slice [start:stop:step] of dim d replaced by v (v's dim d
 * has the slice's length): where(mask, gather(v, d, idx), base) with
 * idx = clamp((j - start) // step, 0, n - 1) and mask = the j of the
 * slice, j along dim d (slice_scatter). */
static int slice_scatter(Interp *I, Trace *t, int base, int v, int d, int64_t start,
                         int64_t stop, int64_t step) {
  const TMeta bmc = t->g.nodes[base].meta, *bm = &bmc; /* a copy: adding nodes moves them */
  int64_t N = bm->shape[d], n = t->g.nodes[v].meta.shape[d];
  if (n <= 0) return base;
  if (n == N) return v; /* the whole dim */
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.ni = 1;
  at.i[0] = N;
  at.f[0] = (double)-start;
  at.f[1] = 1;
  at.dtype = DT_I64;
  int j = add(I, t, OP_ARANGE, 0, NULL, &at); /* j - start */
  int64_t one[DW_MAXDIM];
  for (int k = 0; k < bm->ndim; k++) one[k] = k == d ? N : 1;
  if (n == 1) { /* one index: v broadcasts along the dim */
    int mask = shaped(I, t, OP_RESHAPE, add2(I, t, OP_EQ, j, iconst(I, t, 0)), bm->ndim, one);
    if (mask < 0) return -1;
    int32_t win[3] = {mask, v, base};
    return add(I, t, OP_WHERE, 3, win, NULL);
  }
  int q = step > 1 ? add2(I, t, OP_FLOORDIV, j, iconst(I, t, step)) : j;
  q = add2(I, t, OP_MAXIMUM, q, iconst(I, t, 0));
  q = add2(I, t, OP_MINIMUM, q, iconst(I, t, n - 1));
  int mask = add2(I, t, OP_AND, add2(I, t, OP_GE, j, iconst(I, t, 0)),
                  add2(I, t, OP_LT, j, iconst(I, t, stop - start)));
  if (step > 1)
    mask = add2(I, t, OP_AND, mask,
                add2(I, t, OP_EQ, add2(I, t, OP_MOD, j, iconst(I, t, step)), iconst(I, t, 0)));
  q = shaped(I, t, OP_EXPAND, shaped(I, t, OP_RESHAPE, q, bm->ndim, one), bm->ndim, bm->shape);
  mask = shaped(I, t, OP_RESHAPE, mask, bm->ndim, one);
  if (q < 0 || mask < 0) return -1;
  memset(&at, 0, sizeof at);
  at.ni = 1;
  at.i[0] = d;
  at.flag = GK_GATHER;
  int32_t gin[2] = {v, q};
  int g = add(I, t, OP_GATHER, 2, gin, &at);
  if (g < 0) return -1;
  int32_t win[3] = {mask, g, base};
  return add(I, t, OP_WHERE, 3, win, NULL);
}

/* The input of view node `view` (its base's value `base`) with the view's
 * elements replaced by v. -1 with an exception. */
static int scatter_one(Interp *I, Trace *t, const GNode *view, int base, int v) {
  const TMeta bmc = t->g.nodes[base].meta, *bm = &bmc;
  const OpAttrs *a = &view->at;
  int nd = bm->ndim;
  switch (view->op) {
  case OP_SLICE: {
    int d = (int)(a->i[0] < 0 ? a->i[0] + nd : a->i[0]);
    int64_t N = bm->shape[d], start = a->i[1], stop = a->i[2];
    if (start < 0) start += N;
    if (stop < 0) stop += N;
    start = start < 0 ? 0 : start > N ? N : start;
    stop = stop < start ? start : stop > N ? N : stop;
    return slice_scatter(I, t, base, v, d, start, stop, a->i[3] > 0 ? a->i[3] : 1);
  }
  case OP_SELECT: {
    int d = (int)(a->i[0] < 0 ? a->i[0] + nd : a->i[0]);
    int64_t idx = a->i[1] < 0 ? a->i[1] + bm->shape[d] : a->i[1];
    int64_t shape[DW_MAXDIM];
    memcpy(shape, bm->shape, sizeof shape);
    shape[d] = 1;
    int u = shaped(I, t, OP_RESHAPE, v, nd, shape);
    return u < 0 ? -1 : slice_scatter(I, t, base, u, d, idx, idx + 1, 1);
  }
  case OP_PERMUTE: {
    int64_t inv[DW_MAXDIM];
    for (int k = 0; k < nd; k++) inv[a->i[k] < 0 ? a->i[k] + nd : a->i[k]] = k;
    return shaped(I, t, OP_PERMUTE, v, nd, inv);
  }
  case OP_ALIAS: /* the same elements in the same layout */
    return v;
  default: /* OP_RESHAPE (a view), OP_EXPAND that adds no element (see
              broadcasts) */
    return shaped(I, t, OP_RESHAPE, v, nd, bm->shape);
  }
}

/* The chain of view nodes from node v down to node root (v first, the
 * one whose input is root last). Its length, or -1 when v does not reach
 * root through views. */
static int chain(const Trace *t, int v, int root, int32_t *c, int cap) {
  int n = 0;
  while (v != root) {
    const GNode *g = &t->g.nodes[v];
    if (v < 0 || dw_ops[g->op].kind != K_VIEW || g->nin < 1 || n == cap) return -1;
    c[n++] = v;
    v = g->in[0];
  }
  return n;
}

/* Does chain c[0..n) hold an expand that repeats elements (a dim of
 * stride 0)? Which of the repeated elements an update writes then depends
 * on the memory, not on the values: such an update runs eagerly. */
static bool broadcasts(const Trace *t, const int32_t *c, int n) {
  for (int k = 0; k < n; k++) {
    const GNode *g = &t->g.nodes[c[k]];
    if (g->op != OP_EXPAND) continue;
    const TMeta *bm = &t->g.nodes[g->in[0]].meta, *em = &g->meta;
    int lead = em->ndim - bm->ndim;
    for (int d = 0; d < em->ndim; d++)
      if (em->shape[d] != 1 && (d < lead || bm->shape[d - lead] == 1)) return true;
  }
  return false;
}

/* Replays chain c[0..n) on node from (its last first). */
static int replay(Interp *I, Trace *t, const int32_t *c, int n, int from) {
  for (int k = n - 1; k >= 0 && from >= 0; k--) {
    const GNode *g = &t->g.nodes[c[k]];
    OpAttrs at = g->at;
    int32_t in[1] = {from};
    from = add(I, t, (Op)g->op, 1, in, &at);
  }
  return from;
}

/* A fake of t holding node id. */
static Tensor *fake_of(Interp *I, Trace *t, int id) {
  Tensor *x = dwT_fake(&I->c, &t->g.nodes[id].meta);
  if (!x) {
    dwI_raise_ctx(I);
    return NULL;
  }
  x->node = id;
  x->trace = t;
  if (!DW_GROW(t->fakes, t->capfakes, t->nfakes, 32)) {
    dwV_decref_o(&I->c, &x->h);
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return NULL;
  }
  t->fakes[t->nfakes++] = x; /* the trace's reference */
  return x;
}

/* Tensor x (node old) rebound to node id: a graph input gets the value
 * written back after the run (value: a fake holding id, or NULL for a new
 * one), a fake takes the node (logged); the FX view follows. */
static bool rebind(Interp *I, Trace *t, Tensor *x, int old, int id, Tensor *value) {
  if (x->st) {
    Tensor *v = value ? value : fake_of(I, t, id);
    if (!v || !dwR_inplace_input(I, x, v)) return false;
  } else {
    dwR_log_tensor(I, x);
    x->node = id;
  }
  dwM_rebind(t, old, id);
  return true;
}

#define MAXCHAIN 64

static bool mutate(Interp *I, Tensor *x, Tensor *value);

/* The version counters of a traced update of x (Tensor._version): a fake
 * root and its aliases advance now (and keep the count when they become
 * real); a graph input advances when the graph's write-back runs
 * (trace.c concretize: one step per update, as eager's writes). */
bool dwU_mutate(Interp *I, Tensor *x, Tensor *value) {
  if (!mutate(I, x, value)) return false;
  Trace *t = I->trace;
  if (!dwR_tracing(I) || !t) return true; /* the graph broke: eager writes it */
  Alias *ax = alias_of(t, x);
  Tensor *root = ax ? ax->root : x;
  if (root->st) return true;
  bool ok = dwT_bump(root, 1);
  for (int k = 0; t->aliases && k < t->aliases->n && ok; k++)
    if (t->aliases->a[k].root == root) ok = dwT_bump(t->aliases->a[k].view, 1);
  if (!ok) dwI_raise(I, EXC_MemoryError, "out of memory");
  return ok;
}

static bool mutate(Interp *I, Tensor *x, Tensor *value) {
  Trace *t = I->trace;
  if (t && value->st) { /* a real value (torch.full made eagerly): a graph input */
    int id = dwR_input_node(I, t, value);
    value = id >= 0 ? fake_of(I, t, id) : NULL;
    if (!value) return id >= 0 ? false : (dwI_raise(I, EXC_MemoryError, "out of memory"), false);
  }
  if (!t || value->trace != t) {
    dwI_raise(I, EXC_InternalTorchDynamoError, "in-place update outside a trace");
    return false;
  }
  Alias *ax = alias_of(t, x);
  Tensor *root = ax ? ax->root : x;
  Aliases *al = t->aliases;
  int nviews = 0;
  for (int k = 0; al && k < al->n; k++)
    nviews += al->a[k].root == root && alias_live(t, &al->a[k]);
  /* a real tensor whose storage other real tensors share (a view, or
   * viewed): one of them may become a graph input after this update and
   * would be read stale inside the graph: the update runs eagerly */
  if (root->st && root->st->rc > 1)
    return dwR_break_here(I, BR_UNSUPPORTED_CALL,
                          "In-place update of a tensor that shares memory with a view: "
                          "the graph cannot keep them in step");
  if (!nviews) /* no alias in the graph: x is rebound to the new value */
    return rebind(I, t, x, node_of(I, t, x), value->node, value);
  if (t->syms.n > 0)
    return dwR_break_here(I, BR_UNSUPPORTED_CALL,
                          "In-place update of a view of a tensor with symbolic sizes: "
                          "the graph cannot keep them in step");
  int rcur = node_of(I, t, root);
  if (rcur < 0) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  int32_t c[MAXCHAIN];
  int newroot = value->node;
  if (x != root) {
    int n = chain(t, x->node, rcur, c, MAXCHAIN);
    if (n < 0) {
      dwI_raise(I, EXC_InternalTorchDynamoError, "a view lost its base");
      return false;
    }
    if (broadcasts(t, c, n))
      return dwR_break_here(I, BR_UNSUPPORTED_CALL,
                            "In-place update of a view of an expanded tensor: the graph cannot "
                            "keep them in step");
    for (int k = 0; k < n && newroot >= 0; k++) {
      GNode view = t->g.nodes[c[k]]; /* a copy: adding nodes moves them */
      newroot = scatter_one(I, t, &view, view.in[0], newroot);
    }
    if (newroot < 0) return false;
  }
  /* the new node of every live alias of root, from its chain */
  int *nn = malloc(sizeof(int) * (size_t)(al->n + 1));
  if (!nn) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  bool ok = true;
  for (int k = 0; k < al->n && ok; k++) {
    Alias *e = &al->a[k];
    nn[k] = -1;
    if (e->root != root || !alias_live(t, e)) continue;
    int n = chain(t, e->view->node, rcur, c, MAXCHAIN);
    if (n < 0) continue; /* rebound since (not through an update): not an alias any more */
    nn[k] = replay(I, t, c, n, newroot);
    ok = nn[k] >= 0;
  }
  ok = ok && rebind(I, t, root, rcur, newroot, NULL);
  for (int k = 0; k < al->n && ok; k++) {
    if (nn[k] < 0) continue;
    rebind(I, t, al->a[k].view, al->a[k].view->node, nn[k], NULL); /* a fake: cannot fail */
  }
  free(nn);
  return ok;
}

void dwU_concretized(Interp *I, Trace *t) {
  Aliases *al = t->aliases;
  for (int k = 0; al && k < al->n; k++) {
    Tensor *v = al->a[k].view, *r = al->a[k].root;
    if (!r->st || !v->st || v->st == r->st) continue;
    /* a view of a graph input (updated in place or not): its values are
     * the input's after the write-back; it shares the input's memory */
    Storage *old = v->st;
    v->st = r->st;
    v->st->rc++;
    if (!dwT_set_counter(v, r)) dwT_counter_drop(v); /* shares r's (cannot fail) */
    memcpy(v->stride, al->a[k].stride, sizeof v->stride);
    v->offset = al->a[k].offset;
    if (--old->rc <= 0) {
      I->c.tensor_bytes -= old->nbytes;
      free(old->data);
      free(old);
    }
  }
}
