/* autograd.h - reverse-mode autograd on the eager tensors: the graph of
 * backward nodes an op records when the grad mode is on and an input
 * requires grad (autograd.c), the formulas of every differentiable op
 * (derivatives.c) and the engine that runs them backward. Below the
 * evaluator: it knows tensors, ops and the context's errors only. The
 * Python surface (Tensor.backward, .grad, torch.autograd, grad_fn
 * objects) is tensor/autograd_py.c; torch.optim is tensor/optim.c. */
#ifndef DW_AUTOGRAD_H
#define DW_AUTOGRAD_H

#include "dw.h"

struct AgNode;

/* One input of a node (PyTorch's Edge): the node that made it (fn, its
 * output nr), or a leaf that requires grad (leaf: PyTorch's
 * AccumulateGrad; a reference), or nothing (both NULL: no gradient). */
typedef struct AgEdge {
  struct AgNode *fn;
  Tensor *leaf;
  int nr;
} AgEdge;

/* A backward function of a compiled graph (CompiledFunctionBackward):
 * given the gradients of the outputs (NULL: zero), the gradients of the
 * inputs (gin[k] a new reference or NULL). */
typedef bool (*AgApplyFn)(Ctx *c, struct AgNode *n, Tensor **gout,
                          Tensor **gin);

/* A backward node (PyTorch's Node). Reference counted: by the tensors it
 * made (AgMeta.grad_fn), by the edges of later nodes. */
typedef struct AgNode {
  int32_t rc;
  int16_t op;       /* the Op it differentiates, or AG_CUSTOM */
  uint8_t nout;     /* outputs (1 but for AG_CUSTOM) */
  bool released;    /* saved tensors freed by a backward without retain_graph */
  const char *name; /* "MulBackward0" (static) */
  int nin;
  AgEdge *next; /* nin: next_functions */
  TMeta *inm;   /* nin: each input's shape and dtype */
  TMeta *outm;  /* nout */
  OpAttrs at;
  int nsaved;
  Tensor **saved;         /* saved tensors (references; an output saved as a
                             detached alias, never itself) */
  int64_t *ver;           /* their versions when saved */
  uint64_t seq;           /* creation order: a node's consumers come after it */
  struct AgMeta **retain; /* nout: the non-leaf tensor that retains its
                             grad (weak: cleared when the tensor dies) */
  AgApplyFn apply;        /* AG_CUSTOM */
  void *ext;              /* AG_CUSTOM: its state, freed by ext_free */
  void (*ext_free)(Ctx *c, void *ext, bool deep);
  struct AgNode *lprev, *lnext; /* Ctx.ag_nodes: every live node */
  uint32_t run;                 /* engine bookkeeping: the run that marked it */
  int32_t idx;                  /* its index in that run */
} AgNode;

#define AG_CUSTOM (-1)

/* The autograd state of a tensor (Tensor.ag; NULL: none). requires_grad
 * is the tensor's DW_TENSOR_RG flag. */
typedef struct AgMeta {
  AgNode *grad_fn; /* a reference; NULL for a leaf */
  int out_nr;      /* which output of grad_fn */
  Tensor *grad;    /* .grad (a reference) or NULL */
  bool retains_grad;
} AgMeta;

/* Does any input require grad (the check the no-grad path pays once the
 * grad mode is on)? */
static inline bool dwAg_wants(int nin, Tensor *const *in) {
  for (int k = 0; k < nin; k++)
    if (in[k]->h.flags & DW_TENSOR_RG) return true;
  return false;
}
static inline bool dwAg_is_leaf(const Tensor *t) {
  return !t->ag || !t->ag->grad_fn;
}

/* Runs op eagerly (dwT_op) and records its backward node on the result
 * when it is differentiable; an op without a formula on a tensor that
 * requires grad fails with PyTorch's "derivative for ... is not
 * implemented". */
Tensor *dwAg_op(Ctx *c, Op op, int nin, Tensor **in, const OpAttrs *at);
/* The AgMeta of t, made when missing (NULL: out of memory, error set). */
AgMeta *dwAg_meta(Ctx *c, Tensor *t);
/* Sets t's grad_fn (a new reference to n) and output nr; t requires grad. */
bool dwAg_set_grad_fn(Ctx *c, Tensor *t, AgNode *n, int nr);
/* The name a composite op gives its result's node (nn.Linear's
 * AddmmBackward0 over its add): renames t's grad_fn when the composite
 * made it (a node numbered seq0 or later; seq0 = Ctx.ag_seq when the
 * composite began). */
void dwAg_rename(Tensor *t, uint64_t seq0, const char *name);
/* A new node (rc 1) of nin inputs and nout outputs; edges from in[]
 * (NULL entries: none). */
AgNode *dwAg_node_new(Ctx *c, int op, const char *name, int nin, Tensor **in,
                      int nout);
/* Saves t (a reference) with its version; as_output: a detached alias. */
bool dwAg_save(Ctx *c, AgNode *n, Tensor *t, bool as_output);
void dwAg_node_decref(Ctx *c, AgNode *n);
/* Teardown of a tensor's autograd state (deep: drop references). */
void dwAg_meta_free(Ctx *c, Tensor *t, bool deep);
/* End of run: frees every node's memory (the tensors are swept anyway). */
void dwAg_free_all(Ctx *c);

/* The engine. Runs backward from roots[k] with grads[k] (borrowed; NULL:
 * ones, for a scalar root). accumulate: into the leaves' .grad (backward)
 * or, with ncap inputs cap[], the gradients of cap[] into capout[] (new
 * references or NULL: torch.autograd.grad). retain: keep the saved
 * tensors. */
bool dwAg_backward(Ctx *c, int nroot, Tensor **roots, Tensor **grads,
                   bool retain, int ncap, Tensor **cap, Tensor **capout);

/* derivatives.c: the formula of node n: gin[k] (new references, NULL: no
 * gradient) from gout (nout gradients, NULL: zero). */
bool dwAg_formula(Ctx *c, AgNode *n, Tensor **gout, Tensor **gin);
/* The node name of op on inputs in (NULL: not differentiable, an integer
 * or bool result; "" : no formula). */
const char *dwAg_node_name(Op op, int nin, Tensor **in, const OpAttrs *at,
                           const TMeta *out);
/* Which of op's inputs a node saves (bit k: input k) and whether it saves
 * its output. */
unsigned dwAg_saves(Op op, const OpAttrs *at, bool *output);

#endif
