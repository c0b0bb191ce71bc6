/* hop.c - higher-order ops: torch.cond, the documented way to branch on
 * tensor data without a graph break (torch/_higher_order_ops/cond.py and
 * Dynamo's CondHigherOrderVariable, variables/higher_order_ops.py).
 *
 * Eagerly, cond runs the branch its predicate picks. In a traced frame,
 * Dynamo traces both branches as subgraphs over the same operands and
 * records one cond node; a graph break (or an exception nothing in the
 * branch catches) while tracing a branch is not a break but the hard error
 * UncapturedHigherOrderOpError ("Cond doesn't work unless it is captured
 * completely with torch.compile."), and both branches must return tensors
 * of the same structure, shape and dtype. dynawasm traces both branches
 * into the graph itself and selects each output with where(pred, t, f):
 * the same values, no graph break, both branches computed (kernels see
 * no control flow). */
#include "dynamo.h"

#include <stdio.h>
#include <string.h>

#define OBJ(v) ((v).u.o)
#define TEN(v) ((Tensor *)(v).u.o)
#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)

static const char COND_REASON[] =
    "Cond doesn't work unless it is captured completely with torch.compile.";

/* callable(v), as the builtin decides */
static bool is_callable(Interp *I, Value v, bool *out) {
  Value c = dwL_builtin(I, "callable");
  if (c.t == V_NULL) return false;
  Value r = dwI_call0(I, c, 1, &v);
  dwV_decref(&I->c, c);
  if (r.t == V_NULL) return false;
  *out = r.t == V_BOOL && r.u.i;
  dwV_decref(&I->c, r);
  return true;
}

/* Are the leaves of v (nested lists and tuples) all tensors? */
static bool tensor_leaves(Value v, int depth) {
  if (v.t == V_TENSOR) return true;
  if (depth > 8 || (v.t != V_LIST && v.t != V_TUPLE)) return false;
  int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
  Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
  for (int64_t k = 0; k < n; k++)
    if (!tensor_leaves(items[k], depth + 1)) return false;
  return true;
}

/* RuntimeError(fmt with `%s` = str(v)), as cond.py's _validate_input. */
static Value fail_with(Interp *I, const char *fmt, Value v) {
  Buf b = {0};
  if (!dwFm_str_value(I, &b, v)) {
    dwB_free(&b);
    return dwV_null();
  }
  dwI_raise(I, EXC_RuntimeError, fmt, b.p ? b.p : "");
  dwB_free(&b);
  return dwV_null();
}

/* branch(*operands) */
static Value call_branch(Interp *I, Value fn, Value operands) {
  int64_t n = operands.t == V_LIST ? ((List *)OBJ(operands))->len : ((Tuple *)OBJ(operands))->len;
  Value *items = operands.t == V_LIST ? ((List *)OBJ(operands))->items
                                      : ((Tuple *)OBJ(operands))->items;
  Args args = {(int)n, items, 0, NULL};
  return dwI_call(I, fn, &args);
}

/* An error while tracing a branch: Unsupported (a graph break, a raise
 * nothing catches) becomes UncapturedHigherOrderOpError as
 * raise_hard_error_if_graph_break does; others go on as they are. */
static Value branch_error(Interp *I) {
  if (I->exc.t != V_EXC) return dwV_null();
  Exc *x = (Exc *)OBJ(I->exc);
  if (x->cls || !dwV_exc_below(x->type, EXC_Unsupported)) return dwV_null();
  Buf m = {0};
  dwB_puts(&m, x->msg ? x->msg->s : "");
  /* e.msg: without the user stack exc.py appends later */
  char *cut = m.p ? strstr(m.p, "\n\nfrom user code:") : NULL;
  if (cut) *cut = 0;
  dwV_decref(&I->c, I->exc);
  I->exc = dwV_null();
  dwI_raise(I, EXC_UncapturedHigherOrderOpError, "%s %s", COND_REASON, m.p ? m.p : "");
  dwB_free(&m);
  return dwV_null();
}

static void meta_text(Buf *b, const Tensor *t) {
  dwB_printf(b, "%s[", dwT_scalar_name((DType)t->dtype));
  for (int k = 0; k < t->ndim; k++) dwB_printf(b, "%s%lld", k ? ", " : "", (long long)t->shape[k]);
  dwB_putc(b, ']');
}

/* where(pred, t, f) over the outputs of both branches, of the same
 * structure: tensors of the same shape and dtype (Dynamo compares the
 * branches' output metadata). */
static Value select_out(Interp *I, Tensor *pred, Value t, Value f) {
  if (t.t == V_TENSOR && f.t == V_TENSOR) {
    Tensor *x = TEN(t), *y = TEN(f);
    bool same = x->dtype == y->dtype && x->ndim == y->ndim;
    for (int k = 0; same && k < x->ndim; k++) same = x->shape[k] == y->shape[k];
    if (!same) {
      Buf m = {0};
      dwB_puts(&m, "true_fn and false_fn must return tensors of the same shape and dtype: ");
      meta_text(&m, x);
      dwB_puts(&m, " vs ");
      meta_text(&m, y);
      dwI_raise(I, EXC_UncapturedHigherOrderOpError, "%s %s", COND_REASON, m.p);
      dwB_free(&m);
      return dwV_null();
    }
    OpAttrs at;
    memset(&at, 0, sizeof at);
    Tensor *in[3] = {pred, x, y};
    return dwR_op(I, OP_WHERE, 3, in, &at);
  }
  bool seq = (t.t == V_TUPLE || t.t == V_LIST) && t.t == f.t;
  int64_t n = !seq ? 0 : t.t == V_LIST ? ((List *)OBJ(t))->len : ((Tuple *)OBJ(t))->len;
  int64_t m = !seq ? 0 : f.t == V_LIST ? ((List *)OBJ(f))->len : ((Tuple *)OBJ(f))->len;
  if (!seq || n != m)
    return dwI_raise(I, EXC_UncapturedHigherOrderOpError,
                     "%s true_fn and false_fn must return the same structure of tensors "
                     "(a tensor, or lists and tuples of them): %s vs %s",
                     COND_REASON, dwV_type_name(t), dwV_type_name(f));
  Value *ti = t.t == V_LIST ? ((List *)OBJ(t))->items : ((Tuple *)OBJ(t))->items;
  Value *fi = f.t == V_LIST ? ((List *)OBJ(f))->items : ((Tuple *)OBJ(f))->items;
  List *out = dwV_list(&I->c, n);
  if (!out) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < n; k++) {
    Value r = select_out(I, pred, ti[k], fi[k]);
    if (r.t == V_NULL) {
      dwV_decref_o(&I->c, &out->h);
      return r;
    }
    out->items[k] = r;
  }
  return t.t == V_LIST ? dwV_obj(&out->h) : dwL_list_to_tuple(I, out);
}

/* Both branches traced, each output selected by the predicate. */
static Value cond_traced(Interp *I, Tensor *pred, Value tf, Value ff, Value operands) {
  Trace *t = I->trace;
  t->hop_depth++;
  Value rt = call_branch(I, tf, operands);
  Value rf = rt.t == V_NULL ? dwV_null() : call_branch(I, ff, operands);
  t->hop_depth--;
  if (rt.t == V_NULL || rf.t == V_NULL) {
    dwV_decref(&I->c, rt);
    return branch_error(I);
  }
  if (!tensor_leaves(rt, 0) || !tensor_leaves(rf, 0)) {
    Value bad = tensor_leaves(rt, 0) ? rf : rt;
    dwV_decref(&I->c, rt);
    dwV_decref(&I->c, rf);
    return dwI_raise(I, EXC_UncapturedHigherOrderOpError,
                     "%s Expected branches to return a possibly nested pytree of tensors or "
                     "constant ints but got %s",
                     COND_REASON, dwV_type_name(bad));
  }
  /* the predicate as a 0-d bool tensor */
  OpAttrs at;
  memset(&at, 0, sizeof at);
  dwV_incref_o(&pred->h);
  Value p = dwV_obj(&pred->h);
  if (pred->ndim > 0) {
    dwV_decref(&I->c, p);
    p = dwR_op(I, OP_RESHAPE, 1, &pred, &at);
  }
  if (p.t != V_NULL && TEN(p)->dtype != DT_BOOL) {
    Tensor *zero = dwT_scalar(&I->c, (DType)TEN(p)->dtype, 0, true);
    Tensor *in[2] = {TEN(p), zero};
    Value q = zero ? dwR_op(I, OP_NE, 2, in, &at) : dwI_raise_ctx(I);
    if (zero) dwV_decref_o(&I->c, &zero->h);
    dwV_decref(&I->c, p);
    p = q;
  }
  Value r = p.t == V_NULL ? p : select_out(I, TEN(p), rt, rf);
  dwV_decref(&I->c, p);
  dwV_decref(&I->c, rt);
  dwV_decref(&I->c, rf);
  return r;
}

BI(h_cond) {
  Value v[4];
  if (!dwL_bind(I, "cond", self, a, "pred,true_fn,false_fn,operands", v, 4)) return dwV_null();
  for (int k = 0; k < 3; k++)
    if (v[k].t == V_NULL)
      return dwI_raise(I, EXC_TypeError, "cond() missing required argument '%s'",
                       k == 0 ? "pred" : k == 1 ? "true_fn" : "false_fn");
  Value ops = v[3];
  Tuple *empty = NULL;
  if (ops.t == V_NULL) {
    empty = dwV_tuple(&I->c, 0);
    if (!empty) return dwI_raise_ctx(I);
    ops = dwV_obj(&empty->h);
  }
  Value r = dwV_null();
  Value pred = v[0];
  if (pred.t == V_BOOL || pred.t == V_INT || pred.t == V_FLOAT) {
    /* a Python constant picks its branch (cond.py: "specializes on one of
     * the branches") */
    bool tr = pred.t == V_FLOAT ? pred.u.f != 0 : pred.u.i != 0;
    if (ops.t != V_TUPLE && ops.t != V_LIST) {
      r = dwI_raise(I, EXC_TypeError, "cond() argument after * must be an iterable, not %s",
                    dwV_type_name(ops));
      goto out;
    }
    r = call_branch(I, tr ? v[1] : v[2], ops);
    goto out;
  }
  bool c1 = false, c2 = false;
  if (pred.t != V_TENSOR) {
    r = fail_with(I, "Expected pred to be bool or tensor, but got %s.", pred);
  } else if (dwT_numel(TEN(pred)) != 1) {
    r = fail_with(I, "Expected pred to be bool or single-element tensor, but got %s.", pred);
  } else if (!is_callable(I, v[1], &c1) || !is_callable(I, v[2], &c2)) {
    r = dwV_null();
  } else if (!c1 || !c2) {
    r = dwI_raise(I, EXC_RuntimeError, "Expect both branches to be callable.");
  } else if ((ops.t != V_TUPLE && ops.t != V_LIST) || !tensor_leaves(ops, 0)) {
    r = fail_with(I,
                  "Expect operands to be a tuple of possibly nested dict/list/tuple that only "
                  "consists of tensor leaves, but got %s.",
                  ops);
  } else if (dwR_tracing(I)) {
    r = cond_traced(I, TEN(pred), v[1], v[2], ops);
  } else {
    /* eagerly: the branch the predicate picks (cond_op's dense kernel) */
    bool tr;
    if (dwOb_truth(I, pred, &tr)) r = call_branch(I, tr ? v[1] : v[2], ops);
  }
out:
  if (empty) dwV_decref_o(&I->c, &empty->h);
  (void)def;
  return r;
}

static const BuiltinDef torch_defs[] = {{"torch.cond", h_cond, TK_PURE, 0, 0},
                                        {NULL, NULL, 0, 0, 0}};

bool dwH_init(Interp *I) {
  Module *torch = I->torch;
  Module *hop = dwL_module(I, "torch._higher_order_ops");
  Module *hop_cond = dwL_module(I, "torch._higher_order_ops.cond");
  Module *fc = dwL_module(I, "functorch");
  Module *fce = dwL_module(I, "functorch.experimental");
  Module *fcf = dwL_module(I, "functorch.experimental.control_flow");
  if (!torch || !hop || !hop_cond || !fc || !fce || !fcf || !dwL_add_defs(I, torch->attrs, torch_defs))
    return false;
  /* the same op under the names PyTorch's tests import it by */
  Value c = dwV_dict_gets(torch->attrs, dwI_intern(I, "cond"));
  return dwL_set(I, hop->attrs, "cond", c) && dwL_set(I, hop_cond->attrs, "cond", c) &&
         dwL_set(I, fcf->attrs, "cond", c) &&
         dwL_set(I, torch->attrs, "_higher_order_ops", dwV_obj(&hop->h)) &&
         dwL_set(I, hop->attrs, "cond", dwV_obj(&hop_cond->h)) &&
         dwL_set(I, fc->attrs, "experimental", dwV_obj(&fce->h)) &&
         dwL_set(I, fce->attrs, "control_flow", dwV_obj(&fcf->h));
}
