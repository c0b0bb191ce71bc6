/* aotgrad.c - autograd through a compiled graph, as PyTorch's AOTAutograd
 * shows it to the user: a compiled call whose inputs require grad (in grad
 * mode) returns outputs whose grad_fn is one CompiledFunctionBackward node
 * over the graph's inputs, and backward() through it gives the gradients
 * eager code gives.
 *
 * The forward is the compiled kernel's, unchanged. The node saves the
 * graph's inputs (with their versions: an input updated in place before
 * backward is PyTorch's "modified by an inplace operation" error), a copy
 * of the graph and its random draws (dropout's mask). Its backward re-runs
 * the graph op by op on the eager kernels, recording backward nodes from
 * detached leaves that stand for the inputs, and differentiates that
 * recording (the engine's torch.autograd.grad form): the gradients are
 * eager autograd's, for every op that has a formula (tensor/derivatives.c).
 * PyTorch compiles a backward graph instead; the recompute costs one more
 * forward per backward. */
#include "dynamo.h"
#include "../tensor/autograd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* AgNode.ext of a CompiledFunctionBackward node */
typedef struct AoState {
  Graph g;        /* a copy: the kernel may be dropped before backward */
  int nrand;      /* the graph's random draws, in graph order */
  Tensor **rands; /* (references) */
} AoState;

static void ao_free(Ctx *c, void *ext, bool deep) {
  AoState *s = ext;
  if (!s) return;
  for (int k = 0; deep && k < s->nrand; k++)
    if (s->rands[k]) dwV_decref_o(c, &s->rands[k]->h);
  free(s->rands);
  dwG_free(&s->g);
  free(s);
}

/* The node's backward: gin[k] for each graph input from gout. */
static bool ao_apply(Ctx *c, AgNode *n, Tensor **gout, Tensor **gin) {
  AoState *s = n->ext;
  const Graph *g = &s->g;
  int nin = n->nin, nout = n->nout, ncap = 0, nroot = 0;
  Tensor **x = calloc((size_t)nin + 1, sizeof *x), **cap = calloc((size_t)nin + 1, sizeof *cap);
  int *capof = calloc((size_t)nin + 1, sizeof *capof);
  Tensor **outs = calloc((size_t)nout + 1, sizeof *outs), **roots = calloc((size_t)nout + 1, sizeof *roots);
  Tensor **grads = calloc((size_t)nout + 1, sizeof *grads), **capout = NULL;
  bool ok = x && cap && capof && outs && roots && grads;
  if (!ok) dw_fail(c, EXC_MemoryError, "out of memory");
  /* the inputs: a detached leaf that requires grad for each one the node
   * has an edge to, the saved tensor itself for the others */
  for (int k = 0; ok && k < nin; k++) {
    Tensor *t = n->saved[k];
    if (n->next[k].fn || n->next[k].leaf) {
      x[k] = dwT_view(c, t, t->ndim, t->shape, t->stride, t->offset);
      ok = x[k] != NULL;
      if (ok) {
        x[k]->h.flags |= DW_TENSOR_RG;
        capof[ncap] = k;
        cap[ncap++] = x[k];
      }
    } else {
      x[k] = t;
      dwV_incref_o(&t->h);
    }
  }
  int failed;
  if (ok) ok = dwG_run_eager_ex(c, g, x, outs, &failed, s->rands, true, true);
  for (int j = 0; ok && j < nout; j++)
    if (gout[j] && outs[j] && (outs[j]->h.flags & DW_TENSOR_RG)) {
      roots[nroot] = outs[j];
      grads[nroot++] = gout[j];
    }
  if (ok && ncap && !(capout = calloc((size_t)ncap, sizeof *capout))) ok = dw_fail(c, EXC_MemoryError, "out of memory");
  if (ok && nroot && ncap) ok = dwAg_backward(c, nroot, roots, grads, false, ncap, cap, capout);
  for (int j = 0; j < ncap; j++) {
    if (ok) gin[capof[j]] = capout[j]; /* the reference moves */
    else if (capout && capout[j]) dwV_decref_o(c, &capout[j]->h);
  }
  for (int j = 0; outs && j < nout; j++)
    if (outs[j]) dwV_decref_o(c, &outs[j]->h);
  for (int k = 0; x && k < nin; k++)
    if (x[k]) dwV_decref_o(c, &x[k]->h);
  free(x);
  free(cap);
  free(capof);
  free(outs);
  free(roots);
  free(grads);
  free(capout);
  return ok;
}

bool dwAo_wants(Interp *I, int nin, Tensor **inputs) {
  return !I->no_grad && dwAg_wants(nin, inputs);
}

bool dwAo_attach(Interp *I, const Graph *g, int nin, Tensor **inputs, Tensor **rands, Tensor **outs) {
  Ctx *c = &I->c;
  /* which outputs depend on an input that requires grad (the others, as
   * AOTAutograd's, do not require grad) */
  uint8_t *rg = calloc((size_t)g->n + 1, 1);
  if (!rg) return dw_fail(c, EXC_MemoryError, "out of memory");
  for (int k = 0; k < g->n; k++) {
    const GNode *nd = &g->nodes[k];
    if (nd->op == OP_INPUT) rg[k] = (inputs[nd->input]->h.flags & DW_TENSOR_RG) != 0;
    for (int j = 0; j < nd->nin; j++)
      rg[k] |= rg[nd->in[j]];
    if (!dwT_is_float((DType)nd->meta.dtype)) rg[k] = 0;
  }
  bool any = false;
  for (int j = 0; j < g->nout; j++)
    any = any || rg[g->outputs[j]];
  AoState *s = NULL;
  AgNode *n = NULL;
  bool ok = true;
  if (any) {
    Tensor **in = calloc((size_t)nin + 1, sizeof *in);
    s = calloc(1, sizeof *s);
    ok = in && s;
    if (!ok) dw_fail(c, EXC_MemoryError, "out of memory");
    for (int k = 0; ok && k < nin; k++)
      in[k] = inputs[k]->h.flags & DW_TENSOR_RG ? inputs[k] : NULL;
    if (ok) ok = dwG_clone(&s->g, g) || dw_fail(c, EXC_MemoryError, "out of memory");
    s->nrand = dwG_ntensors(g);
    if (ok && s->nrand && !(s->rands = calloc((size_t)s->nrand, sizeof *s->rands)))
      ok = dw_fail(c, EXC_MemoryError, "out of memory");
    for (int k = 0; ok && k < s->nrand; k++)
      if ((s->rands[k] = rands ? rands[k] : NULL)) dwV_incref_o(&s->rands[k]->h);
    if (ok) ok = (n = dwAg_node_new(c, AG_CUSTOM, "CompiledFunctionBackward", nin, in, g->nout)) != NULL;
    free(in);
    if (n) {
      n->apply = ao_apply;
      n->ext = s;
      n->ext_free = ao_free;
      s = NULL;
    }
    for (int k = 0; ok && k < nin; k++)
      ok = dwAg_save(c, n, inputs[k], false);
    for (int j = 0; ok && j < g->nout; j++) {
      dwT_meta_of(outs[j], &n->outm[j]);
      bool is_input = false; /* an input returned as it is keeps its own autograd state */
      for (int k = 0; k < nin; k++)
        is_input = is_input || outs[j] == inputs[k];
      if (rg[g->outputs[j]] && !is_input) ok = dwAg_set_grad_fn(c, outs[j], n, j);
    }
  }
  if (s) ao_free(c, s, true);
  if (n) dwAg_node_decref(c, n);
  free(rg);
  return ok;
}
