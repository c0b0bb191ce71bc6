/* addrelu.c - the hand-written baseline of tests/bench/foundation_bench.mjs:
 * out = relu(a + b) over n floats, 4 lanes of f32x4 with a scalar tail,
 * built with `emcc -O3 -msimd128 -sSTANDALONE_WASM --no-entry`. */
#include <stdint.h>
#include <stdlib.h>
#include <wasm_simd128.h>

__attribute__((export_name("alloc"))) void *alloc_floats(int32_t n) {
  return aligned_alloc(16, (size_t)n * sizeof(float) + 16);
}

__attribute__((export_name("addrelu"))) void addrelu(const float *a,
                                                     const float *b,
                                                     float *out, int32_t n) {
  int32_t i = 0;
  const v128_t zero = wasm_f32x4_splat(0.0f);
  for (; i + 4 <= n; i += 4) {
    v128_t s = wasm_f32x4_add(wasm_v128_load(a + i), wasm_v128_load(b + i));
    wasm_v128_store(out + i, wasm_f32x4_max(s, zero));
  }
  for (; i < n; i++) {
    float s = a[i] + b[i];
    out[i] = s > 0.0f ? s : 0.0f;
  }
}
