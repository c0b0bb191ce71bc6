/* tensor_impl.h - private interface between tensor.c (construction, shape
 * inference, views, dispatch) and tensor_kernels.c (the eager kernels).
 * Not included by any other phase: everything public is in dw.h. */
#ifndef DW_TENSOR_IMPL_H
#define DW_TENSOR_IMPL_H

#include "dw.h"

/* A new contiguous tensor of dtype dt holding t's values (t itself, with a
 * new reference, when it already has that dtype). */
Tensor *dwT_cast(Ctx *c, Tensor *t, DType dt);

/* ---- kernels (tensor_kernels.c) ---------------------------------------
 * All write a fresh contiguous `out` whose shape and dtype were set by
 * dwT_meta; inputs may be arbitrary strided views. Inputs arrive already
 * converted to the compute dtype (see dwT_op). false + ctx error on a
 * run-time error (integer division by zero, negative integer powers). */

/* Element-wise unary op (not CAST): out and in have the same dtype, except
 * OP_NOT (any -> bool). */
bool dwT_k_unary(Ctx *c, Op op, Tensor *out, Tensor *in, const OpAttrs *a);
/* Element-wise binary op with broadcasting: a and b have the compute
 * dtype; out has it too, or bool for comparisons. */
bool dwT_k_binary(Ctx *c, Op op, Tensor *out, Tensor *a, Tensor *b);
/* where(cond, x, y): cond bool, x/y of out's dtype, broadcasting. */
bool dwT_k_where(Ctx *c, Tensor *out, Tensor *cond, Tensor *x, Tensor *y);
/* Strided copy with dtype conversion; src broadcasts to dst's shape (the
 * caller checked). Used by CAST, clone, cat, copy_into. */
void dwT_k_copy(Tensor *dst, Tensor *src);
/* Reduction over the dims flagged in `red` (red[d] != 0). out has the
 * reduced shape (keepdim or not: same element order). */
bool dwT_k_reduce(Ctx *c, Op op, Tensor *out, Tensor *in, const uint8_t *red);
/* Batched matmul (dwT_meta has checked and broadcast the shapes). */
bool dwT_k_matmul(Ctx *c, Tensor *out, Tensor *a, Tensor *b);
/* out[p] = src[p with p[dim] = idx[p]] (idx int64/int32, of out's shape);
 * an index out of range is an error worded after `kind` (GatherKind). */
bool dwT_k_gather(Ctx *c, Tensor *out, Tensor *src, Tensor *idx, int dim,
                  int kind);
/* out (int64, in's shape) = the stable sorting order of each row of in's
 * last dim (OP_ARGSORT; nan sorts as the largest value). */
bool dwT_k_argsort(Ctx *c, Tensor *out, Tensor *in, bool desc);
/* The error of index value v out of range for GatherKind kind along dim
 * of size n (ctx->err). */
bool dwT_gather_error(Ctx *c, int kind, int64_t v, int dim, int64_t n);
/* Fills out with a constant / with start + i*step (computed in double). */
void dwT_k_fill(Tensor *out, double v);
void dwT_k_arange(Tensor *out, double start, double step);

#endif /* DW_TENSOR_IMPL_H */
