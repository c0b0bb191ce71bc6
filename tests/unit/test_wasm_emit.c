/* test_wasm_emit.c - the WebAssembly backend (fuse.c, wasm_emit.c and
 * the files sharing wasm.h).
 *
 *   test_wasm_emit              ctest: every case of kernel_cases.h lowers,
 *                               fuses as expected, runs eagerly, and its
 *                               bytes validate (wasm-opt, when installed);
 *                               plus checks of the encoder, the text and the
 *                               source map.
 *   test_wasm_emit --dump DIR   writes each case's module, inputs and eager
 *                               outputs for tests/node/kernels.test.mjs,
 *                               which runs the kernels for real.
 *   test_wasm_emit --bench DIR  the same for the benchmark graphs, with the
 *                               native eager time of each
 *                               (tests/bench/kernels_bench.mjs).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getpid */
#include "kernel_cases.h"

#include <time.h>
#include <unistd.h>

#include "unit_check.h"

static const char *const dt_json[DT_COUNT] = {"f32", "i64", "i32", "b8", "f64"};

static bool have_wasm_opt(void) {
  static int have = -1;
  if (have < 0) have = system("wasm-opt --version >/dev/null 2>&1") == 0;
  return have;
}

static bool write_file(const char *path, const void *p, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(p, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

/* Validates module bytes with wasm-opt (the features the emitter uses). */
static bool validate(const WasmModule *m, const char *name) {
  if (!have_wasm_opt()) return true;
  char path[256], cmd[512];
  snprintf(path, sizeof path, "/tmp/dw_test_wasm_emit_%d_%s.wasm", (int)getpid(), name);
  if (!write_file(path, m->bytes, m->len)) return false;
  snprintf(cmd, sizeof cmd,
           "wasm-opt --enable-simd --enable-nontrapping-float-to-int %s "
           "-o /dev/null 2>/tmp/dw_test_wasm_emit.err",
           path);
  int rc = system(cmd);
  remove(path);
  if (rc != 0) {
    fprintf(stderr, "wasm-opt rejected %s:\n", name);
    (void)system("head -c 2000 /tmp/dw_test_wasm_emit.err >&2");
  }
  return rc == 0;
}

static void json_shape(FILE *f, const TMeta *m) {
  fputc('[', f);
  for (int d = 0; d < m->ndim; d++)
    fprintf(f, "%s%lld", d ? "," : "", (long long)m->shape[d]);
  fputc(']', f);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Writes one case: module, inputs, eager outputs (and the eager time when
 * timing > 0: the fastest of that many runs). */
static void dump_case(Ctx *c, KCase *k, const WasmModule *m, const WasmModule *mr,
                      const char *dir, FILE *manifest, bool first, int timing) {
  char path[512];
  const Graph *g = &k->g;
  snprintf(path, sizeof path, "%s/%s.wasm", dir, k->name);
  write_file(path, m->bytes, m->len);
  if (mr) { /* the module with relaxed SIMD, when it has some */
    snprintf(path, sizeof path, "%s/%s.relaxed.wasm", dir, k->name);
    write_file(path, mr->bytes, mr->len);
  }
  Tensor *in[8] = {0}, *out[16] = {0};
  for (int j = 0; j < g->n; j++) {
    const GNode *nd = &g->nodes[j];
    if (nd->op != OP_INPUT) continue;
    in[nd->input] = kdata(c, &nd->meta, &k->in[nd->input]);
    snprintf(path, sizeof path, "%s/%s.in%d.bin", dir, k->name, nd->input);
    write_file(path, dwT_data(in[nd->input]),
               (size_t)dwT_numel(in[nd->input]) * dwT_dtype_size[nd->meta.dtype]);
  }
  bool eager_ok = dwG_run_eager(c, g, in, out);
  double ms = 0;
  if (eager_ok && timing > 0) {
    double t[64];
    int n = timing > 64 ? 64 : timing;
    for (int r = 0; r < n; r++) {
      Tensor *o2[16] = {0};
      double t0 = now_ms();
      dwG_run_eager(c, g, in, o2);
      t[r] = now_ms() - t0;
      for (int j = 0; j < g->nout; j++)
        if (o2[j]) dwV_decref_o(c, &o2[j]->h);
    }
    ms = t[0]; /* the fastest run: the least disturbed */
    for (int i = 1; i < n; i++)
      if (t[i] < ms) ms = t[i];
  }
  fprintf(manifest, "%s\n {\"name\": \"%s\", \"wasm\": \"%s.wasm\", "
          "\"scratch\": %zu, \"status\": %d, \"rtol\": %g, \"atol\": %g, "
          "\"exact\": %s, "
          "\"eager_ok\": %s, \"eager_ms\": %.6f, \"nloops\": %d, "
          "\"wasm_size\": %zu, \"code_size\": %zu, ",
          first ? "" : ",", k->name, k->name, m->scratch, k->status, k->rtol,
          k->atol, k->exact ? "true" : "false", eager_ok ? "true" : "false", ms, m->nloops, m->len,
          m->len - m->wat_section);
  if (mr)
    fprintf(manifest, "\"relaxed\": \"%s.relaxed.wasm\", \"relaxed_ops\": %d,", k->name,
            mr->nrelaxed);
  else
    fprintf(manifest, "\"relaxed\": null, \"relaxed_ops\": 0,");
  fprintf(manifest, "\n  \"inputs\": [");
  int ni = 0;
  for (int j = 0; j < g->n; j++) {
    const GNode *nd = &g->nodes[j];
    if (nd->op != OP_INPUT) continue;
    fprintf(manifest, "%s{\"dtype\": \"%s\", \"shape\": ", ni++ ? ", " : "",
            dt_json[nd->meta.dtype]);
    json_shape(manifest, &nd->meta);
    fprintf(manifest, ", \"file\": \"%s.in%d.bin\"}", k->name, nd->input);
  }
  fprintf(manifest, "],\n  \"outputs\": [");
  for (int j = 0; j < g->nout; j++) {
    const TMeta *mt = &g->nodes[g->outputs[j]].meta;
    fprintf(manifest, "%s{\"dtype\": \"%s\", \"shape\": ", j ? ", " : "",
            dt_json[mt->dtype]);
    json_shape(manifest, mt);
    fprintf(manifest, ", \"file\": \"%s.out%d.bin\"}", k->name, j);
    if (eager_ok) {
      Tensor *t = dwT_contiguous(c, out[j]);
      snprintf(path, sizeof path, "%s/%s.out%d.bin", dir, k->name, j);
      write_file(path, dwT_data(t), (size_t)dwT_numel(t) * dwT_dtype_size[mt->dtype]);
      dwV_decref_o(c, &t->h);
    }
  }
  fprintf(manifest, "]}");
  for (int j = 0; j < 16; j++)
    if (out[j]) dwV_decref_o(c, &out[j]->h);
  for (int j = 0; j < 8; j++)
    if (in[j]) dwV_decref_o(c, &in[j]->h);
}

/* The benchmark graphs (tests/bench/kernels_bench.mjs). */
static void build_bench(Ctx *c, KList *L) {
  KB b = knew(L, c, "bench_add_relu_1M");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 1, 1 << 20);
    int y = kin(&b, "y", DT_F32, -1, 1, 1, 1 << 20);
    kout(&b, 1, k1(&b, OP_RELU, k2(&b, OP_ADD, x, y)));
  }
  b = knew(L, c, "bench_fused_chain_3ops_1M");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 2, 1024, 1024);
    int y = kin(&b, "y", DT_F32, -1, 1, 1, 1024);
    kout(&b, 1, k1(&b, OP_TANH, k2(&b, OP_MUL, k2(&b, OP_ADD, x, y),
                                    kconst(&b, DT_F32, 0.5))));
  }
  b = knew(L, c, "bench_softmax_1024x1024");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 1024, 1024);
    int m = kred(&b, OP_AMAX, x, true, 1, -1);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, x, m));
    kout(&b, 1, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, -1)));
    b.k->exact = true;
  }
  /* float32 sums and means in each loop shape (the cascade order) */
  b = knew(L, c, "bench_sum_all_1M");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 1, 1 << 20);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_sum_rows_1024x1024");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 2, 1024, 1024);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 1, 1));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_sum_cols_1024x1024");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 2, 1024, 1024);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 1, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_sum_dim0_65536x16");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 2, 65536, 16);
    kout(&b, 1, kred(&b, OP_SUM, x, false, 1, 0));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_mean_dims02_64x16x1024");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 3, 64, 16, 1024);
    kout(&b, 1, kred(&b, OP_MEAN, x, false, 2, 0, 2));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_mean_dims023_256x64x7x7");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 4, 256, 64, 7, 7);
    kout(&b, 1, kred(&b, OP_MEAN, x, false, 3, 0, 2, 3));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_softmax_dim0_1024x1024");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 1024, 1024);
    int m = kred(&b, OP_AMAX, x, true, 1, 0);
    int e = k1(&b, OP_EXP, k2(&b, OP_SUB, x, m));
    kout(&b, 1, k2(&b, OP_DIV, e, kred(&b, OP_SUM, e, true, 1, 0)));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_layer_norm_1024x1024");
  {
    int x = kin(&b, "x", DT_F32, -5, 5, 2, 1024, 1024);
    int mu = kred(&b, OP_MEAN, x, true, 1, -1);
    int d = k2(&b, OP_SUB, x, mu);
    int var = kred(&b, OP_MEAN, k2(&b, OP_MUL, d, d), true, 1, -1);
    kout(&b, 1, k2(&b, OP_MUL, d, k1(&b, OP_RSQRT, k2(&b, OP_ADD, var,
                                                       kconst(&b, DT_F32, 1e-5)))));
    b.k->exact = true;
  }
  b = knew(L, c, "bench_matmul_bias_relu_256");
  {
    int x = kin(&b, "x", DT_F32, -1, 1, 2, 256, 256);
    int w = kin(&b, "w", DT_F32, -1, 1, 2, 256, 256);
    int bias = kin(&b, "b", DT_F32, -1, 1, 1, 256);
    kout(&b, 1, k1(&b, OP_RELU, k2(&b, OP_ADD, k2(&b, OP_MATMUL, x, w), bias)));
  }
}

/* ---- unit checks of the pieces ---- */

static Graph *small_graph(Graph *g) {
  dwG_init(g);
  TMeta m = {.dtype = DT_F32, .ndim = 1, .shape = {6}};
  int x = dwG_add(g, OP_INPUT, &m, 0, NULL, NULL, 2, 0);
  dwG_set_name(g, x, "x");
  int y = dwG_add(g, OP_SIN, &m, 1, (int32_t[]){x}, NULL, 5, 11);
  dwG_set_outputs(g, 1, (int32_t[]){y});
  return g;
}

static void test_module_shape(Ctx *c) {
  Graph g;
  small_graph(&g);
  WasmModule m;
  FPlan p;
  CHECK(dwF_plan(c, &g, &p), "plan: %s", c->errmsg);
  CHECK(dwW_emit(c, &p, EMIT_NORMAL, "main.py", &m), "emit: %s", c->errmsg);
  dwF_free(&p);
  /* header, then the sections in order: type import function export code
   * custom(name) custom(dynawasm.wat) */
  CHECK(m.len > 8 && !memcmp(m.bytes, "\0asm\1\0\0\0", 8), "magic");
  int order[8], n = 0;
  size_t at = 8;
  while (at < m.len && n < 8) {
    order[n++] = m.bytes[at++];
    uint64_t sz = 0;
    int sh = 0;
    uint8_t byte;
    do {
      byte = m.bytes[at++];
      sz |= (uint64_t)(byte & 0x7f) << sh;
      sh += 7;
    } while (byte & 0x80);
    at += sz;
  }
  CHECK(at == m.len, "sections span the module");
  static const int want[] = {1, 2, 3, 7, 10, 0, 0};
  CHECK(n == 7 && !memcmp(order, want, sizeof want), "section order");
  CHECK(m.wat_section > strlen(m.wat), "text section holds the text");
  CHECK(strstr(m.wat, ";;@ main.py:5:11") != NULL, "location annotation");
  CHECK(strstr(m.wat, "(func $nest0_line_5") != NULL, "nest named by line");
  CHECK(strstr(m.wat, "(import \"env\" \"memory\" (memory 0))") != NULL,
        "memory import");
  CHECK(strstr(m.srcmap, "\"sources\":[\"main.py\"]") != NULL, "srcmap sources");
  CHECK(m.nloops == 1 && m.scratch == 0, "one nest, no scratch");
  CHECK(validate(&m, "module_shape"), "valid");
  dwW_free(&m);
  /* The relu testing mode adds a return of DW_KERR_TESTING. */
  dwG_free(&g);
}

static void test_fusion_dump(Ctx *c) {
  /* The plan of the FX example in the brief: sin stored by the reduction
   * nest that sums it (one loop nest). */
  KList L = {0};
  KB b = knew(&L, c, "example");
  int x = kin(&b, "x", DT_F32, -1, 1, 2, 3, 4);
  int s = k1(&b, OP_SIN, k2(&b, OP_MUL, x, kconst(&b, DT_I64, 2)));
  kout(&b, 2, s, kred(&b, OP_SUM, s, false, 1, 1));
  FPlan p;
  CHECK(dwF_plan(c, &b.k->g, &p), "plan");
  Buf d = {0};
  dwF_dump(&d, &p);
  const char *want =
      "nest 0: reduce, vec inner  # lines 3,4,5\n"
      "  for o0 < 3 | i0 < 4\n"
      "      e0 = x[4*o0 + i0] : f32  [pass 0]\n"
      "      e1 = 2 : f32\n"
      "      e2 = mul(e0, e1) : f32  [pass 0]\n"
      "      e3 = sin(e2) : f32  [pass 0]\n"
      "      e4 = acc0 : f32\n"
      "    acc0 = sum(e3) over inner  [pass 0]\n"
      "    store out1[o0] = e4\n"
      "    store out0[4*o0 + i0] = e3  [pass 0]\n";
  CHECK(d.p && !strcmp(d.p, want), "fused dump:\n%s", d.p ? d.p : "");
  dwB_free(&d);
  dwF_free(&p);
  dwG_free(&b.k->g);
  free(L.v);
}

static int count_str(const char *s, const char *w) {
  int n = 0;
  for (const char *q = s; q && (q = strstr(q, w)) != NULL; q += strlen(w)) n++;
  return n;
}

/* A 2x2 max pooling of relu(x * 2) (4 strided slices of it, maxima):
 * relu is read at 4 different indices, so it is materialised once (one
 * relu in the plan) instead of being recomputed by each window; read at
 * 2 indices, it stays inline (computed per read). */
static void test_fusion_reuse(Ctx *c) {
  for (int windows = 2; windows <= 4; windows += 2) {
    KList L = {0};
    KB b = knew(&L, c, "reuse%d", windows);
    int x = kin(&b, "x", DT_F32, -1, 1, 3, 2, 8, 8);
    int r = k1(&b, OP_RELU, k2(&b, OP_MUL, x, kconst(&b, DT_F32, 2)));
    int m = -1;
    for (int w = 0; w < windows; w++) {
      int s = kslice(&b, kslice(&b, r, 1, w / 2, 8, 2), 2, w % 2, 8, 2);
      m = m < 0 ? s : k2(&b, OP_MAXIMUM, m, s);
    }
    kout(&b, 1, m);
    FPlan p;
    CHECK(dwF_plan(c, &b.k->g, &p), "plan");
    Buf d = {0};
    dwF_dump(&d, &p);
    int want = windows == 4 ? 1 : 2;
    CHECK(d.p && count_str(d.p, "relu(") == want && p.nnest == (windows == 4 ? 2 : 1),
          "%d windows: relu computed %d time(s), nests %d:\n%s", windows, want, p.nnest,
          d.p ? d.p : "");
    dwB_free(&d);
    dwF_free(&p);
    dwG_free(&b.k->g);
    free(L.v);
  }
}

static int run_table(Ctx *c, KList *L, const char *dump_dir, int timing) {
  FILE *manifest = NULL;
  int nrelaxed = 0; /* cases whose module has relaxed SIMD instructions */
  if (dump_dir) {
    char path[512];
    snprintf(path, sizeof path, "%s/manifest.json", dump_dir);
    manifest = fopen(path, "w");
    if (!manifest) {
      fprintf(stderr, "cannot write %s\n", path);
      return 1;
    }
    fputs("[", manifest);
  }
  for (int i = 0; i < L->n; i++) {
    KCase *k = &L->v[i];
    CHECK(!k->bad, "case %s builds", k->name);
    if (k->bad) continue;
    FPlan p;
    bool planned = dwF_plan(c, &k->g, &p);
    CHECK(planned, "%s: plan: %s", k->name, c->errmsg);
    if (!planned) continue;
    CHECK(k->want_nests == 0 || p.nnest == k->want_nests,
          "%s: %d nests, want %d", k->name, p.nnest, k->want_nests);
    int pipes = 0, nanfree = 0, packs = 0;
    for (int j = 0; j < p.nnest; j++) {
      pipes += p.nest[j].pipe;
      packs += p.nest[j].kind == FN_MATMUL && p.nest[j].mm_pack;
      for (int a = 0; a < p.nest[j].nacc; a++) nanfree += p.nest[j].acc[a].nanfree;
    }
    CHECK(k->want_pipe == 0 || (k->want_pipe > 0) == (pipes > 0), "%s: %d nests pipelined, want %s",
          k->name, pipes, k->want_pipe > 0 ? "some" : "none");
    CHECK(k->want_nanfree == 0 || (k->want_nanfree > 0) == (nanfree > 0),
          "%s: %d maxima without a nan mask, want %s", k->name, nanfree,
          k->want_nanfree > 0 ? "some" : "none");
    CHECK(k->want_pack < 0 || packs == k->want_pack, "%s: %d matmuls through packed panels, want %d",
          k->name, packs, k->want_pack);
    WasmModule m, mr;
    bool ok = dwW_emit(c, &p, k->mode, "main.py", &m);
    /* the same plan for an engine with relaxed SIMD: its multiply-adds
     * relaxed where the emitter makes them so, otherwise the same bytes */
    bool okr = ok && dwW_emit(c, &p, (EmitMode)(k->mode | EMIT_RELAXED), "main.py", &mr);
    dwF_free(&p);
    CHECK(ok, "%s: emit: %s", k->name, c->errmsg);
    if (!ok) continue;
    CHECK(okr, "%s: emit with relaxed SIMD: %s", k->name, c->errmsg);
    if (!okr) memset(&mr, 0, sizeof mr);
    CHECK(m.nrelaxed == 0, "%s: %d relaxed SIMD instructions without EMIT_RELAXED", k->name,
          m.nrelaxed);
    /* (Debian's wasm-opt 108 predates relaxed SIMD's final opcodes: V8 and
     * Binaryen 132 check those modules in tests/node/kernels.test.mjs) */
    if (okr && mr.nrelaxed) {
      nrelaxed++;
    } else if (okr) {
      CHECK(mr.len == m.len && !memcmp(mr.bytes, m.bytes, m.len),
            "%s: no relaxed SIMD instruction, yet other bytes with EMIT_RELAXED", k->name);
    }
    CHECK(strstr(m.wat, ";;@ main.py:") != NULL, "%s: annotated", k->name);
    CHECK(k->want_nests == 0 || m.ncarries == k->want_carries, "%s: %d carried values, want %d",
          k->name, m.ncarries, k->want_carries);
    CHECK(k->want_jam == 0 || m.maxjam == k->want_jam, "%s: jam %d, want %d", k->name,
          m.maxjam, k->want_jam);
    CHECK(k->want_tiled == 0 || m.coltiled == (k->want_tiled > 0 ? k->want_tiled : 0),
          "%s: %d column sums tiled, want %d", k->name, m.coltiled, k->want_tiled);
    if (!dump_dir) CHECK(validate(&m, k->name), "%s: wasm-opt validates", k->name);
    if (manifest) dump_case(c, k, &m, mr.nrelaxed ? &mr : NULL, dump_dir, manifest, i == 0, timing);
    dwW_free(&m);
    dwW_free(&mr);
  }
  /* softmax's exp and the f32 matmul micro-kernel (and what fuses them) */
  if (!timing)
    CHECK(nrelaxed >= 20, "%d cases with relaxed SIMD instructions, want >= 20", nrelaxed);
  if (manifest) {
    fputs("\n]\n", manifest);
    fclose(manifest);
  }
  return 0;
}

int main(int argc, char **argv) {
  Ctx c;
  memset(&c, 0, sizeof c);
  c.tensor_cap = (size_t)1 << 31;
  KList L = {0};
  int rc = 0;
  if (argc == 3 && !strcmp(argv[1], "--dump")) {
    build_cases(&c, &L);
    rc = run_table(&c, &L, argv[2], 0);
  } else if (argc == 3 && !strcmp(argv[1], "--bench")) {
    build_bench(&c, &L);
    rc = run_table(&c, &L, argv[2], 5);
  } else {
    test_module_shape(&c);
    test_fusion_dump(&c);
    test_fusion_reuse(&c);
    build_cases(&c, &L);
    if (!have_wasm_opt())
      fprintf(stderr, "note: wasm-opt not found, skipping byte validation\n");
    rc = run_table(&c, &L, NULL, 0);
  }
  for (int i = 0; i < L.n; i++) dwG_free(&L.v[i].g);
  free(L.v);
  dwV_free_all(&c);
  if (argc == 1) {
    printf("test_wasm_emit: %d cases, %d checks, %d failed\n", L.n, checks,
           failures);
    printf("%d passed, %d failed\n", checks - failures, failures);
  }
  return rc || failures ? 1 : 0;
}
