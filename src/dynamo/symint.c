/* symint.c - SymInts: Python ints computed from symbolic sizes.
 *
 * With dynamic shapes Dynamo hands traced code a SymInt for a symbolic
 * size (`x.shape[0]`, `x.size(0)`), and Python arithmetic on it (`n - 2`,
 * `n // 2`, `2 * n`) gives SymInts again, so a size computed in Python and
 * passed to a view, a slice or a factory (`x[:x.shape[0] - 2]`,
 * `x.view(n // 2, -1)`, `torch.ones(n)`) keeps the graph the same at every
 * size. Here an int read from a symbolic size carries a tag (Value.sx):
 * the index of its expression in a run-wide pool, hash-consed so that the
 * same expression is the same tag in every trace. Arithmetic on tagged
 * ints (runtime/object.c) tags the result. When the library passes a
 * tagged int to an op it notes it (dwS_note); the op recorded next
 * (trace.c dwR_op) takes, for each of its size attributes equal to a noted
 * int, that int's expression (graph.c dwG_set_sx), after checking that the
 * expression gives that very value at this trace's sizes. The graph's
 * fingerprint at other sizes (dwG_hash_sizes) then hashes the expression
 * instead of the value, and running the graph evaluates it at each call's
 * sizes (dwG_attrs_at). A tag is only a hint: an expression that does not
 * evaluate to the int's value is ignored, so a stale tag costs at most a
 * recompile, never a wrong result.
 *
 * Leaves are constants and symbols, by their number N of sN (stable across
 * traces); an expression has at most DW_SX_MAXTOK tokens. */
#include "dynamo.h"

#include <stdlib.h>
#include <string.h>

typedef struct SxNode {
  uint8_t op;    /* SxOp */
  uint8_t ntok;  /* tokens of the whole expression in postfix */
  uint32_t a, b; /* operands (tags) */
  int64_t c;     /* SX_CONST: the value; SX_SYM: the symbol's N */
} SxNode;

#define NNOTE 16

typedef struct SymPool {
  SxNode *n;
  uint32_t len, cap;
  uint32_t *tab; /* hash-consing: 0 empty, else a tag (1 + index) */
  uint32_t tabcap;
  int64_t note_v[NNOTE]; /* tagged ints passed to the library since the */
  uint32_t note_sx[NNOTE]; /* last op (a ring) */
  int nnote;
} SymPool;

#define POOL_MAX (1u << 20)

static SymPool *pool(Interp *I) {
  if (!I->sympool) I->sympool = calloc(1, sizeof(SymPool));
  return I->sympool;
}

void dwS_free(Interp *I) {
  SymPool *p = I->sympool;
  if (!p) return;
  free(p->n);
  free(p->tab);
  free(p);
  I->sympool = NULL;
}

static uint32_t node_hash(uint8_t op, uint32_t a, uint32_t b, int64_t c) {
  uint64_t h = (uint64_t)op * 0x9e3779b97f4a7c15ULL;
  h ^= ((uint64_t)a << 32 | b) + 0x632be59bd9b4e019ULL + (h << 6) + (h >> 2);
  h ^= (uint64_t)c + 0x94d049bb133111ebULL + (h << 6) + (h >> 2);
  h ^= h >> 31;
  return (uint32_t)(h * 0xbf58476d1ce4e5b9ULL >> 32);
}

static bool tab_grow(SymPool *p) {
  uint32_t cap = p->tabcap ? p->tabcap * 2 : 256;
  uint32_t *t = calloc(cap, sizeof *t);
  if (!t) return false;
  for (uint32_t k = 0; k < p->len; k++) {
    const SxNode *n = &p->n[k];
    uint32_t j = node_hash(n->op, n->a, n->b, n->c) & (cap - 1);
    while (t[j]) j = (j + 1) & (cap - 1);
    t[j] = k + 1;
  }
  free(p->tab);
  p->tab = t;
  p->tabcap = cap;
  return true;
}

/* The tag of an expression node (0: none: too big, or out of memory). */
static uint32_t mk(Interp *I, uint8_t op, uint32_t a, uint32_t b, int64_t c) {
  SymPool *p = pool(I);
  if (!p) return 0;
  int ntok = 1 + (a ? p->n[a - 1].ntok : 0) + (b ? p->n[b - 1].ntok : 0);
  if (ntok > DW_SX_MAXTOK) return 0;
  if (2 * (p->len + 1) > p->tabcap && !tab_grow(p)) return 0;
  uint32_t j = node_hash(op, a, b, c) & (p->tabcap - 1);
  for (; p->tab[j]; j = (j + 1) & (p->tabcap - 1)) {
    const SxNode *n = &p->n[p->tab[j] - 1];
    if (n->op == op && n->a == a && n->b == b && n->c == c) return p->tab[j];
  }
  if (p->len >= POOL_MAX) return 0;
  if (p->len == p->cap) {
    uint32_t cap = p->cap ? p->cap * 2 : 64;
    SxNode *q = realloc(p->n, sizeof *q * cap);
    if (!q) return 0;
    p->n = q;
    p->cap = cap;
  }
  p->n[p->len] = (SxNode){.op = op, .ntok = (uint8_t)ntok, .a = a, .b = b, .c = c};
  p->tab[j] = ++p->len;
  return p->len;
}

/* v's SymInt tag (an unbacked scalar's tag is symscalar.c's, not one) */
#define SXOF(v) (((v).sx & DW_SX_UNBACKED) ? 0u : (v).sx)

static Trace *tracing(Interp *I) { return dwR_tracing(I) ? I->frame->trace : NULL; }

uint32_t dwS_size(Interp *I, const Tensor *x, int d) {
  Trace *t = tracing(I);
  if (!t) return 0;
  int s = dwR_dim_sym(I, t, x, d);
  if (s <= 0 || s > t->syms.n || t->syms.val[s - 1] != x->shape[d]) return 0;
  return mk(I, SX_SYM, 0, 0, t->syms.no[s - 1]);
}

/* An operand: its tag, or a constant. */
static uint32_t operand(Interp *I, Value v) {
  return SXOF(v) ? SXOF(v) : mk(I, SX_CONST, 0, 0, v.u.i);
}

uint32_t dwS_binop(Interp *I, int op, Value a, Value b) {
  static const int8_t sxop[] = {[BIN_ADD] = SX_ADD, [BIN_SUB] = SX_SUB, [BIN_MUL] = SX_MUL,
                                [BIN_FLOORDIV] = SX_FLOORDIV, [BIN_MOD] = SX_MOD};
  if (!tracing(I) || a.t != V_INT || b.t != V_INT || (!SXOF(a) && !SXOF(b))) return 0;
  if (op < 0 || op >= (int)sizeof sxop || !sxop[op]) return 0;
  uint32_t x = operand(I, a), y = operand(I, b);
  return x && y ? mk(I, (uint8_t)sxop[op], x, y, 0) : 0;
}

uint32_t dwS_minmax(Interp *I, bool is_max, Value a, Value b) {
  if (!tracing(I) || a.t != V_INT || b.t != V_INT || (!SXOF(a) && !SXOF(b))) return 0;
  uint32_t x = operand(I, a), y = operand(I, b);
  return x && y ? mk(I, is_max ? SX_MAX : SX_MIN, x, y, 0) : 0;
}

uint32_t dwS_numel(Interp *I, const Tensor *x) {
  if (!tracing(I)) return 0;
  uint32_t r = 0;
  bool sym = false;
  for (int d = 0; d < x->ndim; d++) {
    uint32_t s = dwS_size(I, x, d);
    sym |= s != 0;
    uint32_t f = s ? s : mk(I, SX_CONST, 0, 0, x->shape[d]);
    r = !f ? 0 : d == 0 ? f : mk(I, SX_MUL, r, f, 0); /* r != 0 past d == 0 */
    if (!r) return 0;
  }
  return sym ? r : 0;
}

uint32_t dwS_neg(Interp *I, Value a) {
  if (!tracing(I) || a.t != V_INT || !SXOF(a)) return 0;
  return mk(I, SX_NEG, SXOF(a), 0, 0);
}

void dwS_note_slow(Interp *I, Value v) {
  SymPool *p = tracing(I) && v.t == V_INT && SXOF(v) ? pool(I) : NULL;
  if (!p) return;
  p->note_v[p->nnote % NNOTE] = v.u.i;
  p->note_sx[p->nnote % NNOTE] = SXOF(v);
  p->nnote++;
}

/* The postfix tokens of tag sx with symbols as indices into t->syms;
 * the count, 0 when a symbol is not one of t's. */
static int tokens(const SymPool *p, const Trace *t, uint32_t sx, int64_t *tok, int n) {
  const SxNode *e = &p->n[sx - 1];
  if (e->a && !(n = tokens(p, t, e->a, tok, n))) return 0;
  if (e->b && !(n = tokens(p, t, e->b, tok, n))) return 0;
  int64_t arg = e->c;
  if (e->op == SX_SYM) {
    arg = -1;
    for (int k = 0; k < t->syms.n && arg < 0; k++)
      if (t->syms.no[k] == e->c) arg = k;
    if (arg < 0) return 0;
  }
  tok[2 * n] = e->op;
  tok[2 * n + 1] = arg;
  return n + 1;
}

bool dwS_compare(Interp *I, int cmp, Value a, Value b, bool result) {
  static const uint8_t inverse[] = {CMP_NE, CMP_EQ, CMP_GE, CMP_GT, CMP_LE, CMP_LT};
  Trace *t = tracing(I);
  if (!t || cmp < CMP_EQ || cmp > CMP_GE || a.t != V_INT || b.t != V_INT || (!SXOF(a) && !SXOF(b)))
    return true;
  uint32_t x = operand(I, a), y = operand(I, b);
  SymPool *p = I->sympool;
  if (!x || !y || !p) return true;
  int64_t l[2 * DW_SX_MAXTOK], r[2 * DW_SX_MAXTOK], symv[DW_MAXSYM], lv, rv;
  int nl = tokens(p, t, x, l, 0), nr = tokens(p, t, y, r, 0);
  for (int k = 0; k < DW_MAXSYM; k++) symv[k] = k < t->syms.n ? t->syms.val[k] : -1;
  if (!nl || !nr || !dwG_sx_eval(l, nl, symv, &lv) || !dwG_sx_eval(r, nr, symv, &rv) ||
      lv != a.u.i || rv != b.u.i)
    return true;
  /* the guard is what held: `n == 3` false guards n != 3 */
  return dwR_guard_sym(I, t, result ? cmp : inverse[cmp], l, nl, r, nr);
}

/* Which integer attributes of an op may be sizes computed in Python. */
static bool size_attr(const GNode *nd, int j) {
  switch (nd->op) {
  case OP_SLICE: /* start, stop; not given from the end (x[-3:]) */
    return (j == 1 || j == 2) && !(nd->at.from_end >> (j - 1) & 1);
  case OP_SELECT:
    return j == 1 && !(nd->at.from_end & 1);
  case OP_RESHAPE:
  case OP_EXPAND:
  case OP_FULL:
  case OP_RAND:
    return true;
  case OP_ARANGE:
    return j == 0;
  default:
    return false;
  }
}

/* Gives attribute j of node id (-1: an OP_CONST's value) the expression
 * of a noted int equal to v, if one evaluates to v at t's sizes. */
static void attach_one(Interp *I, SymPool *p, Trace *t, int id, int j, int64_t v, uint32_t *used) {
  int n = p->nnote < NNOTE ? p->nnote : NNOTE;
  int64_t symv[DW_MAXSYM];
  for (int k = 0; k < DW_MAXSYM; k++) symv[k] = k < t->syms.n ? t->syms.val[k] : -1;
  for (int k = 0; k < n; k++) {
    if (*used >> k & 1 || p->note_v[k] != v || !p->note_sx[k] || p->note_sx[k] > p->len) continue;
    int64_t tok[2 * DW_SX_MAXTOK], r;
    int nt = tokens(p, t, p->note_sx[k], tok, 0);
    if (!nt || !dwG_sx_eval(tok, nt, symv, &r) || r != v) continue;
    bool known = true; /* the graph must see the sizes it uses */
    for (int q = 0; q < nt && known; q++)
      if (tok[2 * q] == SX_SYM) known = dwR_sym_input(I, t, (int)tok[2 * q + 1]);
    if (!known) continue;
    *used |= 1u << k;
    dwG_set_sx(&t->g, id, j, tok, nt);
    return;
  }
}

void dwS_attach(Interp *I, Trace *t, int id) {
  SymPool *p = I->sympool;
  if (!p || !p->nnote) return;
  if (id >= 0 && id < t->g.n) {
    /* (lifting an input for a symbol may move the nodes: by index) */
    uint32_t used = 0;
    for (int j = 0; j < t->g.nodes[id].at.ni && j < DW_MAXDIM + 2; j++)
      if (size_attr(&t->g.nodes[id], j)) attach_one(I, p, t, id, j, t->g.nodes[id].at.i[j], &used);
    for (int k = 0; k < t->g.nodes[id].nin; k++) { /* x * x.shape[0]: a SymInt operand */
      int c = t->g.nodes[id].in[k], nt;
      const GNode *cn = &t->g.nodes[c];
      if (cn->op == OP_CONST && !dwT_is_float((DType)cn->meta.dtype) && cn->meta.dtype != DT_BOOL &&
          !dwG_sx(&t->g, cn, -1, &nt))
        attach_one(I, p, t, c, -1, (int64_t)cn->value, &used);
    }
  }
  p->nnote = 0;
}
