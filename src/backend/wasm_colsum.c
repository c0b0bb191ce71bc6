/* wasm_colsum.c - column sums read tile by tile.
 *
 * A float sum over the rows of a tensor, vectorised over its columns
 * (sum(dim=0), mean(0), (x*x).sum(0): one inner loop, the jammed copies of
 * wasm_emit.c's jam_width) reads one cache line of each row, row after
 * row: walking all the rows of a column block before the next block
 * touches a new 4 KB page with every row (a 1024-wide float32 matrix), so
 * neither the TLB nor the hardware prefetchers keep up (sum(dim=0) of
 * 1024 x 1024: 0.28-0.30 ms that way, 0.15-0.18 ms tiled as below, on the
 * same machine and run).
 * Here the full blocks of DW_SUM_BLOCK rows run first, over the range of
 * columns: for each block, for each slot j of the cascade (dwmath.h), for
 * each column step of the range, the rows j, j + 8, ..., j + 120 of those
 * columns into a level-0 accumulator per copy, added at once into level 1
 * of slot j, which lives in scratch (a block ends with each slot's level 0
 * added into its level 1: adding it when the slot's rows are done gives
 * the same value, since nothing reads level 1 of slot j in between); the
 * higher levels flush in scratch at the block ends. A block's rows of the
 * range are read while they are in the same few pages; a chunked nest
 * takes at least a page of each row per call (dwW_colsum_rows). Then the loop
 * of the column steps runs as before from the first row after the full blocks,
 * its levels >= 1 loaded from scratch (dwW_colsum_levels): the partial block,
 * the tail, the folds and the tree, the outer expressions and the stores. The
 * same adds in the same order: the same floats.
 *
 * Scratch: per cascade accumulator k, levels 1 .. L-1, slots 0..7, W
 * columns each (element size of its dtype), after the plan's scratch. */
#include "tensor/dwmath.h"
#include "wasm.h"
#include "wasm_values.h"

/* Rows of the nest's one inner loop and the cascade's levels. */
static int64_t rows_of(const FNest *n) {
  return n->ext[n->nouter];
}

/* Byte offset of accumulator k's levels in this range's scratch. */
static int64_t region_off(Em *E, int k, int L) {
  int64_t off = 0;
  for (int i = 0; i < k; i++)
    off += (int64_t)(L - 1) * DW_SUM_LANES * E->cs_W *
           (int64_t)dwT_dtype_size[E->n->acc[i].dt];
  return off;
}
/* Byte offset of (level l >= 1, slot j) within accumulator k's levels. */
static int64_t level_off(Em *E, int k, int l, int j) {
  return ((int64_t)(l - 1) * DW_SUM_LANES + j) * E->cs_W *
         (int64_t)dwT_dtype_size[E->n->acc[k].dt];
}

/* Pushes the scratch address of the current column (the jam variable) for
 * an accumulator of element size es: cs_sp0 + (col - lo) * es. */
static void push_col_addr(Em *E, int es) {
  get(E, E->cs_sp0);
  get(E, E->var[E->jam_var]);
  if (E->cs_lo >= 0) {
    get(E, E->cs_lo);
    ins(E, W_I32_SUB);
  }
  i32c(E, log2i(es));
  ins(E, W_I32_SHL);
  ins(E, W_I32_ADD);
}

/* The v128 at (local a) + off += local (lanes of float64 if d, else
 * float32). */
static void mem_add(Em *E, int a, uint32_t off, int local, bool d) {
  get(E, a);
  get(E, a);
  ins_mem(E, W_V128_LOAD, 16, off);
  get(E, local);
  ins(E, d ? W_F64X2_ADD : W_F32X4_ADD);
  ins_mem(E, W_V128_STORE, 16, off);
}

/* Columns per call: the tiles of a block run along whole pages of each row
 * (1024 float32); narrower ranges (64 columns, 256 bytes of each row, were
 * measured) leave a page after a few lines and read 1.5-1.9x slower. */
enum { PAGE_COLS = 1024 };
int64_t dwW_colsum_rows(const FNest *n, int64_t rows) {
  if (n->kind != FN_REDUCE || n->vec != FV_OUTER || n->nouter != 1 ||
      n->ninner != 1 || n->npass != 1 || n->nacc == 0 ||
      n->ext[1] < DW_SUM_BLOCK || rows >= PAGE_COLS)
    return rows;
  for (int k = 0; k < n->nacc; k++)
    if ((n->acc[k].op != OP_SUM && n->acc[k].op != OP_MEAN) ||
        !dwT_is_float(n->acc[k].dt))
      return rows;
  return PAGE_COLS;
}

/* A loop of local a over the v128s at sp0 + [from, end): walk_open, the
 * body, walk_close. */
static void walk_open(Em *E, int a, int sp0, int64_t from) {
  get(E, sp0);
  if (from) {
    i32c(E, from);
    ins(E, W_I32_ADD);
  }
  set(E, a);
  ins(E, W_LOOP);
}
static void walk_close(Em *E, int a, int sp0, int64_t end) {
  loop_close_from(E, a, 16, sp0, end);
}
static void store_zero(Em *E, int a) {
  static const uint32_t zero[4] = {0, 0, 0, 0};
  get(E, a);
  ins_v128(E, zero);
  ins_mem(E, W_V128_STORE, 16, 0);
}

bool dwW_colsum_blocks(Em *E, int U, int lo, int hiu, int64_t hiu_c,
                       int64_t W) {
  const FNest *n = E->n;
  int64_t R = rows_of(n);
  int L = dw_sum_levels(R);
  int64_t base = L > 1 ? R / DW_SUM_BLOCK * DW_SUM_BLOCK : 0;
  if (U < 2 || n->ninner != 1 || base == 0 || W <= 0) return false;
  E->cs_W = W;
  int64_t total = region_off(E, n->nacc, L);
  int saved_node = E->fn->node;
  E->fn->node = n->acc[0].node;
  /* the range's levels in scratch, zeroed */
  const FPlan *p = E->p;
  int sp0 = local_new(E, T_I32, "cs");
  get(E, E->args);
  ins_mem(E, W_I32_LOAD, 4, (uint32_t)(4 * (p->ninputs + p->noutputs)));
  i32c(E, (int64_t)(p->scratch + E->cs_scratch));
  ins(E, W_I32_ADD);
  set(E, sp0);
  E->cs_scratch += ((size_t)total + 15) & ~(size_t)15;
  static const uint32_t zero[4] = {0, 0, 0, 0};
  int t = local_new(E, T_I32, "t");
  walk_open(E, t, sp0, 0);
  store_zero(E, t);
  walk_close(E, t, sp0, total);
  E->cs_sp0 = sp0;
  E->cs_lo = lo;
  /* the copies' level-0 accumulators */
  Val *lev0 = calloc((size_t)(U * n->nacc) + 1, sizeof *lev0);
  if (!lev0) {
    E->oom = true;
    return false;
  }
  for (int i = 0; i < U * n->nacc; i++)
    lev0[i] = vnew(E, (DType)n->acc[i % n->nacc].dt, 4);
  memset(E->has, 0, (size_t)n->nex);
  memset(E->has_splat, 0, (size_t)n->nex);
  int lanes_i = E->lanes_i;
  E->lanes_i = E->lanes_o;
  E->jam_var = E->vvar;
  int col = E->var[E->vvar];
  int blk = local_new(E, T_I32, "blk"), a = local_new(E, T_I32, "cs");
  i32c(E, 0);
  set(E, blk);
  ins(E, W_LOOP); /* blocks */
  for (int j = 0; j < DW_SUM_LANES; j++) {
    if (lo >= 0)
      get(E, lo);
    else
      i32c(E, 0);
    set(E, col);
    ins(E, W_LOOP); /* column steps */
    for (int i = 0; i < U * n->nacc; i++)
      for (int h = 0; h < halves(lev0[i]); h++) {
        ins_v128(E, zero);
        set(E, lev0[i].l[h]);
      }
    dwW_slot_rows(E, U, j, blk, lev0);
    for (int k = 0; k < n->nacc; k++) {
      int es = (int)dwT_dtype_size[n->acc[k].dt];
      E->fn->node = n->acc[k].node;
      push_col_addr(E, es);
      set(E, a);
      uint32_t off = (uint32_t)(region_off(E, k, L) + level_off(E, k, 1, j));
      for (int u = 0; u < U; u++) {
        Val v = lev0[u * n->nacc + k];
        for (int h = 0; h < halves(v); h++)
          mem_add(E, a, off + (uint32_t)(u * 4 * es + 16 * h), v.l[h], es == 8);
      }
    }
    get(E, col);
    i32c(E, 4 * U);
    ins(E, W_I32_ADD);
    ins_i(E, W_LOCAL_TEE, col);
    if (hiu >= 0)
      get(E, hiu);
    else
      i32c(E, hiu_c);
    ins(E, W_I32_LT_U);
    ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
  }
  get(E, blk);
  i32c(E, DW_SUM_BLOCK);
  ins(E, W_I32_ADD);
  set(E, blk);
  /* higher levels at the block ends (casc_block_end's nested ifs): level l
   * into l + 1 over the whole range, then level l zeroed */
  int opened = 0;
  int64_t span = DW_SUM_BLOCK;
  for (int l = 1; l + 1 < L; l++) {
    span *= DW_SUM_FAN;
    if_multiple(E, blk, span);
    opened++;
    for (int k = 0; k < n->nacc; k++) {
      int es = (int)dwT_dtype_size[n->acc[k].dt];
      int64_t lv = (int64_t)DW_SUM_LANES * W * es; /* bytes of one level */
      int64_t from = region_off(E, k, L) + level_off(E, k, l, 0);
      int x = local_new(E, T_V128, "vx");
      walk_open(E, a, sp0, from);
      get(E, a);
      ins_mem(E, W_V128_LOAD, 16, 0);
      set(E, x);
      mem_add(E, a, (uint32_t)lv, x, es == 8);
      store_zero(E, a);
      walk_close(E, a, sp0, from + lv);
    }
  }
  while (opened--)
    ins(E, W_END);
  get(E, blk);
  i32c(E, base);
  ins(E, W_I32_LT_U);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
  free(lev0);
  E->lanes_i = lanes_i;
  E->jam_var = -1;
  E->fn->node = saved_node;
  E->cs_on = true;
  E->coltiled++;
  return true;
}

void dwW_colsum_levels(Em *E, int k, int u, Val *lev) {
  const FNest *n = E->n;
  int L = dw_sum_levels(rows_of(n));
  int es = (int)dwT_dtype_size[n->acc[k].dt];
  int a = local_new(E, T_I32, "cs");
  push_col_addr(E, es);
  set(E, a);
  for (int l = 1; l < L; l++)
    for (int j = 0; j < DW_SUM_LANES; j++) {
      Val v = lev[l * DW_SUM_LANES + j];
      uint32_t off =
          (uint32_t)(region_off(E, k, L) + level_off(E, k, l, j) + u * 4 * es);
      for (int h = 0; h < halves(v); h++) {
        get(E, a);
        ins_mem(E, W_V128_LOAD, 16, off + (uint32_t)(16 * h));
        set(E, v.l[h]);
      }
    }
}
