/* live.c - which locals a compiled frame may still read after a graph
 * break: Dynamo's livevars_analysis (bytecode_analysis.py), which its
 * prune_dead_locals uses before compile_subgraph, done over the AST.
 *
 * It matters in one place: at a data-dependent jump Dynamo compiles even a
 * graph without ops when every value it must keep (the stack and the
 * modified live locals) is a distinct tensor and no side effect is pending
 * (OutputGraph.compile_subgraph, the "all stack values are tensors" path);
 * CompileCounter then counts a frame with no ops.
 *
 * Liveness is computed backwards over statements (a name is live when some
 * path reads it before writing it). Loops, try and with are taken
 * conservatively (every name read in them is live, none killed): an
 * in-place jump is never inside a loop of the root frame (loops have their
 * own rules, trace.c), so only code after it can be a loop. */
#include "dynamo.h"

#include <stdlib.h>
#include <string.h>

typedef struct Live {
  uint8_t *s; /* one byte per slot of the code */
  int n;
} Live;

static void mark(Live *L, Node *name) {
  if (name->kind == N_NAME && name->scope == RS_LOCAL && name->slot >= 0 &&
      name->slot < L->n)
    L->s[name->slot] = 1;
}

static void kill(Live *L, Node *name) {
  if (name->kind == N_NAME && name->scope == RS_LOCAL && name->slot >= 0 &&
      name->slot < L->n)
    L->s[name->slot] = 0;
}

static void reads_list(Live *L, NodeList *l);

/* The names an expression reads, in this code (not in the bodies of the
 * lambdas and comprehensions it makes: those are codes of their own). */
static void reads(Live *L, Node *e) {
  if (!e) return;
  switch (e->kind) {
  case N_NAME:
    mark(L, e);
    return;
  case N_LAMBDA:
    if (e->params)
      for (int k = 0; k < e->params->n; k++) reads(L, e->params->defaults[k]);
    return;
  case N_LISTCOMP:
  case N_DICTCOMP:
  case N_SETCOMP:
  case N_GENEXP:
    /* the first iterable is evaluated in the enclosing code */
    if (e->kids.n) reads(L, e->kids.v[0]->b);
    return;
  default:
    break;
  }
  reads(L, e->a);
  reads(L, e->b);
  reads(L, e->c);
  reads_list(L, &e->kids);
}

static void reads_list(Live *L, NodeList *l) {
  for (int k = 0; k < l->n; k++) reads(L, l->v[k]);
}

/* Every name read anywhere in a statement (conservative: no kills). */
static void reads_all(Live *L, Node *s);
static void reads_all_list(Live *L, NodeList *l) {
  for (int k = 0; k < l->n; k++) reads_all(L, l->v[k]);
}
static void reads_all(Live *L, Node *s) {
  if (!s) return;
  switch (s->kind) {
  case N_DEF:
  case N_CLASS:
    reads_list(L, &s->decos);
    if (s->params)
      for (int k = 0; k < s->params->n; k++) reads(L, s->params->defaults[k]);
    if (s->kind == N_CLASS) reads_list(L, &s->kids);
    return;
  case N_IF:
  case N_WHILE:
  case N_FOR:
  case N_TRY:
  case N_WITH:
  case N_HANDLER:
    reads(L, s->a);
    reads(L, s->b);
    for (int k = 0; k < s->kids.n; k++) {
      Node *x = s->kids.v[k];
      if (x->kind == N_HANDLER || x->kind == N_WITHITEM) reads_all(L, x);
      else reads(L, x);
    }
    reads_all_list(L, &s->body);
    reads_all_list(L, &s->orelse);
    reads_all_list(L, &s->finalbody);
    return;
  case N_WITHITEM:
    reads(L, s->a);
    return;
  default:
    reads(L, s->a);
    reads(L, s->b);
    reads(L, s->c);
    reads_list(L, &s->kids);
    return;
  }
}

/* An assignment target: names are killed, the parts of attribute and
 * subscript targets are read. */
static void assign_target(Live *L, Node *t) {
  switch (t->kind) {
  case N_NAME:
    kill(L, t);
    return;
  case N_TUPLE:
  case N_LIST:
    for (int k = 0; k < t->kids.n; k++) assign_target(L, t->kids.v[k]);
    return;
  case N_STARRED:
    assign_target(L, t->a);
    return;
  default:
    reads(L, t->a);
    reads(L, t->b);
    return;
  }
}

static void live_block(Live *L, NodeList *b, int from);

/* Live before s, given L live after it. */
static void live_stmt(Live *L, Node *s) {
  switch (s->kind) {
  case N_EXPR:
  case N_ASSERT:
    reads(L, s->a);
    reads(L, s->b);
    return;
  case N_ASSIGN:
    for (int k = 0; k < s->kids.n; k++) assign_target(L, s->kids.v[k]);
    reads(L, s->a);
    return;
  case N_ANNASSIGN:
    if (s->b) {
      assign_target(L, s->a);
      reads(L, s->b);
    }
    return;
  case N_AUGASSIGN:
    if (s->a->kind == N_NAME) mark(L, s->a);
    else assign_target(L, s->a);
    reads(L, s->b);
    return;
  case N_RETURN:
  case N_RAISE:
    memset(L->s, 0, (size_t)L->n);
    reads(L, s->a);
    reads(L, s->b);
    return;
  case N_IF: {
    Live other = {malloc((size_t)L->n + 1), L->n};
    if (!other.s) {
      reads_all(L, s);
      return;
    }
    memcpy(other.s, L->s, (size_t)L->n);
    live_block(&other, &s->body, 0);
    live_block(L, &s->orelse, 0);
    for (int k = 0; k < L->n; k++) L->s[k] |= other.s[k];
    free(other.s);
    reads(L, s->a);
    return;
  }
  case N_DEL:
    for (int k = 0; k < s->kids.n; k++) assign_target(L, s->kids.v[k]);
    return;
  case N_DEF:
  case N_CLASS:
    reads_all(L, s); /* decorators, defaults, bases */
    return;
  case N_BREAK:
  case N_CONTINUE:
  case N_PASS:
  case N_GLOBAL:
  case N_NONLOCAL:
  case N_IMPORT:
  case N_FROMIMPORT:
    return;
  default: /* loops, try, with: conservative */
    reads_all(L, s);
    return;
  }
}

static void live_block(Live *L, NodeList *b, int from) {
  for (int k = b->n - 1; k >= from; k--) live_stmt(L, b->v[k]);
}

static bool is_loop(const Node *s) { return s->kind == N_FOR || s->kind == N_WHILE; }

/* Live right after statement s of code (climbing out of its blocks). */
static void live_out(Live *L, Code *code, Node *s) {
  Node *p = s->parent;
  if (p) {
    live_out(L, code, p);
    if (is_loop(p)) reads_all(L, p); /* the next iteration */
  } else {
    memset(L->s, 0, (size_t)L->n);
  }
  NodeList *blk = !p ? &code->node->body
                  : s->block == 0 ? &p->body
                  : s->block == 1 ? &p->orelse
                                  : &p->finalbody;
  live_block(L, blk, s->index + 1);
}

/* The names read by the parts of `test` evaluated after `operand`. */
static bool reads_after(Live *L, Node *e, Node *operand, bool found) {
  if (!e) return found;
  if (e == operand) return true;
  if (found) {
    reads(L, e);
    return true;
  }
  switch (e->kind) {
  case N_BOOLOP:
    for (int k = 0; k < e->kids.n; k++) found = reads_after(L, e->kids.v[k], operand, found);
    return found;
  case N_UNARY:
    return reads_after(L, e->a, operand, found);
  default:
    return found;
  }
}

uint8_t *dwN_live_at_jump(Trace *t, Node *stmt, Node *operand) {
  Code *code = t->root->code;
  Live L = {calloc((size_t)code->nslots + 1, 1), code->nslots};
  if (!L.s) return NULL;
  /* what is live at the jump: both targets and the rest of the test */
  live_out(&L, code, stmt);
  if (stmt->kind == N_IF) {
    Live other = {malloc((size_t)L.n + 1), L.n};
    if (other.s) {
      memcpy(other.s, L.s, (size_t)L.n);
      live_block(&other, &stmt->body, 0);
      live_block(&L, &stmt->orelse, 0);
      for (int k = 0; k < L.n; k++) L.s[k] |= other.s[k];
      free(other.s);
    } else {
      reads_all(&L, stmt);
    }
  } else if (stmt->kind == N_WHILE) {
    reads_all(&L, stmt);
  }
  reads_after(&L, stmt->a, operand, false);
  return L.s;
}

bool dwN_all_tensor_stack(Interp *I, Trace *t, Tensor *cond, Node *stmt, Node *operand) {
  (void)I;
  Frame *f = t->root;
  Code *code = f->code;
  if (!stmt || !dwR_only_local_effects(t, false)) return false;
  Live L = {dwN_live_at_jump(t, stmt, operand), code->nslots};
  if (!L.s) return false;
  /* the modified live locals must be distinct tensors, and not cond */
  bool ok = true;
  Tensor *seen[64];
  int nseen = 0;
  seen[nseen++] = cond;
  for (int k = 0; ok && k < code->nslots; k++) {
    if (!L.s[k] || !t->written[k] || code->slotcell[k]) continue;
    Value v = f->slots[k];
    if (v.t != V_TENSOR) {
      ok = false; /* unbound (NULL) or not a tensor */
      break;
    }
    for (int j = 0; j < nseen; j++)
      if (seen[j] == (Tensor *)v.u.o) ok = false;
    if (nseen < 64) seen[nseen++] = (Tensor *)v.u.o;
    else ok = false;
  }
  free(L.s);
  return ok;
}
