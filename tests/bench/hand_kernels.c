/* hand_kernels.c - the hand-written baselines of tests/bench/perf_bench.mjs:
 * each workload of the benchmark written directly in C with
 * wasm_simd128.h, single-threaded, built with
 * `emcc -O3 -msimd128 -sSTANDALONE_WASM --no-entry`. They are the practical
 * limit the compiled kernels are measured against, not part of dynawasm.
 *
 * Every function takes byte addresses in this module's memory (alloc()).
 * Weights of the MLP are taken in nn.Linear's layout [out, in] and packed
 * once by mlp_pack() (not timed), as a hand-tuned library would. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wasm_simd128.h>

#define EXPORT(name) __attribute__((export_name(#name)))

EXPORT(alloc) void *alloc_bytes(int32_t n) {
  return aligned_alloc(16, ((size_t)n + 15) & ~(size_t)15);
}

/* ---- 8-op chain: ((relu(x*1.5+0.25)*x - 0.5).abs() + x) * 0.75 ---- */

EXPORT(chain) void chain(const float *x, float *out, int32_t n) {
  const v128_t k15 = wasm_f32x4_splat(1.5f), k025 = wasm_f32x4_splat(0.25f);
  const v128_t k05 = wasm_f32x4_splat(0.5f), k075 = wasm_f32x4_splat(0.75f);
  const v128_t zero = wasm_f32x4_splat(0.0f);
  int32_t i = 0;
  for (; i + 4 <= n; i += 4) {
    v128_t v = wasm_v128_load(x + i);
    v128_t y = wasm_f32x4_add(wasm_f32x4_mul(v, k15), k025);
    y = wasm_f32x4_pmax(y, zero);
    y = wasm_f32x4_sub(wasm_f32x4_mul(y, v), k05);
    y = wasm_f32x4_abs(y);
    y = wasm_f32x4_mul(wasm_f32x4_add(y, v), k075);
    wasm_v128_store(out + i, y);
  }
  for (; i < n; i++) {
    float y = x[i] * 1.5f + 0.25f;
    y = y > 0 ? y : 0;
    out[i] = (fabsf(y * x[i] - 0.5f) + x[i]) * 0.75f;
  }
}

/* ---- exp on 4 lanes (Cephes' expf: range reduction by ln 2, degree-5
 * polynomial, scale by 2^n through the exponent bits); the clamp with
 * pmin/pmax (one instruction each on x64; wasm's min/max order nan and
 * -0 and cost V8 several) ---- */

static inline v128_t exp4(v128_t x) {
  x = wasm_f32x4_pmin(wasm_f32x4_pmax(x, wasm_f32x4_splat(-87.3f)), wasm_f32x4_splat(88.7f));
  v128_t n = wasm_f32x4_nearest(wasm_f32x4_mul(x, wasm_f32x4_splat(1.44269504088896341f)));
  v128_t r = wasm_f32x4_sub(x, wasm_f32x4_mul(n, wasm_f32x4_splat(0.693359375f)));
  r = wasm_f32x4_sub(r, wasm_f32x4_mul(n, wasm_f32x4_splat(-2.12194440e-4f)));
  v128_t p = wasm_f32x4_splat(1.9875691500E-4f);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.3981999507E-3f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(8.3334519073E-3f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(4.1665795894E-2f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.6666665459E-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(5.0000001201E-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_mul(p, r), r), wasm_f32x4_add(r, wasm_f32x4_splat(1.0f)));
  v128_t e = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n), wasm_i32x4_splat(127)), 23);
  return wasm_f32x4_mul(p, e);
}

static inline float hmax(v128_t v) {
  float a = fmaxf(wasm_f32x4_extract_lane(v, 0), wasm_f32x4_extract_lane(v, 1));
  float b = fmaxf(wasm_f32x4_extract_lane(v, 2), wasm_f32x4_extract_lane(v, 3));
  return fmaxf(a, b);
}
static inline float hsum(v128_t v) {
  return (wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) +
         (wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
}

/* ---- softmax over rows (cols a multiple of 4): max, then exp and sum
 * storing exp, then scale by 1/sum ---- */

static void softmax_row(const float *x, float *y, int32_t cols) {
  v128_t m = wasm_f32x4_splat(-INFINITY);
  for (int32_t j = 0; j < cols; j += 4) m = wasm_f32x4_pmax(m, wasm_v128_load(x + j));
  v128_t mv = wasm_f32x4_splat(hmax(m));
  v128_t s = wasm_f32x4_splat(0.0f);
  for (int32_t j = 0; j < cols; j += 4) {
    v128_t e = exp4(wasm_f32x4_sub(wasm_v128_load(x + j), mv));
    wasm_v128_store(y + j, e);
    s = wasm_f32x4_add(s, e);
  }
  v128_t inv = wasm_f32x4_splat(1.0f / hsum(s));
  for (int32_t j = 0; j < cols; j += 4) wasm_v128_store(y + j, wasm_f32x4_mul(wasm_v128_load(y + j), inv));
}

EXPORT(softmax) void softmax(const float *x, float *y, int32_t rows, int32_t cols) {
  for (int32_t i = 0; i < rows; i++) softmax_row(x + (size_t)i * cols, y + (size_t)i * cols, cols);
}

/* ---- layer_norm over rows with weight and bias (cols a multiple of 4) ---- */

EXPORT(layer_norm)
void layer_norm(const float *x, const float *w, const float *b, float *y, int32_t rows, int32_t cols) {
  for (int32_t i = 0; i < rows; i++) {
    const float *xr = x + (size_t)i * cols;
    float *yr = y + (size_t)i * cols;
    v128_t s = wasm_f32x4_splat(0.0f);
    for (int32_t j = 0; j < cols; j += 4) s = wasm_f32x4_add(s, wasm_v128_load(xr + j));
    v128_t mean = wasm_f32x4_splat(hsum(s) / (float)cols);
    v128_t q = wasm_f32x4_splat(0.0f);
    for (int32_t j = 0; j < cols; j += 4) {
      v128_t d = wasm_f32x4_sub(wasm_v128_load(xr + j), mean);
      q = wasm_f32x4_add(q, wasm_f32x4_mul(d, d));
    }
    v128_t rs = wasm_f32x4_splat(1.0f / sqrtf(hsum(q) / (float)cols + 1e-5f));
    for (int32_t j = 0; j < cols; j += 4) {
      v128_t d = wasm_f32x4_mul(wasm_f32x4_sub(wasm_v128_load(xr + j), mean), rs);
      wasm_v128_store(yr + j, wasm_f32x4_add(wasm_f32x4_mul(d, wasm_v128_load(w + j)), wasm_v128_load(b + j)));
    }
  }
}

/* ---- sum over dim 0 of [rows, cols]: tiles of 16 rows, each walked 32
 * columns (8 registers) at a time along the whole rows, the sums kept in
 * out between tiles. (Walking all rows of 16 columns before the next 16
 * touches a new 4 KB page at every row of a 1024-wide matrix: 1.7-1.9x
 * slower here; tiles of 16-64 rows, or rows streamed into out, measure
 * the same as these within noise.) ---- */

EXPORT(sum0) void sum0(const float *x, float *out, int32_t rows, int32_t cols) {
  int32_t c32 = cols & ~31;
  for (int32_t r0 = 0; r0 < rows; r0 += 16) {
    int32_t r1 = r0 + 16 < rows ? r0 + 16 : rows;
    for (int32_t j = 0; j < c32; j += 32) {
      v128_t a[8];
      for (int q = 0; q < 8; q++) a[q] = r0 ? wasm_v128_load(out + j + 4 * q) : wasm_f32x4_splat(0);
      for (int32_t i = r0; i < r1; i++) {
        const float *p = x + (size_t)i * cols + j;
        for (int q = 0; q < 8; q++) a[q] = wasm_f32x4_add(a[q], wasm_v128_load(p + 4 * q));
      }
      for (int q = 0; q < 8; q++) wasm_v128_store(out + j + 4 * q, a[q]);
    }
    for (int32_t j = c32; j < cols; j++) {
      float s = r0 ? out[j] : 0;
      for (int32_t i = r0; i < r1; i++) s += x[(size_t)i * cols + j];
      out[j] = s;
    }
  }
}

/* ---- matmul C[M,N] = A[M,K] @ B[K,N] (+ bias[N], relu), row-major, N a
 * multiple of 4: a 4x16 register tile (16 accumulators), A broadcast with
 * load32_splat, B read in place (its rows are contiguous) ---- */

static inline void tile_4x16(const float *a, int32_t lda, const float *b, int32_t ldb, float *c,
                             int32_t ldc, int32_t K, int32_t mr, const float *bias, int relu) {
  v128_t acc[4][4];
  for (int r = 0; r < 4; r++)
    for (int q = 0; q < 4; q++) acc[r][q] = bias ? wasm_v128_load(bias + 4 * q) : wasm_f32x4_splat(0);
  for (int32_t k = 0; k < K; k++) {
    const float *bk = b + (size_t)k * ldb;
    v128_t b0 = wasm_v128_load(bk), b1 = wasm_v128_load(bk + 4);
    v128_t b2 = wasm_v128_load(bk + 8), b3 = wasm_v128_load(bk + 12);
    for (int r = 0; r < 4; r++) {
      v128_t av = wasm_v128_load32_splat(a + (size_t)(r < mr ? r : 0) * lda + k);
      acc[r][0] = wasm_f32x4_add(acc[r][0], wasm_f32x4_mul(av, b0));
      acc[r][1] = wasm_f32x4_add(acc[r][1], wasm_f32x4_mul(av, b1));
      acc[r][2] = wasm_f32x4_add(acc[r][2], wasm_f32x4_mul(av, b2));
      acc[r][3] = wasm_f32x4_add(acc[r][3], wasm_f32x4_mul(av, b3));
    }
  }
  const v128_t zero = wasm_f32x4_splat(0);
  for (int r = 0; r < mr; r++)
    for (int q = 0; q < 4; q++)
      wasm_v128_store(c + (size_t)r * ldc + 4 * q, relu ? wasm_f32x4_pmax(acc[r][q], zero) : acc[r][q]);
}

static inline void tile_4x4(const float *a, int32_t lda, const float *b, int32_t ldb, float *c,
                            int32_t ldc, int32_t K, int32_t mr, const float *bias, int relu) {
  v128_t acc[4];
  for (int r = 0; r < 4; r++) acc[r] = bias ? wasm_v128_load(bias) : wasm_f32x4_splat(0);
  for (int32_t k = 0; k < K; k++) {
    v128_t bv = wasm_v128_load(b + (size_t)k * ldb);
    for (int r = 0; r < 4; r++)
      acc[r] = wasm_f32x4_add(acc[r], wasm_f32x4_mul(wasm_v128_load32_splat(a + (size_t)(r < mr ? r : 0) * lda + k), bv));
  }
  for (int r = 0; r < mr; r++)
    wasm_v128_store(c + (size_t)r * ldc, relu ? wasm_f32x4_pmax(acc[r], wasm_f32x4_splat(0)) : acc[r]);
}

/* K blocked by 256 so that a 256x16 panel of B stays in L1 across the rows
 * of A; bias and relu only in the last K block. */
static void gemm(const float *a, const float *b, float *c, int32_t M, int32_t N, int32_t K,
                 const float *bias, int relu) {
  const int32_t KB = 256;
  for (int32_t k0 = 0; k0 < K; k0 += KB) {
    int32_t kb = K - k0 < KB ? K - k0 : KB;
    int first = k0 == 0, last = k0 + kb == K;
    for (int32_t j = 0; j < N; j += 16) {
      int32_t nw = N - j >= 16 ? 16 : 4;
      for (int32_t jj = j; jj < j + 16 && jj < N; jj += nw) {
        for (int32_t i = 0; i < M; i += 4) {
          int32_t mr = M - i < 4 ? M - i : 4;
          float *ct = c + (size_t)i * N + jj;
          float tmp[4 * 16] __attribute__((aligned(16)));
          const float *bb = last && bias ? bias + jj : NULL;
          if (nw == 16) tile_4x16(a + (size_t)i * K + k0, K, b + (size_t)k0 * N + jj, N, tmp, 16, kb, mr, NULL, 0);
          else tile_4x4(a + (size_t)i * K + k0, K, b + (size_t)k0 * N + jj, N, tmp, 16, kb, mr, NULL, 0);
          for (int r = 0; r < mr; r++)
            for (int q = 0; q < nw; q += 4) {
              v128_t v = wasm_v128_load(tmp + r * 16 + q);
              if (!first) v = wasm_f32x4_add(v, wasm_v128_load(ct + (size_t)r * N + q));
              if (bb) v = wasm_f32x4_add(v, wasm_v128_load(bb + q));
              if (last && relu) v = wasm_f32x4_pmax(v, wasm_f32x4_splat(0));
              wasm_v128_store(ct + (size_t)r * N + q, v);
            }
        }
      }
    }
  }
}

EXPORT(matmul) void matmul(const float *a, const float *b, float *c, int32_t M, int32_t N, int32_t K) {
  gemm(a, b, c, M, N, K, NULL, 0);
}

/* ---- MLP: relu(x W1^T + b1) -> relu(. W2^T + b2) -> . W3^T + b3 ---- */

static float *wt[3];
static int32_t wdim[3][2];

/* Packs W [out, in] as W^T [in, out4] (out rounded up to 4, zero padded). */
EXPORT(mlp_pack) void mlp_pack(int32_t layer, const float *w, int32_t out, int32_t in) {
  int32_t o4 = (out + 3) & ~3;
  free(wt[layer]);
  wt[layer] = aligned_alloc(16, (size_t)in * o4 * sizeof(float));
  memset(wt[layer], 0, (size_t)in * o4 * sizeof(float));
  for (int32_t o = 0; o < out; o++)
    for (int32_t i = 0; i < in; i++) wt[layer][(size_t)i * o4 + o] = w[(size_t)o * in + i];
  wdim[layer][0] = out;
  wdim[layer][1] = in;
}

static float *h1, *h2, *o3, *bpad;

EXPORT(mlp)
void mlp(const float *x, const float *b1, const float *b2, const float *b3, float *y, int32_t batch) {
  int32_t n1 = wdim[0][0], n2 = wdim[1][0], n3 = wdim[2][0], k = wdim[0][1];
  int32_t n34 = (n3 + 3) & ~3;
  if (!h1) {
    h1 = aligned_alloc(16, (size_t)batch * n1 * 4);
    h2 = aligned_alloc(16, (size_t)batch * n2 * 4);
    o3 = aligned_alloc(16, (size_t)batch * n34 * 4);
    bpad = aligned_alloc(16, (size_t)n34 * 4);
  }
  memset(bpad, 0, (size_t)n34 * 4);
  memcpy(bpad, b3, (size_t)n3 * 4);
  gemm(x, wt[0], h1, batch, n1, k, b1, 1);
  gemm(h1, wt[1], h2, batch, n2, n1, b2, 1);
  gemm(h2, wt[2], o3, batch, n34, n2, bpad, 0);
  for (int32_t r = 0; r < batch; r++) memcpy(y + (size_t)r * n3, o3 + (size_t)r * n34, (size_t)n3 * 4);
}

/* ---- attention: softmax(q k^T / sqrt(d)) v for q, k, v [n, d] ---- */

static float *kt, *sc;

EXPORT(attention) void attention(const float *q, const float *k, const float *v, float *out, int32_t n, int32_t d) {
  if (!kt) {
    kt = aligned_alloc(16, (size_t)n * d * 4);
    sc = aligned_alloc(16, (size_t)n * n * 4);
  }
  for (int32_t i = 0; i < n; i++) /* k^T: [d, n] */
    for (int32_t j = 0; j < d; j++) kt[(size_t)j * n + i] = k[(size_t)i * d + j];
  gemm(q, kt, sc, n, n, d, NULL, 0);
  v128_t s = wasm_f32x4_splat(1.0f / sqrtf((float)d));
  for (int32_t i = 0; i < n * n; i += 4) wasm_v128_store(sc + i, wasm_f32x4_mul(wasm_v128_load(sc + i), s));
  for (int32_t i = 0; i < n; i++) softmax_row(sc + (size_t)i * n, sc + (size_t)i * n, n);
  gemm(sc, v, out, n, d, n, NULL, 0);
}
