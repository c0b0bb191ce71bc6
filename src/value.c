/* value.c - objects: allocation, reference counting, teardown; Python
 * repr/str of values; strings, lists, tuples, dicts. */
#include "dw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dwV_exc_names[EXC_COUNT] = {
#define X(name, base) #name,
    DW_EXC_TYPES(X)
#undef X
};
const ExcType dwV_exc_base[EXC_COUNT] = {
#define X(name, base) EXC_##base,
    DW_EXC_TYPES(X)
#undef X
};

bool dw_fail(Ctx *c, ExcType t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  c->err = t;
  vsnprintf(c->errmsg, sizeof c->errmsg, fmt, ap);
  va_end(ap);
  return false;
}

static void live_init(Ctx *c) {
  if (!c->live.next) c->live.next = c->live.prev = &c->live;
}

Obj *dwV_alloc(Ctx *c, ValType t, size_t size) {
  live_init(c);
  Obj *o = calloc(1, size);
  if (!o) {
    dw_fail(c, EXC_MemoryError, "out of memory");
    return NULL;
  }
  o->rc = 1;
  o->type = (uint16_t)t;
  o->next = c->live.next;
  o->prev = &c->live;
  c->live.next->prev = o;
  c->live.next = o;
  return o;
}

static void unlink_obj(Obj *o) {
  o->prev->next = o->next;
  o->next->prev = o->prev;
  o->next = o->prev = o;
}

/* Releases what an object owns. With `deep`, references to other objects
 * are dropped (normal decref path); without, only memory owned exclusively
 * is released (end-of-run sweep, where every object is freed anyway). */
static void teardown(Ctx *c, Obj *o, bool deep) {
  switch (o->type) {
  case V_STR:
  case V_RANGE:
    break;
  case V_LIST: {
    List *l = (List *)o;
    if (deep)
      for (int64_t k = 0; k < l->len; k++) dwV_decref(c, l->items[k]);
    free(l->items);
    break;
  }
  case V_TUPLE: {
    Tuple *t = (Tuple *)o;
    if (deep)
      for (int64_t k = 0; k < t->len; k++) dwV_decref(c, t->items[k]);
    break;
  }
  case V_DICT: {
    Dict *d = (Dict *)o;
    if (deep)
      for (int64_t k = 0; k < d->nent; k++)
        if (d->ent[k].used) {
          dwV_decref(c, d->ent[k].key);
          dwV_decref(c, d->ent[k].val);
        }
    free(d->ent);
    free(d->idx);
    break;
  }
  case V_TENSOR:
    dwT_free_storage(c, (Tensor *)o);
    break;
  case V_SLICE: {
    Slice *s = (Slice *)o;
    if (deep) {
      dwV_decref(c, s->start);
      dwV_decref(c, s->stop);
      dwV_decref(c, s->step);
    }
    break;
  }
  case V_CELL:
    if (deep) dwV_decref(c, ((Cell *)o)->v);
    break;
  case V_EXC: {
    Exc *e = (Exc *)o;
    if (deep) {
      if (e->msg) dwV_decref_o(c, &e->msg->h);
      dwV_decref(c, e->args);
      if (e->cls) dwV_decref_o(c, (Obj *)e->cls);
    }
    for (int k = 0; k < e->ntb; k++) free(e->tbnames ? e->tbnames[k] : NULL);
    free(e->tbnames);
    free(e->tb);
    break;
  }
  case V_OPAQUE: {
    Opaque *op = (Opaque *)o;
    if (op->free) op->free(c, op->p);
    break;
  }
  default:
    dwI_free_obj(c, o, deep);
    break;
  }
}

void dwV_decref_o(Ctx *c, Obj *o) {
  if (--o->rc > 0) return;
  unlink_obj(o);
  o->rc = 1 << 30; /* guard against re-entry while tearing down */
  teardown(c, o, true);
  free(o);
}

void dwV_free_obj(Ctx *c, Obj *o) {
  unlink_obj(o);
  teardown(c, o, true);
  free(o);
}

void dwV_free_all(Ctx *c) {
  live_init(c);
  /* Tensors first release their storage so accounting returns to zero. */
  while (c->live.next != &c->live) {
    Obj *o = c->live.next;
    unlink_obj(o);
    teardown(c, o, false);
    free(o);
  }
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

#include "interp.h"

Str *dwV_str(Ctx *c, const char *s, size_t n) {
  if (n > ((size_t)1 << 31)) {
    dw_fail(c, EXC_MemoryError, "string of %zu bytes is too large", n);
    return NULL;
  }
  Str *r = (Str *)dwV_alloc(c, V_STR, sizeof(Str) + n + 1);
  if (!r) return NULL;
  r->len = n;
  if (n && s) memcpy(r->s, s, n);
  r->s[n] = 0;
  return r;
}

Str *dwV_strf(Ctx *c, const char *fmt, ...) {
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  dwB_vprintf(&b, fmt, ap);
  va_end(ap);
  Str *s = dwV_str(c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return s;
}

uint32_t dwV_hash_str(Str *s) {
  if (s->hash) return s->hash;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < s->len; i++) {
    h ^= (unsigned char)s->s[i];
    h *= 16777619u;
  }
  if (!h) h = 1;
  s->hash = h;
  return h;
}

static uint32_t hash_u64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return (uint32_t)x ? (uint32_t)x : 1;
}

bool dwV_hashable(Value v) {
  switch (v.t) {
  case V_LIST:
  case V_DICT:
    return false;
  case V_TUPLE: {
    Tuple *t = (Tuple *)v.u.o;
    for (int64_t k = 0; k < t->len; k++)
      if (!dwV_hashable(t->items[k])) return false;
    return true;
  }
  default:
    return true;
  }
}

uint32_t dwV_hash(Value v) {
  switch (v.t) {
  case V_NONE:
    return 0x9e3779b9u;
  case V_BOOL:
  case V_INT:
    return hash_u64((uint64_t)v.u.i);
  case V_FLOAT: {
    double f = v.u.f;
    if (f == (double)(int64_t)f && f >= -9.2e18 && f <= 9.2e18)
      return hash_u64((uint64_t)(int64_t)f);
    uint64_t bits;
    memcpy(&bits, &f, sizeof bits);
    return hash_u64(bits);
  }
  case V_DTYPE:
    return hash_u64(0x1000u + (uint64_t)v.u.i);
  case V_STR:
    return dwV_hash_str((Str *)v.u.o);
  case V_TUPLE: {
    Tuple *t = (Tuple *)v.u.o;
    uint32_t h = 0x345678u;
    for (int64_t k = 0; k < t->len; k++)
      h = (h ^ dwV_hash(t->items[k])) * 1000003u;
    return h ? h : 1;
  }
  default:
    return hash_u64((uint64_t)(uintptr_t)v.u.o);
  }
}

static bool is_num(Value v) {
  return v.t == V_INT || v.t == V_FLOAT || v.t == V_BOOL;
}

bool dwV_eq(Value a, Value b) {
  if (is_num(a) && is_num(b)) {
    if (a.t != V_FLOAT && b.t != V_FLOAT) return a.u.i == b.u.i;
    double x = a.t == V_FLOAT ? a.u.f : (double)a.u.i;
    double y = b.t == V_FLOAT ? b.u.f : (double)b.u.i;
    return x == y;
  }
  if (a.t != b.t) return false;
  switch (a.t) {
  case V_NONE:
    return true;
  case V_DTYPE:
    return a.u.i == b.u.i;
  case V_STR: {
    Str *x = (Str *)a.u.o, *y = (Str *)b.u.o;
    return x == y || (x->len == y->len && !memcmp(x->s, y->s, x->len));
  }
  case V_TUPLE: {
    Tuple *x = (Tuple *)a.u.o, *y = (Tuple *)b.u.o;
    if (x->len != y->len) return false;
    for (int64_t k = 0; k < x->len; k++)
      if (!dwV_eq(x->items[k], y->items[k])) return false;
    return true;
  }
  default:
    return a.u.o == b.u.o;
  }
}

/* ------------------------------------------------------------------ */
/* Lists and tuples                                                    */
/* ------------------------------------------------------------------ */

List *dwV_list(Ctx *c, int64_t n) {
  if (n < 0 || n > ((int64_t)1 << 28)) {
    dw_fail(c, EXC_MemoryError, "list of %lld items is too large",
            (long long)n);
    return NULL;
  }
  List *l = (List *)dwV_alloc(c, V_LIST, sizeof(List));
  if (!l) return NULL;
  if (n) {
    l->items = calloc((size_t)n, sizeof(Value));
    if (!l->items) {
      dwV_decref_o(c, &l->h);
      dw_fail(c, EXC_MemoryError, "out of memory");
      return NULL;
    }
    for (int64_t k = 0; k < n; k++) l->items[k] = dwV_none();
  }
  l->len = l->cap = n;
  return l;
}

bool dwV_list_append(Ctx *c, List *l, Value v) {
  if (l->len == l->cap) {
    int64_t cap = l->cap ? l->cap * 2 : 4;
    if (cap > ((int64_t)1 << 28))
      return dw_fail(c, EXC_MemoryError, "list is too large");
    Value *p = realloc(l->items, (size_t)cap * sizeof(Value));
    if (!p) return dw_fail(c, EXC_MemoryError, "out of memory");
    l->items = p;
    l->cap = cap;
  }
  dwV_incref(v);
  l->items[l->len++] = v;
  return true;
}

Tuple *dwV_tuple(Ctx *c, int64_t n) {
  if (n < 0 || n > ((int64_t)1 << 28)) {
    dw_fail(c, EXC_MemoryError, "tuple of %lld items is too large",
            (long long)n);
    return NULL;
  }
  Tuple *t =
      (Tuple *)dwV_alloc(c, V_TUPLE, sizeof(Tuple) + (size_t)n * sizeof(Value));
  if (!t) return NULL;
  t->len = n;
  for (int64_t k = 0; k < n; k++) t->items[k] = dwV_none();
  return t;
}

/* ------------------------------------------------------------------ */
/* Dicts: insertion-ordered entries + open-addressing index            */
/* ------------------------------------------------------------------ */

Dict *dwV_dict(Ctx *c) { return (Dict *)dwV_alloc(c, V_DICT, sizeof(Dict)); }

static int64_t dict_find(Dict *d, Value key, uint32_t h, int64_t *slot) {
  if (!d->idxcap) {
    if (slot) *slot = -1;
    return -1;
  }
  int64_t mask = d->idxcap - 1, i = h & mask, tomb = -1;
  for (;;) {
    int32_t e = d->idx[i];
    if (e == -1) {
      if (slot) *slot = tomb >= 0 ? tomb : i;
      return -1;
    }
    if (e == -2) {
      if (tomb < 0) tomb = i;
    } else if (d->ent[e].hash == h && dwV_eq(d->ent[e].key, key)) {
      if (slot) *slot = i;
      return e;
    }
    i = (i + 1) & mask;
  }
}

static bool dict_rebuild(Ctx *c, Dict *d, int64_t need) {
  /* compact entries, then rebuild the index at a load factor <= 1/2 */
  int64_t n = 0;
  for (int64_t k = 0; k < d->nent; k++)
    if (d->ent[k].used) d->ent[n++] = d->ent[k];
  d->nent = n;
  int64_t cap = 8;
  while (cap < 2 * (need + 1)) cap *= 2;
  int32_t *idx = malloc((size_t)cap * sizeof(int32_t));
  if (!idx) return dw_fail(c, EXC_MemoryError, "out of memory");
  for (int64_t k = 0; k < cap; k++) idx[k] = -1;
  free(d->idx);
  d->idx = idx;
  d->idxcap = cap;
  for (int64_t k = 0; k < n; k++) {
    int64_t i = d->ent[k].hash & (cap - 1);
    while (idx[i] != -1) i = (i + 1) & (cap - 1);
    idx[i] = (int32_t)k;
  }
  return true;
}

Value dwV_dict_get(Dict *d, Value key) {
  int64_t e = dict_find(d, key, dwV_hash(key), NULL);
  return e < 0 ? dwV_null() : d->ent[e].val;
}

Value dwV_dict_gets(Dict *d, Str *key) {
  return dwV_dict_get(d, (Value){V_STR, {.o = &key->h}});
}

bool dwV_dict_set(Ctx *c, Dict *d, Value key, Value v) {
  uint32_t h = dwV_hash(key);
  int64_t slot, e = dict_find(d, key, h, &slot);
  if (e >= 0) {
    dwV_incref(v);
    dwV_decref(c, d->ent[e].val);
    d->ent[e].val = v;
    return true;
  }
  if (d->nent + 1 > d->cap || 2 * (d->nent + 1) > d->idxcap) {
    if (d->nent + 1 > d->cap) {
      int64_t cap = d->cap ? d->cap * 2 : 8;
      if (cap > ((int64_t)1 << 28))
        return dw_fail(c, EXC_MemoryError, "dict is too large");
      DictEntry *p = realloc(d->ent, (size_t)cap * sizeof(DictEntry));
      if (!p) return dw_fail(c, EXC_MemoryError, "out of memory");
      d->ent = p;
      d->cap = cap;
    }
    if (!dict_rebuild(c, d, d->len + 1)) return false;
    dict_find(d, key, h, &slot);
  }
  dwV_incref(key);
  dwV_incref(v);
  d->ent[d->nent] = (DictEntry){key, v, h, true};
  d->idx[slot] = (int32_t)d->nent;
  d->nent++;
  d->len++;
  return true;
}

bool dwV_dict_del(Ctx *c, Dict *d, Value key) {
  int64_t slot, e = dict_find(d, key, dwV_hash(key), &slot);
  if (e < 0) return false;
  Value k = d->ent[e].key, v = d->ent[e].val;
  d->ent[e].used = false;
  d->ent[e].key = d->ent[e].val = dwV_none();
  d->idx[slot] = -2;
  d->len--;
  dwV_decref(c, k);
  dwV_decref(c, v);
  return true;
}

/* ------------------------------------------------------------------ */
/* repr() and str()                                                    */
/* ------------------------------------------------------------------ */

const char *dwV_type_name(Value v) {
  switch (v.t) {
  case V_NONE: return "NoneType";
  case V_BOOL: return "bool";
  case V_INT: return "int";
  case V_FLOAT: return "float";
  case V_DTYPE: return "torch.dtype";
  case V_STR: return "str";
  case V_LIST: return "list";
  case V_TUPLE:
    return v.u.o->flags == TUP_SIZE ? "torch.Size" : "tuple";
  case V_DICT: return "dict";
  case V_TENSOR: return "Tensor";
  case V_FUNC: return "function";
  case V_BUILTIN: return "builtin_function_or_method";
  case V_BOUND: return "method";
  case V_WRAP: return "function";
  case V_CLASS: return "type";
  case V_INST: return ((Inst *)v.u.o)->cls->name->s;
  case V_MODULE: return "module";
  case V_RANGE: return "range";
  case V_SLICE: return "slice";
  case V_ITER: return "iterator";
  case V_EXC: {
    Exc *e = (Exc *)v.u.o;
    return e->cls ? e->cls->name->s : dwV_exc_names[e->type];
  }
  case V_CELL: return "cell";
  default: return "object";
  }
}

static void repr_str(Buf *b, const char *s, size_t n) {
  bool sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
  char q = (sq && !dq) ? '"' : '\'';
  dwB_putc(b, q);
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == (unsigned char)q || ch == '\\') {
      dwB_putc(b, '\\');
      dwB_putc(b, (char)ch);
    } else if (ch == '\n') dwB_puts(b, "\\n");
    else if (ch == '\r') dwB_puts(b, "\\r");
    else if (ch == '\t') dwB_puts(b, "\\t");
    else if (ch < 0x20 || ch == 0x7f) dwB_printf(b, "\\x%02x", ch);
    else dwB_putc(b, (char)ch);
  }
  dwB_putc(b, q);
}

static void repr_depth(Buf *b, Value v, int depth);

static void repr_seq(Buf *b, const Value *items, int64_t n, const char *open,
                     const char *close, bool tuple1, int depth) {
  dwB_puts(b, open);
  for (int64_t k = 0; k < n; k++) {
    if (k) dwB_puts(b, ", ");
    repr_depth(b, items[k], depth + 1);
  }
  if (tuple1 && n == 1) dwB_putc(b, ',');
  dwB_puts(b, close);
}

static void repr_depth(Buf *b, Value v, int depth) {
  if (depth > 40) {
    dwB_puts(b, "...");
    return;
  }
  switch (v.t) {
  case V_NULL: dwB_puts(b, "<NULL>"); break;
  case V_NONE: dwB_puts(b, "None"); break;
  case V_BOOL: dwB_puts(b, v.u.i ? "True" : "False"); break;
  case V_INT: dwB_printf(b, "%lld", (long long)v.u.i); break;
  case V_FLOAT: dwT_fmt_float(b, v.u.f); break;
  case V_DTYPE: dwB_puts(b, dwT_dtype_names[v.u.i]); break;
  case V_STR: repr_str(b, ((Str *)v.u.o)->s, ((Str *)v.u.o)->len); break;
  case V_LIST: {
    List *l = (List *)v.u.o;
    repr_seq(b, l->items, l->len, "[", "]", false, depth);
    break;
  }
  case V_TUPLE: {
    Tuple *t = (Tuple *)v.u.o;
    if (t->h.flags == TUP_SIZE) {
      repr_seq(b, t->items, t->len, "torch.Size([", "])", false, depth);
    } else if (t->h.flags == TUP_RETTYPE) {
      dwB_printf(b, "torch.return_types.%s(\nvalues=", t->rt_name);
      repr_depth(b, t->items[0], depth + 1);
      dwB_puts(b, ",\nindices=");
      repr_depth(b, t->items[1], depth + 1);
      dwB_puts(b, ")");
    } else {
      repr_seq(b, t->items, t->len, "(", ")", true, depth);
    }
    break;
  }
  case V_DICT: {
    Dict *d = (Dict *)v.u.o;
    dwB_putc(b, '{');
    bool first = true;
    for (int64_t k = 0; k < d->nent; k++) {
      if (!d->ent[k].used) continue;
      if (!first) dwB_puts(b, ", ");
      first = false;
      repr_depth(b, d->ent[k].key, depth + 1);
      dwB_puts(b, ": ");
      repr_depth(b, d->ent[k].val, depth + 1);
    }
    dwB_putc(b, '}');
    break;
  }
  case V_TENSOR: {
    Tensor *t = (Tensor *)v.u.o;
    if (!t->st) dwB_puts(b, "FakeTensor(...)");
    else dwT_repr(b, t);
    break;
  }
  case V_RANGE: {
    Range *r = (Range *)v.u.o;
    if (r->step == 1)
      dwB_printf(b, "range(%lld, %lld)", (long long)r->start, (long long)r->stop);
    else
      dwB_printf(b, "range(%lld, %lld, %lld)", (long long)r->start,
                 (long long)r->stop, (long long)r->step);
    break;
  }
  case V_SLICE: {
    Slice *s = (Slice *)v.u.o;
    dwB_puts(b, "slice(");
    repr_depth(b, s->start, depth + 1);
    dwB_puts(b, ", ");
    repr_depth(b, s->stop, depth + 1);
    dwB_puts(b, ", ");
    repr_depth(b, s->step, depth + 1);
    dwB_puts(b, ")");
    break;
  }
  case V_FUNC:
    dwB_printf(b, "<function %s at 0x%08llx>", ((Func *)v.u.o)->code->name,
               (unsigned long long)(uintptr_t)v.u.o & 0xffffffffull);
    break;
  case V_WRAP: {
    Wrap *w = (Wrap *)v.u.o;
    repr_depth(b, w->target, depth + 1);
    break;
  }
  case V_BUILTIN: {
    Builtin *bi = (Builtin *)v.u.o;
    const char *n = bi->def->name, *dot = strrchr(n, '.');
    if (bi->self.t != V_NULL)
      dwB_printf(b, "<built-in method %s of %s object>", dot ? dot + 1 : n,
                 dwV_type_name(bi->self));
    else
      dwB_printf(b, "<built-in function %s>", dot ? dot + 1 : n);
    break;
  }
  case V_BOUND: {
    Bound *m = (Bound *)v.u.o;
    dwB_puts(b, "<bound method ");
    if (m->func.t == V_FUNC) dwB_puts(b, ((Func *)m->func.u.o)->code->name);
    dwB_puts(b, " of ");
    repr_depth(b, m->self, depth + 1);
    dwB_puts(b, ">");
    break;
  }
  case V_CLASS:
    dwB_printf(b, "<class '__main__.%s'>", ((Class *)v.u.o)->name->s);
    break;
  case V_INST:
    dwB_printf(b, "<__main__.%s object at 0x%08llx>",
               ((Inst *)v.u.o)->cls->name->s,
               (unsigned long long)(uintptr_t)v.u.o & 0xffffffffull);
    break;
  case V_MODULE:
    dwB_printf(b, "<module '%s'>", ((Module *)v.u.o)->name->s);
    break;
  case V_EXC: {
    Exc *e = (Exc *)v.u.o;
    dwB_printf(b, "%s(", dwV_type_name(v));
    if (e->args.t == V_TUPLE) {
      Tuple *t = (Tuple *)e->args.u.o;
      for (int64_t k = 0; k < t->len; k++) {
        if (k) dwB_puts(b, ", ");
        repr_depth(b, t->items[k], depth + 1);
      }
    } else if (e->msg && e->msg->len) {
      repr_str(b, e->msg->s, e->msg->len);
    }
    dwB_putc(b, ')');
    break;
  }
  case V_ITER: dwB_puts(b, "<iterator object>"); break;
  case V_CELL: dwB_puts(b, "<cell>"); break;
  case V_OPAQUE: {
    Opaque *op = (Opaque *)v.u.o;
    if (op->repr) op->repr(b, op->p);
    else dwB_puts(b, "<object>");
    break;
  }
  default: dwB_puts(b, "<?>"); break;
  }
}

void dwV_repr(Buf *b, Value v) { repr_depth(b, v, 0); }

void dwV_str_of(Buf *b, Value v) {
  if (v.t == V_STR) {
    dwB_putn(b, ((Str *)v.u.o)->s, ((Str *)v.u.o)->len);
  } else if (v.t == V_EXC) {
    Exc *e = (Exc *)v.u.o;
    if (e->msg) dwB_putn(b, e->msg->s, e->msg->len);
  } else {
    repr_depth(b, v, 0);
  }
}
