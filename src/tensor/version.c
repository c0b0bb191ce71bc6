/* version.c - PyTorch's tensor version counter as Python sees it:
 * Tensor._version and Tensor.data (a tensor on the same memory with a
 * version counter of its own).
 *
 * The counter lives on the storage (Storage.version), so views, detach()
 * and every alias of the memory share it, or on a VCounter that a tensor
 * and its views share (Tensor.vc: x.data, as PyTorch's variable_data()
 * makes a new VariableVersion). Every in-place write advances it by one:
 * dwL_assign_inplace (in-place methods and functions, augmented
 * assignment, inplace=True, the random fills), setitem's copy (copy_to in
 * torchlib.c), and a compiled graph's write-back of an input it updated
 * (trace.c concretize: one step per update in the graph, as the eager run
 * gives; a fake updated while traced keeps its count, mutate.c).
 *
 * Dynamo traces `x._version` as an unbacked SymInt
 * (torch/_dynamo/tensor_version_op.py), so that a graph does not
 * specialise on versions; dynawasm has no unbacked SymInts: reading the
 * version of a traced tensor is a graph break, so the value read is the
 * real one on every call and no guard depends on it. */
#include "torchlib.h"

/* x._version (data false) / x.data (data true) */
Value dwL_version_attr(Interp *I, Value self, bool data) {
  Tensor *t = TEN(self);
  if (!data) {
    if (!t->st && !dwR_break_here(I, BR_DATA_DEPENDENT, "Tensor._version of a traced tensor"))
      return dwV_null();
    if (!dwR_tracing(I)) return dwV_int(dwT_version(t));
    /* a graph input: its writes in the graph so far are pending until the
     * write-back; no guard covers a version (not replayed: Interp.id_reads) */
    I->id_reads++;
    return dwV_int(dwT_version(t) + dwR_pending_writes(I, t));
  }
  if (!t->st) return dwL_detach(I, self); /* traced: an alias in the graph */
  Tensor *p = dwT_view(&I->c, t, t->ndim, t->shape, t->stride, t->offset);
  if (!p || !dwT_set_counter(p, NULL)) {
    if (p) dwV_decref_o(&I->c, &p->h);
    return p ? dwI_raise(I, EXC_MemoryError, "out of memory") : dwI_raise_ctx(I);
  }
  return (Value){.t = V_TENSOR, .u = {.o = &p->h}};
}

Value dwL_layer_param(Value t) {
  if (t.t != V_TENSOR) return t;
  TEN(t)->h.flags |= DW_TENSOR_PARAM | DW_TENSOR_RG;
  dwT_bump(TEN(t), 1); /* a real tensor: cannot fail */
  return t;
}

/* The tensors or ints of a tuple argument: its items (false with a
 * TypeError worded as PythonArgParser's) */
static bool tuple_of(Interp *I, Value v, ValType item, const char *arg, const Value **items, int64_t *n) {
  bool ok = v.t == V_TUPLE;
  for (int64_t k = 0; ok && k < ((Tuple *)v.u.o)->len; k++) ok = ((Tuple *)v.u.o)->items[k].t == item;
  if (!ok) {
    dwI_raise(I, EXC_TypeError, "_unsafe_set_version_counter(): argument '%s' must be tuple of %s, not %s", arg,
              item == V_TENSOR ? "Tensors" : "ints", dwV_type_name(v));
    return false;
  }
  *items = ((Tuple *)v.u.o)->items;
  *n = ((Tuple *)v.u.o)->len;
  return true;
}

/* torch._C._autograd._unsafe_set_version_counter(tensors, versions): each
 * tensor's counter set to its version. While traced (Dynamo keeps the call
 * in the graph), a graph input's counter is set so that the write-back of
 * the updates recorded so far lands on the version asked for. */
BI(v_unsafe_set) {
  (void)def;
  (void)self;
  Value v[2];
  const Value *ts, *vs;
  int64_t nt, nv;
  if (!dwL_bind(I, "_unsafe_set_version_counter", dwV_null(), a, "tensors,versions", v, 2) ||
      !tuple_of(I, v[0], V_TENSOR, "tensors", &ts, &nt) || !tuple_of(I, v[1], V_INT, "versions", &vs, &nv))
    return dwV_null();
  if (nt != nv)
    return dwI_raise(I, EXC_RuntimeError, "_unsafe_set_version_counter(): %lld tensors but %lld versions",
                     (long long)nt, (long long)nv);
  for (int64_t k = 0; k < nt; k++)
    if (!TEN(ts[k])->st && !dwR_break_here(I, BR_UNSUPPORTED_CALL, "_unsafe_set_version_counter of a traced tensor"))
      return dwV_null();
  if (dwR_tracing(I)) I->id_reads++; /* a plan cannot replay it (dynamo/replay.c) */
  for (int64_t k = 0; k < nt; k++) {
    Tensor *t = TEN(ts[k]);
    int64_t want = vs[k].u.i - (dwR_tracing(I) ? dwR_pending_writes(I, t) : 0);
    if (!dwT_bump(t, want - dwT_version(t))) return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  return dwV_none();
}

const BuiltinDef dwVr_autograd_c_defs[] = {
    {"torch._C._autograd._unsafe_set_version_counter", v_unsafe_set, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
