/* unit_check.h - the failure counters and report macros of the unit tests
 * that print their own messages (test_graph, test_parse, test_pysem,
 * test_wasm_emit). Each test's main() returns failures != 0. */
#ifndef DW_UNIT_CHECK_H
#define DW_UNIT_CHECK_H

#include <stdio.h>

static int failures, checks;

/* Counts a failure and prints where, with a printf-style message. */
#define FAIL(...)                                                          \
  do {                                                                     \
    failures++;                                                            \
    printf("FAIL %s:%d: ", __FILE__, __LINE__);                            \
    printf(__VA_ARGS__);                                                   \
    printf("\n");                                                          \
  } while (0)

/* Counts a check; a false cond fails with the message (on stderr). */
#define CHECK(cond, ...)                                                     \
  do {                                                                       \
    checks++;                                                                \
    if (!(cond)) {                                                           \
      failures++;                                                            \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                   \
      fprintf(stderr, __VA_ARGS__);                                          \
      fputc('\n', stderr);                                                   \
    }                                                                        \
  } while (0)

#endif
