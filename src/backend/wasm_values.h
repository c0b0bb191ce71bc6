/* wasm_values.h - the values of a loop body (Val: lanes of a dtype in
 * locals) and how they move between memory and locals (loads, stores,
 * splats, lanes), for the nest emitters of backend/ (wasm_emit.c). Every
 * function is static inline over the emitter's state (Em, wasm.h). */
#ifndef DW_WASM_VALUES_H
#define DW_WASM_VALUES_H

#include "wasm.h"

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

/* A value of the loop body: `lanes` (1 or 4) lanes of dtype dt in locals
 * l[0] (and l[1]: lanes 2-3 of a 4-lane int64 or float64). Scalars: f32 /
 * f64 / i64 / i32 (int32 and bool, 0/1); 4 lanes: v128 (bool as 0/-1
 * masks). */
typedef struct Val {
  uint8_t dt;
  uint8_t lanes;
  int l[2];
} Val;

static inline uint8_t scalar_type(DType dt) {
  static const uint8_t t[DT_COUNT] = {T_F32, T_I64, T_I32, T_I32, T_F64};
  return t[dt];
}
/* 8-byte elements: two lanes per v128 */
static inline bool wide(DType dt) {
  return dt == DT_I64 || dt == DT_F64;
}
static inline int halves(Val v) {
  return v.lanes == 4 && wide((DType)v.dt) ? 2 : 1;
}

static inline Val vnew(Em *E, DType dt, int lanes) {
  static const char *const pre1[DT_COUNT] = {"f", "l", "i", "b", "d"};
  static const char *const pre4[DT_COUNT] = {"vf", "vl", "vi", "vb", "vd"};
  Val v = {(uint8_t)dt, (uint8_t)lanes, {0, 0}};
  uint8_t t = lanes == 4 ? T_V128 : scalar_type(dt);
  const char *pre = lanes == 4 ? pre4[dt] : pre1[dt];
  v.l[0] = local_new(E, t, pre);
  if (halves(v) == 2) v.l[1] = local_new(E, t, pre);
  return v;
}

static inline WOp scalar_load_op(DType dt) {
  static const WOp w[DT_COUNT] = {W_F32_LOAD, W_I64_LOAD, W_I32_LOAD,
                                  W_I32_LOAD8_U, W_F64_LOAD};
  return w[dt];
}
static inline WOp scalar_store_op(DType dt) {
  static const WOp w[DT_COUNT] = {W_F32_STORE, W_I64_STORE, W_I32_STORE,
                                  W_I32_STORE8, W_F64_STORE};
  return w[dt];
}
static inline WOp splat_op(DType dt) {
  static const WOp w[DT_COUNT] = {W_F32X4_SPLAT, W_I64X2_SPLAT, W_I32X4_SPLAT,
                                  W_I32X4_SPLAT, W_F64X2_SPLAT};
  return w[dt];
}

/* Pushes a scalar constant of dtype dt. */
static inline void push_scalar_const(Em *E, DType dt, double v) {
  switch (dt) {
  case DT_F32:
    ins_f32(E, (float)v);
    break;
  case DT_F64:
    ins_f64(E, v);
    break;
  case DT_I64:
    i64c(E, (int64_t)v);
    break;
  case DT_I32:
    i32c(E, (int32_t)(int64_t)v);
    break;
  default:
    i32c(E, v != 0);
    break;
  }
}

/* The 32-bit lane pattern of a constant (int64, float64: the low or high
 * half). */
static inline void const_lanes(DType dt, double v, uint32_t out[4]) {
  uint32_t u = 0;
  if (dt == DT_F32) {
    float f = (float)v;
    memcpy(&u, &f, 4);
  } else if (dt == DT_I32) {
    u = (uint32_t)(int32_t)(int64_t)v;
  } else if (dt == DT_BOOL) {
    u = v != 0 ? 0xffffffffu : 0;
  }
  if (wide(dt)) {
    uint64_t q; /* float64: its bits (v may be +-inf or nan); int64: v */
    if (dt == DT_F64)
      memcpy(&q, &v, 8);
    else
      q = (uint64_t)(int64_t)v;
    out[0] = out[2] = (uint32_t)q;
    out[1] = out[3] = (uint32_t)(q >> 32);
    return;
  }
  for (int k = 0; k < 4; k++)
    out[k] = u;
}

static inline Val vconst(Em *E, DType dt, int lanes, double v) {
  Val r = vnew(E, dt, lanes);
  if (lanes == 1) {
    push_scalar_const(E, dt, v);
    set(E, r.l[0]);
    return r;
  }
  uint32_t q[4];
  const_lanes(dt, v, q);
  for (int h = 0; h < halves(r); h++) {
    ins_v128(E, q);
    set(E, r.l[h]);
  }
  return r;
}

/* A constant to be read only: 4 lanes are the function's pooled locals
 * (kpool), a scalar a new local. */
static inline Val kconst(Em *E, DType dt, int lanes, double v) {
  if (lanes == 1) return vconst(E, dt, 1, v);
  Val r = {(uint8_t)dt, 4, {0, 0}};
  uint32_t q[4];
  const_lanes(dt, v, q);
  r.l[0] = kpool(E, q);
  if (wide(dt)) r.l[1] = r.l[0];
  return r;
}

/* Lane k of a 4-lane value as a new scalar. */
static inline Val lane_get(Em *E, Val v, int k) {
  Val r = vnew(E, (DType)v.dt, 1);
  switch ((DType)v.dt) {
  case DT_F32:
    get(E, v.l[0]);
    ins_i(E, W_F32X4_EXTRACT_LANE, k);
    break;
  case DT_I32:
    get(E, v.l[0]);
    ins_i(E, W_I32X4_EXTRACT_LANE, k);
    break;
  case DT_BOOL:
    get(E, v.l[0]);
    ins_i(E, W_I32X4_EXTRACT_LANE, k);
    i32c(E, 1);
    ins(E, W_I32_AND);
    break;
  default:
    get(E, v.l[k / 2]);
    ins_i(E, v.dt == DT_F64 ? W_F64X2_EXTRACT_LANE : W_I64X2_EXTRACT_LANE,
          k % 2);
    break;
  }
  set(E, r.l[0]);
  return r;
}

/* Writes scalar s into lane k of r (k == 0 (and 2 for int64) first:
 * they initialise the vector by a splat). */
static inline void lane_put(Em *E, Val r, int k, Val s) {
  DType dt = (DType)r.dt;
  int h = wide(dt) ? k / 2 : 0, lk = wide(dt) ? k % 2 : k;
  bool first = lk == 0;
  if (!first) get(E, r.l[h]);
  if (dt == DT_BOOL) { /* 0/1 -> 0/-1 */
    i32c(E, 0);
    get(E, s.l[0]);
    ins(E, W_I32_SUB);
  } else {
    get(E, s.l[0]);
  }
  if (first)
    ins(E, splat_op(dt));
  else
    ins_i(E,
          dt == DT_F32   ? W_F32X4_REPLACE_LANE
          : dt == DT_I64 ? W_I64X2_REPLACE_LANE
          : dt == DT_F64 ? W_F64X2_REPLACE_LANE
                         : W_I32X4_REPLACE_LANE,
          lk);
  set(E, r.l[h]);
}

/* 4 lanes holding scalar s, into r (4 lanes of its dtype). */
static inline void splat_into(Em *E, Val s, Val r) {
  for (int h = 0; h < halves(r); h++) {
    if (s.dt == DT_BOOL) {
      i32c(E, 0);
      get(E, s.l[0]);
      ins(E, W_I32_SUB);
    } else {
      get(E, s.l[0]);
    }
    ins(E, splat_op((DType)s.dt));
    set(E, r.l[h]);
  }
}
static inline Val splat(Em *E, Val s) {
  Val r = vnew(E, (DType)s.dt, 4);
  splat_into(E, s, r);
  return r;
}

/* Two int64x2 masks (lanes 0-1, 2-3) -> one i32x4 mask. */
static inline void narrow_i64_mask(Em *E, int lo, int hi, int dst) {
  static const uint8_t sh[16] = {0,  1,  2,  3,  8,  9,  10, 11,
                                 16, 17, 18, 19, 24, 25, 26, 27};
  get(E, lo);
  get(E, hi);
  ins_shuffle(E, sh);
  set(E, dst);
}

/* ------------------------------------------------------------------ */
/* Memory                                                              */
/* ------------------------------------------------------------------ */

/* The address of buffer buf at an affine index without the innermost loop
 * variable, computed once before that loop (loop-invariant hoisting that
 * neither Binaryen nor the engine does reliably). */
typedef struct RowBase {
  int buf;
  FAff base;
  int local;
  bool next; /* of the next row (Em.pipe_row for the outer variable) */
} RowBase;

/* The local holding the row base of (buf, aff) for the loop being
 * captured. */
static inline int row_base(Em *E, int buf, const FAff *aff) {
  FAff base = *aff;
  base.c[E->rb_var] = 0;
  for (int k = 0; k < E->nrb; k++)
    if (E->rb[k].buf == buf && E->rb[k].next == E->pipe_next &&
        !memcmp(&E->rb[k].base, &base, sizeof base))
      return E->rb[k].local;
  if (!DW_GROW(E->rb, E->caprb, E->nrb, 16)) {
    E->oom = true;
    return 0;
  }
  int l = local_new(E, T_I32, "row");
  E->rb[E->nrb++] = (RowBase){buf, base, l, E->pipe_next};
  return l;
}

/* Pushes the address of element aff (all loop variables at their current
 * values) of buffer buf; returns the constant byte offset left for the
 * memarg (>= 0). */
static inline uint32_t push_addr(Em *E, int buf, const FAff *aff) {
  const FBuf *b = &E->p->buf[buf];
  int64_t es = (int64_t)dwT_dtype_size[b->dt];
  /* a jammed copy: its variable's offset (see outer_body) */
  int64_t jam = E->jam_var >= 0 ? aff->c[E->jam_var] * E->jam_off * es : 0;
  if (E->rb_var >= 0) { /* row base + the innermost variable's term */
    int v = E->rb_var;
    get(E, row_base(E, buf, aff));
    if (aff->c[v]) {
      get(E, E->var[v]);
      if (aff->c[v] * es != 1) {
        i32c(E, aff->c[v] * es);
        ins(E, W_I32_MUL);
      }
      ins(E, W_I32_ADD);
    }
    if (jam >= 0 && jam <= 0x7fffffff) return (uint32_t)jam;
    i32c(E, jam);
    ins(E, W_I32_ADD);
    return 0;
  }
  get(E, E->ptr[buf]);
  for (int v = 0; v < F_MAXVARS; v++) {
    if (!aff->c[v]) continue;
    get(E, E->var[v]);
    if (aff->c[v] * es != 1) {
      i32c(E, aff->c[v] * es);
      ins(E, W_I32_MUL);
    }
    ins(E, W_I32_ADD);
  }
  int64_t off = aff->off * es + jam;
  if (off < 0 || off > 0x7fffffff) {
    i32c(E, off);
    ins(E, W_I32_ADD);
    return 0;
  }
  return (uint32_t)off;
}

static inline Val load(Em *E, int buf, const FAff *aff, int lanes) {
  DType dt = (DType)E->p->buf[buf].dt;
  int es = (int)dwT_dtype_size[dt];
  int64_t c = lanes == 4 && E->vvar >= 0 ? aff->c[E->vvar] : 0;
  if (lanes == 1 || c == 0) {
    Val s = vnew(E, dt, 1);
    uint32_t off = push_addr(E, buf, aff);
    ins_mem(E, scalar_load_op(dt), es, off);
    set(E, s.l[0]);
    return lanes == 1 ? s : splat(E, s);
  }
  Val r = vnew(E, dt, 4);
  if (c == 1) {
    uint32_t off = push_addr(E, buf, aff);
    switch (dt) {
    case DT_F32:
    case DT_I32:
      ins_mem(E, W_V128_LOAD, es, off);
      set(E, r.l[0]);
      break;
    case DT_I64:
    case DT_F64: {
      int a = local_new(E, T_I32, "a");
      set(E, a);
      for (int h = 0; h < 2; h++) {
        get(E, a);
        ins_mem(E, W_V128_LOAD, 8, off + 16u * (uint32_t)h);
        set(E, r.l[h]);
      }
      break;
    }
    default: { /* 4 bytes -> 0/-1 lanes */
      static const uint32_t zero[4] = {0, 0, 0, 0};
      ins_mem(E, W_V128_LOAD32_ZERO, 1, off);
      ins_v128(E, zero);
      ins(E, W_I8X16_NE);
      ins(E, W_I16X8_EXTEND_LOW_I8X16_S);
      ins(E, W_I32X4_EXTEND_LOW_I16X8_S);
      set(E, r.l[0]);
      break;
    }
    }
    return r;
  }
  /* gather */
  for (int k = 0; k < 4; k++) {
    Val s = vnew(E, dt, 1);
    uint32_t off = push_addr(E, buf, aff);
    ins_mem(E, scalar_load_op(dt), es, off + (uint32_t)(k * c * es));
    set(E, s.l[0]);
    lane_put(E, r, k, s);
  }
  return r;
}

static inline void store(Em *E, int buf, const FAff *aff, Val v) {
  DType dt = (DType)E->p->buf[buf].dt;
  int es = (int)dwT_dtype_size[dt];
  int64_t c = v.lanes == 4 && E->vvar >= 0 ? aff->c[E->vvar] : 0;
  if (v.lanes == 1) {
    uint32_t off = push_addr(E, buf, aff);
    get(E, v.l[0]);
    ins_mem(E, scalar_store_op(dt), es, off);
    return;
  }
  if (c == 1) {
    uint32_t off = push_addr(E, buf, aff);
    switch (dt) {
    case DT_F32:
    case DT_I32:
      get(E, v.l[0]);
      ins_mem(E, W_V128_STORE, es, off);
      break;
    case DT_I64:
    case DT_F64: {
      int a = local_new(E, T_I32, "a");
      set(E, a);
      for (int h = 0; h < 2; h++) {
        get(E, a);
        get(E, v.l[h]);
        ins_mem(E, W_V128_STORE, 8, off + 16u * (uint32_t)h);
      }
      break;
    }
    default: { /* masks -> 4 bytes of 0/1 */
      static const uint32_t ones[4] = {0x01010101u, 0x01010101u, 0x01010101u,
                                       0x01010101u};
      int t = vtmp(E);
      get(E, v.l[0]);
      get(E, v.l[0]);
      ins(E, W_I16X8_NARROW_I32X4_S);
      set(E, t);
      get(E, t);
      get(E, t);
      ins(E, W_I8X16_NARROW_I16X8_S);
      ins_v128(E, ones);
      ins(E, W_V128_AND);
      ins_memlane(E, W_V128_STORE32_LANE, 1, off, 0);
      break;
    }
    }
    return;
  }
  /* scatter lane by lane (the last lane wins where they coincide) */
  for (int k = 0; k < 4; k++) {
    Val s = lane_get(E, v, k);
    uint32_t off = push_addr(E, buf, aff);
    get(E, s.l[0]);
    ins_mem(E, scalar_store_op(dt), es, off + (uint32_t)(k * c * es));
  }
}

#endif /* DW_WASM_VALUES_H */
