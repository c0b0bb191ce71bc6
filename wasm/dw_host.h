/* dw_host.h - the host imports of the WebAssembly build of dynawasm.
 *
 * These functions are implemented in JavaScript by wasm/lib/core.js and
 * imported from the module "env". They exist only in the WebAssembly build;
 * native builds never see them (everything here is under __EMSCRIPTEN__).
 *
 * The core (src/) does not need to include this header: it reaches the
 * kernel compiler through dw_set_host() (dynawasm.h), and its clock through
 * clock_gettime(CLOCK_MONOTONIC), which the standalone build maps to WASI
 * clock_time_get, implemented by the loader with performance.now().
 * A file that wants the host clock directly may include it under
 * `#ifdef __EMSCRIPTEN__` (add wasm/ to its include path).
 */
#ifndef DW_HOST_H
#define DW_HOST_H

#ifdef __EMSCRIPTEN__
#include <stddef.h>
#include <stdint.h>

#define DW_HOST_IMPORT(name)                                                  \
  __attribute__((import_module("env"), import_name(#name)))

/* Optimises (Binaryen) and instantiates one kernel module against the
 * core's memory, appends its "kernel" export to the core's indirect function
 * table and returns the table index (>= 1), or -1 with a NUL-terminated
 * message in err[0..errcap). times_ms[0] = optimise time, times_ms[1] =
 * instantiate time (both 0 when the kernel came from the host's cache).
 * want_text: keep the optimised module's text for the report (graphs[].wat,
 * looked up by the index). Never traps; never calls back into the core. */
DW_HOST_IMPORT(dw_host_compile)
int32_t dw_host_compile(const uint8_t *bytes, size_t len, int32_t want_text,
                        double *times_ms, char *err, size_t errcap);

/* Milliseconds from an arbitrary origin, monotonic, sub-millisecond
 * resolution (performance.now()). */
DW_HOST_IMPORT(dw_host_now)
double dw_host_now(void);

/* Before each kernel call (src/dynamo/compile.c dwC_run): the host may put
 * the optimised tier of kernels into their table slots now (the slots stay
 * the same). Never calls back into the core. */
DW_HOST_IMPORT(dw_host_poll)
void dw_host_poll(void);

#endif /* __EMSCRIPTEN__ */
#endif /* DW_HOST_H */
