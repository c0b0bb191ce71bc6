/* dw_wasm.c - the WebAssembly entry points of dynawasm.
 *
 * Built only by the Emscripten branch of CMakeLists.txt (standalone wasm,
 * no JS glue). wasm/lib/core.js instantiates the module, calls _initialize
 * once, and then only uses the functions exported here (plus `memory` and
 * `__indirect_function_table`). Every pointer crossing the boundary is an
 * address in the module's own memory; lengths are bytes.
 *
 * The kernel compiler is the host import env.dw_host_compile (dw_host.h),
 * registered with the core through dw_set_host() for every session.
 */
#include "../src/dynawasm.h"
#include "dw_host.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DW_EXPORT(name) __attribute__((export_name(#name), used))

/* Bumped whenever the signatures below change; checked by the loader. */
#define DW_WASM_ABI 4

/* The kernel ABI of src/dw.h ("Kernel ABI"): int32_t kernel(int32_t args). */
typedef int32_t (*kernel_fn)(int32_t args);

static int host_compile(void *host, const uint8_t *wasm, size_t n,
                        int want_text, double times_ms[2], char *err,
                        size_t errcap) {
  (void)host;
  return dw_host_compile(wasm, n, want_text, times_ms, err, errcap);
}

DW_EXPORT(dw_wasm_abi) int32_t dw_wasm_abi(void) { return DW_WASM_ABI; }

DW_EXPORT(dw_wasm_alloc) void *dw_wasm_alloc(uint32_t n) {
  return malloc(n ? n : 1);
}

DW_EXPORT(dw_wasm_free) void dw_wasm_free(void *p) { free(p); }

DW_EXPORT(dw_wasm_set_host_frames_max) void dw_wasm_set_host_frames_max(int32_t n) {
  dw_set_host_frames_max(n);
}

DW_EXPORT(dw_wasm_version) const char *dw_wasm_version(void) {
  return dw_version();
}

/* with_host = 0: no kernel compiler; graphs of the wasm backend then run
 * on the eager kernels, as in a native build. features: DW_HOST_* of
 * dynawasm.h, what the engine compiling the kernels supports (the loader
 * feature-detects relaxed SIMD). */
DW_EXPORT(dw_wasm_session_new)
dw_session *dw_wasm_session_new(int32_t with_host, int32_t features) {
  dw_session *s = dw_session_new();
  if (s && with_host) {
    dw_set_host(s, host_compile, NULL);
    dw_set_host_features(s, (unsigned)features);
  }
  return s;
}

DW_EXPORT(dw_wasm_session_free) void dw_wasm_session_free(dw_session *s) {
  dw_session_free(s);
}

/* Clamps a JS number to [0, max]; NaN and negatives become 0. */
static double clamp_count(double v, double max) {
  if (!(v > 0)) return 0;
  return v > max ? max : v;
}

/* Runs one program. src is not NUL-terminated (len bytes); filename is a
 * NUL-terminated string or 0 for the default. max_steps and tensor_cap are
 * JS numbers (0: the core's default). Returns the NUL-terminated JSON
 * report, owned by the session until its next run. */
DW_EXPORT(dw_wasm_run)
const char *dw_wasm_run(dw_session *s, const char *src, uint32_t len,
                        int32_t backend, int32_t suppress_errors,
                        int32_t want_wat, double max_steps, double tensor_cap,
                        uint32_t logs, const char *filename,
                        int32_t no_compile) {
  dw_options o;
  memset(&o, 0, sizeof o);
  o.backend = backend == DW_BACKEND_WASM    ? DW_BACKEND_WASM
              : backend == DW_BACKEND_EAGER ? DW_BACKEND_EAGER
                                            : DW_BACKEND_DEFAULT;
  o.suppress_errors = suppress_errors < 0 ? -1 : suppress_errors ? 1 : 0;
  o.want_wat = want_wat != 0;
  o.filename = filename && *filename ? filename : NULL;
  o.max_steps = (uint64_t)clamp_count(max_steps, 9007199254740992.0);
  o.tensor_cap = (size_t)clamp_count(tensor_cap, (double)SIZE_MAX);
  o.logs = logs;
  o.no_compile = no_compile != 0;
  return dw_run(s, src, len, &o);
}

DW_EXPORT(dw_wasm_reset) void dw_wasm_reset(dw_session *s) { dw_reset(s); }

/* Self-test of the kernel path: compiles `bytes` (a module exporting
 * `kernel: (i32) -> i32` and importing env.memory) through the same host
 * import the core uses, then calls the kernel from C through a function
 * pointer with `args` (the address of its i32 array of data pointers; the
 * caller has put the buffers in this memory). Returns the table index and
 * stores the kernel's return value in *result, or returns -1 with a message
 * in err when compiling failed. A trapping kernel traps through here. */
DW_EXPORT(dw_wasm_selftest)
int32_t dw_wasm_selftest(const uint8_t *bytes, uint32_t len, int32_t *args,
                         int32_t *result, double *times_ms, char *err,
                         uint32_t errcap) {
  int slot = host_compile(NULL, bytes, len, 1, times_ms, err, errcap);
  if (slot < 0) return -1;
  /* In WebAssembly a function pointer is its index in the function table. */
  kernel_fn k = (kernel_fn)(uintptr_t)slot;
  *result = k((int32_t)(uintptr_t)args);
  return slot;
}
