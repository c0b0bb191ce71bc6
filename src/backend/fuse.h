/* fuse.h - the loop-nest IR between fuse.c (graph -> loop nests) and
 * wasm_emit.c (loop nests -> WebAssembly). The compile pipeline
 * (dynamo/compile.c) hands the plan of one to the other.
 *
 * A Plan is a list of Nests run in order, plus the buffers they read and
 * write. A Nest is one fused loop nest:
 *
 *   for o0 < ext[0] ... for o(nouter-1):           outer loops
 *     [outer exprs ready before any pass]
 *     pass 0: for i0 ... for i(ninner-1):           inner (reduction) loops
 *               inner exprs, accumulator updates, inner stores
 *             accumulators of pass 0 final; outer exprs ready after pass 0
 *     pass 1: ...                                   (e.g. softmax: amax, then
 *                                                    sum(exp(x - m)), then
 *                                                    the stores)
 *     outer stores
 *
 * A pointwise nest has no inner loops and no passes. A matmul nest is
 * C[b.., m, n] = sum_k A[b.., m, k] * B[b.., k, n] with the outer exprs as
 * its epilogue (evaluated on the accumulator registers of the micro-kernel).
 * A sort nest sorts rows of one buffer into another (argsort) and holds no
 * expressions: its input is materialised first, its readers load it.
 *
 * Every index is affine in the loop variables: element index =
 * off + sum_v c[v] * var[v] into a contiguous (row-major) buffer. Views and
 * broadcasts never materialise: they only change these coefficients. Values
 * are an expression DAG (FExpr) per nest, built on demand from the graph
 * and shared (CSE) by node and index map; intermediates that never leave the
 * nest are wasm locals, never memory. */
#ifndef DW_FUSE_H
#define DW_FUSE_H

#include "dw.h"

#define F_MAXVARS 20 /* loop variables of one nest: outer + inner + matmul k */

/* An affine index over the loop variables of one nest. */
typedef struct FAff {
  int64_t off;
  int64_t c[F_MAXVARS];
} FAff;

typedef enum FBufKind {
  FB_INPUT,  /* graph input `slot` (args[slot]) */
  FB_OUTPUT, /* graph output `slot` (args[ninputs + slot]) */
  FB_SCRATCH /* intermediate at byte `offset` of the scratch area
                (args[ninputs + noutputs]) */
} FBufKind;

typedef struct FBuf {
  FBufKind kind;
  int slot;      /* FB_INPUT / FB_OUTPUT: index of the input / output */
  size_t offset; /* FB_SCRATCH: byte offset, 16-byte aligned */
  uint8_t dt;    /* DType of the elements */
  int64_t numel;
  int node;      /* graph node whose value it holds */
} FBuf;

typedef enum FExprKind {
  FE_LOAD,  /* buf[aff] */
  FE_CONST, /* the number `value`, of dtype dt */
  FE_INDEX, /* arange: value = start + step * aff(vars) (attrs of node) */
  FE_OP,    /* graph op `op` on a[0..nin) (already of the compute dtype) */
  FE_CAST,  /* a[0] converted to dt */
  FE_ACC,   /* the final value of accumulator `acc` */
  FE_MM,    /* matmul nest: the product at the current (b.., m, n) */
  FE_GATHER /* buf[aff + a[0] * gstride]: an indexed load (OP_GATHER); the
               index a[0] (int64/int32) must lie in [0, glimit) (negative
               values wrap first for GK_INDEX), else DW_KERR_INDEX */
} FExprKind;

typedef struct FExpr {
  uint8_t kind;   /* FExprKind */
  uint8_t dt;     /* DType of the value */
  uint8_t inner;  /* depends on inner loop variables */
  int8_t pass;    /* inner: the first pass that can compute it; outer: the
                     pass after which it is ready (-1: before any pass) */
  uint16_t op;    /* FE_OP: the Op */
  uint8_t nin;    /* FE_OP / FE_CAST: operands */
  int32_t a[3];   /* operand expr ids (smaller than this one) */
  int buf;        /* FE_LOAD: buffer */
  FAff aff;       /* FE_LOAD / FE_INDEX: element index */
  double value;   /* FE_CONST */
  int acc;        /* FE_ACC: accumulator */
  int64_t gstride;/* FE_GATHER: elements between consecutive index values */
  int64_t glimit; /* FE_GATHER: the size of the gathered dim */
  uint8_t gkind;  /* FE_GATHER: GatherKind */
  int node;       /* graph node (source location, attributes) */
} FExpr;

/* An accumulator of a reduction nest: op over the inner loops. */
typedef struct FAcc {
  uint16_t op; /* OP_SUM, OP_MEAN, OP_PROD, OP_AMAX, OP_AMIN, OP_ARGMAX,
                  OP_ARGMIN */
  uint8_t dt;  /* dtype of the accumulated values (argmax: of the input) */
  uint8_t rdt; /* dtype of the result (argmax: int64) */
  int in;      /* expr accumulated */
  int pass;    /* pass updating it */
  int node;    /* the reduction node */
  bool nanfree; /* float amax whose nans need not be tracked: its result
                   is read only as x - amax(x), and a nan of the row reaches
                   every stored value through a float sum anyway
                   (softmax, log_softmax; see acc_nanfree in fuse.c) */
} FAcc;

/* A store of expr into buf[aff]. */
typedef struct FStore {
  int buf;
  FAff aff;
  int expr;
  int pass; /* -1: outer store (end of the outer body); else inner, pass */
  int node; /* graph node stored (source location) */
} FStore;

typedef enum FNestKind {
  FN_POINTWISE, /* outer loops only */
  FN_REDUCE,    /* outer loops around passes over inner loops */
  FN_MATMUL,    /* register-tiled matmul with the outer exprs as epilogue */
  FN_SORT       /* argsort: a stable merge sort of each row (no exprs; the
                   sort_* fields say what it reads and writes) */
} FNestKind;

typedef enum FVec {
  FV_NONE,  /* scalar loops only */
  FV_OUTER, /* the last outer variable runs 4 lanes (scalar tail) */
  FV_INNER  /* the last inner variable runs 4 lanes (scalar tail; the
               accumulators reduce across lanes at the end of the pass) */
} FVec;

typedef struct FNest {
  FNestKind kind;
  FVec vec;
  int nouter, ninner; /* vars [0, nouter) outer, [nouter, nouter+ninner) */
  int64_t ext[F_MAXVARS];
  int npass;
  bool pipe; /* FV_INNER rows whose pass 0 (amax / amin only) runs for the
                next row inside pass 1 of this row (see nest_pipe in fuse.c) */
  FExpr *ex;
  int nex, capex;
  FAcc *acc;
  int nacc, capacc;
  FStore *st;
  int nst, capst;
  /* FN_MATMUL: vars are batch.., m, n (outer) and k (the one inner var);
   * m or n may have extent 1 for 1-d operands. */
  int mm_node;
  uint8_t mm_dt;
  int mm_a, mm_b; /* buffers of the operands */
  FAff mm_aa, mm_ab; /* their element indices over (b.., m, n, k) */
  bool mm_pack;      /* float32 B whose k is contiguous and n is not
                        (x @ W.T, nn.Linear's layout): read through panels
                        of 8 (or 4) columns packed k-major in scratch; B
                        contiguous along n (M >= 2): the same from 8 rows
                        (wasm_emit.c mm_batch), else read in place */
  size_t mm_pack_off; /* mm_pack: byte offset of the panel (K x 8 floats)
                         in the scratch area */
  /* FN_SORT (mm_node: the argsort node): sort_out[r, :] = the order of
   * sort_in[r, :] for r < sort_rows (contiguous rows of sort_n elements);
   * the merge passes go back and forth between sort_out and sort_n int64
   * of scratch at sort_tmp_off */
  int sort_in, sort_out;
  int64_t sort_rows, sort_n;
  bool sort_desc;
  size_t sort_tmp_off;
} FNest;

typedef struct FPlan {
  const Graph *g;
  FBuf *buf;
  int nbuf, capbuf;
  FNest *nest;
  int nnest, capnest;
  size_t scratch; /* bytes of scratch memory */
  int ninputs, noutputs;
} FPlan;

/* Lowers g to loop nests. false with ctx->err (NotImplementedError naming
 * the op and its line) when something cannot be lowered. */
bool dwF_plan(Ctx *c, const Graph *g, FPlan *p);
/* Why the WebAssembly backend runs g on the eager kernels instead of
 * lowering it (NULL: it lowers g): an op it has no kernel for, the
 * float64 transcendental functions, pow, // and % (*node: the first such
 * node). The graph still runs, op by op, with the eager kernels' values. */
const char *dwF_eager_reason(const Graph *g, int *node);
void dwF_free(FPlan *p);
/* Sets live[] of e and of every expression it depends on (through
 * operands and the inputs of the accumulators it reads). */
void dwF_mark_expr(const FNest *n, int e, uint8_t *live);
/* Whether expression e is x - amax(x) over the nest's inner loops (x the
 * same value: the same expression, or loads of the same element): <= 0 or
 * nan wherever it is evaluated. */
bool dwF_arg_nonpos(const FNest *n, int e);
/* Text form of the nests (tests, debugging, the playground). */
void dwF_dump(Buf *b, const FPlan *p);
/* The compute dtype an FE_OP of graph node `nd` works in (its inputs are
 * converted to it): comparisons compare in the promoted dtype, everything
 * else computes in the result dtype. */
DType dwF_compute_dtype(const Graph *g, const GNode *nd, int operand);

#endif /* DW_FUSE_H */
