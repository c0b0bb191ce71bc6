/* wasm_module.c - the module around the functions wasm_emit.c wrote:
 * the instruction table, the sections (types, the imported memory,
 * functions, the "kernel" export, code, names), a source map over the
 * binary offsets, the whole module as annotated text, and that text again
 * as the custom section "dynawasm.wat". */
#include "wasm.h"

const WOpInfo dwW_wops[W_COUNT] = {
#define X(id, text, prefix, code, imm) {text, prefix, code, imm},
    WASM_OPS(X)
#undef X
};

/* A section: id, size, contents. */
static void put_section(Buf *out, uint8_t id, const Buf *content) {
  put_u8(out, id);
  put_uleb(out, content->len);
  if (content->len) dwB_putn(out, content->p, content->len);
}



/* Types and the memory stay unnamed (the binary's name section names only
 * functions and locals), so the text reads back as the same module. */
static const char *const type_text[3] = {
    "(type (func (param i32) (result i32)))",
    "(type (func (param f32 f32) (result f32)))",
    "(type (func (param i32 i32 i32) (result i32)))"};

static const char *valtype_text(uint8_t t) {
  switch (t) {
  case T_I32: return "i32";
  case T_I64: return "i64";
  case T_F32: return "f32";
  case T_F64: return "f64";
  default: return "v128";
  }
}

/* Local declarations (runs of one type) of a function body. */
static void put_locals(Buf *b, const Fn *f) {
  int groups = 0;
  for (int k = f->nparams; k < f->nl; k++)
    if (k == f->nparams || f->lt[k] != f->lt[k - 1]) groups++;
  put_uleb(b, (uint64_t)groups);
  for (int k = f->nparams; k < f->nl;) {
    int j = k;
    while (j < f->nl && f->lt[j] == f->lt[k]) j++;
    put_uleb(b, (uint64_t)(j - k));
    put_u8(b, f->lt[k]);
    k = j;
  }
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static void put_vlq(Buf *b, int64_t v) {
  uint64_t u = v < 0 ? ((uint64_t)(-v) << 1) | 1 : (uint64_t)v << 1;
  do {
    int digit = (int)(u & 31);
    u >>= 5;
    if (u) digit |= 32;
    dwB_putc(b, b64[digit]);
  } while (u);
}

bool dwW_assemble(Em *E, WasmModule *out) {
  Buf mod = {0}, sec = {0}, txt = {0}, map = {0};
  static const uint8_t header[8] = {0, 'a', 's', 'm', 1, 0, 0, 0};
  dwB_putn(&mod, (const char *)header, 8);
  /* types */
  put_uleb(&sec, 3); /* kernel / nest, helpers, chunked nest */
  put_u8(&sec, 0x60); put_uleb(&sec, 1); put_u8(&sec, T_I32);
  put_uleb(&sec, 1); put_u8(&sec, T_I32);
  put_u8(&sec, 0x60); put_uleb(&sec, 2); put_u8(&sec, T_F32); put_u8(&sec, T_F32);
  put_uleb(&sec, 1); put_u8(&sec, T_F32);
  put_u8(&sec, 0x60); put_uleb(&sec, 3); put_u8(&sec, T_I32); put_u8(&sec, T_I32);
  put_u8(&sec, T_I32); put_uleb(&sec, 1); put_u8(&sec, T_I32);
  put_section(&mod, 1, &sec);
  sec.len = 0;
  /* import env.memory (min 0 pages) */
  put_uleb(&sec, 1);
  put_name(&sec, "env");
  put_name(&sec, "memory");
  put_u8(&sec, 0x02); put_u8(&sec, 0x00); put_uleb(&sec, 0);
  put_section(&mod, 2, &sec);
  sec.len = 0;
  /* functions */
  put_uleb(&sec, (uint64_t)E->nfn);
  for (int k = 0; k < E->nfn; k++) put_uleb(&sec, (uint64_t)E->fns[k]->type);
  put_section(&mod, 3, &sec);
  sec.len = 0;
  /* export "kernel" */
  put_uleb(&sec, 1);
  put_name(&sec, "kernel");
  put_u8(&sec, 0x00);
  put_uleb(&sec, 0);
  put_section(&mod, 7, &sec);
  sec.len = 0;
  /* code: bodies, keeping where each starts for the source map */
  size_t *body_at = calloc((size_t)E->nfn + 1, sizeof *body_at);
  Buf body = {0};
  if (!body_at) E->oom = true;
  put_uleb(&sec, (uint64_t)E->nfn);
  for (int k = 0; body_at && k < E->nfn; k++) {
    const Fn *f = E->fns[k];
    body.len = 0;
    put_locals(&body, f);
    size_t locals_len = body.len;
    if (f->bin.len) dwB_putn(&body, f->bin.p, f->bin.len);
    put_u8(&body, 0x0b);
    put_uleb(&sec, body.len);
    body_at[k] = sec.len + locals_len; /* relative to the section content */
    dwB_putn(&sec, body.p, body.len);
  }
  dwB_free(&body);
  put_u8(&mod, 10);
  put_uleb(&mod, sec.len);
  size_t code_at = mod.len;
  dwB_putn(&mod, sec.p, sec.len);
  sec.len = 0;
  /* source map v3: generated column = byte offset in the module */
  dwB_puts(&map, "{\"version\":3,\"sources\":[");
  dwB_json_str(&map, E->file, strlen(E->file));
  dwB_puts(&map, "],\"names\":[],\"mappings\":\"");
  int64_t pcol = 0, pline = 0, pscol = 0;
  bool first = true;
  for (int k = 0; body_at && k < E->nfn; k++) {
    const Fn *f = E->fns[k];
    for (int j = 0; j < f->nloc; j++) {
      const GNode *nd = &E->g->nodes[f->loc[j].node];
      int64_t col = (int64_t)(code_at + body_at[k] + f->loc[j].off);
      if (!first) dwB_putc(&map, ',');
      put_vlq(&map, col - pcol);
      put_vlq(&map, 0);
      put_vlq(&map, (nd->line - 1) - pline);
      put_vlq(&map, nd->col - pscol);
      pcol = col;
      pline = nd->line - 1;
      pscol = nd->col;
      first = false;
    }
  }
  dwB_puts(&map, "\"}");
  free(body_at);
  /* name section: function names and local names */
  {
    Buf sub = {0};
    put_name(&sec, "name");
    put_uleb(&sub, (uint64_t)E->nfn);
    for (int k = 0; k < E->nfn; k++) {
      put_uleb(&sub, (uint64_t)k);
      put_name(&sub, E->fns[k]->name);
    }
    put_u8(&sec, 1);
    put_uleb(&sec, sub.len);
    dwB_putn(&sec, sub.p, sub.len);
    sub.len = 0;
    put_uleb(&sub, (uint64_t)E->nfn);
    for (int k = 0; k < E->nfn; k++) {
      const Fn *f = E->fns[k];
      put_uleb(&sub, (uint64_t)k);
      put_uleb(&sub, (uint64_t)f->nl);
      for (int j = 0; j < f->nl; j++) {
        put_uleb(&sub, (uint64_t)j);
        put_name(&sub, f->lname[j]);
      }
    }
    put_u8(&sec, 2);
    put_uleb(&sec, sub.len);
    dwB_putn(&sec, sub.p, sub.len);
    dwB_free(&sub);
    put_section(&mod, 0, &sec);
    sec.len = 0;
  }
  /* the text */
  dwB_puts(&txt, "(module\n");
  for (int k = 0; k < 3; k++) dwB_printf(&txt, " %s\n", type_text[k]);
  dwB_puts(&txt, " (import \"env\" \"memory\" (memory 0))\n");
  dwB_puts(&txt, " (export \"kernel\" (func $kernel))\n");
  for (int k = 0; k < E->nfn; k++) {
    const Fn *f = E->fns[k];
    dwB_printf(&txt, " (func $%s (type %d)", f->name, f->type);
    for (int j = 0; j < f->nparams; j++)
      dwB_printf(&txt, " (param $%s %s)", f->lname[j], valtype_text(f->lt[j]));
    dwB_printf(&txt, " (result %s)\n", f->type == 1 ? "f32" : "i32");
    for (int j = f->nparams; j < f->nl; j++)
      dwB_printf(&txt, "  (local $%s %s)\n", f->lname[j], valtype_text(f->lt[j]));
    if (f->txt.len) dwB_putn(&txt, f->txt.p, f->txt.len);
    dwB_puts(&txt, " )\n");
  }
  dwB_puts(&txt, ")\n");
  /* the text again as a trailing custom section, for hosts that only get
   * the bytes */
  size_t before = mod.len;
  put_name(&sec, "dynawasm.wat");
  if (txt.len) dwB_putn(&sec, txt.p, txt.len);
  put_section(&mod, 0, &sec);
  dwB_free(&sec);
  if (mod.oom || txt.oom || map.oom || E->oom) {
    dwB_free(&mod);
    dwB_free(&txt);
    dwB_free(&map);
    return false;
  }
  out->wat_section = mod.len - before;
  out->len = mod.len;
  out->bytes = (uint8_t *)dwB_take(&mod);
  out->wat = dwB_take(&txt);
  out->srcmap = dwB_take(&map);
  return true;
}
