/* test_graph.c - the graph IR (graph.c): FX naming, the printed graph,
 * the structural hash, dead-code elimination and eager execution. Graphs
 * are built by hand (kernel_cases.h builders, metas from dwT_meta). */
#include "kernel_cases.h"

#include "unit_check.h"

static char *dump(const Graph *g) {
  Buf b = {0};
  dwG_dump(&b, g, NULL);
  return dwB_take(&b);
}

static void check_dump(const Graph *g, const char *want) {
  char *got = dump(g);
  CHECK(!strcmp(got, want), "dump:\n--- got\n%s\n--- want\n%s", got, want);
  free(got);
}

/* The example of the brief: infix ops, torch.* calls, builtin names get
 * _1, constants inline, a tuple return. */
static void test_dump_example(Ctx *c) {
  KList L = {0};
  KB b = knew(&L, c, "example");
  b.line = 5;
  int x = kin(&b, "x", DT_F32, 0, 1, 1, 3);
  kin(&b, "y", DT_I64, 0, 1, 2, 2, 3);
  int mul = k2(&b, OP_MUL, x, kconst(&b, DT_I64, 2));
  int sin = k1(&b, OP_SIN, mul);
  int s = kred(&b, OP_SUM, sin, false, 1, 0);
  kout(&b, 2, sin, s);
  check_dump(&b.k->g,
             "graph(x: f32[3], y: i64[2, 3]):\n"
             "  mul = x * 2  # line 5\n"
             "  sin = torch.sin(mul)  # line 6\n"
             "  sum_1 = torch.sum(sin, dim=[0])  # line 7\n"
             "  return (sin, sum_1)");
  /* a single output is returned bare; fn_name replaces "graph" */
  dwG_set_outputs(&b.k->g, 1, (int32_t[]){mul});
  Buf o = {0};
  dwG_dump(&o, &b.k->g, "forward");
  CHECK(strstr(o.p, "forward(x: f32[3]") == o.p && strstr(o.p, "  return mul") != NULL,
        "single output: %s", o.p);
  dwB_free(&o);
  dwG_free(&b.k->g);
  free(L.v);
}

/* Every way an op is printed. */
static void test_dump_all_forms(Ctx *c) {
  KList L = {0};
  KB b = knew(&L, c, "forms");
  b.line = 10;
  int x = kin(&b, "x", DT_F32, 0, 1, 2, 2, 3);
  int i = kin(&b, "i", DT_I64, 0, 1, 1, 3);
  int t = kin(&b, "t", DT_BOOL, 0, 1, 2, 2, 3);
  int outs[24], n = 0;
  outs[n++] = k1(&b, OP_NEG, x);                                  /* 10 */
  outs[n++] = k1(&b, OP_NOT, t);                                  /* 11 */
  outs[n++] = k2(&b, OP_FLOORDIV, i, kconst(&b, DT_I64, -3));    /* 12 */
  outs[n++] = k2(&b, OP_POW, x, kconst(&b, DT_F32, 0.5));        /* 13 */
  outs[n++] = k2(&b, OP_LE, kconst(&b, DT_F32, 1e-05), x);       /* 14 */
  outs[n++] = k2(&b, OP_AND, t, kconst(&b, DT_BOOL, 1));         /* 15 */
  outs[n++] = k2(&b, OP_MAXIMUM, x, x);                          /* 16 */
  outs[n++] = kwhere(&b, t, x, kconst(&b, DT_F32, 0.0));         /* 17 */
  outs[n++] = kgelu(&b, x, 1);                                    /* 18 */
  outs[n++] = k1(&b, OP_SILU, x);                                 /* 19 */
  outs[n++] = kclamp(&b, x, 1, -1, 1, 2.5);                       /* 20 */
  outs[n++] = kclamp(&b, i, 0, 0, 1, 4);                          /* 21 */
  outs[n++] = kcast(&b, i, DT_I32);                               /* 22 */
  outs[n++] = kred(&b, OP_MEAN, x, true, 2, 0, -1);               /* 23 */
  outs[n++] = kred(&b, OP_ARGMAX, x, false, 1, 1);                /* 24 */
  outs[n++] = kred(&b, OP_AMAX, x, false, 0);                     /* 25 */
  outs[n++] = kview(&b, OP_RESHAPE, x, 2, 3, -1);                 /* 26 */
  outs[n++] = kview(&b, OP_PERMUTE, x, 2, 1, 0);                  /* 27 */
  outs[n++] = kview(&b, OP_EXPAND, i, 2, 4, -1);                  /* 28 */
  outs[n++] = kslice(&b, x, 1, 0, 3, 2);                          /* 29 */
  outs[n++] = kselect(&b, x, 0, 1);                               /* 30 */
  outs[n++] = kcat(&b, 0, 2, (int32_t[]){x, x});                  /* 31 */
  outs[n++] = kfull(&b, DT_F32, 1.5, 2, 2, 2);                    /* 32 */
  outs[n++] = karange(&b, DT_I64, 0, 2, 4);                       /* 33 */
  dwG_set_outputs(&b.k->g, n, outs);
  int mm = k2(&b, OP_MATMUL, x, kview(&b, OP_PERMUTE, x, 2, 1, 0));
  int cl = k1(&b, OP_CLONE, mm);
  (void)cl;
  /* the ops are named after dw_ops[].name, repeats get _1, builtins too */
  check_dump(&b.k->g,
             "graph(x: f32[2, 3], i: i64[3], t: b8[2, 3]):\n"
             "  neg = -x  # line 10\n"
             "  logical_not = ~t  # line 11\n"
             "  floor_divide = i // -3  # line 12\n"
             "  pow_1 = x ** 0.5  # line 13\n"
             "  le = 1e-05 <= x  # line 14\n"
             "  bitwise_and = t & True  # line 15\n"
             "  maximum = torch.maximum(x, x)  # line 16\n"
             "  where = torch.where(t, x, 0.0)  # line 17\n"
             "  gelu = torch.nn.functional.gelu(x, approximate='tanh')  # line 18\n"
             "  silu = torch.nn.functional.silu(x)  # line 19\n"
             "  clamp = torch.clamp(x, min=-1.0, max=2.5)  # line 20\n"
             "  clamp_1 = torch.clamp(i, max=4)  # line 21\n"
             "  to = i.to(torch.int32)  # line 22\n"
             "  mean = torch.mean(x, dim=[0, -1], keepdim=True)  # line 23\n"
             "  argmax = torch.argmax(x, dim=1)  # line 24\n"
             "  amax = torch.amax(x)  # line 25\n"
             "  reshape = x.reshape(3, -1)  # line 26\n"
             "  permute = x.permute(1, 0)  # line 27\n"
             "  expand = i.expand(4, -1)  # line 28\n"
             "  slice_1 = x[:, 0:3:2]  # line 29\n"
             "  select = x[1]  # line 30\n"
             "  cat = torch.cat([x, x], dim=0)  # line 31\n"
             "  full = torch.full([2, 2], 1.5, dtype=torch.float32)  # line 32\n"
             "  arange = torch.arange(0, 8, 2, dtype=torch.int64)  # line 33\n"
             "  permute_1 = x.permute(1, 0)  # line 34\n"
             "  matmul = x @ permute_1  # line 35\n"
             "  clone = torch.clone(matmul)  # line 36\n"
             "  return (neg, logical_not, floor_divide, pow_1, le, bitwise_and, "
             "maximum, where, gelu, silu, clamp, clamp_1, to, mean, argmax, "
             "amax, reshape, permute, expand, slice_1, select, cat, full, "
             "arange)");
  dwG_free(&b.k->g);
  free(L.v);
}

static void test_names(void) {
  Graph g;
  dwG_init(&g);
  TMeta m = {.dtype = DT_F32, .ndim = 1, .shape = {2}};
  int x = dwG_add(&g, OP_INPUT, &m, 0, NULL, NULL, 1, 0);
  dwG_name(&g);
  CHECK(!strcmp(g.nodes[x].name, "arg0"), "default input name %s", g.nodes[x].name);
  /* names are given lazily, in node order, by dwG_name */
  CHECK(!strcmp(dwG_set_name(&g, x, "add"), "add"), "input asks for add");
  int a = dwG_add(&g, OP_ADD, &m, 2, (int32_t[]){x, x}, NULL, 2, 0);
  int y = dwG_add(&g, OP_INPUT, &m, 0, NULL, NULL, 1, 0);
  dwG_set_name(&g, y, "add_1");
  int z = dwG_add(&g, OP_INPUT, &m, 0, NULL, NULL, 1, 0);
  dwG_set_name(&g, z, "1st-value");
  int w = dwG_add(&g, OP_INPUT, &m, 0, NULL, NULL, 1, 0);
  dwG_set_name(&g, w, "sum");
  dwG_name(&g);
  CHECK(!strcmp(g.nodes[x].name, "add"), "input named add: %s", g.nodes[x].name);
  CHECK(!strcmp(g.nodes[a].name, "add_1"), "op after an input named add: %s",
        g.nodes[a].name);
  CHECK(!strcmp(g.nodes[y].name, "add_2"), "taken name gets a new suffix: %s",
        g.nodes[y].name);
  CHECK(!strcmp(g.nodes[z].name, "_1st_value"), "illegal chars: %s", g.nodes[z].name);
  CHECK(!strcmp(g.nodes[w].name, "sum_1"), "builtin name: %s", g.nodes[w].name);
  CHECK(g.ninputs == 4 && g.nodes[w].input == 3, "input indices");
  CHECK(dwG_add(&g, OP_ADD, &m, 2, (int32_t[]){x, 99}, NULL, 2, 0) < 0,
        "bad input id rejected");
  CHECK(!dwG_set_outputs(&g, 1, (int32_t[]){42}), "bad output id rejected");
  /* many repeats stay unique */
  int last = a;
  for (int k = 0; k < 3000; k++)
    last = dwG_add(&g, OP_ADD, &m, 2, (int32_t[]){last, x}, NULL, 3, 0);
  dwG_name(&g);
  /* FX counts per base: add, add_1, add_2 taken, so the ops continue at 3 */
  CHECK(!strcmp(g.nodes[last].name, "add_3002"), "3000 repeats: %s", g.nodes[last].name);
  dwG_free(&g);
}

static uint64_t hash_of(Ctx *c, double k, int line, Op op, int keep) {
  KList L = {0};
  KB b = knew(&L, c, "h");
  b.line = line;
  int x = kin(&b, "x", DT_F32, 0, 1, 2, 2, 3);
  int y = k2(&b, op, x, kconst(&b, DT_F32, k));
  kout(&b, 1, kred(&b, OP_SUM, y, keep, 1, 1));
  uint64_t h = dwG_hash(&b.k->g);
  dwG_free(&b.k->g);
  free(L.v);
  return h;
}

static void test_hash(Ctx *c) {
  uint64_t h = hash_of(c, 2, 5, OP_MUL, 0);
  CHECK(h == hash_of(c, 2, 5, OP_MUL, 0), "same graph, same hash");
  CHECK(h == hash_of(c, 2, 9, OP_MUL, 0), "source lines are not structure");
  CHECK(h != hash_of(c, 3, 5, OP_MUL, 0), "constant changes the hash");
  CHECK(h != hash_of(c, -0.0 + 2, 5, OP_ADD, 0), "op changes the hash");
  CHECK(h != hash_of(c, 2, 5, OP_MUL, 1), "attribute changes the hash");
  CHECK(hash_of(c, 0.0, 5, OP_MUL, 0) != hash_of(c, -0.0, 5, OP_MUL, 0),
        "the sign of zero is part of a constant");
  /* wiring and outputs */
  KList L = {0};
  KB b = knew(&L, c, "w");
  int x = kin(&b, "x", DT_F32, 0, 1, 1, 3), y = kin(&b, "y", DT_F32, 0, 1, 1, 3);
  int s = k2(&b, OP_SUB, x, y);
  kout(&b, 1, s);
  uint64_t h1 = dwG_hash(&b.k->g);
  b.k->g.nodes[s].in[0] = y;
  b.k->g.nodes[s].in[1] = x;
  CHECK(h1 != dwG_hash(&b.k->g), "wiring changes the hash");
  kout(&b, 2, s, s);
  CHECK(h1 != dwG_hash(&b.k->g), "outputs change the hash");
  dwG_free(&b.k->g);
  free(L.v);
}

static void test_dce(Ctx *c) {
  KList L = {0};
  KB b = knew(&L, c, "dce");
  int x = kin(&b, "x", DT_F32, 0, 1, 1, 4);
  int unused_in = kin(&b, "u", DT_F32, 0, 1, 1, 4);
  int dead = k1(&b, OP_EXP, x);
  k1(&b, OP_LOG, dead); /* dead too */
  int live = k2(&b, OP_ADD, x, kconst(&b, DT_I64, 1));
  int dead_const = kconst(&b, DT_F32, 7);
  (void)dead_const;
  int out = k1(&b, OP_RELU, live);
  kout(&b, 2, out, live);
  int before = b.k->g.n;
  int removed = dwG_dce(&b.k->g);
  CHECK(removed == 3 && b.k->g.n == before - 3, "removed %d of %d", removed, before);
  CHECK(b.k->g.ninputs == 2 && b.k->g.nodes[1].op == OP_INPUT &&
            b.k->g.nodes[unused_in].input == 1,
        "inputs stay (the ABI)");
  check_dump(&b.k->g,
             "graph(x: f32[4], u: f32[4]):\n"
             "  add = x + 1  # line 5\n"
             "  relu = torch.relu(add)  # line 6\n"
             "  return (relu, add)");
  CHECK(dwG_dce(&b.k->g) == 0, "idempotent");
  dwG_free(&b.k->g);
  free(L.v);
}

static void test_run_eager(Ctx *c) {
  KList L = {0};
  KB b = knew(&L, c, "eager");
  int x = kin(&b, "x", DT_F32, 0, 1, 2, 2, 3);
  int y = kin(&b, "y", DT_I64, 0, 1, 1, 3);
  int s = k2(&b, OP_ADD, x, y);                         /* f32 [2, 3] */
  int m = k2(&b, OP_MUL, s, kconst(&b, DT_I64, 2));
  int r = kred(&b, OP_SUM, m, false, 1, 1);
  int t = kview(&b, OP_PERMUTE, m, 2, 1, 0);
  int cnt = kred(&b, OP_SUM, k2(&b, OP_GT, y, kconst(&b, DT_I64, 1)), false, 0);
  kout(&b, 5, r, t, x, cnt, r);
  int64_t s23[2] = {2, 3}, s3[1] = {3};
  Tensor *in[2] = {dwT_new(c, DT_F32, 2, s23), dwT_new(c, DT_I64, 1, s3)};
  for (int k = 0; k < 6; k++) dwT_set(c, in[0], k, k * 0.5);
  for (int k = 0; k < 3; k++) dwT_set(c, in[1], k, k);
  Tensor *out[5] = {0};
  CHECK(dwG_run_eager(c, &b.k->g, in, out), "run: %s", c->errmsg);
  /* m = (x + y) * 2 = [[0, 3, 6], [3, 6, 9]] */
  CHECK(out[0] && dwT_get(out[0], 0) == 9 && dwT_get(out[0], 1) == 18, "row sums");
  CHECK(out[1] && out[1]->shape[0] == 3 && dwT_get(out[1], 1) == 3 &&
            dwT_get(out[1], 5) == 9,
        "permuted view");
  CHECK(out[2] == in[0], "an input returned as an output is the same tensor");
  CHECK(out[3] && out[3]->dtype == DT_I64 && dwT_get_int(out[3], 0) == 1, "count");
  CHECK(out[4] == out[0], "a repeated output is the same tensor");
  for (int k = 0; k < 5; k++)
    if (out[k]) dwV_decref_o(c, &out[k]->h);
  /* errors are values: integer division by zero */
  KB e = knew(&L, c, "err");
  int a = kin(&e, "a", DT_I64, 0, 1, 1, 2);
  kout(&e, 1, k2(&e, OP_FLOORDIV, a, kconst(&e, DT_I64, 0)));
  Tensor *o2[1] = {0};
  CHECK(!dwG_run_eager(c, &e.k->g, &in[1], o2) && o2[0] == NULL, "zero division fails");
  CHECK(!strcmp(c->errmsg, "ZeroDivisionError"), "message %s", c->errmsg);
  dwV_decref_o(c, &in[0]->h);
  dwV_decref_o(c, &in[1]->h);
  CHECK(c->tensor_bytes == 0, "no tensor storage leaked (%zu bytes)", c->tensor_bytes);
  dwG_free(&b.k->g);
  dwG_free(&e.k->g);
  free(L.v);
}

/* Size expressions (SymInts): evaluation with Python's floor division,
 * their text, the hash at other sizes, and eager runs taking them from the
 * inputs' sizes. */
static void sym_name(Buf *b, int sym, const void *ctx) {
  (void)ctx;
  dwB_printf(b, "s%d", sym ? 52 : 97);
}

static void test_size_exprs(Ctx *c) {
  /* (s0 - 2) // 3, -(s1 % 4), and failures */
  int64_t e1[] = {SX_SYM, 0, SX_CONST, 2, SX_SUB, 0, SX_CONST, 3, SX_FLOORDIV, 0};
  int64_t e2[] = {SX_SYM, 1, SX_CONST, 4, SX_MOD, 0, SX_NEG, 0};
  int64_t symv[DW_MAXSYM], v;
  for (int k = 0; k < DW_MAXSYM; k++) symv[k] = -1;
  symv[0] = 1;
  symv[1] = 7;
  CHECK(dwG_sx_eval(e1, 5, symv, &v) && v == -1, "(1 - 2) // 3 floors to -1, got %lld", (long long)v);
  CHECK(dwG_sx_eval(e2, 4, symv, &v) && v == -3, "-(7 %% 4)");
  symv[1] = -1;
  CHECK(!dwG_sx_eval(e2, 4, symv, &v), "a symbol without a size");
  int64_t bad[] = {SX_CONST, 1, SX_CONST, 0, SX_FLOORDIV, 0};
  CHECK(!dwG_sx_eval(bad, 3, symv, &v), "division by zero fails");
  CHECK(!dwG_sx_eval(e1, 4, symv, &v), "a malformed expression fails");
  Buf b = {0};
  dwG_sx_text(&b, e1, 5, sym_name, NULL);
  dwB_puts(&b, "|");
  dwG_sx_text(&b, e2, 4, sym_name, NULL);
  CHECK(b.p && !strcmp(b.p, "(s97 - 2) // 3|-(s52 % 4)"), "text %s", b.p ? b.p : "");
  dwB_free(&b);
  /* x[:s0 - 2] of x: f32[s0]: the same graph at every size, run at the
   * inputs' sizes */
  KList L = {0};
  uint64_t hs[2];
  for (int n = 0; n < 2; n++) {
    KB k = knew(&L, c, "sx");
    int x = kin(&k, "x", DT_F32, 0, 1, 1, 6 + 3 * n);
    k.k->g.nodes[x].sym[0] = 1;
    int sl = kslice(&k, x, 0, 0, 4 + 3 * n, 1);
    int64_t stop[] = {SX_SYM, 0, SX_CONST, 2, SX_SUB, 0};
    CHECK(dwG_set_sx(&k.k->g, sl, 2, stop, 3), "set");
    kout(&k, 1, sl);
    hs[n] = dwG_hash_sizes(&k.k->g);
    if (n) {
      Graph g2;
      CHECK(dwG_clone(&g2, &k.k->g), "clone");
      int64_t s5[1] = {5};
      Tensor *in = dwT_new(c, DT_F32, 1, s5), *out = NULL;
      CHECK(dwG_run_eager(c, &g2, &in, &out), "run: %s", c->errmsg);
      CHECK(out && out->shape[0] == 3, "x[:5 - 2] has 3 elements, got %lld",
            out ? (long long)out->shape[0] : -1LL);
      if (out) dwV_decref_o(c, &out->h);
      dwV_decref_o(c, &in->h);
      dwG_free(&g2);
    }
    dwG_free(&k.k->g);
  }
  CHECK(hs[0] == hs[1], "one graph at sizes 6 and 9");
  free(L.v);
}

/* torch.tensor constants (elements held by the graph: printed, hashed,
 * cloned, run) and random tensors (kept by DCE, drawn in graph order). */
static void test_tensor_and_rand(Ctx *c) {
  Graph g;
  dwG_init(&g);
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.i[0] = 3;
  at.ni = 1;
  at.dtype = DT_F32;
  TMeta m = {.dtype = DT_F32, .ndim = 1, .shape = {3}};
  int t = dwG_add(&g, OP_TENSOR, &m, 0, NULL, &at, 1, 0);
  float data[3] = {1.5f, 2.0f, 0.1f};
  CHECK(!dwG_set_data(&g, t, data, 8), "the byte count must match the meta");
  CHECK(dwG_set_data(&g, t, data, sizeof data), "data set");
  OpAttrs ra = at;
  ra.i[0] = 2;
  ra.flag = RK_RANDN;
  TMeta rm = {.dtype = DT_F32, .ndim = 1, .shape = {2}};
  int r = dwG_add(&g, OP_RAND, &rm, 0, NULL, &ra, 2, 0);
  int32_t outs[1] = {t};
  dwG_set_outputs(&g, 1, outs);
  CHECK(dwG_dce(&g) == 0 && g.nodes[r].op == OP_RAND, "an unread random tensor is still drawn");
  CHECK(dwG_ntensors(&g) == 2, "two kernel arguments after the inputs");
  check_dump(&g, "graph():\n"
                 "  tensor = torch.tensor([1.5, 2.0, 0.1])  # line 1\n"
                 "  randn = torch.randn([2])  # line 2\n"
                 "  return tensor");
  Graph g2;
  CHECK(dwG_clone(&g2, &g) && g2.nodes[t].data != g.nodes[t].data &&
            !memcmp(g2.nodes[t].data, data, sizeof data),
        "a clone holds its own copy of the elements");
  uint64_t h = dwG_hash(&g);
  CHECK(h == dwG_hash(&g2), "same elements, same hash");
  ((float *)g2.nodes[t].data)[1] = 2.5f;
  CHECK(h != dwG_hash(&g2), "other elements, another graph");
  /* run: the tensor's elements; the generator advanced by randn(2) */
  dwT_seed(c, 3);
  Tensor *out[1] = {NULL};
  CHECK(dwG_run_eager(c, &g, NULL, out), "runs");
  Tensor *next = dwT_rand(c, 1, rm.shape, true), *again;
  dwT_seed(c, 3);
  dwV_decref_o(c, &dwT_rand(c, 1, rm.shape, true)->h);
  again = dwT_rand(c, 1, rm.shape, true);
  CHECK(out[0] && dwT_get(out[0], 0) == 1.5 && dwT_get(out[0], 2) == (double)0.1f, "elements");
  CHECK(dwT_get(next, 0) == dwT_get(again, 0) && dwT_get(next, 1) == dwT_get(again, 1),
        "the graph drew randn(2)");
  dwV_decref_o(c, &next->h);
  dwV_decref_o(c, &again->h);
  if (out[0]) dwV_decref_o(c, &out[0]->h);
  dwG_free(&g);
  dwG_free(&g2);
}

int main(void) {
  Ctx c;
  memset(&c, 0, sizeof c);
  c.tensor_cap = (size_t)1 << 30;
  test_dump_example(&c);
  test_dump_all_forms(&c);
  test_names();
  test_hash(&c);
  test_dce(&c);
  test_run_eager(&c);
  test_size_exprs(&c);
  test_tensor_and_rand(&c);
  dwV_free_all(&c);
  printf("test_graph: %d checks, %d failed\n", checks, failures);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
