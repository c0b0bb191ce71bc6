/* wasm_emit.c - loop nests (fuse.c) -> a WebAssembly module with SIMD.
 *
 * Layers, bottom up:
 *   encoder   the instruction table (WASM_OPS), LEB128, one function body
 *             at a time written twice: binary and text (flat instructions,
 *             each preceded by `;;@ file:line:col` of the graph node it
 *             belongs to, so binaryen.parseText keeps the locations through
 *             optimize() into emitText()); a source map over the binary
 *             offsets; the module sections.
 *   values    a value of the loop body is 1 lane (a scalar local) or 4 lanes
 *             (a v128 local; int64 takes two); bools are 0/1 as scalars and
 *             0/-1 lane masks as vectors.
 *   ops       every op of ops.def on every dtype as scalar code; SIMD code
 *             for the common cases; anything else runs lane by lane through
 *             the scalar code. Transcendentals follow dwmath.h step by step
 *             (its 4-lane recipes; a scalar is evaluated as lane 0 of a
 *             splat, which dwmath.h's scalar and vector versions agree on).
 *   nests     loops with a 4-lane body and a scalar tail, passes, reductions,
 *             the register-tiled matmul micro-kernel with its epilogue;
 *             addresses of the innermost loops from row bases computed in
 *             front of them; big nests called in chunks of rows (engines
 *             tier a function up between calls, never inside one).
 *   module    one function per nest (named after its source lines), a
 *             "kernel" export calling them in order, the name section, a
 *             source map over the binary offsets (WasmModule.srcmap), and
 *             the annotated text as the custom section "dynawasm.wat".
 *
 * Locations: Binaryen's JS API cannot read a source map with a binary
 * (readBinary has no such parameter), but binaryen.parseText keeps
 * `;;@ file:line:col` annotations through optimize() into emitText() when
 * every instruction carries one, so the host should parse the text of the
 * "dynawasm.wat" section (tests/node/kernels.test.mjs checks both routes
 * give the same module).
 */
#include "tensor/dwmath.h"
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
  X(F32_FLOOR, "f32.floor", 0, 0x8e, IM_NONE)                            \
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
  X(I32X4_TRUNC_SAT_F32X4_S, "i32x4.trunc_sat_f32x4_s", 0xfd, 0xf8,      \
    IM_NONE)                                                             \
  X(F32X4_CONVERT_I32X4_S, "f32x4.convert_i32x4_s", 0xfd, 0xfa, IM_NONE)

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

static const WOpInfo wops[W_COUNT] = {
#define X(id, text, prefix, code, imm) {text, prefix, code, imm},
    WASM_OPS(X)
#undef X
};

/* Value types. */
enum { T_I32 = 0x7f, T_I64 = 0x7e, T_F32 = 0x7d, T_F64 = 0x7c, T_V128 = 0x7b };

/* ------------------------------------------------------------------ */
/* Byte encoding                                                       */
/* ------------------------------------------------------------------ */

static void put_u8(Buf *b, uint8_t v) { dwB_putc(b, (char)v); }
static void put_uleb(Buf *b, uint64_t v) {
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    if (v) byte |= 0x80;
    put_u8(b, byte);
  } while (v);
}
static void put_sleb(Buf *b, int64_t v) {
  for (;;) {
    uint8_t byte = v & 0x7f;
    v >>= 7; /* arithmetic shift (implementation-defined but universal) */
    bool done = (v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40));
    if (!done) byte |= 0x80;
    put_u8(b, byte);
    if (done) break;
  }
}
static void put_name(Buf *b, const char *s) {
  put_uleb(b, strlen(s));
  dwB_puts(b, s);
}
/* A section: id, size, contents. */
static void put_section(Buf *out, uint8_t id, const Buf *content) {
  put_u8(out, id);
  put_uleb(out, content->len);
  if (content->len) dwB_putn(out, content->p, content->len);
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
} Fn;

typedef struct Em Em;

/* Everything the emitter keeps while lowering one plan. */
struct Em {
  Ctx *c;
  const Graph *g;
  const FPlan *p;
  EmitMode mode;
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
  int64_t *chunk;  /* per nest: rows of the outermost loop per call (0: the
                      nest runs in one call) */
  int args;        /* local of the args pointer (0) */
};

static bool fn_grow_locals(Em *E, Fn *f) {
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
static int local_new(Em *E, uint8_t t, const char *prefix) {
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

static Fn *fn_new(Em *E, const char *name, int type, int nparams,
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
  Fn *saved = E->fn;
  E->fn = f;
  for (int k = 0; k < nparams; k++) {
    int l = local_new(E, ptypes[k], pnames[k]);
    if (!E->oom) strcpy(f->lname[l], pnames[k]);
  }
  E->fn = saved;
  return f;
}

static void fn_free(Fn *f) {
  for (int k = 0; k < f->nl; k++) free(f->lname[k]);
  free(f->lname);
  free(f->lt);
  dwB_free(&f->bin);
  dwB_free(&f->txt);
  free(f->loc);
  free(f);
}

/* ------------------------------------------------------------------ */
/* Writing instructions (binary + annotated text)                      */
/* ------------------------------------------------------------------ */

static void txt_indent(Fn *f) {
  for (int k = 0; k < f->depth + 2; k++) dwB_putc(&f->txt, ' ');
}

/* Records the location of the next instruction. */
static void mark(Em *E) {
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

static void op_head(Em *E, WOp op) {
  Fn *f = E->fn;
  const WOpInfo *w = &wops[op];
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

static void ins(Em *E, WOp op) {
  op_head(E, op);
  if (wops[op].imm == IM_BLOCK) put_u8(&E->fn->bin, 0x40);
  dwB_putc(&E->fn->txt, '\n');
}

/* Instructions with one integer immediate (local, label, function, lane,
 * i32/i64 constant). */
static void ins_i(Em *E, WOp op, int64_t v) {
  Fn *f = E->fn;
  op_head(E, op);
  switch (wops[op].imm) {
  case IM_I32:
  case IM_I64: put_sleb(&f->bin, v); break;
  case IM_LANE: put_u8(&f->bin, (uint8_t)v); break;
  default: put_uleb(&f->bin, (uint64_t)v); break;
  }
  if (wops[op].imm == IM_LOCAL)
    dwB_printf(&f->txt, " $%s\n", f->lname[v]);
  else if (wops[op].imm == IM_FUNC)
    dwB_printf(&f->txt, " $%s\n", E->fns[v]->name);
  else
    dwB_printf(&f->txt, " %lld\n", (long long)v);
}

static int log2i(int v) {
  int k = 0;
  while ((1 << k) < v) k++;
  return k;
}

/* Memory access: alignment in bytes, constant offset. */
static void ins_mem(Em *E, WOp op, int align, uint32_t offset) {
  Fn *f = E->fn;
  op_head(E, op);
  put_uleb(&f->bin, (uint64_t)log2i(align));
  put_uleb(&f->bin, offset);
  if (offset) dwB_printf(&f->txt, " offset=%u", offset);
  dwB_printf(&f->txt, " align=%d\n", align);
}

static void ins_memlane(Em *E, WOp op, int align, uint32_t offset, int lane) {
  Fn *f = E->fn;
  op_head(E, op);
  put_uleb(&f->bin, (uint64_t)log2i(align));
  put_uleb(&f->bin, offset);
  put_u8(&f->bin, (uint8_t)lane);
  if (offset) dwB_printf(&f->txt, " offset=%u", offset);
  dwB_printf(&f->txt, " align=%d %d\n", align, lane);
}

/* A float in wat syntax, exactly. */
static void txt_f32(Buf *b, float v) {
  uint32_t u;
  memcpy(&u, &v, 4);
  if (v != v)
    dwB_printf(b, "%snan:0x%x", u >> 31 ? "-" : "", u & 0x7fffff);
  else if (isinf(v))
    dwB_puts(b, v < 0 ? "-inf" : "inf");
  else
    dwB_printf(b, "%a", (double)v);
}
static void txt_f64(Buf *b, double v) {
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

static void ins_f32(Em *E, float v) {
  Fn *f = E->fn;
  op_head(E, W_F32_CONST);
  uint32_t u;
  memcpy(&u, &v, 4);
  for (int k = 0; k < 4; k++) put_u8(&f->bin, (uint8_t)(u >> (8 * k)));
  dwB_putc(&f->txt, ' ');
  txt_f32(&f->txt, v);
  dwB_putc(&f->txt, '\n');
}
static void ins_f64(Em *E, double v) {
  Fn *f = E->fn;
  op_head(E, W_F64_CONST);
  uint64_t u;
  memcpy(&u, &v, 8);
  for (int k = 0; k < 8; k++) put_u8(&f->bin, (uint8_t)(u >> (8 * k)));
  dwB_putc(&f->txt, ' ');
  txt_f64(&f->txt, v);
  dwB_putc(&f->txt, '\n');
}

/* v128.const from four 32-bit lanes. */
static void ins_v128(Em *E, const uint32_t lanes[4]) {
  Fn *f = E->fn;
  op_head(E, W_V128_CONST);
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 4; j++) put_u8(&f->bin, (uint8_t)(lanes[k] >> (8 * j)));
  dwB_printf(&f->txt, " i32x4 0x%08x 0x%08x 0x%08x 0x%08x\n", lanes[0],
             lanes[1], lanes[2], lanes[3]);
}

static void ins_shuffle(Em *E, const uint8_t lanes[16]) {
  Fn *f = E->fn;
  op_head(E, W_I8X16_SHUFFLE);
  for (int k = 0; k < 16; k++) {
    put_u8(&f->bin, lanes[k]);
    dwB_printf(&f->txt, " %d", lanes[k]);
  }
  dwB_putc(&f->txt, '\n');
}

static void get(Em *E, int l) { ins_i(E, W_LOCAL_GET, l); }
static void set(Em *E, int l) { ins_i(E, W_LOCAL_SET, l); }
static void i32c(Em *E, int64_t v) { ins_i(E, W_I32_CONST, (int32_t)v); }
static void i64c(Em *E, int64_t v) { ins_i(E, W_I64_CONST, v); }

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

/* A value of the loop body: `lanes` (1 or 4) lanes of dtype dt in locals
 * l[0] (and l[1]: lanes 2-3 of a 4-lane int64). Scalars: f32 / i64 / i32
 * (int32 and bool, 0/1); 4 lanes: v128 (bool as 0/-1 masks). */
typedef struct Val {
  uint8_t dt;
  uint8_t lanes;
  int l[2];
} Val;

static uint8_t scalar_type(DType dt) {
  return dt == DT_F32 ? T_F32 : dt == DT_I64 ? T_I64 : T_I32;
}
static int halves(Val v) { return v.lanes == 4 && v.dt == DT_I64 ? 2 : 1; }

static Val vnew(Em *E, DType dt, int lanes) {
  static const char *const pre1[DT_COUNT] = {"f", "l", "i", "b"};
  static const char *const pre4[DT_COUNT] = {"vf", "vl", "vi", "vb"};
  Val v = {(uint8_t)dt, (uint8_t)lanes, {0, 0}};
  uint8_t t = lanes == 4 ? T_V128 : scalar_type(dt);
  const char *pre = lanes == 4 ? pre4[dt] : pre1[dt];
  v.l[0] = local_new(E, t, pre);
  if (halves(v) == 2) v.l[1] = local_new(E, t, pre);
  return v;
}

/* A v128 temporary: a value used within one op (the steps of the dwmath.h
 * recipes, masks). The ops release them when done (see unop/binop), so
 * a function needs as many as its largest op, not one per step. */
static int vtmp(Em *E) {
  if (E->tcur < E->ntpool) return E->tpool[E->tcur++];
  if (!DW_GROW(E->tpool, E->captpool, E->ntpool, 64)) {
    E->oom = true;
    return 0;
  }
  E->tpool[E->ntpool++] = local_new(E, T_V128, "t");
  return E->tpool[E->tcur++];
}

static WOp scalar_load_op(DType dt) {
  return dt == DT_F32 ? W_F32_LOAD : dt == DT_I64 ? W_I64_LOAD
         : dt == DT_I32 ? W_I32_LOAD : W_I32_LOAD8_U;
}
static WOp scalar_store_op(DType dt) {
  return dt == DT_F32 ? W_F32_STORE : dt == DT_I64 ? W_I64_STORE
         : dt == DT_I32 ? W_I32_STORE : W_I32_STORE8;
}
static WOp splat_op(DType dt) {
  return dt == DT_F32 ? W_F32X4_SPLAT : dt == DT_I64 ? W_I64X2_SPLAT
                                                     : W_I32X4_SPLAT;
}

/* Pushes a scalar constant of dtype dt. */
static void push_scalar_const(Em *E, DType dt, double v) {
  switch (dt) {
  case DT_F32: ins_f32(E, (float)v); break;
  case DT_I64: i64c(E, (int64_t)v); break;
  case DT_I32: i32c(E, (int32_t)(int64_t)v); break;
  default: i32c(E, v != 0); break;
  }
}

/* The 32-bit lane pattern of a constant (int64: the low or high half). */
static void const_lanes(DType dt, double v, uint32_t out[4]) {
  uint32_t u = 0;
  if (dt == DT_F32) {
    float f = (float)v;
    memcpy(&u, &f, 4);
  } else if (dt == DT_I32) {
    u = (uint32_t)(int32_t)(int64_t)v;
  } else if (dt == DT_BOOL) {
    u = v != 0 ? 0xffffffffu : 0;
  }
  if (dt == DT_I64) {
    uint64_t q = (uint64_t)(int64_t)v;
    out[0] = out[2] = (uint32_t)q;
    out[1] = out[3] = (uint32_t)(q >> 32);
    return;
  }
  for (int k = 0; k < 4; k++) out[k] = u;
}

static Val vconst(Em *E, DType dt, int lanes, double v) {
  Val r = vnew(E, dt, lanes);
  if (lanes == 1) {
    push_scalar_const(E, dt, v);
    set(E, r.l[0]);
    return r;
  }
  uint32_t q[4];
  const_lanes(dt, v, q);
  for (int h = 0; h < halves(r); h++) {
    ins_v128(E, q);
    set(E, r.l[h]);
  }
  return r;
}

/* Lane k of a 4-lane value as a new scalar. */
static Val lane_get(Em *E, Val v, int k) {
  Val r = vnew(E, (DType)v.dt, 1);
  switch ((DType)v.dt) {
  case DT_F32: get(E, v.l[0]); ins_i(E, W_F32X4_EXTRACT_LANE, k); break;
  case DT_I32: get(E, v.l[0]); ins_i(E, W_I32X4_EXTRACT_LANE, k); break;
  case DT_BOOL:
    get(E, v.l[0]);
    ins_i(E, W_I32X4_EXTRACT_LANE, k);
    i32c(E, 1);
    ins(E, W_I32_AND);
    break;
  default: get(E, v.l[k / 2]); ins_i(E, W_I64X2_EXTRACT_LANE, k % 2); break;
  }
  set(E, r.l[0]);
  return r;
}

/* Writes scalar s into lane k of r (k == 0 (and 2 for int64) first:
 * they initialise the vector by a splat). */
static void lane_put(Em *E, Val r, int k, Val s) {
  DType dt = (DType)r.dt;
  int h = dt == DT_I64 ? k / 2 : 0, lk = dt == DT_I64 ? k % 2 : k;
  bool first = lk == 0;
  if (!first) get(E, r.l[h]);
  if (dt == DT_BOOL) { /* 0/1 -> 0/-1 */
    i32c(E, 0);
    get(E, s.l[0]);
    ins(E, W_I32_SUB);
  } else {
    get(E, s.l[0]);
  }
  if (first)
    ins(E, splat_op(dt));
  else
    ins_i(E, dt == DT_F32 ? W_F32X4_REPLACE_LANE
             : dt == DT_I64 ? W_I64X2_REPLACE_LANE
                            : W_I32X4_REPLACE_LANE,
          lk);
  set(E, r.l[h]);
}

/* 4 lanes holding scalar s. */
static Val splat(Em *E, Val s) {
  Val r = vnew(E, (DType)s.dt, 4);
  for (int h = 0; h < halves(r); h++) {
    if (s.dt == DT_BOOL) {
      i32c(E, 0);
      get(E, s.l[0]);
      ins(E, W_I32_SUB);
    } else {
      get(E, s.l[0]);
    }
    ins(E, splat_op((DType)s.dt));
    set(E, r.l[h]);
  }
  return r;
}

/* Two int64x2 masks (lanes 0-1, 2-3) -> one i32x4 mask. */
static void narrow_i64_mask(Em *E, int lo, int hi, int dst) {
  static const uint8_t sh[16] = {0, 1, 2, 3, 8, 9, 10, 11,
                                 16, 17, 18, 19, 24, 25, 26, 27};
  get(E, lo);
  get(E, hi);
  ins_shuffle(E, sh);
  set(E, dst);
}

/* ------------------------------------------------------------------ */
/* Memory                                                              */
/* ------------------------------------------------------------------ */

/* The address of buffer buf at an affine index without the innermost loop
 * variable, computed once before that loop (loop-invariant hoisting that
 * neither Binaryen nor the engine does reliably). */
typedef struct RowBase {
  int buf;
  FAff base;
  int local;
} RowBase;

/* The local holding the row base of (buf, aff) for the loop being
 * captured. */
static int row_base(Em *E, int buf, const FAff *aff) {
  FAff base = *aff;
  base.c[E->rb_var] = 0;
  for (int k = 0; k < E->nrb; k++)
    if (E->rb[k].buf == buf && !memcmp(&E->rb[k].base, &base, sizeof base))
      return E->rb[k].local;
  if (!DW_GROW(E->rb, E->caprb, E->nrb, 16)) {
    E->oom = true;
    return 0;
  }
  int l = local_new(E, T_I32, "row");
  E->rb[E->nrb++] = (RowBase){buf, base, l};
  return l;
}

/* Pushes the address of element aff (all loop variables at their current
 * values) of buffer buf; returns the constant byte offset left for the
 * memarg (>= 0). */
static uint32_t push_addr(Em *E, int buf, const FAff *aff) {
  const FBuf *b = &E->p->buf[buf];
  int64_t es = (int64_t)dwT_dtype_size[b->dt];
  if (E->rb_var >= 0) { /* row base + the innermost variable's term */
    int v = E->rb_var;
    get(E, row_base(E, buf, aff));
    if (aff->c[v]) {
      get(E, E->var[v]);
      if (aff->c[v] * es != 1) {
        i32c(E, aff->c[v] * es);
        ins(E, W_I32_MUL);
      }
      ins(E, W_I32_ADD);
    }
    return 0;
  }
  get(E, E->ptr[buf]);
  for (int v = 0; v < F_MAXVARS; v++) {
    if (!aff->c[v]) continue;
    get(E, E->var[v]);
    if (aff->c[v] * es != 1) {
      i32c(E, aff->c[v] * es);
      ins(E, W_I32_MUL);
    }
    ins(E, W_I32_ADD);
  }
  int64_t off = aff->off * es;
  if (off < 0 || off > 0x7fffffff) {
    i32c(E, off);
    ins(E, W_I32_ADD);
    return 0;
  }
  return (uint32_t)off;
}

static Val load(Em *E, int buf, const FAff *aff, int lanes) {
  DType dt = (DType)E->p->buf[buf].dt;
  int es = (int)dwT_dtype_size[dt];
  int64_t c = lanes == 4 && E->vvar >= 0 ? aff->c[E->vvar] : 0;
  if (lanes == 1 || c == 0) {
    Val s = vnew(E, dt, 1);
    uint32_t off = push_addr(E, buf, aff);
    ins_mem(E, scalar_load_op(dt), es, off);
    set(E, s.l[0]);
    return lanes == 1 ? s : splat(E, s);
  }
  Val r = vnew(E, dt, 4);
  if (c == 1) {
    uint32_t off = push_addr(E, buf, aff);
    switch (dt) {
    case DT_F32:
    case DT_I32:
      ins_mem(E, W_V128_LOAD, es, off);
      set(E, r.l[0]);
      break;
    case DT_I64: {
      int a = local_new(E, T_I32, "a");
      set(E, a);
      for (int h = 0; h < 2; h++) {
        get(E, a);
        ins_mem(E, W_V128_LOAD, 8, off + 16u * (uint32_t)h);
        set(E, r.l[h]);
      }
      break;
    }
    default: { /* 4 bytes -> 0/-1 lanes */
      static const uint32_t zero[4] = {0, 0, 0, 0};
      ins_mem(E, W_V128_LOAD32_ZERO, 1, off);
      ins_v128(E, zero);
      ins(E, W_I8X16_NE);
      ins(E, W_I16X8_EXTEND_LOW_I8X16_S);
      ins(E, W_I32X4_EXTEND_LOW_I16X8_S);
      set(E, r.l[0]);
      break;
    }
    }
    return r;
  }
  /* gather */
  for (int k = 0; k < 4; k++) {
    Val s = vnew(E, dt, 1);
    uint32_t off = push_addr(E, buf, aff);
    ins_mem(E, scalar_load_op(dt), es, off + (uint32_t)(k * c * es));
    set(E, s.l[0]);
    lane_put(E, r, k, s);
  }
  return r;
}

static void store(Em *E, int buf, const FAff *aff, Val v) {
  DType dt = (DType)E->p->buf[buf].dt;
  int es = (int)dwT_dtype_size[dt];
  int64_t c = v.lanes == 4 && E->vvar >= 0 ? aff->c[E->vvar] : 0;
  if (v.lanes == 1) {
    uint32_t off = push_addr(E, buf, aff);
    get(E, v.l[0]);
    ins_mem(E, scalar_store_op(dt), es, off);
    return;
  }
  if (c == 1) {
    uint32_t off = push_addr(E, buf, aff);
    switch (dt) {
    case DT_F32:
    case DT_I32:
      get(E, v.l[0]);
      ins_mem(E, W_V128_STORE, es, off);
      break;
    case DT_I64: {
      int a = local_new(E, T_I32, "a");
      set(E, a);
      for (int h = 0; h < 2; h++) {
        get(E, a);
        get(E, v.l[h]);
        ins_mem(E, W_V128_STORE, 8, off + 16u * (uint32_t)h);
      }
      break;
    }
    default: { /* masks -> 4 bytes of 0/1 */
      static const uint32_t ones[4] = {0x01010101u, 0x01010101u, 0x01010101u,
                                       0x01010101u};
      int t = vtmp(E);
      get(E, v.l[0]);
      get(E, v.l[0]);
      ins(E, W_I16X8_NARROW_I32X4_S);
      set(E, t);
      get(E, t);
      get(E, t);
      ins(E, W_I8X16_NARROW_I16X8_S);
      ins_v128(E, ones);
      ins(E, W_V128_AND);
      ins_memlane(E, W_V128_STORE32_LANE, 1, off, 0);
      break;
    }
    }
    return;
  }
  /* scatter lane by lane (the last lane wins where they coincide) */
  for (int k = 0; k < 4; k++) {
    Val s = lane_get(E, v, k);
    uint32_t off = push_addr(E, buf, aff);
    get(E, s.l[0]);
    ins_mem(E, scalar_store_op(dt), es, off + (uint32_t)(k * c * es));
  }
}

/* ------------------------------------------------------------------ */
/* v128 shorthand for the dwmath.h recipes                             */
/* ------------------------------------------------------------------ */

static int V1(Em *E, WOp op, int a) {
  int t = vtmp(E);
  get(E, a);
  ins(E, op);
  set(E, t);
  return t;
}
static int V2(Em *E, WOp op, int a, int b) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  ins(E, op);
  set(E, t);
  return t;
}
/* dwm_sel(m, a, b): m ? a : b per lane */
static int VSEL(Em *E, int m, int a, int b) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  get(E, m);
  ins(E, W_V128_BITSELECT);
  set(E, t);
  return t;
}
static int VSHIFT(Em *E, WOp op, int a, int amount) {
  int t = vtmp(E);
  get(E, a);
  i32c(E, amount);
  ins(E, op);
  set(E, t);
  return t;
}
static int VKU(Em *E, uint32_t u) { /* 4 lanes of the bits u */
  uint32_t q[4] = {u, u, u, u};
  int t = vtmp(E);
  ins_v128(E, q);
  set(E, t);
  return t;
}
static int VK(Em *E, float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return VKU(E, u);
}
static int VK64(Em *E, double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  uint32_t q[4] = {(uint32_t)u, (uint32_t)(u >> 32), (uint32_t)u,
                   (uint32_t)(u >> 32)};
  int t = vtmp(E);
  ins_v128(E, q);
  set(E, t);
  return t;
}
static int VSHUF(Em *E, int a, int b, const uint8_t lanes[16]) {
  int t = vtmp(E);
  get(E, a);
  get(E, b);
  ins_shuffle(E, lanes);
  set(E, t);
  return t;
}
#define FADD(a, b) V2(E, W_F32X4_ADD, a, b)
#define FSUB(a, b) V2(E, W_F32X4_SUB, a, b)
#define FMUL(a, b) V2(E, W_F32X4_MUL, a, b)
#define FDIV(a, b) V2(E, W_F32X4_DIV, a, b)
#define DADD(a, b) V2(E, W_F64X2_ADD, a, b)
#define DSUB(a, b) V2(E, W_F64X2_SUB, a, b)
#define DMUL(a, b) V2(E, W_F64X2_MUL, a, b)

/* Horner: p = c[0]; p = p * x + c[k] for k = 1.. (f32 lanes). */
static int horner4(Em *E, int x, const float *c, int n) {
  int p = VK(E, c[0]);
  for (int k = 1; k < n; k++) p = FADD(FMUL(p, x), VK(E, c[k]));
  return p;
}
static int horner2(Em *E, int x, const double *c, int n) { /* f64 lanes */
  int p = VK64(E, c[0]);
  for (int k = 1; k < n; k++) p = DADD(DMUL(p, x), VK64(E, c[k]));
  return p;
}

/* dwm_round4 and dwm_pow2i4 */
static int round4(Em *E, int x) {
  int mg = VK(E, DWM_RND_MAGIC);
  return FSUB(FADD(x, mg), mg);
}
static int pow2i4(Em *E, int n) {
  return VSHIFT(E, W_I32X4_SHL, V2(E, W_I32X4_ADD, n, VKU(E, 127)), 23);
}

/* dw_expf4 */
static int exp4(Em *E, int x) {
  static const float P[5] = {DWM_EXP_P4, DWM_EXP_P3, DWM_EXP_P2, DWM_EXP_P1,
                             DWM_EXP_P0};
  int xc = V2(E, W_F32X4_PMAX, V2(E, W_F32X4_PMIN, x, VK(E, DWM_EXP_HI)),
              VK(E, DWM_EXP_LO));
  int k = round4(E, FMUL(xc, VK(E, DWM_LOG2E)));
  int r = FSUB(FSUB(xc, FMUL(k, VK(E, DWM_EXP_LN2_HI))),
               FMUL(k, VK(E, DWM_EXP_LN2_LO)));
  int p = horner4(E, r, P, 5);
  int er = FADD(VK(E, 1.0f), FADD(r, FMUL(FMUL(r, r), p)));
  int n = V1(E, W_I32X4_TRUNC_SAT_F32X4_S, k);
  int n1 = VSHIFT(E, W_I32X4_SHR_S, n, 1);
  int n2 = V2(E, W_I32X4_SUB, n, n1);
  int res = FMUL(FMUL(er, pow2i4(E, n1)), pow2i4(E, n2));
  res = VSEL(E, V2(E, W_F32X4_GT, x, VK(E, DWM_EXP_HI)), VK(E, INFINITY), res);
  res = VSEL(E, V2(E, W_F32X4_LT, x, VK(E, DWM_EXP_LO)), VK(E, 0.0f), res);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

/* dw_logf4 */
static int log4(Em *E, int x) {
  int sub = V2(E, W_I32X4_LT_S, x, VKU(E, 0x00800000));
  int xs = VSEL(E, sub, FMUL(x, VK(E, 0x1p25f)), x);
  int k = VSEL(E, sub, VKU(E, (uint32_t)-25), VKU(E, 0));
  int ix = V2(E, W_I32X4_ADD, xs, VKU(E, 0x3f800000u - 0x3f3504f3u));
  k = V2(E, W_I32X4_ADD, k,
         V2(E, W_I32X4_SUB, VSHIFT(E, W_I32X4_SHR_U, ix, 23), VKU(E, 127)));
  ix = V2(E, W_I32X4_ADD, V2(E, W_V128_AND, ix, VKU(E, 0x007fffff)),
          VKU(E, 0x3f3504f3));
  int f = FSUB(ix, VK(E, 1.0f));
  int s = FDIV(f, FADD(VK(E, 2.0f), f));
  int z = FMUL(s, s);
  int w = FMUL(z, z);
  int t1 = FMUL(w, FADD(VK(E, DWM_LG2), FMUL(w, VK(E, DWM_LG4))));
  int t2 = FMUL(z, FADD(VK(E, DWM_LG1), FMUL(w, VK(E, DWM_LG3))));
  int R = FADD(t2, t1);
  int hfsq = FMUL(FMUL(VK(E, 0.5f), f), f);
  int dk = V1(E, W_F32X4_CONVERT_I32X4_S, k);
  int res = FADD(FADD(FSUB(FADD(FMUL(s, FADD(hfsq, R)),
                                FMUL(dk, VK(E, DWM_LOG_LN2_LO))),
                           hfsq),
                      f),
                 FMUL(dk, VK(E, DWM_LOG_LN2_HI)));
  res = VSEL(E, V2(E, W_I32X4_GE_S, x, VKU(E, 0x7f800000)), x, res);
  res = VSEL(E, V2(E, W_F32X4_LT, x, VK(E, 0.0f)), VK(E, NAN), res);
  res = VSEL(E, V2(E, W_F32X4_EQ, x, VK(E, 0.0f)), VK(E, -INFINITY), res);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

static int helper_sincos_big(Em *E);

/* dwm_sincos2 (two f64 lanes) */
static int sincos2(Em *E, int xd, bool cosine) {
  static const double S[5] = {DWM_S4, DWM_S3, DWM_S2, DWM_S1, DWM_S0};
  static const double C[5] = {DWM_C4, DWM_C3, DWM_C2, DWM_C1, DWM_C0};
  int n = V1(E, W_F64X2_NEAREST, DMUL(xd, VK64(E, DWM_INV_PIO2)));
  int r = DSUB(DSUB(xd, DMUL(n, VK64(E, DWM_PIO2_1))),
               DMUL(n, VK64(E, DWM_PIO2_2)));
  int nq = cosine ? DADD(n, VK64(E, 1.0)) : n;
  int n4 = DSUB(nq, DMUL(VK64(E, 4.0),
                         V1(E, W_F64X2_FLOOR, DMUL(nq, VK64(E, 0.25)))));
  int h = V1(E, W_F64X2_FLOOR, DMUL(n4, VK64(E, 0.5)));
  int odd = V2(E, W_F64X2_NE, DSUB(n4, DADD(h, h)), VK64(E, 0.0));
  int neg = V2(E, W_F64X2_GE, n4, VK64(E, 2.0));
  int z = DMUL(r, r);
  int s = horner2(E, z, S, 5);
  s = DADD(r, DMUL(DMUL(r, z), s));
  int c = horner2(E, z, C, 5);
  c = DADD(VK64(E, 1.0), DMUL(z, c));
  int v = VSEL(E, odd, c, s);
  return VSEL(E, neg, V1(E, W_F64X2_NEG, v), v);
}

/* dwm_sincos4 */
static int sincos4(Em *E, int x, bool cosine) {
  static const uint8_t hi_lo[16] = {8, 9, 10, 11, 12, 13, 14, 15,
                                    0, 1, 2,  3,  4,  5,  6,  7};
  static const uint8_t join[16] = {0,  1,  2,  3,  4,  5,  6,  7,
                                   16, 17, 18, 19, 20, 21, 22, 23};
  int lo = sincos2(E, V1(E, W_F64X2_PROMOTE_LOW_F32X4, x), cosine);
  int hi = sincos2(E, V1(E, W_F64X2_PROMOTE_LOW_F32X4, VSHUF(E, x, x, hi_lo)),
                   cosine);
  int res = VSHUF(E, V1(E, W_F32X4_DEMOTE_F64X2_ZERO, lo),
                  V1(E, W_F32X4_DEMOTE_F64X2_ZERO, hi), join);
  int ax = V1(E, W_F32X4_ABS, x);
  int fin = V2(E, W_F32X4_LT, ax, VK(E, INFINITY));
  res = VSEL(E, fin, res, FSUB(x, x));
  /* finite lanes >= DWM_TRIG_BIG (rare): $sincosf_big, lane by lane */
  int big = V2(E, W_V128_AND, V2(E, W_F32X4_GE, ax, VK(E, DWM_TRIG_BIG)), fin);
  int helper = helper_sincos_big(E);
  int xl = local_new(E, T_F32, "xl");
  get(E, big);
  ins(E, W_V128_ANY_TRUE);
  ins(E, W_IF);
  for (int k = 0; k < 4; k++) {
    get(E, x);
    ins_i(E, W_F32X4_EXTRACT_LANE, k);
    set(E, xl);
    get(E, xl); ins(E, W_F32_ABS); ins_f32(E, DWM_TRIG_BIG); ins(E, W_F32_GE);
    get(E, xl); ins(E, W_F32_ABS); ins_f32(E, INFINITY); ins(E, W_F32_LT);
    ins(E, W_I32_AND);
    ins(E, W_IF);
    get(E, res);
    get(E, xl);
    ins_f32(E, cosine ? 1.0f : 0.0f);
    ins_i(E, W_CALL, helper);
    ins_i(E, W_F32X4_REPLACE_LANE, k);
    set(E, res);
    ins(E, W_END);
  }
  ins(E, W_END);
  return res;
}

/* dw_tanhf4 */
static int tanh4(Em *E, int x) {
  static const float P[6] = {DWM_TH5, DWM_TH4, DWM_TH3,
                             DWM_TH2, DWM_TH1, DWM_TH0};
  int a = V1(E, W_F32X4_ABS, x);
  int t = FMUL(x, x);
  int p = horner4(E, t, P, 6);
  int small = FADD(x, FMUL(FMUL(x, t), p));
  int e = exp4(E, FMUL(VK(E, 2.0f), V2(E, W_F32X4_MIN, a, VK(E, DWM_TH_BIG))));
  int v = FSUB(VK(E, 1.0f), FDIV(VK(E, 2.0f), FADD(e, VK(E, 1.0f))));
  int signbit = V2(E, W_V128_AND, x, VKU(E, 0x80000000u));
  int big = V2(E, W_V128_OR, v, signbit);
  big = VSEL(E, V2(E, W_F32X4_GT, a, VK(E, DWM_TH_BIG)),
             V2(E, W_V128_OR, VK(E, 1.0f), signbit), big);
  int res = VSEL(E, V2(E, W_F32X4_LT, a, VK(E, DWM_TH_SMALL)), small, big);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

/* dw_erff4 */
static int erf4(Em *E, int x) {
  static const float P[7] = {DWM_E6, DWM_E5, DWM_E4, DWM_E3,
                             DWM_E2, DWM_E1, DWM_E0};
  static const float L[12] = {DWM_L11, DWM_L10, DWM_L9, DWM_L8,
                              DWM_L7,  DWM_L6,  DWM_L5, DWM_L4,
                              DWM_L3,  DWM_L2,  DWM_L1, DWM_L0};
  int a = V1(E, W_F32X4_ABS, x);
  int t = FMUL(x, x);
  int p = horner4(E, t, P, 7);
  int small = FADD(x, FMUL(x, p));
  int ac = V2(E, W_F32X4_MIN, a, VK(E, DWM_ERF_BIG));
  int q = horner4(E, ac, L, 12);
  int signbit = V2(E, W_V128_AND, x, VKU(E, 0x80000000u));
  int big = FSUB(VK(E, 1.0f), exp4(E, q));
  big = VSEL(E, V2(E, W_F32X4_GE, a, VK(E, DWM_ERF_BIG)), VK(E, 1.0f), big);
  big = V2(E, W_V128_OR, big, signbit);
  int res = VSEL(E, V2(E, W_F32X4_LT, a, VK(E, DWM_ERF_SMALL)), small, big);
  return VSEL(E, V2(E, W_F32X4_NE, x, x), x, res);
}

/* The float32 unary ops of dwmath.h on 4 lanes (local x). */
static int fmath4(Em *E, Op op, int flag, int x) {
  switch (op) {
  case OP_EXP: return exp4(E, x);
  case OP_LOG: return log4(E, x);
  case OP_SIN: return sincos4(E, x, false);
  case OP_COS: return sincos4(E, x, true);
  case OP_TANH: return tanh4(E, x);
  case OP_SIGMOID: /* dw_sigmoidf4 */
    return FDIV(VK(E, 1.0f), FADD(VK(E, 1.0f), exp4(E, V1(E, W_F32X4_NEG, x))));
  case OP_SILU: /* dw_siluf4 */
    return FDIV(x, FADD(VK(E, 1.0f), exp4(E, V1(E, W_F32X4_NEG, x))));
  case OP_GELU:
    if (flag) { /* dw_gelu_tanhf4 */
      int inner = FMUL(VK(E, DWM_SQRT2_PI),
                       FADD(x, FMUL(VK(E, DWM_GELU_KAPPA), FMUL(FMUL(x, x), x))));
      return FMUL(FMUL(VK(E, 0.5f), x), FADD(VK(E, 1.0f), tanh4(E, inner)));
    }
    /* dw_geluf4 */
    return FMUL(FMUL(x, VK(E, 0.5f)),
                FADD(VK(E, 1.0f), erf4(E, FMUL(x, VK(E, DWM_SQRT1_2)))));
  case OP_SQRT: return V1(E, W_F32X4_SQRT, x);
  case OP_RSQRT: return FDIV(VK(E, 1.0f), V1(E, W_F32X4_SQRT, x));
  default: return x;
  }
}
#undef FADD
#undef FSUB
#undef FMUL
#undef FDIV
#undef DADD
#undef DSUB
#undef DMUL

/* ------------------------------------------------------------------ */
/* Scalar helper functions: fmodf and powf                             */
/* ------------------------------------------------------------------ */

static const uint8_t ff_types[2] = {T_F32, T_F32};
static const char *const ff_names[2] = {"x", "y"};

/* $fmodf: C's fmodf, exactly (binary long division: every subtraction is
 * exact because t <= r < 2t). */
static int helper_fmod(Em *E) {
  if (E->fmod_fn >= 0) return E->fmod_fn;
  Fn *saved = E->fn;
  Fn *f = fn_new(E, "fmodf", 1, 2, ff_types, ff_names);
  if (!f) return 0;
  E->fmod_fn = E->nfn - 1;
  E->fn = f;
  int ax = local_new(E, T_F32, "ax"), ay = local_new(E, T_F32, "ay");
  int r = local_new(E, T_F32, "r"), t = local_new(E, T_F32, "t");
  /* nan in -> nan */
  get(E, 0); get(E, 0); ins(E, W_F32_NE);
  get(E, 1); get(E, 1); ins(E, W_F32_NE);
  ins(E, W_I32_OR);
  ins(E, W_IF);
  get(E, 0); get(E, 1); ins(E, W_F32_ADD); ins(E, W_RETURN);
  ins(E, W_END);
  get(E, 0); ins(E, W_F32_ABS); set(E, ax);
  get(E, 1); ins(E, W_F32_ABS); set(E, ay);
  /* x infinite or y zero -> nan */
  get(E, ax); ins_f32(E, INFINITY); ins(E, W_F32_EQ);
  get(E, ay); ins_f32(E, 0.0f); ins(E, W_F32_EQ);
  ins(E, W_I32_OR);
  ins(E, W_IF);
  ins_f32(E, NAN); ins(E, W_RETURN);
  ins(E, W_END);
  /* |x| < |y| (also y infinite) -> x */
  get(E, ax); get(E, ay); ins(E, W_F32_LT);
  ins(E, W_IF);
  get(E, 0); ins(E, W_RETURN);
  ins(E, W_END);
  get(E, ax); set(E, r);
  get(E, ay); set(E, t);
  /* t = largest |y| * 2^k <= r */
  ins(E, W_BLOCK);
  ins(E, W_LOOP);
  get(E, t); get(E, t); ins(E, W_F32_ADD); get(E, r); ins(E, W_F32_GT);
  ins_i(E, W_BR_IF, 1);
  get(E, t); get(E, t); ins(E, W_F32_ADD); set(E, t);
  ins_i(E, W_BR, 0);
  ins(E, W_END);
  ins(E, W_END);
  /* subtract down to |y| */
  ins(E, W_LOOP);
  get(E, r); get(E, t); ins(E, W_F32_GE);
  ins(E, W_IF);
  get(E, r); get(E, t); ins(E, W_F32_SUB); set(E, r);
  ins(E, W_END);
  get(E, t); ins_f32(E, 0.5f); ins(E, W_F32_MUL); set(E, t);
  get(E, t); get(E, ay); ins(E, W_F32_GE);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
  get(E, r); get(E, 0); ins(E, W_F32_COPYSIGN);
  E->fn = saved;
  return E->fmod_fn;
}

/* $powf: dw_powf of dwmath.h (special cases, then log and exp in f64). */
static int helper_pow(Em *E) {
  if (E->pow_fn >= 0) return E->pow_fn;
  Fn *saved = E->fn;
  Fn *f = fn_new(E, "powf", 1, 2, ff_types, ff_names);
  if (!f) return 0;
  E->pow_fn = E->nfn - 1;
  E->fn = f;
  enum { X = 0, Y = 1 };
  int ay = local_new(E, T_F32, "ay"), ax = local_new(E, T_F32, "ax");
  int yint = local_new(E, T_I32, "yint"), yodd = local_new(E, T_I32, "yodd");
  int sign = local_new(E, T_F32, "sign");
  int d = local_new(E, T_F64, "d"), u = local_new(E, T_I64, "u");
  int k = local_new(E, T_I64, "k"), s = local_new(E, T_F64, "s");
  int z = local_new(E, T_F64, "z"), p = local_new(E, T_F64, "p");
  int tt = local_new(E, T_F64, "t"), n = local_new(E, T_F64, "n");
  int r = local_new(E, T_F64, "r");
  /* y == 0 || x == 1 -> 1 */
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_EQ);
  get(E, X); ins_f32(E, 1); ins(E, W_F32_EQ);
  ins(E, W_I32_OR);
  ins(E, W_IF); ins_f32(E, 1); ins(E, W_RETURN); ins(E, W_END);
  /* nan -> nan */
  get(E, X); get(E, X); ins(E, W_F32_NE);
  get(E, Y); get(E, Y); ins(E, W_F32_NE);
  ins(E, W_I32_OR);
  ins(E, W_IF); ins_f32(E, NAN); ins(E, W_RETURN); ins(E, W_END);
  get(E, Y); ins(E, W_F32_ABS); set(E, ay);
  /* yint = ay >= 2^24 || floor(ay) == ay */
  get(E, ay); ins_f32(E, 0x1p24f); ins(E, W_F32_GE);
  get(E, ay); ins(E, W_F32_FLOOR); get(E, ay); ins(E, W_F32_EQ);
  ins(E, W_I32_OR); set(E, yint);
  /* yodd = yint && ay < 2^24 && fmodf(ay, 2) == 1 (ay - 2*floor(ay/2)) */
  get(E, yint);
  get(E, ay); ins_f32(E, 0x1p24f); ins(E, W_F32_LT);
  ins(E, W_I32_AND);
  get(E, ay);
  ins_f32(E, 2.0f);
  get(E, ay); ins_f32(E, 0.5f); ins(E, W_F32_MUL); ins(E, W_F32_FLOOR);
  ins(E, W_F32_MUL);
  ins(E, W_F32_SUB);
  ins_f32(E, 1.0f); ins(E, W_F32_EQ);
  ins(E, W_I32_AND); set(E, yodd);
  get(E, X); ins(E, W_F32_ABS); set(E, ax);
  /* x < 0 && !yint && !isinf(x) -> nan */
  get(E, X); ins_f32(E, 0); ins(E, W_F32_LT);
  get(E, yint); ins(E, W_I32_EQZ); ins(E, W_I32_AND);
  get(E, ax); ins_f32(E, INFINITY); ins(E, W_F32_NE); ins(E, W_I32_AND);
  ins(E, W_IF); ins_f32(E, NAN); ins(E, W_RETURN); ins(E, W_END);
  /* sign = (x < 0 || (x == 0 && signbit(x))) && yodd ? -1 : 1 */
  ins_f32(E, -1.0f);
  ins_f32(E, 1.0f);
  ins_f32(E, 1.0f); get(E, X); ins(E, W_F32_COPYSIGN); ins_f32(E, 0);
  ins(E, W_F32_LT); /* x < 0 or x == -0 (and -inf, -nan: handled) */
  get(E, yodd); ins(E, W_I32_AND);
  ins(E, W_SELECT); set(E, sign);
  /* ax == 0 -> sign * (y > 0 ? 0 : inf) */
  get(E, ax); ins_f32(E, 0); ins(E, W_F32_EQ);
  ins(E, W_IF);
  get(E, sign);
  ins_f32(E, 0); ins_f32(E, INFINITY);
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_GT); ins(E, W_SELECT);
  ins(E, W_F32_MUL); ins(E, W_RETURN);
  ins(E, W_END);
  /* ax == 1 -> isinf(y) ? 1 : sign (x == -1: -1 for odd y) */
  get(E, ax); ins_f32(E, 1); ins(E, W_F32_EQ);
  ins(E, W_IF);
  ins_f32(E, 1); get(E, sign);
  get(E, ay); ins_f32(E, INFINITY); ins(E, W_F32_EQ); ins(E, W_SELECT);
  ins(E, W_RETURN);
  ins(E, W_END);
  /* isinf(y) -> (ax > 1) == (y > 0) ? inf : 0 */
  get(E, ay); ins_f32(E, INFINITY); ins(E, W_F32_EQ);
  ins(E, W_IF);
  ins_f32(E, INFINITY); ins_f32(E, 0);
  get(E, ax); ins_f32(E, 1); ins(E, W_F32_GT);
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_GT);
  ins(E, W_I32_EQ); ins(E, W_SELECT); ins(E, W_RETURN);
  ins(E, W_END);
  /* isinf(ax) -> sign * (y > 0 ? inf : 0) */
  get(E, ax); ins_f32(E, INFINITY); ins(E, W_F32_EQ);
  ins(E, W_IF);
  get(E, sign);
  ins_f32(E, INFINITY); ins_f32(E, 0);
  get(E, Y); ins_f32(E, 0); ins(E, W_F32_GT); ins(E, W_SELECT);
  ins(E, W_F32_MUL); ins(E, W_RETURN);
  ins(E, W_END);
  /* dwm_log_d((double)ax) (a float is never a subnormal double) */
  get(E, ax); ins(E, W_F64_PROMOTE_F32); set(E, d);
  get(E, d); ins(E, W_I64_REINTERPRET_F64);
  i64c(E, (int64_t)(0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull));
  ins(E, W_I64_ADD); set(E, u);
  get(E, u); i64c(E, 52); ins(E, W_I64_SHR_U); i64c(E, 1023); ins(E, W_I64_SUB);
  set(E, k);
  get(E, u); i64c(E, 0x000fffffffffffffll); ins(E, W_I64_AND);
  i64c(E, 0x3fe6a09e667f3bcdll); ins(E, W_I64_ADD);
  ins(E, W_F64_REINTERPRET_I64); set(E, d); /* m */
  get(E, d); ins_f64(E, 1.0); ins(E, W_F64_SUB);
  get(E, d); ins_f64(E, 1.0); ins(E, W_F64_ADD);
  ins(E, W_F64_DIV); set(E, s);
  get(E, s); get(E, s); ins(E, W_F64_MUL); set(E, z);
  ins_f64(E, 1.0 / 25.0); set(E, p);
  for (int j = 11; j >= 0; j--) {
    get(E, p); get(E, z); ins(E, W_F64_MUL);
    ins_f64(E, 1.0 / (2 * j + 1)); ins(E, W_F64_ADD); set(E, p);
  }
  /* t = (double)y * ((double)k * LN2D + 2.0 * s * p) */
  get(E, Y); ins(E, W_F64_PROMOTE_F32);
  get(E, k); ins(E, W_F64_CONVERT_I64_S); ins_f64(E, DWM_LN2D); ins(E, W_F64_MUL);
  ins_f64(E, 2.0); get(E, s); ins(E, W_F64_MUL); get(E, p); ins(E, W_F64_MUL);
  ins(E, W_F64_ADD);
  ins(E, W_F64_MUL); set(E, tt);
  get(E, tt); ins_f64(E, 89.0); ins(E, W_F64_GT);
  ins(E, W_IF); get(E, sign); ins_f32(E, INFINITY); ins(E, W_F32_MUL);
  ins(E, W_RETURN); ins(E, W_END);
  get(E, tt); ins_f64(E, -104.0); ins(E, W_F64_LT);
  ins(E, W_IF); get(E, sign); ins_f32(E, 0); ins(E, W_F32_MUL);
  ins(E, W_RETURN); ins(E, W_END);
  /* dwm_exp_d(t) */
  get(E, tt); ins_f64(E, DWM_LN2D); ins(E, W_F64_DIV); ins(E, W_F64_NEAREST);
  set(E, n);
  get(E, tt); get(E, n); ins_f64(E, DWM_LN2D_HI); ins(E, W_F64_MUL);
  ins(E, W_F64_SUB);
  get(E, n); ins_f64(E, DWM_LN2D_LO); ins(E, W_F64_MUL); ins(E, W_F64_SUB);
  set(E, r);
  double fact = 6227020800.0;
  ins_f64(E, 1.0 / 6227020800.0); set(E, p);
  for (int j = 12; j >= 0; j--) {
    fact /= (j + 1);
    get(E, p); get(E, r); ins(E, W_F64_MUL);
    ins_f64(E, 1.0 / fact); ins(E, W_F64_ADD); set(E, p);
  }
  get(E, sign);
  get(E, p);
  get(E, n); ins(E, W_I64_TRUNC_SAT_F64_S); i64c(E, 1023); ins(E, W_I64_ADD);
  i64c(E, 52); ins(E, W_I64_SHL); ins(E, W_F64_REINTERPRET_I64);
  ins(E, W_F64_MUL);
  ins(E, W_F32_DEMOTE_F64);
  ins(E, W_F32_MUL);
  E->fn = saved;
  return E->pow_fn;
}

/* $sincosf_big(x, cosine): dw_sinf (cosine 0) or dw_cosf (cosine 1) of
 * dwmath.h for a finite |x| >= DWM_TRIG_BIG: dwm_rem_pio2_big step by
 * step, then the polynomials and the quadrant as dwm_sincos2. */
static int helper_sincos_big(Em *E) {
  if (E->sincos_fn >= 0) return E->sincos_fn;
  Fn *saved = E->fn;
  static const char *const names[2] = {"x", "cosine"};
  Fn *f = fn_new(E, "sincosf_big", 1, 2, ff_types, names);
  if (!f) return 0;
  E->sincos_fn = E->nfn - 1;
  E->fn = f;
  enum { X = 0, COS = 1 };
  int ax = local_new(E, T_F32, "ax"), e = local_new(E, T_I32, "e");
  int j = local_new(E, T_I32, "j"), xd = local_new(E, T_F64, "xd");
  int t[5];
  for (int i = 0; i < 5; i++) t[i] = local_new(E, T_F64, "t");
  int n = local_new(E, T_F64, "n"), s = local_new(E, T_F64, "s");
  int u1 = local_new(E, T_F64, "u1"), e1 = local_new(E, T_F64, "e1");
  int u2 = local_new(E, T_F64, "u2"), e2 = local_new(E, T_F64, "e2");
  int bb = local_new(E, T_F64, "bb"), fr = local_new(E, T_F64, "f");
  int r = local_new(E, T_F64, "r"), z = local_new(E, T_F64, "z");
  int sp = local_new(E, T_F64, "sp"), cp = local_new(E, T_F64, "cp");
  int nq = local_new(E, T_F64, "nq"), v = local_new(E, T_F64, "v");
  get(E, X); ins(E, W_F32_ABS); set(E, ax);
  /* e = biased exponent - 150; j = e >= 2 ? (e - 2) / 24 : 0 */
  get(E, ax); ins(E, W_I32_REINTERPRET_F32); i32c(E, 23); ins(E, W_I32_SHR_U);
  i32c(E, 150); ins(E, W_I32_SUB); set(E, e);
  get(E, e); i32c(E, 2); ins(E, W_I32_SUB); i32c(E, 24); ins(E, W_I32_DIV_S);
  i32c(E, 0);
  get(E, e); i32c(E, 2); ins(E, W_I32_GE_S);
  ins(E, W_SELECT); set(E, j);
  get(E, ax); ins(E, W_F64_PROMOTE_F32); set(E, xd);
  /* t[i] = xd * dwm_2opi[j + i] (j is 0..4: a chain of selects) */
  for (int i = 0; i < 5; i++) {
    get(E, xd);
    ins_f64(E, dwm_2opi[4 + i]);
    for (int jj = 3; jj >= 0; jj--) {
      set(E, t[i]);
      ins_f64(E, dwm_2opi[jj + i]);
      get(E, t[i]);
      get(E, j); i32c(E, jj); ins(E, W_I32_EQ);
      ins(E, W_SELECT);
    }
    ins(E, W_F64_MUL);
    set(E, t[i]);
  }
  /* t0, t1 mod 4 */
  for (int i = 0; i < 2; i++) {
    get(E, t[i]);
    ins_f64(E, 4.0);
    get(E, t[i]); ins_f64(E, 0.25); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
    ins(E, W_F64_MUL);
    ins(E, W_F64_SUB);
    set(E, t[i]);
  }
  /* n = nearbyint((t0 + t1) + t2); s = t0 - n */
  get(E, t[0]); get(E, t[1]); ins(E, W_F64_ADD); get(E, t[2]); ins(E, W_F64_ADD);
  ins(E, W_F64_NEAREST); set(E, n);
  get(E, t[0]); get(E, n); ins(E, W_F64_SUB); set(E, s);
  /* (u, err) = TwoSum(a, b): u = a + b; bb = u - a;
   * err = (a - (u - bb)) + (b - bb) */
  const int two[2][4] = {{s, t[1], u1, e1}, {u1, t[2], u2, e2}};
  for (int k = 0; k < 2; k++) {
    int a = two[k][0], b = two[k][1], u = two[k][2], er = two[k][3];
    get(E, a); get(E, b); ins(E, W_F64_ADD); set(E, u);
    get(E, u); get(E, a); ins(E, W_F64_SUB); set(E, bb);
    get(E, a); get(E, u); get(E, bb); ins(E, W_F64_SUB); ins(E, W_F64_SUB);
    get(E, b); get(E, bb); ins(E, W_F64_SUB);
    ins(E, W_F64_ADD); set(E, er);
  }
  /* f = u2 + ((e1 + e2) + (t3 + t4)) */
  get(E, u2);
  get(E, e1); get(E, e2); ins(E, W_F64_ADD);
  get(E, t[3]); get(E, t[4]); ins(E, W_F64_ADD);
  ins(E, W_F64_ADD);
  ins(E, W_F64_ADD); set(E, fr);
  /* x < 0: n = -n, f = -f */
  for (int k = 0; k < 2; k++) {
    int l = k ? fr : n;
    get(E, l); ins(E, W_F64_NEG);
    get(E, l);
    get(E, X); ins_f32(E, 0.0f); ins(E, W_F32_LT);
    ins(E, W_SELECT); set(E, l);
  }
  /* r = f * PIO2; the quadrant of the sin recipe: n (+ 1 for cos) mod 4 */
  get(E, fr); ins_f64(E, DWM_PIO2); ins(E, W_F64_MUL); set(E, r);
  get(E, n); ins_f64(E, 4.0);
  get(E, n); ins_f64(E, 0.25); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
  ins(E, W_F64_MUL); ins(E, W_F64_SUB); /* n4 = n mod 4 */
  get(E, COS); ins(E, W_F64_PROMOTE_F32); ins(E, W_F64_ADD); set(E, nq);
  get(E, nq); ins_f64(E, 4.0);
  get(E, nq); ins_f64(E, 0.25); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
  ins(E, W_F64_MUL); ins(E, W_F64_SUB); set(E, nq);
  /* dwm_sin_poly / dwm_cos_poly */
  static const double S[5] = {DWM_S4, DWM_S3, DWM_S2, DWM_S1, DWM_S0};
  static const double C[5] = {DWM_C4, DWM_C3, DWM_C2, DWM_C1, DWM_C0};
  get(E, r); get(E, r); ins(E, W_F64_MUL); set(E, z);
  for (int k = 0; k < 2; k++) {
    const double *P = k ? C : S;
    int acc = k ? cp : sp;
    ins_f64(E, P[0]); set(E, acc);
    for (int i = 1; i < 5; i++) {
      get(E, acc); get(E, z); ins(E, W_F64_MUL); ins_f64(E, P[i]);
      ins(E, W_F64_ADD); set(E, acc);
    }
  }
  get(E, r); get(E, r); get(E, z); ins(E, W_F64_MUL); get(E, sp);
  ins(E, W_F64_MUL); ins(E, W_F64_ADD); set(E, sp);
  ins_f64(E, 1.0); get(E, z); get(E, cp); ins(E, W_F64_MUL); ins(E, W_F64_ADD);
  set(E, cp);
  /* v = odd quadrant ? cos r : sin r; negated in quadrants 2, 3 */
  get(E, cp); get(E, sp);
  get(E, nq); ins_f64(E, 2.0);
  get(E, nq); ins_f64(E, 0.5); ins(E, W_F64_MUL); ins(E, W_F64_FLOOR);
  ins(E, W_F64_MUL); ins(E, W_F64_SUB); ins_f64(E, 0.0); ins(E, W_F64_NE);
  ins(E, W_SELECT); set(E, v);
  get(E, v); ins(E, W_F64_NEG); get(E, v);
  get(E, nq); ins_f64(E, 2.0); ins(E, W_F64_GE);
  ins(E, W_SELECT);
  ins(E, W_F32_DEMOTE_F64);
  E->fn = saved;
  return E->sincos_fn;
}

/* ------------------------------------------------------------------ */
/* Ops on values                                                       */
/* ------------------------------------------------------------------ */

static bool is_cmp(Op op) {
  return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE ||
         op == OP_GT || op == OP_GE;
}

/* The scalar instruction of a binary op per compute dtype (or W_COUNT
 * when it needs more than one). Bool: add is or, mul is and. */
static WOp scalar_binop(Op op, DType dt) {
#define R4(F, L, I, B)                                                       \
  return dt == DT_F32 ? (F) : dt == DT_I64 ? (L) : dt == DT_I32 ? (I) : (B)
  switch (op) {
  case OP_ADD: R4(W_F32_ADD, W_I64_ADD, W_I32_ADD, W_I32_OR);
  case OP_SUB: R4(W_F32_SUB, W_I64_SUB, W_I32_SUB, W_COUNT);
  case OP_MUL: R4(W_F32_MUL, W_I64_MUL, W_I32_MUL, W_I32_AND);
  case OP_DIV: R4(W_F32_DIV, W_COUNT, W_COUNT, W_COUNT);
  case OP_EQ: R4(W_F32_EQ, W_I64_EQ, W_I32_EQ, W_I32_EQ);
  case OP_NE: R4(W_F32_NE, W_I64_NE, W_I32_NE, W_I32_NE);
  case OP_LT: R4(W_F32_LT, W_I64_LT_S, W_I32_LT_S, W_I32_LT_U);
  case OP_LE: R4(W_F32_LE, W_I64_LE_S, W_I32_LE_S, W_I32_LE_U);
  case OP_GT: R4(W_F32_GT, W_I64_GT_S, W_I32_GT_S, W_I32_GT_U);
  case OP_GE: R4(W_F32_GE, W_I64_GE_S, W_I32_GE_S, W_I32_GE_U);
  case OP_AND: R4(W_COUNT, W_I64_AND, W_I32_AND, W_I32_AND);
  case OP_OR: R4(W_COUNT, W_I64_OR, W_I32_OR, W_I32_OR);
  case OP_MAXIMUM: R4(W_COUNT, W_COUNT, W_COUNT, W_I32_OR);
  case OP_MINIMUM: R4(W_COUNT, W_COUNT, W_COUNT, W_I32_AND);
  default: return W_COUNT;
  }
}

/* The SIMD instruction (per int64 half) of a binary op, or W_COUNT. */
static WOp simd_binop(Op op, DType dt) {
  switch (op) {
  case OP_ADD: R4(W_F32X4_ADD, W_I64X2_ADD, W_I32X4_ADD, W_V128_OR);
  case OP_SUB: R4(W_F32X4_SUB, W_I64X2_SUB, W_I32X4_SUB, W_COUNT);
  case OP_MUL: R4(W_F32X4_MUL, W_I64X2_MUL, W_I32X4_MUL, W_V128_AND);
  case OP_DIV: R4(W_F32X4_DIV, W_COUNT, W_COUNT, W_COUNT);
  case OP_EQ: R4(W_F32X4_EQ, W_I64X2_EQ, W_I32X4_EQ, W_I32X4_EQ);
  case OP_NE: R4(W_F32X4_NE, W_I64X2_NE, W_I32X4_NE, W_I32X4_NE);
  case OP_LT: R4(W_F32X4_LT, W_I64X2_LT_S, W_I32X4_LT_S, W_COUNT);
  case OP_LE: R4(W_F32X4_LE, W_I64X2_LE_S, W_I32X4_LE_S, W_COUNT);
  case OP_GT: R4(W_F32X4_GT, W_I64X2_GT_S, W_I32X4_GT_S, W_COUNT);
  case OP_GE: R4(W_F32X4_GE, W_I64X2_GE_S, W_I32X4_GE_S, W_COUNT);
  case OP_AND: R4(W_COUNT, W_V128_AND, W_V128_AND, W_V128_AND);
  case OP_OR: R4(W_COUNT, W_V128_OR, W_V128_OR, W_V128_OR);
  case OP_MAXIMUM: R4(W_COUNT, W_COUNT, W_I32X4_MAX_S, W_V128_OR);
  case OP_MINIMUM: R4(W_COUNT, W_COUNT, W_I32X4_MIN_S, W_V128_AND);
  default: return W_COUNT;
  }
#undef R4
}

/* The ops. Their results are fresh locals; the temporaries they used are
 * released on return. */
static Val binop(Em *E, Op op, Val a, Val b);
static Val unop(Em *E, Op op, const OpAttrs *at, Val x);
static Val cast(Em *E, Val x, DType to);
static Val where(Em *E, Val c, Val a, Val b);

/* Emits `return code` when cond (an i32 on the stack) is true. */
static void trap_status(Em *E, int code) {
  ins(E, W_IF);
  i32c(E, code);
  ins(E, W_RETURN);
  ins(E, W_END);
}

/* Scalar select into a new local: c ? a : b (a, b, c locals). */
static Val sel1(Em *E, Val a, Val b, int cond) {
  Val r = vnew(E, (DType)a.dt, 1);
  get(E, a.l[0]);
  get(E, b.l[0]);
  get(E, cond);
  ins(E, W_SELECT);
  set(E, r.l[0]);
  return r;
}

/* A scalar comparison result (i32 0/1) in a new local. */
static int cmp1(Em *E, Op op, Val a, Val b) {
  int t = local_new(E, T_I32, "c");
  get(E, a.l[0]);
  get(E, b.l[0]);
  ins(E, scalar_binop(op, (DType)a.dt));
  set(E, t);
  return t;
}

/* Integer floor division / Python remainder / power on scalars
 * (tensor_kernels.c i_floordiv, i_mod, i_pow). */
static Val int_special(Em *E, Op op, Val a, Val b) {
  DType dt = (DType)a.dt;
  bool l = dt == DT_I64;
  Val r = vnew(E, dt, 1);
  WOp zero_eq = l ? W_I64_EQZ : W_I32_EQZ;
  if (op == OP_POW) {
    get(E, b.l[0]);
    if (l) i64c(E, 0); else i32c(E, 0);
    ins(E, l ? W_I64_LT_S : W_I32_LT_S);
    trap_status(E, DW_KERR_NEGPOW);
    Val base = vnew(E, dt, 1), e = vnew(E, dt, 1);
    get(E, a.l[0]); set(E, base.l[0]);
    get(E, b.l[0]); set(E, e.l[0]);
    if (l) i64c(E, 1); else i32c(E, 1);
    set(E, r.l[0]);
    ins(E, W_BLOCK);
    ins(E, W_LOOP);
    get(E, e.l[0]); ins(E, zero_eq); ins_i(E, W_BR_IF, 1);
    get(E, e.l[0]); if (l) i64c(E, 1); else i32c(E, 1);
    ins(E, l ? W_I64_AND : W_I32_AND);
    if (l) { i64c(E, 0); ins(E, W_I64_NE); }
    ins(E, W_IF);
    get(E, r.l[0]); get(E, base.l[0]); ins(E, l ? W_I64_MUL : W_I32_MUL);
    set(E, r.l[0]);
    ins(E, W_END);
    get(E, base.l[0]); get(E, base.l[0]); ins(E, l ? W_I64_MUL : W_I32_MUL);
    set(E, base.l[0]);
    get(E, e.l[0]); if (l) i64c(E, 1); else i32c(E, 1);
    ins(E, l ? W_I64_SHR_U : W_I32_SHR_U);
    set(E, e.l[0]);
    ins_i(E, W_BR, 0);
    ins(E, W_END);
    ins(E, W_END);
    return r;
  }
  /* b == 0: ZeroDivisionError */
  get(E, b.l[0]); ins(E, zero_eq);
  trap_status(E, DW_KERR_ZERODIV);
  /* b == -1: -a (floor_divide) or 0 (remainder), no overflow trap */
  if (op == OP_FLOORDIV) {
    if (l) i64c(E, 0); else i32c(E, 0);
    get(E, a.l[0]); ins(E, l ? W_I64_SUB : W_I32_SUB);
  } else {
    if (l) i64c(E, 0); else i32c(E, 0);
  }
  set(E, r.l[0]);
  get(E, b.l[0]); if (l) i64c(E, -1); else i32c(E, -1);
  ins(E, l ? W_I64_NE : W_I32_NE);
  ins(E, W_IF);
  Val rem = vnew(E, dt, 1);
  get(E, a.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_REM_S : W_I32_REM_S);
  set(E, rem.l[0]);
  if (op == OP_FLOORDIV) {
    /* q = a / b - (rem != 0 && (a < 0) != (b < 0)) */
    get(E, a.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_DIV_S : W_I32_DIV_S);
    get(E, rem.l[0]); if (l) { i64c(E, 0); ins(E, W_I64_NE); }
    else { i32c(E, 0); ins(E, W_I32_NE); }
    get(E, a.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_XOR : W_I32_XOR);
    if (l) { i64c(E, 0); ins(E, W_I64_LT_S); } else { i32c(E, 0); ins(E, W_I32_LT_S); }
    ins(E, W_I32_AND);
    if (l) ins(E, W_I64_EXTEND_I32_U);
    ins(E, l ? W_I64_SUB : W_I32_SUB);
  } else {
    /* r = rem + (rem != 0 && (rem < 0) != (b < 0) ? b : 0) */
    get(E, rem.l[0]);
    get(E, b.l[0]);
    if (l) i64c(E, 0); else i32c(E, 0);
    get(E, rem.l[0]); if (l) { i64c(E, 0); ins(E, W_I64_NE); }
    else { i32c(E, 0); ins(E, W_I32_NE); }
    get(E, rem.l[0]); get(E, b.l[0]); ins(E, l ? W_I64_XOR : W_I32_XOR);
    if (l) { i64c(E, 0); ins(E, W_I64_LT_S); } else { i32c(E, 0); ins(E, W_I32_LT_S); }
    ins(E, W_I32_AND);
    ins(E, W_SELECT);
    ins(E, l ? W_I64_ADD : W_I32_ADD);
  }
  set(E, r.l[0]);
  ins(E, W_END);
  return r;
}

/* Float floor division / remainder (tensor_kernels.c f_floordiv, f_mod)
 * on scalars, with the exact $fmodf helper. */
static Val float_special(Em *E, Op op, Val a, Val b) {
  int fm = helper_fmod(E);
  Val mod = vnew(E, DT_F32, 1), r = vnew(E, DT_F32, 1);
  if (op == OP_MOD) {
    get(E, a.l[0]); get(E, b.l[0]); ins_i(E, W_CALL, fm); set(E, mod.l[0]);
    /* m + (m != 0 && (b < 0) != (m < 0) ? b : 0) */
    get(E, mod.l[0]);
    get(E, b.l[0]); ins_f32(E, 0.0f);
    get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
    get(E, b.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
    get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
    ins(E, W_I32_XOR); ins(E, W_I32_AND);
    ins(E, W_SELECT);
    ins(E, W_F32_ADD);
    set(E, r.l[0]);
    return r;
  }
  Val div = vnew(E, DT_F32, 1), fl = vnew(E, DT_F32, 1);
  get(E, a.l[0]); get(E, b.l[0]); ins(E, W_F32_DIV); set(E, r.l[0]);
  get(E, b.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
  ins(E, W_IF);
  get(E, a.l[0]); get(E, b.l[0]); ins_i(E, W_CALL, fm); set(E, mod.l[0]);
  get(E, a.l[0]); get(E, mod.l[0]); ins(E, W_F32_SUB); get(E, b.l[0]);
  ins(E, W_F32_DIV); set(E, div.l[0]);
  get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
  get(E, b.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
  get(E, mod.l[0]); ins_f32(E, 0); ins(E, W_F32_LT);
  ins(E, W_I32_XOR); ins(E, W_I32_AND);
  ins(E, W_IF);
  get(E, div.l[0]); ins_f32(E, 1); ins(E, W_F32_SUB); set(E, div.l[0]);
  ins(E, W_END);
  /* div == 0: copysign(0, a / b) */
  ins_f32(E, 0); get(E, r.l[0]); ins(E, W_F32_COPYSIGN); set(E, r.l[0]);
  get(E, div.l[0]); ins_f32(E, 0); ins(E, W_F32_NE);
  ins(E, W_IF);
  get(E, div.l[0]); ins(E, W_F32_FLOOR); set(E, fl.l[0]);
  get(E, fl.l[0]); ins_f32(E, 1); ins(E, W_F32_ADD);
  get(E, fl.l[0]);
  get(E, div.l[0]); get(E, fl.l[0]); ins(E, W_F32_SUB); ins_f32(E, 0.5f);
  ins(E, W_F32_GT);
  ins(E, W_SELECT);
  set(E, r.l[0]);
  ins(E, W_END);
  ins(E, W_END);
  return r;
}

/* Runs a scalar op lane by lane on 4-lane operands. */
static Val per_lane(Em *E, int kind, Op op, const OpAttrs *at, Val *a,
                    int nin, DType rdt) {
  Val r = vnew(E, rdt, 4);
  for (int k = 0; k < 4; k++) {
    Val s[3];
    for (int j = 0; j < nin; j++) s[j] = lane_get(E, a[j], k);
    Val v = kind == 0   ? unop(E, op, at, s[0])
            : kind == 1 ? binop(E, op, s[0], s[1])
                        : cast(E, s[0], rdt);
    lane_put(E, r, k, v);
  }
  return r;
}

/* f_max / f_min / v_max / v_min: nan -> x + y, else std::max/min. */
static Val fminmax(Em *E, Op op, Val a, Val b) {
  bool mx = op == OP_MAXIMUM;
  Val r = vnew(E, DT_F32, a.lanes);
  if (a.lanes == 4) {
    int nan = V2(E, W_V128_OR, V2(E, W_F32X4_NE, a.l[0], a.l[0]),
                 V2(E, W_F32X4_NE, b.l[0], b.l[0]));
    int m = V2(E, mx ? W_F32X4_PMAX : W_F32X4_PMIN, a.l[0], b.l[0]);
    get(E, V2(E, W_F32X4_ADD, a.l[0], b.l[0]));
    get(E, m);
    get(E, nan);
    ins(E, W_V128_BITSELECT);
    set(E, r.l[0]);
    return r;
  }
  /* max: x < y ? y : x; min: y < x ? y : x */
  get(E, a.l[0]); get(E, b.l[0]); ins(E, W_F32_ADD);
  get(E, b.l[0]);
  get(E, a.l[0]);
  if (mx) { get(E, a.l[0]); get(E, b.l[0]); }
  else { get(E, b.l[0]); get(E, a.l[0]); }
  ins(E, W_F32_LT);
  ins(E, W_SELECT);
  get(E, a.l[0]); get(E, a.l[0]); ins(E, W_F32_NE);
  get(E, b.l[0]); get(E, b.l[0]); ins(E, W_F32_NE);
  ins(E, W_I32_OR);
  ins(E, W_SELECT);
  set(E, r.l[0]);
  return r;
}

static Val binop_(Em *E, Op op, Val a, Val b) {
  DType dt = (DType)a.dt;
  DType rdt = is_cmp(op) ? DT_BOOL : dt;
  if (dt == DT_F32 && (op == OP_MAXIMUM || op == OP_MINIMUM))
    return fminmax(E, op, a, b);
  if (a.lanes == 1) {
    if (op == OP_POW && dt == DT_F32) {
      Val r = vnew(E, DT_F32, 1);
      get(E, a.l[0]); get(E, b.l[0]); ins_i(E, W_CALL, helper_pow(E));
      set(E, r.l[0]);
      return r;
    }
    if (op == OP_FLOORDIV || op == OP_MOD)
      return dt == DT_F32 ? float_special(E, op, a, b) : int_special(E, op, a, b);
    if (op == OP_POW) return int_special(E, op, a, b);
    if ((op == OP_MAXIMUM || op == OP_MINIMUM) && dt != DT_BOOL) {
      /* std::max: x < y ? y : x; std::min: y < x ? y : x */
      int c = op == OP_MAXIMUM ? cmp1(E, OP_LT, a, b) : cmp1(E, OP_LT, b, a);
      return sel1(E, b, a, c);
    }
    WOp w = scalar_binop(op, dt);
    Val r = vnew(E, rdt, 1);
    get(E, a.l[0]);
    get(E, b.l[0]);
    ins(E, w);
    set(E, r.l[0]);
    return r;
  }
  /* 4 lanes */
  Val r = vnew(E, rdt, 4);
  if (dt == DT_BOOL && (op == OP_LT || op == OP_GT || op == OP_LE ||
                        op == OP_GE)) {
    /* on masks: a < b is b & ~a, a > b is a & ~b, <= and >= negate those */
    bool swap = op == OP_LT || op == OP_GE;
    get(E, swap ? b.l[0] : a.l[0]);
    get(E, swap ? a.l[0] : b.l[0]);
    ins(E, W_V128_ANDNOT);
    if (op == OP_LE || op == OP_GE) ins(E, W_V128_NOT);
    set(E, r.l[0]);
    return r;
  }
  if (dt == DT_I64 && (op == OP_MAXIMUM || op == OP_MINIMUM)) {
    for (int h = 0; h < 2; h++) {
      /* max: a < b ? b : a; min: b < a ? b : a */
      int m = op == OP_MAXIMUM ? V2(E, W_I64X2_LT_S, a.l[h], b.l[h])
                               : V2(E, W_I64X2_LT_S, b.l[h], a.l[h]);
      get(E, b.l[h]); get(E, a.l[h]); get(E, m);
      ins(E, W_V128_BITSELECT);
      set(E, r.l[h]);
    }
    return r;
  }
  WOp w = simd_binop(op, dt);
  if (w == W_COUNT) {
    Val ab[2] = {a, b};
    return per_lane(E, 1, op, NULL, ab, 2, rdt);
  }
  if (dt == DT_I64 && is_cmp(op)) { /* two i64x2 masks -> i32x4 mask */
    int m0 = V2(E, w, a.l[0], b.l[0]), m1 = V2(E, w, a.l[1], b.l[1]);
    narrow_i64_mask(E, m0, m1, r.l[0]);
    return r;
  }
  for (int h = 0; h < halves(a); h++) {
    get(E, a.l[h]);
    get(E, b.l[h]);
    ins(E, w);
    set(E, r.l[h]);
  }
  return r;
}

/* Integer clamp bounds as the eager kernel computes them. */
static int64_t clamp_bound(double v) {
  return v >= -0x1p63 && v < 0x1p63 ? (int64_t)v : (v < 0 ? INT64_MIN : INT64_MAX);
}

static Val unop_(Em *E, Op op, const OpAttrs *at, Val x) {
  DType dt = (DType)x.dt;
  int L = x.lanes;
  Val r;
  switch (op) {
  case OP_RELU:
    if (E->mode == EMIT_RELU_RUNTIME_ERROR) {
      i32c(E, DW_KERR_TESTING);
      ins(E, W_RETURN);
    }
    if (dt == DT_BOOL) return x;
    if (dt == DT_F32) { /* x != x ? x : (0 < x ? x : 0) */
      r = vnew(E, dt, L);
      if (L == 4) {
        int z = VK(E, 0.0f);
        get(E, x.l[0]);
        get(E, V2(E, W_F32X4_PMAX, z, x.l[0]));
        get(E, V2(E, W_F32X4_NE, x.l[0], x.l[0]));
        ins(E, W_V128_BITSELECT);
      } else {
        get(E, x.l[0]);
        get(E, x.l[0]); ins_f32(E, 0);
        ins_f32(E, 0); get(E, x.l[0]); ins(E, W_F32_LT);
        ins(E, W_SELECT);
        get(E, x.l[0]); get(E, x.l[0]); ins(E, W_F32_NE);
        ins(E, W_SELECT);
      }
      set(E, r.l[0]);
      return r;
    }
    return binop(E, OP_MAXIMUM, x, vconst(E, dt, L, 0));
  case OP_NEG:
    if (dt == DT_F32) {
      r = vnew(E, dt, L);
      get(E, x.l[0]);
      ins(E, L == 4 ? W_F32X4_NEG : W_F32_NEG);
      set(E, r.l[0]);
      return r;
    }
    return binop(E, OP_SUB, vconst(E, dt, L, 0), x);
  case OP_ABS:
    if (dt == DT_BOOL) return x;
    r = vnew(E, dt, L);
    if (L == 4 || dt == DT_F32) {
      WOp w = dt == DT_F32 ? (L == 4 ? W_F32X4_ABS : W_F32_ABS)
              : dt == DT_I32 ? W_I32X4_ABS : W_I64X2_ABS;
      for (int h = 0; h < halves(x); h++) {
        get(E, x.l[h]);
        ins(E, w);
        set(E, r.l[h]);
      }
      return r;
    } else { /* x < 0 ? 0 - x : x */
      Val z = vconst(E, dt, 1, 0);
      Val n = binop(E, OP_SUB, z, x);
      return sel1(E, n, x, cmp1(E, OP_LT, x, z));
    }
  case OP_NOT: {
    Val z = vconst(E, dt, L, 0);
    if (dt == DT_BOOL && L == 4) {
      r = vnew(E, dt, L);
      get(E, x.l[0]);
      ins(E, W_V128_NOT);
      set(E, r.l[0]);
      return r;
    }
    return binop(E, OP_EQ, x, z);
  }
  case OP_CLAMP: {
    if (dt == DT_F32) {
      r = x;
      for (int k = 0; k < 2; k++) {
        if (!at->has_f[k]) continue;
        Val b = vconst(E, dt, L, (float)at->f[k]);
        Val t = vnew(E, dt, L);
        if (L == 4) { /* pmax(x, lo) / pmin(x, hi) */
          get(E, r.l[0]);
          get(E, b.l[0]);
          ins(E, k ? W_F32X4_PMIN : W_F32X4_PMAX);
        } else { /* x < lo ? lo : x / hi < x ? hi : x */
          get(E, b.l[0]);
          get(E, r.l[0]);
          if (k) { get(E, b.l[0]); get(E, r.l[0]); }
          else { get(E, r.l[0]); get(E, b.l[0]); }
          ins(E, W_F32_LT);
          ins(E, W_SELECT);
        }
        set(E, t.l[0]);
        r = t;
      }
      return r;
    }
    /* integers: x < lo ? lo : x, then hi < x ? hi : x, compared in int64 */
    int64_t lo = clamp_bound(at->f[0]), hi = clamp_bound(at->f[1]);
    bool fits = dt == DT_I64 ||
                ((!at->has_f[0] || (lo >= INT32_MIN && lo <= INT32_MAX)) &&
                 (!at->has_f[1] || (hi >= INT32_MIN && hi <= INT32_MAX)));
    if (!fits) {
      if (L == 4) return per_lane(E, 0, op, at, &x, 1, dt);
      Val w = cast(E, x, DT_I64);
      w = unop(E, op, at, w);
      return cast(E, w, DT_I32);
    }
    r = x;
    if (at->has_f[0]) r = binop(E, OP_MAXIMUM, r, vconst(E, dt, L, (double)lo));
    if (at->has_f[1]) r = binop(E, OP_MINIMUM, r, vconst(E, dt, L, (double)hi));
    return r;
  }
  default: /* float32 math of dwmath.h */
    r = vnew(E, DT_F32, L);
    if (L == 4) {
      get(E, fmath4(E, op, at ? at->flag : 0, x.l[0]));
    } else if (op == OP_SQRT) {
      get(E, x.l[0]);
      ins(E, W_F32_SQRT);
    } else if (op == OP_RSQRT) {
      ins_f32(E, 1.0f);
      get(E, x.l[0]);
      ins(E, W_F32_SQRT);
      ins(E, W_F32_DIV);
    } else { /* lane 0 of the 4-lane recipe (equal to dwmath's scalar) */
      int v = vtmp(E);
      get(E, x.l[0]);
      ins(E, W_F32X4_SPLAT);
      set(E, v);
      get(E, fmath4(E, op, at ? at->flag : 0, v));
      ins_i(E, W_F32X4_EXTRACT_LANE, 0);
    }
    set(E, r.l[0]);
    return r;
  }
}

static Val where_(Em *E, Val c, Val a, Val b) {
  Val r = vnew(E, (DType)a.dt, a.lanes);
  if (a.lanes == 1) {
    get(E, a.l[0]);
    get(E, b.l[0]);
    get(E, c.l[0]);
    ins(E, W_SELECT);
    set(E, r.l[0]);
    return r;
  }
  for (int h = 0; h < halves(a); h++) {
    get(E, a.l[h]);
    get(E, b.l[h]);
    get(E, c.l[0]);
    if (halves(a) == 2)
      ins(E, h ? W_I64X2_EXTEND_HIGH_I32X4_S : W_I64X2_EXTEND_LOW_I32X4_S);
    ins(E, W_V128_BITSELECT);
    set(E, r.l[h]);
  }
  return r;
}

/* dtype conversion as tensor_kernels.c's casts: float -> int truncates,
 * nan and out-of-range give INT_MIN; int64 -> int32 wraps; x != 0 -> bool. */
static Val cast_(Em *E, Val x, DType to) {
  DType from = (DType)x.dt;
  if (from == to) return x;
  int L = x.lanes;
  Val r = vnew(E, to, L);
  if (L == 1) {
    get(E, x.l[0]);
    switch (from * DT_COUNT + to) {
    case DT_F32 * DT_COUNT + DT_I64:
    case DT_F32 * DT_COUNT + DT_I32: {
      bool l = to == DT_I64;
      ins(E, l ? W_I64_TRUNC_SAT_F32_S : W_I32_TRUNC_SAT_F32_S);
      if (l) i64c(E, INT64_MIN); else i32c(E, INT32_MIN);
      get(E, x.l[0]); ins_f32(E, l ? -0x1p63f : -0x1p31f); ins(E, W_F32_GE);
      get(E, x.l[0]); ins_f32(E, l ? 0x1p63f : 0x1p31f); ins(E, W_F32_LT);
      ins(E, W_I32_AND);
      ins(E, W_SELECT);
      break;
    }
    case DT_F32 * DT_COUNT + DT_BOOL: ins_f32(E, 0); ins(E, W_F32_NE); break;
    case DT_I64 * DT_COUNT + DT_F32: ins(E, W_F32_CONVERT_I64_S); break;
    case DT_I64 * DT_COUNT + DT_I32: ins(E, W_I32_WRAP_I64); break;
    case DT_I64 * DT_COUNT + DT_BOOL: ins(E, W_I64_EQZ); ins(E, W_I32_EQZ); break;
    case DT_I32 * DT_COUNT + DT_F32: ins(E, W_F32_CONVERT_I32_S); break;
    case DT_I32 * DT_COUNT + DT_I64: ins(E, W_I64_EXTEND_I32_S); break;
    case DT_I32 * DT_COUNT + DT_BOOL: ins(E, W_I32_EQZ); ins(E, W_I32_EQZ); break;
    case DT_BOOL * DT_COUNT + DT_F32: ins(E, W_F32_CONVERT_I32_S); break;
    case DT_BOOL * DT_COUNT + DT_I64: ins(E, W_I64_EXTEND_I32_U); break;
    default: break; /* bool -> int32: 0/1 already */
    }
    set(E, r.l[0]);
    return r;
  }
  switch (from * DT_COUNT + to) {
  case DT_F32 * DT_COUNT + DT_I32: {
    int m = V2(E, W_V128_AND, V2(E, W_F32X4_GE, x.l[0], VK(E, -0x1p31f)),
               V2(E, W_F32X4_LT, x.l[0], VK(E, 0x1p31f)));
    get(E, V1(E, W_I32X4_TRUNC_SAT_F32X4_S, x.l[0]));
    get(E, VKU(E, 0x80000000u));
    get(E, m);
    ins(E, W_V128_BITSELECT);
    set(E, r.l[0]);
    return r;
  }
  case DT_F32 * DT_COUNT + DT_BOOL:
    get(E, V2(E, W_F32X4_NE, x.l[0], VK(E, 0.0f)));
    set(E, r.l[0]);
    return r;
  case DT_I32 * DT_COUNT + DT_F32:
    get(E, V1(E, W_F32X4_CONVERT_I32X4_S, x.l[0]));
    set(E, r.l[0]);
    return r;
  case DT_I32 * DT_COUNT + DT_I64:
  case DT_BOOL * DT_COUNT + DT_I64: {
    int v = from == DT_BOOL ? V1(E, W_I32X4_NEG, x.l[0]) : x.l[0];
    get(E, V1(E, W_I64X2_EXTEND_LOW_I32X4_S, v));
    set(E, r.l[0]);
    get(E, V1(E, W_I64X2_EXTEND_HIGH_I32X4_S, v));
    set(E, r.l[1]);
    return r;
  }
  case DT_I32 * DT_COUNT + DT_BOOL:
    get(E, V2(E, W_I32X4_NE, x.l[0], VKU(E, 0)));
    set(E, r.l[0]);
    return r;
  case DT_I64 * DT_COUNT + DT_I32:
    narrow_i64_mask(E, x.l[0], x.l[1], r.l[0]); /* lanes 0 and 2 of each */
    return r;
  case DT_I64 * DT_COUNT + DT_BOOL: {
    int z = VKU(E, 0);
    narrow_i64_mask(E, V2(E, W_I64X2_NE, x.l[0], z), V2(E, W_I64X2_NE, x.l[1], z),
                    r.l[0]);
    return r;
  }
  case DT_BOOL * DT_COUNT + DT_F32: /* mask & 1.0f */
    get(E, V2(E, W_V128_AND, x.l[0], VK(E, 1.0f)));
    set(E, r.l[0]);
    return r;
  case DT_BOOL * DT_COUNT + DT_I32:
    get(E, V1(E, W_I32X4_NEG, x.l[0]));
    set(E, r.l[0]);
    return r;
  default: /* f32 -> i64, i64 -> f32: lane by lane */
    return per_lane(E, 2, OP_CAST, NULL, &x, 1, to);
  }
}

static Val binop(Em *E, Op op, Val a, Val b) {
  int mark = E->tcur;
  Val r = binop_(E, op, a, b);
  E->tcur = mark;
  return r;
}
static Val unop(Em *E, Op op, const OpAttrs *at, Val x) {
  int mark = E->tcur;
  Val r = unop_(E, op, at, x);
  E->tcur = mark;
  return r;
}
static Val where(Em *E, Val c, Val a, Val b) {
  int mark = E->tcur;
  Val r = where_(E, c, a, b);
  E->tcur = mark;
  return r;
}
static Val cast(Em *E, Val x, DType to) {
  int mark = E->tcur;
  Val r = cast_(E, x, to);
  E->tcur = mark;
  return r;
}

/* ------------------------------------------------------------------ */
/* Expressions of a nest                                               */
/* ------------------------------------------------------------------ */

/* arange: start + i * step in double, converted as the eager kernel
 * stores it (store_double). */
static Val arange_lane(Em *E, const FExpr *x, int idx_local, int64_t add) {
  const OpAttrs *a = &E->g->nodes[x->node].at;
  DType dt = (DType)x->dt;
  Val r = vnew(E, dt, 1);
  ins_f64(E, a->f[0]);
  get(E, idx_local);
  if (add) {
    i32c(E, add);
    ins(E, W_I32_ADD);
  }
  ins(E, W_F64_CONVERT_I32_S);
  ins_f64(E, a->f[1]);
  ins(E, W_F64_MUL);
  ins(E, W_F64_ADD);
  switch (dt) {
  case DT_F32: ins(E, W_F32_DEMOTE_F64); break;
  case DT_I64: ins(E, W_I64_TRUNC_SAT_F64_S); break;
  case DT_I32: ins(E, W_I32_TRUNC_SAT_F64_S); break;
  default: ins_f64(E, 0); ins(E, W_F64_EQ); ins(E, W_I32_EQZ); break;
  }
  set(E, r.l[0]);
  return r;
}

static Val eval(Em *E, int e);

static Val compute(Em *E, const FExpr *x, int lanes) {
  switch ((FExprKind)x->kind) {
  case FE_LOAD:
    return load(E, x->buf, &x->aff, lanes);
  case FE_CONST:
    return vconst(E, (DType)x->dt, lanes, x->value);
  case FE_INDEX: {
    int idx = local_new(E, T_I32, "idx");
    FAff a = x->aff;
    int64_t c = lanes == 4 && E->vvar >= 0 ? a.c[E->vvar] : 0;
    i32c(E, a.off);
    for (int v = 0; v < F_MAXVARS; v++)
      if (a.c[v]) {
        get(E, E->var[v]);
        i32c(E, a.c[v]);
        ins(E, W_I32_MUL);
        ins(E, W_I32_ADD);
      }
    set(E, idx);
    if (lanes == 1) return arange_lane(E, x, idx, 0);
    Val r = vnew(E, (DType)x->dt, 4);
    for (int k = 0; k < 4; k++) lane_put(E, r, k, arange_lane(E, x, idx, k * c));
    return r;
  }
  case FE_OP: {
    Val a[3];
    for (int k = 0; k < x->nin; k++) a[k] = eval(E, x->a[k]);
    const GNode *nd = &E->g->nodes[x->node];
    switch (dw_ops[x->op].kind) {
    case K_UNARY: return unop(E, (Op)x->op, &nd->at, a[0]);
    case K_BINARY: return binop(E, (Op)x->op, a[0], a[1]);
    default: return where(E, a[0], a[1], a[2]);
    }
  }
  case FE_CAST:
    return cast(E, eval(E, x->a[0]), (DType)x->dt);
  default: /* FE_ACC / FE_MM are set when ready */
    E->internal = "a reduction or matmul value used before it is ready";
    E->oom = true;
    return vconst(E, (DType)x->dt, lanes, 0);
  }
}

/* The value of expr e in the current body (memoised). Outer values used
 * in a 4-lane inner body are splatted. */
static Val eval(Em *E, int e) {
  const FExpr *x = &E->n->ex[e];
  if (!x->inner && E->has[e]) {
    Val v = E->memo[e];
    if (E->in_inner && E->lanes_i == 4 && v.lanes == 1) {
      if (!E->has_splat[e]) {
        int saved = E->fn->node;
        E->fn->node = x->node;
        E->splat[e] = splat(E, v);
        E->fn->node = saved;
        E->has_splat[e] = 1;
      }
      return E->splat[e];
    }
    return v;
  }
  if (x->inner && E->has[e] == 2) return E->memo[e];
  int saved = E->fn->node;
  E->fn->node = x->node;
  Val v = compute(E, x, x->inner ? E->lanes_i : E->lanes_o);
  E->fn->node = saved;
  E->memo[e] = v;
  E->has[e] = x->inner ? 2 : 1;
  return v;
}

static void clear_inner_memo(Em *E) {
  for (int k = 0; k < E->n->nex; k++) {
    if (E->has[k] == 2) E->has[k] = 0;
    E->has_splat[k] = 0;
  }
}

/* Evaluates the outer expressions that become ready after pass q. */
static void eval_ready(Em *E, int q) {
  for (int k = 0; k < E->n->nex; k++) {
    const FExpr *x = &E->n->ex[k];
    if (!x->inner && x->pass == q && x->kind != FE_ACC && x->kind != FE_MM)
      eval(E, k);
  }
}

static void outer_stores(Em *E) {
  for (int k = 0; k < E->n->nst; k++) {
    const FStore *s = &E->n->st[k];
    if (s->pass >= 0) continue;
    Val v = eval(E, s->expr);
    int saved = E->fn->node;
    E->fn->node = s->node;
    store(E, s->buf, &s->aff, v);
    E->fn->node = saved;
  }
}

/* ------------------------------------------------------------------ */
/* Reductions                                                          */
/* ------------------------------------------------------------------ */

/* Float32 sums and means take the cascade order of dwmath.h (DW_SUM_*),
 * the eager kernels' order, in every loop shape:
 *   FV_INNER      8 lanes = two 4-lane slots; steps of 8 (two 4-lane
 *                 bodies), blocks of 128, the tail (< 8 elements) added
 *                 into lanes 0.. one by one (cascade_loop);
 *   other, one inner loop: 8 slots of the outer lanes, steps of 8 bodies
 *                 (body j into slot j), blocks of 128, tail into slots
 *                 0..;
 *   other, several inner loops: the same over a flat counter, the loop
 *                 variables advancing as an odometer (cascade_loop).
 * Levels: lev[l][slot] for l < DW_SUM levels of the nest's reduced count;
 * flushes are lane-wise adds; at the end the levels fold upwards and the
 * 8 lanes of the top one add as a tree. */
typedef struct AccSt {
  Val v[2]; /* running values: FV_INNER two 4-lane slots; else v[0] */
  Val i[2]; /* argmax/argmin: their indices (int32 lanes) */
  Val s, si; /* FV_INNER: the scalar running value after the vector loop */
  Val lev[DW_SUM_MAXLEV][DW_SUM_LANES]; /* cascade levels and slots */
} AccSt;

static bool is_arg(Op op) { return op == OP_ARGMAX || op == OP_ARGMIN; }

/* A float32 sum or mean: the cascade order. */
static bool is_casc(const FAcc *a) {
  return (a->op == OP_SUM || a->op == OP_MEAN) && a->dt == DT_F32;
}
/* Elements reduced into each output of the nest. */
static int64_t inner_count(const FNest *n) {
  int64_t cnt = 1;
  for (int k = n->nouter; k < n->nouter + n->ninner; k++) cnt *= n->ext[k];
  return cnt;
}
/* Cascade slots: FV_INNER two of 4 lanes, else 8 of the outer lanes. */
static int casc_slots(const FNest *n) { return n->vec == FV_INNER ? 2 : 8; }

/* The starting value of an accumulator. */
static double acc_init(Op op, DType dt) {
  bool mx = op == OP_AMAX || op == OP_ARGMAX;
  switch (op) {
  case OP_SUM: case OP_MEAN: return 0;
  case OP_PROD: return 1;
  default:
    switch (dt) {
    case DT_F32: return mx ? -INFINITY : INFINITY;
    case DT_I64: return mx ? (double)INT64_MIN : (double)INT64_MAX;
    case DT_I32: return mx ? (double)INT32_MIN : (double)INT32_MAX;
    default: return mx ? 0 : 1;
    }
  }
}

/* Exact int64 extremes do not survive a double: fix them up. */
static Val acc_const(Em *E, Op op, DType dt, int lanes) {
  double v = acc_init(op, dt);
  if (dt == DT_I64 && (v == (double)INT64_MIN || v == (double)INT64_MAX)) {
    bool mn = v < 0;
    Val r = vnew(E, dt, lanes);
    for (int h = 0; h < halves(r); h++) {
      i64c(E, mn ? INT64_MIN : INT64_MAX);
      if (lanes == 4) ins(E, W_I64X2_SPLAT);
      set(E, r.l[h]);
    }
    return r;
  }
  return vconst(E, dt, lanes, v);
}

/* take = v is "better" than best (argmax: greater, or the first nan). */
static Val arg_better(Em *E, Op op, Val v, Val best) {
  Op cmp = op == OP_ARGMAX ? OP_GT : OP_LT;
  Val t = binop(E, cmp, v, best);
  if (v.dt != DT_F32) return t;
  Val nan = binop(E, OP_NE, v, v), ok = binop(E, OP_EQ, best, best);
  return binop(E, OP_OR, t, binop(E, OP_AND, nan, ok));
}

/* best, bi = (take ? v : best), (take ? vi : bi), in place. */
static void arg_take(Em *E, Val take, Val v, Val vi, Val best, Val bi) {
  Val nb = where(E, take, v, best), ni = where(E, take, vi, bi);
  for (int h = 0; h < halves(best); h++) {
    get(E, nb.l[h]);
    set(E, best.l[h]);
  }
  get(E, ni.l[0]);
  set(E, bi.l[0]);
}

/* Combines a scalar state (vb, ib) into (va, ia): b wins when better, or
 * equal (both nan) with a smaller index. */
static void arg_combine(Em *E, Op op, Val va, Val ia, Val vb, Val ib) {
  Val better = arg_better(E, op, vb, va);
  Val eq = binop(E, OP_EQ, vb, va);
  if (va.dt == DT_F32)
    eq = binop(E, OP_OR, eq, binop(E, OP_AND, binop(E, OP_NE, vb, vb),
                                   binop(E, OP_NE, va, va)));
  Val first = binop(E, OP_LT, ib, ia);
  Val take = binop(E, OP_OR, better, binop(E, OP_AND, eq, first));
  arg_take(E, take, vb, ib, va, ia);
}

/* Linear index of the current point within the reduced dims. */
static Val inner_index(Em *E, int lanes) {
  const FNest *n = E->n;
  Val r = vnew(E, DT_I32, 1);
  i32c(E, 0);
  int64_t w = 1;
  for (int v = n->nouter + n->ninner - 1; v >= n->nouter; v--) {
    get(E, E->var[v]);
    if (w != 1) {
      i32c(E, w);
      ins(E, W_I32_MUL);
    }
    ins(E, W_I32_ADD);
    w *= n->ext[v];
  }
  set(E, r.l[0]);
  if (lanes == 1) return r;
  Val s = splat(E, r);
  if (E->vvar >= n->nouter) { /* the lanes are consecutive elements */
    static const uint32_t iota[4] = {0, 1, 2, 3};
    Val t = vnew(E, DT_I32, 4);
    get(E, s.l[0]);
    ins_v128(E, iota);
    ins(E, W_I32X4_ADD);
    set(E, t.l[0]);
    return t;
  }
  return s;
}

/* Accumulates value v (lanes of the current body) into state slot. */
static void acc_update(Em *E, const FAcc *a, AccSt *st, int slot, Val v) {
  Op op = (Op)a->op;
  if (is_casc(a)) {
    if (E->n->vec == FV_INNER && v.lanes == 1) { /* tail: into lane slot */
      Val c = st->lev[0][slot / 4];
      get(E, c.l[0]);
      get(E, c.l[0]);
      ins_i(E, W_F32X4_EXTRACT_LANE, slot % 4);
      get(E, v.l[0]);
      ins(E, W_F32_ADD);
      ins_i(E, W_F32X4_REPLACE_LANE, slot % 4);
      set(E, c.l[0]);
      return;
    }
    Val c = st->lev[0][slot];
    get(E, c.l[0]);
    get(E, v.l[0]);
    ins(E, v.lanes == 4 ? W_F32X4_ADD : W_F32_ADD);
    set(E, c.l[0]);
    return;
  }
  bool sequential = E->n->vec == FV_INNER && v.lanes == 1;
  if (E->n->vec != FV_INNER) slot = 0; /* one running value, in order */
  Val *cur = sequential ? &st->s : &st->v[slot];
  if (is_arg(op)) {
    Val *ci = sequential ? &st->si : &st->i[slot];
    Val idx = inner_index(E, v.lanes);
    arg_take(E, arg_better(E, op, v, *cur), v, idx, *cur, *ci);
    return;
  }
  if (op == OP_PROD && a->dt == DT_F32 && E->n->vec == FV_INNER) {
    /* float product: strictly in order, lane by lane */
    for (int k = 0; k < v.lanes; k++) {
      Val x = v.lanes == 4 ? lane_get(E, v, k) : v;
      Val r = binop(E, OP_MUL, st->s, x);
      get(E, r.l[0]);
      set(E, st->s.l[0]);
    }
    return;
  }
  Op comb = op == OP_PROD ? OP_MUL : op == OP_AMAX ? OP_MAXIMUM
            : op == OP_AMIN ? OP_MINIMUM : OP_ADD;
  Val r = binop(E, comb, *cur, v);
  for (int h = 0; h < halves(r); h++) {
    get(E, r.l[h]);
    set(E, cur->l[h]);
  }
}

static void acc_begin(Em *E, const FAcc *a, AccSt *st) {
  Op op = (Op)a->op;
  DType dt = (DType)a->dt;
  memset(st, 0, sizeof *st);
  if (is_casc(a)) {
    int L = dw_sum_levels(inner_count(E->n)), ns = casc_slots(E->n);
    int lanes = E->n->vec == FV_INNER ? 4 : E->lanes_o;
    for (int l = 0; l < L; l++)
      for (int k = 0; k < ns; k++) st->lev[l][k] = vconst(E, DT_F32, lanes, 0);
    return;
  }
  if (E->n->vec == FV_INNER) {
    for (int k = 0; k < 2; k++) {
      st->v[k] = acc_const(E, op, dt, 4);
      if (is_arg(op)) st->i[k] = vconst(E, DT_I32, 4, 0);
    }
    st->s = acc_const(E, op, dt, 1);
    st->si = vconst(E, DT_I32, 1, 0);
  } else {
    st->v[0] = acc_const(E, op, dt, E->lanes_o);
    if (is_arg(op)) st->i[0] = vconst(E, DT_I32, E->lanes_o, 0);
  }
}

/* FV_INNER, after the 4-lane loop: folds the two slots into st->s
 * (((a0+a1)+(a2+a3)) + ((b0+b1)+(b2+b3)) for the ops whose order does not
 * matter: int sums, amax, amin; float sums finish in cascade_finish). */
static void acc_fold(Em *E, const FAcc *a, AccSt *st) {
  Op op = (Op)a->op;
  if (is_casc(a)) return; /* cascade_finish */
  if (op == OP_PROD && a->dt == DT_F32) return; /* already sequential */
  if (is_arg(op)) {
    bool first = true;
    for (int k = 0; k < 2; k++)
      for (int j = 0; j < 4; j++) {
        Val v = lane_get(E, st->v[k], j), i = lane_get(E, st->i[k], j);
        if (first) {
          get(E, v.l[0]); set(E, st->s.l[0]);
          get(E, i.l[0]); set(E, st->si.l[0]);
          first = false;
        } else {
          arg_combine(E, op, st->s, st->si, v, i);
        }
      }
    return;
  }
  Op comb = op == OP_PROD ? OP_MUL : op == OP_AMAX ? OP_MAXIMUM
            : op == OP_AMIN ? OP_MINIMUM : OP_ADD;
  Val part[2];
  for (int k = 0; k < 2; k++) {
    Val l[4];
    for (int j = 0; j < 4; j++) l[j] = lane_get(E, st->v[k], j);
    part[k] = binop(E, comb, binop(E, comb, l[0], l[1]),
                    binop(E, comb, l[2], l[3]));
  }
  Val r = binop(E, comb, part[0], part[1]);
  get(E, r.l[0]);
  set(E, st->s.l[0]);
}

/* dst += src (lane-wise), both cascade slots of the same lanes. */
static void casc_add(Em *E, Val dst, Val src) {
  get(E, dst.l[0]);
  get(E, src.l[0]);
  ins(E, dst.lanes == 4 ? W_F32X4_ADD : W_F32_ADD);
  set(E, dst.l[0]);
}
static void casc_zero(Em *E, Val v) {
  static const uint32_t zero[4] = {0, 0, 0, 0};
  if (v.lanes == 4)
    ins_v128(E, zero);
  else
    ins_f32(E, 0.0f);
  set(E, v.l[0]);
}

/* Flushes level l into l + 1 for the cascade accumulators of pass p. */
static void casc_flush(Em *E, int p, AccSt *acc, int l) {
  const FNest *n = E->n;
  for (int k = 0; k < n->nacc; k++) {
    if (n->acc[k].pass != p || !is_casc(&n->acc[k])) continue;
    int saved = E->fn->node;
    E->fn->node = n->acc[k].node;
    for (int j = 0; j < casc_slots(n); j++) {
      casc_add(E, acc[k].lev[l + 1][j], acc[k].lev[l][j]);
      casc_zero(E, acc[k].lev[l][j]);
    }
    E->fn->node = saved;
  }
}

/* At a block end (count = the elements so far, a multiple of the block, in
 * local `count`): flush level 0 into 1, and level l into l + 1 while count
 * is a multiple of DW_SUM_BLOCK * DW_SUM_FAN^l (nested ifs). */
static void casc_block_end(Em *E, int p, AccSt *acc, int count, int L) {
  casc_flush(E, p, acc, 0);
  int opened = 0;
  int64_t span = DW_SUM_BLOCK;
  for (int l = 1; l + 1 < L; l++) {
    span *= DW_SUM_FAN;
    get(E, count);
    i32c(E, span - 1);
    ins(E, W_I32_AND);
    ins(E, W_I32_EQZ);
    ins(E, W_IF);
    opened++;
    casc_flush(E, p, acc, l);
  }
  while (opened--) ins(E, W_END);
}

/* Any cascade accumulator in pass p? */
static bool pass_has_casc(const FNest *n, int p) {
  for (int k = 0; k < n->nacc; k++)
    if (n->acc[k].pass == p && is_casc(&n->acc[k])) return true;
  return false;
}

/* The end of a cascade: levels fold upwards, the top level's 8 lanes add
 * as ((a0+a1)+(a2+a3))+((a4+a5)+(a6+a7)) into st->s (FV_INNER, a scalar)
 * or st->v[0] (the outer lanes). */
static void cascade_finish(Em *E, AccSt *st) {
  const FNest *n = E->n;
  int L = dw_sum_levels(inner_count(n)), ns = casc_slots(n);
  for (int l = 0; l + 1 < L; l++)
    for (int j = 0; j < ns; j++) casc_add(E, st->lev[l + 1][j], st->lev[l][j]);
  Val t[DW_SUM_LANES];
  for (int j = 0; j < DW_SUM_LANES; j++)
    t[j] = n->vec == FV_INNER ? lane_get(E, st->lev[L - 1][j / 4], j % 4)
                              : st->lev[L - 1][j];
  Val r = binop(E, OP_ADD, binop(E, OP_ADD, binop(E, OP_ADD, t[0], t[1]),
                                 binop(E, OP_ADD, t[2], t[3])),
                binop(E, OP_ADD, binop(E, OP_ADD, t[4], t[5]),
                      binop(E, OP_ADD, t[6], t[7])));
  if (n->vec == FV_INNER)
    st->s = r;
  else
    st->v[0] = r;
}

/* The final value of an accumulator (dtype of the reduction's result). */
static Val acc_result(Em *E, const FAcc *a, AccSt *st) {
  Op op = (Op)a->op;
  bool inner = E->n->vec == FV_INNER;
  Val v = inner ? st->s : st->v[0];
  if (is_arg(op)) return cast(E, inner ? st->si : st->i[0], DT_I64);
  if (op == OP_MEAN) {
    int64_t cnt = 1;
    for (int k = E->n->nouter; k < E->n->nouter + E->n->ninner; k++)
      cnt *= E->n->ext[k];
    return binop(E, OP_DIV, v, vconst(E, DT_F32, v.lanes, (float)cnt));
  }
  return v;
}

/* ------------------------------------------------------------------ */
/* Loops                                                               */
/* ------------------------------------------------------------------ */

/* Sets every row-base local to its address for the current indices. */
static void set_row_bases(Em *E) {
  for (int k = 0; k < E->nrb; k++) {
    const RowBase *r = &E->rb[k];
    FAff a = r->base;
    uint32_t off = push_addr(E, r->buf, &a);
    if (off) {
      i32c(E, off);
      ins(E, W_I32_ADD);
    }
    set(E, r->local);
  }
}

/* Innermost loops are emitted in two steps: loop_capture() before, then
 * loop_splice() after, which puts the row bases the loop asked for in
 * front of it (the loop's code is cut out, the bases emitted, the loop
 * appended again). */
typedef struct Capture {
  size_t bin, txt;
  int nloc;
} Capture;

static Capture loop_capture(Em *E, int v) {
  E->rb_var = v;
  E->nrb = 0;
  return (Capture){E->fn->bin.len, E->fn->txt.len, E->fn->nloc};
}

static void loop_splice(Em *E, Capture c) {
  Fn *f = E->fn;
  E->rb_var = -1;
  size_t nb = f->bin.len - c.bin, nt = f->txt.len - c.txt;
  char *bin = malloc(nb + 1), *txt = malloc(nt + 1);
  int nl = f->nloc - c.nloc;
  Loc *loc = malloc(((size_t)nl + 1) * sizeof *loc);
  if (!bin || !txt || !loc) {
    free(bin);
    free(txt);
    free(loc);
    E->oom = true;
    return;
  }
  memcpy(bin, f->bin.p + c.bin, nb);
  memcpy(txt, f->txt.p + c.txt, nt);
  memcpy(loc, f->loc + c.nloc, (size_t)nl * sizeof *loc);
  f->bin.len = c.bin;
  f->txt.len = c.txt;
  f->nloc = c.nloc;
  set_row_bases(E);
  size_t shift = f->bin.len - c.bin;
  dwB_putn(&f->bin, bin, nb);
  dwB_putn(&f->txt, txt, nt);
  for (int k = 0; k < nl; k++) {
    loc[k].off += (uint32_t)shift;
    if (!DW_GROW(f->loc, f->caploc, f->nloc, 64)) {
      E->oom = true;
      break;
    }
    f->loc[f->nloc++] = loc[k];
  }
  free(bin);
  free(txt);
  free(loc);
}

static void loop_open(Em *E, int var, int64_t start) {
  i32c(E, start);
  set(E, var);
  ins(E, W_LOOP);
}
static void loop_close(Em *E, int var, int64_t step, int64_t end) {
  get(E, var);
  i32c(E, step);
  ins(E, W_I32_ADD);
  ins_i(E, W_LOCAL_TEE, var);
  i32c(E, end);
  ins(E, W_I32_LT_U);
  ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
}

/* One execution of the inner body of pass p: accumulators and stores. */
static void inner_body(Em *E, int p, AccSt *acc, int slot) {
  const FNest *n = E->n;
  clear_inner_memo(E);
  E->in_inner = true;
  for (int k = 0; k < n->nacc; k++) {
    if (n->acc[k].pass != p) continue;
    Val v = eval(E, n->acc[k].in);
    int saved = E->fn->node;
    E->fn->node = n->acc[k].node;
    acc_update(E, &n->acc[k], &acc[k], slot, v);
    E->fn->node = saved;
  }
  for (int k = 0; k < n->nst; k++) {
    const FStore *s = &n->st[k];
    if (s->pass != p) continue;
    Val v = eval(E, s->expr);
    int saved = E->fn->node;
    E->fn->node = s->node;
    store(E, s->buf, &s->aff, v);
    E->fn->node = saved;
  }
  E->in_inner = false;
}

/* After an element of the flat loop of several inner loops: the next
 * element's loop variables (the innermost + 1, carried into the outer
 * ones), and, when the innermost wraps, the row bases of the loads again
 * (computed in front of the loop by loop_splice, they hold the outer inner
 * variables). */
static void odometer_step(Em *E) {
  const FNest *n = E->n;
  int first = n->nouter, last = n->nouter + n->ninner - 1;
  int opened = 0;
  for (int v = last; v > first; v--) {
    get(E, E->var[v]);
    i32c(E, 1);
    ins(E, W_I32_ADD);
    ins_i(E, W_LOCAL_TEE, E->var[v]);
    i32c(E, n->ext[v]);
    ins(E, W_I32_EQ);
    ins(E, W_IF);
    opened++;
    i32c(E, 0);
    set(E, E->var[v]);
  }
  get(E, E->var[first]);
  i32c(E, 1);
  ins(E, W_I32_ADD);
  set(E, E->var[first]);
  while (opened > 1) { /* close the ifs of the outer carries */
    ins(E, W_END);
    opened--;
  }
  int rb_var = E->rb_var;
  E->rb_var = -1;
  set_row_bases(E);
  E->rb_var = rb_var;
  ins(E, W_END);
}

/* The inner loops of a pass with cascade accumulators (see AccSt), as one
 * flat loop over the R reduced elements: steps of 8 (FV_INNER: two 4-lane
 * bodies, slots 0 and 1; else 8 bodies, slots 0..7) in blocks of
 * DW_SUM_BLOCK with the flushes between blocks, the steps of the last
 * partial block, the non-cascade accumulators folded (FV_INNER), then the
 * tail element by element (lane / slot t). One inner loop: its variable
 * is the flat index. Several: a flat counter drives the loop, the loop
 * variables advance as an odometer (odometer_step). outer_body finishes the
 * cascades. */
static void cascade_loop(Em *E, int p, AccSt *acc) {
  const FNest *n = E->n;
  int64_t R = inner_count(n);
  if (R == 0) return;
  bool vec = n->vec == FV_INNER, multi = n->ninner > 1;
  int lanes = vec ? 4 : 1, bps = DW_SUM_LANES / lanes;
  int L = dw_sum_levels(R);
  int64_t base = L > 1 ? R / DW_SUM_BLOCK * DW_SUM_BLOCK : 0;
  int64_t full = base + ((R - base) & ~(int64_t)(DW_SUM_LANES - 1));
  int v = n->nouter + n->ninner - 1, var = E->var[v];
  int flat = multi ? local_new(E, T_I32, "r") : var;
  int lanes_i = E->lanes_i, vvar = E->vvar;
  for (int k = n->nouter; k < v; k++) {
    i32c(E, 0);
    set(E, E->var[k]);
  }
  i32c(E, 0);
  set(E, var);
  Capture cap = loop_capture(E, v);
  if (multi) {
    i32c(E, 0);
    set(E, flat);
  }
  for (int part = 0; part < 2; part++) {
    int64_t end = part ? full : base;
    if (end <= (part ? base : 0)) continue;
    if (vec) {
      E->lanes_i = 4;
      E->vvar = v;
    }
    if (!part) ins(E, W_LOOP); /* blocks */
    ins(E, W_LOOP);            /* steps of 8 */
    for (int j = 0; j < bps; j++) {
      inner_body(E, p, acc, j);
      if (multi) {
        odometer_step(E);
      } else {
        get(E, var);
        i32c(E, lanes);
        ins(E, W_I32_ADD);
        set(E, var);
      }
    }
    if (multi) {
      get(E, flat);
      i32c(E, DW_SUM_LANES);
      ins(E, W_I32_ADD);
      set(E, flat);
    }
    get(E, flat);
    if (!part) {
      i32c(E, DW_SUM_BLOCK - 1);
      ins(E, W_I32_AND);
    } else {
      i32c(E, end);
      ins(E, W_I32_LT_U);
    }
    ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
    E->lanes_i = lanes_i;
    E->vvar = vvar;
    if (!part) {
      casc_block_end(E, p, acc, flat, L);
      get(E, flat);
      i32c(E, end);
      ins(E, W_I32_LT_U);
      ins_i(E, W_BR_IF, 0);
      ins(E, W_END);
    }
  }
  if (vec)
    for (int k = 0; k < n->nacc; k++)
      if (n->acc[k].pass == p) acc_fold(E, &n->acc[k], &acc[k]);
  for (int64_t t = 0; full + t < R; t++) {
    if (!multi) {
      i32c(E, full + t);
      set(E, var);
    }
    inner_body(E, p, acc, (int)t);
    if (multi && full + t + 1 < R) odometer_step(E);
  }
  loop_splice(E, cap);
}

static void inner_loops(Em *E, int v, int p, AccSt *acc) {
  const FNest *n = E->n;
  if (v == n->nouter + n->ninner) {
    inner_body(E, p, acc, 0);
    return;
  }
  int64_t ext = n->ext[v];
  if (ext == 0) return;
  if (v == n->nouter && pass_has_casc(n, p)) {
    cascade_loop(E, p, acc);
    return;
  }
  if (n->vec == FV_INNER && v == n->nouter + n->ninner - 1) {
    /* (no float sum in this pass) two 4-lane bodies per step of 8, the
     * slots folded, then the rest in order */
    int64_t full = ext & ~(int64_t)7;
    if (full) {
      E->lanes_i = 4;
      E->vvar = v;
      Capture cap = loop_capture(E, v);
      loop_open(E, E->var[v], 0);
      inner_body(E, p, acc, 0);
      get(E, E->var[v]);
      i32c(E, 4);
      ins(E, W_I32_ADD);
      set(E, E->var[v]);
      inner_body(E, p, acc, 1);
      loop_close(E, E->var[v], 4, full);
      loop_splice(E, cap);
    }
    E->lanes_i = 1;
    E->vvar = -1;
    for (int k = 0; k < n->nacc; k++)
      if (n->acc[k].pass == p) acc_fold(E, &n->acc[k], &acc[k]);
    if (ext > full) {
      Capture cap = loop_capture(E, v);
      loop_open(E, E->var[v], full);
      inner_body(E, p, acc, 0);
      loop_close(E, E->var[v], 1, ext);
      loop_splice(E, cap);
    }
    return;
  }
  bool innermost = v == n->nouter + n->ninner - 1;
  Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
  loop_open(E, E->var[v], 0);
  inner_loops(E, v + 1, p, acc);
  loop_close(E, E->var[v], 1, ext);
  if (innermost) loop_splice(E, cap);
}

/* The body of the outer loops: passes, then the outer stores. */
static void outer_body(Em *E) {
  const FNest *n = E->n;
  memset(E->has, 0, (size_t)n->nex);
  memset(E->has_splat, 0, (size_t)n->nex);
  E->lanes_i = E->lanes_o;
  eval_ready(E, -1);
  AccSt *acc = calloc((size_t)n->nacc + 1, sizeof *acc);
  if (!acc) {
    E->oom = true;
    return;
  }
  for (int p = 0; p < n->npass; p++) {
    for (int k = 0; k < n->nacc; k++)
      if (n->acc[k].pass == p) {
        int saved = E->fn->node;
        E->fn->node = n->acc[k].node;
        acc_begin(E, &n->acc[k], &acc[k]);
        E->fn->node = saved;
      }
    int vsaved = E->vvar;
    inner_loops(E, n->nouter, p, acc);
    E->vvar = vsaved;
    E->lanes_i = E->lanes_o;
    if (pass_has_casc(n, p)) {
      for (int k = 0; k < n->nacc; k++)
        if (n->acc[k].pass == p && is_casc(&n->acc[k])) {
          int saved = E->fn->node;
          E->fn->node = n->acc[k].node;
          cascade_finish(E, &acc[k]);
          E->fn->node = saved;
        }
    }
    for (int k = 0; k < n->nacc; k++) {
      if (n->acc[k].pass != p) continue;
      int saved = E->fn->node;
      E->fn->node = n->acc[k].node;
      Val r = acc_result(E, &n->acc[k], &acc[k]);
      E->fn->node = saved;
      for (int j = 0; j < n->nex; j++)
        if (n->ex[j].kind == FE_ACC && n->ex[j].acc == k) {
          E->memo[j] = r;
          E->has[j] = 1;
        }
    }
    eval_ready(E, p);
  }
  free(acc);
  outer_stores(E);
}

/* The outermost loop of a chunked nest: rows [lo, hi) given as the
 * function's parameters 1 and 2 (never empty). */
static void outer_loops(Em *E, int v);
static void chunk_loop(Em *E, bool innermost) {
  const FNest *n = E->n;
  enum { LO = 1, HI = 2 };
  int var = E->var[0];
  if (n->vec == FV_OUTER && n->nouter == 1) {
    /* lanes over [lo, hi & ~3), then the rest one by one; lo % 4 == 0 */
    int hi4 = local_new(E, T_I32, "hi4");
    get(E, HI); i32c(E, ~3); ins(E, W_I32_AND); set(E, hi4);
    get(E, LO); set(E, var);
    ins(E, W_BLOCK);
    get(E, var); get(E, hi4); ins(E, W_I32_GE_U); ins_i(E, W_BR_IF, 0);
    E->lanes_o = 4;
    E->vvar = 0;
    Capture cap = innermost ? loop_capture(E, 0) : (Capture){0, 0, 0};
    ins(E, W_LOOP);
    outer_body(E);
    get(E, var); i32c(E, 4); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
    get(E, hi4); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
    if (innermost) loop_splice(E, cap);
    ins(E, W_END);
    E->lanes_o = 1;
    E->vvar = -1;
    get(E, hi4); set(E, var);
    ins(E, W_BLOCK);
    get(E, var); get(E, HI); ins(E, W_I32_GE_U); ins_i(E, W_BR_IF, 0);
    cap = innermost ? loop_capture(E, 0) : (Capture){0, 0, 0};
    ins(E, W_LOOP);
    outer_body(E);
    get(E, var); i32c(E, 1); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
    get(E, HI); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
    ins(E, W_END);
    if (innermost) loop_splice(E, cap);
    ins(E, W_END);
    return;
  }
  get(E, LO); set(E, var);
  Capture cap = innermost ? loop_capture(E, 0) : (Capture){0, 0, 0};
  ins(E, W_LOOP);
  outer_loops(E, 1);
  get(E, var); i32c(E, 1); ins(E, W_I32_ADD); ins_i(E, W_LOCAL_TEE, var);
  get(E, HI); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
  ins(E, W_END);
  if (innermost) loop_splice(E, cap);
}

static void outer_loops(Em *E, int v) {
  const FNest *n = E->n;
  if (v == n->nouter) {
    outer_body(E);
    return;
  }
  int64_t ext = n->ext[v];
  if (ext == 0) return;
  /* the last outer loop is innermost when no pass has inner loops */
  bool innermost = v == n->nouter - 1 && (n->ninner == 0 || n->npass == 0);
  if (v == 0 && E->chunk[E->n - E->p->nest] > 0) {
    chunk_loop(E, innermost);
    return;
  }
  if (n->vec == FV_OUTER && v == n->nouter - 1) {
    int64_t full = ext & ~(int64_t)3;
    if (full) {
      E->lanes_o = 4;
      E->vvar = v;
      Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
      loop_open(E, E->var[v], 0);
      outer_body(E);
      loop_close(E, E->var[v], 4, full);
      if (innermost) loop_splice(E, cap);
    }
    E->lanes_o = 1;
    E->vvar = -1;
    if (ext > full) {
      Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
      loop_open(E, E->var[v], full);
      outer_body(E);
      loop_close(E, E->var[v], 1, ext);
      if (innermost) loop_splice(E, cap);
    }
    return;
  }
  Capture cap = innermost ? loop_capture(E, v) : (Capture){0, 0, 0};
  loop_open(E, E->var[v], 0);
  outer_loops(E, v + 1);
  loop_close(E, E->var[v], 1, ext);
  if (innermost) loop_splice(E, cap);
}

/* ------------------------------------------------------------------ */
/* Matmul: register-tiled micro-kernel with the epilogue fused         */
/* ------------------------------------------------------------------ */

typedef struct MM {
  int lm, ln, lk;   /* loop counters (row, column, k) */
  int pa[4], pb;    /* A row pointers and the B pointer */
} MM;

/* Address of buffer buf at aff (current variables) into a new local. */
static int addr_local(Em *E, int buf, const FAff *aff) {
  int t = local_new(E, T_I32, "p");
  uint32_t off = push_addr(E, buf, aff);
  if (off) {
    i32c(E, off);
    ins(E, W_I32_ADD);
  }
  set(E, t);
  return t;
}

/* Tile of mr rows x nv vectors (lanes 4) or mr x 1 (lanes 1) at (lm, ln). */
static void mm_micro(Em *E, MM *mm, int mr, int nv, int lanes) {
  const FNest *n = E->n;
  int nb = n->nouter - 2, vm = nb, vn = nb + 1, vk = nb + 2;
  DType dt = (DType)n->mm_dt;
  int es = (int)dwT_dtype_size[dt];
  int64_t K = n->ext[vk];
  int cm = E->var[vm], cn = E->var[vn];
  /* pointers at k = 0 */
  i32c(E, 0);
  set(E, E->var[vk]);
  get(E, mm->ln);
  set(E, cn);
  for (int i = 0; i < mr; i++) {
    get(E, mm->lm);
    if (i) {
      i32c(E, i);
      ins(E, W_I32_ADD);
    }
    set(E, cm);
    mm->pa[i] = addr_local(E, n->mm_a, &n->mm_aa);
  }
  mm->pb = addr_local(E, n->mm_b, &n->mm_ab);
  Val acc[4][2];
  for (int i = 0; i < mr; i++)
    for (int j = 0; j < nv; j++) acc[i][j] = vconst(E, dt, lanes, 0);
  if (K > 0) {
    E->vvar = -1;
    loop_open(E, mm->lk, 0);
    Val b[2];
    for (int j = 0; j < nv; j++) {
      b[j] = vnew(E, dt, lanes);
      for (int h = 0; h < halves(b[j]); h++) {
        get(E, mm->pb);
        if (lanes == 4)
          ins_mem(E, W_V128_LOAD, es, (uint32_t)(j * 4 * es + h * 16));
        else
          ins_mem(E, scalar_load_op(dt), es, 0);
        set(E, b[j].l[h]);
      }
    }
    for (int i = 0; i < mr; i++) {
      Val a = vnew(E, dt, 1);
      get(E, mm->pa[i]);
      ins_mem(E, scalar_load_op(dt), es, 0);
      set(E, a.l[0]);
      if (lanes == 4) a = splat(E, a);
      for (int j = 0; j < nv; j++) { /* acc += a * b, in k order */
        Val s = binop(E, OP_ADD, acc[i][j], binop(E, OP_MUL, a, b[j]));
        for (int h = 0; h < halves(s); h++) {
          get(E, s.l[h]);
          set(E, acc[i][j].l[h]);
        }
      }
    }
    for (int i = 0; i < mr; i++) {
      get(E, mm->pa[i]);
      i32c(E, n->mm_aa.c[vk] * es);
      ins(E, W_I32_ADD);
      set(E, mm->pa[i]);
    }
    get(E, mm->pb);
    i32c(E, n->mm_ab.c[vk] * es);
    ins(E, W_I32_ADD);
    set(E, mm->pb);
    loop_close(E, mm->lk, 1, K);
  }
  /* epilogue: the outer exprs on each accumulator */
  for (int i = 0; i < mr; i++)
    for (int j = 0; j < nv; j++) {
      get(E, mm->lm);
      if (i) {
        i32c(E, i);
        ins(E, W_I32_ADD);
      }
      set(E, cm);
      get(E, mm->ln);
      if (j) {
        i32c(E, 4 * j);
        ins(E, W_I32_ADD);
      }
      set(E, cn);
      E->lanes_o = E->lanes_i = lanes;
      E->vvar = lanes == 4 ? vn : -1;
      memset(E->has, 0, (size_t)n->nex);
      for (int k = 0; k < n->nex; k++)
        if (n->ex[k].kind == FE_MM) {
          E->memo[k] = acc[i][j];
          E->has[k] = 1;
        }
      eval_ready(E, -1);
      outer_stores(E);
    }
}

static void mm_cols(Em *E, MM *mm, int mr) {
  const FNest *n = E->n;
  int nb = n->nouter - 2;
  int64_t N = n->ext[nb + 1];
  bool vec = N >= 4;
  int64_t n8 = vec ? N & ~(int64_t)7 : 0, start = n8;
  if (n8) {
    loop_open(E, mm->ln, 0);
    mm_micro(E, mm, mr, 2, 4);
    loop_close(E, mm->ln, 8, n8);
  }
  if (vec && N - start >= 4) {
    i32c(E, start);
    set(E, mm->ln);
    mm_micro(E, mm, mr, 1, 4);
    start += 4;
  }
  if (N > start) {
    loop_open(E, mm->ln, start);
    mm_micro(E, mm, mr, 1, 1);
    loop_close(E, mm->ln, 1, N);
  }
}

static void mm_batch(Em *E, MM *mm, int v) {
  const FNest *n = E->n;
  int nb = n->nouter - 2;
  if (v < nb) {
    if (n->ext[v] == 0) return;
    loop_open(E, E->var[v], 0);
    mm_batch(E, mm, v + 1);
    loop_close(E, E->var[v], 1, n->ext[v]);
    return;
  }
  int64_t M = n->ext[nb], N = n->ext[nb + 1];
  if (M == 0 || N == 0) return;
  int64_t rows4 = M & ~(int64_t)3;
  if (rows4) {
    loop_open(E, mm->lm, 0);
    mm_cols(E, mm, 4);
    loop_close(E, mm->lm, 4, rows4);
  }
  if (M > rows4) {
    loop_open(E, mm->lm, rows4);
    mm_cols(E, mm, 1);
    loop_close(E, mm->lm, 1, M);
  }
}

/* ------------------------------------------------------------------ */
/* Nests -> functions                                                  */
/* ------------------------------------------------------------------ */

static const uint8_t k_types[1] = {T_I32};
static const char *const k_names[1] = {"args"};
static const uint8_t c_types[3] = {T_I32, T_I32, T_I32};
static const char *const c_names[3] = {"args", "lo", "hi"};

/* Big nests run as several calls over row ranges of their outermost loop:
 * V8 first runs a module in its baseline tier and tiers hot functions up
 * between calls (never inside one), so a single long call would stay slow.
 * Returns the rows per call (about 64K loop iterations), or 0. */
static int64_t chunk_rows(const FNest *n) {
  if (n->kind == FN_MATMUL || n->nouter == 0 || n->ext[0] < 4) return 0;
  int64_t total = 1;
  for (int v = 0; v < n->nouter + n->ninner; v++) total *= n->ext[v];
  if (total < ((int64_t)1 << 18)) return 0;
  int64_t per_row = total / n->ext[0];
  int64_t rows = ((int64_t)1 << 16) / (per_row ? per_row : 1);
  if (rows < 1) rows = 1;
  if (n->vec == FV_OUTER && n->nouter == 1) rows = (rows + 3) & ~(int64_t)3;
  return rows < n->ext[0] ? rows : 0;
}

/* The graph node a nest is attributed to (its first store). */
static int nest_node(const FNest *n) {
  if (n->nst) return n->st[0].node;
  if (n->nacc) return n->acc[0].node;
  return n->mm_node;
}

/* Function name after the source lines it computes: nest2_lines_5_7. */
static void nest_name(Em *E, const FNest *n, int k, char *out, size_t cap) {
  int lo = 1 << 30, hi = -1;
  for (int j = 0; j <= n->nex + n->nst; j++) {
    int node = j < n->nex ? n->ex[j].node
               : j < n->nex + n->nst ? n->st[j - n->nex].node : n->mm_node;
    if (node < 0) continue;
    const GNode *nd = &E->g->nodes[node];
    if (nd->op == OP_INPUT || nd->op == OP_CONST) continue;
    if (nd->line < lo) lo = nd->line;
    if (nd->line > hi) hi = nd->line;
  }
  if (hi < 0)
    snprintf(out, cap, "nest%d", k);
  else if (lo == hi)
    snprintf(out, cap, "nest%d_line_%d", k, lo);
  else
    snprintf(out, cap, "nest%d_lines_%d_%d", k, lo, hi);
}

static bool emit_nest(Em *E, int k) {
  const FPlan *p = E->p;
  const FNest *n = &p->nest[k];
  Fn *f = E->fns[k + 1]; /* made by dwW_emit, so helpers come after */
  E->fn = f;
  E->ntpool = E->tcur = 0; /* temporaries are per function */
  E->n = n;
  f->node = nest_node(n);
  /* buffer addresses */
  for (int b = 0; b < p->nbuf; b++) E->ptr[b] = -1;
  for (int j = 0; j <= n->nex + n->nst + 1; j++) {
    int b = j < n->nex ? (n->ex[j].kind == FE_LOAD ? n->ex[j].buf : -1)
            : j < n->nex + n->nst ? n->st[j - n->nex].buf
            : j == n->nex + n->nst ? (n->kind == FN_MATMUL ? n->mm_a : -1)
                                   : (n->kind == FN_MATMUL ? n->mm_b : -1);
    if (b < 0 || E->ptr[b] >= 0) continue;
    const FBuf *fb = &p->buf[b];
    int slot = fb->kind == FB_INPUT    ? fb->slot
               : fb->kind == FB_OUTPUT ? p->ninputs + fb->slot
                                       : p->ninputs + p->noutputs;
    E->ptr[b] = local_new(E, T_I32, fb->kind == FB_INPUT    ? "in"
                                    : fb->kind == FB_OUTPUT ? "out"
                                                            : "tmp");
    get(E, E->args);
    ins_mem(E, W_I32_LOAD, 4, (uint32_t)(4 * slot));
    if (fb->kind == FB_SCRATCH && fb->offset) {
      i32c(E, (int64_t)fb->offset);
      ins(E, W_I32_ADD);
    }
    set(E, E->ptr[b]);
  }
  for (int v = 0; v < n->nouter + n->ninner; v++) {
    const char *pre = n->kind == FN_MATMUL
                          ? (v == n->nouter - 2 ? "m" : v == n->nouter - 1 ? "n"
                             : v == n->nouter ? "k" : "b")
                      : v < n->nouter ? "o" : "i";
    E->var[v] = local_new(E, T_I32, pre);
  }
  E->memo = calloc((size_t)n->nex + 1, sizeof *E->memo);
  E->splat = calloc((size_t)n->nex + 1, sizeof *E->splat);
  E->has = calloc((size_t)n->nex + 1, 1);
  E->has_splat = calloc((size_t)n->nex + 1, 1);
  if (!E->memo || !E->splat || !E->has || !E->has_splat) E->oom = true;
  E->lanes_o = E->lanes_i = 1;
  E->vvar = -1;
  E->rb_var = -1;
  E->in_inner = false;
  if (!E->oom) {
    if (n->kind == FN_MATMUL) {
      MM mm;
      mm.lm = local_new(E, T_I32, "mt");
      mm.ln = local_new(E, T_I32, "nt");
      mm.lk = local_new(E, T_I32, "kt");
      mm_batch(E, &mm, 0);
    } else {
      outer_loops(E, 0);
    }
  }
  i32c(E, DW_KERR_OK);
  free(E->memo);
  free(E->splat);
  free(E->has);
  free(E->has_splat);
  E->memo = E->splat = NULL;
  E->has = E->has_splat = NULL;
  return !E->oom;
}

/* The exported kernel: calls the nests in order, stops at a nonzero
 * status. */
static bool emit_kernel(Em *E) {
  Fn *f = E->fns[0];
  E->fn = f;
  f->node = -1;
  int st = local_new(E, T_I32, "status");
  int lo = local_new(E, T_I32, "lo"), hi = local_new(E, T_I32, "hi");
  for (int k = 0; k < E->p->nnest; k++) {
    const FNest *n = &E->p->nest[k];
    int64_t ch = E->chunk[k], ext = n->ext[0];
    f->node = nest_node(n);
    if (!ch) {
      get(E, E->args);
      ins_i(E, W_CALL, k + 1);
      ins_i(E, W_LOCAL_TEE, st);
      ins(E, W_IF);
      get(E, st);
      ins(E, W_RETURN);
      ins(E, W_END);
      continue;
    }
    /* rows [0, ch), then [ch, 2ch), ... from a second call site (two call
     * sites keep Binaryen from inlining the nest back into one call) */
    for (int site = 0; site < 2; site++) {
      if (site) {
        i32c(E, ch);
        set(E, lo);
        ins(E, W_LOOP);
        get(E, lo); i32c(E, ch); ins(E, W_I32_ADD); set(E, hi);
        get(E, hi); i32c(E, ext); get(E, hi); i32c(E, ext); ins(E, W_I32_LT_U);
        ins(E, W_SELECT); set(E, hi);
      }
      get(E, E->args);
      if (site) get(E, lo); else i32c(E, 0);
      if (site) get(E, hi); else i32c(E, ch);
      ins_i(E, W_CALL, k + 1);
      ins_i(E, W_LOCAL_TEE, st);
      ins(E, W_IF);
      get(E, st);
      ins(E, W_RETURN);
      ins(E, W_END);
      if (site) {
        get(E, hi); set(E, lo);
        get(E, lo); i32c(E, ext); ins(E, W_I32_LT_U); ins_i(E, W_BR_IF, 0);
        ins(E, W_END);
      }
    }
  }
  f->node = -1;
  i32c(E, DW_KERR_OK);
  return !E->oom;
}

/* ------------------------------------------------------------------ */
/* The module                                                          */
/* ------------------------------------------------------------------ */

/* Types and the memory stay unnamed (the binary's name section names only
 * functions and locals), so the text reads back as the same module. */
static const char *const type_text[3] = {
    "(type (func (param i32) (result i32)))",
    "(type (func (param f32 f32) (result f32)))",
    "(type (func (param i32 i32 i32) (result i32)))"};

static const char *valtype_text(uint8_t t) {
  switch (t) {
  case T_I32: return "i32";
  case T_I64: return "i64";
  case T_F32: return "f32";
  case T_F64: return "f64";
  default: return "v128";
  }
}

/* Local declarations (runs of one type) of a function body. */
static void put_locals(Buf *b, const Fn *f) {
  int groups = 0;
  for (int k = f->nparams; k < f->nl; k++)
    if (k == f->nparams || f->lt[k] != f->lt[k - 1]) groups++;
  put_uleb(b, (uint64_t)groups);
  for (int k = f->nparams; k < f->nl;) {
    int j = k;
    while (j < f->nl && f->lt[j] == f->lt[k]) j++;
    put_uleb(b, (uint64_t)(j - k));
    put_u8(b, f->lt[k]);
    k = j;
  }
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static void put_vlq(Buf *b, int64_t v) {
  uint64_t u = v < 0 ? ((uint64_t)(-v) << 1) | 1 : (uint64_t)v << 1;
  do {
    int digit = (int)(u & 31);
    u >>= 5;
    if (u) digit |= 32;
    dwB_putc(b, b64[digit]);
  } while (u);
}

static bool assemble(Em *E, WasmModule *out) {
  Buf mod = {0}, sec = {0}, txt = {0}, map = {0};
  static const uint8_t header[8] = {0, 'a', 's', 'm', 1, 0, 0, 0};
  dwB_putn(&mod, (const char *)header, 8);
  /* types */
  put_uleb(&sec, 3); /* kernel / nest, helpers, chunked nest */
  put_u8(&sec, 0x60); put_uleb(&sec, 1); put_u8(&sec, T_I32);
  put_uleb(&sec, 1); put_u8(&sec, T_I32);
  put_u8(&sec, 0x60); put_uleb(&sec, 2); put_u8(&sec, T_F32); put_u8(&sec, T_F32);
  put_uleb(&sec, 1); put_u8(&sec, T_F32);
  put_u8(&sec, 0x60); put_uleb(&sec, 3); put_u8(&sec, T_I32); put_u8(&sec, T_I32);
  put_u8(&sec, T_I32); put_uleb(&sec, 1); put_u8(&sec, T_I32);
  put_section(&mod, 1, &sec);
  sec.len = 0;
  /* import env.memory (min 0 pages) */
  put_uleb(&sec, 1);
  put_name(&sec, "env");
  put_name(&sec, "memory");
  put_u8(&sec, 0x02); put_u8(&sec, 0x00); put_uleb(&sec, 0);
  put_section(&mod, 2, &sec);
  sec.len = 0;
  /* functions */
  put_uleb(&sec, (uint64_t)E->nfn);
  for (int k = 0; k < E->nfn; k++) put_uleb(&sec, (uint64_t)E->fns[k]->type);
  put_section(&mod, 3, &sec);
  sec.len = 0;
  /* export "kernel" */
  put_uleb(&sec, 1);
  put_name(&sec, "kernel");
  put_u8(&sec, 0x00);
  put_uleb(&sec, 0);
  put_section(&mod, 7, &sec);
  sec.len = 0;
  /* code: bodies, keeping where each starts for the source map */
  size_t *body_at = calloc((size_t)E->nfn + 1, sizeof *body_at);
  Buf body = {0};
  if (!body_at) E->oom = true;
  put_uleb(&sec, (uint64_t)E->nfn);
  for (int k = 0; body_at && k < E->nfn; k++) {
    const Fn *f = E->fns[k];
    body.len = 0;
    put_locals(&body, f);
    size_t locals_len = body.len;
    if (f->bin.len) dwB_putn(&body, f->bin.p, f->bin.len);
    put_u8(&body, 0x0b);
    put_uleb(&sec, body.len);
    body_at[k] = sec.len + locals_len; /* relative to the section content */
    dwB_putn(&sec, body.p, body.len);
  }
  dwB_free(&body);
  put_u8(&mod, 10);
  put_uleb(&mod, sec.len);
  size_t code_at = mod.len;
  dwB_putn(&mod, sec.p, sec.len);
  sec.len = 0;
  /* source map v3: generated column = byte offset in the module */
  dwB_puts(&map, "{\"version\":3,\"sources\":[");
  dwB_json_str(&map, E->file, strlen(E->file));
  dwB_puts(&map, "],\"names\":[],\"mappings\":\"");
  int64_t pcol = 0, pline = 0, pscol = 0;
  bool first = true;
  for (int k = 0; body_at && k < E->nfn; k++) {
    const Fn *f = E->fns[k];
    for (int j = 0; j < f->nloc; j++) {
      const GNode *nd = &E->g->nodes[f->loc[j].node];
      int64_t col = (int64_t)(code_at + body_at[k] + f->loc[j].off);
      if (!first) dwB_putc(&map, ',');
      put_vlq(&map, col - pcol);
      put_vlq(&map, 0);
      put_vlq(&map, (nd->line - 1) - pline);
      put_vlq(&map, nd->col - pscol);
      pcol = col;
      pline = nd->line - 1;
      pscol = nd->col;
      first = false;
    }
  }
  dwB_puts(&map, "\"}");
  free(body_at);
  /* name section: function names and local names */
  {
    Buf sub = {0};
    put_name(&sec, "name");
    put_uleb(&sub, (uint64_t)E->nfn);
    for (int k = 0; k < E->nfn; k++) {
      put_uleb(&sub, (uint64_t)k);
      put_name(&sub, E->fns[k]->name);
    }
    put_u8(&sec, 1);
    put_uleb(&sec, sub.len);
    dwB_putn(&sec, sub.p, sub.len);
    sub.len = 0;
    put_uleb(&sub, (uint64_t)E->nfn);
    for (int k = 0; k < E->nfn; k++) {
      const Fn *f = E->fns[k];
      put_uleb(&sub, (uint64_t)k);
      put_uleb(&sub, (uint64_t)f->nl);
      for (int j = 0; j < f->nl; j++) {
        put_uleb(&sub, (uint64_t)j);
        put_name(&sub, f->lname[j]);
      }
    }
    put_u8(&sec, 2);
    put_uleb(&sec, sub.len);
    dwB_putn(&sec, sub.p, sub.len);
    dwB_free(&sub);
    put_section(&mod, 0, &sec);
    sec.len = 0;
  }
  /* the text */
  dwB_puts(&txt, "(module\n");
  for (int k = 0; k < 3; k++) dwB_printf(&txt, " %s\n", type_text[k]);
  dwB_puts(&txt, " (import \"env\" \"memory\" (memory 0))\n");
  dwB_puts(&txt, " (export \"kernel\" (func $kernel))\n");
  for (int k = 0; k < E->nfn; k++) {
    const Fn *f = E->fns[k];
    dwB_printf(&txt, " (func $%s (type %d)", f->name, f->type);
    for (int j = 0; j < f->nparams; j++)
      dwB_printf(&txt, " (param $%s %s)", f->lname[j], valtype_text(f->lt[j]));
    dwB_printf(&txt, " (result %s)\n", f->type == 1 ? "f32" : "i32");
    for (int j = f->nparams; j < f->nl; j++)
      dwB_printf(&txt, "  (local $%s %s)\n", f->lname[j], valtype_text(f->lt[j]));
    if (f->txt.len) dwB_putn(&txt, f->txt.p, f->txt.len);
    dwB_puts(&txt, " )\n");
  }
  dwB_puts(&txt, ")\n");
  /* the text again as a trailing custom section, for hosts that only get
   * the bytes */
  size_t before = mod.len;
  put_name(&sec, "dynawasm.wat");
  if (txt.len) dwB_putn(&sec, txt.p, txt.len);
  put_section(&mod, 0, &sec);
  dwB_free(&sec);
  if (mod.oom || txt.oom || map.oom || E->oom) {
    dwB_free(&mod);
    dwB_free(&txt);
    dwB_free(&map);
    return false;
  }
  out->wat_section = mod.len - before;
  out->len = mod.len;
  out->bytes = (uint8_t *)dwB_take(&mod);
  out->wat = dwB_take(&txt);
  out->srcmap = dwB_take(&map);
  return true;
}

bool dwW_emit(Ctx *c, const FPlan *p, EmitMode mode, const char *filename,
              WasmModule *out) {
  memset(out, 0, sizeof *out);
  Em E;
  memset(&E, 0, sizeof E);
  E.c = c;
  E.g = p->g;
  E.p = p;
  E.mode = mode;
  E.file = filename && *filename ? filename : "main.py";
  E.pow_fn = E.fmod_fn = E.sincos_fn = -1;
  E.args = 0;
  E.ptr = calloc((size_t)p->nbuf + 1, sizeof *E.ptr);
  bool ok = E.ptr != NULL;
  /* function 0 is the kernel; nests are 1..n; helpers follow */
  Fn *kernel = ok ? fn_new(&E, "kernel", 0, 1, k_types, k_names) : NULL;
  ok = kernel != NULL;
  E.chunk = calloc((size_t)p->nnest + 1, sizeof *E.chunk);
  ok = ok && E.chunk;
  for (int k = 0; ok && k < p->nnest; k++) {
    char name[64];
    nest_name(&E, &p->nest[k], k, name, sizeof name);
    E.chunk[k] = chunk_rows(&p->nest[k]);
    ok = E.chunk[k] ? fn_new(&E, name, 2, 3, c_types, c_names) != NULL
                    : fn_new(&E, name, 0, 1, k_types, k_names) != NULL;
  }
  for (int k = 0; ok && k < p->nnest; k++) ok = emit_nest(&E, k);
  if (ok) ok = emit_kernel(&E);
  if (ok) ok = assemble(&E, out);
  out->nloops = p->nnest;
  out->scratch = p->scratch;
  for (int k = 0; k < E.nfn; k++) fn_free(E.fns[k]);
  free(E.fns);
  free(E.ptr);
  free(E.tpool);
  free(E.rb);
  free(E.chunk);
  if (!ok) {
    dwW_free(out);
    if (E.internal)
      return dw_fail(c, EXC_RuntimeError, "wasm backend: %s", E.internal);
    return dw_fail(c, EXC_MemoryError, "out of memory while emitting wasm");
  }
  return true;
}

void dwW_free(WasmModule *m) {
  free(m->bytes);
  free(m->srcmap);
  free(m->wat);
  memset(m, 0, sizeof *m);
}
