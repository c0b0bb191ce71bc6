/* wasm.h - the WebAssembly encoder, private to the emitter's files:
 *
 *   wasm_emit.c    loop nests -> function bodies (values, ops, loops,
 *                  reductions, the matmul micro-kernel), dwW_emit
 *   wasm_math.c    the float32 transcendentals of dwmath.h as SIMD code,
 *                  and the scalar helper functions fmodf, powf, sincosf_big
 *   wasm_module.c  the module: sections, names, the source map, the text
 *   wasm_colsum.c  column sums read tile by tile (the full blocks of rows
 *                  of a jammed column sum, levels in scratch)
 *
 * What they share lives here: the instruction table, LEB128, the functions
 * under construction and the emitter's state (Em), and the instruction
 * writers, which put every instruction twice, as binary and as annotated
 * text (`;;@ file:line:col` of the graph node it belongs to). The writers
 * are small and called for every instruction: static inline. */
#ifndef DW_WASM_H
#define DW_WASM_H

#include "fuse.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The instruction table                                               */
/* ------------------------------------------------------------------ */

typedef enum Imm {
  IM_NONE,    /* no immediate */
  IM_BLOCK,   /* block type (always void here) */
  IM_LABEL,   /* branch depth */
  IM_LOCAL,   /* local index */
  IM_FUNC,    /* function index */
  IM_MEM,     /* memarg: alignment (log2) and offset */
  IM_MEMLANE, /* memarg and a lane */
  IM_I32,     /* signed LEB128 */
  IM_I64,     /* signed LEB128 */
  IM_F32,     /* 4 bytes */
  IM_F64,     /* 8 bytes */
  IM_LANE,    /* one lane byte */
  IM_V128,    /* 16 bytes */
  IM_SHUF     /* 16 lane bytes */
} Imm;

/* X(id, text, prefix, code, immediate): prefix 0 for one-byte opcodes,
 * 0xFC (saturating truncations) or 0xFD (SIMD, code as LEB128). */
#define WASM_OPS(X)                                                      \
  X(UNREACHABLE, "unreachable", 0, 0x00, IM_NONE)                        \
  X(BLOCK, "block", 0, 0x02, IM_BLOCK)                                   \
  X(LOOP, "loop", 0, 0x03, IM_BLOCK)                                     \
  X(IF, "if", 0, 0x04, IM_BLOCK)                                         \
  X(ELSE, "else", 0, 0x05, IM_NONE)                                      \
  X(END, "end", 0, 0x0b, IM_NONE)                                        \
  X(BR, "br", 0, 0x0c, IM_LABEL)                                         \
  X(BR_IF, "br_if", 0, 0x0d, IM_LABEL)                                   \
  X(RETURN, "return", 0, 0x0f, IM_NONE)                                  \
  X(CALL, "call", 0, 0x10, IM_FUNC)                                      \
  X(DROP, "drop", 0, 0x1a, IM_NONE)                                      \
  X(SELECT, "select", 0, 0x1b, IM_NONE)                                  \
  X(LOCAL_GET, "local.get", 0, 0x20, IM_LOCAL)                           \
  X(LOCAL_SET, "local.set", 0, 0x21, IM_LOCAL)                           \
  X(LOCAL_TEE, "local.tee", 0, 0x22, IM_LOCAL)                           \
  X(I32_LOAD, "i32.load", 0, 0x28, IM_MEM)                               \
  X(I64_LOAD, "i64.load", 0, 0x29, IM_MEM)                               \
  X(F32_LOAD, "f32.load", 0, 0x2a, IM_MEM)                               \
  X(I32_LOAD8_U, "i32.load8_u", 0, 0x2d, IM_MEM)                         \
  X(I32_STORE, "i32.store", 0, 0x36, IM_MEM)                             \
  X(I64_STORE, "i64.store", 0, 0x37, IM_MEM)                             \
  X(F32_STORE, "f32.store", 0, 0x38, IM_MEM)                             \
  X(I32_STORE8, "i32.store8", 0, 0x3a, IM_MEM)                           \
  X(I32_CONST, "i32.const", 0, 0x41, IM_I32)                             \
  X(I64_CONST, "i64.const", 0, 0x42, IM_I64)                             \
  X(F32_CONST, "f32.const", 0, 0x43, IM_F32)                             \
  X(F64_CONST, "f64.const", 0, 0x44, IM_F64)                             \
  X(I32_EQZ, "i32.eqz", 0, 0x45, IM_NONE)                                \
  X(I32_EQ, "i32.eq", 0, 0x46, IM_NONE)                                  \
  X(I32_NE, "i32.ne", 0, 0x47, IM_NONE)                                  \
  X(I32_LT_S, "i32.lt_s", 0, 0x48, IM_NONE)                              \
  X(I32_LT_U, "i32.lt_u", 0, 0x49, IM_NONE)                              \
  X(I32_GT_S, "i32.gt_s", 0, 0x4a, IM_NONE)                              \
  X(I32_GT_U, "i32.gt_u", 0, 0x4b, IM_NONE)                              \
  X(I32_LE_S, "i32.le_s", 0, 0x4c, IM_NONE)                              \
  X(I32_LE_U, "i32.le_u", 0, 0x4d, IM_NONE)                              \
  X(I32_GE_S, "i32.ge_s", 0, 0x4e, IM_NONE)                              \
  X(I32_GE_U, "i32.ge_u", 0, 0x4f, IM_NONE)                              \
  X(I64_EQZ, "i64.eqz", 0, 0x50, IM_NONE)                                \
  X(I64_EQ, "i64.eq", 0, 0x51, IM_NONE)                                  \
  X(I64_NE, "i64.ne", 0, 0x52, IM_NONE)                                  \
  X(I64_LT_S, "i64.lt_s", 0, 0x53, IM_NONE)                              \
  X(I64_GT_S, "i64.gt_s", 0, 0x55, IM_NONE)                              \
  X(I64_LE_S, "i64.le_s", 0, 0x57, IM_NONE)                              \
  X(I64_GE_S, "i64.ge_s", 0, 0x59, IM_NONE)                              \
  X(I64_GE_U, "i64.ge_u", 0, 0x5a, IM_NONE)                              \
  X(F32_EQ, "f32.eq", 0, 0x5b, IM_NONE)                                  \
  X(F32_NE, "f32.ne", 0, 0x5c, IM_NONE)                                  \
  X(F32_LT, "f32.lt", 0, 0x5d, IM_NONE)                                  \
  X(F32_GT, "f32.gt", 0, 0x5e, IM_NONE)                                  \
  X(F32_LE, "f32.le", 0, 0x5f, IM_NONE)                                  \
  X(F32_GE, "f32.ge", 0, 0x60, IM_NONE)                                  \
  X(F64_EQ, "f64.eq", 0, 0x61, IM_NONE)                                  \
  X(F64_NE, "f64.ne", 0, 0x62, IM_NONE)                                  \
  X(F64_GE, "f64.ge", 0, 0x66, IM_NONE)                                  \
  X(F64_GT, "f64.gt", 0, 0x64, IM_NONE)                                  \
  X(F64_LT, "f64.lt", 0, 0x63, IM_NONE)                                  \
  X(I32_ADD, "i32.add", 0, 0x6a, IM_NONE)                                \
  X(I32_SUB, "i32.sub", 0, 0x6b, IM_NONE)                                \
  X(I32_MUL, "i32.mul", 0, 0x6c, IM_NONE)                                \
  X(I32_DIV_S, "i32.div_s", 0, 0x6d, IM_NONE)                            \
  X(I32_REM_S, "i32.rem_s", 0, 0x6f, IM_NONE)                            \
  X(I32_AND, "i32.and", 0, 0x71, IM_NONE)                                \
  X(I32_OR, "i32.or", 0, 0x72, IM_NONE)                                  \
  X(I32_XOR, "i32.xor", 0, 0x73, IM_NONE)                                \
  X(I32_SHL, "i32.shl", 0, 0x74, IM_NONE)                                \
  X(I32_SHR_S, "i32.shr_s", 0, 0x75, IM_NONE)                            \
  X(I32_SHR_U, "i32.shr_u", 0, 0x76, IM_NONE)                            \
  X(I64_ADD, "i64.add", 0, 0x7c, IM_NONE)                                \
  X(I64_SUB, "i64.sub", 0, 0x7d, IM_NONE)                                \
  X(I64_MUL, "i64.mul", 0, 0x7e, IM_NONE)                                \
  X(I64_DIV_S, "i64.div_s", 0, 0x7f, IM_NONE)                            \
  X(I64_REM_S, "i64.rem_s", 0, 0x81, IM_NONE)                            \
  X(I64_AND, "i64.and", 0, 0x83, IM_NONE)                                \
  X(I64_OR, "i64.or", 0, 0x84, IM_NONE)                                  \
  X(I64_XOR, "i64.xor", 0, 0x85, IM_NONE)                                \
  X(I64_SHL, "i64.shl", 0, 0x86, IM_NONE)                                \
  X(I64_SHR_S, "i64.shr_s", 0, 0x87, IM_NONE)                            \
  X(I64_SHR_U, "i64.shr_u", 0, 0x88, IM_NONE)                            \
  X(F32_ABS, "f32.abs", 0, 0x8b, IM_NONE)                                \
  X(F32_NEG, "f32.neg", 0, 0x8c, IM_NONE)                                \
  X(F32_CEIL, "f32.ceil", 0, 0x8d, IM_NONE)                              \
  X(F32_FLOOR, "f32.floor", 0, 0x8e, IM_NONE)                            \
  X(F32_NEAREST, "f32.nearest", 0, 0x90, IM_NONE)                        \
  X(F32_SQRT, "f32.sqrt", 0, 0x91, IM_NONE)                              \
  X(F32_ADD, "f32.add", 0, 0x92, IM_NONE)                                \
  X(F32_SUB, "f32.sub", 0, 0x93, IM_NONE)                                \
  X(F32_MUL, "f32.mul", 0, 0x94, IM_NONE)                                \
  X(F32_DIV, "f32.div", 0, 0x95, IM_NONE)                                \
  X(F32_MIN, "f32.min", 0, 0x96, IM_NONE)                                \
  X(F32_MAX, "f32.max", 0, 0x97, IM_NONE)                                \
  X(F32_COPYSIGN, "f32.copysign", 0, 0x98, IM_NONE)                      \
  X(F64_FLOOR, "f64.floor", 0, 0x9c, IM_NONE)                            \
  X(F64_NEG, "f64.neg", 0, 0x9a, IM_NONE)                                \
  X(F64_NEAREST, "f64.nearest", 0, 0x9e, IM_NONE)                        \
  X(F64_ADD, "f64.add", 0, 0xa0, IM_NONE)                                \
  X(F64_SUB, "f64.sub", 0, 0xa1, IM_NONE)                                \
  X(F64_MUL, "f64.mul", 0, 0xa2, IM_NONE)                                \
  X(F64_DIV, "f64.div", 0, 0xa3, IM_NONE)                                \
  X(I32_WRAP_I64, "i32.wrap_i64", 0, 0xa7, IM_NONE)                      \
  X(I64_EXTEND_I32_S, "i64.extend_i32_s", 0, 0xac, IM_NONE)              \
  X(I64_EXTEND_I32_U, "i64.extend_i32_u", 0, 0xad, IM_NONE)              \
  X(F32_CONVERT_I32_S, "f32.convert_i32_s", 0, 0xb2, IM_NONE)            \
  X(F32_CONVERT_I64_S, "f32.convert_i64_s", 0, 0xb4, IM_NONE)            \
  X(F32_DEMOTE_F64, "f32.demote_f64", 0, 0xb6, IM_NONE)                  \
  X(F64_CONVERT_I32_S, "f64.convert_i32_s", 0, 0xb7, IM_NONE)            \
  X(F64_CONVERT_I64_S, "f64.convert_i64_s", 0, 0xb9, IM_NONE)            \
  X(F64_PROMOTE_F32, "f64.promote_f32", 0, 0xbb, IM_NONE)                \
  X(I32_REINTERPRET_F32, "i32.reinterpret_f32", 0, 0xbc, IM_NONE)        \
  X(I64_REINTERPRET_F64, "i64.reinterpret_f64", 0, 0xbd, IM_NONE)        \
  X(F64_REINTERPRET_I64, "f64.reinterpret_i64", 0, 0xbf, IM_NONE)        \
  X(I32_TRUNC_SAT_F32_S, "i32.trunc_sat_f32_s", 0xfc, 0, IM_NONE)        \
  X(I32_TRUNC_SAT_F64_S, "i32.trunc_sat_f64_s", 0xfc, 2, IM_NONE)        \
  X(I64_TRUNC_SAT_F32_S, "i64.trunc_sat_f32_s", 0xfc, 4, IM_NONE)        \
  X(I64_TRUNC_SAT_F64_S, "i64.trunc_sat_f64_s", 0xfc, 6, IM_NONE)        \
  X(V128_LOAD, "v128.load", 0xfd, 0x00, IM_MEM)                          \
  X(V128_STORE, "v128.store", 0xfd, 0x0b, IM_MEM)                        \
  X(V128_CONST, "v128.const", 0xfd, 0x0c, IM_V128)                       \
  X(I8X16_SHUFFLE, "i8x16.shuffle", 0xfd, 0x0d, IM_SHUF)                 \
  X(I32X4_SPLAT, "i32x4.splat", 0xfd, 0x11, IM_NONE)                     \
  X(I64X2_SPLAT, "i64x2.splat", 0xfd, 0x12, IM_NONE)                     \
  X(F32X4_SPLAT, "f32x4.splat", 0xfd, 0x13, IM_NONE)                     \
  X(F64X2_SPLAT, "f64x2.splat", 0xfd, 0x14, IM_NONE)                     \
  X(I32X4_EXTRACT_LANE, "i32x4.extract_lane", 0xfd, 0x1b, IM_LANE)       \
  X(I32X4_REPLACE_LANE, "i32x4.replace_lane", 0xfd, 0x1c, IM_LANE)       \
  X(I64X2_EXTRACT_LANE, "i64x2.extract_lane", 0xfd, 0x1d, IM_LANE)       \
  X(I64X2_REPLACE_LANE, "i64x2.replace_lane", 0xfd, 0x1e, IM_LANE)       \
  X(F32X4_EXTRACT_LANE, "f32x4.extract_lane", 0xfd, 0x1f, IM_LANE)       \
  X(F32X4_REPLACE_LANE, "f32x4.replace_lane", 0xfd, 0x20, IM_LANE)       \
  X(I8X16_NE, "i8x16.ne", 0xfd, 0x24, IM_NONE)                           \
  X(I32X4_EQ, "i32x4.eq", 0xfd, 0x37, IM_NONE)                           \
  X(I32X4_NE, "i32x4.ne", 0xfd, 0x38, IM_NONE)                           \
  X(I32X4_LT_S, "i32x4.lt_s", 0xfd, 0x39, IM_NONE)                       \
  X(I32X4_GT_S, "i32x4.gt_s", 0xfd, 0x3b, IM_NONE)                       \
  X(I32X4_LE_S, "i32x4.le_s", 0xfd, 0x3d, IM_NONE)                       \
  X(I32X4_GE_S, "i32x4.ge_s", 0xfd, 0x3f, IM_NONE)                       \
  X(F32X4_EQ, "f32x4.eq", 0xfd, 0x41, IM_NONE)                           \
  X(F32X4_NE, "f32x4.ne", 0xfd, 0x42, IM_NONE)                           \
  X(F32X4_LT, "f32x4.lt", 0xfd, 0x43, IM_NONE)                           \
  X(F32X4_GT, "f32x4.gt", 0xfd, 0x44, IM_NONE)                           \
  X(F32X4_LE, "f32x4.le", 0xfd, 0x45, IM_NONE)                           \
  X(F32X4_GE, "f32x4.ge", 0xfd, 0x46, IM_NONE)                           \
  X(F64X2_NE, "f64x2.ne", 0xfd, 0x48, IM_NONE)                           \
  X(F64X2_GE, "f64x2.ge", 0xfd, 0x4c, IM_NONE)                           \
  X(V128_NOT, "v128.not", 0xfd, 0x4d, IM_NONE)                           \
  X(V128_AND, "v128.and", 0xfd, 0x4e, IM_NONE)                           \
  X(V128_ANY_TRUE, "v128.any_true", 0xfd, 0x53, IM_NONE)                 \
  X(V128_ANDNOT, "v128.andnot", 0xfd, 0x4f, IM_NONE)                     \
  X(V128_OR, "v128.or", 0xfd, 0x50, IM_NONE)                             \
  X(V128_XOR, "v128.xor", 0xfd, 0x51, IM_NONE)                           \
  X(V128_BITSELECT, "v128.bitselect", 0xfd, 0x52, IM_NONE)               \
  X(V128_STORE32_LANE, "v128.store32_lane", 0xfd, 0x5a, IM_MEMLANE)      \
  X(V128_LOAD32_SPLAT, "v128.load32_splat", 0xfd, 0x09, IM_MEM)          \
  X(V128_LOAD32_ZERO, "v128.load32_zero", 0xfd, 0x5c, IM_MEM)            \
  X(F32X4_DEMOTE_F64X2_ZERO, "f32x4.demote_f64x2_zero", 0xfd, 0x5e,      \
    IM_NONE)                                                             \
  X(F64X2_PROMOTE_LOW_F32X4, "f64x2.promote_low_f32x4", 0xfd, 0x5f,      \
    IM_NONE)                                                             \
  X(I8X16_NARROW_I16X8_S, "i8x16.narrow_i16x8_s", 0xfd, 0x65, IM_NONE)   \
  X(F64X2_FLOOR, "f64x2.floor", 0xfd, 0x75, IM_NONE)                     \
  X(I16X8_NARROW_I32X4_S, "i16x8.narrow_i32x4_s", 0xfd, 0x85, IM_NONE)   \
  X(I16X8_EXTEND_LOW_I8X16_S, "i16x8.extend_low_i8x16_s", 0xfd, 0x87,    \
    IM_NONE)                                                             \
  X(F64X2_NEAREST, "f64x2.nearest", 0xfd, 0x94, IM_NONE)                 \
  X(I32X4_ABS, "i32x4.abs", 0xfd, 0xa0, IM_NONE)                         \
  X(I32X4_NEG, "i32x4.neg", 0xfd, 0xa1, IM_NONE)                         \
  X(I32X4_EXTEND_LOW_I16X8_S, "i32x4.extend_low_i16x8_s", 0xfd, 0xa7,    \
    IM_NONE)                                                             \
  X(I32X4_SHL, "i32x4.shl", 0xfd, 0xab, IM_NONE)                         \
  X(I32X4_SHR_S, "i32x4.shr_s", 0xfd, 0xac, IM_NONE)                     \
  X(I32X4_SHR_U, "i32x4.shr_u", 0xfd, 0xad, IM_NONE)                     \
  X(I32X4_ADD, "i32x4.add", 0xfd, 0xae, IM_NONE)                         \
  X(I32X4_SUB, "i32x4.sub", 0xfd, 0xb1, IM_NONE)                         \
  X(I32X4_MUL, "i32x4.mul", 0xfd, 0xb5, IM_NONE)                         \
  X(I32X4_MIN_S, "i32x4.min_s", 0xfd, 0xb6, IM_NONE)                     \
  X(I32X4_MAX_S, "i32x4.max_s", 0xfd, 0xb8, IM_NONE)                     \
  X(I64X2_ABS, "i64x2.abs", 0xfd, 0xc0, IM_NONE)                         \
  X(I64X2_NEG, "i64x2.neg", 0xfd, 0xc1, IM_NONE)                         \
  X(I64X2_EXTEND_LOW_I32X4_S, "i64x2.extend_low_i32x4_s", 0xfd, 0xc7,    \
    IM_NONE)                                                             \
  X(I64X2_EXTEND_HIGH_I32X4_S, "i64x2.extend_high_i32x4_s", 0xfd, 0xc8,  \
    IM_NONE)                                                             \
  X(I64X2_ADD, "i64x2.add", 0xfd, 0xce, IM_NONE)                         \
  X(I64X2_SUB, "i64x2.sub", 0xfd, 0xd1, IM_NONE)                         \
  X(I64X2_MUL, "i64x2.mul", 0xfd, 0xd5, IM_NONE)                         \
  X(I64X2_EQ, "i64x2.eq", 0xfd, 0xd6, IM_NONE)                           \
  X(I64X2_NE, "i64x2.ne", 0xfd, 0xd7, IM_NONE)                           \
  X(I64X2_LT_S, "i64x2.lt_s", 0xfd, 0xd8, IM_NONE)                       \
  X(I64X2_GT_S, "i64x2.gt_s", 0xfd, 0xd9, IM_NONE)                       \
  X(I64X2_LE_S, "i64x2.le_s", 0xfd, 0xda, IM_NONE)                       \
  X(I64X2_GE_S, "i64x2.ge_s", 0xfd, 0xdb, IM_NONE)                       \
  X(F32X4_ABS, "f32x4.abs", 0xfd, 0xe0, IM_NONE)                         \
  X(F32X4_NEG, "f32x4.neg", 0xfd, 0xe1, IM_NONE)                         \
  X(F32X4_CEIL, "f32x4.ceil", 0xfd, 0x67, IM_NONE)                       \
  X(F32X4_FLOOR, "f32x4.floor", 0xfd, 0x68, IM_NONE)                     \
  X(F32X4_NEAREST, "f32x4.nearest", 0xfd, 0x6a, IM_NONE)                 \
  X(F32X4_SQRT, "f32x4.sqrt", 0xfd, 0xe3, IM_NONE)                       \
  X(F32X4_ADD, "f32x4.add", 0xfd, 0xe4, IM_NONE)                         \
  X(F32X4_SUB, "f32x4.sub", 0xfd, 0xe5, IM_NONE)                         \
  X(F32X4_MUL, "f32x4.mul", 0xfd, 0xe6, IM_NONE)                         \
  X(F32X4_DIV, "f32x4.div", 0xfd, 0xe7, IM_NONE)                         \
  X(F32X4_MIN, "f32x4.min", 0xfd, 0xe8, IM_NONE)                         \
  X(F32X4_MAX, "f32x4.max", 0xfd, 0xe9, IM_NONE)                         \
  X(F32X4_PMIN, "f32x4.pmin", 0xfd, 0xea, IM_NONE)                       \
  X(F32X4_PMAX, "f32x4.pmax", 0xfd, 0xeb, IM_NONE)                       \
  X(F64X2_NEG, "f64x2.neg", 0xfd, 0xed, IM_NONE)                         \
  X(F64X2_ADD, "f64x2.add", 0xfd, 0xf0, IM_NONE)                         \
  X(F64X2_SUB, "f64x2.sub", 0xfd, 0xf1, IM_NONE)                         \
  X(F64X2_MUL, "f64x2.mul", 0xfd, 0xf2, IM_NONE)                         \
  X(F64X2_DIV, "f64x2.div", 0xfd, 0xf3, IM_NONE)                         \
  /* float64 (the rest) */                                                 \
  X(F64_LOAD, "f64.load", 0, 0x2b, IM_MEM)                               \
  X(F64_STORE, "f64.store", 0, 0x39, IM_MEM)                             \
  X(F64_LE, "f64.le", 0, 0x65, IM_NONE)                                  \
  X(F64_ABS, "f64.abs", 0, 0x99, IM_NONE)                                \
  X(F64_CEIL, "f64.ceil", 0, 0x9b, IM_NONE)                              \
  X(F64_SQRT, "f64.sqrt", 0, 0x9f, IM_NONE)                              \
  X(F64X2_EXTRACT_LANE, "f64x2.extract_lane", 0xfd, 0x21, IM_LANE)       \
  X(F64X2_REPLACE_LANE, "f64x2.replace_lane", 0xfd, 0x22, IM_LANE)       \
  X(F64X2_EQ, "f64x2.eq", 0xfd, 0x47, IM_NONE)                           \
  X(F64X2_LT, "f64x2.lt", 0xfd, 0x49, IM_NONE)                           \
  X(F64X2_GT, "f64x2.gt", 0xfd, 0x4a, IM_NONE)                           \
  X(F64X2_LE, "f64x2.le", 0xfd, 0x4b, IM_NONE)                           \
  X(F64X2_CEIL, "f64x2.ceil", 0xfd, 0x74, IM_NONE)                       \
  X(F64X2_ABS, "f64x2.abs", 0xfd, 0xec, IM_NONE)                         \
  X(F64X2_SQRT, "f64x2.sqrt", 0xfd, 0xef, IM_NONE)                       \
  X(F64X2_PMIN, "f64x2.pmin", 0xfd, 0xf6, IM_NONE)                       \
  X(F64X2_PMAX, "f64x2.pmax", 0xfd, 0xf7, IM_NONE)                       \
  X(F64X2_CONVERT_LOW_I32X4_S, "f64x2.convert_low_i32x4_s", 0xfd, 0xfe,  \
    IM_NONE)                                                             \
  X(I32X4_TRUNC_SAT_F32X4_S, "i32x4.trunc_sat_f32x4_s", 0xfd, 0xf8,      \
    IM_NONE)                                                             \
  X(F32X4_CONVERT_I32X4_S, "f32x4.convert_i32x4_s", 0xfd, 0xfa, IM_NONE) \
  /* relaxed SIMD (Em.relaxed only) */                                     \
  X(F32X4_RELAXED_MADD, "f32x4.relaxed_madd", 0xfd, 0x105, IM_NONE)      \
  X(F32X4_RELAXED_NMADD, "f32x4.relaxed_nmadd", 0xfd, 0x106, IM_NONE)

typedef enum WOp {
#define X(id, text, prefix, code, imm) W_##id,
  WASM_OPS(X)
#undef X
      W_COUNT
} WOp;

typedef struct WOpInfo {
  const char *text;
  uint8_t prefix;
  uint32_t code;
  Imm imm;
} WOpInfo;

/* The table itself (wasm_module.c). */
extern const WOpInfo dwW_wops[W_COUNT];

/* Value types. */
enum { T_I32 = 0x7f, T_I64 = 0x7e, T_F32 = 0x7d, T_F64 = 0x7c, T_V128 = 0x7b };

/* ------------------------------------------------------------------ */
/* Byte encoding                                                       */
/* ------------------------------------------------------------------ */

static inline void put_u8(Buf *b, uint8_t v) { dwB_putc(b, (char)v); }
static inline void put_uleb(Buf *b, uint64_t v) {
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    if (v) byte |= 0x80;
    put_u8(b, byte);
  } while (v);
}
static inline void put_sleb(Buf *b, int64_t v) {
  for (;;) {
    uint8_t byte = v & 0x7f;
    v >>= 7; /* arithmetic shift (implementation-defined but universal) */
    bool done = (v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40));
    if (!done) byte |= 0x80;
    put_u8(b, byte);
    if (done) break;
  }
}
static inline void put_name(Buf *b, const char *s) {
  put_uleb(b, strlen(s));
  dwB_puts(b, s);
}
/* ------------------------------------------------------------------ */
/* Functions under construction                                        */
/* ------------------------------------------------------------------ */

typedef struct Loc {
  uint32_t off; /* offset in the function's instruction bytes */
  int node;     /* graph node */
} Loc;

typedef struct Fn {
  char name[96];
  int type;        /* index in the type section */
  int nparams;
  uint8_t *lt;     /* types of locals (params first) */
  char **lname;    /* their names */
  int nl, capl;
  Buf bin, txt;    /* instructions */
  Loc *loc;
  int nloc, caploc;
  int depth;       /* text indentation (block nesting) */
  int node;        /* graph node of the instructions being emitted */
  /* v128 constants of the function (kpool): each distinct one is a local
   * set once in front of the body (emit_nest splices that prologue in), so
   * loops read a register instead of rebuilding the constant per use (V8
   * materialises every v128.const where it stands, and neither it nor
   * Binaryen hoists them out of loops) */
  bool pooled;     /* the prologue will be written (nest functions) */
  struct KConst {
    uint32_t q[4];
    int local;
  } *kc;
  int nkc, capkc;
  /* sizes as arguments (Em.sz, WS_SLOTS): the function's local 0 is the
   * args pointer, zb the local holding the size block's address (-1 until
   * a slot is read) and zs the slots read into locals (set in front of the
   * body, see sized_prologue in wasm_emit.c) */
  bool args0;
  int zb;
  struct ZSlot {
    int slot, local;
    uint8_t type;
  } *zs;
  int nzs, capzs;
} Fn;

typedef struct Em Em;

/* Everything the emitter keeps while lowering one plan. */
struct Em {
  Ctx *c;
  const Graph *g;
  const FPlan *p;
  EmitMode mode;
  bool relaxed;    /* EMIT_RELAXED: multiply-adds may be relaxed SIMD */
  int nrelaxed;    /* relaxed instructions emitted (WasmModule.nrelaxed) */
  const char *file;
  bool oom;        /* an allocation failed (or `internal` is set) */
  const char *internal; /* an inconsistency in the plan (a bug) */
  Fn **fns;
  int nfn, capfn;
  Fn *fn;          /* current function */
  /* the nest being emitted */
  const FNest *n;
  int var[F_MAXVARS]; /* loop variable locals (element indices) */
  int vvar;        /* loop variable running 4 lanes in the current body */
  int jam_var;     /* outer variable of a jammed body (see outer_body), -1 */
  int64_t jam_off; /* the copy being emitted: jam_var + jam_off */
  int *ptr;        /* per buffer: local holding its address, -1 */
  struct Val *memo;   /* per expr: value in the current body */
  uint8_t *has;       /* per expr: 0 none, 1 outer value, 2 inner value */
  struct Val *splat;  /* per expr: 4-lane copy of an outer scalar */
  uint8_t *has_splat;
  int lanes_o, lanes_i; /* lanes at the outer / inner level */
  bool in_inner;   /* evaluating inside the inner (reduction) loops */
  int pow_fn, fmod_fn, sincos_fn; /* helper function indices (-1 until
                                     needed) */
  int *tpool;      /* v128 temporaries of the current function, reused */
  int ntpool, captpool;
  int tcur;        /* temporaries in use (released after each op) */
  /* row bases of the innermost loop being emitted (see loop_capture) */
  struct RowBase *rb;
  int nrb, caprb;
  int rb_var;      /* its variable, -1 when not capturing */
  int *hs;         /* exprs whose splat goes in front of that loop */
  int nhs, caphs;
  int64_t *chunk;  /* per nest: rows of the outermost loop per call (0: the
                      nest runs in one call) */
  int args;        /* local of the args pointer (0) */
  /* values of a reduction nest kept from an earlier pass for a later one
   * (see plan_carries in wasm_emit.c) */
  struct Carry {
    int st;        /* the inner store whose target holds the value */
    int ex;        /* the expression kept */
    int pass;      /* the pass that computes and stores it */
  } carry[4];
  int ncarry;
  int ncarries;    /* over all nests (WasmModule.ncarries) */
  int maxjam;      /* widest jam over all nests (WasmModule.maxjam) */
  /* a tiled column sum (wasm_colsum.c): while cs_on, the jammed copies'
   * cascade levels >= 1 are in scratch at local cs_sp0, W columns per slot
   * row from the column in local cs_lo (-1: column 0) */
  bool cs_on;
  int cs_lo, cs_sp0;
  int64_t cs_W;
  size_t cs_scratch; /* scratch bytes the tiled sums and kept panels use,
                        after the plan's */
  int nkeep;         /* matmul operands whose panels are kept (WasmModule) */
  int keep_slot[DW_MAXKEEP];
  size_t keep_off[DW_MAXKEEP];
  int coltiled;    /* tiled column sums emitted (WasmModule.coltiled) */
  /* sizes as arguments (dw.h WSized); NULL: every constant in the code */
  WSized *sz;
  int site;        /* sites emitted so far */
  bool nosite;     /* writing a slot read or a prologue: no sites */
  bool in_prologue;/* slots are read from the size block, not locals */
  uint32_t symext; /* the current nest's WSized.symext */
  /* FNest.pipe (see pipe_* in wasm_emit.c): pass 0 of the next row runs
   * inside pass 1 of this one */
  struct AccSt *pipe_st; /* its accumulators (NULL: no pipeline) */
  struct Val *pipe_m;    /* per accumulator: the result for the current row */
  int pipe_row;          /* local: the next row (the last row: itself) */
  int pipe_last;         /* local: the last row of the loop */
  bool pipe_next;        /* emitting the next row's reads (RowBase.next) */
};

/* wasm_sized.c, sizes as arguments (Em.sz): the constant of wasm type
 * `type` (value bytes val) written as a placeholder (WS_RECORD) or a read
 * of its slot; false: the caller writes it as usual. */
bool dwW_site(Em *E, uint8_t type, const void *val);
/* The same for the offset of memory access op (before its opcode): the
 * offset to encode. */
uint32_t dwW_site_offset(Em *E, int op, uint32_t offset);
/* In front of a function body that reads slots: the size block's address
 * and the scalar slots the body reads (wasm_sized.c). */
void dwW_sized_prologue(Em *E);

static inline bool fn_grow_locals(Em *E, Fn *f) {
  if (f->nl < f->capl) return true;
  int cap = f->capl ? f->capl * 2 : 32;
  uint8_t *lt = realloc(f->lt, (size_t)cap);
  if (!lt) return E->oom = true, false;
  f->lt = lt;
  char **ln = realloc(f->lname, (size_t)cap * sizeof *ln);
  if (!ln) return E->oom = true, false;
  f->lname = ln;
  f->capl = cap;
  return true;
}

/* A new local of type t named <prefix><index>. */
static inline int local_new(Em *E, uint8_t t, const char *prefix) {
  Fn *f = E->fn;
  if (!fn_grow_locals(E, f)) return 0;
  char nm[48];
  snprintf(nm, sizeof nm, "%s%d", prefix, f->nl);
  f->lname[f->nl] = malloc(strlen(nm) + 1);
  if (!f->lname[f->nl]) return E->oom = true, 0;
  strcpy(f->lname[f->nl], nm);
  f->lt[f->nl] = t;
  return f->nl++;
}

static inline Fn *fn_new(Em *E, const char *name, int type, int nparams,
                  const uint8_t *ptypes, const char *const *pnames) {
  Fn *f = calloc(1, sizeof *f);
  if (!f || (E->nfn == E->capfn && (E->capfn = E->capfn ? E->capfn * 2 : 8,
                                    !(E->fns = realloc(E->fns, (size_t)E->capfn *
                                                                  sizeof *E->fns))))) {
    free(f);
    E->oom = true;
    return NULL;
  }
  E->fns[E->nfn++] = f;
  snprintf(f->name, sizeof f->name, "%s", name);
  f->type = type;
  f->nparams = nparams;
  f->node = -1;
  f->zb = -1;
  Fn *saved = E->fn;
  E->fn = f;
  for (int k = 0; k < nparams; k++) {
    int l = local_new(E, ptypes[k], pnames[k]);
    if (!E->oom) strcpy(f->lname[l], pnames[k]);
  }
  E->fn = saved;
  return f;
}

static inline void fn_free(Fn *f) {
  for (int k = 0; k < f->nl; k++) free(f->lname[k]);
  free(f->lname);
  free(f->lt);
  dwB_free(&f->bin);
  dwB_free(&f->txt);
  free(f->loc);
  free(f->kc);
  free(f->zs);
  free(f);
}

/* ------------------------------------------------------------------ */
/* Writing instructions (binary + annotated text)                      */
/* ------------------------------------------------------------------ */

static inline void txt_indent(Fn *f) {
  for (int k = 0; k < f->depth + 2; k++) dwB_putc(&f->txt, ' ');
}

/* Records the location of the next instruction. */
static inline void mark(Em *E) {
  Fn *f = E->fn;
  if (f->node < 0) return;
  const GNode *nd = &E->g->nodes[f->node];
  if (f->nloc == 0 || f->loc[f->nloc - 1].node != f->node) {
    if (!DW_GROW(f->loc, f->caploc, f->nloc, 64)) {
      E->oom = true;
      return;
    }
    f->loc[f->nloc++] = (Loc){(uint32_t)f->bin.len, f->node};
  }
  txt_indent(f);
  dwB_printf(&f->txt, ";;@ %s:%d:%d\n", E->file, nd->line, nd->col);
}

static inline void op_head(Em *E, WOp op) {
  Fn *f = E->fn;
  const WOpInfo *w = &dwW_wops[op];
  if (op == W_END || op == W_ELSE) f->depth--;
  if (op != W_END && op != W_ELSE) mark(E);
  txt_indent(f);
  dwB_puts(&f->txt, w->text);
  if (op == W_BLOCK || op == W_LOOP || op == W_IF || op == W_ELSE) f->depth++;
  if (w->prefix) {
    put_u8(&f->bin, w->prefix);
    put_uleb(&f->bin, w->code);
  } else {
    put_u8(&f->bin, (uint8_t)w->code);
  }
}

static inline void ins(Em *E, WOp op) {
  op_head(E, op);
  if (dwW_wops[op].imm == IM_BLOCK) put_u8(&E->fn->bin, 0x40);
  dwB_putc(&E->fn->txt, '\n');
}

/* Instructions with one integer immediate (local, label, function, lane,
 * i32/i64 constant). */
static inline void ins_i(Em *E, WOp op, int64_t v) {
  Fn *f = E->fn;
  if (E->sz && (op == W_I32_CONST || op == W_I64_CONST)) {
    int32_t v32 = (int32_t)v;
    if (dwW_site(E, op == W_I32_CONST ? T_I32 : T_I64,
                 op == W_I32_CONST ? (const void *)&v32 : (const void *)&v))
      return;
  }
  op_head(E, op);
  switch (dwW_wops[op].imm) {
  case IM_I32:
  case IM_I64: put_sleb(&f->bin, v); break;
  case IM_LANE: put_u8(&f->bin, (uint8_t)v); break;
  default: put_uleb(&f->bin, (uint64_t)v); break;
  }
  if (dwW_wops[op].imm == IM_LOCAL)
    dwB_printf(&f->txt, " $%s\n", f->lname[v]);
  else if (dwW_wops[op].imm == IM_FUNC)
    dwB_printf(&f->txt, " $%s\n", E->fns[v]->name);
  else
    dwB_printf(&f->txt, " %lld\n", (long long)v);
}

static inline int log2i(int v) {
  int k = 0;
  while ((1 << k) < v) k++;
  return k;
}

/* Memory access: alignment in bytes, constant offset. */
static inline void ins_mem(Em *E, WOp op, int align, uint32_t offset) {
  Fn *f = E->fn;
  if (E->sz) offset = dwW_site_offset(E, op, offset);
  op_head(E, op);
  put_uleb(&f->bin, (uint64_t)log2i(align));
  put_uleb(&f->bin, offset);
  if (offset) dwB_printf(&f->txt, " offset=%u", offset);
  dwB_printf(&f->txt, " align=%d\n", align);
}

static inline void ins_memlane(Em *E, WOp op, int align, uint32_t offset, int lane) {
  Fn *f = E->fn;
  if (E->sz) offset = dwW_site_offset(E, op, offset);
  op_head(E, op);
  put_uleb(&f->bin, (uint64_t)log2i(align));
  put_uleb(&f->bin, offset);
  put_u8(&f->bin, (uint8_t)lane);
  if (offset) dwB_printf(&f->txt, " offset=%u", offset);
  dwB_printf(&f->txt, " align=%d %d\n", align, lane);
}

/* A float in wat syntax, exactly. */
static inline void txt_f32(Buf *b, float v) {
  uint32_t u;
  memcpy(&u, &v, 4);
  if (v != v)
    dwB_printf(b, "%snan:0x%x", u >> 31 ? "-" : "", u & 0x7fffff);
  else if (isinf(v))
    dwB_puts(b, v < 0 ? "-inf" : "inf");
  else
    dwB_printf(b, "%a", (double)v);
}
static inline void txt_f64(Buf *b, double v) {
  uint64_t u;
  memcpy(&u, &v, 8);
  if (v != v)
    dwB_printf(b, "%snan:0x%llx", u >> 63 ? "-" : "",
               (unsigned long long)(u & 0xfffffffffffffULL));
  else if (isinf(v))
    dwB_puts(b, v < 0 ? "-inf" : "inf");
  else
    dwB_printf(b, "%a", v);
}

static inline void ins_f32(Em *E, float v) {
  Fn *f = E->fn;
  if (E->sz && dwW_site(E, T_F32, &v)) return;
  op_head(E, W_F32_CONST);
  uint32_t u;
  memcpy(&u, &v, 4);
  for (int k = 0; k < 4; k++) put_u8(&f->bin, (uint8_t)(u >> (8 * k)));
  dwB_putc(&f->txt, ' ');
  txt_f32(&f->txt, v);
  dwB_putc(&f->txt, '\n');
}
static inline void ins_f64(Em *E, double v) {
  Fn *f = E->fn;
  if (E->sz && dwW_site(E, T_F64, &v)) return;
  op_head(E, W_F64_CONST);
  uint64_t u;
  memcpy(&u, &v, 8);
  for (int k = 0; k < 8; k++) put_u8(&f->bin, (uint8_t)(u >> (8 * k)));
  dwB_putc(&f->txt, ' ');
  txt_f64(&f->txt, v);
  dwB_putc(&f->txt, '\n');
}

/* v128.const from four 32-bit lanes. */
static inline void ins_v128(Em *E, const uint32_t lanes[4]) {
  Fn *f = E->fn;
  if (E->sz && dwW_site(E, T_V128, lanes)) return;
  op_head(E, W_V128_CONST);
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 4; j++) put_u8(&f->bin, (uint8_t)(lanes[k] >> (8 * j)));
  dwB_printf(&f->txt, " i32x4 0x%08x 0x%08x 0x%08x 0x%08x\n", lanes[0],
             lanes[1], lanes[2], lanes[3]);
}

static inline void ins_shuffle(Em *E, const uint8_t lanes[16]) {
  Fn *f = E->fn;
  op_head(E, W_I8X16_SHUFFLE);
  for (int k = 0; k < 16; k++) {
    put_u8(&f->bin, lanes[k]);
    dwB_printf(&f->txt, " %d", lanes[k]);
  }
  dwB_putc(&f->txt, '\n');
}

static inline void get(Em *E, int l) { ins_i(E, W_LOCAL_GET, l); }
static inline void set(Em *E, int l) { ins_i(E, W_LOCAL_SET, l); }
static inline void i32c(Em *E, int64_t v) { ins_i(E, W_I32_CONST, (int32_t)v); }
static inline void i64c(Em *E, int64_t v) { ins_i(E, W_I64_CONST, v); }
/* local l (i32) += v */
static inline void local_add(Em *E, int l, int64_t v) {
  get(E, l);
  i32c(E, v);
  ins(E, W_I32_ADD);
  set(E, l);
}

/* ------------------------------------------------------------------ */
/* v128 temporaries and shorthand for the dwmath.h recipes             */
/* ------------------------------------------------------------------ */

/* A v128 temporary: a value used within one op (the steps of the dwmath.h
 * recipes, masks). The ops release them when done (see unop/binop), so
 * a function needs as many as its largest op, not one per step. */
static inline int vtmp(Em *E) {
  if (E->tcur < E->ntpool) return E->tpool[E->tcur++];
  if (!DW_GROW(E->tpool, E->captpool, E->ntpool, 64)) {
    E->oom = true;
    return 0;
  }
  E->tpool[E->ntpool++] = local_new(E, T_V128, "t");
  return E->tpool[E->tcur++];
}


static inline int V1(Em *E, WOp op, int a) {
  int t = vtmp(E);
  get(E, a);
  ins(E, op);
  set(E, t);
  return t;
}
static inline int V2(Em *E, WOp op, int a, int b) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  ins(E, op);
  set(E, t);
  return t;
}
/* dwm_sel(m, a, b): m ? a : b per lane */
static inline int VSEL(Em *E, int m, int a, int b) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  get(E, m);
  ins(E, W_V128_BITSELECT);
  set(E, t);
  return t;
}
static inline int VSHIFT(Em *E, WOp op, int a, int amount) {
  int t = vtmp(E);
  get(E, a);
  i32c(E, amount);
  ins(E, op);
  set(E, t);
  return t;
}
/* Multiply-adds on f32 lanes. With relaxed SIMD (Em.relaxed) a*b + c is
 * f32x4.relaxed_madd and c - a*b f32x4.relaxed_nmadd, which the engine
 * runs fused (rounded once: x86 with FMA3, ARM64) or unfused (rounded
 * twice: the same floats as the mul then the add or sub); without it, the
 * mul then the add or sub (docs/architecture.md "Relaxed SIMD"). */
static inline int relaxed3(Em *E, WOp op, int a, int b, int c) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  get(E, c);
  ins(E, op);
  E->nrelaxed++;
  set(E, t);
  return t;
}
static inline int VMADD(Em *E, int a, int b, int c) {
  if (E->relaxed) return relaxed3(E, W_F32X4_RELAXED_MADD, a, b, c);
  return V2(E, W_F32X4_ADD, V2(E, W_F32X4_MUL, a, b), c);
}
static inline int VNMADD(Em *E, int a, int b, int c) {
  if (E->relaxed) return relaxed3(E, W_F32X4_RELAXED_NMADD, a, b, c);
  return V2(E, W_F32X4_SUB, c, V2(E, W_F32X4_MUL, a, b));
}
/* local acc (f32x4) += a * b as one relaxed_madd; false without relaxed
 * SIMD (the caller multiplies and adds) */
static inline bool madd_into(Em *E, int acc, int a, int b) {
  if (!E->relaxed) return false;
  get(E, a);
  get(E, b);
  get(E, acc);
  ins(E, W_F32X4_RELAXED_MADD);
  E->nrelaxed++;
  set(E, acc);
  return true;
}

/* A local holding the v128 constant q, to be read only: the function's
 * pooled copy (Fn.kc), or a temporary set here in a function without a
 * prologue. */
static inline int kpool(Em *E, const uint32_t q[4]) {
  Fn *f = E->fn;
  if (f->pooled) {
    for (int k = 0; k < f->nkc; k++)
      if (!memcmp(f->kc[k].q, q, sizeof f->kc[k].q)) return f->kc[k].local;
    if (DW_GROW(f->kc, f->capkc, f->nkc, 16)) {
      int l = local_new(E, T_V128, "k");
      memcpy(f->kc[f->nkc].q, q, sizeof f->kc[f->nkc].q);
      f->kc[f->nkc++].local = l;
      return l;
    }
    E->oom = true;
  }
  int t = vtmp(E);
  ins_v128(E, q);
  set(E, t);
  return t;
}
/* The prologue of the pooled constants (at the start of the body). */
static inline void kpool_prologue(Em *E) {
  for (int k = 0; k < E->fn->nkc; k++) {
    ins_v128(E, E->fn->kc[k].q);
    set(E, E->fn->kc[k].local);
  }
}
static inline int VKU(Em *E, uint32_t u) { /* 4 lanes of the bits u */
  uint32_t q[4] = {u, u, u, u};
  return kpool(E, q);
}
static inline int VK(Em *E, float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return VKU(E, u);
}
static inline int VK64(Em *E, double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  uint32_t q[4] = {(uint32_t)u, (uint32_t)(u >> 32), (uint32_t)u,
                   (uint32_t)(u >> 32)};
  return kpool(E, q);
}
static inline int VSHUF(Em *E, int a, int b, const uint8_t lanes[16]) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  ins_shuffle(E, lanes);
  set(E, t);
  return t;
}
/* The end of a loop over local x from local base: x += step, again while
 * x - base < end. */
static inline void loop_close_from(Em *E, int x, int64_t step, int base, int64_t end) {
  get(E, x);
  i32c(E, step);
  ins(E, W_I32_ADD);
  ins_i(E, W_LOCAL_TEE, x);
  get(E, base);
  ins(E, W_I32_SUB);
  i32c(E, end);
  ins(E, W_I32_LT_U);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
}

/* if ((local count) % m == 0) { ... : the caller writes the end. m is a
 * power of two. */
static inline void if_multiple(Em *E, int count, int64_t m) {
  get(E, count);
  i32c(E, m - 1);
  ins(E, W_I32_AND);
  ins(E, W_I32_EQZ);
  ins(E, W_IF);
}

/* ------------------------------------------------------------------ */
/* Across the files                                                    */
/* ------------------------------------------------------------------ */

/* wasm_math.c: the float32 unary ops of dwmath.h on 4 lanes (local x):
 * the local holding the result. */
int dwW_fmath4(Em *E, Op op, int flag, int x);
/* wasm_math.c: the index of the helper function $fmodf / $powf (emitted
 * on first use). */
int dwW_helper_fmod(Em *E);
int dwW_helper_pow(Em *E);
/* wasm_module.c: the module of the functions emitted, into out. */
bool dwW_assemble(Em *E, WasmModule *out);
/* The body of a sort nest (FN_SORT) into the current function, whose
 * buffer addresses are loaded (wasm_sort.c). */
bool dwW_emit_sort(Em *E, const FNest *n);
/* wasm_colsum.c, column sums read tile by tile: in front of the loop of the
 * U jammed copies of a column sum over columns [lo, hiu) (locals; -1: 0 and
 * hiu_c), the full blocks of DW_SUM_BLOCK rows, every column for each
 * slot, into levels >= 1 held in scratch (W columns); true (and Em.cs_on)
 * when it did, false when the nest reads its rows as before. */
struct Val;
/* The columns per call of a chunked nest (wasm_emit.c chunk_rows) that
 * may be such a sum: at least a 4 KB page of float32 per row. */
int64_t dwW_colsum_rows(const FNest *n, int64_t rows);
bool dwW_colsum_blocks(Em *E, int U, int lo, int hiu, int64_t hiu_c, int64_t W);
/* The levels >= 1 of accumulator k of jammed copy u from scratch into its
 * lev[l * DW_SUM_LANES + j] (AccSt.lev), at the start of that copy's
 * remaining rows (Em.cs_on). */
void dwW_colsum_levels(Em *E, int k, int u, struct Val *lev);
/* wasm_emit.c, for wasm_colsum.c: slot j of the block at local blk, the U
 * jammed copies' level-0 accumulators lev0[u * nacc + k] (in scratch mode
 * the levels >= 1 are not touched), their row bases in front. */
void dwW_slot_rows(Em *E, int U, int j, int blk, const struct Val *lev0);

#endif /* DW_WASM_H */
