/* wasm_sized.c - sizes as arguments: the emitter's constants ("sites") as
 * placeholders, or read from the size block the host passes (dw.h
 * WSized; dynamo/compile.c decides which sites follow the sizes).
 *
 * A site is each i32/i64/f32/f64/v128 constant and each memory access's
 * offset the emitter writes (wasm.h's ins_* call dwW_site /
 * dwW_site_offset first). WS_RECORD writes every site as a zero of its
 * type and records its value, so the modules of two sizes are the same
 * bytes exactly when their code has the same shape; WS_SLOTS writes the
 * sites that have a slot as reads of the size block (16 bytes per slot,
 * its address in args[ninputs + noutputs + 1]): scalars from locals set
 * in front of the function body (dwW_sized_prologue), v128 values and
 * prologues straight from the block. */
#include "wasm.h"

static int site_bytes(uint8_t type) {
  return type == T_I64 || type == T_F64 ? 8 : type == T_V128 ? 16 : 4;
}

/* Pushes slot sl of the size block, as a value of wasm type `type`. In
 * function bodies a scalar slot is a local set in front of the body
 * (dwW_sized_prologue); v128 slots and prologues read the block. */
static void slot_read(Em *E, uint8_t type, int sl) {
  Fn *f = E->fn;
  if (f->zb < 0) f->zb = local_new(E, T_I32, "zb");
  if (type == T_V128 || E->in_prologue) {
    get(E, f->zb);
    switch (type) {
    case T_I64: ins_mem(E, W_I64_LOAD, 8, (uint32_t)(16 * sl)); break;
    case T_F32: ins_mem(E, W_F32_LOAD, 4, (uint32_t)(16 * sl)); break;
    case T_F64:
      ins_mem(E, W_I64_LOAD, 8, (uint32_t)(16 * sl));
      ins(E, W_F64_REINTERPRET_I64);
      break;
    case T_V128: ins_mem(E, W_V128_LOAD, 16, (uint32_t)(16 * sl)); break;
    default: ins_mem(E, W_I32_LOAD, 4, (uint32_t)(16 * sl)); break;
    }
    return;
  }
  for (int k = 0; k < f->nzs; k++)
    if (f->zs[k].slot == sl && f->zs[k].type == type) {
      get(E, f->zs[k].local);
      return;
    }
  if (!DW_GROW(f->zs, f->capzs, f->nzs, 8)) {
    E->oom = true;
    return;
  }
  int l = local_new(E, type, "z");
  f->zs[f->nzs++] = (struct ZSlot){sl, l, type};
  get(E, l);
}

/* Records site E->site; its slot (WS_SLOTS), -1 if none. */
static int site_take(Em *E, uint8_t type, const void *val) {
  WSized *z = E->sz;
  int k = E->site++;
  if (DW_GROW(z->sites, z->capsites, z->nsites, 64)) {
    WSite *w = &z->sites[z->nsites++];
    memset(w, 0, sizeof *w);
    w->type = type;
    memcpy(w->v, val, (size_t)site_bytes(type));
  } else {
    E->oom = true;
  }
  if (z->mode != WS_SLOTS || !E->fn->args0 || k >= z->nslotmap) return -1;
  return z->slot[k];
}

bool dwW_site(Em *E, uint8_t type, const void *val) {
  if (E->nosite) return false;
  int sl = site_take(E, type, val);
  if (E->sz->mode == WS_SLOTS && sl < 0) return false;
  E->nosite = true;
  if (E->sz->mode == WS_RECORD) { /* a placeholder: the same bytes for any value */
    static const uint32_t zero[4] = {0, 0, 0, 0};
    switch (type) {
    case T_I64: ins_i(E, W_I64_CONST, 0); break;
    case T_F32: ins_f32(E, 0); break;
    case T_F64: ins_f64(E, 0); break;
    case T_V128: ins_v128(E, zero); break;
    default: ins_i(E, W_I32_CONST, 0); break;
    }
  } else {
    slot_read(E, type, sl);
  }
  E->nosite = false;
  return true;
}

uint32_t dwW_site_offset(Em *E, int op, uint32_t offset) {
  if (E->nosite) return offset;
  int sl = site_take(E, WSITE_OFFSET, &offset);
  if (E->sz->mode == WS_RECORD) return 0;
  if (sl < 0) return offset;
  /* the offset added to the address: under the value a store (or a lane
   * access) takes */
  E->nosite = true;
  const char *t = dwW_wops[op].text;
  if (strstr(t, "store") || strstr(t, "_lane")) {
    uint8_t vt = strstr(t, "_lane") || !strncmp(t, "v128", 4) ? T_V128
                 : !strncmp(t, "i64", 3)                      ? T_I64
                 : !strncmp(t, "f32", 3)                      ? T_F32
                 : !strncmp(t, "f64", 3)                      ? T_F64
                                                              : T_I32;
    int tmp = local_new(E, vt, "zv");
    set(E, tmp);
    slot_read(E, T_I32, sl);
    ins(E, W_I32_ADD);
    get(E, tmp);
  } else {
    slot_read(E, T_I32, sl);
    ins(E, W_I32_ADD);
  }
  E->nosite = false;
  return 0;
}

/* In front of a function body reading slots: the size block's address
 * (args[ninputs + noutputs + 1]) and the scalar slots it reads. */
void dwW_sized_prologue(Em *E) {
  Fn *f = E->fn;
  if (!E->sz || f->zb < 0) return;
  E->nosite = true;
  get(E, 0);
  ins_mem(E, W_I32_LOAD, 4, (uint32_t)(4 * (E->p->ninputs + E->p->noutputs + 1)));
  set(E, f->zb);
  E->in_prologue = true;
  for (int k = 0; k < f->nzs; k++) {
    slot_read(E, f->zs[k].type, f->zs[k].slot);
    set(E, f->zs[k].local);
  }
  E->in_prologue = false;
  E->nosite = false;
}
