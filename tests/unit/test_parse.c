/* test_parse.c - tests of the lexer and parser (lex.c, parse.c).
 *
 * A ctest executable run from the repository root. Needs only arena.c,
 * lex.c and parse.c:
 *   gcc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
 *     -Isrc src/arena.c src/front/lex.c src/front/parse.c tests/unit/test_parse.c -lm
 * Prints every failing case and exits nonzero if there is one.
 *
 * The expected dumps and errors were checked against CPython 3.11 (its
 * ast module and compile()); error columns inside f-string fields differ
 * on purpose: CPython 3.11 reports offsets into a copy of the expression,
 * these point into the source. */
#define _POSIX_C_SOURCE 200809L
#include "dw.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_check.h"

static const char *type_name(ExcType t) {
  return t == EXC_SyntaxError        ? "SyntaxError"
         : t == EXC_IndentationError ? "IndentationError"
         : t == EXC_MemoryError      ? "MemoryError"
                                     : "?";
}

/* Parses src (len bytes; 0: strlen) into `a`. */
static Node *parse(Arena *a, const char *src, size_t len, ParseError *e) {
  return dwP_parse(a, src, len ? len : strlen(src), e);
}

/* The dump of a tree (static buffer, for messages). */
static const char *dump(const Node *n) {
  static char out[8192];
  Buf b = {0};
  dwP_dump(&b, n);
  snprintf(out, sizeof out, "%s", b.p ? b.p : "");
  dwB_free(&b);
  return out;
}

/* ------------------------------------------------------------------ */
/* Trees                                                               */
/* ------------------------------------------------------------------ */

/* Source -> dwP_dump (see parse.c for the format). Between them the cases
 * use every node kind (checked below). */
static const struct {
  const char *src, *dump;
} dumps[] = {
    {"x = -2 ** 2",
     "(Module (Assign x = (Unary - (BinOp ** 2 2))))"},
    {"x = not a == b",
     "(Module (Assign x = (Unary not (Compare a == b))))"},
    {"x = a if b else c if d else e",
     "(Module (Assign x = (IfExp b a (IfExp d c e))))"},
    {"f = lambda: a if b else c",
     "(Module (Assign f = (Lambda (Params) (IfExp b a c))))"},
    {"x = a or b and not c or d",
     "(Module (Assign x = (BoolOp or a (BoolOp and b (Unary not c)) d)))"},
    {"x = a | b ^ c & d << e + f * g ** h",
     "(Module (Assign x = (BinOp | a (BinOp ^ b (BinOp & c (BinOp << d (BinOp + e (BinOp * f (BinOp ** g h)))))))))"},
    {"x = a - b - c",
     "(Module (Assign x = (BinOp - (BinOp - a b) c)))"},
    {"x = a ** b ** c",
     "(Module (Assign x = (BinOp ** a (BinOp ** b c))))"},
    {"x = 2 ** -1",
     "(Module (Assign x = (BinOp ** 2 (Unary - 1))))"},
    {"x = ~a + -b * +c",
     "(Module (Assign x = (BinOp + (Unary ~ a) (BinOp * (Unary - b) (Unary + c)))))"},
    {"x = (a + b) * c @ d // e % f / g >> h",
     "(Module (Assign x = (BinOp >> (BinOp / (BinOp % (BinOp // (BinOp @ (BinOp * (BinOp + a b) c) d) e) f) g) h)))"},
    {"x = a < b <= c == d != e > f >= g is h is not i in j not in k",
     "(Module (Assign x = (Compare a < b <= c == d != e > f >= g is h is not i in j not in k)))"},
    {"x = -(a)",
     "(Module (Assign x = (Unary - a)))"},
    {"x = not not a",
     "(Module (Assign x = (Unary not (Unary not a))))"},
    {"x = 0, 42, 0x1F, 0o17, 0b101, 1_000_000, 9223372036854775807",
     "(Module (Assign x = (Tuple 0 42 31 15 5 1000000 9223372036854775807)))"},
    {"x = 9223372036854775808, 0xFFFFFFFFFFFFFFFFFFFF",
     "(Module (Assign x = (Tuple (BigInt 9223372036854775808) (BigInt 1208925819614629174706175))))"},
    {"x = 1.5, 1., .5, 1e-3, 1_000.5, 1e400, 0.1",
     "(Module (Assign x = (Tuple 1.5 1.0 0.5 0.001 1000.5 inf 0.1)))"},
    {"x = True, False, None, ...",
     "(Module (Assign x = (Tuple True False None ...)))"},
    {"s = 'a' \"b\" '''c''' \"\"\"d\"\"\"",
     "(Module (Assign s = \"abcd\"))"},
    {"s = 'tab\\t nl\\n q\\' dq\\\" bs\\\\ x\\x41 u\\u00e9 U\\U0001F600 oct\\101 nul\\0 bell\\a'",
     "(Module (Assign s = \"tab\\t nl\\n q' dq\\\" bs\\\\ xA u\303\251 U\360\237\230\200 octA nul\\u0000 bell\\u0007\"))"},
    {"s = 'unknown \\d \\q escapes'",
     "(Module (Assign s = \"unknown \\\\d \\\\q escapes\"))"},
    {"s = r'raw \\n \\d' + R\"\\x\" + u'uni'",
     "(Module (Assign s = (BinOp + (BinOp + \"raw \\\\n \\\\d\" \"\\\\x\") \"uni\")))"},
    {"s = 'a\\\nb'",
     "(Module (Assign s = \"ab\"))"},
    {"s = '''line1\nline2'''",
     "(Module (Assign s = \"line1\\nline2\"))"},
    {"s = f'x={x!r:>8} {y:.4f} {{literal}}'",
     "(Module (Assign s = (FStr \"x=\" (Format x !r (FStr \">8\")) \" \" (Format y (FStr \".4f\")) \" {literal}\")))"},
    {"s = f'{x}'",
     "(Module (Assign s = (FStr (Format x))))"},
    {"s = f'plain'",
     "(Module (Assign s = (FStr \"plain\")))"},
    {"s = f'{x=}' f'{y = !s}' f'{z=:>5}'",
     "(Module (Assign s = (FStr \"x=\" (Format x !r) \"y = \" (Format y !s) \"z=\" (Format z (FStr \">5\")))))"},
    {"s = f'{x:{w}.{p}f}|{y!a}|{z:}'",
     "(Module (Assign s = (FStr (Format x (FStr (Format w) \".\" (Format p) \"f\")) \"|\" (Format y !a) \"|\" (Format z))))"},
    {"s = 'a' f'{b}' 'c'",
     "(Module (Assign s = (FStr \"a\" (Format b) \"c\")))"},
    {"s = rf'\\d{x}\\n'",
     "(Module (Assign s = (FStr \"\\\\d\" (Format x) \"\\\\n\")))"},
    {"s = f\"{d['k']} {f'{n}'} {a, b}\"",
     "(Module (Assign s = (FStr (Format (Subscript d \"k\")) \" \" (Format (FStr (Format n))) \" \" (Format (Tuple a b)))))"},
    {"s = f'{x:%Y-%m-%d}'",
     "(Module (Assign s = (FStr (Format x (FStr \"%Y-%m-%d\")))))"},
    {"x = (), (1,), (1, 2), [], [1, *a], {}, {1: 2, **d}, {1, *s}",
     "(Module (Assign x = (Tuple (Tuple) (Tuple 1) (Tuple 1 2) (List) (List 1 (Starred a)) (Dict) (Dict 1 2 (DStar d) None) (Set 1 (Starred s)))))"},
    {"x = [i * 2 for i in range(10) if i if not i for j in i]",
     "(Module (Assign x = (ListComp (BinOp * i 2) (CompFor i (Call range 10) i (Unary not i)) (CompFor j i))))"},
    {"x = {k: v for k, v in d.items() if v}",
     "(Module (Assign x = (DictComp k v (CompFor (Tuple k v) (Call (Attr d items)) v))))"},
    {"x = sum(i for i in y)",
     "(Module (Assign x = (Call sum (GenExp i (CompFor i y)))))"},
    {"x = (i for i in y)",
     "(Module (Assign x = (GenExp i (CompFor i y))))"},
    {"x = {i for i in y if i}",
     "(Module (Assign x = (SetComp i (CompFor i y i))))"},
    {"def g():\n    yield\n    yield 1, 2\n    x = yield y\n    z = yield from w\n    yield (yield)",
     "(Module (Def g (Params) {(Expr (Yield)) (Expr (Yield (Tuple 1 2))) (Assign x = (Yield y)) (Assign z = (YieldFrom w)) (Expr (Yield (Yield)))}))"},
    {"x = [(a, b) for a, *b in c]",
     "(Module (Assign x = (ListComp (Tuple a b) (CompFor (Tuple a (Starred b)) c))))"},
    {"f(a, *b, k=1, **c)",
     "(Module (Expr (Call f a (Starred b) (Keyword k 1) (DStar c))))"},
    {"f(a)(b).c[d]",
     "(Module (Expr (Subscript (Attr (Call (Call f a) b) c) d)))"},
    {"torch.nn.functional.relu(x, inplace=True)",
     "(Module (Expr (Call (Attr (Attr (Attr torch nn) functional) relu) x (Keyword inplace True))))"},
    {"x[1:2, 3]",
     "(Module (Expr (Subscript x (Tuple (Slice 1 2 _) 3))))"},
    {"a[:, 0]",
     "(Module (Expr (Subscript a (Tuple (Slice _ _ _) 0))))"},
    {"a[..., 1]",
     "(Module (Expr (Subscript a (Tuple ... 1))))"},
    {"a[::2], a[1:], a[:-1], a[::], a[1:2:3]",
     "(Module (Expr (Tuple (Subscript a (Slice _ _ 2)) (Subscript a (Slice 1 _ _)) (Subscript a (Slice _ (Unary - 1) _)) (Subscript a (Slice _ _ _)) (Subscript a (Slice 1 2 3)))))"},
    {"a[()]",
     "(Module (Expr (Subscript a (Tuple))))"},
    {"a[*b]",
     "(Module (Expr (Subscript a (Tuple (Starred b)))))"},
    {"a[i + 1 : j]",
     "(Module (Expr (Subscript a (Slice (BinOp + i 1) j _))))"},
    {"if (n := len(a)) > 10: pass",
     "(Module (If (Compare (NamedExpr n (Call len a)) > 10) {(Pass)}))"},
    {"print([y := f(x), y ** 2])",
     "(Module (Expr (Call print (List (NamedExpr y (Call f x)) (BinOp ** y 2)))))"},
    {"a = b = c = 0",
     "(Module (Assign a b c = 0))"},
    {"a, *b = c",
     "(Module (Assign (Tuple a (Starred b)) = c))"},
    {"[a, b], c = d",
     "(Module (Assign (Tuple (List a b) c) = d))"},
    {"for x, in y: pass",
     "(Module (For (Tuple x) y {(Pass)}))"},
    {"x += 1; x -= 1; x *= 1; x /= 1; x //= 1; x %= 1; x **= 1; x @= 1",
     "(Module (AugAssign += x 1) (AugAssign -= x 1) (AugAssign *= x 1) (AugAssign /= x 1) (AugAssign //= x 1) (AugAssign %= x 1) (AugAssign **= x 1) (AugAssign @= x 1))"},
    {"x <<= 1; x >>= 1; x &= 1; x |= 1; x ^= 1",
     "(Module (AugAssign <<= x 1) (AugAssign >>= x 1) (AugAssign &= x 1) (AugAssign |= x 1) (AugAssign ^= x 1))"},
    {"x: int",
     "(Module (AnnAssign x int))"},
    {"x: int = 3",
     "(Module (AnnAssign x int = 3))"},
    {"self.w: torch.Tensor = torch.zeros(3)",
     "(Module (AnnAssign (Attr self w) (Attr torch Tensor) = (Call (Attr torch zeros) 3)))"},
    {"if a:\n    pass\nelif b:\n    x = 1\nelif c:\n    pass\nelse:\n    y = 2",
     "(Module (If a {(Pass)} else {(Elif b {(Assign x = 1)} else {(Elif c {(Pass)} else {(Assign y = 2)})})}))"},
    {"if a:\n    pass\nelse:\n    if b:\n        pass",
     "(Module (If a {(Pass)} else {(If b {(Pass)})}))"},
    {"while x:\n    if y:\n        break\n    continue\nelse:\n    pass",
     "(Module (While x {(If y {(Break)}) (Continue)} else {(Pass)}))"},
    {"for i in range(3):\n    pass\nelse:\n    pass",
     "(Module (For i (Call range 3) {(Pass)} else {(Pass)}))"},
    {"def f(a, b=1, /, c=2, *args, d, e=3, **kw) -> int:\n    return a",
     "(Module (Def f (Params a b=1 / c=2 *args d e=3 **kw) {(Return a)}))"},
    {"def g(*, a, b=1):\n    return",
     "(Module (Def g (Params * a b=1) {(Return)}))"},
    {"def h(x: int = 0, *args: int, **kw: str):\n    return x, *args",
     "(Module (Def h (Params x=0 *args **kw) {(Return (Tuple x (Starred args)))}))"},
    {"f = lambda a, b=1, *c, d, **e: a",
     "(Module (Assign f = (Lambda (Params a b=1 *c d **e) a)))"},
    {"f = lambda *, k: k",
     "(Module (Assign f = (Lambda (Params * k) k)))"},
    {"f = lambda x, /: x",
     "(Module (Assign f = (Lambda (Params x /) x)))"},
    {"@torch.compile\n@torch.compiler.disable(recursive=False)\ndef f(x):\n    return x",
     "(Module (Def @(Attr torch compile) @(Call (Attr (Attr torch compiler) disable) (Keyword recursive False)) f (Params x) {(Return x)}))"},
    {"class M(torch.nn.Module, metaclass=Meta):\n    def __init__(self):\n        super().__init__()\n        self.w = 1\n\n    def forward(self, x):\n        return x @ self.w",
     "(Module (Class M (Attr (Attr torch nn) Module) (Keyword metaclass Meta) {(Def __init__ (Params self) {(Expr (Call (Attr (Call super) __init__))) (Assign (Attr self w) = 1)}) (Def forward (Params self x) {(Return (BinOp @ x (Attr self w)))})}))"},
    {"@dataclass\nclass P:\n    x: int = 0",
     "(Module (Class @dataclass P {(AnnAssign x int = 0)}))"},
    {"class E(Exception): pass",
     "(Module (Class E Exception {(Pass)}))"},
    {"import torch",
     "(Module (Import (Alias torch)))"},
    {"import torch.nn.functional as F, math",
     "(Module (Import (Alias torch.nn.functional as F) (Alias math)))"},
    {"from torch import nn",
     "(Module (FromImport torch (Alias nn)))"},
    {"from torch.nn import (Module, Linear as L,)",
     "(Module (FromImport torch.nn (Alias Module) (Alias Linear as L)))"},
    {"from . import a",
     "(Module (FromImport . (Alias a)))"},
    {"from ..pkg.mod import *",
     "(Module (FromImport ..pkg.mod (Alias *)))"},
    {"def f():\n    global g\n    nonlocal n",
     "(Module (Def f (Params) {(Global g) (Nonlocal n)}))"},
    {"assert x",
     "(Module (Assert x))"},
    {"assert x > 0, 'positive'",
     "(Module (Assert (Compare x > 0) \"positive\"))"},
    {"raise",
     "(Module (Raise))"},
    {"raise ValueError('bad')",
     "(Module (Raise (Call ValueError \"bad\")))"},
    {"raise RuntimeError('x') from e",
     "(Module (Raise (Call RuntimeError \"x\") from e))"},
    {"try:\n    x = 1\nexcept ValueError as e:\n    pass\nexcept (TypeError, KeyError):\n    pass\nexcept:\n    raise\nelse:\n    pass\nfinally:\n    pass",
     "(Module (Try {(Assign x = 1)} (Handler ValueError as e {(Pass)}) (Handler (Tuple TypeError KeyError) {(Pass)}) (Handler {(Raise)}) else {(Pass)} finally {(Pass)}))"},
    {"try:\n    pass\nfinally:\n    pass",
     "(Module (Try {(Pass)} finally {(Pass)}))"},
    {"del a, b[0], c.d",
     "(Module (Del a (Subscript b 0) (Attr c d)))"},
    {"del (a, b)",
     "(Module (Del (Tuple a b)))"},
    {"with open(p) as f, lock:\n    pass",
     "(Module (With (WithItem (Call open p) as f) (WithItem lock) {(Pass)}))"},
    {"with (open(a) as f, open(b) as g):\n    pass",
     "(Module (With (WithItem (Call open a) as f) (WithItem (Call open b) as g) {(Pass)}))"},
    {"with (a, b):\n    pass",
     "(Module (With (WithItem a) (WithItem b) {(Pass)}))"},
    {"with (a, b) as (c, d):\n    pass",
     "(Module (With (WithItem (Tuple a b) as (Tuple c d)) {(Pass)}))"},
    {"pass",
     "(Module (Pass))"},
    {"print(x)",
     "(Module (Expr (Call print x)))"},
    {"match = 1; case = 2; _ = 3",
     "(Module (Assign match = 1) (Assign case = 2) (Assign _ = 3))"},
    {"x = (1 +\n     2)",
     "(Module (Assign x = (BinOp + 1 2)))"},
    {"x = 1 + \\\n    2",
     "(Module (Assign x = (BinOp + 1 2)))"},
    {"if x: y = 1; z = 2",
     "(Module (If x {(Assign y = 1) (Assign z = 2)}))"},
    {"",
     "(Module)"},
    {"# just a comment\n\n",
     "(Module)"},
};

static bool seen[N_COUNT];

static void mark_kinds(const Node *n) {
  if (!n) return;
  seen[n->kind] = true;
  const NodeList *lists[] = {&n->kids, &n->body, &n->orelse, &n->finalbody,
                             &n->decos};
  for (int l = 0; l < 5; l++)
    for (int k = 0; k < lists[l]->n; k++) mark_kinds(lists[l]->v[k]);
  mark_kinds(n->a);
  mark_kinds(n->b);
  mark_kinds(n->c);
  if (n->params)
    for (int k = 0; k < n->params->n; k++) mark_kinds(n->params->defaults[k]);
}

static void test_dumps(void) {
  for (size_t i = 0; i < sizeof dumps / sizeof dumps[0]; i++) {
    Arena a;
    dwA_init(&a);
    ParseError e;
    Node *m = parse(&a, dumps[i].src, 0, &e);
    checks++;
    if (!m) {
      FAIL("parse of %s: %s: %s at %d:%d", dumps[i].src, type_name(e.type),
           e.msg, e.line, e.col);
    } else {
      const char *got = dump(m);
      if (strcmp(got, dumps[i].dump))
        FAIL("dump of %s\n  expected %s\n  got      %s", dumps[i].src,
             dumps[i].dump, got);
      mark_kinds(m);
    }
    dwA_free(&a);
  }
  for (int k = 0; k < N_COUNT; k++) {
    checks++;
    if (!dwP_kind_names[k]) FAIL("dwP_kind_names[%d] is NULL", k);
    else if (!seen[k]) FAIL("no test case produces %s", dwP_kind_names[k]);
  }
}

/* ------------------------------------------------------------------ */
/* Details of the tree that the dump does not show                     */
/* ------------------------------------------------------------------ */

/* The nth node of `kind` in pre-order (decorators, parameter defaults, a,
 * b, c, then the lists), or NULL. */
static const Node *find(const Node *n, int kind, int *nth) {
  if (!n) return NULL;
  if (n->kind == kind && (*nth)-- == 0) return n;
  const Node *r;
  for (int k = 0; k < n->decos.n; k++)
    if ((r = find(n->decos.v[k], kind, nth))) return r;
  if (n->params)
    for (int k = 0; k < n->params->n; k++)
      if ((r = find(n->params->defaults[k], kind, nth))) return r;
  if ((r = find(n->a, kind, nth)) || (r = find(n->b, kind, nth)) ||
      (r = find(n->c, kind, nth)))
    return r;
  const NodeList *lists[] = {&n->kids, &n->body, &n->orelse, &n->finalbody};
  for (int l = 0; l < 4; l++)
    for (int k = 0; k < lists[l]->n; k++)
      if ((r = find(lists[l]->v[k], kind, nth))) return r;
  return NULL;
}

/* Positions (as CPython's ast: line 1-based, columns 0-based in bytes,
 * end just past the last token). */
static const struct {
  const char *src;
  int kind, nth;
  int line, col, end_line, end_col;
} positions[] = {
    {"@dec\ndef f(x):\n    return x\n", N_DEF, 0, 2, 0, 3, 12},
    {"@dec\ndef f(x):\n    return x\n", N_NAME, 0, 1, 1, 1, 4},
    {"if a:\n    pass\nelif b:\n    pass\n", N_IF, 0, 1, 0, 4, 8},
    {"if a:\n    pass\nelif b:\n    pass\n", N_IF, 1, 3, 0, 4, 8},
    {"x = (1, 2)\n", N_TUPLE, 0, 1, 4, 1, 10},
    {"x = 1, 2,\n", N_TUPLE, 0, 1, 4, 1, 9},
    {"x = (a)\n", N_NAME, 0, 1, 5, 1, 6},
    {"s = '''a\nb'''\n", N_STR, 0, 1, 4, 2, 4},
    {"f(a)(b)\n", N_CALL, 0, 1, 0, 1, 7},
    {"f(a)(b)\n", N_CALL, 1, 1, 0, 1, 4},
    {"f(k=v)\n", N_KEYWORD, 0, 1, 2, 1, 5},
    {"x = 1 + \\\n  2\n", N_BINOP, 0, 1, 4, 2, 3},
    {"x = (1 +\n  2)\n", N_BINOP, 0, 1, 5, 2, 3},
    {"if x: y;\n", N_IF, 0, 1, 0, 1, 8},
    {"print(f'{x!r:>8}')\n", N_FSTR, 0, 1, 6, 1, 17},
    {"print(f'{x!r:>8}')\n", N_FORMAT, 0, 1, 8, 1, 16},
    {"print(f'{x!r:>8}')\n", N_NAME, 1, 1, 9, 1, 10},
    {"print(f'{x!r:>8}')\n", N_FSTR, 1, 1, 13, 1, 15},
    {"x = f'''\n{a +\n b}'''\n", N_BINOP, 0, 2, 1, 3, 2},
    {"sum(x for x in y)\n", N_GENEXP, 0, 1, 3, 1, 17},
    {"a[1:2, ::3]\n", N_SLICE, 1, 1, 7, 1, 10},
    {"def f(\n    a,\n):\n    pass\n", N_DEF, 0, 1, 0, 4, 8},
    {"\xc3\xa9 = '\xc3\xbc'\n", N_STR, 0, 1, 5, 1, 9},
    {"x = 1\r\ny = 2\r\n", N_ASSIGN, 1, 2, 0, 2, 5},
    {"\xef\xbb\xbfx = 1\n", N_NAME, 0, 1, 0, 1, 1},
    {"try:\n    pass\nexcept E as e:\n    pass\n", N_HANDLER, 0, 3, 0, 4, 8},
    {"import a.b as c\n", N_ALIAS, 0, 1, 7, 1, 15},
};

static void test_positions(void) {
  for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
    Arena a;
    dwA_init(&a);
    ParseError e;
    Node *m = parse(&a, positions[i].src, 0, &e);
    checks++;
    int nth = positions[i].nth;
    const Node *n = m ? find(m, positions[i].kind, &nth) : NULL;
    if (!n) {
      FAIL("%s: no %s #%d", positions[i].src,
           dwP_kind_names[positions[i].kind], positions[i].nth);
    } else if (n->line != positions[i].line || n->col != positions[i].col ||
               n->end_line != positions[i].end_line ||
               n->end_col != positions[i].end_col) {
      FAIL("%s: %s #%d at %d:%d-%d:%d, expected %d:%d-%d:%d",
           positions[i].src, dwP_kind_names[positions[i].kind],
           positions[i].nth, n->line, n->col, n->end_line, n->end_col,
           positions[i].line, positions[i].col, positions[i].end_line,
           positions[i].end_col);
    }
    dwA_free(&a);
  }
}

/* AST conventions the interpreter relies on. */
static void test_conventions(void) {
  Arena a;
  dwA_init(&a);
  ParseError e;
  Node *m = parse(&a,
                  "x = 99999999999999999999\n"
                  "s = 'a\\0b' '''c'''\n"
                  "t = f'{v!r}' f'{w=}'\n"
                  "def f(a, b=1, /, c=2, *args, d, e=3, **kw): pass\n"
                  "'''doc'''\n",
                  0, &e);
  checks++;
  if (!m) {
    FAIL("conventions: %s at %d:%d", e.msg, e.line, e.col);
    dwA_free(&a);
    return;
  }
  const Node *big = m->body.v[0]->a;
  if (big->kind != N_INT || !(big->flags & NF_BIGINT) ||
      strcmp(big->s, "99999999999999999999") || big->slen != 20)
    FAIL("big int literal: flags %d s %s", big->flags, big->s);
  const Node *s = m->body.v[1]->a;
  if (s->kind != N_STR || s->slen != 4 || memcmp(s->s, "a\0bc", 4) ||
      (s->flags & NF_TRIPLE))
    FAIL("string with NUL: slen %zu", s->slen);
  if (!(m->body.v[4]->a->flags & NF_TRIPLE)) FAIL("NF_TRIPLE not set");
  const Node *t = m->body.v[2]->a;
  if (t->kind != N_FSTR || t->kids.n != 3 || t->kids.v[0]->op != 'r' ||
      t->kids.v[2]->op != 'r' || t->kids.v[1]->kind != N_STR)
    FAIL("f-string conversions: %s", dump(t));
  const Params *P = m->body.v[3]->params;
  if (!P || P->n != 5 || P->nposonly != 2 || P->nkwonly != 2 ||
      strcmp(P->vararg, "args") || strcmp(P->kwarg, "kw") ||
      strcmp(P->names[4], "e") || !P->defaults[1] || P->defaults[0] ||
      P->defaults[3] || !P->defaults[4])
    FAIL("params: %s", dump(m->body.v[3]));
  /* the resolver's fields are left zero */
  if (m->body.v[0]->parent || m->body.v[0]->index || big->scope ||
      big->slot || big->str || big->code)
    FAIL("resolver fields are not zero");
  dwA_free(&a);
}

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

static const struct {
  const char *src;
  ExcType type;
  const char *msg;
  int line, col;
} errors[] = {
    {"def f(x)\n    return x\n",
     EXC_SyntaxError, "expected ':'", 1, 8},
    {"def f(x)  # comment\n    return x\n",
     EXC_SyntaxError, "expected ':'", 1, 10},
    {"class A(B)\n    pass\n",
     EXC_SyntaxError, "expected ':'", 1, 10},
    {"while x\n    pass\n",
     EXC_SyntaxError, "expected ':'", 1, 7},
    {"if x:\n    pass\nelse\n    pass\n",
     EXC_SyntaxError, "expected ':'", 3, 4},
    {"for x in range(3)\n    pass\n",
     EXC_SyntaxError, "expected ':'", 1, 17},
    {"def f:\n    pass\n",
     EXC_SyntaxError, "expected '('", 1, 5},
    {"if x y:\n    pass\n",
     EXC_SyntaxError, "invalid syntax", 1, 5},
    {"x = 1 2\n",
     EXC_SyntaxError, "invalid syntax", 1, 6},
    {"x = 1 +\n",
     EXC_SyntaxError, "invalid syntax", 1, 7},
    {"x = (1 2)\n",
     EXC_SyntaxError, "invalid syntax. Perhaps you forgot a comma?", 1, 5},
    {"print(a b)\n",
     EXC_SyntaxError, "invalid syntax. Perhaps you forgot a comma?", 1, 6},
    {"f(1, 2 3)\n",
     EXC_SyntaxError, "invalid syntax. Perhaps you forgot a comma?", 1, 5},
    {"print \"hello\"\n",
     EXC_SyntaxError, "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 0},
    {"if x = 1:\n    pass\n",
     EXC_SyntaxError, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 3},
    {"x = 1\n    y = 2\n",
     EXC_IndentationError, "unexpected indent", 2, 3},
    {"  x = 1\n",
     EXC_IndentationError, "unexpected indent", 1, 1},
    {"if x:\npass\n",
     EXC_IndentationError, "expected an indented block after 'if' statement on line 1", 2, 0},
    {"for x in y:\n\n",
     EXC_IndentationError, "expected an indented block after 'for' statement on line 1", 2, 0},
    {"def f():\n    \"\"\"doc\"\"\"\n    if x:\n    return 1\n",
     EXC_IndentationError, "expected an indented block after 'if' statement on line 3", 4, 4},
    {"class A:\npass\n",
     EXC_IndentationError, "expected an indented block after class definition on line 1", 2, 0},
    {"try:\n    pass\nexcept E:\npass\n",
     EXC_IndentationError, "expected an indented block after 'except' statement on line 3", 4, 0},
    {"if True:\n        x = 1\n    y = 2\n",
     EXC_IndentationError, "unindent does not match any outer indentation level", 3, 9},
    {"try:\n    pass\nx = 1\n",
     EXC_SyntaxError, "expected 'except' or 'finally' block", 3, 0},
    {"s = \"abc\n",
     EXC_SyntaxError, "unterminated string literal (detected at line 1)", 1, 4},
    {"x = 1\ns = '''abc\n\n\n",
     EXC_SyntaxError, "unterminated triple-quoted string literal (detected at line 4)", 2, 4},
    {"s = 'abc' 'def\n",
     EXC_SyntaxError, "unterminated string literal (detected at line 1)", 1, 10},
    {"x = (1,\ny = 2\n",
     EXC_SyntaxError, "'(' was never closed", 1, 4},
    {"foo(a,\n    b\n",
     EXC_SyntaxError, "'(' was never closed", 1, 3},
    {"x = [1, 2\nprint(x)\n",
     EXC_SyntaxError, "'[' was never closed", 1, 4},
    {"x = 1)\n",
     EXC_SyntaxError, "unmatched ')'", 1, 5},
    {"x = (1, 2]\n",
     EXC_SyntaxError, "closing parenthesis ']' does not match opening parenthesis '('", 1, 9},
    {"x = (1,\n  2]\n",
     EXC_SyntaxError, "closing parenthesis ']' does not match opening parenthesis '(' on line 1", 2, 3},
    {"f() = 1\n",
     EXC_SyntaxError, "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 0},
    {"f() = g() = 1\n",
     EXC_SyntaxError, "cannot assign to function call", 1, 0},
    {"(a, f()) = 1\n",
     EXC_SyntaxError, "cannot assign to function call", 1, 4},
    {"a, f() = 1\n",
     EXC_SyntaxError, "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 3},
    {"a + b = 1\n",
     EXC_SyntaxError, "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 0},
    {"None = 1\n",
     EXC_SyntaxError, "cannot assign to None", 1, 0},
    {"f() += 1\n",
     EXC_SyntaxError, "'function call' is an illegal expression for augmented assignment", 1, 0},
    {"a, b += 1\n",
     EXC_SyntaxError, "'tuple' is an illegal expression for augmented assignment", 1, 0},
    {"for f() in x: pass\n",
     EXC_SyntaxError, "cannot assign to function call", 1, 4},
    {"del f()\n",
     EXC_SyntaxError, "cannot delete function call", 1, 4},
    {"with a as f(): pass\n",
     EXC_SyntaxError, "cannot assign to function call", 1, 10},
    {"[x for f() in y]\n",
     EXC_SyntaxError, "cannot assign to function call", 1, 7},
    {"a.b := 1\n",
     EXC_SyntaxError, "cannot use assignment expressions with attribute", 1, 0},
    {"(a, b): int = 1\n",
     EXC_SyntaxError, "only single target (not tuple) can be annotated", 1, 0},
    {"x = 1abc\n",
     EXC_SyntaxError, "invalid decimal literal", 1, 4},
    {"x = 0123\n",
     EXC_SyntaxError, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 4},
    {"x = 0x\n",
     EXC_SyntaxError, "invalid hexadecimal literal", 1, 5},
    {"x = 0b102\n",
     EXC_SyntaxError, "invalid digit '2' in binary literal", 1, 8},
    {"x = 0o8\n",
     EXC_SyntaxError, "invalid digit '8' in octal literal", 1, 6},
    {"x = 1__0\n",
     EXC_SyntaxError, "invalid decimal literal", 1, 5},
    {"x = 1e\n",
     EXC_SyntaxError, "invalid decimal literal", 1, 4},
    {"x = 1 \\ 2\n",
     EXC_SyntaxError, "unexpected character after line continuation character", 1, 7},
    {"x = 1 + \\\n",
     EXC_SyntaxError, "unexpected EOF while parsing", 1, 9},
    {"return 1\n",
     EXC_SyntaxError, "'return' outside function", 1, 0},
    {"break\n",
     EXC_SyntaxError, "'break' outside loop", 1, 0},
    {"continue\n",
     EXC_SyntaxError, "'continue' not properly in loop", 1, 0},
    {"def f():\n    break\n",
     EXC_SyntaxError, "'break' outside loop", 2, 4},
    {"while x:\n    pass\nelse:\n    continue\n",
     EXC_SyntaxError, "'continue' not properly in loop", 4, 4},
    {"class A:\n    return 1\n",
     EXC_SyntaxError, "'return' outside function", 2, 4},
    {"nonlocal x\n",
     EXC_SyntaxError, "nonlocal declaration not allowed at module level", 1, 0},
    {"def f(a, a): pass\n",
     EXC_SyntaxError, "duplicate argument 'a' in function definition", 1, 9},
    {"f(a=1, a=2)\n",
     EXC_SyntaxError, "keyword argument repeated: a", 1, 7},
    {"a, *b, *c = x\n",
     EXC_SyntaxError, "multiple starred expressions in assignment", 1, 0},
    {"*a = x\n",
     EXC_SyntaxError, "starred assignment target must be in a list or tuple", 1, 0},
    {"x = *a\n",
     EXC_SyntaxError, "can't use starred expression here", 1, 4},
    {"try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n",
     EXC_SyntaxError, "default 'except:' must be last", 3, 0},
    {"f(a=1, b)\n",
     EXC_SyntaxError, "positional argument follows keyword argument", 1, 8},
    {"f(**a, b)\n",
     EXC_SyntaxError, "positional argument follows keyword argument unpacking", 1, 8},
    {"f(**a, *b)\n",
     EXC_SyntaxError, "iterable argument unpacking follows keyword argument unpacking", 1, 7},
    {"f(x for x in y, 1)\n",
     EXC_SyntaxError, "Generator expression must be parenthesized", 1, 2},
    {"f(a.b=1)\n",
     EXC_SyntaxError, "expression cannot contain assignment, perhaps you meant \"==\"?", 1, 2},
    {"def f(a=1, b): pass\n",
     EXC_SyntaxError, "non-default argument follows default argument", 1, 11},
    {"def f(*): pass\n",
     EXC_SyntaxError, "named arguments must follow bare *", 1, 6},
    {"def f(a, /, b, /): pass\n",
     EXC_SyntaxError, "/ may appear only once", 1, 15},
    {"def f(*a, /): pass\n",
     EXC_SyntaxError, "/ must be ahead of *", 1, 10},
    {"def f(**k, a): pass\n",
     EXC_SyntaxError, "arguments cannot follow var-keyword argument", 1, 11},
    {"def f(*a, *b): pass\n",
     EXC_SyntaxError, "* argument may appear only once", 1, 10},
    {"x = 1 if 2\n",
     EXC_SyntaxError, "expected 'else' after 'if' expression", 1, 4},
    {"x = {1: 2, 3}\n",
     EXC_SyntaxError, "':' expected after dictionary key", 1, 11},
    {"x = {1: 2, 3: }\n",
     EXC_SyntaxError, "expression expected after dictionary key and ':'", 1, 12},
    {"from a import b,\n",
     EXC_SyntaxError, "trailing comma not allowed without surrounding parentheses", 1, 16},
    {"f\"{x\"\n",
     EXC_SyntaxError, "f-string: expecting '}'", 1, 4},
    {"f\"{x!z}\"\n",
     EXC_SyntaxError, "f-string: invalid conversion character: expected 's', 'r', or 'a'", 1, 5},
    {"f\"{}\"\n",
     EXC_SyntaxError, "f-string: empty expression not allowed", 1, 3},
    {"f\"{:x}\"\n",
     EXC_SyntaxError, "f-string: expression required before ':'", 1, 3},
    {"f\"}\"\n",
     EXC_SyntaxError, "f-string: single '}' is not allowed", 1, 2},
    {"f\"{x:{y:{z}}}\"\n",
     EXC_SyntaxError, "f-string: expressions nested too deeply", 1, 8},
    {"f\"{a#}\"\n",
     EXC_SyntaxError, "f-string expression part cannot include '#'", 1, 4},
    {"f\"{*a}\"\n",
     EXC_SyntaxError, "f-string: cannot use starred expression here", 1, 3},
    {"f\"{a b}\"\n",
     EXC_SyntaxError, "f-string: invalid syntax. Perhaps you forgot a comma?", 1, 3},
    {"x = \"\\x4\"\n",
     EXC_SyntaxError, "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \\xXX escape", 1, 9},
    {"(*a)\n",
     EXC_SyntaxError, "cannot use starred expression here", 1, 1},
    {"[*a for a in b]\n",
     EXC_SyntaxError, "iterable unpacking cannot be used in comprehension", 1, 1},
    {"x = \"a\" \\\n    f\"{)}\"\n",
     EXC_SyntaxError, "f-string: unmatched ')'", 2, 7},

    /* what is not supported */
    {"if x:\n\tpass\n", EXC_SyntaxError,
     "tabs are not allowed in indentation; use spaces", 2, 0},
    {"x = b'abc'\n", EXC_SyntaxError, "bytes literals are not supported", 1,
     4},
    {"x = 1j\n", EXC_SyntaxError, "complex numbers are not supported", 1, 4},
    {"x = {*a for a in b}\n", EXC_SyntaxError,
     "iterable unpacking cannot be used in comprehension", 1, 5},
    {"def f():\n    x = (yield from)\n", EXC_SyntaxError, "invalid syntax", 2, 19},
    {"async def f(): pass\n", EXC_SyntaxError, "'async' is not supported", 1,
     0},
    {"x = await y\n", EXC_SyntaxError, "'await' is not supported", 1, 4},
    {"match x:\n    case 1: pass\n", EXC_SyntaxError,
     "'match' statements are not supported", 1, 0},
    {"try:\n    pass\nexcept* E:\n    pass\n", EXC_SyntaxError,
     "'except*' is not supported", 3, 6},
    {"x = '\\N{DASH}'\n", EXC_SyntaxError,
     "(unicode error) \\N{...} escapes are not supported", 1, 14},
    /* bytes that are not Python (and see the NUL case below) */
    {"x = '\xff'\n", EXC_SyntaxError,
     "(unicode error) 'utf-8' codec can't decode byte 0xff in position 5: "
     "invalid start byte",
     1, 5},
    {"x = '\xc3'\n", EXC_SyntaxError,
     "(unicode error) 'utf-8' codec can't decode byte 0xc3 in position 5: "
     "invalid continuation byte",
     1, 5},
    {"x = a \xe2\x86\x92 b\n", EXC_SyntaxError,
     "invalid character '\xe2\x86\x92' (U+2192)", 1, 6},
    {"x = \xc2\xa0 1\n", EXC_SyntaxError,
     "invalid non-printable character U+00A0", 1, 4},
    {"x = $\n", EXC_SyntaxError, "invalid syntax", 1, 4},
    {"x = 1\x01\n", EXC_SyntaxError, "invalid non-printable character U+0001",
     1, 5},
};

static void test_errors(void) {
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
    Arena a;
    dwA_init(&a);
    ParseError e;
    Node *m = parse(&a, errors[i].src, 0, &e);
    checks++;
    if (m) {
      FAIL("%s: parsed as %s, expected %s: %s", errors[i].src, dump(m),
           type_name(errors[i].type), errors[i].msg);
    } else if (e.type != errors[i].type || strcmp(e.msg, errors[i].msg) ||
               e.line != errors[i].line || e.col != errors[i].col) {
      FAIL("%s\n  expected %s: %s at %d:%d\n  got      %s: %s at %d:%d",
           errors[i].src, type_name(errors[i].type), errors[i].msg,
           errors[i].line, errors[i].col, type_name(e.type), e.msg, e.line,
           e.col);
    }
    dwA_free(&a);
  }
  /* a NUL byte (the length is explicit) */
  Arena a;
  dwA_init(&a);
  ParseError e;
  checks++;
  if (parse(&a, "x = 1\0\n", 7, &e) ||
      strcmp(e.msg, "source code cannot contain null bytes") || e.line != 1 ||
      e.col != 5)
    FAIL("NUL byte: %s at %d:%d", e.msg, e.line, e.col);
  dwA_free(&a);
}

/* ------------------------------------------------------------------ */
/* Nesting limits: errors, not stack overflows                         */
/* ------------------------------------------------------------------ */

static void expect_error(const char *what, const char *src, const char *msg) {
  Arena a;
  dwA_init(&a);
  ParseError e;
  Node *m = parse(&a, src, 0, &e);
  checks++;
  if (m) FAIL("%s: parsed", what);
  else if (strcmp(e.msg, msg)) FAIL("%s: %s, expected %s", what, e.msg, msg);
  dwA_free(&a);
}

static void expect_ok(const char *what, const char *src) {
  Arena a;
  dwA_init(&a);
  ParseError e;
  checks++;
  if (!parse(&a, src, 0, &e))
    FAIL("%s: %s at %d:%d", what, e.msg, e.line, e.col);
  dwA_free(&a);
}

/* pre + n * unit + mid + n2 * unit2 + "\n" (malloc'd) */
static char *repeat(const char *pre, const char *unit, int n, const char *mid,
                    const char *unit2, int n2) {
  size_t len = strlen(pre) + strlen(unit) * (size_t)n + strlen(mid) +
               strlen(unit2) * (size_t)n2 + 2;
  char *s = malloc(len), *q = s;
  if (!s) abort();
  q += sprintf(q, "%s", pre);
  for (int k = 0; k < n; k++) q += sprintf(q, "%s", unit);
  q += sprintf(q, "%s", mid);
  for (int k = 0; k < n2; k++) q += sprintf(q, "%s", unit2);
  sprintf(q, "\n");
  return s;
}

static void test_limits(void) {
  static const struct {
    const char *what, *unit, *mid, *unit2;
  } nest[] = {
      {"parentheses", "(", "1", ")"},  {"lists", "[", "1", "]"},
      {"calls", "f(", "1", ")"},       {"dict unpacking", "{**", "a", "}"},
      {"unary minus", "-", "1", ""},   {"not", "not ", "1", ""},
      {"power", "2**", "1", ""},       {"lambda", "lambda: ", "1", ""},
      {"if-else", "1 if 2 else ", "3", ""},
  };
  for (size_t i = 0; i < sizeof nest / sizeof nest[0]; i++) {
    bool closing = nest[i].unit2[0] != 0;
    char *ok = repeat("x = ", nest[i].unit, 150, nest[i].mid, nest[i].unit2,
                      closing ? 150 : 0);
    char *bad = repeat("x = ", nest[i].unit, 100000, nest[i].mid,
                       nest[i].unit2, closing ? 100000 : 0);
    expect_ok(nest[i].what, ok);
    expect_error(nest[i].what, bad, "too many nested parentheses");
    free(ok);
    free(bad);
  }
  /* 150 nested blocks are fine, 1000 are not */
  char *src = malloc(1000 * 1010), *q = src;
  if (!src) abort();
  for (int k = 0; k < 150; k++) q += sprintf(q, "%*sif x:\n", k, "");
  sprintf(q, "%*spass\n", 150, "");
  expect_ok("150 nested blocks", src);
  q = src;
  for (int k = 0; k < 1000; k++) q += sprintf(q, "%*sif x:\n", k, "");
  sprintf(q, "%*spass\n", 1000, "");
  expect_error("1000 nested blocks", src, "too many statically nested blocks");
  free(src);
  /* chains are parsed by loops, but the tree has a depth limit too */
  src = repeat("x = ", "1 + ", 100000, "1", "", 0);
  expect_error("long sum", src, "expression too deeply nested");
  free(src);
  src = repeat("x = ", "1 + ", 500, "1", "", 0);
  expect_ok("sum of 501 terms", src);
  free(src);
  src = repeat("if a: pass\n", "elif a: pass\n", 5000, "", "", 0);
  expect_error("5000 elifs", src, "too many statically nested blocks");
  free(src);
  src = repeat("x = ", "1 < ", 100000, "1", "", 0);
  expect_ok("long comparison chain (flat)", src);
  free(src);
  src = repeat("x = ", "'ab' ", 100000, "", "", 0);
  expect_ok("100000 concatenated strings", src);
  free(src);
}

/* ------------------------------------------------------------------ */
/* The conformance programs                                            */
/* ------------------------------------------------------------------ */

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *p = malloc(cap);
  for (size_t r; p && (r = fread(p + n, 1, cap - n, f)) > 0;) {
    n += r;
    if (n == cap) {
      char *q = realloc(p, cap *= 2);
      if (!q) free(p);
      p = q;
    }
  }
  fclose(f);
  *len = n;
  return p;
}

static void test_conformance(void) {
  const char *dir = "tests/conformance";
  DIR *d = opendir(dir);
  checks++;
  if (!d) {
    FAIL("cannot open %s (run from the repository root)", dir);
    return;
  }
  int nfiles = 0;
  for (struct dirent *ent; (ent = readdir(d));) {
    size_t nl = strlen(ent->d_name);
    if (nl < 4 || strcmp(ent->d_name + nl - 3, ".py")) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
    size_t len;
    char *src = read_file(path, &len);
    checks++;
    if (!src) {
      FAIL("cannot read %s", path);
      continue;
    }
    nfiles++;
    Arena a;
    dwA_init(&a);
    ParseError e;
    Node *m = dwP_parse(&a, src, len, &e);
    if (!strcmp(ent->d_name, "syntax_error.py")) {
      if (m) FAIL("%s parsed", path);
      else if (e.line != 3 || e.type != EXC_SyntaxError ||
               strcmp(e.msg, "expected ':'"))
        FAIL("%s: %s: %s at %d:%d, expected SyntaxError: expected ':' at "
             "line 3",
             path, type_name(e.type), e.msg, e.line, e.col);
    } else if (!m) {
      FAIL("%s: %s: %s at %d:%d", path, type_name(e.type), e.msg, e.line,
           e.col);
    }
    /* prefixes parse or fail cleanly (for ASan/UBSan) */
    for (size_t cut = 0; cut < len; cut += 7) {
      Arena b;
      dwA_init(&b);
      char *pre = malloc(cut ? cut : 1);
      if (!pre) abort();
      memcpy(pre, src, cut);
      dwP_parse(&b, pre, cut, &e);
      free(pre);
      dwA_free(&b);
    }
    dwA_free(&a);
    free(src);
  }
  closedir(d);
  if (nfiles == 0) FAIL("no .py files in %s", dir);
}

/* ------------------------------------------------------------------ */
/* Robustness: mutated programs never crash and fail cleanly           */
/* ------------------------------------------------------------------ */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next_rand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static void test_mutations(void) {
  static const char *const pieces[] = {
      "(", ")", "[", "]", "{", "}", ":", ",", "=", "*", "**", "\n", "\n    ",
      "\t", "\\\n", "\\", "'", "\"", "'''", "f'{", "}", "!r", "#", "lambda ",
      "if ", "else ", "for ", " in ", "def ", "class ", "@", ":=", "0x", "1e",
      "\xff", "\xc3", "", "\r", "yield ", "not ", ".", "...", ";"};
  int n = 0;
  for (size_t i = 0; i < sizeof dumps / sizeof dumps[0]; i++) {
    size_t len0 = strlen(dumps[i].src);
    for (int round = 0; round < 60; round++) {
      char buf[512];
      size_t len = len0 < 400 ? len0 : 400;
      memcpy(buf, dumps[i].src, len);
      int edits = 1 + (int)(next_rand() % 3);
      for (int k = 0; k < edits; k++) {
        size_t at = (size_t)(next_rand() % (len + 1));
        switch (next_rand() % 3) {
        case 0: { /* insert a piece ("" stands for a NUL byte) */
          const char *p =
              pieces[next_rand() % (sizeof pieces / sizeof pieces[0])];
          size_t pl = p[0] ? strlen(p) : 1;
          if (len + pl >= sizeof buf) break;
          memmove(buf + at + pl, buf + at, len - at);
          memcpy(buf + at, p, pl);
          len += pl;
          break;
        }
        case 1: { /* delete a few bytes */
          size_t del = 1 + (size_t)(next_rand() % 4);
          if (at + del > len) del = len - at;
          memmove(buf + at, buf + at + del, len - at - del);
          len -= del;
          break;
        }
        default: /* a random byte */
          if (at < len) buf[at] = (char)(next_rand() & 0xff);
        }
      }
      /* an exact-size copy, so that ASan sees any read past the end */
      char *src = malloc(len ? len : 1);
      if (!src) abort();
      memcpy(src, buf, len);
      Arena a;
      dwA_init(&a);
      ParseError e;
      Node *m = dwP_parse(&a, src, len, &e);
      n++;
      if (m) {
        Buf b = {0};
        dwP_dump(&b, m);
        dwB_free(&b);
      } else if (!e.msg[0] || e.line < 1 || e.col < 0) {
        FAIL("mutation %d of %s: bad error '%s' at %d:%d", n, dumps[i].src,
             e.msg, e.line, e.col);
      }
      free(src);
      dwA_free(&a);
    }
  }
  checks += n;
}

int main(void) {
  test_dumps();
  test_positions();
  test_conventions();
  test_errors();
  test_limits();
  test_conformance();
  test_mutations();
  printf("test_parse: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
