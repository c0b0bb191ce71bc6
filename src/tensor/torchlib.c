/* torchlib.c - the torch module: tensor creation, ops as functions and
 * methods, indexing, torch.nn (Module, Linear, ...), torch.nn.functional
 * (the compiler API, torch.compile and torch._dynamo, is dynamo/dynapi.c's).
 * Every tensor op goes through dwR_op, which records it
 * while tracing and runs the eager kernels otherwise. Composite ops
 * (softmax, layer_norm, linear, ...) are decomposed here into ops.def
 * primitives, so eager and compiled code share the same arithmetic. */
#include "tensor/torchlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ------------------------------------------------------------------ */
/* Operators on tensors (called by the evaluator)                      */
/* ------------------------------------------------------------------ */

Value dwL_matmul(Interp *I, Tensor *a, Tensor *b) {
  /* the shape rule on the operands as given: a 1-d operand's mismatch is
   * mv's or dot's message in PyTorch, not mm's */
  TMeta in[2], mo;
  dwT_meta_of(a, &in[0]);
  dwT_meta_of(b, &in[1]);
  OpAttrs none;
  memset(&none, 0, sizeof none);
  if (!dwT_meta(&I->c, OP_MATMUL, 2, in, &none, &mo)) return dwI_raise_ctx(I);
  Value va = dwV_null(), vb = dwV_null();
  Tensor *x = a, *y = b;
  if (a->ndim == 1) {
    va = unsqueeze(I, a, 0);
    if (va.t == V_NULL) return va;
    x = TEN(va);
  }
  if (b->ndim == 1) {
    vb = unsqueeze(I, b, 1);
    if (vb.t == V_NULL) {
      drop(I, va);
      return vb;
    }
    y = TEN(vb);
  }
  if (a->ndim == 1 && b->ndim == 1 && a->shape[0] != b->shape[0]) {
    drop(I, va);
    drop(I, vb);
    return dwI_raise(I, EXC_RuntimeError,
                     "inconsistent tensor size, expected tensor [%lld] and src [%lld] to have "
                     "the same number of elements, but got %lld and %lld elements respectively",
                     (long long)a->shape[0], (long long)b->shape[0], (long long)a->shape[0],
                     (long long)b->shape[0]);
  }
  Value r = op2(I, OP_MATMUL, x, y);
  drop(I, va);
  drop(I, vb);
  if (r.t == V_NULL || (a->ndim > 1 && b->ndim > 1)) return r;
  /* squeeze the dimensions added for 1-D operands */
  Tensor *m = TEN(r);
  int64_t shape[DW_MAXDIM];
  int nd = 0;
  for (int k = 0; k < m->ndim; k++) {
    if (a->ndim == 1 && k == m->ndim - 2) continue;
    if (b->ndim == 1 && k == m->ndim - 1) continue;
    shape[nd++] = m->shape[k];
  }
  Value s = reshape_to(I, m, shape, nd, false);
  drop(I, r);
  return s;
}

static const Op binop_ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
                               OP_MATMUL, OP_COUNT, OP_COUNT, OP_AND, OP_OR, OP_COUNT};
static const char *const binop_syms[] = {"+", "-", "*", "/", "//", "%", "**", "@",
                                         "<<", ">>", "&", "|", "^"};

/* In-place update of a tensor with a new value (x op= y): eagerly the
 * data is written into x's storage; while tracing x is rebound to the new
 * graph value (graph inputs are functionalised: the result is written
 * back when the graph has run). */
/* An in-place write into x, which has elements sharing one memory
 * location (a dim of stride 0: an expanded view), is PyTorch's error
 * (assert_no_internal_overlap, ATen/MemoryOverlap.cpp). false with the
 * error raised. (A fake keeps the layout eager execution gives it.) */
static bool no_internal_overlap(Interp *I, const Tensor *x) {
  for (int k = 0; k < x->ndim; k++)
    if (x->stride[k] == 0 && x->shape[k] > 1) {
      dwI_raise(I, EXC_RuntimeError,
                "unsupported operation: more than one element of the written-to tensor refers to a "
                "single memory location. Please clone() the tensor before performing the operation.");
      return false;
    }
  return true;
}

Value dwL_assign_inplace(Interp *I, Tensor *x, Value r) {
  if (!no_internal_overlap(I, x)) {
    drop(I, r);
    return dwV_null();
  }
  TMeta mx, mr;
  dwT_meta_of(x, &mx);
  dwT_meta_of(TEN(r), &mr);
  if (!dwT_check_inplace(&I->c, &mx, &mr)) {
    drop(I, r); /* the message is in the context, not in r */
    return dwI_raise_ctx(I);
  }
  if (mr.dtype != mx.dtype) { /* a permitted cast: int64 into int32, bool into int */
    Value c = cast_to(I, TEN(r), mx.dtype);
    drop(I, r);
    if (c.t == V_NULL) return c;
    r = c;
  }
  Tensor *y = TEN(r);
  if (dwR_tracing(I)) {
    bool ok = dwU_mutate(I, x, y);
    if (!ok || dwR_tracing(I)) {
      drop(I, r);
      if (!ok) return dwV_null();
      dwV_incref_o(&x->h);
      return tv(x);
    }
    /* the graph broke here: the update runs eagerly */
  }
  if (!dwAp_inplace_pre(I, x, y)) {
    drop(I, r);
    return dwV_null();
  }
  if (!dwT_copy_into(&I->c, x, y) || !dwT_bump(x, 1)) {
    drop(I, r);
    return dwI_raise_ctx(I);
  }
  bool ok = dwAp_inplace_post(I, x, y);
  drop(I, r);
  if (!ok) return dwV_null();
  dwV_incref_o(&x->h);
  return tv(x);
}

/* An in-place binary op checks its output before it computes anything
 * (PyTorch's TensorIterator does, so x.pow_(-1) of a bool x is a cast
 * error, not the kernel's negative-power error). */
static bool inplace_binary_ok(Interp *I, Op o, Tensor *x, Tensor *y) {
  /* pow's meta function checks an integer base against a negative
   * integer scalar exponent before that (ATen's pow Tensor_Scalar) */
  if (o == OP_POW && y->wrapped && y->st && !dwT_is_float(x->dtype) && !dwT_is_float(y->dtype) &&
      dwT_get(y, 0) < 0) {
    dwI_raise(I, EXC_RuntimeError, "Integers to negative integer powers are not allowed.");
    return false;
  }
  TMeta in[2], out;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  dwT_meta_of(x, &in[0]);
  dwT_meta_of(y, &in[1]);
  if (dwT_meta(&I->c, o, 2, in, &at, &out) && dwT_check_inplace(&I->c, &in[0], &out)) return true;
  dwI_raise_ctx(I);
  return false;
}

static Value tensor_binop(Interp *I, int binop, Value a, Value b, bool inplace) {
  Op o = binop_ops[binop];
  if (o == OP_COUNT || (a.t != V_TENSOR && b.t != V_TENSOR))
    return dwI_raise(I, EXC_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                     binop_syms[binop], dwV_type_name(a), dwV_type_name(b));
  if ((a.t == V_LIST || a.t == V_TUPLE || a.t == V_STR || a.t == V_NONE) ||
      (b.t == V_LIST || b.t == V_TUPLE || b.t == V_STR || b.t == V_NONE))
    return dwI_raise(I, EXC_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                     binop_syms[binop], dwV_type_name(a), dwV_type_name(b));
  Tensor *oa, *ob;
  Tensor *x = operand(I, a, &oa, "operand");
  if (!x) return dwV_null();
  Tensor *y = operand(I, b, &ob, "operand");
  if (!y) {
    release(I, oa);
    return dwV_null();
  }
  bool pre = !inplace || a.t != V_TENSOR || o == OP_MATMUL || inplace_binary_ok(I, o, x, y);
  Value r = !pre ? dwV_null() : o == OP_MATMUL ? dwL_matmul(I, x, y) : op2(I, o, x, y);
  release(I, oa);
  release(I, ob);
  if (r.t == V_NULL || !inplace || a.t != V_TENSOR) return r;
  return dwL_assign_inplace(I, TEN(a), r);
}

static Value tensor_unary(Interp *I, int unop, Value a) {
  Tensor *x = TEN(a);
  switch (unop) {
  case UN_NEG:
    if (x->dtype == DT_BOOL)
      return dwI_raise(I, EXC_RuntimeError,
                       "Negation, the `-` operator, on a bool tensor is not supported. If you "
                       "are trying to invert a mask, use the `~` or `logical_not()` operator "
                       "instead.");
    return op1(I, OP_NEG, x, NULL);
  case UN_POS:
    dwV_incref(a);
    return a;
  case UN_INVERT:
    if (dwT_is_float(x->dtype)) /* UnaryOpsKernel.cpp bitwise_not_kernel */
      return dwI_raise(I, EXC_RuntimeError, "\"bitwise_not_cpu\" not implemented for '%s'",
                       dwT_scalar_name((DType)x->dtype));
    if (x->dtype != DT_BOOL) { /* ~x == -1 - x in two's complement */
      Tensor *m1 = dwT_scalar(&I->c, DT_I64, -1, true);
      if (!m1) return dwI_raise_ctx(I);
      Value r = op2(I, OP_SUB, m1, x);
      release(I, m1);
      return r;
    }
    return op1(I, OP_NOT, x, NULL);
  case UN_NOT: {
    bool t;
    if (!dwOb_truth(I, a, &t)) return dwV_null();
    return dwV_bool(!t);
  }
  case 100:
    return op1(I, OP_ABS, x, NULL);
  default:
    return dwI_raise(I, EXC_TypeError, "bad operand type for unary op: 'Tensor'");
  }
}

static Value tensor_compare(Interp *I, int cmpop, Value a, Value b) {
  static const Op ops[] = {OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE};
  if (cmpop > CMP_GE) return dwI_raise(I, EXC_TypeError, "unsupported comparison");
  if ((cmpop == CMP_EQ || cmpop == CMP_NE) &&
      ((a.t != V_TENSOR && a.t != V_INT && a.t != V_FLOAT && a.t != V_BOOL) ||
       (b.t != V_TENSOR && b.t != V_INT && b.t != V_FLOAT && b.t != V_BOOL)))
    return dwV_bool(cmpop == CMP_NE); /* tensor == None, == "str": identity */
  Tensor *oa, *ob;
  Tensor *x = operand(I, a, &oa, "operand");
  if (!x) return dwV_null();
  Tensor *y = operand(I, b, &ob, "operand");
  if (!y) {
    release(I, oa);
    return dwV_null();
  }
  Value r = op2(I, ops[cmpop], x, y);
  release(I, oa);
  release(I, ob);
  return r;
}

static Value tensor_getitem(Interp *I, Tensor *t, Value idx);

/* The operators as Python spells them: traced code records them as
 * call_function nodes of the operator module (dynamo/fx.c). */
static const char *const binop_fx[] = {"operator.add", "operator.sub", "operator.mul",
    "operator.truediv", "operator.floordiv", "operator.mod", "operator.pow", "operator.matmul",
    "operator.lshift", "operator.rshift", "operator.and_", "operator.or_", "operator.xor"};
static const char *const ibinop_fx[] = {"operator.iadd", "operator.isub", "operator.imul",
    "operator.itruediv", "operator.ifloordiv", "operator.imod", "operator.ipow",
    "operator.imatmul", "operator.ilshift", "operator.irshift", "operator.iand",
    "operator.ior", "operator.ixor"};

Value dwL_tensor_binop(Interp *I, int binop, Value a, Value b, bool inplace) {
  if (!dwR_tracing(I) || binop < 0 || binop > BIN_XOR) return tensor_binop(I, binop, a, b, inplace);
  dwS_note(I, a); /* x * x.shape[0]: a SymInt operand */
  dwS_note(I, b);
  Value v[2] = {a, b};
  int tok = dwM_pre(I, FX_CALL_FUNCTION, (inplace ? ibinop_fx : binop_fx)[binop], dwV_null(), 2,
                    v, 0, NULL);
  Value r = tensor_binop(I, binop, a, b, inplace);
  dwM_post(I, tok, r);
  return r;
}

Value dwL_tensor_unary(Interp *I, int unop, Value a) {
  if (!dwR_tracing(I)) return tensor_unary(I, unop, a);
  const char *tg = unop == UN_NEG ? "operator.neg" : unop == UN_POS ? "operator.pos"
                 : unop == UN_INVERT ? "operator.invert" : unop == 100 ? "builtins.abs" : NULL;
  int tok = tg ? dwM_pre(I, FX_CALL_FUNCTION, tg, dwV_null(), 1, &a, 0, NULL) : -1;
  Value r = tensor_unary(I, unop, a);
  dwM_post(I, tok, r);
  return r;
}

Value dwL_tensor_compare(Interp *I, int cmpop, Value a, Value b) {
  static const char *const cmp_fx[] = {"operator.eq", "operator.ne", "operator.lt",
                                       "operator.le", "operator.gt", "operator.ge"};
  if (!dwR_tracing(I) || cmpop < 0 || cmpop > CMP_GE) return tensor_compare(I, cmpop, a, b);
  dwS_note(I, a); /* x > x.shape[0] - 2: a SymInt operand */
  dwS_note(I, b);
  Value v[2] = {a, b};
  int tok = dwM_pre(I, FX_CALL_FUNCTION, cmp_fx[cmpop], dwV_null(), 2, v, 0, NULL);
  Value r = tensor_compare(I, cmpop, a, b);
  dwM_post(I, tok, r);
  return r;
}

Value dwL_tensor_getitem(Interp *I, Tensor *t, Value idx) {
  if (!dwR_tracing(I)) return tensor_getitem(I, t, idx);
  Value v[2] = {tv(t), idx};
  int tok = dwM_pre(I, FX_CALL_FUNCTION, "operator.getitem", dwV_null(), 2, v, 0, NULL);
  Value r = tensor_getitem(I, t, idx);
  dwM_post(I, tok, r);
  return r;
}

Value dwL_tensor_contains(Interp *I, Tensor *t, Value item) {
  Tensor *own;
  Tensor *y = operand(I, item, &own, "element");
  if (!y) return dwV_null();
  Value eq = op2(I, OP_EQ, t, y);
  release(I, own);
  if (eq.t == V_NULL) return eq;
  Value any = reduce(I, OP_AMAX, TEN(eq), NULL, 0, false);
  drop(I, eq);
  if (any.t == V_NULL) return any;
  bool b;
  bool ok = dwOb_truth(I, any, &b);
  drop(I, any);
  return ok ? dwV_bool(b) : dwV_null();
}

Value dwL_tensor_round(Interp *I, Value t, Value ndigits) {
  (void)t;
  (void)ndigits;
  return dwI_raise(I, EXC_NotImplementedError, "round() of a tensor is not supported");
}

/* ------------------------------------------------------------------ */
/* Indexing                                                            */
/* ------------------------------------------------------------------ */

/* Basic indexing: ints, slices, None, Ellipsis (views). Advanced indexing
 * (bool masks, index lists) runs eagerly only. */
static Value index_basic(Interp *I, Tensor *t, Value *idx, int n) {
  int consumed = 0, ell = -1;
  for (int k = 0; k < n; k++) {
    if (idx[k].t == V_OPAQUE && ((Opaque *)OBJ(idx[k]))->kind == 5) {
      if (ell >= 0) return dwI_raise(I, EXC_IndexError, "an index can only have a single ellipsis ('...')");
      ell = k;
    } else if (idx[k].t != V_NONE) {
      consumed++;
    }
  }
  if (n == 1 && t->ndim == 0 && (idx[0].t == V_INT || idx[0].t == V_BOOL))
    /* PyTorch's applySelect (python_variable_indexing / TensorIndexing.h) */
    return dwI_raise(I, EXC_IndexError,
                     "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                     "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  if (consumed > t->ndim)
    return dwI_raise(I, EXC_IndexError, "too many indices for tensor of dimension %d", t->ndim);
  dwV_incref_o(&t->h);
  Value cur = tv(t);
  int dim = 0, real = 0; /* dim of the result so far; dim of t (messages) */
  for (int k = 0; k < n; k++) {
    Value ix = idx[k];
    Tensor *x = TEN(cur);
    Value next = dwV_null();
    if (k == ell) {
      dim += t->ndim - consumed;
      real += t->ndim - consumed;
      continue;
    }
    if (ix.t == V_NONE) {
      next = unsqueeze(I, x, dim);
      dim++;
    } else if (ix.t == V_INT || ix.t == V_BOOL ||
               (ix.t == V_TENSOR && TEN(ix)->ndim == 0 && TEN(ix)->st && !dwT_is_float(TEN(ix)->dtype) &&
                TEN(ix)->dtype != DT_BOOL)) {
      int64_t i = ix.t == V_TENSOR ? dwT_get_int(TEN(ix), 0) : ix.u.i;
      int64_t size = x->shape[dim];
      dwS_note(I, ix); /* a[b.size(0) - 1] */
      if (i < -size || i >= size) {
        drop(I, cur);
        return dwI_raise(I, EXC_IndexError, "index %lld is out of bounds for dimension %d with size %lld",
                         (long long)i, real, (long long)size);
      }
      real++;
      OpAttrs at;
      memset(&at, 0, sizeof at);
      at.i[0] = dim;
      at.i[1] = i < 0 ? i + size : i;
      at.ni = 2;
      at.from_end = i < 0;
      next = op1(I, OP_SELECT, x, &at);
    } else if (ix.t == V_SLICE) {
      int64_t start, stop, step;
      if (!dwOb_slice_indices(I, (Slice *)OBJ(ix), x->shape[dim], &start, &stop, &step)) {
        drop(I, cur);
        return dwV_null();
      }
      if (step <= 0) {
        drop(I, cur);
        return dwI_raise(I, EXC_ValueError, "step must be greater than zero");
      }
      if (stop < start) stop = start;
      OpAttrs at = slice_attrs(dim, start, stop, step);
      const Slice *sl = (Slice *)OBJ(ix);
      at.from_end = (uint8_t)((sl->start.t == V_INT && sl->start.u.i < 0) |
                              (sl->stop.t == V_NONE || (sl->stop.t == V_INT && sl->stop.u.i < 0)) << 1);
      Value bnd[2] = {sl->start, sl->stop};
      for (int b = 0; b < 2; b++) {
        /* x[-(n // 2):] with n a SymInt: the bound is size + (-(n // 2)) */
        if (bnd[b].t != V_INT || !bnd[b].sx || bnd[b].u.i >= 0 || x->shape[dim] + bnd[b].u.i < 0) continue;
        Value size = dwV_int(x->shape[dim]);
        size.sx = dwS_size(I, x, dim);
        Value sum = dwOb_binop(I, BIN_ADD, size, bnd[b]);
        if (!size.sx || sum.t != V_INT) continue;
        dwS_note(I, sum);
        at.from_end &= (uint8_t)~(1u << b);
      }
      next = op1(I, OP_SLICE, x, &at);
      dim++;
      real++;
    } else {
      drop(I, cur);
      return dwI_raise(I, EXC_IndexError,
                       "only integers, slices (`:`), ellipsis (`...`), None and long or "
                       "byte Variables are valid indices (got %s)",
                       dwV_type_name(ix));
    }
    drop(I, cur);
    if (next.t == V_NULL) return next;
    cur = next;
  }
  return cur;
}

/* The index tensor of x[ix] for a list or tensor ix (NULL + exception;
 * *owned holds a tensor made from a list, to be dropped). */
static Tensor *index_tensor(Interp *I, Value ix, Value *owned) {
  *owned = dwV_null();
  if (ix.t == V_TENSOR) return TEN(ix);
  Value fn = dwL_builtin(I, "__torch_tensor");
  *owned = dwI_call0(I, fn, 1, &ix);
  drop(I, fn);
  return owned->t == V_NULL ? NULL : TEN(*owned);
}

/* Does bool mask idx fit the leading dims of t? Raises PyTorch's errors. */
static bool mask_fits(Interp *I, Tensor *t, Tensor *idx) {
  if (idx->ndim > t->ndim) {
    dwI_raise(I, EXC_IndexError, "too many indices for tensor of dimension %d", t->ndim);
    return false;
  }
  for (int k = 0; k < idx->ndim; k++)
    if (idx->shape[k] != t->shape[k]) { /* invalid_mask (ATen/native/IndexingUtils.h) */
      char sm[256], st[256];
      dwI_raise(I, EXC_IndexError,
                "The shape of the mask %s at index %d does not match the shape of the indexed "
                "tensor %s at index %d",
                dwT_shape_str(sm, sizeof sm, idx->ndim, idx->shape), k,
                dwT_shape_str(st, sizeof st, t->ndim, t->shape), k);
      return false;
    }
  return true;
}

/* x[mask] (eager only: a data-dependent shape) and x[index_list] /
 * x[index_tensor] (a gather, traced too). */
static Value index_advanced(Interp *I, Tensor *t, Value ix) {
  Value owned;
  Tensor *idx = index_tensor(I, ix, &owned);
  if (!idx) return dwV_null();
  if (idx->dtype == DT_I64 || idx->dtype == DT_I32) { /* a gather (traced too) */
    Value r = dwO_index_tensor(I, t, idx);
    drop(I, owned);
    return r;
  }
  /* a boolean mask: the result's shape depends on the data */
  if (dwR_tracing(I) &&
      !dwR_break_here(I, BR_DATA_DEPENDENT,
                      "Boolean-mask indexing x[mask] has a data-dependent output shape")) {
    drop(I, owned);
    return dwV_null();
  }
  if (!t->st || !idx->st) {
    drop(I, owned);
    return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  }
  Tensor *r = NULL;
  if (idx->dtype == DT_BOOL) {
    /* mask over the leading dims */
    if (!mask_fits(I, t, idx)) { /* raised before idx (maybe `owned`) is dropped */
      drop(I, owned);
      return dwV_null();
    }
    int64_t nm = dwT_numel(idx), inner = 1, cnt = 0;
    for (int k = idx->ndim; k < t->ndim; k++) inner *= t->shape[k];
    for (int64_t k = 0; k < nm; k++) cnt += dwT_get(idx, k) != 0;
    int64_t shape[DW_MAXDIM];
    int nd = 0;
    shape[nd++] = cnt;
    for (int k = idx->ndim; k < t->ndim; k++) shape[nd++] = t->shape[k];
    r = dwT_new(&I->c, (DType)t->dtype, nd, shape);
    for (int64_t k = 0, o = 0; r && k < nm; k++) {
      if (dwT_get(idx, k) == 0) continue;
      for (int64_t j = 0; j < inner; j++, o++) {
        if (dwT_is_float(t->dtype)) dwT_set(&I->c, r, o, dwT_get(t, k * inner + j));
        else dwT_set(&I->c, r, o, (double)dwT_get_int(t, k * inner + j));
      }
    }
  } else {
    drop(I, owned);
    return dwI_raise(I, EXC_IndexError, "tensors used as indices must be long, int, byte or bool tensors");
  }
  drop(I, owned);
  return r ? tv(r) : dwI_raise_ctx(I);
}

static Value tensor_getitem(Interp *I, Tensor *t, Value idx) {
  if (idx.t == V_TUPLE && idx.u.o->flags != TUP_SIZE) {
    Tuple *tu = (Tuple *)OBJ(idx);
    for (int64_t k = 0; k < tu->len; k++)
      if (tu->items[k].t == V_TENSOR && (TEN(tu->items[k])->ndim > 0 || TEN(tu->items[k])->dtype == DT_BOOL))
        return dwI_raise(I, EXC_NotImplementedError,
                         "advanced indexing with several index tensors is not supported");
    return index_basic(I, t, tu->items, (int)tu->len);
  }
  if (idx.t == V_LIST || (idx.t == V_TENSOR && (TEN(idx)->ndim > 0 || TEN(idx)->dtype == DT_BOOL)))
    return index_advanced(I, t, idx);
  return index_basic(I, t, &idx, 1);
}

/* copy_to of PyTorch's python_variable_indexing.cpp: src without its
 * leading 1-dims, expanded to dst's shape (expand's errors), copied in. */
static bool copy_to(Interp *I, Tensor *dst, Tensor *src) {
  if (!no_internal_overlap(I, dst)) return false;
  int lead = 0;
  while (lead < src->ndim && src->shape[lead] == 1) lead++;
  Tensor *s = dwT_view(&I->c, src, src->ndim - lead, src->shape + lead, src->stride + lead,
                       src->offset);
  if (!s) {
    dwI_raise_ctx(I);
    return false;
  }
  TMeta ms, mo;
  dwT_meta_of(s, &ms);
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, dst->shape, sizeof(int64_t) * dst->ndim);
  at.ni = dst->ndim;
  bool ok = dwT_meta(&I->c, OP_EXPAND, 1, &ms, &at, &mo) && dwT_copy_into(&I->c, dst, s);
  dwV_decref_o(&I->c, &s->h);
  if (!ok) dwI_raise_ctx(I);
  return ok;
}

/* x[mask] = v and x[index] = v for an index list / integer index tensor
 * over dim 0 (index_put_): v must broadcast to one selected row. */
static bool setitem_advanced(Interp *I, Tensor *t, Value ix, Tensor *src) {
  Value owned;
  Tensor *idx = index_tensor(I, ix, &owned);
  if (!idx) return false;
  bool ok = true;
  if (dwT_is_float(idx->dtype)) {
    dwI_raise(I, EXC_IndexError, "tensors used as indices must be long, int, byte or bool tensors");
    ok = false;
  } else if (idx->dtype == DT_BOOL && !mask_fits(I, t, idx)) {
    ok = false;
  } else if (idx->dtype != DT_BOOL && t->ndim == 0) {
    dwI_raise(I, EXC_IndexError, "too many indices for tensor of dimension 0");
    ok = false;
  }
  /* rows: the flat elements of the mask's dims, or the listed indices */
  int64_t nrow = dwT_numel(idx);
  int rdims = idx->dtype == DT_BOOL ? idx->ndim : 1;
  for (int64_t k = 0; ok && k < nrow; k++) {
    int64_t r;
    if (idx->dtype == DT_BOOL) {
      if (dwT_get(idx, k) == 0) continue;
      r = k;
    } else {
      int64_t i = dwT_get_int(idx, k);
      if (i < -t->shape[0] || i >= t->shape[0]) {
        dwI_raise(I, EXC_IndexError, "index %lld is out of bounds for dimension 0 with size %lld",
                  (long long)i, (long long)t->shape[0]);
        ok = false;
        break;
      }
      r = i < 0 ? i + t->shape[0] : i;
    }
    /* the row: t viewed as [rows, inner...] at r */
    int64_t off = t->offset, rest = r;
    for (int d = rdims - 1; d >= 0; d--) {
      off += (rest % t->shape[d]) * t->stride[d];
      rest /= t->shape[d];
    }
    Tensor *row = dwT_view(&I->c, t, t->ndim - rdims, t->shape + rdims, t->stride + rdims, off);
    ok = row && copy_to(I, row, src);
    if (!row) dwI_raise_ctx(I);
    if (row) dwV_decref_o(&I->c, &row->h);
  }
  drop(I, owned);
  return ok;
}

/* t[idx] = src while tracing (operator.setitem in the graph): the view
 * t[idx] takes src, broadcast and cast to it, as copy_ does (its update
 * reaches t through the view: dynamo/mutate.c); t[mask] = scalar is
 * where(mask, scalar, t). An integer index tensor, or a mask with a
 * tensor value, is a graph break. */
static bool setitem_traced(Interp *I, Tensor *t, Value idx, Tensor *src) {
  Value view = dwV_null(), val = dwV_null(), e = dwV_null();
  bool ok = false;
  if (idx.t == V_TENSOR && TEN(idx)->dtype == DT_BOOL) {
    Tensor *m = TEN(idx);
    if (!mask_fits(I, t, m)) return false;
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.ni = t->ndim;
    for (int k = 0; k < t->ndim; k++) at.i[k] = k < m->ndim ? m->shape[k] : 1;
    Value mr = op1(I, OP_RESHAPE, m, &at);
    Value c = mr.t == V_NULL ? mr : cast_to(I, src, t->dtype);
    if (c.t != V_NULL) {
      Tensor *in[3] = {TEN(mr), TEN(c), t};
      val = dwR_op(I, OP_WHERE, 3, in, NULL);
    }
    drop(I, mr);
    drop(I, c);
    if (val.t == V_NULL) return false;
    Value r = dwL_assign_inplace(I, t, val);
    ok = r.t != V_NULL;
    drop(I, r);
    return ok;
  }
  view = dwL_tensor_getitem(I, t, idx);
  if (view.t == V_NULL) return false;
  Tensor *x = TEN(view);
  /* copy_to's rule: src without its leading 1-dims expands to the view */
  int lead = 0;
  while (lead < src->ndim && src->shape[lead] == 1) lead++;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.ni = src->ndim - lead;
  memcpy(at.i, src->shape + lead, sizeof(int64_t) * (size_t)at.ni);
  Value s = op1(I, OP_RESHAPE, src, &at);
  if (s.t != V_NULL) {
    memset(&at, 0, sizeof at);
    at.ni = x->ndim;
    memcpy(at.i, x->shape, sizeof(int64_t) * (size_t)x->ndim);
    e = op1(I, OP_EXPAND, TEN(s), &at);
    drop(I, s);
  }
  Value c = e.t == V_NULL ? e : cast_to(I, TEN(e), x->dtype);
  val = c.t == V_NULL ? c : op1(I, OP_CLONE, TEN(c), NULL);
  drop(I, c);
  if (val.t != V_NULL) {
    Value r = dwL_assign_inplace(I, x, val);
    ok = r.t != V_NULL;
    drop(I, r);
  }
  drop(I, e);
  drop(I, view);
  return ok;
}

static bool advanced_index(Value idx) {
  return idx.t == V_LIST || (idx.t == V_TENSOR && (TEN(idx)->ndim > 0 || TEN(idx)->dtype == DT_BOOL));
}

bool dwL_tensor_setitem(Interp *I, Tensor *t, Value idx, Value v) {
  if (v.t != V_TENSOR && v.t != V_INT && v.t != V_FLOAT && v.t != V_BOOL) {
    /* valueToTensor (python_variable_indexing.cpp), legacy type names */
    dwI_raise(I, EXC_TypeError, "can't assign a %s to a torch.%sTensor", dwV_type_name(v),
              dwT_scalar_name((DType)t->dtype));
    return false;
  }
  bool mask = idx.t == V_TENSOR && TEN(idx)->dtype == DT_BOOL;
  if (dwR_tracing(I) &&
      ((advanced_index(idx) && !(mask && (v.t != V_TENSOR || TEN(v)->ndim == 0))) ||
       (t->st && t->st->rc > 1)) &&
      !dwR_break_here(I, BR_UNSUPPORTED_CALL,
                      "Tensor item assignment (x[...] = v) mutates a tensor in place"))
    return false;
  if (dwR_tracing(I)) {
    Value a[3] = {tv(t), idx, v};
    int tok = dwM_pre(I, FX_CALL_FUNCTION, "operator.setitem", dwV_null(), 3, a, 0, NULL);
    Tensor *own;
    Tensor *src = operand(I, v, &own, "value");
    bool ok = src && setitem_traced(I, t, idx, src);
    release(I, own);
    dwM_post(I, tok, ok ? dwV_none() : dwV_null());
    return ok;
  }
  if (!t->st) {
    dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
    return false;
  }
  Tensor *own;
  Tensor *src = operand(I, v, &own, "value");
  if (!src) return false;
  if (!dwAp_setitem_check(I, t, src)) {
    release(I, own);
    return false;
  }
  bool ok;
  if (advanced_index(idx)) {
    ok = setitem_advanced(I, t, idx, src);
  } else {
    Value view = dwL_tensor_getitem(I, t, idx);
    ok = view.t != V_NULL && copy_to(I, TEN(view), src);
    drop(I, view);
  }
  release(I, own);
  return ok && dwT_bump(t, 1); /* one write (index_put_ / copy_), whatever it selects */
}

/* ------------------------------------------------------------------ */
/* Torch functions (also bound as Tensor methods: self = the tensor)   */
/* ------------------------------------------------------------------ */

/* f(input) -> op */
BI(t_unary) {
  Value o[1];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "input", o, 1)) return dwV_null();
  if (!as_tensor_arg(I, o[0], n, "input")) return dwV_null();
  return op1(I, (Op)def->data, TEN(o[0]), NULL);
}

/* mm and bmm take matrices / batches of them only, without broadcasting
 * (their meta functions in ATen/native/LinearAlgebra.cpp). */
static bool matmul_form_ok(Interp *I, const char *n, Tensor *x, Tensor *y) {
  if (!strcmp(n, "mm")) {
    if (x->ndim != 2 || y->ndim != 2) {
      dwI_raise(I, EXC_RuntimeError, x->ndim != 2 ? "self must be a matrix" : "mat2 must be a matrix");
      return false;
    }
  } else if (!strcmp(n, "bmm")) {
    if (x->ndim != 3 || y->ndim != 3) {
      dwI_raise(I, EXC_RuntimeError, "%s must be a 3D tensor", x->ndim != 3 ? "batch1" : "batch2");
      return false;
    }
    if (y->shape[0] != x->shape[0] || y->shape[1] != x->shape[2]) {
      dwI_raise(I, EXC_RuntimeError,
                "Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but "
                "got: [%lld, %lld].",
                (long long)x->shape[0], (long long)x->shape[2], (long long)y->shape[0],
                (long long)y->shape[1]);
      return false;
    }
  }
  return true;
}

/* f(input, other) -> op, scalars allowed for other */
BI(t_binary) {
  Value o[2];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "input,other", o, 2)) return dwV_null();
  if (o[0].t == V_NULL || o[1].t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "%s() missing required argument", n);
  if (o[0].t != V_TENSOR && o[1].t != V_TENSOR)
    return dwI_raise(I, EXC_TypeError, "%s(): argument 'input' must be Tensor, not %s", n,
                     dwV_type_name(o[0]));
  Tensor *oa, *ob;
  Tensor *x = operand(I, o[0], &oa, "input");
  if (!x) return dwV_null();
  Tensor *y = operand(I, o[1], &ob, "other");
  if (!y) {
    release(I, oa);
    return dwV_null();
  }
  Value r = !matmul_form_ok(I, n, x, y)  ? dwV_null()
            : def->data == OP_MATMUL ? dwL_matmul(I, x, y)
                                     : op2(I, (Op)def->data, x, y);
  release(I, oa);
  release(I, ob);
  return r;
}

/* logical_and / logical_or: x != 0 and y != 0 combined, a bool result for
 * any dtypes (ATen's logical binary ops) */
BI(t_logical) {
  Value o[2];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "input,other", o, 2)) return dwV_null();
  if (!as_tensor_arg(I, o[0], n, "input")) return dwV_null();
  Value b[2] = {dwV_null(), dwV_null()};
  Value r = dwV_null();
  for (int k = 0; k < 2; k++) {
    Tensor *own;
    Tensor *x = operand(I, o[k], &own, k ? "other" : "input");
    if (!x) goto out;
    if (x->dtype == DT_BOOL) {
      dwV_incref_o(&x->h);
      b[k] = tv(x);
    } else {
      b[k] = op2s(I, OP_NE, x, 0, DT_I64);
    }
    release(I, own);
    if (b[k].t == V_NULL) goto out;
  }
  r = op2(I, (Op)def->data, TEN(b[0]), TEN(b[1]));
out:
  drop(I, b[0]);
  drop(I, b[1]);
  return r;
}

/* in-place forms: add_(other), mul_(other), ... */
BI(t_binary_) {
  Value o[2];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "self,other", o, 2)) return dwV_null();
  if (!as_tensor_arg(I, o[0], n, "self") || o[1].t == V_NULL)
    return o[1].t == V_NULL ? dwI_raise(I, EXC_TypeError, "%s() missing argument 'other'", n) : dwV_null();
  Tensor *ob;
  Tensor *y = operand(I, o[1], &ob, "other");
  if (!y) return dwV_null();
  Value r = inplace_binary_ok(I, (Op)def->data, TEN(o[0]), y) ? op2(I, (Op)def->data, TEN(o[0]), y)
                                                                : dwV_null();
  release(I, ob);
  if (r.t == V_NULL) return r;
  return dwL_assign_inplace(I, TEN(o[0]), r);
}

BI(t_unary_) {
  Value o[1];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "self", o, 1)) return dwV_null();
  if (!as_tensor_arg(I, o[0], n, "self")) return dwV_null();
  Value r = op1(I, (Op)def->data, TEN(o[0]), NULL);
  if (r.t == V_NULL) return r;
  return dwL_assign_inplace(I, TEN(o[0]), r);
}

static Value reduce_call(Interp *I, const BuiltinDef *def, Value self, Args *a, Op o) {
  Value v[4];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "input,dim,keepdim,dtype", v, 4)) return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  OpAttrs at;
  memset(&at, 0, sizeof at);
  bool keep;
  int dt = -1;
  if (!dims_from(I, v[1], &at) || !truthy(I, v[2], false, &keep) || !get_dtype(I, v[3], &dt))
    return dwV_null();
  if ((o == OP_ARGMAX || o == OP_ARGMIN) && at.ni > 1)
    return dwI_raise(I, EXC_TypeError, "%s(): argument 'dim' must be int", n);
  at.keepdim = keep;
  Tensor *x = TEN(v[0]);
  Value cast = dwV_null();
  if (dt >= 0) {
    cast = cast_to(I, x, dt);
    if (cast.t == V_NULL) return cast;
    x = TEN(cast);
  }
  Value r = op1(I, o, x, &at);
  drop(I, cast);
  return r;
}

BI(t_reduce) { return reduce_call(I, def, self, a, (Op)def->data); }

/* max/min: all, along a dim (values, indices), or elementwise with other */
BI(t_maxmin) {
  Value v[3];
  bool is_max = def->data == OP_AMAX;
  const char *n = is_max ? "max" : "min";
  if (!dwL_bind(I, n, self, a, "input,dim,keepdim", v, 3)) return dwV_null();
  for (int k = 0; k < a->nkw; k++)
    if (!strcmp(a->kw[k].name->s, "other")) v[1] = a->kw[k].v;
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  if (v[1].t == V_TENSOR)
    return op2(I, is_max ? OP_MAXIMUM : OP_MINIMUM, x, TEN(v[1]));
  if (v[1].t == V_NULL || v[1].t == V_NONE) {
    if (dwT_numel(x) == 0)
      return dwI_raise(I, EXC_RuntimeError,
                       "%s(): Expected reduction dim to be specified for input.numel() == 0. "
                       "Specify the reduction dim with the 'dim' argument.", n);
    return reduce(I, is_max ? OP_AMAX : OP_AMIN, x, NULL, 0, false);
  }
  int64_t dim;
  bool keep;
  if (!dwL_int(I, v[1], "dim", &dim) || !truthy(I, v[2], false, &keep)) return dwV_null();
  Value vals = reduce(I, is_max ? OP_AMAX : OP_AMIN, x, &dim, 1, keep);
  if (vals.t == V_NULL) return vals;
  Value idx = reduce(I, is_max ? OP_ARGMAX : OP_ARGMIN, x, &dim, 1, keep);
  if (idx.t == V_NULL) {
    drop(I, vals);
    return idx;
  }
  Tuple *t = dwV_tuple(&I->c, 2);
  if (!t) {
    drop(I, vals);
    drop(I, idx);
    return dwI_raise_ctx(I);
  }
  t->h.flags = TUP_RETTYPE;
  t->rt_name = n;
  t->items[0] = vals;
  t->items[1] = idx;
  return dwV_obj(&t->h);
}

/* clamp / clip, and clamp_ / clip_ in place (def->data 1) */
static Value clamp_of(Interp *I, Value *v) {
  Tensor *x = TEN(v[0]);
  if (v[1].t == V_TENSOR || v[2].t == V_TENSOR) {
    dwV_incref(v[0]);
    Value cur = v[0];
    if (v[1].t == V_TENSOR) {
      Value r = op2(I, OP_MAXIMUM, TEN(cur), TEN(v[1]));
      drop(I, cur);
      if (r.t == V_NULL) return r;
      cur = r;
    }
    if (v[2].t == V_TENSOR) {
      Value r = op2(I, OP_MINIMUM, TEN(cur), TEN(v[2]));
      drop(I, cur);
      cur = r;
    }
    return cur;
  }
  OpAttrs at;
  memset(&at, 0, sizeof at);
  for (int k = 0; k < 2; k++) {
    if (v[k + 1].t == V_NULL || v[k + 1].t == V_NONE) continue;
    if (!dwL_float(I, v[k + 1], k ? "max" : "min", &at.f[k])) return dwV_null();
    at.has_f[k] = 1;
  }
  if (!at.has_f[0] && !at.has_f[1])
    return dwI_raise(I, EXC_RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
  return op1(I, OP_CLAMP, x, &at);
}

BI(t_clamp) {
  Value v[3];
  const char *n = strrchr(def->name, '.') + 1;
  if (!dwL_bind(I, n, self, a, "input,min,max", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  Value r = clamp_of(I, v);
  if (r.t == V_NULL || !def->data) return r;
  return dwL_assign_inplace(I, TEN(v[0]), r);
}

BI(t_where) {
  Value v[3];
  if (!dwL_bind(I, "where", self, a, "condition,input,other", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "where", "condition")) return dwV_null();
  if (v[1].t == V_NULL || v[2].t == V_NULL)
    return dwI_raise(I, EXC_NotImplementedError, "torch.where(condition) with one argument is not supported");
  Tensor *o1, *o2;
  Tensor *x = operand(I, v[1], &o1, "input");
  if (!x) return dwV_null();
  Tensor *y = operand(I, v[2], &o2, "other");
  if (!y) {
    release(I, o1);
    return dwV_null();
  }
  Tensor *in[3] = {TEN(v[0]), x, y};
  Value r = op(I, OP_WHERE, 3, in, NULL);
  release(I, o1);
  release(I, o2);
  return r;
}

/* softmax / log_softmax, decomposed: exp(x - max) / sum */
static Value dwL_softmax_ag(Interp *I, Tensor *x, int64_t dim, bool log) {
  if (!check_dim(I, dim, x->ndim)) return dwV_null();
  if (!dwT_is_float(x->dtype)) /* the CPU kernels dispatch floating types only (SoftMaxKernel.cpp) */
    return dwI_raise(I, EXC_RuntimeError, "\"%ssoftmax_%skernel_impl\" not implemented for '%s'",
                     log ? "log_" : "", norm_dim(dim, x->ndim) >= x->ndim - 1 ? "lastdim_" : "",
                     dwT_scalar_name((DType)x->dtype));
  if (dwT_numel(x) == 0) /* nothing to normalise: an empty float tensor */
    return op1(I, OP_CLONE, x, NULL);
  dwV_incref_o(&x->h);
  Value xf = tv(x);
  /* the max is a constant shift (softmax does not depend on it): no
   * gradient flows through it */
  bool ng = I->no_grad;
  I->no_grad = true;
  Value m = reduce(I, OP_AMAX, TEN(xf), &dim, 1, true);
  I->no_grad = ng;
  Value s = dwV_null(), e = dwV_null(), r = dwV_null();
  if (m.t == V_NULL) goto out;
  s = op2(I, OP_SUB, TEN(xf), TEN(m));
  if (s.t == V_NULL) goto out;
  /* softmax's own exp (dwmath.h dw_expf_sm: x - max is <= 0 or nan);
   * softmax's e^x * 2^63 (dw_expf_smu: the factor cancels in e / sum) */
  e = op1(I, OP_EXP, TEN(s), &(OpAttrs){.flag = log ? EXP_SOFTMAX : EXP_SOFTMAX_UNSCALED});
  if (e.t == V_NULL) goto out;
  Value sum = reduce(I, OP_SUM, TEN(e), &dim, 1, true);
  if (sum.t == V_NULL) goto out;
  if (log) {
    Value ls = op1(I, OP_LOG, TEN(sum), NULL);
    drop(I, sum);
    if (ls.t == V_NULL) goto out;
    r = op2(I, OP_SUB, TEN(s), TEN(ls));
    drop(I, ls);
  } else if (norm_dim(dim, x->ndim) == (x->ndim ? x->ndim - 1 : 0)) {
    /* PyTorch's kernel over the last dim (_vec_softmax_lastdim) multiplies
     * by 1 / sum; over other dims (_vec_softmax) it divides */
    Tensor *one = dwT_scalar(&I->c, DT_F64, 1.0, true);
    Value inv = one ? op2(I, OP_DIV, one, TEN(sum)) : dwI_raise_ctx(I);
    release(I, one);
    drop(I, sum);
    if (inv.t == V_NULL) goto out;
    r = op2(I, OP_MUL, TEN(e), TEN(inv));
    drop(I, inv);
  } else {
    r = op2(I, OP_DIV, TEN(e), TEN(sum));
    drop(I, sum);
  }
out:
  drop(I, xf);
  drop(I, m);
  drop(I, s);
  drop(I, e);
  return r;
}

Value dwL_softmax(Interp *I, Tensor *x, int64_t dim, bool log) {
  uint64_t s0 = I->c.ag_seq;
  return ag_named(dwL_softmax_ag(I, x, dim, log), s0, log ? "LogSoftmaxBackward0" : "SoftmaxBackward0");
}

BI(t_softmax) {
  Value v[3];
  const char *n = def->data ? "log_softmax" : "softmax";
  if (!dwL_bind(I, n, self, a, "input,dim,dtype", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  int64_t dim;
  if (v[1].t == V_NULL || v[1].t == V_NONE)
    return dwI_raise(I, EXC_TypeError, "%s() missing required argument 'dim'", n);
  int dt = -1;
  if (!dwL_int(I, v[1], "dim", &dim) || !get_dtype(I, v[2], &dt)) return dwV_null();
  if (dt < 0) return dwL_softmax(I, TEN(v[0]), dim, def->data != 0);
  Value c = cast_to(I, TEN(v[0]), dt); /* dtype=: the input is cast first */
  if (c.t == V_NULL) return c;
  Value r = dwL_softmax(I, TEN(c), dim, def->data != 0);
  drop(I, c);
  return r;
}

/* tensors from a list/tuple argument */
Tensor **dwL_tensor_list(Interp *I, Value seq, int *n, const char *fname) {
  if (seq.t != V_LIST && seq.t != V_TUPLE) {
    dwI_raise(I, EXC_TypeError, "%s(): argument 'tensors' must be tuple of Tensors, not %s",
              fname, dwV_type_name(seq));
    return NULL;
  }
  int64_t len = seq.t == V_LIST ? ((List *)OBJ(seq))->len : ((Tuple *)OBJ(seq))->len;
  Value *items = seq.t == V_LIST ? ((List *)OBJ(seq))->items : ((Tuple *)OBJ(seq))->items;
  if (len == 0) { /* ATen's cat meta and stack (TensorShape.cpp) */
    if (!strcmp(fname, "stack")) dwI_raise(I, EXC_RuntimeError, "stack expects a non-empty TensorList");
    else dwI_raise(I, EXC_RuntimeError, "torch.cat(): expected a non-empty list of Tensors");
    return NULL;
  }
  Tensor **ts = calloc((size_t)len, sizeof(Tensor *));
  if (!ts) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return NULL;
  }
  for (int64_t k = 0; k < len; k++) {
    if (items[k].t != V_TENSOR) {
      free(ts);
      dwI_raise(I, EXC_TypeError,
                "expected Tensor as element %lld in argument 0, but got %s", (long long)k,
                dwV_type_name(items[k]));
      return NULL;
    }
    ts[k] = TEN(items[k]);
  }
  *n = (int)len;
  return ts;
}

BI(t_cat) {
  Value v[2];
  bool stack = def->data == 1;
  const char *n = stack ? "stack" : "cat";
  if (!dwL_bind(I, n, self, a, "tensors,dim", v, 2)) return dwV_null();
  int64_t dim = 0;
  if (v[1].t != V_NULL && !dwL_int(I, v[1], "dim", &dim)) return dwV_null();
  int cnt;
  Tensor **ts = dwL_tensor_list(I, v[0], &cnt, n);
  if (!ts) return dwV_null();
  Value *tmp = NULL;
  Value r = dwV_null();
  if (stack) {
    if (!check_dim(I, dim, ts[0]->ndim + 1)) {
      free(ts);
      return dwV_null();
    }
    for (int k = 1; k < cnt; k++) {
      bool same = ts[k]->ndim == ts[0]->ndim;
      for (int j = 0; same && j < ts[0]->ndim; j++) same = ts[k]->shape[j] == ts[0]->shape[j];
      if (!same) {
        char s0[256], sk[256];
        dwI_raise(I, EXC_RuntimeError,
                  "stack expects each tensor to be equal size, but got %s at entry 0 and %s at "
                  "entry %d",
                  dwT_shape_str(s0, sizeof s0, ts[0]->ndim, ts[0]->shape),
                  dwT_shape_str(sk, sizeof sk, ts[k]->ndim, ts[k]->shape), k);
        free(ts);
        return dwV_null();
      }
    }
    tmp = calloc((size_t)cnt, sizeof(Value));
    if (!tmp) {
      free(ts);
      return dwI_raise(I, EXC_MemoryError, "out of memory");
    }
    for (int k = 0; k < cnt; k++) {
      tmp[k] = unsqueeze(I, ts[k], dim);
      if (tmp[k].t == V_NULL) goto out;
      ts[k] = TEN(tmp[k]);
    }
  }
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = dim;
  at.ni = 1;
  r = op(I, OP_CAT, cnt, ts, &at);
out:
  for (int k = 0; tmp && k < cnt; k++) drop(I, tmp[k]);
  free(tmp);
  free(ts);
  return r;
}

/* ---- shape ops ---- */

/* The sizes of reshape/view/expand/permute: positional ints or one
 * sequence, or the keyword `kw` ("shape", "size", "dims"). */
static bool shape_args(Interp *I, const char *fname, const char *kw, Args *a, int skip,
                       int64_t *shape, int *nd) {
  if (a->n - skip < 0) return false;
  for (int k = 0; k < a->nkw; k++) {
    if (strcmp(a->kw[k].name->s, kw)) {
      dwI_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'", fname,
                a->kw[k].name->s);
      return false;
    }
    if (a->n > skip) {
      dwI_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'", fname, kw);
      return false;
    }
    return sizes_from(I, &a->kw[k].v, 1, shape, nd);
  }
  if (a->n == skip) {
    dwI_raise(I, EXC_TypeError, "%s() missing 1 required positional arguments: \"%s\"", fname, kw);
    return false;
  }
  return sizes_from(I, a->v + skip, a->n - skip, shape, nd);
}

BI(t_reshape) {
  /* x.reshape(2, 3) / x.reshape((2, 3)) / torch.reshape(x, (2, 3)) */
  Value x = self;
  int skip = 0;
  if (x.t == V_NULL) {
    if (a->n < 1 || a->v[0].t != V_TENSOR)
      return dwI_raise(I, EXC_TypeError, "reshape(): argument 'input' must be Tensor");
    x = a->v[0];
    skip = 1;
  }
  int64_t shape[DW_MAXDIM];
  int nd;
  if (!shape_args(I, def->data == 1 ? "view" : "reshape", def->data == 1 ? "size" : "shape", a, skip,
                  shape, &nd))
    return dwV_null();
  return reshape_to(I, TEN(x), shape, nd, def->data == 1);
}

BI(t_view_as) {
  Value v[2];
  if (!dwL_bind(I, "view_as", self, a, "self,other", v, 2)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "view_as", "self") || !as_tensor_arg(I, v[1], "view_as", "other"))
    return dwV_null();
  if (def->data == 2) { /* expand_as */
    OpAttrs at;
    memset(&at, 0, sizeof at);
    memcpy(at.i, TEN(v[1])->shape, sizeof(int64_t) * TEN(v[1])->ndim);
    at.ni = TEN(v[1])->ndim;
    return op1(I, OP_EXPAND, TEN(v[0]), &at);
  }
  return reshape_to(I, TEN(v[0]), TEN(v[1])->shape, TEN(v[1])->ndim, def->data == 1);
}

BI(t_expand) {
  Value x = self;
  int skip = 0;
  if (x.t == V_NULL) {
    if (a->n < 1 || a->v[0].t != V_TENSOR) return dwI_raise(I, EXC_TypeError, "expand(): argument 'input' must be Tensor");
    x = a->v[0];
    skip = 1;
  }
  OpAttrs at;
  memset(&at, 0, sizeof at);
  int nd;
  if (!shape_args(I, "expand", "size", a, skip, at.i, &nd)) return dwV_null();
  at.ni = nd;
  return op1(I, OP_EXPAND, TEN(x), &at);
}

BI(t_permute) {
  Value x = self;
  int skip = 0;
  if (x.t == V_NULL) {
    if (a->n < 1 || a->v[0].t != V_TENSOR) return dwI_raise(I, EXC_TypeError, "permute(): argument 'input' must be Tensor");
    x = a->v[0];
    skip = 1;
  }
  int64_t perm[DW_MAXDIM];
  int nd;
  if (!shape_args(I, "permute", "dims", a, skip, perm, &nd)) return dwV_null();
  return permute_to(I, TEN(x), perm, nd);
}

static Value t_transpose_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[3];
  if (!dwL_bind(I, "transpose", self, a, "input,dim0,dim1", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "transpose", "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  int64_t d0, d1;
  if (!dwL_int(I, v[1], "dim0", &d0) || !dwL_int(I, v[2], "dim1", &d1)) return dwV_null();
  if (!check_dim(I, d0, x->ndim) || !check_dim(I, d1, x->ndim)) return dwV_null();
  if (x->ndim == 0) {
    dwV_incref(v[0]);
    return v[0];
  }
  int64_t perm[DW_MAXDIM];
  for (int k = 0; k < x->ndim; k++) perm[k] = k;
  d0 = norm_dim(d0, x->ndim);
  d1 = norm_dim(d1, x->ndim);
  perm[d0] = d1;
  perm[d1] = d0;
  return permute_to(I, x, perm, x->ndim);
}
AG_NAMED(t_transpose, "TransposeBackward0")

static Value t_t_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[1];
  if (!dwL_bind(I, "t", self, a, "input", v, 1)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "t", "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  if (x->ndim > 2)
    return dwI_raise(I, EXC_RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is %dD", x->ndim);
  if (x->ndim < 2) {
    dwV_incref(v[0]);
    return v[0];
  }
  int64_t perm[2] = {1, 0};
  return permute_to(I, x, perm, 2);
}
AG_NAMED(t_t, "TBackward0")

BI(t_flatten) {
  Value v[3];
  if (!dwL_bind(I, "flatten", self, a, "input,start_dim,end_dim", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "flatten", "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  int64_t s = 0, e = -1;
  if ((v[1].t != V_NULL && !dwL_int(I, v[1], "start_dim", &s)) ||
      (v[2].t != V_NULL && !dwL_int(I, v[2], "end_dim", &e)))
    return dwV_null();
  if (x->ndim == 0) {
    int64_t one = 1;
    return reshape_to(I, x, &one, 1, false);
  }
  if (!check_dim(I, s, x->ndim) || !check_dim(I, e, x->ndim)) return dwV_null();
  s = norm_dim(s, x->ndim);
  e = norm_dim(e, x->ndim);
  if (s > e) return dwI_raise(I, EXC_RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim");
  int64_t shape[DW_MAXDIM];
  int nd = 0;
  for (int k = 0; k < s; k++) shape[nd++] = x->shape[k];
  int64_t m = 1;
  for (int64_t k = s; k <= e; k++) m *= x->shape[k];
  shape[nd++] = m;
  for (int64_t k = e + 1; k < x->ndim; k++) shape[nd++] = x->shape[k];
  return reshape_to(I, x, shape, nd, false);
}

static Value t_unsqueeze_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[2];
  if (!dwL_bind(I, "unsqueeze", self, a, "input,dim", v, 2)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "unsqueeze", "input")) return dwV_null();
  int64_t dim;
  if (!dwL_int(I, v[1], "dim", &dim)) return dwV_null();
  return unsqueeze(I, TEN(v[0]), dim);
}
AG_NAMED(t_unsqueeze, "UnsqueezeBackward0")

static Value t_squeeze_ag(Interp *I, const BuiltinDef *def, Value self, Args *a) {
  Value v[2];
  if (!dwL_bind(I, "squeeze", self, a, "input,dim", v, 2)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "squeeze", "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  OpAttrs dims;
  memset(&dims, 0, sizeof dims);
  if (!dims_from(I, v[1], &dims)) return dwV_null();
  bool drop_dim[DW_MAXDIM] = {0};
  if (dims.ni == 0) {
    for (int k = 0; k < x->ndim; k++) drop_dim[k] = x->shape[k] == 1;
  } else {
    for (int j = 0; j < dims.ni; j++) {
      if (!check_dim(I, dims.i[j], x->ndim)) return dwV_null();
      int64_t d = norm_dim(dims.i[j], x->ndim);
      if (x->ndim && x->shape[d] == 1) drop_dim[d] = true;
    }
  }
  int64_t shape[DW_MAXDIM];
  int nd = 0;
  for (int k = 0; k < x->ndim; k++)
    if (!drop_dim[k]) shape[nd++] = x->shape[k];
  return reshape_to(I, x, shape, nd, false);
}
AG_NAMED(t_squeeze, "SqueezeBackward0")

/* ---- creation ---- */

static bool data_shape(Interp *I, Value v, int depth, int64_t *shape, int *nd, int *kind) {
  if (v.t == V_LIST || v.t == V_TUPLE) {
    int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
    Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
    if (depth >= DW_MAXDIM) {
      dwI_raise(I, EXC_ValueError, "too many dimensions");
      return false;
    }
    if (depth == *nd) {
      shape[(*nd)++] = n;
    } else if (shape[depth] != n) {
      dwI_raise(I, EXC_ValueError, "expected sequence of length %lld at dim %d (got %lld)",
                (long long)shape[depth], depth, (long long)n);
      return false;
    }
    for (int64_t k = 0; k < n; k++)
      if (!data_shape(I, items[k], depth + 1, shape, nd, kind)) return false;
    if (n == 0 && depth + 1 > *nd) *nd = depth + 1;
    return true;
  }
  if (depth != *nd && *nd > depth) {
    dwI_raise(I, EXC_ValueError, "expected sequence of length %lld at dim %d (got %s)",
              (long long)shape[depth], depth, dwV_type_name(v));
    return false;
  }
  if (v.t == V_TENSOR) {
    Tensor *t = TEN(v);
    if (dwT_numel(t) != 1) {
      dwI_raise(I, EXC_ValueError, "only one element tensors can be converted to Python scalars");
      return false;
    }
    int k = t->dtype == DT_F64 ? 3 : t->dtype == DT_F32 ? 2 : t->dtype == DT_BOOL ? 0 : 1;
    if (k > *kind) *kind = k;
    return true;
  }
  int k = v.t == V_BOOL ? 0 : v.t == V_INT ? 1 : v.t == V_FLOAT ? 2 : -1;
  if (k < 0) {
    dwI_raise(I, EXC_TypeError, "new(): invalid data type '%s'", dwV_type_name(v));
    return false;
  }
  if (k > *kind) *kind = k;
  return true;
}

static void data_fill(Interp *I, Tensor *t, Value v, int64_t *pos);

/* The leaves of torch.tensor's data (numbers and one-element tensors) in
 * order: out[*n++]. */
static void data_leaves(Value v, Value *out, int64_t *n) {
  if (v.t == V_LIST || v.t == V_TUPLE) {
    int64_t len = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
    Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
    for (int64_t k = 0; k < len; k++) data_leaves(items[k], out, n);
    return;
  }
  out[(*n)++] = v;
}

/* torch.tensor(data) while tracing, data holding tensors (shape and dtype
 * dt checked): Dynamo traces torch._refs.tensor, ops building it from the
 * elements. Here: runs of numbers are torch.tensor constants, each tensor
 * is viewed as one element and cast to dt, the pieces are concatenated
 * and viewed as the shape. */
static Value tensor_of_tensors(Interp *I, Value data, const int64_t *shape, int nd, int dt) {
  int64_t n = 1;
  for (int d = 0; d < nd; d++) n *= shape[d];
  Value *leaf = malloc(sizeof(Value) * (size_t)(n ? n : 1));
  Tensor **piece = calloc((size_t)(n ? n : 1), sizeof(Tensor *));
  int64_t nl = 0, np = 0;
  Value r = dwV_null();
  if (!leaf || !piece) {
    r = dwI_raise(I, EXC_MemoryError, "out of memory");
    goto done;
  }
  data_leaves(data, leaf, &nl);
  OpAttrs one;
  memset(&one, 0, sizeof one);
  one.i[0] = 1;
  one.ni = 1;
  for (int64_t k = 0; k < nl;) {
    Value p;
    if (leaf[k].t == V_TENSOR) {
      Value e = op1(I, OP_RESHAPE, TEN(leaf[k]), &one);
      p = e.t == V_TENSOR ? cast_to(I, TEN(e), dt) : e;
      if (e.t == V_TENSOR) dwV_decref(&I->c, e);
      k++;
    } else { /* a run of numbers: a constant */
      int64_t j = k;
      while (j < nl && leaf[j].t != V_TENSOR) j++;
      int64_t len = j - k, pos = 0;
      Tensor *c = dwT_new(&I->c, (DType)dt, 1, &len);
      if (!c) {
        r = dwI_raise_ctx(I);
        goto done;
      }
      for (; k < j; k++) data_fill(I, c, leaf[k], &pos);
      p = dwR_tensor_data(I, c);
      dwV_decref_o(&I->c, &c->h);
    }
    if (p.t != V_TENSOR) goto done;
    piece[np++] = TEN(p);
  }
  Value cat;
  if (np == 1) {
    cat = tv(piece[0]);
    dwV_incref(cat);
  } else {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.ni = 1;
    cat = op(I, OP_CAT, (int)np, piece, &at);
  }
  if (cat.t != V_TENSOR) goto done;
  OpAttrs sh;
  memset(&sh, 0, sizeof sh);
  if (nd) memcpy(sh.i, shape, sizeof(int64_t) * (size_t)nd);
  sh.ni = nd;
  r = nd == 1 ? cat : op1(I, OP_RESHAPE, TEN(cat), &sh);
  if (nd != 1) dwV_decref(&I->c, cat);
done:
  for (int64_t k = 0; piece && k < np; k++) dwV_decref_o(&I->c, &piece[k]->h);
  free(piece);
  free(leaf);
  return r;
}

static void data_fill(Interp *I, Tensor *t, Value v, int64_t *pos) {
  if (v.t == V_LIST || v.t == V_TUPLE) {
    int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
    Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
    for (int64_t k = 0; k < n; k++) data_fill(I, t, items[k], pos);
    return;
  }
  double d = v.t == V_FLOAT ? v.u.f : v.t == V_TENSOR ? dwT_get(TEN(v), 0) : (double)v.u.i;
  dwT_set(&I->c, t, (*pos)++, d);
}

/* Does torch.tensor(data) hold a value of type vt, in nested lists and
 * tuples (a tensor: it reads tensor values; a range: a sequence)? */
static bool holds_type(Value v, uint32_t vt, int depth) {
  if (v.t == vt) return true;
  if ((v.t != V_LIST && v.t != V_TUPLE) || depth > 32) return false;
  int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
  Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
  for (int64_t k = 0; k < n; k++)
    if (holds_type(items[k], vt, depth + 1)) return true;
  return false;
}

/* data with every range (a sequence of ints, as PyTorch reads it) made a
 * list: a new reference, or V_NULL with an exception. */
static Value ranges_as_lists(Interp *I, Value v, int depth) {
  if (v.t == V_RANGE) {
    List *l = dwOb_to_list(I, v);
    return l ? dwV_obj(&l->h) : dwV_null();
  }
  if ((v.t != V_LIST && v.t != V_TUPLE) || depth > 32) {
    dwV_incref(v);
    return v;
  }
  int64_t n = v.t == V_LIST ? ((List *)OBJ(v))->len : ((Tuple *)OBJ(v))->len;
  Value *items = v.t == V_LIST ? ((List *)OBJ(v))->items : ((Tuple *)OBJ(v))->items;
  List *l = dwV_list(&I->c, n);
  if (!l) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < n; k++) {
    Value r = ranges_as_lists(I, items[k], depth + 1);
    if (r.t == V_NULL) {
      dwV_decref_o(&I->c, &l->h);
      return r;
    }
    l->items[k] = r;
  }
  return dwV_obj(&l->h);
}

static Value tensor_from_data(Interp *I, Value data, int dt) {
  if (holds_type(data, V_RANGE, 0)) {
    Value l = ranges_as_lists(I, data, 0);
    if (l.t == V_NULL) return l;
    Value r = tensor_from_data(I, l, dt);
    dwV_decref(&I->c, l);
    return r;
  }
  int64_t shape[DW_MAXDIM];
  int nd = 0, kind = -1;
  if (data.t == V_TENSOR && TEN(data)->ndim > 0) {
    return dt >= 0 ? cast_to(I, TEN(data), dt) : op1(I, OP_CLONE, TEN(data), NULL);
  }
  if (!data_shape(I, data, 0, shape, &nd, &kind)) return dwV_null();
  if (dt < 0)
    dt = kind == 3 ? DT_F64 : kind == 2 || kind < 0 ? DT_F32 : kind == 1 ? DT_I64 : DT_BOOL;
  if (dwR_tracing(I) && holds_type(data, V_TENSOR, 0))
    return tensor_of_tensors(I, data, shape, nd, dt);
  Tensor *t = dwT_new(&I->c, (DType)dt, nd, shape);
  if (!t) return dwI_raise_ctx(I);
  int64_t pos = 0;
  data_fill(I, t, data, &pos);
  if (!dwR_tracing(I)) return tv(t);
  /* traced: a node of the graph holding the constant (Dynamo's
   * call_function torch.tensor), not a lifted input */
  Value r = dwR_tensor_data(I, t);
  dwV_decref_o(&I->c, &t->h);
  return r;
}

BI(t_tensor) {
  Value v[4];
  if (!dwL_bind(I, "tensor", self, a, "data,dtype,device,requires_grad", v, 4)) return dwV_null();
  int dt = -1;
  if (!get_dtype(I, v[1], &dt) || !dwDv_check_device(I, v[2])) return dwV_null();
  bool rg;
  if (!truthy(I, v[3], false, &rg)) return dwV_null();
  if (v[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "tensor() missing 1 required positional argument: 'data'");
  if (def->data == 1 && dt < 0) dt = DT_F32; /* torch.Tensor(...) is float */
  return dwAp_with_grad(I, tensor_from_data(I, v[0], dt), rg);
}

/* size arguments plus keywords for ones/zeros/empty/rand/randn/full */
static bool creation_args(Interp *I, Args *a, int nfixed, int64_t *shape, int *nd, int *dt,
                          bool *rg) {
  int npos = a->n - nfixed;
  if (npos < 0) npos = 0;
  for (int k = 0; k < a->nkw; k++) {
    const char *n = a->kw[k].name->s;
    if (!strcmp(n, "dtype")) {
      if (!get_dtype(I, a->kw[k].v, dt)) return false;
    } else if (!strcmp(n, "size")) {
      if (!sizes_from(I, &a->kw[k].v, 1, shape, nd)) return false;
      npos = -1;
    } else if (!strcmp(n, "device")) {
      if (!dwDv_check_device(I, a->kw[k].v)) return false;
    } else if (!strcmp(n, "requires_grad")) {
      if (!dwOb_truth(I, a->kw[k].v, rg)) return false;
    } else if (strcmp(n, "layout")) {
      dwI_raise(I, EXC_TypeError, "got an unexpected keyword argument '%s'", n);
      return false;
    }
  }
  if (npos >= 0 && !sizes_from(I, a->v, npos, shape, nd)) return false;
  return true;
}

Value dwL_full(Interp *I, const int64_t *shape, int nd, double value, int dt) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (nd) memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  at.f[0] = value;
  at.dtype = (uint8_t)dt;
  return op(I, OP_FULL, 0, NULL, &at);
}

BI(t_fill) {
  /* ones / zeros / empty */
  int64_t shape[DW_MAXDIM];
  int nd = 0, dt = DT_F32;
  bool rg = false;
  if (!creation_args(I, a, 0, shape, &nd, &dt, &rg)) return dwV_null();
  return dwAp_with_grad(I, dwL_full(I, shape, nd, def->data, dt), rg);
}

BI(t_full) {
  if (a->n < 1 && a->nkw == 0) return dwI_raise(I, EXC_TypeError, "full() missing required arguments");
  int64_t shape[DW_MAXDIM];
  int nd = 0, dt = -1;
  Value fill = dwV_null();
  Args sz = *a;
  if (a->n >= 2) sz.n = 1;
  bool rg = false;
  if (!creation_args(I, &sz, 0, shape, &nd, &dt, &rg)) return dwV_null();
  if (a->n >= 2) fill = a->v[1];
  for (int k = 0; k < a->nkw; k++)
    if (!strcmp(a->kw[k].name->s, "fill_value")) fill = a->kw[k].v;
  double fv;
  if (fill.t == V_NULL) return dwI_raise(I, EXC_TypeError, "full() missing required argument 'fill_value'");
  if (!dwL_float(I, fill, "fill_value", &fv)) return dwV_null();
  if (dt < 0) dt = fill.t == V_FLOAT ? DT_F32 : fill.t == V_BOOL ? DT_BOOL : DT_I64;
  return dwAp_with_grad(I, dwL_full(I, shape, nd, fv, dt), rg);
}

/* rand / randn / randint (RandKind k; randint in [lo, hi)) of dtype dt:
 * an op, so that inside a compiled frame it is a graph node, drawn from
 * the generator when the graph runs (tensor.c rand_draw). */
static Value rand_of(Interp *I, int nd, const int64_t *shape, RandKind k, DType dt, double lo,
                     double hi) {
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (nd) memcpy(at.i, shape, sizeof(int64_t) * (size_t)nd);
  at.ni = nd;
  at.dtype = (uint8_t)dt;
  at.flag = (uint8_t)k;
  at.f[0] = lo;
  at.f[1] = hi;
  return op(I, OP_RAND, 0, NULL, &at);
}

BI(t_like) {
  /* ones_like / zeros_like / empty_like / full_like / rand_like / randn_like */
  Value v[3];
  if (!dwL_bind(I, "like", self, a, def->data == 3 ? "input,fill_value,dtype" : "input,dtype", v, 3))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], "like", "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  int dt = x->dtype;
  if (!get_dtype(I, def->data == 3 ? v[2] : v[1], &dt)) return dwV_null();
  if (def->data >= 4) {
    if (!dwT_is_float(dt))
      return dwI_raise(I, EXC_RuntimeError, "\"%s\" not implemented for '%s'",
                       def->data == 5 ? "normal_kernel_cpu" : "check_uniform_bounds",
                       dwT_scalar_name((DType)dt));
    return rand_of(I, x->ndim, x->shape, def->data == 5 ? RK_RANDN : RK_RAND, (DType)dt, 0, 0);
  }
  double fv = def->data;
  if (def->data == 3 && !dwL_float(I, v[1], "fill_value", &fv)) return dwV_null();
  if (def->data == 2) fv = 0;
  return dwL_full(I, x->shape, x->ndim, fv, dt);
}

BI(t_rand) {
  int64_t shape[DW_MAXDIM];
  int nd = 0, dt = DT_F32;
  bool rg = false;
  if (!creation_args(I, a, 0, shape, &nd, &dt, &rg)) return dwV_null();
  if (!dwT_is_float(dt))
    return dwI_raise(I, EXC_RuntimeError, "\"%s\" not implemented for '%s'",
                     def->data ? "normal_kernel_cpu" : "check_uniform_bounds", dwT_scalar_name((DType)dt));
  return dwAp_with_grad(I, rand_of(I, nd, shape, def->data == 1 ? RK_RANDN : RK_RAND, (DType)dt, 0, 0), rg);
}

BI(t_randint) {
  Value v[4];
  if (!dwL_bind(I, "randint", self, a, "low,high,size,dtype", v, 4)) return dwV_null();
  int64_t lo = 0, hi;
  Value sizev = v[2];
  if (v[2].t == V_NULL) { /* randint(high, size) */
    if (!dwL_int(I, v[0], "high", &hi)) return dwV_null();
    sizev = v[1];
  } else if (!dwL_int(I, v[0], "low", &lo) || !dwL_int(I, v[1], "high", &hi)) {
    return dwV_null();
  }
  int64_t shape[DW_MAXDIM];
  int nd;
  if (sizev.t == V_NULL || !sizes_from(I, &sizev, 1, shape, &nd))
    return sizev.t == V_NULL ? dwI_raise(I, EXC_TypeError, "randint() missing argument 'size'") : dwV_null();
  if (hi <= lo) return dwI_raise(I, EXC_RuntimeError, "random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld", (long long)lo, (long long)hi);
  int dt = DT_I64;
  if (!get_dtype(I, v[3], &dt)) return dwV_null();
  return rand_of(I, nd, shape, RK_RANDINT, (DType)dt, (double)lo, (double)hi);
}

BI(t_arange) {
  Value v[4];
  if (!dwL_bind(I, "arange", self, a, "start,end,step,dtype", v, 4)) return dwV_null();
  Value s0 = v[0], e0 = v[1], st0 = v[2];
  if (e0.t == V_NULL) {
    e0 = s0;
    s0 = dwV_int(0);
  }
  double s = 0, e, st = 1;
  if (!dwL_float(I, s0, "start", &s) || !dwL_float(I, e0, "end", &e) ||
      (st0.t != V_NULL && !dwL_float(I, st0, "step", &st)))
    return dwV_null();
  int dt = (s0.t == V_FLOAT || e0.t == V_FLOAT || st0.t == V_FLOAT) ? DT_F32 : DT_I64;
  if (!get_dtype(I, v[3], &dt)) return dwV_null();
  int64_t n;
  if (!dwT_arange_len(&I->c, s, e, st, &n)) return dwI_raise_ctx(I);
  OpAttrs at = arange_attrs(n, s, st, dt);
  if ((s0.sx || e0.sx || st0.sx) && s0.t == V_INT && e0.t == V_INT &&
      (st0.t == V_NULL || (st0.t == V_INT && st0.u.i > 0))) {
    /* torch.arange(n) with n a SymInt: its length is (end - start + step
     * - 1) // step, a SymInt too */
    Value len = dwOb_binop(I, BIN_SUB, e0, s0);
    if (st0.t == V_INT && st0.u.i != 1 && len.t == V_INT) {
      len = dwOb_binop(I, BIN_ADD, len, dwV_int(st0.u.i - 1));
      if (len.t == V_INT) len = dwOb_binop(I, BIN_FLOORDIV, len, st0);
    }
    if (len.t == V_NULL) return len;
    dwS_note(I, len);
  }
  return op(I, OP_ARANGE, 0, NULL, &at);
}

BI(t_linspace) {
  Value v[4];
  if (!dwL_bind(I, "linspace", self, a, "start,end,steps,dtype", v, 4)) return dwV_null();
  double s, e;
  int64_t n;
  if (!dwL_float(I, v[0], "start", &s) || !dwL_float(I, v[1], "end", &e) ||
      !dwL_int(I, v[2], "steps", &n))
    return dwV_null();
  if (n < 0) return dwI_raise(I, EXC_RuntimeError, "number of steps must be non-negative");
  int dt = DT_F32;
  if (!get_dtype(I, v[3], &dt)) return dwV_null();
  Tensor *t = dwT_new(&I->c, (DType)dt, 1, &n);
  if (!t) return dwI_raise_ctx(I);
  double step = n > 1 ? (e - s) / (double)(n - 1) : 0;
  /* PyTorch fills the first half from start and the second from end */
  int64_t half = n / 2;
  for (int64_t k = 0; k < n; k++)
    dwT_set(&I->c, t, k, k < half ? s + step * (double)k : e - step * (double)(n - 1 - k));
  return tv(t);
}

BI(t_eye) {
  Value v[3];
  if (!dwL_bind(I, "eye", self, a, "n,m,dtype", v, 3)) return dwV_null();
  int64_t n, m;
  if (!dwL_int(I, v[0], "n", &n)) return dwV_null();
  m = n;
  if (v[1].t != V_NULL && v[1].t != V_NONE && !dwL_int(I, v[1], "m", &m)) return dwV_null();
  int dt = DT_F32;
  if (!get_dtype(I, v[2], &dt)) return dwV_null();
  if (n < 0 || m < 0) /* eye_out_cpu (ATen/native/TensorFactories.cpp) */
    return dwI_raise(I, EXC_RuntimeError, "%s must be greater or equal to 0, got %lld",
                     n < 0 ? "n" : "m", (long long)(n < 0 ? n : m));
  int64_t shape[2] = {n, m};
  Tensor *t = dwT_new(&I->c, (DType)dt, 2, shape);
  if (!t) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < n && k < m; k++) dwT_set(&I->c, t, k * m + k, 1);
  return tv(t);
}

BI(t_initial_seed) {
  if (!dwL_bind(I, "initial_seed", self, a, "", NULL, 0)) return dwV_null();
  return dwV_int((int64_t)dwRng_seed_of(&I->c.rng));
}

BI(t_manual_seed) {
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "manual_seed() takes exactly 1 argument");
  int64_t s;
  if (!dwL_int(I, a->v[0], "seed", &s)) return dwV_null();
  dwT_seed(&I->c, (uint64_t)s);
  return dwV_none();
}

/* ---- queries ---- */

BI(t_numel) {
  Value v[1];
  if (!dwL_bind(I, "numel", self, a, "input", v, 1) || !as_tensor_arg(I, v[0], "numel", "input"))
    return dwV_null();
  Value r = dwV_int(dwT_numel(TEN(v[0])));
  r.sx = dwS_numel(I, TEN(v[0])); /* a SymInt while tracing */
  return r;
}

BI(t_dim) {
  Value v[1];
  if (!dwL_bind(I, "dim", self, a, "input", v, 1) || !as_tensor_arg(I, v[0], "dim", "input"))
    return dwV_null();
  return dwV_int(TEN(v[0])->ndim);
}

/* torch.is_floating_point(x) / x.is_floating_point(): float32 or float64 */
BI(t_is_floating_point) {
  Value v[1];
  if (!dwL_bind(I, "is_floating_point", self, a, "input", v, 1) ||
      !as_tensor_arg(I, v[0], "is_floating_point", "input"))
    return dwV_null();
  return dwV_bool(dwT_is_float(TEN(v[0])->dtype));
}

/* x.element_size(): bytes per element of the dtype */
BI(t_element_size) {
  Value v[1];
  if (!dwL_bind(I, "element_size", self, a, "input", v, 1) ||
      !as_tensor_arg(I, v[0], "element_size", "input"))
    return dwV_null();
  return dwV_int((int64_t)dwT_dtype_size[TEN(v[0])->dtype]);
}

/* torch.is_complex(x) / x.is_complex(): no complex dtypes here, so False */
BI(t_is_complex) {
  Value v[1];
  if (!dwL_bind(I, "is_complex", self, a, "input", v, 1) ||
      !as_tensor_arg(I, v[0], "is_complex", "input"))
    return dwV_null();
  return dwV_bool(false);
}

/* x.__len__(): len(x), the size of dim 0 (TypeError for a 0-d tensor) */
BI(t_len) {
  Value v[1];
  if (!dwL_bind(I, "__len__", self, a, "input", v, 1) || !as_tensor_arg(I, v[0], "__len__", "input"))
    return dwV_null();
  int64_t n = dwL_len(I, v[0]);
  return n < 0 ? dwV_null() : dwV_int(n);
}

BI(t_size) {
  Value v[2];
  if (!dwL_bind(I, "size", self, a, "input,dim", v, 2) || !as_tensor_arg(I, v[0], "size", "input"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  if (v[1].t == V_NULL || v[1].t == V_NONE) return size_tuple_of(I, x);
  int64_t d;
  if (!dwL_int(I, v[1], "dim", &d) || !check_dim(I, d, x->ndim)) return dwV_null();
  if (x->ndim == 0) return dwI_raise(I, EXC_IndexError, "dimension specified as %lld but tensor has no dimensions", (long long)d);
  Value r = dwV_int(x->shape[norm_dim(d, x->ndim)]);
  r.sx = dwS_size(I, x, (int)norm_dim(d, x->ndim)); /* a SymInt while tracing */
  return r;
}

/* x.stride(dim=None): the strides, in elements (a traced tensor's are
 * those eager execution gives it). */
BI(t_stride) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "stride", self, a, "input,dim", v, 2) || !as_tensor_arg(I, v[0], "stride", "input"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  int64_t st[DW_MAXDIM];
  bool zero = true;
  for (int k = 0; k < x->ndim; k++) zero &= x->stride[k] == 0;
  if (!x->st && zero) dwT_contig_strides(x->ndim, x->shape, st);
  else memcpy(st, x->stride, sizeof st);
  if (v[1].t != V_NULL && v[1].t != V_NONE) {
    int64_t d;
    if (!dwL_int(I, v[1], "dim", &d) || !check_dim(I, d, x->ndim)) return dwV_null();
    return dwV_int(x->ndim ? st[norm_dim(d, x->ndim)] : 1);
  }
  Tuple *t = dwV_tuple(&I->c, x->ndim);
  if (!t) return dwI_raise_ctx(I);
  for (int k = 0; k < x->ndim; k++) t->items[k] = dwV_int(st[k]);
  return dwV_obj(&t->h);
}

Value dwL_item_of(Interp *I, Tensor *t) {
  if (!t->st) return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  if (dwT_numel(t) != 1)
    return dwI_raise(I, EXC_RuntimeError, "a Tensor with %lld elements cannot be converted to Scalar",
                     (long long)dwT_numel(t));
  if (dwT_is_float(t->dtype)) return dwV_float(dwT_get(t, 0));
  if (t->dtype == DT_BOOL) return dwV_bool(dwT_get(t, 0) != 0);
  return dwV_int(dwT_get_int(t, 0));
}

BI(t_item) {
  Value v[1];
  if (!dwL_bind(I, "item", self, a, "self", v, 1) || !as_tensor_arg(I, v[0], "item", "self"))
    return dwV_null();
  return dwY_capturing(I) ? dwY_item(I, v[0]) : dwL_item_of(I, TEN(v[0]));
}

static Value tolist_rec(Interp *I, Tensor *t, int dim, int64_t *pos) {
  if (dim == t->ndim) {
    int64_t p = (*pos)++;
    if (dwT_is_float(t->dtype)) return dwV_float(dwT_get(t, p));
    if (t->dtype == DT_BOOL) return dwV_bool(dwT_get(t, p) != 0);
    return dwV_int(dwT_get_int(t, p));
  }
  List *l = dwV_list(&I->c, t->shape[dim]);
  if (!l) return dwI_raise_ctx(I);
  for (int64_t k = 0; k < t->shape[dim]; k++) {
    Value v = tolist_rec(I, t, dim + 1, pos);
    if (v.t == V_NULL) {
      dwV_decref_o(&I->c, &l->h);
      return v;
    }
    l->items[k] = v;
  }
  return dwV_obj(&l->h);
}

BI(t_tolist) {
  Value v[1];
  if (!dwL_bind(I, "tolist", self, a, "self", v, 1) || !as_tensor_arg(I, v[0], "tolist", "self"))
    return dwV_null();
  Tensor *t = TEN(v[0]);
  if (!t->st) return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  int64_t pos = 0;
  return tolist_rec(I, t, 0, &pos);
}

Value dwL_alias(Interp *I, Tensor *x, const OpAttrs *at) {
  if (!dwR_tracing(I)) {
    dwV_incref_o(&x->h);
    return tv(x);
  }
  return op1(I, OP_ALIAS, x, at);
}

/* .float() .double() .long() .int() .bool() .to(dtype) (.type: torchops.c) */
BI(t_cast) {
  int dt = def->data;
  if (dt >= 0) { /* .float() .long() .int() .bool() */
    Value v[1];
    if (!dwL_bind(I, def->name, self, a, "self", v, 1) || !as_tensor_arg(I, v[0], "to", "self"))
      return dwV_null();
    if (TEN(v[0])->dtype == dt)
      return alias_of(I, v[0], dt == DT_F32 ? AK_FLOAT : dt == DT_F64 ? AK_DOUBLE
                               : dt == DT_I64 ? AK_LONG : dt == DT_I32 ? AK_INT : AK_BOOL);
    return cast_to(I, TEN(v[0]), dt);
  }
  /* .to(dtype) / .to(device) / .to(device, dtype) / .to(other) / keywords */
  if (!as_tensor_arg(I, self, "to", "self")) return dwV_null();
  if (a->n > 4) /* to(device, dtype, non_blocking, copy) is the longest overload */
    return dwI_raise(I, EXC_TypeError, "to() received an invalid combination of arguments");
  for (int k = 0; k < a->n + a->nkw; k++) {
    Value v = k < a->n ? a->v[k] : a->kw[k - a->n].v;
    const char *kw = k < a->n ? NULL : a->kw[k - a->n].name->s;
    if (kw && strcmp(kw, "dtype") && strcmp(kw, "device") && strcmp(kw, "non_blocking") && strcmp(kw, "copy"))
      return dwI_raise(I, EXC_TypeError, "to() got an unexpected keyword argument '%s'", kw);
    if (v.t == V_DTYPE) dt = (int)v.u.i;
    else if (v.t == V_TENSOR) dt = TEN(v)->dtype;
    else if (v.t == V_BOOL || v.t == V_NONE) continue; /* non_blocking, copy */
    else if (!dwDv_check_device(I, v)) return dwV_null();
  }
  if (dt < 0) return alias_of(I, self, AK_TO_DEVICE);
  if (TEN(self)->dtype == dt) return alias_of(I, self, AK_TO_DTYPE);
  return cast_to(I, TEN(self), dt);
}

/* A parameter's .data / .detach(): a plain tensor sharing its storage (as
 * PyTorch: not a Parameter, requires_grad False); other tensors: themselves */

BI(t_identity) {
  /* detach() / cpu(memory_format) / requires_grad_(requires_grad) */
  Value v[2];
  const char *n = strrchr(def->name, '.') + 1;
  const char *names = !strcmp(n, "cpu")              ? "self,memory_format"
                      : !strcmp(n, "requires_grad_") ? "self,requires_grad"
                                                     : "self";
  if (!dwL_bind(I, n, self, a, names, v, 2) || !as_tensor_arg(I, v[0], n, "self"))
    return dwV_null();
  if (!strcmp(n, "detach")) return dwR_tracing(I) ? alias_of(I, v[0], AK_DETACH) : dwL_detach(I, v[0]);
  if (!strcmp(n, "cpu")) return alias_of(I, v[0], AK_CPU);
  dwV_incref(v[0]);
  return v[0];
}

BI(t_contiguous) {
  Value v[1];
  if (!dwL_bind(I, "contiguous", self, a, "self", v, 1) ||
      !as_tensor_arg(I, v[0], "contiguous", "self"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  if (dwT_is_contiguous(x)) /* fakes keep their layout (trace.c) */
    return alias_of(I, v[0], AK_CONTIGUOUS);
  return op1(I, OP_CLONE, x, NULL);
}

BI(t_clone) {
  Value v[1];
  if (!dwL_bind(I, "clone", self, a, "input", v, 1) || !as_tensor_arg(I, v[0], "clone", "input"))
    return dwV_null();
  return op1(I, OP_CLONE, TEN(v[0]), NULL);
}

BI(t_is_contiguous) {
  Value v[2];
  if (!dwL_bind(I, "is_contiguous", self, a, "self,memory_format", v, 2) ||
      !as_tensor_arg(I, v[0], "is_contiguous", "self"))
    return dwV_null();
  return dwV_bool(!TEN(self)->st || dwT_is_contiguous(TEN(self)));
}

BI(t_zero_) {
  Value o[2];
  const char *n = def->data == 1 ? "fill_" : "zero_";
  if (!dwL_bind(I, n, self, a, def->data == 1 ? "self,value" : "self", o, 2) ||
      !as_tensor_arg(I, o[0], n, "self"))
    return dwV_null();
  Tensor *x = TEN(o[0]);
  double v = 0;
  if (def->data == 1) {
    if (o[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "fill_() missing 1 required positional arguments: \"value\"");
    if (o[1].t == V_TENSOR && TEN(o[1])->ndim != 0) /* ATen/native/Fill.cpp */
      return dwI_raise(I, EXC_RuntimeError,
                       "fill_ only supports 0-dimension value tensor but got tensor with %d dimensions.",
                       TEN(o[1])->ndim);
    if (!dwL_float(I, o[1], "value", &v)) return dwV_null();
  }
  Value r = dwL_full(I, x->shape, x->ndim, v, x->dtype);
  if (r.t == V_NULL) return r;
  return dwL_assign_inplace(I, x, r);
}

BI(t_copy_) {
  Value v[2];
  if (!dwL_bind(I, "copy_", self, a, "self,src", v, 2) || !as_tensor_arg(I, v[0], "copy_", "self") ||
      !as_tensor_arg(I, v[1], "copy_", "src"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  TMeta mx, ms, mb;
  dwT_meta_of(x, &mx);
  dwT_meta_of(TEN(v[1]), &ms);
  if (!dwT_broadcast(&I->c, &mx, &ms, &mb)) return dwI_raise_ctx(I);
  mb.dtype = mx.dtype; /* copy_ casts from any dtype */
  if (!dwT_check_inplace(&I->c, &mx, &mb)) return dwI_raise_ctx(I);
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, x->shape, sizeof(int64_t) * x->ndim);
  at.ni = x->ndim;
  Value e = op1(I, OP_EXPAND, TEN(v[1]), &at);
  if (e.t == V_NULL) return e;
  Value c = cast_to(I, TEN(e), x->dtype);
  drop(I, e);
  if (c.t == V_NULL) return c;
  Value r = op1(I, OP_CLONE, TEN(c), NULL);
  drop(I, c);
  if (r.t == V_NULL) return r;
  return dwL_assign_inplace(I, x, r);
}

BI(t_allclose) {
  Value v[5];
  if (!dwL_bind(I, "allclose", self, a, "input,other,rtol,atol,equal_nan", v, 5)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "allclose", "input") || !as_tensor_arg(I, v[1], "allclose", "other"))
    return dwV_null();
  Tensor *x = TEN(v[0]), *y = TEN(v[1]);
  if (dwR_tracing(I) && !dwR_break_here(I, BR_DATA_DEPENDENT, "torch.%s() needs tensor values",
                                        def->data ? "equal" : "allclose"))
    return dwV_null();
  if (!x->st || !y->st)
    return dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
  double rtol = 1e-5, atol = 1e-8;
  if ((v[2].t != V_NULL && !dwL_float(I, v[2], "rtol", &rtol)) ||
      (v[3].t != V_NULL && !dwL_float(I, v[3], "atol", &atol)))
    return dwV_null();
  if (def->data) { /* equal: same shape, same values */
    if (x->ndim != y->ndim) return dwV_bool(false);
    for (int k = 0; k < x->ndim; k++)
      if (x->shape[k] != y->shape[k]) return dwV_bool(false);
    int64_t n = dwT_numel(x);
    for (int64_t k = 0; k < n; k++)
      if (dwT_get(x, k) != dwT_get(y, k)) return dwV_bool(false);
    return dwV_bool(true);
  }
  /* |x - y| <= atol + rtol * |y| over the broadcast shape */
  Value dx = op2(I, OP_SUB, x, y);
  if (dx.t == V_NULL) return dx;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  memcpy(at.i, TEN(dx)->shape, sizeof(int64_t) * TEN(dx)->ndim);
  at.ni = TEN(dx)->ndim;
  Value bx = op1(I, OP_EXPAND, y, &at);
  if (bx.t == V_NULL) {
    drop(I, dx);
    return bx;
  }
  int64_t n = dwT_numel(TEN(dx));
  bool ok = true;
  for (int64_t k = 0; k < n && ok; k++) {
    double d = fabs(dwT_get(TEN(dx), k)), ref = fabs(dwT_get(TEN(bx), k));
    ok = d <= atol + rtol * ref;
  }
  drop(I, dx);
  drop(I, bx);
  return dwV_bool(ok);
}

/* torch.get_default_dtype(): float32 (there is no set_default_dtype) */
BI(t_default_dtype) {
  if (!dwL_bind(I, "get_default_dtype", self, a, "", NULL, 0)) return dwV_null();
  return (Value){.t = V_DTYPE, .u = {.i = DT_F32}};
}

/* torch.promote_types(type1, type2): the dtype two tensors of these dtypes
 * promote to (c10::promoteTypes) */
BI(t_promote_types) {
  Value v[2];
  if (!dwL_bind(I, "promote_types", self, a, "type1,type2", v, 2)) return dwV_null();
  TMeta m[2];
  memset(m, 0, sizeof m);
  for (int k = 0; k < 2; k++) {
    if (v[k].t != V_DTYPE)
      return dwI_raise(I, EXC_TypeError, "promote_types(): argument 'type%d' (position %d) must be torch.dtype, not %s",
                       k + 1, k + 1, dwV_type_name(v[k]));
    m[k].dtype = (uint8_t)v[k].u.i;
    m[k].ndim = 1;
    m[k].shape[0] = 1;
  }
  return (Value){.t = V_DTYPE, .u = {.i = dwT_promote(&m[0], &m[1])}};
}

BI(t_is_tensor) {
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "is_tensor() takes 1 argument");
  return dwV_bool(a->v[0].t == V_TENSOR);
}

/* ---- composites ---- */

/* var/std: mean((x - mean)^2) * n / (n - correction) */
BI(t_var) {
  Value v[4];
  const char *n = def->data ? "std" : "var";
  Value c[5];
  if (!dwL_bind(I, n, self, a, "input,dim,unbiased,keepdim,correction", c, 5)) return dwV_null();
  memcpy(v, c, sizeof v);
  if (c[4].t != V_NULL) v[2] = c[4];
  if (!as_tensor_arg(I, v[0], n, "input")) return dwV_null();
  Tensor *x = TEN(v[0]);
  if (!dwT_is_float(x->dtype)) /* std_var_out (ATen/native/ReduceOps.cpp) */
    return dwI_raise(I, EXC_RuntimeError, "std and var only support floating point and complex dtypes");
  OpAttrs at;
  memset(&at, 0, sizeof at);
  bool keep;
  if (!dims_from(I, v[1], &at) || !truthy(I, v[3], false, &keep)) return dwV_null();
  double corr = 1;
  if (v[2].t == V_BOOL) corr = v[2].u.i ? 1 : 0;
  else if (v[2].t != V_NULL && !dwL_float(I, v[2], "correction", &corr)) return dwV_null();
  int64_t cnt = 1;
  if (at.ni == 0) cnt = dwT_numel(x);
  for (int k = 0; k < at.ni; k++) {
    if (!check_dim(I, at.i[k], x->ndim)) return dwV_null();
    cnt *= x->ndim ? x->shape[norm_dim(at.i[k], x->ndim)] : 1;
  }
  Value mean = reduce(I, OP_MEAN, x, at.i, at.ni, true);
  if (mean.t == V_NULL) return mean;
  Value d = op2(I, OP_SUB, x, TEN(mean));
  drop(I, mean);
  if (d.t == V_NULL) return d;
  Value sq = op2(I, OP_MUL, TEN(d), TEN(d));
  drop(I, d);
  if (sq.t == V_NULL) return sq;
  Value s = reduce(I, OP_SUM, TEN(sq), at.i, at.ni, keep);
  drop(I, sq);
  if (s.t == V_NULL) return s;
  Value r = op2s(I, OP_DIV, TEN(s), (double)cnt - corr, DT_F64);
  drop(I, s);
  if (r.t == V_NULL || !def->data) return r;
  Value sd = op1(I, OP_SQRT, TEN(r), NULL);
  drop(I, r);
  return sd;
}

BI(t_square) {
  Value v[1];
  if (!dwL_bind(I, "square", self, a, "input", v, 1) || !as_tensor_arg(I, v[0], "square", "input"))
    return dwV_null();
  Tensor *x = TEN(v[0]);
  if (x->dtype != DT_BOOL) return op2(I, OP_MUL, x, x);
  Value c = cast_to(I, x, DT_I64); /* bool ** 2 is int64 */
  if (c.t == V_NULL) return c;
  Value r = op2(I, OP_MUL, TEN(c), TEN(c));
  drop(I, c);
  return r;
}

static Value dwL_linear_ag(Interp *I, Tensor *x, Tensor *w, Tensor *b) {
  /* with a bias, matrices go through addmm(bias, x, w.t()), whose meta
   * function checks the dtypes first (LinearAlgebra.cpp ADDMM_META) */
  if (b && x->ndim >= 2 && (b->dtype != w->dtype || x->dtype != w->dtype)) {
    bool self = b->dtype != w->dtype;
    return dwI_raise(I, EXC_RuntimeError, "%s and mat2 must have the same dtype, but got %s and %s",
                     self ? "self" : "mat1", dwT_scalar_name((DType)(self ? b : x)->dtype),
                     dwT_scalar_name((DType)w->dtype));
  }
  Value wt = dwV_null();
  if (w->ndim == 2) {
    int64_t perm[2] = {1, 0};
    wt = permute_to(I, w, perm, 2);
  } else {
    dwV_incref_o(&w->h);
    wt = tv(w);
  }
  if (wt.t == V_NULL) return wt;
  Value y = dwL_matmul(I, x, TEN(wt));
  drop(I, wt);
  if (y.t == V_NULL || !b) return y;
  Value r = op2(I, OP_ADD, TEN(y), b);
  drop(I, y);
  return r;
}

Value dwL_linear(Interp *I, Tensor *x, Tensor *w, Tensor *b) {
  uint64_t s0 = I->c.ag_seq;
  return ag_named(dwL_linear_ag(I, x, w, b), s0,
                  !b ? NULL : x->ndim == 2 ? "AddmmBackward0" : x->ndim == 3 && dwT_is_contiguous(x) ? "ViewBackward0" : NULL);
}

BI(f_linear) {
  Value v[3];
  if (!dwL_bind(I, "linear", self, a, "input,weight,bias", v, 3)) return dwV_null();
  if (!as_tensor_arg(I, v[0], "linear", "input") || !as_tensor_arg(I, v[1], "linear", "weight"))
    return dwV_null();
  Tensor *b = v[2].t == V_TENSOR ? TEN(v[2]) : NULL;
  return dwL_linear(I, TEN(v[0]), TEN(v[1]), b);
}

static Value dwL_layer_norm_ag(Interp *I, Tensor *x, int nshape, const int64_t *shape, Tensor *w,
                        Tensor *b, double eps) {
  /* _check_layer_norm_inputs (ATen/native/layer_norm.cpp) */
  char sn[256], sx[256];
  dwT_shape_str(sn, sizeof sn, nshape, shape);
  if (nshape < 1)
    return dwI_raise(I, EXC_RuntimeError,
                     "Expected normalized_shape to be at least 1-dimensional, i.e., containing at "
                     "least one element, but got normalized_shape = %s", sn);
  for (int k = 0; k < 2; k++) {
    Tensor *p = k ? b : w;
    bool same = !p || p->ndim == nshape;
    for (int j = 0; same && p && j < nshape; j++) same = p->shape[j] == shape[j];
    if (!same)
      return dwI_raise(I, EXC_RuntimeError,
                       "Expected %s to be of same shape as normalized_shape, but got %s of shape %s "
                       "and normalized_shape = %s",
                       k ? "bias" : "weight", k ? "bias" : "weight",
                       dwT_shape_str(sx, sizeof sx, p->ndim, p->shape), sn);
  }
  bool fits = nshape <= x->ndim;
  for (int k = 0; fits && k < nshape; k++) fits = x->shape[x->ndim - nshape + k] == shape[k];
  if (!fits) {
    Buf m = {0};
    dwB_printf(&m, "Given normalized_shape=%s, expected input with shape [*", sn);
    for (int k = 0; k < nshape; k++) dwB_printf(&m, ", %lld", (long long)shape[k]);
    dwB_printf(&m, "], but got input of size%s", dwT_shape_str(sx, sizeof sx, x->ndim, x->shape));
    Value e = dwI_raise(I, EXC_RuntimeError, "%s", m.p ? m.p : "");
    dwB_free(&m);
    return e;
  }
  int64_t dims[DW_MAXDIM];
  for (int k = 0; k < nshape; k++) dims[k] = x->ndim - nshape + k;
  Value mean = reduce(I, OP_MEAN, x, dims, nshape, true);
  if (mean.t == V_NULL) return mean;
  Value xc = op2(I, OP_SUB, x, TEN(mean));
  drop(I, mean);
  if (xc.t == V_NULL) return xc;
  Value sq = op2(I, OP_MUL, TEN(xc), TEN(xc));
  Value var = sq.t == V_NULL ? sq : reduce(I, OP_MEAN, TEN(sq), dims, nshape, true);
  drop(I, sq);
  Value ve = var.t == V_NULL ? var : op2s(I, OP_ADD, TEN(var), eps, DT_F64);
  drop(I, var);
  Value rs = ve.t == V_NULL ? ve : op1(I, OP_RSQRT, TEN(ve), NULL);
  drop(I, ve);
  Value y = rs.t == V_NULL ? rs : op2(I, OP_MUL, TEN(xc), TEN(rs));
  drop(I, rs);
  drop(I, xc);
  if (y.t == V_NULL) return y;
  if (w) {
    Value t = op2(I, OP_MUL, TEN(y), w);
    drop(I, y);
    if (t.t == V_NULL) return t;
    y = t;
  }
  if (b) {
    Value t = op2(I, OP_ADD, TEN(y), b);
    drop(I, y);
    y = t;
  }
  return y;
}

Value dwL_layer_norm(Interp *I, Tensor *x, int nshape, const int64_t *shape, Tensor *w,
                        Tensor *b, double eps) {
  uint64_t s0 = I->c.ag_seq;
  return ag_named(dwL_layer_norm_ag(I, x, nshape, shape, w, b, eps), s0, "NativeLayerNormBackward0");
}

BI(f_layer_norm) {
  Value v[5];
  if (!dwL_bind(I, "layer_norm", self, a, "input,normalized_shape,weight,bias,eps", v, 5))
    return dwV_null();
  if (!as_tensor_arg(I, v[0], "layer_norm", "input")) return dwV_null();
  int64_t shape[DW_MAXDIM];
  int nd;
  if (v[1].t == V_INT) {
    shape[0] = v[1].u.i;
    nd = 1;
  } else if (!sizes_from(I, &v[1], 1, shape, &nd)) {
    return dwV_null();
  }
  double eps = 1e-5;
  if (v[4].t != V_NULL && !dwL_float(I, v[4], "eps", &eps)) return dwV_null();
  return dwL_layer_norm(I, TEN(v[0]), nd, shape, v[2].t == V_TENSOR ? TEN(v[2]) : NULL,
                    v[3].t == V_TENSOR ? TEN(v[3]) : NULL, eps);
}

BI(f_gelu) {
  Value v[2];
  if (!dwL_bind(I, "gelu", self, a, "input,approximate", v, 2) || !as_tensor_arg(I, v[0], "gelu", "input"))
    return dwV_null();
  OpAttrs at;
  memset(&at, 0, sizeof at);
  if (v[1].t == V_STR) {
    if (!strcmp(STR(v[1])->s, "tanh")) at.flag = 1;
    else if (strcmp(STR(v[1])->s, "none"))
      return dwI_raise(I, EXC_RuntimeError, "approximate argument must be either none or tanh.");
  }
  return op1(I, OP_GELU, TEN(v[0]), &at);
}

/* F.dropout and nn.Dropout check p (torch/nn/functional.py, dropout.py) */
bool dwL_dropout_p_ok(Interp *I, Value p, const char *zero_type) {
  double d;
  if (p.t == V_NULL) return true;
  /* `p < 0` of a non-number (functional.py compares with 0.0, nn.Dropout
   * with 0): Python's comparison TypeError */
  if (p.t != V_INT && p.t != V_FLOAT && p.t != V_BOOL && p.t != V_TENSOR)
    return dwI_raise(I, EXC_TypeError, "'<' not supported between instances of '%s' and '%s'", dwV_type_name(p),
                     zero_type),
           false;
  if (!dwL_float(I, p, "p", &d)) return false;
  if (d >= 0 && d <= 1) return true;
  Buf b = {0};
  dwV_repr(&b, p);
  dwI_raise(I, EXC_ValueError, "dropout probability has to be between 0 and 1, but got %s",
            b.p ? b.p : "");
  dwB_free(&b);
  return false;
}

BI(f_leaky_relu) {
  Value v[3];
  if (!dwL_bind(I, "leaky_relu", self, a, "input,negative_slope,inplace", v, 3) ||
      !as_tensor_arg(I, v[0], "leaky_relu", "input"))
    return dwV_null();
  double slope = 0.01;
  if (v[1].t != V_NULL && !dwL_float(I, v[1], "negative_slope", &slope)) return dwV_null();
  Tensor *x = TEN(v[0]);
  Value pos = op2s(I, OP_GT, x, 0, DT_I64);
  if (pos.t == V_NULL) return pos;
  Value neg = op2s(I, OP_MUL, x, slope, DT_F64);
  if (neg.t == V_NULL) {
    drop(I, pos);
    return neg;
  }
  Tensor *in[3] = {TEN(pos), x, TEN(neg)};
  Value r = op(I, OP_WHERE, 3, in, NULL);
  drop(I, pos);
  drop(I, neg);
  return r;
}

/* ------------------------------------------------------------------ */
/* Tensor attributes                                                   */
/* ------------------------------------------------------------------ */

static const BuiltinDef tensor_methods[];
/* the tables of Tensor methods; I->tensor_methods maps a name to
 * table << 16 | index */
static const BuiltinDef *const method_tables[] = {tensor_methods,      dwO_tensor_methods,  dwNm_tensor_methods, dwDv_tensor_methods,
                                                   dwRl_tensor_methods, dwTm_tensor_methods, dwAp_tensor_methods};

Value dwL_tensor_attr(Interp *I, Value self, Str *name) {
  Tensor *t = TEN(self);
  const char *n = name->s;
  if (!strcmp(n, "shape")) return size_tuple_of(I, t);
  if (!strcmp(n, "dtype")) return (Value){.t = V_DTYPE, .u = {.i = t->dtype}};
  if (!strcmp(n, "ndim")) return dwV_int(t->ndim);
  if (!strcmp(n, "T") || !strcmp(n, "mT")) {
    int64_t perm[DW_MAXDIM];
    for (int k = 0; k < t->ndim; k++) perm[k] = t->ndim - 1 - k;
    if (n[0] == 'm' && t->ndim >= 2) {
      for (int k = 0; k < t->ndim; k++) perm[k] = k;
      perm[t->ndim - 1] = t->ndim - 2;
      perm[t->ndim - 2] = t->ndim - 1;
    }
    /* Dynamo: call_function getattr(x, 'T'), printed `x.T` */
    Value fa[2] = {self, (Value){.t = V_STR, .u = {.o = &name->h}}};
    int tok = dwM_pre(I, FX_CALL_FUNCTION, "builtins.getattr", dwV_null(), 2, fa, 0, NULL);
    Value r = permute_to(I, t, perm, t->ndim);
    dwM_post(I, tok, r);
    return r;
  }
  if (!strcmp(n, "device")) return dwDv_cpu(I);
  if (!strcmp(n, "is_cuda") || !strcmp(n, "is_sparse")) return dwV_bool(false);
  Value ag;
  if (dwAp_tensor_attr(I, t, n, &ag)) return ag;
  if (!strcmp(n, "data") || !strcmp(n, "_version")) return dwL_version_attr(I, self, n[0] == 'd');
  Value idx = dwV_dict_gets(I->tensor_methods, name);
  if (idx.t == V_INT) return dwMt_bound(I, &method_tables[idx.u.i >> 16][idx.u.i & 0xffff], self);
  return dwV_null();
}

/* ------------------------------------------------------------------ */
/* torch.nn                                                            */
/* ------------------------------------------------------------------ */

Value dwL_attr_get(Interp *I, Value inst, const char *name) {
  Value v = dwV_dict_gets(((Inst *)OBJ(inst))->attrs, dwI_intern(I, name));
  return v;
}

bool dwL_attr_set(Interp *I, Value inst, const char *name, Value v) {
  return dwOb_setattr(I, inst, dwI_intern(I, name), v);
}

bool dwL_set_tensor_attr(Interp *I, Value inst, const char *name, Value t) {
  if (t.t == V_NULL) return false;
  bool ok = dwL_attr_set(I, inst, name, t);
  drop(I, t);
  return ok;
}

/* marks a new tensor value as an nn.Parameter */
static Value as_param(Value t) { return dwL_layer_param(t); }

/* Module.__init__: the training flag */
BI(nn_module_init) {
  (void)def;
  (void)a;
  if (dwL_is_module(self) && !dwL_attr_set(I, self, "training", dwV_bool(true))) return dwV_null();
  return dwV_none();
}

BI(nn_linear_init) {
  Value v[4];
  if (!dwL_bind(I, "Linear", self, a, "self,in_features,out_features,bias", v, 4)) return dwV_null();
  int64_t in, out;
  bool bias;
  if (!dwL_int(I, v[1], "in_features", &in) || !dwL_int(I, v[2], "out_features", &out) ||
      !truthy(I, v[3], true, &bias))
    return dwV_null();
  double bound = in > 0 ? 1.0 / sqrt((double)in) : 0;
  int64_t ws[2] = {out, in};
  if (!dwL_attr_set(I, v[0], "in_features", dwV_int(in)) || !dwL_attr_set(I, v[0], "out_features", dwV_int(out)) ||
      !dwL_set_tensor_attr(I, v[0], "weight", as_param(dwL_uniform(I, 2, ws, dwL_kaiming_bound(in)))))
    return dwV_null();
  if (bias) {
    if (!dwL_set_tensor_attr(I, v[0], "bias", as_param(dwL_uniform(I, 1, &out, bound)))) return dwV_null();
  } else if (!dwL_attr_set(I, v[0], "bias", dwV_none())) {
    return dwV_null();
  }
  return dwV_none();
}

BI(nn_linear_forward) {
  Value v[2];
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value w = dwL_attr_get(I, v[0], "weight"), b = dwL_attr_get(I, v[0], "bias");
  if (w.t != V_TENSOR) return dwI_raise(I, EXC_AttributeError, "'Linear' object has no attribute 'weight'");
  return dwL_linear(I, TEN(v[1]), TEN(w), b.t == V_TENSOR ? TEN(b) : NULL);
}

/* ReLU(inplace) / SiLU(inplace) (data 0), Softmax(dim) (1),
 * GELU(approximate) (2), Dropout(p, inplace) (3), Sigmoid() / Tanh() (4):
 * PyTorch's parameter names; the first is kept as an attribute. */
BI(nn_act_init) {
  static const char *const params[] = {"self,inplace", "self,dim", "self,approximate",
                                       "self,p,inplace", "self"};
  static const char *const attr[] = {NULL, "dim", "approximate", "p", NULL};
  Value v[3];
  if (!dwL_bind(I, "__init__", self, a, params[def->data], v, 3)) return dwV_null();
  if (def->data == 3 && !dwL_dropout_p_ok(I, v[1], "int")) return dwV_null();
  if (attr[def->data] && v[1].t != V_NULL && !dwL_attr_set(I, v[0], attr[def->data], v[1]))
    return dwV_null();
  return dwV_none();
}

BI(nn_act_forward) {
  Value v[2];
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Tensor *x = TEN(v[1]);
  switch (def->data) {
  case -1: /* Identity */
    dwV_incref(v[1]);
    return v[1];
  case -3: /* Dropout (with the training flag) */
    return dwNn_dropout_forward.fn(I, &dwNn_dropout_forward, v[0], &(Args){1, &v[1], 0, NULL});
  case -2: { /* Softmax */
    Value d = dwL_attr_get(I, v[0], "dim");
    int64_t dim = d.t == V_INT ? d.u.i : (x->ndim <= 1 || x->ndim == 3 ? 0 : 1);
    return dwL_softmax(I, x, dim, false);
  }
  case OP_GELU: {
    OpAttrs at;
    memset(&at, 0, sizeof at);
    Value ap = dwL_attr_get(I, v[0], "approximate");
    at.flag = ap.t == V_STR && !strcmp(STR(ap)->s, "tanh");
    return op1(I, OP_GELU, x, &at);
  }
  default:
    return op1(I, (Op)def->data, x, NULL);
  }
}

BI(nn_layernorm_init) {
  Value v[4];
  if (!dwL_bind(I, "LayerNorm", self, a, "self,normalized_shape,eps,elementwise_affine", v, 4))
    return dwV_null();
  int64_t shape[DW_MAXDIM];
  int nd;
  if (v[1].t == V_INT) {
    shape[0] = v[1].u.i;
    nd = 1;
  } else if (!sizes_from(I, &v[1], 1, shape, &nd)) {
    return dwV_null();
  }
  double eps = 1e-5;
  bool affine;
  if ((v[2].t != V_NULL && !dwL_float(I, v[2], "eps", &eps)) || !truthy(I, v[3], true, &affine))
    return dwV_null();
  Value ns = size_tuple(I, shape, nd);
  if (ns.t == V_NULL || !dwL_attr_set(I, v[0], "normalized_shape", ns)) return dwV_null();
  drop(I, ns);
  if (!dwL_attr_set(I, v[0], "eps", dwV_float(eps))) return dwV_null();
  if (affine) {
    if (!dwL_set_tensor_attr(I, v[0], "weight", as_param(dwL_full(I, shape, nd, 1, DT_F32))) ||
        !dwL_set_tensor_attr(I, v[0], "bias", as_param(dwL_full(I, shape, nd, 0, DT_F32))))
      return dwV_null();
  } else if (!dwL_attr_set(I, v[0], "weight", dwV_none()) || !dwL_attr_set(I, v[0], "bias", dwV_none())) {
    return dwV_null();
  }
  return dwV_none();
}

BI(nn_layernorm_forward) {
  Value v[2];
  if (!dwL_bind(I, "forward", self, a, "self,input", v, 2) || !as_tensor_arg(I, v[1], "forward", "input"))
    return dwV_null();
  Value ns = dwL_attr_get(I, v[0], "normalized_shape"), eps = dwL_attr_get(I, v[0], "eps");
  Value w = dwL_attr_get(I, v[0], "weight"), b = dwL_attr_get(I, v[0], "bias");
  int64_t shape[DW_MAXDIM];
  int nd;
  if (!sizes_from(I, &ns, 1, shape, &nd)) return dwV_null();
  return dwL_layer_norm(I, TEN(v[1]), nd, shape, w.t == V_TENSOR ? TEN(w) : NULL,
                    b.t == V_TENSOR ? TEN(b) : NULL, eps.t == V_FLOAT ? eps.u.f : 1e-5);
}

/* Sequential / ModuleList keep their children in `_modules` (a list) */
BI(nn_seq_init) {
  if (self.t != V_INST) return dwI_raise(I, EXC_TypeError, "__init__ needs an instance");
  List *l = dwV_list(&I->c, 0);
  if (!l) return dwI_raise_ctx(I);
  if (def->data == 1 && a->n == 1) { /* ModuleList(iterable) */
    List *src = dwOb_to_list(I, a->v[0]);
    if (!src) {
      dwV_decref_o(&I->c, &l->h);
      return dwV_null();
    }
    dwV_decref_o(&I->c, &l->h);
    l = src;
  } else {
    for (int k = 0; k < a->n; k++) dwV_list_append(&I->c, l, a->v[k]);
  }
  Value lv = dwV_obj(&l->h);
  bool ok = dwL_attr_set(I, self, "_modules", lv);
  drop(I, lv);
  return ok ? dwV_none() : dwV_null();
}

static List *children(Interp *I, Value self) {
  Value m = dwL_attr_get(I, self, "_modules");
  return m.t == V_LIST ? (List *)OBJ(m) : NULL;
}

BI(nn_seq_forward) {
  if (a->n != 1) return dwI_raise(I, EXC_TypeError, "forward() takes 1 argument");
  List *l = children(I, self);
  Value x = a->v[0];
  dwV_incref(x);
  for (int64_t k = 0; l && k < l->len; k++) {
    Value r = dwI_call0(I, l->items[k], 1, &x);
    drop(I, x);
    if (r.t == V_NULL) return r;
    x = r;
  }
  return x;
}

BI(nn_seq_getitem) {
  List *l = children(I, self);
  if (!l || a->n != 1) return dwI_raise(I, EXC_TypeError, "bad index");
  return dwOb_getitem(I, dwV_obj(&l->h), a->v[0]);
}

/* seq[i] = module (ModuleList/Sequential.__setitem__: the index as
 * _get_abs_string_index reads it; a child must be a Module or None) */
BI(nn_seq_setitem) {
  List *l = children(I, self);
  if (!l || a->n != 2) return dwI_raise(I, EXC_TypeError, "bad index");
  int64_t i;
  if (!dwL_int(I, a->v[0], "index", &i)) return dwV_null();
  if (i < -l->len || i >= l->len) return dwI_raise(I, EXC_IndexError, "index %lld is out of range", (long long)i);
  i = i < 0 ? i + l->len : i;
  Value m = a->v[1];
  if (m.t != V_NONE && !dwL_is_module(m))
    return dwI_raise(I, EXC_TypeError, "cannot assign '%s' as child module '%lld' (torch.nn.Module or None expected)",
                     dwV_type_name(m), (long long)i);
  dwV_incref(m);
  drop(I, l->items[i]);
  l->items[i] = m;
  return dwV_none();
}

BI(nn_seq_len) {
  List *l = children(I, self);
  return dwV_int(l ? l->len : 0);
}

BI(nn_seq_iter) {
  List *l = children(I, self);
  if (!l) return dwI_raise(I, EXC_TypeError, "not iterable");
  return dwOb_iter(I, dwV_obj(&l->h));
}

BI(nn_seq_append) {
  List *l = children(I, self);
  if (!l || a->n != 1) return dwI_raise(I, EXC_TypeError, "append() takes 1 argument");
  if (!dwV_list_append(&I->c, l, a->v[0])) return dwI_raise_ctx(I);
  dwV_incref(self);
  return self;
}

bool dwL_is_module(Value v) {
  return v.t == V_INST && (((Inst *)OBJ(v))->cls->cflags & CLS_NN_MODULE);
}

BI(nn_return_self) {
  dwV_incref(self);
  return self;
}

static void module_repr(Interp *I, Buf *b, Value m, int indent);

static void extra_repr(Interp *I, Buf *b, Value m) {
  Class *c = ((Inst *)OBJ(m))->cls;
  const char *n = c->name->s;
  if (dwNm_extra_repr(I, b, m, n)) return;
  if (!strcmp(n, "Linear")) {
    Value in = dwL_attr_get(I, m, "in_features"), out = dwL_attr_get(I, m, "out_features");
    Value bias = dwL_attr_get(I, m, "bias");
    dwB_printf(b, "in_features=%lld, out_features=%lld, bias=%s", (long long)in.u.i,
               (long long)out.u.i, bias.t == V_TENSOR ? "True" : "False");
  } else if (!strcmp(n, "LayerNorm")) {
    Value ns = dwL_attr_get(I, m, "normalized_shape"), eps = dwL_attr_get(I, m, "eps");
    Value w = dwL_attr_get(I, m, "weight");
    Tuple *t = ns.t == V_TUPLE ? (Tuple *)OBJ(ns) : NULL;
    dwB_puts(b, "(");
    for (int64_t k = 0; t && k < t->len; k++) dwB_printf(b, "%lld,%s", (long long)t->items[k].u.i, k + 1 < t->len ? " " : "");
    dwB_puts(b, "), eps=");
    dwB_float(b, eps.t == V_FLOAT ? eps.u.f : 1e-5);
    dwB_printf(b, ", elementwise_affine=%s", w.t == V_TENSOR ? "True" : "False");
  } else if (!strcmp(n, "Softmax")) {
    Value d = dwL_attr_get(I, m, "dim");
    dwB_puts(b, "dim=");
    dwV_repr(b, d.t == V_NULL ? dwV_none() : d);
  } else if (!strcmp(n, "Dropout")) {
    Value p = dwL_attr_get(I, m, "p");
    dwB_puts(b, "p=");
    dwB_float(b, p.t == V_FLOAT ? p.u.f : p.t == V_INT ? (double)p.u.i : 0.5);
    dwB_puts(b, ", inplace=False");
  } else if (!strcmp(n, "GELU")) {
    Value ap = dwL_attr_get(I, m, "approximate");
    dwB_printf(b, "approximate='%s'", ap.t == V_STR ? STR(ap)->s : "none");
  }
}

static void child_line(Interp *I, Buf *b, const char *name, Value v, int indent) {
  dwB_putc(b, '\n');
  for (int k = 0; k < indent + 2; k++) dwB_putc(b, ' ');
  dwB_printf(b, "(%s): ", name);
  module_repr(I, b, v, indent + 2);
}

static void module_repr(Interp *I, Buf *b, Value m, int indent) {
  Inst *in = (Inst *)OBJ(m);
  dwB_printf(b, "%s(", in->cls->name->s);
  size_t before = b->len;
  extra_repr(I, b, m);
  bool kids = false;
  for (int64_t k = 0; k < in->attrs->nent; k++) {
    if (!in->attrs->ent[k].used) continue;
    Value v = in->attrs->ent[k].val;
    Value key = in->attrs->ent[k].key;
    if (dwL_is_module(v)) {
      child_line(I, b, STR(key)->s, v, indent);
      kids = true;
    } else if (v.t == V_LIST && !strcmp(STR(key)->s, "_modules")) {
      List *l = (List *)OBJ(v);
      for (int64_t j = 0; j < l->len; j++) {
        if (!dwL_is_module(l->items[j])) continue;
        char nm[24];
        snprintf(nm, sizeof nm, "%lld", (long long)j);
        child_line(I, b, nm, l->items[j], indent);
        kids = true;
      }
    }
  }
  if (kids) {
    dwB_putc(b, '\n');
    for (int k = 0; k < indent; k++) dwB_putc(b, ' ');
  }
  (void)before;
  dwB_putc(b, ')');
}

BI(nn_repr) {
  Value v[1];
  if (!dwL_bind(I, "__repr__", self, a, "self", v, 1)) return dwV_null();
  if (!dwL_is_module(v[0])) return dwI_raise(I, EXC_TypeError, "__repr__ needs a module");
  Buf b = {0};
  module_repr(I, &b, v[0], 0);
  Str *s = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

/* Instances of the C-implemented nn classes (and of user subclasses of
 * them, through call_class). */
Value dwL_builtin_class_call(Interp *I, Class *c, Args *a) {
  Inst *in = (Inst *)dwV_alloc(&I->c, V_INST, sizeof(Inst));
  if (!in) return dwI_raise_ctx(I);
  in->cls = c;
  dwV_incref_o(&c->h);
  in->attrs = dwV_dict(&I->c);
  Value self = dwV_obj(&in->h);
  if (!in->attrs || ((c->cflags & CLS_NN_MODULE) && !dwL_attr_set(I, self, "training", dwV_bool(true)))) {
    drop(I, self);
    return dwI_raise_ctx(I);
  }
  Value init = dwOb_class_lookup(c, dwI_intern(I, "__init__"));
  if (init.t == V_BUILTIN) {
    Value r = ((Builtin *)OBJ(init))->def->fn(I, ((Builtin *)OBJ(init))->def, self, a);
    if (r.t == V_NULL) {
      drop(I, self);
      return r;
    }
    drop(I, r);
  }
  return self;
}

Value dwL_module_attr(Interp *I, Value inst, Str *name) {
  (void)I;
  (void)inst;
  (void)name;
  return dwV_null();
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

#define UN(n, o) {"torch." n, t_unary, TK_TENSOR, OP_##o, 0}
#define BIN(n, o) {"torch." n, t_binary, TK_TENSOR, OP_##o, 0}
#define RED(n, o) {"torch." n, t_reduce, TK_TENSOR, OP_##o, 0}

static const BuiltinDef torch_defs[] = {
    UN("neg", NEG), UN("negative", NEG), UN("abs", ABS), UN("exp", EXP), UN("log", LOG),
    UN("sqrt", SQRT), UN("rsqrt", RSQRT), UN("sin", SIN), UN("cos", COS), UN("tanh", TANH),
    UN("sigmoid", SIGMOID), UN("relu", RELU), UN("logical_not", NOT), UN("tan", TAN),
    UN("erf", ERF), UN("floor", FLOOR), UN("ceil", CEIL),
    BIN("add", ADD), BIN("sub", SUB), BIN("subtract", SUB), BIN("mul", MUL),
    BIN("multiply", MUL), BIN("div", DIV), BIN("divide", DIV), BIN("true_divide", DIV),
    BIN("floor_divide", FLOORDIV), BIN("remainder", MOD), BIN("pow", POW),
    BIN("maximum", MAXIMUM), BIN("minimum", MINIMUM), BIN("eq", EQ), BIN("ne", NE),
    BIN("lt", LT), BIN("le", LE), BIN("gt", GT), BIN("ge", GE), {"torch.logical_and", t_logical, TK_TENSOR, OP_AND, 0},
    {"torch.logical_or", t_logical, TK_TENSOR, OP_OR, 0}, BIN("bitwise_and", AND), BIN("bitwise_or", OR),
    BIN("matmul", MATMUL), BIN("mm", MATMUL),
    RED("sum", SUM), RED("mean", MEAN), RED("prod", PROD), RED("amax", AMAX), RED("amin", AMIN),
    RED("argmax", ARGMAX), RED("argmin", ARGMIN),
    {"torch.max", t_maxmin, TK_TENSOR, OP_AMAX, 0}, {"torch.min", t_maxmin, TK_TENSOR, OP_AMIN, 0},
    {"torch.clamp", t_clamp, TK_TENSOR, 0, 0}, {"torch.clip", t_clamp, TK_TENSOR, 0, 0},
    {"torch.where", t_where, TK_TENSOR, 0, 0}, {"torch.softmax", t_softmax, TK_TENSOR, 0, 0},
    {"torch.log_softmax", t_softmax, TK_TENSOR, 1, 0}, {"torch.cat", t_cat, TK_TENSOR, 0, 0},
    {"torch.concat", t_cat, TK_TENSOR, 0, 0}, {"torch.stack", t_cat, TK_TENSOR, 1, 0},
    {"torch.reshape", t_reshape, TK_TENSOR, 0, 0}, {"torch.flatten", t_flatten, TK_TENSOR, 0, 0},
    {"torch.unsqueeze", t_unsqueeze, TK_TENSOR, 0, 0}, {"torch.squeeze", t_squeeze, TK_TENSOR, 0, 0},
    {"torch.permute", t_permute, TK_TENSOR, 0, 0}, {"torch.transpose", t_transpose, TK_TENSOR, 0, 0},
    {"torch.t", t_t, TK_TENSOR, 0, 0}, {"torch.clone", t_clone, TK_TENSOR, 0, 0},
    {"torch.var", t_var, TK_TENSOR, 0, 0}, {"torch.std", t_var, TK_TENSOR, 1, 0},
    {"torch.square", t_square, TK_TENSOR, 0, 0},
    {"torch.tensor", t_tensor, TK_TENSOR, 0, 0}, {"torch.as_tensor", t_tensor, TK_TENSOR, 0, 0},
    {"torch.ones", t_fill, TK_TENSOR, 1, 0}, {"torch.zeros", t_fill, TK_TENSOR, 0, 0},
    {"torch.empty", t_fill, TK_TENSOR, 0, 0}, {"torch.full", t_full, TK_TENSOR, 0, 0},
    {"torch.ones_like", t_like, TK_TENSOR, 1, 0}, {"torch.zeros_like", t_like, TK_TENSOR, 0, 0},
    {"torch.empty_like", t_like, TK_TENSOR, 2, 0}, {"torch.full_like", t_like, TK_TENSOR, 3, 0},
    {"torch.rand_like", t_like, TK_TENSOR, 4, 0}, {"torch.randn_like", t_like, TK_TENSOR, 5, 0},
    {"torch.rand", t_rand, TK_TENSOR, 0, 0}, {"torch.randn", t_rand, TK_TENSOR, 1, 0},
    {"torch.randint", t_randint, TK_TENSOR, 0, 0}, {"torch.arange", t_arange, TK_TENSOR, 0, 0},
    {"torch.linspace", t_linspace, TK_PURE, 0, 0}, {"torch.eye", t_eye, TK_PURE, 0, 0},
    {"torch.manual_seed", t_manual_seed, TK_UNSUPPORTED, 0, 0},
    {"torch.initial_seed", t_initial_seed, TK_UNSUPPORTED, 0, 0},
    {"torch.numel", t_numel, TK_PURE, 0, 0}, {"torch.is_tensor", t_is_tensor, TK_PURE, 0, 0},
    {"torch.is_floating_point", t_is_floating_point, TK_PURE, 0, 0},
    {"torch.is_complex", t_is_complex, TK_PURE, 0, 0},
    {"torch.get_default_dtype", t_default_dtype, TK_PURE, 0, 0},
    {"torch.promote_types", t_promote_types, TK_PURE, 0, 0},
    {"torch.allclose", t_allclose, TK_DATA, 0, 0}, {"torch.equal", t_allclose, TK_DATA, 1, 0},
    {"torch.Tensor", t_tensor, TK_PURE, 1, dwV_type_doc}, {NULL, NULL, 0, 0, 0}};

#define M(n, fn, k, d) {"Tensor." n, fn, k, d, 0}
#define MU(n, o) {"Tensor." n, t_unary, TK_TENSOR, OP_##o, 0}
#define MB(n, o) {"Tensor." n, t_binary, TK_TENSOR, OP_##o, 0}
#define MR(n, o) {"Tensor." n, t_reduce, TK_TENSOR, OP_##o, 0}

static const BuiltinDef tensor_methods[] = {
    MU("neg", NEG), MU("abs", ABS), MU("exp", EXP), MU("log", LOG), MU("sqrt", SQRT),
    MU("rsqrt", RSQRT), MU("sin", SIN), MU("cos", COS), MU("tanh", TANH),
    MU("sigmoid", SIGMOID), MU("relu", RELU), MU("logical_not", NOT), MU("tan", TAN),
    MU("erf", ERF), MU("floor", FLOOR), MU("ceil", CEIL),
    MB("add", ADD), MB("sub", SUB), MB("mul", MUL), MB("div", DIV), MB("floor_divide", FLOORDIV),
    MB("remainder", MOD), MB("pow", POW), MB("maximum", MAXIMUM), MB("minimum", MINIMUM),
    MB("eq", EQ), MB("ne", NE), MB("lt", LT), MB("le", LE), MB("gt", GT), MB("ge", GE),
    MB("matmul", MATMUL), MB("mm", MATMUL),
    M("logical_and", t_logical, TK_TENSOR, OP_AND), M("logical_or", t_logical, TK_TENSOR, OP_OR),
    MR("sum", SUM), MR("mean", MEAN), MR("prod", PROD), MR("amax", AMAX), MR("amin", AMIN),
    MR("argmax", ARGMAX), MR("argmin", ARGMIN),
    M("max", t_maxmin, TK_TENSOR, OP_AMAX), M("min", t_maxmin, TK_TENSOR, OP_AMIN),
    M("clamp", t_clamp, TK_TENSOR, 0), M("clip", t_clamp, TK_TENSOR, 0),
    M("softmax", t_softmax, TK_TENSOR, 0), M("log_softmax", t_softmax, TK_TENSOR, 1),
    M("reshape", t_reshape, TK_TENSOR, 0), M("view", t_reshape, TK_TENSOR, 1),
    M("view_as", t_view_as, TK_TENSOR, 1), M("reshape_as", t_view_as, TK_TENSOR, 0),
    M("expand_as", t_view_as, TK_TENSOR, 2), M("expand", t_expand, TK_TENSOR, 0),
    M("flatten", t_flatten, TK_TENSOR, 0), M("unsqueeze", t_unsqueeze, TK_TENSOR, 0),
    M("squeeze", t_squeeze, TK_TENSOR, 0), M("permute", t_permute, TK_TENSOR, 0),
    M("transpose", t_transpose, TK_TENSOR, 0), M("t", t_t, TK_TENSOR, 0),
    M("var", t_var, TK_TENSOR, 0), M("std", t_var, TK_TENSOR, 1),
    M("square", t_square, TK_TENSOR, 0),
    M("size", t_size, TK_PURE, 0), M("stride", t_stride, TK_PURE, 0), M("dim", t_dim, TK_PURE, 0), M("numel", t_numel, TK_PURE, 0),
    M("is_floating_point", t_is_floating_point, TK_PURE, 0),
    M("is_complex", t_is_complex, TK_PURE, 0), M("ndimension", t_dim, TK_PURE, 0),
    M("element_size", t_element_size, TK_PURE, 0), M("__len__", t_len, TK_PURE, 0),
    M("nelement", t_numel, TK_PURE, 0),
    M("item", t_item, TK_DATA, 0), M("tolist", t_tolist, TK_DATA, 0),
    M("float", t_cast, TK_TENSOR, DT_F32), M("double", t_cast, TK_TENSOR, DT_F64),
    M("long", t_cast, TK_TENSOR, DT_I64),
    M("int", t_cast, TK_TENSOR, DT_I32), M("bool", t_cast, TK_TENSOR, DT_BOOL),
    M("to", t_cast, TK_TENSOR, -1),
    M("clone", t_clone, TK_TENSOR, 0), M("contiguous", t_contiguous, TK_TENSOR, 0),
    M("detach", t_identity, TK_TENSOR, 0), M("cpu", t_identity, TK_TENSOR, 0),
    M("is_contiguous", t_is_contiguous, TK_PURE, 0),
    M("add_", t_binary_, TK_TENSOR, OP_ADD), M("sub_", t_binary_, TK_TENSOR, OP_SUB),
    M("mul_", t_binary_, TK_TENSOR, OP_MUL), M("div_", t_binary_, TK_TENSOR, OP_DIV),
    M("pow_", t_binary_, TK_TENSOR, OP_POW), M("relu_", t_unary_, TK_TENSOR, OP_RELU),
    M("exp_", t_unary_, TK_TENSOR, OP_EXP), M("neg_", t_unary_, TK_TENSOR, OP_NEG),
    M("zero_", t_zero_, TK_TENSOR, 0), M("fill_", t_zero_, TK_TENSOR, 1),
    M("copy_", t_copy_, TK_TENSOR, 0), M("clamp_", t_clamp, TK_TENSOR, 1),
    M("clip_", t_clamp, TK_TENSOR, 1),
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef functional_defs[] = {
    {"F.relu", t_unary, TK_TENSOR, OP_RELU, 0}, {"F.silu", t_unary, TK_TENSOR, OP_SILU, 0},
    {"F.sigmoid", t_unary, TK_TENSOR, OP_SIGMOID, 0}, {"F.tanh", t_unary, TK_TENSOR, OP_TANH, 0},
    {"torch._C._nn.gelu", f_gelu, TK_TENSOR, 0, 0}, {"F.softmax", t_softmax, TK_TENSOR, 0, 0},
    {"F.log_softmax", t_softmax, TK_TENSOR, 1, 0}, {"torch._C._nn.linear", f_linear, TK_TENSOR, 0, 0},
    {"F.layer_norm", f_layer_norm, TK_TENSOR, 0, 0},
    {"F.leaky_relu", f_leaky_relu, TK_TENSOR, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* methods of the base class torch.nn.Module */
static const BuiltinDef module_methods[] = {
    {"Module.__init__", nn_module_init, TK_PURE, 0, 0},
    {"Module.cpu", nn_return_self, TK_PURE, 0, 0},
    {"Module.__repr__", nn_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

typedef struct NNClass {
  const char *name;
  BuiltinDef init, forward;
} NNClass;

static const NNClass nn_classes[] = {
    {"Linear", {"Linear.__init__", nn_linear_init, TK_PURE, 0, 0},
     {"Linear.forward", nn_linear_forward, TK_TENSOR, 0, 0}},
    {"NonDynamicallyQuantizableLinear", {"Linear.__init__", nn_linear_init, TK_PURE, 0, 0},
     {"Linear.forward", nn_linear_forward, TK_TENSOR, 0, 0}},
    {"ReLU", {"ReLU.__init__", nn_act_init, TK_PURE, 0, 0},
     {"ReLU.forward", nn_act_forward, TK_TENSOR, OP_RELU, 0}},
    {"GELU", {"GELU.__init__", nn_act_init, TK_PURE, 2, 0},
     {"GELU.forward", nn_act_forward, TK_TENSOR, OP_GELU, 0}},
    {"SiLU", {"SiLU.__init__", nn_act_init, TK_PURE, 0, 0},
     {"SiLU.forward", nn_act_forward, TK_TENSOR, OP_SILU, 0}},
    {"Sigmoid", {"Sigmoid.__init__", nn_act_init, TK_PURE, 4, 0},
     {"Sigmoid.forward", nn_act_forward, TK_TENSOR, OP_SIGMOID, 0}},
    {"Tanh", {"Tanh.__init__", nn_act_init, TK_PURE, 4, 0},
     {"Tanh.forward", nn_act_forward, TK_TENSOR, OP_TANH, 0}},
    {"Softmax", {"Softmax.__init__", nn_act_init, TK_PURE, 1, 0},
     {"Softmax.forward", nn_act_forward, TK_TENSOR, -2, 0}},
    {"Identity", {"Identity.__init__", nn_module_init, TK_PURE, 0, 0},
     {"Identity.forward", nn_act_forward, TK_TENSOR, -1, 0}},
    {"Dropout", {"Dropout.__init__", nn_act_init, TK_PURE, 3, 0},
     {"Dropout.forward", nn_act_forward, TK_TENSOR, -3, 0}},
    {"LayerNorm", {"LayerNorm.__init__", nn_layernorm_init, TK_PURE, 0, 0},
     {"LayerNorm.forward", nn_layernorm_forward, TK_TENSOR, 0, 0}},
    {"Sequential", {"Sequential.__init__", nn_seq_init, TK_PURE, 0, 0},
     {"Sequential.forward", nn_seq_forward, TK_PURE, 0, 0}},
    {"ModuleList", {"ModuleList.__init__", nn_seq_init, TK_PURE, 1, 0},
     {"ModuleList.forward", nn_seq_forward, TK_PURE, 0, 0}},
    {NULL, {0}, {0}}};

static const BuiltinDef seq_methods[] = {
    {"Sequential.__getitem__", nn_seq_getitem, TK_PURE, 0, 0},
    {"Sequential.__len__", nn_seq_len, TK_PURE, 0, 0},
    {"Sequential.__iter__", nn_seq_iter, TK_PURE, 0, 0},
    {"Sequential.append", nn_seq_append, TK_MUTATE, 0, 0},
    {"Sequential.__setitem__", nn_seq_setitem, TK_MUTATE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

Class *dwL_new_class(Interp *I, const char *name, Class *base, uint16_t flags) {
  Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
  if (!c) return NULL;
  c->name = dwI_intern(I, name);
  dwV_incref_o(&c->name->h);
  c->base = base;
  if (base) dwV_incref_o(&base->h);
  c->builtin_base = -1;
  c->cflags = flags;
  c->ns = dwV_dict(&I->c);
  return c->ns ? c : NULL;
}

static bool add_def(Interp *I, Dict *d, const char *key, const BuiltinDef *def) {
  Value v = dwL_new_builtin(I, def);
  if (v.t == V_NULL) return false;
  bool ok = dwL_set(I, d, key, v);
  drop(I, v);
  return ok;
}

static bool set_mod(Interp *I, Module *parent, const char *name, Module *child) {
  return dwL_set(I, parent->attrs, name, dwV_obj(&child->h));
}

bool dwL_torch_init(Interp *I) {
  Module *torch = dwL_module(I, "torch");
  Module *nn = dwL_module(I, "torch.nn");
  Module *F = dwL_module(I, "torch.nn.functional");
  Module *cnn = dwL_module(I, "torch._C._nn"), *tc = dwL_module(I, "torch._C");
  Module *init = dwL_module(I, "torch.nn.init");
  if (!torch || !nn || !F || !cnn || !tc || !init) return false;
  I->torch = torch;
  if (!dwL_add_defs(I, torch->attrs, torch_defs) || !dwL_add_defs(I, torch->attrs, dwO_torch_defs) ||
      !dwL_add_defs(I, torch->attrs, dwNn_torch_defs) || !dwL_add_defs(I, torch->attrs, dwNm_torch_defs) ||
      !dwL_add_defs(I, F->attrs, dwNn_functional_defs) || !dwL_add_defs(I, F->attrs, functional_defs) ||
      !dwL_add_defs(I, torch->attrs, dwRl_torch_defs) || !dwL_add_defs(I, init->attrs, dwRl_init_defs) ||
      !dwL_add_defs(I, torch->attrs, dwTm_torch_defs) || !dwL_add_defs(I, F->attrs, dwNx_functional_defs))
    return false;
  dwTm_print_reset(); /* torch.set_printoptions: each run starts at PyTorch's defaults */
  /* F also has the activations as torch.* names */
  set_mod(I, torch, "nn", nn);
  set_mod(I, nn, "functional", F);
  set_mod(I, nn, "init", init);
  /* F.linear and F.gelu are torch._C._nn's (the names FX graphs show) */
  set_mod(I, torch, "_C", tc);
  set_mod(I, tc, "_nn", cnn);
  static const char *const cnn_names[] = {"linear", "gelu"};
  for (int k = 0; k < 2; k++)
    dwL_set(I, cnn->attrs, cnn_names[k], dwV_dict_gets(F->attrs, dwI_intern(I, cnn_names[k])));
  static const char *const dtn[] = {"float32", "float", "int64", "long", "int32",
                                    "int", "bool", "float64", "double"};
  static const int dtv[] = {DT_F32, DT_F32, DT_I64, DT_I64, DT_I32,
                            DT_I32, DT_BOOL, DT_F64, DT_F64};
  for (int k = 0; k < 9; k++) dwL_set(I, torch->attrs, dtn[k], (Value){.t = V_DTYPE, .u = {.i = dtv[k]}});
  /* isinstance targets */
  static const BuiltinDef size_def = {"torch.Size", t_tensor, TK_PURE, 0, 0};
  static const BuiltinDef dtype_def = {"torch.dtype", t_tensor, TK_PURE, 0, 0};
  add_def(I, torch->attrs, "Size", &size_def);
  add_def(I, torch->attrs, "dtype", &dtype_def);
  /* type(x) is torch.Tensor, type(p) is torch.nn.Parameter (the objects) */
  dwL_set(I, I->builtins, "__tensor_type", dwV_dict_gets(torch->attrs, dwI_intern(I, "Tensor")));
  static const BuiltinDef tensor_ctor = {"torch.tensor", t_tensor, TK_PURE, 0, 0};
  add_def(I, I->builtins, "__torch_tensor", &tensor_ctor);
  /* Tensor methods by name (attribute lookups are hot) */
  I->tensor_methods = dwV_dict(&I->c);
  if (!I->tensor_methods) return false;
  for (int t = 0; t < (int)(sizeof method_tables / sizeof method_tables[0]); t++)
    for (int k = 0; method_tables[t][k].name; k++)
      dwL_set(I, I->tensor_methods, strchr(method_tables[t][k].name, '.') + 1,
              dwV_int((int64_t)t << 16 | k));
  /* torch.nn */
  Class *module = dwL_new_class(I, "Module", NULL, CLS_BUILTIN | CLS_NN_MODULE);
  if (!module || !dwL_add_defs(I, module->ns, module_methods) ||
      !dwL_add_defs(I, module->ns, dwNm_module_methods) ||
      !dwL_add_defs(I, module->ns, dwDv_module_methods) || !dwL_add_defs(I, module->ns, dwAp_module_methods) ||
      !dwDv_init(I, torch))
    return false;
  add_def(I, nn->attrs, "Parameter", &dwNm_parameter_def);
  dwL_set(I, I->builtins, "__parameter_type", dwV_dict_gets(nn->attrs, dwI_intern(I, "Parameter")));
  dwL_set(I, nn->attrs, "Module", dwV_obj(&module->h));
  for (const NNClass *nc = nn_classes; nc->name; nc++) {
    Class *c = dwL_new_class(I, nc->name, module, CLS_BUILTIN | CLS_NN_MODULE);
    if (!c || !add_def(I, c->ns, "__init__", &nc->init) ||
        !add_def(I, c->ns, "forward", &nc->forward))
      return false;
    if (!strcmp(nc->name, "Sequential") || !strcmp(nc->name, "ModuleList"))
      dwL_add_defs(I, c->ns, seq_methods);
    dwL_set(I, nn->attrs, nc->name, dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
  }
  const DwNClass *more[3] = {dwNn_classes, dwNm_classes, dwNx_classes};
  for (int t = 0; t < 3; t++)
  for (const DwNClass *nc = more[t]; nc->name; nc++) {
    Class *c = dwL_new_class(I, nc->name, module, CLS_BUILTIN | CLS_NN_MODULE);
    if (!c || !add_def(I, c->ns, "__init__", &nc->init) ||
        (nc->forward.name && !add_def(I, c->ns, "forward", &nc->forward)))
      return false;
    if (!strcmp(nc->name, "ModuleDict")) dwL_add_defs(I, c->ns, dwNm_moddict_methods);
    if (!strcmp(nc->name, "Embedding")) add_def(I, c->ns, "from_pretrained", &dwNn_from_pretrained_def);
    dwL_set(I, nn->attrs, nc->name, dwV_obj(&c->h));
    dwV_decref_o(&I->c, &c->h);
  }
  dwV_decref_o(&I->c, &module->h);
  /* the compiler API (dynamo/dynapi.c), torch.fx (dynamo/fx.c) */
  return dwD_init(I) && dwM_init(I);
}
