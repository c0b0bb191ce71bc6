/* autograd.c - reverse-mode autograd on the eager tensors, as PyTorch's
 * engine does it: an op whose input requires grad, run while the grad mode
 * is on, gives its result a backward node (grad_fn) holding edges to its
 * inputs' nodes or leaves and the tensors its formula needs
 * (derivatives.c); backward() runs the nodes reached from the roots in
 * reverse creation order (a node's consumers are always created after it),
 * sums the gradients arriving at each node and accumulates the leaves'
 * into their .grad. Saved tensors carry their version: a tensor written in
 * place after it was saved fails backward with PyTorch's message; a
 * backward without retain_graph frees them, and a second backward through
 * a node that saved tensors fails with PyTorch's message.
 *
 * The grad mode is the evaluator's (Interp.no_grad): the eager op path
 * (dynamo/trace.c dwR_op) calls dwAg_op only when the mode is on and an
 * input requires grad (dwAg_wants), so the no-grad path pays one test. */
#include "tensor/autograd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Nodes and tensors' state                                            */
/* ------------------------------------------------------------------ */

AgMeta *dwAg_meta(Ctx *c, Tensor *t) {
  if (!t->ag && !(t->ag = calloc(1, sizeof *t->ag)))
    dw_fail(c, EXC_MemoryError, "out of memory");
  return t->ag;
}

static bool retain_slot(Ctx *c, AgNode *n, int nr, AgMeta *m) {
  if (!n->retain && !(n->retain = calloc(n->nout, sizeof *n->retain)))
    return dw_fail(c, EXC_MemoryError, "out of memory");
  n->retain[nr] = m;
  return true;
}

bool dwAg_set_grad_fn(Ctx *c, Tensor *t, AgNode *n, int nr) {
  AgMeta *m = dwAg_meta(c, t);
  if (!m) return false;
  n->rc++;
  AgNode *old = m->grad_fn;
  if (old && old->retain && old->retain[m->out_nr] == m)
    old->retain[m->out_nr] = NULL;
  m->grad_fn = n;
  m->out_nr = nr;
  t->h.flags |= DW_TENSOR_RG;
  /* retain_grad() survives an in-place update (the hook moves to the new
   * grad_fn) */
  bool ok = !m->retains_grad || retain_slot(c, n, nr, m);
  dwAg_node_decref(c, old);
  return ok;
}

void dwAg_rename(Tensor *t, uint64_t seq0, const char *name) {
  if (t && t->ag && t->ag->grad_fn && t->ag->grad_fn->seq >= seq0)
    t->ag->grad_fn->name = name;
}

AgNode *dwAg_node_new(Ctx *c, int op, const char *name, int nin, Tensor **in,
                      int nout) {
  AgNode *n = calloc(1, sizeof *n);
  if (!n || !(n->next = calloc(nin ? nin : 1, sizeof *n->next)) ||
      !(n->inm = calloc(nin ? nin : 1, sizeof *n->inm)) ||
      !(n->outm = calloc(nout ? nout : 1, sizeof *n->outm))) {
    if (n) {
      free(n->next);
      free(n->inm);
    }
    free(n);
    dw_fail(c, EXC_MemoryError, "out of memory");
    return NULL;
  }
  n->rc = 1;
  n->op = (int16_t)op;
  n->name = name;
  n->nin = nin;
  n->nout = (uint8_t)nout;
  n->seq = c->ag_seq++;
  n->idx = -1;
  for (int k = 0; k < nin; k++) {
    if (!in || !in[k]) continue;
    dwT_meta_of(in[k], &n->inm[k]);
    if (!(in[k]->h.flags & DW_TENSOR_RG)) continue;
    if (in[k]->ag && in[k]->ag->grad_fn) {
      n->next[k].fn = in[k]->ag->grad_fn;
      n->next[k].nr = in[k]->ag->out_nr;
      n->next[k].fn->rc++;
    } else {
      n->next[k].leaf = in[k];
      dwV_incref_o(&in[k]->h);
    }
  }
  n->lnext = c->ag_nodes;
  if (c->ag_nodes) c->ag_nodes->lprev = n;
  c->ag_nodes = n;
  return n;
}

bool dwAg_save(Ctx *c, AgNode *n, Tensor *t, bool as_output) {
  Tensor **s = realloc(n->saved, sizeof *s * (size_t)(n->nsaved + 1));
  if (s) n->saved = s;
  int64_t *v = s ? realloc(n->ver, sizeof *v * (size_t)(n->nsaved + 1)) : NULL;
  if (v) n->ver = v;
  if (!s || !v) return dw_fail(c, EXC_MemoryError, "out of memory");
  Tensor *x = t;
  if (as_output) { /* a detached alias: the output's node must not hold its
                      tensor */
    x = dwT_view(c, t, t->ndim, t->shape, t->stride, t->offset);
    if (!x) return false;
  } else {
    dwV_incref_o(&t->h);
  }
  n->saved[n->nsaved] = x;
  n->ver[n->nsaved++] = dwT_version(t);
  return true;
}

static void release_saved(Ctx *c, AgNode *n) {
  for (int k = 0; k < n->nsaved; k++)
    if (n->saved[k]) {
      Tensor *x = n->saved[k];
      n->saved[k] = NULL;
      dwV_decref_o(c, &x->h);
    }
}

/* Freeing is iterative: a long chain of nodes (a loss summed over many
 * steps) is freed without deep recursion. */
static AgNode **pend;
static int npend, cappend;
static bool draining;

static void node_free(Ctx *c, AgNode *n, bool deep) {
  if (n->lprev)
    n->lprev->lnext = n->lnext;
  else
    c->ag_nodes = n->lnext;
  if (n->lnext) n->lnext->lprev = n->lprev;
  if (deep) {
    for (int k = 0; k < n->nin; k++) {
      if (n->next[k].fn) dwAg_node_decref(c, n->next[k].fn);
      if (n->next[k].leaf) dwV_decref_o(c, &n->next[k].leaf->h);
    }
    release_saved(c, n);
  }
  if (n->ext_free) n->ext_free(c, n->ext, deep);
  free(n->next);
  free(n->inm);
  free(n->outm);
  free(n->saved);
  free(n->ver);
  free(n->retain);
  free(n);
}

void dwAg_node_decref(Ctx *c, AgNode *n) {
  if (!n || c->ag_sweep || --n->rc > 0) return;
  if (npend == cappend) {
    int cap = cappend ? cappend * 2 : 64;
    AgNode **p = realloc(pend, sizeof *p * (size_t)cap);
    if (!p) { /* no room to defer: free it here (recursion as deep as the chain)
               */
      node_free(c, n, true);
      return;
    }
    pend = p;
    cappend = cap;
  }
  pend[npend++] = n;
  if (draining) return;
  draining = true;
  while (npend > 0)
    node_free(c, pend[--npend], true);
  draining = false;
}

void dwAg_meta_free(Ctx *c, Tensor *t, bool deep) {
  AgMeta *m = t->ag;
  if (!m) return;
  t->ag = NULL;
  if (deep) {
    AgNode *fn = m->grad_fn;
    if (fn && fn->retain && fn->retain[m->out_nr] == m)
      fn->retain[m->out_nr] = NULL;
    if (m->grad) dwV_decref_o(c, &m->grad->h);
    dwAg_node_decref(c, fn);
  }
  free(m);
}

void dwAg_free_all(Ctx *c) {
  while (c->ag_nodes)
    node_free(c, c->ag_nodes, false);
  npend = 0;
}

/* ------------------------------------------------------------------ */
/* Recording                                                           */
/* ------------------------------------------------------------------ */

Tensor *dwAg_op(Ctx *c, Op op, int nin, Tensor **in, const OpAttrs *at) {
  static const OpAttrs none;
  if (!at) at = &none;
  Tensor *out = dwT_op(c, op, nin, in, at);
  if (!out || !dwT_is_float(out->dtype))
    return out; /* integer and bool results need no gradient */
  bool any = false;
  for (int k = 0; k < nin; k++)
    any =
        any || (dwT_is_float(in[k]->dtype) && (in[k]->h.flags & DW_TENSOR_RG));
  if (!any) return out;
  if (out == in[0] || (out->ag && out->ag->grad_fn))
    return out; /* the input itself (an alias) */
  TMeta om;
  dwT_meta_of(out, &om);
  const char *name = dwAg_node_name(op, nin, in, at, &om);
  if (!name) return out;
  if (!*name) {
    dwV_decref_o(c, &out->h);
    dw_fail(c, EXC_RuntimeError, "derivative for %s is not implemented",
            dw_ops[op].name);
    return NULL;
  }
  AgNode *n = dwAg_node_new(c, op, name, nin, in, 1);
  bool ok = n != NULL;
  if (ok) {
    n->at = *at;
    n->outm[0] = om;
    bool so = false;
    unsigned mask = dwAg_saves(op, at, &so);
    for (int k = 0; ok && k < nin && k < 32; k++)
      if (mask >> k & 1) ok = dwAg_save(c, n, in[k], false);
    if (ok && so) ok = dwAg_save(c, n, out, true);
    ok = ok && dwAg_set_grad_fn(c, out, n, 0);
    dwAg_node_decref(c, n);
  }
  if (!ok) {
    dwV_decref_o(c, &out->h);
    return NULL;
  }
  return out;
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */
/* ------------------------------------------------------------------ */

static const char second_time[] =
    "Trying to backward through the graph a second time (or directly access "
    "saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward "
    "through the graph a second time or "
    "if you need to access saved tensors after calling backward.";

/* a + b (new reference; a and b borrowed) */
static Tensor *add(Ctx *c, Tensor *a, Tensor *b) {
  Tensor *in[2] = {a, b};
  return dwT_op(c, OP_ADD, 2, in, NULL);
}

/* *slot += g (*slot a reference or NULL; g borrowed) */
static bool acc(Ctx *c, Tensor **slot, Tensor *g) {
  if (!*slot) {
    dwV_incref_o(&g->h);
    *slot = g;
    return true;
  }
  Tensor *s = add(c, *slot, g);
  if (!s) return false;
  dwV_decref_o(c, &(*slot)->h);
  *slot = s;
  return true;
}

/* leaf.grad += g: a fresh tensor the first time, then in place (so a
 * reference to .grad sees the sum, as in PyTorch) */
static bool acc_leaf(Ctx *c, Tensor *leaf, Tensor *g) {
  AgMeta *m = dwAg_meta(c, leaf);
  if (!m) return false;
  if (!m->grad) {
    Tensor *z = dwT_new(c, (DType)leaf->dtype, leaf->ndim, leaf->shape);
    if (!z || !dwT_copy_into(c, z, g)) {
      if (z) dwV_decref_o(c, &z->h);
      return false;
    }
    m->grad = z;
    return true;
  }
  Tensor *s = add(c, m->grad, g);
  bool ok = s && dwT_copy_into(c, m->grad, s) && dwT_bump(m->grad, 1);
  if (s) dwV_decref_o(c, &s->h);
  return ok;
}

static int by_seq_desc(const void *a, const void *b) {
  const AgNode *x = *(AgNode *const *)a, *y = *(AgNode *const *)b;
  return x->seq < y->seq ? 1 : x->seq > y->seq ? -1 : 0;
}

static bool push(Ctx *c, AgNode ***v, int *n, int *cap, AgNode *x) {
  if (*n == *cap) {
    int nc = *cap ? *cap * 2 : 32;
    AgNode **p = realloc(*v, sizeof *p * (size_t)nc);
    if (!p) return dw_fail(c, EXC_MemoryError, "out of memory");
    *v = p;
    *cap = nc;
  }
  (*v)[(*n)++] = x;
  return true;
}

/* a saved tensor written in place since it was saved: PyTorch's message */
static bool check_versions(Ctx *c, AgNode *n) {
  for (int k = 0; k < n->nsaved; k++) {
    Tensor *x = n->saved[k];
    if (!x || dwT_version(x) == n->ver[k]) continue;
    char shape[128];
    dwT_shape_str(shape, sizeof shape, x->ndim, x->shape);
    const char *ty = x->dtype == DT_F64 ? "DoubleTensor" : "FloatTensor";
    return dw_fail(c, EXC_RuntimeError,
                   "one of the variables needed for gradient computation has "
                   "been modified by an inplace "
                   "operation: [torch.%s %s], which is output 0 of %s, is at "
                   "version %lld; expected version %lld "
                   "instead. Hint: the backtrace further above can point to "
                   "the operation that failed to compute "
                   "its gradient. The variable in question was changed in "
                   "there or anywhere later. Good luck!",
                   ty, shape, n->name, (long long)dwT_version(x),
                   (long long)n->ver[k]);
  }
  return true;
}

bool dwAg_backward(Ctx *c, int nroot, Tensor **roots, Tensor **grads,
                   bool retain, int ncap, Tensor **cap, Tensor **capout) {
  uint32_t run = ++c->ag_run;
  AgNode **nodes = NULL;
  int nn = 0, capn = 0;
  Tensor ***bufs = NULL;
  bool ok = true;
  /* the nodes reached from the roots */
  for (int k = 0; ok && k < nroot; k++) {
    AgNode *r = roots[k]->ag ? roots[k]->ag->grad_fn : NULL;
    if (r && r->run != run) {
      r->run = run;
      ok = push(c, &nodes, &nn, &capn, r);
    }
  }
  for (int i = 0; ok && i < nn; i++)
    for (int k = 0; ok && k < nodes[i]->nin; k++) {
      AgNode *x = nodes[i]->next[k].fn;
      if (x && x->run != run) {
        x->run = run;
        ok = push(c, &nodes, &nn, &capn, x);
      }
    }
  if (ok && nn > 1) qsort(nodes, (size_t)nn, sizeof *nodes, by_seq_desc);
  for (int i = 0; i < nn; i++)
    nodes[i]->idx = i;
  if (ok && nn && !(bufs = calloc((size_t)nn, sizeof *bufs)))
    ok = dw_fail(c, EXC_MemoryError, "out of memory");
  for (int i = 0; ok && i < nn; i++)
    if (!(bufs[i] = calloc(nodes[i]->nout, sizeof **bufs)))
      ok = dw_fail(c, EXC_MemoryError, "out of memory");
  /* which captured tensors are outputs of nodes (their gradient is the
   * node's buffer when it runs) */
  /* seed the roots */
  for (int k = 0; ok && k < nroot; k++) {
    Tensor *g = grads[k], *own = NULL;
    if (!g) {
      OpAttrs at;
      memset(&at, 0, sizeof at);
      memcpy(at.i, roots[k]->shape, sizeof(int64_t) * roots[k]->ndim);
      at.ni = roots[k]->ndim;
      at.f[0] = 1;
      at.dtype = roots[k]->dtype;
      g = own = dwT_op(c, OP_FULL, 0, NULL, &at);
      if (!g) {
        ok = false;
        break;
      }
    }
    AgNode *r = roots[k]->ag ? roots[k]->ag->grad_fn : NULL;
    if (r) {
      ok = acc(c, &bufs[r->idx][roots[k]->ag->out_nr], g);
    } else {
      int j = 0;
      while (j < ncap && cap[j] != roots[k])
        j++;
      if (j < ncap)
        ok = acc(c, &capout[j], g);
      else if (!capout)
        ok = acc_leaf(c, roots[k], g);
    }
    if (own) dwV_decref_o(c, &own->h);
  }
  for (int i = 0; ok && i < nn; i++) {
    AgNode *n = nodes[i];
    Tensor **gout = bufs[i];
    bool have = false;
    for (int r = 0; r < n->nout; r++)
      have = have || gout[r];
    /* the gradient of a captured non-leaf, or a retained one */
    for (int j = 0; ok && j < ncap; j++) {
      AgMeta *m = cap[j]->ag;
      if (m && m->grad_fn == n && gout[m->out_nr])
        ok = acc(c, &capout[j], gout[m->out_nr]);
    }
    for (int r = 0; ok && !capout && n->retain && r < n->nout; r++)
      if (n->retain[r] && gout[r]) {
        AgMeta *m = n->retain[r];
        if (!m->grad) {
          Tensor *cl = dwT_op(c, OP_CLONE, 1, &gout[r], NULL);
          ok = cl != NULL;
          m->grad = cl;
        } else {
          ok = acc(c, &m->grad, gout[r]);
        }
      }
    if (!ok || !have) goto next;
    if (n->released && n->nsaved) {
      ok = dw_fail(c, EXC_RuntimeError, "%s", second_time);
      break;
    }
    if (!check_versions(c, n)) {
      ok = false;
      break;
    }
    Tensor *gin_stack[4] = {0},
           **gin =
               n->nin <= 4 ? gin_stack : calloc((size_t)n->nin, sizeof *gin);
    if (!gin) {
      ok = dw_fail(c, EXC_MemoryError, "out of memory");
      break;
    }
    ok = n->op == AG_CUSTOM ? n->apply(c, n, gout, gin)
                            : dwAg_formula(c, n, gout, gin);
    for (int k = 0; k < n->nin; k++) {
      Tensor *g = gin[k];
      if (!g) continue;
      const AgEdge *e = &n->next[k];
      if (ok && e->fn) {
        ok = acc(c, &bufs[e->fn->idx][e->nr], g);
      } else if (ok && e->leaf) {
        int j = 0;
        while (j < ncap && cap[j] != e->leaf)
          j++;
        if (j < ncap)
          ok = acc(c, &capout[j], g);
        else if (!capout)
          ok = acc_leaf(c, e->leaf, g);
      }
      dwV_decref_o(c, &g->h);
    }
    if (gin != gin_stack) free(gin);
  next:
    for (int r = 0; r < n->nout; r++)
      if (gout[r]) {
        dwV_decref_o(c, &gout[r]->h);
        gout[r] = NULL;
      }
    if (ok && !retain && have && n->nsaved) {
      release_saved(c, n);
      n->released = true;
    }
  }
  for (int i = 0; bufs && i < nn; i++) {
    for (int r = 0; bufs[i] && r < nodes[i]->nout; r++)
      if (bufs[i][r]) dwV_decref_o(c, &bufs[i][r]->h);
    free(bufs[i]);
  }
  for (int i = 0; i < nn; i++)
    nodes[i]->idx = -1;
  free(bufs);
  free(nodes);
  return ok;
}
