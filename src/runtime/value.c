/* value.c - objects: allocation, reference counting, teardown; Python
 * repr/str of values; strings, lists, tuples, dicts. */
#include "dw.h"
#include "tensor/autograd.h"

#include <math.h>
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

bool dwV_exc_below(int t, int base) {
  for (;; t = dwV_exc_base[t]) {
    if (t == base) return true;
    if (t == EXC_BaseException) return false;
  }
}

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

static void set_drop_table(Ctx *c, Set *s);

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
    if (deep && t->h.flags == TUP_NAMED && t->cls) dwV_decref_o(c, &t->cls->h);
    break;
  }
  case V_SET: {
    Set *st = (Set *)o;
    if (deep) set_drop_table(c, st);
    free(st->tab);
    st->tab = NULL;
    if (deep && st->d) dwV_decref_o(c, &st->d->h);
    break;
  }
  case V_DICTVIEW:
    if (deep && ((DictView *)o)->d) dwV_decref_o(c, &((DictView *)o)->d->h);
    break;
  case V_GEN: {
    Gen *g = (Gen *)o;
    /* a suspended generator is closed first: its finally blocks and
     * __exit__ methods run (Ctx.gen_final), as CPython's finalizer does.
     * Nothing can refer to it again (no Python path leads to a generator
     * nothing references), so it is freed after. */
    if (deep && c->gen_final && g->state == GS_SUSPENDED) c->gen_final(c, o);
    if (deep) {
      int n = g->fn ? g->fn->code->nslots : 0;
      for (int k = 0; g->slots && k < n; k++) dwV_decref(c, g->slots[k]);
      for (int k = 0; k < g->nrec; k++) {
        dwV_decref(c, g->rec[k].v);
        dwV_decref(c, g->rec[k].w);
      }
      dwV_decref(c, g->yielded);
      if (g->fn) dwV_decref_o(c, &g->fn->h);
    }
    free(g->slots);
    free(g->rec);
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
    if (deep && d->cls) dwV_decref_o(c, &d->cls->h);
    if (deep) dwV_decref(c, d->extra);
    free(d->ent);
    free(d->idx);
    break;
  }
  case V_TENSOR: {
    Tensor *t = (Tensor *)o;
    Storage *st = t->st;
    t->st = NULL;
    dwT_counter_drop(t);
    if (t->ag) dwAg_meta_free(c, t, deep);
    if (st && --st->rc <= 0) {
      c->tensor_bytes -= st->nbytes;
      free(st->data);
      free(st);
    }
    break;
  }
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
      if (e->attrs) dwV_decref_o(c, &e->attrs->h);
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
  case V_FUNC: {
    Func *f = (Func *)o;
    if (deep) {
      for (int k = 0; f->defaults && k < f->code->nparams; k++) dwV_decref(c, f->defaults[k]);
      for (int k = 0; f->cells && k < f->code->nfree; k++)
        if (f->cells[k]) dwV_decref_o(c, &f->cells[k]->h);
      if (f->attrs) dwV_decref_o(c, &f->attrs->h);
    }
    free(f->defaults);
    free(f->cells);
    break;
  }
  case V_BUILTIN:
    if (deep) {
      dwV_decref(c, ((Builtin *)o)->self);
      dwV_decref(c, ((Builtin *)o)->extra);
    }
    break;
  case V_BOUND:
    if (deep) {
      dwV_decref(c, ((Bound *)o)->self);
      dwV_decref(c, ((Bound *)o)->func);
    }
    break;
  case V_WRAP:
    if (deep) {
      dwV_decref(c, ((Wrap *)o)->target);
      dwV_decref(c, ((Wrap *)o)->fset);
      dwV_decref(c, ((Wrap *)o)->opts.backend_fn);
      if (((Wrap *)o)->opts.backend_name) dwV_decref_o(c, &((Wrap *)o)->opts.backend_name->h);
      if (((Wrap *)o)->reason) dwV_decref_o(c, &((Wrap *)o)->reason->h);
    }
    break;
  case V_CLASS: {
    Class *k = (Class *)o;
    if (deep) {
      if (k->name) dwV_decref_o(c, &k->name->h);
      if (k->base) dwV_decref_o(c, &k->base->h);
      if (k->ns) dwV_decref_o(c, &k->ns->h);
      for (int j = 0; j < k->nbases; j++) dwV_decref_o(c, &k->bases[j]->h);
      for (int j = 1; j < k->nmro; j++) dwV_decref_o(c, &k->mro[j]->h);
    }
    free(k->bases);
    free(k->mro);
    break;
  }
  case V_INST:
    if (deep) {
      Inst *in = (Inst *)o;
      if (in->attrs) dwV_decref_o(c, &in->attrs->h);
      if (in->cls) dwV_decref_o(c, &in->cls->h);
    }
    break;
  case V_MODULE:
    if (deep) {
      Module *m = (Module *)o;
      if (m->name) dwV_decref_o(c, &m->name->h);
      if (m->attrs) dwV_decref_o(c, &m->attrs->h);
    }
    break;
  case V_ITER: {
    Iter *it = (Iter *)o;
    if (deep) {
      dwV_decref(c, it->src);
      for (int k = 0; k < it->ninner; k++) dwV_decref(c, it->inner[k]);
    }
    free(it->inner);
    break;
  }
  default:
    break;
  }
}

/* Frees an unlinked object whose count reached zero. Nested teardowns
 * deeper than DW_FREE_DEPTH are queued on c->free_later and freed by the
 * outermost call, so a 10^6-deep list is freed in bounded C stack. */
#define DW_FREE_DEPTH 64
static void release(Ctx *c, Obj *o) {
  o->rc = 1 << 30; /* guard against re-entry while tearing down */
  if (c->free_depth >= DW_FREE_DEPTH) {
    o->next = c->free_later;
    o->prev = NULL;
    c->free_later = o;
    return;
  }
  c->free_depth++;
  teardown(c, o, true);
  free(o);
  if (c->free_depth == 1) {
    while (c->free_later) {
      Obj *p = c->free_later;
      c->free_later = p->next;
      teardown(c, p, true);
      free(p);
    }
  }
  c->free_depth--;
}

void dwV_decref_o(Ctx *c, Obj *o) {
  if (--o->rc > 0) return;
  unlink_obj(o);
  release(c, o);
}

void dwV_free_obj(Ctx *c, Obj *o) {
  unlink_obj(o);
  release(c, o);
}

void dwV_free_all(Ctx *c) {
  live_init(c);
  c->ag_sweep = true;
  /* Tensors first release their storage so accounting returns to zero. */
  while (c->live.next != &c->live) {
    Obj *o = c->live.next;
    unlink_obj(o);
    teardown(c, o, false);
    free(o);
  }
  dwAg_free_all(c);
  c->ag_sweep = false;
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

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

bool dwV_str_ascii(Str *s) {
  if (!s->ascii) {
    s->ascii = 1;
    for (size_t i = 0; i < s->len; i++)
      if ((unsigned char)s->s[i] >= 0x80) {
        s->ascii = 2;
        break;
      }
  }
  return s->ascii == 1;
}

/* Code points of UTF-8 text: every byte that is not a continuation byte
 * starts one (invalid sequences count byte by byte, as they print). */
int64_t dwV_utf8_cplen(const char *p, size_t n) {
  int64_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (((unsigned char)p[i] & 0xc0) != 0x80) k++;
  return k;
}

int64_t dwV_str_cplen(Str *s) {
  if (dwV_str_ascii(s)) return (int64_t)s->len;
  return dwV_utf8_cplen(s->s, s->len);
}

size_t dwV_str_cpoff(Str *s, int64_t k) {
  if (k <= 0) return 0;
  if (dwV_str_ascii(s)) return (size_t)k < s->len ? (size_t)k : s->len;
  size_t i = 0;
  int64_t seen = -1;
  for (; i < s->len; i++) {
    if (((unsigned char)s->s[i] & 0xc0) != 0x80) {
      if (++seen == k) return i;
    }
  }
  return s->len;
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

/* Nested tuples are hashed and compared to this depth; deeper levels
 * count by identity (the interpreter raises RecursionError before a key
 * nests that deep: dwOb_check_hashable). */
#define DW_KEY_DEPTH 200

static bool hashable_d(Value v, int depth) {
  switch (v.t) {
  case V_LIST:
  case V_DICT:
  case V_SET:
  case V_DICTVIEW:
    return false;
  case V_TUPLE: {
    if (depth > DW_KEY_DEPTH) return true;
    Tuple *t = (Tuple *)v.u.o;
    for (int64_t k = 0; k < t->len; k++)
      if (!hashable_d(t->items[k], depth + 1)) return false;
    return true;
  }
  default:
    return true;
  }
}

bool dwV_hashable(Value v) { return hashable_d(v, 0); }

static uint32_t hash_d(Value v, int depth);
uint32_t dwV_hash(Value v) { return hash_d(v, 0); }

static uint32_t hash_d(Value v, int depth) {
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
    if (depth > DW_KEY_DEPTH) return hash_u64((uint64_t)t->len);
    for (int64_t k = 0; k < t->len; k++)
      h = (h ^ hash_d(t->items[k], depth + 1)) * 1000003u;
    return h ? h : 1;
  }
  default:
    return hash_u64((uint64_t)(uintptr_t)v.u.o);
  }
}

static bool is_num(Value v) {
  return v.t == V_INT || v.t == V_FLOAT || v.t == V_BOOL;
}

static bool eq_d(Value a, Value b, int depth);
bool dwV_eq(Value a, Value b) { return eq_d(a, b, 0); }

static bool eq_d(Value a, Value b, int depth) {
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
    if (x == y) return true;
    if (x->len != y->len || depth > DW_KEY_DEPTH) return false;
    for (int64_t k = 0; k < x->len; k++)
      if (!eq_d(x->items[k], y->items[k], depth + 1)) return false;
    return true;
  }
  default:
    return a.u.o == b.u.o;
  }
}

/* ---- CPython's hash() (Python/pyhash.c and the objects' hash functions, 3.11) ---- */

#define PYHASH_BITS 61
#define PYHASH_MOD (((uint64_t)1 << PYHASH_BITS) - 1)

static int64_t pyhash_int(int64_t v) {
  uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  m %= PYHASH_MOD;
  int64_t h = v < 0 ? -(int64_t)m : (int64_t)m;
  return h == -1 ? -2 : h;
}

static bool pyhash_double(double v, int64_t *out) {
  if (!isfinite(v)) {
    if (isnan(v)) return false; /* by identity in CPython */
    *out = v > 0 ? 314159 : -314159;
    return true;
  }
  int e;
  double m = frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0, y;
  while (m) {
    x = ((x << 28) & PYHASH_MOD) | x >> (PYHASH_BITS - 28);
    m *= 268435456.0;
    e -= 28;
    y = (uint64_t)m;
    m -= (double)y;
    x += y;
    if (x >= PYHASH_MOD) x -= PYHASH_MOD;
  }
  e = e >= 0 ? e % PYHASH_BITS : PYHASH_BITS - 1 - ((-1 - e) % PYHASH_BITS);
  x = ((x << e) & PYHASH_MOD) | x >> (PYHASH_BITS - e);
  x = x * (uint64_t)(int64_t)sign;
  if (x == (uint64_t)-1) x = (uint64_t)-2;
  *out = (int64_t)x;
  return true;
}

#define ROTL64(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define HALF_ROUND(a, b, c, d, s, t) \
  a += b;                            \
  c += d;                            \
  b = ROTL64(b, s) ^ a;              \
  d = ROTL64(d, t) ^ c;              \
  a = ROTL64(a, 32);
#define SINGLE_ROUND(v0, v1, v2, v3)   \
  HALF_ROUND(v0, v1, v2, v3, 13, 16); \
  HALF_ROUND(v2, v1, v0, v3, 17, 21);

/* SipHash-1-3 with the all-zero key (PYTHONHASHSEED=0) */
static uint64_t siphash13(const uint8_t *in, size_t n) {
  uint64_t b = (uint64_t)n << 56;
  uint64_t v0 = 0x736f6d6570736575ULL, v1 = 0x646f72616e646f6dULL;
  uint64_t v2 = 0x6c7967656e657261ULL, v3 = 0x7465646279746573ULL;
  while (n >= 8) {
    uint64_t mi = 0;
    for (int k = 7; k >= 0; k--) mi = (mi << 8) | in[k];
    in += 8;
    n -= 8;
    v3 ^= mi;
    SINGLE_ROUND(v0, v1, v2, v3);
    v0 ^= mi;
  }
  uint64_t t = 0;
  for (size_t k = n; k > 0; k--) t = (t << 8) | in[k - 1];
  b |= t;
  v3 ^= b;
  SINGLE_ROUND(v0, v1, v2, v3);
  v0 ^= b;
  v2 ^= 0xff;
  SINGLE_ROUND(v0, v1, v2, v3);
  SINGLE_ROUND(v0, v1, v2, v3);
  SINGLE_ROUND(v0, v1, v2, v3);
  return (v0 ^ v1) ^ (v2 ^ v3);
}

/* str: siphash over CPython's internal representation (1, 2 or 4 bytes a
 * character, little-endian, by the widest character). */
static int64_t pyhash_str(Str *s) {
  if (s->len == 0) return 0;
  size_t n = 0;
  uint32_t maxc = 0;
  uint32_t *cps = malloc(sizeof(uint32_t) * (s->len + 1));
  if (!cps) return 0;
  const unsigned char *p = (const unsigned char *)s->s;
  for (size_t i = 0; i < s->len;) {
    uint32_t c = p[i];
    size_t w = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (i + w > s->len) w = 1;
    if (w == 2) c = ((c & 0x1f) << 6) | (p[i + 1] & 63);
    else if (w == 3) c = ((c & 0x0f) << 12) | ((p[i + 1] & 63) << 6) | (p[i + 2] & 63);
    else if (w == 4)
      c = ((c & 0x07) << 18) | ((p[i + 1] & 63) << 12) | ((p[i + 2] & 63) << 6) | (p[i + 3] & 63);
    i += w;
    cps[n++] = c;
    if (c > maxc) maxc = c;
  }
  size_t kind = maxc < 256 ? 1 : maxc < 65536 ? 2 : 4;
  uint8_t *buf = malloc(n * kind + 1);
  if (!buf) {
    free(cps);
    return 0;
  }
  for (size_t k = 0; k < n; k++)
    for (size_t j = 0; j < kind; j++) buf[k * kind + j] = (uint8_t)(cps[k] >> (8 * j));
  uint64_t h = siphash13(buf, n * kind);
  free(buf);
  free(cps);
  int64_t r = (int64_t)h;
  return r == -1 ? -2 : r;
}

static bool pyhash_d(Value v, int64_t *out, int depth) {
  switch (v.t) {
  case V_BOOL:
  case V_INT:
    *out = pyhash_int(v.u.i);
    return true;
  case V_FLOAT:
    return pyhash_double(v.u.f, out);
  case V_STR:
    *out = pyhash_str((Str *)v.u.o);
    return true;
  case V_TUPLE: {
    Tuple *t = (Tuple *)v.u.o;
    if (depth > DW_KEY_DEPTH) return false;
    const uint64_t P1 = 11400714785074694791ULL, P2 = 14029467366897019727ULL,
                   P5 = 2870177450012600261ULL;
    uint64_t acc = P5;
    for (int64_t k = 0; k < t->len; k++) {
      int64_t lane;
      if (!pyhash_d(t->items[k], &lane, depth + 1)) return false;
      acc += (uint64_t)lane * P2;
      acc = (acc << 31) | (acc >> 33);
      acc *= P1;
    }
    acc += (uint64_t)t->len ^ (P5 ^ 3527539UL);
    *out = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
    return true;
  }
  default:
    return false;
  }
}

bool dwV_pyhash(Value v, int64_t *out) { return pyhash_d(v, out, 0); }

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

Value dwV_dict_get_key(Dict *d, Value key) {
  int64_t e = dict_find(d, key, dwV_hash(key), NULL);
  return e < 0 ? dwV_null() : d->ent[e].key;
}

Value dwV_dict_gets(Dict *d, Str *key) {
  return dwV_dict_get(d, (Value){.t = V_STR, .u = {.o = &key->h}});
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

void dwV_dict_clear(Ctx *c, Dict *d) {
  /* detach first: dropping a value may run code that looks at d */
  DictEntry *ent = d->ent;
  int64_t n = d->nent;
  free(d->idx);
  d->ent = NULL;
  d->idx = NULL;
  d->nent = d->len = d->cap = d->idxcap = 0;
  for (int64_t k = 0; k < n; k++)
    if (ent[k].used) {
      dwV_decref(c, ent[k].key);
      dwV_decref(c, ent[k].val);
    }
  free(ent);
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
/* Sets: CPython's table model                                         */
/* ------------------------------------------------------------------ */

/* CPython iterates a set in the order of its hash table, which depends
 * on the hashes (CPython's own: dwV_pyhash, PYTHONHASHSEED=0 for str) and
 * on the history of the set (growth, deleted slots, how it was built).
 * The model replays that history on a copy of CPython's algorithm, so
 * sets of ints, floats, strs and tuples of them print and iterate as in
 * CPython. A set that ever holds another element (None, an instance...)
 * iterates in insertion order instead. */
#define SET_MINSIZE 8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

/* The model's slots hold references to their keys (a traced frame's undo
 * may drop the dict's own). This drops them and the table. */
static void set_drop_table(Ctx *c, Set *s) {
  SetSlot *tab = s->tab;
  size_t mask = s->mask;
  s->tab = NULL;
  s->fill = s->used = 0;
  if (!tab) return;
  for (size_t k = 0; k <= mask; k++)
    if (tab[k].state == 1) dwV_decref(c, tab[k].key);
  free(tab);
}

static bool set_table(Set *s) {
  if (s->tab) return true;
  s->tab = calloc(SET_MINSIZE, sizeof(SetSlot));
  if (!s->tab) return false;
  s->mask = SET_MINSIZE - 1;
  s->fill = s->used = 0;
  return true;
}

/* set_insert_clean: into a table without dummies or equal keys */
static void set_insert_clean(SetSlot *tab, size_t mask, Value key, int64_t hash) {
  uint64_t perturb = (uint64_t)hash;
  size_t i = (size_t)((uint64_t)hash & mask);
  for (;;) {
    if (tab[i].state == 0) break;
    bool hit = false;
    if (i + LINEAR_PROBES <= mask) {
      for (size_t j = 1; j <= LINEAR_PROBES; j++)
        if (tab[i + j].state == 0) {
          i += j;
          hit = true;
          break;
        }
    }
    if (hit) break;
    perturb >>= PERTURB_SHIFT;
    i = (size_t)((i * 5 + 1 + perturb) & mask);
  }
  tab[i].key = key;
  tab[i].hash = hash;
  tab[i].state = 1;
}

static bool set_resize(Set *s, size_t minused) {
  size_t newsize = SET_MINSIZE;
  while (newsize <= minused) newsize <<= 1;
  /* the small table without dummies stays as it is */
  if (newsize == SET_MINSIZE && s->mask == SET_MINSIZE - 1 && s->fill == s->used) return true;
  SetSlot *nt = calloc(newsize, sizeof(SetSlot));
  if (!nt) return false;
  for (size_t k = 0; k <= s->mask; k++)
    if (s->tab[k].state == 1) set_insert_clean(nt, newsize - 1, s->tab[k].key, s->tab[k].hash);
  free(s->tab);
  s->tab = nt;
  s->mask = newsize - 1;
  s->fill = s->used;
  return true;
}

/* set_add_entry for a key known to be absent */
static bool model_add(Ctx *c, Set *s, Value key) {
  int64_t hash;
  if (s->model_off) return true;
  if (!dwV_pyhash(key, &hash)) {
    s->model_off = true;
    set_drop_table(c, s);
    return true;
  }
  if (!set_table(s)) return false;
  size_t mask = s->mask, i = (size_t)((uint64_t)hash & mask);
  uint64_t perturb = (uint64_t)hash;
  SetSlot *freeslot = NULL, *e;
  for (;;) {
    e = &s->tab[i];
    size_t probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
    bool found = false;
    for (size_t p = 0; p <= probes; p++, e++) {
      if (e->state == 0) {
        found = true;
        break;
      }
      if (e->state == 2) freeslot = e; /* CPython keeps the last dummy */
    }
    if (found) break;
    perturb >>= PERTURB_SHIFT;
    i = (size_t)((i * 5 + 1 + perturb) & mask);
  }
  dwV_incref(key);
  if (freeslot) {
    freeslot->key = key;
    freeslot->hash = hash;
    freeslot->state = 1;
    s->used++;
    return true;
  }
  e->key = key;
  e->hash = hash;
  e->state = 1;
  s->fill++;
  s->used++;
  if (s->fill * 5 < mask * 3) return true;
  return set_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

/* set_discard_entry: the slot of key becomes a dummy */
static void model_discard(Ctx *c, Set *s, Value key) {
  int64_t hash;
  if (s->model_off || !s->tab || !dwV_pyhash(key, &hash)) return;
  size_t mask = s->mask, i = (size_t)((uint64_t)hash & mask);
  uint64_t perturb = (uint64_t)hash;
  for (;;) {
    size_t probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
    for (size_t p = 0; p <= probes; p++) {
      SetSlot *e = &s->tab[i + p];
      if (e->state == 0) return;
      if (e->state == 1 && e->hash == hash && dwV_eq(e->key, key)) {
        Value old = e->key;
        e->state = 2;
        e->hash = -1;
        e->key = (Value){.t = V_NONE, .u = {0}};
        s->used--;
        dwV_decref(c, old);
        return;
      }
    }
    perturb >>= PERTURB_SHIFT;
    i = (size_t)((i * 5 + 1 + perturb) & mask);
  }
}

/* a = b (set_swap_bodies for the in-place intersection; a keeps its
 * dict, which a traced frame may have logged) */
bool dwV_set_assign(Ctx *c, Set *a, Set *b) {
  dwV_set_clear(c, a);
  for (int64_t k = 0; k < b->d->nent; k++)
    if (b->d->ent[k].used && !dwV_dict_set(c, a->d, b->d->ent[k].key, (Value){.t = V_NONE, .u = {0}}))
      return false;
  a->model_off = b->model_off;
  if (b->tab && !b->model_off) {
    a->tab = malloc(sizeof(SetSlot) * (b->mask + 1));
    if (!a->tab) return dw_fail(c, EXC_MemoryError, "out of memory");
    memcpy(a->tab, b->tab, sizeof(SetSlot) * (b->mask + 1));
    for (size_t k = 0; k <= b->mask; k++)
      if (a->tab[k].state == 1) dwV_incref(a->tab[k].key);
    a->mask = b->mask;
    a->fill = b->fill;
    a->used = b->used;
  }
  return true;
}

/* Does the model agree with the dict? (A traced frame's undo may have
 * restored the dict alone.) */
static bool model_in_sync(Set *s) {
  if (s->model_off) return true;
  if ((int64_t)s->used != s->d->len) return false;
  if (!s->tab) return s->d->len == 0;
  for (size_t k = 0; k <= s->mask; k++)
    if (s->tab[k].state == 1 && dwV_dict_get(s->d, s->tab[k].key).t == V_NULL) return false;
  return true;
}

/* Out of step: the model is rebuilt from insertion order. */
static bool model_sync(Ctx *c, Set *s) {
  if (model_in_sync(s)) return true;
  set_drop_table(c, s);
  for (int64_t k = 0; k < s->d->nent; k++)
    if (s->d->ent[k].used && !model_add(c, s, s->d->ent[k].key)) return false;
  return true;
}

bool dwV_set_add(Ctx *c, Set *s, Value key) {
  if (dwV_dict_get(s->d, key).t != V_NULL) return true;
  if (!dwV_dict_set(c, s->d, key, (Value){.t = V_NONE, .u = {0}})) return false;
  if (!model_add(c, s, key)) return dw_fail(c, EXC_MemoryError, "out of memory");
  return true;
}

bool dwV_set_discard(Ctx *c, Set *s, Value key) {
  if (dwV_dict_get(s->d, key).t == V_NULL) return false;
  model_discard(c, s, key);
  dwV_dict_del(c, s->d, key);
  if (s->d->len == 0 && s->model_off) {
    /* empty again: the model can start over */
    set_drop_table(c, s);
    s->model_off = false;
  }
  return true;
}

void dwV_set_clear(Ctx *c, Set *s) {
  dwV_dict_clear(c, s->d);
  set_drop_table(c, s);
  s->model_off = false;
}

void dwV_set_presize(Set *s, int64_t n) {
  if (s->model_off || !set_table(s)) return;
  if ((s->fill + (size_t)n) * 5 >= s->mask * 3) set_resize(s, (s->used + (size_t)n) * 2);
}

bool dwV_set_merge(Ctx *c, Set *dst, Set *src) {
  if (src == dst || src->d->len == 0) return true;
  if (!model_sync(c, src) || !model_sync(c, dst)) return dw_fail(c, EXC_MemoryError, "out of memory");
  int64_t n;
  Value *items = dwV_set_items(c, src, &n);
  if (!items) return dw_fail(c, EXC_MemoryError, "out of memory");
  bool ok = true;
  if (!dst->model_off && !src->model_off && set_table(dst)) {
    /* one big resize first, then: an empty table of the same size takes
     * the other's layout, an empty one clean insertions */
    if ((dst->fill + src->used) * 5 >= dst->mask * 3)
      ok = set_resize(dst, (dst->used + src->used) * 2);
    if (ok && dst->fill == 0) {
      for (int64_t k = 0; ok && k < n; k++) ok = dwV_dict_set(c, dst->d, items[k], (Value){.t = V_NONE, .u = {0}});
      if (ok && dst->mask == src->mask && src->fill == src->used) {
        for (size_t k = 0; k <= src->mask; k++) {
          dst->tab[k] = src->tab[k];
          if (dst->tab[k].state == 1) dwV_incref(dst->tab[k].key);
        }
        dst->fill = src->fill;
        dst->used = src->used;
      } else if (ok) {
        for (int64_t k = 0; k < n; k++) {
          int64_t h;
          dwV_pyhash(items[k], &h);
          dwV_incref(items[k]);
          set_insert_clean(dst->tab, dst->mask, items[k], h);
        }
        dst->fill = dst->used = (size_t)n;
      }
      free(items);
      return ok;
    }
  }
  for (int64_t k = 0; ok && k < n; k++) ok = dwV_set_add(c, dst, items[k]);
  free(items);
  return ok;
}

/* After a difference update: more than 1/4 dummies are resized away */
void dwV_set_shrink(Set *s) {
  if (s->model_off || !s->tab || s->fill - s->used <= s->mask / 4) return;
  set_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

Value dwV_set_pop(Ctx *c, Set *s) {
  if (s->d->len == 0) return (Value){.t = V_NULL, .u = {0}};
  model_sync(c, s);
  Value key;
  if (!s->model_off && s->tab) {
    size_t i = s->finger & s->mask;
    while (s->tab[i].state != 1) i = i == s->mask ? 0 : i + 1;
    key = s->tab[i].key;
    s->finger = i + 1;
  } else {
    int64_t k = 0;
    while (!s->d->ent[k].used) k++;
    key = s->d->ent[k].key;
  }
  dwV_incref(key);
  size_t finger = s->finger;
  dwV_set_discard(c, s, key);
  s->finger = finger;
  return key;
}

Value *dwV_set_items(Ctx *c, Set *s, int64_t *n) {
  int64_t len = s->d->len;
  *n = len;
  Value *out = malloc(sizeof(Value) * (size_t)(len ? len : 1));
  if (!out) return NULL;
  bool sync = c ? model_sync(c, s) : model_in_sync(s);
  int64_t m = 0;
  if (sync && !s->model_off && s->tab) {
    for (size_t k = 0; k <= s->mask && m < len; k++)
      if (s->tab[k].state == 1) out[m++] = s->tab[k].key;
  } else {
    for (int64_t k = 0; k < s->d->nent && m < len; k++)
      if (s->d->ent[k].used) out[m++] = s->d->ent[k].key;
  }
  *n = m;
  return out;
}

/* ------------------------------------------------------------------ */
/* repr() and str()                                                    */
/* ------------------------------------------------------------------ */

const char dwV_type_doc[] = "<type>";

bool dwV_is_type_def(const BuiltinDef *d) { return d && d->doc == dwV_type_doc; }

Class *dwV_class_of(Value v) {
  switch (v.t) {
  case V_INST: return ((Inst *)v.u.o)->cls;
  case V_EXC: return ((Exc *)v.u.o)->cls;
  case V_TUPLE: return v.u.o->flags == TUP_NAMED ? ((Tuple *)v.u.o)->cls : NULL;
  case V_DICT: return ((Dict *)v.u.o)->cls;
  default: return NULL;
  }
}

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
    if (v.u.o->flags == TUP_NAMED) return ((Tuple *)v.u.o)->cls->name->s;
    return v.u.o->flags == TUP_SIZE ? "torch.Size" : "tuple";
  case V_DICT:
    if (((Dict *)v.u.o)->cls) { /* Counter for collections.Counter */
      const char *n = ((Dict *)v.u.o)->cls->name->s, *d = strrchr(n, '.');
      return d ? d + 1 : n;
    }
    return "dict";
  case V_TENSOR: return "Tensor";
  case V_FUNC: return "function";
  case V_BUILTIN: return "builtin_function_or_method";
  case V_BOUND: return "method";
  case V_WRAP:
    return ((Wrap *)v.u.o)->kind == WRAP_PROPERTY ? "property" : "function";
  case V_CLASS: return "type";
  case V_INST: return ((Inst *)v.u.o)->cls->name->s;
  case V_MODULE: return "module";
  case V_RANGE: return "range";
  case V_SLICE: return "slice";
  case V_ITER: {
    Iter *it = (Iter *)v.u.o;
    switch (it->kind) {
    case IT_ZIP: return "zip";
    case IT_MAP: return "map";
    case IT_ENUMERATE: return "enumerate";
    case IT_REVERSED: return "list_reverseiterator";
    case IT_RANGE: return "range_iterator";
    case IT_SET: return "set_iterator";
    case IT_DICT:
      return it->mode == 0 ? "dict_keyiterator" : it->mode == 1 ? "dict_valueiterator"
                                                                 : "dict_itemiterator";
    case IT_SEQ:
      return it->src.t == V_LIST    ? "list_iterator"
             : it->src.t == V_TUPLE ? "tuple_iterator"
             : dwV_str_ascii((Str *)it->src.u.o) ? "str_ascii_iterator"
                                                 : "str_iterator";
    default: return "iterator";
    }
  }
  case V_EXC: {
    Exc *e = (Exc *)v.u.o;
    return e->cls ? e->cls->name->s : dwV_exc_names[e->type];
  }
  case V_CELL: return "cell";
  case V_GEN: return "generator";
  case V_SET: return "set";
  case V_DICTVIEW: {
    static const char *const n[] = {"dict_keys", "dict_values", "dict_items"};
    return n[((DictView *)v.u.o)->mode % 3];
  }
  case V_OPAQUE:
    if (((Opaque *)v.u.o)->kind == 5) return "ellipsis";
    if (((Opaque *)v.u.o)->kind == 7) return "NotImplementedType";
    return "object";
  default: return "object";
  }
}

void dwV_repr_str(Buf *b, const char *s, size_t n, bool ascii) {
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
    else if (ch < 0x80) dwB_putc(b, (char)ch);
    else {
      /* one UTF-8 sequence */
      size_t w = ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc0 ? 2 : 1;
      if (i + w > n) w = 1;
      uint32_t c = ch;
      const unsigned char *p = (const unsigned char *)s + i;
      if (w == 2) c = ((c & 0x1f) << 6) | (p[1] & 63);
      else if (w == 3) c = ((c & 0x0f) << 12) | ((p[1] & 63) << 6) | (p[2] & 63);
      else if (w == 4)
        c = ((c & 0x07) << 18) | ((p[1] & 63) << 12) | ((p[2] & 63) << 6) | (p[3] & 63);
      /* not printable (str.isprintable): controls, separators other
       * than space, format characters, private use, surrogates */
      bool np = (c >= 0x80 && c <= 0xa0) || c == 0xad || c == 0x1680 || c == 0x180e ||
                (c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) ||
                (c >= 0x205f && c <= 0x2064) || (c >= 0x2066 && c <= 0x206f) ||
                c == 0x3000 || (c >= 0xd800 && c <= 0xf8ff) || c == 0xfeff ||
                (c >= 0xfff9 && c <= 0xfffb) || c == 0xfffe || c == 0xffff ||
                c == 0x061c || c == 0x0600 || c == 0x070f || c >= 0xe0000;
      if (w == 1 || ascii || np) {
        if (c <= 0xff) dwB_printf(b, "\\x%02x", (unsigned)c);
        else if (c <= 0xffff) dwB_printf(b, "\\u%04x", (unsigned)c);
        else dwB_printf(b, "\\U%08x", (unsigned)c);
      } else {
        dwB_putn(b, s + i, w);
      }
      i += w - 1;
    }
  }
  dwB_putc(b, q);
}

static void repr_str(Buf *b, const char *s, size_t n) { dwV_repr_str(b, s, n, false); }

/* Containers being printed (cycles) and the nesting (deep structures) of
 * a repr without an interpreter. */
#define DW_REPR_MAX 40
typedef struct ReprSt {
  Obj *stack[DW_REPR_MAX + 1];
  int n;
} ReprSt;

static void repr_v(Buf *b, Value v, ReprSt *st);

/* Enters container o: false when it is already being printed (or nests
 * too deep), after printing `loop`. */
static bool repr_enter(Buf *b, ReprSt *st, Obj *o, const char *loop) {
  for (int k = 0; k < st->n; k++)
    if (st->stack[k] == o) {
      dwB_puts(b, loop);
      return false;
    }
  if (st->n >= DW_REPR_MAX) {
    dwB_puts(b, "...");
    return false;
  }
  st->stack[st->n++] = o;
  return true;
}

static void repr_seq(Buf *b, const Value *items, int64_t n, const char *open,
                     const char *close, bool tuple1, ReprSt *st) {
  dwB_puts(b, open);
  for (int64_t k = 0; k < n; k++) {
    if (k) dwB_puts(b, ", ");
    repr_v(b, items[k], st);
  }
  if (tuple1 && n == 1) dwB_putc(b, ',');
  dwB_puts(b, close);
}

static void repr_dict_body(Buf *b, Dict *d, ReprSt *st) {
  dwB_putc(b, '{');
  bool first = true;
  for (int64_t k = 0; k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    if (!first) dwB_puts(b, ", ");
    first = false;
    repr_v(b, d->ent[k].key, st);
    dwB_puts(b, ": ");
    repr_v(b, d->ent[k].val, st);
  }
  dwB_putc(b, '}');
}

static void repr_v(Buf *b, Value v, ReprSt *st) {
  switch (v.t) {
  case V_NULL: dwB_puts(b, "<NULL>"); break;
  case V_NONE: dwB_puts(b, "None"); break;
  case V_BOOL: dwB_puts(b, v.u.i ? "True" : "False"); break;
  case V_INT: dwB_printf(b, "%lld", (long long)v.u.i); break;
  case V_FLOAT: dwB_float(b, v.u.f); break;
  case V_DTYPE: dwB_puts(b, dwT_dtype_names[v.u.i]); break;
  case V_STR: repr_str(b, ((Str *)v.u.o)->s, ((Str *)v.u.o)->len); break;
  case V_LIST: {
    List *l = (List *)v.u.o;
    if (!repr_enter(b, st, v.u.o, "[...]")) break;
    repr_seq(b, l->items, l->len, "[", "]", false, st);
    st->n--;
    break;
  }
  case V_TUPLE: {
    Tuple *t = (Tuple *)v.u.o;
    if (!repr_enter(b, st, v.u.o, "(...)")) break;
    if (t->h.flags == TUP_SIZE) {
      repr_seq(b, t->items, t->len, "torch.Size([", "])", false, st);
    } else if (t->h.flags == TUP_RETTYPE) {
      dwB_printf(b, "torch.return_types.%s(\nvalues=", t->rt_name);
      repr_v(b, t->items[0], st);
      dwB_puts(b, ",\nindices=");
      repr_v(b, t->items[1], st);
      dwB_puts(b, ")");
    } else {
      repr_seq(b, t->items, t->len, "(", ")", true, st);
    }
    st->n--;
    break;
  }
  case V_DICT: {
    if (!repr_enter(b, st, v.u.o, "{...}")) break;
    repr_dict_body(b, (Dict *)v.u.o, st);
    st->n--;
    break;
  }
  case V_SET: {
    Dict *d = ((Set *)v.u.o)->d;
    if (d->len == 0) {
      dwB_puts(b, "set()");
      break;
    }
    if (!repr_enter(b, st, v.u.o, "set(...)")) break;
    int64_t n;
    Value *items = dwV_set_items(NULL, (Set *)v.u.o, &n);
    if (items) repr_seq(b, items, n, "{", "}", false, st);
    free(items);
    st->n--;
    break;
  }
  case V_DICTVIEW: {
    DictView *dv = (DictView *)v.u.o;
    dwB_puts(b, dwV_type_name(v));
    dwB_puts(b, "([");
    if (repr_enter(b, st, v.u.o, "...")) {
      Dict *d = dv->d;
      bool first = true;
      for (int64_t k = 0; k < d->nent; k++) {
        if (!d->ent[k].used) continue;
        if (!first) dwB_puts(b, ", ");
        first = false;
        if (dv->mode == 2) dwB_putc(b, '(');
        if (dv->mode != 1) repr_v(b, d->ent[k].key, st);
        if (dv->mode == 2) dwB_puts(b, ", ");
        if (dv->mode != 0) repr_v(b, d->ent[k].val, st);
        if (dv->mode == 2) dwB_putc(b, ')');
      }
      st->n--;
    }
    dwB_puts(b, "])");
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
    repr_v(b, s->start, st);
    dwB_puts(b, ", ");
    repr_v(b, s->stop, st);
    dwB_puts(b, ", ");
    repr_v(b, s->step, st);
    dwB_puts(b, ")");
    break;
  }
  case V_GEN: {
    Code *gc = ((Gen *)v.u.o)->fn->code;
    dwB_printf(b, "<generator object %s at 0x%08llx>", gc->qualname ? gc->qualname : gc->name,
               (unsigned long long)(uintptr_t)v.u.o & 0xffffffffull);
    break;
  }
  case V_FUNC:
    dwB_printf(b, "<function %s at 0x%08llx>", ((Func *)v.u.o)->code->qualname
                                                    ? ((Func *)v.u.o)->code->qualname
                                                    : ((Func *)v.u.o)->code->name,
               (unsigned long long)(uintptr_t)v.u.o & 0xffffffffull);
    break;
  case V_WRAP: {
    Wrap *w = (Wrap *)v.u.o;
    if (w->kind == WRAP_PROPERTY) {
      dwB_printf(b, "<property object at 0x%08llx>",
                 (unsigned long long)(uintptr_t)v.u.o & 0xffffffffull);
      break;
    }
    repr_v(b, w->target, st);
    break;
  }
  case V_BUILTIN: {
    Builtin *bi = (Builtin *)v.u.o;
    const char *n = bi->def->name, *dot = strrchr(n, '.');
    if (!strcmp(n, "method_descriptor") && bi->extra.t == V_BUILTIN) {
      /* an unbound method of a builtin type: str.upper */
      const char *m = ((Builtin *)bi->extra.u.o)->def->name, *md = strchr(m, '.');
      dwB_printf(b, "<method '%s' of '%.*s' objects>", md ? md + 1 : m,
                 md ? (int)(md - m) : 0, m);
      break;
    }
    if (bi->self.t == V_NULL && dwV_is_type_def(bi->def))
      dwB_printf(b, "<class '%s'>", n);
    else if (bi->self.t != V_NULL)
      dwB_printf(b, "<built-in method %s of %s object>", dot ? dot + 1 : n,
                 dwV_type_name(bi->self));
    else
      dwB_printf(b, "<built-in function %s>", dot ? dot + 1 : n);
    break;
  }
  case V_BOUND: {
    Bound *m = (Bound *)v.u.o;
    dwB_puts(b, "<bound method ");
    if (m->func.t == V_FUNC) {
      Code *c = ((Func *)m->func.u.o)->code;
      dwB_puts(b, c->qualname ? c->qualname : c->name);
    }
    dwB_puts(b, " of ");
    repr_v(b, m->self, st);
    dwB_puts(b, ">");
    break;
  }
  case V_CLASS: {
    Class *c = (Class *)v.u.o;
    if ((c->cflags & CLS_BUILTIN) && !(c->cflags & CLS_NN_MODULE))
      dwB_printf(b, "<class '%s'>", c->name->s);
    else
      dwB_printf(b, "<class '__main__.%s'>", c->name->s);
    break;
  }
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
        repr_v(b, t->items[k], st);
      }
    } else if (e->msg && e->msg->len) {
      repr_str(b, e->msg->s, e->msg->len);
    }
    dwB_putc(b, ')');
    break;
  }
  case V_ITER:
    dwB_printf(b, "<%s object at 0x%08llx>", dwV_type_name(v),
               (unsigned long long)(uintptr_t)v.u.o & 0xffffffffull);
    break;
  case V_CELL: dwB_puts(b, "<cell>"); break;
  case V_OPAQUE: {
    Opaque *op = (Opaque *)v.u.o;
    if (op->repr) op->repr(b, op->p);
    else if (op->kind == 5) dwB_puts(b, "Ellipsis");
    else if (op->kind == 7) dwB_puts(b, "NotImplemented");
    else dwB_puts(b, "<object>");
    break;
  }
  default: dwB_puts(b, "<?>"); break;
  }
}

void dwV_repr(Buf *b, Value v) {
  ReprSt st;
  st.n = 0;
  repr_v(b, v, &st);
}

void dwV_str_of(Buf *b, Value v) {
  if (v.t == V_STR) {
    dwB_putn(b, ((Str *)v.u.o)->s, ((Str *)v.u.o)->len);
  } else if (v.t == V_EXC) {
    Exc *e = (Exc *)v.u.o;
    if (e->msg) dwB_putn(b, e->msg->s, e->msg->len);
  } else {
    dwV_repr(b, v);
  }
}
