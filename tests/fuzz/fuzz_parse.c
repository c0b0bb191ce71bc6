/* fuzz_parse.c - libFuzzer target for the lexer and parser.
 *
 *   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Isrc \
 *     src/arena.c src/front/lex.c src/front/parse.c tests/fuzz/fuzz_parse.c -o fuzz_parse
 *   mkdir -p corpus && cp tests/conformance/[a-z]*.py corpus/  # seeds
 *   ./fuzz_parse -dict=tests/fuzz/python.dict -max_total_time=180 corpus \
 *     tests/fuzz/corpus/fuzz_parse
 * (tests/run.sh builds it as build-fuzz/fuzz_fuzz_parse via -DDW_FUZZ=ON.)
 *
 * Parses arbitrary bytes; on success dumps the tree and checks that every
 * node has a sane position, on failure that the error is well formed.
 * Any violation aborts (a crash for libFuzzer). */
#include "dw.h"

#include <stdlib.h>
#include <string.h>

static int max_line;

static void check(const Node *n, int depth);

static void check_list(const NodeList *l, int depth) {
  if (l->n < 0 || (l->n > 0 && !l->v)) abort();
  for (int k = 0; k < l->n; k++) check(l->v[k], depth);
}

static void check(const Node *n, int depth) {
  if (!n || n->kind >= N_COUNT || depth > 2000) abort();
  if (n->line < 1 || n->col < 0 || n->line > max_line) abort();
  if (n->end_line < n->line ||
      (n->end_line == n->line && n->end_col < n->col))
    abort();
  if ((n->kind == N_NAME || n->kind == N_STR || n->kind == N_ATTR) && !n->s)
    abort();
  if (n->kind == N_COMPARE && n->kids.n > 0 && !n->cmpops) abort();
  if ((n->kind == N_DEF || n->kind == N_LAMBDA) && !n->params) abort();
  if (n->params)
    for (int k = 0; k < n->params->n; k++) {
      if (!n->params->names[k]) abort();
      if (n->params->defaults[k]) check(n->params->defaults[k], depth + 1);
    }
  if (n->a) check(n->a, depth + 1);
  if (n->b) check(n->b, depth + 1);
  if (n->c) check(n->c, depth + 1);
  check_list(&n->kids, depth + 1);
  check_list(&n->body, depth + 1);
  check_list(&n->orelse, depth + 1);
  check_list(&n->finalbody, depth + 1);
  check_list(&n->decos, depth + 1);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  /* a copy of exactly `size` bytes, so ASan catches reads past the end */
  char *src = malloc(size ? size : 1);
  if (!src) return 0;
  if (size) memcpy(src, data, size);
  max_line = 1;
  for (size_t i = 0; i < size; i++) max_line += src[i] == '\n' || src[i] == '\r';
  Arena a;
  dwA_init(&a);
  ParseError e;
  Node *m = dwP_parse(&a, src, size, &e);
  if (m) {
    if (m->kind != N_MODULE) abort();
    check(m, 0);
    Buf b = {0};
    dwP_dump(&b, m);
    if (!b.oom && (!b.p || b.p[0] != '(')) abort();
    dwB_free(&b);
  } else {
    if (!e.msg[0] || e.line < 1 || e.col < 0 || e.line > max_line + 1) abort();
    if (e.type != EXC_SyntaxError && e.type != EXC_IndentationError &&
        e.type != EXC_MemoryError)
      abort();
    if (!memchr(e.msg, 0, sizeof e.msg)) abort();
  }
  dwA_free(&a);
  free(src);
  return 0;
}
