/* random.c - PyTorch's CPU generator, so that a seeded program draws the
 * numbers PyTorch draws: `torch.manual_seed(0); torch.randn(4, 4)` prints
 * the tensor a PyTorch user knows (-1.1258, -1.1524, ...).
 *
 * The generator is CPUGeneratorImpl's: mt19937 seeded with the seed's low
 * 32 bits (at::mt19937), `random()` one 32-bit word, `random64()` two
 * words, the first as the high half (make64BitsFrom32Bits), and the normal
 * sample Box-Muller leaves for the next call (next_double_normal_sample).
 * The distributions follow aten/src/ATen/core/DistributionsHelper.h and
 * TransformationHelper.h, the fills aten/src/ATen/native/cpu/
 * DistributionTemplates.h:
 *   - uniform float:  (random() & (2^24 - 1)) * 2^-24, then * (to - from)
 *                     + from in float; double: random64()'s low 53 bits;
 *   - normal, float32 tensors of >= 16 elements: normal_fill_AVX2: every
 *     element a uniform float first, then Box-Muller over blocks of 16
 *     (element j and j + 8 of a block are one pair), the last 16 redrawn
 *     and recomputed when the size is not a multiple of 16;
 *   - normal, fewer than 16 elements (and float64 below 16): one
 *     normal_distribution<double> sample per element: two random64()
 *     uniforms, r = sqrt(-2 log1p(-u2)), theta = 2 pi u1, r cos(theta)
 *     returned and r sin(theta) kept for the next sample;
 *   - integers in [base, base + range): random() % range + base (random64()
 *     when range >= 2^32).
 * Only the float32 Box-Muller of the >= 16 path uses dwmath.h's log, sin
 * and cos where PyTorch uses avx_mathfun's: results can differ in the
 * last bits, not in what a tensor prints.
 *
 * A trace takes the generator back to a checkpoint (dwRng_mark /
 * dwRng_rewind) without copying its 2.5 KB state: a mark is the seed, the
 * number of words drawn and the cached sample; rewinding reseeds and skips
 * that many words (a twist per 624, nothing tempered).
 */
#include "../dw.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include "dwmath.h"

#include <math.h>
#include <string.h>

#define MT_N 624
#define PI 3.141592653589793 /* c10::pi<double> */
#define MT_M 397

/* The seed of a program that never calls torch.manual_seed: PyTorch's
 * default_rng_seed_val. (PyTorch seeds its default CPU generator from the
 * OS, getNonDeterministicRandom: its unseeded draws change from run to
 * run; ours are the same every run, as a playground's should be.) */
#define DEFAULT_SEED 67280421310721ull

/* mt19937's next 624 words, in three runs so that no index wraps */
#define MT_STEP(k, k1, km)                                                      \
  do {                                                                          \
    uint32_t y_ = (mt[k] & 0x80000000u) | (mt[k1] & 0x7fffffffu);              \
    mt[k] = mt[km] ^ (y_ >> 1) ^ (0x9908b0dfu & (0u - (y_ & 1u)));              \
  } while (0)
static void twist(Rng *g) {
  uint32_t *mt = g->mt;
  int k = 0;
  for (; k < MT_N - MT_M; k++) MT_STEP(k, k + 1, k + MT_M);
  for (; k < MT_N - 1; k++) MT_STEP(k, k + 1, k + MT_M - MT_N);
  MT_STEP(MT_N - 1, 0, MT_M - 1);
  g->idx = 0;
}

void dwRng_seed(Rng *g, uint64_t seed) {
  g->mt[0] = (uint32_t)seed;
  for (int k = 1; k < MT_N; k++) g->mt[k] = 1812433253u * (g->mt[k - 1] ^ (g->mt[k - 1] >> 30)) + (uint32_t)k;
  g->idx = MT_N;
  g->seed = seed;
  g->draws = 0;
  g->has_normal = false;
  g->normal = 0;
  g->ready = true;
}

/* uniform_real_distribution<float>(0, 1) of random() word w */
static inline float unit24(uint32_t w) { return (float)(w & 0xffffffu) * 0x1p-24f; }

static inline uint32_t temper(uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  return y ^ (y >> 18);
}

uint32_t dwRng_u32(Rng *g) {
  if (!g->ready) dwRng_seed(g, DEFAULT_SEED);
  if (g->idx >= MT_N) twist(g);
  g->draws++;
  return temper(g->mt[g->idx++]);
}

/* p[0..n) = n uniform floats in [0, 1), a run of words at a time (the
 * loop over a run vectorises) */
static void fill_unit_f(Rng *g, float *p, int64_t n) {
  if (!g->ready) dwRng_seed(g, DEFAULT_SEED);
  for (int64_t i = 0; i < n;) {
    if (g->idx >= MT_N) twist(g);
    int64_t take = n - i < MT_N - g->idx ? n - i : MT_N - g->idx;
    const uint32_t *w = g->mt + g->idx;
    for (int64_t k = 0; k < take; k++) p[i + k] = unit24(temper(w[k]));
    g->idx += (int)take;
    g->draws += (uint64_t)take;
    i += take;
  }
}

uint64_t dwRng_u64(Rng *g) {
  uint64_t hi = dwRng_u32(g);
  return hi << 32 | dwRng_u32(g);
}

/* uniform_real_distribution<float>(0, 1) and <double>(0, 1) */
float dwRng_uniform_f(Rng *g) { return unit24(dwRng_u32(g)); }
static double unit_d(Rng *g) { return (double)(dwRng_u64(g) & ((1ull << 53) - 1)) * 0x1p-53; }

double dwRng_normal(Rng *g) {
  if (!g->ready) dwRng_seed(g, DEFAULT_SEED);
  if (g->has_normal) {
    g->has_normal = false;
    return g->normal;
  }
  double u1 = unit_d(g), u2 = unit_d(g);
  double r = sqrt(-2.0 * log1p(-u2)), theta = 2.0 * PI * u1;
  g->normal = r * sin(theta);
  g->has_normal = true;
  return r * cos(theta);
}

uint64_t dwRng_seed_of(Rng *g) {
  if (!g->ready) dwRng_seed(g, DEFAULT_SEED);
  return g->seed;
}

void dwRng_mark(Rng *g, RngMark *m) {
  if (!g->ready) dwRng_seed(g, DEFAULT_SEED);
  m->seed = g->seed;
  m->draws = g->draws;
  m->normal = g->normal;
  m->has_normal = g->has_normal;
}

bool dwRng_at(const Rng *g, const RngMark *m) {
  return g->ready && g->seed == m->seed && g->draws == m->draws && g->has_normal == m->has_normal &&
         (!g->has_normal || g->normal == m->normal);
}

void dwRng_rewind(Rng *g, const RngMark *m) {
  if (!g->ready || g->seed != m->seed || g->draws != m->draws) {
    dwRng_seed(g, m->seed);
    uint64_t left = m->draws;
    while (left > 0) {
      twist(g);
      uint64_t take = left < MT_N ? left : MT_N;
      g->idx = (int)take;
      left -= take;
    }
    g->draws = m->draws;
  }
  g->normal = m->normal;
  g->has_normal = m->has_normal;
}

/* normal_fill_16 over float32: elements j and j + 8 are one pair. log,
 * sin and cos are dwmath.h's (the same bits in the scalar and the 4-lane
 * form, native and wasm alike) */
static void normal16_f(float *d, float mean, float std) {
#ifdef __wasm_simd128__
  const v128_t one = wasm_f32x4_splat(1.0f), m2 = wasm_f32x4_splat(-2.0f);
  const v128_t tau = wasm_f32x4_splat((float)(2.0 * PI)), sd = wasm_f32x4_splat(std), mu = wasm_f32x4_splat(mean);
  for (int j = 0; j < 8; j += 4) {
    v128_t u1 = wasm_f32x4_sub(one, wasm_v128_load(d + j)), u2 = wasm_v128_load(d + j + 8);
    v128_t radius = wasm_f32x4_sqrt(wasm_f32x4_mul(m2, dw_logf4(u1)));
    v128_t theta = wasm_f32x4_mul(tau, u2);
    v128_t c = wasm_f32x4_mul(radius, dw_cosf4(theta)), s = wasm_f32x4_mul(radius, dw_sinf4(theta));
    wasm_v128_store(d + j, wasm_f32x4_add(wasm_f32x4_mul(c, sd), mu));
    wasm_v128_store(d + j + 8, wasm_f32x4_add(wasm_f32x4_mul(s, sd), mu));
  }
#else
  for (int j = 0; j < 8; j++) {
    float u1 = 1.0f - d[j], u2 = d[j + 8];
    float radius = sqrtf(-2.0f * dw_logf(u1));
    float theta = (float)(2.0 * PI) * u2;
    d[j] = radius * dw_cosf(theta) * std + mean;
    d[j + 8] = radius * dw_sinf(theta) * std + mean;
  }
#endif
}

/* the same over float64 (normal_fill<double>) */
static void normal16_d(double *d, double mean, double std) {
  for (int j = 0; j < 8; j++) {
    double u1 = 1.0 - d[j], u2 = d[j + 8];
    double radius = sqrt(-2.0 * log(u1));
    double theta = 2.0 * PI * u2;
    d[j] = radius * cos(theta) * std + mean;
    d[j + 8] = radius * sin(theta) * std + mean;
  }
}

bool dwRng_fill(Rng *g, Tensor *t, RngDist dist, double a, double b) {
  int64_t n = dwT_numel(t);
  if (!t->st || n == 0) return true;
  if (dist == RNG_INT) { /* random_from_to_kernel */
    uint64_t lo = (uint64_t)(int64_t)a, range = (uint64_t)(int64_t)b - lo;
    for (int64_t i = 0; i < n; i++) {
      uint64_t w = range >= (1ull << 32) ? dwRng_u64(g) : dwRng_u32(g);
      dwT_set(NULL, t, i, (double)(int64_t)(w % range + lo));
    }
    return true;
  }
  bool f32 = t->dtype == DT_F32;
  if (!f32 && t->dtype != DT_F64) return false;
  float *pf = f32 ? (float *)t->st->data : NULL;
  double *pd = f32 ? NULL : (double *)t->st->data;
  if (dist == RNG_UNIFORM) { /* uniform_kernel: from and to as the dtype first */
    if (f32) {
      float from = (float)a, to = (float)b;
      fill_unit_f(g, pf, n);
      if (from != 0 || to != 1)
        for (int64_t i = 0; i < n; i++) pf[i] = pf[i] * (to - from) + from;
    } else {
      for (int64_t i = 0; i < n; i++) pd[i] = unit_d(g) * (b - a) + a;
    }
    return true;
  }
  if (n < 16) { /* cpu_serial_kernel over normal_distribution<double> */
    for (int64_t i = 0; i < n; i++) {
      double v = dwRng_normal(g) * b + a;
      if (f32) pf[i] = (float)v;
      else pd[i] = v;
    }
    return true;
  }
  if (f32) {
    fill_unit_f(g, pf, n);
    for (int64_t i = 0; i + 16 <= n; i += 16) normal16_f(pf + i, (float)a, (float)b);
    if (n % 16) {
      float *tail = pf + n - 16;
      fill_unit_f(g, tail, 16);
      normal16_f(tail, (float)a, (float)b);
    }
  } else {
    for (int64_t i = 0; i < n; i++) pd[i] = unit_d(g);
    for (int64_t i = 0; i + 16 <= n; i += 16) normal16_d(pd + i, a, b);
    if (n % 16) {
      double *tail = pd + n - 16;
      for (int k = 0; k < 16; k++) tail[k] = unit_d(g);
      normal16_d(tail, a, b);
    }
  }
  return true;
}

Tensor *dwT_rand_dt(Ctx *c, DType dt, int ndim, const int64_t *shape, bool normal) {
  Tensor *t = dwT_empty(c, dt, ndim, shape);
  if (!t) return NULL;
  dwRng_fill(&c->rng, t, normal ? RNG_NORMAL : RNG_UNIFORM, 0.0, 1.0); /* N(0, 1) or U[0, 1) */
  return t;
}

Tensor *dwT_rand(Ctx *c, int ndim, const int64_t *shape, bool normal) {
  return dwT_rand_dt(c, DT_F32, ndim, shape, normal);
}

void dwT_seed(Ctx *c, uint64_t seed) { dwRng_seed(&c->rng, seed); }
