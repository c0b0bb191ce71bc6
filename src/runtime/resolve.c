/* resolve.c - scopes: decides once, after parsing, where every name lives
 * (local slot, closure cell, enclosing cell, global slot, class namespace),
 * builds a Code per function/lambda/comprehension/class body/module, and
 * links statements to their parents (the tracer's resume points).
 *
 *   pass 1  collect: scopes, bindings and declarations; every name use
 *   pass 2  captures: a use that binds in an enclosing function makes the
 *           definer's variable a cell and threads it through the scopes
 *           in between as a free variable
 *   pass 3  slots: parameters first, then other locals; free vars indexed;
 *           every N_NAME gets its (scope, slot)
 */
#include "interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum SymFlags {
  SY_BOUND = 1,    /* assigned / defined / imported / a parameter here */
  SY_GLOBAL = 2,   /* declared `global` */
  SY_NONLOCAL = 4, /* declared `nonlocal` */
  SY_PARAM = 8,    /* a parameter */
  SY_CELL = 16,    /* bound here and captured by an inner scope */
  SY_FREE = 32,    /* comes from an enclosing scope's cell */
  SY_USED = 64     /* read here */
};

typedef struct Sym {
  Str *name;
  int flags;
  int slot;   /* local slot (SY_BOUND/SY_CELL) */
  int free;   /* free index (SY_FREE) */
  Node *site; /* the `nonlocal` declaration (errors point at it) */
} Sym;

enum ScopeKind { SC_MODULE, SC_FUNCTION, SC_CLASS, SC_COMP };

typedef struct Scope {
  int kind;
  Code *code;
  struct Scope *parent;
  Sym *syms;
  int nsyms, capsyms;
  int nfree;
} Scope;

typedef struct Use {
  Node *node;  /* N_NAME (or N_DEF/N_CLASS/N_ALIAS... binding sites) */
  Scope *scope;
} Use;

typedef struct Resolver {
  Interp *I;
  Arena *a;
  Scope **scopes;
  int nscopes, capscopes;
  Use *uses;
  int nuses, capuses;
  bool failed;
  Node *stmt;     /* the statement being walked */
  Node *yield_ok; /* the one place a yield may be: that statement's value */
  int err_line, err_col;
  char err[200];
} Resolver;

static void *grow(Arena *a, void *p, int n, int *cap, size_t elt) {
  if (n < *cap) return p;
  int nc = *cap ? *cap * 2 : 16;
  void *q = dwA_alloc(a, (size_t)nc * elt);
  if (q && p) memcpy(q, p, (size_t)n * elt);
  *cap = nc;
  return q;
}

static Sym *sym_find(Scope *s, Str *name) {
  for (int k = 0; k < s->nsyms; k++)
    if (s->syms[k].name == name) return &s->syms[k];
  return NULL;
}

static Sym *sym_add(Resolver *R, Scope *s, Str *name) {
  Sym *y = sym_find(s, name);
  if (y) return y;
  s->syms = grow(R->a, s->syms, s->nsyms, &s->capsyms, sizeof(Sym));
  y = &s->syms[s->nsyms++];
  memset(y, 0, sizeof *y);
  y->name = name;
  y->slot = y->free = -1;
  return y;
}

static Scope *scope_new(Resolver *R, int kind, Scope *parent, Node *node,
                        const char *name) {
  Scope *s = dwA_alloc(R->a, sizeof(Scope));
  Code *c = dwA_alloc(R->a, sizeof(Code));
  s->kind = kind;
  s->parent = parent;
  s->code = c;
  c->node = node;
  c->name = name;
  c->qualname = name;
  if (parent && parent->kind != SC_MODULE && parent->code->qualname) {
    /* __qualname__: "A.f", "outer.<locals>.inner" */
    const char *pq = parent->code->qualname;
    const char *mid = parent->kind == SC_CLASS ? "." : ".<locals>.";
    size_t n = strlen(pq) + strlen(mid) + strlen(name) + 1;
    char *q = dwA_alloc(R->a, n);
    if (q) {
      snprintf(q, n, "%s%s%s", pq, mid, name);
      c->qualname = q;
    }
  }
  c->parent = parent ? parent->code : NULL;
  c->firstline = node ? node->line : 1;
  c->is_module = kind == SC_MODULE;
  c->is_class = kind == SC_CLASS;
  c->is_comp = kind == SC_COMP;
  R->scopes = grow(R->a, R->scopes, R->nscopes, &R->capscopes, sizeof(Scope *));
  R->scopes[R->nscopes++] = s;
  if (node) node->code = c;
  Interp *I = R->I;
  if (I->ncodes == I->capcodes) {
    int cap = I->capcodes ? I->capcodes * 2 : 16;
    Code **p = realloc(I->codes, sizeof(Code *) * (size_t)cap);
    if (p) {
      I->codes = p;
      I->capcodes = cap;
    }
  }
  if (I->ncodes < I->capcodes) I->codes[I->ncodes++] = c;
  return s;
}

static void fail(Resolver *R, Node *n, const char *msg, const char *name) {
  if (R->failed) return;
  R->failed = true;
  R->err_line = n ? n->line : 1;
  R->err_col = n ? n->col : 0;
  snprintf(R->err, sizeof R->err, msg, name);
}

static Str *intern(Resolver *R, const char *s) { return dwI_intern(R->I, s); }

static void bind(Resolver *R, Scope *s, Str *name, Node *site) {
  Sym *y = sym_add(R, s, name);
  if ((y->flags & SY_NONLOCAL) && s->kind == SC_MODULE)
    fail(R, site, "nonlocal declaration not allowed at module level%s", "");
  y->flags |= SY_BOUND;
}

static void add_use(Resolver *R, Scope *s, Node *n) {
  R->uses = grow(R->a, R->uses, R->nuses, &R->capuses, sizeof(Use));
  R->uses[R->nuses++] = (Use){n, s};
}

static void walk_expr(Resolver *R, Scope *s, Node *n);
static void walk_block(Resolver *R, Scope *s, NodeList *b, Node *parent,
                       int which);

/* Assignment targets: names are bound, the rest evaluated. */
static void walk_target(Resolver *R, Scope *s, Node *t) {
  if (!t) return;
  switch (t->kind) {
  case N_NAME:
    t->str = intern(R, t->s);
    bind(R, s, t->str, t);
    add_use(R, s, t);
    break;
  case N_TUPLE:
  case N_LIST:
    for (int k = 0; k < t->kids.n; k++) walk_target(R, s, t->kids.v[k]);
    break;
  case N_STARRED:
    walk_target(R, s, t->a);
    break;
  default:
    walk_expr(R, s, t);
    break;
  }
}

static void walk_params_defaults(Resolver *R, Scope *outer, Params *p) {
  if (!p) return;
  for (int k = 0; k < p->n; k++)
    if (p->defaults && p->defaults[k]) walk_expr(R, outer, p->defaults[k]);
}

static void bind_params(Resolver *R, Scope *s, Params *p) {
  if (!p) return;
  for (int k = 0; k < p->n; k++) {
    Sym *y = sym_add(R, s, intern(R, p->names[k]));
    if (y->flags & SY_PARAM)
      fail(R, NULL, "duplicate argument '%s' in function definition",
           p->names[k]);
    y->flags |= SY_BOUND | SY_PARAM;
  }
  if (p->vararg) sym_add(R, s, intern(R, p->vararg))->flags |= SY_BOUND | SY_PARAM;
  if (p->kwarg) sym_add(R, s, intern(R, p->kwarg))->flags |= SY_BOUND | SY_PARAM;
}

/* Comprehensions: the first iterable belongs to the enclosing scope. */
static void walk_comp(Resolver *R, Scope *s, Node *n, const char *name) {
  if (n->kids.n > 0) walk_expr(R, s, n->kids.v[0]->b);
  Scope *c = scope_new(R, SC_COMP, s, n, name);
  for (int k = 0; k < n->kids.n; k++) {
    Node *g = n->kids.v[k];
    if (k > 0) walk_expr(R, c, g->b);
    walk_target(R, c, g->a);
    for (int j = 0; j < g->kids.n; j++) walk_expr(R, c, g->kids.v[j]);
  }
  walk_expr(R, c, n->a);
  if (n->b) walk_expr(R, c, n->b);
}

static void walk_expr(Resolver *R, Scope *s, Node *n) {
  if (!n || R->failed) return;
  switch (n->kind) {
  case N_NAME:
    n->str = intern(R, n->s);
    sym_add(R, s, n->str)->flags |= SY_USED;
    add_use(R, s, n);
    return;
  case N_ATTR:
    n->str = intern(R, n->s);
    walk_expr(R, s, n->a);
    return;
  case N_KEYWORD:
    if (n->s) n->str = intern(R, n->s);
    walk_expr(R, s, n->a);
    return;
  case N_LAMBDA: {
    walk_params_defaults(R, s, n->params);
    Scope *f = scope_new(R, SC_FUNCTION, s, n, "<lambda>");
    bind_params(R, f, n->params);
    walk_expr(R, f, n->a);
    /* the body becomes `return <expr>`, so a lambda runs (and is traced,
     * broken and resumed) like any function body */
    if (!n->body.n) {
      Node *ret = dwA_alloc(R->a, sizeof(Node));
      Node **v = dwA_alloc(R->a, sizeof(Node *));
      if (ret && v) {
        ret->kind = N_RETURN;
        ret->a = n->a;
        ret->line = n->a ? n->a->line : n->line;
        ret->col = n->a ? n->a->col : n->col;
        ret->end_line = n->end_line;
        ret->end_col = n->end_col;
        v[0] = ret;
        n->body.v = v;
        n->body.n = 1;
      }
    }
    return;
  }
  case N_LISTCOMP:
    walk_comp(R, s, n, "<listcomp>");
    return;
  case N_DICTCOMP:
    walk_comp(R, s, n, "<dictcomp>");
    return;
  case N_SETCOMP:
    walk_comp(R, s, n, "<setcomp>");
    return;
  case N_GENEXP:
    walk_comp(R, s, n, "<genexpr>");
    return;
  case N_YIELD:
  case N_YIELDFROM:
    if (s->kind == SC_COMP) {
      const char *cn = s->code->name;
      fail(R, n, "'yield' inside %s",
           !strcmp(cn, "<listcomp>")   ? "list comprehension"
           : !strcmp(cn, "<dictcomp>") ? "dict comprehension"
           : !strcmp(cn, "<setcomp>")  ? "set comprehension"
                                       : "generator expression");
      return;
    }
    if (s->kind != SC_FUNCTION) {
      fail(R, n, "'yield' outside function%s", "");
      return;
    }
    if (n != R->yield_ok || (s->code->node && s->code->node->kind == N_LAMBDA)) {
      /* the generators of runtime/gen.c resume statement by statement */
      fail(R, n,
           "'yield' is supported as a statement (yield x, yield from g) and as the value "
           "of an assignment (y = yield x) only, not inside another expression%s",
           "");
      return;
    }
    s->code->is_gen = true;
    for (Node *p = R->stmt; p; p = p->parent) p->flags |= NF_YIELD;
    walk_expr(R, s, n->a);
    return;
  case N_NAMEDEXPR: {
    walk_expr(R, s, n->a);
    /* the target binds in the nearest non-comprehension scope */
    Scope *t = s;
    while (t->kind == SC_COMP && t->parent) t = t->parent;
    n->str = intern(R, n->s);
    bind(R, t, n->str, n);
    if (t != s) sym_add(R, s, n->str)->flags |= SY_USED;
    add_use(R, s, n);
    return;
  }
  default:
    break;
  }
  walk_expr(R, s, n->a);
  walk_expr(R, s, n->b);
  walk_expr(R, s, n->c);
  for (int k = 0; k < n->kids.n; k++) walk_expr(R, s, n->kids.v[k]);
}

static void walk_stmt(Resolver *R, Scope *s, Node *n) {
  if (R->failed) return;
  R->stmt = n;
  R->yield_ok = n->kind == N_EXPR || n->kind == N_ASSIGN ? n->a : NULL;
  switch (n->kind) {
  case N_EXPR:
    walk_expr(R, s, n->a);
    break;
  case N_ASSIGN:
    walk_expr(R, s, n->a);
    for (int k = 0; k < n->kids.n; k++) walk_target(R, s, n->kids.v[k]);
    break;
  case N_AUGASSIGN:
    walk_expr(R, s, n->b);
    if (n->a->kind == N_NAME) {
      n->a->str = intern(R, n->a->s);
      Sym *y = sym_add(R, s, n->a->str);
      y->flags |= SY_USED;
      bind(R, s, n->a->str, n->a);
      add_use(R, s, n->a);
    } else {
      walk_expr(R, s, n->a);
    }
    break;
  case N_ANNASSIGN:
    walk_expr(R, s, n->b);
    if (n->b) walk_target(R, s, n->a);
    else if (n->a->kind != N_NAME) walk_expr(R, s, n->a);
    break;
  case N_IF:
  case N_WHILE:
    walk_expr(R, s, n->a);
    walk_block(R, s, &n->body, n, 0);
    walk_block(R, s, &n->orelse, n, 1);
    break;
  case N_FOR:
    walk_expr(R, s, n->b);
    walk_target(R, s, n->a);
    walk_block(R, s, &n->body, n, 0);
    walk_block(R, s, &n->orelse, n, 1);
    break;
  case N_RETURN:
    walk_expr(R, s, n->a);
    break;
  case N_DEF: {
    for (int k = 0; k < n->decos.n; k++) walk_expr(R, s, n->decos.v[k]);
    walk_params_defaults(R, s, n->params);
    n->str = intern(R, n->s);
    bind(R, s, n->str, n);
    add_use(R, s, n);
    Scope *f = scope_new(R, SC_FUNCTION, s, n, n->s);
    bind_params(R, f, n->params);
    walk_block(R, f, &n->body, NULL, 0);
    break;
  }
  case N_CLASS: {
    for (int k = 0; k < n->decos.n; k++) walk_expr(R, s, n->decos.v[k]);
    for (int k = 0; k < n->kids.n; k++) walk_expr(R, s, n->kids.v[k]);
    n->str = intern(R, n->s);
    bind(R, s, n->str, n);
    add_use(R, s, n);
    Scope *c = scope_new(R, SC_CLASS, s, n, n->s);
    walk_block(R, c, &n->body, NULL, 0);
    break;
  }
  case N_IMPORT:
  case N_FROMIMPORT:
    for (int k = 0; k < n->kids.n; k++) {
      Node *al = n->kids.v[k];
      const char *bound = al->s2;
      char first[128];
      if (!bound) {
        if (n->kind == N_IMPORT) {
          /* `import torch.nn` binds `torch` */
          size_t len = strcspn(al->s, ".");
          if (len >= sizeof first) len = sizeof first - 1;
          memcpy(first, al->s, len);
          first[len] = 0;
          bound = first;
        } else {
          bound = al->s;
        }
      }
      if (!strcmp(bound, "*")) {
        fail(R, al, "'import *' is not supported%s", "");
        break;
      }
      al->str = intern(R, bound);
      bind(R, s, al->str, al);
      add_use(R, s, al);
    }
    break;
  case N_GLOBAL:
  case N_NONLOCAL:
    for (int k = 0; k < n->kids.n; k++) {
      Node *nm = n->kids.v[k];
      nm->str = intern(R, nm->s);
      Sym *y = sym_add(R, s, nm->str);
      if (y->flags & (SY_BOUND | SY_USED)) {
        fail(R, nm,
             n->kind == N_GLOBAL
                 ? "name '%s' is used prior to global declaration"
                 : "name '%s' is used prior to nonlocal declaration",
             nm->s);
      }
      y->flags |= n->kind == N_GLOBAL ? SY_GLOBAL : SY_NONLOCAL;
      if (n->kind == N_NONLOCAL && !y->site) y->site = nm;
      if (n->kind == N_NONLOCAL && s->kind == SC_MODULE)
        fail(R, nm, "nonlocal declaration not allowed at module level%s", "");
    }
    break;
  case N_ASSERT:
    walk_expr(R, s, n->a);
    walk_expr(R, s, n->b);
    break;
  case N_RAISE:
    walk_expr(R, s, n->a);
    walk_expr(R, s, n->b);
    break;
  case N_TRY:
    walk_block(R, s, &n->body, n, 0);
    for (int k = 0; k < n->kids.n; k++) {
      Node *h = n->kids.v[k];
      h->parent = n;
      h->index = k;
      walk_expr(R, s, h->a);
      if (h->s) {
        h->str = intern(R, h->s);
        bind(R, s, h->str, h);
        add_use(R, s, h);
      }
      walk_block(R, s, &h->body, h, 3);
    }
    walk_block(R, s, &n->orelse, n, 1);
    walk_block(R, s, &n->finalbody, n, 2);
    break;
  case N_DEL:
    for (int k = 0; k < n->kids.n; k++) walk_target(R, s, n->kids.v[k]);
    break;
  case N_WITH:
    for (int k = 0; k < n->kids.n; k++) {
      walk_expr(R, s, n->kids.v[k]->a);
      walk_target(R, s, n->kids.v[k]->b);
    }
    walk_block(R, s, &n->body, n, 0);
    break;
  default:
    break;
  }
}

static void walk_block(Resolver *R, Scope *s, NodeList *b, Node *parent,
                       int which) {
  for (int k = 0; k < b->n; k++) {
    Node *st = b->v[k];
    st->parent = parent;
    st->index = k;
    st->block = (uint8_t)which;
    walk_stmt(R, s, st);
  }
}

/* Is `y` a local of a function-like scope? */
static bool is_local(Scope *s, Sym *y) {
  return s->kind != SC_MODULE && (y->flags & SY_BOUND) &&
         !(y->flags & (SY_GLOBAL | SY_NONLOCAL));
}

/* Pass 2: find the definer of a free name; mark cells and thread frees. */
static void capture(Resolver *R, Scope *s, Sym *y, Node *at) {
  Scope *d = s->parent;
  while (d) {
    if (d->kind == SC_FUNCTION || d->kind == SC_COMP) {
      Sym *dy = sym_find(d, y->name);
      if (dy && is_local(d, dy)) break;
      if (dy && (dy->flags & SY_GLOBAL)) return; /* global there */
    }
    if (d->kind == SC_MODULE) d = NULL;
    else d = d->parent;
  }
  if (!d) {
    if (y->flags & SY_NONLOCAL)
      fail(R, y->site ? y->site : at, "no binding for nonlocal '%s' found", y->name->s);
    return;
  }
  sym_find(d, y->name)->flags |= SY_CELL;
  for (Scope *t = s; t != d; t = t->parent) {
    if (t->kind == SC_CLASS && t != s) continue;
    Sym *ty = sym_add(R, t, y->name);
    ty->flags |= SY_FREE;
  }
}

static void assign_slots(Resolver *R, Scope *s) {
  Code *c = s->code;
  int n = 0;
  Node *fn = c->node;
  Params *p = fn && (fn->kind == N_DEF || fn->kind == N_LAMBDA) ? fn->params : NULL;
  /* parameters first, in declaration order */
  if (p) {
    for (int k = 0; k < p->n; k++) sym_find(s, intern(R, p->names[k]))->slot = n++;
    if (p->vararg) sym_find(s, intern(R, p->vararg))->slot = n++;
    if (p->kwarg) sym_find(s, intern(R, p->kwarg))->slot = n++;
    c->nparams = p->n;
  }
  for (int k = 0; k < s->nsyms; k++) {
    Sym *y = &s->syms[k];
    if (is_local(s, y) && s->kind != SC_CLASS && y->slot < 0) y->slot = n++;
  }
  c->nslots = n;
  c->slotnames = dwA_alloc(R->a, sizeof(Str *) * (size_t)(n + 1));
  c->slotcell = dwA_alloc(R->a, (size_t)(n + 1));
  for (int k = 0; k < s->nsyms; k++) {
    Sym *y = &s->syms[k];
    if (y->slot >= 0) {
      c->slotnames[y->slot] = y->name;
      c->slotcell[y->slot] = (y->flags & SY_CELL) ? 1 : 0;
    }
  }
  int nf = 0;
  for (int k = 0; k < s->nsyms; k++)
    if ((s->syms[k].flags & SY_FREE) && !is_local(s, &s->syms[k]))
      s->syms[k].free = nf++;
  c->nfree = nf;
  c->freenames = dwA_alloc(R->a, sizeof(Str *) * (size_t)(nf + 1));
  c->freefrom = dwA_alloc(R->a, sizeof(int) * (size_t)(nf + 1));
  for (int k = 0; k < s->nsyms; k++) {
    Sym *y = &s->syms[k];
    if (y->free < 0) continue;
    c->freenames[y->free] = y->name;
    /* where the enclosing function-like scope keeps it */
    Scope *e = s->parent;
    while (e && e->kind == SC_CLASS) e = e->parent;
    Sym *ey = e ? sym_find(e, y->name) : NULL;
    if (ey && ey->slot >= 0 && (ey->flags & SY_CELL) && is_local(e, ey))
      c->freefrom[y->free] = ey->slot;
    else if (ey && ey->free >= 0)
      c->freefrom[y->free] = -1 - ey->free;
    else
      fail(R, c->node, "internal error: cannot find closure variable '%s'",
           y->name->s);
  }
}

int dwI_global_slot(Interp *I, Str *name);

static void resolve_use(Resolver *R, Use *u) {
  Node *n = u->node;
  Scope *s = u->scope;
  Str *name = n->str;
  Sym *y = sym_find(s, name);
  if (s->kind == SC_MODULE || (y && (y->flags & SY_GLOBAL))) {
    n->scope = RS_GLOBAL;
    n->slot = dwI_global_slot(R->I, name);
    return;
  }
  if (s->kind == SC_CLASS && y && (y->flags & SY_BOUND) &&
      !(y->flags & SY_NONLOCAL)) {
    n->scope = RS_CLASS;
    n->slot = dwI_global_slot(R->I, name);
    return;
  }
  if (y && y->slot >= 0 && is_local(s, y)) {
    n->scope = (y->flags & SY_CELL) ? RS_CELL : RS_LOCAL;
    n->slot = y->slot;
    return;
  }
  if (y && y->free >= 0) {
    n->scope = RS_FREE;
    n->slot = y->free;
    return;
  }
  n->scope = s->kind == SC_CLASS ? RS_CLASS : RS_GLOBAL;
  n->slot = dwI_global_slot(R->I, name);
}

bool dwI_resolve(Interp *I, Node *module, Code **out) {
  Resolver R = {0};
  R.I = I;
  R.a = &I->arena;
  Scope *m = scope_new(&R, SC_MODULE, NULL, module, "<module>");
  walk_block(&R, m, &module->body, NULL, 0);
  /* pass 2: captures (free names of function-like and class scopes) */
  for (int k = 0; k < R.nscopes && !R.failed; k++) {
    Scope *s = R.scopes[k];
    if (s->kind == SC_MODULE) continue;
    for (int j = 0; j < s->nsyms; j++) {
      Sym *y = &s->syms[j];
      if (y->flags & SY_GLOBAL) continue;
      bool local = is_local(s, y) && s->kind != SC_CLASS;
      if (s->kind == SC_CLASS && (y->flags & SY_BOUND)) continue;
      if (!local && ((y->flags & (SY_USED | SY_NONLOCAL)) ||
                     ((y->flags & SY_BOUND) && (y->flags & SY_NONLOCAL))))
        capture(&R, s, y, s->code->node);
    }
  }
  /* nonlocal names are free variables of their scope */
  for (int k = 0; k < R.nscopes && !R.failed; k++)
    assign_slots(&R, R.scopes[k]);
  for (int k = 0; k < R.nuses && !R.failed; k++) resolve_use(&R, &R.uses[k]);
  if (R.failed) {
    dwI_raise(I, EXC_SyntaxError, "%s", R.err);
    if (I->exc.t == V_EXC) {
      ((Exc *)I->exc.u.o)->line = R.err_line;
      ((Exc *)I->exc.u.o)->col = R.err_col;
    }
    return false;
  }
  *out = m->code;
  return true;
}
