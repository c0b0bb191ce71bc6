/* test_pysem.c - Python-semantics crash and edge cases that the
 * tests/python programs cannot hold (CPython itself crashes on some, or
 * they need the core's C API), run through dw_run and value.c.
 *
 * A ctest executable run from the repository root; prints every failing
 * case and exits nonzero if there is one. Deterministic: no timing, no
 * addresses in the checked output. */
#include "runtime/interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_check.h"

/* Runs src; checks that the report's stdout is `out` (exactly) and that
 * the error, if `err` is given, has that type (NULL: no error). */
static void run(const char *src, const char *out, const char *err) {
  checks++;
  dw_session *s = dw_session_new();
  dw_options opt;
  memset(&opt, 0, sizeof opt);
  opt.backend = DW_BACKEND_EAGER;
  opt.suppress_errors = -1;
  const char *rep = dw_run(s, src, strlen(src), &opt);
  /* "stdout":"..." as JSON: compare against the escaped expectation */
  Buf want = {0};
  dwB_puts(&want, "\"stdout\":");
  dwB_json_str(&want, out, strlen(out));
  if (!strstr(rep, want.p))
    FAIL("stdout of:\n%s\nwant %s\nreport: %.600s", src, want.p, rep);
  dwB_free(&want);
  const char *e = strstr(rep, "\"error\":");
  if (!e) {
    FAIL("no error field in report: %.300s", rep);
  } else if (!err) {
    if (strncmp(e, "\"error\":null", 12)) FAIL("unexpected error for:\n%s\n%.400s", src, e);
  } else {
    char t[128];
    snprintf(t, sizeof t, "\"error\":{\"type\":\"%s\"", err);
    if (strncmp(e, t, strlen(t))) FAIL("want %s for:\n%s\ngot %.400s", err, src, e);
  }
  dw_session_free(s);
}

/* Deep nesting: hashing, comparing, printing and freeing never recurse
 * on the C stack without a limit. CPython crashes on hash() of a 200000-
 * deep tuple; here it is a RecursionError. */
static void test_deep(void) {
  run("t = ()\nfor i in range(200000):\n    t = (t,)\ntry:\n    hash(t)\nexcept RecursionError:\n"
      "    print('hash')\ntry:\n    d = {t: 1}\nexcept RecursionError:\n    print('key')\n"
      "try:\n    s = {t}\nexcept RecursionError:\n    print('set')\ntry:\n    t in {}\n"
      "except RecursionError:\n    print('in')\n",
      "hash\nkey\nset\nin\n", NULL);
  /* freeing: a million levels of lists, dicts, tuples and instances */
  run("a = []\nfor i in range(1000000):\n    a = [a]\nprint('built')\n", "built\n", NULL);
  run("d = {}\nfor i in range(300000):\n    d = {'k': d, 'i': i}\nt = ()\nfor i in range(300000):\n"
      "    t = (t, i)\nprint('built')\n",
      "built\n", NULL);
  run("class Node:\n    def __init__(self, nxt):\n        self.nxt = nxt\nn = None\n"
      "for i in range(300000):\n    n = Node(n)\nn = None\nprint('freed')\n",
      "freed\n", NULL);
  run("a = []\nfor i in range(300000):\n    a = [a]\ntry:\n    print(a == a[0])\n"
      "except RecursionError as e:\n    print(e)\n",
      "maximum recursion depth exceeded in comparison\n", NULL);
}

/* Containers mutated while they are compared or printed. */
static void test_mutation(void) {
  run("class E:\n    def __eq__(self, o):\n        L.clear()\n        return False\nL = [E(), E(), E()]\n"
      "print(E() in L, L.count(E()), len(L))\n",
      "False 0 0\n", NULL);
  run("class E:\n    def __eq__(self, o):\n        del M[:]\n        return False\nM = [E(), 1]\n"
      "print([E(), 2] == M, M)\n",
      "False []\n", NULL);
  run("class R:\n    def __repr__(self):\n        Q.clear()\n        return 'R'\nQ = [R(), R(), R()]\n"
      "print(Q, Q)\n",
      "[R] []\n", NULL);
  run("d = {1: 1}\nfor k in d.keys():\n    d[2] = 2\n", "", "RuntimeError");
  run("s = {1}\nfor v in s:\n    s.add(2)\n", "", "RuntimeError");
}

/* value.c without an interpreter: repr of cycles and deep nesting. */
static void test_repr_c(void) {
  Ctx c;
  memset(&c, 0, sizeof c);
  List *l = dwV_list(&c, 0);
  dwV_list_append(&c, l, dwV_int(1));
  dwV_list_append(&c, l, dwV_obj(&l->h));
  Buf b = {0};
  dwV_repr(&b, dwV_obj(&l->h));
  checks++;
  if (!b.p || strcmp(b.p, "[1, [...]]")) FAIL("self-referencing list repr: %s", b.p);
  dwB_free(&b);
  List *deep = dwV_list(&c, 0);
  for (int k = 0; k < 100000; k++) {
    List *n = dwV_list(&c, 0);
    dwV_list_append(&c, n, dwV_obj(&deep->h));
    dwV_decref_o(&c, &deep->h);
    deep = n;
  }
  dwV_repr(&b, dwV_obj(&deep->h));
  checks++;
  if (!b.p || !strstr(b.p, "...")) FAIL("deep repr: %.80s", b.p);
  dwB_free(&b);
  dwV_decref_o(&c, &deep->h); /* freed level by level, iteratively */
  checks++;
  if (c.free_later || c.free_depth) FAIL("deferred frees left: %d", c.free_depth);
  dwV_free_all(&c);
}

/* CPython's hash() for the types whose hash it fixes (PYTHONHASHSEED=0):
 * the values python3.11 prints. */
static void test_pyhash(void) {
  static const struct {
    const char *src;
    int64_t h;
  } cases[] = {{"a", 4644417185603328019LL},
               {"", 0},
               {"hello world", -5642461784034726774LL},
               {"\xc3\xa9", 6047309291227476195LL},
               {"\xcf\x80", -3836231670483567807LL},
               {"abcdefgh", 4574395652268504554LL},
               {"abcdefghi", -532774252720507163LL}};
  Ctx c;
  memset(&c, 0, sizeof c);
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    Str *s = dwV_str(&c, cases[k].src, strlen(cases[k].src));
    int64_t h = 0;
    checks++;
    if (!dwV_pyhash(dwV_obj(&s->h), &h) || h != cases[k].h)
      FAIL("hash(%s) = %lld, want %lld", cases[k].src, (long long)h, (long long)cases[k].h);
    dwV_decref_o(&c, &s->h);
  }
  int64_t h;
  checks++;
  if (!dwV_pyhash(dwV_float(1.5), &h) || h != 1152921504606846977LL) FAIL("hash(1.5) = %lld", (long long)h);
  checks++;
  if (!dwV_pyhash(dwV_int(-1), &h) || h != -2) FAIL("hash(-1) = %lld", (long long)h);
  checks++;
  if (!dwV_pyhash(dwV_int(INT64_MIN), &h) || h != -4) FAIL("hash(-2**63) = %lld", (long long)h);
  checks++;
  if (dwV_pyhash(dwV_float(0.0 / 0.0), &h)) FAIL("hash(nan) is by identity in CPython");
  dwV_free_all(&c);
}

/* Integer edges: no signed overflow (UBSan aborts the test if any). */
static void test_overflow(void) {
  run("print(list(range(0, 9223372036854775807, 4611686018427387904)))\n",
      "[0, 4611686018427387904]\n", NULL);
  run("a = list(range(5))\nprint(a[-9223372036854775807:9223372036854775807:9223372036854775807], "
      "a[::-9223372036854775807], a[::-9223372036854775807 - 1])\n",
      "[0] [4] [4]\n", NULL);
  run("for i in range(-9223372036854775807 - 1, 9223372036854775807, 9223372036854775807):\n"
      "    print(i)\n",
      "-9223372036854775808\n-1\n9223372036854775806\n", NULL);
  run("print(f'{1:99999999999999999999}')\n", "", "ValueError");
  run("print('%999999999999d' % 1)\n", "", "MemoryError");
  run("print('1'.center(10 ** 12))\n", "", "MemoryError");
  run("print(round(-9223372036854775807 - 1, -18), round(-5, -19), round(9223372036854775807, -1))\n",
      "", "OverflowError");
  run("print(round(-9223372036854775807 - 1, -18), round(-5, -19))\n", "-9000000000000000000 0\n",
      NULL);
}

int main(void) {
  test_deep();
  test_mutation();
  test_repr_c();
  test_pyhash();
  test_overflow();
  printf("test_pysem: %d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
