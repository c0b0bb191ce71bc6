/* autograd_py.c - autograd as Python sees it (the engine is autograd.c):
 * requires_grad (torch.tensor(..., requires_grad=True), factories'
 * keyword, requires_grad_(), the attribute), is_leaf, .grad, .grad_fn
 * (objects printed as PyTorch's, with name() and next_functions),
 * retain_grad(), detach(), Tensor.backward, torch.autograd.grad /
 * backward, the checks of in-place updates (a leaf that requires grad;
 * the result's grad_fn moves to the updated tensor), Module.zero_grad,
 * with PyTorch's messages. */
#include "tensor/tensor_impl.h"
#include "tensor/torchlib.h"

#define OPQ_NODE 40 /* Opaque kind: a grad_fn (AgNode, a reference) */
#define OPQ_ACC 41  /* Opaque kind: an AccumulateGrad (its leaf, a reference)  \
                     */

/* ------------------------------------------------------------------ */
/* grad_fn objects                                                     */
/* ------------------------------------------------------------------ */

static void node_free(Ctx *c, void *p) {
  dwAg_node_decref(c, p);
}
static void acc_free(Ctx *c, void *p) {
  if (p && !c->ag_sweep) dwV_decref_o(c, &((Tensor *)p)->h);
}
static void node_repr(Buf *b, void *p) {
  dwB_printf(b, "<%s object at 0x%012llx>", ((AgNode *)p)->name,
             (unsigned long long)(uintptr_t)p);
}
static void acc_repr(Buf *b, void *p) {
  dwB_printf(b, "<AccumulateGrad object at 0x%012llx>",
             (unsigned long long)(uintptr_t)p ^ 0x5a5a0ull);
}
static Value node_getattr(void *interp, void *p, const char *name);
static Value acc_getattr(void *interp, void *p, const char *name);

static Value opaque(Interp *I, int kind, void *p, void (*fr)(Ctx *, void *),
                    void (*rp)(Buf *, void *),
                    Value (*ga)(void *, void *, const char *)) {
  Opaque *o = (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque));
  if (!o) return dwI_raise_ctx(I);
  o->kind = kind;
  o->p = p;
  o->free = fr;
  o->repr = rp;
  o->getattr = ga;
  return dwV_obj(&o->h);
}

static Value node_value(Interp *I, AgNode *n) {
  n->rc++;
  Value v = opaque(I, OPQ_NODE, n, node_free, node_repr, node_getattr);
  if (v.t == V_NULL) dwAg_node_decref(&I->c, n);
  return v;
}

static Value acc_value(Interp *I, Tensor *leaf) {
  dwV_incref_o(&leaf->h);
  Value v = opaque(I, OPQ_ACC, leaf, acc_free, acc_repr, acc_getattr);
  if (v.t == V_NULL) dwV_decref_o(&I->c, &leaf->h);
  return v;
}

static void *opaque_of(Value v, int kind) {
  return v.t == V_OPAQUE && ((Opaque *)v.u.o)->kind == kind
             ? ((Opaque *)v.u.o)->p
             : NULL;
}

/* grad_fn.name() */
BI(n_name) {
  (void)def;
  if (a->n || a->nkw)
    return dwI_raise(I, EXC_TypeError, "name() takes no arguments");
  AgNode *n = opaque_of(self, OPQ_NODE);
  const char *s = n ? n->name : "torch::autograd::AccumulateGrad";
  Str *r = dwV_str(&I->c, s, strlen(s));
  return r ? VSTR(r) : dwI_raise_ctx(I);
}
static const BuiltinDef name_def = {"Node.name", n_name, TK_PURE, 0, 0};

static Value node_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  AgNode *n = p;
  if (!strcmp(name, "name")) {
    Value self = dwV_null();
    /* bound to a fresh handle on the same node */
    self = node_value(I, n);
    if (self.t == V_NULL) return self;
    Value r = dwMt_bound(I, &name_def, self);
    drop(I, self);
    return r;
  }
  if (!strcmp(name, "next_functions")) {
    Tuple *t = dwV_tuple(&I->c, n->nin);
    if (!t) return dwI_raise_ctx(I);
    for (int k = 0; k < n->nin; k++) {
      Tuple *e = dwV_tuple(&I->c, 2);
      if (!e) {
        dwV_decref_o(&I->c, &t->h);
        return dwI_raise_ctx(I);
      }
      t->items[k] = dwV_obj(&e->h);
      Value fv = n->next[k].fn     ? node_value(I, n->next[k].fn)
                 : n->next[k].leaf ? acc_value(I, n->next[k].leaf)
                                   : dwV_none();
      if (fv.t == V_NULL) {
        dwV_decref_o(&I->c, &t->h);
        return fv;
      }
      e->items[0] = fv;
      e->items[1] = dwV_int(n->next[k].fn ? n->next[k].nr : 0);
    }
    return dwV_obj(&t->h);
  }
  return dwV_null();
}

static Value acc_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  if (!strcmp(name, "variable")) {
    dwV_incref_o(&((Tensor *)p)->h);
    return tv(p);
  }
  if (!strcmp(name, "next_functions")) {
    Tuple *t = dwV_tuple(&I->c, 0);
    return t ? dwV_obj(&t->h) : dwI_raise_ctx(I);
  }
  if (!strcmp(name, "name")) {
    Value self = acc_value(I, p);
    if (self.t == V_NULL) return self;
    Value r = dwMt_bound(I, &name_def, self);
    drop(I, self);
    return r;
  }
  return dwV_null();
}

/* ------------------------------------------------------------------ */
/* requires_grad, .grad, .grad_fn                                      */
/* ------------------------------------------------------------------ */

bool dwAp_set_requires_grad(Interp *I, Tensor *t, bool on) {
  if (!dwAg_is_leaf(t)) {
    if (on) return true;
    dwI_raise(I, EXC_RuntimeError,
              "you can only change requires_grad flags of leaf variables. If "
              "you want to use a computed variable "
              "in a subgraph that doesn't require differentiation use "
              "var_no_grad = var.detach().");
    return false;
  }
  if (on && !dwT_is_float(t->dtype)) {
    dwI_raise(I, EXC_RuntimeError,
              "only Tensors of floating point and complex dtype can require "
              "gradients");
    return false;
  }
  if (on)
    t->h.flags = (uint16_t)((t->h.flags | DW_TENSOR_RG) & ~DW_TENSOR_NOGRAD);
  else
    t->h.flags =
        (uint16_t)((t->h.flags & ~DW_TENSOR_RG) |
                   ((t->h.flags & DW_TENSOR_PARAM) ? DW_TENSOR_NOGRAD : 0));
  return true;
}

Value dwAp_with_grad(Interp *I, Value r, bool rg) {
  if (r.t != V_TENSOR || !rg) return r;
  if (!dwT_is_float(TEN(r)->dtype)) {
    drop(I, r);
    return dwI_raise(I, EXC_RuntimeError,
                     "Only Tensors of floating point and complex dtype can "
                     "require gradients");
  }
  TEN(r)->h.flags |= DW_TENSOR_RG;
  return r;
}

bool dwAp_tensor_attr(Interp *I, Tensor *t, const char *n, Value *out) {
  if (!strcmp(n, "requires_grad")) {
    *out = dwV_bool(DW_REQUIRES_GRAD(t));
  } else if (!strcmp(n, "is_leaf")) {
    *out = dwV_bool(dwAg_is_leaf(t));
  } else if (!strcmp(n, "grad")) {
    /* a non-leaf's .grad is None unless it retains it (PyTorch also warns) */
    Tensor *g = t->ag ? t->ag->grad : NULL;
    if (g) dwV_incref_o(&g->h);
    *out = g ? tv(g) : dwV_none();
  } else if (!strcmp(n, "grad_fn")) {
    *out = t->ag && t->ag->grad_fn ? node_value(I, t->ag->grad_fn) : dwV_none();
  } else if (!strcmp(n, "retains_grad")) {
    *out = dwV_bool(t->ag && t->ag->retains_grad && !dwAg_is_leaf(t));
  } else {
    return false;
  }
  return true;
}

bool dwAp_tensor_setattr(Interp *I, Tensor *t, Str *name, Value v) {
  const char *n = name->s;
  if (!strcmp(n, "requires_grad")) {
    if (v.t != V_BOOL) {
      dwI_raise(I, EXC_TypeError, "requires_grad must be a bool");
      return false;
    }
    return dwAp_set_requires_grad(I, t, v.u.i != 0);
  }
  if (!strcmp(n, "grad")) {
    if (v.t != V_NONE && v.t != V_TENSOR) {
      dwI_raise(
          I, EXC_TypeError,
          "assigned grad expected to be a Tensor or None but got grad of %s",
          dwV_type_name(v));
      return false;
    }
    if (v.t == V_TENSOR) {
      Tensor *g = TEN(v);
      bool same = g->ndim == t->ndim;
      for (int k = 0; same && k < t->ndim; k++)
        same = g->shape[k] == t->shape[k];
      if (!same) {
        dwI_raise(I, EXC_RuntimeError,
                  "assigned grad has data of a different size");
        return false;
      }
      if (g->dtype != t->dtype) {
        dwI_raise(I, EXC_RuntimeError,
                  "assigned grad has data of a different type");
        return false;
      }
    }
    AgMeta *m = v.t == V_NONE && !t->ag ? NULL : dwAg_meta(&I->c, t);
    if (v.t != V_NONE && !m) {
      dwI_raise_ctx(I);
      return false;
    }
    if (!m) return true;
    Tensor *old = m->grad;
    m->grad = v.t == V_TENSOR ? TEN(v) : NULL;
    if (m->grad) dwV_incref_o(&m->grad->h);
    if (old) dwV_decref_o(&I->c, &old->h);
    return true;
  }
  dwI_raise(I, EXC_AttributeError,
            "'Tensor' object attribute '%s' is read-only", n);
  return false;
}

/* x.detach(): the same memory and version counter, no autograd */
Value dwL_detach(Interp *I, Value self) {
  Tensor *t = TEN(self);
  if (!(t->h.flags & (DW_TENSOR_PARAM | DW_TENSOR_RG)) || !t->st) {
    dwV_incref(self);
    return self;
  }
  Tensor *p = dwT_view(&I->c, t, t->ndim, t->shape, t->stride, t->offset);
  return p ? tv(p) : dwI_raise_ctx(I);
}

/* ------------------------------------------------------------------ */
/* In-place updates                                                    */
/* ------------------------------------------------------------------ */

bool dwAp_inplace_pre(Interp *I, Tensor *x, Tensor *r) {
  if (I->no_grad || !x->st) return true;
  if ((x->h.flags & DW_TENSOR_RG) && dwAg_is_leaf(x)) {
    dwI_raise(I, EXC_RuntimeError,
              "a leaf Variable that requires grad is being used in an in-place "
              "operation.");
    return false;
  }
  if (r && r->ag && r->ag->grad_fn && (x->h.flags & DW_TENSOR_VIEW)) {
    dwI_raise(I, EXC_RuntimeError,
              "derivative for an in-place update of a view is not implemented "
              "in dynawasm (PyTorch's "
              "CopySlices): update the base tensor, or compute the result out "
              "of place");
    return false;
  }
  return true;
}

bool dwAp_inplace_post(Interp *I, Tensor *x, Tensor *r) {
  if (I->no_grad || !x->st || !r || !r->ag || !r->ag->grad_fn || r == x)
    return true;
  if (!dwAg_set_grad_fn(&I->c, x, r->ag->grad_fn, r->ag->out_nr)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

bool dwAp_setitem_check(Interp *I, Tensor *t, Tensor *src) {
  if (I->no_grad || !t->st) return true;
  if (!dwAp_inplace_pre(I, t, NULL)) return false;
  if ((t->h.flags & DW_TENSOR_RG) || (src && (src->h.flags & DW_TENSOR_RG))) {
    dwI_raise(
        I, EXC_RuntimeError,
        "derivative for index assignment (x[...] = v) is not implemented in "
        "dynawasm (PyTorch's "
        "CopySlices): build the tensor out of place (torch.cat, torch.where)");
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* backward and torch.autograd.grad                                     */
/* ------------------------------------------------------------------ */

/* The tensors of a tensor-or-sequence argument (malloc'd, borrowed). */
static Tensor **tensors_of(Interp *I, Value v, int *n, const char *fname) {
  if (v.t == V_TENSOR) {
    Tensor **r = malloc(sizeof *r);
    if (!r) {
      dwI_raise(I, EXC_MemoryError, "out of memory");
      return NULL;
    }
    r[0] = TEN(v);
    *n = 1;
    return r;
  }
  return dwL_tensor_list(I, v, n, fname);
}

static bool size_str(Buf *b, const Tensor *t) {
  dwB_puts(b, "torch.Size([");
  for (int k = 0; k < t->ndim; k++)
    dwB_printf(b, "%s%lld", k ? ", " : "", (long long)t->shape[k]);
  dwB_puts(b, "])");
  return true;
}

/* _make_grads: the gradients of the roots (NULL: ones), checked */
static bool make_grads(Interp *I, int n, Tensor **roots, Value gv,
                       Tensor **grads) {
  int ng = 0;
  Tensor **gs = NULL;
  if (gv.t != V_NULL && gv.t != V_NONE) {
    if (gv.t == V_TENSOR) {
      gs = tensors_of(I, gv, &ng, "backward");
    } else {
      /* a sequence that may hold None */
      Value it = dwOb_iter(I, gv);
      if (it.t == V_NULL) return false;
      gs = calloc((size_t)n + 1, sizeof *gs);
      Value x;
      while (gs && (x = dwOb_next(I, it)).t != V_NULL) {
        if (ng < n) gs[ng] = x.t == V_TENSOR ? TEN(x) : NULL;
        ng++;
        drop(I, x); /* the sequence keeps it */
      }
      drop(I, it);
      if (I->exc.t != V_NULL) {
        free(gs);
        return false;
      }
    }
    if (!gs) return false;
    if (ng != n) {
      free(gs);
      dwI_raise(
          I, EXC_RuntimeError,
          "grad_tensors should have the same length as tensors (%d != %d)", ng,
          n);
      return false;
    }
  }
  for (int k = 0; k < n; k++) {
    Tensor *g = gs ? gs[k] : NULL, *r = roots[k];
    if (g) {
      bool same = g->ndim == r->ndim;
      for (int d = 0; same && d < r->ndim; d++)
        same = g->shape[d] == r->shape[d];
      if (!same) {
        Buf a = {0}, b = {0};
        size_str(&a, g);
        size_str(&b, r);
        dwI_raise(I, EXC_RuntimeError,
                  "Mismatch in shape: grad_output[%d] has a shape of %s and "
                  "output[%d] has a shape of %s.",
                  k, a.p, k, b.p);
        dwB_free(&a);
        dwB_free(&b);
        free(gs);
        return false;
      }
    } else if (dwT_numel(r) != 1) {
      free(gs);
      dwI_raise(I, EXC_RuntimeError,
                "grad can be implicitly created only for scalar outputs");
      return false;
    }
    grads[k] = g;
  }
  free(gs);
  return true;
}

static bool require_grad(Interp *I, int n, Tensor **t) {
  for (int k = 0; k < n; k++)
    if (!(t[k]->h.flags & DW_TENSOR_RG)) {
      dwI_raise(I, EXC_RuntimeError,
                "element %d of tensors does not require grad and does not have "
                "a grad_fn",
                k);
      return false;
    }
  return true;
}

static bool no_fakes(Interp *I, int n, Tensor **t) {
  for (int k = 0; k < n; k++)
    if (!t[k]->st) {
      dwI_raise(I, EXC_InternalTorchDynamoError,
                "a traced tensor escaped its graph");
      return false;
    }
  return true;
}

/* retain_graph=None means create_graph; create_graph=True needs
 * gradients of gradients, which dynawasm does not record */
static bool graph_flags(Interp *I, Value retain, Value create, bool *keep) {
  bool cg = false;
  if (!truthy(I, create, false, &cg)) return false;
  if (cg) {
    dwI_raise(I, EXC_NotImplementedError,
              "create_graph=True (gradients of gradients) is not supported by "
              "dynawasm: backward formulas are not "
              "recorded");
    return false;
  }
  if (retain.t == V_NONE) retain = dwV_null();
  return truthy(I, retain, cg, keep);
}

/* Dynamo: Tensor.backward() in a compiled frame is a graph break */
static bool backward_breaks(Interp *I) {
  return !dwR_tracing(I) ||
         dwR_break_here(I, BR_UNSUPPORTED_CALL,
                        "Unsupported Tensor.backward() call");
}

static Value run_backward(Interp *I, int n, Tensor **roots, Value gv,
                          Value retain, Value create, Value inputs) {
  bool keep;
  if (!graph_flags(I, retain, create, &keep)) return dwV_null();
  if (inputs.t != V_NULL && inputs.t != V_NONE)
    return dwI_raise(I, EXC_NotImplementedError,
                     "backward(inputs=...) is not supported by dynawasm");
  Tensor *gstack[8],
      **grads = n <= 8 ? gstack : calloc((size_t)n, sizeof *grads);
  if (!grads) return dwI_raise(I, EXC_MemoryError, "out of memory");
  Value r = dwV_null();
  if (no_fakes(I, n, roots) && require_grad(I, n, roots) &&
      make_grads(I, n, roots, gv, grads)) {
    bool ng = I->no_grad;
    I->no_grad = true; /* formulas record nothing */
    bool ok = dwAg_backward(&I->c, n, roots, grads, keep, 0, NULL, NULL);
    I->no_grad = ng;
    r = ok ? dwV_none() : dwI_raise_ctx(I);
  }
  if (grads != gstack) free(grads);
  return r;
}

/* Tensor.backward(gradient=None, retain_graph=None, create_graph=False,
 * inputs=None) */
BI(t_backward) {
  (void)def;
  Value b[5];
  if (!dwL_bind(I, "backward", self, a,
                "self,gradient,retain_graph,create_graph,inputs", b, 5))
    return dwV_null();
  if (!as_tensor_arg(I, b[0], "backward", "self")) return dwV_null();
  if (!backward_breaks(I)) return dwV_null();
  Tensor *t = TEN(b[0]);
  return run_backward(I, 1, &t, b[1], b[2], b[3], b[4]);
}

/* torch.autograd.backward(tensors, grad_tensors=None, retain_graph=None,
 * create_graph=False, grad_variables=None, inputs=None) */
BI(ag_backward) {
  (void)def;
  Value b[6];
  if (!dwL_bind(I, "backward", self, a,
                "tensors,grad_tensors,retain_graph,create_graph,grad_variables,"
                "inputs",
                b, 6))
    return dwV_null();
  if (b[0].t == V_NULL)
    return dwI_raise(
        I, EXC_TypeError,
        "backward() missing 1 required positional argument: 'tensors'");
  if (!backward_breaks(I)) return dwV_null();
  int n;
  Tensor **roots = tensors_of(I, b[0], &n, "backward");
  if (!roots) return dwV_null();
  Value r = run_backward(I, n, roots, b[1], b[2], b[3], b[5]);
  free(roots);
  return r;
}

/* torch.autograd.grad(outputs, inputs, grad_outputs=None, retain_graph=None,
 * create_graph=False, only_inputs=True, allow_unused=None, ...) */
BI(ag_grad) {
  (void)def;
  Value b[9];
  if (!dwL_bind(I, "grad", self, a,
                "outputs,inputs,grad_outputs,retain_graph,create_graph,only_"
                "inputs,allow_unused,is_grads_batched,"
                "materialize_grads",
                b, 9))
    return dwV_null();
  if (b[0].t == V_NULL || b[1].t == V_NULL)
    return dwI_raise(I, EXC_TypeError,
                     "grad() missing 1 required positional argument: '%s'",
                     b[0].t == V_NULL ? "outputs" : "inputs");
  if (!backward_breaks(I)) return dwV_null();
  bool keep, unused = false, mat = false;
  if (!graph_flags(I, b[3], b[4], &keep) ||
      !truthy(I, b[6].t == V_NONE ? dwV_null() : b[6], false, &unused) ||
      !truthy(I, b[8], false, &mat))
    return dwV_null();
  int n, ni;
  Tensor **outs = tensors_of(I, b[0], &n, "grad");
  if (!outs) return dwV_null();
  Tensor **ins = tensors_of(I, b[1], &ni, "grad");
  if (!ins) {
    free(outs);
    return dwV_null();
  }
  Tensor **grads = calloc((size_t)n + 1, sizeof *grads),
         **capout = calloc((size_t)ni + 1, sizeof *capout);
  Value r = dwV_null();
  bool ok = grads && capout;
  if (!ok) dwI_raise(I, EXC_MemoryError, "out of memory");
  ok = ok && no_fakes(I, n, outs) && no_fakes(I, ni, ins) &&
       require_grad(I, n, outs);
  for (int k = 0; ok && k < ni; k++)
    if (!(ins[k]->h.flags & DW_TENSOR_RG)) {
      dwI_raise(I, EXC_RuntimeError,
                "One of the differentiated Tensors does not require grad");
      ok = false;
    }
  ok = ok && make_grads(I, n, outs, b[2], grads);
  if (ok) {
    bool ng = I->no_grad;
    I->no_grad = true;
    ok = dwAg_backward(&I->c, n, outs, grads, keep, ni, ins, capout);
    I->no_grad = ng;
    if (!ok) dwI_raise_ctx(I);
  }
  for (int k = 0; ok && k < ni; k++)
    if (!capout[k] && !unused && !mat) {
      dwI_raise(I, EXC_RuntimeError,
                "One of the differentiated Tensors appears to not have been "
                "used in the graph. Set "
                "allow_unused=True if this is the desired behavior.");
      ok = false;
    }
  Tuple *t = ok ? dwV_tuple(&I->c, ni) : NULL;
  if (ok && !t) dwI_raise_ctx(I);
  for (int k = 0; t && k < ni; k++) {
    if (!capout[k] && mat)
      capout[k] =
          dwT_new(&I->c, (DType)ins[k]->dtype, ins[k]->ndim, ins[k]->shape);
    t->items[k] = capout[k] ? tv(capout[k]) : dwV_none();
    capout[k] = NULL;
  }
  if (t) r = dwV_obj(&t->h);
  for (int k = 0; capout && k < ni; k++)
    if (capout[k]) dwV_decref_o(&I->c, &capout[k]->h);
  free(grads);
  free(capout);
  free(outs);
  free(ins);
  return r;
}

/* Tensor.requires_grad_(requires_grad=True) */
BI(t_requires_grad_) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "requires_grad_", self, a, "self,requires_grad", v, 2))
    return dwV_null();
  bool on = true;
  if (v[1].t != V_NULL && !dwOb_truth(I, v[1], &on)) return dwV_null();
  if (!dwNm_set_requires_grad(I, v[0], on)) return dwV_null();
  dwV_incref(v[0]);
  return v[0];
}

/* Tensor.retain_grad() */
BI(t_retain_grad) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "retain_grad", self, a, "self", v, 1)) return dwV_null();
  Tensor *t = TEN(v[0]);
  if (!(t->h.flags & DW_TENSOR_RG))
    return dwI_raise(
        I, EXC_RuntimeError,
        "can't retain_grad on Tensor that has requires_grad=False");
  if (dwAg_is_leaf(t) || t->ag->retains_grad) return dwV_none();
  AgMeta *m = t->ag;
  AgNode *n = m->grad_fn;
  if (!n->retain && !(n->retain = calloc(n->nout, sizeof *n->retain)))
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  n->retain[m->out_nr] = m;
  m->retains_grad = true;
  return dwV_none();
}

/* Tensor.detach_() */
BI(t_detach_) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "detach_", self, a, "self", v, 1)) return dwV_null();
  Tensor *t = TEN(v[0]);
  if (t->ag && t->ag->grad_fn) {
    AgNode *n = t->ag->grad_fn;
    if (n->retain && n->retain[t->ag->out_nr] == t->ag)
      n->retain[t->ag->out_nr] = NULL;
    t->ag->grad_fn = NULL;
    t->ag->retains_grad = false;
    dwAg_node_decref(&I->c, n);
  }
  t->h.flags &= (uint16_t)~DW_TENSOR_RG;
  dwV_incref(v[0]);
  return v[0];
}

/* Module.zero_grad(set_to_none=True) / Optimizer's: each parameter's
 * .grad set to None, or zeroed in place */
bool dwAp_zero_grads(Interp *I, Value params, bool to_none) {
  Value it = dwOb_iter(I, params);
  if (it.t == V_NULL) return false;
  Value p;
  bool ok = true;
  while (ok && (p = dwOb_next(I, it)).t != V_NULL) {
    if (p.t == V_TENSOR && TEN(p)->ag && TEN(p)->ag->grad) {
      Tensor *g = TEN(p)->ag->grad;
      if (to_none) {
        TEN(p)->ag->grad = NULL;
        dwV_decref_o(&I->c, &g->h);
      } else {
        dwT_k_fill(g, 0);
        ok = dwT_bump(g, 1);
        if (!ok) dwI_raise(I, EXC_MemoryError, "out of memory");
      }
    }
    drop(I, p);
  }
  drop(I, it);
  return ok && I->exc.t == V_NULL;
}

BI(m_zero_grad) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "zero_grad", self, a, "self,set_to_none", v, 2))
    return dwV_null();
  bool none;
  if (!truthy(I, v[1], true, &none)) return dwV_null();
  Value ps = dwNm_parameters(I, v[0]);
  if (ps.t == V_NULL) return ps;
  bool ok = dwAp_zero_grads(I, ps, none);
  drop(I, ps);
  return ok ? dwV_none() : dwV_null();
}

const BuiltinDef dwAp_tensor_methods[] = {
    {"Tensor.backward", t_backward, TK_PURE, 0, 0},
    {"Tensor.requires_grad_", t_requires_grad_, TK_PURE, 0, 0},
    {"Tensor.retain_grad", t_retain_grad, TK_PURE, 0, 0},
    {"Tensor.detach_", t_detach_, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const BuiltinDef dwAp_autograd_defs[] = {
    {"torch.autograd.grad", ag_grad, TK_PURE, 0, 0},
    {"torch.autograd.backward", ag_backward, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

const BuiltinDef dwAp_module_methods[] = {
    {"Module.zero_grad", m_zero_grad, TK_PURE, 0, 0}, {NULL, NULL, 0, 0, 0}};
