/* fuzz_opts.h - how the fuzz targets run an input (fuzz_run.c,
 * fuzz_diff.c): exactly `size` bytes as main.py, not NUL-terminated, on
 * the default backend, with a statement budget of 10000 and 64 MiB of
 * tensor storage (what keeps a fuzzed loop or allocation from hanging or
 * exhausting the fuzzer); no_compile runs torch.compile'd functions as
 * plain Python. */
#ifndef DW_FUZZ_OPTS_H
#define DW_FUZZ_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dynawasm.h"

static inline const char *fuzz_run_input(dw_session *s, const uint8_t *data,
                                         size_t size, int no_compile) {
  dw_options opt;
  memset(&opt, 0, sizeof opt);
  opt.backend = DW_BACKEND_DEFAULT;
  opt.suppress_errors = -1;
  opt.filename = "main.py";
  opt.max_steps = 10000;
  opt.tensor_cap = (size_t)64 << 20;
  opt.no_compile = no_compile;
  return dw_run(s, (const char *)data, size, &opt);
}

#endif
