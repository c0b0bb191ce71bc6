/* test_print.c - tensor printing against PyTorch's exact strings
 * (default print options), including every tensor line of
 * conformance/eager_tensor_basics.py, and Python float repr. */
#include "tensor_testutil.h"

#include <math.h>

static Ctx C;
static Ctx *c = &C;

static OpAttrs dims(int n, ...) {
  OpAttrs a = {0};
  va_list ap;
  va_start(ap, n);
  for (int k = 0; k < n; k++) a.i[k] = va_arg(ap, int);
  va_end(ap);
  a.ni = n;
  return a;
}

static Tensor *arange(double start, double end, double step, DType dt) {
  OpAttrs a = {0};
  int64_t n;
  if (!dwT_arange_len(c, start, end, step, &n)) return NULL;
  a.i[0] = n;
  a.f[0] = start;
  a.f[1] = step;
  a.dtype = (uint8_t)dt;
  return dwT_op(c, OP_ARANGE, 0, NULL, &a);
}

static Tensor *reshape(Tensor *x, int n, ...) {
  OpAttrs a = {0};
  va_list ap;
  va_start(ap, n);
  for (int k = 0; k < n; k++) a.i[k] = va_arg(ap, int);
  va_end(ap);
  a.ni = n;
  return op1(c, OP_RESHAPE, x, &a);
}

static Tensor *scalar_f(double v) { return dwT_scalar(c, DT_F32, v, true); }

/* Every tensor printed by conformance/eager_tensor_basics.py. */
static void test_eager_basics(void) {
  Tensor *a = MK(c, DT_F32, 2, (2, 3), (1, 2, 3, 4, 5, 6));
  Tensor *b = MK1(c, DT_F32, 3, (10, 20, 30));
  Tensor *t, *u;
  Tensor *two = scalar_f(2), *one = scalar_f(1), *four = scalar_f(4);

  t = op2(c, OP_ADD, a, b);
  CHECK_STR(repr(t), "tensor([[11., 22., 33.],\n        [14., 25., 36.]])");
  drop(c, t);
  u = op2(c, OP_MUL, a, two);
  t = op2(c, OP_SUB, u, one);
  CHECK_STR(repr(t), "tensor([[ 1.,  3.,  5.],\n        [ 7.,  9., 11.]])");
  drop(c, t);
  drop(c, u);
  t = op2(c, OP_DIV, a, four);
  CHECK_STR(repr(t), "tensor([[0.2500, 0.5000, 0.7500],\n"
                     "        [1.0000, 1.2500, 1.5000]])");
  drop(c, t);

  OpAttrs all = {0}, d0 = dims(1, 0), d1k = dims(1, 1);
  d1k.keepdim = 1;
  t = op1(c, OP_SUM, a, &all);
  CHECK_STR(repr(t), "tensor(21.)");
  drop(c, t);
  t = op1(c, OP_SUM, a, &d0);
  CHECK_STR(repr(t), "tensor([5., 7., 9.])");
  drop(c, t);
  t = op1(c, OP_SUM, a, &d1k);
  CHECK_STR(repr(t), "tensor([[ 6.],\n        [15.]])");
  drop(c, t);
  OpAttrs d1 = dims(1, 1);
  t = op1(c, OP_MEAN, a, &d1);
  CHECK_STR(repr(t), "tensor([2., 5.])");
  drop(c, t);
  t = op1(c, OP_AMAX, a, &all);
  CHECK_STR(repr(t), "tensor(6.)");
  drop(c, t);

  OpAttrs perm = dims(2, 1, 0);
  Tensor *at = op1(c, OP_PERMUTE, a, &perm);
  t = op2(c, OP_MATMUL, a, at);
  CHECK_STR(repr(t), "tensor([[14., 32.],\n        [32., 77.]])");
  drop(c, t);
  t = reshape(a, 2, 3, 2);
  CHECK_STR(repr(t), "tensor([[1., 2.],\n        [3., 4.],\n        [5., 6.]])");
  drop(c, t);
  CHECK_STR(repr(at), "tensor([[1., 4.],\n        [2., 5.],\n        [3., 6.]])");
  drop(c, at);

  OpAttrs sel1 = dims(2, 0, 1), sel02 = dims(2, 1, 2), sl = {0};
  t = op1(c, OP_SELECT, a, &sel1);
  CHECK_STR(repr(t), "tensor([4., 5., 6.])");
  drop(c, t);
  u = op1(c, OP_SELECT, a, &(OpAttrs){.i = {0, 0}, .ni = 2});
  t = op1(c, OP_SELECT, u, &(OpAttrs){.i = {0, 2}, .ni = 2});
  CHECK_STR(repr(t), "tensor(3.)");
  drop(c, t);
  drop(c, u);
  (void)sel02;
  sl.i[0] = 1, sl.i[1] = 0, sl.i[2] = INT64_MAX, sl.i[3] = 1, sl.ni = 4;
  u = op1(c, OP_SLICE, a, &sl);
  t = op1(c, OP_SELECT, u, &(OpAttrs){.i = {1, 1}, .ni = 2});
  CHECK_STR(repr(t), "tensor([2., 5.])");
  drop(c, t);
  drop(c, u);

  t = dwT_op(c, OP_FULL, 0, NULL, &(OpAttrs){.i = {2, 3}, .ni = 2, .f = {0}, .dtype = DT_F32});
  CHECK_STR(repr(t), "tensor([[0., 0., 0.],\n        [0., 0., 0.]])");
  drop(c, t);
  t = arange(0, 5, 1, DT_I64);
  CHECK_STR(repr(t), "tensor([0, 1, 2, 3, 4])");
  drop(c, t);
  t = arange(0, 1, 0.25, DT_F32);
  CHECK_STR(repr(t), "tensor([0.0000, 0.2500, 0.5000, 0.7500])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (1e-5, 3.0));
  CHECK_STR(repr(t), "tensor([1.0000e-05, 3.0000e+00])");
  drop(c, t);
  t = MK1(c, DT_BOOL, 2, (1, 0));
  CHECK_STR(repr(t), "tensor([ True, False])");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, 2.5, false);
  CHECK_STR(repr(t), "tensor(2.5000)");
  drop(c, t);

  u = MK1(c, DT_F32, 2, (0, 1));
  t = op1(c, OP_EXP, u, NULL);
  CHECK_STR(repr(t), "tensor([1.0000, 2.7183])");
  drop(c, t);
  drop(c, u);
  u = MK1(c, DT_F32, 2, (4, 2));
  t = op1(c, OP_SQRT, u, NULL);
  CHECK_STR(repr(t), "tensor([2.0000, 1.4142])");
  drop(c, t);
  drop(c, u);

  Tensor *three = scalar_f(3);
  Tensor *mask = op2(c, OP_GT, a, three);
  CHECK_STR(repr(mask), "tensor([[False, False, False],\n        [ True,  True,  True]])");
  Tensor *z = dwT_new(c, DT_F32, 2, SHAPE(2, 3));
  Tensor *w3[3] = {mask, a, z};
  t = dwT_op(c, OP_WHERE, 3, w3, NULL);
  CHECK_STR(repr(t), "tensor([[0., 0., 0.],\n        [4., 5., 6.]])");
  drop(c, t);
  drop(c, z);
  drop(c, mask);
  drop(c, three);

  /* softmax(x, 0) = exp(x - max) / sum(exp(x - max)) */
  u = MK1(c, DT_F32, 3, (1, 2, 3));
  OpAttrs k0 = dims(1, 0);
  k0.keepdim = 1;
  Tensor *mx = op1(c, OP_AMAX, u, &k0);
  Tensor *sh = op2(c, OP_SUB, u, mx);
  Tensor *e = op1(c, OP_EXP, sh, NULL);
  Tensor *s = op1(c, OP_SUM, e, &k0);
  t = op2(c, OP_DIV, e, s);
  CHECK_STR(repr(t), "tensor([0.0900, 0.2447, 0.6652])");
  drop(c, t);
  drop(c, s);
  drop(c, e);
  drop(c, sh);
  drop(c, mx);
  drop(c, u);

  Tensor *bb[2] = {b, b};
  t = dwT_op(c, OP_CAT, 2, bb, &(OpAttrs){.i = {0}, .ni = 1});
  CHECK_STR(repr(t), "tensor([10., 20., 30., 10., 20., 30.])");
  drop(c, t);
  /* stack = unsqueeze + cat */
  u = reshape(b, 2, 1, 3);
  Tensor *uu[2] = {u, u};
  t = dwT_op(c, OP_CAT, 2, uu, &(OpAttrs){.i = {0}, .ni = 1});
  CHECK_STR(repr(t), "tensor([[10., 20., 30.],\n        [10., 20., 30.]])");
  drop(c, t);
  drop(c, u);

  t = arange(0, 2000, 1, DT_F32);
  CHECK_STR(repr(t), "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n"
                     "        1.9990e+03])");
  drop(c, t);
  drop(c, two);
  drop(c, one);
  drop(c, four);
  drop(c, a);
  drop(c, b);
}

static void test_rules(void) {
  Tensor *t;
  /* 0-d tensors of every dtype */
  t = dwT_scalar(c, DT_F32, 3, false);
  CHECK_STR(repr(t), "tensor(3.)");
  drop(c, t);
  t = dwT_scalar(c, DT_I64, 7, false);
  CHECK_STR(repr(t), "tensor(7)");
  drop(c, t);
  t = dwT_scalar(c, DT_BOOL, 1, false);
  CHECK_STR(repr(t), "tensor(True)");
  drop(c, t);
  t = dwT_scalar(c, DT_I32, -7, false);
  CHECK_STR(repr(t), "tensor(-7, dtype=torch.int32)");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, 0, false);
  CHECK_STR(repr(t), "tensor(0.)");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, -0.0, false);
  CHECK_STR(repr(t), "tensor(-0.)");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, 1e-5, false);
  CHECK_STR(repr(t), "tensor(1.0000e-05)");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, 123456789.0, false);
  CHECK_STR(repr(t), "tensor(1.2346e+08)");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, NAN, false);
  CHECK_STR(repr(t), "tensor(nan)");
  drop(c, t);
  t = dwT_scalar(c, DT_F32, -INFINITY, false);
  CHECK_STR(repr(t), "tensor(-inf)");
  drop(c, t);

  /* empty tensors: size suffix unless 1-d, dtype unless float32 */
  t = dwT_new(c, DT_F32, 1, SHAPE(0));
  CHECK_STR(repr(t), "tensor([])");
  drop(c, t);
  t = dwT_new(c, DT_I64, 1, SHAPE(0));
  CHECK_STR(repr(t), "tensor([], dtype=torch.int64)");
  drop(c, t);
  t = dwT_new(c, DT_F32, 2, SHAPE(0, 3));
  CHECK_STR(repr(t), "tensor([], size=(0, 3))");
  drop(c, t);
  t = dwT_new(c, DT_BOOL, 2, SHAPE(2, 0));
  CHECK_STR(repr(t), "tensor([], size=(2, 0), dtype=torch.bool)");
  drop(c, t);

  /* int mode, fixed, scientific; alignment; special values */
  t = MK1(c, DT_F32, 3, (1, INFINITY, NAN));
  CHECK_STR(repr(t), "tensor([1., inf, nan])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (-INFINITY, 2.5));
  CHECK_STR(repr(t), "tensor([  -inf, 2.5000])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (0.5, NAN));
  CHECK_STR(repr(t), "tensor([0.5000,    nan])");
  drop(c, t);
  t = MK1(c, DT_F32, 1, (NAN));
  CHECK_STR(repr(t), "tensor([nan])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (-0.0, 1));
  CHECK_STR(repr(t), "tensor([-0., 1.])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (1e10, 1));
  CHECK_STR(repr(t), "tensor([1.0000e+10, 1.0000e+00])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (0.1, 1000));
  CHECK_STR(repr(t), "tensor([1.0000e-01, 1.0000e+03])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (100, 1));
  CHECK_STR(repr(t), "tensor([100.,   1.])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (1000, 1));
  CHECK_STR(repr(t), "tensor([1000.,    1.])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (1001, 1));
  CHECK_STR(repr(t), "tensor([1.0010e+03, 1.0000e+00])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (0.001, 0.01));
  CHECK_STR(repr(t), "tensor([0.0010, 0.0100])");
  drop(c, t);
  t = MK1(c, DT_F32, 2, (1.5, -2.25));
  CHECK_STR(repr(t), "tensor([ 1.5000, -2.2500])");
  drop(c, t);
  t = MK1(c, DT_F32, 3, (0, 0.00001, 0));
  CHECK_STR(repr(t), "tensor([0.0000e+00, 1.0000e-05, 0.0000e+00])");
  drop(c, t);
  t = MK1(c, DT_I64, 2, (-1, 10));
  CHECK_STR(repr(t), "tensor([-1, 10])");
  drop(c, t);
  t = MK1(c, DT_I64, 2, (1, 1000000));
  CHECK_STR(repr(t), "tensor([      1, 1000000])");
  drop(c, t);
  t = MK1(c, DT_I32, 3, (1, 2, 3));
  CHECK_STR(repr(t), "tensor([1, 2, 3], dtype=torch.int32)");
  drop(c, t);
  t = MK1(c, DT_BOOL, 3, (1, 1, 1));
  CHECK_STR(repr(t), "tensor([True, True, True])");
  drop(c, t);

  /* 3-d: blank line between blocks, one more space per level */
  Tensor *r = arange(0, 8, 1, DT_I64);
  t = reshape(r, 3, 2, 2, 2);
  CHECK_STR(repr(t), "tensor([[[0, 1],\n         [2, 3]],\n\n        [[4, 5],\n         [6, 7]]])");
  drop(c, t);
  drop(c, r);
  r = arange(0, 8, 1, DT_F32);
  t = reshape(r, 4, 1, 2, 2, 2);
  CHECK_STR(repr(t), "tensor([[[[0., 1.],\n          [2., 3.]],\n\n"
                     "         [[4., 5.],\n          [6., 7.]]]])");
  drop(c, t);
  drop(c, r);

  /* wrapping at 80 columns */
  t = arange(0, 30, 1, DT_F32);
  CHECK_STR(repr(t),
            "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
            "        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n"
            "        28., 29.])");
  drop(c, t);
  /* all zeros: _Formatter returns early with max_width 1 (no finite
   * nonzero value), so _vector_str fits (80 - 7) / 3 = 24 per line even
   * though each element prints as "0." */
  t = dwT_new(c, DT_F32, 1, SHAPE(30));
  CHECK_STR(repr(t),
            "tensor([0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.,\n"
            "        0., 0., 0., 0., 0., 0.])");
  drop(c, t);
  /* dtype suffix pushed to its own line past 80 columns */
  t = arange(0, 18, 1, DT_I32);
  CHECK_STR(repr(t),
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17],\n"
            "       dtype=torch.int32)");
  drop(c, t);
  t = arange(0, 30, 1, DT_I32);
  CHECK_STR(repr(t),
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
            "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29], dtype=torch.int32)");
  drop(c, t);

  /* summarisation: more than 1000 elements */
  t = arange(0, 2000, 1, DT_I64);
  CHECK_STR(repr(t), "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])");
  drop(c, t);
  r = arange(0, 10000, 1, DT_I64);
  t = reshape(r, 2, 100, 100);
  CHECK_STR(repr(t),
            "tensor([[   0,    1,    2,  ...,   97,   98,   99],\n"
            "        [ 100,  101,  102,  ...,  197,  198,  199],\n"
            "        [ 200,  201,  202,  ...,  297,  298,  299],\n"
            "        ...,\n"
            "        [9700, 9701, 9702,  ..., 9797, 9798, 9799],\n"
            "        [9800, 9801, 9802,  ..., 9897, 9898, 9899],\n"
            "        [9900, 9901, 9902,  ..., 9997, 9998, 9999]])");
  drop(c, t);
  t = reshape(r, 3, 100, 10, 10);
  CHECK_STR(repr(t),
            "tensor([[[   0,    1,    2,  ...,    7,    8,    9],\n"
            "         [  10,   11,   12,  ...,   17,   18,   19],\n"
            "         [  20,   21,   22,  ...,   27,   28,   29],\n"
            "         ...,\n"
            "         [  70,   71,   72,  ...,   77,   78,   79],\n"
            "         [  80,   81,   82,  ...,   87,   88,   89],\n"
            "         [  90,   91,   92,  ...,   97,   98,   99]],\n"
            "\n"
            "        [[ 100,  101,  102,  ...,  107,  108,  109],\n"
            "         [ 110,  111,  112,  ...,  117,  118,  119],\n"
            "         [ 120,  121,  122,  ...,  127,  128,  129],\n"
            "         ...,\n"
            "         [ 170,  171,  172,  ...,  177,  178,  179],\n"
            "         [ 180,  181,  182,  ...,  187,  188,  189],\n"
            "         [ 190,  191,  192,  ...,  197,  198,  199]],\n"
            "\n"
            "        [[ 200,  201,  202,  ...,  207,  208,  209],\n"
            "         [ 210,  211,  212,  ...,  217,  218,  219],\n"
            "         [ 220,  221,  222,  ...,  227,  228,  229],\n"
            "         ...,\n"
            "         [ 270,  271,  272,  ...,  277,  278,  279],\n"
            "         [ 280,  281,  282,  ...,  287,  288,  289],\n"
            "         [ 290,  291,  292,  ...,  297,  298,  299]],\n"
            "\n"
            "        ...,\n"
            "\n"
            "        [[9700, 9701, 9702,  ..., 9707, 9708, 9709],\n"
            "         [9710, 9711, 9712,  ..., 9717, 9718, 9719],\n"
            "         [9720, 9721, 9722,  ..., 9727, 9728, 9729],\n"
            "         ...,\n"
            "         [9770, 9771, 9772,  ..., 9777, 9778, 9779],\n"
            "         [9780, 9781, 9782,  ..., 9787, 9788, 9789],\n"
            "         [9790, 9791, 9792,  ..., 9797, 9798, 9799]],\n"
            "\n"
            "        [[9800, 9801, 9802,  ..., 9807, 9808, 9809],\n"
            "         [9810, 9811, 9812,  ..., 9817, 9818, 9819],\n"
            "         [9820, 9821, 9822,  ..., 9827, 9828, 9829],\n"
            "         ...,\n"
            "         [9870, 9871, 9872,  ..., 9877, 9878, 9879],\n"
            "         [9880, 9881, 9882,  ..., 9887, 9888, 9889],\n"
            "         [9890, 9891, 9892,  ..., 9897, 9898, 9899]],\n"
            "\n"
            "        [[9900, 9901, 9902,  ..., 9907, 9908, 9909],\n"
            "         [9910, 9911, 9912,  ..., 9917, 9918, 9919],\n"
            "         [9920, 9921, 9922,  ..., 9927, 9928, 9929],\n"
            "         ...,\n"
            "         [9970, 9971, 9972,  ..., 9977, 9978, 9979],\n"
            "         [9980, 9981, 9982,  ..., 9987, 9988, 9989],\n"
            "         [9990, 9991, 9992,  ..., 9997, 9998, 9999]]])");
  drop(c, t);
  drop(c, r);
  /* the formatter only sees the printed elements: 1e9 in the middle does
   * not switch the summarised tensor to scientific */
  t = arange(0, 1001, 1, DT_F32);
  dwT_set(c, t, 500, 1e9);
  CHECK_STR(repr(t), "tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])");
  drop(c, t);
  /* a view prints its own elements */
  r = arange(0, 6, 1, DT_I64);
  Tensor *m = reshape(r, 2, 2, 3);
  t = op1(c, OP_PERMUTE, m, &(OpAttrs){.i = {1, 0}, .ni = 2});
  CHECK_STR(repr(t), "tensor([[0, 3],\n        [1, 4],\n        [2, 5]])");
  drop(c, t);
  drop(c, m);
  drop(c, r);
  /* traced (fake) tensors */
  TMeta fm = {.dtype = DT_I64, .ndim = 2, .shape = {2, 3}};
  t = dwT_fake(c, &fm);
  CHECK_STR(repr(t), "FakeTensor(..., size=(2, 3), dtype=torch.int64)");
  drop(c, t);
}

static const char *ffmt(double v) {
  static char *last;
  free(last);
  Buf b = {0};
  dwB_float(&b, v);
  last = dwB_take(&b);
  return last;
}

static void test_fmt_float(void) {
  CHECK_STR(ffmt(0.1), "0.1");
  CHECK_STR(ffmt(3.0), "3.0");
  CHECK_STR(ffmt(1e-05), "1e-05");
  CHECK_STR(ffmt(1e16), "1e+16");
  CHECK_STR(ffmt(1e15), "1000000000000000.0");
  CHECK_STR(ffmt(INFINITY), "inf");
  CHECK_STR(ffmt(-INFINITY), "-inf");
  CHECK_STR(ffmt(NAN), "nan");
  CHECK_STR(ffmt(-0.0), "-0.0");
  CHECK_STR(ffmt(0.0), "0.0");
  CHECK_STR(ffmt(1.0 / 3.0), "0.3333333333333333");
  CHECK_STR(ffmt(2.0 / 3.0), "0.6666666666666666");
  CHECK_STR(ffmt(123456789.0), "123456789.0");
  CHECK_STR(ffmt(1.5e-7), "1.5e-07");
  CHECK_STR(ffmt(0.0001), "0.0001");
  CHECK_STR(ffmt(0.00012), "0.00012");
  CHECK_STR(ffmt(2.5), "2.5");
  CHECK_STR(ffmt(-1.25), "-1.25");
  CHECK_STR(ffmt(1e100), "1e+100");
  CHECK_STR(ffmt(1.7976931348623157e308), "1.7976931348623157e+308");
  CHECK_STR(ffmt(5e-324), "5e-324");
  CHECK_STR(ffmt(0.1 + 0.2), "0.30000000000000004");
  CHECK_STR(ffmt(1234.5), "1234.5");
  CHECK_STR(ffmt(1.2345e16), "1.2345e+16");
  CHECK_STR(ffmt(100.0), "100.0");
  CHECK_STR(ffmt((double)2.7182817f), "2.7182817459106445");
}

int main(void) {
  test_eager_basics();
  test_rules();
  test_fmt_float();
  CHECK(C.errmsg[0] == 0 || printf("unexpected error: %s\n", C.errmsg));
  dwV_free_all(c);
  CHECK(C.tensor_bytes == 0);
  return finish("test_print");
}
