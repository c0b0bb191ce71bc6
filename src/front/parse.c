/* parse.c - AST from tokens (dwP_).
 *
 * A recursive-descent parser for the statements and expressions of
 * Python 3.11 (Grammar/python.gram) that the AST of dw.h can represent,
 * one function per grammar rule. Tokens come from lex.c on demand and are
 * all kept, so a rule may look ahead or back up.
 *
 * Expression precedence, loosest first (as in Python):
 *
 *   lambda                                     expression() / lambdef()
 *   x if c else y                              expression()
 *   or                                         disjunction()
 *   and                                        conjunction()
 *   not x                                      inversion()
 *   in, not in, is, is not, < <= > >= != ==    comparison() (chained)
 *   |                                          binary(), level 0
 *   ^                                                         1
 *   &                                                         2
 *   << >>                                                     3
 *   + -                                                       4
 *   * @ / // %                                                5
 *   +x -x ~x                                   factor()
 *   **  (right-assoc.; -2 ** 2 == -(2 ** 2))   power()
 *   x.attr x(...) x[...]                       primary()
 *   names, literals, displays, (...)           atom()
 *
 * Conventions of the tree (beyond the comments in dw.h):
 * - Positions are CPython's: a node spans its first to its last token; a
 *   parenthesised expression keeps its own span (the parentheses are not
 *   part of it), but a tuple's includes them, and so does a generator
 *   expression that is the sole argument of a call. NF_PAREN marks any
 *   expression written in parentheses.
 * - x[1:2, 3] is N_SUBSCRIPT(x, N_TUPLE(N_SLICE(1, 2, NULL), 3)); x[*a] and
 *   x[()] have a tuple too. a = b = c is one N_ASSIGN, kids [a, b], a = c.
 * - An `elif` is an N_IF (NF_ELIF) alone in the orelse of the previous if.
 * - Decorators are in decos, outermost (first written) first; an N_DEF or
 *   N_CLASS starts at its `def` / `class` keyword.
 * - Strings: adjacent literals are joined; without an f-string among them
 *   the result is one N_STR (prefixes r/u handled, b rejected), else one
 *   N_FSTR whose kids alternate N_STR text and N_FORMAT fields (adjacent
 *   text merged, empty text dropped). N_FORMAT.op is the conversion ('r',
 *   's', 'a' or 0; {x=} without conversion or spec gets 'r' and the text
 *   "x=" before it); N_FORMAT.b is the spec as an N_FSTR, NULL when absent
 *   or empty.
 * - In a dict display, **m is the pair (N_DSTAR m, N_NONE placeholder).
 * - Starred targets are N_STARRED inside the target N_TUPLE / N_LIST.
 * - `from ..a.b import c` has s = "..a.b"; `import *` an alias "*".
 * - Parameter annotations and `-> ret` are parsed but not kept.
 * - Integer literals beyond int64: NF_BIGINT, s = decimal digits.
 *
 * Errors are values: every rule returns NULL (or false) once an error is
 * recorded, and only the first error counts. Messages and positions follow
 * CPython 3.11, including which error wins: a tokenizer error the parser
 * ran into (or, for most kinds, one anywhere later in the file) replaces a
 * parser error, and errors that CPython finds only after parsing ('return'
 * outside function, duplicate arguments, ...) are reported only when the
 * parse succeeds.
 *
 * Limits: expressions (and f-strings) nest at most MAX_DEPTH deep, blocks
 * DWX_MAXINDENT deep, and no path in the finished tree is longer than
 * MAX_AST_DEPTH nodes (long left-deep chains like 1+1+...+1), so that
 * recursive consumers of the tree have a bounded depth too.
 */
#include "lex.h"

#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#define MAX_DEPTH 200      /* nested expressions: parentheses, unary ops */
#define MAX_AST_DEPTH 1000 /* nodes on any root-to-leaf path */
#define MAX_INT_DIGITS 4300 /* CPython's int/str conversion limit */
#define TOK_CHUNK 256      /* tokens per storage chunk */

/* ------------------------------------------------------------------ */
/* Parser state                                                        */
/* ------------------------------------------------------------------ */

/* State shared by the module parser and the parsers of f-string fields. */
typedef struct Shared {
  Arena *a;
  ParseError *err;
  bool failed;          /* err holds the (first) error */
  bool main_lexer;      /* ... and it is the module tokenizer's own */
  bool final;           /* ... and no tokenizer error may replace it */
  int depth;            /* current expression nesting (MAX_DEPTH) */
  /* Errors CPython finds after parsing, reported only if the parse
   * succeeds: [0] symbol table (duplicate argument, nonlocal at module
   * level), [1] compiler ('return' outside function, ...). */
  bool has_late[2];
  ParseError late[2];
} Shared;

typedef struct Parser {
  Shared *S;
  const char *src;
  Lexer lx;
  Token **chunks;       /* tokens lexed so far, TOK_CHUNK per chunk */
  int nchunks, ntok;
  int pos;              /* index of the current token */
  bool fstring;         /* an f-string field: errors get "f-string: " */
  bool no_in;           /* a for-target: 'in' does not compare */
  bool trying;          /* inside a speculative parse (no nesting) */
  int scopes;           /* enclosing def and class bodies */
  int funcs;            /* enclosing function bodies (0 in class bodies) */
  int loops;            /* enclosing loop bodies (reset by def/class) */
} Parser;

static Token eof_token = {.kind = T_EOF, .line = 1, .end_line = 1};

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

static void set_error_v(Parser *p, ExcType type, int line, int col,
                        const char *fmt, va_list ap) {
  Shared *S = p->S;
  if (S->failed) return;
  S->failed = true;
  S->main_lexer = false;
  ParseError *e = S->err;
  e->type = type;
  e->line = line;
  e->col = col < 0 ? 0 : col;
  e->end_col = 0;
  dwX_vformat_msg(e->msg, sizeof e->msg, p->fstring, fmt, ap);
}

static void *fail_at(Parser *p, ExcType type, int line, int col,
                     const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void *fail_at(Parser *p, ExcType type, int line, int col,
                     const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_error_v(p, type, line, col, fmt, ap);
  va_end(ap);
  return NULL;
}

/* The error of this parser's lexer (its T_ERROR token was reached). */
static void *lexer_error(Parser *p) {
  Shared *S = p->S;
  if (S->failed) return NULL;
  S->failed = true;
  S->main_lexer = !p->lx.field;
  S->err->type = p->lx.etype;
  S->err->line = p->lx.eline;
  S->err->col = p->lx.ecol;
  snprintf(S->err->msg, sizeof S->err->msg, "%s", p->lx.emsg);
  return NULL;
}

/* An error at token t; at a T_ERROR token, the lexer's error instead. */
static void *fail_tok(Parser *p, const Token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void *fail_tok(Parser *p, const Token *t, const char *fmt, ...) {
  if (t->kind == T_ERROR) return lexer_error(p);
  va_list ap;
  va_start(ap, fmt);
  set_error_v(p, EXC_SyntaxError, t->line, t->col, fmt, ap);
  va_end(ap);
  return NULL;
}

static void *fail_node(Parser *p, const Node *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void *fail_node(Parser *p, const Node *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool first = !p->S->failed;
  set_error_v(p, EXC_SyntaxError, n->line, n->col, fmt, ap);
  va_end(ap);
  /* CPython underlines the node (on its first line: to the line's end) */
  if (first) p->S->err->end_col = n->end_line == n->line ? n->end_col : INT_MAX;
  return NULL;
}

static void *oom(Parser *p) {
  return fail_at(p, EXC_MemoryError, 1, 0, "out of memory");
}

/* Records an error CPython reports after parsing (tier 0: symbol table,
 * 1: compiler); the first one of each tier is kept. */
static void late_error(Parser *p, int tier, int line, int col,
                       const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void late_error(Parser *p, int tier, int line, int col,
                       const char *fmt, ...) {
  Shared *S = p->S;
  if (S->has_late[tier]) return;
  S->has_late[tier] = true;
  ParseError *e = &S->late[tier];
  e->type = EXC_SyntaxError;
  e->line = line;
  e->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  va_end(ap);
}

/* ------------------------------------------------------------------ */
/* Tokens                                                              */
/* ------------------------------------------------------------------ */

static Token *slot(Parser *p, int i) {
  return &p->chunks[i / TOK_CHUNK][i % TOK_CHUNK];
}

/* Token i, lexing up to it as needed; after T_EOF / T_ERROR the last
 * token repeats. Token pointers stay valid until the parser is freed. */
static Token *tok(Parser *p, int i) {
  while (i >= p->ntok) {
    if (p->ntok > 0) {
      Token *last = slot(p, p->ntok - 1);
      if (last->kind == T_EOF || last->kind == T_ERROR) return last;
    }
    if (p->ntok % TOK_CHUNK == 0) {
      if (p->ntok / TOK_CHUNK >= p->nchunks) {
        int n = p->nchunks ? p->nchunks * 2 : 8;
        Token **c = realloc(p->chunks, (size_t)n * sizeof *c);
        if (!c) {
          oom(p);
          return &eof_token;
        }
        p->chunks = c;
        p->nchunks = n;
      }
      Token *chunk = malloc(TOK_CHUNK * sizeof *chunk);
      if (!chunk) {
        oom(p);
        return &eof_token;
      }
      p->chunks[p->ntok / TOK_CHUNK] = chunk;
    }
    dwX_next(&p->lx, slot(p, p->ntok));
    p->ntok++;
  }
  return slot(p, i);
}

static void free_tokens(Parser *p) {
  for (int k = 0; k < (p->ntok + TOK_CHUNK - 1) / TOK_CHUNK; k++)
    free(p->chunks[k]);
  free(p->chunks);
  p->chunks = NULL;
  p->ntok = p->nchunks = 0;
}

static Token *cur(Parser *p) { return tok(p, p->pos); }
static int kind(Parser *p) { return cur(p)->kind; }
static int peek(Parser *p, int k) { return tok(p, p->pos + k)->kind; }
static Token *prev(Parser *p) { return tok(p, p->pos > 0 ? p->pos - 1 : 0); }

/* Consumes the current token (never T_EOF / T_ERROR) and returns it. */
static Token *next(Parser *p) {
  Token *t = cur(p);
  if (t->kind != T_EOF && t->kind != T_ERROR) p->pos++;
  return t;
}

static bool accept(Parser *p, int k) {
  if (kind(p) != k) return false;
  next(p);
  return true;
}

/* Tokens that can start an expression (an atom or a prefix operator). */
static bool starts_expr(int k) {
  switch (k) {
  case T_NAME: case T_INT: case T_FLOAT: case T_STRING: case T_LPAR:
  case T_LSQB: case T_LBRACE: case T_MINUS: case T_PLUS: case T_TILDE:
  case T_NOT: case T_LAMBDA: case T_TRUE: case T_FALSE: case T_NONE:
  case T_ELLIPSIS: case T_AWAIT:
    return true;
  default:
    return false;
  }
}

/* Entering / leaving a nested expression. */
static bool enter(Parser *p) {
  if (++p->S->depth > MAX_DEPTH) {
    fail_tok(p, cur(p), "too many nested parentheses");
    return false;
  }
  return true;
}
static void leave(Parser *p) { p->S->depth--; }

/* A saved parser state, to try a rule and back up (error paths only). */
typedef struct Snapshot {
  int pos, depth;
  bool failed, main_lexer, final, has_late[2];
  ParseError err;
} Snapshot;

static void save(Parser *p, Snapshot *s) {
  s->pos = p->pos;
  s->depth = p->S->depth;
  s->failed = p->S->failed;
  s->main_lexer = p->S->main_lexer;
  s->final = p->S->final;
  s->has_late[0] = p->S->has_late[0];
  s->has_late[1] = p->S->has_late[1];
  s->err = *p->S->err;
}
static void restore(Parser *p, const Snapshot *s) {
  p->pos = s->pos;
  p->S->depth = s->depth;
  p->S->failed = s->failed;
  p->S->main_lexer = s->main_lexer;
  p->S->final = s->final;
  p->S->has_late[0] = s->has_late[0];
  p->S->has_late[1] = s->has_late[1];
  *p->S->err = s->err;
}

static Node *expression(Parser *p);

/* CPython raises a tokenizer error as soon as the parser fetches the bad
 * token, and its second, error-reporting pass parses an expression where
 * the first pass failed. So if parsing an expression here fetches this
 * module's bad token (an unclosed bracket at the end of the file, a bad
 * number, ...), that error is reported instead. True if so (error set). */
static bool lexer_error_ahead(Parser *p) {
  if (p->trying || p->S->failed || p->lx.field || !starts_expr(kind(p)))
    return false;
  Snapshot snap;
  save(p, &snap);
  p->trying = true;
  expression(p);
  p->trying = false;
  restore(p, &snap);
  if (!p->lx.failed) return false;
  lexer_error(p);
  return true;
}

/* "invalid syntax" at the current token (CPython's generic error). */
static void *syntax_error_here(Parser *p) {
  Token *t = cur(p);
  if (t->kind == T_INDENT || t->kind == T_DEDENT) {
    /* CPython does not look for tokenizer errors after these */
    if (!p->S->failed) p->S->final = true;
    return t->kind == T_INDENT
               ? fail_at(p, EXC_IndentationError, t->line, t->col - 1,
                         "unexpected indent")
               : fail_at(p, EXC_IndentationError, t->line, t->col,
                         "unexpected unindent");
  }
  if (lexer_error_ahead(p)) return NULL;
  return fail_tok(p, t, "invalid syntax");
}

static Token *expect(Parser *p, int k) {
  if (kind(p) == k) return next(p);
  syntax_error_here(p);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Nodes                                                               */
/* ------------------------------------------------------------------ */

/* A node of `kind` spanning token t. */
static Node *node(Parser *p, int kind, const Token *t) {
  Node *n = dwA_alloc(p->S->a, sizeof *n);
  if (!n) return oom(p);
  n->kind = (uint8_t)kind;
  n->line = t->line;
  n->col = t->col;
  n->end_line = t->end_line;
  n->end_col = t->end_col;
  return n;
}

/* Ends n at the last consumed token. */
static Node *finish(Parser *p, Node *n) {
  Token *t = prev(p);
  n->end_line = t->end_line;
  n->end_col = t->end_col;
  return n;
}

/* Ends a compound statement at its last token that is not a NEWLINE,
 * INDENT or DEDENT (as CPython: `if x: y;` ends at the ';'). */
static void end_stmt(Parser *p, Node *n) {
  int i = p->pos - 1;
  while (i > 0 && (tok(p, i)->kind == T_NEWLINE || tok(p, i)->kind == T_INDENT ||
                   tok(p, i)->kind == T_DEDENT))
    i--;
  Token *t = tok(p, i < 0 ? 0 : i);
  n->end_line = t->end_line;
  n->end_col = t->end_col;
}

/* Ends a node at the end of the last node of a list. */
static void end_with(Node *n, const NodeList *l) {
  if (l->n > 0) {
    n->end_line = l->v[l->n - 1]->end_line;
    n->end_col = l->v[l->n - 1]->end_col;
  }
}

/* Appends to a list whose capacity is implicit: 4, then powers of two. */
static bool push(Parser *p, NodeList *l, Node *n) {
  if (!n) return false;
  if (l->n == 0 || (l->n >= 4 && (l->n & (l->n - 1)) == 0)) {
    int cap = l->n ? l->n * 2 : 4;
    Node **v = dwA_alloc(p->S->a, (size_t)cap * sizeof *v);
    if (!v) return oom(p);
    if (l->n) memcpy(v, l->v, (size_t)l->n * sizeof *v);
    l->v = v;
  }
  l->v[l->n++] = n;
  return true;
}

static const char *text(Parser *p, const Token *t) {
  const char *s = dwA_strndup(p->S->a, p->src + t->off, t->end - t->off);
  if (!s) oom(p);
  return s;
}

/* What CPython calls an expression in "cannot assign to %s". */
static const char *expr_name(const Node *n) {
  switch (n->kind) {
  case N_ATTR: return "attribute";
  case N_SUBSCRIPT: return "subscript";
  case N_STARRED: return "starred";
  case N_NAME: return "name";
  case N_LIST: return "list";
  case N_TUPLE: return "tuple";
  case N_LAMBDA: return "lambda";
  case N_CALL: return "function call";
  case N_GENEXP: return "generator expression";
  case N_LISTCOMP: return "list comprehension";
  case N_DICTCOMP: return "dict comprehension";
  case N_SETCOMP: return "set comprehension";
  case N_DICT: return "dict literal";
  case N_SET: return "set display";
  case N_FSTR: case N_FORMAT: return "f-string expression";
  case N_NONE: return "None";
  case N_TRUE: return "True";
  case N_FALSE: return "False";
  case N_ELLIPSIS: return "ellipsis";
  case N_INT: case N_FLOAT: case N_STR: return "literal";
  case N_COMPARE: return "comparison";
  case N_IFEXP: return "conditional expression";
  case N_NAMEDEXPR: return "named expression";
  case N_YIELD: case N_YIELDFROM: return "yield expression";
  default: return "expression";
  }
}

/* Could n be CPython's bitwise_or (anything tighter than comparisons)? */
static bool is_bitwise_or(const Node *n) {
  if (n->flags & NF_PAREN) return true;
  switch (n->kind) {
  case N_COMPARE: case N_BOOLOP: case N_IFEXP: case N_LAMBDA:
  case N_NAMEDEXPR: case N_STARRED:
    return false;
  case N_UNARY:
    return n->op != UN_NOT;
  default:
    return true;
  }
}

/* ------------------------------------------------------------------ */
/* Targets of assignments, for, with, del                              */
/* ------------------------------------------------------------------ */

/* The first part of t that cannot be assigned to (or deleted), or NULL.
 * Starred items are allowed inside tuples and lists when assigning. */
static Node *invalid_target(Node *t, bool del) {
  switch (t->kind) {
  case N_NAME: case N_ATTR: case N_SUBSCRIPT:
    return NULL;
  case N_TUPLE: case N_LIST:
    for (int k = 0; k < t->kids.n; k++) {
      Node *e = t->kids.v[k];
      if (e->kind == N_STARRED && !del) e = e->a;
      if (e->kind == N_STARRED) return e;
      Node *bad = invalid_target(e, del);
      if (bad) return bad;
    }
    return NULL;
  default:
    return t;
  }
}

/* Checks for starred targets that CPython's compiler rejects. */
static void check_starred_targets(Parser *p, Node *t) {
  if (t->kind != N_TUPLE && t->kind != N_LIST) return;
  int nstar = 0;
  for (int k = 0; k < t->kids.n; k++) {
    Node *e = t->kids.v[k];
    if (e->kind == N_STARRED) {
      nstar++;
      e = e->a;
    }
    check_starred_targets(p, e);
  }
  if (nstar > 1)
    late_error(p, 1, t->line, t->col,
               "multiple starred expressions in assignment");
}

/* Validates an assignment target (=, for, with, comprehensions). `here`:
 * the single target of `x = y`, where CPython suggests '=='. */
static bool check_target(Parser *p, Node *t, bool here) {
  Node *top = t;
  if (t->kind == N_STARRED) top = t->a;
  Node *bad = top->kind == N_STARRED ? top : invalid_target(top, false);
  if (bad) {
    bool direct = bad == t || (t->kind == N_TUPLE && !(t->flags & NF_PAREN));
    if (direct && t->kind == N_TUPLE && bad != t) {
      direct = false;
      for (int k = 0; k < t->kids.n; k++) direct |= t->kids.v[k] == bad;
    }
    int bk = bad->kind;
    if (here && direct && is_bitwise_or(bad) && bk != N_LIST &&
        bk != N_TUPLE && bk != N_GENEXP && bk != N_TRUE && bk != N_FALSE &&
        bk != N_NONE)
      fail_node(p, bad,
                "cannot assign to %s here. Maybe you meant '==' instead of "
                "'='?",
                expr_name(bad));
    else
      fail_node(p, bad, "cannot assign to %s", expr_name(bad));
    return false;
  }
  if (t->kind == N_STARRED)
    late_error(p, 1, t->line, t->col,
               "starred assignment target must be in a list or tuple");
  check_starred_targets(p, top);
  return true;
}

/* A value where a bare *x is not allowed (x = *a; return *a). */
static Node *check_value(Parser *p, Node *v) {
  if (v && v->kind == N_STARRED)
    late_error(p, 1, v->line, v->col, "can't use starred expression here");
  return v;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

static Node *expression(Parser *p);
static Node *named_expression(Parser *p, bool eqcheck);
static Node *star_expressions(Parser *p);
static Node *star_named_expression(Parser *p);
static Node *star_expression(Parser *p);
static Node *disjunction(Parser *p);
static Node *binary(Parser *p, int min);
static Node *factor(Parser *p);
static Node *primary(Parser *p);
static Node *atom(Parser *p);
static Node *strings(Parser *p);
static bool comp_fors(Parser *p, NodeList *out);
static Params *parameters(Parser *p, int closer, bool annotations);

/* After an element inside brackets that is followed by neither ',' nor
 * the closing bracket: CPython's "invalid syntax. Perhaps you forgot a
 * comma?" when the expression that ends the element is followed by the
 * start of another expression, else "invalid syntax". `start` is the
 * index of the element's first token. */
static void *bad_element_end(Parser *p, const Node *elem, int start) {
  /* the expression that ends the element: in `*a`, `k=a`, `lambda: a`,
     `n := a` it is a */
  const Node *e = elem;
  while (e && !(e->flags & NF_PAREN)) {
    if (e->kind == N_LAMBDA || e->kind == N_STARRED ||
             e->kind == N_KEYWORD || e->kind == N_DSTAR ||
             e->kind == N_NAMEDEXPR)
      e = e->a;
    else break;
  }
  if (e && e != elem) { /* find its first token */
    start = -1;
    for (int i = p->pos - 1; i >= 0; i--) {
      Token *t = tok(p, i);
      if (t->line == e->line && t->col == e->col) {
        start = i;
        break;
      }
    }
  }
  if (!e || start < 0 || p->S->failed || !starts_expr(kind(p)))
    return syntax_error_here(p);
  /* not after `print x`, `match x`, `_ x`, or NAME STRING (f"..."?) */
  Token *s0 = tok(p, start);
  size_t n = s0->end - s0->off;
  const char *w = p->src + s0->off;
  bool soft = s0->kind == T_NAME &&
              ((n == 1 && w[0] == '_') ||
               (n == 5 && (!memcmp(w, "match", 5) || !memcmp(w, "print", 5))) ||
               (n == 4 && (!memcmp(w, "case", 4) || !memcmp(w, "exec", 4))));
  if (soft || (s0->kind == T_NAME && tok(p, start + 1)->kind == T_STRING) ||
      e->kind == N_IFEXP || e->kind == N_LAMBDA || e->kind == N_STARRED ||
      e->kind == N_NAMEDEXPR)
    return syntax_error_here(p);
  /* does an expression start here? (a prefix is enough, as in CPython's
     PEG parser: `[1 3-]` counts) */
  if (lexer_error_ahead(p)) return NULL;
  Snapshot snap;
  save(p, &snap);
  while (kind(p) == T_MINUS || kind(p) == T_PLUS || kind(p) == T_TILDE ||
         kind(p) == T_NOT)
    next(p);
  bool ok = kind(p) == T_LAMBDA || atom(p) != NULL;
  restore(p, &snap);
  if (ok) return fail_tok(p, s0, "invalid syntax. Perhaps you forgot a comma?");
  return syntax_error_here(p);
}

/* star_expressions: a, *b, c as a tuple (without parentheses); a single
 * item without a comma is returned as is. */
static Node *star_expressions(Parser *p) {
  Token *st = cur(p);
  Node *first = star_expression(p);
  if (!first || kind(p) != T_COMMA) return first;
  Node *t = node(p, N_TUPLE, st);
  if (!t || !push(p, &t->kids, first)) return NULL;
  while (accept(p, T_COMMA) && (starts_expr(kind(p)) || kind(p) == T_STAR))
    if (!push(p, &t->kids, star_expression(p))) return NULL;
  return finish(p, t);
}

/* star_expression: '*' bitwise_or | expression */
static Node *star_expression(Parser *p) {
  if (kind(p) == T_STAR) {
    Node *n = node(p, N_STARRED, next(p));
    if (!n || !(n->a = binary(p, 0))) return NULL;
    return finish(p, n);
  }
  return expression(p);
}

/* star_named_expression: '*' bitwise_or | named_expression */
static Node *star_named_expression(Parser *p) {
  if (kind(p) == T_STAR) {
    Node *n = node(p, N_STARRED, next(p));
    if (!n || !(n->a = binary(p, 0))) return NULL;
    return finish(p, n);
  }
  return named_expression(p, true);
}

/* named_expression: NAME ':=' expression | expression. With `eqcheck`, a
 * following '=' gets CPython's "Maybe you meant '=='" messages. */
static Node *named_expression(Parser *p, bool eqcheck) {
  Token *st = cur(p);
  Node *e = expression(p);
  if (!e) return NULL;
  if (kind(p) == T_WALRUS) {
    if (e->kind != N_NAME || (e->flags & NF_PAREN))
      return fail_node(p, e, "cannot use assignment expressions with %s",
                       expr_name(e));
    next(p);
    Node *n = node(p, N_NAMEDEXPR, st);
    if (!n) return NULL;
    n->s = e->s;
    n->slen = e->slen;
    if (!(n->a = expression(p))) return NULL;
    return finish(p, n);
  }
  if (eqcheck && kind(p) == T_ASSIGN && !p->trying) {
    /* CPython's hints need `= bitwise_or` not followed by = or := */
    Snapshot snap;
    save(p, &snap);
    p->trying = true;
    next(p);
    bool hint = binary(p, 0) && kind(p) != T_ASSIGN && kind(p) != T_WALRUS;
    p->trying = false;
    restore(p, &snap);
    if (!hint) return p->lx.failed && !p->lx.field ? lexer_error(p) : e;
    if (e->kind == N_NAME && !(e->flags & NF_PAREN))
      return fail_node(p, e,
                       "invalid syntax. Maybe you meant '==' or ':=' instead "
                       "of '='?");
    int k = e->kind;
    if (is_bitwise_or(e) && k != N_LIST && k != N_TUPLE && k != N_GENEXP &&
        k != N_TRUE && k != N_FALSE && k != N_NONE)
      return fail_node(p, e,
                       "cannot assign to %s here. Maybe you meant '==' "
                       "instead of '='?",
                       expr_name(e));
  }
  return e;
}

/* lambdef: 'lambda' [params] ':' expression */
static Node *lambdef(Parser *p) {
  Node *n = node(p, N_LAMBDA, next(p));
  if (!n || !(n->params = parameters(p, T_COLON, false))) return NULL;
  if (!expect(p, T_COLON) || !(n->a = expression(p))) return NULL;
  return finish(p, n);
}

/* expression: disjunction 'if' disjunction 'else' expression
 *           | disjunction | lambdef */
static Node *expression(Parser *p) {
  if (!enter(p)) return NULL;
  Node *r;
  if (kind(p) == T_LAMBDA) {
    r = lambdef(p);
  } else {
    Token *st = cur(p);
    r = disjunction(p);
    if (r && kind(p) == T_IF) {
      Node *n = node(p, N_IFEXP, st);
      next(p);
      if (n) n->b = r;
      if (!n || !(n->a = disjunction(p))) {
        r = NULL;
      } else if (!accept(p, T_ELSE)) {
        r = kind(p) == T_COLON ? syntax_error_here(p)
                               : fail_node(p, r, "expected 'else' after 'if' "
                                                 "expression");
      } else {
        r = (n->c = expression(p)) ? finish(p, n) : NULL;
      }
    }
  }
  leave(p);
  return r;
}

/* operand (tk operand)*: an N_BOOLOP with all operands as kids */
static Node *boolop(Parser *p, int tk, Node *(*operand)(Parser *)) {
  Token *st = cur(p);
  Node *first = operand(p);
  if (!first || kind(p) != tk) return first;
  Node *n = node(p, N_BOOLOP, st);
  if (!n) return NULL;
  n->op = tk == T_OR ? BOOL_OR : BOOL_AND;
  if (!push(p, &n->kids, first)) return NULL;
  while (accept(p, tk))
    if (!push(p, &n->kids, operand(p))) return NULL;
  return finish(p, n);
}

static Node *inversion(Parser *p);
/* conjunction: inversion ('and' inversion)* */
static Node *conjunction(Parser *p) { return boolop(p, T_AND, inversion); }
/* disjunction: conjunction ('or' conjunction)* */
static Node *disjunction(Parser *p) { return boolop(p, T_OR, conjunction); }

static Node *comparison(Parser *p);
/* inversion: 'not' inversion | comparison */
static Node *inversion(Parser *p) {
  if (kind(p) != T_NOT) return comparison(p);
  if (!enter(p)) return NULL;
  Node *n = node(p, N_UNARY, next(p));
  if (n) {
    n->op = UN_NOT;
    n = (n->a = inversion(p)) ? finish(p, n) : NULL;
  }
  leave(p);
  return n;
}

/* The comparison operator at the current token (consumed), or -1. */
static int compare_op(Parser *p) {
  int k = kind(p), op;
  switch (k) {
  case T_EQ: op = CMP_EQ; break;
  case T_NE: op = CMP_NE; break;
  case T_LT: op = CMP_LT; break;
  case T_LE: op = CMP_LE; break;
  case T_GT: op = CMP_GT; break;
  case T_GE: op = CMP_GE; break;
  case T_IN:
    if (p->no_in) return -1;
    op = CMP_IN;
    break;
  case T_NOT:
    if (peek(p, 1) != T_IN || p->no_in) return -1;
    next(p);
    op = CMP_NOTIN;
    break;
  case T_IS:
    if (peek(p, 1) == T_NOT) {
      next(p);
      op = CMP_ISNOT;
    } else {
      op = CMP_IS;
    }
    break;
  default:
    return -1;
  }
  next(p);
  return op;
}

/* comparison: bitwise_or (compare_op bitwise_or)* */
static Node *comparison(Parser *p) {
  Token *st = cur(p);
  Node *first = binary(p, 0);
  if (!first) return NULL;
  int op = compare_op(p);
  if (op < 0) return first;
  Node *n = node(p, N_COMPARE, st);
  if (!n) return NULL;
  n->a = first;
  int cap = 0;
  while (op >= 0) {
    if (n->kids.n == cap) {
      cap = cap ? cap * 2 : 4;
      uint8_t *ops = dwA_alloc(p->S->a, (size_t)cap);
      if (!ops) return oom(p);
      if (n->kids.n) memcpy(ops, n->cmpops, (size_t)n->kids.n);
      n->cmpops = ops;
    }
    n->cmpops[n->kids.n] = (uint8_t)op;
    if (!push(p, &n->kids, binary(p, 0))) return NULL;
    op = compare_op(p);
  }
  return finish(p, n);
}

/* Binary operators by precedence level (all left-associative); -1 for
 * other tokens. */
static int binop_level(int tk, uint8_t *op) {
  switch (tk) {
  case T_PIPE: *op = BIN_OR; return 0;
  case T_CARET: *op = BIN_XOR; return 1;
  case T_AMP: *op = BIN_AND; return 2;
  case T_LSHIFT: *op = BIN_LSHIFT; return 3;
  case T_RSHIFT: *op = BIN_RSHIFT; return 3;
  case T_PLUS: *op = BIN_ADD; return 4;
  case T_MINUS: *op = BIN_SUB; return 4;
  case T_STAR: *op = BIN_MUL; return 5;
  case T_AT: *op = BIN_MATMUL; return 5;
  case T_SLASH: *op = BIN_DIV; return 5;
  case T_DSLASH: *op = BIN_FLOORDIV; return 5;
  case T_PERCENT: *op = BIN_MOD; return 5;
  default: return -1;
  }
}

/* bitwise_or .. term: operands joined by binary operators of level >= min
 * (precedence climbing over the levels of binop_level). */
static Node *binary(Parser *p, int min) {
  Token *st = cur(p);
  Node *left = factor(p);
  for (;;) {
    uint8_t op = 0;
    int level = binop_level(kind(p), &op);
    if (!left || level < min) return left;
    next(p);
    Node *n = node(p, N_BINOP, st);
    if (!n) return NULL;
    n->op = op;
    n->a = left;
    if (!(n->b = binary(p, level + 1))) return NULL;
    left = finish(p, n);
  }
}

/* factor: ('+' | '-' | '~') factor | power
 * power: primary ['**' factor] */
static Node *factor(Parser *p) {
  int k = kind(p);
  Token *st = cur(p);
  if (k == T_PLUS || k == T_MINUS || k == T_TILDE) {
    if (!enter(p)) return NULL;
    Node *n = node(p, N_UNARY, next(p));
    if (n) {
      n->op = k == T_PLUS ? UN_POS : k == T_MINUS ? UN_NEG : UN_INVERT;
      n = (n->a = factor(p)) ? finish(p, n) : NULL;
    }
    leave(p);
    return n;
  }
  Node *base = primary(p);
  if (!base || kind(p) != T_DSTAR) return base;
  next(p);
  if (!enter(p)) return NULL;
  Node *n = node(p, N_BINOP, st);
  if (n) {
    n->op = BIN_POW;
    n->a = base;
    n = (n->b = factor(p)) ? finish(p, n) : NULL;
  }
  leave(p);
  return n;
}

/* Arguments of a call or class definition, after '(' up to and including
 * ')', into out. */
static bool arguments(Parser *p, NodeList *out) {
  Token *lpar = prev(p);
  bool seen_kw = false, seen_dstar = false;
  Node *genexp = NULL;
  while (kind(p) != T_RPAR) {
    int start = p->pos;
    Token *st = cur(p);
    Node *arg;
    if (kind(p) == T_STAR) {
      if (seen_dstar)
        return fail_tok(p, st, "iterable argument unpacking follows "
                               "keyword argument unpacking");
      arg = node(p, N_STARRED, next(p));
      if (!arg || !(arg->a = expression(p))) return false;
      finish(p, arg);
      if (kind(p) == T_FOR)
        return fail_node(p, arg,
                         "iterable unpacking cannot be used in comprehension");
    } else if (kind(p) == T_DSTAR) {
      arg = node(p, N_DSTAR, next(p));
      if (!arg || !(arg->a = expression(p))) return false;
      finish(p, arg);
      seen_dstar = true;
    } else if ((kind(p) == T_TRUE || kind(p) == T_FALSE ||
                kind(p) == T_NONE) && peek(p, 1) == T_ASSIGN) {
      return fail_tok(p, st, "cannot assign to %s", dwX_token_text[st->kind]);
    } else if (kind(p) == T_NAME && peek(p, 1) == T_ASSIGN) {
      arg = node(p, N_KEYWORD, st);
      if (!arg || !(arg->s = text(p, next(p)))) return false;
      arg->slen = strlen(arg->s);
      next(p);
      if (!(arg->a = expression(p))) return false;
      finish(p, arg);
      if (kind(p) == T_FOR)
        return fail_tok(p, st, "invalid syntax. Maybe you meant '==' or ':=' "
                               "instead of '='?");
      for (int k = 0; k < out->n; k++)
        if (out->v[k]->kind == N_KEYWORD && !strcmp(out->v[k]->s, arg->s))
          late_error(p, 1, arg->line, arg->col,
                     "keyword argument repeated: %s", arg->s);
      seen_kw = true;
    } else {
      arg = named_expression(p, false);
      if (!arg) return false;
      if (kind(p) == T_ASSIGN)
        return fail_node(p, arg, "expression cannot contain assignment, "
                                 "perhaps you meant \"==\"?");
      if (kind(p) == T_FOR) {
        Node *g = node(p, N_GENEXP, st);
        if (!g) return false;
        g->a = arg;
        if (!comp_fors(p, &g->kids)) return false;
        arg = genexp = finish(p, g);
      }
      if (seen_dstar)
        return fail_tok(p, cur(p), "positional argument follows keyword "
                                   "argument unpacking");
      if (seen_kw)
        return fail_tok(p, cur(p), "positional argument follows keyword "
                                   "argument");
    }
    if (!push(p, out, arg)) return false;
    if (kind(p) != T_COMMA && kind(p) != T_RPAR)
      return bad_element_end(p, arg, start);
    accept(p, T_COMMA);
  }
  if (genexp && (out->n > 1 || prev(p)->kind == T_COMMA))
    return fail_node(p, genexp, "Generator expression must be parenthesized");
  if (genexp) {
    /* f(x for x in y): the call's parentheses are the generator's */
    genexp->line = lpar->line;
    genexp->col = lpar->col;
    genexp->end_line = cur(p)->end_line;
    genexp->end_col = cur(p)->end_col;
    genexp->flags |= NF_PAREN;
  }
  next(p); /* ')' */
  return true;
}

/* slice: [expression] ':' [expression] [':' [expression]]
 *      | named_expression | '*' bitwise_or */
static Node *slice(Parser *p) {
  Token *st = cur(p);
  if (kind(p) == T_STAR) return star_named_expression(p);
  Node *lower = NULL;
  if (kind(p) != T_COLON) {
    lower = named_expression(p, true);
    if (!lower || kind(p) != T_COLON) return lower;
  }
  Node *n = node(p, N_SLICE, st);
  if (!n) return NULL;
  n->a = lower;
  next(p); /* ':' */
  int k = kind(p);
  if (k != T_COLON && k != T_COMMA && k != T_RSQB && !(n->b = expression(p)))
    return NULL;
  if (accept(p, T_COLON)) {
    k = kind(p);
    if (k != T_COMMA && k != T_RSQB && !(n->c = expression(p))) return NULL;
  }
  return finish(p, n);
}

/* slices: slice | slice (',' slice)* [','] (a tuple), then ']' */
static Node *slices(Parser *p) {
  Token *st = cur(p);
  int start = p->pos;
  Node *first = slice(p);
  if (!first) return NULL;
  Node *r = first;
  if (kind(p) == T_COMMA || first->kind == N_STARRED) { /* a[*b] too */
    r = node(p, N_TUPLE, st);
    if (!r || !push(p, &r->kids, first)) return NULL;
    while (accept(p, T_COMMA) && kind(p) != T_RSQB) {
      start = p->pos;
      if (!push(p, &r->kids, slice(p))) return NULL;
      Node *last = r->kids.v[r->kids.n - 1];
      if (kind(p) != T_COMMA && kind(p) != T_RSQB)
        return last->kind == N_SLICE ? syntax_error_here(p)
                                     : bad_element_end(p, last, start);
    }
    finish(p, r);
  } else if (kind(p) != T_RSQB) {
    return first->kind == N_SLICE ? syntax_error_here(p)
                                  : bad_element_end(p, first, start);
  }
  return expect(p, T_RSQB) ? r : NULL;
}

/* primary: atom ('.' NAME | '(' arguments ')' | '[' slices ']')* */
static Node *primary(Parser *p) {
  Token *st = cur(p);
  Node *e = atom(p);
  while (e) {
    int k = kind(p);
    Node *n;
    if (k == T_DOT) {
      next(p);
      Token *name = expect(p, T_NAME);
      if (!name || !(n = node(p, N_ATTR, st))) return NULL;
      if (!(n->s = text(p, name))) return NULL;
      n->slen = strlen(n->s);
    } else if (k == T_LPAR) {
      next(p);
      n = node(p, N_CALL, st);
      if (!n || !arguments(p, &n->kids)) return NULL;
    } else if (k == T_LSQB) {
      next(p);
      n = node(p, N_SUBSCRIPT, st);
      if (!n || !(n->b = slices(p))) return NULL;
    } else {
      break;
    }
    n->a = e;
    e = finish(p, n);
  }
  return e;
}

/* yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] */
static Node *yield_expr(Parser *p) {
  Token *t = next(p);
  Node *n;
  if (accept(p, T_FROM)) {
    if (!(n = node(p, N_YIELDFROM, t)) || !(n->a = expression(p))) return NULL;
    return finish(p, n);
  }
  if (!(n = node(p, N_YIELD, t))) return NULL;
  int k = kind(p);
  if (k != T_NEWLINE && k != T_RPAR && k != T_RSQB && k != T_RBRACE && k != T_SEMI &&
      k != T_ASSIGN && k != T_EOF && k != T_COLON) {
    if (!(n->a = check_value(p, star_expressions(p)))) return NULL;
  }
  return finish(p, n);
}

/* '(' ... ')': tuple, parenthesised expression or generator expression */
static Node *paren_atom(Parser *p) {
  Token *st = next(p);
  if (kind(p) == T_RPAR) {
    next(p);
    Node *t = node(p, N_TUPLE, st);
    if (t) t->flags |= NF_PAREN;
    return t ? finish(p, t) : NULL;
  }
  if (kind(p) == T_YIELD) {
    Node *y = yield_expr(p);
    if (!y) return NULL;
    if (!expect(p, T_RPAR)) return NULL;
    y->flags |= NF_PAREN;
    return y;
  }
  int start = p->pos;
  Node *first = star_named_expression(p);
  if (!first) return NULL;
  if (kind(p) == T_FOR) {
    if (first->kind == N_STARRED)
      return fail_node(p, first,
                       "iterable unpacking cannot be used in comprehension");
    Node *g = node(p, N_GENEXP, st);
    if (!g) return NULL;
    g->a = first;
    g->flags |= NF_PAREN;
    if (!comp_fors(p, &g->kids)) return NULL;
    if (kind(p) != T_RPAR) return syntax_error_here(p);
    next(p);
    return finish(p, g);
  }
  if (kind(p) == T_RPAR) {
    next(p);
    if (first->kind == N_STARRED)
      return fail_node(p, first, "cannot use starred expression here");
    first->flags |= NF_PAREN;
    return first;
  }
  if (kind(p) != T_COMMA) return bad_element_end(p, first, start);
  Node *t = node(p, N_TUPLE, st);
  if (!t || !push(p, &t->kids, first)) return NULL;
  t->flags |= NF_PAREN;
  while (accept(p, T_COMMA) && kind(p) != T_RPAR) {
    start = p->pos;
    if (!push(p, &t->kids, star_named_expression(p))) return NULL;
    if (kind(p) != T_COMMA && kind(p) != T_RPAR)
      return bad_element_end(p, t->kids.v[t->kids.n - 1], start);
  }
  if (!expect(p, T_RPAR)) return NULL;
  return finish(p, t);
}

/* '[' ... ']': list display or list comprehension */
static Node *list_atom(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_LIST, st);
  if (!n) return NULL;
  if (accept(p, T_RSQB)) return finish(p, n);
  int start = p->pos;
  Node *first = star_named_expression(p);
  if (!first) return NULL;
  if (kind(p) == T_FOR) {
    if (first->kind == N_STARRED)
      return fail_node(p, first,
                       "iterable unpacking cannot be used in comprehension");
    n->kind = N_LISTCOMP;
    n->a = first;
    if (!comp_fors(p, &n->kids)) return NULL;
    if (kind(p) != T_RSQB) return syntax_error_here(p);
    next(p);
    return finish(p, n);
  }
  if (!push(p, &n->kids, first)) return NULL;
  for (;;) {
    if (kind(p) != T_COMMA && kind(p) != T_RSQB)
      return bad_element_end(p, n->kids.v[n->kids.n - 1], start);
    if (!accept(p, T_COMMA) || kind(p) == T_RSQB) break;
    start = p->pos;
    if (!push(p, &n->kids, star_named_expression(p))) return NULL;
  }
  if (!expect(p, T_RSQB)) return NULL;
  return finish(p, n);
}

/* '{' ... '}': dict or set display, dict comprehension. A `**m` entry of
 * a dict display is the pair (N_DSTAR m, N_NONE). */
static Node *brace_atom(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_DICT, st);
  if (!n) return NULL;
  if (accept(p, T_RBRACE)) return finish(p, n);
  int start = p->pos;
  Node *key, *val;
  if (kind(p) == T_DSTAR) {
    key = node(p, N_DSTAR, next(p));
    if (!key || !(key->a = binary(p, 0))) return NULL;
    finish(p, key);
    if (kind(p) == T_FOR)
      return fail_node(p, key,
                       "dict unpacking cannot be used in dict comprehension");
    val = node(p, N_NONE, prev(p));
  } else {
    key = star_named_expression(p);
    if (!key) return NULL;
    if (kind(p) != T_COLON || key->kind == N_STARRED) {
      /* a set */
      n->kind = N_SET;
      if (kind(p) == T_FOR) {
        if (key->kind == N_STARRED)
          return fail_node(p, key, "iterable unpacking cannot be used in comprehension");
        n->kind = N_SETCOMP;
        n->a = key;
        if (!comp_fors(p, &n->kids)) return NULL;
        if (kind(p) != T_RBRACE) return syntax_error_here(p);
        next(p);
        return finish(p, n);
      }
      if (!push(p, &n->kids, key)) return NULL;
      for (;;) {
        if (kind(p) != T_COMMA && kind(p) != T_RBRACE)
          return bad_element_end(p, n->kids.v[n->kids.n - 1], start);
        if (!accept(p, T_COMMA) || kind(p) == T_RBRACE) break;
        start = p->pos;
        if (!push(p, &n->kids, star_named_expression(p))) return NULL;
      }
      if (!expect(p, T_RBRACE)) return NULL;
      return finish(p, n);
    }
    if (peek(p, 1) == T_RBRACE || peek(p, 1) == T_COMMA)
      return fail_tok(p, cur(p), "expression expected after dictionary key "
                                 "and ':'");
    next(p); /* ':' */
    start = p->pos;
    if (!(val = expression(p))) return NULL;
    if (kind(p) == T_FOR) {
      n->kind = N_DICTCOMP;
      n->a = key;
      n->b = val;
      if (!comp_fors(p, &n->kids)) return NULL;
      if (kind(p) != T_RBRACE) return syntax_error_here(p);
      next(p);
      return finish(p, n);
    }
  }
  /* a dict display */
  for (;;) {
    if (!push(p, &n->kids, key) || !push(p, &n->kids, val)) return NULL;
    if (kind(p) != T_COMMA && kind(p) != T_RBRACE)
      return bad_element_end(p, val, start);
    if (!accept(p, T_COMMA) || kind(p) == T_RBRACE) break;
    if (kind(p) == T_DSTAR) {
      key = node(p, N_DSTAR, next(p));
      if (!key || !(key->a = binary(p, 0))) return NULL;
      finish(p, key);
      if (!(val = node(p, N_NONE, prev(p)))) return NULL;
      start = p->pos;
      continue;
    }
    start = p->pos;
    if (!(key = expression(p))) return NULL;
    if (kind(p) != T_COLON)
      return kind(p) == T_COMMA || kind(p) == T_RBRACE
                 ? fail_node(p, key, "':' expected after dictionary key")
                 : bad_element_end(p, key, start);
    if (peek(p, 1) == T_RBRACE || peek(p, 1) == T_COMMA)
      return fail_tok(p, cur(p), "expression expected after dictionary key "
                                 "and ':'");
    next(p);
    start = p->pos;
    if (!(val = expression(p))) return NULL;
  }
  if (!expect(p, T_RBRACE)) return NULL;
  return finish(p, n);
}

/* A number token. */
static Node *number(Parser *p) {
  Token *t = next(p);
  if (t->flags & TF_IMAG)
    return fail_tok(p, t, "complex numbers are not supported");
  Node *n = node(p, t->kind == T_INT ? N_INT : N_FLOAT, t);
  if (!n) return NULL;
  if (t->kind == T_FLOAT) {
    n->fval = t->fval;
  } else if (t->flags & TF_BIGINT) {
    const char *s = p->src + t->off;
    size_t len = t->end - t->off, digits = 0;
    bool dec = !(len > 1 && s[0] == '0');
    for (size_t k = dec ? 0 : 2; k < len; k++) digits += s[k] != '_';
    double est = dec ? 1.0 : (s[1] | 32) == 'x' ? 1.21 : (s[1] | 32) == 'o' ? 0.91 : 0.31;
    if ((double)digits * est > MAX_INT_DIGITS)
      return dec ? fail_tok(p, t,
                            "Exceeds the limit (%d digits) for integer string "
                            "conversion: value has %zu digits; use "
                            "sys.set_int_max_str_digits() to increase the "
                            "limit - Consider hexadecimal for huge integer "
                            "literals to avoid decimal conversion limits.",
                            MAX_INT_DIGITS, digits)
                 : fail_tok(p, t, "integer literal too large");
    n->flags |= NF_BIGINT;
    if (!(n->s = dwX_bigint_digits(p->S->a, s, len))) return oom(p);
    n->slen = strlen(n->s);
  } else {
    n->ival = t->ival;
  }
  return n;
}

/* atom: NAME | True | False | None | ... | NUMBER | STRING+
 *     | tuple/group/genexp | list/listcomp | dict/set/dictcomp */
static Node *atom(Parser *p) {
  Token *t = cur(p);
  Node *n;
  switch (t->kind) {
  case T_NAME:
    if (!(n = node(p, N_NAME, next(p))) || !(n->s = text(p, t))) return NULL;
    n->slen = t->end - t->off;
    return n;
  case T_TRUE: return node(p, N_TRUE, next(p));
  case T_FALSE: return node(p, N_FALSE, next(p));
  case T_NONE: return node(p, N_NONE, next(p));
  case T_ELLIPSIS: return node(p, N_ELLIPSIS, next(p));
  case T_INT: case T_FLOAT: return number(p);
  case T_STRING: return strings(p);
  case T_LPAR: case T_LSQB: case T_LBRACE: {
    /* no enter(): the lexer allows at most DWX_MAXLEVEL open brackets */
    bool no_in = p->no_in;
    p->no_in = false; /* ( ) restore 'in' inside for-targets */
    n = t->kind == T_LPAR ? paren_atom(p)
        : t->kind == T_LSQB ? list_atom(p) : brace_atom(p);
    p->no_in = no_in;
    return n;
  }
  case T_YIELD:
    return fail_tok(p, t, "invalid syntax");
  case T_AWAIT:
    return fail_tok(p, t, "'await' is not supported");
  default:
    return syntax_error_here(p);
  }
}

/* for_if_clauses: ('for' star_targets 'in' disjunction ('if' disjunction)*)+
 * each as an N_COMPFOR */
static Node *star_targets(Parser *p);
static bool comp_fors(Parser *p, NodeList *out) {
  while (kind(p) == T_FOR || (kind(p) == T_ASYNC && peek(p, 1) == T_FOR)) {
    if (kind(p) == T_ASYNC)
      return fail_tok(p, cur(p), "'async' is not supported");
    Node *c = node(p, N_COMPFOR, next(p));
    int start = p->pos;
    if (!c || !(c->a = star_targets(p))) return false;
    if (kind(p) != T_IN) return bad_element_end(p, c->a, start);
    if (!check_target(p, c->a, false)) return false;
    next(p);
    if (!(c->b = disjunction(p))) return false;
    while (accept(p, T_IF))
      if (!push(p, &c->kids, disjunction(p))) return false;
    if (!push(p, out, finish(p, c))) return false;
  }
  return true;
}

/* star_targets (of for statements and comprehensions): star_expressions
 * in which 'in' is not an operator; validated by check_target. */
static Node *star_targets(Parser *p) {
  bool no_in = p->no_in;
  p->no_in = true;
  Node *t = star_expressions(p);
  p->no_in = no_in;
  return t;
}

/* ------------------------------------------------------------------ */
/* Strings and f-strings                                               */
/* ------------------------------------------------------------------ */

/* A position inside a string body: byte offset, its line, line start. */
typedef struct FPos {
  size_t i;
  int line;
  size_t ls;
} FPos;

static int fcol(const FPos *f) { return (int)(f->i - f->ls); }

static void fadvance(Parser *p, FPos *f) {
  char c = p->src[f->i++];
  if (c == '\n' || (c == '\r' && p->src[f->i] != '\n')) {
    f->line++;
    f->ls = f->i;
  }
}

/* An f-string (or a format spec) being assembled: its parts so far and
 * the literal text not yet turned into an N_STR part. */
typedef struct FBuild {
  NodeList parts;
  Buf lit;            /* decoded literal bytes */
  bool has_lit;       /* lit has bytes from the source */
  int lit_line, lit_col;
} FBuild;

/* Appends decoded bytes to the pending literal, which starts at f. */
static bool lit_add(Parser *p, FBuild *fb, const char *s, size_t n,
                    const FPos *f) {
  if (n == 0) return true;
  if (!fb->has_lit) {
    fb->has_lit = true;
    fb->lit_line = f->line;
    fb->lit_col = fcol(f);
  }
  dwB_putn(&fb->lit, s, n);
  if (fb->lit.oom) return oom(p);
  return true;
}

/* Decodes source bytes src[f->i, f->i + n) of string token t and appends
 * them to the pending literal. */
static bool lit_add_src(Parser *p, FBuild *fb, const Token *t, const FPos *f,
                        size_t n) {
  if (n == 0) return true;
  char err[200];
  size_t len = 0;
  char *s = dwX_decode(p->S->a, p->src + f->i, n, t->flags & TF_RAW, &len,
                       err, sizeof err);
  if (!s) /* CPython reports these at the end of the literal */
    return err[0] ? fail_at(p, EXC_SyntaxError, t->end_line, t->end_col, "%s",
                            err)
                  : oom(p);
  if (len == 0) return true;
  return lit_add(p, fb, s, len, f);
}

/* Turns the pending literal into an N_STR part ending at `end`. */
static bool lit_flush(Parser *p, FBuild *fb, const FPos *end) {
  if (!fb->has_lit) return true;
  fb->has_lit = false;
  if (fb->lit.len == 0) return true;
  Node *s = node(p, N_STR, &eof_token);
  if (!s || !(s->s = dwA_strndup(p->S->a, fb->lit.p, fb->lit.len)))
    return oom(p);
  s->slen = fb->lit.len;
  s->line = fb->lit_line;
  s->col = fb->lit_col;
  s->end_line = end->line;
  s->end_col = fcol(end);
  fb->lit.len = 0;
  return push(p, &fb->parts, s);
}

static bool fstring_scan(Parser *p, const Token *t, FPos *f, size_t end,
                         int level, FBuild *fb);

/* A parser for the expression of an f-string field at src[start..end). */
static void sub_parser(Parser *sp, Parser *p, const FPos *f, size_t end) {
  memset(sp, 0, sizeof *sp);
  sp->S = p->S;
  sp->src = p->src;
  sp->fstring = true;
  sp->funcs = p->funcs;
  sp->loops = p->loops;
  sp->scopes = p->scopes;
  dwX_init_field(&sp->lx, p->S->a, p->src, f->i, end, f->line, f->ls);
}

static bool is_field_stop(int k) {
  return k == T_RBRACE || k == T_BANG || k == T_COLON || k == T_ASSIGN;
}

/* A replacement field {expr[=][!c][:spec]} at f (the '{') of string
 * token t, whose body ends at `end`; appends an N_FORMAT (and for
 * {expr=} the text) to fb and leaves f after the '}'. */
static bool fstring_field(Parser *p, const Token *t, FPos *f, size_t end,
                          int level, FBuild *fb) {
  FPos open = *f;
  if (level >= 2)
    return fail_at(p, EXC_SyntaxError, f->line, fcol(f),
                   "f-string: expressions nested too deeply");
  fadvance(p, f); /* '{' */
  FPos expr_start = *f;

  /* the expression, parsed by a parser of its own */
  Parser sp;
  sub_parser(&sp, p, f, end);
  Node *e = NULL;
  Token *t0 = tok(&sp, 0);
  if (t0->kind == T_EOF) {
    fail_at(p, EXC_SyntaxError, t0->line, t0->col,
            "f-string: expecting '}'");
  } else if (t0->kind == T_RBRACE) {
    fail_tok(&sp, t0, "f-string: empty expression not allowed");
  } else if (is_field_stop(t0->kind)) {
    fail_tok(&sp, t0, "f-string: expression required before '%s'",
             dwX_token_text[t0->kind]);
  } else if ((e = star_expressions(&sp))) {
    if (e->kind == N_STARRED) {
      e = fail_node(&sp, e, "cannot use starred expression here");
    } else if (kind(&sp) == T_EOF) {
      e = fail_tok(&sp, cur(&sp), "f-string: expecting '}'");
    } else if (!is_field_stop(kind(&sp))) {
      e = bad_element_end(&sp, e, 0);
    }
  }
  if (e) { /* continue after the expression, at its ! : = or } */
    Token *stop = cur(&sp);
    f->i = stop->off;
    f->line = stop->line;
    f->ls = stop->off - (size_t)stop->col;
  }
  free_tokens(&sp);
  if (!e) return false;

  Node *fmt = node(p, N_FORMAT, &eof_token);
  if (!fmt) return false;
  fmt->line = open.line;
  fmt->col = fcol(&open);
  fmt->a = e;
  const char *s = p->src;
  bool debug = false;
  if (s[f->i] == '=') { /* {expr=}: the text of the expression too */
    fadvance(p, f);
    while (f->i < end && (s[f->i] == ' ' || s[f->i] == '\t' ||
                          s[f->i] == '\n' || s[f->i] == '\r' ||
                          s[f->i] == '\f' || s[f->i] == '\v'))
      fadvance(p, f);
    if (!lit_add(p, fb, s + expr_start.i, f->i - expr_start.i, &expr_start))
      return false;
    debug = true;
  }
  FPos lit_end = debug ? *f : open; /* where literal text before us ends */
  if (f->i < end && s[f->i] == '!') {
    fadvance(p, f);
    char c = f->i < end ? s[f->i] : 0;
    if (c != 'r' && c != 's' && c != 'a')
      return fail_at(p, EXC_SyntaxError, f->line, fcol(f),
                     "f-string: invalid conversion character: expected "
                     "'s', 'r', or 'a'");
    fmt->op = (uint8_t)c;
    fadvance(p, f);
    if (f->i >= end || (s[f->i] != ':' && s[f->i] != '}'))
      return fail_at(p, EXC_SyntaxError, f->line, fcol(f),
                     "f-string: expecting '}'");
  }
  if (f->i < end && s[f->i] == ':') {
    fadvance(p, f);
    FBuild spec = {0};
    FPos sstart = *f;
    bool ok = fstring_scan(p, t, f, end, level + 1, &spec) &&
              lit_flush(p, &spec, f);
    dwB_free(&spec.lit);
    if (!ok) return false;
    if (spec.parts.n > 0) {
      Node *sn = node(p, N_FSTR, &eof_token);
      if (!sn) return false;
      sn->kids = spec.parts;
      sn->line = sstart.line;
      sn->col = fcol(&sstart);
      sn->end_line = f->line;
      sn->end_col = fcol(f);
      fmt->b = sn;
    }
  }
  if (f->i >= end || s[f->i] != '}')
    return fail_at(p, EXC_SyntaxError, f->line, fcol(f),
                   "f-string: expecting '}'");
  fadvance(p, f);
  if (debug && !fmt->op && !fmt->b) fmt->op = 'r';
  fmt->end_line = f->line;
  fmt->end_col = fcol(f);
  return lit_flush(p, fb, &lit_end) && push(p, &fb->parts, fmt);
}

/* Scans an f-string body from f to `end` (level 0) or a format spec
 * (level 1) up to its closing '}' (left at f), splitting it into literal
 * text and fields. */
static bool fstring_scan(Parser *p, const Token *t, FPos *f, size_t end,
                         int level, FBuild *fb) {
  const char *s = p->src;
  bool raw = t->flags & TF_RAW;
  FPos chunk = *f; /* start of literal text not yet added */
  while (f->i < end) {
    char c = s[f->i];
    if (c == '\\' && !raw) {
      fadvance(p, f); /* an escape: the next byte is not special, except
                         for braces, which keep their meaning */
      if (f->i + 1 < end && s[f->i] == 'N' && s[f->i + 1] == '{') {
        while (f->i < end && s[f->i] != '}') fadvance(p, f); /* \N{...} */
        if (f->i < end) fadvance(p, f);
      } else if (f->i < end && s[f->i] != '{' && s[f->i] != '}') {
        fadvance(p, f);
      }
      continue;
    }
    if (c != '{' && c != '}') {
      fadvance(p, f);
      continue;
    }
    if (!lit_add_src(p, fb, t, &chunk, f->i - chunk.i)) return false;
    if (c == '}' && level > 0) return true; /* the end of the spec */
    if (level == 0 && f->i + 1 < end && s[f->i + 1] == c) { /* {{ or }} */
      if (!lit_add(p, fb, &s[f->i], 1, f)) return false;
      fadvance(p, f);
      fadvance(p, f);
    } else if (c == '}') {
      return fail_at(p, EXC_SyntaxError, f->line, fcol(f),
                     "f-string: single '}' is not allowed");
    } else {
      if (!enter(p)) return false;
      bool ok = fstring_field(p, t, f, end, level, fb);
      leave(p);
      if (!ok) return false;
    }
    chunk = *f;
  }
  if (!lit_add_src(p, fb, t, &chunk, f->i - chunk.i)) return false;
  if (level > 0)
    return fail_at(p, EXC_SyntaxError, f->line, fcol(f),
                   "f-string: expecting '}'");
  return true;
}

/* STRING+: adjacent literals concatenated; an N_FSTR if any of them is an
 * f-string, else an N_STR. */
static Node *strings(Parser *p) {
  Token *first = cur(p);
  bool fstr = false;
  for (int k = 0; tok(p, p->pos + k)->kind == T_STRING; k++) {
    Token *t = tok(p, p->pos + k);
    if (t->flags & TF_BYTES)
      return fail_tok(p, t, "bytes literals are not supported");
    fstr |= (t->flags & TF_FSTR) != 0;
  }
  Node *n = node(p, fstr ? N_FSTR : N_STR, first);
  if (!n) return NULL;
  if (first->flags & TF_TRIPLE) n->flags |= NF_TRIPLE;
  FBuild fb = {0};
  bool ok = true;
  while (ok && kind(p) == T_STRING) {
    Token *t = next(p);
    FPos f = {t->body, t->line, t->off - (size_t)t->col};
    if (t->flags & TF_FSTR) {
      ok = fstring_scan(p, t, &f, t->body_end, 0, &fb);
    } else {
      ok = lit_add_src(p, &fb, t, &f, t->body_end - t->body);
    }
  }
  if (ok && fstr) {
    Token *t = prev(p);
    FPos e = {t->body_end, t->end_line, t->end - (size_t)t->end_col};
    ok = lit_flush(p, &fb, &e);
  }
  if (ok && !fstr) {
    n->slen = fb.lit.len;
    n->s = dwA_strndup(p->S->a, fb.lit.p ? fb.lit.p : "", fb.lit.len);
    if (!n->s) ok = oom(p);
  }
  dwB_free(&fb.lit);
  if (!ok) return NULL;
  if (fstr) n->kids = fb.parts;
  return finish(p, n);
}

/* ------------------------------------------------------------------ */
/* Parameters                                                          */
/* ------------------------------------------------------------------ */

/* parameters of a def (closer ')', with annotations) or a lambda (closer
 * ':'), up to but not including the closer. */
static Params *parameters(Parser *p, int closer, bool annotations) {
  Params *P = dwA_alloc(p->S->a, sizeof *P);
  if (!P) return oom(p);
  P->line = cur(p)->line;
  P->col = cur(p)->col;
  NodeList names = {0}; /* N_NAME with a = default */
  bool slash = false, star = false, dstar = false, seen_default = false;
  Token *bare_star = NULL;
  Node *last = NULL; /* the last annotation or default parsed */
  int last_start = 0;
  while (kind(p) != closer) {
    Token *t = cur(p);
    last = NULL;
    if (dstar)
      return fail_tok(p, t, "arguments cannot follow var-keyword argument");
    const char *name = NULL;
    if (accept(p, T_SLASH)) {
      if (slash) return fail_tok(p, t, "/ may appear only once");
      if (star) return fail_tok(p, t, "/ must be ahead of *");
      if (names.n == 0)
        return kind(p) == T_COMMA
                   ? fail_tok(p, t, "at least one argument must precede /")
                   : fail_tok(p, t, "invalid syntax");
      slash = true;
      P->nposonly = names.n;
    } else if (kind(p) == T_STAR || kind(p) == T_DSTAR) {
      bool two = next(p)->kind == T_DSTAR;
      if (!two && star)
        return fail_tok(p, t, "* argument may appear only once");
      if (!two && (kind(p) == T_COMMA || kind(p) == closer)) {
        bare_star = t;
        star = true;
      } else {
        Token *nt = expect(p, T_NAME);
        if (!nt || !(name = text(p, nt))) return NULL;
        t = nt; /* duplicates are reported at the name */
        if (annotations && accept(p, T_COLON)) {
          last_start = p->pos;
          if (!(last = two ? expression(p) : star_expression(p))) /* *Ts */
            return NULL;
        }
        if (two) {
          P->kwarg = name;
          dstar = true;
        } else {
          P->vararg = name;
          star = true;
        }
      }
    } else if (kind(p) == T_NAME) {
      Node *nm = node(p, N_NAME, next(p));
      if (!nm || !(nm->s = name = text(p, t))) return NULL;
      if (annotations && accept(p, T_COLON)) {
        last_start = p->pos;
        if (!(last = expression(p))) return NULL;
      }
      if (accept(p, T_ASSIGN)) {
        last_start = p->pos;
        if (!(last = nm->a = expression(p))) return NULL;
      }
      if (star) {
        P->nkwonly++;
      } else if (nm->a) {
        seen_default = true;
      } else if (seen_default) {
        return fail_tok(p, t,
                        "non-default argument follows default argument");
      }
      if (!push(p, &names, nm)) return NULL;
    } else {
      return syntax_error_here(p);
    }
    if (name) {
      int dup = 0;
      for (int k = 0; k < names.n; k++) dup += !strcmp(names.v[k]->s, name);
      if (P->vararg) dup += !strcmp(P->vararg, name);
      if (P->kwarg) dup += !strcmp(P->kwarg, name);
      if (dup > 1)
        late_error(p, 0, t->line, t->col,
                   "duplicate argument '%s' in function definition", name);
    }
    if (kind(p) != closer && kind(p) != T_COMMA)
      return last ? bad_element_end(p, last, last_start) : syntax_error_here(p);
    accept(p, T_COMMA);
  }
  if (bare_star && P->nkwonly == 0)
    return fail_tok(p, bare_star, "named arguments must follow bare *");
  P->n = names.n;
  if (names.n) {
    P->names = dwA_alloc(p->S->a, (size_t)names.n * sizeof *P->names);
    P->defaults = dwA_alloc(p->S->a, (size_t)names.n * sizeof *P->defaults);
    if (!P->names || !P->defaults) return oom(p);
    for (int k = 0; k < names.n; k++) {
      P->names[k] = names.v[k]->s;
      P->defaults[k] = names.v[k]->a;
    }
  }
  return P;
}

/* ------------------------------------------------------------------ */
/* Simple statements                                                   */
/* ------------------------------------------------------------------ */

/* Is the current token the end of a simple statement? */
static bool at_stmt_end(Parser *p) {
  int k = kind(p);
  return k == T_NEWLINE || k == T_SEMI || k == T_EOF;
}

/* dotted_name: NAME ('.' NAME)* as one string */
static const char *dotted_name(Parser *p, Buf *b) {
  for (;;) {
    Token *t = expect(p, T_NAME);
    if (!t) return NULL;
    dwB_putn(b, p->src + t->off, t->end - t->off);
    if (kind(p) != T_DOT) break;
    next(p);
    dwB_putc(b, '.');
  }
  if (b->oom) return oom(p);
  const char *s = dwA_strndup(p->S->a, b->p, b->len);
  if (!s) oom(p);
  return s;
}

/* An N_ALIAS: dotted_name ['as' NAME] (dotted only for `import`). */
static Node *alias(Parser *p, bool dotted) {
  Node *n = node(p, N_ALIAS, cur(p));
  if (!n) return NULL;
  if (dotted) {
    Buf b = {0};
    n->s = dotted_name(p, &b);
    dwB_free(&b);
    if (!n->s) return NULL;
  } else {
    Token *t = expect(p, T_NAME);
    if (!t || !(n->s = text(p, t))) return NULL;
  }
  n->slen = strlen(n->s);
  if (accept(p, T_AS)) {
    Token *t = expect(p, T_NAME);
    if (!t || !(n->s2 = text(p, t))) return NULL;
  }
  return finish(p, n);
}

/* import_name: 'import' dotted_as_names */
static Node *import_stmt(Parser *p) {
  Node *n = node(p, N_IMPORT, next(p));
  if (!n) return NULL;
  do {
    if (!push(p, &n->kids, alias(p, true))) return NULL;
  } while (accept(p, T_COMMA));
  return finish(p, n);
}

/* import_from: 'from' ('.' | '...')* [dotted_name] 'import'
 *              ('*' | '(' names [','] ')' | names) */
static Node *from_stmt(Parser *p) {
  Node *n = node(p, N_FROMIMPORT, next(p));
  if (!n) return NULL;
  Buf b = {0};
  for (;;) {
    if (accept(p, T_DOT)) dwB_putc(&b, '.');
    else if (accept(p, T_ELLIPSIS)) dwB_puts(&b, "...");
    else break;
  }
  const char *mod = NULL;
  if (kind(p) != T_IMPORT || b.len == 0) mod = dotted_name(p, &b);
  else if (!(mod = dwA_strndup(p->S->a, b.p, b.len))) oom(p);
  dwB_free(&b);
  if (!mod) return NULL;
  n->s = mod;
  n->slen = strlen(mod);
  if (!expect(p, T_IMPORT)) return NULL;
  if (kind(p) == T_STAR) {
    Node *a = node(p, N_ALIAS, next(p));
    if (!a) return NULL;
    a->s = "*";
    a->slen = 1;
    return push(p, &n->kids, a) ? finish(p, n) : NULL;
  }
  bool paren = accept(p, T_LPAR);
  for (;;) {
    if (!push(p, &n->kids, alias(p, false))) return NULL;
    if (!accept(p, T_COMMA)) break;
    if (paren && kind(p) == T_RPAR) break;
    if (!paren && at_stmt_end(p))
      return fail_tok(p, cur(p), "trailing comma not allowed without "
                                 "surrounding parentheses");
  }
  if (paren && !expect(p, T_RPAR)) return NULL;
  return finish(p, n);
}

/* del_stmt: 'del' del_targets */
static Node *del_stmt(Parser *p) {
  Node *n = node(p, N_DEL, next(p));
  if (!n) return NULL;
  do {
    if (at_stmt_end(p) && n->kids.n > 0) break;
    Node *t = star_expression(p);
    if (!t || !push(p, &n->kids, t)) return NULL;
    Node *bad = invalid_target(t, true);
    if (bad) return fail_node(p, bad, "cannot delete %s", expr_name(bad));
  } while (accept(p, T_COMMA));
  return finish(p, n);
}

/* global_stmt / nonlocal_stmt: NAME (',' NAME)* */
static Node *names_stmt(Parser *p, int kind_) {
  Token *st = next(p);
  Node *n = node(p, kind_, st);
  if (!n) return NULL;
  if (kind_ == N_NONLOCAL && p->scopes == 0)
    late_error(p, 0, st->line, st->col,
               "nonlocal declaration not allowed at module level");
  do {
    Token *t = expect(p, T_NAME);
    Node *nm = t ? node(p, N_NAME, t) : NULL;
    if (!nm || !(nm->s = text(p, t))) return NULL;
    nm->slen = strlen(nm->s);
    if (!push(p, &n->kids, nm)) return NULL;
  } while (accept(p, T_COMMA));
  return finish(p, n);
}

/* An assignment's right-hand side: yield_expr | star_expressions. */
static Node *rhs(Parser *p) {
  if (kind(p) == T_YIELD) return yield_expr(p);
  return check_value(p, star_expressions(p));
}

/* expression statements and assignments:
 *   star_expressions
 *   target ':' expression ['=' rhs]          (annotated)
 *   target augassign rhs
 *   (star_targets '=')+ rhs */
static Node *expr_stmt(Parser *p) {
  Token *st = cur(p);
  Node *e = star_expressions(p);
  if (!e) return NULL;
  int k = kind(p);
  if (k == T_WALRUS && e->kind != N_NAME)
    return fail_node(p, e, "cannot use assignment expressions with %s",
                     expr_name(e));
  if (k == T_COLON) {
    bool simple = e->kind == N_NAME || e->kind == N_ATTR || e->kind == N_SUBSCRIPT;
    if (!simple && !starts_expr(peek(p, 1)))
      return syntax_error_here(p);
    if (e->kind == N_TUPLE || e->kind == N_LIST)
      return fail_node(p, e, "only single target (not %s) can be annotated",
                       e->kind == N_TUPLE ? "tuple" : "list");
    if (e->kind != N_NAME && e->kind != N_ATTR && e->kind != N_SUBSCRIPT)
      return fail_node(p, e, "illegal target for annotation");
    next(p);
    Node *n = node(p, N_ANNASSIGN, st);
    if (!n) return NULL;
    n->a = e;
    if (!(n->c = expression(p))) return NULL;
    if (accept(p, T_ASSIGN) && !(n->b = rhs(p))) return NULL;
    return finish(p, n);
  }
  if (k >= T_ADDEQ && k <= T_XOREQ) {
    if (e->kind != N_NAME && e->kind != N_ATTR && e->kind != N_SUBSCRIPT)
      return fail_node(p, e,
                       "'%s' is an illegal expression for augmented "
                       "assignment",
                       expr_name(e));
    next(p);
    Node *n = node(p, N_AUGASSIGN, st);
    if (!n) return NULL;
    n->op = (uint8_t)(k - T_ADDEQ);
    n->a = e;
    if (!(n->b = rhs(p))) return NULL;
    return finish(p, n);
  }
  if (k == T_ASSIGN) {
    Node *n = node(p, N_ASSIGN, st);
    if (!n || !push(p, &n->kids, e)) return NULL;
    int first_value_tok = 0;
    while (accept(p, T_ASSIGN)) {
      if (!first_value_tok) first_value_tok = kind(p);
      Snapshot snap;
      save(p, &snap);
      Node *v = rhs(p);
      if (!v) {
        /* CPython reports an invalid target before it instead */
        for (int i = 0; i < n->kids.n; i++) {
          Node *bad = invalid_target(n->kids.v[i], false);
          if (bad && !p->S->main_lexer) {
            restore(p, &snap);
            return fail_node(p, bad, "cannot assign to %s", expr_name(bad));
          }
        }
        return NULL;
      }
      if (kind(p) == T_ASSIGN && !push(p, &n->kids, v)) return NULL;
      n->a = v;
    }
    bool here = n->kids.n == 1 && first_value_tok != T_NOT &&
                first_value_tok != T_LAMBDA && first_value_tok != T_STAR;
    for (int i = 0; i < n->kids.n; i++)
      if (!check_target(p, n->kids.v[i], here)) return NULL;
    return finish(p, n);
  }
  /* an expression statement */
  if (e->kind == N_NAME && (!strcmp(e->s, "print") || !strcmp(e->s, "exec")) &&
      starts_expr(k) && !(e->flags & NF_PAREN))
  {
    fail_node(p, e, "Missing parentheses in call to '%s'. Did you mean %s(...)?", e->s, e->s);
    p->S->err->end_col = INT_MAX; /* CPython underlines the whole statement */
    return NULL;
  }
  check_value(p, e);
  Node *n = node(p, N_EXPR, st);
  if (!n) return NULL;
  n->a = e;
  return finish(p, n);
}

/* simple_stmt: assignment | star_expressions | return | import | raise
 *            | pass | del | assert | break | continue | global | nonlocal */
static Node *simple_stmt(Parser *p) {
  Token *st = cur(p);
  Node *n;
  switch (st->kind) {
  case T_PASS:
    return node(p, N_PASS, next(p));
  case T_BREAK:
    if (p->loops == 0)
      late_error(p, 1, st->line, st->col, "'break' outside loop");
    return node(p, N_BREAK, next(p));
  case T_CONTINUE:
    if (p->loops == 0)
      late_error(p, 1, st->line, st->col,
                 "'continue' not properly in loop");
    return node(p, N_CONTINUE, next(p));
  case T_RETURN:
    if (p->funcs == 0)
      late_error(p, 1, st->line, st->col, "'return' outside function");
    if (!(n = node(p, N_RETURN, next(p)))) return NULL;
    if (!at_stmt_end(p) && !(n->a = check_value(p, star_expressions(p))))
      return NULL;
    return finish(p, n);
  case T_RAISE:
    if (!(n = node(p, N_RAISE, next(p)))) return NULL;
    if (!at_stmt_end(p)) {
      if (!(n->a = expression(p))) return NULL;
      if (accept(p, T_FROM) && !(n->b = expression(p))) return NULL;
    }
    return finish(p, n);
  case T_GLOBAL:
    return names_stmt(p, N_GLOBAL);
  case T_NONLOCAL:
    return names_stmt(p, N_NONLOCAL);
  case T_DEL:
    return del_stmt(p);
  case T_ASSERT:
    if (!(n = node(p, N_ASSERT, next(p)))) return NULL;
    if (!(n->a = expression(p))) return NULL;
    if (accept(p, T_COMMA) && !(n->b = expression(p))) return NULL;
    return finish(p, n);
  case T_IMPORT:
    return import_stmt(p);
  case T_FROM:
    return from_stmt(p);
  case T_YIELD: {
    Node *y = yield_expr(p);
    if (!y || !(n = node(p, N_EXPR, st))) return NULL;
    n->a = y;
    return finish(p, n);
  }
  default:
    return expr_stmt(p);
  }
}

/* simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE */
static bool simple_stmts(Parser *p, NodeList *out) {
  for (;;) {
    if (!push(p, out, simple_stmt(p))) return false;
    if (!accept(p, T_SEMI) || kind(p) == T_NEWLINE) break;
  }
  if (kind(p) != T_NEWLINE) return syntax_error_here(p);
  next(p);
  return true;
}

/* ------------------------------------------------------------------ */
/* Compound statements                                                 */
/* ------------------------------------------------------------------ */

static bool statement(Parser *p, NodeList *out);

/* The ':' that starts a block. CPython says "expected ':'" when the line
 * ends instead (or always, for `forced` ones). */
static bool colon(Parser *p, bool forced) {
  if (accept(p, T_COLON)) return true;
  if (forced || kind(p) == T_NEWLINE) return fail_tok(p, cur(p), "expected ':'");
  return syntax_error_here(p);
}

/* block: NEWLINE INDENT statements DEDENT | simple_stmts. `what` and
 * `line` name the statement for "expected an indented block". */
static bool block(Parser *p, NodeList *out, const char *what, int line) {
  if (kind(p) != T_NEWLINE) return simple_stmts(p, out);
  next(p);
  Token *t = cur(p);
  if (t->kind != T_INDENT) {
    if (t->kind == T_ERROR) return lexer_error(p);
    return fail_at(p, EXC_IndentationError, t->line, t->col,
                   "expected an indented block after %s on line %d", what,
                   line);
  }
  next(p);
  while (kind(p) != T_DEDENT && kind(p) != T_EOF && !p->S->failed)
    if (!statement(p, out)) return false;
  accept(p, T_DEDENT);
  return !p->S->failed;
}

/* A loop body: break/continue are allowed inside. */
static bool loop_block(Parser *p, NodeList *out, const char *what, int line) {
  p->loops++;
  bool ok = block(p, out, what, line);
  p->loops--;
  return ok;
}

/* if_stmt: 'if' named_expression ':' block elif_stmt* [else_block]
 * An elif becomes a single N_IF (flag NF_ELIF) in the orelse of the
 * previous one; the chain is built iteratively. */
static Node *if_stmt(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_IF, st);
  if (!n || !(n->a = named_expression(p, true)) || !colon(p, false) ||
      !block(p, &n->body, "'if' statement", st->line))
    return NULL;
  NodeList chain = {0}; /* n and its elifs, outermost first */
  if (!push(p, &chain, n)) return NULL;
  Node *last = n;
  while (kind(p) == T_ELIF) {
    Token *et = next(p);
    Node *e = node(p, N_IF, et);
    if (!e) return NULL;
    e->flags |= NF_ELIF;
    if (!(e->a = named_expression(p, true)) || !colon(p, false) ||
        !block(p, &e->body, "'elif' statement", et->line))
      return NULL;
    if (!push(p, &last->orelse, e) || !push(p, &chain, e)) return NULL;
    last = e;
  }
  if (kind(p) == T_ELSE) {
    Token *et = next(p);
    if (!colon(p, true) ||
        !block(p, &last->orelse, "'else' statement", et->line))
      return NULL;
  }
  for (int k = 0; k < chain.n; k++) end_stmt(p, chain.v[k]);
  return n;
}

/* An optional else block of while / for / try. */
static bool else_block(Parser *p, Node *n) {
  if (kind(p) != T_ELSE) return true;
  Token *et = next(p);
  return colon(p, true) &&
         block(p, &n->orelse, "'else' statement", et->line);
}

/* while_stmt: 'while' named_expression ':' block [else_block] */
static Node *while_stmt(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_WHILE, st);
  if (!n || !(n->a = named_expression(p, true)) || !colon(p, false) ||
      !loop_block(p, &n->body, "'while' statement", st->line) ||
      !else_block(p, n))
    return NULL;
  end_stmt(p, n);
  return n;
}

/* for_stmt: 'for' star_targets 'in' star_expressions ':' block
 *           [else_block] */
static Node *for_stmt(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_FOR, st);
  if (!n || !(n->a = star_targets(p))) return NULL;
  if (kind(p) != T_IN) return syntax_error_here(p);
  if (!check_target(p, n->a, false)) return NULL;
  next(p);
  if (!(n->b = check_value(p, star_expressions(p))) || !colon(p, false) ||
      !loop_block(p, &n->body, "'for' statement", st->line) ||
      !else_block(p, n))
    return NULL;
  end_stmt(p, n);
  return n;
}

/* try_stmt: 'try' ':' block (except_block+ [else] [finally] | finally) */
static Node *try_stmt(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_TRY, st);
  if (!n || !colon(p, true) ||
      !block(p, &n->body, "'try' statement", st->line))
    return NULL;
  Node *bare = NULL;
  while (kind(p) == T_EXCEPT) {
    Token *et = next(p);
    if (kind(p) == T_STAR) return fail_tok(p, cur(p), "'except*' is not supported");
    Node *h = node(p, N_HANDLER, et);
    if (!h) return NULL;
    if (bare)
      late_error(p, 1, bare->line, bare->col,
                 "default 'except:' must be last");
    if (kind(p) != T_COLON) {
      if (!(h->a = expression(p))) return NULL;
      if (kind(p) == T_COMMA)
        return fail_node(p, h->a, "multiple exception types must be "
                                  "parenthesized");
      if (accept(p, T_AS)) {
        Token *t = expect(p, T_NAME);
        if (!t || !(h->s = text(p, t))) return NULL;
        h->slen = strlen(h->s);
      }
    } else {
      bare = h;
    }
    if (!colon(p, false) ||
        !block(p, &h->body, "'except' statement", et->line))
      return NULL;
    end_stmt(p, h);
    if (!push(p, &n->kids, h)) return NULL;
  }
  if (n->kids.n > 0 && !else_block(p, n)) return NULL;
  if (kind(p) == T_FINALLY) {
    Token *ft = next(p);
    if (!colon(p, true) ||
        !block(p, &n->finalbody, "'finally' statement", ft->line))
      return NULL;
  }
  if (n->kids.n == 0 && n->finalbody.n == 0)
    return fail_tok(p, cur(p), "expected 'except' or 'finally' block");
  end_stmt(p, n);
  return n;
}

/* with_item: expression ['as' star_target] */
static Node *with_item(Parser *p) {
  Node *n = node(p, N_WITHITEM, cur(p));
  if (!n || !(n->a = expression(p))) return NULL;
  if (accept(p, T_AS)) {
    Token *t = cur(p);
    if (t->kind == T_STAR) {
      Node *s = node(p, N_STARRED, next(p));
      if (!s || !(s->a = binary(p, 0))) return NULL;
      n->b = finish(p, s);
    } else if (!(n->b = binary(p, 0))) {
      return NULL;
    }
    if (!check_target(p, n->b, false)) return NULL;
  }
  return finish(p, n);
}

/* with_stmt: 'with' '(' with_item (',' with_item)* [','] ')' ':' block
 *          | 'with' with_item (',' with_item)* ':' block
 * The first form is tried first, as in CPython: `with (a, b):` has two
 * items, `with (a, b) as c:` one. */
static Node *with_stmt(Parser *p) {
  Token *st = next(p);
  Node *n = node(p, N_WITH, st);
  if (!n) return NULL;
  if (kind(p) == T_LPAR) {
    Snapshot snap;
    save(p, &snap);
    bool trying = p->trying;
    p->trying = true;
    next(p);
    bool ok = true;
    while (ok && kind(p) != T_RPAR) {
      ok = push(p, &n->kids, with_item(p));
      if (ok && !accept(p, T_COMMA)) break;
    }
    ok = ok && n->kids.n > 0 && accept(p, T_RPAR) && kind(p) == T_COLON;
    p->trying = trying;
    if (!ok) {
      restore(p, &snap);
      n->kids = (NodeList){0};
    }
  }
  if (n->kids.n == 0) {
    do {
      if (!push(p, &n->kids, with_item(p))) return NULL;
    } while (accept(p, T_COMMA));
  }
  if (!colon(p, false) || !block(p, &n->body, "'with' statement", st->line))
    return NULL;
  end_stmt(p, n);
  return n;
}

/* The head shared by def and class: the keyword (*st), the node with its
 * decorators, and the NAME. */
static Node *def_head(Parser *p, int kind, NodeList decos, Token **st) {
  *st = next(p);
  Node *n = node(p, kind, *st);
  if (!n) return NULL;
  n->decos = decos;
  Token *name = expect(p, T_NAME);
  if (!name || !(n->s = text(p, name))) return NULL;
  n->slen = strlen(n->s);
  return n;
}

/* function_def: decorators 'def' NAME '(' [params] ')' ['->' expression]
 *               ':' block */
static Node *funcdef(Parser *p, NodeList decos) {
  Token *st;
  Node *n = def_head(p, N_DEF, decos, &st);
  if (!n) return NULL;
  if (kind(p) != T_LPAR) return fail_tok(p, cur(p), "expected '('");
  next(p);
  if (!(n->params = parameters(p, T_RPAR, true)) || !expect(p, T_RPAR))
    return NULL;
  if (kind(p) == T_ARROW && !starts_expr(peek(p, 1)))
    return fail_tok(p, cur(p), "expected ':'");
  if (accept(p, T_ARROW) && !expression(p)) return NULL;
  if (!colon(p, true)) return NULL;
  int funcs = p->funcs, loops = p->loops;
  p->funcs++;
  p->scopes++;
  p->loops = 0;
  bool ok = block(p, &n->body, "function definition", st->line);
  p->funcs = funcs;
  p->loops = loops;
  p->scopes--;
  if (!ok) return NULL;
  end_stmt(p, n);
  return n;
}

/* class_def: decorators 'class' NAME ['(' [arguments] ')'] ':' block */
static Node *classdef(Parser *p, NodeList decos) {
  Token *st;
  Node *n = def_head(p, N_CLASS, decos, &st);
  if (!n) return NULL;
  if (accept(p, T_LPAR) && !arguments(p, &n->kids)) return NULL;
  if (!colon(p, false)) return NULL;
  int funcs = p->funcs, loops = p->loops;
  p->funcs = p->loops = 0;
  p->scopes++;
  bool ok = block(p, &n->body, "class definition", st->line);
  p->funcs = funcs;
  p->loops = loops;
  p->scopes--;
  if (!ok) return NULL;
  end_stmt(p, n);
  return n;
}

/* decorators: ('@' named_expression NEWLINE)+ then a def or class */
static Node *decorated(Parser *p) {
  NodeList decos = {0};
  while (accept(p, T_AT)) {
    if (!push(p, &decos, named_expression(p, true))) return NULL;
    if (kind(p) != T_NEWLINE) return syntax_error_here(p);
    next(p);
  }
  if (kind(p) == T_DEF) return funcdef(p, decos);
  if (kind(p) == T_CLASS) return classdef(p, decos);
  if (kind(p) == T_ASYNC && peek(p, 1) == T_DEF)
    return fail_tok(p, cur(p), "'async' is not supported");
  return syntax_error_here(p);
}

/* Is this a `match` statement (`match` is a soft keyword): match, an
 * expression, ':' and the end of the line? */
static bool is_match_stmt(Parser *p) {
  Token *t = cur(p);
  if (t->kind != T_NAME || t->end - t->off != 5 ||
      memcmp(p->src + t->off, "match", 5) != 0 ||
      (!starts_expr(peek(p, 1)) && peek(p, 1) != T_STAR))
    return false;
  Snapshot snap;
  save(p, &snap);
  bool trying = p->trying;
  p->trying = true;
  next(p);
  bool r = star_expressions(p) && kind(p) == T_COLON &&
           peek(p, 1) == T_NEWLINE;
  p->trying = trying;
  restore(p, &snap);
  return r;
}

/* statement: compound_stmt | simple_stmts */
static bool statement(Parser *p, NodeList *out) {
  Node *n;
  switch (kind(p)) {
  case T_IF: n = if_stmt(p); break;
  case T_WHILE: n = while_stmt(p); break;
  case T_FOR: n = for_stmt(p); break;
  case T_TRY: n = try_stmt(p); break;
  case T_WITH: n = with_stmt(p); break;
  case T_DEF: n = funcdef(p, (NodeList){0}); break;
  case T_CLASS: n = classdef(p, (NodeList){0}); break;
  case T_AT: n = decorated(p); break;
  case T_ASYNC:
    if (peek(p, 1) != T_DEF && peek(p, 1) != T_FOR && peek(p, 1) != T_WITH)
      return syntax_error_here(p);
    return fail_tok(p, cur(p), "'async' is not supported");
  case T_INDENT: case T_DEDENT: return syntax_error_here(p);
  default:
    if (is_match_stmt(p))
      return fail_tok(p, cur(p), "'match' statements are not supported");
    return simple_stmts(p, out);
  }
  return push(p, out, n);
}

/* ------------------------------------------------------------------ */
/* The tree's depth                                                    */
/* ------------------------------------------------------------------ */

/* Calls f(ctx, child) for every child of n (in dump order). */
static void each_child(const Node *n, void (*f)(void *, const Node *),
                       void *ctx) {
  for (int k = 0; k < n->decos.n; k++) f(ctx, n->decos.v[k]);
  if (n->params)
    for (int k = 0; k < n->params->n; k++)
      if (n->params->defaults[k]) f(ctx, n->params->defaults[k]);
  if (n->a) f(ctx, n->a);
  if (n->b) f(ctx, n->b);
  if (n->c) f(ctx, n->c);
  const NodeList *lists[] = {&n->kids, &n->body, &n->orelse, &n->finalbody};
  for (int l = 0; l < 4; l++)
    for (int k = 0; k < lists[l]->n; k++) f(ctx, lists[l]->v[k]);
}

typedef struct DepthWalk {
  const Node **stack; /* nodes to visit */
  int *depth;         /* their depths */
  int n, cap, cur;
  bool oom;
  const Node *deepest;
} DepthWalk;

static void depth_push(void *ctx, const Node *c) {
  DepthWalk *w = ctx;
  if (w->oom) return;
  if (w->n == w->cap) {
    int cap = w->cap ? w->cap * 2 : 256;
    const Node **s = realloc(w->stack, (size_t)cap * sizeof *s);
    if (s) w->stack = s;
    int *d = realloc(w->depth, (size_t)cap * sizeof *d);
    if (d) w->depth = d;
    if (!s || !d) {
      w->oom = true;
      return;
    }
    w->cap = cap;
  }
  w->stack[w->n] = c;
  w->depth[w->n++] = w->cur + 1;
}

/* Rejects trees deeper than MAX_AST_DEPTH (without recursion). */
static bool check_depth(Parser *p, const Node *root) {
  DepthWalk w = {0};
  w.cur = 0;
  depth_push(&w, root);
  while (w.n > 0 && !w.oom && !w.deepest) {
    const Node *n = w.stack[--w.n];
    w.cur = w.depth[w.n];
    if (w.cur > MAX_AST_DEPTH) w.deepest = n;
    else each_child(n, depth_push, &w);
  }
  free(w.stack);
  free(w.depth);
  if (w.oom) return oom(p);
  if (w.deepest)
    return fail_node(p, w.deepest,
                     w.deepest->kind >= N_MODULE
                         ? "too many statically nested blocks"
                         : "expression too deeply nested");
  return true;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */
/* ------------------------------------------------------------------ */

/* `from __future__ import x` (CPython's Python/future.c, before the
 * symbol table): only at the top of the module, after a docstring and
 * other future imports; x one of the known features. */
static const char *const future_features[] = {
    "nested_scopes", "generators", "division", "absolute_import", "with_statement",
    "print_function", "unicode_literals", "barry_as_FLUFL", "generator_stop", "annotations",
    NULL};

static bool is_future(const Node *s) {
  return s->kind == N_FROMIMPORT && !strcmp(s->s, "__future__");
}

/* A future import anywhere inside the statements of l (nested: an error). */
static Node *nested_future(const NodeList *l) {
  for (int k = 0; k < l->n; k++) {
    Node *s = l->v[k];
    if (is_future(s)) return s;
    const NodeList *ls[5] = {&s->body, &s->orelse, &s->finalbody, &s->kids, NULL};
    for (int j = 0; ls[j]; j++) {
      if (j == 3 && s->kind != N_TRY) break; /* kids: the handlers of a try */
      Node *f = nested_future(ls[j]);
      if (f) return f;
    }
  }
  return NULL;
}

static void check_future(Parser *p, Node *mod) {
  bool head = true;
  for (int k = 0; k < mod->body.n; k++) {
    Node *s = mod->body.v[k];
    if (k == 0 && s->kind == N_EXPR && s->a && s->a->kind == N_STR) continue; /* docstring */
    if (!is_future(s)) {
      head = false;
      Node *f = nested_future(&(NodeList){.v = &s, .n = 1});
      if (f) {
        fail_node(p, f, "from __future__ imports must occur at the beginning of the file");
        return;
      }
      continue;
    }
    if (!head) {
      fail_node(p, s, "from __future__ imports must occur at the beginning of the file");
      return;
    }
    for (int j = 0; j < s->kids.n; j++) {
      const char *f = s->kids.v[j]->s;
      int q = 0;
      while (future_features[q] && strcmp(future_features[q], f)) q++;
      if (future_features[q]) continue;
      fail_at(p, EXC_SyntaxError, s->line, s->col,
              !strcmp(f, "braces") ? "not a chance" : "future feature %s is not defined", f);
      return;
    }
  }
}

Node *dwP_parse(Arena *a, const char *src, size_t len, ParseError *err) {
  ParseError ignored;
  if (!err) err = &ignored;
  memset(err, 0, sizeof *err);
  if (!src) len = 0;
  Shared S = {.a = a, .err = err};
  Parser p;
  memset(&p, 0, sizeof p);
  p.S = &S;
  p.src = src ? src : "";
  dwX_init(&p.lx, a, p.src, len);

  Node *mod = node(&p, N_MODULE, &eof_token);
  while (mod && kind(&p) != T_EOF && !S.failed)
    if (!statement(&p, &mod->body)) break;
  if (mod && !S.failed) {
    mod->line = 1;
    mod->col = 0;
    end_with(mod, &mod->body);
    check_depth(&p, mod);
    if (!S.failed) check_future(&p, mod);
  }

  if (S.failed && !S.main_lexer && !S.final &&
      err->type != EXC_MemoryError) {
    /* CPython tokenizes the rest of the file after a syntax error, and a
     * tokenizer error there is reported instead (an unclosed bracket only
     * if it was opened before the last line the parser looked at) */
    int furthest = 1;
    for (int k = 0; k < p.ntok; k++)
      if (slot(&p, k)->kind != T_ERROR && slot(&p, k)->line > furthest)
        furthest = slot(&p, k)->line;
    bool fetched = p.lx.failed; /* the parser looked at the bad token */
    Token t;
    do dwX_next(&p.lx, &t);
    while (t.kind != T_EOF && t.kind != T_ERROR);
    Lexer *L = &p.lx;
    bool unclosed = L->failed && !L->overrides && L->level > 0 &&
                    strstr(L->emsg, "was never closed");
    if (L->failed &&
        (fetched || L->overrides || (unclosed && L->eline < furthest))) {
      err->type = L->etype;
      err->line = L->eline;
      err->col = L->ecol;
      snprintf(err->msg, sizeof err->msg, "%s", L->emsg);
    }
  } else if (!S.failed && (S.has_late[0] || S.has_late[1])) {
    *err = S.late[S.has_late[0] ? 0 : 1];
    S.failed = true;
  }
  free_tokens(&p);
  return S.failed ? NULL : mod;
}

/* ------------------------------------------------------------------ */
/* Dump                                                                */
/* ------------------------------------------------------------------ */

/* dwP_dump writes one line of S-expressions:
 *   atoms        x  42  (BigInt 123...)  1.5  "text"  True False None ...
 *   expressions  (Kind fields... children...), e.g. (BinOp + a b),
 *                (Unary - a), (BoolOp and a b c), (Compare a < b is not c),
 *                (Call f a (Keyword k v) (Starred x) (DStar y)),
 *                (Attr a name), (Subscript a (Slice lo hi step)) with _
 *                for a missing part, (IfExp test body orelse),
 *                (Lambda (Params ...) body), (FStr "a" (Format x !r
 *                (FStr ">8"))), (ListComp elt (CompFor target iter cond))
 *   statements   (Assign t1 t2 = value), (AugAssign += t v),
 *                (AnnAssign t ann = v), (If test {body} else {...}) where an
 *                elif is an (Elif ...) inside else, (For t iter {body}),
 *                (Def @deco name (Params a b=1 / c *args d **kw) {body}),
 *                (Class @deco name bases... {body}),
 *                (Try {body} (Handler type as name {body}) else {..}
 *                finally {..}), (With (WithItem ctx as t) {body}),
 *                (Import (Alias a.b as c)), (FromImport ..mod (Alias x)),
 *                (Raise exc from cause)
 * The head of each list is dwP_kind_names[kind]. */

const char *const dwP_kind_names[N_COUNT] = {
    [N_NAME] = "Name", [N_INT] = "Int", [N_FLOAT] = "Float",
    [N_STR] = "Str", [N_FSTR] = "FStr", [N_FORMAT] = "Format",
    [N_TRUE] = "True", [N_FALSE] = "False", [N_NONE] = "None",
    [N_ELLIPSIS] = "Ellipsis", [N_TUPLE] = "Tuple", [N_LIST] = "List",
    [N_DICT] = "Dict", [N_SET] = "Set", [N_LISTCOMP] = "ListComp",
    [N_DICTCOMP] = "DictComp", [N_SETCOMP] = "SetComp", [N_GENEXP] = "GenExp",
    [N_COMPFOR] = "CompFor", [N_BINOP] = "BinOp", [N_UNARY] = "Unary",
    [N_BOOLOP] = "BoolOp", [N_COMPARE] = "Compare", [N_CALL] = "Call",
    [N_KEYWORD] = "Keyword", [N_STARRED] = "Starred", [N_DSTAR] = "DStar",
    [N_ATTR] = "Attr", [N_SUBSCRIPT] = "Subscript", [N_SLICE] = "Slice",
    [N_LAMBDA] = "Lambda", [N_IFEXP] = "IfExp",
    [N_NAMEDEXPR] = "NamedExpr", [N_YIELD] = "Yield", [N_YIELDFROM] = "YieldFrom",
    [N_MODULE] = "Module", [N_EXPR] = "Expr",
    [N_ASSIGN] = "Assign", [N_AUGASSIGN] = "AugAssign",
    [N_ANNASSIGN] = "AnnAssign", [N_IF] = "If", [N_WHILE] = "While",
    [N_FOR] = "For", [N_BREAK] = "Break", [N_CONTINUE] = "Continue",
    [N_PASS] = "Pass", [N_RETURN] = "Return", [N_DEF] = "Def",
    [N_CLASS] = "Class", [N_IMPORT] = "Import",
    [N_FROMIMPORT] = "FromImport", [N_ALIAS] = "Alias",
    [N_GLOBAL] = "Global", [N_NONLOCAL] = "Nonlocal", [N_ASSERT] = "Assert",
    [N_RAISE] = "Raise", [N_TRY] = "Try", [N_HANDLER] = "Handler",
    [N_DEL] = "Del", [N_WITH] = "With", [N_WITHITEM] = "WithItem",
};

static const char *const binop_text[] = {
    [BIN_ADD] = "+", [BIN_SUB] = "-", [BIN_MUL] = "*", [BIN_DIV] = "/",
    [BIN_FLOORDIV] = "//", [BIN_MOD] = "%", [BIN_POW] = "**",
    [BIN_MATMUL] = "@", [BIN_LSHIFT] = "<<", [BIN_RSHIFT] = ">>",
    [BIN_AND] = "&", [BIN_OR] = "|", [BIN_XOR] = "^",
};
static const char *const unop_text[] = {
    [UN_NEG] = "-", [UN_POS] = "+", [UN_NOT] = "not", [UN_INVERT] = "~"};
static const char *const cmpop_text[] = {
    [CMP_EQ] = "==", [CMP_NE] = "!=", [CMP_LT] = "<", [CMP_LE] = "<=",
    [CMP_GT] = ">", [CMP_GE] = ">=", [CMP_IS] = "is",
    [CMP_ISNOT] = "is not", [CMP_IN] = "in", [CMP_NOTIN] = "not in"};

static const char *op_text(const char *const *tab, size_t n, int op) {
  return (size_t)op < n && tab[op] ? tab[op] : "?";
}
#define OP_TEXT(tab, op) op_text(tab, sizeof tab / sizeof tab[0], op)

/* Development builds (-DDWP_DUMP_POS) print every node's position after
 * its head: x@1:0-1:1, (Call@1:0-1:4 ...). */
#ifdef DWP_DUMP_POS
#define DUMP_POS(b, n)                                                     \
  dwB_printf(b, "@%d:%d-%d:%d", (n)->line, (n)->col, (n)->end_line,       \
             (n)->end_col)
#else
#define DUMP_POS(b, n) ((void)0)
#endif

static void dump_list(Buf *b, const NodeList *l) {
  for (int k = 0; k < l->n; k++) {
    dwB_putc(b, ' ');
    dwP_dump(b, l->v[k]);
  }
}

static void dump_block(Buf *b, const char *label, const NodeList *l) {
  if (label) dwB_printf(b, " %s", label);
  dwB_puts(b, " {");
  for (int k = 0; k < l->n; k++) {
    if (k) dwB_putc(b, ' ');
    dwP_dump(b, l->v[k]);
  }
  dwB_putc(b, '}');
}

static void dump_opt(Buf *b, const Node *n) {
  dwB_putc(b, ' ');
  if (n) dwP_dump(b, n);
  else dwB_putc(b, '_');
}

static void dump_params(Buf *b, const Params *P) {
  dwB_puts(b, "(Params");
  if (!P) {
    dwB_putc(b, ')');
    return;
  }
  int nkw_start = P->n - P->nkwonly;
  for (int k = 0; k < P->n; k++) {
    if (k == nkw_start)
      dwB_printf(b, " *%s", P->vararg ? P->vararg : "");
    dwB_printf(b, " %s", P->names[k]);
    if (P->defaults[k]) {
      dwB_putc(b, '=');
      dwP_dump(b, P->defaults[k]);
    }
    if (P->nposonly && k == P->nposonly - 1) dwB_puts(b, " /");
  }
  if (P->vararg && P->nkwonly == 0) dwB_printf(b, " *%s", P->vararg);
  if (P->kwarg) dwB_printf(b, " **%s", P->kwarg);
  dwB_putc(b, ')');
}

static void dump_decos(Buf *b, const NodeList *l) {
  for (int k = 0; k < l->n; k++) {
    dwB_puts(b, " @");
    dwP_dump(b, l->v[k]);
  }
}

void dwP_dump(Buf *b, const Node *n) {
  if (!n) {
    dwB_putc(b, '_');
    return;
  }
  const char *name = n->kind < N_COUNT ? dwP_kind_names[n->kind] : "?";
  bool atom = true;
  switch (n->kind) { /* atoms */
  case N_NAME: dwB_puts(b, n->s); break;
  case N_INT:
    if (n->flags & NF_BIGINT) dwB_printf(b, "(BigInt %s)", n->s);
    else dwB_printf(b, "%lld", (long long)n->ival);
    break;
  case N_FLOAT: dwB_float(b, n->fval); break;
  case N_STR: dwB_json_str(b, n->s, n->slen); break;
  case N_TRUE: dwB_puts(b, "True"); break;
  case N_FALSE: dwB_puts(b, "False"); break;
  case N_NONE: dwB_puts(b, "None"); break;
  case N_ELLIPSIS: dwB_puts(b, "..."); break;
  default: atom = false; break;
  }
  if (atom) {
    DUMP_POS(b, n);
    return;
  }
  dwB_printf(b, "(%s", n->kind == N_IF && (n->flags & NF_ELIF) ? "Elif" : name);
  DUMP_POS(b, n);
  switch (n->kind) {
  case N_FORMAT:
    dump_opt(b, n->a);
    if (n->op) dwB_printf(b, " !%c", n->op);
    if (n->b) dump_opt(b, n->b);
    break;
  case N_LISTCOMP: case N_GENEXP: case N_SETCOMP:
    dump_opt(b, n->a);
    dump_list(b, &n->kids);
    break;
  case N_DICTCOMP: case N_COMPFOR:
    dump_opt(b, n->a);
    dump_opt(b, n->b);
    dump_list(b, &n->kids);
    break;
  case N_BINOP:
    dwB_printf(b, " %s", OP_TEXT(binop_text, n->op));
    dump_opt(b, n->a);
    dump_opt(b, n->b);
    break;
  case N_UNARY:
    dwB_printf(b, " %s", OP_TEXT(unop_text, n->op));
    dump_opt(b, n->a);
    break;
  case N_BOOLOP:
    dwB_puts(b, n->op == BOOL_AND ? " and" : " or");
    dump_list(b, &n->kids);
    break;
  case N_COMPARE:
    dump_opt(b, n->a);
    for (int k = 0; k < n->kids.n; k++) {
      dwB_printf(b, " %s", n->cmpops ? OP_TEXT(cmpop_text, n->cmpops[k]) : "?");
      dump_opt(b, n->kids.v[k]);
    }
    break;
  case N_CALL:
    dump_opt(b, n->a);
    dump_list(b, &n->kids);
    break;
  case N_KEYWORD: case N_ATTR: case N_NAMEDEXPR:
    if (n->kind != N_ATTR) dwB_printf(b, " %s", n->s ? n->s : "?");
    dump_opt(b, n->a);
    if (n->kind == N_ATTR) dwB_printf(b, " %s", n->s ? n->s : "?");
    break;
  case N_SUBSCRIPT:
    dump_opt(b, n->a);
    dump_opt(b, n->b);
    break;
  case N_SLICE: case N_IFEXP:
    dump_opt(b, n->a);
    dump_opt(b, n->b);
    dump_opt(b, n->c);
    break;
  case N_LAMBDA:
    dwB_putc(b, ' ');
    dump_params(b, n->params);
    dump_opt(b, n->a);
    break;
  case N_ASSIGN:
    dump_list(b, &n->kids);
    dwB_puts(b, " =");
    dump_opt(b, n->a);
    break;
  case N_AUGASSIGN:
    dwB_printf(b, " %s=", OP_TEXT(binop_text, n->op));
    dump_opt(b, n->a);
    dump_opt(b, n->b);
    break;
  case N_ANNASSIGN:
    dump_opt(b, n->a);
    dump_opt(b, n->c);
    if (n->b) {
      dwB_puts(b, " =");
      dump_opt(b, n->b);
    }
    break;
  case N_IF: case N_WHILE: case N_FOR:
    dump_opt(b, n->a);
    if (n->kind == N_FOR) dump_opt(b, n->b);
    dump_block(b, NULL, &n->body);
    if (n->orelse.n) dump_block(b, "else", &n->orelse);
    break;
  case N_DEF: case N_CLASS:
    dump_decos(b, &n->decos);
    dwB_printf(b, " %s", n->s ? n->s : "?");
    if (n->kind == N_DEF) {
      dwB_putc(b, ' ');
      dump_params(b, n->params);
    } else {
      dump_list(b, &n->kids);
    }
    dump_block(b, NULL, &n->body);
    break;
  case N_FROMIMPORT:
    dwB_printf(b, " %s", n->s ? n->s : "?");
    dump_list(b, &n->kids);
    break;
  case N_ALIAS:
    dwB_printf(b, " %s", n->s ? n->s : "?");
    if (n->s2) dwB_printf(b, " as %s", n->s2);
    break;
  case N_RAISE:
    if (n->a) dump_opt(b, n->a);
    if (n->b) {
      dwB_puts(b, " from");
      dump_opt(b, n->b);
    }
    break;
  case N_TRY:
    dump_block(b, NULL, &n->body);
    dump_list(b, &n->kids);
    if (n->orelse.n) dump_block(b, "else", &n->orelse);
    if (n->finalbody.n) dump_block(b, "finally", &n->finalbody);
    break;
  case N_HANDLER:
    if (n->a) dump_opt(b, n->a);
    if (n->s) dwB_printf(b, " as %s", n->s);
    dump_block(b, NULL, &n->body);
    break;
  case N_WITH:
    dump_list(b, &n->kids);
    dump_block(b, NULL, &n->body);
    break;
  case N_WITHITEM:
    dump_opt(b, n->a);
    if (n->b) {
      dwB_puts(b, " as");
      dump_opt(b, n->b);
    }
    break;
  case N_MODULE:
    dump_list(b, &n->body);
    break;
  default: /* a, b, c if present, then kids: Expr Return Assert Starred
              DStar Tuple List Set Dict FStr Import Global Nonlocal Del */
    if (n->a) dump_opt(b, n->a);
    if (n->b) dump_opt(b, n->b);
    if (n->c) dump_opt(b, n->c);
    dump_list(b, &n->kids);
    break;
  }
  dwB_putc(b, ')');
}
