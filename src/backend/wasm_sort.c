/* wasm_sort.c - the sort nest (FN_SORT, OP_ARGSORT) as WebAssembly: for
 * each row, a bottom-up stable merge sort of the element indices, run by
 * runs of 1, 2, 4, ... merged between the row of the output and the merge
 * buffer in scratch, O(n log n). The order is the eager kernel's
 * (tensor_kernels.c dwT_k_argsort): by value, nan after every number
 * ascending and before them descending, equal values in index order. */
#include "wasm.h"

/* br_if depth when local a >= local b (signed) */
static void exit_if_ge(Em *E, int a, int b, int depth) {
  get(E, a);
  get(E, b);
  ins(E, W_I32_GE_S);
  ins_i(E, W_BR_IF, depth);
}

/* while (local x < local end) { ... }: while_open ... while_close */
static void while_open(Em *E, int x, int end) {
  ins(E, W_BLOCK);
  ins(E, W_LOOP);
  exit_if_ge(E, x, end, 1);
}
static void while_close(Em *E) {
  ins_i(E, W_BR, 0);
  ins(E, W_END);
  ins(E, W_END);
}

/* the address base + index * size */
static void addr(Em *E, int base, int index, int size) {
  get(E, base);
  get(E, index);
  if (size > 1) {
    i32c(E, log2i(size));
    ins(E, W_I32_SHL);
  }
  ins(E, W_I32_ADD);
}

/* out[k] = from[i] (int64 indices); k++, i++ */
static void move_one(Em *E, int out, int k, int from, int i) {
  addr(E, out, k, 8);
  addr(E, from, i, 8);
  ins_mem(E, W_I64_LOAD, 8, 0);
  ins_mem(E, W_I64_STORE, 8, 0);
  local_add(E, k, 1);
  local_add(E, i, 1);
}

typedef struct IntCmp {
  WOp load;
  int size;
  WOp lt, gt;
} IntCmp;
static const IntCmp int_cmp[3] = {
    {W_I64_LOAD, 8, W_I64_LT_S, W_I64_GT_S},
    {W_I32_LOAD, 4, W_I32_LT_S, W_I32_GT_S},
    {W_I32_LOAD8_U, 1, W_I32_LT_U, W_I32_GT_U},
};

/* Pushes "element x strictly before element y" (i32 0/1) for the element
 * indices in locals x and y of the row at base. false: a dtype it cannot
 * compare (an internal error: the plan and the emitter disagree). */
static bool before(Em *E, int base, int x, int y, uint8_t dt, bool desc) {
  switch (dt) {
  case DT_F32:
  case DT_F64: {
    bool d64 = dt == DT_F64;
    int size = d64 ? 8 : 4;
    uint8_t t = d64 ? T_F64 : T_F32;
    int fx = local_new(E, t, "fx"), fy = local_new(E, t, "fy");
    addr(E, base, x, size);
    ins_mem(E, d64 ? W_F64_LOAD : W_F32_LOAD, size, 0);
    set(E, fx);
    addr(E, base, y, size);
    ins_mem(E, d64 ? W_F64_LOAD : W_F32_LOAD, size, 0);
    set(E, fy);
    /* ascending: fx < fy, or fy is nan and fx is not; descending: fx > fy,
     * or fx is nan and fy is not */
    get(E, fx);
    get(E, fy);
    ins(E, desc ? (d64 ? W_F64_GT : W_F32_GT) : (d64 ? W_F64_LT : W_F32_LT));
    int nan_one = desc ? fx : fy, num_other = desc ? fy : fx;
    get(E, nan_one);
    get(E, nan_one);
    ins(E, d64 ? W_F64_NE : W_F32_NE);
    get(E, num_other);
    get(E, num_other);
    ins(E, d64 ? W_F64_EQ : W_F32_EQ);
    ins(E, W_I32_AND);
    ins(E, W_I32_OR);
    return true;
  }
  case DT_I64:
  case DT_I32:
  case DT_BOOL: {
    /* integers and bools: one load and one compare, signed (bool: 0/1) */
    const IntCmp *ic = &int_cmp[dt == DT_I64 ? 0 : dt == DT_I32 ? 1 : 2];
    for (int k = 0; k < 2; k++) {
      addr(E, base, k ? y : x, ic->size);
      ins_mem(E, ic->load, ic->size, 0);
    }
    ins(E, desc ? ic->gt : ic->lt);
    return true;
  }
  default:
    E->internal = "sort nest of an unsupported dtype";
    E->oom = true;
    return false;
  }
}

bool dwW_emit_sort(Em *E, const FNest *n) {
  const FPlan *p = E->p;
  uint8_t dt = p->buf[n->sort_in].dt;
  int es = (int)dwT_dtype_size[dt];
  int in = E->ptr[n->sort_in], out = E->ptr[n->sort_out];
  int L_n = local_new(E, T_I32, "n"), rows = local_new(E, T_I32, "rows");
  int r = local_new(E, T_I32, "r"), base = local_new(E, T_I32, "row");
  int a = local_new(E, T_I32, "a"), b = local_new(E, T_I32, "b");
  int rowout = local_new(E, T_I32, "rowout"), t = local_new(E, T_I32, "t");
  int w = local_new(E, T_I32, "w"), lo = local_new(E, T_I32, "lo");
  int mid = local_new(E, T_I32, "mid"), hi = local_new(E, T_I32, "hi");
  int i = local_new(E, T_I32, "i"), j = local_new(E, T_I32, "j"),
      k = local_new(E, T_I32, "k");
  int vi = local_new(E, T_I32, "vi"), vj = local_new(E, T_I32, "vj");
  int tmpbuf = local_new(E, T_I32, "merge");
  i32c(E, n->sort_n);
  set(E, L_n);
  i32c(E, n->sort_rows);
  set(E, rows);
  /* the merge buffer: scratch + sort_tmp_off */
  get(E, E->args);
  ins_mem(E, W_I32_LOAD, 4, (uint32_t)(4 * (p->ninputs + p->noutputs)));
  i32c(E, (int64_t)n->sort_tmp_off);
  ins(E, W_I32_ADD);
  set(E, tmpbuf);

  i32c(E, 0);
  set(E, r);
  while_open(E, r, rows); /* rows */
  /* base = in + r*n*es; rowout = out + r*n*8 */
  get(E, r);
  get(E, L_n);
  ins(E, W_I32_MUL);
  set(E, t);
  addr(E, in, t, es);
  set(E, base);
  addr(E, out, t, 8);
  ins_i(E, W_LOCAL_TEE, rowout);
  set(E, a);
  get(E, tmpbuf);
  set(E, b);
  /* a[i] = i */
  i32c(E, 0);
  set(E, i);
  while_open(E, i, L_n);
  addr(E, a, i, 8);
  get(E, i);
  ins(E, W_I64_EXTEND_I32_U);
  ins_mem(E, W_I64_STORE, 8, 0);
  local_add(E, i, 1);
  while_close(E);
  /* runs of w merged into runs of 2w, from a into b, then a <-> b */
  i32c(E, 1);
  set(E, w);
  while_open(E, w, L_n); /* passes */
  i32c(E, 0);
  set(E, lo);
  while_open(E, lo, L_n); /* pairs of runs */
  /* mid = min(lo + w, n); hi = min(lo + 2w, n) */
  for (int s = 1; s <= 2; s++) {
    int dst = s == 1 ? mid : hi;
    get(E, lo);
    get(E, w);
    if (s == 2) {
      i32c(E, 1);
      ins(E, W_I32_SHL);
    }
    ins(E, W_I32_ADD);
    ins_i(E, W_LOCAL_TEE, dst);
    get(E, L_n);
    get(E, dst);
    get(E, L_n);
    ins(E, W_I32_LT_S);
    ins(E, W_SELECT);
    set(E, dst);
  }
  get(E, lo);
  ins_i(E, W_LOCAL_TEE, i);
  set(E, k);
  get(E, mid);
  set(E, j);
  /* the merge: take from the right run only when strictly before */
  while_open(E, i, mid);
  exit_if_ge(E, j, hi, 1);
  addr(E, a, i, 8);
  ins_mem(E, W_I64_LOAD, 8, 0);
  ins(E, W_I32_WRAP_I64);
  set(E, vi);
  addr(E, a, j, 8);
  ins_mem(E, W_I64_LOAD, 8, 0);
  ins(E, W_I32_WRAP_I64);
  set(E, vj);
  if (!before(E, base, vj, vi, dt, n->sort_desc)) return false;
  ins(E, W_IF);
  move_one(E, b, k, a, j);
  ins(E, W_ELSE);
  move_one(E, b, k, a, i);
  ins(E, W_END);
  while_close(E);
  /* what is left of either run */
  for (int s = 0; s < 2; s++) {
    int x = s ? j : i, end = s ? hi : mid;
    while_open(E, x, end);
    move_one(E, b, k, a, x);
    while_close(E);
  }
  get(E, lo);
  get(E, w);
  i32c(E, 1);
  ins(E, W_I32_SHL);
  ins(E, W_I32_ADD);
  set(E, lo);
  while_close(E); /* pairs of runs */
  get(E, a);
  set(E, t);
  get(E, b);
  set(E, a);
  get(E, t);
  set(E, b);
  get(E, w);
  i32c(E, 1);
  ins(E, W_I32_SHL);
  set(E, w);
  while_close(E); /* passes */
  /* an odd number of passes left the order in the merge buffer */
  get(E, a);
  get(E, rowout);
  ins(E, W_I32_NE);
  ins(E, W_IF);
  i32c(E, 0);
  set(E, i);
  get(E, rowout);
  set(E, b);
  while_open(E, i, L_n);
  get(E, i);
  set(E, k);
  move_one(E, b, k, a, i);
  while_close(E);
  ins(E, W_END);
  local_add(E, r, 1);
  while_close(E); /* rows */
  return !E->oom;
}
