/* fuzz_run.c - libFuzzer target: runs arbitrary bytes as a program.
 *
 * Each input is passed to dw_run() as program source (exactly `size` bytes,
 * not NUL-terminated, so reads past the end are caught by ASan) in a fresh
 * session, with a statement budget of 10000 and 64 MiB of tensor storage.
 * The only property checked is that a report comes back (a JSON object);
 * program errors are part of the report. Crashes, sanitizer reports, leaks
 * and hangs (-timeout) are what the fuzzer finds.
 *
 * Build (what tests/run.sh does, via CMake -DDW_FUZZ=ON):
 *   CC=clang cmake -S . -B build-fuzz -DDW_FUZZ=ON && cmake --build build-fuzz
 * or by hand, with the core's .c files as SRC_FILES (those directly in
 * src/ and in its stage folders front, runtime, tensor, dynamo, backend;
 * not src/native/):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc SRC_FILES \
 *         tests/fuzz/fuzz_run.c -lm -o /tmp/fz
 * Run:
 *   /tmp/fz -max_len=2048 -timeout=10 CORPUS_DIR tests/conformance tests/python
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_opts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  dw_session *s = dw_session_new();
  if (!s) abort();
  const char *report = fuzz_run_input(s, data, size, 0);
  if (!report || report[0] != '{') abort();
  dw_session_free(s);
  return 0;
}
